/* Combat results (CDB-11.5, P10, P11, 11.7, 11.8): what a loss does to the loser, recoils with the
 * owner's choice of hex, advances after melee, destruction and flight. */
#include "cdb.h"

#include <stdio.h>

static void cdb_destroy(grg_game *g, int u, const char *rule, const char *why, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    int cs[3], n = cdb_stack(g, g->units[u].hex, cs);
    for (int j = 0; j < n; j++) {
        grg_unit *x = &g->units[cs[j]];
        x->status = GRG_UNIT_ELIMINATED;
        if (!cdb_type_of(g, cs[j])->baggage)
            st->lost[x->corps]++;
        grg_event *e = grg_event_push(ev, GRG_EV_ELIMINATED);
        if (e) {
            e->unit = (int16_t)cs[j];
            e->side = x->side;
            e->from = x->hex;
            snprintf(e->rule, sizeof e->rule, "%s", rule);
            snprintf(e->text, sizeof e->text, "%s is destroyed: %s", cdb_name(g, cs[j]), why);
        }
    }
}

static int can_stand(const grg_game *g, int u, grg_hex from, grg_hex h)
{
    int cls = cdb_terrain_cls(g, h), dir = grg_hex_direction_to(from, h);
    int scls = dir >= 0 ? cdb_side_cls(g, from, dir) : CDB_CLEAR;
    if (scls > cls)
        cls = scls;
    return grg_map_contains(&g->sc->map, h) && cls != CDB_IMPASSABLE &&
           !(cls == CDB_DIFFICULT && cdb_type_of(g, u)->chariot) && grg_unit_at(g, h) < 0;
}

/* CDB-P11: the legal recoil hexes of u's stack, away from `winner` where possible. */
static int cdb_retreat_options(const grg_game *g, int u, int winner, grg_hex out[2])
{
    grg_hex h = g->units[u].hex, cand[6];
    int n = 0, f = g->units[u].facing;
    if (f >= 0) {
        for (int k = 3; k <= 4; k++)
            cand[n++] = grg_hex_neighbour(h, f + k);
    } else { /* no facing: the hexes that move away from the winner */
        for (int k = 0; k < 6 && n < 2; k++) {
            grg_hex x = grg_hex_neighbour(h, k);
            if (grg_hex_distance(x, g->units[winner].hex) >
                grg_hex_distance(h, g->units[winner].hex))
                cand[n++] = x;
        }
    }
    int m = 0, far = 0;
    grg_hex ok[2];
    for (int i = 0; i < n; i++)
        if (can_stand(g, u, h, cand[i]))
            ok[m++] = cand[i];
    for (int i = 0; i < m; i++)
        far += grg_hex_distance(ok[i], g->units[winner].hex) > 1;
    int k = 0;
    for (int i = 0; i < m; i++)
        if (!far || grg_hex_distance(ok[i], g->units[winner].hex) > 1)
            out[k++] = ok[i];
    return k;
}

int cdb_outcome_band(const grg_game *g, int diff)
{
    return diff <= 0 ? 0 : diff > cdb_data_of(g)->recoil_max ? 2 : 1;
}

int cdb_outcome(const grg_game *g, int winner, int loser, int diff, const char **rule,
                const char **why)
{
    const cdb_type *lt = cdb_type_of(g, loser), *wt = cdb_type_of(g, winner);
    grg_hex back[2];
    int band = cdb_outcome_band(g, diff); /* diff is read only through its band */
    if (band == 0)
        return *rule = "CDB-11.5.a", *why = "equal totals: no effect", CDB_OUT_NONE;
    if (lt->baggage)
        return *rule = "CDB-P10", *why = "baggage that loses is destroyed", CDB_OUT_DESTROY;
    if (wt->knight && lt->cls == CDB_FOOT && lt->ride_down &&
        cdb_terrain_cls(g, g->units[loser].hex) == CDB_CLEAR)
        return *rule = "CDB-P10", *why = "foot ridden down by knights in the open", CDB_OUT_DESTROY;
    if (band == 2) {
        if (lt->flee_vs_foot && wt->cls == CDB_FOOT)
            return *rule = "CDB-P10", *why = "beaten by foot, it flees", CDB_OUT_FLEE;
        return *rule = "CDB-P10", *why = "beaten by too much to recoil", CDB_OUT_DESTROY;
    }
    if (cdb_flank_position(g, loser) >= 0)
        return *rule = "CDB-11.4.b", *why = "an enemy holds a flank position on it",
               CDB_OUT_DESTROY;
    if (cdb_retreat_options(g, loser, winner, back) == 0)
        return *rule = "CDB-P11", *why = "it cannot recoil", CDB_OUT_DESTROY;
    return *rule = "CDB-P10", *why = "it recoils", CDB_OUT_RECOIL;
}

