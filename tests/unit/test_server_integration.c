/* The game server end to end: a real `grognard serve` on a free loopback port with a temporary
 * database, driven over HTTP and WebSocket by a small raw-socket client (tests/server/harness.h).
 * Covers creating games, seats and spectators, refusals, pushes, a failed commit rolled back, a
 * SIGKILL in mid-game and a restart, the AI seat (one naming its player, whose moves are that
 * player's), hints, a game played to its end and its record checked with `grognard verify` and
 * `grognard replay`. The whole run is bounded by alarm(). */
#define _GNU_SOURCE /* mkdtemp, prctl */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <sqlite3.h>
#include <time.h>

#include "../server/harness.h"
#include "grognard/ai.h"
#include "grognard/server.h"
#include "support.h"

static void test_http(void **state)
{
    (void)state;
    int st;
    char *out = NULL;
    cJSON *r = get_json("GET", "/api/scenarios", NULL, &st);
    assert_int_equal(st, 200);
    assert_true(cJSON_IsArray(r));
    int duel = 0, syrians = 0;
    const cJSON *it, *k;
    cJSON_ArrayForEach(it, r)
    {
        duel |= !strcmp(str(it, "id"), "duel") && cJSON_IsTrue(cJSON_GetObjectItem(it, "test"));
        if (!strcmp(str(it, "id"), "cdb-skirmish"))
            cJSON_ArrayForEach(k, cJSON_GetObjectItem(it, "corps"))
            {
                /* the web client's points panel names a corps by these */
                syrians |= !strcmp(str(k, "id"), "syrians") &&
                           !strcmp(str(k, "name"), "Syrian princes") &&
                           !strcmp(str(k, "side"), "hatti");
            }
    }
    assert_true(duel);
    assert_true(syrians);
    cJSON_Delete(r);
    assert_int_equal(tc_http(port, "GET", "/api/scenarios/duel/map.svg", NULL, &out), 200);
    assert_non_null(strstr(out, "<svg"));
    free(out);
    static const struct {
        const char *method, *path, *body, *code;
        int status;
    } bad[] = {
        {"GET", "/api/nothing", NULL, "not_found", 404},
        {"GET", "/api/games/0123456789abcdef/record", NULL, "not_found", 404},
        {"GET", "/api/games/../../etc/passwd", NULL, "not_found", 404},
        {"GET", "/nothing.js", NULL, "not_found", 404},
        {"POST", "/api/games", "{bad json", "bad_request", 400},
        {"POST", "/api/games", "[1,2]", "bad_request", 400},
        {"POST", "/api/games", "{\"scenario\":\"no-such\"}", "not_found", 404},
        {"POST", "/api/games", "{\"scenario\":\"duel\",\"seats\":{\"green\":\"ai\"}}",
         "bad_request", 400},
        {"POST", "/api/games", "{\"scenario\":\"duel\",\"seats\":{\"red\":\"ai:\"}}", "bad_request",
         400},
        {"POST", "/api/games", "{\"scenario\":\"duel\",\"seats\":{\"red\":\"robot\"}}",
         "bad_request", 400},
        {"POST", "/api/games", "{\"scenario\":\"duel\",\"options\":{\"nope\":1}}",
         "invalid_options", 400},
        {"POST", "/api/scenarios", "{}", "method_not_allowed", 405},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        r = get_json(bad[i].method, bad[i].path, bad[i].body, &st);
        if (st != bad[i].status || strcmp(err_code(r), bad[i].code))
            fail_msg("%s %s: status %d code %s", bad[i].method, bad[i].path, st, err_code(r));
        cJSON_Delete(r);
    }
    /* Raw requests: traversal, an oversized body, a chunked body. */
    static const char *const raw[] = {
        "GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n{}",
        ("POST /api/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
         "2\r\n{}\r\n0\r\n\r\n"), /* one request, split where its body starts */
        "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n{}",
    };
    static const int want[] = {404, 404, 413, 411, 413};
    for (size_t i = 0; i < sizeof raw / sizeof *raw; i++) {
        st = tc_http_raw(port, raw[i], strlen(raw[i]), &out);
        if (st != want[i] || !strstr(out ? out : "", "\"ok\":false"))
            fail_msg("raw request %zu: status %d body %s", i, st, out ? out : "");
        assert_null(strstr(out, "root:"));
        free(out);
    }
    /* Static files: MIME types, directories, and no way out of the web root. */
    static const struct {
        const char *path, *type;
        int status;
    } files[] = {
        {"/", "text/html", 200},
        {"/app.mjs", "text/javascript", 200},
        {"/sub/", "text/html", 200},
        {"/sub", "text/html", 200},
        {"/out/secret.txt", NULL, 404},
        {"/out/", NULL, 404},
        {"/sub/../out/secret.txt", NULL, 404},
    };
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char req[256], *head = NULL;
        int len =
            snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                     files[i].path);
        st = tc_http_full(port, req, (size_t)len, &head, &out);
        if (st != files[i].status || (files[i].type && !strstr(head ? head : "", files[i].type)))
            fail_msg("GET %s: status %d, headers %s", files[i].path, st, head ? head : "");
        assert_null(strstr(out, "SECRET"));
        free(head);
        free(out);
    }
    /* The server still answers. */
    r = get_json("GET", "/api/games", NULL, &st);
    assert_int_equal(st, 200);
    cJSON_Delete(r);
}

