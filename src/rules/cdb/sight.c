/* Sight (CDB-10.2, CDB-1.2.c) on the exact line of spec A.6 with the data's policy (STRICT for
 * cdb): an intermediate hex blocks when its terrain blocks sight or it is a hill higher than both
 * ends; inside a wood one sees at most 2 hexes; units block shooting but not sight (CDB-10.2.c). */
#include "cdb.h"

#include <stdio.h>
#include <string.h>

typedef struct sight_ctx {
    const grg_game *g;
    int top;   /* the higher of the two ends' levels */
    int units; /* units block too (shooting) */
} sight_ctx;

static int hex_blocks(void *vctx, grg_hex h)
{
    const sight_ctx *c = vctx;
    const grg_game *g = c->g;
    int i = cdb_map_index(&g->sc->map, h); /* off the map: no terrain, level 0 */
    if (i >= 0 && g->sc->data->terrain[g->sc->map.terrain[i]].blocks_los)
        return 1;
    if ((i >= 0 ? g->sc->map.elevation[i] : 0) > c->top)
        return 1;
    return c->units && grg_unit_at(g, h) >= 0;
}

static int policy(const grg_game *g) { return g->sc->data->los_policy; }

static int walk(const grg_game *g, grg_hex from, grg_hex to, int units, grg_los_item *at)
{
    int la = grg_map_elevation(&g->sc->map, from), lb = grg_map_elevation(&g->sc->map, to);
    sight_ctx c = {g, la > lb ? la : lb, units};
    return grg_los_clear(from, to, (grg_los_policy)policy(g), hex_blocks, NULL, &c, at);
}

/* CDB-1.2.c: from or into a wood one sees at most wood_sight hexes. */
static int wood_limited(const grg_game *g, grg_hex from, grg_hex to)
{
    int in_wood = cdb_terrain_at(g, from)->wood || cdb_terrain_at(g, to)->wood;
    return in_wood && grg_hex_distance(from, to) > cdb_data_of(g)->wood_sight;
}

int cdb_los(const grg_game *g, grg_hex from, grg_hex to, grg_los_result *out)
{
    memset(out, 0, sizeof *out);
    out->clear = 1;
    if (wood_limited(g, from, to)) {
        out->clear = 0;
        out->blocked_kind = 1;
        out->at = cdb_terrain_at(g, from)->wood ? from : to;
        snprintf(out->rule, sizeof out->rule, "CDB-1.2.c");
        snprintf(out->reason, sizeof out->reason, "inside a wood one sees at most %d hexes",
                 cdb_data_of(g)->wood_sight);
        return 0;
    }
    grg_los_item at;
    if (!walk(g, from, to, 0, &at)) {
        out->clear = 0;
        out->blocked_kind = 1;
        out->at = at.hex;
        snprintf(out->rule, sizeof out->rule, "CDB-10.2.b");
        int t = grg_map_terrain(&g->sc->map, at.hex);
        if (t >= 0 && g->sc->data->terrain[t].blocks_los)
            snprintf(out->reason, sizeof out->reason, "%s blocks the line of sight",
                     g->sc->data->terrain[t].name);
        else
            snprintf(out->reason, sizeof out->reason,
                     "a hill higher than both ends blocks the line of sight");
    }
    return 0;
}

int cdb_sees(const grg_game *g, grg_hex from, grg_hex to)
{
    grg_los_item at;
    return !wood_limited(g, from, to) && walk(g, from, to, 0, &at);
}

int cdb_shot_clear(const grg_game *g, grg_hex from, grg_hex to)
{
    grg_los_item at;
    return !wood_limited(g, from, to) && walk(g, from, to, 1, &at);
}
