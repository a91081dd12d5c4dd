/* The board index (speed only, docs/decisions/0008): which counters stand in each hex and how many
 * counters of each side exert a zone of control into it, kept in the game's cache (outside the
 * state and its hash) and brought up to date before each use by comparing every unit with the copy
 * of it the index was last updated from. Only the counters that changed are taken out and put back,
 * so an impulse's step costs a pass over the units and not a rebuild; and since the comparison
 * reads the units themselves, the index follows every change however it was made (apply, a test
 * moving counters by hand, a copy of another game). */
#include "cdb.h"

#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

_Static_assert(GRG_MAX_SIDES == 2, "the index counts two sides' ZOC in the nibbles of a byte");
_Static_assert(offsetof(grg_unit, hex) == 0 && offsetof(grg_unit, facing) == 8 &&
                   offsetof(grg_unit, corps) == 14 && offsetof(grg_unit, type) == 16 &&
                   offsetof(grg_unit, stack) == 18 && sizeof(grg_unit) >= 24,
               "same() reads a unit's hex as two int32 at 0, its facing, status, side, corps, "
               "type and stack as int16 from 8");
_Static_assert(sizeof(cdb_seen) == 12 && offsetof(cdb_seen, next) == 6 &&
                   offsetof(cdb_seen, q) == 8,
               "same() compares a unit with bytes 0..5 and 8..11 of its copy");

static size_t align8(size_t n) { return (n + 7) & ~(size_t)7; }

static size_t hexes_of(const grg_scenario *sc)
{
    return (size_t)sc->map.width * (size_t)sc->map.height;
}

/* The copies come first: same() reads 16 bytes from each, 4 past the last one. */
size_t cdb_cache_size(const grg_scenario *sc)
{
    return sizeof(cdb_index) + align8((size_t)sc->n_units * sizeof(cdb_seen)) +
           align8((size_t)sc->n_units * 2 * sizeof(int16_t)) +
           align8(hexes_of(sc) * (sizeof(uint8_t) + 1));
}

/* Where the index's arrays lie in the cache (no pointer is kept there: a copy of the game must
 * stay valid). */
static cdb_index_view cdb_index_layout(const grg_game *g)
{
    cdb_index *ix = grg_rs_cache(g);
    cdb_index_view v;
    v.ix = ix;
    v.seen = (cdb_seen *)(ix + 1);
    v.dist = (int16_t *)((char *)v.seen + align8((size_t)g->n_units * sizeof(cdb_seen)));
    v.far = v.dist + g->n_units;
    v.head = (uint8_t *)((char *)v.dist + align8((size_t)g->n_units * 2 * sizeof(int16_t)));
    v.zoc = v.head + hexes_of(g->sc);
    return v;
}

static int inside(int v, int lo, int hi) { return v >= lo && v <= hi; }

/* The unit's fields the index depends on, as the index keeps them, in no hex yet. Returns -1 for
 * a value the copy cannot hold: the index then gives up. The copy's ranges stop one short of its
 * types' ends, so that the saturating comparison of same() cannot take a larger value for one it
 * holds. */
static int copy_unit(cdb_seen *s, const grg_unit *x)
{
    if (!inside(x->hex.q, -32767, 32766) || !inside(x->hex.r, -32767, 32766) ||
        !inside(x->facing, -127, 126) || !inside(x->status, -127, 126) ||
        !inside(x->side, -127, 126) || !inside(x->corps, -127, 126) ||
        !inside(x->type, -127, 126) || !inside(x->stack, -127, 126))
        return -1;
    cdb_seen c = {.facing = (int8_t)x->facing,
                  .status = (int8_t)x->status,
                  .side = (int8_t)x->side,
                  .corps = (int8_t)x->corps,
                  .type = (int8_t)x->type,
                  .stack = (int8_t)x->stack,
                  .next = CDB_NO_UNIT,
                  .q = (int16_t)x->hex.q,
                  .r = (int16_t)x->hex.r};
    *s = c;
    return 0;
}

