/* The `plan` player: online evolutionary planning of the rest of the phase (docs/ai.md).
 *
 * A plan is the sequence of our actions from now to the end of the current phase (a cdb
 * movement phase: every activation and step; a melee phase: every declaration) or, with the option
 * `horizon`, past it (plan_over: a nap movement phase with the combat it brings on, a cdb
 * movement of the side moving first with the enemy's reply, and more). It is judged whole, as
 * greedy judges a state (the static evaluation plus the matchups of the fights left in contact and
 * in range), where it ends: so a plan is worth what all its moves do together, which no choice of
 * one action at a time can see (a line advancing as one, chariots striking side by side). Plans are
 * played on re-seeded clones: an action of the plan that is no longer legal where it comes is
 * skipped, the other side's answers within the phase (retreats, pivots, return shots) follow the
 * rules of thumb, and a plan that runs out before the phase ends is completed by the rules of
 * thumb. The actions actually played replace the plan (so every plan in the population can be
 * replayed as it stands).
 *
 * The first population is greedy's own plan for the phase (greedy over its `model` heaviest
 * actions) and mutants of it. Each generation makes one child per member: a parent (the better
 * of two drawn) with one action replaced by a legal action drawn by the rules of thumb, the rest
 * kept where still legal, or (half the time) the rest dropped and the phase completed by draws
 * at the rules of thumb's odds; parents and children compete and the best `pop` survive, no
 * judgement kept twice while others are left out. A plan that threw dice is judged over
 * `rolls` imagined rolls, the same for every plan of a decision. The player plays the best
 * plan's first action (with the option finalists = K > 1, that of the one of the K best whose worth
 * after the enemy's reply, played by greedy, is best), with what would spend points for nothing
 * left out: idle activations, turns undone at once, a unit led back where it stood this phase
 * (plan_tidy.c); it keeps the population for its next decision in the same phase, so the thinking
 * accumulates over the phase. An iteration is one generation: a fixed seed and budget give the
 * same game twice. */
#include "plan.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STEPS 1000 /* actions of both sides played out in a plan's phase */
#define MAX_POP 32
_Static_assert(2 * MAX_POP <= AI_RANK_MAX, "a generation's members are ranked at once");
#define DEFAULT_POP 16
#define DEFAULT_ITERATIONS 64
#define DEFAULT_MODEL 8
#define DEFAULT_ROLLS 8 /* the imagined rolls a plan that threw dice is judged on */
#define MAX_ROLLS 32
#define DEFAULT_FINALISTS 1
#define DEFAULT_REPLIES 4
#define DEFAULT_REPLY_TURNS 2 /* the end of our turn and of the enemy's reply */
#define TIMED_EVOLVE 0.6      /* the share of a millisecond budget the generations take */
#define REPLY_SEEDS 100       /* the replies' rolls, apart from the plans' (0 to rolls - 1) */
_Static_assert(MAX_ROLLS <= REPLY_SEEDS, "a plan's rolls and its replies' are apart");
#define WON 2.0 /* a game a plan finishes: +-2 plus its material, as the search's rollouts */

/* How far a plan runs (the option `horizon`). */
typedef enum {
    TO_PHASE_END, /* the rest of the phase */
    PAST_PHASE,   /* on past it (plan_over) */
    FIRST_PAST,   /* past it for the side that moves first in the game turn, whose plan then
                     runs through the enemy's player-turn; the rest of the phase for the other */
    N_HORIZONS
} plan_horizon;

typedef struct plan_ai {
    grg_ai base;
    uint64_t rng;
    int iterations;
    int pop;
    int model;
    int rolls;       /* the imagined rolls a plan that threw dice is judged on */
    int finalists;   /* plans judged after the enemy's reply before one is played (1: none) */
    int replies;     /* imagined rolls each finalist's reply is played on */
    int reply_turns; /* player-turn boundaries a reply is played through */
    int first_steps; /* the option; -1: by the game (faced) */
    int horizon;     /* the option: a plan_horizon; -1: by the game (faced) */
    int memo;        /* the option: 1, a plan played as one judged at this decision takes its
                        value; 0, every plan is judged in full (the same choices, slower) */
    int turn_plans;  /* the horizon this decision: plans run past their phase (plan_over) */
    ai_lookahead la;
    grg_game *sim;
    size_t sim_bytes;
    grg_action_list legal;   /* the actions legal where the player decides */
    grg_action_list scratch; /* those of the states plans are played through */
    /* The population, kept across decisions of one phase. */
    int n;
    plan members[2 * MAX_POP];
    int turn, phase, side; /* where it was planned; -1: nothing kept */
    uint64_t dice;         /* the imagined dice of this phase's plans */
    grg_action last;       /* the action it chose last */
    uint64_t asked;        /* the state hash where it chose it */
    uint64_t decisions;    /* decisions taken, this one included */
    plan_seen seen;        /* its last choice and where its units have stood this phase */
} plan_ai;

