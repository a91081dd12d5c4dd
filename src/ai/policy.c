/* The cheap policy every player leans on: a weight for each legal action from rules of thumb a
 * wargamer would recognise, computed from the action and the units' positions only (no clone, no
 * query), and the playouts that follow it on the AI's clones. Rollouts sample in proportion to
 * the weights; the greedy player's completions take the heaviest action. */
#include "ai_internal.h"

#include <math.h>

enum { FAR = 1 << 20 };

void grg__ai_view_init(ai_view *v, const grg_game *g)
{
    for (int s = 0; s < GRG_MAX_SIDES; s++)
        v->n[s] = 0;
    for (int i = 0; i < g->n_units; i++) {
        const grg_unit *u = &g->units[i];
        if (u->status != GRG_UNIT_ON_MAP || u->side < 0 || u->side >= GRG_MAX_SIDES)
            continue;
        v->hex[u->side][v->n[u->side]++] = u->hex;
    }
}

int grg__ai_nearest(const ai_view *v, int side, grg_hex h)
{
    int best = FAR;
    for (int i = 0; i < v->n[side]; i++) {
        int d = grg_hex_distance(h, v->hex[side][i]);
        if (d < best)
            best = d;
    }
    return best;
}

int grg__ai_adjacent(const ai_view *v, int side, grg_hex h)
{
    int n = 0;
    for (int i = 0; i < v->n[side]; i++)
        n += grg_hex_distance(h, v->hex[side][i]) == 1;
    return n;
}

/* The nearest hex holding a unit of `side`, for facing decisions; *found is 0 when there is none.
 */
static grg_hex nearest_hex(const ai_view *v, int side, grg_hex h, int *found)
{
    int best = FAR;
    grg_hex at = h;
    for (int i = 0; i < v->n[side]; i++) {
        int d = grg_hex_distance(h, v->hex[side][i]);
        if (d < best) {
            best = d;
            at = v->hex[side][i];
        }
    }
    *found = best < FAR;
    return at;
}

/* Distance from h to the nearest objective not held by `side` (occupancy stands for holding). */
static int nearest_objective(const grg_game *g, const ai_view *v, int side, grg_hex h)
{
    int best = FAR;
    for (int i = 0; i < g->sc->n_objectives; i++) {
        grg_hex o = g->sc->objectives[i].hex;
        if (grg__ai_nearest(v, side, o) == 0)
            continue;
        int d = grg_hex_distance(h, o);
        if (d < best)
            best = d;
    }
    return best;
}

/* A step: toward the enemy (and into contact beside friends) is good, away is poor. */
static double step_weight(const grg_game *g, const ai_view *v, const grg_unit *u, grg_hex to)
{
    int me = u->side, foe = 1 - me;
    int d0 = grg__ai_nearest(v, foe, u->hex), d1 = grg__ai_nearest(v, foe, to);
    double w = d1 < d0 ? 4.0 : d1 == d0 ? 1.0 : 0.3;
    if (d1 <= 1 && g->sc->units[u - g->units].general)
        return 0.2; /* generals stay out of contact */
    if (d1 == 1)
        w += 1.0 * grg__ai_adjacent(v, me, to) - 0.5 * (grg__ai_adjacent(v, foe, to) - 1);
    int o0 = nearest_objective(g, v, me, u->hex), o1 = nearest_objective(g, v, me, to);
    if (o1 < o0)
        w += 1.0;
    return w > 0.1 ? w : 0.1;
}

/* Turning or pivoting: face the nearest enemy. */
static double facing_weight(const ai_view *v, const grg_unit *u, int facing)
{
    int found;
    grg_hex e = nearest_hex(v, 1 - u->side, u->hex, &found);
    if (!found || u->facing < 0)
        return 0.3;
    int before = grg_in_frontal_arc(u->hex, u->facing, e);
    int after = grg_in_frontal_arc(u->hex, facing, e);
    return after && !before ? 3.0 : before && !after ? 0.05 : 0.3;
}

double grg__ai_weight(const grg_game *g, const ai_view *v, const grg_action *a)
{
    const grg_unit *u = a->unit >= 0 && a->unit < g->n_units ? &g->units[a->unit] : NULL;
    switch (a->type) {
    case GRG_A_ACTIVATE:
    case GRG_A_GROUP_BEGIN:
        return 2.0;
    case GRG_A_GROUP_ADD:
        return 1.5;
    case GRG_A_GROUP_CLOSE:
        return 1.5;
    case GRG_A_STEP:
        return u ? step_weight(g, v, u, a->hex) : 1.0;
    case GRG_A_TURN:
        return u ? facing_weight(v, u, (u->facing + a->arg + 6) % 6) : 0.3;
    case GRG_A_PIVOT:
        return u ? facing_weight(v, u, a->arg) : 0.3;
    case GRG_A_END_ACTIVATION:
        return 1.5;
    case GRG_A_SHOOT:
    case GRG_A_BOMBARD:
        return 6.0;
    case GRG_A_COMBAT_BEGIN:
        return 4.0;
    case GRG_A_ATTACKER:
        return u && g->sc->units[a->unit].general ? 1.0 : 5.0;
    case GRG_A_DEFENDER:
        return 4.0;
    case GRG_A_COMBAT_CLOSE:
        return 2.0;
    case GRG_A_CHARGE:
        return 4.0;
    case GRG_A_RETREAT: {
        if (!u)
            return 1.0;
        int d0 = grg__ai_nearest(v, 1 - u->side, u->hex),
            d1 = grg__ai_nearest(v, 1 - u->side, a->hex);
        return 1.0 + (d1 > d0 ? 2.0 : 0.0) + 0.5 * grg__ai_adjacent(v, u->side, a->hex);
    }
    case GRG_A_ADVANCE:
        return 2.0;
    case GRG_A_NO_ADVANCE:
    case GRG_A_HOLD:
        return 1.0;
    case GRG_A_END_PHASE:
        return 0.2;
    default:
        return 0.5;
    }
}

int grg__ai_pick(const grg_game *g, const grg_action_list *l, uint64_t *rng, double power)
{
    ai_view v;
    grg__ai_view_init(&v, g);
    if (!rng) {
        int best = 0;
        double bw = -1.0;
        for (int i = 0; i < l->n; i++) {
            double w = grg__ai_weight(g, &v, &l->items[i]);
            if (w > bw) {
                bw = w;
                best = i;
            }
        }
        return best;
    }
    double w[GRG_MAX_LEGAL], total = 0.0;
    for (int i = 0; i < l->n; i++) {
        double wi = grg__ai_weight(g, &v, &l->items[i]);
        w[i] = power == 1.0 ? wi : pow(wi, power); /* the plan player's drawing: pow is dear */
        total += w[i];
    }
    double x = grg__ai_unit(rng) * total;
    for (int i = 0; i < l->n; i++) {
        x -= w[i];
        if (x < 0.0)
            return i;
    }
    return l->n - 1;
}

int grg__ai_playout(grg_game *g, grg_action_list *scratch, uint64_t *rng, double power,
                    int max_steps, ai_stop_fn stop, void *ctx)
{
    int steps = 0;
    while (!g->over && steps < max_steps && !(stop && stop(g, ctx))) {
        grg_legal(g, NULL, 0, scratch);
        if (scratch->n == 0)
            break;
        int k = grg__ai_pick(g, scratch, rng, power);
        if (grg_apply(g, &scratch->items[k], NULL, NULL) < 0)
            break;
        steps++;
    }
    return steps;
}
