/* The JSON API under /api (docs/server-api.md): scenarios and their maps, creating and listing
 * games, records, test dice, and line-protocol requests over plain HTTP. Every error is
 * {"ok":false,"error":{"code","message"}} with a fitting status. */
#include "server.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static cJSON *error_json(const cJSON *id, const char *code, const char *fmt, va_list ap)
{
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    cJSON *r = cJSON_CreateObject();
    if (id)
        cJSON_AddItemToObject(r, "id", cJSON_Duplicate(id, 1));
    cJSON_AddBoolToObject(r, "ok", 0);
    cJSON *e = cJSON_AddObjectToObject(r, "error");
    cJSON_AddStringToObject(e, "code", code);
    cJSON_AddStringToObject(e, "message", msg);
    return r;
}

cJSON *srv_error_json(const char *code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cJSON *r = error_json(NULL, code, fmt, ap);
    va_end(ap);
    return r;
}

char *srv_error_text(const cJSON *id, const char *code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cJSON *r = error_json(id, code, fmt, ap);
    va_end(ap);
    char *t = cJSON_PrintUnformatted(r);
    cJSON_Delete(r);
    return t;
}

typedef struct answer {
    int status;
    const char *ctype;
    char *out;
    size_t len;
} answer;

static int json_answer(answer *a, int status, cJSON *o)
{
    a->status = status;
    a->ctype = "application/json";
    a->out = o ? cJSON_PrintUnformatted(o) : NULL;
    a->len = a->out ? strlen(a->out) : 0;
    cJSON_Delete(o);
    return 0;
}

static int error_answer(answer *a, int status, const char *code, const char *msg)
{
    a->status = status;
    a->ctype = "application/json";
    a->out = srv_error_text(NULL, code, "%s", msg);
    a->len = a->out ? strlen(a->out) : 0;
    return 0;
}

/* GET /api/scenarios/ID/map.svg: the scenario's set-up drawn by grg_render_svg. */
static int map_svg(srv *sv, const char *id, answer *a)
{
    const srv_scenario *e = srv_scenario_find(sv, id);
    grg_problems *p = calloc(1, sizeof *p);
    grg_loaded *l = NULL;
    if (!e || !p || grg_load_scenario(e->path, sv->data_dir, &l, p, NULL) < 0) {
        free(p);
        return error_answer(a, 404, "not_found", "no such scenario");
    }
    free(p);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    int rc = f ? grg_render_svg(l, NULL, f) : -1;
    if (f)
        fclose(f);
    grg_loaded_free(l);
    if (rc != 0 || !buf) {
        free(buf);
        return error_answer(a, 500, "internal", "the map could not be drawn");
    }
    a->status = 200;
    a->ctype = "image/svg+xml";
    a->out = buf;
    a->len = len;
    return 0;
}

/* GET /api/rulesets/ID: the ruleset's data file as it is (tables the client shows, such as cdb's
 * command distances; the rules themselves stay in the engine). */
static int ruleset_file(srv *sv, const char *id, answer *a)
{
    char path[1400];
    if (!*id || strlen(id) > 64 ||
        strspn(id, "abcdefghijklmnopqrstuvwxyz0123456789_-") != strlen(id))
        return error_answer(a, 404, "not_found", "no such ruleset");
    snprintf(path, sizeof path, "%s/rulesets/%s.json", sv->data_dir, id);
    FILE *f = fopen(path, "rb");
    cJSON *o = NULL;
    if (f) {
        char *buf = malloc(SRV_MAX_BODY * 4 + 1);
        size_t n = buf ? fread(buf, 1, SRV_MAX_BODY * 4, f) : 0;
        if (buf && feof(f)) {
            buf[n] = '\0';
            o = cJSON_Parse(buf);
        }
        free(buf);
        fclose(f);
    }
    return o ? json_answer(a, 200, o) : error_answer(a, 404, "not_found", "no such ruleset");
}

