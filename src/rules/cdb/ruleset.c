/* The cdb ruleset table, its options and the turn sequence (B.3): action points (automatic),
 * movement, missiles (active side, then the other), melee, then the end of the player-turn. */
#include "cdb.h"

#include <stdio.h>
#include <string.h>

static const char *const phase_names[] = {"cdb.action_points", "cdb.movement", "cdb.missile",
                                          "cdb.melee", "cdb.end"};

static const char *phase_name(const grg_game *g)
{
    return g->phase >= 0 && g->phase <= CDB_PH_END ? phase_names[g->phase] : "cdb.unknown";
}

static void phase_event(grg_game *g, const char *rule, const char *text, grg_events *ev)
{
    grg_event *e = grg_event_push(ev, GRG_EV_PHASE);
    if (!e)
        return;
    e->side = (int16_t)g->active;
    e->value = g->turn;
    snprintf(e->rule, sizeof e->rule, "%s", rule);
    snprintf(e->text, sizeof e->text, "Turn %d, %s: %s", g->turn, g->sc->sides[g->active].name,
             text);
}

/* Reinforcements of the active side whose turn has come enter at a free entry hex; those that
 * need a die roll share one roll per corps and turn [P]. */
static void reinforcements(grg_game *g, grg_events *ev)
{
    int rolled[GRG_MAX_CORPS];
    for (int c = 0; c < GRG_MAX_CORPS; c++)
        rolled[c] = 0;
    for (int i = 0; i < g->sc->n_reinf; i++) {
        const grg_reinf_def *r = &g->sc->reinf[i];
        grg_unit *x = &g->units[r->unit];
        if (x->status != GRG_UNIT_WAITING || x->side != g->active || g->turn < r->turn)
            continue;
        if (r->die_min > 0) {
            if (!rolled[x->corps])
                rolled[x->corps] = grg_d6(g);
            if (rolled[x->corps] < r->die_min)
                continue;
        }
        for (int k = 0; k < r->n_entry; k++) {
            if (grg_unit_at(g, r->entry[k]) >= 0)
                continue;
            x->hex = r->entry[k];
            x->status = GRG_UNIT_ON_MAP;
            x->stack = 0;
            grg_event *e = grg_event_push(ev, GRG_EV_ARRIVED);
            if (e) {
                char at[16];
                cdb_label(g, x->hex, at, sizeof at);
                e->unit = (int16_t)r->unit;
                e->side = x->side;
                e->to = x->hex;
                e->die = (int16_t)rolled[x->corps];
                snprintf(e->rule, sizeof e->rule, "scenario");
                snprintf(e->text, sizeof e->text, "%s arrives at %s", cdb_name(g, r->unit), at);
            }
            break;
        }
    }
}

/* CDB-4.3.d: a defecting corps changes hands at the start of its new owner's player-turn. */
static void defections(grg_game *g, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    for (int c = 0; c < g->sc->n_corps; c++) {
        if (!(st->cflags[c] & CDB_CF_DEFECTING) || cdb_corps_side(g, c) == g->active)
            continue;
        st->cflags[c] = (int16_t)((st->cflags[c] & ~CDB_CF_DEFECTING) ^ CDB_CF_SWITCHED);
        for (int u = 0; u < g->n_units; u++)
            if (g->units[u].corps == c)
                g->units[u].side = (int16_t)g->active;
        grg_event *e = grg_event_push(ev, GRG_EV_STATUS);
        if (e) {
            e->corps = (int16_t)c;
            e->side = (int16_t)g->active;
            snprintf(e->rule, sizeof e->rule, "CDB-4.3.d");
            snprintf(e->text, sizeof e->text, "Allied corps %s now fights for %s",
                     g->sc->corps[c].name, g->sc->sides[g->active].name);
        }
    }
}

/* Start of a player-turn: per-turn marks cleared, arrivals, the action-point roll, then the
 * movement phase with the units that begin it near the enemy marked (CDB-9.3.b). */
static void start_player_turn(grg_game *g, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    const cdb_data *d = cdb_data_of(g);
    st->pass_side = (int16_t)g->active;
    st->stage = CDB_STAGE_FREE;
    for (int u = 0; u < g->n_units; u++) {
        g->units[u].flags &= ~(uint32_t)CDB_UF_TURN_MASK;
        g->units[u].v[CDB_V_IMPULSES] = 0;
    }
    defections(g, ev);
    g->phase = CDB_PH_POINTS;
    phase_event(g, "B.3", "action points", ev);
    reinforcements(g, ev);
    cdb_roll_points(g, ev);
    cdb_hexes enemy;
    cdb_enemy_hexes(g, g->active, &enemy);
    for (int u = 0; u < g->n_units; u++)
        if (cdb_on_map(g, u) && g->units[u].side == g->active &&
            cdb_any_within(&enemy, g->units[u].hex, d->strategic))
            g->units[u].flags |= CDB_UF_NEAR;
    g->phase = CDB_PH_MOVE;
    phase_event(g, "B.3", "movement", ev);
}

