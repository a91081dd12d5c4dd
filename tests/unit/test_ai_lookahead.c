/* The one-ply lookahead greedy judges by (src/ai/lookahead.c, docs/ai.md): an activation is worth
 * the best of its first steps, each completed by the rules of thumb, so never less than the rules
 * of thumb's completion alone (which starts with one of those steps), and more where the rules of
 * thumb walk a unit somewhere worse than another first step would (a chariot into the enemy's
 * bows or against a wood it may not enter, CDB-9.6). Checked over the activations of the
 * movement phases of random games on both skirmishes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ai/ai_internal.h"
#include "grognard/proto.h"

#include <stdlib.h>

#define GAMES 3
#define MAX_ACTIONS 600

static uint64_t next(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    return z ^ (z >> 31);
}

/* The number of actions legal once a is applied to a copy of g. */
static int steps_after(const grg_game *g, const grg_action *a, grg_action_list *l)
{
    grg_game *s = grg_game_clone(g);
    assert_non_null(s);
    int n = grg_apply(s, a, NULL, NULL) < 0 || grg_legal(s, NULL, 0, l) < 0 ? 0 : l->n;
    grg_game_free(s);
    return n;
}

static void check_scenario(const char *path, int *judged, int *better)
{
    grg_problems *p = calloc(1, sizeof *p);
    grg_loaded *l = NULL;
    assert_int_equal(grg_load_scenario(path, grg_data_dir(), &l, p, NULL), 0);
    free(p);
    grg_action_list *legal = malloc(sizeof *legal), *after = malloc(sizeof *after);
    ai_lookahead *la = calloc(1, sizeof *la);
    assert_true(legal && after && la);
    uint64_t rng = 42;
    for (int game = 0; game < GAMES; game++) {
        grg_err err;
        grg_game *g = grg_game_new(l->rs, l->sc, NULL, 100 + (uint64_t)game, NULL, &err);
        assert_non_null(g);
        assert_int_equal(grg__ai_lookahead_ready(la, g), 0);
        for (int k = 0; k < MAX_ACTIONS && !g->over; k++) {
            assert_int_equal(grg_legal(g, NULL, 0, legal), 0);
            if (legal->n == 0)
                break;
            for (int i = 0; i < legal->n; i++) {
                const grg_action *a = &legal->items[i];
                if (a->type != GRG_A_ACTIVATE || steps_after(g, a, after) > AI_FIRST_STEPS_DEFAULT)
                    continue;
                la->first_steps = 0;
                double alone = grg__ai_one_ply(la, g, a, 7);
                la->first_steps = AI_FIRST_STEPS_DEFAULT;
                double best = grg__ai_one_ply(la, g, a, 7);
                assert_true(best >= alone - 1e-9);
                (*judged)++;
                *better += best > alone + 1e-9;
            }
            grg_action a = legal->items[next(&rng) % (uint64_t)legal->n];
            assert_int_equal(grg_apply(g, &a, NULL, NULL), 0);
        }
        grg_game_free(g);
    }
    grg__ai_lookahead_release(la);
    free(la);
    free(legal);
    free(after);
    grg_loaded_free(l);
}

static void test_activation_worth_its_best_first_step(void **state)
{
    (void)state;
    int judged = 0, better = 0;
    check_scenario("data/scenarios/cdb/skirmish.json", &judged, &better);
    check_scenario("data/scenarios/nap/skirmish.json", &judged, &better);
    assert_true(judged > 100);
    assert_true(better > 0); /* the first steps change some judgements */
    print_message("%d activations judged, %d worth more by their best first step\n", judged,
                  better);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_activation_worth_its_best_first_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
