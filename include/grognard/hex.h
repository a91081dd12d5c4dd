/* Hex geometry (spec §A): axial coordinates, labels, directions, distance, facing, hexsides and
 * exact line of sight. Pure functions on small value types: no allocation, no I/O, no globals. */
#ifndef GROGNARD_HEX_H
#define GROGNARD_HEX_H

#include <stddef.h>
#include <stdint.h>

/* A hex in axial coordinates (spec A.1.1); the cube coordinate s is -q - r. Every function here is
 * exact for hexes with |q|, |r|, |s| <= GRG_HEX_COORD_MAX (distances then fit an int). */
#define GRG_HEX_COORD_MAX (1 << 28)
typedef struct grg_hex {
    int32_t q, r;
} grg_hex;

/* Direction indices, counter-clockwise from east (spec A.2.1). */
enum { GRG_E = 0, GRG_NE = 1, GRG_NW = 2, GRG_W = 3, GRG_SW = 4, GRG_SE = 5 };

static inline grg_hex grg_hex_make(int32_t q, int32_t r)
{
    grg_hex h = {q, r};
    return h;
}
static inline int grg_hex_eq(grg_hex a, grg_hex b) { return a.q == b.q && a.r == b.r; }
static inline int32_t grg_hex_s(grg_hex h) { return -h.q - h.r; }

/* A.2.1: axial deltas, counter-clockwise from east. */
static const int32_t grg_hex_dq[6] = {+1, +1, 0, -1, -1, 0};
static const int32_t grg_hex_dr[6] = {0, -1, -1, 0, +1, +1};

/* A direction or facing index taken modulo 6, into 0..5 (spec A.2.2). */
static inline int grg_dir_mod6(int v)
{
    int m = v % 6;
    return m < 0 ? m + 6 : m;
}

