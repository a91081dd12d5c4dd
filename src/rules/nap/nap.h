/* The Napoleonic odds-table ruleset `nap` (spec §C): its data tables (the `ext` of grg_rules_data,
 * filled by src/proto/data_nap.c from data/rulesets/nap.json), its state inside the game, and the
 * functions its files share. Pure C: no I/O, no JSON, no allocation. */
#ifndef GRG_RULES_NAP_H
#define GRG_RULES_NAP_H

#include "grognard/game.h"
#include "rules/house/house.h"

#include <stdint.h>

/* Arms (NAP-P1). */
enum { NAP_INF = 0, NAP_CAV = 1, NAP_ART = 2, NAP_ARMS = 3 };

/* Combat results of C.8, in the table's vocabulary. */
typedef enum nap_result {
    NAP_R_NONE = 0, /* "-" */
    NAP_R_AE,
    NAP_R_A2,
    NAP_R_A1,
    NAP_R_D1,
    NAP_R_D2,
    NAP_R_DE,
    NAP_R_EX,
    NAP_R_COUNT
} nap_result;
extern const char *const grg__nap_result_names[NAP_R_COUNT];

#define NAP_COLUMNS 8
#define NAP_ROWS 7

/* NAP-P3: one terrain's effects. mp is per arm, -1 prohibited off-road. */
typedef struct nap_terrain {
    int mp[NAP_ARMS];
    int def_mult;  /* defender multiplier of its own hex */
    int no_charge; /* NAP-9.2: no charge against a unit in it */
    int fire_div;  /* C.5: ranged fire from it is divided by this (town 2) */
    int cav_cover; /* HR-7a: woods, orchards, villages */
    int chateau;   /* HR-8a */
} nap_terrain;

/* A unit type's defaults. */
typedef struct nap_type {
    int arm;
    int ma;
    int range;
} nap_type;

/* NAP-P3 hexside effects, indexed by feature bit number (map.h). */
typedef struct nap_hexside {
    int impassable;  /* river: only across a bridge or a ford */
    int mp;          /* extra MP to cross */
    int die;         /* NAP-7.15 die modifier when every attack crosses it */
    int uphill_only; /* crest: only when crossed towards its high side */
    int replaced;    /* river, stream: a bridge or ford on the same hexside takes its place */
} nap_hexside;

/* The ruleset's own tables (the `ext` of grg_rules_data). */
typedef struct grg_nap_data {
    nap_terrain terrain[GRG_MAX_TERRAIN];
    nap_type type[GRG_MAX_TYPES];
    nap_hexside side[GRG_SIDE_FEATURE_COUNT];
    int road_hexes_per_mp;                                 /* NAP-P3: 2 road hexes per MP */
    int art_adjacent_mult, art_max_range_div, charge_mult; /* C.5 */
    int three_arms_die, disorder_cav_die;                  /* NAP-7.13, 7.14 */
    int die_min, die_max;                                  /* NAP-7.16 */
    int break_percent; /* C.15: a side that has lost this share of its strength loses at once */
    char columns[NAP_COLUMNS][8];
    int crt[NAP_ROWS][NAP_COLUMNS]; /* nap_result */
    house_params house;
} grg_nap_data;

/* Options, in declaration order (g->opt[] indices). */
enum {
    NAP_OPT_GROUPING = 0, /* component | per_defender */
    NAP_OPT_RETREAT_ZOC,  /* every_hex | final_hex */
    NAP_OPT_RETREAT_FRIENDS,
    NAP_OPT_CAV_DISENGAGE,
    NAP_OPT_THREE_ARMS_DEF,
    NAP_OPT_RANGED_HEXSIDE,
    NAP_OPT_DIE_BASE,
    NAP_OPT_STACK_LIMIT,
    NAP_OPT_CHARGE_DISORDERS,
    NAP_OPT_HOUSE,   /* off | on: every house rule left off takes its default mode */
    NAP_OPT_HR_FIRST /* then one option per house rule, in house table order */
};

/* Unit flags (grg_unit.flags). */
enum {
    NAP_F_DISORDERED = 1u << 0,
    NAP_F_MOVED = 1u << 1,     /* moved this player-turn (NAP-9.3) */
    NAP_F_ACTIVATED = 1u << 2, /* has had its activation this movement phase */
    NAP_F_ATTACKED = 1u << 3,  /* attacked this combat phase (NAP-7.3) */
    NAP_F_DEFENDED = 1u << 4,  /* was attacked this combat phase (NAP-7.3) */
    NAP_F_AVAILABLE = 1u << 5, /* a reinforcement that may enter the map */
    NAP_F_PASSED_INF = 1u << 6 /* moved through a hex with friendly infantry (HR-7b) */
};

