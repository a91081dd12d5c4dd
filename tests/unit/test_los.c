/* Unit tests for src/hex/los.c: the worked examples and policy sentences of spec A.6.5, A.6.1/A.6.2
 * edge cases, and a brute-force cross-check of the walk against a direct evaluation of the
 * closed-cell conditions of A.6.1 over every candidate hex. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/hex.h"
#include "xorshift.h"

static grg_hex L(const char *label)
{
    grg_hex h = {0, 0};
    assert_int_equal(grg_hex_parse(label, &h), 0);
    return h;
}

static grg_hex A(int32_t q, int32_t r) { return grg_hex_make(q, r); }

static uint64_t rng_state = 0x2545f4914f6cdd1du;
static uint64_t xorshift(void) { return xorshift64(&rng_state); }
static int32_t rand_in(int32_t lo, int32_t hi) { return xorshift_in(&rng_state, lo, hi); }

/* ---- recording walks ------------------------------------------------------------------------ */

typedef struct rec {
    grg_los_item *items;
    int n, cap;
    int stop_at; /* return 7 from the visitor at this item (1-based), 0: never */
} rec;

static int record(void *ctx, const grg_los_item *item)
{
    rec *r = ctx;
    assert_true(r->n < r->cap);
    r->items[r->n++] = *item;
    return r->stop_at && r->n == r->stop_at ? 7 : 0;
}

static void rec_init(rec *r, int dist)
{
    r->cap = 8 * dist + 16;
    r->items = calloc((size_t)r->cap, sizeof *r->items);
    assert_non_null(r->items);
    r->n = 0;
    r->stop_at = 0;
}

static void walk_rec(grg_hex a, grg_hex b, rec *r)
{
    rec_init(r, grg_hex_distance(a, b));
    assert_int_equal(grg_los_walk(a, b, record, r), 0);
}

/* ---- A.6.5 worked examples ------------------------------------------------------------------ */

enum {
    C = GRG_LOS_CROSSED,
    GE = GRG_LOS_GRAZED_EDGE,
    GV = GRG_LOS_GRAZED_VERTEX,
    SC = GRG_LOS_SIDE_CROSSED,
    SR = GRG_LOS_SIDE_RUN
};

typedef struct want {
    int kind;
    const char *hex, *other; /* other NULL for hex items */
    int64_t num, den;
} want;

static void check_items(const rec *r, const want *w, int n)
{
    assert_int_equal(r->n, n);
    for (int i = 0; i < n; i++) {
        const grg_los_item *it = &r->items[i];
        grg_hex h = L(w[i].hex), o = w[i].other ? L(w[i].other) : h;
        assert_int_equal(it->kind, w[i].kind);
        assert_true(grg_hex_eq(it->hex, h));
        assert_true(grg_hex_eq(it->other, o));
        assert_int_equal(it->t_num, w[i].num);
        assert_int_equal(it->t_den, w[i].den);
    }
}

/* A.6.5 0505 -> 0906: crossed 0605 0705 0706 0806; 0606 grazed at a vertex (t = 1/3), 0805 at a
 * vertex (t = 2/3); sides 0605/0705 and 0706/0806 crossed through the corners. */
static void test_A_6_5_0906(void **state)
{
    (void)state;
    const want w[] = {
        {SC, "0505", "0605", 1, 9}, {C, "0605", NULL, 1, 9},    {SC, "0605", "0705", 1, 3},
        {GV, "0606", NULL, 1, 3},   {C, "0705", NULL, 1, 3},    {SC, "0705", "0706", 1, 2},
        {C, "0706", NULL, 1, 2},    {SC, "0706", "0806", 2, 3}, {GV, "0805", NULL, 2, 3},
        {C, "0806", NULL, 2, 3},    {SC, "0806", "0906", 8, 9},
    };
    rec r;
    assert_int_equal(grg_hex_distance(L("0505"), L("0906")), 5);
    walk_rec(L("0505"), L("0906"), &r);
    check_items(&r, w, (int)(sizeof w / sizeof w[0]));
    free(r.items);
}