static void test_seats_and_refusals(void **state)
{
    (void)state;
    create_game("{\"blue\":\"human\",\"red\":\"human\"}");
    tc_ws blue, red, spect, bad;
    /* No subprotocol, a wrong path or a foreign Origin: refused. */
    assert_int_not_equal(tc_ws_open(&bad, port, "/ws", NULL, NULL), 0);
    tc_ws_close(&bad);
    assert_int_not_equal(tc_ws_open(&bad, port, "/other", "grognard", NULL), 0);
    tc_ws_close(&bad);
    assert_int_not_equal(tc_ws_open(&bad, port, "/ws", "grognard", "http://evil.example"), 0);
    tc_ws_close(&bad);
    assert_int_equal(tc_ws_open(&bad, port, "/ws", "grognard", NULL), 0);
    cJSON *r = call(&bad, 1, "{\"cmd\":\"state\"}");
    assert_string_equal(err_code(r), "hello_first");
    cJSON_Delete(r);
    r = call(&bad, 2, "{\"cmd\":\"hello\",\"game\":\"%s\",\"token\":\"%s\"}", gid,
             "00000000000000000000000000000000");
    assert_string_equal(err_code(r), "bad_token");
    cJSON_Delete(r);
    assert_int_equal(tc_ws_send(&bad, "not json at all"), 0);
    char *m = tc_ws_recv(&bad);
    assert_non_null(strstr(m, "bad_request"));
    free(m);
    tc_ws_close(&bad);

    join(&blue, tok_blue, "blue");
    join(&red, tok_red, "red");
    join(&spect, NULL, NULL);
    r = call(&red, 2, "{\"cmd\":\"act\",\"action\":{\"type\":\"end_phase\"}}");
    assert_string_equal(err_code(r), "not_your_turn");
    cJSON_Delete(r);
    r = call(&spect, 2, "{\"cmd\":\"act\",\"action\":{\"type\":\"end_phase\"}}");
    assert_string_equal(err_code(r), "spectator");
    cJSON_Delete(r);
    static const char *const forbidden[] = {"load", "replay", "dice", "quit", "think"};
    for (size_t i = 0; i < sizeof forbidden / sizeof *forbidden; i++) {
        r = call(&blue, 3, "{\"cmd\":\"%s\",\"rolls\":[1]}", forbidden[i]);
        assert_string_equal(err_code(r), "forbidden");
        cJSON_Delete(r);
    }
    r = call(&spect, 4, "{\"cmd\":\"legal\"}");
    assert_true(cJSON_GetArraySize(cJSON_GetObjectItem(r, "actions")) > 0);
    cJSON_Delete(r);
    char *before = state_hash(&spect, 5);
    r = call(&blue, 6, "{\"cmd\":\"act\",\"action\":{\"type\":\"activate\",\"unit\":\"b1\"}}");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")));
    cJSON_Delete(r);
    r = wait_push(&spect, "update");
    assert_string_equal(str(r, "by"), "blue");
    assert_non_null(cJSON_GetObjectItem(r, "status"));
    cJSON_Delete(r);
    r = wait_push(&red, "update");
    cJSON_Delete(r);
    r = call(&blue, 7, "{\"cmd\":\"undo\"}");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")));
    cJSON_Delete(r);
    r = wait_push(&spect, "update");
    assert_string_equal(str(r, "cmd"), "undo");
    assert_string_equal(str(cJSON_GetObjectItem(r, "status"), "hash"), before);
    cJSON_Delete(r);

    /* A commit that fails is refused and leaves the game as it was. */
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/fail-commits", gid);
    int st;
    cJSON_Delete(get_json("POST", path, "{\"n\":1}", &st));
    assert_int_equal(st, 200);
    r = call(&blue, 8, "{\"cmd\":\"act\",\"action\":{\"type\":\"activate\",\"unit\":\"b1\"}}");
    assert_string_equal(err_code(r), "storage");
    cJSON_Delete(r);
    char *after = state_hash(&blue, 9);
    assert_string_equal(after, before);
    free(after);
    /* The same when the whole batch's commit fails: the game is rebuilt from the store. */
    cJSON_Delete(get_json("POST", path, "{\"n\":1,\"batch\":true}", &st));
    assert_int_equal(st, 200);
    r = call(&blue, 11, "{\"cmd\":\"act\",\"action\":{\"type\":\"activate\",\"unit\":\"b1\"}}");
    assert_string_equal(err_code(r), "storage");
    cJSON_Delete(r);
    after = state_hash(&blue, 12);
    assert_string_equal(after, before);
    free(after);
    r = call(&blue, 10, "{\"cmd\":\"act\",\"action\":{\"type\":\"activate\",\"unit\":\"b1\"}}");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")));
    cJSON_Delete(r);
    free(before);
    /* Over plain HTTP too: a wrong token is refused. */
    snprintf(path, sizeof path, "/api/games/%s/request", gid);
    r = get_json("POST", path,
                 "{\"cmd\":\"act\",\"token\":\"ffffffffffffffffffffffffffffffff\",\"action\":{"
                 "\"type\":\"end_activation\"}}",
                 &st);
    assert_int_equal(st, 403);
    cJSON_Delete(r);
    tc_ws_close(&blue);
    tc_ws_close(&red);
    tc_ws_close(&spect);
}

