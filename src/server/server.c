/* grg_server_run: one libwebsockets context on its libuv loop (the evlib plugin), one thread
 * owning every game, AI workers beside it. Shutdown on SIGINT/SIGTERM: lws routes the signals
 * through its own uv handlers to signal_cb, which closes every WebSocket with 1001 and destroys
 * the context a moment later; then the AI workers are joined and the store closed. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "server.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

size_t srv_http_pss_size(void);

static srv *the_server; /* for signal_cb, which gets no user pointer */
static lws_sorted_usec_list_t stop_sul;

void srv_log(const srv *sv, const char *fmt, ...)
{
    if (sv && sv->cfg.quiet)
        return;
    char msg[1024], when[32];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    fprintf(stderr, "%s grognard: %s\n", when, msg);
}

static void lws_emit(int level, const char *line)
{
    (void)level;
    fprintf(stderr, "lws: %s", line);
}

static int mkdirs(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        int rc = mkdir(path, 0700);
        *p = '/';
        if (rc < 0 && errno != EEXIST)
            return -1;
    }
    return 0;
}

int grg_server_default_db(char *out, size_t size)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(out, size, "%s/grognard/grognard.db", xdg);
    else if (home && home[0])
        n = snprintf(out, size, "%s/.local/share/grognard/grognard.db", home);
    else
        return -1;
    if (n < 0 || (size_t)n >= size)
        return -1;
    return mkdirs(out);
}

static void stop_now(lws_sorted_usec_list_t *sul)
{
    (void)sul;
    if (the_server && the_server->ctx) {
        the_server->destroying = 1;
        lws_context_destroy(the_server->ctx);
    }
}

void srv_stop_later(srv *sv)
{
    if (sv->stopping == 1) {
        sv->stopping = 2;
        lws_sul_schedule(sv->ctx, 0, &stop_sul, stop_now, 150 * LWS_US_PER_MS);
    }
}

/* SIGINT/SIGTERM: every WebSocket gets a 1001 close from its WRITEABLE callback, then the
 * context is destroyed, which stops the loop and makes lws_service return. */
static void on_signal(void *handle, int signum)
{
    (void)handle;
    srv *sv = the_server;
    if (!sv || sv->stopping)
        return;
    srv_log(sv, "signal %d: stopping", signum);
    sv->stopping = 1;
    sv->destroying = 1;
    lws_context_destroy(sv->ctx);
}

/* Raises the soft limit on open files to the hard one and returns what lws may use of it. */
static unsigned fd_budget(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
        return 1024;
    rlim_t want = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > 65536 ? 65536 : rl.rlim_max;
    if (rl.rlim_cur < want) {
        rl.rlim_cur = want;
        setrlimit(RLIMIT_NOFILE, &rl);
        getrlimit(RLIMIT_NOFILE, &rl);
    }
    /* Keep some descriptors for SQLite and static files: lws stops accepting when its table is
     * full instead of spinning on EMFILE. */
    rlim_t cur = rl.rlim_cur > 65536 ? 65536 : rl.rlim_cur;
    return (unsigned)(cur > 256 ? cur - 64 : cur - cur / 4);
}

static int setup_paths(srv *sv, char *db, size_t dbsize)
{
    const char *data = sv->cfg.data_dir ? sv->cfg.data_dir : grg_data_dir();
    if (!realpath(data, sv->data_dir)) {
        fprintf(stderr, "grognard: no data directory at %s\n", data);
        return -1;
    }
    char web[PATH_MAX + 8];
    if (sv->cfg.web_dir)
        snprintf(web, sizeof web, "%s", sv->cfg.web_dir);
    else
        snprintf(web, sizeof web, "%s/../web", sv->data_dir);
    if (!realpath(web, sv->web_root)) {
        srv_log(sv, "no web directory at %s: only the API is served", web);
        sv->web_root[0] = '\0';
    }
    if (sv->cfg.db_path)
        snprintf(db, dbsize, "%s", sv->cfg.db_path);
    else if (grg_server_default_db(db, dbsize) < 0) {
        fprintf(stderr, "grognard: cannot make the default database directory; use --db\n");
        return -1;
    }
    return 0;
}

/* grognard play: a game of the chosen scenario, the chosen side human (the first if none), the
 * others AI; prints its link. */
