/* Server benchmark: a load generator on loopback. It starts `grognard serve` (the binary beside
 * this one) on a free port with a temporary database, creates N/2 two-seat games, holds N
 * WebSockets (one per seat) and has every game play itself: the side to act asks `legal`, picks a
 * random action and sends `act`, all games at once, for S seconds. It reports requests and actions
 * per second, the round-trip latency p50/p99/max, the server's memory per open game and per idle
 * connection, and, as the baseline measured in the same run, the same random play through a
 * grg_session in this process (no network, no storage): the ratio says what the server costs.
 * With --think-ms T every player waits 0.5T to 1.5T before each request (a paced, human-like
 * load); without it they send as fast as the server answers (saturation).
 *   usage: bench_server [--conns N] [--seconds S] [--scenario ID] [--think-ms T]
 *   (defaults 1000 connections, 10 s, duel, no think time) */
#define _GNU_SOURCE /* mkdtemp, prctl */
#include "../tests/server/client.h"
#include "../tests/server/spawn.h"
#include "grognard/proto.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

typedef struct bgame {
    char id[32], tok[2][40], side[2][64];
    tc_ws w[2];
    int active; /* seat index to act */
    int stage;  /* 0: legal sent, 1: act sent */
    int over;
    double t0;
    unsigned rng;
    char next[1024]; /* a request waiting for its think time */
    double due;      /* when to send it; 0 = nothing waits */
} bgame;

static pid_t server;
static int port;
static double *lat;
static size_t n_lat, cap_lat;
static double think; /* mean seconds a player thinks before each request (0: none) */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static long rss_kb(pid_t pid)
{
    char path[64], line[256];
    long kb = -1;
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld", &kb) == 1)
            break;
    if (f)
        fclose(f);
    return kb;
}

static int start(const char *exe, const char *db)
{
    char *argv[] = {(char *)exe, "serve", "--port", "0", "--db", (char *)db, "--quiet", NULL};
    port = tc_serve(argv, &server);
    return port > 0 ? 0 : -1;
}

/* Sends a request now, or after a random think time of 0.5 to 1.5 times the mean. */
static void send_req(bgame *g, const char *fmt, const char *arg)
{
    snprintf(g->next, sizeof g->next, fmt, arg);
    g->due = 0;
    if (think > 0) {
        g->rng = g->rng * 1103515245u + 12345u;
        g->due = now() + think * (0.5 + (double)((g->rng >> 8) % 1000) / 1000.0);
        return;
    }
    g->t0 = now();
    tc_ws_send(&g->w[g->active], g->next);
}

/* Sends every request whose think time is over; returns the ms until the next one (at most 20). */
static int send_due(bgame *games, int n)
{
    double t = now(), next = t + 0.02;
    for (int i = 0; i < n; i++) {
        bgame *g = &games[i];
        if (g->due <= 0)
            continue;
        if (g->due <= t) {
            g->due = 0;
            g->t0 = now();
            tc_ws_send(&g->w[g->active], g->next);
        } else if (g->due < next) {
            next = g->due;
        }
    }
    int ms = (int)((next - now()) * 1000);
    return ms < 0 ? 0 : ms;
}

/* One reply for g: record its latency and send the next request. */
static long on_reply(bgame *g, cJSON *r)
{
    if (n_lat == cap_lat) {
        cap_lat = cap_lat ? cap_lat * 2 : 1 << 16;
        lat = realloc(lat, cap_lat * sizeof *lat);
    }
    lat[n_lat++] = now() - g->t0;
    long acted = 0;
    if (g->stage == 0) {
        cJSON *acts = cJSON_GetObjectItem(r, "actions");
        int n = cJSON_GetArraySize(acts);
        if (n == 0) {
            g->over = 1;
            return 0;
        }
        g->rng = g->rng * 1103515245u + 12345u;
        char *a =
            cJSON_PrintUnformatted(cJSON_GetArrayItem(acts, (int)((g->rng >> 8) % (unsigned)n)));
        g->stage = 1;
        send_req(g, "{\"id\":2,\"cmd\":\"act\",\"action\":%s}", a);
        free(a);
        return 0;
    }
    acted = cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"));
    if (cJSON_IsTrue(cJSON_GetObjectItem(r, "over"))) {
        g->over = 1;
        return acted;
    }
    const cJSON *act = cJSON_GetObjectItem(r, "active");
    if (cJSON_IsString(act))
        g->active = strcmp(act->valuestring, g->side[0]) == 0 ? 0 : 1;
    g->stage = 0;
    send_req(g, "{\"id\":1,\"cmd\":\"legal\"%s}", "");
    return acted;
}

