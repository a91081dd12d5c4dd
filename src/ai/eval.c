/* The static evaluation (docs/ai.md): one number for how well a side stands, from what every
 * ruleset shares. Terms (the first four a difference between the side and its enemy):
 *   material   the fraction of each side's starting worth still in play (a unit's worth is its
 *              scenario strength, at least 1, tripled for generals; losses of strength count);
 *   objectives points held: the ruleset's game_info "objectives_<side>" where it reports them,
 *              else occupancy, plus a little for being nearer to each objective; where they
 *              are reported, also the nearness of our nearest unit to each (pressure on them);
 *   morale     corps the ruleset's game_info reports "demoralised", each counted for the side
 *              it fights for now;
 *   corps      each army's progress toward breaking by demoralised corps: counters lost per
 *              corps against a third of its counters, squared (concentrate on one corps);
 *   cohesion   units with a friend near them (keep the line together);
 *   generals   generals standing beside an enemy (keep them out of the melee);
 *   contact    closeness to the enemy (armies that never meet decide nothing).
 * A finished game is worth +-AI_WON, or what the caller asks (the search's rollouts ask less), plus
 * its material; a draw a trace of material to break ties. */
#include "ai_internal.h"

#include <string.h>

#define W_MATERIAL 1.0
#define W_OBJECTIVES 0.35 /* where the ruleset reports objectives held (they decide games) */
#define W_OCCUPANCY 0.05  /* where it does not (they may mean nothing to it) */
#define W_APPROACH 0.4    /* our nearness to each reported objective, 1 on it, 0 at the range */
#define APPROACH_RANGE 12.0
#define W_MORALE 0.3
#define W_CORPS 1.5            /* each side's progress toward demoralised corps (counters lost) */
#define CORPS_BREAK_SHARE 3    /* a corps is taken to break at a third of its counters lost */
#define W_GENERAL_EXPOSED 0.04 /* each general of ours beside an enemy */
#define GENERAL_WORTH 3.0
#define W_COHESION 0.05
#define W_CONTACT 0.15
#define CONTACT_RANGE 10.0

/* Starting worth of a unit, from the scenario. */
static double base_worth(const grg_scenario *sc, int i)
{
    const grg_unit_def *d = &sc->units[i];
    double w = d->strength > 0 ? (double)d->strength : 1.0;
    return d->general ? GENERAL_WORTH * w : w;
}

/* What is left of it now: nothing once eliminated, half once it left the map. */
static double live_worth(const grg_game *g, int i)
{
    const grg_unit *u = &g->units[i];
    const grg_unit_def *d = &g->sc->units[i];
    double w = base_worth(g->sc, i);
    if (u->status == GRG_UNIT_ELIMINATED)
        return 0.0;
    if (u->status == GRG_UNIT_EXITED)
        return 0.5 * w;
    if (d->strength > 0 && u->strength >= 0 && u->strength < d->strength)
        w *= (double)u->strength / (double)d->strength;
    return w;
}

static double material(const grg_game *g, int side)
{
    double have[GRG_MAX_SIDES] = {0}, start[GRG_MAX_SIDES] = {0};
    for (int i = 0; i < g->n_units; i++) {
        int s = g->units[i].side;
        if (s < 0 || s >= GRG_MAX_SIDES)
            continue;
        start[s] += base_worth(g->sc, i);
        have[s] += live_worth(g, i);
    }
    int foe = 1 - side;
    double mine = start[side] > 0 ? have[side] / start[side] : 0.0;
    double theirs = start[foe] > 0 ? have[foe] / start[foe] : 0.0;
    return mine - theirs;
}

/* The value of an info item whose key is prefix + the start of the side's id (rulesets shorten
 * long ids to fit the key), or -1. */
static int info_side_value(const grg_info *in, const char *prefix, const char *side_id)
{
    size_t pl = strlen(prefix);
    for (int i = 0; i < in->n; i++) {
        const char *k = in->items[i].key;
        if (in->items[i].is_text || strncmp(k, prefix, pl) != 0 || !k[pl])
            continue;
        if (strncmp(side_id, k + pl, strlen(k + pl)) == 0)
            return in->items[i].value;
    }
    return -1;
}

/* The corps a game_info key names: its id, or the first it begins (a ruleset may cut long ids
 * short); -1 for none. */
