/* The server's exact replay end to end (docs/server-api.md, state_at): the position after action
 * N of a game, over WebSocket and HTTP, equals the live state at N, forwards, backwards and after
 * an undo rewrote the end of the log; the actions since N with their sides and events
 * (events_since); and the ruleset data route. A real `grognard serve` driven by
 * tests/server/harness.h; the run is bounded by alarm(). */
#define _GNU_SOURCE /* mkdtemp, prctl */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "../server/harness.h"
#include "grognard/server.h"
#include <sys/stat.h>

/* The units' hexes and statuses of a state reply, as one string to compare. */
static char *positions(const cJSON *st)
{
    char *out = calloc(1, 8192);
    const cJSON *u;
    cJSON_ArrayForEach(u, cJSON_GetObjectItem(st, "units"))
    {
        size_t n = strlen(out);
        snprintf(out + n, 8192 - n, "%s@%s/%s;", str(u, "id"), str(u, "hex"), str(u, "status"));
    }
    return out;
}

/* state_at: the position after action N, over WebSocket and HTTP, equals the live state then,
 * forwards, backwards and after an undo rewrote the end of the log. */
static void test_state_at(void **state)
{
    (void)state;
    create_game("{\"blue\":\"human\",\"red\":\"human\"}");
    tc_ws blue, red, spect;
    join(&blue, tok_blue, "blue");
    join(&red, tok_red, "red");
    join(&spect, NULL, NULL);
    char path[160], *live[40] = {NULL}, *active_at[40] = {NULL}, *events_of[40] = {NULL};
    int st, n = 0;
    snprintf(path, sizeof path, "/api/games/%s/dice", gid);
    cJSON_Delete(get_json("POST", path, "{\"rolls\":[6,1,3]}", &st));
    for (int i = 0; i < 30; i++) {
        cJSON *s = call(&spect, 1000 + i, "{\"cmd\":\"state\"}");
        n = cJSON_GetObjectItem(s, "actions")->valueint;
        live[n] = positions(s);
        tc_ws *w = strcmp(str(s, "active"), "blue") == 0 ? &blue : &red;
        cJSON_Delete(s);
        cJSON_Delete(play_one(w, 2000 + 2 * i, i % 3 ? i : -1));
    }
    cJSON *s = call(&spect, 3000, "{\"cmd\":\"state\"}");
    n = cJSON_GetObjectItem(s, "actions")->valueint;
    free(live[n]);
    live[n] = positions(s);
    cJSON_Delete(s);
    assert_true(n >= 20);
    for (int k = 0; k <= 2 * n; k++) { /* forwards, then backwards by HTTP */
        int at = k <= n ? k : 2 * n - k;
        cJSON *r;
        if (k <= n) {
            r = call(&spect, 4000 + k, "{\"cmd\":\"state_at\",\"at\":%d}", at);
        } else {
            snprintf(path, sizeof path, "/api/games/%s/state?at=%d", gid, at);
            r = get_json("GET", path, NULL, &st);
            assert_int_equal(st, 200);
        }
        assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")));
        assert_int_equal(cJSON_GetObjectItem(r, "at")->valueint, at);
        assert_int_equal(cJSON_GetObjectItem(r, "actions")->valueint, at);
        assert_null(cJSON_GetObjectItem(r, "seed"));
        assert_true(cJSON_IsArray(cJSON_GetObjectItem(r, "events")));
        char *p = positions(r);
        if (live[at])
            assert_string_equal(p, live[at]);
        free(p);
        if (k <= n) {
            active_at[at] = strdup(str(r, "active"));
            events_of[at] = cJSON_PrintUnformatted(cJSON_GetObjectItem(r, "events"));
        }
        cJSON_Delete(r);
    }
    /* events_since: each action after the first `since`, the side that played it (the side to act
     * before it) and its events, as state_at gives them one by one. */
    for (int since = 0; since <= n; since += n - 3) {
        cJSON *e = call(&spect, 4500 + since, "{\"cmd\":\"events_since\",\"since\":%d}", since);
        assert_true(cJSON_IsTrue(cJSON_GetObjectItem(e, "ok")));
        assert_int_equal(cJSON_GetObjectItem(e, "total")->valueint, n);
        const cJSON *list = cJSON_GetObjectItem(e, "actions"), *a;
        assert_int_equal(cJSON_GetArraySize(list), n - since);
        int at = since;
        cJSON_ArrayForEach(a, list)
        {
            at++;
            assert_string_equal(str(a, "by"), active_at[at - 1]);
            char *ev = cJSON_PrintUnformatted(cJSON_GetObjectItem(a, "events"));
            assert_string_equal(ev, events_of[at]);
            free(ev);
        }
        cJSON_Delete(e);
    }
    snprintf(path, sizeof path, "/api/games/%s/events?since=%d", gid, n - 3);
    cJSON *e = get_json("GET", path, NULL, &st);
    assert_int_equal(st, 200);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(e, "actions")), 3);
    cJSON_Delete(e);
    static const char *const bad_query[] = {"events", "events?since=x", "events?since=2x",
                                            "state?at=2x", "state?at="};
    for (int i = 0; i < 5; i++) {
        snprintf(path, sizeof path, "/api/games/%s/%s", gid, bad_query[i]);
        cJSON_Delete(get_json("GET", path, NULL, &st));
        assert_int_equal(st, 400);
    }
    static const char *const bad_since[] = {"-1", "1.5", "\"0\"", "null", "1000000"};
    for (int i = 0; i < 5; i++) {
        cJSON *r = call(&spect, 4600, "{\"cmd\":\"events_since\",\"since\":%s}", bad_since[i]);
        assert_string_equal(err_code(r), "bad_request");
        cJSON_Delete(r);
    }
    snprintf(path, sizeof path, "/api/games/%s/state?at=%d", gid, n + 1);
    cJSON_Delete(get_json("GET", path, NULL, &st));
    assert_int_equal(st, 400);
    static const char *const bad[] = {"-1", "1.5", "1e300", "\"3\"", "null"};
    for (int i = 0; i < 5; i++) {
        cJSON *r = call(&spect, 5000, "{\"cmd\":\"state_at\",\"at\":%s}", bad[i]);
        assert_string_equal(err_code(r), "bad_request");
        cJSON_Delete(r);
    }
    cJSON *r;
    /* An undo replaces the last action: the cursors standing after it are not trusted. */
    cJSON_Delete(call(&spect, 5001, "{\"cmd\":\"state_at\",\"at\":%d}", n));
    s = call(&spect, 5002, "{\"cmd\":\"state\"}");
    tc_ws *w = strcmp(str(s, "active"), "blue") == 0 ? &blue : &red;
    cJSON_Delete(s);
    r = call(w, 5003, "{\"cmd\":\"undo\"}");
    if (cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"))) {
        cJSON_Delete(play_one(w, 5004, 1));
        s = call(&spect, 5006, "{\"cmd\":\"state\"}");
        char *now = positions(s), *then;
        cJSON *at = call(&spect, 5007, "{\"cmd\":\"state_at\",\"at\":%d}",
                         cJSON_GetObjectItem(s, "actions")->valueint);
        assert_string_equal(str(at, "hash"), str(s, "hash"));
        then = positions(at);
        assert_string_equal(now, then);
        free(now);
        free(then);
        cJSON_Delete(at);
        cJSON_Delete(s);
    }
    cJSON_Delete(r);
    /* The ruleset's data file, for the tables the client shows; nothing outside rulesets/. */
    r = get_json("GET", "/api/rulesets/test", NULL, &st);
    assert_int_equal(st, 200);
    assert_string_equal(str(r, "ruleset"), "test");
    cJSON_Delete(r);
    cJSON_Delete(get_json("GET", "/api/rulesets/..%2fscenarios%2ftest%2fduel", NULL, &st));
    assert_int_equal(st, 404);
    cJSON_Delete(get_json("GET", "/api/rulesets/nope", NULL, &st));
    assert_int_equal(st, 404);
    for (int i = 0; i < 40; i++) {
        free(live[i]);
        free(active_at[i]);
        free(events_of[i]);
    }
    tc_ws_close(&blue);
    tc_ws_close(&red);
    tc_ws_close(&spect);
}

