/* The cdb ruleset through the engine API: its data loader (CDB-P2, P4, P6), scenario validation
 * (CDB-2.1, 6.1, 8), geometry helpers (CDB-7.3, 9.5.e), command costs (CDB-4.2), and random play on
 * Kadesh checking that legal lists exactly what check accepts and that stacks stay well formed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "grognard/game.h"
#include "grognard/proto.h"
#include "support.h"
#include "proto/json.h"
#include "rules/cdb/cdb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static grg_loaded *load(const char *path) { return test_load(path); }

static grg_game *start(const grg_loaded *l, uint64_t seed)
{
    grg_err err;
    grg_game *g = grg_game_new(l->rs, l->sc, NULL, seed, NULL, &err);
    assert_non_null(g);
    return g;
}

static int unit(const grg_loaded *l, const char *id)
{
    int u = grg_scenario_unit(l->sc, id);
    assert_true(u >= 0);
    return u;
}

static grg_hex hex(const char *label)
{
    grg_hex h;
    assert_int_equal(grg_hex_parse(label, &h), 0);
    return h;
}

/* CDB-P2, P4, P6: the data file's own tables. */
static void test_data_tables(void **state)
{
    (void)state;
    grg_loaded *l = load("data/scenarios/cdb/skirmish.json");
    const cdb_data *d = l->data->ext;
    const cdb_type *lh = &d->type[grg_rules_type(l->data, "LH")];
    assert_int_equal(lh->ma, 6);
    assert_true(lh->fast && lh->skirmisher && lh->flee_vs_foot);
    assert_true(d->type[grg_rules_type(l->data, "Bg")].baggage);
    const cdb_terrain *wood = &d->terrain[grg_rules_terrain(l->data, "wood")];
    assert_int_equal(wood->cls, CDB_DIFFICULT);
    assert_true(wood->wood && l->data->terrain[grg_rules_terrain(l->data, "wood")].blocks_los);
    assert_int_equal(d->terrain[grg_rules_terrain(l->data, "brush")].cls, CDB_BROKEN);
    assert_int_equal(d->n_ranks, 9);
    assert_int_equal(d->command_far, 12);
    assert_int_equal(d->support_cap, 3);
    grg_loaded_free(l);
}

/* The loader reports each problem with its JSON path and keeps nothing. */
static void test_data_problem_paths(void **state)
{
    (void)state;
    grg_loaded *l = load("data/scenarios/cdb/skirmish.json");
    grg_problems *p = calloc(1, sizeof *p);
    int nf = 0;
    cJSON *root = grg__json_load_file("data/rulesets/cdb.json", p, &nf);
    assert_non_null(root);
    cJSON *t1 = cJSON_GetArrayItem(cJSON_GetObjectItem(root, "terrain"), 1);
    cJSON_ReplaceItemInObject(t1, "class", cJSON_CreateString("swampy"));
    cJSON *th = cJSON_GetObjectItem(root, "thresholds");
    cJSON_DeleteItemFromObject(th, "support_cap");
    assert_null(grg__cdb_load_ext(root, l->data, p));
    assert_int_equal(p->n, 2);
    assert_string_equal(p->items[0].path, "terrain[1].class");
    assert_string_equal(p->items[1].path, "thresholds.support_cap");
    cJSON_Delete(root);
    free(p);
    grg_loaded_free(l);
}

/* CDB-2.1, CDB-6.1, CDB-8, CDB-P1: what the validation hook refuses, by path. */
static void test_validate(void **state)
{
    (void)state;
    grg_loaded *l = load("data/scenarios/cdb/skirmish.json");
    grg_scenario *sc = malloc(sizeof *sc);
    memcpy(sc, l->sc, sizeof *sc);
    grg_problems *p = calloc(1, sizeof *p);
    assert_int_equal(cdb_validate(sc, p), 0);
    int e1 = unit(l, "e-ch1"), e2 = unit(l, "e-ch2"), h1 = unit(l, "h-ch1");
    sc->units[e1].facing = -1;                                         /* CDB-6.1 */
    sc->units[e2].quality = 'Z';                                       /* CDB-P1 */
    sc->units[h1].cinc = 1;                                            /* CDB-2.1: a second CinC */
    sc->units[unit(l, "e-bd1")].hex = sc->units[unit(l, "e-bw1")].hex; /* CDB-8: Bd on Bw */
    sc->units[unit(l, "e-bd1")].stack = 2;
    assert_true(cdb_validate(sc, p) >= 4);
    char want[4][32];
    snprintf(want[0], sizeof want[0], "units[%d]", e1);
    snprintf(want[1], sizeof want[1], "units[%d]", e2);
    snprintf(want[2], sizeof want[2], "sides[1]");
    snprintf(want[3], sizeof want[3], "units[%d].hex", unit(l, "e-bw1"));
    for (int k = 0; k < 4; k++) {
        int found = 0;
        for (int i = 0; i < p->n; i++)
            found |= strcmp(p->items[i].path, want[k]) == 0;
        if (!found)
            print_error("no problem at %s\n", want[k]);
        assert_true(found);
    }
    free(p);
    free(sc);
    grg_loaded_free(l);
}

