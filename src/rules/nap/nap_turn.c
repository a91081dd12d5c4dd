/* nap sequence of play (C.2): movement, combat and end of each player-turn; disorder recovery
 * (NAP-P8), objectives and victory (C.15). The end phase runs by itself when the combat phase ends:
 * it has no choice in it. */
#include "rules/nap/nap.h"

#include <stdio.h>

static const char *const phase_names[] = {"nap.movement", "nap.combat", "nap.end"};

static void phase_event(grg_game *g, grg_events *ev)
{
    grg_event *e = grg_event_push(ev, GRG_EV_PHASE);
    if (!e)
        return;
    e->side = (int16_t)g->active;
    e->value = g->turn;
    snprintf(e->rule, sizeof e->rule, "C.2");
    snprintf(e->text, sizeof e->text, "%s", phase_names[g->phase]);
}

/* A new player-turn of g->active: per-turn flags cleared, start hexes noted (NAP-9.3), house rules
 * told (HR-11, HR-12), reinforcements due (NAP-P9). */
void grg__nap_start_player_turn(grg_game *g, grg_events *ev)
{
    nap_state *s = grg__nap_state(g);
    s->pturn++;
    g->phase = NAP_PH_MOVEMENT;
    for (int u = 0; u < g->n_units; u++) {
        grg_unit *x = &g->units[u];
        x->flags &= ~(uint32_t)(NAP_F_MOVED | NAP_F_ACTIVATED | NAP_F_PASSED_INF);
        x->v[NAP_V_SPENT] = 0;
        x->v[NAP_V_START_Q] = (int16_t)x->hex.q;
        x->v[NAP_V_START_R] = (int16_t)x->hex.r;
    }
    phase_event(g, ev);
    grg__house_phase_start(g);
    grg__house_turn_start(g);
    grg__nap_reinforcements(g, ev);
}

void grg__nap_update_objectives(grg_game *g)
{
    nap_state *s = grg__nap_state(g);
    for (int i = 0; i < g->sc->n_objectives; i++) {
        int u;
        if (grg__nap_count_at(g, g->sc->objectives[i].hex, -1, &u) > 0 && grg__nap_combatant(g, u))
            s->obj_owner[i] = g->units[u].side;
    }
}

/* C.15: a side that has lost break_percent (half) of its starting strength loses at once. */
void grg__nap_victory_check(grg_game *g, grg_events *ev)
{
    const nap_state *s = grg__nap_cstate(g);
    if (g->over)
        return;
    int broken[GRG_MAX_SIDES] = {0};
    int pct = grg__nap_data(g)->break_percent;
    for (int side = 0; side < g->sc->n_sides; side++)
        broken[side] = s->start_str[side] > 0 && 100 * s->lost[side] >= pct * s->start_str[side];
    if (!broken[0] && !broken[1])
        return;
    char why[128];
    int winner = broken[0] && broken[1] ? -1 : broken[0] ? 1 : 0;
    snprintf(why, sizeof why, "%.64s lost %d%% or more of its strength (C.15).",
             winner < 0 ? "Each side" : g->sc->sides[1 - winner].name, pct);
    g->phase = NAP_PH_END;
    grg_game_end(g, winner, why, ev);
}

/* C.15 at the turn limit: objective points held plus enemy strength eliminated. */
static void final_victory(grg_game *g, grg_events *ev)
{
    const nap_state *s = grg__nap_cstate(g);
    int score[GRG_MAX_SIDES] = {0};
    for (int side = 0; side < g->sc->n_sides; side++)
        score[side] = s->lost[1 - side];
    for (int i = 0; i < g->sc->n_objectives; i++)
        if (s->obj_owner[i] >= 0)
            score[s->obj_owner[i]] += g->sc->objectives[i].points;
    int winner = score[0] > score[1] ? 0 : score[1] > score[0] ? 1 : -1;
    char why[128];
    snprintf(
        why, sizeof why,
        "Turn limit: %.24s %d, %.24s %d points, objectives and eliminated enemy strength (C.15).",
        g->sc->sides[0].id, score[0], g->sc->sides[1].id, score[1]);
    g->phase = NAP_PH_END;
    grg_game_end(g, winner, why, ev);
}

