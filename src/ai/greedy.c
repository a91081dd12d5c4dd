/* The `greedy` player: one-ply lookahead on clones with imagined dice (lookahead.c). For each
 * legal action (the MAX_CANDIDATES heaviest under the rules of thumb when there are more) it
 * imagines the action and what it starts, scores the result with the static evaluation averaged
 * over imagined dice and judges declared combats by the engine's preview, then plays the best,
 * the rules of thumb breaking ties. So it moves toward the enemy while keeping its units together
 * and guarding its generals (the evaluation's terms), shoots when allowed, attacks at the best
 * odds, refuses bad odds, ends a phase when nothing scores better than ending it, activates no
 * unit for nothing (grg__ai_greedy_pick) and turns no unit back (skip_turned_back,
 * drop_turn_back). */
#include "ai_internal.h"

#include <stdlib.h>

#define MAX_CANDIDATES 48
#define TIE 1e-12 /* values closer than this are alike */

typedef struct greedy_ai {
    grg_ai base;
    uint64_t rng;
    ai_lookahead la;
    grg_action_list legal;
    grg_action turned; /* its last choice, when that was a turn */
    uint64_t after;    /* the hash of the state that turn made */
} greedy_ai;

static grg_ai *greedy_new(uint64_t seed, const char *options)
{
    greedy_ai *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->base.player = &grg__ai_greedy;
    p->rng = seed ^ 0x6772656564ULL;
    p->la.first_steps = grg__ai_option(options, "first_steps", AI_FIRST_STEPS_DEFAULT);
    return &p->base;
}

static void greedy_free(grg_ai *ai)
{
    greedy_ai *p = (greedy_ai *)ai;
    grg__ai_lookahead_release(&p->la);
    free(p);
}

/* Where greedy chose the turn a, and the completion it judged a by (lookahead.c's complete: the
 * rules of thumb's heaviest action, and so on) begins by turning the unit back, plays instead what
 * the completion plays after that pair, when it is legal here (in `legal`). The pair changes
 * nothing but the movement points it spends, so that the completion, which walks a unit as far as
 * they go, stops a hex or two short of where walking on judges worse: greedy took that as a reason
 * to turn, and at its next decision turned the unit back, a counter wheeling and wheeling back
 * before a player's eyes (163 times in 300 cdb skirmish games against itself, docs/ai-log.md's
 * forty-second pass). Played one action at a time, the unit walks the way and, judging at each
 * hex whether to go on, stops where it would have. */
static void skip_turned_back(ai_lookahead *la, const grg_game *g, const grg_action_list *legal,
                             grg_action *a)
{
    if (a->type != GRG_A_TURN)
        return;
    grg_game *s = la->inside;
    grg_action_list *l = &la->within;
    grg_game_copy(s, g);
    grg_action pair[2] = {*a, *a};
    for (int k = 0; k < 2; k++) {
        if (grg_apply(s, &pair[k], NULL, NULL) < 0 || s->over || s->active != g->active ||
            s->phase != g->phase || grg_legal(s, NULL, 0, l) < 0 || l->n == 0 ||
            grg__ai_has_end_phase(l))
            return;
        if (k == 0) {
            pair[1] = l->items[grg__ai_pick(s, l, NULL, 1.0)];
            if (!grg__ai_turns_back(a, &pair[1]))
                return;
        }
    }
    const grg_action *next = &l->items[grg__ai_pick(s, l, NULL, 1.0)];
    for (int i = 0; i < legal->n; i++)
        if (grg_action_eq(&legal->items[i], next)) {
            *a = *next;
            return;
        }
}

/* Leaves out of l (unless it is all l holds) the turn that undoes `turned`, greedy's choice that
 * made the state it now chooses at: judged again one action later, with the points the turn spent
 * gone, another way could look better from the old facing than the one the turn was for (7 times
 * in 100 cdb skirmish games against itself, with skip_turned_back), and the unit wheeled back. */
static void drop_turn_back(grg_action_list *l, const grg_action *turned)
{
    int n = 0;
    for (int i = 0; i < l->n; i++)
        if (!grg__ai_turns_back(turned, &l->items[i]) || (n == 0 && i == l->n - 1))
            l->items[n++] = l->items[i];
    l->n = n;
}