/* Random play through an in-process session for `secs`: the baseline. */
static double direct_rate(const char *path, double secs)
{
    grg_session *s = grg_session_new(NULL);
    char req[2048];
    int quit;
    long acts = 0;
    unsigned rng = 1;
    double t0 = now();
    while (now() - t0 < secs) {
        snprintf(req, sizeof req, "{\"cmd\":\"load\",\"scenario\":\"%s\"}", path);
        free(grg_session_handle(s, req, &quit));
        for (int over = 0; !over;) {
            char *r = grg_session_handle(s, "{\"cmd\":\"legal\"}", &quit);
            cJSON *j = cJSON_Parse(r), *as = cJSON_GetObjectItem(j, "actions");
            free(r);
            int n = cJSON_GetArraySize(as);
            if (n == 0) {
                cJSON_Delete(j);
                break;
            }
            rng = rng * 1103515245u + 12345u;
            char *a =
                cJSON_PrintUnformatted(cJSON_GetArrayItem(as, (int)((rng >> 8) % (unsigned)n)));
            cJSON_Delete(j);
            snprintf(req, sizeof req, "{\"cmd\":\"act\",\"action\":%s}", a);
            free(a);
            r = grg_session_handle(s, req, &quit);
            over = strstr(r, "\"over\":true") != NULL;
            free(r);
            acts++;
        }
    }
    double rate = (double)acts / (now() - t0);
    grg_session_free(s);
    return rate;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    int conns = 1000;
    double secs = 10;
    const char *scn = "duel";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--conns"))
            conns = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--seconds"))
            secs = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--scenario"))
            scn = argv[i + 1];
        else if (!strcmp(argv[i], "--think-ms"))
            think = atof(argv[i + 1]) / 1000.0;
    }
    int n_games = conns / 2 > 0 ? conns / 2 : 1;
    struct rlimit rl;
    getrlimit(RLIMIT_NOFILE, &rl);
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
    char exe[PATH_MAX], dir[] = "/tmp/grg-bench-server-XXXXXX", db[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 16);
    if (n <= 0 || !mkdtemp(dir))
        return 1;
    exe[n] = '\0';
    snprintf(strrchr(exe, '/'), 16, "/grognard");
    snprintf(db, sizeof db, "%s/bench.db", dir);
    if (start(exe, db) < 0) {
        fprintf(stderr, "bench_server: the server did not start\n");
        return 1;
    }
    bgame *games = calloc((size_t)n_games, sizeof *games);
    long rss0 = rss_kb(server);
    char path[512] = "", body[256], *out = NULL;
    snprintf(body, sizeof body, "{\"scenario\":\"%s\"}", scn);
    for (int i = 0; i < n_games; i++) {
        cJSON *r = tc_http(port, "POST", "/api/games", body, &out) == 200 ? cJSON_Parse(out) : NULL;
        free(out);
        cJSON *s = cJSON_GetObjectItem(r, "seats");
        if (!r || cJSON_GetArraySize(s) != 2) {
            fprintf(stderr, "bench_server: cannot create game %d\n", i);
            return 1;
        }
        snprintf(games[i].id, sizeof games[i].id, "%s",
                 cJSON_GetObjectItem(r, "game")->valuestring);
        for (int k = 0; k < 2; k++) {
            cJSON *seat = cJSON_GetArrayItem(s, k);
            snprintf(games[i].side[k], sizeof games[i].side[k], "%s", seat->string);
            snprintf(games[i].tok[k], sizeof games[i].tok[k], "%s",
                     cJSON_GetObjectItem(seat, "token")->valuestring);
        }
        games[i].rng = (unsigned)i * 2654435761u + 1;
        cJSON_Delete(r);
    }
    long rss1 = rss_kb(server);
    for (int i = 0; i < n_games; i++)
        for (int k = 0; k < 2; k++) {
            char hello[256];
            if (tc_ws_open(&games[i].w[k], port, "/ws", "grognard", NULL) < 0) {
                fprintf(stderr, "bench_server: connection %d refused\n", 2 * i + k);
                return 1;
            }
            snprintf(hello, sizeof hello, "{\"cmd\":\"hello\",\"game\":\"%s\",\"token\":\"%s\"}",
                     games[i].id, games[i].tok[k]);
            tc_ws_send(&games[i].w[k], hello);
            char *m = tc_ws_recv(&games[i].w[k]);
            cJSON *j = m ? cJSON_Parse(m) : NULL;
            free(m);
            const cJSON *act = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "state"), "active");
            if (k == 0 && cJSON_IsString(act))
                games[i].active = strcmp(act->valuestring, games[i].side[0]) == 0 ? 0 : 1;
            if (k == 0 && !scn[0])
                snprintf(path, sizeof path, "%s", "");
            cJSON_Delete(j);
        }
    long rss2 = rss_kb(server);
    struct pollfd *pf = calloc((size_t)n_games * 2, sizeof *pf);
    for (int i = 0; i < n_games; i++) {
        for (int k = 0; k < 2; k++)
            pf[2 * i + k] = (struct pollfd){games[i].w[k].fd, POLLIN, 0};
        send_req(&games[i], "{\"id\":1,\"cmd\":\"legal\"%s}", "");
    }
    long actions = 0, pushes = 0, over = 0;
    double t0 = now();
    while (now() - t0 < secs && over < n_games) {
        int wait = think > 0 ? send_due(games, n_games) : 1000;
        if (poll(pf, (nfds_t)n_games * 2, wait) <= 0)
            continue;
        for (int c = 0; c < 2 * n_games; c++) {
            if (!(pf[c].revents & POLLIN))
                continue;
            bgame *g = &games[c / 2];
            tc_ws *w = &g->w[c % 2];
            do {
                char *m = tc_ws_recv(w);
                if (!m) {
                    pf[c].fd = -1;
                    break;
                }
                if (!strncmp(m, "{\"push\"", 7)) {
                    pushes++;
                } else {
                    cJSON *r = cJSON_Parse(m);
                    int was_over = g->over;
                    actions += on_reply(g, r);
                    over += !was_over && g->over;
                    cJSON_Delete(r);
                }
                free(m);
            } while (tc_ws_buffered(w));
        }
    }
    double el = now() - t0;
    long rss3 = rss_kb(server);
    qsort(lat, n_lat, sizeof *lat, cmp_d);
    printf("%d connections (%d games of %s, think %.0f ms) for %.1f s: %ld requests, %ld actions, "
           "%ld pushes, %ld games ended\n",
           2 * n_games, n_games, scn, think * 1000, el, (long)n_lat, actions, pushes, over);
    if (n_lat)
        printf("  %.0f requests/s, %.0f actions/s; latency p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
               (double)n_lat / el, (double)actions / el, lat[n_lat / 2] * 1e3,
               lat[(size_t)((double)n_lat * 0.99)] * 1e3, lat[n_lat - 1] * 1e3);
    printf(
        "  server RSS: %ld KiB empty, %ld KiB with %d games (%.1f KiB/game), %ld KiB with %d idle "
        "connections (%.1f KiB/connection), %ld KiB after play\n",
        rss0, rss1, n_games, (double)(rss1 - rss0) / n_games, rss2, 2 * n_games,
        (double)(rss2 - rss1) / (2 * n_games), rss3);
    for (int i = 0; i < n_games; i++)
        for (int k = 0; k < 2; k++)
            tc_ws_close(&games[i].w[k]);
    kill(server, SIGTERM);
    int st;
    waitpid(server, &st, 0);
    char scn_path[PATH_MAX];
    snprintf(scn_path, sizeof scn_path, "%s/scenarios/test/duel.json", grg_data_dir());
    double direct = direct_rate(scn_path, 2.0);
    printf("  baseline: %.0f actions/s through an in-process session (duel): server/baseline = "
           "%.3f%s\n",
           direct, direct > 0 ? (double)actions / el / direct : 0,
           think > 0 ? " (paced: the ratio shows the pacing, not the server)" : "");
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    int rc = system(cmd);
    free(pf);
    free(games);
    free(lat);
    (void)path;
    return rc == 0 ? 0 : 1;
}