static grg_ai *plan_new(uint64_t seed, const char *options)
{
    plan_ai *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->base.player = &grg__ai_plan;
    p->rng = seed ^ 0x706c616e6e6572ULL;
    p->iterations = grg__ai_option(options, "iterations", DEFAULT_ITERATIONS);
    p->pop = grg__ai_option(options, "pop", DEFAULT_POP);
    p->model = grg__ai_option(options, "model", DEFAULT_MODEL);
    p->rolls = grg__ai_option(options, "rolls", DEFAULT_ROLLS);
    p->finalists = grg__ai_option(options, "finalists", DEFAULT_FINALISTS);
    p->replies = grg__ai_option(options, "replies", DEFAULT_REPLIES);
    p->reply_turns = grg__ai_option(options, "reply_turns", DEFAULT_REPLY_TURNS);
    p->first_steps = grg__ai_option(options, "first_steps", -1);
    p->horizon = grg__ai_option(options, "horizon", -1);
    p->memo = grg__ai_option(options, "memo", 1);
    p->turn = p->phase = p->side = -1;
    return &p->base;
}

static void plan_free(grg_ai *ai)
{
    plan_ai *p = (plan_ai *)ai;
    grg_game_free(p->sim);
    grg__ai_lookahead_release(&p->la);
    free(p);
}

/* The stretch of play a plan covers, begun at g, is over in s: the game is; the game turn changed;
 * the phase did (by default) or, with `horizon`, fell below g's. Measured from g, not step by step
 * as grg__ai_at_horizon counts player-turns: from a combat phase that is the end of our
 * player-turn, but from a nap movement phase (numbered 0, as every player-turn's first phase) it
 * is the end of the game turn, so the side that moves first plans through the enemy's player-turn
 * too (its moves by the rules of thumb) and the second only to its own turn's end. That is the
 * player docs/ai-log.md's twenty-second pass measured; counting player-turns instead (every plan to
 * our own turn's end, or through the enemy's next) did not play better (twenty-third pass).
 */
static int plan_over(const plan_ai *p, const grg_game *s, const grg_game *g)
{
    if (s->over || s->turn != g->turn)
        return 1;
    return p->turn_plans ? s->phase < g->phase : s->phase != g->phase;
}

/* How the plan's actions are changed as it is played. */
typedef enum { KEEP, SWAP, REDRAW } change;

/* Plays pl from g on p->sim with dice from seed, our side following the plan (the action at
 * `at` replaced by a drawn one when change is SWAP or REDRAW; REDRAW draws the rest too), the
 * other side and the plan's end following the rules of thumb, until the plan is over (p->sim is
 * left there). Writes the actions we played to *out (may be pl). *rolled: a die was thrown. */
static void play(plan_ai *p, const grg_game *g, const plan *pl, change ch, int at, uint64_t seed,
                 plan *out, int *rolled)
{
    grg_game *s = p->sim;
    grg_game_copy(s, g);
    grg_game_reseed(s, seed);
    uint64_t before[4];
    memcpy(before, s->rng, sizeof before);
    int me = g->active, next = 0, n = 0, limit = ch == REDRAW ? at : pl->n;
    grg_action played[MAX_PLAN];
    for (int k = 0; k < MAX_STEPS && !plan_over(p, s, g); k++) {
        int mine = s->active == me && n < MAX_PLAN;
        /* Ours to draw: the replacement at `at`, and after a REDRAW all that follows it. */
        int drawing = mine && ch != KEEP && (n == at || (ch == REDRAW && n > at));
        if (mine && ch == SWAP && n == at)
            next++; /* the action the drawn one replaces */
        if (mine && !drawing) {
            while (next < limit && grg_apply(s, &pl->a[next], NULL, NULL) < 0)
                next++; /* no longer legal here: skipped */
            if (next < limit) {
                played[n++] = pl->a[next++];
                continue;
            }
        }
        if (grg_legal(s, NULL, 0, &p->scratch) < 0 || p->scratch.n == 0)
            break;
        /* Drawn at the rules of thumb's odds (drawn completions made the plans varied enough to
         * win 60 of 80 nap skirmish games against 48 with the rules of thumb's best:
         * docs/ai-log.md, tenth pass); the other side's answers and a kept plan's end take their
         * best. */
        grg_action chosen =
            p->scratch.items[grg__ai_pick(s, &p->scratch, drawing ? &p->rng : NULL, 1.0)];
        if (grg_apply(s, &chosen, NULL, NULL) < 0)
            break;
        if (mine)
            played[n++] = chosen;
    }
    *rolled = grg__ai_rolled(s, before);
    out->n = n;
    memcpy(out->a, played, (size_t)n * sizeof played[0]);
}

