/* One-ply lookahead with imagined dice, shared by the greedy player (its whole judgement) and the
 * search player (to choose which actions deserve rollouts). An action is applied on a re-seeded
 * clone, what it starts (an activation's steps, a combat's declaration) is completed with the
 * heaviest action of the rules of thumb (an activation from each of its first `first_steps`
 * steps, the best kept) until the side could end the phase again or the phase changes (so
 * ending a phase is judged where the phase's other actions are, not after the next
 * phase's compulsory combats have been fought in its favour), and the result is scored by the
 * static evaluation, averaged over DICE_SAMPLES imagined rolls when dice were thrown. The
 * engine's combat preview adds two judgements: the odds of a combat declared on the way (attacker
 * total over defender total), and the matchups of the units left in contact or in range (the
 * expected exchange of each adjacent pair and of each unit's best shot from the preview's outcome
 * chances, whole stacks counted: the melee the move will force, the bows it walks into, and the
 * enemy's reply). */
#include "ai_internal.h"

#include <math.h>
#include <string.h>

#define DICE_SAMPLES 6
#define MAX_COMPLETION 40
#define W_ODDS 0.03
#define W_MATCHUP 1.5
#define SHOT_RANGE 5   /* the longest missile range asked about (cdb artillery) */
#define IDLE_COST 0.01 /* an activation that moves nothing wastes its command points */

int grg__ai_lookahead_ready(ai_lookahead *la, const grg_game *g)
{
    if (!la->scratch || !la->turned || !la->started || !la->inside ||
        la->bytes != grg_game_size(g)) {
        grg__ai_lookahead_release(la);
        la->scratch = grg_game_clone(g);
        la->turned = grg_game_clone(g);
        la->started = grg_game_clone(g);
        la->inside = grg_game_clone(g);
        la->bytes = la->scratch && la->turned && la->started && la->inside ? grg_game_size(g) : 0;
    }
    return la->bytes ? 0 : -1;
}

int grg__ai_prepare(const grg_game *g, grg_action_list *legal, ai_lookahead *la, grg_game **sim,
                    size_t *sim_bytes, grg_action *out)
{
    if (g->over || grg_legal(g, NULL, 0, legal) < 0 || legal->n == 0)
        return -1;
    *out = legal->items[0];
    if (legal->n == 1 || grg__ai_lookahead_ready(la, g) < 0)
        return 1;
    if (!*sim || *sim_bytes != grg_game_size(g)) {
        grg_game_free(*sim);
        *sim = grg_game_clone(g);
        *sim_bytes = *sim ? grg_game_size(g) : 0;
    }
    return *sim ? 0 : 1;
}

void grg__ai_lookahead_release(ai_lookahead *la)
{
    grg_game_free(la->scratch);
    grg_game_free(la->turned);
    grg_game_free(la->started);
    grg_game_free(la->inside);
    la->scratch = la->turned = la->started = la->inside = NULL;
    la->bytes = 0;
}

int grg__ai_has_end_phase(const grg_action_list *l)
{
    for (int i = 0; i < l->n; i++)
        if (l->items[i].type == GRG_A_END_PHASE)
            return 1;
    return 0;
}

/* The actions of a combat declaration as it is built, for the preview. */
#define MAX_DECL 32
typedef struct decl {
    int n;
    grg_action acts[MAX_DECL];
} decl;

static void decl_note(decl *d, const grg_action *a)
{
    if (a->type == GRG_A_COMBAT_BEGIN)
        d->n = 0;
    if ((a->type == GRG_A_COMBAT_BEGIN || a->type == GRG_A_ATTACKER || a->type == GRG_A_DEFENDER) &&
        d->n < MAX_DECL)
        d->acts[d->n++] = *a;
}

/* The odds of the declared combat as the engine previews them: log2 of attacker total over
 * defender total, clamped to [-2, 2], less a half so that even odds count against; 0 when there
 * is no declaration or no preview. */
