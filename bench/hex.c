/* Hex benchmark: costs of movement range and exact line of sight (spec A.5.2, A.6) against a plain
 * BFS flood measured in the same run, on generated 100x100 and 1000x1000 maps (fixed seed).
 *   (a) baseline: unit-cost BFS flood of the whole map from the centre
 *   (b) movement range: Dial's bucket-queue Dijkstra, terrain costs 1-4, ~5% impassable, enemy ZOC
 *       hexes that end movement, budget covering the map
 *   (c) STRICT LOS from the centre to every hex, the blocking predicate reading the map (~10%)
 * Prints ns per hex for (a) and (b), ns per target for (c), and the ratios b/a and c/a. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grognard/hex.h"
#include "../tests/unit/xorshift.h"

#define MAP_SECONDS 1.5 /* time spent measuring each map size */
#define MIN_RUNS 15     /* ... and at least this many runs of each measurement */

enum { CELL_COST = 0x07, CELL_ZOC = 0x08, CELL_ODD = 0x10 };

/* A map padded with a one-hex impassable border so neighbour steps need no bounds checks. */
typedef struct bench_map {
    int w, h, pw, ph;
    uint8_t *cell;  /* padded: cost 1-4 (0 = impassable or border) | CELL_ZOC | CELL_ODD row */
    uint8_t *sight; /* unpadded, row-major: 1 = blocks line of sight */
    int32_t *dist;  /* padded work array */
    int32_t *init;  /* BFS start state: -1 inside, 0 (already seen) on the border */
    int32_t *queue;
    int32_t *move_init; /* movement start state: -(entry cost) unseen, INT32_MAX impassable */
    int32_t *buckets;   /* movement_range's 8 buckets of bucket_cap entries each */
    size_t bucket_cap;  /* the hexes of the map, plus the spare slot */
    int off[2][6];      /* padded index step per row parity and direction (odd-r) */
    int centre;         /* padded index of the centre hex */
} bench_map;

static uint64_t rng = 0x853c49e6748fea9bu;
static uint64_t xorshift(void) { return xorshift64(&rng); }
static unsigned roll(unsigned n) { return (unsigned)(xorshift() % n); }

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n, size);
    if (!p) {
        fprintf(stderr, "bench_hex: out of memory\n");
        exit(1);
    }
    return p;
}

static int pidx(const bench_map *m, int col, int row) { return (row + 1) * m->pw + col + 1; }

/* Terrain: cost 1 (55%), 2 (20%), 3 (10%), 4 (10%), impassable 5%; one enemy unit per ~200 hexes
 * (its hex impassable, its six neighbours ZOC); 10% of hexes block sight. */
static void map_generate(bench_map *m, int w, int h)
{
    size_t n = (size_t)(w + 2) * (size_t)(h + 2);
    m->w = w;
    m->h = h;
    m->pw = w + 2;
    m->ph = h + 2;
    m->cell = xcalloc(n, 1);
    m->sight = xcalloc((size_t)w * (size_t)h, 1);
    m->dist = xcalloc(n, sizeof *m->dist);
    m->init = xcalloc(n, sizeof *m->init);
    m->queue = xcalloc(n, sizeof *m->queue);
    m->move_init = xcalloc(n, sizeof *m->move_init);
    m->bucket_cap = n + 1; /* a hex is pushed at most once */
    m->buckets = xcalloc(8 * m->bucket_cap, sizeof *m->buckets);

    const int pw = m->pw;
    const int even[6] = {+1, -pw, -pw - 1, -1, pw - 1, pw};
    const int odd[6] = {+1, -pw + 1, -pw, -1, pw, pw + 1};
    memcpy(m->off[0], even, sizeof even);
    memcpy(m->off[1], odd, sizeof odd);

    for (int row = 0; row < h; row++) {
        for (int col = 0; col < w; col++) {
            unsigned p = roll(100);
            int cost = p < 55 ? 1 : p < 75 ? 2 : p < 85 ? 3 : p < 95 ? 4 : 0;
            m->cell[pidx(m, col, row)] = (uint8_t)(cost | (row % 2 ? CELL_ODD : 0));
            m->sight[(size_t)row * (size_t)w + (size_t)col] = roll(100) < 10;
        }
    }
    for (int i = 0; i < w * h / 200; i++) {
        int col = (int)roll((unsigned)w), row = (int)roll((unsigned)h), v = pidx(m, col, row);
        m->cell[v] &= (uint8_t)~CELL_COST;
        for (int d = 0; d < 6; d++) {
            int u = v + m->off[row % 2][d];
            if (m->cell[u] & CELL_COST)
                m->cell[u] |= CELL_ZOC;
        }
    }
    for (int row = -1; row <= h; row++)
        for (int col = -1; col <= w; col++) {
            int inside = row >= 0 && row < h && col >= 0 && col < w;
            m->init[pidx(m, col, row)] = inside ? -1 : 0;
        }
    m->centre = pidx(m, w / 2, h / 2);
    m->cell[m->centre] = (uint8_t)(1 | ((h / 2) % 2 ? CELL_ODD : 0));
    for (size_t i = 0; i < n; i++)
        m->move_init[i] = m->cell[i] & CELL_COST ? -(int32_t)(m->cell[i] & CELL_COST) : INT32_MAX;
    m->sight[(size_t)(h / 2) * (size_t)w + (size_t)(w / 2)] = 0;
}