static int corps_named(const grg_scenario *sc, const char *id)
{
    for (int c = 0; c < sc->n_corps; c++)
        if (strcmp(sc->corps[c].id, id) == 0)
            return c;
    for (int c = 0; c < sc->n_corps; c++)
        if (strncmp(sc->corps[c].id, id, strlen(id)) == 0)
            return c;
    return -1;
}

/* The side corps c fights for now: its units', which an ally changing side takes along (cdb's
 * CDB-4.3.d); the side it was set up for while it has none. */
static int corps_side(const grg_game *g, int c)
{
    for (int i = 0; i < g->n_units; i++)
        if (g->units[i].corps == c)
            return g->units[i].side;
    return g->sc->corps[c].side;
}

/* Objectives and morale, with the ruleset's game_info where it speaks of them. */
static void info_terms(const grg_game *g, int side, const ai_view *v, double *obj, double *morale,
                       int *corps_down)
{
    grg_info in;
    in.n = 0;
    if (g->rs->game_info)
        g->rs->game_info(g, &in);
    int foe = 1 - side, total = 0;
    double held[GRG_MAX_SIDES] = {0}, near[GRG_MAX_SIDES] = {0}, approach = 0.0;
    for (int i = 0; i < g->sc->n_objectives; i++) {
        const grg_objective_def *o = &g->sc->objectives[i];
        total += o->points;
        int d0 = grg__ai_nearest(v, 0, o->hex), d1 = grg__ai_nearest(v, 1, o->hex);
        if (d0 == 0 || d1 == 0)
            held[d0 == 0 ? 0 : 1] += o->points;
        else if (d0 != d1)
            near[d0 < d1 ? 0 : 1] += 0.25 * o->points;
    }
    int reported = 0;
    for (int s = 0; s < g->sc->n_sides && s < GRG_MAX_SIDES; s++) {
        int r = info_side_value(&in, "objectives_", g->sc->sides[s].id);
        if (r >= 0) {
            held[s] = r;
            reported = 1;
        }
    }
    *obj = total > 0 ? (held[side] + near[side] - held[foe] - near[foe]) / total : 0.0;
    *obj *= reported ? W_OBJECTIVES : W_OCCUPANCY;
    if (reported && total > 0) {
        /* Pressure on the points: how near our nearest unit stands to each (on it: 1). */
        for (int i = 0; i < g->sc->n_objectives; i++) {
            const grg_objective_def *o = &g->sc->objectives[i];
            int d = grg__ai_nearest(v, side, o->hex);
            double c = 1.0 - (double)d / APPROACH_RANGE;
            approach += c > 0.0 ? c * o->points : 0.0;
        }
        *obj += W_APPROACH * approach / total;
    }
    int demoralised[GRG_MAX_SIDES] = {0};
    for (int i = 0; i < in.n; i++) {
        if (!in.items[i].is_text || strncmp(in.items[i].key, "corps.", 6) != 0 ||
            strcmp(in.items[i].text, "demoralised") != 0)
            continue;
        int c = corps_named(g->sc, in.items[i].key + 6), s = c >= 0 ? corps_side(g, c) : -1;
        if (s < 0 || s >= GRG_MAX_SIDES)
            continue;
        demoralised[s]++;
        if (c < GRG_MAX_CORPS)
            corps_down[c] = 1;
    }
    *morale = (double)(demoralised[foe] - demoralised[side]);
}

/* Units of each side still in the battle: on the map or yet to arrive. The position terms are
 * shares of these, so that a reinforcement waiting off the map counts as far from everything and
 * bringing it on raises them (shares of the units on the map alone made every entry far from the
 * enemy lower the average, and the French at Quatre-Bras left their reinforcements off). */
static void in_battle(const grg_game *g, int n[GRG_MAX_SIDES])
{
    for (int s = 0; s < GRG_MAX_SIDES; s++)
        n[s] = 0;
    for (int i = 0; i < g->n_units; i++) {
        const grg_unit *u = &g->units[i];
        if ((u->status == GRG_UNIT_ON_MAP || u->status == GRG_UNIT_WAITING) && u->side >= 0 &&
            u->side < GRG_MAX_SIDES)
            n[u->side]++;
    }
}

/* Cohesion: the share of a side's units with a friend within two hexes; contact: how near its
 * units stand to the enemy, 1 when adjacent, falling linearly to 0 at CONTACT_RANGE + 1. Shares
 * of the units in the battle (in_battle). */
