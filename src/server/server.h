/* The server's shared state and the functions its files share (prefix srv_). Everything here runs
 * on the one loop thread except what ai.c says runs on its workers. */
#ifndef GRG_SERVER_INTERNAL_H
#define GRG_SERVER_INTERNAL_H

#include "grognard/ai.h"
#include "grognard/proto.h"
#include "grognard/server.h"

#include <cjson/cJSON.h>
#include <libwebsockets.h>
#include <signal.h>
#include <stdint.h>
#include <uv.h> /* before libwebsockets.h, for lws_uv_getloop */

#define SRV_MAX_BODY (64 * 1024)       /* request bodies and WebSocket messages */
#define SRV_MAX_QUEUE_BYTES (8u << 20) /* a client's unsent messages before it is dropped */
#define SRV_ID_LEN 17                  /* game ids: 16 hex digits */
#define SRV_SEAT_KIND 40               /* a seat's kind: "human", "ai" or "ai:" and a player */

/* ---- crypto.c: OS randomness, SHA-256, tokens ---- */
int srv_random(void *buf, size_t n);
void srv_hex(const unsigned char *b, size_t n, char *out); /* out: 2n+1 bytes */
int srv_unhex(const char *hex, unsigned char *out, size_t n);
int srv_sha256_hex(const void *data, size_t n, char out[65]);
/* A new seat token (32 hex digits) and the hex SHA-256 of its text, which is all we store. */
int srv_token_new(char token[33], char hash[65]);
/* Whether token hashes to hash, compared in constant time. */
int srv_token_matches(const char *token, const char *hash);

/* ---- store.c: SQLite ---- */
typedef struct srv_store srv_store;
typedef struct srv_game_row {
    char id[SRV_ID_LEN];
    char scenario[512]; /* path relative to the data directory */
    char *options;      /* JSON object text */
    char seed[17], salt[33], commitment[65];
    long long created;
    char status[16]; /* "active" or "over" */
    char *summary;   /* JSON object text: name, turn, phase, active, over, winner */
    int hints;       /* the players may ask for suggestions: 1 or 0; -1, stored before the choice
                        was (then in games against the AI only) */
} srv_game_row;
typedef struct srv_seat_row {
    char side[64];
    char kind[SRV_SEAT_KIND]; /* "human", "ai" or "ai:PLAYER" (srv_seat_kind) */
    char token_hash[65];      /* empty for AI seats */
} srv_seat_row;

int srv_store_open(const char *path, srv_store **out, char *err, size_t err_size);
void srv_store_close(srv_store *st);
/* Inserts a new game and its seats in one transaction. */
int srv_store_create(srv_store *st, const srv_game_row *g, const srv_seat_row *seats, int n);
/* Makes the stored log equal entries[0..n): deletes rows from `from` on, inserts entries[from..n)
 * and updates the game's summary and status, all in one transaction. */
int srv_store_sync(srv_store *st, const char *gid, int from, char *const *entries, int n,
                   const char *summary, int over);
/* Reads one game; *seats and *entries are malloc'd arrays the caller frees (srv_row_release and
 * srv_entries_free). Returns 0, 1 when there is no such game, -1 on error. */
int srv_store_load(srv_store *st, const char *gid, srv_game_row *g, srv_seat_row **seats,
                   int *n_seats, char ***entries, int *n_entries);
/* Ids of games (unfinished only when `active_only`), oldest first, and (when summaries is not
 * NULL) their stored summaries; caller frees both with srv_entries_free. */
int srv_store_ids(srv_store *st, int active_only, char ***ids, char ***summaries, int *n);
void srv_row_release(srv_game_row *g);
void srv_entries_free(char **e, int n);
/* Test hooks: the next `n` syncs (or batch commits) fail as if the disk were full. */
void srv_store_fail_next(srv_store *st, int n);
void srv_store_fail_commit(srv_store *st, int n);
/* Group commit: syncs between begin and commit share one transaction (one fsync); inside it each
 * sync is a savepoint, so one game's failed write does not undo the others'. */
int srv_store_batch_begin(srv_store *st);
int srv_store_batch_commit(srv_store *st);