/* Unit counters (grg_unit.v). */
enum {
    NAP_V_SPENT = 0,   /* movement ticks spent this activation (1 tick = one road hex) */
    NAP_V_START_Q = 1, /* hex where its movement began this player-turn (NAP-9.3) */
    NAP_V_START_R = 2,
    NAP_V_DISORDER = 3, /* player-turn number when it became disordered (NAP-P8) */
    NAP_V_ARM = 4,
    NAP_V_RANGE = 5,
    NAP_V_HOUSE_A = 6, /* two counters owned by the house layer */
    NAP_V_HOUSE_B = 7
};

#define NAP_MAX_SIDE                                                                               \
    GRG_MAX_UNITS /* units on one side of one combat: a whole side may be one (NAP-7.6) */

/* A combat being declared (NAP-7.6, 7.9): ordered attackers, ordered defenders. */
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wpadded"
typedef struct nap_decl {
    grg_hex bomb_hex;         /* pure bombardment: the target hex (kind 2) */
    grg_hex at[NAP_MAX_SIDE]; /* ranged artillery: its target hex */
    int16_t open;             /* 1 between combat_begin and combat_close */
    int16_t kind;             /* 0 undecided, 1 a compulsory combat, 2 a pure bombardment */
    int16_t member;           /* a unit of the compulsory component, -1 */
    int16_t n_att, n_def;
    int16_t pad_;
    int16_t att[NAP_MAX_SIDE];
    uint8_t ranged[NAP_MAX_SIDE]; /* 1: fires from range */
    int16_t charge[NAP_MAX_SIDE]; /* the charged defender, -1 */
    int16_t def[NAP_MAX_SIDE];
} nap_decl;

/* What the attacker may still do after a combat: advance one unit (NAP-7.25, 7.26). */
typedef struct nap_after {
    grg_hex hex1, hex2; /* the vacated hex; the next hex of a two-hex retreat path */
    int16_t pending;
    int16_t has2;
    int16_t n;
    int16_t pad_;
    int16_t units[NAP_MAX_SIDE];
} nap_after;

/* The ruleset's state inside the game (a memcpy clones it). */
typedef struct nap_state {
    int32_t pturn;                    /* player-turns begun since the start, 1-based */
    int32_t lost[GRG_MAX_SIDES];      /* printed strength eliminated, per side (C.15) */
    int32_t start_str[GRG_MAX_SIDES]; /* printed strength at the start, per side */
    int16_t act_unit;                 /* unit whose activation is open, -1 */
    int16_t pad_;
    int16_t obj_owner[GRG_MAX_OBJECTIVES];
    nap_decl decl;
    nap_after after;
    house_state house;
} nap_state;
#pragma GCC diagnostic pop

enum { NAP_PH_MOVEMENT = 0, NAP_PH_COMBAT = 1, NAP_PH_END = 2 };

extern const grg_ruleset grg_ruleset_nap;

/* ---- nap_units.c: units, terrain, zones of control ---- */
const grg_nap_data *grg__nap_data(const grg_game *g);
static inline nap_state *grg__nap_state(grg_game *g) { return (nap_state *)grg_rs_state(g); }
static inline const nap_state *grg__nap_cstate(const grg_game *g)
{
    return (const nap_state *)grg_rs_cstate(g);
}
int grg__nap_arm(const grg_game *g, int u);
int grg__nap_on_map(const grg_game *g, int u);
int grg__nap_combatant(const grg_game *g, int u);
/* Number of units on the map at h, and the first of them (-1 none); side -1 = any side. */
int grg__nap_count_at(const grg_game *g, grg_hex h, int side, int *first);
int grg__nap_enemy_at(const grg_game *g, grg_hex h, int side);
/* NAP-P4: is h in the zone of control of a unit of a side other than `side`. */
int grg__nap_in_enemy_zoc(const grg_game *g, grg_hex h, int side);
const nap_terrain *grg__nap_terrain(const grg_game *g, grg_hex h);
/* The hexside between h and its neighbour in dir, and whether it is crossed towards its high side.
 */
unsigned grg__nap_side(const grg_game *g, grg_hex h, int dir);
int grg__nap_uphill(const grg_game *g, grg_hex from, int dir);
/* The label CCRR of a hex of this map ("?" when it has none). */
void grg__nap_label(const grg_game *g, grg_hex h, char *buf, size_t size);
const char *grg__nap_arm_name(int arm);
int grg__nap_opt(const grg_game *g, int opt);
/* Disorders u (NAP-P7, P8), stamped with the current player-turn for its recovery. */
void grg__nap_disorder(grg_game *g, int u, const char *rule, grg_events *ev);

/* ---- nap_move.c: movement phase (NAP-P5, P6, P3 roads), reinforcements ---- */
int grg__nap_move_check(const grg_game *g, const grg_action *a, grg_verdict *why);
void grg__nap_move_apply(grg_game *g, const grg_action *a, grg_events *ev);
void grg__nap_move_legal(const grg_game *g, const int *units, int n, grg_action_list *out);
/* Cost in ticks of u stepping from `from` into `to` (from == to prices an entry from off the map);
 * -1 prohibited. *road says whether it is road movement. */