/* A SIGKILL in mid-game loses nothing that was acknowledged. */
static void test_crash_restart(void **state)
{
    (void)state;
    tc_ws blue;
    join(&blue, tok_blue, "blue");
    cJSON *r = call(&blue, 2, "{\"cmd\":\"act\",\"action\":{\"type\":\"end_activation\"}}");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")));
    cJSON_Delete(r);
    char *before = state_hash(&blue, 3);
    tc_ws_close(&blue);
    assert_int_equal(stop_server(SIGKILL), 128 + SIGKILL);
    assert_int_equal(start_server(0), 0);
    join(&blue, tok_blue, "blue");
    char *after = state_hash(&blue, 4);
    assert_string_equal(before, after);
    free(after);
    tc_ws_close(&blue);
    /* A game stored by another build of the engine (its state hashes differ) still loads: it is
     * replayed by its actions, each checked against the rules, to the same position. */
    assert_int_equal(stop_server(SIGTERM), 0);
    sqlite3 *d = NULL;
    assert_int_equal(sqlite3_open(db, &d), SQLITE_OK);
    assert_int_equal(
        sqlite3_exec(d,
                     "UPDATE actions SET entry = substr(entry, 1, instr(entry, '\"hash\":\"') + 7)"
                     " || '0000000000000000' || substr(entry, instr(entry, '\"hash\":\"') + 24)"
                     " WHERE instr(entry, '\"hash\":\"') > 0",
                     NULL, NULL, NULL),
        SQLITE_OK);
    assert_true(sqlite3_changes(d) > 0);
    sqlite3_close(d);
    assert_int_equal(start_server(0), 0);
    join(&blue, tok_blue, "blue");
    after = state_hash(&blue, 5);
    assert_string_equal(before, after);
    free(before);
    free(after);
    tc_ws_close(&blue);
    /* Without --test-dice the test switches are refused. */
    char path[128];
    int st;
    snprintf(path, sizeof path, "/api/games/%s/dice", gid);
    cJSON_Delete(get_json("POST", path, "{\"rolls\":[6]}", &st));
    assert_int_equal(st, 403);
    assert_int_equal(stop_server(SIGTERM), 0);
    assert_int_equal(start_server(1), 0);
}

