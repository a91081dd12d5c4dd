/* Zones of control and frontal contact (CDB-7): a unit's ZOC is its two frontal hexes; baggage has
 * none. A stack exerts one ZOC, through its top counter (CDB-8.1.a). */
#include "cdb.h"

/* CDB-7.1.a: every unit but baggage, once per stack. */
static int cdb_exerts_zoc(const grg_game *g, int e)
{
    return cdb_is_top(g, e) && cdb_has_facing(g, e) && g->units[e].facing >= 0;
}

/* h is across one of u's two frontal hexsides; the axial deltas of spec A.2.1 inline, since every
 * ZOC question asks this of every unit. */
int cdb_in_front(const grg_game *g, int u, grg_hex h)
{
    static const int dq[6] = {1, 1, 0, -1, -1, 0}, dr[6] = {0, -1, -1, 0, 1, 1};
    int f = g->units[u].facing;
    if (f < 0)
        return 0;
    int q = h.q - g->units[u].hex.q, r = h.r - g->units[u].hex.r, f2 = (f + 1) % 6;
    return (q == dq[f] && r == dr[f]) || (q == dq[f2] && r == dr[f2]);
}

int cdb_zoc_on(const grg_game *g, int side, grg_hex h, int out[6])
{
    int n = 0;
    for (int i = 0; i < g->n_units && n < 6; i++)
        if (g->units[i].side != side && cdb_in_front(g, i, h) && cdb_exerts_zoc(g, i))
            out[n++] = i;
    return n;
}

int cdb_in_enemy_zoc(const grg_game *g, int u)
{
    int z[6];
    return cdb_on_map(g, u) && cdb_zoc_on(g, g->units[u].side, g->units[u].hex, z) > 0;
}

int cdb_enemy_in_zoc(const grg_game *g, int u)
{
    if (!cdb_on_map(g, u) || g->units[u].facing < 0)
        return 0;
    for (int k = 0; k < 2; k++) {
        int e = grg_unit_at(g, grg_hex_neighbour(g->units[u].hex, g->units[u].facing + k));
        if (e >= 0 && cdb_enemies(g, u, e))
            return 1;
    }
    return 0;
}

/* CDB-7.3: each is in a frontal hex of the other. */
int cdb_frontal_contact(const grg_game *g, int a, int b)
{
    return cdb_enemies(g, a, b) && cdb_on_map(g, a) && cdb_on_map(g, b) &&
           cdb_in_front(g, a, g->units[b].hex) && cdb_in_front(g, b, g->units[a].hex);
}

int cdb_adjacent_enemy(const grg_game *g, int side, grg_hex h)
{
    for (int i = 0; i < g->n_units; i++)
        if (g->units[i].side != side && cdb_on_map(g, i) &&
            grg_hex_distance(g->units[i].hex, h) == 1)
            return 1;
    return 0;
}

int cdb_nearest_enemy_dist(const grg_game *g, int side, grg_hex h)
{
    int best = 1 << 20;
    for (int i = 0; i < g->n_units; i++) {
        if (g->units[i].side == side || !cdb_on_map(g, i))
            continue;
        int d = grg_hex_distance(g->units[i].hex, h);
        if (d < best)
            best = d;
    }
    return best;
}

/* The zoc query: every frontal hex on the map of every unit that exerts a ZOC. */
int cdb_zoc_query(const grg_game *g, grg_zoc *out)
{
    for (int i = 0; i < g->n_units; i++) {
        if (!cdb_exerts_zoc(g, i))
            continue;
        for (int k = 0; k < 2; k++) {
            grg_hex h = grg_hex_neighbour(g->units[i].hex, g->units[i].facing + k);
            if (!grg_map_contains(&g->sc->map, h))
                continue;
            if (out->n >= GRG_MAX_ZOC) {
                out->truncated = 1;
                return 0;
            }
            grg_zoc_entry *e = &out->items[out->n++];
            e->hex = h;
            e->side = g->units[i].side;
            e->unit = (int16_t)i;
        }
    }
    return 0;
}