static int greedy_choose(grg_ai *ai, const grg_game *g, grg_ai_budget budget, grg_action *out)
{
    (void)budget;
    greedy_ai *p = (greedy_ai *)ai;
    if (g->over || grg_legal(g, NULL, 0, &p->legal) < 0 || p->legal.n == 0)
        return -1;
    if (p->legal.n == 1 || grg__ai_lookahead_ready(&p->la, g) < 0) {
        *out = p->legal.items[0];
        return 0;
    }
    if (p->turned.type == GRG_A_TURN && grg_game_hash(g) == p->after)
        drop_turn_back(&p->legal, &p->turned);
    *out = p->legal.items[grg__ai_greedy_pick(&p->la, g, &p->legal, MAX_CANDIDATES,
                                              grg__ai_rand(&p->rng))];
    skip_turned_back(&p->la, g, &p->legal, out);
    p->turned = *out;
    if (out->type == GRG_A_TURN) { /* the state it makes, for drop_turn_back's check */
        grg_game_copy(p->la.inside, g);
        if (grg_apply(p->la.inside, out, NULL, NULL) == 0)
            p->after = grg_game_hash(p->la.inside);
        else
            p->turned.type = GRG_A_NONE;
    }
    return 0;
}

/* True when greedy, having started the activation a on g, would end it at once with nothing done:
 * its choice there (grg__ai_greedy_pick over the `keep` heaviest actions, dice from `base`) is to
 * end it. */
static int idle_start(ai_lookahead *la, const grg_game *g, const grg_action *a, int keep,
                      uint64_t base)
{
    grg_game *s = la->inside;
    grg_game_copy(s, g);
    grg_action_list *l = &la->within;
    if (grg_apply(s, a, NULL, NULL) < 0 || s->over || s->active != g->active ||
        s->phase != g->phase || grg_legal(s, NULL, 0, l) < 0 || l->n == 0)
        return 0;
    if (grg__ai_has_end_phase(l))
        return 0; /* not within an activation: nothing to end */
    int i = grg__ai_greedy_pick(la, s, l, keep, base);
    return l->items[i].type == GRG_A_END_ACTIVATION;
}

int grg__ai_greedy_pick(ai_lookahead *la, const grg_game *g, grg_action_list *l, int keep,
                        uint64_t base)
{
    grg__ai_prune(g, l, keep);
    ai_view v;
    grg__ai_view_init(&v, g);
    int may_end = grg__ai_has_end_phase(l);
    /* The best by score, ending an activation apart; the highest one-ply value among the rest. */
    int best = -1, stop = -1;
    double bx = -1e18, top = -1e18, stop_raw = 0.0, stop_x = 0.0;
    for (int i = 0; i < l->n; i++) {
        const grg_action *a = &l->items[i];
        double raw = grg__ai_one_ply(la, g, a, base);
        double x = raw + 1e-3 * grg__ai_weight(g, &v, a);
        if (a->type == GRG_A_END_ACTIVATION) {
            stop = i;
            stop_raw = raw;
            stop_x = x;
            continue;
        }
        if (raw > top)
            top = raw;
        /* Where the phase may end, an activation greedy would end at once spends a command point
         * for nothing: its best step a turn that changes nothing judged, or a small gain that
         * the weight of ending the activation outweighs (docs/ai-log.md, thirty-fourth and
         * thirty-fifth passes). Looked into only when it would be chosen. */
        if (x > bx && !(may_end && grg__ai_starts_activation(a) &&
                        idle_start(la, g, a, keep, grg__ai_mix(base, 1)))) {
            bx = x;
            best = i;
        }
    }
    /* Ending an activation wins by its weight only where nothing gains on it: an activation judged
     * by a turn's small gain was otherwise ended at once with nothing done (thirty-fifth pass). */
    if (stop >= 0 && (best < 0 || (top <= stop_raw + TIE && stop_x > bx)))
        best = stop;
    return best < 0 ? 0 : best;
}

static const grg_ai_option greedy_options[] = {AI_FIRST_STEPS_OPTION, {NULL, 0, 0}};

const grg_ai_player grg__ai_greedy = {
    .name = "greedy",
    .doc = "one-ply lookahead on clones with imagined dice and rules of thumb",
    .options = greedy_options,
    .new_ = greedy_new,
    .free_ = greedy_free,
    .choose = greedy_choose,
};
