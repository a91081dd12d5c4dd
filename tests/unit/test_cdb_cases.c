/* cdb rule cases through the engine API on the positions of tests/rules/cdb/scenarios, with units
 * moved by hand where a case needs it: each test names the rule ids it checks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "grognard/game.h"
#include "grognard/proto.h"
#include "rules/cdb/cdb.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fixture {
    grg_loaded *l;
    grg_game *g;
    grg_events *ev;
} fixture;

static fixture open_game(const char *name, uint64_t seed)
{
    char path[128];
    snprintf(path, sizeof path, "tests/rules/cdb/scenarios/%s.json", name);
    grg_problems *p = calloc(1, sizeof *p);
    fixture f = {NULL, NULL, grg_events_new(256)};
    assert_int_equal(grg_load_scenario(path, grg_data_dir(), &f.l, p, NULL), 0);
    free(p);
    grg_err err;
    f.g = grg_game_new(f.l->rs, f.l->sc, NULL, seed, NULL, &err);
    assert_non_null(f.g);
    return f;
}

static void close_game(fixture *f)
{
    grg_game_free(f->g);
    grg_loaded_free(f->l);
    grg_events_free(f->ev);
}

static int U(const fixture *f, const char *id)
{
    int u = grg_scenario_unit(f->l->sc, id);
    assert_true(u >= 0);
    return u;
}

static grg_hex H(const char *label)
{
    grg_hex h;
    assert_int_equal(grg_hex_parse(label, &h), 0);
    return h;
}

static void put(fixture *f, const char *id, const char *label, int facing)
{
    grg_unit *x = &f->g->units[U(f, id)];
    x->hex = H(label);
    x->facing = (int16_t)facing;
}

/* Applies an action; want_rule NULL expects acceptance, else a refusal with that rule. */
static void act(fixture *f, grg_action a, const char *want_rule)
{
    grg_verdict why;
    grg_events_clear(f->ev);
    int rc = grg_apply(f->g, &a, f->ev, &why);
    if (!want_rule && rc < 0)
        fail_msg("%s refused: %s %s", grg_action_name((grg_action_type)a.type), why.rule,
                 why.message);
    if (want_rule && rc == 0)
        fail_msg("%s accepted, expected %s", grg_action_name((grg_action_type)a.type), want_rule);
    if (want_rule && strcmp(why.rule, want_rule) != 0)
        fail_msg("refused with %s (%s), expected %s", why.rule, why.message, want_rule);
}

static grg_action A(fixture *f, grg_action_type t, const char *unit)
{
    return grg_action_make(t, unit ? U(f, unit) : -1);
}

static grg_action step(fixture *f, const char *unit, const char *to)
{
    grg_action a = A(f, GRG_A_STEP, unit);
    a.hex = H(to);
    return a;
}

static const grg_event *find_event(const fixture *f, int type, const char *rule)
{
    for (int i = 0; i < f->ev->n; i++)
        if (f->ev->items[i].type == type && (!rule || strcmp(f->ev->items[i].rule, rule) == 0))
            return &f->ev->items[i];
    return NULL;
}

static void to_phase(fixture *f, const char *phase)
{
    while (strcmp(grg_phase_name(f->g), phase) != 0)
        act(f, A(f, GRG_A_END_PHASE, NULL), NULL);
}

/* CDB-9.1.b: one impulse at a time; CDB-9.1.a: no more steps than the allowance; CDB-9.6.a every
 * hex costs 1 MP whatever the terrain. */
static void test_impulse_limits(void **state)
{
    (void)state;
    fixture f = open_game("move2", 2);
    act(&f, A(&f, GRG_A_ACTIVATE, "chr"), NULL);
    act(&f, A(&f, GRG_A_ACTIVATE, "lone"), "CDB-9.1.b");
    act(&f, A(&f, GRG_A_END_ACTIVATION, NULL), NULL);
    act(&f, A(&f, GRG_A_ACTIVATE, "lone"), NULL);
    const char *path[] = {"0309", "0409", "0509", "0609", "0709"};
    for (int i = 0; i < 5; i++) {
        act(&f, step(&f, "lone", path[i]), NULL);
        assert_int_equal(find_event(&f, GRG_EV_MOVED, NULL)->value, i + 1);
    }
    act(&f, step(&f, "lone", "0809"), "CDB-9.1.a");
    close_game(&f);
}

/* CDB-5.1.b: a unit in an enemy ZOC cannot be in a group; CDB-5.1.c: a group is declared before it
 * moves; CDB-1.2.b: in difficult terrain only as a single column; CDB-5.1.e: no chariots in broken
 * terrain in a group. */
