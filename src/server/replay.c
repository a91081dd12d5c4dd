/* Exact replay for viewers: the full `state` after action N of a game, with the events of action
 * N, built from the game's committed log with private sessions (never the game's own). Each game
 * keeps a few replay cursors, sessions standing at some log entry: a request steps the nearest
 * cursor at or before its position forward with `dice` and `act` (every state hash checked against
 * the log), or rebuilds one from scratch with the protocol's `replay` when none is usable (going
 * backwards, or after an undo rewrote the log under it). Stepping through a game one action at a
 * time therefore costs one action per request; a jump back costs one replay from the start. */
#include "server.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int is_dice(const char *entry) { return strncmp(entry, "{\"dice\"", 7) == 0; }

void srv_cursors_free(srv_game *g)
{
    for (int i = 0; i < SRV_CURSORS; i++) {
        grg_session_free(g->cursors[i].s);
        g->cursors[i].s = NULL;
        g->cursors[i].entries = 0;
    }
}

/* Whether the cursor's session still agrees with the stored log: the entry it stands after is the
 * same text (an action entry carries the state hash after it, so equal text means equal state). */
static int cursor_valid(const srv_game *g, const srv_cursor *c)
{
    if (!c->s || c->entries > g->n_stored)
        return 0;
    if (c->entries == 0)
        return 1;
    char *last = grg_session_log_entry(c->s, c->entries - 1);
    int ok = last && strcmp(last, g->stored[c->entries - 1]) == 0;
    free(last);
    return ok;
}

/* Applies stored entry i to a cursor's session; the action's events are moved to *events when
 * events is not NULL. Returns 0, or -1 with err set. */
static int apply_entry(srv_game *g, srv_cursor *c, int i, cJSON *events, char *err, size_t size)
{
    cJSON *e = cJSON_Parse(g->stored[i]);
    cJSON *req = cJSON_CreateObject();
    const cJSON *want = cJSON_GetObjectItem(e, "hash");
    if (is_dice(g->stored[i])) {
        cJSON_AddStringToObject(req, "cmd", "dice");
        cJSON_AddItemToObject(req, "rolls", cJSON_Duplicate(cJSON_GetObjectItem(e, "dice"), 1));
    } else {
        cJSON_AddStringToObject(req, "cmd", "act");
        cJSON_AddItemToObject(req, "action", cJSON_Duplicate(cJSON_GetObjectItem(e, "action"), 1));
    }
    cJSON *r = e ? srv_session_call(c->s, req) : NULL;
    cJSON_Delete(req);
    const cJSON *got = cJSON_GetObjectItem(r, "hash");
    int ok = r && cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"));
    if (ok && cJSON_IsString(want) &&
        (!cJSON_IsString(got) || strcmp(want->valuestring, got->valuestring))) {
        snprintf(err, size, "log entry %d: the state hash differs from the record", i);
        ok = 0;
    } else if (!ok) {
        const cJSON *m = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "error"), "message");
        snprintf(err, size, "log entry %d is refused: %s", i,
                 cJSON_IsString(m) ? m->valuestring : "out of memory");
    }
    if (ok && events) {
        cJSON *ev = cJSON_DetachItemFromObject(r, "events");
        cJSON *it;
        while (ev && (it = cJSON_DetachItemViaPointer(ev, ev->child)) != NULL)
            cJSON_AddItemToArray(events, it);
        cJSON_Delete(ev);
    }
    cJSON_Delete(r);
    cJSON_Delete(e);
    if (ok)
        c->entries = i + 1;
    return ok ? 0 : -1;
}

/* A cursor standing at log entry `at`: the valid one nearest below it stepped forward, else the
 * least recently used slot rebuilt from scratch. NULL with err set on failure. */
static srv_cursor *cursor_at(srv *sv, srv_game *g, int at, char *err, size_t size)
{
    srv_cursor *best = NULL, *lru = &g->cursors[0];
    for (int i = 0; i < SRV_CURSORS; i++) {
        srv_cursor *c = &g->cursors[i];
        if (c->used < lru->used)
            lru = c;
        if (cursor_valid(g, c) && c->entries <= at && (!best || c->entries > best->entries))
            best = c;
    }
    if (!best) {
        best = lru;
        grg_session_free(best->s);
        best->s = srv_session_rebuild(sv, g, g->stored, at, err, size);
        best->entries = at;
        if (!best->s)
            return NULL;
    }
    best->used = ++g->cursor_clock;
    while (best->entries < at)
        if (apply_entry(g, best, best->entries, NULL, err, size) < 0) {
            grg_session_free(best->s);
            best->s = NULL;
            return NULL;
        }
    return best;
}

