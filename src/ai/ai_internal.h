/* What the players in src/ai share: the instance header, the AI's own generator, the cheap
 * action-scoring policy used by rollouts and completions, and the simulation helpers. */
#ifndef GRG_AI_INTERNAL_H
#define GRG_AI_INTERNAL_H

#include "grognard/ai.h"

#include <stddef.h>
#include <stdint.h>

/* Every instance starts with this header (the players' own structs embed it first). */
struct grg_ai {
    const grg_ai_player *player;
};

extern const grg_ai_player grg__ai_random;
extern const grg_ai_player grg__ai_greedy;
extern const grg_ai_player grg__ai_search;
extern const grg_ai_player grg__ai_plan;

/* The static evaluation with the worth of a finished game chosen by the caller: +-won plus its
 * material (grg_ai_evaluate passes AI_WON). */
#define AI_WON 10.0
double grg__ai_value(const grg_game *g, int side, double won);

/* The AI's own generator (never the game's): splitmix64 over a 64-bit state. */
uint64_t grg__ai_rand(uint64_t *state);
/* Uniform in [0, n) for n > 0. */
int grg__ai_below(uint64_t *state, int n);
/* Uniform in [0, 1). */
double grg__ai_unit(uint64_t *state);
/* Mixes two values into a seed (for common random numbers across candidates). */
uint64_t grg__ai_mix(uint64_t a, uint64_t b);
/* Reads key's whole number from an options string grg_ai_check_options accepted (the range is
 * the player's table's); def when the key is absent. */
int grg__ai_option(const char *options, const char *key, int def);
/* Milliseconds on a monotonic clock. */
double grg__ai_now_ms(void);

/* Positions the policy scores against: the hexes of each side's units on the map. Built once per
 * state (grg__ai_view_init), read by every score of that state. */
typedef struct ai_view {
    int n[GRG_MAX_SIDES];
    grg_hex hex[GRG_MAX_SIDES][GRG_MAX_UNITS];
} ai_view;
void grg__ai_view_init(ai_view *v, const grg_game *g);
/* Distance from h to the nearest unit of `side` on the map (a large number when there is none). */
int grg__ai_nearest(const ai_view *v, int side, grg_hex h);
/* Units of `side` adjacent to h. */
int grg__ai_adjacent(const ai_view *v, int side, grg_hex h);

/* The rules of thumb as a weight > 0 for each legal action: shoot and attack when allowed, step
 * toward the enemy and the objectives, face the enemy, keep together, end phases last. Cheap: no
 * clone, no query. The rollouts sample actions in proportion to it; completions take its best. */
double grg__ai_weight(const grg_game *g, const ai_view *v, const grg_action *a);
/* Index of an action of l drawn in proportion to its weight raised to `power` (the higher, the
 * closer to the best); rng NULL: the best one, the first on ties. */
int grg__ai_pick(const grg_game *g, const grg_action_list *l, uint64_t *rng, double power);

/* Plays the policy on g (a clone with imagined dice) for at most max_steps actions or until
 * stop() says so. Returns the number of actions applied. */
typedef int (*ai_stop_fn)(const grg_game *g, void *ctx);
int grg__ai_playout(grg_game *g, grg_action_list *scratch, uint64_t *rng, double power,
                    int max_steps, ai_stop_fn stop, void *ctx);

/* One-ply lookahead (lookahead.c): a reusable clone and action list. Zero-initialise; `ready`
 * sizes the clone for g (returns -1 when out of memory), `release` frees it. */
#define AI_FIRST_STEPS_MAX 64 /* the most first steps of an activation the lookahead tries */
typedef struct ai_lookahead {
    grg_game *scratch;
    grg_game *started; /* an activation's state after its start, each first step tried from it */
    size_t bytes;
    grg_action_list inner;
    grg_action first[AI_FIRST_STEPS_MAX]; /* that activation's first steps */
    int first_steps; /* how many of them are tried (option first_steps; 0: none) */
    /* The state being judged handed to the other side (grg_game_hand_to), for the previews of
     * that side's attacks where the ruleset answers only for the side to act (nap); `turned_for`
     * the state it copies, NULL until the judgement needs it. */
    grg_game *turned;
    const grg_game *turned_for;
    /* Greedy's look into an activation it would start (greedy.c's idle_start): the state after
     * the start, and the actions legal there. */
    grg_game *inside;
    grg_action_list within;
    /* The matchups' scratch: the zoc query's answer, and for each side a bit per map hex where
     * its units could not retreat to (in the other side's zone of control, or occupied). */
    grg_zoc zoc;
    uint8_t no_retreat[GRG_MAX_SIDES][(GRG_MAP_MAX_DIM * GRG_MAP_MAX_DIM + 7) / 8];
} ai_lookahead;
int grg__ai_lookahead_ready(ai_lookahead *la, const grg_game *g);
/* The option every player that looks ahead takes (docs/ai.md): an activation's first steps tried,
 * 24 by default for greedy; 0 (the rules of thumb's completion alone) for search; for plan 24
 * where the game's units face (cdb) and 0 where they do not (nap, whose skirmish it played worse
 * with them: docs/ai-log.md, fifteenth and sixteenth passes). */
#define AI_FIRST_STEPS_DEFAULT 24
#define AI_FIRST_STEPS_OPTION                                                                      \
    {                                                                                              \
        "first_steps", 0, AI_FIRST_STEPS_MAX                                                       \
    }