/* CDB-9.5.e: the integer rule for the facing closest to a target, with the spec's example. */
static void test_face_towards(void **state)
{
    (void)state;
    assert_int_equal(cdb_face_towards(hex("0505"), 1, hex("0805")), 0);
    assert_int_equal(cdb_face_towards(hex("0505"), 4, hex("0805")), 5);
    assert_int_equal(cdb_face_towards(hex("0505"), -1, hex("0805")), 5);
    assert_int_equal(cdb_face_towards(hex("0505"), 3, hex("0504")), 1);
}

/* B.14 items 1 and 2, CDB-7.1.a, CDB-7.3: frontal hexes and frontal contact. */
static void test_frontal_contact(void **state)
{
    (void)state;
    grg_loaded *l = load("tests/rules/cdb/scenarios/melee_b.json");
    grg_game *g = start(l, 1);
    int bd = unit(l, "bd"), wb = unit(l, "wb1"), f = unit(l, "f");
    assert_true(cdb_frontal_contact(g, bd, wb));
    assert_true(cdb_in_front(g, wb, hex("0605")) && cdb_in_front(g, wb, hex("0504")));
    assert_false(cdb_frontal_contact(g, f, wb));
    assert_true(cdb_in_enemy_zoc(g, bd) && cdb_enemy_in_zoc(g, bd));
    assert_int_equal(cdb_supporters(g, bd, wb, NULL), 1); /* CDB-11.3.a (i) */
    assert_int_equal(cdb_flank_position(g, wb), -1);      /* CDB-11.4.a */
    grg_game_free(g);
    grg_loaded_free(l);
}

/* B.14 item 4, CDB-4.2.a/b: a CinC's group 14 hexes away costs 1 - 1 + 1. */
static void test_command_cost(void **state)
{
    (void)state;
    grg_loaded *l = load("tests/rules/cdb/scenarios/move2.json");
    grg_game *g = start(l, 2);
    int units[2] = {unit(l, "far1"), unit(l, "far2")};
    grg_command c;
    assert_int_equal(cdb_command_cost(g, units, 2, 0, &c), 0);
    assert_int_equal(c.cost, 1);
    assert_int_equal(c.n_terms, 3);
    assert_string_equal(c.terms[1].rule, "CDB-4.2.a");
    assert_string_equal(c.terms[2].rule, "CDB-4.2.b");
    grg_game_free(g);
    grg_loaded_free(l);
}

