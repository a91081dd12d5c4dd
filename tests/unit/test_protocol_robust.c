/* The line protocol against hostile input: thousands of random requests built from the command
 * vocabulary with wrong types, bad hexes, unknown units, random actions and garbage. Every request
 * gets exactly one reply that is a JSON object with "ok"; a refused request leaves the game's hash
 * unchanged; the session never crashes (this test also runs under the sanitizers). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "grognard/proto.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x243f6a8885a308d3ULL;

static unsigned pick(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static const char *const cmds[] = {
    "load",    "state",    "legal",      "act",    "dice",   "los",  "reach",  "zoc",     "command",
    "preview", "distance", "neighbours", "facing", "record", "undo", "replay", "nonsense"};
static const char *const types[] = {
    "activate",     "step",      "turn", "end_activation", "combat_begin", "attacker",   "defender",
    "combat_close", "end_phase", "move", "combat",         "group",        "shoot",      "retreat",
    "advance",      "pivot",     "hold", "charge",         "bombard",      "no_advance", "bogus"};
static const char *const units[] = {"b1", "b2", "r1", "r2", "zz", ""};

/* A random JSON value of a random kind, sometimes a plausible one. */
static cJSON *random_value(int depth)
{
    char buf[16];
    switch (pick(depth > 1 ? 7 : 9)) {
    case 0:
        return cJSON_CreateNumber((double)pick(20) - 5);
    case 1:
        return cJSON_CreateNumber(1e300);
    case 2:
        snprintf(buf, sizeof buf, "%02u%02u", pick(12), pick(9));
        return cJSON_CreateString(buf);
    case 3:
        return cJSON_CreateString(units[pick(6)]);
    case 4:
        return cJSON_CreateNull();
    case 5:
        return cJSON_CreateBool(pick(2));
    case 6:
        return cJSON_CreateString(pick(2) ? "left" : "0505x");
    case 7: {
        cJSON *a = cJSON_CreateArray();
        for (unsigned i = pick(4); i > 0; i--)
            cJSON_AddItemToArray(a, random_value(depth + 1));
        return a;
    }
    default: {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToObject(o, "type", cJSON_CreateString(types[pick(21)]));
        cJSON_AddItemToObject(o, "unit", random_value(depth + 1));
        if (pick(2))
            cJSON_AddItemToObject(o, "to", random_value(depth + 1));
        if (pick(3) == 0)
            cJSON_AddItemToObject(o, "steps", random_value(depth + 1));
        if (pick(3) == 0)
            cJSON_AddItemToObject(o, "attackers", random_value(depth + 1));
        if (pick(3) == 0)
            cJSON_AddItemToObject(o, "defenders", random_value(depth + 1));
        if (pick(3) == 0)
            cJSON_AddItemToObject(o, "dir", random_value(depth + 1));
        return o;
    }
    }
}

static char *random_request(void)
{
    if (pick(25) == 0) {
        static const char *const junk[] = {
            "{",
            "[]",
            "\"cmd\"",
            "{\"cmd\":",
            "{}",
            "\xff\xfe",
            "{\"cmd\":\"act\",\"action\":{\"type\":\"move\",\"unit\":\"b1\",\"steps\":[]}}"};
        return strdup(junk[pick(7)]);
    }
    cJSON *o = cJSON_CreateObject();
    const char *cmd = cmds[pick(17)];
    if (pick(8) == 0 && strcmp(cmd, "load") != 0)
        cmd = "act";
    cJSON_AddNumberToObject(o, "id", pick(1000));
    cJSON_AddStringToObject(o, "cmd", cmd);
    static const char *const fields[] = {"unit",   "units",    "from",  "to",
                                         "hex",    "facing",   "rolls", "action",
                                         "record", "scenario", "seed",  "options"};
    for (unsigned i = pick(4); i > 0; i--)
        cJSON_AddItemToObject(o, fields[pick(12)], random_value(0));
    if (strcmp(cmd, "act") == 0 || strcmp(cmd, "preview") == 0)
        cJSON_AddItemToObject(o, "action", random_value(2));
    char *s = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return s;
}

static const char *hash_of(grg_session *s, char out[17])
{
    const grg_game *g = grg_session_game(s);
    snprintf(out, 17, "%016llx", g ? (unsigned long long)grg_game_hash(g) : 0ULL);
    return out;
}

static void test_random_requests(void **state)
{
    (void)state;
    grg_session *s = grg_session_new(NULL);
    int quit = 0;
    char *r = grg_session_handle(s,
                                 "{\"cmd\":\"load\",\"scenario\":\"data/scenarios/test/"
                                 "clash.json\",\"seed\":\"0000000000000005\"}",
                                 &quit);
    assert_non_null(strstr(r, "\"ok\":true"));
    free(r);
    int refused = 0, accepted = 0;
    for (int i = 0; i < 20000; i++) {
        char *req = random_request();
        char before[17], after[17];
        hash_of(s, before);
        int is_load = strstr(req, "\"load\"") || strstr(req, "\"replay\"");
        char *reply = grg_session_handle(s, req, &quit);
        assert_non_null(reply);
        cJSON *j = cJSON_Parse(reply);
        assert_non_null(j);
        const cJSON *ok = cJSON_GetObjectItem(j, "ok");
        assert_true(cJSON_IsBool(ok));
        if (!cJSON_IsTrue(ok)) {
            const cJSON *err = cJSON_GetObjectItem(j, "error");
            assert_true(cJSON_IsString(cJSON_GetObjectItem(err, "code")));
            assert_true(cJSON_IsString(cJSON_GetObjectItem(err, "message")));
            if (!is_load)
                assert_string_equal(before, hash_of(s, after));
            refused++;
        } else {
            accepted++;
        }
        cJSON_Delete(j);
        free(reply);
        free(req);
        /* Keep the game going: restart it when it ends. */
        const grg_game *g = grg_session_game(s);
        if (!g || g->over) {
            r = grg_session_handle(
                s, "{\"cmd\":\"load\",\"scenario\":\"data/scenarios/test/clash.json\"}", &quit);
            free(r);
        }
    }
    assert_true(refused > 1000);
    assert_true(accepted > 1000);
    grg_session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_random_requests)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