/* After a restart the game comes back from the store with no replay sessions: the past is rebuilt
 * from the stored log, and the seed stays hidden while the game runs. */
static void test_state_at_after_restart(void **state)
{
    (void)state;
    char path[160];
    int st;
    snprintf(path, sizeof path, "/api/games/%s/state", gid);
    cJSON *now = get_json("GET", path, NULL, &st);
    assert_int_equal(st, 200);
    int n = cJSON_GetObjectItem(now, "actions")->valueint;
    assert_int_equal(stop_server(SIGKILL), 128 + SIGKILL);
    assert_int_equal(start_server(1), 0);
    for (int at = n; at >= n - 2 && at >= 0; at--) {
        snprintf(path, sizeof path, "/api/games/%s/state?at=%d", gid, at);
        cJSON *r = get_json("GET", path, NULL, &st);
        assert_int_equal(st, 200);
        assert_null(cJSON_GetObjectItem(r, "seed"));
        assert_int_equal(cJSON_GetObjectItem(r, "total")->valueint, n);
        if (at == n)
            assert_string_equal(str(r, "hash"), str(now, "hash"));
        cJSON_Delete(r);
    }
    snprintf(path, sizeof path, "/api/games/%s/state?at=x", gid);
    cJSON_Delete(get_json("GET", path, NULL, &st));
    assert_int_equal(st, 400);
    snprintf(path, sizeof path, "/api/games/%s/state?at=1", gid);
    cJSON_Delete(get_json("POST", path, "{}", &st));
    assert_int_equal(st, 405);
    cJSON_Delete(now);
}