int grg__nap_step_cost(const grg_game *g, int u, grg_hex from, grg_hex to, int *road);
/* May u step into `to` from `from` (entering: from off the map), having spent `spent` ticks? */
int grg__nap_step_test(const grg_game *g, int u, grg_hex from, int entering, int spent, grg_hex to,
                       grg_verdict *why);
const grg_reinf_def *grg__nap_reinf(const grg_game *g, int u);
void grg__nap_reinforcements(grg_game *g, grg_events *ev);

/* ---- nap_reach.c: the reach and zoc queries (NAP-P4 to P6) ---- */
int grg__nap_reach(const grg_game *g, const int *units, int n, grg_reach *out, grg_verdict *why);
int grg__nap_zoc(const grg_game *g, grg_zoc *out);

/* ---- nap_graph.c: compulsory combat (NAP-7.2 to 7.6) ---- */
typedef struct nap_graph {
    int16_t parent[GRG_MAX_UNITS]; /* union-find */
    uint8_t node[GRG_MAX_UNITS];   /* 1: an obliged attacker or an enemy it must attack */
} nap_graph;
void grg__nap_graph(const grg_game *g, nap_graph *gr);
int grg__nap_root(const nap_graph *gr, int u);
/* May u attack this phase at all (house rules of D.4 in block or force mode)? */
int grg__nap_may_attack(const grg_game *g, int u, grg_verdict *why);
int grg__nap_adjacent(const grg_game *g, int a, int b);

/* ---- nap_declare.c: declaring a combat (NAP-7.6 to 7.9, 8.1, 8.5, 9) ---- */
int grg__nap_decl_check(const grg_game *g, const nap_decl *d, const grg_action *a,
                        grg_verdict *why);
void grg__nap_decl_add(const grg_game *g, nap_decl *d, const grg_action *a);
void grg__nap_decl_reset(nap_decl *d);
void grg__nap_combat_legal(const grg_game *g, const int *units, int n, grg_action_list *out);
int grg__nap_charge_valid(const grg_game *g, int cav, int target, grg_verdict *why);
int grg__nap_ranged(const grg_game *g, int art, grg_hex target, grg_verdict *why);

/* ---- nap_resolve.c: strengths, odds, die, table (C.5 to C.8) ---- */
typedef struct nap_eval {
    int att, def; /* modified totals */
    int column;   /* 0 = 1-4 ... 7 = 5-1 */
    int die_mod;  /* sum of the die terms */
    grg_preview_side a, d;
    int n_die_terms;
    grg_term die_terms[GRG_MAX_TERMS];
} nap_eval;
int grg__nap_odds_column(int a, int d);
/* C.5: the strength of art firing from range at hex t (max range and town divisors); label and
 * rule may be NULL. */
int grg__nap_ranged_strength(const grg_game *g, int art, grg_hex t, char *label, size_t size,
                             char rule[GRG_RULE_LEN]);
void grg__nap_eval(const grg_game *g, const nap_decl *d, nap_eval *e);
int grg__nap_preview(const grg_game *g, const grg_action *acts, int n, grg_preview *out,
                     grg_verdict *why);
void grg__nap_resolve(grg_game *g, grg_events *ev);

/* ---- nap_retreat.c: results on units (C.9 to C.11) ---- */
void grg__nap_apply_result(grg_game *g, nap_result r, grg_events *ev);
int grg__nap_advance_check(const grg_game *g, const grg_action *a, grg_verdict *why);
void grg__nap_advance_apply(grg_game *g, const grg_action *a, grg_events *ev);
void grg__nap_advance_legal(const grg_game *g, grg_action_list *out);
void grg__nap_eliminate(grg_game *g, int u, const char *rule, const char *why, grg_events *ev);

/* ---- nap_los.c: sight for bombardment (NAP-8.3) ---- */
int grg__nap_los(const grg_game *g, grg_hex from, grg_hex to, grg_los_result *out);

/* ---- nap_turn.c: sequence, disorder recovery, victory (C.2, C.14, C.15) ---- */
int grg__nap_end_phase_check(const grg_game *g, grg_verdict *why);
void grg__nap_end_phase(grg_game *g, grg_events *ev);
void grg__nap_start_player_turn(grg_game *g, grg_events *ev);
void grg__nap_victory_check(grg_game *g, grg_events *ev);
void grg__nap_update_objectives(grg_game *g);
const char *grg__nap_phase_name(const grg_game *g);

/* ---- nap_validate.c ---- */
int grg__nap_validate(const grg_scenario *sc, grg_problems *out);

#endif