/* A.6.5 0505 -> 1106: 8 crossed hexes, nothing grazed, the 9 sides between consecutive hexes;
 * 0706 is crossed only for t in (3/8, 2/5). */
static void test_A_6_5_1106(void **state)
{
    (void)state;
    const want w[] = {
        {SC, "0505", "0605", 1, 13}, {C, "0605", NULL, 1, 13},     {SC, "0605", "0705", 3, 13},
        {C, "0705", NULL, 3, 13},    {SC, "0705", "0706", 3, 8},   {C, "0706", NULL, 3, 8},
        {SC, "0706", "0805", 2, 5},  {C, "0805", NULL, 2, 5},      {SC, "0805", "0806", 1, 2},
        {C, "0806", NULL, 1, 2},     {SC, "0806", "0905", 3, 5},   {C, "0905", NULL, 3, 5},
        {SC, "0905", "0906", 5, 8},  {C, "0906", NULL, 5, 8},      {SC, "0906", "1006", 10, 13},
        {C, "1006", NULL, 10, 13},   {SC, "1006", "1106", 12, 13},
    };
    rec r;
    assert_int_equal(grg_hex_distance(L("0505"), L("1106")), 7);
    walk_rec(L("0505"), L("1106"), &r);
    check_items(&r, w, (int)(sizeof w / sizeof w[0]));
    free(r.items);
}

/* A.6.5 0505 -> 0803: crossed 0604; 0504, 0605 grazed along an edge (t = 1/6 ... 1/3), 0703, 0704
 * along an edge (t = 2/3 ... 5/6); sides 0504/0605 and 0703/0704 run along, none crossed. The run's
 * hexes come left of the direction of travel first. */
static void test_A_6_5_0803(void **state)
{
    (void)state;
    const want w[] = {
        {SR, "0504", "0605", 1, 6}, {GE, "0504", NULL, 1, 6},   {GE, "0605", NULL, 1, 6},
        {C, "0604", NULL, 1, 3},    {SR, "0703", "0704", 2, 3}, {GE, "0703", NULL, 2, 3},
        {GE, "0704", NULL, 2, 3},
    };
    rec r;
    assert_int_equal(grg_hex_distance(L("0505"), L("0803")), 4);
    walk_rec(L("0505"), L("0803"), &r);
    check_items(&r, w, (int)(sizeof w / sizeof w[0]));
    free(r.items);
}

/* A.6.5: the +-epsilon samples of the line drawing miss 0706 and 0905 on 0505 -> 1106, which is
 * why the sampled hexes are not the definition (A.6.1). */
static void cube_round_hex(double q, double r, double s, grg_hex *out)
{
    double rq = round(q), rr = round(r), rs = round(s);
    double dq = fabs(rq - q), dr = fabs(rr - r), ds = fabs(rs - s);
    if (dq > dr && dq > ds)
        rq = -rr - rs;
    else if (dr > ds)
        rr = -rq - rs;
    *out = A((int32_t)rq, (int32_t)rr);
}

static void test_A_6_5_1106_samples_miss(void **state)
{
    (void)state;
    grg_hex a = L("0505"), b = L("1106");
    int n = grg_hex_distance(a, b);
    for (int sign = -1; sign <= 1; sign += 2) {
        double e[3] = {1e-6 * sign, 2e-6 * sign, -3e-6 * sign};
        double aq = a.q + e[0], ar = a.r + e[1], as = -a.q - a.r + e[2];
        double bq = b.q + e[0], br = b.r + e[1], bs = -b.q - b.r + e[2];
        for (int i = 0; i <= n; i++) {
            double t = (double)i / n;
            grg_hex h;
            cube_round_hex(aq + (bq - aq) * t, ar + (br - ar) * t, as + (bs - as) * t, &h);
            assert_false(grg_hex_eq(h, L("0706")));
            assert_false(grg_hex_eq(h, L("0905")));
        }
    }
}