static void position_terms(const grg_game *g, const ai_view *v, int side, double *cohesion,
                           double *contact)
{
    int all[GRG_MAX_SIDES];
    in_battle(g, all);
    int foe = 1 - side;
    double coh[2] = {0, 0}, con[2] = {0, 0};
    for (int s = 0; s < 2; s++) {
        int o = 1 - s;
        for (int i = 0; i < v->n[s]; i++) {
            grg_hex h = v->hex[s][i];
            for (int j = 0; j < v->n[s]; j++)
                if (j != i && grg_hex_distance(h, v->hex[s][j]) <= 2) {
                    coh[s] += 1.0;
                    break;
                }
            int d = grg__ai_nearest(v, o, h) - 1;
            double c = 1.0 - (double)(d < 0 ? 0 : d) / CONTACT_RANGE;
            con[s] += v->n[o] > 0 && c > 0.0 ? c : 0.0;
        }
        coh[s] = all[s] ? coh[s] / all[s] : 0.0;
        con[s] = all[s] ? con[s] / all[s] : 0.0;
    }
    *cohesion = coh[side] - coh[foe];
    *contact = con[side];
}

/* Generals of `side` on the map with an enemy unit adjacent. */
static int generals_exposed(const grg_game *g, const ai_view *v, int side)
{
    int n = 0;
    for (int i = 0; i < g->n_units; i++) {
        const grg_unit *u = &g->units[i];
        if (u->side == side && u->status == GRG_UNIT_ON_MAP && g->sc->units[i].general)
            n += grg__ai_adjacent(v, 1 - side, u->hex) > 0;
    }
    return n;
}

/* How near `side`'s army stands to breaking by demoralised corps: for each corps, its share of
 * the army's counters times the square of its losses over a third of its counters (1 once it
 * breaks), doubled when its breaking would bring the demoralised corps to half the army. Counters
 * count alike whatever their strength, and those without a facing (baggage) not at all: the way
 * corps morale is counted (cdb). demoralised[c] is what game_info reports. */
static double corps_danger(const grg_game *g, int side, const int *demoralised)
{
    int start[GRG_MAX_CORPS] = {0}, lost[GRG_MAX_CORPS] = {0}, total = 0, down = 0;
    for (int i = 0; i < g->n_units; i++) {
        const grg_unit *u = &g->units[i];
        int c = u->corps;
        if (u->side != side || c < 0 || c >= g->sc->n_corps || c >= GRG_MAX_CORPS || u->facing < 0)
            continue;
        start[c]++;
        total++;
        lost[c] += u->status == GRG_UNIT_ELIMINATED;
    }
    for (int c = 0; c < g->sc->n_corps && c < GRG_MAX_CORPS; c++)
        down += demoralised[c] ? start[c] : 0;
    double danger = 0.0;
    for (int c = 0; c < g->sc->n_corps && c < GRG_MAX_CORPS; c++) {
        if (!start[c])
            continue;
        double share = (double)start[c] / total, p = 1.0;
        if (!demoralised[c]) {
            int limit = (start[c] + CORPS_BREAK_SHARE - 1) / CORPS_BREAK_SHARE;
            double f = limit > 0 ? (double)lost[c] / limit : 0.0;
            p = f > 1.0 ? 1.0 : f * f;
            if (2 * (down + start[c]) >= total)
                p *= 2.0;
        }
        danger += share * p;
    }
    return danger;
}

double grg__ai_value(const grg_game *g, int side, double won)
{
    if (side < 0 || side >= GRG_MAX_SIDES)
        return 0.0;
    double m = material(g, side);
    if (g->over)
        return g->winner == side ? won + m : g->winner >= 0 ? -won + m : 0.1 * m;
    ai_view v;
    grg__ai_view_init(&v, g);
    double obj, morale, cohesion, contact;
    int corps_down[GRG_MAX_CORPS] = {0};
    info_terms(g, side, &v, &obj, &morale, corps_down);
    double corps = g->sc->n_corps > 0
                       ? corps_danger(g, 1 - side, corps_down) - corps_danger(g, side, corps_down)
                       : 0.0;
    position_terms(g, &v, side, &cohesion, &contact);
    return W_MATERIAL * m + obj + W_MORALE * morale + W_CORPS * corps + W_COHESION * cohesion +
           W_CONTACT * contact - W_GENERAL_EXPOSED * generals_exposed(g, &v, side);
}

double grg_ai_evaluate(const grg_game *g, int side) { return grg__ai_value(g, side, AI_WON); }
