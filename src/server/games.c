/* The games in memory: each is a line-protocol session (proto.h) plus its seats, its committed
 * log and its clients. A game is created from the API, or rebuilt from the store by replaying its
 * stored log through the session's `replay` command (server start, a lazy load, a rollback). */
#include "server.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Sends one request object to a session and returns the parsed reply (NULL on failure). */
cJSON *srv_session_call(grg_session *s, const cJSON *req)
{
    char *text = cJSON_PrintUnformatted(req);
    if (!text)
        return NULL;
    int quit = 0;
    char *r = grg_session_handle(s, text, &quit);
    free(text);
    cJSON *o = r ? cJSON_Parse(r) : NULL;
    free(r);
    return o;
}

static void game_free(srv_game *g)
{
    if (!g)
        return;
    if (g->sv && g->sv->ctx) /* once the context is gone, so are its timers */
        lws_sul_cancel(&g->pace_sul);
    srv_clients_detach(g);
    srv_cursors_free(g);
    grg_session_free(g->s);
    for (int i = 0; i < g->n_retired; i++)
        grg_session_free(g->retired[i]);
    free(g->retired);
    srv_entries_free(g->stored, g->n_stored);
    free(g->options);
    free(g);
}

void srv_games_free(srv *sv)
{
    for (int i = 0; i < sv->n_games; i++)
        game_free(sv->games[i]);
    free(sv->games);
    sv->games = NULL;
    sv->n_games = sv->cap_games = 0;
}

static int registry_add(srv *sv, srv_game *g)
{
    if (sv->n_games == sv->cap_games) {
        int cap = sv->cap_games ? sv->cap_games * 2 : 64;
        srv_game **ng = realloc(sv->games, (size_t)cap * sizeof *ng);
        if (!ng)
            return -1;
        sv->games = ng;
        sv->cap_games = cap;
    }
    sv->games[sv->n_games++] = g;
    g->sv = sv;
    return 0;
}

static srv_game *find_loaded(srv *sv, const char *gid)
{
    for (int i = 0; i < sv->n_games; i++)
        if (strcmp(sv->games[i]->id, gid) == 0)
            return sv->games[i];
    return NULL;
}

/* The absolute path of a scenario stored relative to the data directory. */
static void scenario_abs(const srv *sv, const char *rel, char *out, size_t size)
{
    if (rel[0] == '/')
        snprintf(out, size, "%s", rel);
    else
        snprintf(out, size, "%s/%s", sv->data_dir, rel);
}

/* A session holding the game's scenario replayed through entries[0..n), or NULL with err set.
 * The record is rebuilt exactly as `record` writes it, so the hashes are checked on the way. */
static grg_session *rebuild(srv *sv, const srv_game *g, char *const *entries, int n,
                            int check_hashes, char *err, size_t err_size);

/* As rebuild, checking every state hash; a log whose hashes come from another build of the engine
 * (an update since the game was stored) is replayed again by its actions alone, each still checked
 * against the rules, so stored games survive engine updates that keep their actions legal. */
grg_session *srv_session_rebuild(srv *sv, const srv_game *g, char *const *entries, int n, char *err,
                                 size_t err_size)
{
    grg_session *s = rebuild(sv, g, entries, n, 1, err, err_size);
    if (!s && strstr(err, "state hash differs")) {
        s = rebuild(sv, g, entries, n, 0, err, err_size);
        if (s)
            srv_log(sv, "game %s: stored by another engine build; replayed by its actions", g->id);
    }
    return s;
}

