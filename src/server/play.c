/* Playing a game through the server: the permissions on line-protocol requests (who may act,
 * what nobody may do), committing every accepted change to the store before it is acknowledged,
 * rolling back when the commit fails, pushing updates to every client and handing the turn to
 * the AI when an AI seat is to act. */
#include "server.h"

#include <stdlib.h>
#include <string.h>

static const char *const forbidden[] = {"load", "replay", "dice", "quit", "hello", "think"};

static cJSON *simple_call(grg_session *s, const char *cmd)
{
    cJSON *req = cJSON_CreateObject();
    cJSON_AddStringToObject(req, "cmd", cmd);
    cJSON *r = srv_session_call(s, req);
    cJSON_Delete(req);
    return r;
}

cJSON *srv_game_state(srv *sv, srv_game *g)
{
    (void)sv;
    cJSON *r = simple_call(g->s, "state");
    if (r && !g->over)
        cJSON_DeleteItemFromObject(r, "seed"); /* committed to, revealed at the end */
    return r;
}

cJSON *srv_game_record(srv *sv, srv_game *g)
{
    (void)sv;
    cJSON *r = simple_call(g->s, "record");
    if (!r)
        return NULL;
    if (!g->over)
        cJSON_DeleteItemFromObject(cJSON_GetObjectItem(r, "record"), "seed");
    cJSON_AddStringToObject(r, "commitment", g->commitment);
    if (g->over) {
        cJSON_AddStringToObject(r, "salt", g->salt_hex);
        cJSON_AddStringToObject(r, "seed", g->seed_hex);
    }
    return r;
}

/* Writes the session's log into the open batch (batch.c). When `appended` the entries already
 * stored are known to be unchanged (an act only appends); otherwise (undo) the first differing
 * entry is found. On failure the session is rebuilt from the stored log, so memory never runs
 * ahead of the disk. */
static int commit(srv *sv, srv_game *g, int appended)
{
    int n = grg_session_log_size(g->s);
    int owned_from = appended && n >= g->n_stored ? g->n_stored : 0;
    char **cur = calloc((size_t)(n > 0 ? n : 1), sizeof *cur);
    int ok = cur != NULL;
    for (int i = 0; ok && i < n; i++)
        ok = (cur[i] = i < owned_from ? g->stored[i] : grg_session_log_entry(g->s, i)) != NULL;
    int from = owned_from;
    while (ok && from < n && from < g->n_stored && strcmp(cur[from], g->stored[from]) == 0)
        from++;
    g->over = grg_session_game(g->s)->over;
    cJSON *sum = srv_game_summary(g);
    char *sumtext = cJSON_PrintUnformatted(sum);
    cJSON_Delete(sum);
    if (ok)
        ok = srv_batch_open(sv) == 0 &&
             srv_store_sync(sv->store, g->id, from, cur, n, sumtext, g->over) == 0;
    free(sumtext);
    if (ok) {
        for (int i = owned_from; i < g->n_stored; i++)
            free(g->stored[i]);
        free(g->stored);
        g->stored = cur;
        g->n_stored = g->cap_stored = n;
        g->generation++;
        g->dirty = 1;
        if (g->over)
            srv_ai_forget(sv, g->id);
        return 0;
    }
    for (int i = owned_from; cur && i < n; i++)
        free(cur[i]);
    free(cur);
    char err[512];
    grg_session *s = srv_session_rebuild(sv, g, g->stored, g->n_stored, err, sizeof err);
    if (s) {
        srv_game_retire(g, g->s);
        g->s = s;
    } else {
        srv_log(sv, "game %s: rollback failed: %s", g->id, err);
    }
    g->over = grg_session_game(g->s)->over;
    g->generation++;
    srv_log(sv, "game %s: a commit failed; rolled back to %d stored entries", g->id, g->n_stored);
    return -1;
}

/* The status object of a push: turn, phase, active, over, winner, result, hash. */
static cJSON *status_of(const cJSON *reply)
{
    static const char *const keys[] = {"turn",   "phase",  "active", "over",
                                       "winner", "result", "hash"};
    cJSON *st = cJSON_CreateObject();
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        const cJSON *v = cJSON_GetObjectItem(reply, keys[i]);
        if (v)
            cJSON_AddItemToObject(st, keys[i], cJSON_Duplicate(v, 1));
        else if (!strcmp(keys[i], "winner") || !strcmp(keys[i], "result"))
            cJSON_AddNullToObject(st, keys[i]);
    }
    return st;
}

