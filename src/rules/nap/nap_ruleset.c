/* The nap ruleset table (spec §C): options, setup, the dispatch of legal/check/apply over the
 * phases, and the facts `state` shows about the game and its units. */
#include "rules/nap/nap.h"

#include <stdio.h>
#include <string.h>

static const char *const v_grouping[] = {"component", "per_defender", NULL};
static const char *const v_retreat_zoc[] = {"every_hex", "final_hex", NULL};
static const char *const v_onoff[] = {"off", "on", NULL};
static const char *const v_mode[] = {"off", "block", "force", "flag", NULL};

#define HR_OPTION(id, doc)                                                                         \
    {                                                                                              \
        id, v_mode, 0, 0, 0, doc                                                                   \
    }
static const grg_option_def nap_options[] = {
    {"grouping", v_grouping, 0, 0, 0,
     "NAP-7.6: a combat is a connected component, or one defending hex with every unit next to it"},
    {"retreat_zoc", v_retreat_zoc, 0, 0, 0,
     "NAP-7.23: every hex of a retreat must be free of enemy ZOC, or only the last"},
    {"retreat_through_friends", v_onoff, 1, 0, 0,
     "NAP-7.23: a retreat may pass through friendly units"},
    {"cav_may_disengage", v_onoff, 1, 0, 0,
     "NAP-P5: cavalry may leave an enemy ZOC into a hex free of enemy ZOC"},
    {"three_arms_defender", v_onoff, 0, 0, 0,
     "NAP-7.13: -1 to the die when the defenders have the three arms"},
    {"ranged_art_hexside", v_onoff, 0, 0, 0,
     "NAP-7.15: ranged artillery counts for hexside die modifiers"},
    {"die_base", NULL, 1, 0, 1, "NAP-7.12: the d6 reads 1-6 (1) or 0-5 (0)"},
    {"stack_limit", NULL, 1, 1, 3, "NAP-P2: combat units per hex"},
    {"charge_disorders", v_onoff, 1, 0, 0,
     "NAP-P8: a charging cavalry unit is disordered after the combat"},
    {"house", v_onoff, 0, 0, 0, "Spec D: house rules left off take their default mode of D.3"},
    HR_OPTION("HR-5a", "A disordered infantry unit may not attack in close combat"),
    HR_OPTION("HR-7a", "Cavalry may not attack next to enemies in woods, villages or towns"),
    HR_OPTION("HR-7b", "Cavalry may not charge after passing through friendly infantry"),
    HR_OPTION("HR-8a", "Artillery may not enter or fire from a chateau"),
    HR_OPTION("HR-11", "Surrounded units have one player-turn to clear a path, then surrender"),
    HR_OPTION("HR-12",
              "Road columns: the k-th unit marches at most 12-2(k-1) road hexes, with gaps"),
};

static int setup(grg_game *g, grg_events *ev)
{
    nap_state *s = grg__nap_state(g);
    const grg_nap_data *nd = grg__nap_data(g);
    memset(s, 0, sizeof *s);
    s->act_unit = -1;
    grg__nap_decl_reset(&s->decl);
    for (int u = 0; u < g->n_units; u++) {
        const grg_unit_def *d = &g->sc->units[u];
        grg_unit *x = &g->units[u];
        const nap_type *t = &nd->type[d->type];
        x->hex = d->hex;
        x->facing = -1;
        x->status = d->on_map ? GRG_UNIT_ON_MAP : GRG_UNIT_WAITING;
        x->strength = (int16_t)d->strength;
        x->ma = (int16_t)(d->ma >= 0 ? d->ma : t->ma);
        x->flags = d->disordered > 0 ? NAP_F_DISORDERED : 0;
        memset(x->v, 0, sizeof x->v);
        x->v[NAP_V_ARM] = (int16_t)(d->arm >= 0 ? d->arm : t->arm);
        x->v[NAP_V_RANGE] = (int16_t)(d->range >= 0 ? d->range : t->range);
        s->start_str[x->side] += x->strength;
    }
    for (int i = 0; i < g->sc->n_objectives; i++)
        s->obj_owner[i] = (int16_t)g->sc->objectives[i].owner;
    grg__nap_update_objectives(g); /* C.15: an objective held at the start belongs to its holder */
    grg__house_setup(g);
    g->turn = 1;
    g->active = g->sc->first_side;
    grg__nap_start_player_turn(g, ev);
    return 0;
}

