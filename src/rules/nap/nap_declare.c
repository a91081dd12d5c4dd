/* nap combat declarations (NAP-7.1 to 7.9, 8.1, 8.5, 9.1 to 9.3): combat_begin, then attackers and
 * defenders one at a time in the attacker's order, cavalry charges, and combat_close once the
 * combat is complete. A combat is either one compulsory combat (a connected component of the
 * NAP-7.6 graph, or under `grouping = per_defender` one defending hex with every obliged unit next
 * to it) joined by optional ranged artillery, or a pure bombardment of one hex (NAP-8.5). Each
 * accepted action keeps the declaration completable, so `legal` never leads into a dead end. */
#include "rules/nap/nap.h"

#include <stdio.h>

void grg__nap_decl_reset(nap_decl *d)
{
    d->open = 0;
    d->kind = 0;
    d->member = -1;
    d->n_att = d->n_def = 0;
    d->pad_ = 0;
    d->bomb_hex = grg_hex_make(0, 0);
}

static int listed(const nap_decl *d, int u)
{
    for (int i = 0; i < d->n_att; i++)
        if (d->att[i] == u)
            return 1;
    for (int i = 0; i < d->n_def; i++)
        if (d->def[i] == u)
            return 1;
    return 0;
}

static const char *uid(const grg_game *g, int u) { return g->sc->units[u].id; }

static int per_defender(const grg_game *g) { return grg__nap_opt(g, NAP_OPT_GROUPING) == 1; }

/* An enemy of the active side that may still be attacked this phase (NAP-7.3). */
static int target_unit(const grg_game *g, int e)
{
    return grg__nap_combatant(g, e) && g->units[e].side != g->active &&
           !(g->units[e].flags & NAP_F_DEFENDED);
}

/* per_defender: may the defending hex be h, given the units listed so far? */
static int hex_fits(const grg_game *g, const nap_decl *d, grg_hex h)
{
    if (d->n_def > 0 && !grg_hex_eq(g->units[d->def[0]].hex, h))
        return 0;
    for (int i = 0; i < d->n_att; i++) {
        if (d->ranged[i] ? !grg_hex_eq(d->at[i], h)
                         : grg_hex_distance(g->units[d->att[i]].hex, h) != 1)
            return 0;
    }
    return 1;
}

/* Is the obliged unit u (a node) part of the compulsory combat being declared? */
static int belongs(const grg_game *g, const nap_graph *gr, const nap_decl *d, int u)
{
    if (!gr->node[u])
        return 0;
    if (!per_defender(g))
        return d->member < 0 || grg__nap_root(gr, u) == grg__nap_root(gr, d->member);
    if (g->units[u].side != g->active)
        return hex_fits(g, d, g->units[u].hex);
    for (int e = 0; e < g->n_units; e++)
        if (gr->node[e] && target_unit(g, e) && grg__nap_adjacent(g, u, e) &&
            hex_fits(g, d, g->units[e].hex))
            return 1;
    return 0;
}

/* The first unit obliged to fight at h, or -1 (its hex then only allows a pure bombardment). */
static int node_at(const grg_game *g, const nap_graph *gr, grg_hex h)
{
    for (int e = 0; e < g->n_units; e++)
        if (gr->node[e] && target_unit(g, e) && grg_hex_eq(g->units[e].hex, h))
            return e;
    return -1;
}

