/* nap combat (spec C.4 to C.13): the test vectors of C.16, the odds of NAP-7.11, the whole results
 * table of C.8 reached with scripted dice, the C.5 examples, exchanges, grouping, charges, and a
 * statistical check of the table with the real generator. */
#include "test_nap_lab.h"

#include "rules/nap/nap.h"

#define U(id, side, type, hex, str)                                                                \
    "{\"id\":\"" id "\",\"side\":\"" side "\",\"type\":\"" type "\",\"hex\":\"" hex                \
    "\",\"strength\":" #str "}"

/* NAP-7.10, NAP-7.11 and C.16 vector 4: odds rounded in the defender's favour, clamped. */
static void test_nap_7_11_odds_columns(void **state)
{
    (void)state;
    assert_int_equal(grg__nap_odds_column(3, 2), 3);  /* 1-1 */
    assert_int_equal(grg__nap_odds_column(2, 3), 2);  /* 1-2 */
    assert_int_equal(grg__nap_odds_column(10, 4), 4); /* 2-1 */
    assert_int_equal(grg__nap_odds_column(7, 2), 5);  /* 3-1 */
    assert_int_equal(grg__nap_odds_column(12, 2), 7); /* 5-1 */
    assert_int_equal(grg__nap_odds_column(5, 1), 7);  /* 5-1 */
    assert_int_equal(grg__nap_odds_column(1, 4), 0);  /* 1-4 */
    assert_int_equal(grg__nap_odds_column(1, 5), 0);  /* 1-4 */
    assert_int_equal(grg__nap_odds_column(1, 7), 0);  /* clamped to 1-4 */
    assert_int_equal(grg__nap_odds_column(17, 4), 6); /* 4-1 */
}

/* C.8: every cell of the table, reached through a real combat with a scripted die. Row 0 needs a
 * -1: every attack crosses a stream (NAP-7.15). */
static void test_c8_every_cell(void **state)
{
    (void)state;
    static const char *const table[7][8] = {{"AE", "A2", "A2", "A1", "A1", "A1", "E", "E"},
                                            {"A2", "A2", "A1", "A1", "A1", "-", "D1", "E"},
                                            {"A2", "A1", "A1", "A1", "-", "D1", "D1", "D1"},
                                            {"A2", "A1", "-", "-", "D1", "D1", "D1", "D2"},
                                            {"A1", "-", "-", "D1", "D1", "D1", "D2", "D2"},
                                            {"A1", "D1", "D1", "D1", "D1", "D2", "D2", "DE"},
                                            {"D1", "D1", "D1", "D1", "D2", "D2", "DE", "DE"}};
    static const int att[8] = {1, 1, 1, 2, 4, 6, 8, 10}, def[8] = {4, 3, 2, 2, 2, 2, 2, 2};
    grg_events *ev = grg_events_new(64);
    for (int c = 0; c < 8; c++) {
        for (int row = 0; row < 7; row++) {
            char units[256];
            snprintf(units, sizeof units,
                     "[{\"id\":\"a1\",\"side\":\"a\",\"type\":\"infantry\",\"hex\":\"0506\","
                     "\"strength\":%d},"
                     "{\"id\":\"d1\",\"side\":\"d\",\"type\":\"infantry\",\"hex\":\"0505\","
                     "\"strength\":%d}]",
                     att[c], def[c]);
            grg_loaded *l = lab_load(
                NULL,
                row == 0
                    ? ",\"hexsides\":[{\"hex\":\"0505\",\"to\":\"0506\",\"features\":[\"stream\"]}]"
                    : "",
                units, "");
            grg_game *g = lab_game(l, NULL);
            lab_end_phase(g, NULL);
            static const char *const a[] = {"a1", NULL}, *const d[] = {"d1", NULL};
            lab_declare(g, a, d);
            grg_events_clear(ev);
            lab_close(g, row == 0 ? 1 : row, ev);
            assert_string_equal(lab_result(ev), table[row][c]);
            assert_int_equal(lab_event(ev, GRG_EV_DIE, 0)->value, row);
            grg_game_free(g);
            grg_loaded_free(l);
        }
    }
    grg_events_free(ev);
}