static void test_group_conditions(void **state)
{
    (void)state;
    fixture f = open_game("move1", 2);
    act(&f, A(&f, GRG_A_GROUP_ADD, "sp1"), "CDB-5.1.c");
    act(&f, A(&f, GRG_A_GROUP_BEGIN, "bw"), "CDB-5.1.b");
    close_game(&f);

    f = open_game("move2", 2);
    put(&f, "g1", "0407", 0); /* the wood at 0407 is difficult; g2 abreast at 0408 */
    put(&f, "g2", "0408", 0);
    put(&f, "g3", "0909", 0);
    put(&f, "chr", "1009", 0);
    f.g->units[U(&f, "g1")].type = f.g->units[U(&f, "g3")].type; /* Bd: not a chariot */
    f.g->units[U(&f, "g2")].type = f.g->units[U(&f, "g3")].type;
    act(&f, A(&f, GRG_A_GROUP_BEGIN, "g1"), "CDB-1.2.b"); /* no partner it may form a group with */
    put(&f, "g2", "0307", 0); /* directly behind g1 (0307 is a rear hex of 0407 facing 0) */
    act(&f, A(&f, GRG_A_GROUP_BEGIN, "g1"), NULL);
    act(&f, A(&f, GRG_A_GROUP_ADD, "g2"), NULL);
    act(&f, A(&f, GRG_A_GROUP_CLOSE, NULL), NULL);
    act(&f, A(&f, GRG_A_END_ACTIVATION, NULL), NULL);
    close_game(&f);

    f = open_game("move2", 2);
    put(&f, "g1", "0406", 0); /* brush: broken */
    put(&f, "g2", "0306", 0);
    act(&f, A(&f, GRG_A_GROUP_BEGIN, "g2"), "CDB-5.1.e");
    close_game(&f);
}

/* CDB-4.2.c: a general next to an enemy, or gone, costs +1 (and CDB-4.2.b is not added then). */
static void test_general_engaged_or_gone(void **state)
{
    (void)state;
    fixture f = open_game("move1", 2);
    int u = U(&f, "lch");
    grg_command c;
    put(&f, "bgen", "1005", 1); /* next to rsp at 0905 */
    cdb_command_cost(f.g, &u, 1, 0, &c);
    assert_string_equal(c.terms[c.n_terms - 1].rule, "CDB-4.2.c");
    f.g->units[U(&f, "bgen")].status = GRG_UNIT_ELIMINATED;
    cdb_command_cost(f.g, &u, 1, 0, &c);
    assert_int_equal(c.cost, 2);
    assert_string_equal(c.terms[1].rule, "CDB-4.2.c");
    close_game(&f);
}

/* CDB-8.1.c: the rear rank moves back alone, never forward; the front rank alone only forward. */
static void test_detached_ranks(void **state)
{
    (void)state;
    fixture f = open_game("missile1", 2);
    act(&f, A(&f, GRG_A_ACTIVATE, "bw1r"), NULL);
    act(&f, step(&f, "bw1r", "0405"), "CDB-8.1.c");
    act(&f, step(&f, "bw1r", "0205"), NULL);
    act(&f, A(&f, GRG_A_END_ACTIVATION, NULL), NULL);
    assert_int_equal(f.g->units[U(&f, "bw1")].stack, 0);
    assert_int_equal(f.g->units[U(&f, "bw1r")].stack, 0);
    close_game(&f);

    f = open_game("missile1", 2);
    grg_action a = A(&f, GRG_A_ACTIVATE, "bw1");
    a.arg = 1;
    act(&f, a, NULL);
    act(&f, step(&f, "bw1", "0205"), "CDB-8.1.c");
    act(&f, step(&f, "bw1", "0405"), NULL);
    assert_int_equal(f.g->units[U(&f, "bw1r")].stack, 0);
    close_game(&f);
}

/* CDB-8.1.e: a unit moving back may enter a friend's hex through its frontal hexside and goes on
 * top; CDB-8.1.d: it stops there. */
static void test_rank_from_the_front(void **state)
{
    (void)state;
    fixture f = open_game("move1", 2);
    put(&f, "sp2", "0609", 0);
    act(&f, A(&f, GRG_A_ACTIVATE, "sp2"), NULL);
    act(&f, step(&f, "sp2", "0509"), NULL);
    assert_int_equal(f.g->units[U(&f, "sp2")].stack, 0);
    assert_int_equal(f.g->units[U(&f, "sp1")].stack, 1);
    act(&f, step(&f, "sp2", "0409"), "CDB-8.1.d");
    close_game(&f);
}