/* NAP-8.1, 8.3, 8.5: may art fire from range at hex t this phase? */
int grg__nap_ranged(const grg_game *g, int art, grg_hex t, grg_verdict *why)
{
    const grg_unit *x = &g->units[art];
    char lab[16] = "";
    if (why)
        grg__nap_label(g, t, lab, sizeof lab);
    if (grg__nap_arm(g, art) != NAP_ART)
        return grg_refuse(why, "NAP-8.1",
                          "%s is not artillery: only artillery fights from range (at %s).",
                          uid(g, art), lab);
    int dist = grg_hex_distance(x->hex, t);
    if (dist < 2 || dist > x->v[NAP_V_RANGE])
        return grg_refuse(why, "NAP-8.1", "%s cannot bombard %s: distance %d, range 2 to %d.",
                          uid(g, art), lab, dist, x->v[NAP_V_RANGE]);
    int any = 0;
    for (int e = 0; e < g->n_units && !any; e++)
        any = target_unit(g, e) && grg_hex_eq(g->units[e].hex, t);
    if (!any)
        return grg_refuse(why, "NAP-8.1", "No enemy unit that may still be attacked stands at %s.",
                          lab);
    if (grg__nap_ranged_strength(g, art, t, NULL, 0, NULL) < 1)
        return grg_refuse(why, "C.5",
                          "%s would fire at %s with strength 0 (%d halved and rounded down): a "
                          "unit of strength 0 cannot take part in a combat.",
                          uid(g, art), lab, x->strength);
    grg_los_result los;
    grg__nap_los(g, x->hex, t, &los);
    if (!los.clear)
        return grg_refuse(why, los.rule, "%s has no line of sight to %s: %s.", uid(g, art), lab,
                          los.reason);
    return grg__nap_may_attack(g, art, why) ? 0 : -1;
}

static int check_attacker(const grg_game *g, const nap_graph *gr, const nap_decl *d,
                          const grg_action *a, grg_verdict *why)
{
    int u = a->unit;
    if (g->units[u].side != g->active || !grg__nap_combatant(g, u))
        return grg_refuse(why, "NAP-7.1",
                          "%s cannot attack: it is not a unit of the attacking side on the map.",
                          uid(g, u));
    if (g->units[u].flags & NAP_F_ATTACKED)
        return grg_refuse(why, "NAP-7.3", "%s has already attacked this phase.", uid(g, u));
    if (listed(d, u))
        return grg_refuse(why, "NAP-7.7", "%s is already in this combat.", uid(g, u));
    if (a->arg != 1) {
        if (!gr->node[u]) {
            if (!grg__nap_may_attack(g, u, why))
                return -1;
            return grg_refuse(why, "NAP-7.1",
                              "%s is next to no enemy it may attack; artillery fires from range by "
                              "naming a target hex.",
                              uid(g, u));
        }
        if (d->kind == 2)
            return grg_refuse(
                why, "NAP-8.5",
                "%s cannot join a pure bombardment: only ranged artillery takes part.", uid(g, u));
        if (!belongs(g, gr, d, u))
            return grg_refuse(
                why, per_defender(g) ? "NAP-7.5" : "NAP-7.6",
                "%s belongs to another combat (its enemies are not the ones of this combat).",
                uid(g, u));
        return 0;
    }
    if (gr->node[u])
        return grg_refuse(why, "NAP-7.4",
                          "%s is in an enemy zone of control: it must attack the enemies next to "
                          "it, not fire from range.",
                          uid(g, u));
    if (grg__nap_ranged(g, u, a->hex, why) < 0)
        return -1;
    int e = node_at(g, gr, a->hex);
    char lab[16] = "";
    if (why)
        grg__nap_label(g, a->hex, lab, sizeof lab);
    if (e >= 0) {
        if (d->kind == 2 || (d->kind == 1 && !belongs(g, gr, d, e)))
            return grg_refuse(why, "NAP-7.7",
                              "%s cannot fire at %s: its units fight in another combat.", uid(g, u),
                              lab);
        return 0;
    }
    if (d->kind == 1)
        return grg_refuse(why, "NAP-8.5",
                          "%s cannot fire at %s: that hex is not part of this combat.", uid(g, u),
                          lab);
    if (d->kind == 2 && !grg_hex_eq(d->bomb_hex, a->hex))
        return grg_refuse(why, "NAP-8.5",
                          "A pure bombardment strikes one hex; %s is not its target.", lab);
    return 0;
}