static void test_play_to_end_and_verify(void **state)
{
    (void)state;
    tc_ws blue, red, spect;
    join(&blue, tok_blue, "blue");
    join(&red, tok_red, "red");
    join(&spect, NULL, NULL);
    char path[128];
    int st;
    snprintf(path, sizeof path, "/api/games/%s/dice", gid);
    cJSON_Delete(get_json("POST", path, "{\"rolls\":[6,1]}", &st));
    assert_int_equal(st, 200);
    int over = 0;
    unsigned rng = 7;
    for (int i = 0; i < 4000 && !over; i++) {
        cJSON *s = call(&spect, 100000 + i, "{\"cmd\":\"state\"}");
        tc_ws *w = strcmp(str(s, "active"), "blue") == 0 ? &blue : &red;
        cJSON_Delete(s);
        rng = rng * 1103515245u + 12345u;
        /* Mostly end the phase, so the game reaches its turn limit quickly. */
        cJSON *r = play_one(w, 2 * i + 10, (rng >> 16) % 4 ? -1 : (int)((rng >> 16) & 0x7fff));
        assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")));
        over = cJSON_IsTrue(cJSON_GetObjectItem(r, "over"));
        cJSON_Delete(r);
    }
    assert_true(over);
    cJSON *p = wait_push(&spect, "over");
    assert_int_equal(strlen(str(p, "salt")), 32);
    assert_int_equal(strlen(str(p, "seed")), 16);
    cJSON_Delete(p);
    cJSON *r = call(&blue, 3, "{\"cmd\":\"act\",\"action\":{\"type\":\"end_phase\"}}");
    assert_string_equal(err_code(r), "game_over");
    cJSON_Delete(r);
    tc_ws_close(&blue);
    tc_ws_close(&red);
    tc_ws_close(&spect);

    char *rec = NULL;
    snprintf(path, sizeof path, "/api/games/%s/record", gid);
    assert_int_equal(tc_http(port, "GET", path, NULL, &rec), 200);
    cJSON *j = cJSON_Parse(rec);
    unsigned char salt[16];
    const char *sh = str(j, "salt");
    for (int i = 0; i < 16; i++) {
        char b[3] = {sh[2 * i], sh[2 * i + 1], 0};
        salt[i] = (unsigned char)strtoul(b, NULL, 16);
    }
    char com[65];
    assert_int_equal(grg_dice_commitment(salt, strtoull(str(j, "seed"), NULL, 16), com), 0);
    assert_string_equal(com, commitment);
    assert_string_equal(str(j, "commitment"), commitment);

    /* grognard verify accepts the record and rejects a changed one; replay walks it. */
    char file[PATH_MAX + 32], cmd[3 * PATH_MAX];
    snprintf(file, sizeof file, "%s/record.json", dir);
    FILE *f = fopen(file, "w");
    fputs(rec, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "'%s' verify '%s' >/dev/null", exe, file);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "'%s' replay '%s' | grep -q 'after'", exe, file);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "'%s' replay '%s' --to 3 | grep -q '^3\\. '", exe, file);
    assert_int_equal(system(cmd), 0);
    /* A changed scripted die: the hashes after it no longer match. */
    cJSON *log = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "record"), "log"), *e, *dice = NULL;
    cJSON_ArrayForEach(e, log)
    {
        if (!dice)
            dice = cJSON_GetObjectItem(e, "dice");
    }
    assert_non_null(dice);
    cJSON_ReplaceItemInArray(dice, 0, cJSON_CreateNumber(5));
    char *t = cJSON_PrintUnformatted(j);
    f = fopen(file, "w");
    fputs(t, f);
    fclose(f);
    free(t);
    snprintf(cmd, sizeof cmd, "'%s' verify '%s' >/dev/null", exe, file);
    assert_int_equal(WEXITSTATUS(system(cmd)), 1);
    /* A different seed: the commitment no longer matches. */
    cJSON_ReplaceItemInArray(dice, 0, cJSON_CreateNumber(6));
    cJSON_ReplaceItemInObject(j, "seed", cJSON_CreateString("0000000000000001"));
    t = cJSON_PrintUnformatted(j);
    f = fopen(file, "w");
    fputs(t, f);
    fclose(f);
    free(t);
    assert_int_equal(WEXITSTATUS(system(cmd)), 1);
    cJSON_Delete(j);
    free(rec);
}

/* The kind of game gid's seat for side in the server's list of games, "" when not listed. */
static const char *listed_seat(cJSON *games, const char *side)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, games)
    {
        if (!strcmp(str(it, "game"), gid))
            return str(cJSON_GetObjectItem(it, "seats"), side);
    }
    return "";
}

/* The actions of the current game's record (GET .../record) replayed on a local game of the duel
 * (any seed: no die is thrown before the end of the phase compared); the number of the actions
 * `side` played in its first phase, each of which must be the one `player` chooses there. A
 * player that sees no dice in a movement phase chooses alike whatever its seed. */
static int side_played_as(int side, const char *player)
{
    char path[128], *rec = NULL;
    snprintf(path, sizeof path, "/api/games/%s/record", gid);
    assert_int_equal(tc_http(port, "GET", path, NULL, &rec), 200);
    cJSON *j = cJSON_Parse(rec);
    free(rec);
    grg_loaded *ld = test_load("data/scenarios/test/duel.json");
    grg_err err;
    grg_game *g = grg_game_new(ld->rs, ld->sc, NULL, 1, NULL, &err);
    grg_ai *ai = grg_ai_new(player, 1, NULL);
    assert_non_null(g);
    assert_non_null(ai);
    grg_action_list *legal = malloc(sizeof *legal);
    int compared = 0, phase = -1;
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(cJSON_GetObjectItem(j, "record"), "log"))
    {
        char *want = cJSON_PrintUnformatted(cJSON_GetObjectItem(e, "action"));
        assert_non_null(want); /* no queued dice in this game */
        if (g->active == side && phase < 0)
            phase = g->phase;
        if (g->active == side && g->phase == phase) {
            grg_action a;
            assert_int_equal(grg_ai_choose(ai, g, (grg_ai_budget){1, 0}, &a), 0);
            char *got = grg_action_text(ld, &a);
            assert_string_equal(got, want);
            free(got);
            compared++;
        }
        assert_true(grg_legal(g, NULL, 0, legal) >= 0);
        int i = 0;
        for (char *t = NULL; i < legal->n; i++, free(t))
            if (!strcmp(t = grg_action_text(ld, &legal->items[i]), want)) {
                free(t);
                break;
            }
        assert_true(i < legal->n);
        assert_int_equal(grg_apply(g, &legal->items[i], NULL, NULL), 0);
        free(want);
        if (phase >= 0 && (g->active != side || g->phase != phase))
            break;
    }
    free(legal);
    grg_ai_free(ai);
    grg_game_free(g);
    grg_loaded_free(ld);
    cJSON_Delete(j);
    return compared;
}

