/* A view of the board for `legal` (speed only): the board index of the game (index.c), brought up
 * to date when the view is made, answering the questions zoc.c and board.c answer by scanning
 * every unit, with the same answers. Every function here takes a NULL view, or one without an
 * index, to mean "scan". A view is used while nothing moves: legal's on a game it does not change,
 * the melee pivots' on a game whose counters only turn while it is used (melee.c). */
#include "cdb.h"

void cdb_board_init(const grg_game *g, cdb_board *b)
{
    b->memo = NULL;
    if (cdb_index_sync(g, &b->x) < 0)
        b->x.head = NULL;
}

int cdb_b_top_at(const grg_game *g, const cdb_board *b, grg_hex h)
{
    if (!cdb_b_indexed(b))
        return grg_unit_at(g, h);
    int best = -1; /* the first counter with the least stack position, as the scan finds it */
    for (int u = cdb_b_first(g, b, h); u != CDB_NO_UNIT; u = cdb_b_next(b, u))
        if (best < 0 || g->units[u].stack < g->units[best].stack)
            best = u;
    return best;
}

/* The exerting counters stand in the six hexes around h: their tops, listed in unit order. */
int cdb_b_zoc_on(const grg_game *g, const cdb_board *b, int side, grg_hex h, int out[6])
{
    if (!cdb_b_indexed(b))
        return cdb_zoc_on(g, side, h, out);
    int i = cdb_map_index(&g->sc->map, h); /* off the map: no count, the stacks around it tell */
    if (i >= 0 && !cdb_b_enemy_zoc(b, i, side))
        return 0;
    return cdb_b_zoc_turned(g, b, side, h, out);
}

/* cdb_b_zoc_on without the index's ZOC counts: the stacks around h are read from the index, their
 * facings from the game, so the answer stays exact after counters have turned in place since the
 * view was made (the pivots of CDB-6.3, melee.c); nothing may have moved. */
int cdb_b_zoc_turned(const grg_game *g, const cdb_board *b, int side, grg_hex h, int out[6])
{
    if (!cdb_b_indexed(b))
        return cdb_zoc_on(g, side, h, out);
    int n = 0, all[GRG_MAX_UNITS], cell[6]; /* the first 6 in unit order are kept, as a scan */
    cdb_nb_cells(&g->sc->map, h, cell);
    for (int d = 0; d < 6; d++)
        for (int e = cdb_b_first_in(b, cell[d]); e != CDB_NO_UNIT; e = cdb_b_next(b, e)) {
            const grg_unit *y = &g->units[e];
            if (y->side == side || y->stack != 0 || !cdb_has_facing(g, e) ||
                !cdb_front_delta(y->facing, h.q - y->hex.q, h.r - y->hex.r))
                continue;
            int k = n++;
            for (; k > 0 && all[k - 1] > e; k--)
                all[k] = all[k - 1];
            all[k] = e;
        }
    if (n > 6)
        n = 6;
    for (int k = 0; k < n; k++)
        out[k] = all[k];
    return n;
}

int cdb_b_adjacent_enemy(const grg_game *g, const cdb_board *b, int side, grg_hex h)
{
    if (!cdb_b_indexed(b))
        return cdb_adjacent_enemy(g, side, h);
    int cell[6];
    cdb_nb_cells(&g->sc->map, h, cell);
    for (int d = 0; d < 6; d++)
        for (int u = cdb_b_first_in(b, cell[d]); u != CDB_NO_UNIT; u = cdb_b_next(b, u))
            if (g->units[u].side != side)
                return 1;
    return 0;
}

int cdb_b_enemy_within(const grg_game *g, const cdb_board *b, int side, grg_hex h, int r)
{
    if (!b || !b->memo)
        return cdb_enemy_within(g, side, h, r);
    if (b->memo->enemy_side != side) {
        cdb_enemy_hexes(g, side, &b->memo->enemy);
        b->memo->enemy_side = side;
    }
    return cdb_any_within(&b->memo->enemy, h, r);
}
