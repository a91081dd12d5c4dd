/* grognard tournament: plays two AI players against each other on one scenario, on worker
 * processes, and reports wins, draws and losses per player and per side with 95% Wilson
 * confidence intervals (docs/ai.md). Game i uses seed S+i for the game's dice and seeds derived
 * from it for the players, and player A takes side i % 2, so every game is reproducible alone
 * and the players swap sides every game (with --side, A keeps the side named in every game, to
 * measure one side of an asymmetric battle at half the cost). Games that reach the action cap
 * count as draws. With --records each game's record is written too, for grognard replay. */
#include "cli.h"

#include "grognard/ai.h"
#include "grognard/proto.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char use[] =
    "usage: grognard tournament --scenario FILE --players A,B --games N [--seed S] [--jobs J]\n"
    "                           [--iterations K] [--budget MS] [--max-actions M] [--json OUT]\n"
    "                           [--options-a OPTS] [--options-b OPTS] [--records DIR]\n"
    "                           [--side ID] [--paired EARLIER.json]\n"
    "Plays N games of player A against player B (random, greedy, search, plan), swapping\n"
    "sides every game (--side ID: A plays the scenario's side ID in every game), on J worker\n"
    "processes. Game i uses seed S+i (S: 16 hex digits or a decimal number; 1 by default).\n"
    "Budget per decision: K iterations (reproducible; search: rollouts, plan: generations),\n"
    "MS milliseconds, or both: K iterations cut short at MS (as the server's seats).\n"
    "Prints wins/draws/losses per player and side with 95% Wilson intervals; --json writes\n"
    "the same to OUT, with every game and why it ended. Games past M actions count as draws.\n"
    "OPTS are a player's options, key=value items separated by commas (docs/ai.md); a key\n"
    "it does not take is refused. --records writes each game's record to DIR/game-I.json,\n"
    "for grognard replay and the protocol's replay. --paired compares player A's score game\n"
    "by game with an earlier run's --json (same seeds and sides): the difference and its\n"
    "standard error. The players' keys:\n";

/* The usage, then each player's option keys as its table has them. */
static void usage(FILE *out)
{
    fputs(use, out);
    for (const grg_ai_player *const *p = grg_ai_players(); *p; p++) {
        char keys[256];
        grg_ai_option_keys(*p, keys, sizeof keys);
        fprintf(out, "  %s: %s\n", (*p)->name, keys);
    }
}

typedef struct opts {
    const char *file, *json, *records, *paired;
    const char *side;     /* --side: the id of the side player A plays in every game, or NULL */
    int a_side;           /* its index in the scenario; -1: A plays side i % 2 in game i */
    const char *popts[2]; /* each player's options ("key=value,..."), may be NULL */
    char names[2][32];
    long games, max_actions;
    uint64_t seed;
    int jobs;
    grg_ai_budget budget;
} opts;

/* What a worker reports of one game (fits in PIPE_BUF, so writes never interleave). */
typedef struct game_result {
    int32_t index;
    int32_t a_side; /* side player A played */
    int32_t winner; /* 0 = player A, 1 = player B, -1 draw */
    int32_t capped; /* reached the action cap */
    int32_t error;  /* a player failed to move or chose an illegal action */
    int32_t turns;
    int64_t actions;
    double secs;
    int32_t unsaved;  /* its record could not be written (--records) */
    char result[128]; /* why the game ended, as the ruleset says (g->result) */
} game_result;
_Static_assert(sizeof(game_result) <= PIPE_BUF, "a game's result is written whole");

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static uint64_t mix(uint64_t x)
{
    uint64_t z = x + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The actions of a game as it is played, with the state hash after each (--records). */
typedef struct game_log {
    grg_action *acts;
    uint64_t *hashes;
    long n, cap;
} game_log;

static int log_push(game_log *lg, const grg_action *a, uint64_t hash)
{
    if (lg->n == lg->cap) {
        long cap = lg->cap ? 2 * lg->cap : 512;
        grg_action *na = realloc(lg->acts, (size_t)cap * sizeof *na);
        if (na)
            lg->acts = na;
        uint64_t *nh = na ? realloc(lg->hashes, (size_t)cap * sizeof *nh) : NULL;
        if (!nh)
            return -1;
        lg->hashes = nh;
        lg->cap = cap;
    }
    lg->acts[lg->n] = *a;
    lg->hashes[lg->n++] = hash;
    return 0;
}

/* Writes game i's record to DIR/game-I.json; returns 0 or -1 (the reason on stderr). */
static int save_record(const opts *o, const grg_loaded *l, const grg_game *g, long i,
                       const game_log *lg)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/game-%ld.json", o->records, i);
    char *text = lg->n <= INT_MAX ? grg_record_text(l, g, lg->acts, lg->hashes, (int)lg->n) : NULL;
    FILE *f = text ? fopen(path, "w") : NULL;
    int ok = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    if (f && fclose(f) != 0)
        ok = 0;
    if (!ok)
        fprintf(stderr, "tournament: cannot write %s: %s\n", path,
                text ? strerror(errno) : "out of memory");
    free(text);
    return ok ? 0 : -1;
}

