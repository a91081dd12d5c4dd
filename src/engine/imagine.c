/* Imagined dice for the AI (design §3): a clone of a game carries the game's generator, so
 * simulating on it would replay the real rolls to come. The AI re-seeds its clones from its own
 * generator first; this is the one engine function it needs for that. */
#include "grognard/ai.h"

#include "internal.h"

#include <string.h>

void grg_game_reseed(grg_game *g, uint64_t seed)
{
    g->seed = seed;
    grg__rng_seed(g->rng, seed);
    g->n_queue = 0;
    memset(g->queue, 0, sizeof g->queue);
}