#ifdef __SSE2__
/* The bytes of its copy that unit x must equal. */
#define SAME_MASK 0x0f3f
/* 0xff in each byte of SAME_MASK where unit x equals its copy s: the unit's fields narrowed to the
 * copy's types with saturation, so that a value out of the copy's range (copy_unit) becomes one no
 * copy holds, and laid out as in the copy. */
static __m128i same(const cdb_seen *s, const grg_unit *x)
{
    __m128i hex = _mm_loadu_si128((const __m128i *)(const void *)x);           /* q r as int32 */
    __m128i rest = _mm_loadu_si128((const __m128i *)(const void *)&x->facing); /* then int16 */
    __m128i none = _mm_setzero_si128(); /* for the high halves of the packs, which are left out */
    __m128i key = _mm_unpacklo_epi64(_mm_packs_epi16(rest, none), _mm_packs_epi32(hex, none));
    return _mm_cmpeq_epi8(key, _mm_loadu_si128((const __m128i *)(const void *)s));
}

static int changed(const cdb_seen *s, const grg_unit *x)
{
    return (_mm_movemask_epi8(same(s, x)) & SAME_MASK) != SAME_MASK;
}
#else
static int changed(const cdb_seen *s, const grg_unit *x)
{
    return x->hex.q != s->q || x->hex.r != s->r || x->facing != s->facing ||
           x->status != s->status || x->side != s->side || x->corps != s->corps ||
           x->type != s->type || x->stack != s->stack;
}
#endif

/* The first unit from u on that differs from its kept copy, or n. Every use of the index reads
 * every unit, so four at a time with one branch. */
static int next_change(const cdb_seen *seen, const grg_unit *x, int u, int n)
{
#ifdef __SSE2__
    for (; u + 4 <= n; u += 4) {
        __m128i eq = _mm_and_si128(
            _mm_and_si128(same(&seen[u], &x[u]), same(&seen[u + 1], &x[u + 1])),
            _mm_and_si128(same(&seen[u + 2], &x[u + 2]), same(&seen[u + 3], &x[u + 3])));
        if ((_mm_movemask_epi8(eq) & SAME_MASK) != SAME_MASK)
            break;
    }
#endif
    for (; u < n; u++)
        if (changed(&seen[u], &x[u]))
            return u;
    return n;
}

/* The fields of a kept copy, read back. */
typedef struct seen_unit {
    grg_hex hex;
    int facing, status, side, corps, type, stack;
} seen_unit;

static seen_unit unpack(const cdb_seen *s)
{
    seen_unit v = {{s->q, s->r}, s->facing, s->status, s->side, s->corps, s->type, s->stack};
    return v;
}

/* Adds delta to the ZOC count of side s in the hexes u's frontal hexsides face, when the kept
 * copy v exerts one (CDB-7.1.a). Returns -1 when a count would leave 0..15. */
static int zoc_add(const grg_game *g, const cdb_index_view *ix, const seen_unit *v, int delta)
{
    if (!cdb_zoc_exerter(v->status, v->stack, v->facing, &cdb_data_of(g)->type[v->type]))
        return 0;
    for (int k = 0; k < 2; k++) {
        int i = cdb_map_index(&g->sc->map, cdb_nb(v->hex, v->facing + k));
        if (i < 0)
            continue; /* the ZOC questions about hexes off the map read the stacks around them */
        int shift = 4 * (v->side & 1), c = (ix->zoc[i] >> shift & 15) + delta;
        if (c < 0 || c > 15)
            return -1;
        ix->zoc[i] = (uint8_t)((ix->zoc[i] & ~(15 << shift)) | c << shift);
    }
    return 0;
}

/* Takes u out of (add 0) or puts it into (add 1) the hex and ZOC counts of its kept copy. Returns
 * -1 on what the index does not hold (a counter on the map off it, a facing out of range, a count
 * overflow): the questions then scan. */
