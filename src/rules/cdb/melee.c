/* The melee phase (CDB-6.3, 11): pivots at its start, melees declared one at a time (one attacker
 * against one defender, supports counted automatically), resolved with two dice, and the
 * obligation of every active unit with an enemy to its front to fight or support. */
#include "cdb.h"

#include <stdio.h>

/* The facing nearest to u's that puts hex t in one of its frontal hexes (A.4.4 shortest route). */
static int facing_to_front(const grg_game *g, int u, grg_hex t)
{
    int d = grg_hex_direction_to(g->units[u].hex, t), f = g->units[u].facing;
    int a = d, b = (d + 5) % 6; /* facings with d as a frontal direction */
    int sa = grg_turn_steps(f, a), sb = grg_turn_steps(f, b);
    return (sa < 0 ? -sa : sa) <= (sb < 0 ? -sb : sb) ? a : b;
}

/* CDB-7.3: u is in frontal contact with some enemy (only counters in its frontal hexes can be). */
static int in_contact(const grg_game *g, int u, const cdb_board *b)
{
    if (g->units[u].facing < 0)
        return 0;
    for (int k = 0; k < 2; k++) {
        int cs[3], n = cdb_b_stack(g, b, cdb_nb(g->units[u].hex, g->units[u].facing + k), cs);
        for (int j = 0; j < n; j++)
            if (cdb_frontal_contact(g, u, cs[j]))
                return 1;
    }
    return 0;
}

/* CDB-6.3.a: u, in the ZOC of an enemy and in frontal contact with none, turns to face the first
 * enemy exerting it (its owner's choice; the lowest index here [P]). b: a view of the stacks built
 * before the pivots began (pivots only turn counters), or NULL. */
static void pivot(grg_game *g, int u, grg_events *ev, const cdb_board *b)
{
    int z[6];
    if (!cdb_is_top(g, u) || g->units[u].facing < 0 ||
        cdb_b_zoc_turned(g, b, g->units[u].side, g->units[u].hex, z) == 0 || in_contact(g, u, b))
        return;
    char why[64];
    snprintf(why, sizeof why, "it must engage %s", cdb_name(g, z[0]));
    cdb_turn_unit(g, u, facing_to_front(g, u, g->units[z[0]].hex), "CDB-6.3.a", why, ev);
}

/* CDB-6.3.c: an enemy of the active side standing in the ZOC of two or more active units, in
 * frontal contact with none, turns to face the one the active player designates (steps 1 and 2 of
 * the procedure): the distinct facings that bring one of them to its front (A.4.4 shortest route).
 * Returns how many there are when they are two or more, else 0 (the automatic pivot decides).
 * b: a view of this game (legal's, or one built for the question), or NULL. */
int cdb_pivot_choices(const grg_game *g, int u, int facings[6], const cdb_board *b)
{
    int z[6], n = 0;
    if (!cdb_is_top(g, u) || g->units[u].side == g->active || g->units[u].facing < 0)
        return 0;
    int k = cdb_b_zoc_on(g, b, g->units[u].side, g->units[u].hex, z);
    if (k < 2 || in_contact(g, u, b))
        return 0;
    for (int i = 0; i < k; i++) {
        int f = facing_to_front(g, u, g->units[z[i]].hex), seen = 0;
        for (int j = 0; j < n; j++)
            seen |= facings[j] == f;
        if (!seen)
            facings[n++] = f;
    }
    return n >= 2 ? n : 0;
}

/* Whether some enemy unit still waits for the active player's designation. */
int cdb_designations_due(const grg_game *g, const cdb_board *b)
{
    int f[6];
    for (int u = 0; u < g->n_units; u++)
        if (cdb_pivot_choices(g, u, f, b))
            return 1;
    return 0;
}