/* ---- A.6.2 policies ------------------------------------------------------------------------- */

typedef struct blockers {
    grg_hex hex[8];
    int n;
    int side_kind;          /* side items of this kind block (-1: none) */
    grg_hex side_a, side_b; /* ... when they join these two hexes (either order) */
} blockers;

static int hex_blocks(void *ctx, grg_hex h)
{
    const blockers *b = ctx;
    for (int i = 0; i < b->n; i++)
        if (grg_hex_eq(b->hex[i], h))
            return 1;
    return 0;
}

static int side_blocks(void *ctx, const grg_los_item *item)
{
    const blockers *b = ctx;
    return (int)item->kind == b->side_kind &&
           ((grg_hex_eq(item->hex, b->side_a) && grg_hex_eq(item->other, b->side_b)) ||
            (grg_hex_eq(item->hex, b->side_b) && grg_hex_eq(item->other, b->side_a)));
}

static blockers block_at(const char *x, const char *y)
{
    blockers b;
    memset(&b, 0, sizeof b);
    b.side_kind = -1;
    if (x)
        b.hex[b.n++] = L(x);
    if (y)
        b.hex[b.n++] = L(y);
    return b;
}

static int clear(const char *from, const char *to, grg_los_policy p, blockers *b, grg_los_item *at)
{
    return grg_los_clear(L(from), L(to), p, hex_blocks, side_blocks, b, at);
}

static void assert_item(const grg_los_item *it, int kind, const char *hex, const char *other,
                        int64_t num, int64_t den)
{
    assert_int_equal(it->kind, kind);
    assert_true(grg_hex_eq(it->hex, L(hex)));
    assert_true(grg_hex_eq(it->other, L(other ? other : hex)));
    assert_int_equal(it->t_num, num);
    assert_int_equal(it->t_den, den);
}

/* A.6.5: a blocking hex only at 0606 blocks 0505 -> 0906 under STRICT, not under LENIENT. */
static void test_A_6_5_policy_0606(void **state)
{
    (void)state;
    blockers b = block_at("0606", NULL);
    grg_los_item at;
    assert_int_equal(clear("0505", "0906", GRG_LOS_STRICT, &b, &at), 0);
    assert_item(&at, GV, "0606", NULL, 1, 3);
    assert_int_equal(clear("0505", "0906", GRG_LOS_LENIENT, &b, &at), 1);
    assert_int_equal(clear("0906", "0505", GRG_LOS_STRICT, &b, NULL), 0); /* A.6.4 */
    assert_int_equal(clear("0906", "0505", GRG_LOS_LENIENT, &b, NULL), 1);
}

/* A.6.5: only 0605 blocks: 0505 -> 0803 blocked under STRICT, clear under LENIENT. */
static void test_A_6_5_policy_0605(void **state)
{
    (void)state;
    blockers b = block_at("0605", NULL);
    grg_los_item at;
    assert_int_equal(clear("0505", "0803", GRG_LOS_STRICT, &b, &at), 0);
    assert_item(&at, GE, "0605", NULL, 1, 6);
    assert_int_equal(clear("0505", "0803", GRG_LOS_LENIENT, &b, &at), 1);
    assert_int_equal(clear("0803", "0505", GRG_LOS_LENIENT, &b, &at), 1);
}

/* A.6.5: 0605 and 0504 both block: 0505 -> 0803 blocked under both policies. Under LENIENT the run
 * along side 0504/0605 is what blocks and is reported. */
static void test_A_6_5_policy_0605_0504(void **state)
{
    (void)state;
    blockers b = block_at("0605", "0504");
    grg_los_item at;
    assert_int_equal(clear("0505", "0803", GRG_LOS_STRICT, &b, &at), 0);
    assert_item(&at, GE, "0504", NULL, 1, 6);
    assert_int_equal(clear("0505", "0803", GRG_LOS_LENIENT, &b, &at), 0);
    assert_item(&at, SR, "0504", "0605", 1, 6);
    assert_int_equal(clear("0803", "0505", GRG_LOS_LENIENT, &b, &at), 0);
    assert_int_equal(at.kind, SR);
    assert_int_equal(at.t_num, 2);
    assert_int_equal(at.t_den, 3);
}

