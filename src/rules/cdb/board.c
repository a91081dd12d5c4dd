/* What cdb reads off the board: its data tables, unit values with their type defaults, stacks,
 * terrain classes of hexes and hexsides, and names for messages. */
#include "cdb.h"

#include <stdio.h>

int cdb_stack(const grg_game *g, grg_hex h, int out[3])
{
    int n = 0, nu = g->n_units; /* a local: the stores into out could alias g */
    const grg_unit *x = g->units;
    for (int i = 0; i < nu; i++) {
        if (x[i].hex.q != h.q || x[i].hex.r != h.r || x[i].status != GRG_UNIT_ON_MAP)
            continue;
        int k = n++;
        for (; k > 0 && x[out[k - 1]].stack > x[i].stack; k--)
            out[k] = out[k - 1];
        out[k] = i;
        if (n == 3)
            break;
    }
    return n;
}

const cdb_terrain cdb_off_map = {CDB_IMPASSABLE, 0, 0, 0};

/* grg_map_side inline: the features live with the side's canonical hex (directions 0..2). */
static unsigned side_features(const grg_map *m, grg_hex h, int dir)
{
    int d = dir % 6;
    d += d < 0 ? 6 : 0;
    int i = cdb_map_index(m, d < 3 ? h : cdb_nb(h, d));
    return i < 0 ? 0u : m->sides[i * 3 + d % 3];
}

/* The features of a hexside as bits, lowest first; most hexsides have none. */
static unsigned side_bits(const grg_game *g, grg_hex h, int dir)
{
    return side_features(&g->sc->map, h, dir) & ((1u << GRG_SIDE_FEATURE_COUNT) - 1);
}

/* The class of crossing the hexside from h in direction dir: its worst feature, unless a bridge or
 * ford cancels it. */
int cdb_side_cls(const grg_game *g, grg_hex h, int dir)
{
    const cdb_data *d = cdb_data_of(g);
    int cls = CDB_CLEAR;
    for (unsigned f = side_bits(g, h, dir); f; f &= f - 1) {
        int b = __builtin_ctz(f);
        if (d->side[b].cancels)
            return CDB_CLEAR;
        if (d->side[b].cls > cls)
            cls = d->side[b].cls;
    }
    return cls;
}

int cdb_side_defence(const grg_game *g, grg_hex h, int dir)
{
    const cdb_data *d = cdb_data_of(g);
    int best = 0;
    for (unsigned f = side_bits(g, h, dir); f; f &= f - 1) {
        int b = __builtin_ctz(f);
        if (d->side[b].defence > best)
            best = d->side[b].defence;
    }
    return best;
}

int cdb_is_general(const grg_game *g, int u)
{
    return g->sc->units[u].general || g->sc->units[u].cinc;
}

int cdb_quality(const grg_game *g, int u) { return g->sc->units[u].quality; }

/* CDB-8.2.b/c: the same facing or the reverse one. */
int cdb_same_or_reverse(int a, int b) { return a >= 0 && b >= 0 && (a == b || a == (b + 3) % 6); }

int cdb_label(const grg_game *g, grg_hex h, char *buf, size_t size)
{
    if (grg_map_label(&g->sc->map, h, buf, size) < 0)
        snprintf(buf, size, "(%d,%d)", (int)h.q, (int)h.r);
    return 0;
}

const char *cdb_name(const grg_game *g, int u) { return g->sc->units[u].id; }
