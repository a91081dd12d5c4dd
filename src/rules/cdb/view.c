/* A per-call view of the board for `legal` (speed only): which counters stand in each occupied hex
 * and which sides exert a zone of control into each hex, in a small hash table built once per call
 * on the caller's stack. The questions it answers are the ones zoc.c and board.c answer by scanning
 * every unit, with the same answers; every function here takes a NULL view to mean "scan", and a
 * view of the counters near some hexes only scans for the hexes it does not cover. The view is
 * never stored in the game state; legal builds it from a game it does not change, and the melee
 * pivots from a game whose counters only turn while it is used (melee.c). */
#include "cdb.h"

#include <string.h>

/* The slot of h, made if missing. */
static inline int slot(cdb_board *b, grg_hex h)
{
    uint32_t k = cdb_view_key(h);
    uint32_t i = (k * 2654435761u) >> (32 - CDB_BOARD_BITS);
    while (b->key[i] != 0 && b->key[i] != k)
        i = (i + 1) & (CDB_BOARD_SLOTS - 1);
    if (b->key[i] == 0) {
        b->key[i] = k;
        b->n_at[i] = 0;
        b->top[i] = -1;
        b->zoc[i] = 0;
        b->occ[i] = 0;
    }
    return (int)i;
}

static int in_reach(const cdb_board *b, grg_hex h)
{
    for (int i = 0; i < b->n_near; i++)
        if (cdb_dist(h, b->near[i]) <= b->radius)
            return 1;
    return 0;
}

/* The view of the counters within radius of the hexes near[0..n) (radius 0: of all counters),
 * recording the zones of control of the sides in zoc_of (bit s): the stacks in unit order (at
 * most 3 counters kept per hex, top first, as cdb_stack keeps them) and each ZOC-exerting
 * counter's two frontal hexes. */
static void build(const grg_game *g, cdb_board *b, const grg_hex *near, int n, int radius,
                  unsigned zoc_of)
{
    memset(b->key, 0, sizeof b->key);
    b->memo = NULL;
    b->zoc_of = (uint8_t)zoc_of;
    b->radius = (int16_t)(n > 0 && n <= CDB_MAX_PIECES ? radius : 0);
    b->n_near = (int16_t)(b->radius ? n : 0);
    int q0 = 0, q1 = 0, r0 = 0, r1 = 0; /* the centres' box, widened by the radius */
    for (int i = 0; i < b->n_near; i++) {
        b->near[i] = near[i];
        if (i == 0 || near[i].q < q0)
            q0 = near[i].q;
        if (i == 0 || near[i].q > q1)
            q1 = near[i].q;
        if (i == 0 || near[i].r < r0)
            r0 = near[i].r;
        if (i == 0 || near[i].r > r1)
            r1 = near[i].r;
    }
    q0 -= radius, q1 += radius, r0 -= radius, r1 += radius;
    static const int8_t nq[7] = {1, 1, 0, -1, -1, 0, 1}, nr[7] = {0, -1, -1, 0, 1, 1, 0};
    const cdb_data *d = cdb_data_of(g);
    const grg_unit *x = g->units;
    for (int i = 0; i < g->n_units; i++) {
        if (x[i].status != GRG_UNIT_ON_MAP ||
            (b->radius && (x[i].hex.q < q0 || x[i].hex.q > q1 || x[i].hex.r < r0 ||
                           x[i].hex.r > r1 || !in_reach(b, x[i].hex))))
            continue;
        unsigned side = 1u << (x[i].side & 7);
        int s = slot(b, x[i].hex), n = b->n_at[s];
        b->occ[s] = (uint8_t)(b->occ[s] | side);
        if (b->top[s] < 0 || x[i].stack < x[b->top[s]].stack)
            b->top[s] = (int16_t)i;
        if (n < 3) {
            int k = n;
            for (; k > 0 && x[b->at[s][k - 1]].stack > x[i].stack; k--)
                b->at[s][k] = b->at[s][k - 1];
            b->at[s][k] = (int16_t)i;
            b->n_at[s] = (uint8_t)(n + 1);
        }
        /* cdb_has_facing and cdb_nb inline: facing + k is 0..6, the tables wrap 6 to 0 */
        if ((zoc_of & side) && x[i].stack == 0 && x[i].facing >= 0 && !d->type[x[i].type].baggage) {
            int f = x[i].facing < 6 ? x[i].facing : x[i].facing % 6;
            for (int k = f; k < f + 2; k++) {
                grg_hex h = {x[i].hex.q + nq[k], x[i].hex.r + nr[k]};
                int z = slot(b, h);
                b->zoc[z] = (uint8_t)(b->zoc[z] | side);
            }
        }
    }
}

