/* Games the AI tests play (test_ai.c, test_ai_plan.c, test_ai_plan_memo.c, test_ai_search.c):
 * games started, a player's games against itself and against another, and the look-ahead players'
 * games against random. Scenarios are loaded with support.h's test_load. Include after
 * <cmocka.h>. */
#ifndef GRG_TEST_AI_GAMES_H
#define GRG_TEST_AI_GAMES_H

#include "grognard/ai.h"
#include "support.h"

#ifndef GRG_SANITIZED /* set by the sanitizer build (CMakeLists.txt) */
#define GRG_SANITIZED 0
#endif

#define DUEL "data/scenarios/test/duel.json"
#define CLASH "data/scenarios/test/clash.json"

static inline grg_game *start(const grg_loaded *l, uint64_t seed, const grg_options *opt)
{
    grg_err err;
    grg_game *g = grg_game_new(l->rs, l->sc, opt, seed, NULL, &err);
    assert_non_null(g);
    return g;
}

/* The first n actions of a game `player` plays against itself within budget b (each choice
 * legal: it is applied), the hash where they end. */
static inline uint64_t self_game_within(const grg_loaded *ld, const char *player,
                                        const char *options, uint64_t seed, int n,
                                        grg_action *moves, grg_ai_budget b)
{
    grg_game *g = start(ld, seed, NULL);
    grg_ai *ai[2] = {grg_ai_new(player, 11, options), grg_ai_new(player, 12, options)};
    assert_non_null(ai[0]);
    assert_non_null(ai[1]);
    for (int i = 0; i < n; i++) {
        moves[i] = grg_action_make(GRG_A_NONE, -1);
        if (g->over)
            continue;
        assert_int_equal(grg_ai_choose(ai[g->active], g, b, &moves[i]), 0);
        assert_int_equal(grg_apply(g, &moves[i], NULL, NULL), 0);
    }
    uint64_t h = grg_game_hash(g);
    grg_ai_free(ai[0]);
    grg_ai_free(ai[1]);
    grg_game_free(g);
    return h;
}

/* The same at 16 iterations a decision. */
static inline uint64_t self_game(const grg_loaded *ld, const char *player, const char *options,
                                 uint64_t seed, int n, grg_action *moves)
{
    return self_game_within(ld, player, options, seed, n, moves, (grg_ai_budget){16, 0});
}

/* Fails when one of the n actions activates a unit or closes a group and the next ends the
 * activation with nothing done in it (an action point spent for nothing, which a player watching
 * the AI would see). Returns the activations started, so that a caller can check there were some
 * to judge. */
static inline int assert_no_idle_activation(const grg_action *a, int n)
{
    int started = 0;
    for (int i = 0; i + 1 < n; i++) {
        int begins = a[i].type == GRG_A_ACTIVATE || a[i].type == GRG_A_GROUP_CLOSE;
        started += begins;
        if (begins && a[i + 1].type == GRG_A_END_ACTIVATION)
            fail_msg("action %d activates a unit or group that does nothing (%s %d)", i,
                     grg_action_name(a[i].type), a[i].unit);
    }
    return started;
}

/* Fails when one of the n actions turns a unit and the next turns it back (movement points spent
 * for nothing, a counter wheeling and wheeling back). Returns the turns, so that a caller can
 * check there were some to judge. */
static inline int assert_no_undone_turn(const grg_action *a, int n)
{
    int turns = 0;
    for (int i = 0; i + 1 < n; i++) {
        turns += a[i].type == GRG_A_TURN;
        if (a[i].type == GRG_A_TURN && a[i + 1].type == GRG_A_TURN && a[i + 1].unit == a[i].unit &&
            a[i + 1].arg == -a[i].arg)
            fail_msg("action %d turns unit %d back", i + 1, a[i].unit);
    }
    return turns;
}

typedef struct ai_visit {
    int unit;
    grg_hex hex;
} ai_visit;

static inline int stood_in(const ai_visit *seen, int k, int unit, grg_hex hex)
{
    for (int j = 0; j < k; j++)
        if (seen[j].unit == unit && grg_hex_eq(seen[j].hex, hex))
            return 1;
    return 0;
}

/* Fails when one of the n actions, played again from the start of the game of seed `seed`, steps
 * a unit into a hex it stood in earlier in the same phase (movement points spent to come back: a
 * counter led out and back). The hexes are those the side to act's units stood in at each action
 * since the phase, or the side to act, last changed, as the plan player notes them. Returns the
 * steps, so that a caller can check there were some to judge. */