/* A plan in the population (its members and this generation's children) judged from this
 * decision's state and played as pl was: the same actions in the same order. NULL: none. */
static const plan *judged_alike(const plan_ai *p, const plan *pl)
{
    for (int i = 0; i < 2 * p->pop; i++) {
        const plan *m = &p->members[i];
        if (m == pl || m->decision != p->decisions || m->n != pl->n)
            continue;
        int k = 0;
        while (k < pl->n && grg_action_eq(&m->a[k], &pl->a[k]))
            k++;
        if (k == pl->n)
            return m;
    }
    return NULL;
}

/* Judges pl (changed as ch, at say) over the phase's imagined dice: the first roll's actions
 * become the plan; when that roll threw a die the plan as played is judged again on the others
 * and the mean kept. A plan played on the first roll as one already judged from this state
 * (judged_alike) takes its value, neither played on the other rolls nor judged: with the same
 * actions, the imagined dice and the other side's answers (the rules of thumb's best, drawing
 * nothing) are the same, so every roll ends where that one's did. Most plans are such (a child
 * whose changed action is skipped or drawn as it was, a melee phase's few declarations): a cdb
 * skirmish decision costs 2.6 times less with the same choices (p->memo, docs/ai-log.md,
 * twenty-seventh pass). */
static void judge(plan_ai *p, const grg_game *g, const plan *pl, change ch, int at, plan *out)
{
    int rolled;
    play(p, g, pl, ch, at, grg__ai_mix(p->dice, 0), out, &rolled);
    out->decision = p->decisions;
    const plan *same = p->memo ? judged_alike(p, out) : NULL;
    if (same) {
        out->value = same->value;
        return;
    }
    int me = g->active;
    double v = grg__ai_judge(&p->la, p->sim, me, WON, AI_ATTACKED_ONCE);
    if (rolled) {
        plan again;
        for (int k = 1; k < p->rolls; k++) {
            int r;
            play(p, g, out, KEEP, 0, grg__ai_mix(p->dice, (uint64_t)k), &again, &r);
            v += grg__ai_judge(&p->la, p->sim, me, WON, AI_ATTACKED_ONCE);
        }
        v /= p->rolls;
    }
    out->value = v;
}

/* Greedy's own plan for the rest of the phase (greedy over its `model` heaviest actions, the
 * other side's answers by the rules of thumb), as the first member. */
static void greedy_plan(plan_ai *p, const grg_game *g, plan *out)
{
    grg_game *s = p->sim;
    out->n = 0;
    grg_game_copy(s, g);
    grg_game_reseed(s, grg__ai_mix(p->dice, 0));
    int me = g->active;
    for (int k = 0; k < MAX_STEPS && !plan_over(p, s, g) && out->n < MAX_PLAN; k++) {
        grg_action_list *l = &p->scratch;
        if (grg_legal(s, NULL, 0, l) < 0 || l->n == 0)
            break;
        int i = s->active != me ? grg__ai_pick(s, l, NULL, 1.0)
                : l->n == 1     ? 0
                                : grg__ai_greedy_pick(&p->la, s, l, p->model,
                                                      grg__ai_mix(0x706c616eULL, (uint64_t)k));
        grg_action a = l->items[i];
        int mine = s->active == me;
        if (grg_apply(s, &a, NULL, NULL) < 0)
            break;
        if (mine)
            out->a[out->n++] = a;
    }
}

int grg__ai_rank(const double *value, int n, int *order)
{
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0 && value[i] > value[order[j - 1]]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    /* Sorted, equal values are adjacent: the first of each run ahead of the rest. */
    int kept = 0, rest = 0, again[AI_RANK_MAX];
    for (int i = 0; i < n; i++) {
        if (i > 0 && value[order[i]] == value[order[i - 1]])
            again[rest++] = order[i];
        else
            order[kept++] = order[i];
    }
    memcpy(order + kept, again, (size_t)rest * sizeof again[0]);
    return kept;
}

/* Keeps the best p->pop of the n members in grg__ai_rank's order: members judged alike are the
 * same plan to the selection (most often the same moves in another order, or a change past where
 * the plan stops mattering), and letting them fill the population left its 16 members alike in
 * value 98.6% of the time on the cdb skirmish, a search from one plan (docs/ai-log.md, twentieth
 * pass). The plans are moved once, along the permutation's cycles. */