static int check_defender(const grg_game *g, const nap_graph *gr, const nap_decl *d, int e,
                          grg_verdict *why)
{
    if (g->units[e].side == g->active || !grg__nap_combatant(g, e))
        return grg_refuse(why, "NAP-7.1", "%s is not an enemy unit on the map.", uid(g, e));
    if (g->units[e].flags & NAP_F_DEFENDED)
        return grg_refuse(why, "NAP-7.3", "%s has already been attacked this phase.", uid(g, e));
    if (listed(d, e))
        return grg_refuse(why, "NAP-7.9", "%s is already a defender of this combat.", uid(g, e));
    if (d->n_att == 0)
        return grg_refuse(why, "NAP-7.9", "Name an attacker before the defenders.");
    if (d->kind == 2) {
        if (!grg_hex_eq(g->units[e].hex, d->bomb_hex))
            return grg_refuse(why, "NAP-8.5", "%s is not in the bombarded hex.", uid(g, e));
        return 0;
    }
    if (!belongs(g, gr, d, e))
        return grg_refuse(why, per_defender(g) ? "NAP-7.5" : "NAP-7.6",
                          "%s is not one of the enemies of this combat.", uid(g, e));
    return 0;
}

/* NAP-9.2, 9.3 and HR-7b for a charge of cav against target; 9.4 is judged at resolution. */
int grg__nap_charge_valid(const grg_game *g, int cav, int target, grg_verdict *why)
{
    const grg_unit *c = &g->units[cav], *t = &g->units[target];
    const nap_terrain *tt = grg__nap_terrain(g, t->hex);
    if (grg__nap_arm(g, cav) != NAP_CAV)
        return grg_refuse(why, "NAP-9.1", "%s is not cavalry and cannot charge.", uid(g, cav));
    if (!grg__nap_adjacent(g, cav, target))
        return grg_refuse(why, "NAP-9.1", "%s is not next to %s.", uid(g, cav), uid(g, target));
    if (tt && tt->no_charge)
        return grg_refuse(
            why, "NAP-9.2",
            "%s cannot charge %s: a charge into forest, town or village is forbidden (%s).",
            uid(g, cav), uid(g, target),
            g->sc->data->terrain[grg_map_terrain(&g->sc->map, t->hex)].name);
    if (grg__nap_side(g, c->hex, grg_hex_direction_to(c->hex, t->hex)) & GRG_SIDE_RIVER)
        return grg_refuse(why, "NAP-9.2", "%s cannot charge %s across a river.", uid(g, cav),
                          uid(g, target));
    grg_hex start = grg_hex_make(c->v[NAP_V_START_Q], c->v[NAP_V_START_R]);
    if (!(c->flags & NAP_F_MOVED))
        return grg_refuse(
            why, "NAP-9.3",
            "%s cannot charge %s: a charge needs a move this player-turn, and it has not moved.",
            uid(g, cav), uid(g, target));
    if (grg_hex_distance(start, t->hex) < 2) {
        char ls[16] = "", lt[16] = "";
        if (why) {
            grg__nap_label(g, start, ls, sizeof ls);
            grg__nap_label(g, t->hex, lt, sizeof lt);
        }
        return grg_refuse(why, "NAP-9.3",
                          "%s cannot charge %s: its move began at %s, next to %s, with no empty "
                          "hex between them.",
                          uid(g, cav), uid(g, target), ls, lt);
    }
    house_ctx hc = {cav, target, start, c->hex, 0};
    return grg__house_check(g, HOUSE_AT_CHARGE, &hc, why);
}

static int attacker_index(const nap_decl *d, int u)
{
    for (int i = 0; i < d->n_att; i++)
        if (d->att[i] == u)
            return i;
    return -1;
}