/* An AI seat plays its side by itself and pushes its moves; a seat may name its player, who then
 * moves it, kept through a restart; a player that does not exist is refused, the players named, and
 * one stored that this build lacks gives way to the server's own. */
static void test_ai_seat(void **state)
{
    (void)state;
    int st;
    cJSON *r = get_json("POST", "/api/games",
                        "{\"scenario\":\"duel\",\"seats\":{\"red\":\"ai:nobody\"}}", &st);
    assert_int_equal(st, 400);
    const char *msg = str(cJSON_GetObjectItem(r, "error"), "message");
    assert_non_null(strstr(msg, "seat 'red'"));
    assert_non_null(strstr(msg, "greedy"));
    cJSON_Delete(r);
    create_game("{\"blue\":\"human\",\"red\":\"ai:greedy\"}");
    tc_ws blue;
    join(&blue, tok_blue, "blue");
    for (int i = 0; i < 2; i++) { /* blue ends its move and combat phases */
        cJSON *r = call(&blue, 2 + i, "{\"cmd\":\"act\",\"action\":{\"type\":\"end_phase\"}}");
        assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")));
        cJSON_Delete(r);
    }
    int by_red = 0;
    for (;;) {
        cJSON *p = wait_push(&blue, "update");
        by_red += !strcmp(str(p, "by"), "red");
        int back = !strcmp(str(cJSON_GetObjectItem(p, "status"), "active"), "blue");
        cJSON_Delete(p);
        if (back && by_red)
            break;
    }
    assert_true(by_red >= 2);
    /* Red's moves are greedy's (the server's own player here is random). */
    assert_true(side_played_as(1, "greedy") >= 5);
    tc_ws_close(&blue);
    r = get_json("GET", "/api/games", NULL, &st);
    assert_string_equal(listed_seat(r, "red"), "ai:greedy");
    assert_string_equal(listed_seat(r, "blue"), "human");
    cJSON_Delete(r);
    assert_int_equal(stop_server(SIGTERM), 0);
    assert_int_equal(start_server(1), 0);
    r = get_json("GET", "/api/games", NULL, &st);
    assert_string_equal(listed_seat(r, "red"), "ai:greedy");
    cJSON_Delete(r);
    /* A stored player this build does not have: the game still loads, its seat the server's own. */
    assert_int_equal(stop_server(SIGTERM), 0);
    sqlite3 *d = NULL;
    assert_int_equal(sqlite3_open(db, &d), SQLITE_OK);
    assert_int_equal(sqlite3_exec(d,
                                  "UPDATE seats SET kind = 'ai:retired' WHERE kind = 'ai:greedy'",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_changes(d), 1);
    sqlite3_close(d);
    assert_int_equal(start_server(1), 0);
    r = get_json("GET", "/api/games", NULL, &st);
    assert_string_equal(listed_seat(r, "red"), "ai");
    cJSON_Delete(r);
}

/* The next push w receives, replies skipped. */
static cJSON *next_push(tc_ws *w)
{
    char *m;
    while ((m = tc_ws_recv(w)) != NULL) {
        cJSON *j = cJSON_Parse(m);
        free(m);
        if (cJSON_GetObjectItem(j, "push"))
            return j;
        cJSON_Delete(j);
    }
    fail_msg("no push");
    return NULL;
}

/* A hint: the side to act, in a game against the AI, asks what the AI would play there; the answer
 * comes as a push naming the side and the position, to the asking seat only, and its actions,
 * played in turn, are accepted by the rules. A spectator may not ask (nor the side not to act: the
 * same check as an act's), nor anybody in a game between two players. */
static void test_hint(void **state)
{
    (void)state;
    create_game("{\"blue\":\"human\",\"red\":\"human\"}");
    tc_ws blue, spect;
    join(&blue, tok_blue, "blue");
    cJSON *r = call(&blue, 2, "{\"cmd\":\"hint\"}");
    assert_string_equal(err_code(r), "forbidden");
    assert_non_null(strstr(str(cJSON_GetObjectItem(r, "error"), "message"), "against the AI"));
    cJSON_Delete(r);
    tc_ws_close(&blue);

    create_game("{\"blue\":\"human\",\"red\":\"ai\"}");
    join(&blue, tok_blue, "blue");
    join(&spect, NULL, NULL);
    r = call(&spect, 2, "{\"cmd\":\"hint\"}");
    assert_string_equal(err_code(r), "spectator");
    cJSON_Delete(r);
    char *here = state_hash(&blue, 3);
    r = call(&blue, 4, "{\"cmd\":\"hint\"}");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")));
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "thinking")));
    cJSON_Delete(r);
    cJSON *h = wait_push(&blue, "hint");
    assert_string_equal(str(h, "side"), "blue");
    assert_string_equal(str(h, "game"), gid);
    assert_string_equal(str(h, "hash"), here);
    free(here);
    const cJSON *acts = cJSON_GetObjectItem(h, "actions"), *it;
    assert_true(cJSON_GetArraySize(acts) >= 1);
    int k = 5;
    cJSON_ArrayForEach(it, acts)
    {
        char *a = cJSON_PrintUnformatted(it);
        r = call(&blue, k++, "{\"cmd\":\"act\",\"action\":%s}", a);
        free(a);
        assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")));
        cJSON_Delete(r);
    }
    cJSON_Delete(h);
    /* The spectator's first push is the first action's update: the hint, sent before it, was not
     * for it. */
    h = next_push(&spect);
    assert_string_equal(str(h, "push"), "update");
    cJSON_Delete(h);
    tc_ws_close(&blue);
    tc_ws_close(&spect);
}