/* NAP-P8: the active side's units disordered before this player-turn began recover now, unless in
 * an enemy zone of control. */
static void recover(grg_game *g, grg_events *ev)
{
    const nap_state *s = grg__nap_cstate(g);
    for (int u = 0; u < g->n_units; u++) {
        grg_unit *x = &g->units[u];
        if (x->side != g->active || !grg__nap_on_map(g, u) || !(x->flags & NAP_F_DISORDERED) ||
            x->v[NAP_V_DISORDER] >= s->pturn || grg__nap_in_enemy_zoc(g, x->hex, x->side))
            continue;
        x->flags &= ~(uint32_t)NAP_F_DISORDERED;
        grg_event *e = grg_event_push(ev, GRG_EV_DISORDER);
        if (e) {
            e->unit = (int16_t)u;
            e->side = x->side;
            e->from = e->to = x->hex;
            e->value = 0;
            snprintf(e->rule, sizeof e->rule, "NAP-P8");
            snprintf(e->text, sizeof e->text, "%s recovers from disorder.", g->sc->units[u].id);
        }
    }
}

int grg__nap_end_phase_check(const grg_game *g, grg_verdict *why)
{
    const nap_state *s = grg__nap_cstate(g);
    if (g->over)
        return grg_refuse(why, "C.15", "The game is over.");
    if (g->phase == NAP_PH_MOVEMENT) {
        if (s->act_unit >= 0)
            return grg_refuse(why, "NAP-P6", "%s is still moving: end its activation first.",
                              g->sc->units[s->act_unit].id);
        return 0;
    }
    if (s->decl.open)
        return grg_refuse(why, "NAP-7.7", "Finish declaring the combat first.");
    if (s->after.pending)
        return grg_refuse(why, "NAP-7.25", "Advance after combat or decline it first.");
    nap_graph gr;
    grg__nap_graph(g, &gr);
    for (int a = 0; a < g->n_units; a++) {
        if (!gr.node[a] || g->units[a].side != g->active)
            continue;
        for (int e = 0; e < g->n_units; e++) {
            if (!gr.node[e] || g->units[e].side == g->active || !grg__nap_adjacent(g, a, e))
                continue;
            if (!why)
                return -1;
            char la[16], le[16];
            grg__nap_label(g, g->units[a].hex, la, sizeof la);
            grg__nap_label(g, g->units[e].hex, le, sizeof le);
            return grg_refuse(why, "NAP-7.2",
                              "%s at %s is in the zone of control of %s at %s and must attack "
                              "before the combat phase ends.",
                              g->sc->units[a].id, la, g->sc->units[e].id, le);
        }
    }
    return 0;
}

void grg__nap_end_phase(grg_game *g, grg_events *ev)
{
    grg__nap_update_objectives(g);
    if (g->phase == NAP_PH_MOVEMENT) {
        g->phase = NAP_PH_COMBAT;
        for (int u = 0; u < g->n_units; u++)
            g->units[u].flags &= ~(uint32_t)(NAP_F_ATTACKED | NAP_F_DEFENDED);
        phase_event(g, ev);
        return;
    }
    g->phase = NAP_PH_END;
    phase_event(g, ev);
    recover(g, ev);
    grg__house_turn_end(g, ev);
    grg__nap_update_objectives(g);
    grg__nap_victory_check(g, ev);
    if (g->over)
        return;
    int second = g->active != g->sc->first_side;
    if (second && g->turn >= g->sc->turn_limit) {
        final_victory(g, ev);
        return;
    }
    if (second)
        g->turn++;
    g->active = 1 - g->active;
    grg__nap_start_player_turn(g, ev);
}

const char *grg__nap_phase_name(const grg_game *g)
{
    return phase_names[g->phase >= 0 && g->phase <= NAP_PH_END ? g->phase : NAP_PH_END];
}
