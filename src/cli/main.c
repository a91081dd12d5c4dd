/* grognard: the command-line front of the engine (README.md has the tour). */
#include "cli.h"

#include "grognard/ai.h"
#include "grognard/proto.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: grognard COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  engine              speak the line protocol on stdin/stdout (docs/protocol.md)\n"
    "  validate FILE...    check scenario files; exit 1 and list every problem if any\n"
    "  render FILE -o OUT  draw a scenario's map and counters as SVG\n"
    "  selfplay ...        play random legal games to find crashes and dead ends\n"
    "  serve [OPTIONS]     serve the browser client, the JSON API and live play\n"
    "  play [OPTIONS]      serve and open a game against the AI; prints its address\n"
    "  replay FILE         play a game record back move by move, checking its hashes\n"
    "  verify RECORD       check a finished game's dice commitment and every hash\n"
    "  tournament ...      play AI players against each other (docs/ai.md)\n"
    "  --version           print the version\n"
    "\n"
    "Each command takes --help. Data (rulesets, scenarios) is read from $GRG_DATA or %s.\n";

int grg_cli_help(int argc, char **argv, const char *text)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(text, stdout);
            return 0;
        }
    return -1;
}

int grg_cli_number(const char *opt, const char *v, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long n = v ? strtol(v, &end, 10) : 0;
    if (!v || end == v || *end || errno || n < lo || n > hi) {
        fprintf(stderr, "%s: '%s' is not a whole number from %ld to %ld\n", opt, v ? v : "", lo,
                hi);
        return -1;
    }
    *out = n;
    return 0;
}

int grg_cli_seed(const char *opt, const char *v, uint64_t *out)
{
    size_t len = v ? strlen(v) : 0;
    int hex = len == 16;
    char *end = NULL;
    errno = 0;
    /* strtoull takes a sign and leading blanks; a seed is digits only */
    unsigned char c = len ? (unsigned char)v[0] : 0;
    unsigned long long n = (hex ? isxdigit(c) : isdigit(c)) ? strtoull(v, &end, hex ? 16 : 10) : 0;
    if (!end || *end || errno) {
        fprintf(stderr, "%s: '%s' is not a seed (16 hex digits, or a decimal number)\n", opt,
                v ? v : "");
        return -1;
    }
    *out = n;
    return 0;
}

int grg_cli_ai_player(const char *who, const char *name)
{
    if (grg_ai_find(name))
        return 0;
    char names[256];
    grg_ai_player_names(names, sizeof names);
    fprintf(stderr, "%s: unknown player '%s' (%s)\n", who, name, names);
    return -1;
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*fn)(int, char **);
    } cmds[] = {
        {"engine", grg_cli_engine},         {"validate", grg_cli_validate},
        {"render", grg_cli_render},         {"selfplay", grg_cli_selfplay},
        {"serve", grg_cli_serve},           {"play", grg_cli_play},
        {"replay", grg_cli_replay},         {"verify", grg_cli_verify},
        {"tournament", grg_cli_tournament},
    };
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        printf(usage, grg_data_dir());
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("grognard %s\n", GRG_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++)
        if (strcmp(argv[1], cmds[i].name) == 0)
            return cmds[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "grognard: unknown command '%s' (try grognard --help)\n", argv[1]);
    return 2;
}
