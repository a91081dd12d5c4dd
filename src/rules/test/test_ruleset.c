/* A tiny ruleset that exercises the whole ruleset interface before the real rulesets exist. It is
 * registered only in test builds. Rules:
 *   TEST-1  Each player-turn has a move phase then a combat phase; the first side moves first.
 *   TEST-2  In the move phase a unit may be activated once; each step enters an adjacent, empty,
 *           passable hex on the map and costs 1 of its movement allowance.
 *   TEST-3  A unit may not step from one hex adjacent to an enemy into another (zones of control
 *           are the six adjacent hexes; entering one ends the unit's steps).
 *   TEST-4  In the combat phase the active side declares combats: attackers adjacent to every
 *           defender, each unit in at most one combat per phase. The die + attackers - defenders
 *           + option combat_bonus: 5 or more eliminates the defenders, 2 or less the first
 * attacker. TEST-5  The game ends when a side has no unit on the map (the other side wins) or after
 * the scenario's turn limit (a draw). */
#include "grognard/game.h"

#include <stdio.h>
#include <string.h>

enum { PH_MOVE = 0, PH_COMBAT = 1 };
enum { F_MOVED = 1u, F_FOUGHT = 2u, F_STOPPED = 4u };

#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wpadded"
typedef struct test_state {
    int16_t active_unit; /* activated unit, -1 none */
    int16_t mp_left;
    int16_t building; /* 1 while a combat is being declared */
    int16_t n_att, n_def;
    int16_t att[8], def[8];
    int16_t pad_;
} test_state;
#pragma GCC diagnostic pop

static const char *const modes[] = {"plain", "bloody", NULL};
static const grg_option_def test_options[] = {
    {"combat_bonus", NULL, 0, 0, 3, "added to every combat die (TEST-4)"},
    {"mode", modes, 0, 0, 0, "bloody: a tie (result 3 or 4) eliminates both first units"},
};

static test_state *st(grg_game *g) { return grg_rs_state(g); }
static const test_state *cst(const grg_game *g) { return grg_rs_cstate(g); }

static const char *uid(const grg_game *g, int u) { return g->sc->units[u].id; }

static int is_enemy_adjacent(const grg_game *g, grg_hex h, int side)
{
    for (int d = 0; d < 6; d++) {
        int o = grg_unit_at(g, grg_hex_neighbour(h, d));
        if (o >= 0 && g->units[o].side != side)
            return 1;
    }
    return 0;
}

static int passable(const grg_game *g, grg_hex h)
{
    int t = grg_map_terrain(&g->sc->map, h);
    return t >= 0 && !g->sc->data->terrain[t].impassable;
}

static int in_list(const int16_t *l, int n, int u)
{
    for (int i = 0; i < n; i++)
        if (l[i] == u)
            return 1;
    return 0;
}

static int check_move(const grg_game *g, const grg_action *a, grg_verdict *why)
{
    const test_state *s = cst(g);
    if (a->type == GRG_A_ACTIVATE) {
        if (s->active_unit >= 0)
            return grg_refuse(why, "TEST-2", "Unit %s is still active: end its activation first.",
                              uid(g, s->active_unit));
        if (g->units[a->unit].side != g->active || g->units[a->unit].status != GRG_UNIT_ON_MAP)
            return grg_refuse(why, "TEST-2", "Unit %s is not yours to move.", uid(g, a->unit));
        if (g->units[a->unit].flags & F_MOVED)
            return grg_refuse(why, "TEST-2", "Unit %s has already moved this turn.",
                              uid(g, a->unit));
        return 0;
    }
    if (a->type == GRG_A_STEP) {
        if (s->active_unit < 0 || a->unit != s->active_unit)
            return grg_refuse(why, "TEST-2", "Only the activated unit may step.");
        const grg_unit *u = &g->units[a->unit];
        char lab[16];
        grg_map_label(&g->sc->map, a->hex, lab, sizeof lab);
        if (grg_hex_distance(u->hex, a->hex) != 1)
            return grg_refuse(why, "TEST-2", "Hex %s is not adjacent to unit %s.", lab,
                              uid(g, a->unit));
        if (!passable(g, a->hex))
            return grg_refuse(why, "TEST-2", "Unit %s cannot enter hex %s.", uid(g, a->unit), lab);
        if (grg_unit_at(g, a->hex) >= 0)
            return grg_refuse(why, "TEST-2", "Hex %s is occupied.", lab);
        if (s->mp_left < 1)
            return grg_refuse(why, "TEST-2", "Unit %s has no movement left.", uid(g, a->unit));
        if (u->flags & F_STOPPED)
            return grg_refuse(why, "TEST-3",
                              "Unit %s entered an enemy zone of control and must stop.",
                              uid(g, a->unit));
        if (is_enemy_adjacent(g, u->hex, u->side) && is_enemy_adjacent(g, a->hex, u->side))
            return grg_refuse(
                why, "TEST-3",
                "Unit %s may not move from one enemy zone of control to another (%s).",
                uid(g, a->unit), lab);
        return 0;
    }
    if (a->type == GRG_A_END_ACTIVATION)
        return s->active_unit >= 0 ? 0 : grg_refuse(why, "TEST-2", "No unit is active.");
    if (a->type == GRG_A_END_PHASE)
        return s->active_unit < 0
                   ? 0
                   : grg_refuse(why, "TEST-2", "End the activation of unit %s first.",
                                uid(g, s->active_unit));
    return grg_refuse(why, "TEST-1", "That action is not open in the move phase.");
}

