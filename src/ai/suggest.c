/* A suggestion for a player (the server's hint, docs/server-api.md): the next action a player of
 * src/ai would play for the side to act and, when that action begins a unit's or group's
 * activation or a combat's declaration, the actions it would play to finish it, so the human sees
 * a whole move ("activate, step, step, end the activation"), not its first click. The actions after
 * the first are chosen on a copy re-seeded from the suggestion's seed, like every clone the AI
 * thinks on: no ruleset rolls a die before an activation ends or a declaration closes today, but
 * one that did would then never show the human what the game's real dice will do. */
#include "ai_internal.h"

/* The action that finishes what a began: the end of an activation, the close of a declaration;
 * GRG_A_NONE when a is whole by itself. */
static grg_action_type finisher(const grg_action *a)
{
    if (grg__ai_starts_activation(a))
        return GRG_A_END_ACTIVATION;
    if (a->type == GRG_A_COMBAT_BEGIN || a->type == GRG_A_ATTACKER || a->type == GRG_A_DEFENDER)
        return GRG_A_COMBAT_CLOSE;
    return GRG_A_NONE;
}

/* The budget of the decision after the first: the same count, within what is left of the
 * suggestion's time (at least a millisecond: a generation or so) when it has a bound. */
static grg_ai_budget rest_of(grg_ai_budget budget, double start)
{
    if (budget.ms > 0) {
        double left = start + budget.ms - grg__ai_now_ms();
        budget.ms = left > 1.0 ? (int)left : 1;
    }
    return budget;
}

int grg_ai_suggest(const char *player, const char *options, const grg_game *g, uint64_t seed,
                   grg_ai_budget budget, grg_action *out, int max)
{
    if (!g || !out || max < 1 || g->over)
        return -1;
    double start = grg__ai_now_ms();
    grg_ai *ai = grg_ai_new(player, seed, options);
    grg_game *s = grg_game_clone(g);
    int n = -1;
    if (ai && s && grg_ai_choose(ai, g, budget, &out[0]) == 0) {
        n = 1;
        grg_game_reseed(s, grg__ai_mix(seed, 0x68696e74ULL));
        grg_action_type last = finisher(&out[0]);
        int side = g->active, phase = g->phase, turn = g->turn;
        while (last != GRG_A_NONE && n < max && grg_apply(s, &out[n - 1], NULL, NULL) == 0 &&
               !s->over && s->active == side && s->phase == phase && s->turn == turn &&
               grg_ai_choose(ai, s, rest_of(budget, start), &out[n]) == 0 &&
               out[n].type != GRG_A_END_PHASE) {
            if (out[n++].type == (int)last)
                break;
        }
    }
    grg_game_free(s);
    grg_ai_free(ai);
    return n;
}
