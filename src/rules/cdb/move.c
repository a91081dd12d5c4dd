/* One movement impulse as a value (CDB-6.2, 7, 8, 9): the pieces that move (stacks or a detached
 * rank), where they are, the MP spent. cdb_move_step and cdb_move_turn judge one step or one vertex
 * on a copy, so the open activation, reach and the automatic moves share the same rules.
 * A group moves rigidly: every piece steps in the same direction (spec CDB-9.4, notes). */
#include "cdb.h"

#include <stdio.h>
#include <string.h>

int cdb_move_has(const cdb_move *mv, int u) { return (mv->moving[u / 32] >> (u % 32)) & 1u; }

/* Index of the piece whose counters include u, or -1. */
int cdb_move_member(const cdb_move *mv, int u)
{
    for (int i = 0; i < mv->n * 3; i++)
        if (mv->pc[i] == u)
            return i / 3;
    return -1;
}

int cdb_move_init(const grg_game *g, cdb_move *mv, const int *leaders, int n, int detach,
                  const cdb_board *b)
{
    memset(mv, 0, sizeof *mv);
    memset(mv->pc, 0xff, sizeof mv->pc);
    mv->n = (int16_t)n;
    mv->detach = (int16_t)detach;
    mv->facing = g->units[leaders[0]].facing;
    mv->corps = g->units[leaders[0]].corps;
    for (int i = 0; i < n; i++) {
        int u = leaders[i], cs[3] = {u}, k = 1; /* u itself is in its hex's stack */
        grg_hex h = g->units[u].hex;
        if (detach == CDB_DETACH_NONE)
            k = cdb_b_stack(g, b, h, cs);
        for (int j = 0; j < k; j++) {
            mv->pc[3 * i + j] = (int16_t)cs[j];
            mv->moving[cs[j] / 32] |= 1u << (cs[j] % 32);
        }
        mv->piece[i] = (int16_t)cs[0];
        mv->at[i] = mv->start[i] = h;
        if (cdb_terrain_cls(g, h) == CDB_DIFFICULT)
            mv->pflags[i] |= CDB_PF_DIFFICULT; /* CDB-9.6: in difficult at any time */
        if (cdb_b_in_enemy_zoc(g, b, cs[0]))
            mv->flags |= CDB_MF_START_ZOC;
    }
    if (g->units[leaders[0]].v[CDB_V_IMPULSES] > 0)
        mv->flags |= CDB_MF_STRATEGIC;
    return 0;
}

/* CDB-9.4.b, 9.6: the slowest counter's allowance after this impulse's terrain reductions. */
static int ma_with(const grg_game *g, const cdb_move *mv, const int16_t *pflags)
{
    int best = 1 << 14;
    for (int i = 0; i < mv->n; i++)
        for (int j = 0; j < 3 && mv->pc[3 * i + j] >= 0; j++) {
            int c = mv->pc[3 * i + j];
            const cdb_type *t = cdb_type_of(g, c);
            int ma = g->units[c].ma, cap = cdb_data_of(g)->difficult_mounted_ma;
            if (t->fast && (pflags[i] & CDB_PF_BROKEN))
                ma -= cdb_data_of(g)->fast_broken;
            if (t->cls == CDB_MOUNTED && (pflags[i] & CDB_PF_DIFFICULT) && ma > cap)
                ma = cap;
            if (ma < best)
                best = ma;
        }
    return best;
}

int cdb_move_ma(const grg_game *g, const cdb_move *mv) { return ma_with(g, mv, mv->pflags); }

static int all_skirmishers(const grg_game *g, const cdb_move *mv)
{
    for (int i = 0; i < mv->n; i++)
        if (!cdb_type_of(g, mv->piece[i])->skirmisher)
            return 0;
    return 1;
}

static int piece_has_chariot(const grg_game *g, const cdb_move *mv, int i)
{
    for (int j = 0; j < 3 && mv->pc[3 * i + j] >= 0; j++)
        if (cdb_type_of(g, mv->pc[3 * i + j])->chariot)
            return 1;
    return 0;
}

/* Non-moving counters at h, top first. */
static int others_at(const grg_game *g, const cdb_move *mv, grg_hex h, int out[3],
                     const cdb_board *b)
{
    int cs[3], k = cdb_b_stack(g, b, h, cs), n = 0;
    for (int j = 0; j < k; j++)
        if (!cdb_move_has(mv, cs[j]))
            out[n++] = cs[j];
    return n;
}

