/* Exact line of sight (spec A.6.1 geometry, A.6.2 policies) in integer arithmetic.
 *
 * Along the segment X(t) = A + t(B - A) between two hex centres we track the three pair-difference
 * coordinates f0 = q - r, f1 = r - s, f2 = s - q. The closed cell of hex H is |fk(X) - fk(H)| <= 1
 * for k = 0, 1, 2 (A.6.1); each edge lies on one line fk = fk(H) +-1 and faces one neighbour. Each
 * fk changes linearly with t, by dk = fk(B) - fk(A) over the whole segment, so the segment leaves
 * the cell of H through the k-side at t = nk / |dk|, with the integer
 * nk = 1 - sign(dk)(fk(A) - fk(H)).
 * The walk marches from cell to cell (O(dist) steps) comparing those fractions by cross
 * multiplication: an exit through one constraint crosses an edge; an exit through two at once
 * passes a vertex, and the sign of the third dk says which of the two hexes there is entered (the
 * other is grazed at the vertex) or, when it is zero, that the segment runs along their common side
 * (both grazed along an edge) to the vertex where the next hex on the same line is entered.
 *
 * With |q|, |r|, |s| <= GRG_HEX_COORD_MAX, |dk| <= 2^30 and nk <= |dk| + 3, so the products of the
 * cross multiplication stay below 2^62. */
#include "grognard/hex.h"

/* The walk's step is inlined into both of its callers: it is the whole inner loop of LOS. */
#if defined(__GNUC__)
#define LOS_INLINE __attribute__((always_inline)) inline
#else
#define LOS_INLINE inline
#endif

/* A.2.1 axial deltas. */
static const int32_t delta_q[6] = {+1, +1, 0, -1, -1, 0};
static const int32_t delta_r[6] = {0, -1, -1, 0, +1, +1};

/* Neighbour across the edge where fk reaches -1 ([k][0]) or +1 ([k][1]), relative to the cell. */
static const int across_dir[3][2] = {{GRG_SW, GRG_NE}, {GRG_NW, GRG_SE}, {GRG_E, GRG_W}};

/* The walk's state. The numerators and denominators are separate fields, only ever accessed by
 * constant names, so that once the step is inlined the compiler keeps them in registers; the
 * tables indexed by family are read-only after walker_init. */
typedef struct walker {
    int64_t n0, n1, n2;   /* exit numerators of the current cell, one per constraint family */
    int64_t m0, m1, m2;   /* |dk|; 0 when fk is constant along the segment (never exits) */
    int s[3];             /* sign(dk) */
    int32_t aq[3], ar[3]; /* axial step to the neighbour across each family's exit edge */
    int64_t inc[3][3];    /* change of n_j when the walk crosses the exit edge of family k */
    int64_t dq, dr;       /* B - A, axial, for left and right */
    grg_hex h, b;         /* current hex and target */
} walker;

/* What one step of the walk passed: the side it left the current hex by and what it entered. */
typedef enum step_kind {
    STEP_EDGE,   /* side from/to crossed through its inside, `to` entered */
    STEP_VERTEX, /* side from/to crossed through its end vertex, `graze` grazed at that vertex */
    STEP_RUN     /* side left/graze run along from t, then `to` entered at its far vertex at t2 */
} step_kind;

typedef struct step {
    step_kind kind;
    grg_hex from, to;    /* the hex left and the hex entered */
    grg_hex graze;       /* the hex grazed at the vertex, or the right hex of a run */
    grg_hex left;        /* the left hex of a run */
    int64_t tn, td, tn2; /* the side at tn/td; `to` entered at tn2/td (later only after a run) */
} step;

static void families(grg_hex h, int64_t f[3])
{
    int64_t q = h.q, r = h.r, s = -q - r;
    f[0] = q - r;
    f[1] = r - s;
    f[2] = s - q;
}

/* Start in a (all nk = 1: the centre is 1 away from each side). Crossing the exit edge of family k
 * moves to a hex whose fk is larger by 2 sign(dk) and whose other two are smaller by sign(dk), so
 * nk grows by 2 and each other nj by -sign(dj) sign(dk): the table inc. A family with dk = 0 keeps
 * nk = 1, mk = 0 for good, which the exit comparison treats as never. */
static LOS_INLINE void walker_init(walker *w, grg_hex a, grg_hex b)
{
    int64_t fa[3], fb[3], m[3];
    families(a, fa);
    families(b, fb);
    for (int k = 0; k < 3; k++) {
        int64_t d = fb[k] - fa[k];
        int dir = across_dir[k][d > 0];
        w->s[k] = (d > 0) - (d < 0);
        m[k] = d < 0 ? -d : d;
        w->aq[k] = delta_q[dir];
        w->ar[k] = delta_r[dir];
    }
    w->m0 = m[0];
    w->m1 = m[1];
    w->m2 = m[2];
    w->n0 = w->n1 = w->n2 = 1;
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 3; j++)
            w->inc[k][j] = j == k ? 2 : -(int64_t)w->s[j] * w->s[k];
    w->dq = (int64_t)b.q - a.q;
    w->dr = (int64_t)b.r - a.r;
    w->h = a;
    w->b = b;
}

