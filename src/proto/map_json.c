/* The `map` command: the loaded map as data, for clients that draw it themselves or show a
 * legend: terrain types, terrain and elevation per hex, hexside features, objectives. */
#include "session.h"

static cJSON *terrain_types(const grg_rules_data *d)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < d->n_terrain; i++) {
        const grg_terrain_def *t = &d->terrain[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", t->id);
        cJSON_AddStringToObject(o, "name", t->name);
        cJSON_AddStringToObject(o, "color", t->color);
        cJSON_AddBoolToObject(o, "blocks_los", t->blocks_los);
        cJSON_AddBoolToObject(o, "impassable", t->impassable);
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

/* Rows of per-hex integers (terrain indices or elevation levels), top row first. */
static cJSON *grid(const grg_map *m, int elevation)
{
    cJSON *rows = cJSON_CreateArray();
    for (int r = 0; r < m->height; r++) {
        cJSON *row = cJSON_CreateArray();
        for (int c = 0; c < m->width; c++) {
            int i = r * m->width + c;
            cJSON_AddItemToArray(row,
                                 cJSON_CreateNumber(elevation ? m->elevation[i] : m->terrain[i]));
        }
        cJSON_AddItemToArray(rows, row);
    }
    return rows;
}

static cJSON *hexsides(const grg_scenario *sc)
{
    const grg_map *m = &sc->map;
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < m->width * m->height; i++) {
        grg_hex h = grg_map_hex_at(m, i);
        for (int d = 0; d < 3; d++) {
            unsigned f = m->sides[i * 3 + d];
            if (!f)
                continue;
            cJSON *o = cJSON_CreateObject();
            grg_hex to = grg_hex_neighbour(h, d);
            cJSON_AddItemToObject(o, "hex", grg__hex_json(sc, h));
            cJSON_AddItemToObject(o, "to", grg__hex_json(sc, to));
            cJSON *fs = cJSON_AddArrayToObject(o, "features");
            for (int b = 0; b < GRG_SIDE_FEATURE_COUNT; b++)
                if ((f & (1u << b)) && (1u << b) != GRG_SIDE_CREST_HIGH_B)
                    cJSON_AddItemToArray(fs, cJSON_CreateString(grg_side_feature_names[b]));
            if (f & GRG_SIDE_CREST)
                cJSON_AddItemToObject(o, "high",
                                      grg__hex_json(sc, (f & GRG_SIDE_CREST_HIGH_B) ? to : h));
            cJSON_AddItemToArray(arr, o);
        }
    }
    return arr;
}

int grg__cmd_map(grg_session *s, const cJSON *req, cJSON *reply)
{
    (void)req;
    if (grg__need_game(s, reply) < 0)
        return -1;
    const grg_scenario *sc = s->loaded->sc;
    const grg_map *m = &sc->map;
    cJSON_AddNumberToObject(reply, "width", m->width);
    cJSON_AddNumberToObject(reply, "height", m->height);
    cJSON_AddItemToObject(reply, "terrain_types", terrain_types(sc->data));
    cJSON_AddItemToObject(reply, "terrain", grid(m, 0));
    cJSON_AddItemToObject(reply, "elevation", grid(m, 1));
    cJSON_AddItemToObject(reply, "hexsides", hexsides(sc));
    cJSON *obj = cJSON_AddArrayToObject(reply, "objectives");
    for (int i = 0; i < sc->n_objectives; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToObject(o, "hex", grg__hex_json(sc, sc->objectives[i].hex));
        cJSON_AddNumberToObject(o, "points", sc->objectives[i].points);
        if (sc->objectives[i].owner >= 0)
            cJSON_AddStringToObject(o, "owner", sc->sides[sc->objectives[i].owner].id);
        cJSON_AddItemToArray(obj, o);
    }
    cJSON *sides = cJSON_AddArrayToObject(reply, "sides");
    for (int i = 0; i < sc->n_sides; i++) {
        cJSON *o = cJSON_CreateObject();
        static const char *const edges[] = {"", "N", "S", "E", "W"};
        cJSON_AddStringToObject(o, "id", sc->sides[i].id);
        cJSON_AddStringToObject(o, "name", sc->sides[i].name);
        cJSON_AddStringToObject(o, "home_edge", edges[sc->sides[i].home_edge % 5]);
        cJSON_AddItemToArray(sides, o);
    }
    return 0;
}
