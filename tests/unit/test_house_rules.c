/* The house layer over nap (spec D): each C-ready rule in block and flag modes (force where it
 * means something of its own), the D.4 removal from the compulsory-combat graph, and the report of
 * inert rules. */
#include "test_nap_lab.h"

#include "rules/nap/nap.h"

#define U(id, side, type, hex, str)                                                                \
    "{\"id\":\"" id "\",\"side\":\"" side "\",\"type\":\"" type "\",\"hex\":\"" hex                \
    "\",\"strength\":" #str "}"
#define FAR_A U("a9", "a", "infantry", "1210", 9)
#define FAR_D U("d9", "d", "infantry", "1201", 9)

static grg_action step_to(const grg_game *g, const char *unit, const char *to)
{
    grg_action a = lab_action(g, GRG_A_STEP, unit);
    a.hex = lab_hex(to);
    return a;
}

static int flagged(const grg_events *ev, const char *rule)
{
    for (int i = 0; i < ev->n; i++)
        if (ev->items[i].type == GRG_EV_STATUS && strcmp(ev->items[i].rule, rule) == 0)
            return 1;
    return 0;
}

/* HR-5a with D.4: a disordered infantry unit next to an enemy may not attack (block), so it is no
 * longer obliged to (NAP-7.2); in flag mode it attacks and the breach is logged; off: obliged. */
static grg_loaded *hr5a_lab(void)
{
    return lab_load(
        NULL, "",
        "[{\"id\":\"a1\",\"side\":\"a\",\"type\":\"infantry\",\"hex\":\"0506\",\"strength\":4,"
        "\"disordered\":true}," U("d1", "d", "infantry", "0505", 2) "," FAR_D "]",
        "");
}

static void test_hr_5a_block_flag_off(void **state)
{
    (void)state;
    grg_loaded *l = hr5a_lab();
    grg_verdict why;
    static const char *const block[] = {"HR-5a=block", NULL};
    grg_game *g = lab_game(l, block);
    lab_end_phase(g, NULL);
    lab_ok(g, lab_action(g, GRG_A_END_PHASE, NULL), NULL); /* nothing compulsory */
    assert_string_equal(test_info_text(g, "HR-5a"), "block, 0 flagged");
    grg_game_free(g);
    g = lab_game(l, block);
    lab_end_phase(g, NULL);
    assert_int_equal(lab_try(g, lab_action(g, GRG_A_COMBAT_BEGIN, NULL), NULL, &why), -1);
    grg_game_free(g);
    static const char *const flag[] = {"HR-5a=flag", NULL};
    g = lab_game(l, flag);
    lab_end_phase(g, NULL);
    static const char *const a[] = {"a1", NULL}, *const d[] = {"d1", NULL};
    lab_declare(g, a, d);
    grg_events *ev = grg_events_new(64);
    lab_close(g, 3, ev);
    assert_true(flagged(ev, "HR-5a"));
    assert_string_equal(test_info_text(g, "HR-5a"), "flag, 1 flagged");
    grg_game_free(g);
    g = lab_game(l, NULL);
    lab_end_phase(g, NULL);
    assert_int_equal(lab_try(g, lab_action(g, GRG_A_END_PHASE, NULL), NULL, &why), -1);
    assert_string_equal(why.rule, "NAP-7.2");
    assert_null(test_info_text(g, "HR-5a"));
    grg_game_free(g);
    grg_events_free(ev);
    grg_loaded_free(l);
}

/* HR-7a: cavalry next to an enemy in a village may not attack; with no wood, village or town on
 * the map the rule is inert and says so. The `house` switch gives every rule its D.3 mode. */
static void test_hr_7a_and_inert(void **state)
{
    (void)state;
    static const char *const rows[10] = {
        "............", "............", "............", "............", "....v.......",
        "............", "............", "............", "............", "............"};
    grg_loaded *l = lab_load(
        rows, "",
        "[" U("c1", "a", "cavalry", "0506", 3) "," U("i1", "a", "infantry", "0605", 3) "," U(
            "d1", "d", "infantry", "0505", 2) "," FAR_D "]",
        "");
    static const char *const on[] = {"house=on", NULL};
    grg_game *g = lab_game(l, on);
    lab_end_phase(g, NULL);
    lab_ok(g, lab_action(g, GRG_A_COMBAT_BEGIN, NULL), NULL);
    grg_verdict why;
    assert_int_equal(lab_try(g, lab_action(g, GRG_A_ATTACKER, "c1"), NULL, &why), -1);
    assert_string_equal(why.rule, "HR-7a");
    lab_ok(g, lab_action(g, GRG_A_ATTACKER, "i1"), NULL);
    lab_ok(g, lab_action(g, GRG_A_DEFENDER, "d1"), NULL);
    lab_legal_consistent(g);
    lab_close(g, 3, NULL); /* c1 is out of the graph: i1 alone is the combat (D.4) */
    assert_string_equal(test_info_text(g, "HR-7a"), "block, 0 flagged");
    assert_string_equal(test_info_text(g, "HR-8a"), "inert: no chateau hex");
    assert_string_equal(test_info_text(g, "HR-7b"),
                        "inert: stack limit 1: no passing through friends");
    assert_string_equal(test_info_text(g, "HR-12"), "inert: no road");
    assert_string_equal(test_info_text(g, "HR-11"), "force, 0 flagged");
    assert_non_null(test_info_text(g, "house_other"));
    grg_game_free(g);
    grg_loaded_free(l);
    l = lab_load(NULL, "",
                 "[" U("c1", "a", "cavalry", "0506", 3) "," U("d1", "d", "infantry", "0505",
                                                              2) "," FAR_D "]",
                 "");
    static const char *const block[] = {"HR-7a=block", NULL};
    g = lab_game(l, block);
    assert_string_equal(test_info_text(g, "HR-7a"), "inert: no wood, village or town hex");
    grg_game_free(g);
    grg_loaded_free(l);
}