static double odds_term(const grg_game *g, const decl *d)
{
    int att = 0, def = 0;
    for (int i = 0; i < d->n; i++) {
        att += d->acts[i].type == GRG_A_ATTACKER;
        def += d->acts[i].type == GRG_A_DEFENDER;
    }
    grg_preview pv;
    if (!att || !def || grg_query_preview(g, d->acts, d->n, &pv, NULL) < 0)
        return 0.0;
    if (pv.attacker.total <= 0 || pv.defender.total <= 0)
        return 0.0;
    double r = log2((double)pv.attacker.total / (double)pv.defender.total);
    return (r < -2.0 ? -2.0 : r > 2.0 ? 2.0 : r) - 0.5;
}

/* What an outcome code costs the attacker (*a) and the defender (*d), as a share of a unit:
 * "A-destroyed", "D-flees", "D-recoil" (cdb), "AE", "D2", "E" (nap) and the like. A side whose
 * unit has nowhere to go (trapped[0] the attacker, trapped[1] the defender) loses it to a retreat,
 * a recoil or a flight, as both rulesets have it. */
static void outcome_cost(const char *r, const int trapped[2], double *a, double *d)
{
    *a = *d = 0.0;
    if (r[0] == 'E' && r[1] == '\0') {
        *a = *d = 0.5;
        return;
    }
    if (r[0] != 'A' && r[0] != 'D')
        return;
    int who = r[0] == 'D';
    double c = strstr(r, "destroyed") || r[1] == 'E' ? 1.0
               : strstr(r, "flee")                   ? 0.5
               : strstr(r, "recoil")                 ? 0.1
               : r[1] >= '1' && r[1] <= '9'          ? 0.15 * (r[1] - '0')
                                                     : 0.0;
    if (c > 0.0 && trapped[who])
        c = 1.0;
    *(who ? d : a) = c;
}

/* Hex k (a map index) closed to side s's retreats, for every side but `except` (-1: every side). */
static void close_hex(ai_lookahead *la, int k, int except)
{
    for (int s = 0; s < GRG_MAX_SIDES && k >= 0; s++)
        if (s != except)
            la->no_retreat[s][k >> 3] |= (uint8_t)(1u << (k & 7));
}

/* Marks, for each side, the map hexes its units could not retreat into, as both rulesets have it
 * (NAP-7.23, 7.24: out of enemy zones of control, not into an occupied hex at the stacking limit
 * of one; CDB-P10, P11: a recoil into a free rear hex): those in a zone of control of the other
 * side (the ruleset's own shape, from the zoc query) or holding a unit of either side. */
static void mark_no_retreat(ai_lookahead *la, const grg_game *g)
{
    const grg_map *m = &g->sc->map;
    size_t bytes = ((size_t)m->width * (size_t)m->height + 7) / 8;
    for (int s = 0; s < GRG_MAX_SIDES; s++)
        memset(la->no_retreat[s], 0, bytes);
    if (grg_query_zoc(g, &la->zoc) < 0)
        la->zoc.n = 0;
    for (int i = 0; i < la->zoc.n; i++)
        close_hex(la, grg_map_index(m, la->zoc.items[i].hex), la->zoc.items[i].side);
    for (int i = 0; i < g->n_units; i++)
        if (g->units[i].status == GRG_UNIT_ON_MAP)
            close_hex(la, grg_map_index(m, g->units[i].hex), -1);
}

/* True when unit u, beaten by the unit in hex `from`, has no hex to fall back into: none of its
 * neighbours on the map is both farther from `from` and open to its side (mark_no_retreat). The
 * rulesets then destroy it (NAP-7.24, CDB-P10). */
static int trapped(const ai_lookahead *la, const grg_game *g, int u, grg_hex from)
{
    const grg_unit *x = &g->units[u];
    if (x->side < 0 || x->side >= GRG_MAX_SIDES)
        return 0;
    int d0 = grg_hex_distance(x->hex, from);
    for (int dir = 0; dir < 6; dir++) {
        grg_hex h = grg_hex_neighbour(x->hex, dir);
        int k = grg_map_index(&g->sc->map, h);
        if (k >= 0 && grg_hex_distance(h, from) > d0 &&
            !(la->no_retreat[x->side][k >> 3] & (1u << (k & 7))))
            return 0;
    }
    return 1;
}

/* The expected exchange of the fight the preview of acts describes: the defender's (target's)
 * expected loss times vd less the attacker's (shooter's) times va; trap[0] and trap[1] say
 * whether the attacker and the defender have nowhere to retreat (trapped). *ok is 0 without a
 * preview. */