/* Spec A.2.2; dir is taken modulo 6. Inline: the rules and the AI call it in their inner loops. */
static inline grg_hex grg_hex_neighbour(grg_hex h, int dir)
{
    int d = grg_dir_mod6(dir);
    return grg_hex_make(h.q + grg_hex_dq[d], h.r + grg_hex_dr[d]);
}
static inline int grg_dir_opposite(int dir) { return (dir + 3) % 6; }
/* Direction d with a.neighbour(d) == b, or -1 when the hexes are not adjacent. */
int grg_hex_direction_to(grg_hex a, grg_hex b);
/* A.5.1: dist = (|dq| + |dr| + |dq + dr|) / 2, computed in 64 bits. Inline, like the neighbour. */
static inline int grg_hex_distance(grg_hex a, grg_hex b)
{
    int64_t dq = (int64_t)b.q - a.q, dr = (int64_t)b.r - a.r, ds = dq + dr;
    return (int)(((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2);
}

/* Odd-r offset coordinates, 0-based (spec A.1.3). */
grg_hex grg_hex_from_offset(int col, int row);
void grg_hex_to_offset(grg_hex h, int *col, int *row);

/* Labels `CCRR` (spec A.1.3). `digits` is the width of each part: 2 for maps up to 99x99, more for
 * larger ones (grg_label_digits). grg_hex_parse accepts any even-length all-digit label whose parts
 * are >= 1 and returns 0, or -1 for anything else (NULL, empty, odd length, a non-digit, a part 0,
 * or parts wider than GRG_LABEL_MAX_DIGITS); out may be NULL to only validate. grg_hex_format
 * writes the label of a hex with col >= 0 and row >= 0 and returns 0, or -1 when it has no label at
 * that width, digits is outside 2..GRG_LABEL_MAX_DIGITS, or the buffer is smaller than
 * 2 * digits + 1. */
#define GRG_LABEL_MAX_DIGITS 8 /* widest part grg_hex_parse and grg_hex_format accept */
int grg_label_digits(int width, int height);
int grg_hex_parse(const char *label, grg_hex *out);
int grg_hex_format(grg_hex h, int digits, char *buf, size_t size);

/* Facing (spec A.4): a unit faces vertex f in 0..5; -1 means no facing (baggage). grg_facing_class,
 * grg_facing_dirs and grg_turn_steps take f modulo 6, so callers handle -1 themselves;
 * grg_in_frontal_arc is 0 for a facing outside 0..5 (no facing, no arc). */
typedef enum grg_side_class {
    GRG_FRONTAL = 0,
    GRG_FLANK_LEFT = 1,
    GRG_FLANK_RIGHT = 2,
    GRG_REAR = 3
} grg_side_class;

/* Class of hexside direction `dir` for a unit facing f. */
grg_side_class grg_facing_class(int facing, int dir);
/* The six directions in listing order: frontal f, f+1; flank f+2 (left), f+5 (right); rear f+3,
 * f+4. */
void grg_facing_dirs(int facing, int out[6]);
/* Spec A.4.3: is t in the frontal arc of a unit at h facing f (boundaries included, t != h). */
int grg_in_frontal_arc(grg_hex h, int facing, grg_hex t);
/* Spec A.4.4: signed vertex steps of the shortest turn from `from` to `to`: positive = left
 * (counter-clockwise, f+1), negative = right (clockwise, f-1); the 3-step turn is -3. */
int grg_turn_steps(int from, int to);
static inline int grg_facing_left(int f) { return (f + 1) % 6; }
static inline int grg_facing_right(int f) { return (f + 5) % 6; }

/* Hexsides (spec A.3.1): canonical id (h, d) with d in 0..2. */
typedef struct grg_hexside {
    grg_hex hex;
    int dir;
} grg_hexside;
grg_hexside grg_hexside_canonical(grg_hex h, int dir);
static inline int grg_hexside_eq(grg_hexside a, grg_hexside b)
{
    return grg_hex_eq(a.hex, b.hex) && a.dir == b.dir;
}

/* Exact line of sight geometry (spec A.6.1). A walk from centre(a) to centre(b) reports, in order
 * of the segment parameter t, each intermediate hex (crossed, grazed along an edge, or grazed at a
 * vertex) and each hexside crossed or run along. t is reported as a rational num/den of the hex's
 * or hexside's first contact. */
typedef enum grg_los_kind {
    GRG_LOS_CROSSED = 0,       /* hex: the segment meets its interior */
    GRG_LOS_GRAZED_EDGE = 1,   /* hex: the segment runs along one of its edges */
    GRG_LOS_GRAZED_VERTEX = 2, /* hex: the segment touches one corner only */
    GRG_LOS_SIDE_CROSSED = 3,  /* hexside: passed from inside one hex to inside the other */
    GRG_LOS_SIDE_RUN = 4       /* hexside: the segment contains it */
} grg_los_kind;

typedef struct grg_los_item {
    grg_los_kind kind;
    grg_hex hex;   /* the hex, or for a hexside the hex on the `a` side */
    grg_hex other; /* for a hexside: the hex on the `b` side (for a run-along side: the other hex);
                    * for a hex item: the same hex */
    int64_t t_num, t_den; /* in lowest terms, 0 < t < 1 */
} grg_los_item;

/* Calls visit for each item in order of t (ties: hexsides before the hex entered through them).
 * Stops early and returns the visitor's value when it returns nonzero; returns 0 otherwise. The
 * endpoints a and b are never reported as intermediate hexes, but the hexsides of a and b are
 * (adjacent a, b: just the side a/b, crossed at t = 1/2; a == b: nothing). Items that share a t
 * come as: a side crossed through a vertex, the hex grazed at that vertex, the hex entered; a
 * side run along, then its two hexes grazed along an edge. For a run-along side `hex` is the hex
 * on the left of the direction a -> b and `other` the one on the right, and the left hex is
 * reported first. The walk takes O(dist(a, b)) steps; a NULL visit does nothing. */
typedef int (*grg_los_visit)(void *ctx, const grg_los_item *item);
int grg_los_walk(grg_hex a, grg_hex b, grg_los_visit visit, void *ctx);

typedef enum grg_los_policy { GRG_LOS_STRICT = 0, GRG_LOS_LENIENT = 1 } grg_los_policy;

/* Spec A.6.2 with a caller's blocking predicate: hex_blocks(ctx, h) says whether an intermediate
 * hex blocks; side_blocks (may be NULL) whether a hexside item blocks. Returns 1 when clear, 0 when
 * blocked, with *blocked_at set to the first blocking item in order of t. STRICT: any intermediate
 * hex that blocks, crossed or grazed. LENIENT: a crossed hex that blocks, or a side run along whose
 * two hexes both block; in that case *blocked_at is the GRG_LOS_SIDE_RUN item (its hex and other
 * are the two hexes). Items that side_blocks accepts block under both policies. LOS to the same or
 * an adjacent hex is always clear (A.6.1); hex_blocks and blocked_at may be NULL. */
typedef int (*grg_hex_pred)(void *ctx, grg_hex h);
typedef int (*grg_side_pred)(void *ctx, const grg_los_item *item);
int grg_los_clear(grg_hex a, grg_hex b, grg_los_policy policy, grg_hex_pred hex_blocks,
                  grg_side_pred side_blocks, void *ctx, grg_los_item *blocked_at);

#endif