/* Plays game i to its end (or the cap). */
static game_result play_game(const opts *o, const grg_loaded *l, long i)
{
    game_result r = {
        (int32_t)i, (int32_t)(o->a_side >= 0 ? o->a_side : i % 2), -1, 0, 0, 0, 0, 0.0, 0, ""};
    game_log lg = {NULL, NULL, 0, 0};
    double t0 = now_s();
    uint64_t seed = o->seed + (uint64_t)i;
    grg_err err;
    grg_game *g = grg_game_new(l->rs, l->sc, NULL, seed, NULL, &err);
    grg_ai *ai[2] = {NULL, NULL};
    if (!g) {
        r.error = 1;
        return r;
    }
    for (int side = 0; side < 2; side++) {
        int player = side == r.a_side ? 0 : 1;
        ai[side] =
            grg_ai_new(o->names[player], mix(seed ^ (uint64_t)(side + 1) << 40), o->popts[player]);
    }
    while (!g->over && ai[0] && ai[1]) {
        grg_action a;
        if (r.actions >= o->max_actions) {
            r.capped = 1;
            break;
        }
        if (grg_ai_choose(ai[g->active], g, o->budget, &a) < 0 ||
            grg_apply(g, &a, NULL, NULL) < 0) {
            r.error = 1;
            break;
        }
        r.actions++;
        if (o->records && !r.unsaved && log_push(&lg, &a, grg_game_hash(g)) < 0)
            r.unsaved = 1;
    }
    if (g->over && g->winner >= 0)
        r.winner = g->winner == r.a_side ? 0 : 1;
    r.turns = g->turn;
    snprintf(r.result, sizeof r.result, "%s", g->over ? g->result : "");
    if (o->records && r.unsaved)
        fprintf(stderr, "tournament: no memory for game %ld's record\n", i);
    else if (o->records && save_record(o, l, g, i, &lg) < 0)
        r.unsaved = 1;
    free(lg.acts);
    free(lg.hashes);
    grg_ai_free(ai[0]);
    grg_ai_free(ai[1]);
    grg_game_free(g);
    r.secs = now_s() - t0;
    return r;
}

/* A worker: games w, w + J, w + 2J, ..., each result written to fd as it ends. */
static void worker(const opts *o, const grg_loaded *l, int w, int fd)
{
    for (long i = w; i < o->games; i += o->jobs) {
        game_result r = play_game(o, l, i);
        if (write(fd, &r, sizeof r) != (ssize_t)sizeof r)
            break;
    }
}

/* Wilson score interval for k successes in n trials, 95%. */
static void wilson(long k, long n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0.0;
        *hi = 1.0;
        return;
    }
    const double z = 1.959964;
    double p = (double)k / (double)n, z2 = z * z, d = 1.0 + z2 / (double)n;
    double c = (p + z2 / (2.0 * (double)n)) / d;
    double h = z * sqrt(p * (1.0 - p) / (double)n + z2 / (4.0 * (double)n * (double)n)) / d;
    *lo = c - h < 0.0 ? 0.0 : c - h;
    *hi = c + h > 1.0 ? 1.0 : c + h;
}

typedef struct tally {
    long w, d, l;
} tally;

typedef struct totals {
    tally player[2];     /* from each player's point of view */
    tally by_side[2][2]; /* player, side */
    long done, capped, errors, unsaved, actions;
    double secs;
} totals;

static void add(totals *t, const game_result *r)
{
    for (int p = 0; p < 2; p++) {
        int side = p == 0 ? r->a_side : 1 - r->a_side;
        tally *a = &t->player[p], *b = &t->by_side[p][side];
        if (r->winner < 0) {
            a->d++;
            b->d++;
        } else if (r->winner == p) {
            a->w++;
            b->w++;
        } else {
            a->l++;
            b->l++;
        }
    }
    t->done++;
    t->capped += r->capped;
    t->errors += r->error;
    t->unsaved += r->unsaved;
    t->actions += r->actions;
    t->secs += r->secs;
}