static double exchange(const grg_game *g, const grg_action *acts, int n, const int trap[2],
                       double va, double vd, int *ok)
{
    grg_preview pv;
    *ok = 0;
    if (grg_query_preview(g, acts, n, &pv, NULL) < 0 || pv.n_outcomes <= 0)
        return 0.0;
    *ok = 1;
    double sum = 0.0;
    for (int i = 0; i < pv.n_outcomes; i++) {
        const grg_outcome *o = &pv.outcomes[i];
        double ca, cd;
        outcome_cost(o->result, trap, &ca, &cd);
        if (o->den > 0)
            sum += (double)o->num / o->den * (cd * vd - ca * va);
    }
    return sum;
}

/* att attacking def alone. With `hand`, an attack by the side not to act that the ruleset does
 * not preview (nap answers only for the side to act) is previewed on la->turned: g handed to
 * att's side (la->turned_for: g, once copied for this judgement). */
static double pair_exchange(ai_lookahead *la, const grg_game *g, int att, int def, double va,
                            double vd, int hand, int *ok)
{
    grg_action acts[3] = {grg_action_make(GRG_A_COMBAT_BEGIN, -1),
                          grg_action_make(GRG_A_ATTACKER, att),
                          grg_action_make(GRG_A_DEFENDER, def)};
    int trap[2] = {trapped(la, g, att, g->units[def].hex), trapped(la, g, def, g->units[att].hex)};
    double x = exchange(g, acts, 3, trap, va, vd, ok);
    int side = g->units[att].side;
    if (*ok || !hand || side == g->active || !la->turned || la->bytes != grg_game_size(g))
        return x;
    if (la->turned_for != g) {
        grg_game_copy(la->turned, g);
        if (grg_game_hand_to(la->turned, side) < 0)
            return x;
        la->turned_for = g;
    }
    return exchange(la->turned, acts, 3, trap, va, vd, ok);
}

/* The units on the map, with each one's hex, stack size and nearest enemy, gathered once per
 * matchups call so that its pairs are found without rescanning every unit. */
typedef struct board {
    int n;
    int unit[GRG_MAX_UNITS];
    int stack[GRG_MAX_UNITS]; /* units in its hex: a stack beaten too badly to recoil is lost whole
                               */
    int near[GRG_MAX_UNITS];  /* distance to its nearest enemy */
} board;

static void board_init(board *b, const grg_game *g)
{
    b->n = 0;
    for (int i = 0; i < g->n_units; i++)
        if (g->units[i].status == GRG_UNIT_ON_MAP)
            b->unit[b->n++] = i;
    for (int x = 0; x < b->n; x++) {
        const grg_unit *u = &g->units[b->unit[x]];
        b->stack[x] = 0;
        b->near[x] = SHOT_RANGE + 1;
        for (int y = 0; y < b->n; y++) {
            const grg_unit *e = &g->units[b->unit[y]];
            int d = grg_hex_distance(u->hex, e->hex);
            b->stack[x] += d == 0;
            if (e->side != u->side && d < b->near[x])
                b->near[x] = d;
        }
    }
}

/* The best shot of the unit at b's place x on its nearest enemies within SHOT_RANGE (a shooter
 * takes the nearest target it may; one in contact fights in the melee instead), by the preview:
 * the target's expected loss less the shooter's from the return shot, a loss worth v[side] a unit
 * stacked in the hex; 0 when it has none worth taking. */
static double best_shot(const ai_lookahead *la, const grg_game *g, const board *b, int x,
                        const double *v)
{
    int s = b->unit[x], near = b->near[x];
    const grg_unit *u = &g->units[s];
    double best = 0.0;
    for (int y = 0; y < b->n && near > 1 && near <= SHOT_RANGE; y++) {
        int t = b->unit[y];
        const grg_unit *e = &g->units[t];
        if (e->side == u->side || grg_hex_distance(u->hex, e->hex) != near)
            continue;
        grg_action shot = grg_action_make(GRG_A_SHOOT, s);
        shot.target = (int16_t)t;
        int ok, trap[2] = {0, trapped(la, g, t, u->hex)};
        double gain =
            exchange(g, &shot, 1, trap, v[u->side] * b->stack[x], v[e->side] * b->stack[y], &ok);
        if (ok && gain > best)
            best = gain;
    }
    return best;
}