/* CDB-P14 with the scenario option cinc_death: the loss of the CinC ends the battle at once. */
static void test_cinc_death(void **state)
{
    (void)state;
    fixture f = open_game("melee_a", 1);
    f.g->units[U(&f, "rgen")].status = GRG_UNIT_ELIMINATED;
    cdb_morale_check(f.g, f.ev);
    assert_false(f.g->over);
    f.g->opt[grg_option_index(f.l->rs, "cinc_death")] = 1;
    cdb_morale_check(f.g, f.ev);
    assert_true(f.g->over);
    assert_int_equal(f.g->winner, 0);
    close_game(&f);
}

/* CDB-8.2.a: never through a friend next to an enemy; CDB-8.2.c: Bowmen and Blades pass each other;
 * CDB-8.2.d: foot passes baggage; CDB-8.b/8.c: no stacking of other units. */
static void test_pass_through(void **state)
{
    (void)state;
    fixture f = open_game("move1", 2);
    put(&f, "bd3", "0407", 0);
    put(&f, "ps", "0307", 0);
    f.g->units[U(&f, "ps")].type = (int16_t)grg_rules_type(f.l->data, "Bw");
    act(&f, A(&f, GRG_A_ACTIVATE, "ps"), NULL);
    act(&f, step(&f, "ps", "0507"), NULL); /* CDB-8.2.c: Bw through Bd */
    act(&f, A(&f, GRG_A_END_ACTIVATION, NULL), NULL);
    f.g->units[U(&f, "bd3")].type = (int16_t)grg_rules_type(f.l->data, "Bg");
    f.g->units[U(&f, "bd3")].facing = -1;
    act(&f, A(&f, GRG_A_ACTIVATE, "ax"), NULL);
    act(&f, A(&f, GRG_A_END_ACTIVATION, NULL), NULL);
    put(&f, "sp2", "0307", 0);
    act(&f, A(&f, GRG_A_ACTIVATE, "sp2"), NULL);
    act(&f, step(&f, "sp2", "0407"), "CDB-8.c");
    act(&f, step(&f, "sp2", "0507"), "CDB-8.c"); /* the Bw stands at 0507 */
    close_game(&f);

    f = open_game("move1", 2);
    put(&f, "bd3", "0804", 0); /* next to rsp at 0905 */
    put(&f, "ps", "0704", 0);
    put(&f, "ax", "1201", 0);
    act(&f, A(&f, GRG_A_ACTIVATE, "ps"), NULL);
    act(&f, step(&f, "ps", "0904"), "CDB-8.2.a");
    close_game(&f);
}

/* CDB-10.1.d: the nearest target first; CDB-10.1.e: unreliable allies do not shoot; CDB-10.3.a: a
 * shooter that could shoot another target gives no support. */
static void test_shooting_rules(void **state)
{
    (void)state;
    fixture f = open_game("missile1", 2);
    put(&f, "rc", "0406", 3); /* now nearer bw1 than rsp, off the line of fire */
    to_phase(&f, "cdb.missile");
    grg_action a = A(&f, GRG_A_SHOOT, "bw1");
    a.target = (int16_t)U(&f, "rsp");
    act(&f, a, "CDB-10.1.d");
    a.target = (int16_t)U(&f, "rc");
    cdb_total ts, tt;
    assert_int_equal(cdb_missile_totals(f.g, U(&f, "bw1"), U(&f, "rc"), &ts, &tt), 1);
    cdb_st(f.g)->cflags[f.g->units[U(&f, "bw1")].corps] |= CDB_CF_UNRELIABLE;
    act(&f, a, "CDB-10.1.e");
    close_game(&f);

    f = open_game("missile1", 2); /* CDB-4.3.c: shot at, an unreliable corps becomes reliable */
    int rc = f.g->units[U(&f, "rsp")].corps;
    cdb_st(f.g)->cflags[rc] |= CDB_CF_UNRELIABLE;
    to_phase(&f, "cdb.missile");
    a = A(&f, GRG_A_SHOOT, "bw1");
    a.target = (int16_t)U(&f, "rsp");
    act(&f, a, NULL);
    assert_non_null(find_event(&f, GRG_EV_STATUS, "CDB-4.3.c"));
    assert_false(cdb_st(f.g)->cflags[rc] & CDB_CF_UNRELIABLE);
    close_game(&f);
}

