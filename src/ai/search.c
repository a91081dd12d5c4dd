/* The `search` player: one-ply lookahead to choose the candidates, then Monte Carlo rollouts over
 * the rest of the player-turn and the opponent's reply, with successive halving (docs/ai.md).
 *
 * At each decision every legal action is valued as the greedy player values it (lookahead.c);
 * the `width` best become candidates. A rollout applies a candidate on a clone whose dice were
 * re-seeded from the player's own generator, then plays both sides until `turns` player-turns
 * have ended (or the game, or a step cap) and judges the state. By default both sides are played
 * by the greedy player over its `model` heaviest actions, and the state is judged as greedy
 * judges one (the static evaluation plus the matchups of the fights in contact): the search is
 * then a policy improvement over greedy. With model=0 the rollouts follow the cheap rules of
 * thumb instead (weights raised to `power`: 0 always plays the heaviest action) and are judged
 * by the static evaluation alone; they are far cheaper and play weaker than greedy, so
 * that search is no stronger than greedy (docs/ai-log.md, eighth pass). A game a rollout finishes
 * counts +-2 plus material (DEFAULT_WON). The budget of rollouts is spent in rounds:
 * each round gives every surviving candidate the same rollouts, on the same imagined dice and
 * policy draws (common random numbers), then keeps the better half.
 * A candidate's score blends its rollout mean with its one-ply value (`blend` percent of the
 * latter); the best score wins. An iteration is one rollout, so a fixed seed and iteration budget
 * give the same choice twice; a millisecond budget spends the rounds by the clock. */
#include "ai_internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CANDIDATES 48
#define DEFAULT_WIDTH 6
/* 70: the rollouts' mean counts less than greedy's own one-ply value. Against greedy it won 148
 * of 240 cdb skirmish games (six seeds) where 50 won 126, and 61 of 80 nap ones against 57
 * (docs/ai-log.md, ninth pass). The rollouts' judgement is biased, not only noisy (64 rollouts a
 * decision did no better than 16), so it is trusted to overturn greedy's ranking only by a wider
 * margin. */
#define DEFAULT_BLEND 70
#define DEFAULT_ITERATIONS 16
#define TIE_BREAK                                                                                  \
    2e-3 /* rules-of-thumb weight added to the one-ply value: steps forward win ties */
#define MAX_ROLLOUT 400
#define DEFAULT_TURNS 2
#define DEFAULT_MODEL 8
#define DEFAULT_POWER 0
/* A game won within a rollout counts +2 evaluation units (option `won`, in tenths), not the +-10
 * of grg_ai_evaluate: with a handful of rollouts a candidate is judged on, one whose imagined
 * dice ended the game would otherwise outweigh every other rollout and the one-ply value
 * (docs/ai-log.md, sixth pass). */
#define DEFAULT_WON 20

typedef struct search_ai {
    grg_ai base;
    uint64_t rng;
    int iterations;
    double power;    /* sharpness of the rollout policy; 0: always its best action */
    int turns;       /* rollout horizon in player-turn boundaries */
    int width;       /* candidates kept after the one-ply lookahead */
    double blend;    /* weight of the one-ply value in a candidate's score, 0..1 */
    double won;      /* worth of a game a rollout finishes, in evaluation units */
    int model;       /* rollout player: 0 the rules of thumb, K > 0 greedy over its K heaviest */
    double deadline; /* on the clock (ms), 0: none; a rollout still running then is dropped */
    int late;        /* the deadline passed during the current pass */
    ai_lookahead la;
    double prior[MAX_CANDIDATES];
    grg_game *sim;
    size_t sim_bytes;
    grg_action_list legal, scratch;
    double sum[MAX_CANDIDATES];
    double last[MAX_CANDIDATES]; /* the latest rollout's value */
    int fixed[MAX_CANDIDATES];   /* its rollouts are all the same */
    int count[MAX_CANDIDATES];
    int order[MAX_CANDIDATES];
} search_ai;

