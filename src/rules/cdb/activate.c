/* The movement phase's actions (CDB-9, P5): activating a unit (or a detached rank), its steps and
 * turns, the end of its impulse, and keeping impetuous or demoralised units in hand with PA. */
#include "cdb.h"

#include <stdio.h>
#include <string.h>

static int in_movement(const grg_game *g, grg_verdict *why)
{
    if (g->phase != CDB_PH_MOVE)
        return grg_refuse(why, "CDB-9.1", "Units move only in the movement phase (now %s)",
                          g->rs->phase_name(g));
    return 0;
}

/* Whether u may start an impulse now (alone or, in_group, as a group member). */
static int may_activate(const grg_game *g, int u, int in_group, grg_verdict *why,
                        const cdb_board *b)
{
    const grg_unit *x = &g->units[u];
    if (!cdb_on_map(g, u))
        return grg_refuse(why, "CDB-9.1", "%s is not on the map", cdb_name(g, u));
    if (x->side != g->active)
        return grg_refuse(why, "CDB-9.1", "%s belongs to the other side", cdb_name(g, u));
    if (cdb_corps_frozen(g, x->corps))
        return grg_refuse(why, "scenario", "Corps %s may not act before turn %d",
                          g->sc->corps[x->corps].name, g->opt[CDB_OPT_FROZEN_UNTIL]);
    if (x->v[CDB_V_IMPULSES] > 0 && (x->flags & CDB_UF_NEAR))
        return grg_refuse(why, "CDB-9.3.b",
                          "%s is within %d hexes of the enemy and may move only once this turn",
                          cdb_name(g, u), cdb_data_of(g)->strategic);
    if (in_group) {
        if (!cdb_is_top(g, u))
            return grg_refuse(why, "CDB-8.1.a", "A stack joins a group through its top unit");
        if (!cdb_has_facing(g, u))
            return grg_refuse(why, "CDB-5.1.a",
                              "Baggage has no facing and cannot be part of a group");
        if (cdb_b_in_enemy_zoc(g, b, u))
            return grg_refuse(why, "CDB-5.1.b",
                              "%s is in an enemy zone of control and cannot be part of a group",
                              cdb_name(g, u));
    }
    return 0;
}

/* may_activate, a group member's verdict from legal's memo: each unit is asked for its own group
 * start and again for each neighbour's. */
int cdb_unit_may_activate(const grg_game *g, int u, int in_group, grg_verdict *why,
                          const cdb_board *b)
{
    if (!in_group || why || !b || !b->memo)
        return may_activate(g, u, in_group, why, b);
    int8_t *known = &b->memo->member[u];
    if (*known < 0)
        *known = (int8_t)(may_activate(g, u, 1, NULL, b) == 0);
    return *known ? 0 : -1;
}

/* The leader and detach mode an activate action means (CDB-8.1.c): the top counter moves its
 * stack (arg 1: alone), a lower counter moves alone. */
static int detach_of(const grg_game *g, const grg_action *a)
{
    if (!cdb_is_top(g, a->unit))
        return CDB_DETACH_REAR;
    return a->arg == 1 ? CDB_DETACH_FRONT : CDB_DETACH_NONE;
}

/* An activation's conditions before its cost (CDB-9.1, 9.1.b, 8.1.c). */
static int may_start(const grg_game *g, const grg_action *a, grg_verdict *why, const cdb_board *b)
{
    const cdb_state *st = cdb_cst(g);
    if (in_movement(g, why) < 0)
        return -1;
    if (st->stage != CDB_STAGE_FREE)
        return grg_refuse(why, "CDB-9.1.b", "Finish the current impulse or group first");
    if (cdb_unit_may_activate(g, a->unit, 0, why, b) < 0)
        return -1;
    int cs[3], n = a->arg == 1 ? cdb_b_stack(g, b, g->units[a->unit].hex, cs) : 0;
    if (a->arg == 1 && (n < 2 || !cdb_is_top(g, a->unit)))
        return grg_refuse(why, "CDB-8.1.c", "Only the front rank of a stack may move alone");
    if (a->arg != 0 && a->arg != 1)
        return grg_refuse(why, "GRG-ACTION",
                          "activate takes arg 0 (the stack) or 1 (the front rank alone)");
    return 0;
}