static uint64_t next_rand(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int listed(const grg_action_list *list, const grg_action *a)
{
    for (int i = 0; i < list->n; i++)
        if (grg_action_eq(&list->items[i], a))
            return 1;
    return 0;
}

static int unitless(int t)
{
    return t == GRG_A_END_ACTIVATION || t == GRG_A_GROUP_CLOSE || t == GRG_A_COMBAT_BEGIN ||
           t == GRG_A_COMBAT_CLOSE || t == GRG_A_NO_ADVANCE || t == GRG_A_END_PHASE;
}

static int takes_hex(int t) { return t == GRG_A_STEP || t == GRG_A_RETREAT || t == GRG_A_ADVANCE; }

/* check accepts a exactly when legal lists it. The actions cdb's apply judges itself (decision
 * 0007: activations, steps, turns, the end of an impulse) are judged alike by apply: refused with
 * check's rule and message, changing nothing (g's hash, no event), or applied (to a copy). */
static void agree(grg_game *g, const grg_game *copy, const grg_action *a,
                  const grg_action_list *all, grg_events *ev)
{
    int ok = grg_check(g, a, NULL) == 0;
    if (ok != listed(all, a))
        fail_msg("%s of %d: check %s but legal %s", grg_action_name((grg_action_type)a->type),
                 a->unit, ok ? "accepts" : "refuses", ok ? "omits it" : "lists it");
    if (a->type != GRG_A_ACTIVATE && a->type != GRG_A_STEP && a->type != GRG_A_TURN &&
        a->type != GRG_A_END_ACTIVATION)
        return;
    grg_verdict cw, aw;
    assert_int_equal(grg_check(g, a, &cw) == 0, ok);
    grg_game *c = ok ? grg_game_clone(g) : g;
    grg_events_clear(ev);
    if ((grg_apply(c, a, ev, &aw) == 0) != ok)
        fail_msg("%s of %d: check %s but apply %s", grg_action_name((grg_action_type)a->type),
                 a->unit, ok ? "accepts" : "refuses", ok ? "refuses it" : "accepts it");
    if (ok) {
        grg_game_free(c);
        return;
    }
    assert_string_equal(aw.rule, cw.rule);
    assert_string_equal(aw.message, cw.message);
    assert_memory_equal(g, copy, grg_game_state_end(g));
    assert_int_equal(ev->n, 0);
}

/* Every action check could be asked about, with its meaningful fields varied: accepted exactly
 * when legal lists it, and judged alike by apply. */
static void check_actions(grg_game *g, const grg_action_list *all, grg_events *ev)
{
    grg_game *copy = grg_game_clone(g);
    for (int t = GRG_A_ACTIVATE; t < GRG_A_COUNT; t++) {
        if (unitless(t)) {
            agree(g, copy, &(grg_action){(int16_t)t, 0, -1, -1, {0, 0}}, all, ev);
            continue;
        }
        for (int u = 0; u < g->n_units; u++) {
            if (g->units[u].status != GRG_UNIT_ON_MAP)
                continue;
            grg_action a = grg_action_make((grg_action_type)t, u);
            if (takes_hex(t)) {
                for (int k = 0; k < 12; k++) {
                    a.hex = grg_hex_neighbour(g->units[u].hex, k % 6);
                    if (k >= 6)
                        a.hex = grg_hex_neighbour(a.hex, k % 6);
                    agree(g, copy, &a, all, ev);
                }
            } else if (t == GRG_A_SHOOT) {
                for (int v = 0; v < g->n_units; v++) {
                    a.target = (int16_t)v;
                    agree(g, copy, &a, all, ev);
                }
            } else if (t == GRG_A_TURN) {
                for (a.arg = -1; a.arg <= 1; a.arg = (int16_t)(a.arg + 2))
                    agree(g, copy, &a, all, ev);
            } else if (t == GRG_A_ACTIVATE) {
                for (a.arg = 0; a.arg <= 1; a.arg++)
                    agree(g, copy, &a, all, ev);
            } else {
                agree(g, copy, &a, all, ev);
            }
        }
    }
    grg_game_free(copy);
}

/* CDB-8.a, 8.1.a: stacks hold at most 3 counters of one side at positions 0..n-1. */
static void check_stacks(const grg_game *g)
{
    for (int u = 0; u < g->n_units; u++) {
        if (g->units[u].status != GRG_UNIT_ON_MAP)
            continue;
        int cs[3], n = cdb_stack(g, g->units[u].hex, cs);
        assert_true(grg_map_contains(&g->sc->map, g->units[u].hex));
        for (int j = 0; j < n; j++) {
            assert_int_equal(g->units[cs[j]].stack, j);
            assert_int_equal(g->units[cs[j]].side, g->units[u].side);
        }
    }
}

/* Random play: legal = what check accepts, apply never refuses a listed action, clones are
 * independent, the game ends by the turn limit or a victory (CDB-P14). */
static void random_play(const char *path, uint64_t seeds, long every)
{
    grg_loaded *l = load(path);
    grg_action_list *list = malloc(sizeof *list);
    grg_events *ev = grg_events_new(256);
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        grg_game *g = start(l, seed);
        uint64_t rng = seed;
        long n = 0;
        while (!g->over && n < 20000) {
            grg_legal(g, NULL, 0, list);
            assert_true(list->n > 0);
            if (n % every == 0)
                check_actions(g, list, ev);
            grg_action a = list->items[next_rand(&rng) % (uint64_t)list->n];
            if (n % 211 == 0) {
                grg_game *c = grg_game_clone(g);
                uint64_t before = grg_game_hash(g);
                grg_verdict why;
                assert_int_equal(grg_apply(c, &a, NULL, &why), 0);
                assert_int_equal(grg_game_hash(g), before);
                grg_game_free(c);
            }
            grg_verdict why;
            grg_events_clear(ev);
            if (grg_apply(g, &a, ev, &why) < 0)
                fail_msg("listed action refused: %s %s", why.rule, why.message);
            check_stacks(g);
            n++;
        }
        assert_true(g->over);
        grg_game_free(g);
    }
    grg_events_free(ev);
    free(list);
    grg_loaded_free(l);
}

/* On Kadesh (mostly movement), and on positions where the lines meet at once, so that missile
 * fire, melees, recoils, advances and flight are exercised too. */
static void test_kadesh_random_play(void **state)
{
    (void)state;
    random_play("data/scenarios/cdb/kadesh.json", 2, 97);
}

static void test_contact_random_play(void **state)
{
    (void)state;
    random_play("tests/rules/cdb/scenarios/brawl.json", 30, 3);
    random_play("data/scenarios/cdb/skirmish.json", 4, 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_data_tables),        cmocka_unit_test(test_data_problem_paths),
        cmocka_unit_test(test_validate),           cmocka_unit_test(test_face_towards),
        cmocka_unit_test(test_frontal_contact),    cmocka_unit_test(test_command_cost),
        cmocka_unit_test(test_kadesh_random_play), cmocka_unit_test(test_contact_random_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