static void push(srv *sv, srv_game *g, cJSON *msg)
{
    char *t = cJSON_PrintUnformatted(msg);
    if (t)
        srv_batch_push(sv, g, SRV_ALL, t);
    free(t);
    cJSON_Delete(msg);
}

/* Tells every client of g what an accepted act or undo changed, and the end when it came. */
static void push_update(srv *sv, srv_game *g, const char *cmd, cJSON *reply, int seat)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "push", "update");
    cJSON_AddStringToObject(m, "game", g->id);
    cJSON_AddStringToObject(m, "cmd", cmd);
    if (seat >= 0)
        cJSON_AddStringToObject(m, "by", g->seats[seat].side);
    cJSON *ev = cJSON_DetachItemFromObject(reply, "events");
    cJSON_AddItemToObject(m, "events", ev ? ev : cJSON_CreateArray());
    cJSON *undone = cJSON_DetachItemFromObject(reply, "undone");
    if (undone)
        cJSON_AddItemToObject(m, "undone", undone);
    cJSON_AddItemToObject(m, "status", status_of(reply));
    push(sv, g, m);
    if (!g->over)
        return;
    const grg_game *gm = grg_session_game(g->s);
    const grg_scenario *sc = grg_session_loaded(g->s)->sc;
    m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "push", "over");
    cJSON_AddStringToObject(m, "game", g->id);
    if (gm->winner >= 0)
        cJSON_AddStringToObject(m, "winner", sc->sides[gm->winner].id);
    else
        cJSON_AddNullToObject(m, "winner");
    cJSON_AddStringToObject(m, "result", gm->result);
    cJSON_AddStringToObject(m, "commitment", g->commitment);
    cJSON_AddStringToObject(m, "salt", g->salt_hex);
    cJSON_AddStringToObject(m, "seed", g->seed_hex);
    push(sv, g, m);
}

/* Checks that seat may act now; returns NULL when it may, else the refusal text. */
static char *may_act(const srv_game *g, int seat, const cJSON *id)
{
    if (seat < 0)
        return srv_error_text(id, "spectator", "%s",
                              "spectators may watch but not act: join with a seat's token");
    if (g->over)
        return srv_error_text(id, "game_over", "%s", "the game is over");
    const grg_game *gm = grg_session_game(g->s);
    if (g->seats[seat].side_index != gm->active)
        return srv_error_text(id, "not_your_turn", "%s", "it is the other side's turn");
    return NULL;
}

/* A hint (docs/server-api.md): the side to act, in a game created with hints (by default one with
 * an AI seat), asks what the server's own AI would play there. Answered at once; the suggestion
 * comes as a push to its seat (hint_result). */
static char *hint_request(srv *sv, srv_game *g, int seat, const cJSON *id)
{
    char *no = may_act(g, seat, id);
    if (no)
        return no;
    if (!g->hints)
        return srv_error_text(id, "forbidden", "%s",
                              "suggestions are off in this game: they are on against the AI, and "
                              "between players when the game is created with \"hints\":true");
    if (!g->hint_busy && (!sv->ai || srv_ai_submit(sv, g, &g->seats[seat], 1) < 0))
        return srv_error_text(id, "internal", "%s", "the AI cannot think now");
    g->hint_busy = 1;
    g->hint_gen = g->generation; /* one thought for an older position asks again (hint_result) */
    g->hint_seat = seat;
    cJSON *r = cJSON_CreateObject();
    if (id)
        cJSON_AddItemReferenceToObject(r, "id", (cJSON *)id);
    cJSON_AddBoolToObject(r, "ok", 1);
    cJSON_AddBoolToObject(r, "thinking", 1);
    char *t = cJSON_PrintUnformatted(r);
    cJSON_Delete(r);
    return t;
}

