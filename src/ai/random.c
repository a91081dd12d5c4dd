/* The `random` player: a uniformly random legal action, drawn with its own generator. The
 * baseline every other player must beat, and the fuzzer's way of walking through states. */
#include "ai_internal.h"

#include <stdlib.h>

typedef struct random_ai {
    grg_ai base;
    uint64_t rng;
    grg_action_list legal;
} random_ai;

static grg_ai *random_new(uint64_t seed, const char *options)
{
    (void)options;
    random_ai *r = malloc(sizeof *r);
    if (!r)
        return NULL;
    r->base.player = &grg__ai_random;
    r->rng = seed ^ 0x72616e646f6dULL;
    return &r->base;
}

static void random_free(grg_ai *ai) { free(ai); }

static int random_choose(grg_ai *ai, const grg_game *g, grg_ai_budget budget, grg_action *out)
{
    (void)budget;
    random_ai *r = (random_ai *)ai;
    r->legal.n = 0;
    r->legal.truncated = 0;
    if (g->over || grg_legal(g, NULL, 0, &r->legal) < 0 || r->legal.n == 0)
        return -1;
    *out = r->legal.items[grg__ai_below(&r->rng, r->legal.n)];
    return 0;
}

const grg_ai_player grg__ai_random = {
    .name = "random",
    .doc = "a uniformly random legal action",
    .new_ = random_new,
    .free_ = random_free,
    .choose = random_choose,
};
