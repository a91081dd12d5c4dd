/* Loader of the nap ruleset's own tables (data/rulesets/nap.json): the per-arm movement costs and
 * combat effects of each terrain, unit type defaults, hexside effects, road rate, combat constants,
 * the results table of C.8 and the house layer's parameters. Every problem is reported with its
 * JSON path; on any problem nothing is returned. */
#include "proto/rules_data.h"
#include "rules/nap/nap.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const arm_names[NAP_ARMS] = {"INF", "CAV", "ART"};

static const cJSON *member(const cJSON *obj, const char *key, const char *path, grg_problems *p)
{
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!cJSON_IsObject(m) && !cJSON_IsArray(m))
        grg_problem_add(p, path, "missing or not an object/array: \"%s\"", key);
    return m;
}

static void load_terrain(const cJSON *root, const grg_rules_data *common, grg_nap_data *d,
                         grg_problems *p)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "terrain");
    char path[96], sub[96];
    for (int i = 0; i < common->n_terrain; i++) {
        const cJSON *t = cJSON_GetArrayItem(arr, i);
        nap_terrain *nt = &d->terrain[i];
        snprintf(path, sizeof path, "terrain[%d]", i);
        snprintf(sub, sizeof sub, "%.80s.mp", path);
        const cJSON *mp = cJSON_GetObjectItemCaseSensitive(t, "mp");
        if (!cJSON_IsObject(mp)) {
            grg_problem_add(p, sub,
                            "missing: the MP to enter per arm, {\"INF\":1,\"CAV\":1,\"ART\":1} (-1 "
                            "prohibited)");
        } else {
            for (int a = 0; a < NAP_ARMS; a++)
                grg__json_int(mp, arm_names[a], sub, 1, -1, 20, &nt->mp[a], p);
        }
        grg__json_int(t, "def_mult", path, 1, 1, 10, &nt->def_mult, p);
        grg__json_int(t, "fire_div", path, 1, 1, 10, &nt->fire_div, p);
        grg__json_bool(t, "no_charge", path, 1, &nt->no_charge, p);
        grg__json_bool(t, "cav_cover", path, 1, &nt->cav_cover, p);
        grg__json_bool(t, "chateau", path, 1, &nt->chateau, p);
    }
}

static void load_types(const cJSON *root, const grg_rules_data *common, grg_nap_data *d,
                       grg_problems *p)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "unit_types");
    char path[96], arm[8];
    for (int i = 0; i < common->n_types; i++) {
        const cJSON *t = cJSON_GetArrayItem(arr, i);
        nap_type *nt = &d->type[i];
        snprintf(path, sizeof path, "unit_types[%d]", i);
        nt->arm = -1;
        if (grg__json_str(t, "arm", path, 1, arm, sizeof arm, p) == 0) {
            for (int a = 0; a < NAP_ARMS; a++)
                if (strcmp(arm, arm_names[a]) == 0)
                    nt->arm = a;
            if (nt->arm < 0)
                grg_problem_add(p, path, "arm \"%s\" is not INF, CAV or ART", arm);
        }
        grg__json_int(t, "ma", path, 1, 0, 50, &nt->ma, p);
        grg__json_int(t, "range", path, 1, 0, 20, &nt->range, p);
    }
}

/* NAP-P3 hexside features by the scenario names of their bits (map.h). */
static void load_hexsides(const cJSON *root, grg_nap_data *d, grg_problems *p)
{
    static const struct {
        const char *name;
        int bit;
    } features[] = {{"river", 0}, {"stream", 1}, {"crest", 2}, {"bridge", 4}, {"ford", 5}};
    const cJSON *hs = member(root, "hexsides", "hexsides", p);
    char path[96];
    for (size_t i = 0; i < sizeof features / sizeof features[0]; i++) {
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(hs, features[i].name);
        nap_hexside *s = &d->side[features[i].bit];
        snprintf(path, sizeof path, "hexsides.%s", features[i].name);
        if (!cJSON_IsObject(f)) {
            if (hs)
                grg_problem_add(
                    p, path,
                    "missing: "
                    "{\"impassable\",\"mp\",\"die\",\"uphill_only\",\"replaced_by_crossing\"}");
            continue;
        }
        grg__json_bool(f, "impassable", path, 1, &s->impassable, p);
        grg__json_int(f, "mp", path, 1, 0, 20, &s->mp, p);
        grg__json_int(f, "die", path, 1, -6, 6, &s->die, p);
        grg__json_bool(f, "uphill_only", path, 1, &s->uphill_only, p);
        grg__json_bool(f, "replaced_by_crossing", path, 1, &s->replaced, p);
    }
}