/* Move the exit numerators to the cell across the exit edge of family k. */
static LOS_INLINE void cross_family(walker *w, int k)
{
    w->n0 += w->inc[k][0];
    w->n1 += w->inc[k][1];
    w->n2 += w->inc[k][2];
}

static inline grg_hex across(const walker *w, grg_hex h, int k)
{
    return grg_hex_make(h.q + w->aq[k], h.r + w->ar[k]);
}

/* A.6.1: one step from the current cell to the next one entered; returns 1 when that is b (the
 * walk is over), else 0. Must not be called with a == b. */
static LOS_INLINE int walker_step(walker *w, step *st)
{
    /* Earliest exit of the current cell: k1, and k2 when a second constraint ties (vertex). A
     * family with m = 0 compares as never: n * 0 against the other's positive m. */
    int64_t c = w->n1 * w->m0 - w->n0 * w->m1;
    int k1 = c < 0, k2 = c == 0 ? 1 : -1;
    int64_t tn = k1 ? w->n1 : w->n0, td = k1 ? w->m1 : w->m0;
    c = w->n2 * td - tn * w->m2;
    if (c < 0) {
        k1 = 2;
        k2 = -1;
        tn = w->n2;
        td = w->m2;
    } else if (c == 0) {
        k2 = 2;
    }
    grg_hex h = w->h, p = across(w, h, k1);
    st->from = h;
    st->tn = st->tn2 = tn;
    st->td = td;
    if (k2 < 0) { /* through the inside of an edge */
        st->kind = STEP_EDGE;
        cross_family(w, k1);
    } else {
        int k3 = 3 - k1 - k2;
        grg_hex q = across(w, h, k2);
        if (w->s[k3] == 0) {
            /* A.6.1 run along the side P/Q, then enter R = P + Q - H at the far vertex of that
             * side, 1/|dk1| later; no side is crossed on the way. */
            int64_t vq = (int64_t)p.q - h.q, vr = (int64_t)p.r - h.r;
            int p_left = w->dr * vq - w->dq * vr > 0;
            st->kind = STEP_RUN;
            st->left = p_left ? p : q;
            st->graze = p_left ? q : p;
            st->tn2 = st->tn + 1;
            cross_family(w, k1);
            cross_family(w, k2);
            p = grg_hex_make(p.q + q.q - h.q, p.r + q.r - h.r);
        } else {
            /* A.6.1 through a vertex: into the hex on the side the third constraint moves to; the
             * side is crossed through its end vertex, the other hex grazed at it. */
            st->kind = STEP_VERTEX;
            if (w->s[k3] != -w->s[k1]) {
                grg_hex t = p;
                p = q;
                q = t;
                k1 = k2;
            }
            st->graze = q;
            cross_family(w, k1);
        }
    }
    st->to = p;
    w->h = p;
    return grg_hex_eq(p, w->b);
}

/* Euclid on 0 <= x, 0 < y; in 32 bits when both fit, as 64-bit division is several times slower. */
static int64_t gcd64(int64_t x, int64_t y)
{
    if (x <= UINT32_MAX && y <= UINT32_MAX) {
        uint32_t a = (uint32_t)x, b = (uint32_t)y;
        while (b != 0) {
            uint32_t t = a % b;
            a = b;
            b = t;
        }
        return a;
    }
    while (y != 0) {
        int64_t t = x % y;
        x = y;
        y = t;
    }
    return x;
}

static void make_item(grg_los_item *item, grg_los_kind kind, grg_hex hex, grg_hex other,
                      int64_t num, int64_t den)
{
    int64_t g = gcd64(num, den);
    item->kind = kind;
    item->hex = hex;
    item->other = other;
    item->t_num = num / g;
    item->t_den = den / g;
}

static int visit_item(grg_los_visit visit, void *ctx, grg_los_kind kind, grg_hex hex, grg_hex other,
                      int64_t num, int64_t den)
{
    grg_los_item item;
    make_item(&item, kind, hex, other, num, den);
    return visit(ctx, &item);
}