static int setup(grg_game *g, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    memset(st, 0, sizeof *st);
    for (int u = 0; u < g->n_units; u++) {
        grg_unit *x = &g->units[u];
        const cdb_type *t = cdb_type_of(g, u);
        if (x->ma < 0)
            x->ma = (int16_t)t->ma;
        if (t->baggage)
            x->facing = -1;
        x->v[CDB_V_QUALITY] = (int16_t)g->sc->units[u].quality;
        if (!t->baggage && x->corps >= 0)
            st->start_n[x->corps]++;
    }
    g->phase = CDB_PH_POINTS;
    start_player_turn(g, ev);
    return 0;
}

static int other_side(const grg_game *g) { return 1 - g->active; }

/* Missile phase, first pass over: the other side shoots, unless it has nothing to shoot. */
static int other_side_can_shoot(grg_game *g)
{
    int keep = g->active, any = 0;
    g->active = other_side(g);
    for (int u = 0; u < g->n_units && !any; u++) {
        if (cdb_range(g, u) <= 0 || !cdb_on_map(g, u) || g->units[u].side != g->active)
            continue; /* cdb_check_shoot's first conditions */
        for (int t = 0; t < g->n_units && !any; t++) {
            if (!cdb_shot_candidate(g, u, t))
                continue;
            grg_action a = grg_action_make(GRG_A_SHOOT, u);
            a.target = (int16_t)t;
            any = cdb_check_shoot(g, &a, NULL) == 0;
        }
    }
    g->active = keep;
    return any;
}

static void start_melee(grg_game *g, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    g->active = st->pass_side;
    g->phase = CDB_PH_MELEE;
    for (int u = 0; u < g->n_units; u++)
        g->units[u].flags &= ~(uint32_t)(CDB_UF_FOUGHT | CDB_UF_ATTACKED | CDB_UF_SUPPORTED);
    phase_event(g, "B.3", "melee", ev);
    cdb_board view; /* for both questions: pivots turn counters but move none */
    cdb_board_init(g, &view);
    if (cdb_designations_due(g, &view)) { /* CDB-6.3.c: the active player designates first */
        st->stage = CDB_STAGE_PIVOT;
        return;
    }
    cdb_melee_pivots(g, ev, &view);
}

/* B.3 step 5: losses are counted, the battle may end, then the other side's player-turn. */
static void end_player_turn(grg_game *g, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    g->phase = CDB_PH_END;
    phase_event(g, "B.3", "end of the player-turn", ev);
    cdb_morale_check(g, ev);
    if (g->over)
        return;
    st->pturn ^= 1;
    if (st->pturn == 0 && g->turn >= g->sc->turn_limit) {
        cdb_victory_at_limit(g, ev);
        return;
    }
    if (st->pturn == 0)
        g->turn++;
    g->active = 1 - st->pass_side;
    start_player_turn(g, ev);
}

static int check_end_phase(const grg_game *g, grg_verdict *why, const cdb_board *b)
{
    const cdb_state *st = cdb_cst(g);
    if (st->stage == CDB_STAGE_PIVOT)
        return grg_refuse(why, "CDB-6.3.c",
                          "First designate whom each enemy engaged by several of your units faces");
    if (st->stage != CDB_STAGE_FREE)
        return grg_refuse(why, "CDB-9.1.b", "Finish the current impulse, group or combat first");
    if (g->phase != CDB_PH_MELEE)
        return 0;
    cdb_board view; /* every attacker's frontal stacks, from the index when legal has no view */
    if (!b)
        cdb_board_init(g, &view);
    return cdb_melee_owed(g, why, b ? b : &view);
}

static void apply_end_phase(grg_game *g, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    switch (g->phase) {
    case CDB_PH_MOVE:
        cdb_end_movement(g, ev);
        if (g->over)
            return;
        g->phase = CDB_PH_MISSILE;
        st->missile_pass = 0;
        phase_event(g, "CDB-10", "missile fire", ev);
        return;
    case CDB_PH_MISSILE:
        cdb_morale_check(g, ev);
        if (g->over)
            return;
        if (st->missile_pass == 0 && other_side_can_shoot(g)) {
            st->missile_pass = 1;
            g->active = other_side(g);
            phase_event(g, "CDB-10", "missile fire of the side not moving", ev);
            return;
        }
        start_melee(g, ev);
        return;
    default:
        end_player_turn(g, ev);
        return;
    }
}

