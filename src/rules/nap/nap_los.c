/* nap line of sight for bombardment (NAP-8.3) on the exact walk of spec A.6.1: intermediate hexes
 * of a blocking terrain (forest, village, town) block under the data's policy (LENIENT: crossed
 * hexes, and run-along hexsides whose two hexes both block); a crest hexside crossed or run along
 * blocks when the target is not the first hex entered after it. Units never block. */
#include "rules/nap/nap.h"

#include <stdio.h>

typedef struct los_ctx {
    const grg_game *g;
    int strict;
    int crest;                /* a crest hexside was crossed or run along */
    grg_hex crest_a, crest_b; /* that hexside */
    grg_los_result *out;
} los_ctx;

static int blocks(const grg_game *g, grg_hex h)
{
    int t = grg_map_terrain(&g->sc->map, h);
    return t >= 0 && g->sc->data->terrain[t].blocks_los;
}

static int block_at(los_ctx *c, int kind, grg_hex a, grg_hex b, const char *why)
{
    grg_los_result *o = c->out;
    char la[16], lb[16];
    o->clear = 0;
    o->blocked_kind = kind;
    o->at = a;
    o->at2 = b;
    snprintf(o->rule, sizeof o->rule, "NAP-8.3");
    grg__nap_label(c->g, a, la, sizeof la);
    grg__nap_label(c->g, b, lb, sizeof lb);
    if (kind == 1)
        snprintf(o->reason, sizeof o->reason, "%s at %s blocks the sight", why, la);
    else
        snprintf(o->reason, sizeof o->reason, "%s on hexside %s/%s blocks the sight", why, la, lb);
    return 1;
}

static int visit(void *ctx, const grg_los_item *it)
{
    los_ctx *c = ctx;
    const grg_game *g = c->g;
    switch (it->kind) {
    case GRG_LOS_SIDE_CROSSED:
    case GRG_LOS_SIDE_RUN: {
        int dir = grg_hex_direction_to(it->hex, it->other);
        if (dir >= 0 && (grg__nap_side(g, it->hex, dir) & GRG_SIDE_CREST) && !c->crest) {
            c->crest = 1;
            c->crest_a = it->hex;
            c->crest_b = it->other;
        }
        if (it->kind == GRG_LOS_SIDE_RUN && blocks(g, it->hex) && blocks(g, it->other))
            return block_at(c, 2, it->hex, it->other, "the terrain on both sides of the edge");
        return 0;
    }
    case GRG_LOS_CROSSED:
        if (c->crest)
            return block_at(c, 2, c->crest_a, c->crest_b,
                            "a crest line with the target two or more hexes beyond it");
        if (blocks(g, it->hex))
            return block_at(c, 1, it->hex, it->hex, "blocking terrain");
        return 0;
    default: /* grazed: blocks only under STRICT */
        if (c->strict && blocks(g, it->hex))
            return block_at(c, 1, it->hex, it->hex, "blocking terrain");
        return 0;
    }
}

int grg__nap_los(const grg_game *g, grg_hex from, grg_hex to, grg_los_result *out)
{
    out->clear = 1;
    out->blocked_kind = 0;
    out->at = out->at2 = from;
    snprintf(out->rule, sizeof out->rule, "NAP-8.3");
    snprintf(out->reason, sizeof out->reason, "clear");
    los_ctx c = {g, g->sc->data->los_policy == GRG_LOS_STRICT, 0, from, from, out};
    grg_los_walk(from, to, visit, &c);
    return 0;
}
