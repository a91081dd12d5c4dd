/* The `greedy` player: one-ply lookahead on clones with imagined dice (lookahead.c). For each
 * legal action (the MAX_CANDIDATES heaviest under the rules of thumb when there are more) it
 * imagines the action and what it starts, scores the result with the static evaluation averaged
 * over imagined dice and judges declared combats by the engine's preview, then plays the best,
 * the rules of thumb breaking ties. So it moves toward the enemy while keeping its units together
 * and guarding its generals (the evaluation's terms), shoots when allowed, attacks at the best
 * odds, refuses bad odds, and ends a phase when nothing scores better than ending it. */
#include "ai_internal.h"

#include <stdlib.h>

#define MAX_CANDIDATES 48

typedef struct greedy_ai {
    grg_ai base;
    uint64_t rng;
    ai_lookahead la;
    grg_action_list legal;
} greedy_ai;

static grg_ai *greedy_new(uint64_t seed, const char *options)
{
    greedy_ai *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->base.player = &grg__ai_greedy;
    p->rng = seed ^ 0x6772656564ULL;
    p->la.first_steps = grg__ai_option(options, "first_steps", AI_FIRST_STEPS_DEFAULT);
    return &p->base;
}

static void greedy_free(grg_ai *ai)
{
    greedy_ai *p = (greedy_ai *)ai;
    grg__ai_lookahead_release(&p->la);
    free(p);
}

static int greedy_choose(grg_ai *ai, const grg_game *g, grg_ai_budget budget, grg_action *out)
{
    (void)budget;
    greedy_ai *p = (greedy_ai *)ai;
    if (g->over || grg_legal(g, NULL, 0, &p->legal) < 0 || p->legal.n == 0)
        return -1;
    if (p->legal.n == 1 || grg__ai_lookahead_ready(&p->la, g) < 0) {
        *out = p->legal.items[0];
        return 0;
    }
    *out = p->legal.items[grg__ai_greedy_pick(&p->la, g, &p->legal, MAX_CANDIDATES,
                                              grg__ai_rand(&p->rng))];
    return 0;
}

int grg__ai_greedy_pick(ai_lookahead *la, const grg_game *g, grg_action_list *l, int keep,
                        uint64_t base)
{
    grg__ai_prune(g, l, keep);
    ai_view v;
    grg__ai_view_init(&v, g);
    int best = 0;
    double bv = -1e18;
    for (int i = 0; i < l->n; i++) {
        double x =
            grg__ai_one_ply(la, g, &l->items[i], base) + 1e-3 * grg__ai_weight(g, &v, &l->items[i]);
        if (x > bv) {
            bv = x;
            best = i;
        }
    }
    return best;
}

static const grg_ai_option greedy_options[] = {AI_FIRST_STEPS_OPTION, {NULL, 0, 0}};

const grg_ai_player grg__ai_greedy = {
    .name = "greedy",
    .doc = "one-ply lookahead on clones with imagined dice and rules of thumb",
    .options = greedy_options,
    .new_ = greedy_new,
    .free_ = greedy_free,
    .choose = greedy_choose,
};
