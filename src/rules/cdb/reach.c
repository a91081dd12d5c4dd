/* The reach query: every position (hex and facing) a unit or group can end its impulse in, found by
 * a depth-first search over the same step and turn rules the actions use (move.c), remembering the
 * fewest MP each search state was reached with. */
#include "cdb.h"

#include <stdio.h>
#include <string.h>

#define MEMO 4096

typedef struct search {
    const grg_game *g;
    grg_reach *out;
    int ap;
    uint64_t key[MEMO];
    int16_t mp[MEMO];
} search;

static uint64_t state_key(const cdb_move *mv)
{
    uint64_t k = (uint64_t)(uint32_t)(mv->at[0].q & 0xffff) |
                 ((uint64_t)(uint32_t)(mv->at[0].r & 0xffff) << 16);
    k |= (uint64_t)(mv->facing & 7) << 32 | (uint64_t)(mv->mode & 3) << 35 |
         (uint64_t)(mv->flags & 0xff) << 37 | (uint64_t)((mv->run + 4) & 7) << 45 |
         (uint64_t)(mv->turns > 1 ? 2 : mv->turns) << 48;
    uint32_t h = 0;
    for (int i = 0; i < mv->n; i++)
        h = h * 31u + (uint32_t)mv->pflags[i];
    return k ^ ((uint64_t)(h & 0x3fff) << 50) ^ 1u; /* never 0, the empty slot */
}

/* Records the state; returns 0 when it was already reached with no more MP. */
static int remember(search *s, const cdb_move *mv)
{
    uint64_t k = state_key(mv);
    for (unsigned i = (unsigned)(k % MEMO), n = 0; n < MEMO; i = (i + 1) % MEMO, n++) {
        if (s->key[i] == 0) {
            s->key[i] = k;
            s->mp[i] = mv->mp;
            return 1;
        }
        if (s->key[i] == k) {
            if (s->mp[i] <= mv->mp)
                return 0;
            s->mp[i] = mv->mp;
            return 1;
        }
    }
    return 1; /* a full table only costs time */
}

static void record(search *s, const cdb_move *mv)
{
    grg_reach *out = s->out;
    for (int i = 0; i < out->n; i++) {
        grg_position *p = &out->items[i];
        if (grg_hex_eq(p->hex, mv->at[0]) && p->facing == mv->facing) {
            if (mv->mp < p->mp)
                p->mp = mv->mp;
            return;
        }
    }
    if (out->n >= GRG_MAX_POSITIONS) {
        out->truncated = 1;
        return;
    }
    grg_position *p = &out->items[out->n++];
    p->hex = mv->at[0];
    p->facing = mv->facing;
    p->mp = mv->mp;
    p->ap = (int16_t)s->ap;
    int z[6];
    p->zoc = (int16_t)(cdb_zoc_on(s->g, s->g->units[mv->piece[0]].side, mv->at[0], z) > 0);
}

static void explore(search *s, const cdb_move *mv)
{
    if (!remember(s, mv))
        return;
    record(s, mv);
    cdb_move next;
    for (int d = 0; d < 6; d++)
        for (int dist = 1; dist <= (mv->n == 1 ? 2 : 1); dist++)
            if (cdb_move_step(s->g, mv, d, dist, &next, NULL, NULL) == 0)
                explore(s, &next);
    for (int way = -1; way <= 1; way += 2)
        if (cdb_move_turn(s->g, mv, way, &next, NULL, NULL) == 0)
            explore(s, &next);
}

int cdb_reach(const grg_game *g, const int *units, int n, grg_reach *out, grg_verdict *why)
{
    const cdb_state *st = cdb_cst(g);
    search local, *s = &local;
    memset(s->key, 0, sizeof s->key);
    s->g = g;
    s->out = out;
    cdb_move start;
    if (st->stage == CDB_STAGE_MOVE && cdb_move_member(&st->mv, units[0]) >= 0) {
        start = st->mv; /* the open impulse, from where it is now */
        s->ap = 0;
    } else {
        if (n > CDB_MAX_PIECES)
            return grg_refuse(why, "CDB-5.1.a", "A group has at most %d units", CDB_MAX_PIECES);
        if (n == 1) {
            grg_action a = grg_action_make(GRG_A_ACTIVATE, units[0]);
            if (g->phase == CDB_PH_MOVE && cdb_check_activate(g, &a, why, NULL) < 0)
                return -1;
        } else if (cdb_group_valid(g, units, n, why) < 0) {
            return -1;
        }
        if (cdb_unit_may_activate(g, units[0], n > 1, why, NULL) < 0)
            return -1;
        s->ap = cdb_command_points(g, units, n, g->units[units[0]].v[CDB_V_IMPULSES] > 0);
        int detach = cdb_is_top(g, units[0]) ? CDB_DETACH_NONE : CDB_DETACH_REAR;
        cdb_move_init(g, &start, units, n, detach, NULL);
    }
    explore(s, &start);
    return 0;
}