static inline int assert_no_walk_back(const grg_loaded *ld, uint64_t seed, const grg_action *a,
                                      int n)
{
    enum { MOST = 4096 };
    static ai_visit seen[MOST];
    grg_game *g = start(ld, seed, NULL);
    int k = 0, steps = 0, turn = -1, phase = -1, side = -1;
    for (int i = 0; i < n && !g->over; i++) {
        if (g->turn != turn || g->phase != phase || g->active != side) {
            k = 0;
            turn = g->turn;
            phase = g->phase;
            side = g->active;
        }
        for (int u = 0; u < g->n_units; u++)
            if (g->units[u].side == side && g->units[u].status == GRG_UNIT_ON_MAP &&
                !stood_in(seen, k, u, g->units[u].hex)) {
                assert_true(k < MOST);
                seen[k].unit = u;
                seen[k++].hex = g->units[u].hex;
            }
        if (a[i].type == GRG_A_STEP) {
            steps++;
            if (stood_in(seen, k, a[i].unit, a[i].hex))
                fail_msg("action %d steps unit %d back into a hex it stood in this phase", i,
                         a[i].unit);
        }
        assert_int_equal(grg_apply(g, &a[i], NULL, NULL), 0);
    }
    grg_game_free(g);
    return steps;
}

/* Plays one game to its end; returns the winning side or -1. */
static inline int match(const grg_loaded *ld, uint64_t seed, const char *p0, const char *p1,
                        int iterations)
{
    grg_game *g = start(ld, seed, NULL);
    grg_ai *ai[2] = {grg_ai_new(p0, seed * 2 + 1, NULL), grg_ai_new(p1, seed * 2 + 2, NULL)};
    grg_ai_budget b = {iterations, 0};
    for (int n = 0; !g->over && n < 5000; n++) {
        grg_action a;
        assert_int_equal(grg_ai_choose(ai[g->active], g, b, &a), 0);
        assert_int_equal(grg_apply(g, &a, NULL, NULL), 0);
    }
    int w = g->over ? g->winner : -1;
    grg_ai_free(ai[0]);
    grg_ai_free(ai[1]);
    grg_game_free(g);
    return w;
}

/* A player that looks ahead (search, plan) against random, each side in turn. On the skirmish
 * of each shipped ruleset it must win most games. On the test scenario, whose only victory is
 * annihilation within six turns, a player that will not walk into the enemy's first strike draws
 * against one that never comes: there it must simply never lose more than it wins. The skirmish
 * games, whose lookahead greedy plays, take about a minute a player in the release build and over
 * ten minutes under the sanitizers, so the sanitizer build plays only the test scenario's (the
 * same code paths, on a smaller board). */
static inline void beats_random(const char *player, int iterations)
{
    static const char *const skirmishes[] = {"data/scenarios/nap/skirmish.json",
                                             "data/scenarios/cdb/skirmish.json"};
    enum { GAMES = 4 };
    size_t n_skirmishes = GRG_SANITIZED ? 0 : sizeof skirmishes / sizeof *skirmishes;
    for (size_t k = 0; k < n_skirmishes; k++) {
        grg_loaded *ld = test_load(skirmishes[k]);
        int wins = 0;
        for (int i = 0; i < GAMES; i++) {
            int me = i % 2;
            int w = match(ld, 300 + (uint64_t)i, me == 0 ? player : "random",
                          me == 0 ? "random" : player, iterations);
            wins += w == me;
        }
        print_message("%s vs random on %s: %d wins of %d\n", player, skirmishes[k], wins, GAMES);
        assert_true(wins * 4 >= GAMES * 3);
        grg_loaded_free(ld);
    }
    grg_loaded *ld = test_load(DUEL);
    int wins = 0, losses = 0;
    for (int i = 0; i < GAMES; i++) {
        int me = i % 2;
        int w = match(ld, 400 + (uint64_t)i, me == 0 ? player : "random",
                      me == 0 ? "random" : player, iterations);
        wins += w == me;
        losses += w == 1 - me;
    }
    print_message("%s vs random on %s: %d wins, %d losses of %d\n", player, DUEL, wins, losses,
                  GAMES);
    assert_true(wins >= losses);
    grg_loaded_free(ld);
}

#endif
