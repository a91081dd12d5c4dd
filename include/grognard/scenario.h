/* Scenarios and ruleset data as plain C values. The JSON loaders in src/proto fill them; the
 * engine and the rulesets only read them. A scenario is immutable once loaded and is shared by
 * every game created from it: the caller keeps it alive until the last game is freed. */
#ifndef GROGNARD_SCENARIO_H
#define GROGNARD_SCENARIO_H

#include "grognard/map.h"

#include <stdint.h>

/* Capacity limits of a scenario and a game state (checked at load). */
#define GRG_MAX_UNITS 256
#define GRG_MAX_SIDES 2
#define GRG_MAX_CORPS 16
#define GRG_MAX_REINF 64
#define GRG_MAX_ENTRY 8
#define GRG_MAX_TERRAIN 32
#define GRG_MAX_TYPES 32
#define GRG_MAX_OPTIONS 48
#define GRG_MAX_OBJECTIVES 32
#define GRG_ID_LEN 24
#define GRG_NAME_LEN 64
#define GRG_RULE_LEN 16

/* A terrain of a ruleset's data file (common part; the ruleset's own table has the rest). */
typedef struct grg_terrain_def {
    char id[GRG_ID_LEN];
    char name[GRG_NAME_LEN];
    char color[8]; /* "#rrggbb" for rendering */
    uint8_t blocks_los;
    uint8_t impassable;
} grg_terrain_def;

/* A unit type of a ruleset's data file (common part). */
typedef struct grg_type_def {
    char id[GRG_ID_LEN];
    char name[GRG_NAME_LEN];
    char symbol[GRG_ID_LEN]; /* a symbol name the renderer knows: infantry, cavalry, ... */
    uint8_t has_facing;
} grg_type_def;

/* A ruleset's data file: the tables every loader shares, and `ext`, the ruleset's own tables,
 * a struct its header declares. The data file's loader owns `ext`. */
typedef struct grg_rules_data {
    char ruleset[GRG_ID_LEN];
    int version;
    int los_policy; /* grg_los_policy */
    int n_terrain;
    grg_terrain_def terrain[GRG_MAX_TERRAIN];
    int n_types;
    grg_type_def types[GRG_MAX_TYPES];
    const void *ext;
} grg_rules_data;

typedef enum grg_edge {
    GRG_EDGE_NONE = 0,
    GRG_EDGE_N,
    GRG_EDGE_S,
    GRG_EDGE_E,
    GRG_EDGE_W
} grg_edge;

typedef struct grg_side_def {
    char id[GRG_ID_LEN];
    char name[GRG_NAME_LEN];
    int home_edge; /* grg_edge */
} grg_side_def;

typedef struct grg_corps_def {
    char id[GRG_ID_LEN];
    char name[GRG_NAME_LEN];
    char nationality[GRG_ID_LEN];
    int side;
    int allied;  /* CDB-4.3: an allied corps */
    int general; /* unit index of its general, or -1 */
} grg_corps_def;

/* Per-unit values; -1 in an optional field means "the type's default". */
typedef struct grg_unit_def {
    char id[GRG_ID_LEN];
    char name[GRG_NAME_LEN];
    int side, corps, type;
    char quality;  /* 'S' 'O' 'I' 'F' 'X' (cdb), 'O' where unused */
    grg_hex hex;   /* start hex; meaningless for a reinforcement */
    int on_map;    /* 0: arrives as a reinforcement */
    int facing;    /* 0..5, or -1 (no facing) */
    int stack;     /* 0 = top of its hex's stack, 1, 2 below it */
    int general;   /* a general's counter (cdb) or a leader (nap) */
    int cinc;      /* the Commander-in-Chief */
    int irregular; /* -1, 0, 1 */
    int impetuous; /* -1, 0, 1 */
    int ma;        /* movement allowance, -1 = type default */
    int strength;  /* nap: combat strength */
    int range;     /* missile or artillery range, -1 = type default */
    int arm;       /* nap: 0 INF, 1 CAV, 2 ART; -1 = from the type */
    int disordered;
    /* House-rule data (spec D.1); -1 when the scenario does not supply it. */
    int kind; /* house unit kind, -1 */
    int men;  /* strength_men */
    int fatigue;
} grg_unit_def;

typedef struct grg_reinf_def {
    int unit;    /* unit index */
    int turn;    /* arrives on this turn ... */
    int die_min; /* ... or from that turn on, on a d6 >= die_min (0 = certain) */
    int n_entry;
    grg_hex entry[GRG_MAX_ENTRY];
} grg_reinf_def;

typedef struct grg_objective_def {
    grg_hex hex;
    int points;
    int owner; /* side holding it at the start, -1 none */
} grg_objective_def;

/* A scenario's choice for one of the ruleset's options (special rules included). */
typedef struct grg_option_value {
    char name[GRG_ID_LEN];
    int value;
} grg_option_value;

typedef struct grg_scenario {
    char id[GRG_ID_LEN];
    char name[GRG_NAME_LEN];
    char ruleset[GRG_ID_LEN];
    const grg_rules_data *data; /* not owned */
    grg_map map;
    int turn_limit;
    int first_side;
    int n_sides;
    grg_side_def sides[GRG_MAX_SIDES];
    int n_corps;
    grg_corps_def corps[GRG_MAX_CORPS];
    int n_units;
    grg_unit_def units[GRG_MAX_UNITS];
    int n_reinf;
    grg_reinf_def reinf[GRG_MAX_REINF];
    int n_objectives;
    grg_objective_def objectives[GRG_MAX_OBJECTIVES];
    int n_options;
    grg_option_value options[GRG_MAX_OPTIONS];
} grg_scenario;

/* Index of the unit, side, terrain or type with this id, or -1. */
int grg_scenario_unit(const grg_scenario *sc, const char *id);
int grg_scenario_side(const grg_scenario *sc, const char *id);
int grg_rules_terrain(const grg_rules_data *d, const char *id);
int grg_rules_type(const grg_rules_data *d, const char *id);

/* A problem found in a scenario: the JSON path of the field and a sentence. */
typedef struct grg_problem {
    char path[96];
    char message[192];
} grg_problem;

#define GRG_MAX_PROBLEMS 64
typedef struct grg_problems {
    int n;
    int dropped; /* problems past the capacity, counted but not kept */
    grg_problem items[GRG_MAX_PROBLEMS];
} grg_problems;

/* Adds a problem (printf-style message); never fails. */
void grg_problem_add(grg_problems *p, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
