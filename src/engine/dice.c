/* Dice (design §3): xoshiro256** seeded by four splitmix64 outputs from the game's 64-bit seed;
 * a d6 is 1 + x % 6 for the first output x below 2^64 - (2^64 % 6). Scripted rolls come first. */
#include "grognard/game.h"

#include <string.h>

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t xoshiro_next(uint64_t s[4])
{
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

void grg__rng_seed(uint64_t state[4], uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        state[i] = splitmix64(&x);
}

int grg__rng_d6(uint64_t state[4])
{
    /* 2^64 % 6 == 4, so outputs at or above 2^64 - 4 are rejected. */
    const uint64_t limit = UINT64_MAX - 3;
    uint64_t x;
    do
        x = xoshiro_next(state);
    while (x >= limit);
    return 1 + (int)(x % 6);
}

int grg_d6(grg_game *g)
{
    int roll;
    if (g->n_queue > 0) {
        roll = g->queue[0];
        memmove(g->queue, g->queue + 1, (size_t)(g->n_queue - 1));
        g->queue[--g->n_queue] = 0;
    } else {
        roll = grg__rng_d6(g->rng);
    }
    g->undo_mark = g->n_actions + 1;
    return roll;
}

int grg_dice_queue(grg_game *g, const int *rolls, int n)
{
    if (n < 0 || g->n_queue + n > GRG_DICE_QUEUE)
        return -1;
    for (int i = 0; i < n; i++)
        if (rolls[i] < 1 || rolls[i] > 6)
            return -1;
    for (int i = 0; i < n; i++)
        g->queue[g->n_queue++] = (uint8_t)rolls[i];
    return 0;
}