/* A.6.5: a blocking hex at 0706 blocks 0505 -> 1106 under both policies, although the segment
 * crosses it only for t in (3/8, 2/5). */
static void test_A_6_5_policy_0706(void **state)
{
    (void)state;
    blockers b = block_at("0706", NULL);
    grg_los_item at;
    assert_int_equal(clear("0505", "1106", GRG_LOS_STRICT, &b, &at), 0);
    assert_item(&at, C, "0706", NULL, 3, 8);
    assert_int_equal(clear("0505", "1106", GRG_LOS_LENIENT, &b, &at), 0);
    assert_item(&at, C, "0706", NULL, 3, 8);
    b = block_at("0905", NULL);
    assert_int_equal(clear("0505", "1106", GRG_LOS_LENIENT, &b, &at), 0);
    assert_item(&at, C, "0905", NULL, 3, 5);
}

/* A.6.2: the first blocking item in order of t is reported. */
static void test_A_6_2_first_blocker(void **state)
{
    (void)state;
    blockers b = block_at("0806", "0705");
    grg_los_item at;
    assert_int_equal(clear("0505", "0906", GRG_LOS_STRICT, &b, &at), 0);
    assert_item(&at, C, "0705", NULL, 1, 3);
    b = block_at("0606", "0705"); /* both at t = 1/3: the grazed hex comes before the entered one */
    assert_int_equal(clear("0505", "0906", GRG_LOS_STRICT, &b, &at), 0);
    assert_item(&at, GV, "0606", NULL, 1, 3);
    assert_int_equal(clear("0505", "0906", GRG_LOS_LENIENT, &b, &at), 0);
    assert_item(&at, C, "0705", NULL, 1, 3);
}

/* A.6.2: hexsides the side predicate accepts block under both policies, crossed (also through a
 * vertex) or run along. */
static void test_A_6_2_side_blocks(void **state)
{
    (void)state;
    blockers b = block_at(NULL, NULL);
    grg_los_item at;
    b.side_kind = SC;
    b.side_a = L("0605");
    b.side_b = L("0705");
    for (int p = 0; p <= 1; p++) {
        assert_int_equal(clear("0505", "0906", (grg_los_policy)p, &b, &at), 0);
        assert_item(&at, SC, "0605", "0705", 1, 3);
        assert_int_equal(clear("0906", "0505", (grg_los_policy)p, &b, &at), 0);
        assert_item(&at, SC, "0705", "0605", 2, 3);
    }
    b.side_kind = SR;
    b.side_a = L("0703");
    b.side_b = L("0704");
    for (int p = 0; p <= 1; p++) {
        assert_int_equal(clear("0505", "0803", (grg_los_policy)p, &b, &at), 0);
        assert_item(&at, SR, "0703", "0704", 2, 3);
    }
    /* The side into the target hex counts too. */
    b.side_kind = SC;
    b.side_a = L("0806");
    b.side_b = L("0906");
    assert_int_equal(clear("0505", "0906", GRG_LOS_LENIENT, &b, &at), 0);
    assert_item(&at, SC, "0806", "0906", 8, 9);
}

static int always(void *ctx, grg_hex h)
{
    (void)ctx;
    (void)h;
    return 1;
}

static int always_side(void *ctx, const grg_los_item *item)
{
    (void)ctx;
    (void)item;
    return 1;
}

/* A.6.1: LOS(a, a) and LOS to an adjacent hex are always clear and have no intermediate hexes; the
 * walk reports the one side between adjacent hexes. */