int cdb_check_pivot(const grg_game *g, const grg_action *a, grg_verdict *why)
{
    int f[6], n;
    if (g->phase != CDB_PH_MELEE || cdb_cst(g)->stage != CDB_STAGE_PIVOT)
        return grg_refuse(
            why, "CDB-6.3.c",
            "Pivots are designated at the start of the melee phase, before any melee");
    if (a->unit < 0 || a->unit >= g->n_units || !(n = cdb_pivot_choices(g, a->unit, f, NULL)))
        return grg_refuse(why, "CDB-6.3.c",
                          "%s is not an enemy unit engaged by several of your units",
                          a->unit >= 0 && a->unit < g->n_units ? cdb_name(g, a->unit) : "it");
    for (int i = 0; i < n; i++)
        if (f[i] == a->arg)
            return 0;
    return grg_refuse(why, "CDB-6.3.c",
                      "%s turns by the shortest route to face one of the units engaging it",
                      cdb_name(g, a->unit));
}

/* The designated pivot; once none is due, the other pivots of CDB-6.3.a follow. */
void cdb_apply_pivot(grg_game *g, const grg_action *a, grg_events *ev)
{
    cdb_turn_unit(g, a->unit, a->arg, "CDB-6.3.c", "it faces the attacker designated for it", ev);
    cdb_board view; /* the stacks and facings after the turn, for both questions */
    cdb_board_init(g, &view);
    if (!cdb_designations_due(g, &view)) {
        cdb_st(g)->stage = CDB_STAGE_FREE;
        cdb_melee_pivots(g, ev, &view);
    }
}

/* CDB-6.3.c: the enemies the active side engages pivot first, then every other unit that must,
 * the active side's first. Only a stack's top with an enemy counter next to it can be in an enemy
 * ZOC; pivots turn counters but move none, so that is read once per unit for the three passes. */
void cdb_melee_pivots(grg_game *g, grg_events *ev, const cdb_board *b)
{
    uint8_t near[GRG_MAX_UNITS];
    for (int u = 0; u < g->n_units; u++)
        near[u] = (uint8_t)(cdb_is_top(g, u) &&
                            cdb_b_adjacent_enemy(g, b, g->units[u].side, g->units[u].hex));
    for (int u = 0; u < g->n_units; u++)
        if (near[u] && g->units[u].side != g->active)
            pivot(g, u, ev, b);
    for (int pass = 0; pass < 2; pass++)
        for (int u = 0; u < g->n_units; u++)
            if (near[u] && (g->units[u].side == g->active) == (pass == 0))
                pivot(g, u, ev, b);
}

static int may_attack(const grg_game *g, int a, grg_verdict *why)
{
    if (!cdb_is_top(g, a) || g->units[a].side != g->active || g->units[a].facing < 0)
        return grg_refuse(why, "CDB-11.1.c",
                          "%s cannot attack: not a unit of the active side on the map",
                          cdb_name(g, a));
    if (g->units[a].flags & CDB_UF_FOUGHT)
        return grg_refuse(why, "CDB-11.1.c", "%s has already fought this turn", cdb_name(g, a));
    if (cdb_corps_frozen(g, g->units[a].corps))
        return grg_refuse(why, "scenario", "Corps %s may not act yet",
                          g->sc->corps[g->units[a].corps].name);
    return 0;
}

static int may_defend(const grg_game *g, int a, int d, grg_verdict *why)
{
    if (!cdb_is_top(g, d) || !cdb_enemies(g, a, d) || !cdb_in_front(g, a, g->units[d].hex))
        return grg_refuse(why, "CDB-11.1.a",
                          "%s can attack only an enemy in one of its frontal hexes",
                          cdb_name(g, a));
    if (g->units[d].flags & CDB_UF_ATTACKED)
        return grg_refuse(why, "CDB-11.1.c", "%s has already been attacked this turn",
                          cdb_name(g, d));
    return 0;
}

/* The lowest-numbered unit a may attack (may_defend), or -1: only counters in a's two frontal
 * hexes can be one. b: legal's view, or NULL. */