/* CDB-P3 quality, CDB-P9 general/uphill/fortification, CDB-P4 terrain, CDB-P8 cover: the terms. */
static void test_modifiers(void **state)
{
    (void)state;
    fixture f = open_game("sight", 2);
    put(&f, "ob", "0707", 0); /* on the level of 0807's hill neighbour */
    int ob = U(&f, "ob"), rgen = U(&f, "rgen");
    put(&f, "rgen", "0807", 3); /* the red general on the hill, facing ob */
    cdb_total ta, td;
    cdb_melee_totals(f.g, ob, rgen, &ta, &td);
    int general = 0, uphill = 0;
    for (int i = 0; i < td.n_terms; i++) {
        general |= strcmp(td.terms[i].label, "general") == 0;
        uphill |= strcmp(td.terms[i].label, "uphill") == 0;
    }
    assert_true(general && uphill);
    put(&f, "ob", "0705", 0); /* in the wood: difficult, Ps 0 */
    put(&f, "rgen", "0805", 3);
    cdb_melee_totals(f.g, rgen, ob, &ta, &td);
    assert_int_equal(td.n_terms, 1);
    int a = 5, b = 5;
    cdb_total ts, tt;
    cdb_missile_totals(f.g, rgen, ob, &ts, &tt);
    assert_string_equal(tt.terms[tt.n_terms - 1].rule, "CDB-P8");
    f.l->sc->units[ob].quality = 'S';
    cdb_quality_adjust(f.g, ob, rgen, &a, &b, 1, NULL, NULL);
    assert_int_equal(a, 6);
    assert_int_equal(b, 5);
    close_game(&f);
}

/* CDB-9.5.b: a unit that moved makes no spontaneous advance; CDB-9.5.d: skirmishers outside the
 * frontal arc are ignored; CDB-9.5.c: enemy baggage in sight is the second choice. */
static void test_spontaneous_targets(void **state)
{
    (void)state;
    fixture f = open_game("spont", 2);
    act(&f, A(&f, GRG_A_ACTIVATE, "wb"), NULL);
    act(&f, step(&f, "wb", "0405"), NULL);
    act(&f, A(&f, GRG_A_END_ACTIVATION, NULL), NULL);
    act(&f, A(&f, GRG_A_END_PHASE, NULL), NULL);
    assert_null(find_event(&f, GRG_EV_MOVED, NULL));
    close_game(&f);

    f = open_game("spont", 2);
    f.g->units[U(&f, "rsp")].type = (int16_t)grg_rules_type(f.l->data, "Ps");
    put(&f, "rsp", "0105", 0); /* a skirmisher behind the Wb: ignored */
    f.g->units[U(&f, "rres1")].type = (int16_t)grg_rules_type(f.l->data, "Bg");
    f.g->units[U(&f, "rres1")].facing = -1;
    put(&f, "rres1", "0905", -1); /* enemy baggage in sight, 6 hexes away */
    act(&f, A(&f, GRG_A_END_PHASE, NULL), NULL);
    const grg_event *e = find_event(&f, GRG_EV_MOVED, NULL);
    assert_non_null(e);
    assert_true(grg_hex_eq(e->to, H("0405")));
    close_game(&f);
}

/* CDB-8.2.e, CDB-8.1.f: a spontaneous advance goes through a friend in its way (it may not stop
 * there or join it as a rank); the friend, neither foot passed by knights nor impetuous, recoils.
 */
static void test_spontaneous_pass_through(void **state)
{
    (void)state;
    fixture f = open_game("spont", 2);
    int fx = U(&f, "bres1");
    put(&f, "bres1", "0405", 0);
    f.g->units[fx].corps = f.g->units[U(&f, "wb")].corps;
    act(&f, A(&f, GRG_A_END_PHASE, NULL), NULL);
    const grg_event *e = find_event(&f, GRG_EV_RETREAT, "CDB-8.2.e");
    assert_non_null(e);
    assert_int_equal(e->unit, fx);
    assert_true(grg_hex_eq(f.g->units[fx].hex, H("0305")));
    assert_true(grg_hex_eq(f.g->units[U(&f, "wb")].hex, H("0605")));
    close_game(&f);

    f = open_game("spont", 2); /* foot passed by knights flee (CDB-11.8) */
    f.g->units[U(&f, "wb")].type = (int16_t)grg_rules_type(f.l->data, "Kn");
    f.g->units[U(&f, "wb")].ma = 4;
    put(&f, "bres1", "0405", 0);
    f.g->units[U(&f, "bres1")].corps = f.g->units[U(&f, "wb")].corps;
    act(&f, A(&f, GRG_A_END_PHASE, NULL), NULL);
    assert_non_null(find_event(&f, GRG_EV_TURNED, "CDB-8.2.e"));
    close_game(&f);
}