static void result_event(grg_game *g, int winner, int loser, int diff, const char *rule,
                         const char *why, grg_events *ev)
{
    grg_event *e = grg_event_push(ev, GRG_EV_RESULT);
    if (!e)
        return;
    e->unit = (int16_t)loser;
    e->other = (int16_t)winner;
    e->side = g->units[winner].side;
    e->value = diff;
    snprintf(e->rule, sizeof e->rule, "%s", rule);
    if (diff == 0)
        snprintf(e->text, sizeof e->text, "%s and %s are level: %s", cdb_name(g, winner),
                 cdb_name(g, loser), why);
    else
        snprintf(e->text, sizeof e->text, "%s beats %s by %d: %s", cdb_name(g, winner),
                 cdb_name(g, loser), diff, why);
}

static void recoil_to(grg_game *g, int u, grg_hex to, const char *rule, grg_events *ev)
{
    grg_event *e = grg_event_push(ev, GRG_EV_RETREAT);
    if (e) {
        char a[16], b[16];
        cdb_label(g, g->units[u].hex, a, sizeof a);
        cdb_label(g, to, b, sizeof b);
        e->unit = (int16_t)u;
        e->side = g->units[u].side;
        e->from = g->units[u].hex;
        e->to = to;
        snprintf(e->rule, sizeof e->rule, "%s", rule);
        snprintf(e->text, sizeof e->text, "%s recoils from %s to %s", cdb_name(g, u), a, b);
    }
    cdb_place(g, u, to);
}

/* CDB-P10: the winner may advance into the hex the loser left; an impetuous winner must unless it
 * is in frontal contact with another enemy. */
static void offer_advance(grg_game *g, int winner, grg_hex vacated)
{
    cdb_state *st = cdb_st(g);
    if (!cdb_is_top(g, winner) || grg_unit_at(g, vacated) >= 0 ||
        grg_hex_distance(g->units[winner].hex, vacated) != 1 ||
        cdb_terrain_cls(g, vacated) == CDB_IMPASSABLE ||
        (cdb_terrain_cls(g, vacated) == CDB_DIFFICULT && cdb_type_of(g, winner)->chariot))
        return;
    int contact = 0;
    for (int e = 0; e < g->n_units; e++)
        contact |= cdb_frontal_contact(g, winner, e);
    st->pend = CDB_PEND_ADVANCE;
    st->pend_unit = (int16_t)winner;
    st->pend_hex = vacated;
    st->pend_mandatory = (int16_t)(cdb_is_impetuous(g, winner) && !contact);
    g->active = g->units[winner].side;
}

void cdb_result(grg_game *g, int winner, int loser, int diff, int missile, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    const char *rule, *why;
    int out = cdb_outcome(g, winner, loser, diff, &rule, &why);
    result_event(g, winner, loser, diff, rule, why, ev);
    grg_hex vacated = g->units[loser].hex;
    st->resume = (int16_t)g->active;
    switch (out) {
    case CDB_OUT_NONE:
        return;
    case CDB_OUT_DESTROY:
        cdb_destroy(g, loser, rule, why, ev);
        break;
    case CDB_OUT_FLEE:
        cdb_flee(g, loser, winner, "CDB-11.8", ev);
        break;
    default: {
        grg_hex back[2];
        if (cdb_retreat_options(g, loser, winner, back) == 1) {
            recoil_to(g, loser, back[0], "CDB-P11", ev);
            break;
        }
        st->pend = CDB_PEND_RETREAT; /* the owner chooses between two hexes */
        st->pend_unit = (int16_t)loser;
        st->pend_loser = (int16_t)winner;
        st->pend_mandatory = (int16_t)missile;
        g->active = g->units[loser].side;
        return;
    }
    }
    if (!missile) /* CDB-P10 (d): no advance after shooting */
        offer_advance(g, winner, vacated);
}

int cdb_check_decision(const grg_game *g, const grg_action *a, grg_verdict *why)
{
    const cdb_state *st = cdb_cst(g);
    int u = st->pend_unit;
    if (st->pend == CDB_PEND_RETREAT) {
        grg_hex back[2];
        int n = cdb_retreat_options(g, u, st->pend_loser, back);
        if (a->type != GRG_A_RETREAT || a->unit != u)
            return grg_refuse(why, "CDB-P11", "%s must first choose where to recoil",
                              cdb_name(g, u));
        for (int i = 0; i < n; i++)
            if (grg_hex_eq(back[i], a->hex))
                return 0;
        return grg_refuse(
            why, "CDB-P11",
            "%s recoils into one of its rear hexes, empty and away from the winner where possible",
            cdb_name(g, u));
    }
    if (a->type == GRG_A_NO_ADVANCE)
        return st->pend_mandatory
                   ? grg_refuse(why, "CDB-P10", "%s is impetuous and must advance", cdb_name(g, u))
                   : 0;
    if (a->type != GRG_A_ADVANCE || a->unit != u || !grg_hex_eq(a->hex, st->pend_hex))
        return grg_refuse(why, "CDB-P10",
                          "%s may advance into the hex its enemy left, or not advance",
                          cdb_name(g, u));
    return 0;
}

