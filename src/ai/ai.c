/* The registry of players, the wrappers around their tables, the server's thinking entry point
 * and the small helpers every player shares (its own generator, options, the clock). */
#include "ai_internal.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static const grg_ai_player *const players[] = {&grg__ai_random, &grg__ai_greedy, &grg__ai_search,
                                               &grg__ai_plan, NULL};

const grg_ai_player *const *grg_ai_players(void) { return players; }

const grg_ai_player *grg_ai_find(const char *name)
{
    for (int i = 0; name && players[i]; i++)
        if (strcmp(players[i]->name, name) == 0)
            return players[i];
    return NULL;
}

grg_ai *grg_ai_new(const char *name, uint64_t seed, const char *options)
{
    const grg_ai_player *p = grg_ai_find(name);
    return p ? p->new_(seed, options) : NULL;
}

int grg_ai_choose(grg_ai *ai, const grg_game *g, grg_ai_budget budget, grg_action *out)
{
    if (!ai || !g || g->over)
        return -1;
    return ai->player->choose(ai, g, budget, out);
}

void grg_ai_free(grg_ai *ai)
{
    if (ai)
        ai->player->free_(ai);
}

const char *grg_ai_name(const grg_ai *ai) { return ai ? ai->player->name : "none"; }

int grg_ai_think(const char *player, const grg_game *g, uint64_t seed, int budget_ms,
                 grg_action *out)
{
    if (!g || !out || g->over)
        return -1;
    grg_ai *ai = grg_ai_new(player, seed, NULL);
    if (!ai)
        return -1;
    grg_ai_budget b = {0, budget_ms > 0 ? budget_ms : 0};
    int rc = grg_ai_choose(ai, g, b, out);
    grg_ai_free(ai);
    return rc;
}

uint64_t grg__ai_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int grg__ai_below(uint64_t *state, int n)
{
    return n <= 1 ? 0 : (int)(grg__ai_rand(state) % (uint64_t)n);
}

double grg__ai_unit(uint64_t *state) { return (double)(grg__ai_rand(state) >> 11) * 0x1.0p-53; }

uint64_t grg__ai_mix(uint64_t a, uint64_t b)
{
    uint64_t x = a ^ (b * 0xd1b54a32d192ed03ULL);
    return grg__ai_rand(&x);
}

/* Scans "key=value,key=value" for key; the value is a decimal integer. */
int grg__ai_option(const char *options, const char *key, int def, int lo, int hi)
{
    size_t klen = strlen(key);
    for (const char *p = options; p && *p;) {
        if (strncmp(p, key, klen) == 0 && p[klen] == '=') {
            int v = (int)strtol(p + klen + 1, NULL, 10);
            return v < lo || v > hi ? def : v;
        }
        p = strchr(p, ',');
        if (p)
            p++;
    }
    return def;
}

double grg__ai_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

int grg__ai_rolled(const grg_game *g, const uint64_t before[4])
{
    return memcmp(g->rng, before, sizeof g->rng) != 0;
}
