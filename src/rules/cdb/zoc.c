/* Zones of control and frontal contact (CDB-7): a unit's ZOC is its two frontal hexes; baggage has
 * none. A stack exerts one ZOC, through its top counter (CDB-8.1.a). */
#include "cdb.h"

/* CDB-7.1.a: the first `max` enemies of `side` whose ZOC covers h, in unit order. Only an enemy
 * next to h can exert it, so the loop rejects the others on their side and coordinates first. */
static int zoc_scan(const grg_game *g, int side, grg_hex h, int *out, int max)
{
    int n = 0, nu = g->n_units; /* a local: the stores into out could alias g */
    const grg_unit *x = g->units;
    for (int i = 0; i < nu; i++) {
        if (x[i].side == side) /* about half of them, the cheapest test */
            continue;
        int dq = h.q - x[i].hex.q, dr = h.r - x[i].hex.r;
        if (dq < -1 || dq > 1 || dr < -1 || dr > 1)
            continue;
        if (!cdb_front_delta(x[i].facing, dq, dr) || !cdb_exerts_zoc(g, i))
            continue;
        out[n++] = i;
        if (n == max)
            break;
    }
    return n;
}

int cdb_zoc_on(const grg_game *g, int side, grg_hex h, int out[6])
{
    return zoc_scan(g, side, h, out, 6);
}

/* CDB-7.1.a: is u in an enemy ZOC? */
int cdb_in_enemy_zoc(const grg_game *g, int u)
{
    int first;
    return cdb_on_map(g, u) && zoc_scan(g, g->units[u].side, g->units[u].hex, &first, 1) > 0;
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
    const grg_unit *x = g->units;
    for (int i = 0; i < g->n_units; i++) {
        if (x[i].side == side) /* about half of them, the cheapest test */
            continue;
        int dq = h.q - x[i].hex.q, dr = h.r - x[i].hex.r;
        if (dq < -1 || dq > 1 || dr < -1 || dr > 1 || dq == dr)
            continue; /* dq == dr: the hex itself, or not a neighbour */
        if (x[i].status == GRG_UNIT_ON_MAP)
            return 1;
    }
    return 0;
}

/* Some enemy of `side` on the map stands within r hexes of h (CDB-9.3.b, 4.3.b). */
int cdb_enemy_within(const grg_game *g, int side, grg_hex h, int r)
{
    const grg_unit *x = g->units;
    for (int i = 0; i < g->n_units; i++)
        if (x[i].side != side && x[i].status == GRG_UNIT_ON_MAP &&
            (unsigned)(x[i].hex.q - h.q + r) <= 2u * (unsigned)r && cdb_dist(x[i].hex, h) <= r)
            return 1; /* the q band first: the distance is at least |dq| */
    return 0;
}

void cdb_enemy_hexes(const grg_game *g, int side, cdb_hexes *out)
{
    out->n = 0;
    for (int i = 0; i < g->n_units; i++) {
        grg_hex h = g->units[i].hex;
        if (g->units[i].side == side || g->units[i].status != GRG_UNIT_ON_MAP)
            continue;
        if (out->n == 0 || h.q < out->q0)
            out->q0 = h.q;
        if (out->n == 0 || h.q > out->q1)
            out->q1 = h.q;
        if (out->n == 0 || h.r < out->r0)
            out->r0 = h.r;
        if (out->n == 0 || h.r > out->r1)
            out->r1 = h.r;
        if (out->n == 0 || h.q + h.r < out->s0)
            out->s0 = h.q + h.r;
        if (out->n == 0 || h.q + h.r > out->s1)
            out->s1 = h.q + h.r;
        out->at[out->n++] = h;
    }
}

/* The hex distance is at least the difference along each of the three axes, so a hex farther
 * than r from the box on one axis has none of the hexes within r. */
int cdb_any_within(const cdb_hexes *set, grg_hex h, int r)
{
    if (set->n == 0 || h.q < set->q0 - r || h.q > set->q1 + r || h.r < set->r0 - r ||
        h.r > set->r1 + r || h.q + h.r < set->s0 - r || h.q + h.r > set->s1 + r)
        return 0;
    for (int i = 0; i < set->n; i++)
        if (cdb_dist(set->at[i], h) <= r)
            return 1;
    return 0;
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