/* GET /api/games: live games from memory, the others from their stored summaries. */
static int lobby(srv *sv, answer *a)
{
    char **ids = NULL, **sums = NULL;
    int n = 0;
    if (srv_store_ids(sv->store, 0, &ids, &sums, &n) < 0)
        return error_answer(a, 500, "storage", "the games could not be read");
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        cJSON *o = NULL;
        for (int k = 0; k < sv->n_games && !o; k++)
            if (strcmp(sv->games[k]->id, ids[i]) == 0)
                o = srv_game_summary(sv->games[k]);
        if (!o && (o = cJSON_Parse(sums[i])) != NULL && !cJSON_GetObjectItem(o, "game"))
            cJSON_AddStringToObject(o, "game", ids[i]);
        if (o)
            cJSON_AddItemToArray(arr, o);
    }
    srv_entries_free(ids, n);
    srv_entries_free(sums, n);
    json_answer(a, 200, arr);
    return 0;
}

/* POST /api/games/GID/request: a line-protocol request over HTTP, with an optional "token". */
static int http_request(srv *sv, srv_game *g, cJSON *body, answer *a)
{
    const cJSON *tok = cJSON_GetObjectItem(body, "token");
    int seat = -1;
    if (cJSON_IsString(tok) && (seat = srv_game_seat_for_token(g, tok->valuestring)) < 0)
        return error_answer(a, 403, "bad_token", "this token is not a seat of this game");
    cJSON_DeleteItemFromObject(body, "token");
    char *r = srv_game_request(sv, g, seat, body, NULL);
    a->status = 200;
    a->ctype = "application/json";
    a->out = r;
    a->len = r ? strlen(r) : 0;
    return 0;
}

/* The query's parameter `name` (name=digits) as a number to check, or as the string given when
 * it is not one (which the check then refuses with the range); NULL when it is absent. */
static cJSON *query_count(const char *query, const char *name)
{
    size_t len = strlen(name);
    const char *q = query;
    while (q && (strncmp(q, name, len) != 0 || q[len] != '=')) {
        q = strchr(q, '&');
        q = q ? q + 1 : NULL;
    }
    if (!q)
        return NULL;
    q += len + 1;
    size_t digits = strspn(q, "0123456789");
    return digits > 0 && digits < 10 && (q[digits] == '\0' || q[digits] == '&')
               ? cJSON_CreateNumber(atof(q))
               : cJSON_CreateString(q);
}