static int adjacent_to_all(const grg_game *g, int u, const int16_t *l, int n)
{
    for (int i = 0; i < n; i++)
        if (grg_hex_distance(g->units[u].hex, g->units[l[i]].hex) != 1)
            return 0;
    return 1;
}

/* Is there an enemy of the active side, not yet in a combat, adjacent to every unit of `att` and
 * to `extra` (when >= 0)? A declaration that could never name a defender is refused early. */
static int defender_possible(const grg_game *g, const int16_t *att, int n, int extra)
{
    for (int e = 0; e < g->n_units; e++) {
        const grg_unit *u = &g->units[e];
        if (u->status != GRG_UNIT_ON_MAP || u->side == g->active || (u->flags & F_FOUGHT))
            continue;
        int ok = extra < 0 || grg_hex_distance(u->hex, g->units[extra].hex) == 1;
        for (int i = 0; i < n && ok; i++)
            ok = grg_hex_distance(u->hex, g->units[att[i]].hex) == 1;
        if (ok)
            return 1;
    }
    return 0;
}

static int attacker_possible(const grg_game *g)
{
    for (int i = 0; i < g->n_units; i++) {
        const grg_unit *u = &g->units[i];
        if (u->status == GRG_UNIT_ON_MAP && u->side == g->active && !(u->flags & F_FOUGHT) &&
            defender_possible(g, NULL, 0, i))
            return 1;
    }
    return 0;
}

static int check_combat(const grg_game *g, const grg_action *a, grg_verdict *why)
{
    const test_state *s = cst(g);
    switch (a->type) {
    case GRG_A_COMBAT_BEGIN:
        if (s->building)
            return grg_refuse(why, "TEST-4", "A combat is already being declared.");
        return attacker_possible(g) ? 0 : grg_refuse(why, "TEST-4", "No unit of yours can attack.");
    case GRG_A_ATTACKER:
    case GRG_A_DEFENDER: {
        int att = a->type == GRG_A_ATTACKER;
        const grg_unit *u = &g->units[a->unit];
        if (!s->building)
            return grg_refuse(why, "TEST-4", "Begin a combat first.");
        if (u->status != GRG_UNIT_ON_MAP || (u->side == g->active) != att)
            return grg_refuse(why, "TEST-4", "Unit %s cannot %s here.", uid(g, a->unit),
                              att ? "attack" : "defend");
        if (u->flags & F_FOUGHT || in_list(s->att, s->n_att, a->unit) ||
            in_list(s->def, s->n_def, a->unit))
            return grg_refuse(why, "TEST-4", "Unit %s has already fought this phase.",
                              uid(g, a->unit));
        if ((att ? s->n_att : s->n_def) >= 8)
            return grg_refuse(why, "TEST-4", "A combat has at most 8 units a side.");
        if (!adjacent_to_all(g, a->unit, att ? s->def : s->att, att ? s->n_def : s->n_att))
            return grg_refuse(why, "TEST-4",
                              "Unit %s is not adjacent to every unit on the other side.",
                              uid(g, a->unit));
        if (!att && s->n_att == 0)
            return grg_refuse(why, "TEST-4", "Name an attacker first.");
        if (att && s->n_def == 0 && !defender_possible(g, s->att, s->n_att, a->unit))
            return grg_refuse(why, "TEST-4",
                              "No enemy unit is adjacent to unit %s and the other attackers.",
                              uid(g, a->unit));
        return 0;
    }
    case GRG_A_COMBAT_CLOSE:
        return s->building && s->n_att > 0 && s->n_def > 0
                   ? 0
                   : grg_refuse(why, "TEST-4", "A combat needs an attacker and a defender.");
    case GRG_A_END_PHASE:
        return s->building ? grg_refuse(why, "TEST-4", "Finish declaring the combat first.") : 0;
    default:
        return grg_refuse(why, "TEST-1", "That action is not open in the combat phase.");
    }
}