/* Whether game `id` may have hints: its hello's "hints", its entry in the lobby agreeing, and the
 * answer to a hint asked by blue, who is to act (the suggestion's push read when it may). */
static int hints_on(const char *id, const char *token)
{
    int st;
    cJSON *games = get_json("GET", "/api/games", NULL, &st), *it, *listed = NULL;
    cJSON_ArrayForEach(it, games)
    {
        if (!strcmp(str(it, "game"), id))
            listed = cJSON_GetObjectItem(it, "hints");
    }
    assert_true(cJSON_IsBool(listed));
    int in_lobby = cJSON_IsTrue(listed);
    cJSON_Delete(games);
    tc_ws w;
    assert_int_equal(tc_ws_open(&w, port, "/ws", "grognard", NULL), 0);
    cJSON *r = call(&w, 1, "{\"cmd\":\"hello\",\"game\":\"%s\",\"token\":\"%s\"}", id, token);
    int said = cJSON_IsTrue(cJSON_GetObjectItem(r, "hints"));
    assert_true(cJSON_IsBool(cJSON_GetObjectItem(r, "hints")));
    cJSON_Delete(r);
    assert_int_equal(said, in_lobby);
    r = call(&w, 2, "{\"cmd\":\"hint\"}");
    int given = cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"));
    if (!given) {
        assert_string_equal(err_code(r), "forbidden");
        assert_non_null(strstr(str(cJSON_GetObjectItem(r, "error"), "message"), "\"hints\":true"));
    }
    cJSON_Delete(r);
    if (given) {
        r = wait_push(&w, "hint");
        assert_true(cJSON_GetArraySize(cJSON_GetObjectItem(r, "actions")) >= 1);
        cJSON_Delete(r);
    }
    tc_ws_close(&w);
    assert_int_equal(given, said);
    return given;
}

/* Hints are chosen when a game is created ("hints", by default on against the AI only): two players
 * may have them, a player against the AI may do without; a "hints" that is not a boolean is
 * refused, naming it. A game stored before the choice was has them against the AI only. */