int cdb_check_activate(const grg_game *g, const grg_action *a, grg_verdict *why, const cdb_board *b)
{
    if (may_start(g, a, why, b) < 0)
        return -1;
    int u = a->unit;
    return cdb_command_check(g, &u, 1, why, b);
}

/* Starts an impulse of these leaders, paying c's cost: shared by single and group activations. */
void cdb_start_impulse(grg_game *g, const int *leaders, int n, int detach, const grg_command *c,
                       grg_events *ev, const cdb_board *b)
{
    cdb_state *st = cdb_st(g);
    int strategic = g->units[leaders[0]].v[CDB_V_IMPULSES] > 0;
    int cinc = cdb_cinc_commands(g, leaders, n);
    cdb_pay(g, g->units[leaders[0]].corps, c->cost, cinc);
    if (cinc)
        st->cinc_used = 1;
    cdb_move_init(g, &st->mv, leaders, n, detach, b); /* paying moved no counter */
    st->mv.cost = (int16_t)c->cost;
    for (int i = 0; i < n; i++)
        if (cdb_is_irregular(g, leaders[i]))
            st->mv.flags |= CDB_MF_IRREGULAR;
    for (int i = 0; i < n * 3; i++)
        if (st->mv.pc[i] >= 0)
            g->units[st->mv.pc[i]].v[CDB_V_IMPULSES]++;
    st->stage = CDB_STAGE_MOVE;
    grg_event *e = grg_event_push(ev, GRG_EV_ACTIVATED);
    if (e) {
        e->unit = (int16_t)leaders[0];
        e->side = (int16_t)g->active;
        e->value = c->cost;
        snprintf(e->rule, sizeof e->rule, "%s", strategic ? "CDB-9.3.a" : "CDB-P5");
        snprintf(e->text, sizeof e->text, "%s %s%s for %d action point%s", cdb_name(g, leaders[0]),
                 n > 1 ? "and its group start" : "starts",
                 strategic ? " a strategic impulse" : " an impulse", c->cost,
                 c->cost == 1 ? "" : "s");
        for (int i = 0; i < c->n_terms; i++)
            grg_event_term(e, c->terms[i].rule, c->terms[i].label, c->terms[i].value);
    }
}

/* check_activate's verdict, with the cost it pays computed once. The judgement and the impulse's
 * start ask about stacks, zones of control and enemies on the command path: a view of the board
 * index answers them for about the cost of one scan of the units. */
int cdb_apply_activate(grg_game *g, const grg_action *a, grg_events *ev, grg_verdict *why)
{
    int u = a->unit;
    grg_command c;
    cdb_board view;
    cdb_board_init(g, &view);
    if (may_start(g, a, why, &view) < 0 ||
        cdb_command_judge(g, &u, 1, ev != NULL, &c, why, &view) < 0)
        return -1;
    cdb_start_impulse(g, &u, 1, detach_of(g, a), &c, ev, &view);
    return 0;
}

/* The step or turn an action asks for, judged on a copy of the open impulse. */
static int judge(const grg_game *g, const grg_action *a, cdb_move *next, int *dist,
                 grg_verdict *why, const cdb_board *b)
{
    const cdb_state *st = cdb_cst(g);
    const cdb_move *mv = &st->mv;
    if (st->stage != CDB_STAGE_MOVE)
        return grg_refuse(why, "CDB-9.1", "No unit is moving: activate one first");
    int p = cdb_move_member(mv, a->unit);
    if (p < 0)
        return grg_refuse(why, "CDB-9.1.b", "%s is not the unit or group moving now",
                          cdb_name(g, a->unit));
    if (a->type == GRG_A_TURN) {
        if (a->arg != 1 && a->arg != -1)
            return grg_refuse(why, "GRG-ACTION", "A turn is one vertex left or right");
        return cdb_move_turn(g, mv, a->arg, next, why, b);
    }
    for (*dist = 1; *dist <= 2; (*dist)++)
        for (int d = 0; d < 6; d++) {
            grg_hex h = cdb_nb(mv->at[p], d);
            if (*dist == 2)
                h = cdb_nb(h, d);
            if (grg_hex_eq(h, a->hex))
                return cdb_move_step(g, mv, d, *dist, next, why, b);
        }
    char at[16];
    cdb_label(g, a->hex, at, sizeof at);
    return grg_refuse(
        why, "CDB-9.1.c",
        "%s moves one hex at a time (or straight through a friend); %s is not next to it",
        cdb_name(g, a->unit), at);
}