static void select_best(plan_ai *p, int n)
{
    double value[2 * MAX_POP] = {0};
    int o[2 * MAX_POP], done[2 * MAX_POP] = {0};
    for (int i = 0; i < n; i++)
        value[i] = p->members[i].value;
    grg__ai_rank(value, n, o);
    for (int i = 0; i < n; i++) { /* place i takes member o[i] */
        if (done[i] || o[i] == i)
            continue;
        plan spare = p->members[i];
        int j = i;
        while (o[j] != i) {
            p->members[j] = p->members[o[j]];
            done[j] = 1;
            j = o[j];
        }
        p->members[j] = spare;
        done[j] = 1;
    }
    p->n = n < p->pop ? n : p->pop;
}

/* One generation: a child of each member, then the best of parents and children. */
static void generation(plan_ai *p, const grg_game *g)
{
    int n = p->n;
    for (int c = 0; c < n; c++) {
        int x = grg__ai_below(&p->rng, n), y = grg__ai_below(&p->rng, n);
        const plan *parent = &p->members[x < y ? x : y]; /* sorted: the lower index is better */
        change ch = grg__ai_below(&p->rng, 2) ? SWAP : REDRAW;
        int at = grg__ai_below(&p->rng, parent->n + 1);
        judge(p, g, parent, ch, at, &p->members[n + c]);
    }
    select_best(p, 2 * n);
}

/* Starts the phase's population afresh, or carries the kept one forward: a member whose first
 * action is the one just played (NULL: none was, the player is asked again where it chose) loses
 * it; every member is judged again from g. */
static void populate(plan_ai *p, const grg_game *g, const grg_action *played, int carried)
{
    if (!carried) {
        p->dice = grg__ai_rand(&p->rng);
        plan seed;
        greedy_plan(p, g, &seed);
        judge(p, g, &seed, KEEP, 0, &p->members[0]);
        p->n = 1;
        while (p->n < p->pop) {
            /* Drawn in turn: the order of a call's arguments is unspecified, and GCC and clang
             * drew these two in opposite orders, so a seed's game depended on the compiler. */
            int at = grg__ai_below(&p->rng, p->members[0].n + 1);
            change ch = grg__ai_below(&p->rng, 2) ? SWAP : REDRAW;
            judge(p, g, &p->members[0], ch, at, &p->members[p->n]);
            p->n++;
        }
        select_best(p, p->n);
        return;
    }
    for (int i = 0; i < p->n; i++) {
        plan *m = &p->members[i];
        if (played && m->n > 0 && grg_action_eq(&m->a[0], played)) {
            memmove(m->a, m->a + 1, (size_t)(m->n - 1) * sizeof m->a[0]);
            m->n--;
        }
        plan t = *m;
        judge(p, g, &t, KEEP, 0, m);
    }
    select_best(p, p->n);
}

/* The worth of pl a step further than its judgement: played to the phase's end, then both sides
 * as greedy through the rest of our turn and the enemy's reply (`reply_turns` player-turn
 * boundaries, 2 by default), judged there; the mean over `replies` imagined rolls, the same for
 * every finalist. Returns -1 when the clock passed `deadline` (0: none) first. */
static int reply_value(plan_ai *p, const grg_game *g, const plan *pl, double deadline, double *out)
{
    double v = 0.0;
    for (int k = 0; k < p->replies; k++) {
        plan played;
        int rolled;
        play(p, g, pl, KEEP, 0, grg__ai_mix(p->dice, REPLY_SEEDS + (uint64_t)k), &played, &rolled);
        ai_horizon h;
        grg__ai_horizon_start(&h, g, p->reply_turns);
        if (grg__ai_play_greedy(&p->la, p->sim, &p->scratch, p->model, &h, MAX_STEPS, deadline))
            return -1;
        v += grg__ai_judge(&p->la, p->sim, g->active, WON, AI_ATTACKED_ONCE);
    }
    *out = v / p->replies;
    return 0;
}

/* The plan to play: of the `finalists` best by their judgement, the one whose worth after the
 * enemy's reply is best (reply_value); when the clock stops the replies, the best of those
 * judged in full (the best by judgement first). When the finalists all begin with the same action
 * the choice is that action whatever their replies, and none is played out. */