static void test_hints_chosen(void **state)
{
    (void)state;
    int st;
    cJSON *r =
        get_json("POST", "/api/games",
                 "{\"scenario\":\"duel\",\"seats\":{\"red\":\"human\"},\"hints\":\"yes\"}", &st);
    assert_int_equal(st, 400);
    assert_string_equal(err_code(r), "bad_request");
    assert_non_null(strstr(str(cJSON_GetObjectItem(r, "error"), "message"), "\"hints\""));
    cJSON_Delete(r);
    char ids[4][17], tokens[4][33];
    static const char *const seats[4] = {"{\"red\":\"human\"}", "{\"red\":\"ai\"}",
                                         "{\"red\":\"human\"},\"hints\":true",
                                         "{\"red\":\"ai\"},\"hints\":false"};
    for (int i = 0; i < 4; i++) {
        create_game(seats[i]); /* the seats, then the body's further members */
        snprintf(ids[i], sizeof ids[i], "%s", gid);
        snprintf(tokens[i], sizeof tokens[i], "%s", tok_blue);
    }
    static const int chosen[4] = {0, 1, 1, 0};
    for (int i = 0; i < 4; i++)
        assert_int_equal(hints_on(ids[i], tokens[i]), chosen[i]);
    assert_int_equal(stop_server(SIGTERM), 0);
    sqlite3 *d = NULL;
    assert_int_equal(sqlite3_open(db, &d), SQLITE_OK);
    assert_int_equal(sqlite3_exec(d, "UPDATE games SET hints = NULL", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(d);
    assert_int_equal(start_server(1), 0);
    static const int before[4] = {0, 1, 0, 1}; /* by the seats alone */
    for (int i = 0; i < 4; i++)
        assert_int_equal(hints_on(ids[i], tokens[i]), before[i]);
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The actions of the game in gid stored so far (the events route's total). */
static int stored_actions(void)
{
    int st;
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/events?since=0", gid);
    cJSON *r = get_json("GET", path, NULL, &st);
    assert_int_equal(st, 200);
    int n = cJSON_GetObjectItem(r, "total")->valueint;
    cJSON_Delete(r);
    return n;
}

/* A game of AI seats only plays itself to its end, to be watched: no seat has a token, the lobby
 * lists both seats as AI, it waits while nobody watches, and a spectator gets every action, one
 * update each, then the end, the game taking at least the pace (--ai-pace) for each action. */
static void test_ai_watched(void **state)
{
    (void)state;
    int st;
    cJSON *r =
        post_game("{\"scenario\":\"duel\",\"seats\":{\"blue\":\"ai:greedy\",\"red\":\"ai\"}}");
    const cJSON *seats = cJSON_GetObjectItem(r, "seats");
    assert_null(cJSON_GetObjectItem(cJSON_GetObjectItem(seats, "blue"), "token"));
    assert_null(cJSON_GetObjectItem(cJSON_GetObjectItem(seats, "red"), "token"));
    cJSON_Delete(r);
    r = get_json("GET", "/api/games", NULL, &st);
    assert_string_equal(listed_seat(r, "blue"), "ai:greedy");
    assert_string_equal(listed_seat(r, "red"), "ai");
    cJSON_Delete(r);
    /* Nobody watches yet: ten paces later it has not moved. */
    usleep(10 * 1000 * atoi(AI_PACE));
    assert_int_equal(stored_actions(), 0);
    tc_ws spect;
    double start = seconds(); /* before the hello that wakes it */
    join(&spect, NULL, NULL);
    int updates = 0;
    for (;;) {
        cJSON *p = next_push(&spect);
        int over = !strcmp(str(p, "push"), "over");
        updates += !strcmp(str(p, "push"), "update");
        cJSON_Delete(p);
        if (over)
            break;
    }
    double end = seconds();
    tc_ws_close(&spect);
    int actions = stored_actions();
    assert_true(actions >= 3);
    assert_int_equal(updates, actions); /* every one seen, one by one */
    /* Each action came a pace after the one before it, the first a pace after the hello: however
     * late the pushes were read, the game took that long at least. */
    assert_true(end - start >= actions * atoi(AI_PACE) / 1000.0);
    r = get_json("GET", "/api/games", NULL, &st);
    const cJSON *it;
    cJSON_ArrayForEach(it, r)
    {
        if (!strcmp(str(it, "game"), gid))
            assert_true(cJSON_IsTrue(cJSON_GetObjectItem(it, "over")));
    }
    cJSON_Delete(r);
}

static void assert_pace(const cJSON *pace, int ms, int paused)
{
    assert_int_equal(cJSON_GetObjectItem(pace, "ms")->valueint, ms);
    assert_int_equal(cJSON_IsTrue(cJSON_GetObjectItem(pace, "paused")), paused);
}

/* The watchers of a game of AI seats only pause it, play it one action at a time and choose its
 * pace, and every watcher hears of it; a bad pace is refused and changes nothing; a game with a
 * human seat has no pace. */
static void test_ai_paced(void **state)
{
    (void)state;
    int pace = atoi(AI_PACE);
    cJSON_Delete(post_game(
        "{\"scenario\":\"duel\",\"seats\":{\"blue\":\"ai:greedy\",\"red\":\"ai:greedy\"}}"));
    cJSON *r;
    tc_ws a, b;
    assert_int_equal(tc_ws_open(&a, port, "/ws", "grognard", NULL), 0);
    r = call(&a, 1, "{\"cmd\":\"hello\",\"game\":\"%s\"}", gid);
    assert_pace(cJSON_GetObjectItem(r, "pace"), pace, 0); /* the server's --ai-pace */
    cJSON_Delete(r);
    r = call(&a, 2, "{\"cmd\":\"pace\",\"paused\":true}");
    assert_pace(cJSON_GetObjectItem(r, "pace"), pace, 1);
    cJSON_Delete(r);
    usleep(10 * 1000 * pace); /* an action thought before the pause lands */
    int held = stored_actions();
    usleep(10 * 1000 * pace);
    assert_int_equal(stored_actions(), held); /* paused: nothing more */
    /* A watcher who comes now hears that it is paused. */
    assert_int_equal(tc_ws_open(&b, port, "/ws", "grognard", NULL), 0);
    r = call(&b, 1, "{\"cmd\":\"hello\",\"game\":\"%s\"}", gid);
    assert_pace(cJSON_GetObjectItem(r, "pace"), pace, 1);
    cJSON_Delete(r);
    /* One step: one action, and paused again. */
    r = call(&a, 3, "{\"cmd\":\"pace\",\"step\":true}");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")));
    cJSON_Delete(r);
    cJSON_Delete(wait_push(&b, "update"));
    usleep(10 * 1000 * pace);
    assert_int_equal(stored_actions(), held + 1);
    /* Refused, naming the field, and nothing changed. */
    static const char *const bad[] = {"\"ms\":10",
                                      "\"ms\":10001",
                                      "\"ms\":400.5",
                                      "\"ms\":\"fast\"",
                                      "\"paused\":1",
                                      "\"step\":\"yes\"",
                                      "\"paused\":false,\"step\":true"};
    static const char *const named[] = {"\"ms\"",     "\"ms\"",   "\"ms\"",        "\"ms\"",
                                        "\"paused\"", "\"step\"", "pause it first"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        r = call(&a, 4, "{\"cmd\":\"pace\",%s}", bad[i]);
        assert_string_equal(err_code(r), "bad_request");
        assert_non_null(strstr(str(cJSON_GetObjectItem(r, "error"), "message"), named[i]));
        cJSON_Delete(r);
        r = call(&a, 5, "{\"cmd\":\"pace\"}");
        assert_pace(cJSON_GetObjectItem(r, "pace"), pace, 1);
        cJSON_Delete(r);
    }
    assert_int_equal(stored_actions(), held + 1);
    /* Going again at another pace: the other watcher hears it, and the game plays to its end. */
    double start = seconds();
    r = call(&a, 6, "{\"cmd\":\"pace\",\"paused\":false,\"ms\":50}");
    assert_pace(cJSON_GetObjectItem(r, "pace"), 50, 0);
    cJSON_Delete(r);
    r = wait_push(&b, "pace");
    assert_string_equal(str(r, "game"), gid);
    assert_pace(r, 50, 0);
    cJSON_Delete(r);
    cJSON_Delete(wait_push(&b, "over"));
    int actions = stored_actions() - held - 1;
    assert_true(actions >= 1);
    assert_true(seconds() - start >= actions * 50 / 1000.0);
    r = call(&a, 7, "{\"cmd\":\"pace\",\"paused\":true}");
    assert_string_equal(err_code(r), "game_over");
    cJSON_Delete(r);
    tc_ws_close(&a);
    tc_ws_close(&b);
    /* A game with a player: the AI answers at once, and there is no pace to choose. */
    cJSON_Delete(post_game("{\"scenario\":\"duel\",\"seats\":{\"red\":\"ai\"}}"));
    assert_int_equal(tc_ws_open(&a, port, "/ws", "grognard", NULL), 0);
    r = call(&a, 1, "{\"cmd\":\"hello\",\"game\":\"%s\"}", gid);
    assert_null(cJSON_GetObjectItem(r, "pace"));
    cJSON_Delete(r);
    r = call(&a, 2, "{\"cmd\":\"pace\",\"paused\":true}");
    assert_string_equal(err_code(r), "forbidden");
    cJSON_Delete(r);
    tc_ws_close(&a);
}

/* Bad AI options are refused at start with the option named, before anything is served. */
static void test_bad_ai_options(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "--ai no-such-player",     "--ai-ms soon", "--ai-ms -5",    "--ai-iterations 1e3",
        "--ai-iterations 1000001", "--ai-pace -1", "--ai-pace slow"};
    static const char *const named[] = {
        "--ai:",      "--ai-ms:",  "--ai-ms:", "--ai-iterations:", "--ai-iterations:",
        "--ai-pace:", "--ai-pace:"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char cmd[2 * PATH_MAX];
        snprintf(cmd, sizeof cmd, "'%s' serve --port 0 %s 2>&1 | grep -q -- '^%s'", exe, bad[i],
                 named[i]);
        assert_int_equal(WEXITSTATUS(system(cmd)), 0);
        snprintf(cmd, sizeof cmd, "'%s' serve --port 0 %s 2>/dev/null", exe, bad[i]);
        assert_int_equal(WEXITSTATUS(system(cmd)), 2);
    }
}

static int setup(void **state)
{
    (void)state;
    if (harness_start("server-test", 0, 1) < 0)
        return -1;
    /* A web root with a page, a module, a sub-directory and a symlink pointing out of it. */
    char cmd[4 * PATH_MAX];
    snprintf(cmd, sizeof cmd,
             "mkdir -p '%s/sub' && echo '<p>grognard</p>' > '%s/index.html' && echo 'export {}' > "
             "'%s/app.mjs' && echo sub > '%s/sub/index.html' && echo SECRET > '%s/secret.txt' && "
             "ln -s '%s' '%s/out'",
             web, web, web, web, dir, dir, web);
    if (system(cmd) != 0)
        return -1;
    return start_server(1);
}

static int teardown(void **state)
{
    (void)state;
    return harness_stop();
}

int main(void)
{
    alarm(300);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_http),          cmocka_unit_test(test_seats_and_refusals),
        cmocka_unit_test(test_crash_restart), cmocka_unit_test(test_play_to_end_and_verify),
        cmocka_unit_test(test_ai_seat),       cmocka_unit_test(test_hint),
        cmocka_unit_test(test_hints_chosen),  cmocka_unit_test(test_ai_watched),
        cmocka_unit_test(test_ai_paced),      cmocka_unit_test(test_bad_ai_options),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
