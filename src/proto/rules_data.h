/* Ruleset data files (data/rulesets/NAME.json): the common tables every ruleset has (terrain,
 * unit types, sight policy), read here, and each ruleset's own tables, read by that ruleset's
 * loader in src/proto/data_NAME.c into the struct its header declares. */
#ifndef GRG_PROTO_RULES_DATA_H
#define GRG_PROTO_RULES_DATA_H

#include "grognard/ruleset.h"
#include "grognard/scenario.h"

#include <cjson/cJSON.h>

/* How proto knows a ruleset: its engine table and the loader of its own data tables. */
typedef struct grg_rules_entry {
    const char *name;
    const grg_ruleset *rs;
    /* Reads the ruleset's own tables from the parsed data file into a new struct (the `ext` of
     * grg_rules_data), reporting each problem with its JSON path; returns NULL on any problem. */
    void *(*load_ext)(const cJSON *root, const grg_rules_data *common, grg_problems *p);
    void (*free_ext)(void *ext);
} grg_rules_entry;

/* The known rulesets (the test ruleset only in test builds); NULL-terminated by name. */
const grg_rules_entry *grg__rules_entry(const char *name);

/* Loads data/rulesets/NAME.json below data_dir into a new grg_rules_data. On failure returns NULL
 * and fills p (parse errors as line:column). Free with grg__rules_data_free. */
grg_rules_data *grg__rules_data_load(const char *data_dir, const char *name, grg_problems *p);
void grg__rules_data_free(grg_rules_data *d);

/* Small typed readers for loaders: each reads `key` of obj, adds a problem at path.key when it is
 * missing (required) or of the wrong type, and returns 0 on success. */
int grg__json_int(const cJSON *obj, const char *key, const char *path, int required, int min,
                  int max, int *out, grg_problems *p);
int grg__json_bool(const cJSON *obj, const char *key, const char *path, int required, int *out,
                   grg_problems *p);
int grg__json_str(const cJSON *obj, const char *key, const char *path, int required, char *out,
                  size_t size, grg_problems *p);

#endif
