/* The grognard command line: one function per subcommand. */
#ifndef GRG_CLI_H
#define GRG_CLI_H

#include <stdint.h>

int grg_cli_validate(int argc, char **argv);
int grg_cli_render(int argc, char **argv);
int grg_cli_engine(int argc, char **argv);
int grg_cli_selfplay(int argc, char **argv);
/* The server and records (serve.c, replay.c, verify.c; issue 7). */
int grg_cli_serve(int argc, char **argv);
int grg_cli_play(int argc, char **argv);
int grg_cli_replay(int argc, char **argv);
int grg_cli_verify(int argc, char **argv);
/* Reads a record file: *root is the parsed file (to free), *rec its record object. */
struct cJSON;
int grg_cli_read_record(const char *path, struct cJSON **root, struct cJSON **rec);
int grg_cli_tournament(int argc, char **argv);

/* A tournament's games compared with an earlier run's, game by game (paired.c). */
typedef struct grg_cli_outcome {
    uint64_t seed;
    int a_side, winner; /* the side player A played; 0 player A won, 1 player B, -1 a draw */
    long long actions;
} grg_cli_outcome;
typedef struct grg_cli_paired grg_cli_paired;
/* Reads an earlier tournament's --json of the same scenario (path must outlive the result); on
 * failure prints why, naming the file and the field, and returns NULL. */
grg_cli_paired *grg_cli_paired_load(const char *path, const char *scenario);
/* Prints player A's score over the games of the same seed and side, here and there, their
 * difference with its standard error, and how many ended alike. */
void grg_cli_paired_print(const grg_cli_paired *p, const grg_cli_outcome *here, long n);
void grg_cli_paired_free(grg_cli_paired *p);

/* Reads a whole file into a string the caller frees (NULL on failure; at most 64 MiB). */
char *grg_cli_slurp(const char *path);

/* Loads a scenario with its ruleset data; on failure prints every problem to stderr as
 * FILE: PATH: MESSAGE and returns NULL. */
struct grg_loaded;
struct grg_loaded *grg_cli_load(const char *path);

/* Prints `usage` and returns 0 when argv holds --help or -h, else returns -1. */
int grg_cli_help(int argc, char **argv, const char *usage);

/* Reads the whole number v of option `opt` into *out; when v is not one from lo to hi, prints
 * "OPT: 'V' is not a whole number from LO to HI" to stderr and returns -1 (*out unchanged). */
int grg_cli_number(const char *opt, const char *v, long lo, long hi, long *out);

/* Reads the seed v of option `opt` into *out: 16 characters are hex digits, anything shorter
 * or longer a decimal number below 2^64. Else prints "OPT: 'V' is not a seed (...)" to stderr and
 * returns -1 (*out unchanged). */
int grg_cli_seed(const char *opt, const char *v, uint64_t *out);

/* 0 when `name` is an AI player (src/ai); else prints "WHO: unknown player 'NAME' (the
 * players)" to stderr and returns -1. */
int grg_cli_ai_player(const char *who, const char *name);

#endif
