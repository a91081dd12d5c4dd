/* grognard serve and grognard play: the game server (docs/server.md). */
#include "cli.h"

#include "grognard/server.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char serve_use[] =
    "usage: grognard serve [--host 127.0.0.1] [--port 8080] [--db PATH] [--web DIR]\n"
    "                      [--data DIR] [--test-dice] [--ai PLAYER] [--ai-iterations K]\n"
    "                      [--ai-ms MS] [--ai-pace MS] [--quiet]\n"
    "Serves web/, the JSON API and live play over WebSocket (docs/server-api.md) until\n"
    "SIGINT or SIGTERM. --port 0 picks a free port. The database defaults to\n"
    "$XDG_DATA_HOME/grognard/grognard.db (or ~/.local/share/grognard/grognard.db).\n"
    "The AI thinks K iterations a decision (default 64), cut short at MS milliseconds\n"
    "(default 2000; 0: no cut); K 0 thinks MS milliseconds. In a game of AI seats only\n"
    "its actions come --ai-pace MS apart at least (default 400; 0: as fast as it thinks).\n"
    "--test-dice lets POST /api/games/GID/dice queue dice (tests only).\n";

static const char play_use[] =
    "usage: grognard play [--scenario ID|FILE] [--side SIDE] [serve options]\n"
    "Serves like grognard serve and creates a game against the AI: you play SIDE (the\n"
    "scenario's first side by default). Prints the address to open in a browser.\n";

/* Reads the options shared by serve and play; returns 0, or 2 after printing the usage. */
static int parse(int argc, char **argv, grg_server_config *c, int play, const char *use)
{
    memset(c, 0, sizeof *c);
    c->host = "127.0.0.1";
    c->port = 8080;
    c->ai_iterations = 64; /* the plan player's tournament budget: the player docs/ai.md measures */
    c->ai_ms = 2000;       /* the bound on a decision in play */
    c->ai_pace_ms = 400;   /* an AI-only game watched: about 150 actions a minute */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        if (!strcmp(a, "--test-dice"))
            c->test_dice = 1;
        else if (!strcmp(a, "--quiet"))
            c->quiet = 1;
        else if (!v)
            goto bad;
        else if (!strcmp(a, "--host"))
            c->host = argv[++i];
        else if (!strcmp(a, "--port")) {
            if (grg_cli_number(a, argv[++i], 0, 65535, &n) < 0)
                return 2;
            c->port = (int)n;
        } else if (!strcmp(a, "--db"))
            c->db_path = argv[++i];
        else if (!strcmp(a, "--web"))
            c->web_dir = argv[++i];
        else if (!strcmp(a, "--data"))
            c->data_dir = argv[++i];
        else if (!strcmp(a, "--ai")) {
            c->ai_player = argv[++i];
            if (grg_cli_ai_player("--ai", c->ai_player) < 0)
                return 2;
        } else if (!strcmp(a, "--ai-ms")) {
            if (grg_cli_number(a, argv[++i], 0, 600000, &n) < 0)
                return 2;
            c->ai_ms = (int)n;
        } else if (!strcmp(a, "--ai-pace")) {
            if (grg_cli_number(a, argv[++i], 0, 60000, &n) < 0)
                return 2;
            c->ai_pace_ms = (int)n;
        } else if (!strcmp(a, "--ai-iterations")) {
            if (grg_cli_number(a, argv[++i], 0, 1000000, &n) < 0)
                return 2;
            c->ai_iterations = (int)n;
        } else if (play && !strcmp(a, "--scenario"))
            c->play_scenario = argv[++i];
        else if (play && !strcmp(a, "--side"))
            c->play_side = argv[++i];
        else
            goto bad;
    }
    return 0;
bad:
    fputs(use, stderr);
    return 2;
}

int grg_cli_serve(int argc, char **argv)
{
    grg_server_config c;
    if (grg_cli_help(argc, argv, serve_use) == 0)
        return 0;
    int rc = parse(argc, argv, &c, 0, serve_use);
    return rc ? rc : grg_server_run(&c);
}

int grg_cli_play(int argc, char **argv)
{
    grg_server_config c;
    if (grg_cli_help(argc, argv, play_use) == 0)
        return 0;
    int rc = parse(argc, argv, &c, 1, play_use);
    if (rc)
        return rc;
    if (!c.play_scenario)
        c.play_scenario = ""; /* the default: cdb's Kadesh, else the test duel */
    return grg_server_run(&c);
}