/* CDB-1.2.b: pieces in a single column, each directly behind the previous one. */
static int is_column(const cdb_move *mv, const grg_hex *at, int facing)
{
    if (mv->n < 2)
        return 1;
    int used = 0, head = -1;
    for (int i = 0; i < mv->n; i++) {
        int ahead = 0;
        for (int j = 0; j < mv->n; j++)
            for (int k = 0; k < 2; k++)
                ahead |= j != i && grg_hex_eq(at[j], cdb_nb(at[i], facing + k));
        if (!ahead) {
            if (head >= 0)
                return 0;
            head = i;
        }
    }
    for (int cur = head, len = 1; cur >= 0; len++) {
        used |= 1 << cur;
        if (len == mv->n)
            return used == (1 << mv->n) - 1;
        int next = -1;
        for (int j = 0; j < mv->n; j++)
            for (int k = 3; k < 5; k++)
                if (!(used & (1 << j)) && grg_hex_eq(at[j], cdb_nb(at[cur], facing + k)))
                    next = j;
        cur = next;
    }
    return 0;
}

int cdb_group_is_column(const grg_game *g, const int *units, int n)
{
    cdb_move mv;
    cdb_move_init(g, &mv, units, n, CDB_DETACH_NONE, NULL);
    return is_column(&mv, mv.at, mv.facing);
}

static int wood_pass(const grg_game *g, grg_hex h, const void *ctx)
{
    (void)ctx;
    return cdb_terrain_at(g, h)->wood;
}

/* CDB-1.2.c: a wood hex may be entered from outside only by a unit that began its impulse in or
 * next to that wood (the wood's connected hexes). */
static int wood_reachable(const grg_game *g, grg_hex start, grg_hex h)
{
    cdb_field f;
    cdb_field_build(g, &f, h, 16, wood_pass, NULL, NULL, 0);
    if (cdb_field_get(&f, start) >= 0 && cdb_terrain_at(g, start)->wood)
        return 1;
    for (int k = 0; k < 6; k++)
        if (cdb_field_get(&f, cdb_nb(start, k)) >= 0)
            return 1;
    return 0;
}

/* CDB-8.2: may this piece pass through the stack whose top is o? */
static int may_pass(const grg_game *g, const cdb_move *mv, int i, int o, grg_verdict *why,
                    const cdb_board *b)
{
    char at[16] = "";
    if (why)
        cdb_label(g, g->units[o].hex, at, sizeof at);
    if (cdb_b_adjacent_enemy(g, b, g->units[o].side, g->units[o].hex))
        return grg_refuse(why, "CDB-8.2.a",
                          "%s cannot pass through %s at %s: it is next to an enemy",
                          cdb_name(g, mv->piece[i]), cdb_name(g, o), at);
    const cdb_type *m = cdb_type_of(g, mv->piece[i]), *t = cdb_type_of(g, o);
    int sr = cdb_same_or_reverse(g->units[o].facing, mv->facing);
    if (mv->flags & CDB_MF_SPONT) {
        if (!t->elephant)
            return 0;
    } else if (t->baggage && m->cls == CDB_FOOT) {
        return 0; /* CDB-8.2.d */
    } else if (sr && m->psiloi) {
        return 0; /* CDB-8.2.b */
    } else if (sr && t->psiloi && (g->units[mv->piece[i]].flags & CDB_UF_PSI_PASSED)) {
        return 0;
    } else if (sr && ((m->bowmen && t->blades) || (m->blades && t->bowmen))) {
        return 0; /* CDB-8.2.c */
    }
    return grg_refuse(why, "CDB-8.c",
                      "%s cannot pass through %s at %s (CDB-8.2 allows no exception here)",
                      cdb_name(g, mv->piece[i]), cdb_name(g, o), at);
}

static const cdb_rank *rank_entry(const cdb_data *d, int army_list, int front, int rear, int third)
{
    for (int r = 0; r < d->n_ranks; r++) {
        const cdb_rank *k = &d->ranks[r];
        if (k->front == front && k->rear == rear && k->third == third &&
            (!k->army_list || army_list))
            return k;
    }
    return NULL;
}