static int test_check(const grg_game *g, const grg_action *a, grg_verdict *why)
{
    return g->phase == PH_MOVE ? check_move(g, a, why) : check_combat(g, a, why);
}

static void eliminate(grg_game *g, int u, grg_events *ev)
{
    g->units[u].status = GRG_UNIT_ELIMINATED;
    grg_event *e = grg_event_push(ev, GRG_EV_ELIMINATED);
    if (e) {
        e->unit = (int16_t)u;
        e->from = g->units[u].hex;
        snprintf(e->rule, sizeof e->rule, "TEST-4");
        snprintf(e->text, sizeof e->text, "%s is eliminated.", uid(g, u));
    }
}

/* TEST-4: the combat's die and result. */
static void resolve(grg_game *g, grg_events *ev)
{
    test_state *s = st(g);
    int roll = grg_d6(g);
    int total = roll + s->n_att - s->n_def + g->opt[0];
    grg_event *e = grg_event_push(ev, GRG_EV_DIE);
    if (e) {
        e->die = (int16_t)roll;
        e->value = total;
        snprintf(e->rule, sizeof e->rule, "TEST-4");
        grg_event_term(e, "TEST-4", "attackers", s->n_att);
        grg_event_term(e, "TEST-4", "defenders", -s->n_def);
        if (g->opt[0])
            grg_event_term(e, "TEST-4", "combat_bonus option", g->opt[0]);
        snprintf(e->text, sizeof e->text, "Combat die %d, modified %d.", roll, total);
    }
    const char *res = total >= 5 ? "DE" : total <= 2 ? "AE" : "-";
    grg_event *r = grg_event_push(ev, GRG_EV_RESULT);
    if (r) {
        snprintf(r->rule, sizeof r->rule, "TEST-4");
        snprintf(r->text, sizeof r->text, "%s", res);
    }
    if (total >= 5)
        for (int i = 0; i < s->n_def; i++)
            eliminate(g, s->def[i], ev);
    else if (total <= 2)
        eliminate(g, s->att[0], ev);
    else if (g->opt[1] == 1) {
        eliminate(g, s->att[0], ev);
        eliminate(g, s->def[0], ev);
    }
    for (int i = 0; i < s->n_att; i++)
        g->units[s->att[i]].flags |= F_FOUGHT;
    for (int i = 0; i < s->n_def; i++)
        g->units[s->def[i]].flags |= F_FOUGHT;
    s->building = 0;
    s->n_att = s->n_def = 0;
}

static void phase_event(grg_game *g, grg_events *ev)
{
    grg_event *e = grg_event_push(ev, GRG_EV_PHASE);
    if (e) {
        e->side = (int16_t)g->active;
        e->value = g->turn;
        snprintf(e->rule, sizeof e->rule, "TEST-1");
        snprintf(e->text, sizeof e->text, "Turn %d, %s: %s phase.", g->turn,
                 g->sc->sides[g->active].name, g->phase == PH_MOVE ? "move" : "combat");
    }
}

/* TEST-5: a side with no unit left loses. */
static void check_end(grg_game *g, grg_events *ev)
{
    int alive[GRG_MAX_SIDES] = {0};
    for (int i = 0; i < g->n_units; i++)
        if (g->units[i].status == GRG_UNIT_ON_MAP)
            alive[g->units[i].side]++;
    for (int sd = 0; sd < g->sc->n_sides; sd++)
        if (alive[sd] == 0) {
            char why[128];
            int w = 1 - sd;
            snprintf(why, sizeof why, "%s has no unit left (TEST-5).", g->sc->sides[sd].name);
            grg_game_end(g, w, why, ev);
            return;
        }
}

static void end_phase(grg_game *g, grg_events *ev)
{
    if (g->phase == PH_MOVE) {
        g->phase = PH_COMBAT;
    } else {
        g->phase = PH_MOVE;
        for (int i = 0; i < g->n_units; i++)
            g->units[i].flags = 0;
        g->active = 1 - g->active;
        if (g->active == g->sc->first_side) {
            /* TEST-5: the last turn played out ends the game in a draw. */
            if (g->turn >= g->sc->turn_limit) {
                grg_game_end(g, -1, "The turn limit is reached: a draw (TEST-5).", ev);
                return;
            }
            g->turn++;
        }
    }
    phase_event(g, ev);
}