/* check with a board view (b: legal's, or apply's), or without one (NULL): the same verdicts
 * either way. */
int cdb_check_with(const grg_game *g, const grg_action *a, grg_verdict *why, const cdb_board *b)
{
    const cdb_state *st = cdb_cst(g);
    if (st->pend != CDB_PEND_NONE)
        return cdb_check_decision(g, a, why);
    switch (a->type) {
    case GRG_A_ACTIVATE:
        return cdb_check_activate(g, a, why, b);
    case GRG_A_GROUP_BEGIN:
    case GRG_A_GROUP_ADD:
    case GRG_A_GROUP_CLOSE:
        return cdb_check_group(g, a, why, b);
    case GRG_A_STEP:
    case GRG_A_TURN:
    case GRG_A_END_ACTIVATION:
        return cdb_check_moving(g, a, why, b);
    case GRG_A_HOLD:
        return cdb_check_hold(g, a, why);
    case GRG_A_SHOOT:
        return cdb_check_shoot(g, a, why);
    case GRG_A_COMBAT_BEGIN:
    case GRG_A_ATTACKER:
    case GRG_A_DEFENDER:
    case GRG_A_COMBAT_CLOSE:
        return cdb_check_combat(g, a, why, b);
    case GRG_A_PIVOT:
        return cdb_check_pivot(g, a, why);
    case GRG_A_END_PHASE:
        return check_end_phase(g, why, b);
    case GRG_A_RETREAT:
    case GRG_A_ADVANCE:
    case GRG_A_NO_ADVANCE:
        return grg_refuse(why, "CDB-P11", "No retreat or advance is waiting to be chosen");
    default:
        return grg_refuse(why, "GRG-ACTION", "The cdb ruleset has no %s action",
                          grg_action_name((grg_action_type)a->type));
    }
}

static int check(const grg_game *g, const grg_action *a, grg_verdict *why)
{
    return cdb_check_with(g, a, why, NULL);
}

/* Activations, steps and turns judge what they apply (check's verdict, computed once); every other
 * action is checked first. */
static int apply(grg_game *g, const grg_action *a, grg_events *ev, grg_verdict *why)
{
    int pend = cdb_cst(g)->pend != CDB_PEND_NONE;
    if (!pend && a->type == GRG_A_ACTIVATE)
        return cdb_apply_activate(g, a, ev, why);
    if (!pend &&
        (a->type == GRG_A_STEP || a->type == GRG_A_TURN || a->type == GRG_A_END_ACTIVATION))
        return cdb_apply_moving(g, a, ev, why);
    /* a group's start and additions judge the units next to it, their stacks and their command:
     * a view of the board index answers for about the cost of one scan of the units */
    cdb_board view, *b = NULL;
    if (!pend && (a->type == GRG_A_GROUP_BEGIN || a->type == GRG_A_GROUP_ADD)) {
        cdb_board_init(g, &view);
        b = &view;
    }
    if (cdb_check_with(g, a, why, b) < 0)
        return -1;
    if (pend) {
        cdb_apply_decision(g, a, ev);
    } else {
        switch (a->type) {
        case GRG_A_GROUP_BEGIN:
        case GRG_A_GROUP_ADD:
        case GRG_A_GROUP_CLOSE:
            cdb_apply_group(g, a, ev);
            break;
        case GRG_A_HOLD:
            cdb_apply_hold(g, a, ev);
            break;
        case GRG_A_SHOOT:
            cdb_apply_shoot(g, a, ev);
            break;
        case GRG_A_END_PHASE:
            apply_end_phase(g, ev);
            break;
        case GRG_A_PIVOT:
            cdb_apply_pivot(g, a, ev);
            break;
        default:
            cdb_apply_combat(g, a, ev);
            break;
        }
    }
    return 0;
}