static grg_session *rebuild(srv *sv, const srv_game *g, char *const *entries, int n,
                            int check_hashes, char *err, size_t err_size)
{
    char path[1600];
    scenario_abs(sv, g->scenario, path, sizeof path);
    grg_session *s = grg_session_new(sv->data_dir);
    cJSON *req = cJSON_CreateObject();
    cJSON_AddStringToObject(req, "cmd", "replay");
    if (!check_hashes)
        cJSON_AddBoolToObject(req, "check_hashes", 0);
    cJSON *rec = cJSON_AddObjectToObject(req, "record");
    cJSON_AddStringToObject(rec, "format", "grognard-record");
    cJSON_AddNumberToObject(rec, "version", 1);
    cJSON_AddStringToObject(cJSON_AddObjectToObject(rec, "scenario"), "path", path);
    cJSON *opts = cJSON_Parse(g->options ? g->options : "{}");
    cJSON_AddItemToObject(rec, "options", opts ? opts : cJSON_CreateObject());
    cJSON_AddStringToObject(rec, "seed", g->seed_hex);
    cJSON *log = cJSON_AddArrayToObject(rec, "log");
    for (int i = 0; i < n; i++) {
        cJSON *e = cJSON_Parse(entries[i]);
        cJSON_AddItemToArray(log, e ? e : cJSON_CreateObject());
    }
    cJSON *reply = s ? srv_session_call(s, req) : NULL;
    cJSON_Delete(req);
    if (!reply || !cJSON_IsTrue(cJSON_GetObjectItem(reply, "ok"))) {
        const cJSON *msg = cJSON_GetObjectItem(cJSON_GetObjectItem(reply, "error"), "message");
        snprintf(err, err_size, "%s", cJSON_IsString(msg) ? msg->valuestring : "out of memory");
        cJSON_Delete(reply);
        grg_session_free(s);
        return NULL;
    }
    cJSON_Delete(reply);
    return s;
}

int srv_game_ai_seats(const srv_game *g)
{
    int n = 0;
    for (int i = 0; i < g->n_seats; i++)
        n += g->seats[i].ai != 0;
    return n;
}

/* Whether g's players may ask for suggestions where nobody chose: in a game against the AI, where
 * no other player could object (docs/decisions/0011). */
static int default_hints(const srv_game *g) { return srv_game_ai_seats(g) > 0; }

/* Loads game gid from the store into memory (replaying its log). */
static srv_game *load_game(srv *sv, const char *gid)
{
    srv_game_row row;
    srv_seat_row *seats = NULL;
    char **entries = NULL;
    int n_seats = 0, n_entries = 0;
    if (srv_store_load(sv->store, gid, &row, &seats, &n_seats, &entries, &n_entries) != 0)
        return NULL;
    srv_game *g = calloc(1, sizeof *g);
    if (!g)
        goto fail;
    snprintf(g->id, sizeof g->id, "%s", row.id);
    snprintf(g->scenario, sizeof g->scenario, "%s", row.scenario);
    g->options = row.options;
    row.options = NULL;
    snprintf(g->seed_hex, sizeof g->seed_hex, "%s", row.seed);
    g->seed = strtoull(row.seed, NULL, 16);
    snprintf(g->salt_hex, sizeof g->salt_hex, "%s", row.salt);
    snprintf(g->commitment, sizeof g->commitment, "%s", row.commitment);
    g->created = row.created;
    char err[512];
    if (!(g->s = srv_session_rebuild(sv, g, entries, n_entries, err, sizeof err))) {
        srv_log(sv, "game %s cannot be restored: %s", gid, err);
        goto fail;
    }
    const grg_scenario *sc = grg_session_loaded(g->s)->sc;
    for (int i = 0; i < n_seats && i < 8; i++) {
        srv_seat *st = &g->seats[g->n_seats];
        snprintf(st->side, sizeof st->side, "%s", seats[i].side);
        if (srv_seat_kind(seats[i].kind, st) < 0) { /* a player this build does not have */
            st->ai = strncmp(seats[i].kind, "ai:", 3) == 0;
            srv_log(sv, "game %s: seat %s is '%s', unknown here: %s", gid, st->side, seats[i].kind,
                    st->ai ? "the server's own AI plays it" : "taken as human");
        }
        snprintf(st->token_hash, sizeof st->token_hash, "%s", seats[i].token_hash);
        st->side_index = -1;
        for (int k = 0; k < sc->n_sides; k++)
            if (strcmp(sc->sides[k].id, st->side) == 0)
                st->side_index = k;
        g->n_seats++;
    }
    g->hints = row.hints >= 0 ? row.hints : default_hints(g);
    g->stored = entries;
    g->n_stored = g->cap_stored = n_entries;
    entries = NULL;
    g->over = grg_session_game(g->s)->over;
    if (registry_add(sv, g) < 0)
        goto fail;
    free(seats);
    srv_row_release(&row);
    return g;
fail:
    game_free(g);
    free(seats);
    srv_entries_free(entries, n_entries);
    srv_row_release(&row);
    return NULL;
}

srv_game *srv_game_get(srv *sv, const char *gid)
{
    if (!gid || strlen(gid) != SRV_ID_LEN - 1 || strspn(gid, "0123456789abcdef") != SRV_ID_LEN - 1)
        return NULL;
    srv_game *g = find_loaded(sv, gid);
    return g ? g : load_game(sv, gid);
}

