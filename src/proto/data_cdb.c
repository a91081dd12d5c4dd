/* The cdb ruleset's own tables in data/rulesets/cdb.json: terrain classes and effects, unit-type
 * values, ranks of support, hexside meanings, costs, thresholds and modifiers (spec CDB-P2..P14),
 * read into the cdb_data struct of src/rules/cdb/cdb.h. Every problem is reported with its path. */
#include "json.h"
#include "rules/cdb/cdb.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const class_names[] = {"clear", "broken", "difficult", "impassable"};

/* Reads an optional class name; `def` when absent. Returns the class or -1 after a problem. */
static int read_class(const cJSON *obj, const char *key, const char *path, int def, grg_problems *p)
{
    char name[24] = "";
    if (grg__json_str(obj, key, path, 0, name, sizeof name, p) < 0)
        return -1;
    if (!name[0])
        return def;
    for (int i = 0; i < 4; i++)
        if (strcmp(name, class_names[i]) == 0)
            return i;
    char at[96];
    snprintf(at, sizeof at, "%s.%s", path, key);
    grg_problem_add(p, at, "'%s' is not a terrain class (clear, broken, difficult, impassable)",
                    name);
    return -1;
}

static void load_terrain(const cJSON *root, const grg_rules_data *common, cdb_data *d,
                         grg_problems *p)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "terrain");
    for (int i = 0; i < common->n_terrain; i++) {
        const cJSON *t = cJSON_GetArrayItem(arr, i);
        char path[32];
        snprintf(path, sizeof path, "terrain[%d]", i);
        cdb_terrain *td = &d->terrain[i];
        td->cls = read_class(t, "class", path,
                             common->terrain[i].impassable ? CDB_IMPASSABLE : CDB_CLEAR, p);
        if (td->cls < 0)
            continue;
        if (common->terrain[i].impassable != (td->cls == CDB_IMPASSABLE))
            grg_problem_add(p, path, "impassable and class \"impassable\" must agree");
        grg__json_bool(t, "wood", path, 0, &td->wood, p);
        grg__json_bool(t, "fort", path, 0, &td->fort, p);
        grg__json_bool(t, "cover", path, 0, &td->cover, p);
    }
}

static int type_index(const grg_rules_data *common, const cJSON *obj, const char *key,
                      const char *path, grg_problems *p)
{
    char id[GRG_ID_LEN] = "";
    if (grg__json_str(obj, key, path, 1, id, sizeof id, p) < 0)
        return -1;
    int t = grg_rules_type(common, id);
    if (t < 0) {
        char at[96];
        snprintf(at, sizeof at, "%s.%s", path, key);
        grg_problem_add(p, at, "'%s' is not one of unit_types", id);
    }
    return t;
}

static void load_types(const cJSON *root, const grg_rules_data *common, cdb_data *d,
                       grg_problems *p)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "unit_types");
    for (int i = 0; i < common->n_types; i++) {
        const cJSON *t = cJSON_GetArrayItem(arr, i);
        char path[32];
        snprintf(path, sizeof path, "unit_types[%d]", i);
        cdb_type *ty = &d->type[i];
        char cls[16] = "";
        if (grg__json_str(t, "class", path, 1, cls, sizeof cls, p) == 0) {
            if (strcmp(cls, "foot") == 0)
                ty->cls = CDB_FOOT;
            else if (strcmp(cls, "mounted") == 0)
                ty->cls = CDB_MOUNTED;
            else
                grg_problem_add(p, path, "class must be \"foot\" or \"mounted\", not '%s'", cls);
        }
        grg__json_int(t, "ma", path, 1, 0, 20, &ty->ma, p);
        grg__json_int(t, "tv_foot", path, 1, 0, 20, &ty->tv_foot, p);
        grg__json_int(t, "tv_mounted", path, 1, 0, 20, &ty->tv_mounted, p);
        grg__json_int(t, "range", path, 0, 0, 20, &ty->range, p);
        grg__json_int(t, "melee_broken", path, 0, -5, 5, &ty->melee_broken, p);
        grg__json_int(t, "melee_difficult", path, 0, -5, 5, &ty->melee_difficult, p);
        struct {
            const char *key;
            int *out;
        } flags[] = {
            {"skirmisher", &ty->skirmisher},
            {"impetuous", &ty->impetuous},
            {"irregular", &ty->irregular},
            {"fast", &ty->fast},
            {"chariot", &ty->chariot},
            {"elephant", &ty->elephant},
            {"knight", &ty->knight},
            {"baggage", &ty->baggage},
            {"psiloi", &ty->psiloi},
            {"bowmen", &ty->bowmen},
            {"blades", &ty->blades},
            {"ride_down", &ty->ride_down},
            {"flee_vs_foot", &ty->flee_vs_foot},
        };
        for (size_t k = 0; k < sizeof flags / sizeof flags[0]; k++)
            grg__json_bool(t, flags[k].key, path, 0, flags[k].out, p);
        if (ty->baggage == (int)common->types[i].has_facing)
            grg_problem_add(p, path, "baggage has no facing (CDB-6.1); every other type has one");
    }
}