/* The verdict of a step, turn or end of impulse; for a step or turn, the impulse after it in next
 * and the step's length in dist. */
static int judge_moving(const grg_game *g, const grg_action *a, cdb_move *next, int *dist,
                        grg_verdict *why, const cdb_board *b)
{
    if (in_movement(g, why) < 0)
        return -1;
    if (a->type == GRG_A_END_ACTIVATION)
        return cdb_cst(g)->stage == CDB_STAGE_MOVE
                   ? 0
                   : grg_refuse(why, "CDB-9.1", "No unit is moving");
    return judge(g, a, next, dist, why, b);
}

int cdb_check_moving(const grg_game *g, const grg_action *a, grg_verdict *why, const cdb_board *b)
{
    cdb_move next;
    int dist = 1;
    return judge_moving(g, a, &next, &dist, why, b);
}

/* CDB-8.1.d/e: the joining counter goes to the bottom, or on top after a rearward move. */
static void join_stack(grg_game *g, const cdb_move *mv)
{
    int m = mv->piece[0], cs[3], n = cdb_stack(g, mv->at[0], cs);
    if (mv->mode == CDB_MODE_REAR) {
        for (int j = 0; j < n; j++)
            g->units[cs[j]].stack = (int16_t)(cs[j] == m ? 0 : g->units[cs[j]].stack + 1);
        return;
    }
    g->units[m].stack = 0;
    int depth = 0;
    for (int j = 0; j < n; j++)
        if (cs[j] != m && g->units[cs[j]].stack + 1 > depth)
            depth = g->units[cs[j]].stack + 1;
    g->units[m].stack = (int16_t)depth;
}

/* After a step: the marks it leaves on units (CDB-9.3.b near the enemy, CDB-8.2.b passed by
 * Psiloi, CDB-4.3.c an enemy moved adjacent). */
static void after_step(grg_game *g, const cdb_move *mv, grg_hex passed, grg_events *ev)
{
    const cdb_data *d = cdb_data_of(g);
    int unreliable = 0; /* most often no corps is: no enemy to look for next to the pieces */
    for (int c = 0; c < g->sc->n_corps; c++)
        unreliable |= cdb_cst(g)->cflags[c] & CDB_CF_UNRELIABLE;
    for (int i = 0; i < mv->n; i++) {
        int u = mv->piece[i], side = g->units[u].side;
        int near = cdb_enemy_within(g, side, mv->at[i], d->strategic);
        for (int j = 0; j < 3 && mv->pc[3 * i + j] >= 0; j++)
            g->units[mv->pc[3 * i + j]].flags |= CDB_UF_MOVED | (near ? CDB_UF_NEAR : 0);
        for (int e = 0; unreliable && e < g->n_units; e++)
            if (g->units[e].side != side &&
                (cdb_cst(g)->cflags[g->units[e].corps] & CDB_CF_UNRELIABLE) && cdb_on_map(g, e) &&
                cdb_dist(g->units[e].hex, mv->at[i]) == 1)
                cdb_make_reliable(g, g->units[e].corps, "an enemy unit moved next to it", ev);
    }
    if (mv->n == 1 && cdb_type_of(g, mv->piece[0])->psiloi && grg_map_contains(&g->sc->map, passed))
        for (int e = 0; e < g->n_units; e++)
            if (cdb_on_map(g, e) && grg_hex_eq(g->units[e].hex, passed) && !cdb_move_has(mv, e))
                g->units[e].flags |= CDB_UF_PSI_PASSED;
}

/* The counters a detached rank left behind take positions 0, 1 from the top again. */
static void renumber(grg_game *g, grg_hex h)
{
    int cs[3], n = cdb_stack(g, h, cs);
    for (int j = 0; j < n; j++)
        g->units[cs[j]].stack = (int16_t)j;
}