/* Is u a unit the declaration still lacks (NAP-7.4 to 7.6, 8.5)? */
static int missing(const grg_game *g, const nap_graph *gr, const nap_decl *d, int u)
{
    if (listed(d, u))
        return 0;
    if (d->kind == 2)
        return target_unit(g, u) && grg_hex_eq(g->units[u].hex, d->bomb_hex);
    if (per_defender(g))
        return gr->node[u] && (g->units[u].side == g->active
                                   ? grg_hex_distance(g->units[u].hex, g->units[d->def[0]].hex) == 1
                                   : grg_hex_eq(g->units[u].hex, g->units[d->def[0]].hex));
    return gr->node[u] && grg__nap_root(gr, u) == grg__nap_root(gr, d->member);
}

/* A listed unit of the other side next to u (a close-combat attacker for a defender u), or -1. */
static int listed_neighbour(const grg_game *g, const nap_decl *d, int u)
{
    int active = g->units[u].side == g->active;
    int n = active ? d->n_def : d->n_att;
    for (int i = 0; i < n; i++) {
        int v = active ? d->def[i] : d->att[i];
        if ((active || !d->ranged[i]) && grg__nap_adjacent(g, u, v))
            return v;
    }
    return -1;
}

/* combat_close: the combat must be complete. A missing unit is reported under the most precise
 * rule: an enemy next to a listed attacker (NAP-7.4: it attacks every enemy whose zone of control
 * it is in), then a unit next to a listed defender (NAP-7.5: all attack it together), then the rest
 * of the connected component (NAP-7.6); in a pure bombardment, the rest of the hex (NAP-8.5). */
static int check_close(const grg_game *g, const nap_graph *gr, const nap_decl *d, grg_verdict *why)
{
    if (d->n_att == 0 || d->n_def == 0)
        return grg_refuse(why, "NAP-7.8", "A combat needs at least one attacker and one defender.");
    int other = -1;
    char lu[16] = "", lv[16] = "";
    for (int pass = 0; pass < 2; pass++)
        for (int u = 0; u < g->n_units; u++) {
            if (!missing(g, gr, d, u))
                continue;
            int enemy = g->units[u].side != g->active;
            if (other < 0)
                other = u;
            int v = d->kind == 2 || (enemy && per_defender(g)) ? -1 : listed_neighbour(g, d, u);
            if (v < 0 || enemy != (pass == 0))
                continue;
            if (!why)
                return -1;
            grg__nap_label(g, g->units[u].hex, lu, sizeof lu);
            grg__nap_label(g, g->units[v].hex, lv, sizeof lv);
            if (enemy)
                return grg_refuse(
                    why, "NAP-7.4",
                    "%s at %s is in the zone of control of %s at %s too: it must attack all the "
                    "enemies next to it in one combat, so %s is a defender of this combat.",
                    uid(g, v), lv, uid(g, u), lu, uid(g, u));
            return grg_refuse(
                why, "NAP-7.5",
                "%s at %s is in the zone of control of %s at %s too: all the units next to an "
                "enemy attack it together, so %s is an attacker of this combat.",
                uid(g, u), lu, uid(g, v), lv, uid(g, u));
        }
    if (other < 0)
        return 0;
    if (why)
        grg__nap_label(g, g->units[other].hex, lu, sizeof lu);
    if (d->kind == 2)
        return grg_refuse(why, "NAP-8.5",
                          "%s at %s is in the bombarded hex and must be a defender too.",
                          uid(g, other), lu);
    return grg_refuse(why, "NAP-7.6",
                      "%s at %s must take part in this combat as %s: the zones of control link it "
                      "to the units already named.",
                      uid(g, other), lu,
                      g->units[other].side == g->active ? "an attacker" : "a defender");
}

static int attacker_actions(const grg_game *g, const nap_graph *gr, const nap_decl *d,
                            const int *units, int n, grg_action_list *out);

/* Why no combat can begin: a house rule keeps the units next to the enemy out (D.4), they have
 * all attacked (NAP-7.3), or no unit is next to an enemy or has one in range (NAP-7.1). */