/* A.6.1: the items of each step, in order of t, sides before the hexes entered through them. */
int grg_los_walk(grg_hex a, grg_hex b, grg_los_visit visit, void *ctx)
{
    walker w;
    step st;
    int last, rc;

    if (!visit || grg_hex_eq(a, b))
        return 0;
    walker_init(&w, a, b);
    do {
        last = walker_step(&w, &st);
        switch (st.kind) {
        case STEP_EDGE:
            rc = visit_item(visit, ctx, GRG_LOS_SIDE_CROSSED, st.from, st.to, st.tn, st.td);
            break;
        case STEP_VERTEX:
            if ((rc = visit_item(visit, ctx, GRG_LOS_SIDE_CROSSED, st.from, st.to, st.tn, st.td)))
                break;
            rc = visit_item(visit, ctx, GRG_LOS_GRAZED_VERTEX, st.graze, st.graze, st.tn, st.td);
            break;
        default:
            if ((rc = visit_item(visit, ctx, GRG_LOS_SIDE_RUN, st.left, st.graze, st.tn, st.td)) ||
                (rc = visit_item(visit, ctx, GRG_LOS_GRAZED_EDGE, st.left, st.left, st.tn, st.td)))
                break;
            rc = visit_item(visit, ctx, GRG_LOS_GRAZED_EDGE, st.graze, st.graze, st.tn, st.td);
            break;
        }
        if (rc)
            return rc;
        if (!last && (rc = visit_item(visit, ctx, GRG_LOS_CROSSED, st.to, st.to, st.tn2, st.td)))
            return rc;
    } while (!last);
    return 0;
}

static inline int hex_blocks_at(grg_hex_pred pred, void *ctx, grg_hex h)
{
    return pred && pred(ctx, h);
}

/* Which item of a step blocks (A.6.2), if any. */
typedef enum step_block {
    BLOCK_NONE,
    BLOCK_SIDE,  /* the side crossed or run along */
    BLOCK_GRAZE, /* the hex grazed at the vertex, or the right hex of a run */
    BLOCK_LEFT,  /* the left hex of a run */
    BLOCK_TO     /* the hex entered */
} step_block;

/* The item of a step that `which` names, t in lowest terms. */
static void step_item(const step *st, step_block which, grg_los_item *item)
{
    int run = st->kind == STEP_RUN;
    switch (which) {
    case BLOCK_SIDE:
        if (run)
            make_item(item, GRG_LOS_SIDE_RUN, st->left, st->graze, st->tn, st->td);
        else
            make_item(item, GRG_LOS_SIDE_CROSSED, st->from, st->to, st->tn, st->td);
        break;
    case BLOCK_GRAZE:
        make_item(item, run ? GRG_LOS_GRAZED_EDGE : GRG_LOS_GRAZED_VERTEX, st->graze, st->graze,
                  st->tn, st->td);
        break;
    case BLOCK_LEFT:
        make_item(item, GRG_LOS_GRAZED_EDGE, st->left, st->left, st->tn, st->td);
        break;
    default:
        make_item(item, GRG_LOS_CROSSED, st->to, st->to, st->tn2, st->td);
        break;
    }
}

/* A.6.2 on one step, items in order of t. STRICT: any intermediate hex blocks; LENIENT: crossed
 * hexes, and a run-along side whose two hexes both block (reported as the side item). Items
 * side_blocks accepts block under both policies. The last step enters b, which never blocks. */
static LOS_INLINE step_block step_blocks(const step *st, int last, grg_los_policy policy,
                                         grg_hex_pred hex_blocks, grg_side_pred side_blocks,
                                         void *ctx)
{
    int strict = policy == GRG_LOS_STRICT;

    if (side_blocks) {
        grg_los_item side;
        step_item(st, BLOCK_SIDE, &side);
        if (side_blocks(ctx, &side))
            return BLOCK_SIDE;
    }
    if (st->kind == STEP_RUN) {
        if (strict) {
            if (hex_blocks_at(hex_blocks, ctx, st->left))
                return BLOCK_LEFT;
            if (hex_blocks_at(hex_blocks, ctx, st->graze))
                return BLOCK_GRAZE;
        } else if (hex_blocks_at(hex_blocks, ctx, st->left) &&
                   hex_blocks_at(hex_blocks, ctx, st->graze)) {
            return BLOCK_SIDE;
        }
    } else if (st->kind == STEP_VERTEX && strict && hex_blocks_at(hex_blocks, ctx, st->graze)) {
        return BLOCK_GRAZE;
    }
    if (!last && hex_blocks_at(hex_blocks, ctx, st->to))
        return BLOCK_TO;
    return BLOCK_NONE;
}

/* A.5.1: dist(a, b) <= 1, inline for the hot path. */
static inline int within_one(grg_hex a, grg_hex b)
{
    int64_t dq = (int64_t)b.q - a.q, dr = (int64_t)b.r - a.r, ds = -dq - dr;
    return (dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds) <= 2;
}

/* A.6.1/A.6.2: LOS to the same or an adjacent hex is always clear; otherwise the first blocking
 * item of the walk, if any, decides. */
int grg_los_clear(grg_hex a, grg_hex b, grg_los_policy policy, grg_hex_pred hex_blocks,
                  grg_side_pred side_blocks, void *ctx, grg_los_item *blocked_at)
{
    walker w;
    step st;
    int last;

    if (within_one(a, b))
        return 1;
    walker_init(&w, a, b);
    do {
        last = walker_step(&w, &st);
        step_block which = step_blocks(&st, last, policy, hex_blocks, side_blocks, ctx);
        if (which != BLOCK_NONE) {
            if (blocked_at)
                step_item(&st, which, blocked_at);
            return 0;
        }
    } while (!last);
    return 1;
}
