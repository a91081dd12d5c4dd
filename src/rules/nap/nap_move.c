/* nap movement phase (NAP-P2, P3, P5, P6): activations, steps with terrain, hexside and road
 * costs, locking zones of control, and reinforcements entering through their entry hexes (NAP-P9).
 * Costs are counted in ticks: one tick is one road hex, road.hexes_per_mp ticks make one MP. */
#include "rules/nap/nap.h"

#include <stdio.h>

static int ticks_per_mp(const grg_game *g) { return grg__nap_data(g)->road_hexes_per_mp; }

const grg_reinf_def *grg__nap_reinf(const grg_game *g, int u)
{
    for (int i = 0; i < g->sc->n_reinf; i++)
        if (g->sc->reinf[i].unit == u)
            return &g->sc->reinf[i];
    return NULL;
}

/* NAP-P3. `from == to` prices an entry from off the map (a reinforcement). */
int grg__nap_step_cost(const grg_game *g, int u, grg_hex from, grg_hex to, int *road)
{
    const grg_nap_data *d = grg__nap_data(g);
    int t = grg_map_terrain(&g->sc->map, to);
    int arm = grg__nap_arm(g, u);
    *road = 0;
    if (t < 0 || g->sc->data->terrain[t].impassable)
        return -1;
    if (grg_hex_eq(from, to)) {
        if (grg_map_flags(&g->sc->map, to) & GRG_HEX_ROAD) {
            *road = 1;
            return 1;
        }
        return d->terrain[t].mp[arm] < 0 ? -1 : d->terrain[t].mp[arm] * d->road_hexes_per_mp;
    }
    int dir = grg_hex_direction_to(from, to);
    if (dir < 0)
        return -1;
    unsigned sf = grg__nap_side(g, from, dir);
    if (sf & GRG_SIDE_ROAD) { /* a road crossing carries its own bridge */
        *road = 1;
        return 1;
    }
    int mp = d->terrain[t].mp[arm];
    if (mp < 0)
        return -1;
    int crossing = (sf & (GRG_SIDE_BRIDGE | GRG_SIDE_FORD)) != 0;
    for (int b = 0; b < GRG_SIDE_FEATURE_COUNT; b++) {
        if (!(sf & (1u << b)))
            continue;
        if (crossing && d->side[b].replaced) /* the bridge or ford spans it */
            continue;
        if (d->side[b].impassable)
            return -1;
        if (!d->side[b].uphill_only || grg__nap_uphill(g, from, dir))
            mp += d->side[b].mp;
    }
    return mp * d->road_hexes_per_mp;
}

/* Refusals name the unit and the hex; without `why` (legal lists, searches) nothing is formatted.
 */
static int refuse_at(const grg_game *g, grg_verdict *why, const char *rule, const char *fmt_id,
                     int u, grg_hex h)
{
    if (!why)
        return -1;
    char lab[16];
    grg__nap_label(g, h, lab, sizeof lab);
    return grg_refuse(why, rule, fmt_id, g->sc->units[u].id, lab);
}

/* Can u, standing at `from` (or entering the map when `entering`) with `spent` ticks used in this
 * activation, step into `to`? The reach search asks the same question along imagined paths. */