int srv_games_restore(srv *sv)
{
    char **ids = NULL;
    int n = 0, ok = 0;
    if (srv_store_ids(sv->store, 1, &ids, NULL, &n) < 0)
        return -1;
    for (int i = 0; i < n; i++) {
        srv_game *g = srv_game_get(sv, ids[i]);
        if (g) {
            ok++;
            srv_game_poke_ai(sv, g);
        }
    }
    if (n)
        srv_log(sv, "restored %d of %d unfinished games", ok, n);
    srv_entries_free(ids, n);
    return 0;
}

int srv_game_seat_for_token(const srv_game *g, const char *token)
{
    int found = -1;
    /* Every seat is checked, so the time taken does not say which one matched. */
    for (int i = 0; i < g->n_seats; i++)
        if (!g->seats[i].ai && srv_token_matches(token, g->seats[i].token_hash))
            found = i;
    return found;
}

int srv_seat_kind(const char *kind, srv_seat *st)
{
    const char *player = strncmp(kind, "ai:", 3) == 0 ? kind + 3 : "";
    if (strcmp(kind, "human") && strcmp(kind, "ai") &&
        (!*player || strlen(player) >= sizeof st->player || !grg_ai_find(player)))
        return -1;
    st->ai = strcmp(kind, "human") != 0;
    snprintf(st->player, sizeof st->player, "%s", player);
    return 0;
}

void srv_seat_kind_text(const srv_seat *st, char *buf)
{
    snprintf(buf, SRV_SEAT_KIND, "%s%s%s", st->ai ? "ai" : "human", st->player[0] ? ":" : "",
             st->player);
}

cJSON *srv_game_seats_json(const srv_game *g)
{
    cJSON *o = cJSON_CreateObject();
    for (int i = 0; i < g->n_seats; i++) {
        char kind[SRV_SEAT_KIND];
        srv_seat_kind_text(&g->seats[i], kind);
        cJSON_AddStringToObject(o, g->seats[i].side, kind);
    }
    return o;
}

cJSON *srv_game_summary(const srv_game *g)
{
    const grg_game *gm = grg_session_game(g->s);
    const grg_loaded *l = grg_session_loaded(g->s);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "game", g->id);
    cJSON_AddStringToObject(o, "scenario", l->sc->id);
    cJSON_AddStringToObject(o, "name", l->sc->name);
    cJSON_AddNumberToObject(o, "turn", gm->turn);
    cJSON_AddStringToObject(o, "phase", grg_phase_name(gm));
    cJSON_AddStringToObject(o, "active", l->sc->sides[gm->active].id);
    cJSON_AddBoolToObject(o, "over", gm->over);
    if (gm->over && gm->winner >= 0)
        cJSON_AddStringToObject(o, "winner", l->sc->sides[gm->winner].id);
    else
        cJSON_AddNullToObject(o, "winner");
    cJSON_AddNumberToObject(o, "created", (double)g->created);
    cJSON_AddItemToObject(o, "seats", srv_game_seats_json(g));
    cJSON_AddBoolToObject(o, "hints", g->hints);
    return o;
}

/* Reads the "seats" object of a create request into seats (one per scenario side, human by
 * default). Returns 0 or -1 with msg set. */
static int read_seats(const cJSON *obj, const grg_scenario *sc, srv_game *g, char *msg, size_t size)
{
    g->n_seats = sc->n_sides;
    for (int k = 0; k < sc->n_sides; k++) {
        snprintf(g->seats[k].side, sizeof g->seats[k].side, "%s", sc->sides[k].id);
        g->seats[k].side_index = k;
    }
    if (!obj)
        return 0;
    if (!cJSON_IsObject(obj)) {
        snprintf(msg, size,
                 "\"seats\" must be an object {side: \"human\" | \"ai\" | \"ai:PLAYER\"}");
        return -1;
    }
    const cJSON *it;
    cJSON_ArrayForEach(it, obj)
    {
        int k = 0;
        while (k < sc->n_sides && strcmp(sc->sides[k].id, it->string) != 0)
            k++;
        if (k == sc->n_sides) {
            snprintf(msg, size, "the scenario has no side '%.64s'", it->string);
            return -1;
        }
        if (!cJSON_IsString(it) || srv_seat_kind(it->valuestring, &g->seats[k]) < 0) {
            char players[256];
            grg_ai_player_names(players, sizeof players);
            snprintf(msg, size,
                     "seat '%.64s' must be \"human\", \"ai\" or \"ai:PLAYER\" (players: %s)",
                     it->string, players);
            return -1;
        }
    }
    return 0;
}