/* CDB-8.a, P6: may a stack be `types` (top first, n counters)? */
int cdb_stack_allowed(const cdb_data *d, int army_list, const int *types, int n)
{
    if (n <= 1)
        return 1;
    if (n > 3 || !rank_entry(d, army_list, types[0], types[1], 0))
        return 0;
    return n == 2 || rank_entry(d, army_list, types[0], types[2], 1);
}

/* CDB-P6: the rank entry of the n_th counter below top (1: second rank, 2: the extra Psiloi). */
const cdb_rank *cdb_rank_bonus(const grg_game *g, int top, int n_th)
{
    int cs[3], n = cdb_stack(g, g->units[top].hex, cs);
    if (n_th >= n)
        return NULL;
    return rank_entry(cdb_data_of(g), g->opt[CDB_OPT_ARMY_LIST_RANKS], g->units[cs[0]].type,
                      g->units[cs[n_th]].type, n_th == 2);
}

/* CDB-8.1.d/e: may the single counter of this impulse join the stack topped by o from direction
 * `dir` (the direction of the step)? A rearward join puts it on top (cdb_move_commit). */
static int may_join(const grg_game *g, const cdb_move *mv, int o, int dir, int mode,
                    const cdb_board *b)
{
    int m = mv->piece[0], os[3], k = cdb_b_stack(g, b, g->units[o].hex, os);
    if (mv->n != 1 || mv->pc[1] >= 0 || (mv->flags & CDB_MF_SPONT))
        return 0; /* CDB-8.1.f: no joining in a spontaneous advance */
    if (g->units[o].corps != g->units[m].corps || g->units[o].facing != mv->facing)
        return 0;
    int back = grg_facing_class(mv->facing, grg_dir_opposite(dir));
    int types[3];
    if (mode != CDB_MODE_REAR && back == GRG_REAR) {
        for (int j = 0; j < k; j++)
            types[j] = g->units[os[j]].type;
        types[k] = g->units[m].type;
        return cdb_stack_allowed(cdb_data_of(g), g->opt[CDB_OPT_ARMY_LIST_RANKS], types, k + 1);
    }
    if (mode == CDB_MODE_REAR && back == GRG_FRONTAL && k == 1) {
        types[0] = g->units[m].type;
        types[1] = g->units[o].type;
        return cdb_stack_allowed(cdb_data_of(g), g->opt[CDB_OPT_ARMY_LIST_RANKS], types, 2);
    }
    return 0;
}

/* CDB-7.2.a: leaving an enemy ZOC at the start of the impulse. */
static int may_leave_zoc(const grg_game *g, const cdb_move *mv, int i, int mode, grg_verdict *why,
                         const cdb_board *b)
{
    int u = mv->piece[i], z[6], n = cdb_b_zoc_on(g, b, g->units[u].side, mv->at[i], z);
    if (mode != CDB_MODE_REAR)
        return grg_refuse(
            why, "CDB-7.2.a",
            "%s is in an enemy zone of control and may leave it only by moving to the rear",
            cdb_name(g, u));
    int ma = cdb_move_ma(g, mv);
    for (int k = 0; k < n; k++) {
        int dir = grg_hex_direction_to(mv->at[i], g->units[z[k]].hex);
        if (dir >= 0 && grg_facing_class(mv->facing, dir) != GRG_FRONTAL)
            return grg_refuse(
                why, "CDB-7.2.a",
                "%s may not leave the zone of control of %s, which is on its flank or rear",
                cdb_name(g, u), cdb_name(g, z[k]));
        if (g->units[z[k]].ma >= ma)
            return grg_refuse(
                why, "CDB-7.2.a",
                "%s (MA %d) may leave the zone of control of %s (MA %d) only if it is faster",
                cdb_name(g, u), ma, cdb_name(g, z[k]), g->units[z[k]].ma);
    }
    return 0;
}

/* What a step changes in the impulse, apart from its MP: judged here, and copied into the impulse
 * after the step only by a caller that asks for it (legal wants the verdict alone). */
typedef struct step_change {
    grg_hex at[CDB_MAX_PIECES];
    int16_t pflags[CDB_MAX_PIECES];
    int16_t flags, mode;
} step_change;