static void test_A_6_1_same_and_adjacent(void **state)
{
    (void)state;
    grg_hex h = L("0505");
    rec r;
    for (int p = 0; p <= 1; p++) {
        assert_int_equal(grg_los_clear(h, h, (grg_los_policy)p, always, always_side, NULL, NULL),
                         1);
        for (int d = 0; d < 6; d++)
            assert_int_equal(grg_los_clear(h, grg_hex_neighbour(h, d), (grg_los_policy)p, always,
                                           always_side, NULL, NULL),
                             1);
    }
    walk_rec(h, h, &r);
    assert_int_equal(r.n, 0);
    free(r.items);
    for (int d = 0; d < 6; d++) {
        grg_hex n = grg_hex_neighbour(h, d);
        walk_rec(h, n, &r);
        assert_int_equal(r.n, 1);
        assert_int_equal(r.items[0].kind, SC);
        assert_true(grg_hex_eq(r.items[0].hex, h));
        assert_true(grg_hex_eq(r.items[0].other, n));
        assert_int_equal(r.items[0].t_num, 1);
        assert_int_equal(r.items[0].t_den, 2);
        free(r.items);
    }
    /* Nothing blocks without predicates. */
    assert_int_equal(grg_los_clear(h, L("1106"), GRG_LOS_STRICT, NULL, NULL, NULL, NULL), 1);
    assert_int_equal(grg_los_clear(h, L("1106"), GRG_LOS_STRICT, always, NULL, NULL, NULL), 0);
    assert_int_equal(grg_los_walk(h, L("1106"), NULL, NULL), 0);
}

/* A.6.1: a nonzero visitor value stops the walk and is returned. */
static void test_A_6_1_early_stop(void **state)
{
    (void)state;
    rec r;
    rec_init(&r, 7);
    r.stop_at = 3;
    assert_int_equal(grg_los_walk(L("0505"), L("1106"), record, &r), 7);
    assert_int_equal(r.n, 3);
    free(r.items);
}

/* ---- brute force (A.6.1 closed-cell conditions, evaluated directly) ------------------------- */

typedef struct frac {
    int64_t n, d; /* d > 0 */
} frac;

static int fcmp(frac x, frac y)
{
    int64_t l = x.n * y.d, r = y.n * x.d;
    return (l > r) - (l < r);
}

static frac fmake(int64_t n, int64_t d)
{
    frac f;
    if (d < 0) {
        n = -n;
        d = -d;
    }
    int64_t x = n < 0 ? -n : n, y = d;
    while (y) {
        int64_t t = x % y;
        x = y;
        y = t;
    }
    f.n = x ? n / x : 0;
    f.d = x ? d / x : 1;
    return f;
}

static void fam(grg_hex h, int64_t f[3])
{
    int64_t q = h.q, r = h.r, s = -q - r;
    f[0] = q - r;
    f[1] = r - s;
    f[2] = s - q;
}

typedef struct cell {
    grg_hex h;
    int kind; /* C, GE, GV, or -1 for an endpoint */
    frac lo, hi;
} cell;

/* A.6.1: intersect the three conditions |(X_k) - (H_k)| <= 1 over t in [0, 1]. */
static int closed_cell(grg_hex a, grg_hex b, grg_hex h, cell *out)
{
    int64_t fa[3], fb[3], fh[3];
    frac lo = {0, 1}, hi = {1, 1};
    int on_edge = 0;
    fam(a, fa);
    fam(b, fb);
    fam(h, fh);
    for (int k = 0; k < 3; k++) {
        int64_t c = fa[k] - fh[k], d = fb[k] - fa[k];
        if (d == 0) {
            if (c > 1 || c < -1)
                return 0;
            on_edge |= c == 1 || c == -1;
            continue;
        }
        frac t1 = fmake(-1 - c, d), t2 = fmake(1 - c, d);
        if (fcmp(t1, t2) > 0) {
            frac t = t1;
            t1 = t2;
            t2 = t;
        }
        if (fcmp(t1, lo) > 0)
            lo = t1;
        if (fcmp(t2, hi) < 0)
            hi = t2;
    }
    if (fcmp(lo, hi) > 0)
        return 0;
    out->h = h;
    out->lo = lo;
    out->hi = hi;
    out->kind = fcmp(lo, hi) == 0 ? GV : on_edge ? GE : C;
    return 1;
}