static const char *const metric_values[] = {"path", "straight", NULL};
static const char *const army_values[] = {"now", "setup", NULL};
static const grg_option_def options[CDB_OPT_COUNT] = {
    {"command_metric", metric_values, 0, 0, 1,
     "CDB-4.2.b: command distance as a path avoiding enemies and impassable hexes, or straight"},
    {"army_list_ranks", NULL, 0, 0, 1,
     "CDB-P6: the army lists allow Blades rear ranks and an extra Psiloi rank"},
    {"frozen_corps", NULL, 0, 0, GRG_MAX_CORPS,
     "scenario: 1-based index of a corps that may not act before frozen_until (0: none)"},
    {"frozen_until", NULL, 0, 0, 999, "scenario: the first turn the frozen corps may act"},
    {"surprised_corps", NULL, 0, 0, GRG_MAX_CORPS,
     "scenario: 1-based index of a corps with no action points on turn 1 (0: none)"},
    {"surprise_divisor", NULL, 3, 1, 20,
     "scenario: the surprised corps is demoralised at ceil(start / this) losses"},
    {"cinc_death", NULL, 0, 0, 1, "scenario: an army whose CinC is destroyed loses at once"},
    {"army_count", army_values, 0, 0, 1,
     "CDB-P14: half of the army as it stands (a corps that changed side in its new army) or as "
     "set up"},
};

static void game_info(const grg_game *g, grg_info *out);
static void unit_info(const grg_game *g, int u, grg_info *out);

static int command(const grg_game *g, const int *units, int n, grg_command *out)
{
    return cdb_command_cost(g, units, n, g->units[units[0]].v[CDB_V_IMPULSES] > 0, out);
}

const grg_ruleset grg_ruleset_cdb = {
    .name = "cdb",
    .version = 1,
    .options = options,
    .n_options = CDB_OPT_COUNT,
    .state_size = sizeof(cdb_state),
    .validate = cdb_validate,
    .setup = setup,
    .phase_name = phase_name,
    .legal = cdb_legal,
    .check = check,
    .apply = apply,
    .los = cdb_los,
    .reach = cdb_reach,
    .zoc = cdb_zoc_query,
    .command = command,
    .preview = cdb_preview,
    .game_info = game_info,
    .unit_info = unit_info,
    .cache_size = cdb_cache_size,
};

static void game_info(const grg_game *g, grg_info *out)
{
    const cdb_state *st = cdb_cst(g);
    char key[24], text[64];
    for (int c = 0; c < g->sc->n_corps && out->n < GRG_MAX_INFO - 2; c++) {
        snprintf(key, sizeof key, "ap.%.20s", g->sc->corps[c].id);
        grg_info_int(out, key, st->ap[c]);
        text[0] = '\0';
        if (st->cflags[c] & CDB_CF_DEMORALISED)
            snprintf(text, sizeof text, "demoralised");
        else if (st->cflags[c] & CDB_CF_DEFECTING) /* CDB-4.3.d: even if reliable since */
            snprintf(text, sizeof text, "defecting");
        else if (st->cflags[c] & CDB_CF_UNRELIABLE)
            snprintf(text, sizeof text, "unreliable");
        if (text[0]) {
            snprintf(key, sizeof key, "corps.%.18s", g->sc->corps[c].id);
            grg_info_text(out, key, text);
        }
    }
    grg_info_int(out, "cinc_ap", st->cinc_ap);
    grg_info_int(out, "player_turn", st->pturn + 1);
}

static void unit_info(const grg_game *g, int u, grg_info *out)
{
    const cdb_state *st = cdb_cst(g);
    const grg_unit *x = &g->units[u];
    grg_info_int(out, "moved", (x->flags & CDB_UF_MOVED) != 0);
    grg_info_int(out, "impulses", x->v[CDB_V_IMPULSES]);
    grg_info_int(out, "in_zoc", cdb_in_enemy_zoc(g, u));
    grg_info_int(out, "near_enemy", (x->flags & CDB_UF_NEAR) != 0);
    if (st->stage == CDB_STAGE_MOVE && cdb_move_has(&st->mv, u))
        grg_info_int(out, "mp_left", cdb_move_ma(g, &st->mv) - st->mv.mp);
    grg_info_int(out, "controlled", (x->flags & CDB_UF_CONTROLLED) != 0);
    grg_info_int(out, "shot", (x->flags & CDB_UF_SHOT) != 0);
    grg_info_int(out, "fought", (x->flags & CDB_UF_FOUGHT) != 0);
    grg_info_int(out, "supported", (x->flags & CDB_UF_SUPPORTED) != 0);
    char q[2] = {(char)cdb_quality(g, u), '\0'};
    grg_info_text(out, "quality", q);
    grg_info_int(out, "impetuous", cdb_is_impetuous(g, u));
    grg_info_int(out, "irregular", cdb_is_irregular(g, u));
}
