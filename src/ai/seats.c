/* Players kept between decisions, one per side (grg_ai_seats in grognard/ai.h): what the
 * protocol's `think` asks through, so that a program driving the engine one decision at a time
 * meets the player the tournaments measure, which keeps its thinking between its decisions. */
#include "ai_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct seat {
    grg_ai *ai;    /* NULL: none kept */
    char *options; /* as it was made with; its player's name is grg_ai_name(ai) */
    uint64_t seed;
} seat;

struct grg_ai_seats {
    seat side[GRG_MAX_SIDES];
};

grg_ai_seats *grg_ai_seats_new(void) { return calloc(1, sizeof(grg_ai_seats)); }

void grg_ai_seats_clear(grg_ai_seats *s)
{
    for (int i = 0; s && i < GRG_MAX_SIDES; i++) {
        grg_ai_free(s->side[i].ai);
        free(s->side[i].options);
        memset(&s->side[i], 0, sizeof s->side[i]);
    }
}

void grg_ai_seats_free(grg_ai_seats *s)
{
    grg_ai_seats_clear(s);
    free(s);
}

/* The kept player answers when it is the one asked for and no seed is named. */
static int kept(const seat *t, const char *player, const char *options, const uint64_t *seed)
{
    return t->ai && !seed && strcmp(grg_ai_name(t->ai), player) == 0 &&
           strcmp(t->options, options) == 0;
}

int grg_ai_seats_choose(grg_ai_seats *s, const char *player, const char *options,
                        const uint64_t *seed, uint64_t fresh, const grg_game *g,
                        grg_ai_budget budget, grg_action *out, uint64_t *used)
{
    if (!s || !player || !g || g->over || g->active < 0 || g->active >= GRG_MAX_SIDES)
        return -1;
    if (!options)
        options = "";
    seat *t = &s->side[g->active];
    if (!kept(t, player, options, seed)) {
        uint64_t sd = seed ? *seed : fresh;
        grg_ai *ai = grg_ai_new(player, sd, options);
        char *copy = strdup(options);
        if (!ai || !copy) {
            grg_ai_free(ai);
            free(copy);
            return -1;
        }
        grg_ai_free(t->ai);
        free(t->options);
        *t = (seat){ai, copy, sd};
    }
    *used = t->seed;
    return grg_ai_choose(t->ai, g, budget, out);
}
