/* The plan player (src/ai/plan.c, docs/ai.md). Its selection (docs/ai-log.md, twentieth pass): its
 * members are ranked best first, but a judgement already kept goes behind every other, so that
 * plans judged alike (the same moves in another order) no longer fill the population while
 * different plans are dropped. Its defaults play as documented (first steps and horizon by the
 * game's facings, 8 imagined rolls), and it beats the random player. Its memo is
 * test_ai_plan_memo.c's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ai/ai_internal.h"
#include "ai_games.h"

#include <stdio.h>

static void test_a_judgement_is_kept_once_before_any_twice(void **state)
{
    (void)state;
    const double value[] = {3.0, 5.0, 5.0, 1.0, 5.0, 2.0, 3.0};
    int order[7];
    assert_int_equal(grg__ai_rank(value, 7, order), 4);
    /* 5, 3, 2, 1 (each value's first member), then the second 5, the third 5 and the second 3. */
    const int want[] = {1, 0, 5, 3, 2, 4, 6};
    for (int i = 0; i < 7; i++)
        assert_int_equal(order[i], want[i]);
}

static void test_distinct_values_are_sorted_best_first(void **state)
{
    (void)state;
    const double value[] = {0.5, -1.0, 2.0, 0.25};
    int order[4];
    assert_int_equal(grg__ai_rank(value, 4, order), 4);
    const int want[] = {2, 0, 3, 1};
    for (int i = 0; i < 4; i++)
        assert_int_equal(order[i], want[i]);
}

static void test_a_population_of_clones_keeps_its_order(void **state)
{
    (void)state;
    double value[AI_RANK_MAX];
    int order[AI_RANK_MAX];
    for (int i = 0; i < AI_RANK_MAX; i++)
        value[i] = 0.75;
    assert_int_equal(grg__ai_rank(value, AI_RANK_MAX, order), 1);
    for (int i = 0; i < AI_RANK_MAX; i++)
        assert_int_equal(order[i], i);
}

/* The plan player with the options `base` (NULL: none) plays the first n actions (at most
 * MOST_ACTIONS) of the game of the options `same` and not that of any of `others`
 * (NULL-terminated): a default is the value documented, and each option changes the play. */
enum { MOST_ACTIONS = 400, NAP_ACTIONS = 40 };
static void plan_default_plays_as(const char *path, int n, const char *base, const char *same,
                                  const char *const *others)
{
    grg_loaded *ld = test_load(path);
    grg_action a[MOST_ACTIONS];
    assert_true(n <= MOST_ACTIONS);
    uint64_t h = self_game(ld, "plan", base, 3, n, a);
    assert_true(h == self_game(ld, "plan", same, 3, n, a));
    for (int i = 0; others[i]; i++)
        if (h == self_game(ld, "plan", others[i], 3, n, a))
            fail_msg("%s: the default plays as %s over %d actions", path, others[i], n);
    grg_loaded_free(ld);
}

/* The plan player's defaults by the game's facings: where the units face a vertex (the cdb
 * skirmish) 24 first steps (docs/ai-log.md, sixteenth pass) and plans past the phase for the side
 * moving first only (thirtieth pass); where they have no facing (the nap skirmish) no first steps
 * and plans past their phase for both sides (plan.c's plan_over), a movement judged with the
 * combat it brings on (twenty-second pass). The cdb games (horizon=0 first plays otherwise at the
 * 63rd action) take over seven minutes under the sanitizers, whose build runs the same code: it
 * plays the nap ones only, as beats_random does. */
static void test_plan_defaults_by_facing(void **state)
{
    (void)state;
    static const char *const cdb_others[] = {"first_steps=0", "horizon=0", NULL};
    if (!GRG_SANITIZED)
        plan_default_plays_as("data/scenarios/cdb/skirmish.json", 80, NULL,
                              "first_steps=24,horizon=2", cdb_others);
    static const char *const nap_others[] = {"first_steps=24", "horizon=0", NULL};
    plan_default_plays_as("data/scenarios/nap/skirmish.json", NAP_ACTIONS, NULL,
                          "first_steps=0,horizon=1", nap_others);
}

