/* grognard tournament --paired FILE: a tournament compared game by game with an earlier one
 * (docs/ai.md, Tournaments). Two builds or two option sets of player A that played the same seeds
 * on the same sides met the same dice as far as their choices agree, so the difference of their
 * scores on each seed is far less noisy than the difference of two totals: the passes of
 * docs/ai.md read a change as that paired difference with its standard error. FILE is an earlier
 * run's --json; games are matched by seed and player A's side. */
#include "cli.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct grg_cli_paired {
    const char *path; /* the caller's (the command line's) */
    long n;
    grg_cli_outcome *games;
};

/* Reads a seed as the --json writes it: 16 hex digits ("00000000000055f0"). */
static int seed_of(const cJSON *s, uint64_t *out)
{
    char *end = NULL;
    if (!cJSON_IsString(s) || strlen(s->valuestring) != 16)
        return -1;
    *out = strtoull(s->valuestring, &end, 16);
    return *end == '\0' ? 0 : -1;
}

/* One game of the file, or -1 with the field that is wrong in *field. */
static int read_game(const cJSON *g, grg_cli_outcome *o, const char **field)
{
    const cJSON *side = cJSON_GetObjectItem(g, "a_side"), *w = cJSON_GetObjectItem(g, "winner"),
                *acts = cJSON_GetObjectItem(g, "actions");
    if (seed_of(cJSON_GetObjectItem(g, "seed"), &o->seed) < 0)
        return *field = "seed", -1;
    if (!cJSON_IsNumber(side) || (side->valuedouble != 0.0 && side->valuedouble != 1.0))
        return *field = "a_side", -1;
    if (!cJSON_IsNull(w) &&
        !(cJSON_IsString(w) && (!strcmp(w->valuestring, "A") || !strcmp(w->valuestring, "B"))))
        return *field = "winner", -1;
    if (!cJSON_IsNumber(acts) || !(acts->valuedouble >= 0.0 && acts->valuedouble < 1e15))
        return *field = "actions", -1;
    o->a_side = side->valueint;
    o->winner = cJSON_IsNull(w) ? -1 : w->valuestring[0] == 'A' ? 0 : 1;
    o->actions = (long long)acts->valuedouble;
    return 0;
}

grg_cli_paired *grg_cli_paired_load(const char *path, const char *scenario)
{
    char *text = grg_cli_slurp(path);
    if (!text) {
        fprintf(stderr, "tournament: --paired: cannot read %s\n", path);
        return NULL;
    }
    cJSON *root = cJSON_Parse(text);
    free(text);
    const cJSON *sc = cJSON_GetObjectItem(root, "scenario"),
                *games = cJSON_GetObjectItem(root, "games"), *g;
    grg_cli_paired *p = NULL;
    const char *field = NULL;
    if (!root || !cJSON_IsString(sc) || !cJSON_IsArray(games))
        fprintf(stderr, "tournament: --paired: %s: %s (a tournament's --json)\n", path,
                !root                 ? "the file is not JSON"
                : !cJSON_IsString(sc) ? "scenario is missing or wrong"
                                      : "games is missing or wrong");
    else if (strcmp(sc->valuestring, scenario) != 0)
        fprintf(stderr, "tournament: --paired: %s: scenario: '%s', not this tournament's '%s'\n",
                path, sc->valuestring, scenario);
    else if (!(p = calloc(1, sizeof *p)) ||
             !(p->games = calloc((size_t)cJSON_GetArraySize(games) + 1, sizeof *p->games)))
        fprintf(stderr, "tournament: --paired: out of memory\n");
    else {
        p->path = path;
        cJSON_ArrayForEach(g, games)
        {
            if (read_game(g, &p->games[p->n], &field) < 0) {
                fprintf(stderr, "tournament: --paired: %s: games[%ld].%s is missing or wrong\n",
                        path, p->n, field);
                break;
            }
            p->n++;
        }
        if (!field) {
            cJSON_Delete(root);
            return p;
        }
    }
    grg_cli_paired_free(p);
    cJSON_Delete(root);
    return NULL;
}

void grg_cli_paired_free(grg_cli_paired *p)
{
    if (!p)
        return;
    free(p->games);
    free(p);
}

static double score(const grg_cli_outcome *o) { return o->winner < 0 ? 0.5 : o->winner == 0; }

void grg_cli_paired_print(const grg_cli_paired *p, const grg_cli_outcome *here, long n)
{
    long matched = 0, alike = 0;
    double ours = 0.0, theirs = 0.0, sum = 0.0, sq = 0.0;
    for (long i = 0; i < n; i++)
        for (long k = 0; k < p->n; k++) {
            const grg_cli_outcome *a = &here[i], *b = &p->games[k];
            if (a->seed != b->seed || a->a_side != b->a_side)
                continue;
            double d = score(a) - score(b);
            matched++;
            ours += score(a);
            theirs += score(b);
            sum += d;
            sq += d * d;
            alike += a->winner == b->winner && a->actions == b->actions;
            break;
        }
    printf("paired with %s: %ld games of the same seed and side", p->path, matched);
    if (matched == 0) {
        printf("\n");
        return;
    }
    /* the standard error of the summed difference: the differences' deviation times sqrt(n) */
    double mean = sum / matched,
           var = matched > 1 ? (sq - matched * mean * mean) / (double)(matched - 1) : 0.0;
    printf("; player A scores %.1f here, %.1f there: %+.1f (standard error %.1f); %ld ended "
           "alike (the same winner in as many actions)\n",
           ours, theirs, sum, sqrt(var > 0.0 ? var : 0.0) * sqrt((double)matched), alike);
}