/* For questions about hexes near those of near[]: legal's steps and turns of the moving pieces,
 * and the additions to a group being declared (legal.c). */
void cdb_board_build_near(const grg_game *g, cdb_board *b, const grg_hex *near, int n, int radius)
{
    build(g, b, near, n, radius, CDB_ALL_SIDES);
}

/* Legal's free stage asks only whether the active side's units stand in an enemy ZOC, the melee
 * designations whether the other side's stand in the active side's. */
void cdb_board_build_against(const grg_game *g, cdb_board *b, int side)
{
    build(g, b, NULL, 0, 0, CDB_ALL_SIDES & ~(1u << (side & 7)));
}

/* The stacks alone, no ZOC: the melee's questions other than the designations' (a ZOC question
 * asked of this view scans the units). */
void cdb_board_build_stacks(const grg_game *g, cdb_board *b) { build(g, b, NULL, 0, 0, 0); }

int cdb_b_top_at(const grg_game *g, const cdb_board *b, grg_hex h)
{
    if (!b || !cdb_view_covers(b, h))
        return cdb_top_at(g, h);
    int s = cdb_view_find(b, h);
    return s < 0 ? -1 : b->top[s];
}

/* The view records the ZOC of every side but `side` (else its questions scan). */
static int zoc_known(const cdb_board *b, int side)
{
    return (b->zoc_of | 1u << (side & 7)) == CDB_ALL_SIDES;
}

/* Whether some side other than `side` exerts a ZOC into h. */
static int enemy_zoc_bits(const cdb_board *b, int side, grg_hex h)
{
    int s = cdb_view_find(b, h);
    return s >= 0 && (b->zoc[s] & ~(1u << (side & 7))) != 0;
}

/* The exerting counters stand in the six hexes around h: their tops, listed in unit order. */
int cdb_b_zoc_on(const grg_game *g, const cdb_board *b, int side, grg_hex h, int out[6])
{
    if (!b || !cdb_view_covers(b, h) || !zoc_known(b, side))
        return cdb_zoc_on(g, side, h, out);
    if (!enemy_zoc_bits(b, side, h))
        return 0;
    return cdb_b_zoc_turned(g, b, side, h, out);
}

/* cdb_b_zoc_on without the view's ZOC bits: the stacks around h are read from the view, their
 * facings from the game, so the answer stays exact after counters have turned in place since the
 * view was built (the pivots of CDB-6.3, melee.c); nothing may have moved. */
int cdb_b_zoc_turned(const grg_game *g, const cdb_board *b, int side, grg_hex h, int out[6])
{
    if (!b || !cdb_view_covers(b, h))
        return cdb_zoc_on(g, side, h, out);
    int n = 0, all[18]; /* up to 3 counters in each of 6 hexes; the first 6 are kept, as a scan */
    for (int d = 0; d < 6; d++) {
        int s = cdb_view_find(b, cdb_nb(h, d));
        for (int j = 0; s >= 0 && j < b->n_at[s]; j++) {
            int e = b->at[s][j];
            const grg_unit *y = &g->units[e];
            if (y->side == side || y->stack != 0 || !cdb_has_facing(g, e) ||
                !cdb_front_delta(y->facing, h.q - y->hex.q, h.r - y->hex.r))
                continue;
            int k = n++;
            for (; k > 0 && all[k - 1] > e; k--)
                all[k] = all[k - 1];
            all[k] = e;
        }
    }
    if (n > 6)
        n = 6;
    for (int k = 0; k < n; k++)
        out[k] = all[k];
    return n;
}

int cdb_b_in_enemy_zoc(const grg_game *g, const cdb_board *b, int u)
{
    if (!b || !cdb_view_covers(b, g->units[u].hex) || !zoc_known(b, g->units[u].side))
        return cdb_in_enemy_zoc(g, u);
    return cdb_on_map(g, u) && enemy_zoc_bits(b, g->units[u].side, g->units[u].hex);
}

int cdb_b_adjacent_enemy(const grg_game *g, const cdb_board *b, int side, grg_hex h)
{
    if (!b || !cdb_view_covers(b, h))
        return cdb_adjacent_enemy(g, side, h);
    for (int d = 0; d < 6; d++) { /* occ: every counter's side, as the scan sees them */
        int s = cdb_view_find(b, cdb_nb(h, d));
        if (s >= 0 && (b->occ[s] & ~(1u << (side & 7))))
            return 1;
    }
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
