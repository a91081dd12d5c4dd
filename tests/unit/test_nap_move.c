/* nap movement, sight, retreats and the turn (spec C.1 to C.3, C.10 to C.15): terrain, hexside and
 * road costs (NAP-P3), locking zones of control (NAP-P5), stacking (NAP-P2), reinforcements
 * (NAP-P9), bombardment sight with the crest rule (NAP-8.3), retreats and advances (NAP-7.23 to
 * 7.26), disorder (NAP-P7, P8), victory (C.15) and scenario validation. */
#include "test_nap_lab.h"

#include "rules/nap/nap.h"

#define U(id, side, type, hex, str)                                                                \
    "{\"id\":\"" id "\",\"side\":\"" side "\",\"type\":\"" type "\",\"hex\":\"" hex                \
    "\",\"strength\":" #str "}"
#define FAR_D U("d9", "d", "infantry", "1201", 9)
#define FAR_A U("a9", "a", "infantry", "1210", 9)

static grg_action step_to(const grg_game *g, const char *unit, const char *to)
{
    grg_action a = lab_action(g, GRG_A_STEP, unit);
    a.hex = lab_hex(to);
    return a;
}

static int reach_mp(const grg_game *g, const char *unit, const char *hex)
{
    grg_reach *r = malloc(sizeof *r);
    grg_verdict why;
    int u = lab_unit(g, unit), mp = -1;
    assert_int_equal(grg_query_reach(g, &u, 1, r, &why), 0);
    for (int i = 0; i < r->n; i++)
        if (grg_hex_eq(r->items[i].hex, lab_hex(hex)))
            mp = r->items[i].mp;
    free(r);
    return mp;
}

/* NAP-P3: 2 road hexes per MP; a road crosses forest even for artillery; forest costs infantry 2.
 */