char *srv_game_request(srv *sv, srv_game *g, int seat, const cJSON *req, srv_client *requester)
{
    const cJSON *id = cJSON_GetObjectItem(req, "id");
    const cJSON *cmd = cJSON_GetObjectItem(req, "cmd");
    if (!cJSON_IsString(cmd))
        return srv_error_text(id, "bad_request", "%s", "a request needs \"cmd\": a command name");
    for (size_t i = 0; i < sizeof forbidden / sizeof *forbidden; i++)
        if (strcmp(cmd->valuestring, forbidden[i]) == 0)
            return srv_error_text(id, "forbidden", "%s",
                                  "this command is not available through the server");
    if (strcmp(cmd->valuestring, "hint") == 0)
        return hint_request(sv, g, seat, id);
    int act = strcmp(cmd->valuestring, "act") == 0, undo = strcmp(cmd->valuestring, "undo") == 0;
    if (act || undo) {
        char *no = may_act(g, seat, id);
        if (no)
            return no;
    }
    cJSON *r = NULL;
    if (!strcmp(cmd->valuestring, "state"))
        r = srv_game_state(sv, g);
    else if (!strcmp(cmd->valuestring, "state_at"))
        r = srv_game_state_at(sv, g, cJSON_GetObjectItem(req, "at"));
    else if (!strcmp(cmd->valuestring, "events_since"))
        r = srv_game_events_since(sv, g, cJSON_GetObjectItem(req, "since"));
    else if (!strcmp(cmd->valuestring, "record"))
        r = srv_game_record(sv, g);
    else if (!strcmp(cmd->valuestring, "pace"))
        r = srv_game_pace(sv, g, req);
    if (r) {
        cJSON_DeleteItemFromObject(r, "id");
        if (id)
            cJSON_AddItemReferenceToObject(r, "id", (cJSON *)id);
        char *t = cJSON_PrintUnformatted(r);
        cJSON_Delete(r);
        return t;
    }
    char *line = cJSON_PrintUnformatted(req);
    int quit = 0;
    char *text = line ? grg_session_handle(g->s, line, &quit) : NULL;
    free(line);
    if (!text)
        return srv_error_text(id, "internal", "%s", "out of memory");
    if (!act && !undo)
        return text;
    cJSON *reply = cJSON_Parse(text);
    if (!reply || !cJSON_IsTrue(cJSON_GetObjectItem(reply, "ok"))) {
        cJSON_Delete(reply);
        return text;
    }
    static const char storage_msg[] =
        "the action could not be stored; the game is as it was before it";
    if (commit(sv, g, act) < 0) {
        cJSON_Delete(reply);
        free(text);
        return srv_error_text(id, "storage", "%s", storage_msg);
    }
    /* The answer first, then the news everyone gets: both wait for the batch's commit. */
    if (requester) {
        srv_batch_ack(sv, requester, id, text);
        free(text);
        text = NULL;
    }
    push_update(sv, g, cmd->valuestring, reply, seat);
    cJSON_Delete(reply);
    if (!requester && srv_batch_flush(sv) < 0) { /* HTTP and the AI: commit now */
        free(text);
        text = srv_error_text(id, "storage", "%s", storage_msg);
    }
    srv_game_poke_ai(sv, g);
    return text;
}

int srv_game_dice(srv *sv, srv_game *g, const cJSON *body, cJSON *reply)
{
    const cJSON *rolls = cJSON_GetObjectItem(body, "rolls");
    cJSON *req = cJSON_CreateObject();
    cJSON_AddStringToObject(req, "cmd", "dice");
    if (rolls)
        cJSON_AddItemToObject(req, "rolls", cJSON_Duplicate(rolls, 1));
    cJSON *r = srv_session_call(g->s, req);
    cJSON_Delete(req);
    int ok = r && cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"));
    if (ok && (commit(sv, g, 1) < 0 || srv_batch_flush(sv) < 0)) {
        cJSON_Delete(r);
        r = cJSON_Parse(
            "{\"ok\":false,\"error\":{\"code\":\"storage\",\"message\":\"not stored\"}}");
        ok = 0;
    }
    cJSON *it;
    while (r && (it = cJSON_DetachItemViaPointer(r, r->child)) != NULL)
        cJSON_AddItemToObject(reply, it->string, it);
    cJSON_Delete(r);
    return ok ? 0 : -1;
}

/* Sets a replaced session aside while an AI worker may still read a clone sharing its scenario;
 * it is freed when the workers' answers are all back (or with the game). */