/* C.16 vector 1, NAP-7.13, NAP-8.2 (adjacent artillery x2), NAP-9.1 (charge x2): 17 against 4 is
 * 4-1; die 3 + 1 = 4 gives D2. In a village the charge is forbidden (NAP-9.2): 14 against 8, 1-1,
 * D1. */
static void c16_1(int village, const char *want_result, int want_a, int want_d)
{
    static const char *const rows_v[10] = {
        "............", "............", "............", "............", "....v.......",
        "............", "............", "............", "............", "............"};
    grg_loaded *l = lab_load(
        village ? rows_v : NULL, "",
        "[" U("a1", "a", "infantry", "0605", 4) "," U("a2", "a", "infantry", "0504", 3) "," U(
            "a3", "a", "cavalry", "0305", 3) "," U("a4", "a", "foot_artillery", "0406",
                                                   2) "," U("d1", "d", "infantry", "0505", 4) "]",
        "");
    grg_game *g = lab_game(l, NULL);
    static const char *const step[] = {"0405"};
    lab_move(g, "a3", step, 1);
    lab_end_phase(g, NULL);
    static const char *const a[] = {"a1", "a2", "a3", "a4", NULL}, *const d[] = {"d1", NULL};
    lab_declare(g, a, d);
    grg_verdict why;
    int rc = lab_try(g, lab_charge(g, "a3", "d1"), NULL, &why);
    if (village) {
        assert_int_equal(rc, -1);
        assert_string_equal(why.rule, "NAP-9.2");
    } else {
        assert_int_equal(rc, 0);
    }
    grg_preview pv;
    grg_action acts[7];
    int n = 0;
    acts[n++] = grg_action_make(GRG_A_COMBAT_BEGIN, -1);
    for (int i = 0; a[i]; i++)
        acts[n++] = lab_action(g, GRG_A_ATTACKER, a[i]);
    acts[n++] = lab_action(g, GRG_A_DEFENDER, "d1");
    if (!village)
        acts[n++] = lab_charge(g, "a3", "d1");
    assert_int_equal(grg_query_preview(g, acts, n, &pv, &why), 0);
    assert_int_equal(pv.attacker.total, want_a);
    assert_int_equal(pv.defender.total, want_d);
    assert_int_equal(pv.n_die_terms, 1);
    assert_string_equal(pv.die_terms[0].rule, "NAP-7.13");
    grg_events *ev = grg_events_new(64);
    lab_close(g, 3, ev);
    const grg_event *die = lab_event(ev, GRG_EV_DIE, 0);
    assert_int_equal(die->die, 3);
    assert_int_equal(die->value, 4);
    assert_string_equal(lab_result(ev), want_result);
    grg_events_free(ev);
    grg_game_free(g);
    grg_loaded_free(l);
}

static void test_c16_1_three_arms_charge_d2(void **state)
{
    (void)state;
    c16_1(0, "D2", 17, 4);
}

static void test_c16_1_village_nap_9_2_d1(void **state)
{
    (void)state;
    c16_1(1, "D1", 14, 8);
}

/* C.16 vector 2, NAP-8.2, NAP-8.4: lone ART 5 at its maximum range 3 against INF 3: 2 against 3,
 * 1-2; die 1 gives A1, which ranged artillery ignores. */