/* The actions stored (dice entries apart). */
static int actions_stored(const srv_game *g)
{
    int total = 0;
    for (int i = 0; i < g->n_stored; i++)
        total += !is_dice(g->stored[i]);
    return total;
}

/* The log entry just after action n (0 for none): where the entries of action n + 1 begin, the
 * dice queued before it included. */
static int entry_after(const srv_game *g, int n)
{
    int seen = 0, i = 0;
    for (; i < g->n_stored && seen < n; i++)
        seen += !is_dice(g->stored[i]);
    return i;
}

/* Reads *n, an action count from `least` to `most` given as the field `name`: 0, or -1 with *err
 * the error reply naming the range (NULL when out of memory). */
static int count_in(const cJSON *v, const char *name, int least, int most, int *n, cJSON **err)
{
    if (cJSON_IsNumber(v) && v->valuedouble >= least && v->valuedouble <= most &&
        v->valuedouble == floor(v->valuedouble)) {
        *n = v->valueint;
        return 0;
    }
    *err = srv_error_json("bad_request", "\"%s\" must be an action count from %d to %d", name,
                          least, most);
    return -1;
}

cJSON *srv_game_state_at(srv *sv, srv_game *g, const cJSON *at)
{
    int total = actions_stored(g), n;
    cJSON *bad;
    if (count_in(at, "at", 0, total, &n, &bad) < 0)
        return bad;
    /* from: the first entry of action N (dice queued before it included); to: just after it. */
    int from = entry_after(g, n > 0 ? n - 1 : 0), to = entry_after(g, n);
    char err[512];
    srv_cursor *c = cursor_at(sv, g, from, err, sizeof err);
    if (!c)
        return srv_error_json("replay_mismatch", "%s", err);
    cJSON *events = cJSON_CreateArray();
    while (c->entries < to)
        if (apply_entry(g, c, c->entries, events, err, sizeof err) < 0) {
            grg_session_free(c->s);
            c->s = NULL;
            cJSON_Delete(events);
            return srv_error_json("replay_mismatch", "%s", err);
        }
    cJSON *req = cJSON_CreateObject();
    cJSON_AddStringToObject(req, "cmd", "state");
    cJSON *r = srv_session_call(c->s, req);
    cJSON_Delete(req);
    if (!r) {
        cJSON_Delete(events);
        return srv_error_json("internal", "%s", "out of memory");
    }
    if (!g->over)
        cJSON_DeleteItemFromObject(r, "seed"); /* committed to, revealed at the end */
    cJSON_AddNumberToObject(r, "at", n);
    cJSON_AddNumberToObject(r, "total", total);
    cJSON_AddItemToObject(r, "events", events);
    return r;
}

cJSON *srv_game_events_since(srv *sv, srv_game *g, const cJSON *since)
{
    int total = actions_stored(g), n;
    cJSON *bad;
    if (count_in(since, "since", total > SRV_EVENTS_MAX ? total - SRV_EVENTS_MAX : 0, total, &n,
                 &bad) < 0)
        return bad;
    char err[512];
    srv_cursor *c = cursor_at(sv, g, entry_after(g, n), err, sizeof err);
    if (!c)
        return srv_error_json("replay_mismatch", "%s", err);
    cJSON *r = cJSON_CreateObject(), *list = cJSON_CreateArray();
    while (c->entries < g->n_stored) {
        cJSON *events = NULL;
        if (!is_dice(g->stored[c->entries])) {
            const grg_game *now = grg_session_game(c->s);
            cJSON *item = cJSON_CreateObject();
            cJSON_AddStringToObject(item, "by", now->sc->sides[now->active].id);
            events = cJSON_AddArrayToObject(item, "events");
            cJSON_AddItemToArray(list, item);
        }
        if (apply_entry(g, c, c->entries, events, err, sizeof err) < 0) {
            grg_session_free(c->s);
            c->s = NULL;
            cJSON_Delete(list);
            cJSON_Delete(r);
            return srv_error_json("replay_mismatch", "%s", err);
        }
    }
    cJSON_AddBoolToObject(r, "ok", 1);
    cJSON_AddNumberToObject(r, "since", n);
    cJSON_AddNumberToObject(r, "total", total);
    cJSON_AddItemToObject(r, "actions", list);
    return r;
}