static int result_code(const char *s)
{
    for (int r = 0; r < NAP_R_COUNT; r++)
        if (strcmp(s, grg__nap_result_names[r]) == 0)
            return r;
    return -1;
}

/* C.8: 8 columns, rows for the modified die 0..6. */
static void load_crt(const cJSON *root, grg_nap_data *d, grg_problems *p)
{
    const cJSON *crt = member(root, "crt", "crt", p);
    const cJSON *cols = cJSON_GetObjectItemCaseSensitive(crt, "columns");
    const cJSON *rows = cJSON_GetObjectItemCaseSensitive(crt, "rows");
    char path[96];
    if (!cJSON_IsArray(cols) || cJSON_GetArraySize(cols) != NAP_COLUMNS) {
        grg_problem_add(p, "crt.columns", "needs the %d odds columns 1-4 ... 5-1", NAP_COLUMNS);
    } else {
        for (int c = 0; c < NAP_COLUMNS; c++) {
            const cJSON *s = cJSON_GetArrayItem(cols, c);
            snprintf(path, sizeof path, "crt.columns[%d]", c);
            if (!cJSON_IsString(s) || strlen(s->valuestring) >= sizeof d->columns[c])
                grg_problem_add(p, path, "an odds column name such as \"3-1\"");
            else
                snprintf(d->columns[c], sizeof d->columns[c], "%s", s->valuestring);
        }
    }
    if (!cJSON_IsArray(rows) || cJSON_GetArraySize(rows) != NAP_ROWS) {
        grg_problem_add(p, "crt.rows", "needs %d rows, for the modified die 0 to 6", NAP_ROWS);
        return;
    }
    for (int r = 0; r < NAP_ROWS; r++) {
        const cJSON *row = cJSON_GetArrayItem(rows, r);
        snprintf(path, sizeof path, "crt.rows[%d]", r);
        if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != NAP_COLUMNS) {
            grg_problem_add(p, path, "needs %d results", NAP_COLUMNS);
            continue;
        }
        for (int c = 0; c < NAP_COLUMNS; c++) {
            const cJSON *s = cJSON_GetArrayItem(row, c);
            int code = cJSON_IsString(s) ? result_code(s->valuestring) : -1;
            snprintf(path, sizeof path, "crt.rows[%d][%d]", r, c);
            if (code < 0)
                grg_problem_add(p, path, "a result: AE, A2, A1, -, D1, D2, DE or E");
            d->crt[r][c] = code < 0 ? NAP_R_NONE : code;
        }
    }
}

void *grg__nap_load_ext(const cJSON *root, const grg_rules_data *common, grg_problems *p)
{
    grg_nap_data *d = calloc(1, sizeof *d);
    if (!d) {
        grg_problem_add(p, "", "out of memory");
        return NULL;
    }
    int before = p->n + p->dropped;
    load_terrain(root, common, d, p);
    load_types(root, common, d, p);
    load_hexsides(root, d, p);
    load_crt(root, d, p);
    const cJSON *road = member(root, "road", "road", p);
    grg__json_int(road, "hexes_per_mp", "road", 1, 1, 10, &d->road_hexes_per_mp, p);
    const cJSON *c = member(root, "combat", "combat", p);
    grg__json_int(c, "artillery_adjacent_mult", "combat", 1, 1, 10, &d->art_adjacent_mult, p);
    grg__json_int(c, "artillery_max_range_div", "combat", 1, 1, 10, &d->art_max_range_div, p);
    grg__json_int(c, "charge_mult", "combat", 1, 1, 10, &d->charge_mult, p);
    grg__json_int(c, "three_arms_die", "combat", 1, -6, 6, &d->three_arms_die, p);
    grg__json_int(c, "disordered_defender_cavalry_die", "combat", 1, -6, 6, &d->disorder_cav_die,
                  p);
    grg__json_int(c, "die_min", "combat", 1, 0, NAP_ROWS - 1, &d->die_min, p);
    grg__json_int(c, "die_max", "combat", 1, 0, NAP_ROWS - 1, &d->die_max, p);
    const cJSON *v = member(root, "victory", "victory", p);
    grg__json_int(v, "break_percent", "victory", 1, 1, 100, &d->break_percent, p);
    const cJSON *h = member(root, "house", "house", p);
    grg__json_int(h, "road_base", "house", 1, 0, 100, &d->house.road_base, p);
    grg__json_int(h, "road_step", "house", 1, 0, 100, &d->house.road_step, p);
    grg__json_int(h, "road_gap", "house", 1, 0, 10, &d->house.road_gap, p);
    if (p->n + p->dropped > before) {
        free(d);
        return NULL;
    }
    return d;
}

void grg__nap_free_ext(void *ext) { free(ext); }