/* Judges the entry of piece i into h (the k-th hex of a step of `dist` hexes in direction dir) and
 * updates c. */
static int enter(const grg_game *g, const cdb_move *mv, int i, grg_hex from, grg_hex h, int dir,
                 int last, step_change *c, grg_verdict *why, const cdb_board *b)
{
    const cdb_data *d = cdb_data_of(g);
    int u = mv->piece[i], side = g->units[u].side;
    char at[16] = "";
    if (why) /* labels only for messages */
        cdb_label(g, h, at, sizeof at);
    const grg_map *m = &g->sc->map;
    int hi = cdb_map_index(m, h);
    if (hi < 0)
        return grg_refuse(why, "CDB-9.1.c", "%s cannot leave the map", cdb_name(g, u));
    int cls = cdb_terrain_cls(g, h), scls = cdb_side_cls(g, from, dir);
    if (scls > cls)
        cls = scls;
    if (cls == CDB_IMPASSABLE)
        return grg_refuse(why, "CDB-P4", "%s cannot enter %s: impassable terrain", cdb_name(g, u),
                          at);
    int fi = cdb_map_index(m, from), road = fi >= 0 && (m->flags[fi] & m->flags[hi] & GRG_HEX_ROAD);
    if (cls == CDB_DIFFICULT && piece_has_chariot(g, mv, i) && !road)
        return grg_refuse(why, "CDB-9.6", "Chariots may not enter difficult terrain (%s)", at);
    if (cls == CDB_BROKEN && mv->n > 1 && piece_has_chariot(g, mv, i) && !road)
        return grg_refuse(why, "CDB-5.1.e",
                          "Chariots in broken terrain off the road move only as single units (%s)",
                          at);
    if (cdb_terrain_at(g, h)->wood && !cdb_terrain_at(g, from)->wood &&
        !wood_reachable(g, mv->start[i], h))
        return grg_refuse(why, "CDB-1.2.c",
                          "%s may enter the wood at %s only if it began its move next to it",
                          cdb_name(g, u), at);
    int os[3], no = others_at(g, mv, h, os, b);
    if (no > 0 && g->units[os[0]].side != side)
        return grg_refuse(why, "CDB-8.c", "%s cannot enter %s: it is occupied by the enemy %s",
                          cdb_name(g, u), at, cdb_name(g, os[0]));
    int join = 0;
    if (no == 0 && !last)
        return grg_refuse(why, "CDB-9.1.c",
                          "%s moves one hex at a time; a step of two hexes passes through a friend "
                          "(CDB-8.2), and %s is empty",
                          cdb_name(g, u), at);
    if (no > 0 && !last && may_pass(g, mv, i, os[0], why, b) < 0)
        return -1;
    if (no > 0 && last) {
        if (!may_join(g, mv, os[0], dir, c->mode, b))
            return grg_refuse(why, "CDB-8.c",
                              "%s cannot end its step in %s, occupied by %s (CDB-8.1.d: a rank "
                              "joins from the rear with the same facing)",
                              cdb_name(g, u), at, cdb_name(g, os[0]));
        join = 1;
    }
    if (cls == CDB_BROKEN)
        c->pflags[i] |= CDB_PF_BROKEN;
    if (cls == CDB_DIFFICULT)
        c->pflags[i] |= CDB_PF_DIFFICULT;
    int z[6], nz = cdb_b_zoc_on(g, b, side, h, z);
    if (nz > 0) {
        if (!last)
            return grg_refuse(why, "CDB-7.1.b", "%s would stop in the enemy zone of control at %s",
                              cdb_name(g, u), at);
        if (mv->flags & (CDB_MF_LEFT_ZOC | CDB_MF_START_ZOC))
            return grg_refuse(why, "CDB-7.2.b",
                              "%s left an enemy zone of control and may not enter another at %s",
                              cdb_name(g, u), at);
        for (int k = 0; k < nz; k++) {
            int fd = grg_hex_direction_to(h, g->units[z[k]].hex);
            if (fd < 0 || grg_facing_class(mv->facing, fd) != GRG_FRONTAL)
                return grg_refuse(
                    why, "CDB-7.1.c",
                    "%s may not enter %s: the zone of control of %s is not to its front",
                    cdb_name(g, u), at, cdb_name(g, z[k]));
        }
        c->flags |= CDB_MF_STOPPED;
    }
    int unreliable = (cdb_cst(g)->cflags[g->units[u].corps] & CDB_CF_UNRELIABLE) != 0;
    if (unreliable && cdb_b_enemy_within(g, b, side, h, d->unreliable_dist))
        return grg_refuse(why, "CDB-4.3.b",
                          "%s belongs to an unreliable allied corps and may not move within %d "
                          "hexes of the enemy (%s)",
                          cdb_name(g, u), d->unreliable_dist, at);
    if ((mv->flags & CDB_MF_STRATEGIC) && cdb_b_enemy_within(g, b, side, h, d->strategic))
        return grg_refuse(
            why, "CDB-9.3.b",
            "A second or later impulse may not come within %d hexes of the enemy (%s)",
            d->strategic, at);
    if (join)
        c->flags |= CDB_MF_STOPPED | CDB_MF_JOINED;
    return 0;
}

