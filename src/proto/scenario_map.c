/* Scenario files, the map part (docs/scenario-format.md "Map"): size, terrain rows with their
 * legend, elevation, hexside features, roads and objectives. */
#include "scenario_load.h"

#include <stdio.h>
#include <string.h>

/* Reads a hex label field; reports a bad label or a hex off the map. */
int grg__sc_hex(loader *L, const cJSON *v, const char *path, grg_hex *out)
{
    if (!cJSON_IsString(v) || grg_hex_parse(v->valuestring, out) < 0) {
        grg_problem_add(L->p, path, "must be a hex label CCRR");
        return -1;
    }
    if (!grg_map_contains(&L->sc->map, *out)) {
        grg_problem_add(L->p, path, "%s is outside the %dx%d map", v->valuestring, L->sc->map.width,
                        L->sc->map.height);
        return -1;
    }
    return 0;
}

int grg__sc_hex_field(loader *L, const cJSON *obj, const char *key, const char *path, int required,
                      grg_hex *out)
{
    char at[96];
    snprintf(at, sizeof at, "%s.%s", path, key);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v) {
        if (required)
            grg_problem_add(L->p, at, "is required");
        return required ? -1 : 1;
    }
    return grg__sc_hex(L, v, at, out);
}

/* obj.key when it is an array; NULL when it is absent, or (with a problem) not an array. */
const cJSON *grg__sc_array(loader *L, const cJSON *obj, const char *key, const char *path)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (arr && !cJSON_IsArray(arr)) {
        char at[96];
        snprintf(at, sizeof at, "%s%s%s", path, path[0] ? "." : "", key);
        grg_problem_add(L->p, at, "must be an array");
        return NULL;
    }
    return arr;
}

static void load_terrain_rows(loader *L, const cJSON *map)
{
    grg_map *m = &L->sc->map;
    const cJSON *legend = cJSON_GetObjectItemCaseSensitive(map, "legend");
    const cJSON *rows = cJSON_GetObjectItemCaseSensitive(map, "terrain");
    int code[256];
    for (int i = 0; i < 256; i++)
        code[i] = -1;
    if (!cJSON_IsObject(legend)) {
        grg_problem_add(L->p, "map.legend", "must map one-character codes to terrain ids");
        return;
    }
    const cJSON *e;
    cJSON_ArrayForEach(e, legend)
    {
        char at[96];
        snprintf(at, sizeof at, "map.legend.%s", e->string);
        int t = cJSON_IsString(e) ? grg_rules_terrain(L->d, e->valuestring) : -1;
        if (strlen(e->string) != 1)
            grg_problem_add(L->p, at, "a legend code is one character");
        else if (t < 0)
            grg_problem_add(L->p, at, "unknown terrain '%s' for the %s ruleset",
                            cJSON_IsString(e) ? e->valuestring : "?", L->d->ruleset);
        else
            code[(unsigned char)e->string[0]] = t;
    }
    if (!cJSON_IsArray(rows) || cJSON_GetArraySize(rows) != m->height) {
        grg_problem_add(L->p, "map.terrain", "must be an array of %d rows (the map's height)",
                        m->height);
        return;
    }
    int r = 0;
    cJSON_ArrayForEach(e, rows)
    {
        char at[96];
        snprintf(at, sizeof at, "map.terrain[%d]", r);
        if (!cJSON_IsString(e) || (int)strlen(e->valuestring) != m->width) {
            grg_problem_add(L->p, at, "must be a string of %d terrain codes (the map's width)",
                            m->width);
        } else {
            for (int c = 0; c < m->width; c++) {
                int t = code[(unsigned char)e->valuestring[c]];
                if (t < 0) {
                    grg_problem_add(L->p, at, "unknown terrain code '%c' at column %d",
                                    e->valuestring[c], c + 1);
                    break;
                }
                m->terrain[r * m->width + c] = (uint8_t)t;
            }
        }
        r++;
    }
}