static int64_t min64(int64_t x, int64_t y) { return x < y ? x : y; }
static int64_t max64(int64_t x, int64_t y) { return x > y ? x : y; }

/* Every item the walk must report, found from the definitions of A.6.1 alone. */
static int brute_force(grg_hex a, grg_hex b, grg_los_item **items_out)
{
    int64_t as = -(int64_t)a.q - a.r, bs = -(int64_t)b.q - b.r;
    int64_t dq = (int64_t)b.q - a.q, dr = (int64_t)b.r - a.r;
    size_t cap = 64, n = 0, ncells = 0, cells_cap = 64;
    cell *cells = malloc(cells_cap * sizeof *cells);
    grg_los_item *items = malloc(cap * sizeof *items);
    assert_non_null(cells);
    assert_non_null(items);

    for (int64_t q = min64(a.q, b.q); q <= max64(a.q, b.q); q++) {
        for (int64_t r = min64(a.r, b.r); r <= max64(a.r, b.r); r++) {
            int64_t s = -q - r;
            cell c;
            if (s < min64(as, bs) || s > max64(as, bs))
                continue;
            if (!closed_cell(a, b, A((int32_t)q, (int32_t)r), &c))
                continue;
            if (grg_hex_eq(c.h, a) || grg_hex_eq(c.h, b))
                c.kind = -1;
            if (ncells == cells_cap) {
                cells_cap *= 2;
                cells = realloc(cells, cells_cap * sizeof *cells);
                assert_non_null(cells);
            }
            cells[ncells++] = c;
        }
    }
    for (size_t i = 0; i < ncells; i++) {
        for (size_t j = 0; j < ncells + 1; j++) {
            grg_los_item it;
            const cell *p = &cells[i], *q = j < ncells ? &cells[j] : NULL;
            memset(&it, 0, sizeof it);
            if (!q) { /* the hex itself */
                if (p->kind < 0)
                    continue;
                it.kind = (grg_los_kind)p->kind;
                it.hex = it.other = p->h;
                it.t_num = p->lo.n;
                it.t_den = p->lo.d;
            } else if (grg_hex_direction_to(p->h, q->h) < 0) {
                continue;
            } else if ((p->kind == C || p->kind < 0) && (q->kind == C || q->kind < 0) &&
                       fcmp(p->hi, q->lo) == 0) {
                /* from inside p into inside q at a point of their side */
                it.kind = GRG_LOS_SIDE_CROSSED;
                it.hex = p->h;
                it.other = q->h;
                it.t_num = p->hi.n;
                it.t_den = p->hi.d;
            } else if (p->kind == GE && q->kind == GE && fcmp(p->lo, q->lo) == 0 &&
                       fcmp(p->hi, q->hi) == 0 &&
                       dr * ((int64_t)p->h.q - a.q) - dq * ((int64_t)p->h.r - a.r) > 0) {
                /* the side both run along; p is left of a -> b */
                it.kind = GRG_LOS_SIDE_RUN;
                it.hex = p->h;
                it.other = q->h;
                it.t_num = p->lo.n;
                it.t_den = p->lo.d;
            } else {
                continue;
            }
            if (n == cap) {
                cap *= 2;
                items = realloc(items, cap * sizeof *items);
                assert_non_null(items);
            }
            items[n++] = it;
        }
    }
    free(cells);
    *items_out = items;
    return (int)n;
}

static int same_item(const grg_los_item *x, const grg_los_item *y)
{
    return x->kind == y->kind && grg_hex_eq(x->hex, y->hex) && grg_hex_eq(x->other, y->other) &&
           x->t_num == y->t_num && x->t_den == y->t_den;
}

/* The walk reports exactly the brute-force items, in nondecreasing t, every hex between a and b,
 * each side before the hex entered through it. */
