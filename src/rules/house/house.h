/* The `house` layer (spec §D): club house rules as a table of constraints over the `nap` ruleset.
 * Each rule is a row {id, when it is checked, the data it needs, a predicate}; its enforcement mode
 * (off, block, force, flag: spec D.0) is a `nap` option chosen when the game is created. The
 * ruleset calls the layer at its checkpoints: before an action (block and force refuse it), after
 * it (flag records the breach), and at the start and end of a player-turn (force acts). Rules of
 * the battalion-scale model (D.1) slot in as new rows with their `needs` bits and predicates. */
#ifndef GRG_RULES_HOUSE_H
#define GRG_RULES_HOUSE_H

#include "grognard/game.h"

#include <stddef.h>
#include <stdint.h>

typedef enum house_mode { HOUSE_OFF = 0, HOUSE_BLOCK, HOUSE_FORCE, HOUSE_FLAG } house_mode;

/* Checkpoints. */
typedef enum house_when {
    HOUSE_AT_ATTACK = 0, /* a unit joins a combat as an attacker (and the NAP-7.6 graph, D.4) */
    HOUSE_AT_STEP,       /* a unit enters a hex during its movement */
    HOUSE_AT_CHARGE,     /* a cavalry unit declares a charge */
    HOUSE_AT_TURN_END    /* the end of the owner's player-turn */
} house_when;

/* Data a rule needs from the scenario (it is inert without it, D.4). */
enum {
    HOUSE_NEEDS_COVER = 1u << 0,     /* hexes of a terrain with cav_cover (woods, villages) */
    HOUSE_NEEDS_CHATEAU = 1u << 1,   /* hexes of a chateau terrain */
    HOUSE_NEEDS_HOME_EDGE = 1u << 2, /* every side has a home map edge */
    HOUSE_NEEDS_ROADS = 1u << 3,     /* road hexes */
    HOUSE_NEEDS_STACKING = 1u << 4   /* a stacking limit above 1 (units can pass through friends) */
};

/* What a predicate is asked about. */
typedef struct house_ctx {
    int unit;
    int target;       /* the charged unit, or -1 */
    grg_hex from, to; /* a step */
    int road;         /* the step uses road movement */
} house_ctx;

#define HOUSE_AT(w) (1u << (w))

typedef struct house_rule {
    const char *id;
    unsigned when;           /* HOUSE_AT(checkpoint) bits */
    house_mode default_mode; /* spec D.3 */
    unsigned needs;
    const char *summary;
    /* 1 when the context breaks the rule at checkpoint w, with a refusal sentence in why (when why
     * is NULL only the answer is wanted: nothing is formatted). */
    int (*breach)(const grg_game *g, house_when w, const house_ctx *c, grg_verdict *why);
    /* Optional hooks: bookkeeping after an accepted step; the start of the owner's player-turn;
     * what block and force modes do to a unit found in breach at the end of its player-turn. */
    void (*after_step)(grg_game *g, const house_ctx *c);
    void (*turn_start)(grg_game *g);
    void (*enforce)(grg_game *g, int unit, grg_events *ev);
} house_rule;

#define HOUSE_MAX_RULES 8

/* Parameters from the data file ("house" object of nap.json). */
typedef struct house_params {
    int road_base, road_step, road_gap; /* HR-12 */
} house_params;

/* The layer's state inside the nap state (no padding: it is hashed). */
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wpadded"
typedef struct house_state {
    int32_t flagged[HOUSE_MAX_RULES]; /* breaches recorded in flag mode, per rule */
    int16_t road_movers;              /* HR-12: units that used road movement this phase */
    int16_t inert;                    /* bit i: rule i lacks its data in this scenario */
    int32_t pad_;
} house_state;
#pragma GCC diagnostic pop

/* Unit flag bit the layer owns (HR-11: found surrounded at the start of its player-turn). */
#define HOUSE_F_SURROUNDED (1u << 16)

/* Effective mode of rule i in this game: its option, else the `house` switch's default, else off;
 * off as well while the rule is inert. */
house_mode grg__house_mode(const grg_game *g, int i);
/* 1 when the scenario lacks the rule's data; why (may be NULL) names what is missing. */
int grg__house_inert(const grg_game *g, int i, char *why, size_t size);

/* Block and force modes: refuses (returns -1 with why) when a rule checked at `w` is broken. */
int grg__house_check(const grg_game *g, house_when w, const house_ctx *c, grg_verdict *why);
/* Flag mode: records every breach of a rule checked at `w` as an event and a count. */
void grg__house_flag(grg_game *g, house_when w, const house_ctx *c, grg_events *ev);
/* Bookkeeping after a step (HR-12 column ranks and road hexes). */
void grg__house_after_step(grg_game *g, const house_ctx *c);
/* At setup: which rules are inert in this scenario. */
void grg__house_setup(grg_game *g);
/* At the start of each player-turn: the layer's per-turn counters are cleared. */
void grg__house_phase_start(grg_game *g);
/* Start and end of the active side's player-turn (HR-11). */
void grg__house_turn_start(grg_game *g);
void grg__house_turn_end(grg_game *g, grg_events *ev);
/* The modes in force and the inert rules, for game_info. */
void grg__house_info(const grg_game *g, grg_info *out);

/* house_rules.c: the predicates. */
extern const house_rule grg__house_rules[];
extern const int grg__house_n_rules;
/* HR-11: is u cut off from its friends and its home edge. */
int grg__house_surrounded(const grg_game *g, int u);

#endif