/* The best attack on the unit at b's place x by one of the enemies adjacent to it: the attacker's
 * expected exchange (pair_exchange, previewed as if the attacker's side were to act), a loss worth
 * v[side] a unit stacked in the hex; *any is 0 when no attack on it has a preview. */
static double best_attack_on(ai_lookahead *la, const grg_game *g, const board *b, int x,
                             const double *v, int *any)
{
    int i = b->unit[x];
    const grg_unit *u = &g->units[i];
    double best = 0.0;
    *any = 0;
    for (int y = 0; y < b->n; y++) {
        int j = b->unit[y];
        const grg_unit *e = &g->units[j];
        if (e->side == u->side || grg_hex_distance(u->hex, e->hex) != 1)
            continue;
        int ok;
        double gain =
            pair_exchange(la, g, j, i, v[e->side] * b->stack[y], v[u->side] * b->stack[x], 1, &ok);
        if (ok && (!*any || gain > best)) {
            best = gain;
            *any = 1;
        }
    }
    return best;
}

/* How the fights in contact and in range look for `side`, by the engine's preview. The melee, as
 * `melee` says: AI_EVERY_PAIR counts, for each pair of adjacent enemies, the expected exchange of
 * our attack on them (weighted MINE_FIRST: the side judging is taken to fight first, as it does
 * where greedy judges, within its own phase; weighing by the side to act in the state judged
 * gained the plan player nothing, docs/ai-log.md, forty-third pass) less that of theirs on
 * us; AI_ATTACKED_ONCE counts each unit in contact attacked once, by the adjacent enemy whose
 * attack on it gains most (a unit may be attacked at most once a turn: CDB-11.1.c, NAP-7.3),
 * ours weighted MINE_FIRST and theirs the rest, the attacks of the side not to act previewed as
 * if it were (nap previews only the acting side's, so AI_EVERY_PAIR counts no nap enemy attack).
 * For each unit that can shoot, its best shot, ours counted for us and theirs against us alike.
 * A unit's loss counts as its share of its side's counters times the units stacked with it, and a
 * beaten unit with no hex to fall back into (trapped) as lost to a retreat, recoil or flight, as
 * the rulesets have it. So a unit is not walked into a fight it would lose (nor left in one, nor
 * in reach of the enemy's bows, nor where its retreat is closed), and one that outmatches its
 * neighbour is sent in. */
#define MINE_FIRST 0.6
double grg__ai_matchups(ai_lookahead *la, const grg_game *g, int side, ai_melee melee)
{
    int n[GRG_MAX_SIDES] = {0};
    for (int i = 0; i < g->n_units; i++)
        if (g->units[i].side >= 0 && g->units[i].side < GRG_MAX_SIDES)
            n[g->units[i].side]++;
    if (!n[side] || !n[1 - side])
        return 0.0;
    double v[2];
    v[side] = 1.0 / n[side];
    v[1 - side] = 1.0 / n[1 - side];
    double sum = 0.0;
    board b;
    board_init(&b, g);
    la->turned_for = NULL;
    int marked = 0;
    for (int x = 0; x < b.n; x++) {
        int i = b.unit[x];
        const grg_unit *u = &g->units[i];
        if (u->side < 0 || u->side > 1 || b.near[x] > SHOT_RANGE)
            continue;
        if (!marked) {
            mark_no_retreat(la, g);
            marked = 1;
        }
        double shot = best_shot(la, g, &b, x, v);
        sum += u->side == side ? MINE_FIRST * shot : -(1.0 - MINE_FIRST) * shot;
        if (b.near[x] != 1)
            continue;
        if (melee == AI_ATTACKED_ONCE) {
            int any;
            double hit = best_attack_on(la, g, &b, x, v, &any);
            if (any)
                sum += u->side == side ? -(1.0 - MINE_FIRST) * hit : MINE_FIRST * hit;
            continue;
        }
        if (u->side != side)
            continue;
        double mine = v[side] * b.stack[x];
        for (int y = 0; y < b.n; y++) {
            int j = b.unit[y];
            const grg_unit *e = &g->units[j];
            if (e->side == side || grg_hex_distance(u->hex, e->hex) != 1)
                continue;
            int ok1, ok2;
            double theirs_v = v[e->side] * b.stack[y];
            double ours = pair_exchange(la, g, i, j, mine, theirs_v, 0, &ok1);
            double theirs = pair_exchange(la, g, j, i, theirs_v, mine, 0, &ok2);
            sum += (ok1 ? MINE_FIRST * ours : 0.0) - (ok2 ? (1.0 - MINE_FIRST) * theirs : 0.0);
        }
    }
    return sum;
}

