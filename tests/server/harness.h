/* The harness of the server's end-to-end tests (tests/unit/test_server_*.c): a real
 * `grognard serve` on a free loopback port with a temporary database, started from the grognard
 * next to the test's executable (it dies with the test: PR_SET_PDEATHSIG), and small helpers to
 * create games, join them over WebSocket and exchange line-protocol requests (client.h). Each test
 * file includes it once. */
#ifndef GRG_TESTS_SERVER_HARNESS_H
#define GRG_TESTS_SERVER_HARNESS_H

#include "client.h"
#include "spawn.h"

#include <cjson/cJSON.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

static char exe[PATH_MAX], dir[PATH_MAX], db[PATH_MAX + 8], web[PATH_MAX + 8];
static pid_t server = -1;
static int port;
static char gid[64], tok_blue[64], tok_red[64], commitment[80];

/* The pace of a game of AI seats only, in milliseconds (--ai-pace). */
#define AI_PACE "30"

/* Starts `grognard serve` on port 0 (spawn.h). */
static int start_server(int test_dice)
{
    char *argv[] = {exe,       "serve",     "--port", "0",
                    "--db",    db,          "--web",  web,
                    "--quiet", "--ai",      "random", "--ai-ms",
                    "10",      "--ai-pace", AI_PACE,  test_dice ? "--test-dice" : NULL,
                    NULL};
    port = tc_serve(argv, &server);
    return port > 0 ? 0 : -1;
}

/* Stops the server with sig and reaps it, escalating to SIGKILL after 5 s. */
static int stop_server(int sig)
{
    if (server <= 0)
        return -1;
    kill(server, sig);
    int status = 0;
    for (int i = 0; i < 500; i++) {
        if (waitpid(server, &status, WNOHANG) == server) {
            server = -1;
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        }
        usleep(10000);
    }
    kill(server, SIGKILL);
    waitpid(server, &status, 0);
    server = -1;
    return -2;
}

static inline cJSON *get_json(const char *method, const char *path, const char *body, int *status)
{
    char *out = NULL;
    *status = tc_http(port, method, path, body, &out);
    cJSON *j = out ? cJSON_Parse(out) : NULL;
    free(out);
    return j;
}

static inline const char *str(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItem(o, k);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static inline const char *err_code(const cJSON *o)
{
    return str(cJSON_GetObjectItem(o, "error"), "code");
}

/* Sends a request with this id and returns its reply, skipping pushes. */
static inline cJSON *call(tc_ws *w, int id, const char *fmt, ...)
{
    char req[4096], *m;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(req, sizeof req, fmt, ap);
    va_end(ap);
    assert_true(n > 0 && (size_t)n < sizeof req);
    char *brace = strchr(req, '{');
    char full[4200];
    snprintf(full, sizeof full, "{\"id\":%d,%s", id, brace + 1);
    assert_int_equal(tc_ws_send(w, full), 0);
    while ((m = tc_ws_recv(w)) != NULL) {
        cJSON *j = cJSON_Parse(m);
        free(m);
        const cJSON *rid = cJSON_GetObjectItem(j, "id");
        if (cJSON_IsNumber(rid) && rid->valueint == id)
            return j;
        cJSON_Delete(j);
    }
    fail_msg("no reply to %s", full);
    return NULL;
}

/* Reads messages until a push of this kind; returns it. */
static inline cJSON *wait_push(tc_ws *w, const char *kind)
{
    char *m;
    while ((m = tc_ws_recv(w)) != NULL) {
        cJSON *j = cJSON_Parse(m);
        free(m);
        if (!strcmp(str(j, "push"), kind))
            return j;
        cJSON_Delete(j);
    }
    fail_msg("no push %s", kind);
    return NULL;
}

static void join(tc_ws *w, const char *token, const char *side)
{
    assert_int_equal(tc_ws_open(w, port, "/ws", "grognard", NULL), 0);
    cJSON *r = token
                   ? call(w, 1, "{\"cmd\":\"hello\",\"game\":\"%s\",\"token\":\"%s\"}", gid, token)
                   : call(w, 1, "{\"cmd\":\"hello\",\"game\":\"%s\"}", gid);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")));
    if (side)
        assert_string_equal(str(r, "side"), side);
    else
        assert_true(cJSON_IsNull(cJSON_GetObjectItem(r, "side")));
    assert_string_equal(str(r, "commitment"), commitment);
    assert_null(
        cJSON_GetObjectItem(cJSON_GetObjectItem(r, "state"), "seed")); /* secret until the end */
    cJSON_Delete(r);
}

static inline char *state_hash(tc_ws *w, int id)
{
    cJSON *r = call(w, id, "{\"cmd\":\"state\"}");
    char *h = strdup(str(r, "hash"));
    cJSON_Delete(r);
    return h;
}

/* Creates a game from a POST /api/games body, which must succeed; sets gid and commitment and
 * returns the answer. */
static inline cJSON *post_game(const char *body)
{
    int st;
    cJSON *r = get_json("POST", "/api/games", body, &st);
    assert_int_equal(st, 200);
    snprintf(gid, sizeof gid, "%s", str(r, "game"));
    snprintf(commitment, sizeof commitment, "%s", str(r, "commitment"));
    return r;
}

static void create_game(const char *seats)
{
    char body[256];
    snprintf(body, sizeof body, "{\"scenario\":\"duel\",\"seats\":%s}", seats);
    cJSON *r = post_game(body);
    cJSON *s = cJSON_GetObjectItem(r, "seats");
    snprintf(tok_blue, sizeof tok_blue, "%s", str(cJSON_GetObjectItem(s, "blue"), "token"));
    snprintf(tok_red, sizeof tok_red, "%s", str(cJSON_GetObjectItem(s, "red"), "token"));
    assert_int_equal(strlen(gid), 16);
    assert_int_equal(strlen(commitment), 64);
    assert_int_equal(strlen(tok_blue), 32);
    cJSON_Delete(r);
}

/* Plays legal action k (mod their count; the last one when k < 0) for the side to act. */
static inline cJSON *play_one(tc_ws *w, int id, int k)
{
    cJSON *l = call(w, id, "{\"cmd\":\"legal\"}");
    cJSON *acts = cJSON_GetObjectItem(l, "actions");
    int n = cJSON_GetArraySize(acts);
    assert_true(n > 0);
    char *a = cJSON_PrintUnformatted(cJSON_GetArrayItem(acts, k < 0 ? n - 1 : k % n));
    cJSON_Delete(l);
    cJSON *r = call(w, id + 1, "{\"cmd\":\"act\",\"action\":%s}", a);
    free(a);
    return r;
}

/* Finds the grognard binary beside the test, makes a temporary folder with a database and (unless
 * the caller made one) an empty web root, and starts the server. */
static int harness_start(const char *tag, int make_web, int test_dice)
{
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 16);
    if (n <= 0)
        return -1;
    exe[n] = '\0';
    snprintf(strrchr(exe, '/'), 16, "/grognard");
    snprintf(dir, sizeof dir, "/tmp/grg-%s-XXXXXX", tag);
    if (!mkdtemp(dir))
        return -1;
    snprintf(db, sizeof db, "%s/db", dir);
    snprintf(web, sizeof web, "%s/web", dir);
    if (make_web && mkdir(web, 0700) < 0)
        return -1;
    return make_web ? start_server(test_dice) : 0;
}

/* Stops the server and removes the temporary folder. */
static int harness_stop(void)
{
    int rc = stop_server(SIGTERM);
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        return -1;
    return rc == 0 ? 0 : -1;
}

#endif
