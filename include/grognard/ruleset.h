/* The ruleset interface (design §2): a table of functions each ruleset fills in, the options it
 * declares, and the shapes of the queries every client shares (line of sight, reach, zones of
 * control, command and combat preview). The engine calls these; clients call the grg_ wrappers in
 * game.h, which check their arguments first. */
#ifndef GROGNARD_RULESET_H
#define GROGNARD_RULESET_H

#include "grognard/action.h"
#include "grognard/scenario.h"

#include <stddef.h>
#include <stdint.h>

typedef struct grg_game grg_game;

/* An option a ruleset declares: an enumeration when `values` is non-NULL (NULL-terminated list of
 * names; the value is an index into it), else an integer in [min, max]. */
typedef struct grg_option_def {
    const char *name;
    const char *const *values;
    int def;
    int min, max;
    const char *doc;
} grg_option_def;

/* Line of sight (the `los` query). */
typedef struct grg_los_result {
    int clear;
    int blocked_kind; /* 0 clear, 1 a hex blocks (at), 2 a hexside blocks (at/at2) */
    grg_hex at, at2;
    char rule[GRG_RULE_LEN];
    char reason[96];
} grg_los_result;

/* Reach: every position a unit or group can end its activation in, with its cost. */
typedef struct grg_position {
    grg_hex hex;
    int16_t facing; /* -1 when facing plays no part */
    int16_t mp;     /* movement points spent */
    int16_t ap;     /* action points it costs (activation included), 0 where none */
    int16_t zoc;    /* 1 when it ends in an enemy zone of control */
} grg_position;
#define GRG_MAX_POSITIONS 8192
typedef struct grg_reach {
    int n;
    int truncated;
    grg_position items[GRG_MAX_POSITIONS];
} grg_reach;

/* Zones of control: the hexes each side's units control, and who controls each. */
#define GRG_MAX_ZOC 4096
typedef struct grg_zoc_entry {
    grg_hex hex;
    int16_t side;
    int16_t unit;
} grg_zoc_entry;
typedef struct grg_zoc {
    int n;
    int truncated;
    grg_zoc_entry items[GRG_MAX_ZOC];
} grg_zoc;

/* Command: what activating a unit or group costs and why. */
typedef struct grg_command {
    int cost;      /* total action points */
    int available; /* points its corps has now */
    int allowed;   /* 0 when the activation is refused (rule/message say why) */
    char rule[GRG_RULE_LEN];
    char message[160];
    int n_terms;
    grg_term terms[GRG_MAX_TERMS];
} grg_command;

/* Preview of a proposed combat: each side's total and its terms, the odds where the ruleset uses
 * them, and the chance of each outcome as num/den. */
#define GRG_MAX_OUTCOMES 16
typedef struct grg_preview_side {
    int total;
    int n_terms;
    grg_term terms[GRG_MAX_TERMS];
} grg_preview_side;
typedef struct grg_outcome {
    char result[16]; /* short code: "D1", "recoil", ... */
    char text[96];   /* in words */
    int num, den;    /* probability */
} grg_outcome;
typedef struct grg_preview {
    char kind[16]; /* "melee", "missile", "combat", "bombard" ... */
    char odds[16]; /* "3-1", or "" */
    grg_preview_side attacker, defender;
    int n_die_terms; /* modifiers applied to the die (odds-table rulesets) */
    grg_term die_terms[GRG_MAX_TERMS];
    int n_outcomes;
    grg_outcome outcomes[GRG_MAX_OUTCOMES];
} grg_preview;

/* Ruleset-specific facts about the game or a unit that `state` shows: key = value pairs. */
#define GRG_MAX_INFO 24
typedef struct grg_info_item {
    char key[24];
    int is_text;
    int32_t value;
    char text[64];
} grg_info_item;
typedef struct grg_info {
    int n;
    grg_info_item items[GRG_MAX_INFO];
} grg_info;
void grg_info_int(grg_info *in, const char *key, int value);
void grg_info_text(grg_info *in, const char *key, const char *text);

/* The table a ruleset fills in. Every function gets a game in a consistent state; errors are
 * negative returns. `check` must accept exactly what `legal` lists; `apply` judges the action
 * itself, with `check`'s verdict, and changes nothing (no state, no event) when it refuses, so a
 * ruleset applies what it judged without judging twice (docs/decisions/0007). Rulesets may leave
 * query pointers NULL where a query means nothing to them (the wrapper then answers that the
 * ruleset has no such query). */
typedef struct grg_ruleset {
    const char *name; /* "cdb", "nap", "test" */
    int version;
    const grg_option_def *options;
    int n_options;
    size_t state_size; /* bytes of ruleset state inside the game (at most GRG_RS_STATE_MAX) */

    /* Checks what only this ruleset can judge in a scenario. Adds problems; returns their count. */
    int (*validate)(const grg_scenario *sc, grg_problems *out);
    /* Fills the initial state (units are already copied from the scenario) and starts turn 1. */
    int (*setup)(grg_game *g, grg_events *ev);
    /* Name of the current phase, such as "cdb.movement". */
    const char *(*phase_name)(const grg_game *g);
    /* Lists the atomic actions open now; `units` (n > 0) restricts to actions of those units. */
    int (*legal)(const grg_game *g, const int *units, int n, grg_action_list *out);
    int (*check)(const grg_game *g, const grg_action *a, grg_verdict *why);
    int (*apply)(grg_game *g, const grg_action *a, grg_events *ev, grg_verdict *why);

    int (*los)(const grg_game *g, grg_hex from, grg_hex to, grg_los_result *out);
    int (*reach)(const grg_game *g, const int *units, int n, grg_reach *out, grg_verdict *why);
    int (*zoc)(const grg_game *g, grg_zoc *out);
    int (*command)(const grg_game *g, const int *units, int n, grg_command *out);
    /* `acts` is a shoot or bombard action, or a combat declaration (begin, attackers, defenders).
     */
    int (*preview)(const grg_game *g, const grg_action *acts, int n, grg_preview *out,
                   grg_verdict *why);
    void (*game_info)(const grg_game *g, grg_info *out);
    void (*unit_info)(const grg_game *g, int unit, grg_info *out);
    /* Bytes of derived data (a cache) the ruleset keeps after its state for games of this scenario
     * (at most GRG_RS_CACHE_MAX), or NULL for none. The engine zeroes it at creation, copies it
     * with the game and leaves it out of the state hash; the ruleset alone reads and writes it, and
     * its answers must not depend on it (docs/decisions/0008). */
    size_t (*cache_size)(const grg_scenario *sc);
} grg_ruleset;

/* The rulesets compiled in, NULL-terminated; the test ruleset is listed only in test builds. */
const grg_ruleset *const *grg_rulesets(void);
const grg_ruleset *grg_ruleset_find(const char *name);

#endif