double grg__ai_judge(ai_lookahead *la, const grg_game *g, int side, double won, ai_melee melee)
{
    double x = grg__ai_value(g, side, won);
    return g->over ? x : x + W_MATCHUP * grg__ai_matchups(la, g, side, melee);
}

/* True when no unit stands, faces or lives otherwise in s than in g. */
static int nothing_moved(const grg_game *s, const grg_game *g)
{
    for (int i = 0; i < g->n_units; i++) {
        const grg_unit *a = &s->units[i], *b = &g->units[i];
        if (!grg_hex_eq(a->hex, b->hex) || a->facing != b->facing || a->status != b->status ||
            a->strength != b->strength)
            return 0;
    }
    return 1;
}

int grg__ai_starts_activation(const grg_action *a)
{
    return a->type == GRG_A_ACTIVATE || a->type == GRG_A_GROUP_BEGIN ||
           a->type == GRG_A_GROUP_ADD || a->type == GRG_A_GROUP_CLOSE;
}

int grg__ai_turns_back(const grg_action *last, const grg_action *a)
{
    return a->type == GRG_A_TURN && last->type == GRG_A_TURN && last->unit == a->unit &&
           last->arg == -a->arg;
}

int grg__ai_imagine(grg_game *s, const grg_game *g, const grg_action *a, uint64_t seed,
                    uint64_t before[4])
{
    grg_game_copy(s, g);
    grg_game_reseed(s, seed);
    memcpy(before, s->rng, sizeof s->rng);
    return grg_apply(s, a, NULL, NULL) < 0 ? -1 : 0;
}

/* Completes what s's last action `a` started (an activation's steps, a combat's declaration)
 * with the heaviest action of the rules of thumb while g's side acts in g's phase and may not yet
 * end it, and judges where that stops for g's side. `idle`: a completion that moves nothing
 * costs IDLE_COST (an activation's wasted command points). Sets *rolled when a die was thrown
 * since `before`. */
static double complete(ai_lookahead *la, const grg_game *g, grg_game *s, const grg_action *a,
                       const uint64_t before[4], int idle, int *rolled)
{
    int me = g->active, phase = g->phase;
    decl d = {0, {{0}}};
    double odds = 0.0;
    decl_note(&d, a);
    for (int k = 0; k < MAX_COMPLETION && !s->over && s->active == me && s->phase == phase; k++) {
        grg_legal(s, NULL, 0, &la->inner);
        if (la->inner.n == 0 || grg__ai_has_end_phase(&la->inner))
            break;
        const grg_action *next = &la->inner.items[grg__ai_pick(s, &la->inner, NULL, 1.0)];
        if (next->type == GRG_A_COMBAT_CLOSE)
            odds = odds_term(s, &d);
        decl_note(&d, next);
        if (grg_apply(s, next, NULL, NULL) < 0)
            break;
    }
    *rolled = grg__ai_rolled(s, before);
    double cost = idle && nothing_moved(s, g) ? IDLE_COST : 0.0;
    return grg_ai_evaluate(s, me) + W_ODDS * odds +
           W_MATCHUP * grg__ai_matchups(la, s, me, AI_EVERY_PAIR) - cost;
}

/* One imagined future of a: apply it on a clone with dice from `seed`, complete it within the
 * phase, evaluate. An activation (or a group's forming) is worth its best first step, each
 * completed by the rules of thumb, when la->first_steps > 0: judged by the rules of thumb's
 * completion alone, an activation whose straight way is barred (a chariot before a wood,
 * CDB-9.6) or leads into the enemy's bows scores below standing, and greedy stopped short of the
 * enemy for the rest of the game (docs/ai-log.md, fifteenth pass). Sets *rolled when a die was
 * thrown on the way. */
