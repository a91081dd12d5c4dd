/* The game server (design §6, docs/server.md, docs/server-api.md): one libwebsockets context on
 * its libuv loop serving web/, a JSON API and live play over WebSocket, with games stored in
 * SQLite. The CLI's serve and play commands are thin fronts over grg_server_run. */
#ifndef GROGNARD_SERVER_H
#define GROGNARD_SERVER_H

#include <stddef.h>
#include <stdio.h>

typedef struct grg_server_config {
    const char *host;      /* interface to listen on; NULL = 127.0.0.1 */
    int port;              /* 0 = a free port chosen by the kernel */
    const char *db_path;   /* NULL = grg_server_default_db() */
    const char *web_dir;   /* NULL = the web/ next to the data directory */
    const char *data_dir;  /* NULL = grg_data_dir() */
    int test_dice;         /* allow POST /api/games/GID/dice */
    int ai_iterations;     /* AI budget per decision: iterations (0: by the clock, ai_ms) ... */
    int ai_ms;             /* ... cut short at ai_ms milliseconds (0: none); both 0: the default */
    int ai_pace_ms;        /* in a game of AI seats only, the least time between its actions, so
                              that it can be watched (0: as fast as the AI thinks) */
    const char *ai_player; /* NULL = "plan" */
    int quiet;             /* no log lines on stderr but errors */
    /* grognard play: create a game of this scenario (id or path) at start, this side human and
     * the others AI, and print its link. */
    const char *play_scenario;
    const char *play_side;
} grg_server_config;

/* Runs the server until SIGINT or SIGTERM. Prints "listening on http://HOST:PORT/" on stdout
 * (flushed) once it accepts connections. Returns 0 after a clean shutdown, else 1. */
int grg_server_run(const grg_server_config *cfg);

/* The default database path, $XDG_DATA_HOME/grognard/grognard.db or
 * ~/.local/share/grognard/grognard.db; creates the directories. Returns 0 or -1. */
int grg_server_default_db(char *out, size_t size);

/* Verifiable dice (design §3): the commitment SHA-256(salt || seed), where salt is 16 bytes and
 * seed is the 64-bit seed as 8 bytes, most significant first; out gets 64 lowercase hex digits.
 * Returns 0, or -1 when the hashing library fails. */
int grg_dice_commitment(const unsigned char salt[16], unsigned long long seed, char out[65]);

#endif