void grg__ai_lookahead_release(ai_lookahead *la);
/* The start of a decision for the players that simulate (search, plan): lists g's legal actions
 * into *legal and sizes la and the simulation clone *sim (*sim_bytes) for g. Returns -1 when
 * there is nothing to choose (the game over, no legal action), 1 with *out set to the first
 * action when there is nothing to think about (one action) or no memory to think with, 0 when
 * the player should think. */
int grg__ai_prepare(const grg_game *g, grg_action_list *legal, ai_lookahead *la, grg_game **sim,
                    size_t *sim_bytes, grg_action *out);
/* a begins an activation or forms the group it activates (activate, group begin, add, close). */
int grg__ai_starts_activation(const grg_action *a);
/* True when a turns back the unit that the action before it, last, turned. */
int grg__ai_turns_back(const grg_action *last, const grg_action *a);
/* True when ending the phase is among l's actions. */
int grg__ai_has_end_phase(const grg_action_list *l);
/* Copies g into s with imagined dice from `seed`, notes the dice generator's state in before (for
 * grg__ai_rolled) and applies a there; -1 when a is illegal. */
int grg__ai_imagine(grg_game *s, const grg_game *g, const grg_action *a, uint64_t seed,
                    uint64_t before[4]);
/* The expected evaluation, for the side to act, of playing a now and completing what it starts
 * with the rules of thumb; dice imagined from seeds derived from `base` (the same base for every
 * candidate of a decision: common random numbers). */
double grg__ai_one_ply(ai_lookahead *la, const grg_game *g, const grg_action *a, uint64_t base);
/* How the matchups count the melee: the exchange of every adjacent pair both ways, each side's
 * attacks as the ruleset previews them for the side to act (greedy's judgement, and the search's),
 * or each unit in contact attacked once, by the adjacent enemy whose attack on it gains most, the
 * other side's attacks previewed with that side to act (the plan player's: a planner that
 * maximises the judgement over a whole phase exploits the pairs' double counting and the enemy
 * attacks nap leaves out, docs/ai-log.md, eleventh pass). */
typedef enum { AI_EVERY_PAIR, AI_ATTACKED_ONCE } ai_melee;
/* How the fights in contact and in range look for `side`, from the engine's preview: the expected
 * exchange of the melee (as `melee` counts it) and each unit's best shot, a beaten unit with
 * nowhere to retreat counted as lost (lookahead.c). */
double grg__ai_matchups(ai_lookahead *la, const grg_game *g, int side, ai_melee melee);
/* The greedy player's choice among l (pruned first to its `keep` heaviest actions): the best
 * one-ply value, the rules of thumb breaking ties, but ending an activation not over an action
 * that gains on it, and, where the phase may end, no activation that it would end at once.
 * Returns its index in l. */
int grg__ai_greedy_pick(ai_lookahead *la, const grg_game *g, grg_action_list *l, int keep,
                        uint64_t base);
/* The greedy player's judgement of a state for `side` at the end of a line of play: the static
 * evaluation (a finished game worth +-won) plus, while it goes on, the matchups. */
double grg__ai_judge(ai_lookahead *la, const grg_game *g, int side, double won, ai_melee melee);
/* Keeps the `keep` heaviest actions of l under the rules of thumb (END_PHASE always stays). */
void grg__ai_prune(const grg_game *g, grg_action_list *l, int keep);

/* Where a line of play stops: after `turns` player-turn boundaries from where it started (2: the
 * end of our turn and of the opponent's reply; 3: and of our next turn). A player-turn ends where
 * the phase number falls back or the turn changes (every ruleset numbers its phases in the order
 * a player-turn runs them). The side to act is no guide: it changes within a player-turn whenever
 * the other side answers (a retreat, a pivot, the inactive side's bowmen), and counting those
 * changes ended many cdb rollouts inside our own turn (docs/ai-log.md, seventh pass). */
typedef struct ai_horizon {
    int turns, boundaries, turn, phase;
} ai_horizon;
void grg__ai_horizon_start(ai_horizon *h, const grg_game *g, int turns);
/* An ai_stop_fn over an ai_horizon: counts the boundaries passed since its last call. */
int grg__ai_at_horizon(const grg_game *g, void *horizon);
/* Plays both sides on s with the greedy player over its `model` heaviest actions until the
 * horizon h, for at most max_steps actions. Its imagined dice come from a base fixed per step,
 * so a line that throws no die is the same every time. Returns 1 when it stopped because the
 * clock passed `deadline` (ms, grg__ai_now_ms; 0: none), else 0. */
int grg__ai_play_greedy(ai_lookahead *la, grg_game *s, grg_action_list *scratch, int model,
                        ai_horizon *h, int max_steps, double deadline);

/* True when g's dice generator moved since it held `before` (an imagined roll happened). Only
 * ever used on the AI's own re-seeded clones. */
int grg__ai_rolled(const grg_game *g, const uint64_t before[4]);

/* The plan player's selection (plan.c): writes to order the indices of value's n entries
 * (n <= AI_RANK_MAX), best first, but each value's first entry ahead of any entry equal to one
 * before it, ties in their order; returns the number of distinct values. */
#define AI_RANK_MAX 64
int grg__ai_rank(const double *value, int n, int *order);

#endif