static int no_attacker(const grg_game *g, grg_verdict *why)
{
    int attacked = 0;
    for (int u = 0; u < g->n_units; u++) {
        if (g->units[u].side != g->active || !grg__nap_combatant(g, u))
            continue;
        if (g->units[u].flags & NAP_F_ATTACKED) {
            attacked = 1;
            continue;
        }
        for (int e = 0; e < g->n_units; e++)
            if (target_unit(g, e) && grg__nap_adjacent(g, u, e) && !grg__nap_may_attack(g, u, why))
                return -1;
    }
    if (attacked)
        return grg_refuse(
            why, "NAP-7.3",
            "No unit can attack now: the units that could have attacked this phase already.");
    return grg_refuse(
        why, "NAP-7.1",
        "No unit of the attacking side is next to an enemy or has one in range and sight.");
}

static int decl_check(const grg_game *g, const nap_graph *gr, const nap_decl *d,
                      const grg_action *a, grg_verdict *why)
{
    if (a->type == GRG_A_COMBAT_BEGIN) {
        if (d->open)
            return grg_refuse(why, "NAP-7.7", "A combat is already being declared.");
        nap_decl probe;
        grg__nap_decl_reset(&probe);
        probe.open = 1;
        if (!attacker_actions(g, gr, &probe, NULL, 0, NULL))
            return no_attacker(g, why);
        return 0;
    }
    if (!d->open)
        return grg_refuse(why, "NAP-7.7", "Begin a combat first (combat_begin).");
    int u = a->unit;
    if (a->type != GRG_A_COMBAT_CLOSE && (u < 0 || u >= g->n_units))
        return grg_refuse(why, "NAP-7.7", "No such unit.");
    switch (a->type) {
    case GRG_A_ATTACKER:
        if (d->n_att >= NAP_MAX_SIDE)
            return grg_refuse(why, "NAP-7.8", "Too many attackers in one combat.");
        return check_attacker(g, gr, d, a, why);
    case GRG_A_DEFENDER:
        if (d->n_def >= NAP_MAX_SIDE)
            return grg_refuse(why, "NAP-7.8", "Too many defenders in one combat.");
        return check_defender(g, gr, d, u, why);
    case GRG_A_CHARGE: {
        int i = attacker_index(d, u);
        if (i < 0 || d->ranged[i])
            return grg_refuse(
                why, "NAP-9.1",
                "%s must be an attacker of this combat, next to its target, to charge.", uid(g, u));
        if (d->charge[i] >= 0)
            return grg_refuse(why, "NAP-9.1", "%s has already declared its charge.", uid(g, u));
        if (a->target < 0 || a->target >= g->n_units || !listed(d, a->target) ||
            g->units[a->target].side == g->active)
            return grg_refuse(why, "NAP-9.1", "A charge targets a defender of this combat.");
        if (!grg_hex_eq(a->hex, g->units[u].hex))
            return grg_refuse(why, "NAP-9.1", "%s charges from its own hex: give it as `via`.",
                              uid(g, u));
        return grg__nap_charge_valid(g, u, a->target, why);
    }
    case GRG_A_COMBAT_CLOSE:
        return check_close(g, gr, d, why);
    default:
        return grg_refuse(why, "NAP-7.7", "Finish declaring this combat first.");
    }
}

int grg__nap_decl_check(const grg_game *g, const nap_decl *d, const grg_action *a, grg_verdict *why)
{
    nap_graph gr;
    grg__nap_graph(g, &gr);
    return decl_check(g, &gr, d, a, why);
}

