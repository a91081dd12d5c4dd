/* Ruleset data files: the common tables (terrain, unit types, sight policy) and the registry that
 * hands each ruleset's own tables to its loader. */
#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef GRG_HAVE_CDB
void *grg__cdb_load_ext(const cJSON *root, const grg_rules_data *common, grg_problems *p);
void grg__cdb_free_ext(void *ext);
extern const grg_ruleset grg_ruleset_cdb;
#endif
#ifdef GRG_HAVE_NAP
void *grg__nap_load_ext(const cJSON *root, const grg_rules_data *common, grg_problems *p);
void grg__nap_free_ext(void *ext);
extern const grg_ruleset grg_ruleset_nap;
#endif
#ifdef GRG_HAVE_TEST
extern const grg_ruleset grg_ruleset_test;
#endif

static const grg_rules_entry entries[] = {
#ifdef GRG_HAVE_CDB
    {"cdb", &grg_ruleset_cdb, grg__cdb_load_ext, grg__cdb_free_ext},
#endif
#ifdef GRG_HAVE_NAP
    {"nap", &grg_ruleset_nap, grg__nap_load_ext, grg__nap_free_ext},
#endif
#ifdef GRG_HAVE_TEST
    {"test", &grg_ruleset_test, NULL, NULL},
#endif
    {NULL, NULL, NULL, NULL},
};

const grg_rules_entry *grg__rules_entry(const char *name)
{
    for (int i = 0; name && entries[i].name; i++)
        if (strcmp(entries[i].name, name) == 0)
            return &entries[i];
    return NULL;
}

static int valid_color(const char *c)
{
    if (strlen(c) != 7 || c[0] != '#')
        return 0;
    for (int i = 1; i < 7; i++)
        if (!strchr("0123456789abcdefABCDEF", c[i]))
            return 0;
    return 1;
}

/* Reads one entry of a data table; `i` is its index, `path` its JSON path. */
typedef void (*entry_fn)(const cJSON *t, const char *path, int i, grg_rules_data *d,
                         grg_problems *p);

/* Reads root.key, a non-empty array of at most max entries, calling fn on each; returns the
 * number read. */
static int load_table(const cJSON *root, const char *key, int max, entry_fn fn, grg_rules_data *d,
                      grg_problems *p)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, key);
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) < 1) {
        grg_problem_add(p, key, "must be a non-empty array");
        return 0;
    }
    int i = 0;
    const cJSON *t;
    cJSON_ArrayForEach(t, arr)
    {
        char path[48];
        snprintf(path, sizeof path, "%s[%d]", key, i);
        if (i >= max) {
            grg_problem_add(p, path, "more than %d entries", max);
            break;
        }
        fn(t, path, i++, d, p);
    }
    return i;
}

/* Reads an entry's id and name (the name defaults to the id) and refuses a repeated id. */
static void read_id_name(const cJSON *t, const char *path, char *id, size_t id_size, char *name,
                         size_t name_size, const char *prev_ids, size_t stride, int i,
                         grg_problems *p)
{
    grg__json_str(t, "id", path, 1, id, id_size, p);
    grg__str_copy(name, name_size, id);
    grg__json_str(t, "name", path, 0, name, name_size, p);
    for (int k = 0; k < i; k++)
        if (strcmp(prev_ids + stride * (size_t)k, id) == 0)
            grg_problem_add(p, path, "duplicate id '%s'", id);
}

static void terrain_entry(const cJSON *t, const char *path, int i, grg_rules_data *d,
                          grg_problems *p)
{
    grg_terrain_def *td = &d->terrain[i];
    read_id_name(t, path, td->id, sizeof td->id, td->name, sizeof td->name, d->terrain[0].id,
                 sizeof *td, i, p);
    snprintf(td->color, sizeof td->color, "#cccccc");
    if (grg__json_str(t, "color", path, 0, td->color, sizeof td->color, p) == 0 &&
        !valid_color(td->color))
        grg_problem_add(p, path, "color must be written #rrggbb");
    int b = 0;
    grg__json_bool(t, "blocks_los", path, 1, &b, p);
    td->blocks_los = (uint8_t)b;
    b = 0;
    grg__json_bool(t, "impassable", path, 0, &b, p);
    td->impassable = (uint8_t)b;
}

static void type_entry(const cJSON *t, const char *path, int i, grg_rules_data *d, grg_problems *p)
{
    grg_type_def *td = &d->types[i];
    read_id_name(t, path, td->id, sizeof td->id, td->name, sizeof td->name, d->types[0].id,
                 sizeof *td, i, p);
    snprintf(td->symbol, sizeof td->symbol, "infantry");
    grg__json_str(t, "symbol", path, 0, td->symbol, sizeof td->symbol, p);
    int b = 0;
    grg__json_bool(t, "has_facing", path, 0, &b, p);
    td->has_facing = (uint8_t)b;
}

grg_rules_data *grg__rules_data_load(const char *data_dir, const char *name, grg_problems *p)
{
    const grg_rules_entry *e = grg__rules_entry(name);
    if (!e) {
        grg_problem_add(p, "ruleset", "unknown ruleset '%s'", name);
        return NULL;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/rulesets/%s.json", data_dir, name);
    int before = p->n;
    cJSON *root = grg__json_load_file(path, p, NULL);
    if (!root)
        return NULL;
    grg_rules_data *d = calloc(1, sizeof *d);
    if (!d) {
        cJSON_Delete(root);
        return NULL;
    }
    snprintf(d->ruleset, sizeof d->ruleset, "%s", name);
    char rs[GRG_ID_LEN] = "";
    if (grg__json_str(root, "ruleset", "", 1, rs, sizeof rs, p) == 0 && strcmp(rs, name) != 0)
        grg_problem_add(p, "ruleset", "%s: the file is for ruleset '%s', not '%s'", path, rs, name);
    grg__json_int(root, "version", "", 1, 1, 1000000, &d->version, p);
    char policy[16] = "strict";
    grg__json_str(root, "los_policy", "", 0, policy, sizeof policy, p);
    if (strcmp(policy, "strict") == 0)
        d->los_policy = GRG_LOS_STRICT;
    else if (strcmp(policy, "lenient") == 0)
        d->los_policy = GRG_LOS_LENIENT;
    else
        grg_problem_add(p, "los_policy", "must be \"strict\" or \"lenient\"");
    d->n_terrain = load_table(root, "terrain", GRG_MAX_TERRAIN, terrain_entry, d, p);
    d->n_types = load_table(root, "unit_types", GRG_MAX_TYPES, type_entry, d, p);
    if (p->n == before && e->load_ext)
        d->ext = e->load_ext(root, d, p);
    cJSON_Delete(root);
    if (p->n > before) {
        for (int i = before; i < p->n; i++) {
            char tmp[sizeof p->items[i].message];
            snprintf(tmp, sizeof tmp, "%s", p->items[i].message);
            if (strncmp(tmp, path, strlen(path)) != 0)
                snprintf(p->items[i].message, sizeof p->items[i].message, "%s: %s", path, tmp);
        }
        grg__rules_data_free(d);
        return NULL;
    }
    return d;
}

void grg__rules_data_free(grg_rules_data *d)
{
    if (!d)
        return;
    const grg_rules_entry *e = grg__rules_entry(d->ruleset);
    if (d->ext && e && e->free_ext)
        e->free_ext((void *)d->ext);
    free(d);
}
