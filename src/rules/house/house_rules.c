/* The house rules the plain nap unit model can carry (spec D.3, the C-ready rows): HR-5a, HR-7a,
 * HR-7b, HR-8a, HR-11 and HR-12, each a row of the constraint table with its predicate. The order
 * of the rows is the order of their nap options. */
#include "rules/house/house.h"
#include "rules/nap/nap.h"

#include <stdio.h>
#include <string.h>

static const char *uid(const grg_game *g, int u) { return g->sc->units[u].id; }

/* HR-5a: a disordered formed battalion (nap: infantry) may not melee (attack in close combat). */
static int hr5a(const grg_game *g, house_when w, const house_ctx *c, grg_verdict *why)
{
    (void)w;
    if (grg__nap_arm(g, c->unit) != NAP_INF || !(g->units[c->unit].flags & NAP_F_DISORDERED))
        return 0;
    grg_refuse(why, "HR-5a", "%s is disordered and may not attack in close combat.",
               uid(g, c->unit));
    return 1;
}

/* HR-7a: cavalry may not charge into or melee enemies in woods, orchards or villages (nap: the
 * terrains with cav_cover). In nap it touches every enemy next to the cavalry. */
static int hr7a(const grg_game *g, house_when w, const house_ctx *c, grg_verdict *why)
{
    (void)w;
    if (grg__nap_arm(g, c->unit) != NAP_CAV)
        return 0;
    for (int e = 0; e < g->n_units; e++) {
        const nap_terrain *t;
        if (g->units[e].side == g->units[c->unit].side || !grg__nap_combatant(g, e) ||
            !grg__nap_adjacent(g, c->unit, e) || !(t = grg__nap_terrain(g, g->units[e].hex)) ||
            !t->cav_cover)
            continue;
        if (!why)
            return 1;
        char lab[16];
        grg__nap_label(g, g->units[e].hex, lab, sizeof lab);
        grg_refuse(why, "HR-7a", "%s may not attack: %s at %s is in a wood, village or town.",
                   uid(g, c->unit), uid(g, e), lab);
        return 1;
    }
    return 0;
}

/* HR-7b: cavalry may not charge through hexes holding friendly infantry (its move this turn). */
static int hr7b(const grg_game *g, house_when w, const house_ctx *c, grg_verdict *why)
{
    (void)w;
    if (!(g->units[c->unit].flags & NAP_F_PASSED_INF))
        return 0;
    grg_refuse(why, "HR-7b", "%s may not charge: it passed through friendly infantry.",
               uid(g, c->unit));
    return 1;
}

/* HR-8a: artillery may not enter, or fire from, a chateau hex. */
static int hr8a(const grg_game *g, house_when w, const house_ctx *c, grg_verdict *why)
{
    if (grg__nap_arm(g, c->unit) != NAP_ART)
        return 0;
    grg_hex h = w == HOUSE_AT_STEP ? c->to : g->units[c->unit].hex;
    const nap_terrain *t = grg__nap_terrain(g, h);
    if (!t || !t->chateau)
        return 0;
    if (!why)
        return 1;
    char lab[16];
    grg__nap_label(g, h, lab, sizeof lab);
    grg_refuse(why, "HR-8a", "%s may not %s the chateau at %s.", uid(g, c->unit),
               w == HOUSE_AT_STEP ? "enter" : "fire from", lab);
    return 1;
}

/* HR-11 (D.2 surrounded): the hexes of a side's lines are those joined to its home edge through
 * hexes free of enemy units and enemy zones of control; a unit is surrounded unless it stands in or
 * next to them, or next to a friendly unit that does. */
typedef struct pocket {
    uint8_t zoc[GRG_MAP_MAX_DIM * GRG_MAP_MAX_DIM];  /* 1 enemy ZOC, 2 enemy unit */
    uint8_t safe[GRG_MAP_MAX_DIM * GRG_MAP_MAX_DIM]; /* joined to the home edge */
    int queue[GRG_MAP_MAX_DIM * GRG_MAP_MAX_DIM];
} pocket;

static int on_edge(const grg_map *m, grg_hex h, int edge)
{
    int col, row;
    grg_hex_to_offset(h, &col, &row);
    return (edge == GRG_EDGE_N && row == 0) || (edge == GRG_EDGE_S && row == m->height - 1) ||
           (edge == GRG_EDGE_W && col == 0) || (edge == GRG_EDGE_E && col == m->width - 1);
}