/* The plan player's choice at g with the horizon given (a fresh player, the same seed each time).
 */
static grg_action plan_choice(const grg_game *g, int horizon)
{
    char options[32];
    snprintf(options, sizeof options, "horizon=%d", horizon);
    grg_ai *ai = grg_ai_new("plan", 21, options);
    assert_non_null(ai);
    grg_action a;
    grg_ai_budget b = {4, 0};
    assert_int_equal(grg_ai_choose(ai, g, b, &a), 0);
    grg_ai_free(ai);
    return a;
}

/* horizon=2 plans past the phase for the side that moves first in the game turn and to the
 * phase's end for the other (docs/ai-log.md, twenty-fifth pass): along a game greedy plays,
 * wherever plans past the phase (1) and to its end (0) choose differently, it chooses as 1 for the
 * first side and as 0 for the second; and each side meets such a decision. */
static void test_plan_past_the_phase_for_the_first_side(void **state)
{
    (void)state;
    grg_loaded *ld = test_load(DUEL);
    grg_game *g = start(ld, 5, NULL);
    grg_ai *greedy = grg_ai_new("greedy", 7, NULL);
    assert_non_null(greedy);
    int differed[2] = {0, 0};
    for (int n = 0; n < 400 && !g->over && !(differed[0] && differed[1]); n++) {
        grg_action a0 = plan_choice(g, 0), a1 = plan_choice(g, 1), a2 = plan_choice(g, 2);
        if (!grg_action_eq(&a0, &a1)) {
            int first = g->active == g->sc->first_side;
            assert_true(grg_action_eq(&a2, first ? &a1 : &a0));
            differed[!first] = 1;
        }
        grg_action a;
        grg_ai_budget b = {1, 0};
        assert_int_equal(grg_ai_choose(greedy, g, b, &a), 0);
        assert_int_equal(grg_apply(g, &a, NULL, NULL), 0);
    }
    assert_true(differed[0] && differed[1]);
    grg_ai_free(greedy);
    grg_game_free(g);
    grg_loaded_free(ld);
}

/* The plan player judges a plan that throws dice on 8 imagined rolls by default (docs/ai-log.md,
 * twenty-first pass); on the 3 rolls of the passes before, it plays another game, once the
 * fighting begins (over the cdb skirmish's first 216 actions the two choose alike). Its plans stop
 * at the phase's end here (horizon=0), whose rolls default alike: 200 actions of the default's
 * plans past the phase take over ten minutes under the sanitizers. */
static void test_plan_rolls_by_default(void **state)
{
    (void)state;
    static const char *const others[] = {"horizon=0,rolls=3", NULL};
    plan_default_plays_as("data/scenarios/cdb/skirmish.json", 240, "horizon=0", "horizon=0,rolls=8",
                          others);
}

/* The first n actions of the cdb skirmish the plan player plays against itself (game seed `seed`,
 * plans to the phase's end: the cheaper player, for the sanitizer build; what is played of a plan
 * is chosen alike whatever its horizon) pass `check`, which finds at least `least` of the actions
 * it judges (so that the game had some to judge). */
static void plan_self_game_passes(uint64_t seed, int n, int (*check)(const grg_action *, int),
                                  int least)
{
    grg_loaded *ld = test_load("data/scenarios/cdb/skirmish.json");
    grg_action a[MOST_ACTIONS];
    assert_true(n <= MOST_ACTIONS);
    self_game(ld, "plan", "horizon=0", seed, n, a);
    assert_true(check(a, n) >= least);
    grg_loaded_free(ld);
}

/* The first n actions of the game of seed `seed` the plan player (with `options`) plays against
 * itself in the scenario at path step no unit back into a hex it stood in earlier in the phase
 * (assert_no_walk_back), among at least 20 steps. */
static void plan_walks_no_unit_back(const char *path, const char *options, uint64_t seed, int n)
{
    grg_loaded *ld = test_load(path);
    grg_action a[MOST_ACTIONS];
    assert_true(n <= MOST_ACTIONS);
    self_game(ld, "plan", options, seed, n, a);
    assert_true(assert_no_walk_back(ld, seed, a, n) >= 20);
    grg_loaded_free(ld);
}

