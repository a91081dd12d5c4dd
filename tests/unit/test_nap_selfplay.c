/* Aggressive self-play of Quatre Bras (spec C, D): a random player that seldom ends a phase, so
 * units close, fight, bombard, charge, retreat and advance. At every state each action `legal`
 * lists must pass `check` (legal = check, design §2), and at every fifth state every action a
 * player could write that `check` accepts must be listed, a game never reaches a state without
 * legal actions before it ends (no dead ends), and replaying the same seed gives the same final
 * hash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "grognard/game.h"
#include "grognard/proto.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

typedef struct tally {
    int games, actions, combats, over;
} tally;

static int in_list(const grg_action_list *list, const grg_action *a)
{
    for (int i = 0; i < list->n; i++)
        if (grg_action_eq(&list->items[i], a))
            return 1;
    return 0;
}

/* The other half of legal = check: an action that `check` accepts must be in the legal list. */
static void accepted_is_listed(const grg_game *g, const grg_action_list *list, grg_action a)
{
    grg_verdict why;
    if (grg_check(g, &a, &why) == 0 && !in_list(list, &a)) {
        print_error("accepted but not listed: %s unit %d target %d arg %d hex %d,%d\n",
                    grg_action_name((grg_action_type)a.type), a.unit, a.target, a.arg, a.hex.q,
                    a.hex.r);
        fail();
    }
}

/* Tries every action of every type a player could write for the units of the game: moves to each
 * neighbour and entry hex, close and ranged attackers, defenders, charges, advances up to two
 * hexes, and the unit-less actions. */
static void reverse_check(const grg_game *g, const grg_action_list *list)
{
    static const grg_action_type bare[] = {GRG_A_END_PHASE, GRG_A_END_ACTIVATION,
                                           GRG_A_COMBAT_BEGIN, GRG_A_COMBAT_CLOSE,
                                           GRG_A_NO_ADVANCE};
    for (size_t i = 0; i < sizeof bare / sizeof bare[0]; i++)
        accepted_is_listed(g, list, grg_action_make(bare[i], -1));
    for (int u = 0; u < g->n_units; u++) {
        const grg_unit *x = &g->units[u];
        accepted_is_listed(g, list, grg_action_make(GRG_A_ACTIVATE, u));
        accepted_is_listed(g, list, grg_action_make(GRG_A_ATTACKER, u));
        accepted_is_listed(g, list, grg_action_make(GRG_A_DEFENDER, u));
        for (int r = 0; r < g->sc->n_reinf; r++)
            for (int k = 0; g->sc->reinf[r].unit == u && k < g->sc->reinf[r].n_entry; k++) {
                grg_action a = grg_action_make(GRG_A_STEP, u);
                a.hex = g->sc->reinf[r].entry[k];
                accepted_is_listed(g, list, a);
            }
        if (x->status != GRG_UNIT_ON_MAP)
            continue;
        for (int d = 0; d < 6; d++) {
            grg_hex n1 = grg_hex_neighbour(x->hex, d);
            grg_action a = grg_action_make(GRG_A_STEP, u);
            a.hex = n1;
            accepted_is_listed(g, list, a);
            a.type = GRG_A_ADVANCE;
            accepted_is_listed(g, list, a);
            for (int d2 = 0; d2 < 6; d2++) {
                a.hex = grg_hex_neighbour(n1, d2);
                accepted_is_listed(g, list, a);
            }
        }
        for (int e = 0; e < g->n_units; e++) {
            const grg_unit *y = &g->units[e];
            if (y->side == x->side || y->status != GRG_UNIT_ON_MAP)
                continue;
            grg_action a = grg_action_make(GRG_A_ATTACKER, u);
            a.arg = 1;
            a.hex = y->hex;
            accepted_is_listed(g, list, a);
            grg_action c = grg_action_make(GRG_A_CHARGE, u);
            c.target = (int16_t)e;
            c.hex = x->hex;
            accepted_is_listed(g, list, c);
        }
    }
}

/* Plays one game; returns its final hash. */
static uint64_t play(const grg_loaded *l, const grg_options *o, uint64_t seed, int check_all,
                     tally *t)
{
    grg_err err;
    grg_game *g = grg_game_new(l->rs, l->sc, o, seed, NULL, &err);
    assert_non_null(g);
    grg_action_list *list = malloc(sizeof *list);
    grg_events *ev = grg_events_new(256);
    uint64_t pick = seed * 0x9e3779b97f4a7c15ull + 1;
    grg_verdict why;
    for (int n = 0; n < 20000 && !g->over; n++) {
        list->n = 0;
        list->truncated = 0;
        assert_int_equal(grg_legal(g, NULL, 0, list), 0);
        assert_true(list->n > 0); /* no dead end */
        assert_false(list->truncated);
        if (check_all && n % 5 == 0)
            reverse_check(g, list);
        if (check_all)
            for (int i = 0; i < list->n; i++)
                if (grg_check(g, &list->items[i], &why) != 0) {
                    print_error("legal but refused: %s %s\n", why.rule, why.message);
                    fail();
                }
        int k = (int)(next(&pick) % (uint64_t)list->n);
        /* end the phase only one time in twenty when something else is open */
        if (list->items[k].type == GRG_A_END_PHASE && list->n > 1 && next(&pick) % 20)
            k = (k + 1) % list->n;
        if (list->items[k].type == GRG_A_COMBAT_CLOSE)
            t->combats++;
        grg_events_clear(ev);
        assert_int_equal(grg_apply(g, &list->items[k], ev, &why), 0);
        t->actions++;
    }
    assert_true(g->over);
    t->over++;
    t->games++;
    uint64_t h = grg_game_hash(g);
    grg_events_free(ev);
    free(list);
    grg_game_free(g);
    return h;
}

static grg_loaded *load_qb(void) { return test_load("data/scenarios/nap/quatre-bras.json"); }

static void run(const char *opt, const char *value, int games, int check_all)
{
    grg_loaded *l = load_qb();
    grg_options o;
    memset(&o, 0, sizeof o);
    if (opt) {
        int v;
        char msg[160];
        assert_int_equal(grg_option_parse(l->rs, opt, value, &v, msg, sizeof msg), 0);
        assert_int_equal(grg_options_set(&o, opt, v), 0);
    }
    tally t = {0, 0, 0, 0};
    for (int i = 0; i < games; i++) {
        uint64_t h = play(l, &o, (uint64_t)i + 1, check_all && i < 2, &t);
        if (i == 0)
            assert_true(h == play(l, &o, 1, 0, &t)); /* determinism */
    }
    print_message("%s=%s: %d games, %d actions, %d combats\n", opt ? opt : "plain",
                  opt ? value : "", t.games, t.actions, t.combats);
    assert_true(t.combats > games); /* the battle is fought, not just walked through */
    grg_loaded_free(l);
}

/* NAP-7.2 to NAP-9.4 exercised in play: legal equals check, no dead ends, determinism. */
static void test_selfplay_plain(void **state)
{
    (void)state;
    run(NULL, NULL, 12, 1);
}

static void test_selfplay_per_defender(void **state)
{
    (void)state;
    run("grouping", "per_defender", 6, 1);
}

/* The house layer on (HR-5a, 7a, 7b, 8a, 11, 12 in their D.3 modes). */
static void test_selfplay_house(void **state)
{
    (void)state;
    run("house", "on", 12, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_selfplay_plain),
        cmocka_unit_test(test_selfplay_per_defender),
        cmocka_unit_test(test_selfplay_house),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
