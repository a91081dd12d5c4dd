/* The JSON layer: scenario files, ruleset data files, and the line protocol (docs/protocol.md).
 * Everything above it (CLI, server, AI tools) loads scenarios and talks to games through here. */
#ifndef GROGNARD_PROTO_H
#define GROGNARD_PROTO_H

#include "grognard/game.h"
#include "grognard/scenario.h"

#include <stdio.h>

/* A scenario loaded from a file with the data of its ruleset. Owns both; free with
 * grg_loaded_free after every game made from it. `json` is the parsed file (a cJSON *), kept for
 * its metadata (description, sources). */
typedef struct grg_loaded {
    grg_scenario *sc;
    grg_rules_data *data;
    const grg_ruleset *rs;
    void *json;
    char path[512];
    char sha256[65]; /* of the file's bytes, lowercase hex */
} grg_loaded;

/* Directory holding rulesets/ and scenarios/: $GRG_DATA, else the build's data directory. */
const char *grg_data_dir(void);

/* Loads and validates a scenario. Returns 0, or -1 with every problem found in p (nothing is
 * loaded then); *not_found (may be NULL) is set when the file does not exist. */
int grg_load_scenario(const char *path, const char *data_dir, grg_loaded **out, grg_problems *p,
                      int *not_found);
void grg_loaded_free(grg_loaded *l);

/* A line-protocol session: feed it request lines, it answers with reply lines. */
typedef struct grg_session grg_session;
grg_session *grg_session_new(const char *data_dir);
void grg_session_free(grg_session *s);

/* What answers the protocol's `think`: computer players, which live above this layer, so the
 * program running the session passes them in (grognard engine passes the AI's, kept one per side
 * between requests: grg_ai_seats). `think` chooses the next action for the side to act in g,
 * thinking only on its own copies, with its own generator; `options` is "key=value,..." (may be
 * empty) and the budget `iterations` when > 0, else `ms` milliseconds when > 0, else the player's
 * default. *seed is the request's seed, or a fresh one when `seeded` is 0 (a player kept from an
 * earlier request may then go on with its own); it receives the seed of the player that chose.
 * Returns 0, -1 when `player` names no player, -2 when it found nothing to choose, -3 when it
 * refuses the options, saying why in msg (n bytes). `forget` (may be NULL) is called when a new
 * game begins (load, replay), so that nothing thought about another game is carried into it.
 * `whole` (may be NULL: `"whole":true` is then refused) answers a whole move instead: the action
 * and, when it begins an activation or a combat's declaration, the ones that finish it (at most
 * `max` into out), by a new player seeded with `seed`; it returns how many, or think's codes. */
typedef struct grg_thinker grg_thinker;
/* The most actions of a whole move the protocol's `think` and the server's hints report. */
#define GRG_WHOLE_MAX 32
struct grg_thinker {
    int (*think)(grg_thinker *t, const char *player, const char *options, const grg_game *g,
                 uint64_t *seed, int seeded, int iterations, int ms, grg_action *out, char *msg,
                 size_t n);
    void (*forget)(grg_thinker *t);
    int (*whole)(grg_thinker *t, const char *player, const char *options, const grg_game *g,
                 uint64_t seed, int iterations, int ms, grg_action *out, int max, char *msg,
                 size_t n);
};
/* Lets the session answer `think` through t (NULL: `think` answers that no player is there). The
 * caller keeps t alive as long as the session and frees it. */
void grg_session_set_think(grg_session *s, grg_thinker *t);
/* Handles one request line. Returns a reply line without newline that the caller frees, or NULL
 * when there is none (blank line, quit). *quit is set by the quit command. */
char *grg_session_handle(grg_session *s, const char *line, int *quit);
/* What a session holds, for the server: its game (NULL before a load), its scenario, and its
 * record so far (grg_session_log_entry returns the JSON text of entry i, to free). */
const grg_game *grg_session_game(const grg_session *s);
const grg_loaded *grg_session_loaded(const grg_session *s);
int grg_session_log_size(const grg_session *s);
char *grg_session_log_entry(const grg_session *s, int i);
/* An action as the protocol's JSON text (what `act` accepts), to free; NULL when out of memory. */
char *grg_action_text(const grg_loaded *l, const grg_action *a);
/* The record (docs/protocol.md, `record`) of g, a game of l played from its start with its seed
 * and options by the n actions acts, hashes[i] the state hash after acts[i]: JSON text to free,
 * NULL when out of memory. What `grognard replay` and the protocol's `replay` read. */
char *grg_record_text(const grg_loaded *l, const grg_game *g, const grg_action *acts,
                      const uint64_t *hashes, int n);
/* Runs a session over two streams until end of input or quit, answering `think` through `think`
 * (may be NULL); returns 0. */
int grg_session_run(const char *data_dir, grg_thinker *think, FILE *in, FILE *out);

/* Writes an SVG picture of a game's map and units (or of the scenario's set-up when g is NULL). */
int grg_render_svg(const grg_loaded *l, const grg_game *g, FILE *out);

#endif