static int first_defender(const grg_game *g, int a, const cdb_board *b)
{
    int best = -1;
    if (g->units[a].facing < 0)
        return -1;
    for (int k = 0; k < 2; k++) {
        int cs[3], n = cdb_b_stack(g, b, cdb_nb(g->units[a].hex, g->units[a].facing + k), cs);
        for (int j = 0; j < n; j++)
            if (may_defend(g, a, cs[j], NULL) == 0 && (best < 0 || cs[j] < best))
                best = cs[j];
    }
    return best;
}

static int any_defender(const grg_game *g, int a, const cdb_board *b)
{
    return first_defender(g, a, b) >= 0;
}

static int any_melee(const grg_game *g, const cdb_board *b)
{
    for (int a = 0; a < g->n_units; a++)
        if (g->units[a].side == g->active && cdb_on_map(g, a) && may_attack(g, a, NULL) == 0 &&
            any_defender(g, a, b))
            return 1;
    return 0;
}

int cdb_check_combat(const grg_game *g, const grg_action *a, grg_verdict *why, const cdb_board *b)
{
    const cdb_state *st = cdb_cst(g);
    if (g->phase != CDB_PH_MELEE)
        return grg_refuse(why, "CDB-11.1.b", "Melees are declared in the melee phase");
    switch (a->type) {
    case GRG_A_COMBAT_BEGIN:
        if (st->stage == CDB_STAGE_PIVOT)
            return grg_refuse(why, "CDB-6.3.c",
                              "First designate whom each enemy engaged by several of your units "
                              "faces");
        if (st->stage != CDB_STAGE_FREE)
            return grg_refuse(why, "CDB-11.1.b", "A melee is already being declared");
        return any_melee(g, b) ? 0 : grg_refuse(why, "CDB-11.1.a", "No unit of yours can attack");
    case GRG_A_ATTACKER:
        if (st->stage != CDB_STAGE_COMBAT || st->cmb_att >= 0)
            return grg_refuse(why, "CDB-11.1.c", "Declare a melee first; it has one attacker");
        if (may_attack(g, a->unit, why) < 0)
            return -1;
        return any_defender(g, a->unit, b)
                   ? 0
                   : grg_refuse(why, "CDB-11.1.a", "%s has no enemy it may attack to its front",
                                cdb_name(g, a->unit));
    case GRG_A_DEFENDER:
        if (st->stage != CDB_STAGE_COMBAT || st->cmb_att < 0 || st->cmb_def >= 0)
            return grg_refuse(why, "CDB-11.2.a",
                              "Name the attacker first; a melee has one defender");
        return may_defend(g, st->cmb_att, a->unit, why);
    default:
        if (st->stage != CDB_STAGE_COMBAT || st->cmb_def < 0)
            return grg_refuse(why, "CDB-11.2.a", "A melee needs an attacker and a defender");
        return 0;
    }
}

static grg_event *die_event(grg_game *g, int u, int roll, const cdb_total *t, const char *rule,
                            grg_events *ev)
{
    grg_event *e = grg_event_push(ev, GRG_EV_DIE);
    if (!e)
        return NULL;
    e->unit = (int16_t)u;
    e->side = g->units[u].side;
    e->die = (int16_t)roll;
    snprintf(e->rule, sizeof e->rule, "%s", rule);
    for (int i = 0; i < t->n_terms; i++)
        grg_event_term(e, t->terms[i].rule, t->terms[i].label, t->terms[i].value);
    return e;
}

/* Rolls both dice, applies quality and writes the totals into the die events. Returns the
 * difference attacker minus defender. */