int grg__nap_step_test(const grg_game *g, int u, grg_hex from, int entering, int spent, grg_hex to,
                       grg_verdict *why)
{
    const grg_unit *x = &g->units[u];
    int side = x->side;
    if (entering) {
        const grg_reinf_def *r = grg__nap_reinf(g, u);
        int ok = 0;
        for (int i = 0; r && i < r->n_entry; i++)
            ok |= grg_hex_eq(r->entry[i], to);
        if (!ok)
            return refuse_at(g, why, "NAP-P9",
                             "%s enters the map only at one of its entry hexes, not %s.", u, to);
        from = to;
    } else {
        if (grg_hex_distance(from, to) != 1)
            return refuse_at(g, why, "NAP-P6", "%s can only step into an adjacent hex, not %s.", u,
                             to);
        if (grg__nap_in_enemy_zoc(g, from, side)) {
            if (spent > 0)
                return refuse_at(
                    g, why, "NAP-P5",
                    "%s entered an enemy zone of control and must stop; it cannot go on to %s.", u,
                    to);
            int disengage = grg__nap_opt(g, NAP_OPT_CAV_DISENGAGE) &&
                            grg__nap_arm(g, u) == NAP_CAV && !grg__nap_in_enemy_zoc(g, to, side);
            if (!disengage)
                return refuse_at(g, why, "NAP-P5",
                                 "%s starts in an enemy zone of control and may not move (to %s).",
                                 u, to);
        }
    }
    if (!grg_map_contains(&g->sc->map, to))
        return refuse_at(g, why, "NAP-P6", "%s cannot leave the map (%s).", u, to);
    if (grg__nap_enemy_at(g, to, side))
        return refuse_at(g, why, "NAP-P6", "%s cannot enter %s: an enemy unit holds it.", u, to);
    int others = grg__nap_count_at(g, to, side, NULL) - (grg_hex_eq(x->hex, to) && !entering);
    if (others + 1 > grg__nap_opt(g, NAP_OPT_STACK_LIMIT))
        return refuse_at(g, why, "NAP-P2", "%s cannot enter %s: the stacking limit is reached.", u,
                         to);
    int road;
    int cost = grg__nap_step_cost(g, u, from, to, &road);
    if (cost < 0)
        return refuse_at(g, why, "NAP-P3",
                         "%s cannot enter %s: prohibited terrain or hexside for its arm.", u, to);
    if (spent + cost > x->ma * ticks_per_mp(g)) {
        if (!why)
            return -1;
        char lab[16];
        grg__nap_label(g, to, lab, sizeof lab);
        return grg_refuse(
            why, "NAP-P6", "%s has not enough movement points left to enter %s (%d of %d MP used).",
            g->sc->units[u].id, lab, (spent + ticks_per_mp(g) - 1) / ticks_per_mp(g), x->ma);
    }
    house_ctx c = {u, -1, from, to, road};
    return grg__house_check(g, HOUSE_AT_STEP, &c, why);
}

static int step_ok(const grg_game *g, int u, grg_hex to, grg_verdict *why)
{
    const grg_unit *x = &g->units[u];
    return grg__nap_step_test(g, u, x->hex, x->status == GRG_UNIT_WAITING, x->v[NAP_V_SPENT], to,
                              why);
}

/* The hexes u may try to enter next: its neighbours, or its entry hexes while off the map. */
static int step_candidates(const grg_game *g, int u, grg_hex out[GRG_MAX_ENTRY + 6])
{
    const grg_unit *x = &g->units[u];
    if (x->status == GRG_UNIT_WAITING) {
        const grg_reinf_def *r = grg__nap_reinf(g, u);
        int n = 0;
        for (int i = 0; r && i < r->n_entry; i++)
            out[n++] = r->entry[i];
        return n;
    }
    for (int d = 0; d < 6; d++)
        out[d] = grg_hex_neighbour(x->hex, d);
    return 6;
}

static int movable(const grg_game *g, int u)
{
    const grg_unit *x = &g->units[u];
    if (x->side != g->active || (x->flags & NAP_F_ACTIVATED))
        return 0;
    return x->status == GRG_UNIT_ON_MAP ||
           (x->status == GRG_UNIT_WAITING && (x->flags & NAP_F_AVAILABLE));
}

static int has_step(const grg_game *g, int u)
{
    grg_hex c[GRG_MAX_ENTRY + 6];
    int n = step_candidates(g, u, c);
    for (int i = 0; i < n; i++)
        if (step_ok(g, u, c[i], NULL) == 0)
            return 1;
    return 0;
}