/* Elevation: rows of digits like the terrain, or a list of {hex, level}. */
static void load_elevation(loader *L, const cJSON *map)
{
    grg_map *m = &L->sc->map;
    const cJSON *el = grg__sc_array(L, map, "elevation", "map");
    int i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, el)
    {
        char at[96];
        snprintf(at, sizeof at, "map.elevation[%d]", i);
        if (cJSON_IsString(e)) {
            if (i >= m->height || (int)strlen(e->valuestring) != m->width) {
                grg_problem_add(L->p, at, "an elevation row has %d digits, one per column",
                                m->width);
            } else {
                for (int c = 0; c < m->width; c++) {
                    char ch = e->valuestring[c];
                    if (ch < '0' || ch > '9') {
                        grg_problem_add(L->p, at, "elevation digits are 0-9 (column %d)", c + 1);
                        break;
                    }
                    m->elevation[i * m->width + c] = (int8_t)(ch - '0');
                }
            }
        } else if (cJSON_IsObject(e)) {
            grg_hex h;
            int level = 0;
            if (grg__sc_hex_field(L, e, "hex", at, 1, &h) == 0 &&
                grg__json_int(e, "level", at, 1, -9, 99, &level, L->p) == 0)
                m->elevation[grg_map_index(m, h)] = (int8_t)level;
        } else {
            grg_problem_add(L->p, at, "must be a row of digits or {\"hex\",\"level\"}");
        }
        i++;
    }
}

static void load_hexsides(loader *L, const cJSON *map)
{
    const cJSON *arr = grg__sc_array(L, map, "hexsides", "map");
    int i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, arr)
    {
        char at[96];
        snprintf(at, sizeof at, "map.hexsides[%d]", i++);
        grg_hex h, to;
        if (grg__sc_hex_field(L, e, "hex", at, 1, &h) != 0)
            continue;
        int dir = -1;
        const cJSON *tov = cJSON_GetObjectItemCaseSensitive(e, "to");
        if (tov) {
            char tat[112];
            snprintf(tat, sizeof tat, "%s.to", at);
            if (!cJSON_IsString(tov) || grg_hex_parse(tov->valuestring, &to) < 0) {
                grg_problem_add(L->p, tat, "must be a hex label CCRR");
                continue;
            }
            dir = grg_hex_direction_to(h, to);
            if (dir < 0) {
                grg_problem_add(L->p, tat, "%s is not adjacent to the hexside's hex",
                                tov->valuestring);
                continue;
            }
        } else if (grg__json_int(e, "dir", at, 1, 0, 5, &dir, L->p) < 0) {
            continue;
        }
        unsigned features = 0;
        const cJSON *fs = cJSON_GetObjectItemCaseSensitive(e, "features");
        const cJSON *f;
        if (!cJSON_IsArray(fs)) {
            grg_problem_add(L->p, at, "features must be an array of names");
            continue;
        }
        cJSON_ArrayForEach(f, fs)
        {
            int bit = -1;
            for (int k = 0; cJSON_IsString(f) && k < GRG_SIDE_FEATURE_COUNT; k++)
                if (strcmp(grg_side_feature_names[k], f->valuestring) == 0 && k != 3)
                    bit = k;
            if (bit < 0)
                grg_problem_add(L->p, at, "unknown hexside feature '%s'",
                                cJSON_IsString(f) ? f->valuestring : "?");
            else
                features |= 1u << bit;
        }
        grg_hex high;
        if (grg__sc_hex_field(L, e, "high", at, 0, &high) == 0) {
            grg_hexside c = grg_hexside_canonical(h, dir);
            grg_hex other = grg_hex_neighbour(c.hex, c.dir);
            if (grg_hex_eq(high, other))
                features |= GRG_SIDE_CREST_HIGH_B;
            else if (!grg_hex_eq(high, c.hex))
                grg_problem_add(L->p, at, "high must be one of the hexside's two hexes");
        }
        features |= grg_map_side(&L->sc->map, h, dir);
        if (grg_map_set_side(&L->sc->map, h, dir, features) < 0)
            grg_problem_add(L->p, at, "this hexside lies outside the map");
    }
}