static void cross_check(grg_hex a, grg_hex b)
{
    rec r;
    grg_los_item *want;
    int n = brute_force(a, b, &want), dab = grg_hex_distance(a, b);
    walk_rec(a, b, &r);
    if (r.n != n)
        fail_msg("(%d,%d)->(%d,%d): walk %d items, brute force %d", a.q, a.r, b.q, b.r, r.n, n);
    for (int i = 0; i < r.n; i++) {
        const grg_los_item *it = &r.items[i];
        int found = 0;
        for (int j = 0; j < n && !found; j++)
            found = same_item(it, &want[j]);
        if (!found)
            fail_msg("(%d,%d)->(%d,%d): item %d kind %d (%d,%d) not in the brute force", a.q, a.r,
                     b.q, b.r, i, it->kind, it->hex.q, it->hex.r);
        if (i > 0)
            assert_true(it->t_num * r.items[i - 1].t_den >= r.items[i - 1].t_num * it->t_den);
        assert_true(it->t_num > 0 && it->t_num < it->t_den);
        assert_int_equal(grg_hex_distance(a, it->hex) + grg_hex_distance(it->hex, b), dab);
        assert_int_equal(grg_hex_distance(a, it->other) + grg_hex_distance(it->other, b), dab);
        if ((int)it->kind == C) { /* A.6.1 ties: a side through which it is entered comes first */
            for (int j = i + 1; j < r.n; j++)
                assert_false((int)r.items[j].kind == SC && grg_hex_eq(r.items[j].other, it->hex));
        }
    }
    free(want);
    free(r.items);
}

/* A.6.1 brute force: every target within distance 14 of a hex, exhaustively. */
static void test_A_6_1_brute_force_exhaustive(void **state)
{
    (void)state;
    grg_hex a = A(3, -7);
    for (int dq = -14; dq <= 14; dq++)
        for (int dr = -14; dr <= 14; dr++)
            if (grg_hex_distance(A(0, 0), A(dq, dr)) <= 14)
                cross_check(a, A(a.q + dq, a.r + dr));
}

/* A.6.1 brute force: random pairs up to distance 20 anywhere, plus diagonal (run-along) lines. */
static void test_A_6_1_brute_force_random(void **state)
{
    (void)state;
    for (int i = 0; i < 4000; i++) {
        grg_hex a = A(rand_in(-1000000, 1000000), rand_in(-1000000, 1000000));
        grg_hex b = A(a.q + rand_in(-20, 20), a.r + rand_in(-20, 20));
        cross_check(a, b);
    }
    const int32_t diag[6][2] = {{2, -1}, {1, -2}, {-1, -1}, {-2, 1}, {-1, 2}, {1, 1}};
    for (int v = 0; v < 6; v++)
        for (int k = 1; k <= 12; k++)
            cross_check(A(5, 9), A(5 + k * diag[v][0], 9 + k * diag[v][1]));
}

/* A.6.1 brute force at long range: distances up to 1500 (int64 arithmetic, no overflow). */
static void test_A_6_1_brute_force_long(void **state)
{
    (void)state;
    cross_check(A(0, 0), A(1500, -601));
    cross_check(A(-700, 300), A(800, -1200));
    cross_check(A(10, 10), A(10 + 1000, 10 - 500)); /* diagonal */
    for (int i = 0; i < 10; i++) {
        grg_hex a = A(rand_in(-5000, 5000), rand_in(-5000, 5000));
        cross_check(a, A(a.q + rand_in(-300, 300), a.r + rand_in(-300, 300)));
    }
}