int cdb_roll_pair(grg_game *g, int a, int d, const cdb_total *ta, const cdb_total *td, int melee,
                  const char *rule, grg_events *ev)
{
    int ra = grg_d6(g), rd = grg_d6(g);
    int va = ra + ta->value, vd = rd + td->value;
    grg_event *ea = die_event(g, a, ra, ta, rule, ev);
    grg_event *ed = die_event(g, d, rd, td, rule, ev);
    cdb_quality_adjust(g, a, d, &va, &vd, melee, ea, ed);
    if (ea) {
        ea->value = va;
        snprintf(ea->text, sizeof ea->text, "%s rolls %d: total %d", cdb_name(g, a), ra, va);
    }
    if (ed) {
        ed->value = vd;
        snprintf(ed->text, sizeof ed->text, "%s rolls %d: total %d", cdb_name(g, d), rd, vd);
    }
    return va - vd;
}

/* CDB-11.2.a: the facing the defender d turns to when a attacks it (it presents a frontal hex to
 * its attacker unless it is already in frontal contact with a unit of a's side), or -1 when it
 * keeps its facing. Resolution and the preview share it. */
int cdb_defender_pivot(const grg_game *g, int a, int d)
{
    if (g->units[d].facing < 0 || cdb_in_front(g, d, g->units[a].hex))
        return -1;
    for (int e = 0; e < g->n_units; e++)
        if (g->units[e].side == g->units[a].side && cdb_frontal_contact(g, d, e))
            return -1;
    return facing_to_front(g, d, g->units[a].hex);
}

static void resolve(grg_game *g, int a, int d, grg_events *ev)
{
    int pivot = cdb_defender_pivot(g, a, d);
    if (pivot >= 0)
        cdb_turn_unit(g, d, pivot, "CDB-11.2.a", "it faces its attacker", ev);
    cdb_total ta, td;
    cdb_melee_totals(g, a, d, &ta, &td);
    int sup[GRG_MAX_UNITS], n = cdb_supporters(g, a, d, sup);
    n += cdb_supporters(g, d, a, sup + n);
    for (int i = 0; i < n; i++)
        g->units[sup[i]].flags |= CDB_UF_SUPPORTED;
    g->units[a].flags |= CDB_UF_FOUGHT;
    g->units[d].flags |= CDB_UF_FOUGHT | CDB_UF_ATTACKED;
    int diff = cdb_roll_pair(g, a, d, &ta, &td, 1, "CDB-11.2.b", ev);
    if (diff == 0)
        cdb_result(g, a, d, 0, 0, ev);
    else if (diff > 0)
        cdb_result(g, a, d, diff, 0, ev);
    else
        cdb_result(g, d, a, -diff, 0, ev);
}

void cdb_apply_combat(grg_game *g, const grg_action *a, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    switch (a->type) {
    case GRG_A_COMBAT_BEGIN:
        st->stage = CDB_STAGE_COMBAT;
        st->cmb_att = st->cmb_def = -1;
        return;
    case GRG_A_ATTACKER:
        st->cmb_att = a->unit;
        return;
    case GRG_A_DEFENDER:
        st->cmb_def = a->unit;
        return;
    default: {
        int att = st->cmb_att, def = st->cmb_def;
        st->stage = CDB_STAGE_FREE;
        st->cmb_att = st->cmb_def = -1;
        resolve(g, att, def, ev); /* CDB-P12: morale is counted when the phase ends */
        return;
    }
    }
}

/* CDB-11.1.a: the phase may end only when no active unit that has neither fought nor supported
 * still faces an enemy it could attack. */
int cdb_melee_owed(const grg_game *g, grg_verdict *why, const cdb_board *b)
{
    for (int u = 0; u < g->n_units; u++) {
        if (g->units[u].side != g->active || !cdb_on_map(g, u) ||
            (g->units[u].flags & CDB_UF_SUPPORTED) || may_attack(g, u, NULL) < 0)
            continue; /* may_attack refuses the other side first: the cheap test before it */
        int d = first_defender(g, u, b);
        if (d >= 0)
            return grg_refuse(why, "CDB-11.1.a", "%s must fight %s or support a melee against it",
                              cdb_name(g, u), cdb_name(g, d));
    }
    return 0;
}
