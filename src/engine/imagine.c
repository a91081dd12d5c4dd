/* What the AI imagines on its clones (design §3): dice (a clone of a game carries the game's
 * generator, so simulating on it would replay the real rolls to come; the AI re-seeds its clones
 * from its own generator first) and the other side to act (to preview that side's attacks). */
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

int grg_game_hand_to(grg_game *g, int side)
{
    if (!g || side < 0 || side >= g->sc->n_sides)
        return -1;
    g->active = side;
    return 0;
}