/* A.6.1 at the edge of the coordinate range: same items as the translated line near the origin. */
static void test_A_6_1_large_coordinates(void **state)
{
    (void)state;
    const int32_t M = GRG_HEX_COORD_MAX;
    grg_hex a0 = A(0, 0), b0 = A(9, -4);
    grg_hex a1 = A(M - 9, -M + 4), b1 = A(M, -M);
    rec r0, r1;
    walk_rec(a0, b0, &r0);
    walk_rec(a1, b1, &r1);
    assert_int_equal(r0.n, r1.n);
    for (int i = 0; i < r0.n; i++) {
        assert_int_equal(r0.items[i].kind, r1.items[i].kind);
        assert_int_equal(r0.items[i].hex.q + a1.q, r1.items[i].hex.q);
        assert_int_equal(r0.items[i].hex.r + a1.r, r1.items[i].hex.r);
        assert_int_equal(r0.items[i].t_num, r1.items[i].t_num);
        assert_int_equal(r0.items[i].t_den, r1.items[i].t_den);
    }
    free(r0.items);
    free(r1.items);
}

/* ---- A.6.4 symmetry ------------------------------------------------------------------------- */

/* Does r hold an item like `it` seen from the other end (same hex and kind; sides with their hexes
 * swapped, t mirrored)? */
static int has_mirror(const rec *r, const grg_los_item *it)
{
    for (int i = 0; i < r->n; i++) {
        const grg_los_item *x = &r->items[i];
        int side = (int)it->kind == SC || (int)it->kind == SR;
        int hexes = side ? grg_hex_eq(x->hex, it->other) && grg_hex_eq(x->other, it->hex)
                         : grg_hex_eq(x->hex, it->hex);
        /* a crossed side is met at one point: t mirrors to 1 - t */
        int t_ok =
            (int)it->kind != SC || x->t_num * it->t_den == (it->t_den - it->t_num) * x->t_den;
        if (x->kind == it->kind && hexes && t_ok)
            return 1;
    }
    return 0;
}

static void test_A_6_4_symmetry(void **state)
{
    (void)state;
    for (int i = 0; i < 3000; i++) {
        grg_hex a = A(rand_in(-500, 500), rand_in(-500, 500));
        int span = i < 2500 ? 25 : 400;
        grg_hex b = A(a.q + rand_in(-span, span), a.r + rand_in(-span, span));
        if (i % 10 == 0) { /* a diagonal line: runs along sides */
            int k = rand_in(1, 20);
            b = A(a.q + 2 * k, a.r - k);
        }
        rec ab, ba;
        walk_rec(a, b, &ab);
        walk_rec(b, a, &ba);
        assert_int_equal(ab.n, ba.n);
        for (int j = 0; j < ab.n; j++)
            assert_true(has_mirror(&ba, &ab.items[j]));
        for (int p = 0; p <= 1; p++) {
            blockers bl = block_at(NULL, NULL);
            /* block a hex met by the line, if any */
            if (ab.n > 2) {
                bl.hex[bl.n++] = ab.items[(int)(xorshift() % (uint64_t)ab.n)].hex;
            }
            assert_int_equal(grg_los_clear(a, b, (grg_los_policy)p, hex_blocks, NULL, &bl, NULL),
                             grg_los_clear(b, a, (grg_los_policy)p, hex_blocks, NULL, &bl, NULL));
        }
        free(ab.items);
        free(ba.items);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_A_6_5_0906),
        cmocka_unit_test(test_A_6_5_1106),
        cmocka_unit_test(test_A_6_5_0803),
        cmocka_unit_test(test_A_6_5_1106_samples_miss),
        cmocka_unit_test(test_A_6_5_policy_0606),
        cmocka_unit_test(test_A_6_5_policy_0605),
        cmocka_unit_test(test_A_6_5_policy_0605_0504),
        cmocka_unit_test(test_A_6_5_policy_0706),
        cmocka_unit_test(test_A_6_2_first_blocker),
        cmocka_unit_test(test_A_6_2_side_blocks),
        cmocka_unit_test(test_A_6_1_same_and_adjacent),
        cmocka_unit_test(test_A_6_1_early_stop),
        cmocka_unit_test(test_A_6_1_brute_force_exhaustive),
        cmocka_unit_test(test_A_6_1_brute_force_random),
        cmocka_unit_test(test_A_6_1_brute_force_long),
        cmocka_unit_test(test_A_6_1_large_coordinates),
        cmocka_unit_test(test_A_6_4_symmetry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