/* HR-7b: with a stacking limit of 2 cavalry can pass through friendly infantry; then it may not
 * charge (block). */
static void test_hr_7b_charge_through_infantry(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(
        NULL, "",
        "[" U("c1", "a", "cavalry", "0508", 3) "," U("i1", "a", "infantry", "0507", 3) "," U(
            "d1", "d", "infantry", "0505", 2) "," FAR_D "]",
        "");
    static const char *const opts[] = {"stack_limit=2", "HR-7b=block", NULL};
    grg_game *g = lab_game(l, opts);
    assert_string_equal(test_info_text(g, "HR-7b"), "block, 0 flagged");
    static const char *const path[] = {"0507", "0506"};
    lab_move(g, "c1", path, 2);
    lab_end_phase(g, NULL);
    static const char *const a[] = {"c1", NULL}, *const d[] = {"d1", NULL};
    lab_declare(g, a, d);
    grg_verdict why;
    assert_int_equal(lab_try(g, lab_charge(g, "c1", "d1"), NULL, &why), -1);
    assert_string_equal(why.rule, "HR-7b");
    grg_game_free(g);
    grg_loaded_free(l);
    /* [audit] "through" means entered and left: the infantry may be the second unit of its stack
     * (under a cavalry unit i0), and ending the move stacked with infantry is not passing through.
     */
    l = lab_load(
        NULL, "",
        "[" U("c1", "a", "cavalry", "0508", 3) "," U("i0", "a", "cavalry", "0507", 1) "," U(
            "i1", "a", "infantry", "0507",
            3) "," U("c2", "a", "cavalry", "0707",
                     3) "," U("i2", "a", "infantry", "0606",
                              3) "," U("d1", "d", "infantry", "0505",
                                       2) "," U("d2", "d", "infantry", "0605", 2) "," FAR_D "]",
        ",\"options\":{\"stack_limit\":3}");
    static const char *const opts3[] = {"stack_limit=3", "HR-7b=block", NULL};
    g = lab_game(l, opts3);
    lab_move(g, "c1", path, 2);
    static const char *const path2[] = {"0606"};
    lab_move(g, "c2", path2, 1);
    lab_end_phase(g, NULL);
    static const char *const a2[] = {"c1", "c2", NULL}, *const d2[] = {"d1", "d2", NULL};
    lab_declare(g, a2, d2);
    assert_int_equal(lab_try(g, lab_charge(g, "c1", "d1"), NULL, &why), -1);
    assert_string_equal(why.rule, "HR-7b");
    lab_ok(g, lab_charge(g, "c2", "d2"), NULL);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* HR-8a: artillery may not enter a chateau (block); in flag mode it may, and it is logged. */
static void test_hr_8a_chateau(void **state)
{
    (void)state;
    static const char *const rows[10] = {
        "............", "............", "............", "............", "....c.......",
        "............", "............", "............", "............", "............"};
    grg_loaded *l =
        lab_load(rows, "", "[" U("g1", "a", "foot_artillery", "0506", 2) "," FAR_D "]", "");
    static const char *const block[] = {"HR-8a=block", NULL};
    grg_game *g = lab_game(l, block);
    lab_ok(g, lab_action(g, GRG_A_ACTIVATE, "g1"), NULL);
    grg_verdict why;
    assert_int_equal(lab_try(g, step_to(g, "g1", "0505"), NULL, &why), -1);
    assert_string_equal(why.rule, "HR-8a");
    lab_legal_consistent(g);
    grg_game_free(g);
    static const char *const flag[] = {"HR-8a=flag", NULL};
    g = lab_game(l, flag);
    lab_ok(g, lab_action(g, GRG_A_ACTIVATE, "g1"), NULL);
    grg_events *ev = grg_events_new(16);
    lab_ok(g, step_to(g, "g1", "0505"), ev);
    assert_true(flagged(ev, "HR-8a"));
    grg_events_free(ev);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* HR-11: a unit cut off from its home edge and its friends at the start of its player-turn that
 * has not cleared a path by its end surrenders (force); in flag mode the breach is logged. */
static void test_hr_11_surrender(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(
        NULL, "",
        "[" U("a1", "a", "infantry", "0505", 3) "," FAR_A "," U(
            "d1", "d", "infantry", "0304", 2) "," U("d2", "d", "infantry", "0507",
                                                    2) "," U("d3", "d", "infantry", "0604", 2) "]",
        "");
    static const char *const force[] = {"HR-11=force", NULL};
    grg_game *g = lab_game(l, force);
    int a1 = lab_unit(g, "a1");
    assert_true(g->units[a1].flags & HOUSE_F_SURROUNDED);
    assert_false(g->units[lab_unit(g, "a9")].flags & HOUSE_F_SURROUNDED);
    grg_events *ev = grg_events_new(64);
    lab_end_phase(g, NULL);
    lab_end_phase(g, ev);
    assert_int_equal(g->units[a1].status, GRG_UNIT_ELIMINATED);
    const grg_event *e = lab_event(ev, GRG_EV_ELIMINATED, 0);
    assert_non_null(e);
    assert_string_equal(e->rule, "HR-11");
    grg_game_free(g);
    static const char *const flag[] = {"HR-11=flag", NULL};
    g = lab_game(l, flag);
    lab_end_phase(g, NULL);
    grg_events_clear(ev);
    lab_end_phase(g, ev);
    assert_int_equal(g->units[a1].status, GRG_UNIT_ON_MAP);
    assert_true(flagged(ev, "HR-11"));
    grg_game_free(g);
    grg_events_free(ev);
    grg_loaded_free(l);
}

/* HR-12: the third unit of a road column marches at most 8 road hexes; the second may not close
 * to within one hex of the first. */
static void test_hr_12_road_column(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(
        NULL,
        ",\"roads\":[[\"0501\",\"0502\",\"0503\",\"0504\",\"0505\",\"0506\",\"0507\",\"0508\","
        "\"0509\","
        "\"0510\",\"0610\",\"0710\",\"0810\",\"0910\",\"1010\",\"1110\",\"1210\"]]",
        "[" U("c1", "a", "cavalry", "1110", 2) "," U("c2", "a", "cavalry", "0910", 2) "," U(
            "c3", "a", "cavalry", "0501", 2) "," FAR_D "]",
        "");
    static const char *const block[] = {"HR-12=block", NULL};
    grg_game *g = lab_game(l, block);
    grg_verdict why;
    static const char *const one[] = {"1210"};
    lab_move(g, "c1", one, 1);
    lab_ok(g, lab_action(g, GRG_A_ACTIVATE, "c2"), NULL);
    lab_ok(g, step_to(g, "c2", "1010"), NULL);
    assert_int_equal(lab_try(g, step_to(g, "c2", "1110"), NULL, &why), -1);
    assert_string_equal(why.rule, "HR-12");
    lab_ok(g, lab_action(g, GRG_A_END_ACTIVATION, NULL), NULL);
    lab_ok(g, lab_action(g, GRG_A_ACTIVATE, "c3"), NULL);
    static const char *const down[] = {"0502", "0503", "0504", "0505",
                                       "0506", "0507", "0508", "0509"};
    for (int i = 0; i < 8; i++)
        lab_ok(g, step_to(g, "c3", down[i]), NULL);
    assert_int_equal(lab_try(g, step_to(g, "c3", "0510"), NULL, &why), -1);
    assert_string_equal(why.rule, "HR-12");
    lab_legal_consistent(g);
    grg_game_free(g);
    static const char *const flag[] = {"HR-12=flag", NULL};
    g = lab_game(l, flag);
    lab_move(g, "c1", one, 1);
    grg_events *ev = grg_events_new(16);
    lab_ok(g, lab_action(g, GRG_A_ACTIVATE, "c2"), NULL);
    lab_ok(g, step_to(g, "c2", "1010"), NULL);
    lab_ok(g, step_to(g, "c2", "1110"), ev);
    assert_true(flagged(ev, "HR-12"));
    grg_events_free(ev);
    grg_game_free(g);
    grg_loaded_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hr_5a_block_flag_off),
        cmocka_unit_test(test_hr_7a_and_inert),
        cmocka_unit_test(test_hr_7b_charge_through_infantry),
        cmocka_unit_test(test_hr_8a_chateau),
        cmocka_unit_test(test_hr_11_surrender),
        cmocka_unit_test(test_hr_12_road_column),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
