/* The AI's rules of thumb (src/ai/policy.c, docs/ai.md): a step toward the enemy is measured by
 * paths over the terrain the unit may cross (grg_query_passable), so a chariot facing a wall of
 * wood it may not enter (CDB-9.6) is drawn round its open end, where a straight line would send
 * it into the wood's face; foot, which may enter the wood, still goes straight. The position is
 * tests/rules/cdb/scenarios/approach.json: the chariot at 0304, the wood in column 05 but for
 * its south end, the enemy at 0704. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ai/ai_internal.h"
#include "grognard/game.h"
#include "grognard/proto.h"

#include <stdlib.h>

static grg_hex H(const char *label)
{
    grg_hex h;
    assert_int_equal(grg_hex_parse(label, &h), 0);
    return h;
}

/* The rules of thumb's weight of unit u stepping into `to` on g. */
static double step_weight(const grg_game *g, int u, const char *to)
{
    ai_view v;
    grg__ai_view_init(&v, g);
    grg_action a = grg_action_make(GRG_A_STEP, u);
    a.hex = H(to);
    return grg__ai_weight(g, &v, &a);
}

static void test_chariot_goes_round_the_wood(void **state)
{
    (void)state;
    grg_problems *p = calloc(1, sizeof *p);
    grg_loaded *l = NULL;
    assert_int_equal(
        grg_load_scenario("tests/rules/cdb/scenarios/approach.json", grg_data_dir(), &l, p, NULL),
        0);
    free(p);
    grg_err err;
    grg_game *g = grg_game_new(l->rs, l->sc, NULL, 1, NULL, &err);
    assert_non_null(g);
    int ch = grg_scenario_unit(l->sc, "ch"), sp = grg_scenario_unit(l->sc, "sp");
    assert_true(ch >= 0 && sp >= 0);
    /* 0404 is nearer the enemy in a straight line, but beyond it lies the wood; 0405 leads to the
     * wood's open end. */
    assert_true(grg_hex_distance(H("0404"), H("0704")) < grg_hex_distance(H("0405"), H("0704")));
    double straight = step_weight(g, ch, "0404"), round = step_weight(g, ch, "0405");
    assert_true(round > straight);
    const char *others[] = {"0403", "0303", "0204", "0305"};
    for (int i = 0; i < 4; i++)
        assert_true(round > step_weight(g, ch, others[i]));

    g->units[ch].type = g->units[sp].type; /* spearmen may enter the wood: straight on */
    assert_true(step_weight(g, ch, "0404") > step_weight(g, ch, "0405"));
    grg_game_free(g);
    grg_loaded_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chariot_goes_round_the_wood),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