/* Plays a legal action for the side to act on w, drawn by k among those that do not end the
 * phase where there are such (so that a game lasts); returns the act's reply. */
static cJSON *play_on(tc_ws *w, int id, unsigned k)
{
    cJSON *l = call(w, id, "{\"cmd\":\"legal\"}");
    const cJSON *acts = cJSON_GetObjectItem(l, "actions");
    int n = cJSON_GetArraySize(acts), pick = (int)(k % (unsigned)n);
    for (int i = 0; i < n; i++) {
        int j = (int)((k + (unsigned)i) % (unsigned)n);
        if (strcmp(str(cJSON_GetArrayItem(acts, j), "type"), "end_phase") != 0) {
            pick = j;
            break;
        }
    }
    char *a = cJSON_PrintUnformatted(cJSON_GetArrayItem(acts, pick));
    cJSON_Delete(l);
    cJSON *r = call(w, id + 1, "{\"cmd\":\"act\",\"action\":%s}", a);
    free(a);
    return r;
}

enum { EVENTS_MAX = 1000 }; /* docs/server-api.md: "At most the last 1,000 actions" */

/* events_since answers the last EVENTS_MAX actions at most: past that many in a game of
 * Kadesh (both seats played here), the last 1,000 come, each with its side, the last of them the
 * one just played, and one more is refused with the range in the message. */
static void test_events_since_window(void **state)
{
    (void)state;
    cJSON *r =
        post_game("{\"scenario\":\"kadesh\",\"seats\":{\"egypt\":\"human\",\"hatti\":\"human\"}}");
    const cJSON *seats = cJSON_GetObjectItem(r, "seats");
    tc_ws egypt, hatti;
    join(&egypt, str(cJSON_GetObjectItem(seats, "egypt"), "token"), "egypt");
    join(&hatti, str(cJSON_GetObjectItem(seats, "hatti"), "token"), "hatti");
    cJSON_Delete(r);
    cJSON *s = call(&egypt, 2, "{\"cmd\":\"state\"}");
    char active[16], by[16];
    snprintf(active, sizeof active, "%s", str(s, "active"));
    cJSON_Delete(s);
    int total = 0;
    for (; total <= EVENTS_MAX; total++) {
        r = play_on(strcmp(active, "egypt") == 0 ? &egypt : &hatti, 10, (unsigned)total * 7919u);
        assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")));
        assert_false(cJSON_IsTrue(cJSON_GetObjectItem(r, "over"))); /* random play lasts longer */
        snprintf(by, sizeof by, "%s", active);
        snprintf(active, sizeof active, "%s", str(r, "active"));
        cJSON_Delete(r);
    }
    r = call(&egypt, 3, "{\"cmd\":\"events_since\",\"since\":%d}", total - EVENTS_MAX);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")));
    assert_int_equal(cJSON_GetObjectItem(r, "total")->valueint, total);
    const cJSON *list = cJSON_GetObjectItem(r, "actions");
    assert_int_equal(cJSON_GetArraySize(list), EVENTS_MAX);
    assert_string_equal(str(cJSON_GetArrayItem(list, EVENTS_MAX - 1), "by"), by);
    cJSON_Delete(r);
    r = call(&egypt, 4, "{\"cmd\":\"events_since\",\"since\":%d}", total - EVENTS_MAX - 1);
    assert_string_equal(err_code(r), "bad_request");
    char range[32];
    snprintf(range, sizeof range, "%d", total - EVENTS_MAX);
    assert_non_null(strstr(str(cJSON_GetObjectItem(r, "error"), "message"), range));
    cJSON_Delete(r);
    tc_ws_close(&egypt);
    tc_ws_close(&hatti);
}

static int setup(void **state)
{
    (void)state;
    return harness_start("server-replay", 1, 1);
}

static int teardown(void **state)
{
    (void)state;
    return harness_stop();
}

int main(void)
{
    alarm(120);
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_state_at),
                                       cmocka_unit_test(test_state_at_after_restart),
                                       cmocka_unit_test(test_events_since_window)};
    return cmocka_run_group_tests(tests, setup, teardown);
}
