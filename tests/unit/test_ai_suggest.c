/* A suggestion for a player (grg_ai_suggest, the server's hint): a whole move, the activation it
 * begins played to its end, each action legal in turn; the game and its dice untouched; the same
 * for the same seed and budget; refused for an unknown player or a finished game. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ai_games.h"

#define SKIRMISH "data/scenarios/cdb/skirmish.json"
#define MAX 16

static const grg_ai_budget budget = {8, 0};

/* Plays g on with greedy until its side to act is in a phase where it moves units (an activation
 * is legal). */
static void to_movement(grg_game *g)
{
    grg_ai *ai = grg_ai_new("greedy", 3, NULL);
    grg_action_list *l = malloc(sizeof *l);
    assert_non_null(l);
    for (int k = 0; k < 50; k++) {
        assert_int_equal(grg_legal(g, NULL, 0, l), 0);
        for (int i = 0; i < l->n; i++)
            if (l->items[i].type == GRG_A_ACTIVATE) {
                free(l);
                grg_ai_free(ai);
                return;
            }
        grg_action a;
        assert_int_equal(grg_ai_choose(ai, g, budget, &a), 0);
        assert_int_equal(grg_apply(g, &a, NULL, NULL), 0);
    }
    fail_msg("no activation is legal after 50 actions");
}

static void test_suggests_a_whole_activation(void **state)
{
    (void)state;
    grg_loaded *ld = test_load(SKIRMISH);
    grg_game *g = start(ld, 5, NULL);
    to_movement(g);
    uint64_t hash = grg_game_hash(g), rng[4];
    memcpy(rng, g->rng, sizeof rng);
    grg_action out[MAX];
    int n = grg_ai_suggest("plan", NULL, g, 7, budget, out, MAX);
    assert_true(n >= 2);
    assert_true(out[0].type == GRG_A_ACTIVATE || out[0].type == GRG_A_GROUP_BEGIN);
    assert_int_equal(out[n - 1].type, GRG_A_END_ACTIVATION);
    for (int i = 1; i < n - 1; i++)
        assert_int_not_equal(out[i].type, GRG_A_END_ACTIVATION);
    assert_int_equal(grg_game_hash(g), hash); /* the game is as it was, its dice too */
    assert_memory_equal(g->rng, rng, sizeof rng);
    for (int i = 0; i < n; i++) /* each action legal where the one before leaves the game */
        assert_int_equal(grg_apply(g, &out[i], NULL, NULL), 0);
    /* The same seed and budget suggest the same again; max cuts it short. */
    grg_game_free(g);
    g = start(ld, 5, NULL);
    to_movement(g);
    grg_action again[MAX];
    assert_int_equal(grg_ai_suggest("plan", NULL, g, 7, budget, again, MAX), n);
    assert_memory_equal(again, out, (size_t)n * sizeof out[0]);
    assert_int_equal(grg_ai_suggest("plan", NULL, g, 7, budget, again, 1), 1);
    assert_true(grg_action_eq(&again[0], &out[0]));
    grg_game_free(g);
    grg_loaded_free(ld);
}

static void test_refused(void **state)
{
    (void)state;
    grg_loaded *ld = test_load(DUEL);
    grg_game *g = start(ld, 5, NULL);
    grg_action out[MAX];
    assert_int_equal(grg_ai_suggest("no-such-player", NULL, g, 1, budget, out, MAX), -1);
    assert_int_equal(grg_ai_suggest("greedy", NULL, g, 1, budget, out, 0), -1);
    g->over = 1;
    assert_int_equal(grg_ai_suggest("greedy", NULL, g, 1, budget, out, MAX), -1);
    grg_game_free(g);
    grg_loaded_free(ld);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_suggests_a_whole_activation),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
