/* Functions shared between the engine's own files. */
#ifndef GRG_ENGINE_INTERNAL_H
#define GRG_ENGINE_INTERNAL_H

#include "grognard/game.h"

void grg__rng_seed(uint64_t state[4], uint64_t seed);
int grg__rng_d6(uint64_t state[4]);

/* Resolves the scenario's and the caller's options into values[], in the ruleset's declaration
 * order. Returns 0, or -1 with err filled. */
int grg__options_resolve(const grg_ruleset *rs, const grg_scenario *sc, const grg_options *opt,
                         int32_t values[GRG_MAX_OPTIONS], grg_err *err);

#endif