static void lines_of(const grg_game *g, int side, pocket *p)
{
    const grg_map *m = &g->sc->map;
    int n = m->width * m->height, head = 0, tail = 0;
    memset(p->zoc, 0, (size_t)n);
    memset(p->safe, 0, (size_t)n);
    for (int u = 0; u < g->n_units; u++) {
        if (g->units[u].side == side || !grg__nap_combatant(g, u))
            continue;
        int k = grg_map_index(m, g->units[u].hex);
        if (k >= 0)
            p->zoc[k] = 2;
        for (int d = 0; d < 6; d++) {
            int j = grg_map_index(m, grg_hex_neighbour(g->units[u].hex, d));
            if (j >= 0 && !p->zoc[j])
                p->zoc[j] = 1;
        }
    }
    int edge = g->sc->sides[side].home_edge;
    for (int k = 0; k < n; k++) {
        if (!p->zoc[k] && on_edge(m, grg_map_hex_at(m, k), edge) &&
            !g->sc->data->terrain[m->terrain[k]].impassable) {
            p->safe[k] = 1;
            p->queue[tail++] = k;
        }
    }
    while (head < tail) {
        grg_hex h = grg_map_hex_at(m, p->queue[head++]);
        for (int d = 0; d < 6; d++) {
            int j = grg_map_index(m, grg_hex_neighbour(h, d));
            if (j < 0 || p->safe[j] || p->zoc[j] || g->sc->data->terrain[m->terrain[j]].impassable)
                continue;
            p->safe[j] = 1;
            p->queue[tail++] = j;
        }
    }
}

static int touches_lines(const grg_game *g, const pocket *p, grg_hex h)
{
    const grg_map *m = &g->sc->map;
    int k = grg_map_index(m, h);
    if (k >= 0 && p->safe[k])
        return 1;
    for (int d = 0; d < 6; d++) {
        int j = grg_map_index(m, grg_hex_neighbour(h, d));
        if (j >= 0 && p->safe[j])
            return 1;
    }
    return 0;
}

static int surrounded_in(const grg_game *g, const pocket *p, int u)
{
    if (touches_lines(g, p, g->units[u].hex))
        return 0;
    for (int f = 0; f < g->n_units; f++)
        if (f != u && g->units[f].side == g->units[u].side && grg__nap_combatant(g, f) &&
            grg__nap_adjacent(g, u, f) && touches_lines(g, p, g->units[f].hex))
            return 0;
    return 1;
}

int grg__house_surrounded(const grg_game *g, int u)
{
    pocket p;
    lines_of(g, g->units[u].side, &p);
    return surrounded_in(g, &p, u);
}

/* Hex distance from h to the nearest hex of the lines (a large number when there is none). */
static int lines_distance(const grg_game *g, const pocket *p, grg_hex h)
{
    const grg_map *m = &g->sc->map;
    int best = 1 << 30;
    for (int k = 0; k < m->width * m->height; k++) {
        if (!p->safe[k])
            continue;
        int d = grg_hex_distance(h, grg_map_hex_at(m, k));
        if (d < best)
            best = d;
    }
    return best;
}

static void hr11_mark(grg_game *g)
{
    for (int u = 0; u < g->n_units; u++) {
        grg_unit *x = &g->units[u];
        if (x->side != g->active)
            continue;
        x->flags &= ~(uint32_t)HOUSE_F_SURROUNDED;
        if (grg__nap_combatant(g, u) && grg__house_surrounded(g, u))
            x->flags |= HOUSE_F_SURROUNDED;
    }
}

/* HR-11: a unit found surrounded at the start of its player-turn that has not cleared a path by
 * its end: still cut off (clearing conditions 1 and 2), and not (condition 3) closer to its lines
 * than at the start of the player-turn with its hex in no enemy zone of control. */
static int hr11(const grg_game *g, house_when w, const house_ctx *c, grg_verdict *why)
{
    (void)w;
    const grg_unit *x = &g->units[c->unit];
    if (!(x->flags & HOUSE_F_SURROUNDED))
        return 0;
    pocket p;
    lines_of(g, x->side, &p);
    if (!surrounded_in(g, &p, c->unit))
        return 0;
    grg_hex start = grg_hex_make(x->v[NAP_V_START_Q], x->v[NAP_V_START_R]);
    if (!grg__nap_in_enemy_zoc(g, x->hex, x->side) &&
        lines_distance(g, &p, x->hex) < lines_distance(g, &p, start))
        return 0;
    grg_refuse(why, "HR-11",
               "%s was surrounded and has not cleared a path to its lines: it surrenders.",
               uid(g, c->unit));
    return 1;
}