static grg_ai *search_new(uint64_t seed, const char *options)
{
    search_ai *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->base.player = &grg__ai_search;
    p->rng = seed ^ 0x736561726368ULL;
    p->iterations = grg__ai_option(options, "iterations", DEFAULT_ITERATIONS);
    p->power = grg__ai_option(options, "power", DEFAULT_POWER);
    p->turns = grg__ai_option(options, "turns", DEFAULT_TURNS);
    p->width = grg__ai_option(options, "width", DEFAULT_WIDTH);
    p->blend = grg__ai_option(options, "blend", DEFAULT_BLEND) / 100.0;
    p->won = grg__ai_option(options, "won", DEFAULT_WON) / 10.0;
    p->model = grg__ai_option(options, "model", DEFAULT_MODEL);
    p->la.first_steps = grg__ai_option(options, "first_steps", 0);
    return &p->base;
}

static void search_free(grg_ai *ai)
{
    search_ai *p = (search_ai *)ai;
    grg_game_free(p->sim);
    grg__ai_lookahead_release(&p->la);
    free(p);
}

/* One rollout of candidate a from g with dice and policy draws from seed. Sets *fixed when the
 * rollout threw no die and the policy drew nothing: every rollout of a would then be the same. */
static double rollout(search_ai *p, const grg_game *g, const grg_action *a, uint64_t seed,
                      int *fixed)
{
    grg_game *s = p->sim;
    uint64_t before[4];
    *fixed = 0;
    if (grg__ai_imagine(s, g, a, seed, before) < 0)
        return -1e9;
    ai_horizon h;
    grg__ai_horizon_start(&h, g, p->turns);
    if (p->model > 0) {
        if (grg__ai_play_greedy(&p->la, s, &p->scratch, p->model, &h, MAX_ROLLOUT, p->deadline))
            p->late = 1;
        *fixed = !grg__ai_rolled(s, before);
        return grg__ai_judge(&p->la, s, g->active, p->won, AI_EVERY_PAIR);
    }
    uint64_t draws = seed ^ 0x706f6c696379ULL; /* the rules of thumb's draws, when power > 0 */
    grg__ai_playout(s, &p->scratch, p->power > 0 ? &draws : NULL, p->power, MAX_ROLLOUT,
                    grg__ai_at_horizon, &h);
    *fixed = p->power <= 0 && !grg__ai_rolled(s, before);
    return grg__ai_value(s, g->active, p->won);
}

/* A candidate's score: its rollout mean blended with its one-ply value. */
static double mean(const search_ai *p, int c)
{
    if (!p->count[c])
        return -1e18;
    return (1.0 - p->blend) * p->sum[c] / p->count[c] + p->blend * p->prior[c];
}

/* Values every legal action by the one-ply lookahead and keeps the `width` best, best first. */
static void shortlist(search_ai *p, const grg_game *g)
{
    grg_action_list *l = &p->legal;
    uint64_t base = grg__ai_rand(&p->rng);
    ai_view v;
    grg__ai_view_init(&v, g);
    for (int i = 0; i < l->n; i++)
        p->prior[i] = grg__ai_one_ply(&p->la, g, &l->items[i], base) +
                      TIE_BREAK * grg__ai_weight(g, &v, &l->items[i]);
    int keep = l->n < p->width ? l->n : p->width;
    for (int k = 0; k < keep; k++) {
        int best = k;
        for (int i = k + 1; i < l->n; i++)
            if (p->prior[i] > p->prior[best])
                best = i;
        grg_action ta = l->items[k];
        l->items[k] = l->items[best];
        l->items[best] = ta;
        double tv = p->prior[k];
        p->prior[k] = p->prior[best];
        p->prior[best] = tv;
    }
    l->n = keep;
}

/* Sorts the first n entries of order by mean, best first (insertion sort: n <= 24). */
static void rank(search_ai *p, int n)
{
    for (int i = 1; i < n; i++) {
        int c = p->order[i], j = i;
        while (j > 0 && mean(p, p->order[j - 1]) < mean(p, c)) {
            p->order[j] = p->order[j - 1];
            j--;
        }
        p->order[j] = c;
    }
}

/* One pass: a rollout of every surviving candidate on the same seed (a candidate whose rollout
 * was found fixed counts its one value again without replaying it). */
