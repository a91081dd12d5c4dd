/* grognard engine, validate and render: the commands that read scenario files; and reading a
 * whole file for the others. */
#include "cli.h"

#include "grognard/ai.h"
#include "grognard/proto.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *grg_cli_slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t r = fread(buf + n, 1, cap - n - 1, f);
        n += r;
        if (r == 0)
            break;
        if (n + 1 == cap) {
            char *nb = cap < (64u << 20) ? realloc(buf, cap *= 2) : NULL;
            if (!nb) {
                free(buf);
                buf = NULL;
            }
            buf = nb;
        }
    }
    fclose(f);
    if (buf)
        buf[n] = '\0';
    return buf;
}

grg_loaded *grg_cli_load(const char *path)
{
    grg_problems *p = calloc(1, sizeof *p);
    grg_loaded *l = NULL;
    if (!p || grg_load_scenario(path, grg_data_dir(), &l, p, NULL) < 0) {
        for (int k = 0; p && k < p->n; k++)
            fprintf(stderr, "%s: %s%s%s\n", path, p->items[k].path, p->items[k].path[0] ? ": " : "",
                    p->items[k].message);
        l = NULL;
    }
    free(p);
    return l;
}

/* The protocol's `think`, answered by the AI players (src/ai) on their own copies of g, one kept
 * a side between requests (grg_ai_seats), as the server's seats and the tournaments keep theirs. */
typedef struct engine_thinker {
    grg_thinker base;
    grg_ai_seats *seats;
} engine_thinker;

/* 0 when player exists and takes options; else the thinker's code (-1, or -3 with msg). */
static int unknown(const char *player, const char *options, char *msg, size_t n)
{
    if (!grg_ai_find(player))
        return -1;
    return grg_ai_check_options(player, options, msg, n) < 0 ? -3 : 0;
}

static int think(grg_thinker *t, const char *player, const char *options, const grg_game *g,
                 uint64_t *seed, int seeded, int iterations, int ms, grg_action *out, char *msg,
                 size_t n)
{
    int no = unknown(player, options, msg, n);
    if (no)
        return no;
    grg_ai_budget budget = {iterations, ms};
    return grg_ai_seats_choose(((engine_thinker *)t)->seats, player, options, seeded ? seed : NULL,
                               *seed, g, budget, out, seed) < 0
               ? -2
               : 0;
}

static void forget(grg_thinker *t) { grg_ai_seats_clear(((engine_thinker *)t)->seats); }

/* A whole move (grg_ai_suggest): a new player's, as the server's hints are. */
static int whole(grg_thinker *t, const char *player, const char *options, const grg_game *g,
                 uint64_t seed, int iterations, int ms, grg_action *out, int max, char *msg,
                 size_t n)
{
    (void)t;
    int no = unknown(player, options, msg, n);
    if (no)
        return no;
    int k = grg_ai_suggest(player, options, g, seed, (grg_ai_budget){iterations, ms}, out, max);
    return k > 0 ? k : -2;
}

int grg_cli_engine(int argc, char **argv)
{
    if (grg_cli_help(
            argc, argv,
            "usage: grognard engine\n"
            "Reads one JSON request per line on stdin and answers one JSON reply per line\n"
            "on stdout (docs/protocol.md). Ends on {\"cmd\":\"quit\"} or end of input.\n"
            "{\"cmd\":\"think\"} asks a computer player (random, greedy, search, plan; plan\n"
            "unless named) for its move, the player kept a side between requests that name\n"
            "no seed, as in tournaments and the server; with \"whole\":true, for the whole\n"
            "move it begins (an activation to its end).\n") == 0)
        return 0;
    engine_thinker t = {{think, forget, whole}, grg_ai_seats_new()};
    if (!t.seats)
        return 1;
    int rc = grg_session_run(grg_data_dir(), &t.base, stdin, stdout);
    grg_ai_seats_free(t.seats);
    return rc == 0 ? 0 : 1;
}

int grg_cli_validate(int argc, char **argv)
{
    if (grg_cli_help(
            argc, argv,
            "usage: grognard validate FILE...\n"
            "Checks each scenario file against the format and its ruleset. Prints every\n"
            "problem as FILE: PATH: MESSAGE; exits 0 when all are valid, 1 otherwise.\n") == 0)
        return 0;
    if (argc < 2) {
        fprintf(stderr, "usage: grognard validate FILE...\n");
        return 2;
    }
    int bad = 0;
    grg_problems *p = malloc(sizeof *p);
    if (!p)
        return 1;
    for (int i = 1; i < argc; i++) {
        grg_loaded *l = NULL;
        memset(p, 0, sizeof *p);
        if (grg_load_scenario(argv[i], grg_data_dir(), &l, p, NULL) == 0) {
            printf("%s: ok (%s, %s ruleset, %d units)\n", argv[i], l->sc->name, l->sc->ruleset,
                   l->sc->n_units);
            grg_loaded_free(l);
            continue;
        }
        bad = 1;
        for (int k = 0; k < p->n; k++)
            printf("%s: %s%s%s\n", argv[i], p->items[k].path, p->items[k].path[0] ? ": " : "",
                   p->items[k].message);
        if (p->dropped)
            printf("%s: ... and %d more problems\n", argv[i], p->dropped);
    }
    free(p);
    return bad;
}

int grg_cli_render(int argc, char **argv)
{
    static const char use[] =
        "usage: grognard render FILE -o OUT.svg\n"
        "Draws the scenario's map (terrain, hexsides, roads, labels) and its\n"
        "counters (type, identifier, facing) as an SVG file.\n";
    if (grg_cli_help(argc, argv, use) == 0)
        return 0;
    const char *in = NULL, *out = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            out = argv[++i];
        else
            in = argv[i];
    }
    if (!in || !out) {
        fputs(use, stderr);
        return 2;
    }
    grg_loaded *l = grg_cli_load(in);
    if (!l)
        return 1;
    FILE *f = fopen(out, "w");
    int rc = 1;
    if (!f)
        perror(out);
    else {
        rc = grg_render_svg(l, NULL, f) == 0 ? 0 : 1;
        if (fclose(f) != 0)
            rc = 1;
    }
    grg_loaded_free(l);
    return rc;
}