static void progress(const opts *o, const totals *t)
{
    char bar[41];
    int filled = (int)(40 * t->done / o->games);
    for (int i = 0; i < 40; i++)
        bar[i] = i < filled ? '#' : '.';
    bar[40] = '\0';
    fprintf(stderr, "\r[%s] %ld/%ld  %s %ld-%ld-%ld %s", bar, t->done, o->games, o->names[0],
            t->player[0].w, t->player[0].d, t->player[0].l, o->names[1]);
    fflush(stderr);
}

static void row(FILE *f, const char *label, const tally *a)
{
    long n = a->w + a->d + a->l;
    double lo, hi;
    wilson(a->w, n, &lo, &hi);
    double score = n ? (a->w + 0.5 * a->d) / (double)n : 0.0;
    fprintf(f, "%-22s %5ld %5ld %5ld %6ld %6.1f%%  [%5.1f%%, %5.1f%%] %6.1f%%\n", label, n, a->w,
            a->d, a->l, n ? 100.0 * a->w / n : 0.0, 100.0 * lo, 100.0 * hi, 100.0 * score);
}

static void print_table(const opts *o, const grg_loaded *l, const totals *t, double wall)
{
    char budget[64];
    if (o->budget.iterations > 0 && o->budget.ms > 0)
        snprintf(budget, sizeof budget, "%d iterations, cut at %d ms", o->budget.iterations,
                 o->budget.ms);
    else if (o->budget.iterations > 0)
        snprintf(budget, sizeof budget, "%d iterations", o->budget.iterations);
    else if (o->budget.ms > 0)
        snprintf(budget, sizeof budget, "%d ms", o->budget.ms);
    else
        snprintf(budget, sizeof budget, "the players' defaults");
    printf("tournament: %s, %s vs %s, %ld games, budget per decision: %s\n", l->sc->id, o->names[0],
           o->names[1], t->done, budget);
    printf("%-22s %5s %5s %5s %6s %7s  %-16s %7s\n", "player", "games", "wins", "draws", "losses",
           "win", "95% CI (wins)", "score");
    for (int p = 0; p < 2; p++)
        row(stdout, o->names[p], &t->player[p]);
    for (int p = 0; p < 2; p++)
        for (int s = 0; s < 2 && s < l->sc->n_sides; s++) {
            const tally *a = &t->by_side[p][s];
            if (a->w + a->d + a->l == 0 && t->done > 0) /* --side, or a single game */
                continue;
            char label[64];
            snprintf(label, sizeof label, "%s as %s", o->names[p], l->sc->sides[s].id);
            row(stdout, label, a);
        }
    printf("capped games (draws at %ld actions): %ld; errors: %ld; %ld actions, %.1f s wall\n",
           o->max_actions, t->capped, t->errors, t->actions, wall);
    if (o->records)
        printf("records: %ld written to %s, %ld not\n", t->done - t->unsaved, o->records,
               t->unsaved);
}

static void json_tally(FILE *f, const tally *a)
{
    long n = a->w + a->d + a->l;
    double lo, hi;
    wilson(a->w, n, &lo, &hi);
    fprintf(f, "\"games\":%ld,\"wins\":%ld,\"draws\":%ld,\"losses\":%ld,\"win_ci95\":[%.4f,%.4f]",
            n, a->w, a->d, a->l, lo, hi);
}

/* Writes s as a JSON string, escaped (scenario and side ids, and the rulesets' results, may hold
 * any character). */
static void put_text(FILE *f, const char *s)
{
    cJSON *j = cJSON_CreateString(s);
    char *text = j ? cJSON_PrintUnformatted(j) : NULL;
    fputs(text ? text : "\"\"", f);
    free(text);
    cJSON_Delete(j);
}