int grg__nap_move_check(const grg_game *g, const grg_action *a, grg_verdict *why)
{
    const nap_state *s = grg__nap_cstate(g);
    int u = a->unit;
    switch (a->type) {
    case GRG_A_ACTIVATE:
        if (s->act_unit >= 0)
            return grg_refuse(why, "NAP-P6", "%s is still moving: end its activation first.",
                              g->sc->units[s->act_unit].id);
        if (u < 0 || u >= g->n_units)
            return grg_refuse(why, "NAP-P6", "No such unit.");
        if (g->units[u].side != g->active)
            return grg_refuse(why, "NAP-P6", "%s belongs to the side not moving.",
                              g->sc->units[u].id);
        if (g->units[u].status == GRG_UNIT_WAITING && !(g->units[u].flags & NAP_F_AVAILABLE)) {
            const grg_reinf_def *r = grg__nap_reinf(g, u);
            return grg_refuse(why, "NAP-P9", "%s has not arrived yet (due on turn %d%s).",
                              g->sc->units[u].id, r ? r->turn : 0,
                              r && r->die_min > 0 ? " or later, on a die roll" : "");
        }
        if (!movable(g, u))
            return grg_refuse(
                why, "NAP-P6",
                "%s cannot move this phase (it has moved already or is not on the map).",
                g->sc->units[u].id);
        if (!has_step(g, u)) {
            grg_hex c[GRG_MAX_ENTRY + 6];
            grg_verdict first;
            if (step_candidates(g, u, c) == 0)
                return grg_refuse(why, "NAP-P9", "%s has no entry hex.", g->sc->units[u].id);
            step_ok(g, u, c[0], &first);
            return grg_refuse(why, first.rule, "%s has no hex it may enter: %s", g->sc->units[u].id,
                              first.message);
        }
        return 0;
    case GRG_A_STEP:
        if (s->act_unit < 0 || s->act_unit != u)
            return grg_refuse(why, "NAP-P6", "Activate %s before moving it.",
                              u >= 0 && u < g->n_units ? g->sc->units[u].id : "the unit");
        return step_ok(g, u, a->hex, why);
    case GRG_A_END_ACTIVATION:
        if (s->act_unit < 0)
            return grg_refuse(why, "NAP-P6", "No unit is moving.");
        if (u >= 0 && u != s->act_unit)
            return grg_refuse(why, "NAP-P6", "%s is the unit moving, not %s.",
                              g->sc->units[s->act_unit].id,
                              u < g->n_units ? g->sc->units[u].id : "?");
        return 0;
    default:
        return grg_refuse(why, "NAP-P6", "Only moves are made in the movement phase.");
    }
}

/* HR-7b: does hex h hold friendly infantry other than u (any unit of the stack)? */
static int friendly_infantry_at(const grg_game *g, int u, grg_hex h)
{
    for (int f = 0; f < g->n_units; f++)
        if (f != u && g->units[f].side == g->units[u].side && grg__nap_on_map(g, f) &&
            grg_hex_eq(g->units[f].hex, h) && grg__nap_arm(g, f) == NAP_INF)
            return 1;
    return 0;
}

void grg__nap_move_apply(grg_game *g, const grg_action *a, grg_events *ev)
{
    nap_state *s = grg__nap_state(g);
    if (a->type == GRG_A_ACTIVATE) {
        s->act_unit = a->unit;
        g->units[a->unit].flags |= NAP_F_ACTIVATED;
        g->units[a->unit].v[NAP_V_SPENT] = 0;
        grg_event *e = grg_event_push(ev, GRG_EV_ACTIVATED);
        if (e) {
            e->unit = a->unit;
            e->side = g->units[a->unit].side;
            snprintf(e->rule, sizeof e->rule, "NAP-P6");
            snprintf(e->text, sizeof e->text, "%s starts moving.", g->sc->units[a->unit].id);
        }
        return;
    }
    if (a->type == GRG_A_END_ACTIVATION) {
        s->act_unit = -1;
        return;
    }
    int u = a->unit;
    grg_unit *x = &g->units[u];
    int entering = x->status == GRG_UNIT_WAITING;
    grg_hex from = entering ? a->hex : x->hex;
    int road;
    int cost = grg__nap_step_cost(g, u, from, a->hex, &road);
    house_ctx c = {u, -1, from, a->hex, road};
    grg__house_flag(g, HOUSE_AT_STEP, &c, ev);
    grg__house_after_step(g, &c);
    if (!entering && x->v[NAP_V_SPENT] > 0 && friendly_infantry_at(g, u, from))
        x->flags |= NAP_F_PASSED_INF; /* HR-7b: it entered that hex and now leaves it */
    x->hex = a->hex;
    x->v[NAP_V_SPENT] = (int16_t)(x->v[NAP_V_SPENT] + cost);
    x->flags |= NAP_F_MOVED;
    char lf[16], lt[16];
    grg__nap_label(g, from, lf, sizeof lf);
    grg__nap_label(g, a->hex, lt, sizeof lt);
    grg_event *e;
    if (entering) {
        x->status = GRG_UNIT_ON_MAP;
        x->flags &= ~(uint32_t)NAP_F_AVAILABLE;
        x->v[NAP_V_START_Q] = (int16_t)a->hex.q;
        x->v[NAP_V_START_R] = (int16_t)a->hex.r;
        e = grg_event_push(ev, GRG_EV_ARRIVED);
        if (e)
            snprintf(e->text, sizeof e->text, "%s enters the map at %s.", g->sc->units[u].id, lt);
        if (e)
            snprintf(e->rule, sizeof e->rule, "NAP-P9");
    } else {
        e = grg_event_push(ev, GRG_EV_MOVED);
        if (e)
            snprintf(e->text, sizeof e->text, "%s moves from %s to %s%s.", g->sc->units[u].id, lf,
                     lt, road ? " by road" : "");
        if (e)
            snprintf(e->rule, sizeof e->rule, road ? "NAP-P3" : "NAP-P6");
    }
    if (e) {
        e->unit = (int16_t)u;
        e->side = x->side;
        e->from = from;
        e->to = a->hex;
        e->value = (x->v[NAP_V_SPENT] + ticks_per_mp(g) - 1) / ticks_per_mp(g);
    }
}

