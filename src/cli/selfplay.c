/* grognard selfplay: games of uniformly random legal actions, to find crashes, dead ends (a state
 * with no legal action that is not the end) and games that never end. Game i is played with seed
 * S+i, both for the game's dice and for the random player, so `--games 1 --seed S+i` replays it. */
#include "cli.h"

#include "grognard/proto.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char use[] =
    "usage: grognard selfplay --scenario FILE [--games N] [--seed S] [--max-actions K]\n"
    "                         [--option NAME=VALUE]... [--quiet]\n"
    "Plays N games of random legal actions (game i uses seed S+i, S 16 hex digits or a number)\n"
    "with the given options and reports how each ended. Exits 1 on a dead end or a game longer\n"
    "than K actions.\n";

/* The random player's own generator (never the game's): splitmix64. */
static uint64_t next_rand(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

typedef struct outcome {
    int failed;
    long actions;
    int turns;
} outcome;

static outcome play_one(const grg_loaded *l, const grg_options *opts, uint64_t seed,
                        long max_actions, grg_action_list *legal, int quiet)
{
    outcome o = {0, 0, 0};
    grg_err err = {0, ""};
    grg_game *g = grg_game_new(l->rs, l->sc, opts, seed, NULL, &err);
    if (!g) {
        printf("seed %016llx: cannot start: %s\n", (unsigned long long)seed, err.message);
        o.failed = 1;
        return o;
    }
    uint64_t rng = seed ^ 0x5e1f91a7ULL;
    while (!g->over) {
        grg_legal(g, NULL, 0, legal);
        if (legal->n == 0) {
            printf("seed %016llx: dead end after %ld actions in %s, turn %d: no legal action\n",
                   (unsigned long long)seed, o.actions, grg_phase_name(g), g->turn);
            o.failed = 1;
            break;
        }
        grg_action a = legal->items[next_rand(&rng) % (uint64_t)legal->n];
        grg_verdict why;
        if (grg_apply(g, &a, NULL, &why) < 0) {
            printf("seed %016llx: legal action %s refused (%s: %s)\n", (unsigned long long)seed,
                   grg_action_name((grg_action_type)a.type), why.rule, why.message);
            o.failed = 1;
            break;
        }
        if (++o.actions > max_actions) {
            printf("seed %016llx: no end after %ld actions (turn %d)\n", (unsigned long long)seed,
                   max_actions, g->turn);
            o.failed = 1;
            break;
        }
    }
    o.turns = g->turn;
    if (!o.failed && !quiet)
        printf("seed %016llx: %s after %ld actions, turn %d: %s\n", (unsigned long long)seed,
               g->winner >= 0 ? l->sc->sides[g->winner].id : "draw", o.actions, g->turn, g->result);
    grg_game_free(g);
    return o;
}

int grg_cli_selfplay(int argc, char **argv)
{
    if (grg_cli_help(argc, argv, use) == 0)
        return 0;
    const char *file = NULL;
    long games = 10, max_actions = 200000;
    uint64_t seed = 1;
    int quiet = 0;
    const char *option_args[GRG_MAX_OPTIONS];
    int n_option_args = 0;
    for (int i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(argv[i], "--scenario") && v)
            file = argv[++i];
        else if (!strcmp(argv[i], "--games") && v) {
            if (grg_cli_number("--games", argv[++i], 1, LONG_MAX, &games) < 0)
                return 2;
        } else if (!strcmp(argv[i], "--seed") && v) {
            if (grg_cli_seed("--seed", argv[++i], &seed) < 0)
                return 2;
        } else if (!strcmp(argv[i], "--max-actions") && v) {
            if (grg_cli_number("--max-actions", argv[++i], 1, LONG_MAX, &max_actions) < 0)
                return 2;
        } else if (!strcmp(argv[i], "--option") && v && n_option_args < GRG_MAX_OPTIONS)
            option_args[n_option_args++] = argv[++i];
        else if (!strcmp(argv[i], "--quiet"))
            quiet = 1;
        else {
            fputs(use, stderr);
            return 2;
        }
    }
    if (!file) {
        fputs(use, stderr);
        return 2;
    }
    grg_loaded *l = grg_cli_load(file);
    if (!l)
        return 1;
    grg_options opts = {0};
    for (int k = 0; k < n_option_args; k++) {
        char msg[200];
        if (grg_options_assign(l->rs, option_args[k], &opts, msg, sizeof msg) < 0) {
            fprintf(stderr, "--option %s: %s\n", option_args[k], msg);
            grg_loaded_free(l);
            return 2;
        }
    }
    grg_action_list *legal = malloc(sizeof *legal);
    long total = 0, failures = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long i = 0; legal && i < games; i++) {
        outcome o = play_one(l, &opts, seed + (uint64_t)i, max_actions, legal, quiet);
        total += o.actions;
        failures += o.failed;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("%ld games, %ld failed, %ld actions, %.0f actions/s, %.1f games/s\n", games, failures,
           total, secs > 0 ? (double)total / secs : 0.0, secs > 0 ? (double)games / secs : 0.0);
    free(legal);
    grg_loaded_free(l);
    return failures ? 1 : 0;
}