static int check(const grg_game *g, const grg_action *a, grg_verdict *why)
{
    const nap_state *s = grg__nap_cstate(g);
    if (g->over)
        return grg_refuse(why, "C.15", "The game is over.");
    if (a->type == GRG_A_END_PHASE)
        return grg__nap_end_phase_check(g, why);
    if (g->phase == NAP_PH_MOVEMENT)
        return grg__nap_move_check(g, a, why);
    if (s->after.pending)
        return grg__nap_advance_check(g, a, why);
    switch (a->type) {
    case GRG_A_COMBAT_BEGIN:
    case GRG_A_ATTACKER:
    case GRG_A_DEFENDER:
    case GRG_A_CHARGE:
    case GRG_A_COMBAT_CLOSE:
        return grg__nap_decl_check(g, &s->decl, a, why);
    default:
        return grg_refuse(
            why, "C.2",
            "The combat phase has combats (combat_begin ... combat_close) and end_phase; no %s.",
            grg_action_name((grg_action_type)a->type));
    }
}

static int apply(grg_game *g, const grg_action *a, grg_events *ev, grg_verdict *why)
{
    nap_state *s = grg__nap_state(g);
    if (check(g, a, why) < 0)
        return -1;
    if (a->type == GRG_A_END_PHASE) {
        grg__nap_end_phase(g, ev);
        return 0;
    }
    if (g->phase == NAP_PH_MOVEMENT) {
        grg__nap_move_apply(g, a, ev);
        return 0;
    }
    if (s->after.pending) {
        grg__nap_advance_apply(g, a, ev);
        return 0;
    }
    if (a->type != GRG_A_COMBAT_CLOSE) {
        grg__nap_decl_add(g, &s->decl, a);
        return 0;
    }
    grg__nap_resolve(g, ev);
    grg__nap_decl_reset(&s->decl);
    grg__nap_victory_check(g, ev);
    return 0;
}

static int legal(const grg_game *g, const int *units, int n, grg_action_list *out)
{
    const nap_state *s = grg__nap_cstate(g);
    if (g->over)
        return 0;
    if (g->phase == NAP_PH_MOVEMENT)
        grg__nap_move_legal(g, units, n, out);
    else if (s->after.pending)
        grg__nap_advance_legal(g, out);
    else
        grg__nap_combat_legal(g, units, n, out);
    if (grg__nap_end_phase_check(g, NULL) == 0)
        grg_action_list_push(out, grg_action_make(GRG_A_END_PHASE, -1));
    return 0;
}

static void game_info(const grg_game *g, grg_info *out)
{
    const nap_state *s = grg__nap_cstate(g);
    char key[24];
    grg_info_int(out, "player_turn", s->pturn);
    for (int side = 0; side < g->sc->n_sides; side++) {
        int held = 0;
        for (int i = 0; i < g->sc->n_objectives; i++)
            held += s->obj_owner[i] == side ? g->sc->objectives[i].points : 0;
        snprintf(key, sizeof key, "lost_%.16s", g->sc->sides[side].id);
        grg_info_int(out, key, s->lost[side]);
        snprintf(key, sizeof key, "objectives_%.10s", g->sc->sides[side].id);
        grg_info_int(out, key, held);
    }
    if (s->decl.open)
        grg_info_int(out, "declaring", s->decl.n_att + s->decl.n_def);
    if (s->after.pending)
        grg_info_int(out, "advance_pending", s->after.n);
    grg__house_info(g, out);
}

static void unit_info(const grg_game *g, int u, grg_info *out)
{
    const grg_unit *x = &g->units[u];
    grg_info_text(out, "arm", grg__nap_arm_name(grg__nap_arm(g, u)));
    if (grg__nap_arm(g, u) == NAP_ART)
        grg_info_int(out, "range", x->v[NAP_V_RANGE]);
    grg_info_int(out, "disordered", (x->flags & NAP_F_DISORDERED) != 0);
    grg_info_int(out, "moved", (x->flags & NAP_F_MOVED) != 0);
    grg_info_int(out, "attacked", (x->flags & NAP_F_ATTACKED) != 0);
    grg_info_int(out, "defended", (x->flags & NAP_F_DEFENDED) != 0);
    if (x->status == GRG_UNIT_WAITING)
        grg_info_int(out, "available", (x->flags & NAP_F_AVAILABLE) != 0);
    if (x->flags & HOUSE_F_SURROUNDED)
        grg_info_text(out, "house", "surrounded (HR-11)");
}

const grg_ruleset grg_ruleset_nap = {
    .name = "nap",
    .version = 1,
    .options = nap_options,
    .n_options = (int)(sizeof nap_options / sizeof nap_options[0]),
    .state_size = sizeof(nap_state),
    .validate = grg__nap_validate,
    .setup = setup,
    .phase_name = grg__nap_phase_name,
    .legal = legal,
    .check = check,
    .apply = apply,
    .los = grg__nap_los,
    .reach = grg__nap_reach,
    .zoc = grg__nap_zoc,
    .command = NULL,
    .preview = grg__nap_preview,
    .game_info = game_info,
    .unit_info = unit_info,
};