static int write_json(const opts *o, const grg_loaded *l, const totals *t, const game_result *all)
{
    FILE *f = fopen(o->json, "w");
    if (!f)
        return -1;
    fputs("{\"scenario\":", f);
    put_text(f, l->sc->id);
    fputs(",\"players\":[", f);
    put_text(f, o->names[0]);
    fputc(',', f);
    put_text(f, o->names[1]);
    fprintf(f, "],\"seed\":\"%016llx\",", (unsigned long long)o->seed);
    fprintf(f,
            "\"budget\":{\"iterations\":%d,\"ms\":%d},\"max_actions\":%ld,\"capped\":%ld,"
            "\"errors\":%ld,\"per_player\":[",
            o->budget.iterations, o->budget.ms, o->max_actions, t->capped, t->errors);
    for (int p = 0; p < 2; p++) {
        fprintf(f, "%s{\"player\":", p ? "," : "");
        put_text(f, o->names[p]);
        fputc(',', f);
        json_tally(f, &t->player[p]);
        fprintf(f, ",\"by_side\":[");
        for (int s = 0; s < 2; s++) {
            fprintf(f, "%s{\"side\":", s ? "," : "");
            put_text(f, l->sc->sides[s].id);
            fputc(',', f);
            json_tally(f, &t->by_side[p][s]);
            fputc('}', f);
        }
        fprintf(f, "]}");
    }
    fprintf(f, "],\"games\":[");
    for (long i = 0; i < o->games; i++) {
        const game_result *r = &all[i];
        fprintf(f,
                "%s{\"index\":%d,\"seed\":\"%016llx\",\"a_side\":%d,\"winner\":%s,"
                "\"capped\":%s,\"error\":%s,\"actions\":%lld,\"turns\":%d,\"result\":",
                i ? "," : "", r->index, (unsigned long long)(o->seed + (uint64_t)i), r->a_side,
                r->winner < 0    ? "null"
                : r->winner == 0 ? "\"A\""
                                 : "\"B\"",
                r->capped ? "true" : "false", r->error ? "true" : "false", (long long)r->actions,
                r->turns);
        put_text(f, r->result);
        fputc('}', f);
    }
    fprintf(f, "]}\n");
    return fclose(f) == 0 ? 0 : -1;
}

/* The games as paired.c compares them with an earlier run's. */
static void print_paired(const opts *o, const grg_cli_paired *earlier, const game_result *all)
{
    grg_cli_outcome *here = calloc((size_t)o->games, sizeof *here);
    if (!here)
        return;
    for (long i = 0; i < o->games; i++)
        here[i] = (grg_cli_outcome){o->seed + (uint64_t)i, all[i].a_side, all[i].winner,
                                    (long long)all[i].actions};
    grg_cli_paired_print(earlier, here, o->games);
    free(here);
}

static int parse(int argc, char **argv, opts *o)
{
    const char *players = NULL;
    *o = (opts){NULL, NULL, NULL, NULL, NULL, -1, {NULL, NULL}, {"", ""}, 10, 20000, 1, 1, {0, 0}};
    for (int i = 1; i < argc; i += 2) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n = 0;
        if (!v)
            return -1;
        /* games, jobs and actions count from 1; a budget from 0 (none) */
        int count = !strcmp(a, "--games") || !strcmp(a, "--jobs") || !strcmp(a, "--max-actions");
        int budget = !strcmp(a, "--budget") || !strcmp(a, "--iterations");
        if ((count || budget) && grg_cli_number(a, v, count, INT_MAX, &n) < 0)
            return -1;
        if (!strcmp(a, "--scenario"))
            o->file = v;
        else if (!strcmp(a, "--players"))
            players = v;
        else if (!strcmp(a, "--games"))
            o->games = n;
        else if (!strcmp(a, "--seed")) {
            if (grg_cli_seed(a, v, &o->seed) < 0)
                return -1;
        } else if (!strcmp(a, "--jobs"))
            o->jobs = (int)n;
        else if (!strcmp(a, "--budget"))
            o->budget.ms = (int)n;
        else if (!strcmp(a, "--iterations"))
            o->budget.iterations = (int)n;
        else if (!strcmp(a, "--max-actions"))
            o->max_actions = n;
        else if (!strcmp(a, "--options-a"))
            o->popts[0] = v;
        else if (!strcmp(a, "--options-b"))
            o->popts[1] = v;
        else if (!strcmp(a, "--json"))
            o->json = v;
        else if (!strcmp(a, "--records"))
            o->records = v;
        else if (!strcmp(a, "--side"))
            o->side = v;
        else if (!strcmp(a, "--paired"))
            o->paired = v;
        else
            return -1;
    }
    const char *comma = players ? strchr(players, ',') : NULL;
    if (!o->file || !comma)
        return -1;
    snprintf(o->names[0], sizeof o->names[0], "%.*s", (int)(comma - players), players);
    snprintf(o->names[1], sizeof o->names[1], "%s", comma + 1);
    for (int p = 0; p < 2; p++) {
        char msg[512];
        if (grg_cli_ai_player("tournament", o->names[p]) < 0)
            return -1;
        if (grg_ai_check_options(o->names[p], o->popts[p], msg, sizeof msg) < 0) {
            fprintf(stderr, "tournament: %s: %s\n", p ? "--options-b" : "--options-a", msg);
            return -1;
        }
    }
    if (o->jobs > o->games)
        o->jobs = (int)o->games;
    return 0;
}