static int place(const grg_game *g, const cdb_index_view *ix, int u, int add)
{
    cdb_seen *seen = ix->seen;
    seen_unit v = unpack(&seen[u]);
    if (v.side < 0 || v.side > 1 || v.facing > 5 || v.type < 0 || v.type >= GRG_MAX_TYPES)
        return v.status == GRG_UNIT_ON_MAP ? -1 : 0;
    if (v.status != GRG_UNIT_ON_MAP)
        return 0;
    int i = cdb_map_index(&g->sc->map, v.hex);
    if (i < 0)
        return -1;
    uint8_t *link = &ix->head[i]; /* each hex's counters in unit order, as the scans meet them */
    while (*link != CDB_NO_UNIT && *link < u)
        link = &seen[*link].next;
    if (add) {
        seen[u].next = *link;
        *link = (uint8_t)u;
    } else if (*link == u) {
        *link = seen[u].next;
    }
    return zoc_add(g, ix, &v, add ? 1 : -1);
}

/* CDB-4.2.b: the command distances (points.c) u's change of place may have changed, forgotten: its
 * own; those of its corps when it is their general; and when it moved, came, went or changed sides,
 * those of every unit of another side than its old or new one (it may block or free their paths). A
 * turn or a change of stack changes none. Keeps the units of each side up to date for that. */
static void forget_distances(const grg_game *g, const cdb_index_view *ix, int u,
                             const seen_unit *was)
{
    const grg_unit *now = &g->units[u];
    if (grg_hex_eq(was->hex, now->hex) && was->status == now->status && was->side == now->side &&
        was->corps == now->corps)
        return;
    cdb_index *x = ix->ix;
    uint32_t bit = 1u << (u % 32);
    x->known[u / 32] &= ~bit;
    x->side_units[was->side & 1][u / 32] &= ~bit;
    x->side_units[now->side & 1][u / 32] |= bit;
    int sides = 0;
    if (was->status == GRG_UNIT_ON_MAP)
        sides |= 3 & ~(1 << (was->side & 1));
    if (now->status == GRG_UNIT_ON_MAP)
        sides |= 3 & ~(1 << (now->side & 1));
    for (int s = 0; s < GRG_MAX_SIDES; s++)
        for (int w = 0; (sides >> s & 1) && w < GRG_MAX_UNITS / 32; w++)
            x->known[w] &= ~x->side_units[s][w];
    for (int c = 0; c < g->sc->n_corps; c++)
        for (int v = 0; g->sc->corps[c].general == u && v < g->n_units; v++)
            if (g->units[v].corps == c)
                x->known[v / 32] &= ~(1u << (v % 32));
}

/* Every unit taken in afresh. */
static int rebuild(const grg_game *g, const cdb_index_view *ix)
{
    if (g->n_units > CDB_NO_UNIT)
        return -1;
    size_t hexes = hexes_of(g->sc);
    memset(ix->ix->known, 0, sizeof ix->ix->known);
    memset(ix->ix->side_units, 0, sizeof ix->ix->side_units);
    memset(ix->head, CDB_NO_UNIT, hexes);
    memset(ix->zoc, 0, hexes);
    for (int u = 0; u < g->n_units; u++) {
        ix->ix->side_units[g->units[u].side & 1][u / 32] |= 1u << (u % 32);
        if (copy_unit(&ix->seen[u], &g->units[u]) < 0 || place(g, ix, u, 1) < 0)
            return -1;
    }
    return 0;
}

/* Brings g's index up to date; returns 0, or -1 when it cannot hold this position (the questions
 * then scan). It lives in g's cache: refreshing it changes no state and no answer, so it is done
 * through a const game (game.h: one thread at a time). */
int cdb_index_sync(const grg_game *g, cdb_index_view *out)
{
    cdb_index_view v = cdb_index_layout(g);
    *out = v;
    if (!v.ix->built) {
        v.ix->built = rebuild(g, &v) == 0;
        return v.ix->built ? 0 : -1;
    }
    const grg_unit *x = g->units;
    for (int u = next_change(v.seen, x, 0, g->n_units); u < g->n_units;
         u = next_change(v.seen, x, u + 1, g->n_units)) {
        seen_unit was = unpack(&v.seen[u]);
        int bad = place(g, &v, u, 0);
        forget_distances(g, &v, u, &was);
        if (bad < 0 || copy_unit(&v.seen[u], &x[u]) < 0 || place(g, &v, u, 1) < 0) {
            v.ix->built = 0; /* rebuilt next time; until then the questions scan */
            return -1;
        }
    }
    return 0;
}
