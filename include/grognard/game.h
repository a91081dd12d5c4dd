/* A game: one allocation holding the whole mutable state (units, turn, phase, dice, options and
 * the ruleset's own state), so a clone is one memcpy. The scenario and its map are shared and
 * read-only; the caller keeps them alive until every game and clone made from them is freed.
 *
 * Size: sizeof(grg_game) + the ruleset's state_size (at most GRG_RS_STATE_MAX) + the ruleset's
 * cache for this scenario (at most GRG_RS_CACHE_MAX, ruleset.h). Limits: GRG_MAX_UNITS units,
 * GRG_MAX_SIDES sides, GRG_MAX_CORPS corps (scenario.h); the loader refuses larger scenarios.
 *
 * The cache is derived data a ruleset keeps to answer faster (docs/decisions/0008): not part of
 * the state or its hash, and refreshed by the ruleset even through a const game. So a game, const
 * or not, is used by one thread at a time; give each thread its own clone. */
#ifndef GROGNARD_GAME_H
#define GROGNARD_GAME_H

#include "grognard/action.h"
#include "grognard/ruleset.h"
#include "grognard/scenario.h"

#include <stddef.h>
#include <stdint.h>

#define GRG_RS_STATE_MAX (48 * 1024)
#define GRG_RS_CACHE_MAX (128 * 1024)
#define GRG_DICE_QUEUE 64

typedef enum grg_unit_status {
    GRG_UNIT_ON_MAP = 0,
    GRG_UNIT_WAITING = 1, /* a reinforcement not yet arrived */
    GRG_UNIT_ELIMINATED = 2,
    GRG_UNIT_EXITED = 3 /* left the map */
} grg_unit_status;

/* The state of one unit. Fields are ordered so the struct has no padding: the state hash reads
 * the bytes. `flags` and `v` belong to the ruleset. */
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wpadded"
typedef struct grg_unit {
    grg_hex hex;
    int16_t facing; /* 0..5, -1 none */
    int16_t status; /* grg_unit_status */
    int16_t side;
    int16_t corps;
    int16_t type;
    int16_t stack;    /* 0 = top of its hex */
    int16_t strength; /* current strength where the ruleset has one */
    int16_t ma;       /* movement allowance */
    uint32_t flags;   /* ruleset-defined bits */
    int16_t v[8];     /* ruleset-defined counters */
} grg_unit;

/* The game. Rulesets read and write it directly; every other layer goes through the functions
 * below. Nothing in it may point into itself, so a memcpy is a valid clone. */
struct grg_game {
    const grg_ruleset *rs;
    const grg_scenario *sc;
    uint64_t bytes; /* allocation size, for the clone */
    /* everything from here on is hashed */
    uint64_t seed;
    uint64_t rng[4];
    uint32_t n_actions; /* actions applied since setup */
    uint32_t undo_mark; /* n_actions at the last die roll or change of active player */
    int32_t turn;
    int32_t phase;  /* ruleset-defined */
    int32_t active; /* side to act */
    int32_t over;   /* 1 when the game has ended */
    int32_t winner; /* side, or -1 for a draw (when over) */
    int32_t n_queue;
    uint8_t queue[GRG_DICE_QUEUE]; /* scripted dice, taken before the generator */
    int32_t opt[GRG_MAX_OPTIONS];  /* option values, in the ruleset's declaration order */
    char result[128];              /* why the game ended */
    int32_t n_units;
    int32_t pad_;
    grg_unit units[GRG_MAX_UNITS];
    uint64_t rs_state[]; /* ruleset state: state_size bytes, 8-aligned; then the ruleset's cache,
                            which is not hashed */
};
#pragma GCC diagnostic pop

/* Options chosen when a game is created: name = value pairs, validated against the ruleset. */
typedef struct grg_options {
    int n;
    grg_option_value items[GRG_MAX_OPTIONS];
} grg_options;
/* Sets name to value (replacing an earlier value); returns 0 or -1 when full. */
int grg_options_set(grg_options *o, const char *name, int value);
/* Index of an option of rs by name, or -1. */
int grg_option_index(const grg_ruleset *rs, const char *name);
/* Parses an option value given as a name (enumerations) or an integer string into *value.
 * Returns 0, or -1 with a sentence in msg. */
int grg_option_parse(const grg_ruleset *rs, const char *name, const char *text, int *value,
                     char *msg, size_t msg_size);

/* Parses "name=value" (a value as grg_option_parse takes it) and sets it in o. Returns 0, or -1
 * with a sentence in msg. */
int grg_options_assign(const grg_ruleset *rs, const char *assignment, grg_options *o, char *msg,
                       size_t msg_size);