/* ---- the server ---- */
typedef struct srv_msg srv_msg;
typedef struct srv_client srv_client;
typedef struct srv_game srv_game;
typedef struct srv_ai srv_ai;
typedef struct srv_pending srv_pending;

typedef struct srv_scenario {
    char id[64];
    char rel[512];   /* scenarios/DIR/FILE.json */
    char path[1024]; /* absolute */
    char dir[64];
} srv_scenario;

typedef struct srv {
    grg_server_config cfg;
    char data_dir[1024];
    char web_root[4096]; /* realpath of the web directory, or "" */
    struct lws_context *ctx;
    struct lws_vhost *vhost;
    srv_store *store;
    srv_game **games;
    int n_games, cap_games;
    srv_scenario *scenarios;
    int n_scenarios;
    char *scenarios_cache; /* GET /api/scenarios, built on first use */
    srv_ai *ai;
    struct lws_protocols protocols[3];
    /* The open batch (play.c): messages held until its commit, in order. */
    srv_pending *pend_head, *pend_tail;
    int batch_open;
    lws_sorted_usec_list_t batch_sul;
    int stopping, destroying;
    unsigned long long requests;
} srv;

/* ---- games.c: the games in memory ---- */
typedef struct srv_seat {
    char side[64];
    int side_index;
    int ai;
    char player[32]; /* an AI seat's player (src/ai); empty: the server's own (--ai) */
    char token_hash[65];
} srv_seat;
/* Reads a seat's kind as a create request or the store gives it ("human", "ai" for the server's
 * own player, "ai:PLAYER" for one of src/ai's by name) into st. Returns 0, or -1 (unchanged). */
int srv_seat_kind(const char *kind, srv_seat *st);
/* How many of g's seats an AI holds. */
int srv_game_ai_seats(const srv_game *g);
/* The seat's kind as srv_seat_kind reads it, into buf (SRV_SEAT_KIND bytes). */
void srv_seat_kind_text(const srv_seat *st, char *buf);

/* replay.c: a private session standing after `entries` entries of a game's stored log. */
#define SRV_CURSORS 4
typedef struct srv_cursor {
    grg_session *s;
    int entries;
    unsigned used; /* the game's cursor_clock when last used */
} srv_cursor;

struct srv_game {
    srv *sv; /* the server it is in (for its timer) */
    char id[SRV_ID_LEN];
    char scenario[512]; /* relative to the data directory */
    char *options;      /* JSON text */
    uint64_t seed;
    char seed_hex[17], salt_hex[33], commitment[65];
    long long created;
    grg_session *s;
    int n_seats;
    srv_seat seats[8];
    char **stored; /* the committed log entries, as text */
    int n_stored, cap_stored;
    unsigned generation; /* bumped by every change, so a stale AI answer is dropped */
    int ai_busy;         /* an AI seat's move is being thought */
    int hint_busy;       /* a suggestion for a player is being thought (hint) */
    unsigned hint_gen;   /* the generation the last hint was asked at */
    int hint_seat;       /* and the seat that asked it */
    int hints;           /* its players may ask for suggestions (chosen at its creation) */
    lws_sorted_usec_list_t pace_sul; /* a game of AI seats only: the wait (--ai-pace) before
                                        its next decision */
    int pace_pending;                /* that wait is running */
    int pace_ms;                     /* its watchers' pace (0: the server's --ai-pace) */
    int paused;                      /* its watchers paused it (pace) */
    int ai_failures;                 /* refusals of the AI's actions in a row */
    grg_session **retired; /* sessions replaced while the AI thought over a clone sharing them */
    int n_retired;
    int over;
    int dirty; /* written in the open batch */
    srv_client *clients;
    srv_cursor cursors[SRV_CURSORS]; /* replay.c */
    unsigned cursor_clock;
};

/* Sends one request object to a session; returns its parsed reply (NULL when out of memory). */
cJSON *srv_session_call(grg_session *s, const cJSON *req);
/* A new session replaying g's scenario, options and seed through entries[0..n) with every hash
 * checked; NULL with err set when the replay fails. */
grg_session *srv_session_rebuild(srv *sv, const srv_game *g, char *const *entries, int n, char *err,
                                 size_t err_size);