void srv_game_retire(srv_game *g, grg_session *s)
{
    int thinking = g->ai_busy || g->hint_busy;
    grg_session **nr =
        thinking ? realloc(g->retired, (size_t)(g->n_retired + 1) * sizeof *nr) : NULL;
    if (!nr) {
        if (thinking)
            return; /* leak rather than free what a worker may read */
        grg_session_free(s);
        return;
    }
    g->retired = nr;
    g->retired[g->n_retired++] = s;
}

/* The game in memory a worker's answer is for, the sessions retired while it thought freed once no
 * worker thinks for it any more (busy: the flag of the answer's kind, cleared). NULL: none. */
static srv_game *answered(srv *sv, const char *gid, int hint)
{
    srv_game *g = NULL;
    for (int i = 0; i < sv->n_games && !g; i++)
        if (strcmp(sv->games[i]->id, gid) == 0)
            g = sv->games[i];
    if (!g)
        return NULL;
    *(hint ? &g->hint_busy : &g->ai_busy) = 0;
    if (!g->ai_busy && !g->hint_busy) {
        for (int i = 0; i < g->n_retired; i++)
            grg_session_free(g->retired[i]);
        g->n_retired = 0;
    }
    return g;
}

void srv_game_ai_result(srv *sv, const char *gid, unsigned gen, const grg_action *a, int ok)
{
    srv_game *g = answered(sv, gid, 0);
    if (!g)
        return;
    if (gen != g->generation) { /* the game changed while the AI thought */
        srv_game_poke_ai(sv, g);
        return;
    }
    if (!ok) {
        srv_log(sv, "game %s: the AI found no action", g->id);
        return;
    }
    int seat = -1, active = grg_session_game(g->s)->active;
    for (int i = 0; i < g->n_seats; i++)
        if (g->seats[i].ai && g->seats[i].side_index == active)
            seat = i;
    char *atext = grg_action_text(grg_session_loaded(g->s), a);
    cJSON *req = cJSON_CreateObject();
    cJSON_AddStringToObject(req, "cmd", "act");
    cJSON *aj = atext ? cJSON_Parse(atext) : NULL;
    free(atext);
    cJSON_AddItemToObject(req, "action", aj ? aj : cJSON_CreateNull());
    char *r = seat >= 0 ? srv_game_request(sv, g, seat, req, NULL) : NULL;
    cJSON_Delete(req);
    cJSON *rj = r ? cJSON_Parse(r) : NULL;
    if (rj && !cJSON_IsTrue(cJSON_GetObjectItem(rj, "ok"))) {
        srv_log(sv, "game %s: the AI's action was refused: %s", g->id, r);
        if (++g->ai_failures < 5)
            srv_game_poke_ai(sv, g);
    } else {
        g->ai_failures = 0;
    }
    cJSON_Delete(rj);
    free(r);
}

void srv_game_hint_result(srv *sv, const char *gid, unsigned gen, int seat, const grg_action *a,
                          int n)
{
    srv_game *g = answered(sv, gid, 1);
    if (!g)
        return;
    if (gen != g->generation) { /* the game moved on; asked again since, it is thought again */
        if (g->hint_gen == g->generation && !g->over &&
            srv_ai_submit(sv, g, &g->seats[g->hint_seat], 1) == 0)
            g->hint_busy = 1;
        return;
    }
    if (n < 1 || seat < 0 || seat >= g->n_seats)
        return;
    char hash[17];
    snprintf(hash, sizeof hash, "%016llx",
             (unsigned long long)grg_game_hash(grg_session_game(g->s)));
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "push", "hint");
    cJSON_AddStringToObject(m, "game", g->id);
    cJSON_AddStringToObject(m, "side", g->seats[seat].side);
    cJSON_AddStringToObject(m, "hash", hash);
    cJSON *list = cJSON_AddArrayToObject(m, "actions");
    for (int i = 0; i < n; i++) {
        char *atext = grg_action_text(grg_session_loaded(g->s), &a[i]);
        cJSON *aj = atext ? cJSON_Parse(atext) : NULL;
        free(atext);
        cJSON_AddItemToArray(list, aj ? aj : cJSON_CreateNull());
    }
    char *t = cJSON_PrintUnformatted(m);
    cJSON_Delete(m);
    if (t)
        srv_push(sv, g, seat, t);
    free(t);
}
