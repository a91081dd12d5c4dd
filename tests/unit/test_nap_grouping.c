/* nap compulsory combat on a large scale (spec C.4, NAP-7.2 to NAP-7.6): under the default
 * `grouping = component` a whole battle line in contact is one combat (gap G-N9), so a declaration
 * must hold as many units as a side can have; otherwise the player could neither complete the
 * combat nor end the phase (NAP-7.2). */
#include "test_nap_lab.h"

#include "rules/nap/nap.h"

/* Units as JSON text: `n` units of `side` named prefix0.. in the hexes of row `row`, three to a
 * hex (stack_limit 3), strength 1. Returns the text written. */
static int line_units(char *buf, size_t size, const char *prefix, const char *side, int row,
                      int first)
{
    int len = 0;
    for (int col = 1; col <= 12; col++)
        for (int k = 0; k < 3; k++)
            len += snprintf(buf + len, size - (size_t)len,
                            "%s{\"id\":\"%s%d_%d\",\"side\":\"%s\",\"type\":\"infantry\","
                            "\"hex\":\"%02d%02d\",\"strength\":1}",
                            first && col == 1 && k == 0 ? "" : ",", prefix, col, k, side, col, row);
    return len;
}

/* NAP-7.6: rows 3 and 5 of attackers (72 units) and row 4 of defenders (36), all in contact: one
 * connected component, declared and resolved in full; then the phase may end. [audit: the
 * declaration held 64 units a side and refused the 65th attacker, leaving end_phase refused with
 * no way to complete the combat.] */
static void test_nap_7_6_whole_line_is_one_combat(void **state)
{
    (void)state;
    static char units[32768];
    int len = snprintf(units, sizeof units, "[");
    len += line_units(units + len, sizeof units - (size_t)len, "a", "a", 3, 1);
    len += line_units(units + len, sizeof units - (size_t)len, "b", "a", 5, 0);
    len += line_units(units + len, sizeof units - (size_t)len, "d", "d", 4, 0);
    snprintf(units + len, sizeof units - (size_t)len, "]");
    grg_loaded *l = lab_load(NULL, "", units, ",\"options\":{\"stack_limit\":3}");
    grg_game *g = lab_game(l, NULL);
    lab_end_phase(g, NULL);
    grg_verdict why;
    assert_int_equal(lab_try(g, lab_action(g, GRG_A_END_PHASE, NULL), NULL, &why), -1);
    assert_string_equal(why.rule, "NAP-7.2");
    lab_ok(g, lab_action(g, GRG_A_COMBAT_BEGIN, NULL), NULL);
    int n_att = 0, n_def = 0;
    for (int u = 0; u < g->n_units; u++)
        if (g->units[u].side == g->active) {
            lab_ok(g, grg_action_make(GRG_A_ATTACKER, u), NULL);
            n_att++;
        }
    for (int u = 0; u < g->n_units; u++)
        if (g->units[u].side != g->active) {
            lab_ok(g, grg_action_make(GRG_A_DEFENDER, u), NULL);
            n_def++;
        }
    assert_int_equal(n_att, 72);
    assert_int_equal(n_def, 36);
    grg_events *ev = grg_events_new(512);
    lab_close(g, 2, ev); /* 72 against 36: 2-1, die 2 gives no effect */
    assert_string_equal(lab_result(ev), "-");
    grg_events_free(ev);
    lab_ok(g, lab_action(g, GRG_A_END_PHASE, NULL), NULL);
    grg_game_free(g);
    grg_loaded_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nap_7_6_whole_line_is_one_combat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