/* Resolves --side against the scenario's sides; names the ids it may be when it is none. */
static int find_side(opts *o, const grg_scenario *sc)
{
    if (!o->side)
        return 0;
    int s = grg_scenario_side(sc, o->side);
    if (s == 0 || s == 1) { /* a tournament plays the first two sides */
        o->a_side = s;
        return 0;
    }
    fprintf(stderr, "tournament: --side: '%s' is not a side of %s (", o->side, sc->id);
    for (s = 0; s < sc->n_sides && s < 2; s++)
        fprintf(stderr, "%s%s", s ? ", " : "", sc->sides[s].id);
    fputs(")\n", stderr);
    return -1;
}

/* Forks the workers and collects their results; returns 0 or -1 when a worker failed. */
static int run(const opts *o, const grg_loaded *l, totals *t, game_result *all)
{
    int fds[2];
    if (pipe(fds) < 0)
        return -1;
    pid_t pids[256];
    int n = o->jobs < 256 ? o->jobs : 256;
    fflush(NULL);
    for (int w = 0; w < n; w++) {
        pids[w] = fork();
        if (pids[w] == 0) {
            close(fds[0]);
            worker(o, l, w, fds[1]);
            close(fds[1]);
            _exit(0);
        }
    }
    close(fds[1]);
    game_result r;
    ssize_t got;
    while ((got = read(fds[0], &r, sizeof r)) == (ssize_t)sizeof r || (got < 0 && errno == EINTR)) {
        if (got < 0 || r.index < 0 || r.index >= o->games)
            continue;
        all[r.index] = r;
        add(t, &r);
        progress(o, t);
    }
    close(fds[0]);
    fputc('\n', stderr);
    int failed = 0;
    for (int w = 0; w < n; w++) {
        int status = 0;
        if (pids[w] < 0 || waitpid(pids[w], &status, 0) < 0 || !WIFEXITED(status) ||
            WEXITSTATUS(status) != 0)
            failed = 1;
    }
    return failed || t->done != o->games ? -1 : 0;
}

int grg_cli_tournament(int argc, char **argv)
{
    if (grg_cli_help(argc, argv, "") == 0) {
        usage(stdout);
        return 0;
    }
    opts o;
    if (parse(argc, argv, &o) < 0) {
        usage(stderr);
        return 2;
    }
    grg_problems *p = calloc(1, sizeof *p);
    grg_loaded *l = NULL;
    if (!p || grg_load_scenario(o.file, grg_data_dir(), &l, p, NULL) < 0) {
        for (int k = 0; p && k < p->n; k++)
            fprintf(stderr, "%s: %s: %s\n", o.file, p->items[k].path, p->items[k].message);
        free(p);
        return 1;
    }
    free(p);
    if (find_side(&o, l->sc) < 0) {
        grg_loaded_free(l);
        return 2;
    }
    grg_cli_paired *earlier = NULL;
    if (o.paired && !(earlier = grg_cli_paired_load(o.paired, l->sc->id))) {
        grg_loaded_free(l);
        return 2;
    }
    if (o.records && mkdir(o.records, 0777) < 0 && errno != EEXIST) {
        fprintf(stderr, "tournament: cannot make %s: %s\n", o.records, strerror(errno));
        grg_cli_paired_free(earlier);
        grg_loaded_free(l);
        return 1;
    }
    totals t;
    memset(&t, 0, sizeof t);
    game_result *all = calloc((size_t)o.games, sizeof *all);
    double t0 = now_s();
    int rc = all ? run(&o, l, &t, all) : -1;
    print_table(&o, l, &t, now_s() - t0);
    if (rc == 0 && earlier)
        print_paired(&o, earlier, all);
    grg_cli_paired_free(earlier);
    if (rc == 0 && o.json && write_json(&o, l, &t, all) < 0) {
        fprintf(stderr, "tournament: cannot write %s\n", o.json);
        rc = -1;
    }
    free(all);
    grg_loaded_free(l);
    return rc < 0 || t.errors || t.unsaved ? 1 : 0;
}