static void test_c16_2_ranged_max_range_a1_ignored(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(
        NULL, "",
        "[" U("a1", "a", "foot_artillery", "0508", 5) "," U("d1", "d", "infantry", "0505", 3) "]",
        "");
    grg_game *g = lab_game(l, NULL);
    lab_end_phase(g, NULL);
    lab_ok(g, lab_action(g, GRG_A_COMBAT_BEGIN, NULL), NULL);
    lab_ok(g, lab_ranged(g, "a1", "0505"), NULL);
    lab_ok(g, lab_action(g, GRG_A_DEFENDER, "d1"), NULL);
    grg_events *ev = grg_events_new(64);
    lab_close(g, 1, ev);
    assert_string_equal(lab_result(ev), "A1");
    assert_string_equal(lab_event(ev, GRG_EV_DIE, 0)->text,
                        "2 against 3: odds 1-2; die 1+0 gives row 1.");
    assert_null(lab_event(ev, GRG_EV_RETREAT, 0));
    assert_true(grg_hex_eq(g->units[lab_unit(g, "a1")].hex, lab_hex("0508")));
    grg_events_free(ev);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* C.16 vector 3, NAP-7.19, NAP-7.12 (die_base 0): attackers in order INF 4, INF 3, CAV 3 with a
 * ranged ART 15 (never eliminated) against INF 5 at 5-1; die 1 read as 0, +1 three arms, row 1: E.
 * The defender goes; INF 4 (4 < 5) then INF 3 (7 >= 5) go; the cavalry and the guns stay. */
static void test_c16_3_exchange_selection_order(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(
        NULL, "",
        "[" U("a1", "a", "infantry", "0605", 4) "," U("a2", "a", "infantry", "0504", 3) "," U(
            "a3", "a", "cavalry", "0404", 3) "," U("a4", "a", "foot_artillery", "0705",
                                                   15) "," U("d1", "d", "infantry", "0505",
                                                             5) "," U("d9", "d", "infantry", "1201",
                                                                      9) "]",
        "");
    static const char *const opts[] = {"die_base=0", NULL};
    grg_game *g = lab_game(l, opts);
    lab_end_phase(g, NULL);
    static const char *const a[] = {"a1", "a2", "a3", NULL};
    lab_ok(g, lab_action(g, GRG_A_COMBAT_BEGIN, NULL), NULL);
    for (int i = 0; a[i]; i++)
        lab_ok(g, lab_action(g, GRG_A_ATTACKER, a[i]), NULL);
    lab_ok(g, lab_ranged(g, "a4", "0505"), NULL);
    lab_ok(g, lab_action(g, GRG_A_DEFENDER, "d1"), NULL);
    grg_events *ev = grg_events_new(64);
    lab_close(g, 1, ev);
    assert_string_equal(lab_result(ev), "E");
    assert_int_equal(g->units[lab_unit(g, "d1")].status, GRG_UNIT_ELIMINATED);
    assert_int_equal(g->units[lab_unit(g, "a1")].status, GRG_UNIT_ELIMINATED);
    assert_int_equal(g->units[lab_unit(g, "a2")].status, GRG_UNIT_ELIMINATED);
    assert_int_equal(g->units[lab_unit(g, "a3")].status, GRG_UNIT_ON_MAP);
    assert_int_equal(g->units[lab_unit(g, "a4")].status, GRG_UNIT_ON_MAP);
    /* NAP-7.27: ranged artillery never advances; NAP-7.25: the surviving cavalry may */
    grg_verdict why;
    grg_action art = lab_action(g, GRG_A_ADVANCE, "a4");
    art.hex = lab_hex("0505");
    assert_int_equal(lab_try(g, art, NULL, &why), -1);
    assert_string_equal(why.rule, "NAP-7.25");
    grg_action adv = lab_action(g, GRG_A_ADVANCE, "a3");
    adv.hex = lab_hex("0505");
    lab_ok(g, adv, NULL);
    assert_true(grg_hex_eq(g->units[lab_unit(g, "a3")].hex, lab_hex("0505")));
    grg_events_free(ev);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* C.16 vector 5, NAP-7.4, NAP-7.5, NAP-7.6: X next to P and Q, Y next to Q only: one combat
 * {X, Y} against {P, Q}; a smaller one is refused; under per_defender X fights P alone. */
static grg_loaded *grouping_lab(void)
{
    return lab_load(
        NULL, "",
        "[" U("X", "a", "infantry", "0504", 4) "," U("Y", "a", "infantry", "0705", 4) "," U(
            "P", "d", "infantry", "0505", 2) "," U("Q", "d", "infantry", "0605", 2) "]",
        "");
}

static void test_c16_5_grouping_component(void **state)
{
    (void)state;
    grg_loaded *l = grouping_lab();
    grg_game *g = lab_game(l, NULL);
    lab_end_phase(g, NULL);
    grg_verdict why;
    /* NAP-7.2: the combat phase cannot end before the compulsory combat */
    assert_int_equal(lab_try(g, lab_action(g, GRG_A_END_PHASE, NULL), NULL, &why), -1);
    assert_string_equal(why.rule, "NAP-7.2");
    grg_preview pv;
    assert_int_equal(grg_query_preview(g, NULL, 0, &pv, &why), 0);
    assert_int_equal(pv.attacker.total, 8);
    assert_int_equal(pv.defender.total, 4);
    assert_string_equal(pv.odds, "2-1");
    static const char *const x[] = {"X", NULL}, *const p[] = {"P", NULL};
    lab_declare(g, x, p);
    assert_int_equal(lab_try(g, lab_action(g, GRG_A_COMBAT_CLOSE, NULL), NULL, &why), -1);
    assert_string_equal(why.rule, "NAP-7.4");
    lab_ok(g, lab_action(g, GRG_A_ATTACKER, "Y"), NULL);
    assert_int_equal(lab_try(g, lab_action(g, GRG_A_COMBAT_CLOSE, NULL), NULL, &why), -1);
    assert_string_equal(why.rule, "NAP-7.4");
    lab_ok(g, lab_action(g, GRG_A_DEFENDER, "Q"), NULL);
    lab_legal_consistent(g);
    lab_close(g, 4, NULL);
    grg_game_free(g);
    grg_loaded_free(l);
}

static void test_nap_7_6_per_defender(void **state)
{
    (void)state;
    grg_loaded *l = grouping_lab();
    static const char *const opts[] = {"grouping=per_defender", NULL};
    grg_game *g = lab_game(l, opts);
    lab_end_phase(g, NULL);
    static const char *const x[] = {"X", NULL}, *const p[] = {"P", NULL};
    lab_declare(g, x, p);
    lab_close(g, 4, NULL); /* 4 against 2 at 2-1: D1 */
    grg_verdict why;
    lab_legal_consistent(g);
    if (grg__nap_cstate(g)->after.pending)
        lab_ok(g, lab_action(g, GRG_A_NO_ADVANCE, NULL), NULL);
    /* Y still owes its attack on Q, unless Q retreated out of its reach */
    int q = lab_unit(g, "Q"), y = lab_unit(g, "Y");
    if (grg_hex_distance(g->units[q].hex, g->units[y].hex) == 1) {
        assert_int_equal(lab_try(g, lab_action(g, GRG_A_END_PHASE, NULL), NULL, &why), -1);
        assert_string_equal(why.rule, "NAP-7.2");
    }
    grg_game_free(g);
    grg_loaded_free(l);
}

/* C.16 vector 6, NAP-9.3: a charge needs a move that began two or more hexes from the target. */
static void test_c16_6_charge_distance(void **state)
{
    (void)state;
    grg_loaded *l =
        lab_load(NULL, "",
                 "[" U("c1", "a", "cavalry", "0506", 3) "," U(
                     "c2", "a", "cavalry", "0508", 3) "," U("t1", "d", "infantry", "0505", 3) "]",
                 "");
    grg_game *g = lab_game(l, NULL);
    static const char *const around[] = {"0507", "0406"}; /* NAP-P5: disengages, then stops */
    lab_move(g, "c1", around, 2);
    static const char *const up[] = {"0607", "0606", "0605"}; /* from distance 3 */
    lab_move(g, "c2", up, 3);
    lab_end_phase(g, NULL);
    static const char *const a[] = {"c1", "c2", NULL}, *const d[] = {"t1", NULL};
    lab_declare(g, a, d);
    grg_verdict why;
    assert_int_equal(lab_try(g, lab_charge(g, "c1", "t1"), NULL, &why), -1);
    assert_string_equal(why.rule, "NAP-9.3");
    lab_ok(g, lab_charge(g, "c2", "t1"), NULL);
    grg_events *ev = grg_events_new(64);
    lab_close(g, 1, ev); /* 3 + 6 = 9 against 3: 3-1, row 1: no effect */
    assert_string_equal(lab_result(ev), "-");
    /* NAP-P8: the charger is disordered after the combat */
    assert_true(g->units[lab_unit(g, "c2")].flags & NAP_F_DISORDERED);
    assert_false(g->units[lab_unit(g, "c1")].flags & NAP_F_DISORDERED);
    grg_events_free(ev);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* NAP-9.4: a charge against a combat with enemy cavalry defending does not double. */
static void test_nap_9_4_charge_void_against_cavalry(void **state)
{
    (void)state;
    grg_loaded *l =
        lab_load(NULL, "",
                 "[" U("c1", "a", "cavalry", "0508", 3) "," U(
                     "t1", "d", "infantry", "0505", 3) "," U("t2", "d", "cavalry", "0506", 3) "]",
                 "");
    grg_game *g = lab_game(l, NULL);
    static const char *const up[] = {"0507"};
    lab_move(g, "c1", up, 1);
    lab_end_phase(g, NULL);
    static const char *const a[] = {"c1", NULL}, *const d[] = {"t2", NULL};
    lab_declare(g, a, d);
    grg_verdict why;
    /* NAP-9.1: t1 is not next to c1 at 0507? It is not: only t2 is. */
    lab_ok(g, lab_charge(g, "c1", "t2"), NULL);
    grg_events *ev = grg_events_new(64);
    lab_close(g, 4, ev); /* 3 against 3: 1-1; 4 gives D1 */
    assert_string_equal(lab_result(ev), "D1");
    assert_string_equal(lab_event(ev, GRG_EV_DIE, 0)->text,
                        "3 against 3: odds 1-1; die 4+0 gives row 4.");
    (void)why;
    grg_events_free(ev);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* C.5 examples: ART 5 in a town at its maximum range 3: 5/2 = 2, /2 = 1. ART 3 in a town next to
 * the defender: x2 = 6, no town halving. */
static void test_c5_town_examples(void **state)
{
    (void)state;
    static const char *const rows[10] = {
        "............", "............", "............", "............", "............",
        "............", "............", "....t.......", "............", "............"};
    grg_loaded *l =
        lab_load(rows, "",
                 "[" U("a1", "a", "foot_artillery", "0508", 5) "," U(
                     "d1", "d", "infantry", "0505", 3) "," U("d2", "d", "infantry", "0509", 3) "]",
                 "");
    grg_game *g = lab_game(l, NULL);
    lab_end_phase(g, NULL);
    grg_action acts[3] = {grg_action_make(GRG_A_COMBAT_BEGIN, -1), lab_ranged(g, "a1", "0505"),
                          lab_action(g, GRG_A_DEFENDER, "d1")};
    grg_preview pv;
    grg_verdict why;
    /* a1 is next to d2: it must attack d2 (NAP-7.4) and cannot fire from range */
    assert_int_equal(grg_query_preview(g, acts, 3, &pv, &why), -1);
    assert_string_equal(why.rule, "NAP-7.4");
    acts[1] = lab_action(g, GRG_A_ATTACKER, "a1");
    acts[2] = lab_action(g, GRG_A_DEFENDER, "d2");
    assert_int_equal(grg_query_preview(g, acts, 3, &pv, &why), 0);
    assert_int_equal(pv.attacker.total, 10);
    assert_string_equal(pv.attacker.terms[0].rule, "NAP-8.2");
    grg_game_free(g);
    grg_loaded_free(l);
    l = lab_load(
        rows, "",
        "[" U("a1", "a", "foot_artillery", "0508", 5) "," U("d1", "d", "infantry", "0505", 3) "]",
        "");
    g = lab_game(l, NULL);
    lab_end_phase(g, NULL);
    acts[1] = lab_ranged(g, "a1", "0505");
    acts[2] = lab_action(g, GRG_A_DEFENDER, "d1");
    assert_int_equal(grg_query_preview(g, acts, 3, &pv, &why), 0);
    assert_int_equal(pv.attacker.total, 1);
    assert_string_equal(pv.attacker.terms[0].rule, "NAP-8.3");
    assert_string_equal(pv.kind, "bombard");
    assert_string_equal(pv.odds, "1-3");
    grg_game_free(g);
    grg_loaded_free(l);
}

/* NAP-7.14: +1 when a disordered defender faces cavalry; NAP-7.15: a stream counts only when
 * every attack crosses it. */
static void test_nap_7_14_7_15_die_modifiers(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(
        NULL, ",\"hexsides\":[{\"hex\":\"0505\",\"to\":\"0506\",\"features\":[\"stream\"]}]",
        "[" U("a1", "a", "infantry", "0506",
              3) "," U("a2", "a", "cavalry", "0605",
                       3) ","
                          "{\"id\":\"d1\",\"side\":\"d\",\"type\":\"infantry\",\"hex\":\"0505\","
                          "\"strength\":3,\"disordered\":true}]",
        "");
    grg_game *g = lab_game(l, NULL);
    lab_end_phase(g, NULL);
    grg_action acts[3] = {grg_action_make(GRG_A_COMBAT_BEGIN, -1),
                          lab_action(g, GRG_A_ATTACKER, "a1"), lab_action(g, GRG_A_DEFENDER, "d1")};
    grg_preview pv;
    grg_verdict why;
    /* a1 alone is refused at close only; the preview of a partial combat shows the stream */
    assert_int_equal(grg_query_preview(g, acts, 3, &pv, &why), 0);
    assert_int_equal(pv.n_die_terms, 1);
    assert_string_equal(pv.die_terms[0].rule, "NAP-7.15");
    assert_int_equal(pv.die_terms[0].value, -1);
    grg_action all[4] = {acts[0], acts[1], lab_action(g, GRG_A_ATTACKER, "a2"), acts[2]};
    assert_int_equal(grg_query_preview(g, all, 4, &pv, &why), 0);
    assert_int_equal(pv.n_die_terms, 1); /* the stream no longer counts: a2 does not cross it */
    assert_string_equal(pv.die_terms[0].rule, "NAP-7.14");
    assert_int_equal(pv.die_terms[0].value, 1);
    /* 6 against 3, 2-1, +1: rolls 1..6 give rows 2..6 then 6: -, D1, D1, D1, D2, D2 */
    int d1 = 0, d2 = 0, none = 0;
    for (int i = 0; i < pv.n_outcomes; i++) {
        if (strcmp(pv.outcomes[i].result, "D1") == 0)
            d1 = pv.outcomes[i].num;
        if (strcmp(pv.outcomes[i].result, "D2") == 0)
            d2 = pv.outcomes[i].num;
        if (strcmp(pv.outcomes[i].result, "-") == 0)
            none = pv.outcomes[i].num;
        assert_int_equal(pv.outcomes[i].den, 6);
    }
    assert_int_equal(none, 1);
    assert_int_equal(d1, 3);
    assert_int_equal(d2, 2);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* NAP-7.12 to 7.16 with the real generator: at 3-1 without modifiers the rolls 1..6 give -, D1, D1,
 * D1, D2, D2; over 3000 combats each result comes at its table frequency within 5 sigma. */
static void test_crt_statistics(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(
        NULL, "",
        "[" U("a1", "a", "infantry", "0506", 6) "," U("d1", "d", "infantry", "0505", 2) "]", "");
    grg_events *ev = grg_events_new(64);
    int none = 0, d1 = 0, d2 = 0, n = 3000;
    for (int i = 0; i < n; i++) {
        grg_err err;
        grg_game *g = grg_game_new(l->rs, l->sc, NULL, (uint64_t)i * 7919 + 11, NULL, &err);
        assert_non_null(g);
        lab_end_phase(g, NULL);
        static const char *const a[] = {"a1", NULL}, *const d[] = {"d1", NULL};
        lab_declare(g, a, d);
        grg_events_clear(ev);
        lab_ok(g, lab_action(g, GRG_A_COMBAT_CLOSE, NULL), ev);
        const char *r = lab_result(ev);
        none += strcmp(r, "-") == 0;
        d1 += strcmp(r, "D1") == 0;
        d2 += strcmp(r, "D2") == 0;
        grg_game_free(g);
    }
    assert_int_equal(none + d1 + d2, n);
    /* sigma of a count with p = 1/6 is 20.4; p = 1/2: 27.4; p = 1/3: 25.8 */
    assert_in_range(none, 500 - 102, 500 + 102);
    assert_in_range(d1, 1500 - 137, 1500 + 137);
    assert_in_range(d2, 1000 - 129, 1000 + 129);
    grg_events_free(ev);
    grg_loaded_free(l);
}

/* NAP-7.17 AE and NAP-7.18 DE on the units; NAP-7.27: after an attacker result nobody advances. */
static void test_nap_7_17_7_18_eliminations(void **state)
{
    (void)state;
    static const char *const a[] = {"a1", "a2", NULL}, *const d[] = {"d1", NULL};
    const char *units =
        "[" U("a1", "a", "infantry", "0506", 1) "," U("a2", "a", "infantry", "0605", 1) "," U(
            "d1", "d", "infantry", "0505", 8) "," U("d9", "d", "infantry", "1201",
                                                    9) "," U("a9", "a", "infantry", "1210", 9) "]";
    grg_loaded *l =
        lab_load(NULL,
                 ",\"hexsides\":[{\"hex\":\"0505\",\"to\":\"0506\",\"features\":[\"ford\"]},"
                 "{\"hex\":\"0505\",\"to\":\"0605\",\"features\":[\"ford\"]}]",
                 units, "");
    grg_game *g = lab_game(l, NULL);
    lab_end_phase(g, NULL);
    lab_declare(g, a, d);
    grg_events *ev = grg_events_new(64);
    lab_close(g, 1, ev); /* 2 against 8: 1-4; 1 - 1 (every attack across a ford) = row 0: AE */
    assert_string_equal(lab_result(ev), "AE");
    assert_int_equal(g->units[lab_unit(g, "a1")].status, GRG_UNIT_ELIMINATED);
    assert_int_equal(g->units[lab_unit(g, "a2")].status, GRG_UNIT_ELIMINATED);
    assert_string_equal(lab_event(ev, GRG_EV_ELIMINATED, 0)->rule, "NAP-7.17");
    assert_false(grg__nap_cstate(g)->after.pending);
    grg_game_free(g);
    grg_loaded_free(l);
    l = lab_load(
        NULL, "",
        "[" U("a1", "a", "infantry", "0506", 9) "," U("a2", "a", "infantry", "0605", 9) "," U(
            "d1", "d", "infantry", "0505", 2) "," U("d9", "d", "infantry", "1201", 9) "]",
        "");
    g = lab_game(l, NULL);
    lab_end_phase(g, NULL);
    lab_declare(g, a, d);
    grg_events_clear(ev);
    lab_close(g, 5, ev); /* 18 against 2: 5-1, 5: DE */
    assert_string_equal(lab_result(ev), "DE");
    assert_string_equal(lab_event(ev, GRG_EV_ELIMINATED, 0)->rule, "NAP-7.18");
    assert_true(grg__nap_cstate(g)->after.pending);
    grg_events_free(ev);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* NAP-7.16: the modified die is clamped to the table's rows: 6 + 1 (three arms) reads row 6. */
static void test_nap_7_16_clamp(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(
        NULL, "",
        "[" U("a1", "a", "infantry", "0605", 1) "," U("a2", "a", "cavalry", "0504", 1) "," U(
            "a3", "a", "foot_artillery", "0406",
            1) "," U("d1", "d", "infantry", "0505", 9) "," U("d9", "d", "infantry", "1201", 9) "]",
        "");
    grg_game *g = lab_game(l, NULL);
    lab_end_phase(g, NULL);
    static const char *const a[] = {"a1", "a2", "a3", NULL}, *const d[] = {"d1", NULL};
    lab_declare(g, a, d);
    grg_events *ev = grg_events_new(64);
    lab_close(g, 6, ev); /* 1 + 1 + 2 = 4 against 9: 1-3; 6 + 1 = 7, row 6: D1 */
    assert_int_equal(lab_event(ev, GRG_EV_DIE, 0)->value, 6);
    assert_string_equal(lab_result(ev), "D1");
    grg_events_free(ev);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* NAP-7.7: the attacker chooses the order of the combats; a unit's strength is not split: once it
 * has fought it cannot join another combat (NAP-7.3). */
static void test_nap_7_7_order_of_combats(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(
        NULL, "",
        "[" U("a1", "a", "infantry", "0303", 4) "," U("a2", "a", "infantry", "0808", 4) "," U(
            "g1", "a", "foot_artillery", "0606",
            4) "," U("d1", "d", "infantry", "0302", 2) "," U("d2", "d", "infantry", "0807",
                                                             2) "," U("d9", "d", "infantry", "1201",
                                                                      9) "]",
        "");
    grg_game *g = lab_game(l, NULL);
    lab_end_phase(g, NULL);
    static const char *const a2[] = {"a2", NULL}, *const d2[] = {"d2", NULL};
    lab_declare(g, a2, d2); /* the second component first */
    lab_ok(g, lab_ranged(g, "g1", "0807"), NULL);
    grg_events *ev = grg_events_new(64);
    lab_close(g, 3, ev); /* 4 + 4 = 8 against 2: 4-1, 3: D1 */
    assert_string_equal(lab_result(ev), "D1");
    if (grg__nap_cstate(g)->after.pending)
        lab_ok(g, lab_action(g, GRG_A_NO_ADVANCE, NULL), NULL);
    lab_ok(g, lab_action(g, GRG_A_COMBAT_BEGIN, NULL), NULL);
    grg_verdict why;
    assert_int_equal(lab_try(g, lab_ranged(g, "g1", "0302"), NULL, &why), -1);
    assert_string_equal(why.rule, "NAP-7.3");
    lab_ok(g, lab_action(g, GRG_A_ATTACKER, "a1"), NULL);
    lab_ok(g, lab_action(g, GRG_A_DEFENDER, "d1"), NULL);
    lab_close(g, 3, NULL);
    grg_events_free(ev);
    grg_game_free(g);
    grg_loaded_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nap_7_11_odds_columns),
        cmocka_unit_test(test_c8_every_cell),
        cmocka_unit_test(test_c16_1_three_arms_charge_d2),
        cmocka_unit_test(test_c16_1_village_nap_9_2_d1),
        cmocka_unit_test(test_c16_2_ranged_max_range_a1_ignored),
        cmocka_unit_test(test_c16_3_exchange_selection_order),
        cmocka_unit_test(test_c16_5_grouping_component),
        cmocka_unit_test(test_nap_7_6_per_defender),
        cmocka_unit_test(test_c16_6_charge_distance),
        cmocka_unit_test(test_nap_9_4_charge_void_against_cavalry),
        cmocka_unit_test(test_c5_town_examples),
        cmocka_unit_test(test_nap_7_14_7_15_die_modifiers),
        cmocka_unit_test(test_crt_statistics),
        cmocka_unit_test(test_nap_7_17_7_18_eliminations),
        cmocka_unit_test(test_nap_7_16_clamp),
        cmocka_unit_test(test_nap_7_7_order_of_combats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