static int pass(search_ai *p, const grg_game *g, int alive, uint64_t seed)
{
    double value[MAX_CANDIDATES];
    int fixed[MAX_CANDIDATES];
    for (int i = 0; i < alive; i++) {
        int c = p->order[i];
        fixed[c] = p->fixed[c];
        value[c] = fixed[c] ? p->last[c] : rollout(p, g, &p->legal.items[c], seed, &fixed[c]);
        if (p->late)
            return 0; /* out of time: the pass is dropped, so every candidate keeps equal counts */
    }
    for (int i = 0; i < alive; i++) {
        int c = p->order[i];
        p->fixed[c] = fixed[c];
        p->last[c] = value[c];
        p->sum[c] += value[c];
        p->count[c]++;
    }
    return 1;
}

static int all_fixed(const search_ai *p, int alive)
{
    for (int i = 0; i < alive; i++)
        if (!p->fixed[p->order[i]])
            return 0;
    return 1;
}

static int rounds_for(int n)
{
    int r = 0;
    while ((1 << r) < n)
        r++;
    return r;
}

/* Successive halving with a budget of rollouts (cut short at ms from `start` when ms > 0), or
 * of milliseconds alone when iterations is 0. Out of time before every candidate had a rollout,
 * it keeps the one-ply order (the first). */
static int halve(search_ai *p, const grg_game *g, int iterations, double ms, double start)
{
    int n = p->legal.n, alive = n, rounds = rounds_for(n);
    p->deadline = ms > 0 ? start + ms : 0.0;
    p->late = 0;
    for (int c = 0; c < n; c++) {
        p->sum[c] = 0.0;
        p->count[c] = 0;
        p->fixed[c] = 0;
        p->order[c] = c;
    }
    uint64_t base = grg__ai_rand(&p->rng);
    int left = iterations;
    for (int r = 0; r < rounds && alive > 1; r++) {
        uint64_t k = 0;
        if (iterations <= 0) {
            /* Each round gets its share of the time; a pass the deadline cuts is dropped. */
            double until = start + ms * (r + 1) / rounds;
            if (r > 0 && grg__ai_now_ms() >= start + ms)
                break;
            while (pass(p, g, alive, grg__ai_mix(base, ((uint64_t)r << 32) | k++)) &&
                   grg__ai_now_ms() < until && !all_fixed(p, alive))
                ;
        } else {
            int per = left / (alive * (rounds - r));
            if (per < 1)
                per = 1;
            for (; (int)k < per && !(k > 0 && all_fixed(p, alive)); k++) {
                if (ms > 0 && grg__ai_now_ms() >= start + ms)
                    p->late = 1; /* the count cut short: the round ends as a late pass would */
                if (p->late || !pass(p, g, alive, grg__ai_mix(base, ((uint64_t)r << 32) | k)))
                    break;
            }
            left -= per * alive;
        }
        if (p->late)
            break;
        rank(p, alive);
        alive = (alive + 1) / 2;
    }
    rank(p, alive);
    return p->order[0];
}

static int search_choose(grg_ai *ai, const grg_game *g, grg_ai_budget budget, grg_action *out)
{
    search_ai *p = (search_ai *)ai;
    double start = grg__ai_now_ms();
    int ready = grg__ai_prepare(g, &p->legal, &p->la, &p->sim, &p->sim_bytes, out);
    if (ready != 0)
        return ready < 0 ? -1 : 0;
    grg__ai_prune(g, &p->legal, MAX_CANDIDATES);
    shortlist(p, g);
    if (p->legal.n == 1) {
        *out = p->legal.items[0];
        return 0;
    }
    int iterations = budget.iterations > 0 ? budget.iterations : budget.ms > 0 ? 0 : p->iterations;
    double ms = budget.ms > 0 ? (double)budget.ms : 0.0;
    *out = p->legal.items[halve(p, g, iterations, ms, start)];
    return 0;
}

static const grg_ai_option search_options[] = {
    {"iterations", 1, INT_MAX},   {"power", 0, 100},     {"turns", 1, 8},
    {"width", 1, MAX_CANDIDATES}, {"blend", 0, 100},     {"won", 0, 1000},
    {"model", 0, INT_MAX},        AI_FIRST_STEPS_OPTION, {NULL, 0, 0},
};

const grg_ai_player grg__ai_search = {
    .name = "search",
    .doc = "Monte Carlo rollouts over a player-turn and the reply, with successive halving",
    .options = search_options,
    .new_ = search_new,
    .free_ = search_free,
    .choose = search_choose,
};