void grg__nap_decl_add(const grg_game *g, nap_decl *d, const grg_action *a)
{
    nap_graph gr;
    switch (a->type) {
    case GRG_A_COMBAT_BEGIN:
        grg__nap_decl_reset(d);
        d->open = 1;
        return;
    case GRG_A_ATTACKER: {
        int i = d->n_att++;
        d->att[i] = a->unit;
        d->ranged[i] = a->arg == 1;
        d->charge[i] = -1;
        d->at[i] = a->arg == 1 ? a->hex : g->units[a->unit].hex;
        if (d->kind != 0)
            return;
        grg__nap_graph(g, &gr);
        int e = a->arg == 1 ? node_at(g, &gr, a->hex) : a->unit;
        d->kind = e >= 0 ? 1 : 2;
        d->member = (int16_t)e;
        if (e < 0)
            d->bomb_hex = a->hex;
        return;
    }
    case GRG_A_DEFENDER:
        d->def[d->n_def++] = a->unit;
        return;
    case GRG_A_CHARGE:
        d->charge[attacker_index(d, a->unit)] = a->target;
        return;
    default:
        return;
    }
}

/* Pushes a when accepted (out may be NULL: only the answer is wanted); returns 1 when accepted. */
static int try_push(const grg_game *g, const nap_graph *gr, const nap_decl *d, grg_action a,
                    grg_action_list *out)
{
    if (decl_check(g, gr, d, &a, NULL) < 0)
        return 0;
    if (out)
        grg_action_list_push(out, a);
    return 1;
}

/* Every attacker action open now: units in the graph, artillery at each enemy hex in range. With
 * out NULL it stops at the first one and says whether there is any. */
static int attacker_actions(const grg_game *g, const nap_graph *gr, const nap_decl *d,
                            const int *units, int n, grg_action_list *out)
{
    int found = 0;
    for (int u = 0; u < g->n_units; u++) {
        if (g->units[u].side != g->active || !grg__nap_combatant(g, u) ||
            !grg_units_wanted(units, n, u))
            continue;
        found += try_push(g, gr, d, grg_action_make(GRG_A_ATTACKER, u), out);
        if (found && !out)
            return 1;
        if (grg__nap_arm(g, u) != NAP_ART || gr->node[u])
            continue;
        for (int e = 0; e < g->n_units; e++) {
            if (!target_unit(g, e))
                continue;
            int dup = 0; /* one action per target hex */
            for (int f = 0; f < e && !dup; f++)
                dup = target_unit(g, f) && grg_hex_eq(g->units[f].hex, g->units[e].hex);
            if (dup)
                continue;
            grg_action a = grg_action_make(GRG_A_ATTACKER, u);
            a.arg = 1;
            a.hex = g->units[e].hex;
            found += try_push(g, gr, d, a, out);
            if (found && !out)
                return 1;
        }
    }
    return found;
}

void grg__nap_combat_legal(const grg_game *g, const int *units, int n, grg_action_list *out)
{
    const nap_state *s = grg__nap_cstate(g);
    const nap_decl *d = &s->decl;
    nap_graph gr;
    grg__nap_graph(g, &gr);
    if (!d->open) {
        try_push(g, &gr, d, grg_action_make(GRG_A_COMBAT_BEGIN, -1), out);
        return;
    }
    attacker_actions(g, &gr, d, units, n, out);
    for (int e = 0; e < g->n_units; e++)
        if (g->units[e].side != g->active && grg_units_wanted(units, n, e))
            try_push(g, &gr, d, grg_action_make(GRG_A_DEFENDER, e), out);
    for (int i = 0; i < d->n_att; i++) {
        if (!grg_units_wanted(units, n, d->att[i]) || grg__nap_arm(g, d->att[i]) != NAP_CAV)
            continue;
        for (int k = 0; k < d->n_def; k++) {
            grg_action a = grg_action_make(GRG_A_CHARGE, d->att[i]);
            a.target = d->def[k];
            a.hex = g->units[d->att[i]].hex;
            try_push(g, &gr, d, a, out);
        }
    }
    try_push(g, &gr, d, grg_action_make(GRG_A_COMBAT_CLOSE, -1), out);
}