/* The game with this id, loading it from the store when it is not in memory; NULL if none. */
srv_game *srv_game_get(srv *sv, const char *gid);
/* Creates a game from a POST /api/games body; fills reply (the API answer) or returns -1 with
 * *status and reply set to an error. */
int srv_game_create(srv *sv, const cJSON *body, cJSON *reply, int *status);
/* Loads every unfinished game from the store (server start). */
int srv_games_restore(srv *sv);
void srv_games_free(srv *sv);
/* The seat index whose token this is, or -1. */
int srv_game_seat_for_token(const srv_game *g, const char *token);
/* Answers one line-protocol request from seat `seat` (-1: spectator) with the permissions of
 * docs/server-api.md; returns the reply text (malloc'd). Accepted act/undo are committed, pushed
 * and may start the AI; when `requester` is given their reply goes to it before the pushes and
 * NULL is returned. */
char *srv_game_request(srv *sv, srv_game *g, int seat, const cJSON *req, srv_client *requester);
/* The state reply for a client (seed hidden until the end), as a cJSON object. */
cJSON *srv_game_state(srv *sv, srv_game *g);
/* The record reply plus commitment (and salt and seed once over). */
cJSON *srv_game_record(srv *sv, srv_game *g);
/* The lobby entry: game, scenario, name, turn, phase, active, over, winner, seats. */
cJSON *srv_game_summary(const srv_game *g);
cJSON *srv_game_seats_json(const srv_game *g);
/* Sends a reply to a client now, or after the open batch commits so it keeps its place after
 * the acknowledgements before it. */
void srv_reply(srv *sv, srv_client *c, const char *text);
/* Commits the open batch and sends what waited for it; on failure every game written in it is
 * rebuilt from the store and the waiting acknowledgements become `storage` errors. */
int srv_batch_flush(srv *sv);
/* Opens the batch if none is open; it commits at the loop's next timer phase. */
int srv_batch_open(srv *sv);
/* An act's acknowledgement to c, and a push to the clients of g holding `seat` (SRV_ALL: every
 * client, spectators too), sent after the commit. */
void srv_batch_ack(srv *sv, srv_client *c, const cJSON *id, const char *text);
void srv_batch_push(srv *sv, srv_game *g, int seat, const char *text);
/* A push that stores nothing (a hint, a pace): sent now, or after the messages the open batch
 * holds so that it keeps its place behind the news they bring. */
void srv_push(srv *sv, srv_game *g, int seat, const char *text);
/* Rebuilds g from the store (after a failed batch). */
void srv_game_reload(srv *sv, srv_game *g);
/* A client going away: nothing waiting is sent to it. */
void srv_batch_forget_client(srv *sv, srv_client *c);
/* Queues test dice (--test-dice); returns 0 or -1 with reply filled. */
int srv_game_dice(srv *sv, srv_game *g, const cJSON *body, cJSON *reply);
/* Applies an action chosen by the AI for generation `gen`; ignored when stale. */
void srv_game_ai_result(srv *sv, const char *gid, unsigned gen, const grg_action *a, int ok);
/* Pushes the n actions the AI suggests for seat `seat` at generation `gen`; dropped when stale
 * (thought again when asked again since) or when n is 0. */
void srv_game_hint_result(srv *sv, const char *gid, unsigned gen, int seat, const grg_action *a,
                          int n);
void srv_game_retire(srv_game *g, grg_session *s);

/* ---- pace.c: when the AI moves ---- */
/* Whether every seat of g is the AI's: a game to watch, paced. */
int srv_game_watched(const srv_game *g);
/* Starts the AI when the side to act is an AI seat and it is not already thinking; in a game of
 * AI seats only, while a client watches it and it is not paused, a pace after its last action. */
void srv_game_poke_ai(srv *sv, srv_game *g);
/* A game of AI seats only: {"ms": the time between its actions, "paused": bool}. */
cJSON *srv_game_pace_json(const srv *sv, const srv_game *g);
/* {"cmd":"pace","ms":N,"paused":B,"step":true}, any client of a game of AI seats only: changes
 * its pace (pushed to every client) or plays one action of it while paused; the reply (the pace)
 * or an error reply, without the request's id. */
cJSON *srv_game_pace(srv *sv, srv_game *g, const cJSON *req);

