/* Players kept between decisions (grg_ai_seats, what the protocol's `think` asks through): a game
 * played one request at a time, naming no seed after a side's first, is the game of players kept
 * whole, as tournaments and the server's seats keep theirs, not that of a fresh player at every
 * decision, which requests naming their seed get; other options, another player or a new game
 * make a new player; and a plan player asked again where it chose, its choice not played, keeps
 * its plans whole. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "grognard/ai.h"
#include "support.h"

#define DUEL "data/scenarios/test/duel.json"
#define N 60

static grg_game *start(const grg_loaded *l)
{
    grg_err err;
    grg_game *g = grg_game_new(l->rs, l->sc, NULL, 5, NULL, &err);
    assert_non_null(g);
    return g;
}

static const grg_ai_budget budget = {8, 0};
static const uint64_t seeds[2] = {11, 12};

/* The first choice of a fresh plan player seeded with seed at g. */
static grg_action first_choice(const grg_game *g, uint64_t seed, const char *options)
{
    grg_ai *ai = grg_ai_new("plan", seed, options);
    assert_non_null(ai);
    grg_action a;
    assert_int_equal(grg_ai_choose(ai, g, budget, &a), 0);
    grg_ai_free(ai);
    return a;
}

/* How the game's choices are made: by seats (the first request of a side names its seed, the
 * later ones none), by seats with the seed named at every request, by players kept whole, or by
 * a fresh player at every decision. */
typedef enum { SEATS, SEATS_SEEDED, KEPT, FRESH } asker;

static void play(const grg_loaded *ld, asker how, grg_action *moves)
{
    grg_game *g = start(ld);
    grg_ai_seats *s = grg_ai_seats_new();
    grg_ai *kept[2] = {grg_ai_new("plan", seeds[0], NULL), grg_ai_new("plan", seeds[1], NULL)};
    assert_non_null(s);
    int asked[2] = {0, 0};
    for (int i = 0; i < N; i++) {
        moves[i] = grg_action_make(GRG_A_NONE, -1);
        if (g->over)
            continue;
        int side = g->active;
        if (how == SEATS || how == SEATS_SEEDED) {
            uint64_t used = 0;
            const uint64_t *named = how == SEATS && asked[side] ? NULL : &seeds[side];
            assert_int_equal(
                grg_ai_seats_choose(s, "plan", NULL, named, 999, g, budget, &moves[i], &used), 0);
            assert_true(used == seeds[side]); /* a kept player goes on with its own seed */
            asked[side] = 1;
        } else if (how == KEPT) {
            assert_int_equal(grg_ai_choose(kept[side], g, budget, &moves[i]), 0);
        } else {
            moves[i] = first_choice(g, seeds[side], NULL);
        }
        assert_int_equal(grg_apply(g, &moves[i], NULL, NULL), 0);
    }
    grg_ai_free(kept[0]);
    grg_ai_free(kept[1]);
    grg_ai_seats_free(s);
    grg_game_free(g);
}

static int same_game(const grg_action *a, const grg_action *b)
{
    for (int i = 0; i < N; i++)
        if (!grg_action_eq(&a[i], &b[i]))
            return 0;
    return 1;
}

static void test_seats_play_the_kept_players_game(void **state)
{
    (void)state;
    grg_loaded *ld = test_load(DUEL);
    grg_action seats[N], seeded[N], kept[N], fresh[N];
    play(ld, SEATS, seats);
    play(ld, SEATS_SEEDED, seeded);
    play(ld, KEPT, kept);
    play(ld, FRESH, fresh);
    assert_true(same_game(seats, kept));
    assert_false(same_game(seats, fresh)); /* keeping the player is what made the difference */
    assert_true(same_game(seeded, fresh)); /* a request naming its seed: a fresh player's answer */
    grg_loaded_free(ld);
}

/* The seats' choice for the side to act, with the seed named when seed is not NULL. */
static grg_action seat_choice(grg_ai_seats *s, const grg_game *g, const uint64_t *seed,
                              uint64_t fresh, const char *options, uint64_t *used)
{
    grg_action a;
    assert_int_equal(grg_ai_seats_choose(s, "plan", options, seed, fresh, g, budget, &a, used), 0);
    return a;
}

/* Which player answers, told by the seed it reports: the kept one when nothing else is asked for,
 * a new one for other options or after clearing; and what is refused. */
static void test_seats_make_a_new_player_when_asked_for_another(void **state)
{
    (void)state;
    grg_loaded *ld = test_load(DUEL);
    grg_game *g = start(ld);
    grg_ai_seats *s = grg_ai_seats_new();
    uint64_t used = 0, seed = 31;
    /* No seed named and no player kept: a new one seeded with the fresh seed. */
    grg_action a = seat_choice(s, g, NULL, 77, NULL, &used);
    assert_true(used == 77);
    grg_action want = first_choice(g, 77, NULL);
    assert_true(grg_action_eq(&a, &want));
    seat_choice(s, g, NULL, 78, NULL, &used);
    assert_true(used == 77); /* kept */
    seat_choice(s, g, &seed, 79, NULL, &used);
    assert_true(used == 31); /* named */
    seat_choice(s, g, NULL, 80, "pop=4", &used);
    assert_true(used == 80); /* other options */
    seat_choice(s, g, NULL, 81, "pop=4", &used);
    assert_true(used == 80); /* kept */
    grg_ai_seats_clear(s);
    a = seat_choice(s, g, NULL, 82, "pop=4", &used);
    assert_true(used == 82); /* cleared */
    want = first_choice(g, 82, "pop=4");
    assert_true(grg_action_eq(&a, &want));
    /* Refused: an unknown player, options it does not take. */
    assert_int_equal(grg_ai_seats_choose(s, "nobody", NULL, NULL, 1, g, budget, &a, &used), -1);
    assert_int_equal(grg_ai_seats_choose(s, "plan", "width=3", NULL, 1, g, budget, &a, &used), -1);
    grg_ai_seats_free(s);
    grg_game_free(g);
    grg_loaded_free(ld);
}

/* A plan player asked again where it chose, its choice not played (a protocol client weighing
 * it, or undoing it), chooses the same again: its plans keep their first action. Along the nap
 * skirmish's first decisions each is asked twice; a player that took its last choice as played
 * answered otherwise at the first (and at 16 generations in 25 of the first 40). */
static void test_plan_asked_again_where_it_chose(void **state)
{
    (void)state;
    grg_loaded *ld = test_load("data/scenarios/nap/skirmish.json");
    grg_game *g = start(ld);
    grg_ai *ai[2] = {grg_ai_new("plan", seeds[0], NULL), grg_ai_new("plan", seeds[1], NULL)};
    for (int i = 0; i < 30 && !g->over; i++) {
        grg_action a, again;
        assert_int_equal(grg_ai_choose(ai[g->active], g, budget, &a), 0);
        assert_int_equal(grg_ai_choose(ai[g->active], g, budget, &again), 0);
        if (!grg_action_eq(&a, &again))
            fail_msg("decision %d: asked again, the plan player chose otherwise", i);
        assert_int_equal(grg_apply(g, &a, NULL, NULL), 0);
    }
    grg_ai_free(ai[0]);
    grg_ai_free(ai[1]);
    grg_game_free(g);
    grg_loaded_free(ld);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seats_play_the_kept_players_game),
        cmocka_unit_test(test_seats_make_a_new_player_when_asked_for_another),
        cmocka_unit_test(test_plan_asked_again_where_it_chose),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
