/* The registry of players, the wrappers around their tables, the server's thinking entry point
 * and the small helpers every player shares (its own generator, options, the clock). */
#include "ai_internal.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
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

/* An options string's items: "key=value" between commas. */
typedef struct option_item {
    const char *key, *value, *end; /* value: after the '=' (NULL without one); end: its comma */
    size_t key_len;
} option_item;

/* The item starting at p (not at the string's end); returns where the next one starts or NULL. */
static const char *option_next(const char *p, option_item *it)
{
    const char *comma = strchr(p, ',');
    it->end = comma ? comma : p + strlen(p);
    const char *eq = memchr(p, '=', (size_t)(it->end - p));
    it->key = p;
    it->key_len = (size_t)((eq ? eq : it->end) - p);
    it->value = eq ? eq + 1 : NULL;
    return comma ? comma + 1 : NULL;
}

/* The item's value as a whole number in [lo, hi]; -1 when it is not one. */
static int option_value(const option_item *it, int lo, int hi, int *out)
{
    if (!it->value || it->value == it->end)
        return -1;
    char *stop;
    errno = 0;
    long v = strtol(it->value, &stop, 10);
    if (errno || stop != it->end || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

static const grg_ai_option *option_spec(const grg_ai_player *p, const char *key, size_t len)
{
    for (const grg_ai_option *o = p->options; o && o->key; o++)
        if (strlen(o->key) == len && strncmp(o->key, key, len) == 0)
            return o;
    return NULL;
}

void grg_ai_option_keys(const grg_ai_player *p, char *buf, size_t n)
{
    size_t at = 0;
    if (n == 0)
        return;
    buf[0] = '\0';
    for (const grg_ai_option *o = p->options; o && o->key && at < n; o++)
        at += (size_t)snprintf(buf + at, n - at, "%s%s", at ? ", " : "", o->key);
    if (!buf[0])
        snprintf(buf, n, "none");
}

void grg_ai_player_names(char *buf, size_t n)
{
    size_t at = 0;
    if (n == 0)
        return;
    buf[0] = '\0';
    for (const grg_ai_player *const *q = grg_ai_players(); *q && at < n; q++)
        at += (size_t)snprintf(buf + at, n - at, "%s%s", at ? ", " : "", (*q)->name);
}

/* Writes the refusal into msg (n bytes; nothing when n is 0) and returns -1. */
static int refuse(char *msg, size_t n, const char *fmt, ...)
{
    if (n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

int grg_ai_check_options(const char *player, const char *options, char *msg, size_t n)
{
    const grg_ai_player *p = grg_ai_find(player);
    if (!p)
        return refuse(msg, n, "there is no computer player '%s'", player ? player : "");
    for (const char *at = options && *options ? options : NULL; at;) {
        option_item it, again;
        at = option_next(at, &it);
        const grg_ai_option *o = option_spec(p, it.key, it.key_len);
        int v;
        if (!o) {
            char keys[256];
            grg_ai_option_keys(p, keys, sizeof keys);
            return refuse(msg, n,
                          "%s takes no option '%.*s' (its options: %s; \"key=value\" items "
                          "separated by commas)",
                          p->name, (int)it.key_len, it.key, keys);
        }
        if (option_value(&it, o->lo, o->hi, &v) < 0)
            return refuse(msg, n,
                          "%s's option '%s' must be a whole number from %d to %d, not '%.*s'",
                          p->name, o->key, o->lo, o->hi, (int)(it.end - it.key), it.key);
        for (const char *q = at; q;) {
            q = option_next(q, &again);
            if (again.key_len == it.key_len && strncmp(again.key, it.key, it.key_len) == 0)
                return refuse(msg, n, "%s's option '%s' is given twice", p->name, o->key);
        }
    }
    return 0;
}

grg_ai *grg_ai_new(const char *name, uint64_t seed, const char *options)
{
    const grg_ai_player *p = grg_ai_find(name);
    return p && grg_ai_check_options(name, options, NULL, 0) == 0 ? p->new_(seed, options) : NULL;
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

int grg_ai_think(const char *player, const grg_game *g, uint64_t seed, grg_ai_budget budget,
                 grg_action *out)
{
    if (!g || !out || g->over)
        return -1;
    grg_ai *ai = grg_ai_new(player, seed, NULL);
    if (!ai)
        return -1;
    int rc = grg_ai_choose(ai, g, budget, out);
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

int grg__ai_option(const char *options, const char *key, int def)
{
    size_t len = strlen(key);
    for (const char *at = options && *options ? options : NULL; at;) {
        option_item it;
        at = option_next(at, &it);
        int v;
        if (it.key_len == len && strncmp(it.key, key, len) == 0 &&
            option_value(&it, INT_MIN, INT_MAX, &v) == 0)
            return v;
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