static int test_apply(grg_game *g, const grg_action *a, grg_events *ev, grg_verdict *why)
{
    if (test_check(g, a, why) < 0)
        return -1;
    test_state *s = st(g);
    grg_unit *u = a->unit >= 0 ? &g->units[a->unit] : NULL;
    switch (a->type) {
    case GRG_A_ACTIVATE:
        s->active_unit = a->unit;
        s->mp_left = u->ma;
        u->flags |= F_MOVED;
        break;
    case GRG_A_STEP: {
        grg_event *e = grg_event_push(ev, GRG_EV_MOVED);
        if (e) {
            e->unit = a->unit;
            e->from = u->hex;
            e->to = a->hex;
            snprintf(e->rule, sizeof e->rule, "TEST-2");
        }
        u->hex = a->hex;
        s->mp_left--;
        if (is_enemy_adjacent(g, u->hex, u->side))
            u->flags |= F_STOPPED;
        if (e)
            e->value = u->ma - s->mp_left;
        break;
    }
    case GRG_A_END_ACTIVATION:
        s->active_unit = -1;
        s->mp_left = 0;
        break;
    case GRG_A_COMBAT_BEGIN:
        s->building = 1;
        break;
    case GRG_A_ATTACKER:
        s->att[s->n_att++] = a->unit;
        break;
    case GRG_A_DEFENDER:
        s->def[s->n_def++] = a->unit;
        break;
    case GRG_A_COMBAT_CLOSE:
        resolve(g, ev);
        check_end(g, ev);
        break;
    case GRG_A_END_PHASE:
        end_phase(g, ev);
        break;
    default:
        return grg_refuse(why, "GRG-APPLY", "The ruleset could not apply this action.");
    }
    return 0;
}

static int test_setup(grg_game *g, grg_events *ev)
{
    test_state *s = st(g);
    s->active_unit = -1;
    for (int i = 0; i < g->n_units; i++)
        if (g->units[i].ma < 0)
            g->units[i].ma = 2;
    phase_event(g, ev);
    return 0;
}

static const char *test_phase_name(const grg_game *g)
{
    return g->phase == PH_MOVE ? "test.move" : "test.combat";
}

static void try_push(const grg_game *g, grg_action a, grg_action_list *out)
{
    if (test_check(g, &a, NULL) == 0)
        grg_action_list_push(out, a);
}

/* Candidates are every action of every unit; the check keeps exactly the legal ones. */
static int test_legal(const grg_game *g, const int *units, int n, grg_action_list *out)
{
    static const int16_t unit_types[] = {GRG_A_ACTIVATE, GRG_A_ATTACKER, GRG_A_DEFENDER};
    for (int i = 0; i < g->n_units; i++) {
        if (!grg_units_wanted(units, n, i) || g->units[i].status != GRG_UNIT_ON_MAP)
            continue;
        for (size_t k = 0; k < sizeof unit_types / sizeof *unit_types; k++)
            try_push(g, grg_action_make((grg_action_type)unit_types[k], i), out);
        for (int d = 0; d < 6; d++) {
            grg_action a = grg_action_make(GRG_A_STEP, i);
            a.hex = grg_hex_neighbour(g->units[i].hex, d);
            try_push(g, a, out);
        }
    }
    static const int16_t free_types[] = {GRG_A_END_ACTIVATION, GRG_A_COMBAT_BEGIN,
                                         GRG_A_COMBAT_CLOSE, GRG_A_END_PHASE};
    for (size_t k = 0; k < sizeof free_types / sizeof *free_types; k++)
        try_push(g, grg_action_make((grg_action_type)free_types[k], -1), out);
    return 0;
}

/* Reach: breadth-first over empty passable hexes, stopping in enemy zones of control. */
static int test_reach(const grg_game *g, const int *units, int n, grg_reach *out, grg_verdict *why)
{
    if (n != 1)
        return grg_refuse(why, "TEST-2", "Units move one at a time.");
    const grg_unit *u = &g->units[units[0]];
    if (u->status != GRG_UNIT_ON_MAP)
        return grg_refuse(why, "TEST-2", "Unit %s is not on the map.", uid(g, units[0]));
    int budget = cst(g)->active_unit == units[0] ? cst(g)->mp_left : u->ma;
    grg_position *q = out->items;
    q[0] = (grg_position){u->hex, -1, 0, 0, (int16_t)is_enemy_adjacent(g, u->hex, u->side)};
    out->n = 1;
    for (int head = 0; head < out->n; head++) {
        grg_position p = q[head];
        if (p.mp >= budget || (p.zoc && head > 0))
            continue;
        for (int d = 0; d < 6; d++) {
            grg_hex h = grg_hex_neighbour(p.hex, d);
            int seen = 0;
            for (int k = 0; k < out->n && !seen; k++)
                seen = grg_hex_eq(q[k].hex, h);
            if (seen || !passable(g, h) || grg_unit_at(g, h) >= 0)
                continue;
            int zoc = is_enemy_adjacent(g, h, u->side);
            if (zoc && p.zoc)
                continue;
            if (out->n >= GRG_MAX_POSITIONS) {
                out->truncated = 1;
                return 0;
            }
            q[out->n++] = (grg_position){h, -1, (int16_t)(p.mp + 1), 0, (int16_t)zoc};
        }
    }
    return 0;
}