/* ---- replay.c: exact positions of the past ---- */
/* The state reply after `at` actions of g (seed hidden until the end) plus "at", "total" (the
 * actions stored) and "events" (those of action `at`); an error reply when `at` is out of range
 * or the log does not replay. */
cJSON *srv_game_state_at(srv *sv, srv_game *g, const cJSON *at);
/* The actions after the first `since` of g, each as {"by": the side that played it, "events"},
 * with "since" and "total"; at most SRV_EVENTS_MAX of them (an older `since` is refused), so that
 * a client opening a game can draw the last moves made before it came. */
#define SRV_EVENTS_MAX 1000
cJSON *srv_game_events_since(srv *sv, srv_game *g, const cJSON *since);
void srv_cursors_free(srv_game *g);

/* ---- scenarios.c ---- */
int srv_scenarios_scan(srv *sv);
const srv_scenario *srv_scenario_find(const srv *sv, const char *id);
cJSON *srv_scenarios_json(srv *sv);

/* ---- ws.c: clients ---- */
/* Sends text to one client (copied). */
void srv_client_send(srv_client *c, const char *text, size_t len);
enum { SRV_ALL = -2 }; /* a push's seat: every client of the game, spectators too */
/* Sends text to the clients of a game holding `seat`, or to every one of them (SRV_ALL). */
void srv_broadcast(srv_game *g, int seat, const char *text, size_t len);
/* Detaches every client from a game about to be freed. */
void srv_clients_detach(srv_game *g);
size_t srv_client_size(void);
int srv_ws_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len);

/* ---- http.c ---- */
int srv_http_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                      size_t len);

/* ---- api.c: routes under /api ---- */
/* Answers a request: fills *status, *ctype and a malloc'd body. */
void srv_api_route(srv *sv, int post, const char *uri, const char *body, size_t body_len,
                   int *status, const char **ctype, char **out, size_t *out_len);
/* {"ok":false,"error":{"code","message"}}, as an object or as text (with the request's id). */
cJSON *srv_error_json(const char *code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *srv_error_text(const cJSON *id, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- ai.c: worker threads ---- */
int srv_ai_start(srv *sv, int threads);
void srv_ai_stop(srv *sv);
/* Submits a decision for seat st: g is cloned here, the answer comes back through srv_ai_drain.
 * An AI seat's move (hint 0) is thought by the seat's player, kept between decisions, and
 * applied (srv_game_ai_result); a suggestion for the human holding st (hint 1) by the server's
 * own player afresh, and pushed (srv_game_hint_result). */
int srv_ai_submit(srv *sv, const srv_game *g, const srv_seat *st, int hint);
/* On the loop thread: applies every answer the workers posted. */
void srv_ai_drain(srv *sv);
/* Game gid is over: the AI players kept for it are dropped (srv_minds_forget). */
void srv_ai_forget(srv *sv, const char *gid);
/* ---- minds.c: the AI players kept between a game's decisions (any thread) ---- */
typedef struct srv_minds srv_minds;
/* A table of up to `capacity` players. */
srv_minds *srv_minds_new(int capacity);
void srv_minds_free(srv_minds *m);
/* The player named `player` (grg_ai_new) kept for game gid's side, made (from seed) when there is
 * none or the one kept has another name, the least recently used idle one giving up its slot when
 * the table is full; marked taken until srv_minds_put. NULL when it is taken already, every slot
 * is, or there is no memory: the caller thinks afresh. */
grg_ai *srv_minds_take(srv_minds *m, const char *player, const char *gid, int side, uint64_t seed);
void srv_minds_put(srv_minds *m, grg_ai *ai);
/* Drops the players kept for game gid (it is over): an idle one is freed, one a worker holds is
 * no longer found for gid and gives way first when room is needed. Returns how many it dropped. */
int srv_minds_forget(srv_minds *m, const char *gid);

/* Chooses an action for the side to act in g (a clone the caller owns). */
int server_ai_choose(const char *player, const grg_game *g, uint64_t seed, grg_ai_budget budget,
                     grg_action *out);

/* Called on the loop after a stop signal: closes every WebSocket (1001) and stops shortly. */
void srv_stop_later(srv *sv);

/* ---- log ---- */
void srv_log(const srv *sv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
