/* The line-protocol session: its state and the command handlers shared between its files. */
#ifndef GRG_PROTO_SESSION_H
#define GRG_PROTO_SESSION_H

#include "encode.h"
#include "grognard/proto.h"

/* One entry of a game's record: an atomic action or scripted dice queued before it. */
typedef struct grg_log_entry {
    int is_dice;
    int n_dice;
    int dice[GRG_DICE_QUEUE];
    grg_action action;
    uint64_t hash; /* state hash after the action */
} grg_log_entry;

struct grg_session {
    char data_dir[512];
    grg_loaded *loaded;
    grg_game *g;
    grg_options opts;
    grg_events *ev;
    grg_log_entry *log;
    int n_log, cap_log;
    grg_action_list *legal;
    grg_reach *reach;
    grg_zoc *zoc;
    grg_thinker *think; /* the computer players, NULL when the program runs none */
};

/* A handler fills `reply` (id and ok are added by the dispatcher) and returns 0, or returns -1
 * after grg__error. */
typedef int (*grg_cmd_fn)(grg_session *s, const cJSON *req, cJSON *reply);

/* Turns reply into an error reply: {"ok":false,"error":{"code","message"[,"rule"]}}. */
int grg__error(cJSON *reply, const char *code, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
int grg__decode_error(cJSON *reply, const grg_decode_err *e);
/* Refuses commands that need a loaded game. */
int grg__need_game(grg_session *s, cJSON *reply);

/* Units named by "unit" or "units" in a request (n = 0 when neither is there). */
int grg__request_units(grg_session *s, const cJSON *req, int *units, int max, int *n, cJSON *reply);

/* Command handlers (queries.c). */
int grg__cmd_distance(grg_session *s, const cJSON *req, cJSON *reply);
int grg__cmd_neighbours(grg_session *s, const cJSON *req, cJSON *reply);
int grg__cmd_facing(grg_session *s, const cJSON *req, cJSON *reply);
int grg__cmd_los(grg_session *s, const cJSON *req, cJSON *reply);
int grg__cmd_legal(grg_session *s, const cJSON *req, cJSON *reply);
int grg__cmd_reach(grg_session *s, const cJSON *req, cJSON *reply);
int grg__cmd_zoc(grg_session *s, const cJSON *req, cJSON *reply);
int grg__cmd_command(grg_session *s, const cJSON *req, cJSON *reply);
int grg__cmd_preview(grg_session *s, const cJSON *req, cJSON *reply);
/* The game's state (state_json.c). */
int grg__cmd_state(grg_session *s, const cJSON *req, cJSON *reply);
/* A computer player's choice (think.c). */
int grg__cmd_think(grg_session *s, const cJSON *req, cJSON *reply);
/* The loaded map as data (map_json.c). */
int grg__cmd_map(grg_session *s, const cJSON *req, cJSON *reply);

/* Record handlers (record.c). */
int grg__cmd_record(grg_session *s, const cJSON *req, cJSON *reply);
int grg__cmd_replay(grg_session *s, const cJSON *req, cJSON *reply);
int grg__cmd_undo(grg_session *s, const cJSON *req, cJSON *reply);
/* Appends to the game's record; returns 0 or -1 when out of memory. */
int grg__log_push(grg_session *s, const grg_log_entry *e);
/* Starts a new game of the loaded scenario with the session's options and seed, replacing any. */
int grg__session_start(grg_session *s, uint64_t seed, cJSON *reply);
/* The state fields every game reply carries: turn, phase, active, over, hash. */
void grg__add_status(grg_session *s, cJSON *reply);
cJSON *grg__options_json(const grg_game *g);
int grg__seed_parse(const cJSON *v, uint64_t *seed, cJSON *reply);
void grg__seed_format(uint64_t seed, char out[17]);
/* A seed from the operating system's random source. */
uint64_t grg__os_seed(void);
/* Reads an "options" object ({name: value}) against the ruleset. */
int grg__options_read(const grg_ruleset *rs, const cJSON *obj, grg_options *out, cJSON *reply);
cJSON *grg__problems_json(const grg_problems *p);
/* Loads a scenario; on failure fills reply (not_found, or invalid_scenario with its problems). */
grg_loaded *grg__load_or_error(grg_session *s, const char *path, cJSON *reply);

#endif