static plan *finalist(plan_ai *p, const grg_game *g, double deadline)
{
    int n = p->finalists < p->n ? p->finalists : p->n, differ = 0;
    plan *first = &p->members[0], *best = first;
    for (int i = 1; i < n; i++)
        differ |= first->n == 0 || p->members[i].n == 0 ||
                  !grg_action_eq(&p->members[i].a[0], &first->a[0]);
    double bv = -1e18, v;
    for (int i = 0; differ && i < n && reply_value(p, g, &p->members[i], deadline, &v) == 0; i++)
        if (v > bv) {
            bv = v;
            best = &p->members[i];
        }
    return best;
}

/* True when a unit on g's map faces a vertex (cdb). There the plan player's first plan is worth
 * judging an activation by its best first step (a pivot or a step aside, where the straight way is
 * barred), as greedy does; in a game without facings (nap) that made its plans worse
 * (docs/ai-log.md, sixteenth pass). And there only the side moving first plans past its phase by
 * default (FIRST_PAST): a cdb plan past it (plan_over) costs many times as much and gained,
 * counted, only where the movement was then planned through the enemy's reply (twenty-fourth,
 * twenty-fifth and thirtieth passes; the server's seats play the counted budget since the
 * thirtieth); in nap both sides' plans run past it, which won 82.5% against greedy, not 70%
 * (twenty-second pass). */
static int faced(const grg_game *g)
{
    for (int i = 0; i < g->n_units; i++)
        if (g->units[i].status == GRG_UNIT_ON_MAP && g->units[i].facing >= 0)
            return 1;
    return 0;
}

static int plan_choose(grg_ai *ai, const grg_game *g, grg_ai_budget budget, grg_action *out)
{
    plan_ai *p = (plan_ai *)ai;
    double start = grg__ai_now_ms();
    p->la.first_steps = p->first_steps >= 0 ? p->first_steps
                        : faced(g)          ? AI_FIRST_STEPS_DEFAULT
                                            : 0;
    int horizon = p->horizon >= 0 ? p->horizon : faced(g) ? FIRST_PAST : PAST_PHASE;
    p->turn_plans =
        horizon == PAST_PHASE || (horizon == FIRST_PAST && g->active == g->sc->first_side);
    int ready = grg__ai_prepare(g, &p->legal, &p->la, &p->sim, &p->sim_bytes, out);
    if (ready != 0)
        return ready < 0 ? -1 : 0;
    int same = p->turn == g->turn && p->phase == g->phase && p->side == g->active;
    /* Asked again where it chose (a protocol client that did not play the choice, or undid it),
     * its last choice was not played: no member loses its first action. */
    uint64_t here = grg_game_hash(g);
    if (here != p->asked)
        p->seen.prior = same ? p->last : grg_action_make(GRG_A_NONE, -1);
    p->decisions++;
    grg__plan_note_visits(&p->seen, g, !same);
    populate(p, g, here == p->asked ? NULL : &p->last, same && p->n > 0);
    p->asked = here;
    p->turn = g->turn;
    p->phase = g->phase;
    p->side = g->active;
    /* With a millisecond budget (alone, or cutting a count short) the generations take the first
     * part of it (all of it without finalists), and the finalists' replies the rest. */
    int gens = budget.iterations > 0 ? budget.iterations : budget.ms > 0 ? INT_MAX : p->iterations;
    double evolve = p->finalists > 1 ? budget.ms * TIMED_EVOLVE : budget.ms;
    for (int k = 0; k < gens && (budget.ms <= 0 || grg__ai_now_ms() - start < evolve); k++)
        generation(p, g);
    plan *best = finalist(p, g, budget.ms > 0 ? start + budget.ms : 0);
    best = grg__plan_to_play(g, &p->legal, &p->seen, p->members, p->n, best);
    /* The plan's first action is legal here (it was played from g); a plan with none (the phase
     * ends at once for it) plays the rules of thumb's choice. */
    *out = best->n > 0 ? best->a[0] : p->legal.items[grg__ai_pick(g, &p->legal, NULL, 1.0)];
    p->last = *out;
    return 0;
}

static const grg_ai_option plan_options[] = {
    {"iterations", 1, INT_MAX},
    {"pop", 2, MAX_POP},
    {"model", 1, INT_MAX},
    {"rolls", 1, MAX_ROLLS},
    {"finalists", 1, MAX_POP},
    {"replies", 1, 64},
    {"reply_turns", 1, 8},
    {"horizon", 0, N_HORIZONS - 1},
    {"memo", 0, 1},
    AI_FIRST_STEPS_OPTION,
    {NULL, 0, 0},
};

const grg_ai_player grg__ai_plan = {
    .name = "plan",
    .doc = "online evolutionary planning of the rest of the phase, judged where it ends",
    .options = plan_options,
    .new_ = plan_new,
    .free_ = plan_free,
    .choose = plan_choose,
};