/* The plan player activates no unit for nothing: an activation its best plan starts and ends
 * with nothing done in it is left out (plan_tidy.c's skip_wasted). Such activations cost only
 * action points, which the judgement does not count, so plans kept them wherever points were to
 * spare: the plan player played about two and a half a cdb skirmish game as the Hittites before
 * (docs/ai-log.md, thirty-third pass), and in game 5 the first at its 43rd action. Nor does it end
 * an activation it has just begun when its population, evolved again, finds a plan that leaves
 * the unit be (plan_tidy.c's grg__plan_to_play): about one game in four before (thirty-seventh
 * pass), in game 11 at its 131st action. */
static void test_plan_activates_no_unit_for_nothing(void **state)
{
    (void)state;
    plan_self_game_passes(5, 300, assert_no_idle_activation, 20);
    plan_self_game_passes(11, 140, assert_no_idle_activation, 10);
}

/* Nor turns a unit back: a turn its best plan undoes at once is left out with the turn that undoes
 * it (plan_tidy.c's skip_wasted), and a turn it played is not undone at its next decision
 * (grg__plan_to_play; no game seen needed that, thirty-seventh pass). Movement points spent for
 * nothing count only where they were needed, so mutations left such pairs in: 7 in 12 cdb
 * skirmish games of 300 actions (docs/ai-log.md, thirty-sixth pass), in this game first at action
 * 59. */
static void test_plan_turns_no_unit_back(void **state)
{
    (void)state;
    plan_self_game_passes(2, 120, assert_no_undone_turn, 5);
}

/* Nor walks a unit back: a plan whose move (to the end of the activation it is in, or begins)
 * steps a unit into a hex it stood in earlier in the phase is not played while a member of the
 * population does without (plan_tidy.c's walks_back and grg__plan_to_play). Its drawn completions
 * wander so, and a population evolved again at each decision finds now and then a plan that brings
 * back a unit an earlier activation moved: 6 times in the first 300 actions of 12 such games, in
 * this one first at action 70 (docs/ai-log.md, forty-fifth pass). */
static void test_plan_walks_no_unit_back(void **state)
{
    (void)state;
    plan_walks_no_unit_back("data/scenarios/cdb/skirmish.json", "horizon=0", 1, 100);
}

/* Where every member of the population walks a unit back, the best plan is played without the walk
 * (plan_tidy.c's skip_walks): in these nap skirmish games the player before stepped a unit back,
 * all sixteen plans holding the walk, at action 100 of game 5 (a whole activation at the plan's
 * start, now left out) and at action 80 of game 7 (a battalion's 0606, 0607, 0606 inside its
 * activation, now cut to 0606); docs/ai-log.md, forty-sixth pass. */
static void test_plan_leaves_the_walk_out_of_its_best_plan(void **state)
{
    (void)state;
    plan_walks_no_unit_back("data/scenarios/nap/skirmish.json", NULL, 5, 110);
    plan_walks_no_unit_back("data/scenarios/nap/skirmish.json", NULL, 7, 110);
}

/* 16 generations, not the measured 64: the cdb skirmish's side moving first plans through the
 * enemy's reply, and at 64 its games took two minutes of the AI tests' five (docs/ai-log.md,
 * thirty-first pass); the strength measured at 64 is the tournaments' (make bench). */
static void test_plan_beats_random(void **state)
{
    (void)state;
    beats_random("plan", 16);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_judgement_is_kept_once_before_any_twice),
        cmocka_unit_test(test_distinct_values_are_sorted_best_first),
        cmocka_unit_test(test_a_population_of_clones_keeps_its_order),
        cmocka_unit_test(test_plan_defaults_by_facing),
        cmocka_unit_test(test_plan_rolls_by_default),
        cmocka_unit_test(test_plan_past_the_phase_for_the_first_side),
        cmocka_unit_test(test_plan_activates_no_unit_for_nothing),
        cmocka_unit_test(test_plan_turns_no_unit_back),
        cmocka_unit_test(test_plan_walks_no_unit_back),
        cmocka_unit_test(test_plan_leaves_the_walk_out_of_its_best_plan),
        cmocka_unit_test(test_plan_beats_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
