/* Computer players (design §1, §3; docs/ai.md). A player is a client of the engine API like any
 * other: it lists legal actions, clones states, applies actions on the clones and evaluates them.
 * It never calls a ruleset's internals and never reads the game's dice generator: before it
 * simulates on a clone it re-seeds the clone's generator from its own (grg_game_reseed), so the
 * dice it imagines are independent of the real rolls to come.
 *
 * Players: "random" (a uniform legal action), "greedy" (one-ply lookahead with rules of thumb),
 * "search" (Monte Carlo rollouts over a player-turn and the opponent's reply), "plan" (online
 * evolutionary planning of the rest of the phase). Instances are independent: no globals, so
 * different threads may each use their own instance. */
#ifndef GROGNARD_AI_H
#define GROGNARD_AI_H

#include "grognard/game.h"

#include <stddef.h>
#include <stdint.h>

/* Re-seeds g's dice generator from `seed` exactly as grg_game_new does (four splitmix64 outputs
 * into xoshiro256**), sets g->seed to it and empties the scripted dice queue. The AI calls it on
 * its clones so that they roll imagined dice: a plain clone would replay the real game's future
 * rolls. Never call it on a game people play. */
void grg_game_reseed(grg_game *g, uint64_t seed);

/* Makes `side` the side to act on g and changes nothing else (phase, units, flags), so that a
 * query answered only for the side to act (nap previews only the acting side's attacks) can be
 * asked for the other: the AI judges the enemy's attacks on a clone handed to it. Returns -1 for
 * a side the scenario does not have. Never call it on a game people play. */
int grg_game_hand_to(grg_game *g, int side);

/* A player instance, created by its table's `new`, freed by its `free`. */
typedef struct grg_ai grg_ai;

/* How long a player may think over one decision. `iterations` > 0 is a reproducible budget (a
 * fixed seed and iteration budget always give the same choices); with `ms` > 0 as well it is cut
 * short once `ms` milliseconds of wall clock have passed (the server's seats: the measured player,
 * with a bound on the wait; reproducible while no cut comes). `iterations` 0 and `ms` > 0: as many
 * iterations as `ms` allows (for play, never reproducible). Both 0: the player's default
 * iteration budget. */
typedef struct grg_ai_budget {
    int iterations;
    int ms;
} grg_ai_budget;

/* One option a player takes: "key=value" with a whole number from lo to hi. */
typedef struct grg_ai_option {
    const char *key;
    int lo, hi;
} grg_ai_option;

/* The table each player fills in. */
typedef struct grg_ai_player {
    const char *name;             /* "random", "greedy", "search", "plan" */
    const char *doc;              /* one line */
    const grg_ai_option *options; /* the keys it takes, ended by one whose key is NULL */
    /* A new instance thinking with its own generator seeded from `seed`. `options` (may be NULL)
     * is "key=value,key=value" with the keys of `options`, already checked (grg_ai_check_options):
     * a key absent takes the player's default. NULL when out of memory. */
    grg_ai *(*new_)(uint64_t seed, const char *options);
    void (*free_)(grg_ai *ai);
    /* Chooses the next action for the side to act in g (g->active) into *out. g is only read; the
     * player thinks on its own clones. Returns 0, or -1 when the game is over or nothing is legal.
     */
    int (*choose)(grg_ai *ai, const grg_game *g, grg_ai_budget budget, grg_action *out);
} grg_ai_player;

/* Every player, NULL-terminated; and a player by name (NULL if none). */
const grg_ai_player *const *grg_ai_players(void);
const grg_ai_player *grg_ai_find(const char *name);

/* Checks an options string for the named player: every comma-separated "key=value" names one of
 * its keys with a whole number in that key's range, each key at most once. Returns 0, or -1 with
 * a message naming the player and the key at fault in msg (n bytes, may be 0). */
int grg_ai_check_options(const char *player, const char *options, char *msg, size_t n);

/* The keys player p takes, for a message or a usage text: "a, b, c", or "none" (n > 0 bytes). */
void grg_ai_option_keys(const grg_ai_player *p, char *buf, size_t n);
/* The players' names, for a message or a usage text: "random, greedy, ..." (n > 0 bytes). */
void grg_ai_player_names(char *buf, size_t n);

/* Convenience wrappers: an instance of the named player (NULL when unknown, when its options fail
 * grg_ai_check_options, or out of memory), its choice, its release (NULL is fine). */
grg_ai *grg_ai_new(const char *name, uint64_t seed, const char *options);
int grg_ai_choose(grg_ai *ai, const grg_game *g, grg_ai_budget budget, grg_action *out);
void grg_ai_free(grg_ai *ai);
const char *grg_ai_name(const grg_ai *ai);

/* Players kept between decisions, one per side, for a program that asks for one decision at a
 * time (the protocol's `think`): a player that thinks across decisions (the plan player carries
 * its plans through a phase, docs/ai.md) then plays as it does in tournaments and the server's
 * seats instead of starting again at every decision. Not safe to share between threads. */
typedef struct grg_ai_seats grg_ai_seats;
grg_ai_seats *grg_ai_seats_new(void); /* NULL when out of memory */
void grg_ai_seats_free(grg_ai_seats *s);
/* Drops every kept player: a new game began. */
void grg_ai_seats_clear(grg_ai_seats *s);
/* Chooses the next action for g's side to act. With `seed` NULL, by the player kept for that side
 * when it is `player` with `options` (NULL is ""), else by a new one of those seeded with `fresh`;
 * with a seed, by a new one seeded with *seed (so a request naming its seed is answered as a
 * fresh player answers it). A new player takes the side's place. *used receives the seed of the
 * player that chose. Returns 0, or -1 when the player is unknown or refuses the options, the game
 * is over, nothing is legal or memory runs out. */
int grg_ai_seats_choose(grg_ai_seats *s, const char *player, const char *options,
                        const uint64_t *seed, uint64_t fresh, const grg_game *g,
                        grg_ai_budget budget, grg_action *out, uint64_t *used);

/* The server's entry point, for a worker thread: creates an instance of `player` seeded with
 * `seed`, lets it think over g within `budget`, writes its action into *out and frees it. g is
 * only read (the player works on clones), so the caller may pass a clone it owns; the function
 * touches no global state and is safe to call from several threads at once on different games.
 * Returns 0, or -1 when the player is unknown, the game is over, nothing is legal or memory runs
 * out. */
int grg_ai_think(const char *player, const grg_game *g, uint64_t seed, grg_ai_budget budget,
                 grg_action *out);

/* A suggestion for the side to act in g (the server's hint, the protocol's whole `think`): the
 * action a new `player` with `options` (NULL is "") seeded with `seed` chooses within `budget`
 * and, when it begins an activation or a combat's declaration, those it chooses after it on an
 * imagined copy until the activation ends or the declaration closes (or the phase or side
 * changes): at most max actions into out. Each decision counts
 * budget.iterations; budget.ms, when given, bounds the whole suggestion (the decisions after the
 * first take what is left of it, at least a millisecond). Never reads the game's dice to come (the
 * copy is re-seeded). Returns how many, or -1 as grg_ai_think. */
int grg_ai_suggest(const char *player, const char *options, const grg_game *g, uint64_t seed,
                   grg_ai_budget budget, grg_action *out, int max);

/* The static evaluation every player shares: a score of g for `side`, about -1..1 while the game
 * runs (material, objectives, cohesion, distance to the enemy) and +-10 once it is won or lost
 * (0 for a draw). Uses only the engine API: unit fields, scenario objectives, game_info. */
double grg_ai_evaluate(const grg_game *g, int side);

#endif
