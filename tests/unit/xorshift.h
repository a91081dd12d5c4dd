/* The small deterministic generator of tests and benchmarks (xorshift64), never the game's dice. */
#ifndef GRG_TEST_XORSHIFT_H
#define GRG_TEST_XORSHIFT_H

#include <stdint.h>

static inline uint64_t xorshift64(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

/* A whole number in [lo, hi]. */
static inline int32_t xorshift_in(uint64_t *state, int32_t lo, int32_t hi)
{
    return lo + (int32_t)(xorshift64(state) % (uint64_t)(hi - lo + 1));
}

#endif