static int test_zoc(const grg_game *g, grg_zoc *out)
{
    for (int i = 0; i < g->n_units; i++) {
        if (g->units[i].status != GRG_UNIT_ON_MAP)
            continue;
        for (int d = 0; d < 6 && out->n < GRG_MAX_ZOC; d++) {
            grg_hex h = grg_hex_neighbour(g->units[i].hex, d);
            if (grg_map_contains(&g->sc->map, h))
                out->items[out->n++] = (grg_zoc_entry){h, g->units[i].side, (int16_t)i};
        }
    }
    return 0;
}

static int test_command(const grg_game *g, const int *units, int n, grg_command *out)
{
    (void)n;
    out->allowed = !(g->units[units[0]].flags & F_MOVED);
    out->cost = 0;
    out->available = 0;
    snprintf(out->rule, sizeof out->rule, "TEST-2");
    snprintf(out->message, sizeof out->message, "%s",
             out->allowed ? "Activation is free." : "The unit has already moved this turn.");
    out->n_terms = 1;
    snprintf(out->terms[0].rule, sizeof out->terms[0].rule, "TEST-2");
    snprintf(out->terms[0].label, sizeof out->terms[0].label, "activation");
    return 0;
}

static void add_outcome(grg_preview *p, const char *code, const char *text, int num)
{
    grg_outcome *o = &p->outcomes[p->n_outcomes++];
    snprintf(o->result, sizeof o->result, "%s", code);
    snprintf(o->text, sizeof o->text, "%s", text);
    o->num = num;
    o->den = 6;
}

static int test_preview(const grg_game *g, const grg_action *acts, int n, grg_preview *out,
                        grg_verdict *why)
{
    int na = 0, nd = 0;
    for (int i = 0; i < n; i++) {
        na += acts[i].type == GRG_A_ATTACKER;
        nd += acts[i].type == GRG_A_DEFENDER;
    }
    if (na == 0 || nd == 0)
        return grg_refuse(why, "TEST-4", "A combat needs an attacker and a defender.");
    snprintf(out->kind, sizeof out->kind, "combat");
    out->attacker.total = na;
    out->defender.total = nd;
    int mod = na - nd + g->opt[0];
    out->n_die_terms = 2;
    out->die_terms[0] = (grg_term){"TEST-4", "attackers", na};
    out->die_terms[1] = (grg_term){"TEST-4", "defenders", -nd};
    int de = 0, ae = 0;
    for (int r = 1; r <= 6; r++) {
        de += r + mod >= 5;
        ae += r + mod <= 2;
    }
    add_outcome(out, "DE", "the defenders are eliminated", de);
    add_outcome(out, "AE", "the first attacker is eliminated", ae);
    add_outcome(out, "-", "no effect", 6 - de - ae);
    return 0;
}

static void test_game_info(const grg_game *g, grg_info *out)
{
    const test_state *s = cst(g);
    grg_info_int(out, "mp_left", s->mp_left);
    if (s->active_unit >= 0)
        grg_info_text(out, "active_unit", uid(g, s->active_unit));
}

static void test_unit_info(const grg_game *g, int u, grg_info *out)
{
    grg_info_int(out, "moved", (g->units[u].flags & F_MOVED) != 0);
    grg_info_int(out, "fought", (g->units[u].flags & F_FOUGHT) != 0);
}

const grg_ruleset grg_ruleset_test = {
    .name = "test",
    .version = 1,
    .options = test_options,
    .n_options = (int)(sizeof test_options / sizeof *test_options),
    .state_size = sizeof(test_state),
    .validate = NULL,
    .setup = test_setup,
    .phase_name = test_phase_name,
    .legal = test_legal,
    .check = test_check,
    .apply = test_apply,
    .los = NULL,
    .reach = test_reach,
    .zoc = test_zoc,
    .command = test_command,
    .preview = test_preview,
    .game_info = test_game_info,
    .unit_info = test_unit_info,
};