/* Roads are paths of adjacent hexes: each hex gets the road flag, each hexside between
 * consecutive hexes the road feature. */
static void load_roads(loader *L, const cJSON *map)
{
    grg_map *m = &L->sc->map;
    const cJSON *arr = grg__sc_array(L, map, "roads", "map");
    int i = 0;
    const cJSON *road;
    cJSON_ArrayForEach(road, arr)
    {
        char at[96];
        snprintf(at, sizeof at, "map.roads[%d]", i++);
        if (!cJSON_IsArray(road)) {
            grg_problem_add(L->p, at, "a road is an array of hex labels");
            continue;
        }
        grg_hex prev = {0, 0};
        int k = 0;
        const cJSON *hv;
        cJSON_ArrayForEach(hv, road)
        {
            char hat[112];
            snprintf(hat, sizeof hat, "%s[%d]", at, k);
            grg_hex h;
            if (grg__sc_hex(L, hv, hat, &h) == 0) {
                m->flags[grg_map_index(m, h)] |= GRG_HEX_ROAD;
                if (k > 0) {
                    int d = grg_hex_direction_to(prev, h);
                    if (d < 0)
                        grg_problem_add(L->p, hat, "is not adjacent to the road's previous hex");
                    else
                        grg_map_set_side(m, prev, d, grg_map_side(m, prev, d) | GRG_SIDE_ROAD);
                }
                prev = h;
            }
            k++;
        }
    }
}

static void load_objectives(loader *L, const cJSON *map)
{
    const cJSON *arr = grg__sc_array(L, map, "objectives", "map");
    int i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, arr)
    {
        char at[96];
        snprintf(at, sizeof at, "map.objectives[%d]", i++);
        if (L->sc->n_objectives >= GRG_MAX_OBJECTIVES) {
            grg_problem_add(L->p, at, "more than %d objectives", GRG_MAX_OBJECTIVES);
            return;
        }
        grg_objective_def *o = &L->sc->objectives[L->sc->n_objectives];
        o->points = 1;
        o->owner = -1;
        if (grg__sc_hex_field(L, e, "hex", at, 1, &o->hex) != 0)
            continue;
        grg__json_int(e, "points", at, 0, 0, 1000, &o->points, L->p);
        char owner[GRG_ID_LEN] = "";
        if (grg__json_str(e, "owner", at, 0, owner, sizeof owner, L->p) == 0 && owner[0] &&
            (o->owner = grg_scenario_side(L->sc, owner)) < 0)
            grg_problem_add(L->p, at, "owner '%s' is not one of the scenario's sides", owner);
        L->sc->map.flags[grg_map_index(&L->sc->map, o->hex)] |= GRG_HEX_OBJECTIVE;
        L->sc->n_objectives++;
    }
}

void grg__sc_load_map(loader *L, const cJSON *root)
{
    const cJSON *map = cJSON_GetObjectItemCaseSensitive(root, "map");
    int w = 0, h = 0;
    if (!cJSON_IsObject(map)) {
        grg_problem_add(L->p, "map",
                        "is required: an object with width, height, legend and terrain");
        return;
    }
    if (grg__json_int(map, "width", "map", 1, 1, GRG_MAP_MAX_DIM, &w, L->p) < 0 ||
        grg__json_int(map, "height", "map", 1, 1, GRG_MAP_MAX_DIM, &h, L->p) < 0)
        return;
    if (grg_map_init(&L->sc->map, w, h) < 0) {
        grg_problem_add(L->p, "map", "out of memory");
        return;
    }
    load_terrain_rows(L, map);
    load_elevation(L, map);
    load_hexsides(L, map);
    load_roads(L, map);
    load_objectives(L, map);
}