static double sample(ai_lookahead *la, const grg_game *g, const grg_action *a, uint64_t seed,
                     int *rolled)
{
    grg_game *s = la->scratch;
    uint64_t before[4];
    *rolled = 0;
    if (grg__ai_imagine(s, g, a, seed, before) < 0)
        return -1e9;
    int idle = grg__ai_starts_activation(a);
    grg_action_list *l = &la->inner;
    if (!idle || la->first_steps <= 0 || s->over || s->active != g->active ||
        s->phase != g->phase || grg_legal(s, NULL, 0, l) < 0 || l->n == 0 ||
        grg__ai_has_end_phase(l))
        return complete(la, g, s, a, before, idle, rolled);
    /* The first steps are kept apart: the completions list into la->inner. */
    size_t n =
        (size_t)(la->first_steps < AI_FIRST_STEPS_MAX ? la->first_steps : AI_FIRST_STEPS_MAX);
    if ((size_t)l->n < n)
        n = (size_t)l->n;
    memcpy(la->first, l->items, n * sizeof l->items[0]);
    grg_game_copy(la->started, s);
    double best = -1e9;
    for (size_t i = 0; i < n; i++) {
        int r = 0;
        grg_game_copy(s, la->started);
        if (grg_apply(s, &la->first[i], NULL, NULL) < 0)
            continue;
        double v = complete(la, g, s, &la->first[i], before, 1, &r);
        *rolled |= r;
        if (v > best)
            best = v;
    }
    return best;
}

double grg__ai_one_ply(ai_lookahead *la, const grg_game *g, const grg_action *a, uint64_t base)
{
    int rolled = 0;
    double sum = sample(la, g, a, grg__ai_mix(base, 0), &rolled);
    if (!rolled)
        return sum;
    for (int k = 1; k < DICE_SAMPLES; k++) {
        int again;
        sum += sample(la, g, a, grg__ai_mix(base, (uint64_t)k), &again);
    }
    return sum / DICE_SAMPLES;
}

void grg__ai_prune(const grg_game *g, grg_action_list *l, int keep)
{
    if (l->n <= keep)
        return;
    ai_view v;
    grg__ai_view_init(&v, g);
    for (int kept = 0; kept < keep; kept++) {
        int best = kept;
        double bw = -1.0;
        for (int i = kept; i < l->n; i++) {
            double w = grg__ai_weight(g, &v, &l->items[i]);
            if (l->items[i].type == GRG_A_END_PHASE)
                w += 1e6;
            if (w > bw) {
                bw = w;
                best = i;
            }
        }
        grg_action t = l->items[kept];
        l->items[kept] = l->items[best];
        l->items[best] = t;
    }
    l->n = keep;
}

void grg__ai_horizon_start(ai_horizon *h, const grg_game *g, int turns)
{
    h->turns = turns;
    h->boundaries = 0;
    h->turn = g->turn;
    h->phase = g->phase;
}

int grg__ai_at_horizon(const grg_game *g, void *horizon)
{
    ai_horizon *h = horizon;
    if (g->turn != h->turn || g->phase < h->phase)
        h->boundaries++;
    h->turn = g->turn;
    h->phase = g->phase;
    return h->boundaries >= h->turns;
}

int grg__ai_play_greedy(ai_lookahead *la, grg_game *s, grg_action_list *scratch, int model,
                        ai_horizon *h, int max_steps, double deadline)
{
    for (int k = 0; k < max_steps && !s->over && !grg__ai_at_horizon(s, h); k++) {
        if (deadline > 0 && grg__ai_now_ms() >= deadline)
            return 1;
        if (grg_legal(s, NULL, 0, scratch) < 0 || scratch->n == 0)
            break;
        int i = scratch->n == 1 ? 0
                                : grg__ai_greedy_pick(la, s, scratch, model,
                                                      grg__ai_mix(0x6d6f64656cULL, (uint64_t)k));
        if (grg_apply(s, &scratch->items[i], NULL, NULL) < 0)
            break;
    }
    return 0;
}
