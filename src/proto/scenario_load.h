/* The scenario loader's shared pieces: its state and the readers both its files use. */
#ifndef GRG_PROTO_SCENARIO_LOAD_H
#define GRG_PROTO_SCENARIO_LOAD_H

#include "json.h"
#include "grognard/proto.h"

typedef struct loader {
    grg_scenario *sc;
    const grg_rules_data *d;
    const grg_ruleset *rs;
    grg_problems *p;
} loader;

/* Reads a hex label (v) that must be on the scenario's map; reports a bad label or a hex off it. */
int grg__sc_hex(loader *L, const cJSON *v, const char *path, grg_hex *out);
/* Reads obj.key as a hex on the map: 0 read, -1 a problem, 1 absent (a problem if required). */
int grg__sc_hex_field(loader *L, const cJSON *obj, const char *key, const char *path, int required,
                      grg_hex *out);
/* obj.key when it is an array; NULL when it is absent, or (with a problem) not an array. */
const cJSON *grg__sc_array(loader *L, const cJSON *obj, const char *key, const char *path);
/* The map: size, terrain, elevation, hexsides, roads, objectives (scenario_map.c). */
void grg__sc_load_map(loader *L, const cJSON *root);

#endif