static void test_nap_p3_roads_and_terrain(void **state)
{
    (void)state;
    static const char *const rows[10] = {
        "............", "............", "............", "............", "............",
        "...f.f......", "............", "............", "............", "............"};
    grg_loaded *l = lab_load(rows,
                             ",\"roads\":[[\"0501\",\"0502\",\"0503\",\"0504\",\"0505\",\"0506\","
                             "\"0507\",\"0508\",\"0509\",\"0510\"]]",
                             "[" U("i1", "a", "infantry", "0505",
                                   3) "," U("g1", "a", "foot_artillery", "0605",
                                            2) "," U("c1", "a", "cavalry", "0902", 2) "," FAR_D "]",
                             "");
    grg_game *g = lab_game(l, NULL);
    assert_int_equal(reach_mp(g, "i1", "0509"), 2); /* four road hexes */
    assert_int_equal(reach_mp(g, "i1", "0510"), 3); /* five: 2.5 MP, shown rounded up */
    assert_int_equal(reach_mp(g, "i1", "0501"), 2);
    assert_int_equal(reach_mp(g, "i1", "0404"), 1);  /* clear, off road */
    assert_int_equal(reach_mp(g, "g1", "0506"), 1);  /* clear */
    assert_int_equal(reach_mp(g, "g1", "0606"), -1); /* forest off road: prohibited for ART */
    lab_ok(g, lab_action(g, GRG_A_ACTIVATE, "g1"), NULL);
    grg_verdict why;
    assert_int_equal(lab_try(g, step_to(g, "g1", "0606"), NULL, &why), -1);
    assert_string_equal(why.rule, "NAP-P3");
    lab_ok(g, lab_action(g, GRG_A_END_ACTIVATION, NULL), NULL);
    lab_ok(g, lab_action(g, GRG_A_ACTIVATE, "i1"), NULL);
    lab_ok(g, step_to(g, "i1", "0506"), NULL); /* road: 1 tick */
    assert_int_equal(g->units[lab_unit(g, "i1")].v[NAP_V_SPENT], 1);
    lab_ok(g, step_to(g, "i1", "0406"), NULL); /* forest off road: 2 MP = 4 ticks */
    assert_int_equal(g->units[lab_unit(g, "i1")].v[NAP_V_SPENT], 5);
    lab_legal_consistent(g);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* NAP-P3 hexsides: stream +1, crest +1 uphill only, river impassable but at a bridge (no cost) or
 * a ford (+2). */
static void test_nap_p3_hexsides(void **state)
{
    (void)state;
    grg_loaded *l =
        lab_load(NULL,
                 ",\"hexsides\":[{\"hex\":\"0505\",\"to\":\"0605\",\"features\":[\"stream\"]},"
                 "{\"hex\":\"0505\",\"to\":\"0504\",\"features\":[\"crest\"],\"high\":\"0504\"},"
                 "{\"hex\":\"0505\",\"to\":\"0405\",\"features\":[\"river\"]},"
                 "{\"hex\":\"0505\",\"to\":\"0506\",\"features\":[\"river\",\"bridge\"]},"
                 "{\"hex\":\"0505\",\"to\":\"0406\",\"features\":[\"river\",\"ford\"]}]",
                 "[" U("i1", "a", "infantry", "0505", 3) "," U("i2", "a", "infantry", "0504",
                                                               3) "," FAR_D "]",
                 "");
    grg_game *g = lab_game(l, NULL);
    assert_int_equal(reach_mp(g, "i1", "0605"), 2); /* stream */
    assert_int_equal(reach_mp(g, "i1", "0506"), 1); /* bridge */
    assert_int_equal(reach_mp(g, "i1", "0406"), 2); /* over the bridge, not the ford (3) */
    static const char *const away[] = {"0404"};
    lab_move(g, "i2", away, 1);
    lab_ok(g, lab_action(g, GRG_A_ACTIVATE, "i1"), NULL);
    grg_verdict why;
    assert_int_equal(lab_try(g, step_to(g, "i1", "0405"), NULL, &why), -1); /* river */
    assert_string_equal(why.rule, "NAP-P3");
    assert_int_equal(lab_try(g, step_to(g, "i1", "0404"), NULL, &why), -1); /* NAP-P2: i2 there */
    assert_string_equal(why.rule, "NAP-P2");
    lab_ok(g, step_to(g, "i1", "0504"), NULL); /* up the crest: 2 MP */
    assert_int_equal(g->units[lab_unit(g, "i1")].v[NAP_V_SPENT], 4);
    grg_game_free(g);
    g = lab_game(l, NULL);
    lab_ok(g, lab_action(g, GRG_A_ACTIVATE, "i1"), NULL);
    lab_ok(g, step_to(g, "i1", "0406"), NULL); /* the ford: 1 + 2 MP */
    assert_int_equal(g->units[lab_unit(g, "i1")].v[NAP_V_SPENT], 6);
    lab_ok(g, lab_action(g, GRG_A_END_ACTIVATION, NULL), NULL);
    lab_ok(g, lab_action(g, GRG_A_ACTIVATE, "i2"), NULL);
    lab_ok(g, step_to(g, "i2", "0505"), NULL); /* down the crest: 1 MP */
    assert_int_equal(g->units[lab_unit(g, "i2")].v[NAP_V_SPENT], 2);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* NAP-P5: entering an enemy zone of control stops; starting in one locks, except cavalry leaving
 * into a hex free of enemy zones of control (option cav_may_disengage). */
static void test_nap_p5_locking_zoc(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(
        NULL, "",
        "[" U("i1", "a", "infantry", "0503", 3) "," U("i2", "a", "infantry", "0405", 3) "," U(
            "c1", "a", "cavalry", "0605", 3) "," U("d1", "d", "infantry", "0505", 3) "]",
        "");
    grg_game *g = lab_game(l, NULL);
    grg_verdict why;
    lab_ok(g, lab_action(g, GRG_A_ACTIVATE, "i1"), NULL);
    lab_ok(g, step_to(g, "i1", "0504"), NULL);
    assert_int_equal(lab_try(g, step_to(g, "i1", "0604"), NULL, &why), -1);
    assert_string_equal(why.rule, "NAP-P5");
    lab_ok(g, lab_action(g, GRG_A_END_ACTIVATION, NULL), NULL);
    assert_int_equal(lab_try(g, lab_action(g, GRG_A_ACTIVATE, "i2"), NULL, &why), -1);
    assert_string_equal(why.rule, "NAP-P5");
    assert_int_equal(reach_mp(g, "c1", "0705"), 1);
    assert_int_equal(reach_mp(g, "c1", "0506"), 2); /* out through 0606, then in again */
    lab_ok(g, lab_action(g, GRG_A_ACTIVATE, "c1"), NULL);
    assert_int_equal(lab_try(g, step_to(g, "c1", "0506"), NULL, &why), -1); /* still next to d1 */
    assert_string_equal(why.rule, "NAP-P5");
    lab_ok(g, step_to(g, "c1", "0705"), NULL);
    lab_ok(g, step_to(g, "c1", "0805"), NULL);
    lab_ok(g, lab_action(g, GRG_A_END_ACTIVATION, NULL), NULL);
    grg_game_free(g);
    static const char *const opts[] = {"cav_may_disengage=off", NULL};
    g = lab_game(l, opts);
    assert_int_equal(lab_try(g, lab_action(g, GRG_A_ACTIVATE, "c1"), NULL, &why), -1);
    assert_string_equal(why.rule, "NAP-P5");
    grg_game_free(g);
    grg_loaded_free(l);
}

/* NAP-P9: a reinforcement enters through its entry hex when due; one with die_min rolls each turn
 * from its turn on. */
static void test_nap_p9_reinforcements(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(
        NULL, "",
        "[" FAR_A "," FAR_D ",{\"id\":\"r1\",\"side\":\"a\",\"type\":\"infantry\",\"strength\":3},"
        "{\"id\":\"r2\",\"side\":\"a\",\"type\":\"cavalry\",\"strength\":2}]",
        ",\"reinforcements\":[{\"unit\":\"r1\",\"turn\":1,\"entry\":[\"0110\"]},"
        "{\"unit\":\"r2\",\"turn\":2,\"die_min\":4,\"entry\":[\"0210\"]}]");
    grg_game *g = lab_game(l, NULL);
    int r1 = lab_unit(g, "r1"), r2 = lab_unit(g, "r2");
    assert_true(g->units[r1].flags & NAP_F_AVAILABLE);
    grg_verdict why;
    assert_int_equal(lab_try(g, lab_action(g, GRG_A_ACTIVATE, "r2"), NULL, &why), -1);
    grg_events *ev = grg_events_new(64);
    lab_ok(g, lab_action(g, GRG_A_ACTIVATE, "r1"), NULL);
    assert_int_equal(lab_try(g, step_to(g, "r1", "0310"), NULL, &why), -1);
    assert_string_equal(why.rule, "NAP-P9");
    lab_ok(g, step_to(g, "r1", "0110"), ev);
    assert_non_null(lab_event(ev, GRG_EV_ARRIVED, 0));
    assert_int_equal(g->units[r1].status, GRG_UNIT_ON_MAP);
    lab_ok(g, lab_action(g, GRG_A_END_ACTIVATION, NULL), NULL);
    for (int k = 0; k < 3; k++)
        lab_end_phase(g, NULL);
    int three = 3;
    assert_int_equal(grg_dice_queue(g, &three, 1), 0);
    lab_end_phase(g, NULL); /* turn 2: r2 rolls 3, stays off */
    assert_false(g->units[r2].flags & NAP_F_AVAILABLE);
    for (int k = 0; k < 3; k++)
        lab_end_phase(g, NULL);
    int five = 5;
    assert_int_equal(grg_dice_queue(g, &five, 1), 0);
    lab_end_phase(g, NULL); /* turn 3: 5 */
    assert_true(g->units[r2].flags & NAP_F_AVAILABLE);
    grg_events_free(ev);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* NAP-8.3 and A.6.5 from 0505: crests block targets two or more hexes beyond them; the first hex
 * beyond stays visible; a crest only touched at an end vertex does not block. */
static int los_clear(const char *crest_a, const char *crest_b, const char *to)
{
    char extra[200];
    snprintf(
        extra, sizeof extra,
        ",\"hexsides\":[{\"hex\":\"%s\",\"to\":\"%s\",\"features\":[\"crest\"],\"high\":\"%s\"}]",
        crest_a, crest_b, crest_a);
    grg_loaded *l = lab_load(NULL, extra, "[" FAR_A "," FAR_D "]", "");
    grg_game *g = lab_game(l, NULL);
    grg_los_result r;
    assert_int_equal(grg_los(g, lab_hex("0505"), lab_hex(to), &r), 0);
    if (!r.clear)
        assert_string_equal(r.rule, "NAP-8.3");
    grg_game_free(g);
    grg_loaded_free(l);
    return r.clear;
}

static void test_nap_8_3_crest_examples(void **state)
{
    (void)state;
    assert_false(los_clear("0705", "0706", "0906")); /* crossed at an inner point */
    assert_false(los_clear("0605", "0705", "0906")); /* crossed through its end vertex */
    assert_true(los_clear("0806", "0906", "0906"));  /* the target is the first hex beyond */
    assert_true(los_clear("0605", "0606", "0906"));  /* only touched at its end vertex */
    assert_false(los_clear("0504", "0605", "0803")); /* run along */
    assert_true(los_clear("0703", "0704", "0803"));  /* 0803 is the first hex entered after it */
}

/* NAP-8.3: villages, forests and towns block as crossed hexes; a vertex graze does not (LENIENT);
 * units never block; the target's own hex does not block. */
static void test_nap_8_3_terrain_sight(void **state)
{
    (void)state;
    static const char *const rows[10] = {
        "............", "............", "..........f.", "............", ".......t....",
        ".....v......", "............", "............", "............", "............"};
    grg_loaded *l = lab_load(rows, "", "[" U("a1", "a", "infantry", "0705", 3) "," FAR_D "]", "");
    grg_game *g = lab_game(l, NULL);
    grg_los_result r;
    grg_los(g, lab_hex("0505"), lab_hex("0906"), &r); /* 0606 and 0805 only grazed at a vertex */
    assert_true(r.clear);
    grg_los(g, lab_hex("0505"), lab_hex("1106"), &r); /* crosses the town 0805; a1 does not block */
    assert_false(r.clear);
    assert_int_equal(r.blocked_kind, 1);
    assert_true(grg_hex_eq(r.at, lab_hex("0805")));
    grg_los(g, lab_hex("0505"), lab_hex("0606"), &r); /* into the village itself */
    assert_true(r.clear);
    grg_los(g, lab_hex("0805"), lab_hex("1103"), &r); /* target in the forest */
    assert_true(r.clear);
    grg_game_free(g);
    grg_loaded_free(l);
    /* A.6.5 under LENIENT: 0505-0803 runs along 0504/0605; one blocking hex there does not block,
     * both do (a hexside run along with both its hexes blocking) */
    static const char *const one[10] = {
        "............", "............", "............", "............", ".....f......",
        "............", "............", "............", "............", "............"};
    static const char *const both[10] = {
        "............", "............", "............", "....f.......", ".....f......",
        "............", "............", "............", "............", "............"};
    l = lab_load(one, "", "[" FAR_A "," FAR_D "]", "");
    g = lab_game(l, NULL);
    grg_los(g, lab_hex("0505"), lab_hex("0803"), &r);
    assert_true(r.clear);
    grg_game_free(g);
    grg_loaded_free(l);
    l = lab_load(both, "", "[" FAR_A "," FAR_D "]", "");
    g = lab_game(l, NULL);
    grg_los(g, lab_hex("0505"), lab_hex("0803"), &r);
    assert_false(r.clear);
    assert_int_equal(r.blocked_kind, 2);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* NAP-7.23, 7.24, 7.26, NAP-P7: a D2 retreat blocked by zones of control on its first hex
 * eliminates under retreat_zoc = every_hex; under final_hex the unit passes and the attacker may
 * advance two hexes along its path. */
static grg_game *retreat_game(grg_loaded *l, const char *opt, int die, grg_events *ev)
{
    const char *opts[] = {opt, NULL};
    grg_game *g = lab_game(l, opt ? opts : NULL);
    lab_end_phase(g, NULL);
    static const char *const a[] = {"a1", NULL}, *const d[] = {"d1", NULL};
    lab_declare(g, a, d);
    lab_close(g, die, ev);
    return g;
}

static void test_nap_7_23_retreat_and_advance(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(
        NULL, "",
        "[" U("a1", "a", "infantry", "0506", 8) "," U("a2", "a", "infantry", "0304", 2) "," U(
            "a3", "a", "infantry", "0604", 2) "," U("d1", "d", "infantry", "0505", 2) "," FAR_D "]",
        "");
    grg_events *ev = grg_events_new(64);
    grg_game *g = retreat_game(l, NULL, 1, ev); /* 4-1, 1: D1, every escape in a ZOC */
    assert_string_equal(lab_result(ev), "D1");
    assert_string_equal(lab_event(ev, GRG_EV_ELIMINATED, 0)->rule, "NAP-7.23");
    grg_game_free(g);
    grg_events_clear(ev);
    g = retreat_game(l, NULL, 4, ev); /* D2 */
    assert_string_equal(lab_result(ev), "D2");
    assert_non_null(lab_event(ev, GRG_EV_ELIMINATED, 0));
    grg_game_free(g);
    grg_events_clear(ev);
    g = retreat_game(l, "retreat_zoc=final_hex", 4, ev);
    assert_null(lab_event(ev, GRG_EV_ELIMINATED, 0));
    int d1 = lab_unit(g, "d1");
    assert_true(grg_hex_eq(g->units[d1].hex, lab_hex("0503")));
    assert_true(g->units[d1].flags & NAP_F_DISORDERED); /* NAP-P7 */
    grg_verdict why;
    grg_action adv = lab_action(g, GRG_A_ADVANCE, "a1");
    adv.hex = lab_hex("0404");
    assert_int_equal(lab_try(g, adv, NULL, &why), -1);
    assert_string_equal(why.rule, "NAP-7.26");
    lab_legal_consistent(g);
    adv.hex = lab_hex("0504"); /* two hexes, along the retreat path */
    lab_ok(g, adv, NULL);
    assert_true(grg_hex_eq(g->units[lab_unit(g, "a1")].hex, lab_hex("0504")));
    grg_game_free(g);
    grg_events_free(ev);
    grg_loaded_free(l);
}

/* NAP-P8: disorder from a retreat lasts through the enemy's player-turn and goes at the end of
 * the owner's next one, when the unit is in no enemy zone of control. */
static void test_nap_p8_recovery(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(NULL, "",
                             "[" U("a1", "a", "infantry", "0506", 8) "," U("d1", "d", "infantry",
                                                                           "0505", 2) "," FAR_D "]",
                             "");
    grg_events *ev = grg_events_new(64);
    grg_game *g = retreat_game(l, NULL, 1, ev); /* D1 */
    int d1 = lab_unit(g, "d1");
    /* NAP-7.24: 0504 and 0404 are both two hexes from a1; the lower direction (NE) wins */
    assert_true(grg_hex_eq(g->units[d1].hex, lab_hex("0504")));
    assert_true(g->units[d1].flags & NAP_F_DISORDERED);
    lab_ok(g, lab_action(g, GRG_A_NO_ADVANCE, NULL), NULL);
    lab_end_phase(g, NULL); /* a's combat ends: a's turn end, d1 not a's */
    assert_true(g->units[d1].flags & NAP_F_DISORDERED);
    lab_end_phase(g, NULL); /* d's movement */
    grg_events_clear(ev);
    lab_end_phase(g, ev); /* d's combat ends: d1 recovers */
    assert_false(g->units[d1].flags & NAP_F_DISORDERED);
    const grg_event *e = lab_event(ev, GRG_EV_DISORDER, 0);
    assert_non_null(e);
    assert_string_equal(e->rule, "NAP-P8");
    grg_game_free(g);
    grg_events_free(ev);
    grg_loaded_free(l);
}

/* C.15: a side losing half its strength loses at once; at the turn limit the scores decide. */
static void test_c15_victory(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(
        NULL, "",
        "[" U("a1", "a", "infantry", "0506", 8) "," U("d1", "d", "infantry", "0505", 2) "]", "");
    grg_events *ev = grg_events_new(64);
    grg_game *g = retreat_game(l, NULL, 6, ev); /* 4-1, 6: DE */
    assert_string_equal(lab_result(ev), "DE");
    assert_true(g->over);
    assert_int_equal(g->winner, 0);
    grg_game_free(g);
    grg_loaded_free(l);
    l = lab_load(NULL, "", "[" FAR_A "," FAR_D "]", "");
    g = lab_game(l, NULL);
    for (int k = 0; k < 16 && !g->over; k++)
        lab_end_phase(g, NULL);
    assert_true(g->over);
    assert_int_equal(g->turn, 4);
    assert_int_equal(g->winner, -1);
    grg_game_free(g);
    grg_events_free(ev);
    grg_loaded_free(l);
}

/* NAP-P4: every combat unit controls its six neighbours, across a river too. */
static void test_nap_p4_zoc(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(
        NULL, ",\"hexsides\":[{\"hex\":\"0505\",\"to\":\"0605\",\"features\":[\"river\"]}]",
        "[" U("d1", "d", "infantry", "0505", 2) "," FAR_A "]", "");
    grg_game *g = lab_game(l, NULL);
    grg_zoc *z = malloc(sizeof *z);
    assert_int_equal(grg_query_zoc(g, z), 0);
    int d_side = 0, across = 0;
    for (int i = 0; i < z->n; i++) {
        if (z->items[i].side != g->units[lab_unit(g, "d1")].side)
            continue;
        d_side++;
        across |= grg_hex_eq(z->items[i].hex, lab_hex("0605"));
    }
    assert_int_equal(d_side, 6);
    assert_true(across);
    free(z);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* Validation (NAP-P1, P2): strength, arm against type, ranges, stacking, each at its path. */
static void test_nap_validate(void **state)
{
    (void)state;
    char path[] = "/tmp/nap_bad_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fprintf(f,
            "{\"id\":\"bad\",\"name\":\"bad\",\"ruleset\":\"nap\",\"turn_limit\":2,\"first_side\":"
            "\"a\","
            "\"map\":{\"width\":4,\"height\":4,\"legend\":{\".\":\"clear\"},\"terrain\":[\"....\","
            "\"....\",\"....\",\"....\"]},"
            "\"sides\":[{\"id\":\"a\",\"name\":\"A\"},{\"id\":\"d\",\"name\":\"D\"}],\"units\":[" U(
                "u0", "a", "infantry", "0101",
                0) ","
                   "{\"id\":\"u1\",\"side\":\"a\",\"type\":\"infantry\",\"hex\":\"0102\","
                   "\"strength\":2,\"arm\":\"CAV\"},"
                   "{\"id\":\"u2\",\"side\":\"a\",\"type\":\"infantry\",\"hex\":\"0103\","
                   "\"strength\":2,\"range\":2}," U("u3", "d", "infantry", "0103", 2) "]}");
    fclose(f);
    grg_problems *p = calloc(1, sizeof *p);
    grg_loaded *l = NULL;
    assert_int_equal(grg_load_scenario(path, grg_data_dir(), &l, p, NULL), -1);
    unlink(path);
    static const char *const want[] = {"units[0].strength", "units[1].arm", "units[2].range",
                                       "units[3].hex"};
    for (int w = 0; w < 4; w++) {
        int found = 0;
        for (int i = 0; i < p->n; i++)
            found |= strcmp(p->items[i].path, want[w]) == 0;
        if (!found)
            print_error("missing problem at %s\n", want[w]);
        assert_true(found);
    }
    free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nap_p3_roads_and_terrain),
        cmocka_unit_test(test_nap_p3_hexsides),
        cmocka_unit_test(test_nap_p5_locking_zoc),
        cmocka_unit_test(test_nap_p9_reinforcements),
        cmocka_unit_test(test_nap_8_3_crest_examples),
        cmocka_unit_test(test_nap_8_3_terrain_sight),
        cmocka_unit_test(test_nap_7_23_retreat_and_advance),
        cmocka_unit_test(test_nap_p8_recovery),
        cmocka_unit_test(test_c15_victory),
        cmocka_unit_test(test_nap_validate),
        cmocka_unit_test(test_nap_p4_zoc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