int cdb_move_step(const grg_game *g, const cdb_move *mv, int dir, int dist, cdb_move *next,
                  grg_verdict *why, const cdb_board *b)
{
    int u = mv->piece[0];
    if (mv->flags & CDB_MF_STOPPED)
        return grg_refuse(why, (mv->flags & CDB_MF_JOINED) ? "CDB-8.1.d" : "CDB-7.1.b",
                          "%s has stopped for this impulse", cdb_name(g, u));
    if (dist == 2 && mv->n > 1)
        return grg_refuse(why, "CDB-8.2", "A group cannot pass through other units");
    int mode = CDB_MODE_FORWARD;
    if (mv->facing >= 0) {
        int cls = grg_facing_class(mv->facing, dir);
        if (cls == GRG_FLANK_LEFT || cls == GRG_FLANK_RIGHT)
            return grg_refuse(why, "CDB-9.1.c",
                              "%s may move only into its frontal hexes, or to the rear (CDB-9.2)",
                              cdb_name(g, u));
        mode = cls == GRG_REAR ? CDB_MODE_REAR : CDB_MODE_FORWARD;
    }
    if (mv->mode != CDB_MODE_NONE && mv->mode != mode)
        return grg_refuse(why, "CDB-9.2",
                          "Forward and rearward movement may not be mixed in one impulse");
    if (mode == CDB_MODE_REAR && mv->n > 1 && !all_skirmishers(g, mv))
        return grg_refuse(why, "CDB-9.2",
                          "Only a single unit or a group of skirmishers may move to the rear");
    if (mode == CDB_MODE_REAR && mv->detach == CDB_DETACH_FRONT)
        return grg_refuse(why, "CDB-8.1.c", "The front rank may not move back alone");
    if (mode == CDB_MODE_FORWARD && mv->detach == CDB_DETACH_REAR)
        return grg_refuse(why, "CDB-8.1.c",
                          "The rear rank may move alone only into its rear hexes");
    int ma = cdb_move_ma(g, mv);
    if (mv->mp + dist > ma) {
        int16_t plain[CDB_MAX_PIECES] = {0};
        return grg_refuse(why,
                          ma < ma_with(g, mv, plain) ? "CDB-9.6"
                          : mv->n > 1                ? "CDB-9.4.b"
                                                     : "CDB-9.1.a",
                          "%s has %d movement points this impulse and has spent %d", cdb_name(g, u),
                          ma, mv->mp);
    }
    step_change c; /* after the quick refusals */
    memcpy(c.pflags, mv->pflags, sizeof c.pflags);
    c.flags = mv->flags;
    c.mode = (int16_t)mode;
    for (int i = 0; i < mv->n; i++) {
        if ((mv->flags & CDB_MF_START_ZOC) && !(mv->flags & CDB_MF_LEFT_ZOC) &&
            may_leave_zoc(g, mv, i, mode, why, b) < 0)
            return -1;
        grg_hex from = mv->at[i], h = from;
        for (int k = 1; k <= dist; k++) {
            grg_hex to = cdb_nb(h, dir);
            if (enter(g, mv, i, h, to, dir, k == dist, &c, why, b) < 0) {
                if (mv->n > 1 && why) {
                    grg_verdict inner = *why;
                    return grg_refuse(why, "CDB-9.4.c", "The group must move as a whole: %s (%s)",
                                      inner.message, inner.rule);
                }
                return -1;
            }
            h = to;
        }
        c.at[i] = h;
    }
    if (mv->flags & CDB_MF_START_ZOC)
        c.flags |= CDB_MF_LEFT_ZOC;
    int terrain = 0; /* the terrain entered marked a piece: its MA may be lower now (CDB-9.6) */
    for (int i = 0; i < mv->n; i++)
        terrain |= c.pflags[i] != mv->pflags[i];
    if (terrain)
        ma = ma_with(g, mv, c.pflags);
    if (mv->mp + dist > ma)
        return grg_refuse(
            why, "CDB-9.6",
            "%s has only %d movement points in an impulse through this terrain and has spent %d",
            cdb_name(g, u), ma, mv->mp);
    for (int i = 0; i < mv->n; i++)
        if (mv->n > 1 && cdb_terrain_cls(g, c.at[i]) == CDB_DIFFICULT &&
            !is_column(mv, c.at, mv->facing))
            return grg_refuse(why, "CDB-1.2.b",
                              "A group in difficult terrain must be a single column");
    if (next) {
        *next = *mv;
        memcpy(next->at, c.at, (size_t)mv->n * sizeof c.at[0]);
        memcpy(next->pflags, c.pflags, sizeof c.pflags);
        next->flags = c.flags;
        next->mode = c.mode;
        next->mp = (int16_t)(mv->mp + dist);
    }
    return 0;
}

