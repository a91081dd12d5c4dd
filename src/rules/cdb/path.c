/* Path distances (spec A.5.2): breadth-first search over passable hexes, each hex costing 1 (every
 * hex costs 1 MP in cdb, CDB-9.6.a). Distances live in a fixed window around the start so no
 * allocation is needed; hexes outside it count as unreachable. */
#include "cdb.h"

#include <string.h>

/* The window is (2r+1)^2 hexes around the centre, r = min(limit, CDB_FIELD_R), so a short search
 * clears and walks only what it can reach. */
static int slot(const cdb_field *f, grg_hex h)
{
    int w = 2 * f->r + 1;
    int dq = h.q - f->centre.q + f->r, dr = h.r - f->centre.r + f->r;
    if (dq < 0 || dr < 0 || dq >= w || dr >= w)
        return -1;
    return dr * w + dq;
}

int cdb_field_get(const cdb_field *f, grg_hex h)
{
    int s = slot(f, h);
    return s < 0 ? -1 : f->d[s];
}

/* Distances from `from` up to `limit`; pass(h) says whether h may be entered (from itself always
 * counts as reached). With targets, the search stops once every target hex is reached. */
void cdb_field_build(const grg_game *g, cdb_field *f, grg_hex from, int limit, cdb_pass_fn pass,
                     const void *ctx, const grg_hex *targets, int n_targets)
{
    int16_t queue[CDB_FIELD_W * CDB_FIELD_W];
    f->r = limit < CDB_FIELD_R ? limit : CDB_FIELD_R;
    int w = 2 * f->r + 1, cap = w * w;
    memset(f->d, 0xff, sizeof f->d[0] * (size_t)cap);
    f->centre = from;
    int head = 0, tail = 0, s0 = slot(f, from);
    f->d[s0] = 0;
    queue[tail++] = (int16_t)s0;
    int left = n_targets;
    for (int i = 0; i < n_targets; i++)
        left -= grg_hex_eq(targets[i], from);
    while (head < tail && (n_targets == 0 || left > 0)) {
        int s = queue[head++];
        int d = f->d[s];
        if (d >= limit)
            continue;
        grg_hex h = grg_hex_make(f->centre.q + s % w - f->r, f->centre.r + s / w - f->r);
        for (int k = 0; k < 6; k++) {
            grg_hex n = grg_hex_neighbour(h, k);
            int t = slot(f, n);
            if (t < 0 || f->d[t] >= 0 || !grg_map_contains(&g->sc->map, n) || !pass(g, n, ctx))
                continue;
            f->d[t] = (int16_t)(d + 1);
            for (int i = 0; i < n_targets; i++)
                left -= grg_hex_eq(targets[i], n);
            if (tail < cap)
                queue[tail++] = (int16_t)t;
        }
    }
}