/* Writes a judged step or turn into the game: positions, facings, stacks, events. */
void cdb_move_commit(grg_game *g, const cdb_move *before, const cdb_move *after, int dist,
                     grg_events *ev)
{
    for (int i = 0; i < after->n; i++) {
        int moved = !grg_hex_eq(before->at[i], after->at[i]);
        if (moved && after->detach != CDB_DETACH_NONE)
            g->units[after->piece[i]].stack = 0;
        for (int j = 0; j < 3 && after->pc[3 * i + j] >= 0; j++) {
            grg_unit *x = &g->units[after->pc[3 * i + j]];
            x->hex = after->at[i];
            if (x->facing >= 0)
                x->facing = after->facing;
        }
        grg_event *e = grg_event_push(ev, moved ? GRG_EV_MOVED : GRG_EV_TURNED);
        if (!e)
            continue;
        e->unit = after->piece[i];
        e->side = g->units[after->piece[i]].side;
        e->from = before->at[i];
        e->to = after->at[i];
        e->facing = after->facing;
        e->value = after->mp;
        char a[16], b[16];
        cdb_label(g, before->at[i], a, sizeof a);
        cdb_label(g, after->at[i], b, sizeof b);
        snprintf(e->rule, sizeof e->rule, "%s", moved ? "CDB-9.1.c" : "CDB-6.2.a");
        if (moved)
            snprintf(e->text, sizeof e->text, "%s moves from %s to %s (%d MP spent)",
                     cdb_name(g, after->piece[i]), a, b, after->mp);
        else
            snprintf(e->text, sizeof e->text, "%s turns to face vertex %d (%d MP spent)",
                     cdb_name(g, after->piece[i]), after->facing, after->mp);
    }
    if (after->detach != CDB_DETACH_NONE && !grg_hex_eq(before->at[0], after->at[0]))
        renumber(g, before->at[0]);
    if ((after->flags & CDB_MF_JOINED) && !(before->flags & CDB_MF_JOINED))
        join_stack(g, after);
    grg_hex passed = grg_hex_make(-9999, -9999);
    if (dist == 2)
        for (int d = 0; d < 6; d++)
            if (grg_hex_eq(cdb_nb(cdb_nb(before->at[0], d), d), after->at[0]))
                passed = cdb_nb(before->at[0], d);
    if (!grg_hex_eq(before->at[0], after->at[0]))
        after_step(g, after, passed, ev);
}

/* CDB-P5: the irregular surcharge comes back when the impulse used every MP. */
static void end_impulse(grg_game *g, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    cdb_move *mv = &st->mv;
    if ((mv->flags & CDB_MF_IRREGULAR) && mv->mp >= cdb_move_ma(g, mv)) {
        int back = cdb_data_of(g)->cost_irregular;
        st->ap[mv->corps] = (int16_t)(st->ap[mv->corps] + back);
        grg_event *e = grg_event_push(ev, GRG_EV_POINTS);
        if (e) {
            e->corps = mv->corps;
            e->side = (int16_t)g->active;
            e->value = back;
            snprintf(e->rule, sizeof e->rule, "CDB-P5");
            snprintf(e->text, sizeof e->text, "Irregulars used every MP: %d action point refunded",
                     back);
        }
    }
    memset(mv, 0, sizeof *mv);
    st->stage = CDB_STAGE_FREE;
}

/* Applies what judge_moving judged: no second judgement. */
int cdb_apply_moving(grg_game *g, const grg_action *a, grg_events *ev, grg_verdict *why)
{
    cdb_state *st = cdb_st(g);
    cdb_move next;
    int dist = 1;
    if (judge_moving(g, a, &next, &dist, why, NULL) < 0)
        return -1;
    if (a->type == GRG_A_END_ACTIVATION) {
        end_impulse(g, ev);
        return 0;
    }
    cdb_move before = st->mv;
    st->mv = next;
    cdb_move_commit(g, &before, &next, dist, ev);
    return 0;
}

/* Whether u's stack still needs a PA to stay put: an impetuous unit not yet under control
 * (CDB-9.5.a), or a unit of a demoralised corps not yet held (CDB-P13). */