static void load_ranks(const cJSON *root, const grg_rules_data *common, cdb_data *d,
                       grg_problems *p)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "ranks");
    if (!cJSON_IsArray(arr)) {
        grg_problem_add(p, "ranks", "must be an array of ranks of support (CDB-P6)");
        return;
    }
    const cJSON *e;
    int i = 0;
    cJSON_ArrayForEach(e, arr)
    {
        char path[32];
        snprintf(path, sizeof path, "ranks[%d]", i);
        if (i >= CDB_MAX_RANKS) {
            grg_problem_add(p, path, "more than %d ranks of support", CDB_MAX_RANKS);
            return;
        }
        cdb_rank *r = &d->ranks[i++];
        r->front = type_index(common, e, "front", path, p);
        r->rear = type_index(common, e, "rear", path, p);
        grg__json_bool(e, "third", path, 0, &r->third, p);
        grg__json_int(e, "foot", path, 0, 0, 9, &r->bonus_foot, p);
        grg__json_int(e, "mounted", path, 0, 0, 9, &r->bonus_mounted, p);
        grg__json_bool(e, "missile", path, 0, &r->missile, p);
        grg__json_bool(e, "army_list", path, 0, &r->army_list, p);
        r->lost_in = read_class(e, "lost_in", path, 0, p);
    }
    d->n_ranks = i;
}

static void load_hexsides(const cJSON *root, cdb_data *d, grg_problems *p)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "hexsides");
    if (!cJSON_IsArray(arr)) {
        grg_problem_add(p, "hexsides", "must be an array saying what each hexside feature means");
        return;
    }
    const cJSON *e;
    int i = 0;
    cJSON_ArrayForEach(e, arr)
    {
        char path[32], name[24] = "";
        snprintf(path, sizeof path, "hexsides[%d]", i++);
        if (grg__json_str(e, "feature", path, 1, name, sizeof name, p) < 0)
            continue;
        int bit = -1;
        for (int k = 0; k < GRG_SIDE_FEATURE_COUNT; k++)
            if (strcmp(name, grg_side_feature_names[k]) == 0)
                bit = k;
        if (bit < 0) {
            grg_problem_add(p, path, "'%s' is not a hexside feature", name);
            continue;
        }
        cdb_side_rule *s = &d->side[bit];
        s->cls = read_class(e, "class", path, CDB_CLEAR, p);
        grg__json_int(e, "defence", path, 0, 0, 5, &s->defence, p);
        grg__json_bool(e, "cancels", path, 0, &s->cancels, p);
    }
}

/* A group of integer settings: each key required, within its bounds, stored at its field. */
typedef struct int_field {
    const char *key;
    int min, max;
    size_t offset;
} int_field;

static void load_ints(const cJSON *root, const char *group, const int_field *f, size_t n,
                      cdb_data *d, grg_problems *p)
{
    const cJSON *obj = cJSON_GetObjectItemCaseSensitive(root, group);
    if (!cJSON_IsObject(obj)) {
        grg_problem_add(p, group, "must be an object");
        return;
    }
    for (size_t i = 0; i < n; i++)
        grg__json_int(obj, f[i].key, group, 1, f[i].min, f[i].max,
                      (int *)(void *)((char *)d + f[i].offset), p);
}

#define F(key, min, max, field)                                                                    \
    {                                                                                              \
        key, min, max, offsetof(cdb_data, field)                                                   \
    }
static const int_field cost_fields[] = {
    F("activate", 0, 9, cost_activate),
    F("control", 0, 9, cost_control),
    F("hold", 0, 9, cost_hold),
    F("irregular_unused", 0, 9, cost_irregular),
    F("cinc", -9, 0, cost_cinc),
    F("far", 0, 9, cost_far),
    F("general_engaged", 0, 9, cost_engaged),
    F("cinc_extra", 0, 9, cinc_extra),
    F("mp_per_vertex", 0, 9, mp_vertex),
};
static const int_field threshold_fields[] = {
    F("command_far", 1, 99, command_far),
    F("command_sight", 1, 99, command_sight),
    F("strategic", 0, 99, strategic),
    F("unreliable_distance", 0, 99, unreliable_dist),
    F("unreliable_roll", 0, 6, unreliable_roll),
    F("reliable_roll", 1, 7, reliable_roll),
    F("advance_near", 0, 99, advance_near),
    F("wood_sight", 1, 99, wood_sight),
    F("support_cap", 0, 9, support_cap),
    F("missile_support_cap", 0, 9, missile_cap),
    F("recoil_max", 0, 20, recoil_max),
    F("demoralise_divisor", 1, 20, demoralise_div),
    F("army_loss_num", 1, 99, army_loss_num),
    F("army_loss_den", 1, 99, army_loss_den),
    F("skirmisher_turn_vertices", 1, 3, skirmisher_turn),
    F("fast_broken_penalty", 0, 9, fast_broken),
    F("difficult_mounted_ma", 0, 99, difficult_mounted_ma),
};
static const int_field modifier_fields[] = {
    F("general", -9, 9, mod_general),    F("uphill", -9, 9, mod_uphill),
    F("fortification", -9, 9, mod_fort), F("missile_cover", -9, 9, mod_cover),
    F("superior", -9, 9, mod_superior),  F("inferior", -9, 9, mod_inferior),
    F("fast_foot", -9, 9, mod_fast),
};
#undef F

void *grg__cdb_load_ext(const cJSON *root, const grg_rules_data *common, grg_problems *p)
{
    cdb_data *d = calloc(1, sizeof *d);
    if (!d) {
        grg_problem_add(p, "", "out of memory");
        return NULL;
    }
    int before = p->n;
    load_terrain(root, common, d, p);
    load_types(root, common, d, p);
    load_ranks(root, common, d, p);
    load_hexsides(root, d, p);
    load_ints(root, "costs", cost_fields, sizeof cost_fields / sizeof cost_fields[0], d, p);
    load_ints(root, "thresholds", threshold_fields,
              sizeof threshold_fields / sizeof threshold_fields[0], d, p);
    load_ints(root, "modifiers", modifier_fields,
              sizeof modifier_fields / sizeof modifier_fields[0], d, p);
    if (p->n != before) {
        free(d);
        return NULL;
    }
    return d;
}

void grg__cdb_free_ext(void *ext) { free(ext); }