/* Errors of the game API. */
typedef struct grg_err {
    int code;
    char message[256];
} grg_err;

/* Creates a game: options are the scenario's special rules overridden by `opt` (may be NULL);
 * then the ruleset's setup runs, emitting its first events into ev (may be NULL). Returns NULL
 * with err filled on bad options or a scenario the ruleset refuses. Free with grg_game_free. */
grg_game *grg_game_new(const grg_ruleset *rs, const grg_scenario *sc, const grg_options *opt,
                       uint64_t seed, grg_events *ev, grg_err *err);
/* A copy sharing the scenario; NULL when out of memory. */
grg_game *grg_game_clone(const grg_game *g);
/* Copies src into dst, which must come from the same scenario and ruleset (AI search reuse). */
void grg_game_copy(grg_game *dst, const grg_game *src);
void grg_game_free(grg_game *g);
size_t grg_game_size(const grg_game *g);

/* The rules: legal lists exactly what apply accepts; check says why not; apply checks first and
 * changes nothing when it refuses. Returns 0, or -1 with `why` filled. */
int grg_legal(const grg_game *g, const int *units, int n, grg_action_list *out);
/* The filter of `legal` for rulesets: true when n <= 0 (no filter) or u is among units[0..n). */
int grg_units_wanted(const int *units, int n, int u);
int grg_check(const grg_game *g, const grg_action *a, grg_verdict *why);
int grg_apply(grg_game *g, const grg_action *a, grg_events *ev, grg_verdict *why);
/* Applies a sequence all or nothing: on refusal g is unchanged, *failed is the index of the refused
 * action and ev holds nothing of the sequence. */
int grg_apply_all(grg_game *g, const grg_action *acts, int n, grg_events *ev, grg_verdict *why,
                  int *failed);

/* Queries; each returns 0, or -1 with why filled when the question cannot be answered. */
int grg_los(const grg_game *g, grg_hex from, grg_hex to, grg_los_result *out);
int grg_query_reach(const grg_game *g, const int *units, int n, grg_reach *out, grg_verdict *why);
int grg_query_zoc(const grg_game *g, grg_zoc *out);
int grg_query_command(const grg_game *g, const int *units, int n, grg_command *out,
                      grg_verdict *why);
int grg_query_preview(const grg_game *g, const grg_action *acts, int n, grg_preview *out,
                      grg_verdict *why);
const char *grg_phase_name(const grg_game *g);

/* The geometric line of sight of spec A.6 with each terrain's blocks_los flag and the data's
 * policy; rulesets build their own sight rules on it. */
int grg_los_terrain(const grg_game *g, grg_hex from, grg_hex to, grg_los_result *out);

/* Dice (design §3): a d6 from the scripted queue, else from the game's xoshiro256**. Every roll
 * moves the undo mark. */
int grg_d6(grg_game *g);
/* Queues scripted rolls (1..6); returns 0 or -1 when a value is out of range or the queue full. */
int grg_dice_queue(grg_game *g, const int *rolls, int n);

/* 64-bit FNV-1a hash of the whole state (everything after `bytes` up to the ruleset's cache), see
 * docs/protocol.md. */
uint64_t grg_game_hash(const grg_game *g);

/* Ruleset helpers. */
static inline void *grg_rs_state(grg_game *g) { return (void *)g->rs_state; }
static inline const void *grg_rs_cstate(const grg_game *g) { return (const void *)g->rs_state; }
/* Bytes of the ruleset's state rounded to the cache's 8-byte alignment: where its cache starts. */
static inline size_t grg_rs_state_bytes(const grg_ruleset *rs)
{
    return (rs->state_size + 7) & ~(size_t)7;
}
/* Bytes of g from its start to the end of the ruleset's state: the part a hash covers (from `seed`
 * on) ends here, and the ruleset's cache starts here. */
static inline size_t grg_game_state_end(const grg_game *g)
{
    return offsetof(grg_game, rs_state) + grg_rs_state_bytes(g->rs);
}
/* The ruleset's cache (ruleset.h cache_size), writable even from a const game: it is derived data
 * outside the state, which the ruleset refreshes when it reads it. */
static inline void *grg_rs_cache(const grg_game *g)
{
    return (char *)(uintptr_t)g->rs_state + grg_rs_state_bytes(g->rs);
}
/* Index of the unit on top of the stack at h (any side), or -1. */
int grg_unit_at(const grg_game *g, grg_hex h);
/* Ends the game: winner side or -1 for a draw, with a reason; emits GRG_EV_GAME_OVER. */
void grg_game_end(grg_game *g, int winner, const char *reason, grg_events *ev);

#endif