static int create_fail(cJSON *reply, int *status, int code, const char *err, const char *msg)
{
    cJSON_AddBoolToObject(reply, "ok", 0);
    cJSON *e = cJSON_AddObjectToObject(reply, "error");
    cJSON_AddStringToObject(e, "code", err);
    cJSON_AddStringToObject(e, "message", msg);
    *status = code;
    return -1;
}

/* Starts the session of a new game: load with an OS seed and the requested options. */
static int start_session(srv *sv, srv_game *g, const srv_scenario *sc, const cJSON *options,
                         cJSON *reply, int *status)
{
    unsigned char salt[16];
    if (srv_random(&g->seed, sizeof g->seed) < 0 || srv_random(salt, sizeof salt) < 0 ||
        grg_dice_commitment(salt, g->seed, g->commitment) < 0)
        return create_fail(reply, status, 500, "internal", "no randomness or no SHA-256");
    srv_hex(salt, 16, g->salt_hex);
    snprintf(g->seed_hex, sizeof g->seed_hex, "%016llx", (unsigned long long)g->seed);
    snprintf(g->scenario, sizeof g->scenario, "%s", sc->rel);
    g->s = grg_session_new(sv->data_dir);
    cJSON *req = cJSON_CreateObject();
    cJSON_AddStringToObject(req, "cmd", "load");
    cJSON_AddStringToObject(req, "scenario", sc->path);
    cJSON_AddStringToObject(req, "seed", g->seed_hex);
    if (options)
        cJSON_AddItemToObject(req, "options", cJSON_Duplicate(options, 1));
    cJSON *r = g->s ? srv_session_call(g->s, req) : NULL;
    cJSON_Delete(req);
    if (!r || !cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"))) {
        cJSON *e = cJSON_GetObjectItem(r, "error");
        const cJSON *c = cJSON_GetObjectItem(e, "code"), *m = cJSON_GetObjectItem(e, "message");
        create_fail(reply, status, 400, cJSON_IsString(c) ? c->valuestring : "internal",
                    cJSON_IsString(m) ? m->valuestring : "cannot start the game");
        cJSON_Delete(r);
        return -1;
    }
    cJSON_Delete(r);
    /* The game's full options (defaults included), as `state` lists them. */
    cJSON *sreq = cJSON_CreateObject();
    cJSON_AddStringToObject(sreq, "cmd", "state");
    cJSON *st = srv_session_call(g->s, sreq);
    cJSON_Delete(sreq);
    const cJSON *o = cJSON_GetObjectItem(st, "options");
    g->options = cJSON_PrintUnformatted(cJSON_IsObject(o) ? o : cJSON_CreateObject());
    cJSON_Delete(st);
    return g->options ? 0 : create_fail(reply, status, 500, "internal", "out of memory");
}

/* Puts g back to what the store holds (its session rebuilt from the stored log). */
void srv_game_reload(srv *sv, srv_game *g)
{
    srv_game_row row;
    srv_seat_row *seats = NULL;
    char **entries = NULL, err[512];
    int ns = 0, ne = 0;
    if (srv_store_load(sv->store, g->id, &row, &seats, &ns, &entries, &ne) != 0) {
        srv_log(sv, "game %s: cannot be read back from the store", g->id);
        return;
    }
    free(seats);
    srv_row_release(&row);
    grg_session *s = srv_session_rebuild(sv, g, entries, ne, err, sizeof err);
    if (!s) {
        srv_log(sv, "game %s: cannot be rebuilt: %s", g->id, err);
        srv_entries_free(entries, ne);
        return;
    }
    srv_game_retire(g, g->s);
    g->s = s;
    srv_entries_free(g->stored, g->n_stored);
    g->stored = entries;
    g->n_stored = g->cap_stored = ne;
    g->over = grg_session_game(s)->over;
    g->generation++;
}