void grg__nap_move_legal(const grg_game *g, const int *units, int n, grg_action_list *out)
{
    const nap_state *s = grg__nap_cstate(g);
    if (s->act_unit >= 0) {
        int u = s->act_unit;
        int listed = n <= 0;
        for (int i = 0; i < n; i++)
            listed |= units[i] == u;
        if (!listed)
            return;
        grg_hex c[GRG_MAX_ENTRY + 6];
        int k = step_candidates(g, u, c);
        for (int i = 0; i < k; i++) {
            if (step_ok(g, u, c[i], NULL) == 0) {
                grg_action a = grg_action_make(GRG_A_STEP, u);
                a.hex = c[i];
                grg_action_list_push(out, a);
            }
        }
        grg_action_list_push(out, grg_action_make(GRG_A_END_ACTIVATION, -1));
        return;
    }
    for (int i = 0; i < (n > 0 ? n : g->n_units); i++) {
        int u = n > 0 ? units[i] : i;
        if (u < 0 || u >= g->n_units)
            continue;
        if (movable(g, u) && has_step(g, u))
            grg_action_list_push(out, grg_action_make(GRG_A_ACTIVATE, u));
    }
}

/* NAP-P9: at the start of its owner's player-turn a reinforcement due this turn becomes available;
 * one with die_min > 0 rolls from its turn on and comes when the die reaches die_min. */
void grg__nap_reinforcements(grg_game *g, grg_events *ev)
{
    for (int i = 0; i < g->sc->n_reinf; i++) {
        const grg_reinf_def *r = &g->sc->reinf[i];
        grg_unit *x = &g->units[r->unit];
        if (x->side != g->active || x->status != GRG_UNIT_WAITING || (x->flags & NAP_F_AVAILABLE) ||
            g->turn < r->turn)
            continue;
        if (r->die_min > 0) {
            int roll = grg_d6(g);
            grg_event *d = grg_event_push(ev, GRG_EV_DIE);
            if (d) {
                d->unit = (int16_t)r->unit;
                d->die = (int16_t)roll;
                d->value = roll;
                snprintf(d->rule, sizeof d->rule, "NAP-P9");
                snprintf(d->text, sizeof d->text, "%s arrives on %d or more: rolled %d.",
                         g->sc->units[r->unit].id, r->die_min, roll);
            }
            if (roll < r->die_min)
                continue;
        }
        x->flags |= NAP_F_AVAILABLE;
        char lab[16];
        grg__nap_label(g, r->entry[0], lab, sizeof lab);
        grg_event *e = grg_event_push(ev, GRG_EV_STATUS);
        if (e) {
            e->unit = (int16_t)r->unit;
            e->side = x->side;
            e->to = r->entry[0];
            snprintf(e->rule, sizeof e->rule, "NAP-P9");
            snprintf(e->text, sizeof e->text, "%s is available to enter at %s.",
                     g->sc->units[r->unit].id, lab);
        }
    }
}