void cdb_apply_decision(grg_game *g, const grg_action *a, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    int u = st->pend_unit;
    st->pend = CDB_PEND_NONE;
    g->active = st->resume;
    if (a->type == GRG_A_RETREAT) {
        grg_hex vacated = g->units[u].hex;
        recoil_to(g, u, a->hex, "CDB-P11", ev);
        if (!st->pend_mandatory)
            offer_advance(g, st->pend_loser, vacated);
        return;
    }
    if (a->type != GRG_A_ADVANCE)
        return;
    grg_event *e = grg_event_push(ev, GRG_EV_ADVANCE);
    if (e) {
        char b[16];
        cdb_label(g, a->hex, b, sizeof b);
        e->unit = (int16_t)u;
        e->side = g->units[u].side;
        e->from = g->units[u].hex;
        e->to = a->hex;
        snprintf(e->rule, sizeof e->rule, "CDB-P10");
        snprintf(e->text, sizeof e->text, "%s advances into %s", cdb_name(g, u), b);
    }
    cdb_place(g, u, a->hex);
}

/* CDB-8.2.e: a friend passed by a spontaneous advance recoils if it can, and is never destroyed
 * for not being able to. */
void cdb_recoil_passed(grg_game *g, int u, int mover, grg_events *ev)
{
    grg_hex back[2];
    if (cdb_retreat_options(g, u, mover, back) > 0)
        recoil_to(g, u, back[0], "CDB-8.2.e", ev);
}

static int edge_distance(const grg_game *g, int side, grg_hex h)
{
    int col, row;
    grg_hex_to_offset(h, &col, &row);
    switch (g->sc->sides[side].home_edge) {
    case GRG_EDGE_N:
        return row;
    case GRG_EDGE_S:
        return g->sc->map.height - 1 - row;
    case GRG_EDGE_W:
        return col;
    case GRG_EDGE_E:
        return g->sc->map.width - 1 - col;
    default:
        return 0;
    }
}

/* CDB-11.8: how a flight step into h ranks, lower first: the distance from the side's own edge;
 * a hex beyond that edge ranks -1 (the unit leaves the map there, counted lost), one beyond
 * another edge ranks last, taken only when no other step gets away from the enemy. */
static int flight_rank(const grg_game *g, int side, grg_hex h)
{
    int e = edge_distance(g, side, h);
    if (grg_map_contains(&g->sc->map, h))
        return e;
    return e < 0 ? -1 : 1 << 20;
}

/* CDB-8.2 as for Psiloi: a fleeing unit may pass friends with the same or reverse facing. */
static int may_flee_through(const grg_game *g, int u, grg_hex h)
{
    int o = grg_unit_at(g, h);
    if (o < 0)
        return 1;
    int fo = g->units[o].facing, fu = g->units[u].facing;
    return !cdb_enemies(g, u, o) && !cdb_adjacent_enemy(g, g->units[o].side, h) &&
           (fo < 0 || fu < 0 || cdb_same_or_reverse(fo, fu));
}

/* CDB-11.8: turn away from `from`, then move the full MA, every step farther from it and toward
 * the home edge; leaving the map or not getting away destroys the unit. */
void cdb_flee(grg_game *g, int u, int from, const char *rule, grg_events *ev)
{
    grg_hex eh = g->units[from].hex, h = g->units[u].hex, start = h, last_free = h;
    grg_hex away = grg_hex_make(2 * h.q - eh.q, 2 * h.r - eh.r);
    cdb_turn_unit(g, u, cdb_face_towards(h, g->units[u].facing, away), rule, "it flees", ev);
    int side = g->units[u].side, ma = g->units[u].ma;
    for (int step = 0; step < ma; step++) {
        int best = -1, best_e = 0, best_free = 0;
        for (int k = 0; k < 6; k++) {
            grg_hex n = grg_hex_neighbour(h, k);
            if (grg_hex_distance(n, eh) <= grg_hex_distance(h, eh))
                continue;
            int on = grg_map_contains(&g->sc->map, n);
            if (on &&
                (!can_stand(g, u, h, n) && !(grg_unit_at(g, n) >= 0 && may_flee_through(g, u, n) &&
                                             cdb_terrain_cls(g, n) != CDB_IMPASSABLE)))
                continue;
            int e = flight_rank(g, side, n), free = !on || grg_unit_at(g, n) < 0;
            if (best < 0 || e < best_e || (e == best_e && free > best_free))
                best = k, best_e = e, best_free = free;
        }
        if (best < 0)
            break;
        h = grg_hex_neighbour(h, best);
        if (!grg_map_contains(&g->sc->map, h)) {
            cdb_destroy(g, u, rule, "it fled off the map", ev);
            return;
        }
        if (grg_unit_at(g, h) < 0)
            last_free = h;
    }
    if (grg_hex_eq(last_free, start)) {
        cdb_destroy(g, u, rule, "it could not flee", ev);
        return;
    }
    grg_event *e = grg_event_push(ev, GRG_EV_RETREAT);
    if (e) {
        char a[16], b[16];
        cdb_label(g, start, a, sizeof a);
        cdb_label(g, last_free, b, sizeof b);
        e->unit = (int16_t)u;
        e->side = (int16_t)side;
        e->from = start;
        e->to = last_free;
        snprintf(e->rule, sizeof e->rule, "%s", rule);
        snprintf(e->text, sizeof e->text, "%s flees from %s to %s", cdb_name(g, u), a, b);
    }
    cdb_place(g, u, last_free);
}