static void hr11_surrender(grg_game *g, int u, grg_events *ev)
{
    grg__nap_eliminate(g, u, "HR-11", "surrounded, it surrenders", ev);
}

/* HR-12: the k-th unit of a road column moves at most road_base - road_step (k-1) road hexes and
 * keeps road_gap empty road hexes to the others. A column is every unit of the side that used road
 * movement this phase, ranked in the order they first did. */
static int road_rank(const grg_game *g, int u)
{
    int r = g->units[u].v[NAP_V_HOUSE_A];
    return r > 0 ? r : grg__nap_cstate(g)->house.road_movers + 1;
}

static int hr12(const grg_game *g, house_when w, const house_ctx *c, grg_verdict *why)
{
    (void)w;
    if (!c->road)
        return 0;
    const house_params *hp = &grg__nap_data(g)->house;
    int rank = road_rank(g, c->unit);
    int cap = hp->road_base - hp->road_step * (rank - 1);
    if (g->units[c->unit].v[NAP_V_HOUSE_B] + 1 > cap) {
        grg_refuse(why, "HR-12",
                   "%s is unit %d of the road column and may march at most %d road hexes.",
                   uid(g, c->unit), rank, cap > 0 ? cap : 0);
        return 1;
    }
    if (rank < 2)
        return 0;
    for (int f = 0; f < g->n_units; f++) {
        const grg_unit *y = &g->units[f];
        if (f == c->unit || y->side != g->units[c->unit].side || y->v[NAP_V_HOUSE_A] == 0 ||
            y->status != GRG_UNIT_ON_MAP || grg_hex_distance(y->hex, c->to) > hp->road_gap)
            continue;
        if (!why)
            return 1;
        char lab[16];
        grg__nap_label(g, c->to, lab, sizeof lab);
        grg_refuse(why, "HR-12",
                   "%s must keep an empty road hex between it and %s of its column (at %s).",
                   uid(g, c->unit), uid(g, f), lab);
        return 1;
    }
    return 0;
}

static void hr12_count(grg_game *g, const house_ctx *c)
{
    if (!c->road)
        return;
    grg_unit *x = &g->units[c->unit];
    if (x->v[NAP_V_HOUSE_A] == 0)
        x->v[NAP_V_HOUSE_A] = ++grg__nap_state(g)->house.road_movers;
    x->v[NAP_V_HOUSE_B]++;
}

const house_rule grg__house_rules[] = {
    {"HR-5a", HOUSE_AT(HOUSE_AT_ATTACK), HOUSE_BLOCK, 0,
     "A disordered formed battalion may not melee.", hr5a, NULL, NULL, NULL},
    {"HR-7a", HOUSE_AT(HOUSE_AT_ATTACK), HOUSE_BLOCK, HOUSE_NEEDS_COVER,
     "Cavalry may not charge or melee enemies in woods, orchards or villages.", hr7a, NULL, NULL,
     NULL},
    {"HR-7b", HOUSE_AT(HOUSE_AT_CHARGE), HOUSE_BLOCK, HOUSE_NEEDS_STACKING,
     "Cavalry may not charge through friendly infantry.", hr7b, NULL, NULL, NULL},
    {"HR-8a", HOUSE_AT(HOUSE_AT_STEP) | HOUSE_AT(HOUSE_AT_ATTACK), HOUSE_BLOCK, HOUSE_NEEDS_CHATEAU,
     "Artillery may not enter or fire from a chateau.", hr8a, NULL, NULL, NULL},
    {"HR-11", HOUSE_AT(HOUSE_AT_TURN_END), HOUSE_FORCE, HOUSE_NEEDS_HOME_EDGE,
     "Surrounded units get one offensive phase to clear a path, then surrender.", hr11, NULL,
     hr11_mark, hr11_surrender},
    {"HR-12", HOUSE_AT(HOUSE_AT_STEP), HOUSE_BLOCK, HOUSE_NEEDS_ROADS,
     "Road columns stretch: 12, 10, 8 ... road hexes, with a gap between units.", hr12, hr12_count,
     NULL, NULL},
};
const int grg__house_n_rules = (int)(sizeof grg__house_rules / sizeof grg__house_rules[0]);