/* CDB-4.3.d: an unreliable allied corps of another nationality changes side when a corps of its
 * side is demoralised, at its new owner's next player-turn. CDB-P14 measures red's army as it
 * stands (its demoralised corps alone: lost at the next phase's end) or, with army_count = setup,
 * as set up (its one demoralised counter of three: not lost). */
static void defect(int setup)
{
    fixture f = open_game("allies", 2);
    f.g->opt[grg_option_index(f.l->rs, "army_count")] = setup;
    cdb_state *st = cdb_st(f.g);
    int rc = f.g->units[U(&f, "rgen")].corps, ra = f.g->units[U(&f, "ra1")].corps;
    st->cflags[ra] |= CDB_CF_UNRELIABLE;
    st->lost[rc] = 1;
    cdb_morale_check(f.g, f.ev);
    assert_true(st->cflags[rc] & CDB_CF_DEMORALISED);
    assert_true(st->cflags[ra] & CDB_CF_DEFECTING);
    assert_non_null(find_event(&f, GRG_EV_STATUS, "CDB-4.3.d"));
    /* what a player's panel shows */
    assert_string_equal(test_info_text(f.g, "corps.ra"), "defecting");
    to_phase(&f, "cdb.melee");
    act(&f, A(&f, GRG_A_END_PHASE, NULL), NULL); /* red's player-turn */
    assert_int_equal(f.g->units[U(&f, "ra1")].side, 1);
    act(&f, A(&f, GRG_A_HOLD, "rgen"), NULL); /* or it would flee off the map (CDB-P13) */
    to_phase(&f, "cdb.melee");
    act(&f, A(&f, GRG_A_END_PHASE, NULL), NULL);
    assert_int_equal(f.g->units[U(&f, "ra1")].side, 0); /* blue's now */
    assert_false(f.g->over);
    act(&f, A(&f, GRG_A_END_PHASE, NULL), NULL);
    assert_int_equal(f.g->over, !setup);
    if (!setup)
        assert_int_equal(f.g->winner, 0);
    close_game(&f);
}

/* CDB-P12, CDB-P13: a demoralised corps flees at the end of its movement phase unless held (1 PA);
 * CDB-4.3.d and CDB-P14 with either reading of the army (defect). */
static void test_demoralised_flight_and_defection(void **state)
{
    (void)state;
    defect(0);
    defect(1);

    fixture f = open_game("allies", 2);
    cdb_state *st = cdb_st(f.g);
    st->cflags[f.g->units[U(&f, "bx")].corps] |= CDB_CF_DEMORALISED;
    put(&f, "bx", "0605", 0);
    act(&f, A(&f, GRG_A_HOLD, "bgen"), NULL);
    act(&f, A(&f, GRG_A_END_PHASE, NULL), NULL);
    const grg_event *e = find_event(&f, GRG_EV_RETREAT, "CDB-P13");
    assert_non_null(e);
    assert_int_equal(e->unit, U(&f, "bx"));
    assert_true(grg_hex_eq(f.g->units[U(&f, "bgen")].hex, H("0102")));
    close_game(&f);
}

/* CDB-11.2.a: a defender not in frontal contact with an active unit turns to face its attacker. */
static void test_defender_faces_attacker(void **state)
{
    (void)state;
    fixture f = open_game("melee_a", 1);
    to_phase(&f, "cdb.melee");
    int wb = U(&f, "wb1");
    for (int i = 0; i < 2; i++)
        f.g->units[U(&f, i ? "wb2" : "wb1")].facing = 1;
    act(&f, A(&f, GRG_A_COMBAT_BEGIN, NULL), NULL);
    act(&f, A(&f, GRG_A_ATTACKER, "bd"), NULL);
    act(&f, A(&f, GRG_A_DEFENDER, "wb1"), NULL);
    act(&f, A(&f, GRG_A_COMBAT_CLOSE, NULL), NULL);
    assert_non_null(find_event(&f, GRG_EV_TURNED, "CDB-11.2.a"));
    assert_int_equal(f.g->units[wb].facing, 0);
    close_game(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_impulse_limits),
        cmocka_unit_test(test_group_conditions),
        cmocka_unit_test(test_general_engaged_or_gone),
        cmocka_unit_test(test_detached_ranks),
        cmocka_unit_test(test_pass_through),
        cmocka_unit_test(test_rank_from_the_front),
        cmocka_unit_test(test_cinc_death),
        cmocka_unit_test(test_shooting_rules),
        cmocka_unit_test(test_modifiers),
        cmocka_unit_test(test_spontaneous_targets),
        cmocka_unit_test(test_spontaneous_pass_through),
        cmocka_unit_test(test_demoralised_flight_and_defection),
        cmocka_unit_test(test_defender_faces_attacker),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