static void map_free(bench_map *m)
{
    free(m->cell);
    free(m->sight);
    free(m->dist);
    free(m->init);
    free(m->queue);
    free(m->move_init);
    free(m->buckets);
}

/* (a) Unit-cost BFS over every hex of the map; returns the number of hexes reached. */
static long bfs_flood(bench_map *m)
{
    int32_t *dist = m->dist, *q = m->queue;
    const uint8_t *cell = m->cell;
    int head = 0, tail = 0;

    memcpy(dist, m->init, (size_t)m->pw * (size_t)m->ph * sizeof *dist);
    dist[m->centre] = 0;
    q[tail++] = m->centre;
    while (head < tail) {
        int v = q[head++], dv = dist[v] + 1;
        const int *off = m->off[(cell[v] & CELL_ODD) != 0];
        for (int d = 0; d < 6; d++) {
            int u = v + off[d];
            if (dist[u] < 0) {
                dist[u] = dv;
                q[tail++] = u;
            }
        }
    }
    return tail;
}

/* (b) A.5.2 movement range: Dial's algorithm, buckets by distance modulo 8 (step costs 1-4, so the
 * live distances span at most 5). The cost of a step is the terrain cost of the hex entered, so the
 * first relaxation of a hex, made while popping in order of distance, is already its shortest
 * distance: a hex is pushed once and there are no stale entries (hexside costs would need the
 * general "nd < dist" test instead). Unseen hexes hold minus their entry cost, so the test and the
 * cost come from one load; impassable hexes and the border start as seen (INT32_MAX). Entering a
 * ZOC hex ends movement there. Returns the hexes reached.
 * The relaxation is branch-free (random costs make its branch mispredict): every neighbour's
 * dist is rewritten (unchanged unless improved) and written to the slot past the end of some
 * bucket, which only counts when the hex is pushed; so each bucket has one spare slot. */
static long movement_range(bench_map *m, int32_t budget)
{
    int32_t *dist = m->dist, *queue = m->buckets;
    const uint8_t *cell = m->cell;
    size_t cap = m->bucket_cap, pos[8]; /* bucket k is queue[k * cap, pos[k]) */
    int off[2][6];
    long reached = 0;

    for (int k = 0; k < 8; k++)
        pos[k] = (size_t)k * cap;
    memcpy(off, m->off, sizeof off);
    memcpy(dist, m->move_init, (size_t)m->pw * (size_t)m->ph * sizeof *dist);
    dist[m->centre] = 0;
    queue[pos[0]++] = m->centre;
    for (int32_t cur = 0, empty = 0; empty < 5; cur++) {
        int b = cur & 7;
        size_t first = (size_t)b * cap, end = pos[b];
        if (end == first) {
            empty++;
            continue;
        }
        empty = 0;
        reached += (long)(end - first);
        for (size_t i = first; i < end; i++) { /* FIFO; pushes from here go to other buckets */
            int v = queue[i];
            if (cell[v] & CELL_ZOC) /* the start hex is never in ZOC (map_generate) */
                continue;
            const int *o = off[(cell[v] & CELL_ODD) != 0];
            for (int d = 0; d < 6; d++) {
                int u = v + o[d];
                int32_t du = dist[u], nd = cur - du; /* du < 0: unseen, -(cost of entering u) */
                int push = (du < 0) & (nd <= budget);
                unsigned k = (unsigned)nd & 7u;
                dist[u] = push ? nd : du;
                queue[pos[k]] = u;
                pos[k] += (size_t)push;
            }
        }
        pos[b] = first;
    }
    return reached;
}