static int games_route(srv *sv, int post, const char *rest, const char *query, cJSON *body,
                       answer *a)
{
    char gid[SRV_ID_LEN + 1];
    const char *slash = strchr(rest, '/');
    size_t n = slash ? (size_t)(slash - rest) : strlen(rest);
    const char *tail = slash ? slash : "";
    if (n >= sizeof gid)
        return error_answer(a, 404, "not_found", "no such game");
    memcpy(gid, rest, n);
    gid[n] = '\0';
    srv_game *g = srv_game_get(sv, gid);
    if (!g)
        return error_answer(a, 404, "not_found", "no such game");
    if (!post && (!strcmp(tail, "") || !strcmp(tail, "/")))
        return json_answer(a, 200, srv_game_summary(g));
    int state = !strcmp(tail, "/state"), events = !strcmp(tail, "/events");
    if (!post && (state || events)) {
        cJSON *n = query_count(query, state ? "at" : "since");
        cJSON *r = events ? srv_game_events_since(sv, g, n)
                   : n    ? srv_game_state_at(sv, g, n)
                          : srv_game_state(sv, g);
        cJSON_Delete(n);
        if (!r)
            return error_answer(a, 500, "internal", "out of memory");
        const char *code =
            cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(r, "error"), "code"));
        return json_answer(a, !code ? 200 : !strcmp(code, "bad_request") ? 400 : 500, r);
    }
    if (!post && !strcmp(tail, "/record")) {
        cJSON *r = srv_game_record(sv, g);
        return r ? json_answer(a, 200, r) : error_answer(a, 500, "internal", "out of memory");
    }
    if (post && !strcmp(tail, "/dice")) {
        if (!sv->cfg.test_dice)
            return error_answer(a, 403, "forbidden",
                                "test dice need a server started with --test-dice");
        cJSON *r = cJSON_CreateObject();
        int rc = srv_game_dice(sv, g, body, r);
        return json_answer(a, rc == 0 ? 200 : 400, r);
    }
    if (post && !strcmp(tail, "/fail-commits")) { /* test switch: simulate a full disk */
        const cJSON *nv = cJSON_GetObjectItem(body, "n");
        if (!sv->cfg.test_dice)
            return error_answer(a, 403, "forbidden",
                                "test switches need a server started with --test-dice");
        if (cJSON_IsTrue(cJSON_GetObjectItem(body, "batch")))
            srv_store_fail_commit(sv->store, cJSON_IsNumber(nv) ? nv->valueint : 1);
        else
            srv_store_fail_next(sv->store, cJSON_IsNumber(nv) ? nv->valueint : 1);
        return json_answer(a, 200, cJSON_Parse("{\"ok\":true}"));
    }
    if (post && !strcmp(tail, "/request"))
        return http_request(sv, g, body, a);
    if (!strcmp(tail, "/record") || !strcmp(tail, "/state") || !strcmp(tail, "/dice") ||
        !strcmp(tail, "/request") || !*tail)
        return error_answer(a, 405, "method_not_allowed", "wrong method for this route");
    return error_answer(a, 404, "not_found", "no such route");
}

static int route(srv *sv, int post, const char *uri, const char *query, cJSON *body, answer *a)
{
    if (!strcmp(uri, "/api/scenarios")) {
        if (post)
            return error_answer(a, 405, "method_not_allowed", "GET only");
        return json_answer(a, 200, srv_scenarios_json(sv));
    }
    size_t ul = strlen(uri);
    if (!strncmp(uri, "/api/scenarios/", 15) && ul > 23 && !strcmp(uri + ul - 8, "/map.svg")) {
        char id[256];
        snprintf(id, sizeof id, "%.*s", (int)(ul - 23), uri + 15);
        return post ? error_answer(a, 405, "method_not_allowed", "GET only") : map_svg(sv, id, a);
    }
    if (!strncmp(uri, "/api/rulesets/", 14))
        return post ? error_answer(a, 405, "method_not_allowed", "GET only")
                    : ruleset_file(sv, uri + 14, a);
    if (!strcmp(uri, "/api/games")) {
        if (!post)
            return lobby(sv, a);
        cJSON *r = cJSON_CreateObject();
        int status = 500;
        srv_game_create(sv, body, r, &status);
        return json_answer(a, status, r);
    }
    if (!strncmp(uri, "/api/games/", 11))
        return games_route(sv, post, uri + 11, query, body, a);
    return error_answer(a, 404, "not_found", "no such route");
}

void srv_api_route(srv *sv, int post, const char *uri, const char *body, size_t body_len,
                   int *status, const char **ctype, char **out, size_t *out_len)
{
    answer a = {500, "application/json", NULL, 0};
    cJSON *b = NULL;
    if (post) {
        b = cJSON_ParseWithLength(body, body_len);
        if (!cJSON_IsObject(b)) {
            cJSON_Delete(b);
            error_answer(&a, 400, "bad_request",
                         body_len ? "the body is not a JSON object"
                                  : "this request needs a JSON body");
            goto done;
        }
    }
    char path[512];
    const char *q = strchr(uri, '?');
    snprintf(path, sizeof path, "%.*s", q ? (int)(q - uri) : (int)strlen(uri), uri);
    route(sv, post, path, q ? q + 1 : NULL, b, &a);
    cJSON_Delete(b);
done:
    *status = a.status;
    *ctype = a.ctype;
    *out = a.out;
    *out_len = a.len;
}