static int needs_hold(const grg_game *g, int u, int demoralised)
{
    return demoralised ? (g->units[u].flags & CDB_UF_HELD) == 0
                       : cdb_is_impetuous(g, u) && !(g->units[u].flags & CDB_UF_CONTROLLED);
}

int cdb_needs_hold(const grg_game *g, int u)
{
    return needs_hold(g, u, (cdb_cst(g)->cflags[g->units[u].corps] & CDB_CF_DEMORALISED) != 0);
}

/* CDB-P5, 9.5.a, P13: pay to keep an impetuous unit in hand, or to hold a demoralised one; 1 PA
 * holds one unit, or a whole group being declared (hold on any member instead of group_close). */
int cdb_check_hold(const grg_game *g, const grg_action *a, grg_verdict *why)
{
    const cdb_state *st = cdb_cst(g);
    const cdb_data *d = cdb_data_of(g);
    int u = a->unit;
    if (in_movement(g, why) < 0)
        return -1;
    if (st->stage == CDB_STAGE_GROUP) {
        int member = 0;
        for (int i = 0; i < st->group_n; i++)
            member |= st->group[i] == u;
        if (!member)
            return grg_refuse(why, "CDB-P5", "%s is not in the group being declared",
                              cdb_name(g, u));
        if (st->group_n < 2)
            return grg_refuse(why, "CDB-5.1.a", "A group has at least two units");
    } else if (st->stage != CDB_STAGE_FREE) {
        return grg_refuse(why, "CDB-9.1.b", "Finish the current impulse or group first");
    }
    if (!cdb_is_top(g, u) || g->units[u].side != g->active)
        return grg_refuse(why, "CDB-P5", "%s is not a unit of yours on the map", cdb_name(g, u));
    int corps = g->units[u].corps;
    int demoralised = (st->cflags[corps] & CDB_CF_DEMORALISED) != 0;
    int cost = demoralised ? d->cost_hold : d->cost_control, need = needs_hold(g, u, demoralised);
    for (int i = 0; st->stage == CDB_STAGE_GROUP && i < st->group_n; i++)
        need |= needs_hold(g, st->group[i], demoralised);
    if (!need)
        return grg_refuse(why, "CDB-P5", "%s needs no holding", cdb_name(g, u));
    if (st->ap[corps] < cost)
        return grg_refuse(why, "CDB-4.2.d", "Corps %s has %d action points; holding costs %d",
                          g->sc->corps[corps].name, st->ap[corps], cost);
    return 0;
}

void cdb_apply_hold(grg_game *g, const grg_action *a, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    const cdb_data *d = cdb_data_of(g);
    int u = a->unit, corps = g->units[u].corps;
    int demoralised = (st->cflags[corps] & CDB_CF_DEMORALISED) != 0;
    int cost = demoralised ? d->cost_hold : d->cost_control;
    int group = st->stage == CDB_STAGE_GROUP, n_members = group ? st->group_n : 1;
    st->ap[corps] = (int16_t)(st->ap[corps] - cost);
    for (int i = 0; i < n_members; i++) {
        int m = group ? st->group[i] : u, cs[3], n = cdb_stack(g, g->units[m].hex, cs);
        for (int j = 0; j < n; j++)
            g->units[cs[j]].flags |= demoralised ? CDB_UF_HELD : CDB_UF_CONTROLLED;
    }
    st->group_n = 0;
    st->stage = CDB_STAGE_FREE;
    grg_event *e = grg_event_push(ev, GRG_EV_STATUS);
    if (e) {
        e->unit = (int16_t)u;
        e->corps = (int16_t)corps;
        e->side = (int16_t)g->active;
        e->value = cost;
        snprintf(e->rule, sizeof e->rule, "%s", demoralised ? "CDB-P13" : "CDB-9.5.a");
        snprintf(e->text, sizeof e->text, "%s%s %s for %d action point%s", cdb_name(g, u),
                 group ? " and its group" : "",
                 demoralised ? (group ? "are held and will not flee" : "is held and will not flee")
                             : (group ? "are kept under control" : "is kept under control"),
                 cost, cost == 1 ? "" : "s");
    }
}