int srv_game_create(srv *sv, const cJSON *body, cJSON *reply, int *status)
{
    srv_batch_flush(sv); /* a new game is stored on its own */
    const cJSON *scn = cJSON_GetObjectItem(body, "scenario");
    const cJSON *options = cJSON_GetObjectItem(body, "options");
    if (!cJSON_IsObject(body) || !cJSON_IsString(scn))
        return create_fail(reply, status, 400, "bad_request",
                           "a game needs \"scenario\": a scenario id");
    if (options && !cJSON_IsObject(options))
        return create_fail(reply, status, 400, "bad_request", "\"options\" must be an object");
    const srv_scenario *sc = srv_scenario_find(sv, scn->valuestring);
    if (!sc)
        return create_fail(reply, status, 404, "not_found", "no such scenario");
    srv_game *g = calloc(1, sizeof *g);
    if (!g)
        return create_fail(reply, status, 500, "internal", "out of memory");
    unsigned char idb[8];
    if (srv_random(idb, sizeof idb) < 0) {
        free(g);
        return create_fail(reply, status, 500, "internal", "no randomness");
    }
    srv_hex(idb, sizeof idb, g->id);
    g->created = (long long)time(NULL);
    char msg[200];
    if (start_session(sv, g, sc, options, reply, status) < 0)
        goto fail;
    if (read_seats(cJSON_GetObjectItem(body, "seats"), grg_session_loaded(g->s)->sc, g, msg,
                   sizeof msg) < 0) {
        create_fail(reply, status, 400, "bad_request", msg);
        goto fail;
    }
    const cJSON *hints = cJSON_GetObjectItem(body, "hints");
    if (hints && !cJSON_IsBool(hints)) {
        create_fail(reply, status, 400, "bad_request", "\"hints\" must be true or false");
        goto fail;
    }
    g->hints = hints ? cJSON_IsTrue(hints) : default_hints(g);
    cJSON *seats = cJSON_CreateObject();
    srv_seat_row rows[8];
    memset(rows, 0, sizeof rows);
    for (int i = 0; i < g->n_seats; i++) {
        cJSON *so = cJSON_AddObjectToObject(seats, g->seats[i].side);
        snprintf(rows[i].side, sizeof rows[i].side, "%s", g->seats[i].side);
        srv_seat_kind_text(&g->seats[i], rows[i].kind);
        cJSON_AddStringToObject(so, "kind", rows[i].kind);
        if (g->seats[i].ai)
            continue;
        char token[33], link[128];
        if (srv_token_new(token, g->seats[i].token_hash) < 0) {
            cJSON_Delete(seats);
            create_fail(reply, status, 500, "internal", "no randomness");
            goto fail;
        }
        snprintf(rows[i].token_hash, sizeof rows[i].token_hash, "%s", g->seats[i].token_hash);
        snprintf(link, sizeof link, "/#game=%s&token=%s", g->id, token);
        cJSON_AddStringToObject(so, "token", token);
        cJSON_AddStringToObject(so, "link", link);
    }
    srv_game_row row;
    memset(&row, 0, sizeof row);
    snprintf(row.id, sizeof row.id, "%s", g->id);
    snprintf(row.scenario, sizeof row.scenario, "%s", g->scenario);
    row.options = g->options;
    snprintf(row.seed, sizeof row.seed, "%s", g->seed_hex);
    snprintf(row.salt, sizeof row.salt, "%s", g->salt_hex);
    snprintf(row.commitment, sizeof row.commitment, "%s", g->commitment);
    row.created = g->created;
    row.hints = g->hints;
    snprintf(row.status, sizeof row.status, "active");
    cJSON *sum = srv_game_summary(g);
    row.summary = cJSON_PrintUnformatted(sum);
    cJSON_Delete(sum);
    int rc = srv_store_create(sv->store, &row, rows, g->n_seats);
    free(row.summary);
    if (rc < 0 || registry_add(sv, g) < 0) {
        cJSON_Delete(seats);
        create_fail(reply, status, 500, "storage", "the game could not be stored");
        goto fail;
    }
    cJSON_AddBoolToObject(reply, "ok", 1);
    cJSON_AddStringToObject(reply, "game", g->id);
    cJSON_AddItemToObject(reply, "seats", seats);
    cJSON_AddStringToObject(reply, "commitment", g->commitment);
    cJSON_AddBoolToObject(reply, "hints", g->hints);
    *status = 200;
    srv_log(sv, "game %s created: %s", g->id, sc->rel);
    srv_game_poke_ai(sv, g);
    return 0;
fail:
    game_free(g);
    return -1;
}