static int create_play_game(srv *sv, const char *base)
{
    const srv_scenario *e = srv_scenario_find(sv, sv->cfg.play_scenario);
    if (!sv->cfg.play_scenario[0] && !(e = srv_scenario_find(sv, "kadesh")))
        e = srv_scenario_find(sv, "duel");
    char want[PATH_MAX], have[PATH_MAX];
    for (int i = 0; !e && i < sv->n_scenarios; i++)
        if (realpath(sv->cfg.play_scenario, want) && realpath(sv->scenarios[i].path, have) &&
            strcmp(want, have) == 0)
            e = &sv->scenarios[i];
    if (!e) {
        fprintf(stderr, "grognard: no scenario '%s' (GET /api/scenarios lists them)\n",
                sv->cfg.play_scenario);
        return -1;
    }
    grg_problems *p = calloc(1, sizeof *p);
    grg_loaded *l = NULL;
    if (!p || grg_load_scenario(e->path, sv->data_dir, &l, p, NULL) < 0) {
        free(p);
        return -1;
    }
    free(p);
    int human = 0;
    for (int k = 0; k < l->sc->n_sides; k++)
        if (sv->cfg.play_side && strcmp(l->sc->sides[k].id, sv->cfg.play_side) == 0)
            human = k;
    if (sv->cfg.play_side && strcmp(l->sc->sides[human].id, sv->cfg.play_side) != 0)
        fprintf(stderr, "grognard: no side '%s'; you play %s\n", sv->cfg.play_side,
                l->sc->sides[human].id);
    cJSON *body = cJSON_CreateObject(), *reply = cJSON_CreateObject();
    cJSON_AddStringToObject(body, "scenario", e->id);
    cJSON *seats = cJSON_AddObjectToObject(body, "seats");
    for (int k = 0; k < l->sc->n_sides; k++)
        cJSON_AddStringToObject(seats, l->sc->sides[k].id, k == human ? "human" : "ai");
    char side[64];
    snprintf(side, sizeof side, "%s", l->sc->sides[human].id);
    grg_loaded_free(l);
    int status = 0, rc = srv_game_create(sv, body, reply, &status);
    cJSON_Delete(body);
    if (rc == 0) {
        const cJSON *seat = cJSON_GetObjectItem(cJSON_GetObjectItem(reply, "seats"), side);
        printf("game %s: you play %s against the AI\nopen %s%s\n",
               cJSON_GetObjectItem(reply, "game")->valuestring, side, base,
               cJSON_GetObjectItem(seat, "link")->valuestring + 1);
    } else {
        char *t = cJSON_PrintUnformatted(reply);
        fprintf(stderr, "grognard: cannot create the game: %s\n", t ? t : "?");
        free(t);
    }
    cJSON_Delete(reply);
    return rc;
}

static int serve(srv *sv)
{
    struct lws_context_creation_info info;
    static const lws_retry_bo_t retry = {.secs_since_valid_ping = 30,
                                         .secs_since_valid_hangup = 70};
    memset(&info, 0, sizeof info);
    memset(sv->protocols, 0, sizeof sv->protocols);
    sv->protocols[0].name = "http";
    sv->protocols[0].callback = srv_http_callback;
    sv->protocols[0].per_session_data_size = srv_http_pss_size();
    sv->protocols[1].name = "grognard";
    sv->protocols[1].callback = srv_ws_callback;
    sv->protocols[1].per_session_data_size = srv_client_size();
    sv->protocols[1].rx_buffer_size = 4096;
    info.port = sv->cfg.port;
    info.iface = sv->cfg.host ? sv->cfg.host : "127.0.0.1";
    info.protocols = sv->protocols;
    info.user = sv;
    info.options = LWS_SERVER_OPTION_LIBUV | LWS_SERVER_OPTION_UV_NO_SIGSEGV_SIGFPE_SPIN |
                   LWS_SERVER_OPTION_VALIDATE_UTF8 | LWS_SERVER_OPTION_DISABLE_IPV6;
    info.max_http_header_data = 16384;
    info.fd_limit_per_thread = fd_budget();
    info.signal_cb = on_signal;
    info.retry_and_idle_policy = &retry;
    info.count_threads = 1;
    sv->ctx = lws_create_context(&info);
    if (!sv->ctx) {
        fprintf(stderr, "grognard: cannot listen on %s:%d\n", info.iface, info.port);
        return -1;
    }
    int port = lws_get_vhost_listen_port(lws_get_vhost_by_name(sv->ctx, "default"));
    if (srv_ai_start(sv, 2) < 0)
        srv_log(sv, "no AI worker threads: AI seats will not move");
    srv_games_restore(sv);
    char base[320];
    snprintf(base, sizeof base, "http://%s:%d/",
             strcmp(info.iface, "0.0.0.0") == 0 ? "127.0.0.1" : info.iface, port);
    printf("listening on %s\n", base);
    int rc = 0;
    if (sv->cfg.play_scenario && create_play_game(sv, base) < 0)
        rc = -1;
    fflush(stdout);
    while (rc == 0 && !sv->destroying)
        if (lws_service(sv->ctx, 0) < 0)
            break;
    sv->stopping = 1;
    lws_context_destroy(sv->ctx);
    sv->ctx = NULL;
    return rc;
}

int grg_server_run(const grg_server_config *cfg)
{
    srv *sv = calloc(1, sizeof *sv);
    char db[PATH_MAX], err[512] = "";
    if (!sv)
        return 1;
    sv->cfg = *cfg;
    the_server = sv;
    lws_set_log_level(cfg->quiet ? LLL_ERR : LLL_ERR | LLL_WARN, lws_emit);
    int rc = 1;
    if (setup_paths(sv, db, sizeof db) < 0)
        goto out;
    if (srv_store_open(db, &sv->store, err, sizeof err) < 0) {
        fprintf(stderr, "grognard: %s\n", err);
        goto out;
    }
    srv_scenarios_scan(sv);
    srv_log(sv, "data %s, web %s, database %s, %d scenarios%s", sv->data_dir,
            sv->web_root[0] ? sv->web_root : "(none)", db, sv->n_scenarios,
            cfg->test_dice ? ", test dice allowed" : "");
    rc = serve(sv) == 0 ? 0 : 1;
    srv_batch_flush(sv); /* what was written but not yet acknowledged: keep it */
out:
    srv_ai_stop(sv);
    srv_games_free(sv);
    srv_store_close(sv->store);
    free(sv->scenarios);
    free(sv->scenarios_cache);
    the_server = NULL;
    free(sv);
    return rc;
}