typedef struct sight_ctx {
    const uint8_t *sight;
    int w, h;
} sight_ctx;

/* The LOS blocking predicate: reads the map; hexes off the map (grazed at its ragged odd-r edge)
 * do not block. */
static int sight_blocks(void *vctx, grg_hex hex)
{
    const sight_ctx *c = vctx;
    int row = hex.r, col;
    if (row < 0 || row >= c->h)
        return 0;
    col = hex.q + (row - (row & 1)) / 2;
    if (col < 0 || col >= c->w)
        return 0;
    return c->sight[(size_t)row * (size_t)c->w + (size_t)col];
}

/* (c) STRICT LOS from the centre to every hex; returns how many are visible. */
static long los_all(bench_map *m)
{
    sight_ctx ctx = {m->sight, m->w, m->h};
    grg_hex centre = grg_hex_from_offset(m->w / 2, m->h / 2);
    long visible = 0;
    for (int row = 0; row < m->h; row++)
        for (int col = 0; col < m->w; col++)
            visible += grg_los_clear(centre, grg_hex_from_offset(col, row), GRG_LOS_STRICT,
                                     sight_blocks, NULL, &ctx, NULL);
    return visible;
}

typedef enum which { RUN_BFS, RUN_MOVE, RUN_LOS } which;

static long run_once(bench_map *m, which w)
{
    switch (w) {
    case RUN_BFS:
        return bfs_flood(m);
    case RUN_MOVE:
        return movement_range(m, 16 * (m->w + m->h));
    default:
        return los_all(m);
    }
}

static void bench_size(int w, int h)
{
    bench_map m;
    long count[3] = {0, 0, 0}, reps[3] = {0, 0, 0};
    double best[3] = {1e30, 1e30, 1e30}, hexes = (double)w * (double)h;

    map_generate(&m, w, h);
    for (int i = 0; i < 3; i++)
        run_once(&m, (which)i); /* warm the caches and the page tables */
    /* The three runs interleaved, each timed alone; the fastest run of each counts, which filters
     * out the time slices other processes take on a shared machine. */
    for (double start = now(); reps[0] < MIN_RUNS || now() - start < MAP_SECONDS;) {
        for (int i = 0; i < 3; i++) {
            double t0 = now();
            count[i] = run_once(&m, (which)i);
            double t = now() - t0;
            if (t < best[i])
                best[i] = t;
            reps[i]++;
        }
    }
    double a = best[RUN_BFS] * 1e9 / hexes, b = best[RUN_MOVE] * 1e9 / hexes;
    double c = best[RUN_LOS] * 1e9 / hexes;

    printf("map %dx%d (%.0f hexes)\n", w, h, hexes);
    printf("  (a) BFS flood, unit cost           %8.2f ns/hex     (%ld reached, best of %ld)\n", a,
           count[RUN_BFS], reps[RUN_BFS]);
    printf("  (b) movement range, costs + ZOC    %8.2f ns/hex     (%ld reached, best of %ld)"
           "  b/a = %5.2f\n",
           b, count[RUN_MOVE], reps[RUN_MOVE], b / a);
    printf("  (c) STRICT LOS centre -> every hex %8.2f ns/target  (%ld visible, best of %ld)"
           "  c/a = %5.2f\n",
           c, count[RUN_LOS], reps[RUN_LOS], c / a);
    if (w == 100)
        printf("  targets on 100x100: b/a <= 2.5 %s, c/a <= 20 %s\n",
               b / a <= 2.5 ? "met" : "MISSED", c / a <= 20 ? "met" : "MISSED");
    map_free(&m);
}

int main(void)
{
    double start = now();
    bench_size(100, 100);
    bench_size(1000, 1000);
    printf("total %.1f s\n", now() - start);
    return 0;
}
