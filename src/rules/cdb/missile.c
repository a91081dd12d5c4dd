/* Missile fire (CDB-10): who may shoot at whom, combined shooting with adjacent missile units and
 * ranks (CDB-10.3), counter-shooting (CDB-10.4.c) and the resolution as a melee without advance. */
#include "cdb.h"

#include <stdio.h>

int cdb_check_shoot(const grg_game *g, const grg_action *a, grg_verdict *why)
{
    const cdb_state *st = cdb_cst(g);
    int u = a->unit, t = a->target;
    if (g->phase != CDB_PH_MISSILE)
        return grg_refuse(why, "CDB-10", "Shooting happens in the missile phase");
    if (st->stage != CDB_STAGE_FREE)
        return grg_refuse(why, "CDB-10", "Finish the current action first");
    if (t < 0 || !cdb_on_map(g, u) || g->units[u].side != g->active || !cdb_on_map(g, t))
        return grg_refuse(why, "CDB-10", "Name one of your units and an enemy target");
    const grg_unit *x = &g->units[u];
    if (cdb_range(g, u) <= 0)
        return grg_refuse(why, "CDB-10", "%s has no missile weapons", cdb_name(g, u));
    if (!cdb_is_top(g, u))
        return grg_refuse(why, "CDB-10.1.b", "%s is a rear rank and cannot shoot", cdb_name(g, u));
    if (x->flags & CDB_UF_SHOT)
        return grg_refuse(why, "CDB-10.1.a", "%s has already shot this turn", cdb_name(g, u));
    if (x->flags & CDB_UF_MOVED)
        return grg_refuse(why, "CDB-10.1.b", "%s moved this turn and cannot shoot", cdb_name(g, u));
    if (st->cflags[x->corps] & CDB_CF_UNRELIABLE)
        return grg_refuse(why, "CDB-10.1.e",
                          "%s belongs to an unreliable allied corps and may not shoot",
                          cdb_name(g, u));
    if (cdb_corps_frozen(g, x->corps))
        return grg_refuse(why, "scenario", "Corps %s may not act yet", g->sc->corps[x->corps].name);
    if (cdb_in_enemy_zoc(g, u) || cdb_enemy_in_zoc(g, u))
        return grg_refuse(why, "CDB-10.1.b",
                          "%s is engaged (an enemy zone of control) and cannot shoot",
                          cdb_name(g, u));
    if (!cdb_enemies(g, u, t) || !cdb_is_top(g, t))
        return grg_refuse(why, "CDB-10", "%s is not an enemy unit to shoot at", cdb_name(g, t));
    if (g->units[t].flags & CDB_UF_SHOT_AT)
        return grg_refuse(why, "CDB-10.1.a", "%s has already been shot at this turn",
                          cdb_name(g, t));
    int dist = grg_hex_distance(x->hex, g->units[t].hex);
    if (dist > cdb_range(g, u) || !grg_in_frontal_arc(x->hex, x->facing, g->units[t].hex))
        return grg_refuse(why, "CDB-10.2.a", "%s is not in the frontal arc of %s within %d hexes",
                          cdb_name(g, t), cdb_name(g, u), cdb_range(g, u));
    if (!cdb_could_shoot(g, u, t)) {
        int f, e;
        if (cdb_shot_engaged(g, u, t, &f, &e) && e < 0)
            return grg_refuse(why, "CDB-10.1.c",
                              "%s is in frontal contact with %s and may not be shot at",
                              cdb_name(g, t), cdb_name(g, f));
        if (cdb_shot_engaged(g, u, t, &f, &e))
            return grg_refuse(why, "CDB-10.1.c",
                              "%s is supporting the combat of %s against %s and may not be shot at",
                              cdb_name(g, t), cdb_name(g, e), cdb_name(g, f));
        return grg_refuse(why, "CDB-10.2.b",
                          "No clear line of fire from %s to %s (terrain or units in the way)",
                          cdb_name(g, u), cdb_name(g, t));
    }
    int others;
    if (!cdb_nearest_target(g, u, t, &others))
        return grg_refuse(why, "CDB-10.1.d", "%s must shoot at the nearest target it can",
                          cdb_name(g, u));
    return 0;
}

/* CDB-10.4.c: the target shoots back if it can. */
static int counter_shoots(const grg_game *g, int s, int t) { return cdb_could_shoot(g, t, s); }

void cdb_apply_shoot(grg_game *g, const grg_action *a, grg_events *ev)
{
    int s = a->unit, t = a->target, dummy;
    int back = counter_shoots(g, s, t);
    cdb_total ts, tt;
    cdb_missile_totals(g, s, t, &ts, &tt);
    for (int v = 0; v < g->n_units; v++) /* CDB-10.3.a: the supporting shooters use their shot */
        if (v != s && !cdb_enemies(g, v, s) && cdb_on_map(g, v) &&
            grg_hex_distance(g->units[v].hex, g->units[s].hex) == 1 && cdb_could_shoot(g, v, t) &&
            cdb_nearest_target(g, v, t, &dummy) && !dummy)
            g->units[v].flags |= CDB_UF_SHOT;
    g->units[s].flags |= CDB_UF_SHOT;
    g->units[t].flags |= CDB_UF_SHOT_AT;
    if (back)
        g->units[t].flags |= CDB_UF_SHOT;
    cdb_make_reliable(g, g->units[t].corps, "one of its units was shot at", ev);
    int diff = cdb_roll_pair(g, s, t, &ts, &tt, 0, back ? "CDB-10.4.c" : "CDB-10.4.a", ev);
    if (diff > 0) {
        cdb_result(g, s, t, diff, 1, ev);
    } else if (diff < 0 && back) {
        cdb_result(g, t, s, -diff, 1, ev);
    } else {
        grg_event *e = grg_event_push(ev, GRG_EV_RESULT);
        if (e) {
            e->unit = (int16_t)t;
            e->other = (int16_t)s;
            snprintf(e->rule, sizeof e->rule, "%s", diff ? "CDB-10.4.c" : "CDB-11.5.a");
            snprintf(e->text, sizeof e->text, "%s",
                     diff ? "The shooter cannot suffer: no effect" : "Equal totals: no effect");
        }
    }
}