int cdb_move_turn(const grg_game *g, const cdb_move *mv, int way, cdb_move *next, grg_verdict *why,
                  const cdb_board *b)
{
    int u = mv->piece[0];
    if (mv->facing < 0)
        return grg_refuse(why, "CDB-6.1", "Baggage has no facing");
    if (mv->flags & CDB_MF_STOPPED)
        return grg_refuse(why, (mv->flags & CDB_MF_JOINED) ? "CDB-8.1.d" : "CDB-7.1.b",
                          "%s has stopped for this impulse and may not turn", cdb_name(g, u));
    const cdb_data *d = cdb_data_of(g);
    int skirm = all_skirmishers(g, mv), cost = d->mp_vertex;
    /* CDB-6.2.c: a lone skirmisher turns up to 180 degrees (3 vertices) one way for 1 MP */
    if (mv->n == 1 && skirm && mv->run != 0 && (mv->run > 0) == (way > 0) &&
        (mv->run > 0 ? mv->run : -mv->run) < d->skirmisher_turn)
        cost = 0;
    int ma = cdb_move_ma(g, mv);
    if (!why && mv->mp + cost > ma)
        return -1; /* legal's question (the verdict alone): the refusal below, before the scans */
    for (int i = 0; i < mv->n; i++) {
        int z[6];
        if (cdb_b_zoc_on(g, b, g->units[u].side, mv->at[i], z) > 0)
            return grg_refuse(why, "CDB-6.2.d",
                              "%s is in the zone of control of %s and may not change facing",
                              cdb_name(g, mv->piece[i]), cdb_name(g, z[0]));
    }
    if (mv->mode == CDB_MODE_REAR)
        return grg_refuse(why, "CDB-9.2", "A unit moving to the rear keeps its facing");
    if (mv->n > 1 && !skirm && mv->turns >= 1)
        return grg_refuse(why, "CDB-6.2.b", "A group may change facing by one vertex per impulse");
    if (mv->mp + cost > ma)
        return grg_refuse(why, "CDB-6.2.a", "Turning costs 1 MP per vertex; %s has none left",
                          cdb_name(g, u));
    int facing = (mv->facing + (way > 0 ? 1 : 5)) % 6;
    for (int i = 0; i < mv->n; i++)
        if (mv->n > 1 && cdb_terrain_cls(g, mv->at[i]) == CDB_DIFFICULT &&
            !is_column(mv, mv->at, facing))
            return grg_refuse(why, "CDB-1.2.b",
                              "A group in difficult terrain must stay a single column");
    if (next) {
        *next = *mv;
        next->facing = (int16_t)facing;
        next->turns = (int16_t)(mv->turns + 1);
        next->run = (int16_t)((mv->run != 0 && (mv->run > 0) == (way > 0)) ? mv->run + way : way);
        next->mp = (int16_t)(mv->mp + cost);
    }
    return 0;
}
