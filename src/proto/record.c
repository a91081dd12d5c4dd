/* Game records (design §3): scenario and its hash, ruleset and version, options, seed and the
 * ordered atomic actions (with scripted dice where a caller queued them), each with the state hash
 * after it. `record` writes one, `replay` plays one back checking every hash, `undo` takes back
 * the last action when no die was rolled and no player changed since. */
#include "session.h"

#include <stdlib.h>
#include <string.h>

int grg__log_push(grg_session *s, const grg_log_entry *e)
{
    if (s->n_log == s->cap_log) {
        int cap = s->cap_log ? s->cap_log * 2 : 256;
        grg_log_entry *nl = realloc(s->log, (size_t)cap * sizeof *nl);
        if (!nl)
            return -1;
        s->log = nl;
        s->cap_log = cap;
    }
    s->log[s->n_log++] = *e;
    return 0;
}

/* A log entry for an action: the action and the state hash after it. */
static cJSON *action_entry(const grg_scenario *sc, const grg_action *a, uint64_t hash)
{
    char hex[17];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "action", grg__action_json(sc, a));
    grg__seed_format(hash, hex);
    cJSON_AddStringToObject(o, "hash", hex);
    return o;
}

static cJSON *entry_json(const grg_session *s, const grg_log_entry *e)
{
    if (!e->is_dice)
        return action_entry(s->loaded->sc, &e->action, e->hash);
    cJSON *o = cJSON_CreateObject();
    cJSON *d = cJSON_AddArrayToObject(o, "dice");
    for (int k = 0; k < e->n_dice; k++)
        cJSON_AddItemToArray(d, cJSON_CreateNumber(e->dice[k]));
    return o;
}

/* A record's fields but its log (which the caller adds): format, scenario, ruleset, options and
 * g's seed. */
static cJSON *record_head(const grg_loaded *l, const grg_game *g)
{
    char hex[17];
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "format", "grognard-record");
    cJSON_AddNumberToObject(r, "version", 1);
    cJSON *sc = cJSON_AddObjectToObject(r, "scenario");
    cJSON_AddStringToObject(sc, "id", g->sc->id);
    cJSON_AddStringToObject(sc, "path", l->path);
    cJSON_AddStringToObject(sc, "sha256", l->sha256);
    cJSON_AddStringToObject(r, "ruleset", g->rs->name);
    cJSON_AddNumberToObject(r, "ruleset_version", g->rs->version);
    cJSON_AddItemToObject(r, "options", grg__options_json(g));
    grg__seed_format(g->seed, hex);
    cJSON_AddStringToObject(r, "seed", hex);
    return r;
}

char *grg_record_text(const grg_loaded *l, const grg_game *g, const grg_action *acts,
                      const uint64_t *hashes, int n)
{
    cJSON *r = record_head(l, g);
    cJSON *log = cJSON_AddArrayToObject(r, "log");
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(log, action_entry(l->sc, &acts[i], hashes[i]));
    char *text = cJSON_PrintUnformatted(r);
    cJSON_Delete(r);
    return text;
}

const grg_game *grg_session_game(const grg_session *s) { return s->g; }
const grg_loaded *grg_session_loaded(const grg_session *s) { return s->loaded; }
int grg_session_log_size(const grg_session *s) { return s->n_log; }

char *grg_session_log_entry(const grg_session *s, int i)
{
    if (i < 0 || i >= s->n_log)
        return NULL;
    cJSON *o = entry_json(s, &s->log[i]);
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return text;
}

int grg__cmd_record(grg_session *s, const cJSON *req, cJSON *reply)
{
    (void)req;
    if (grg__need_game(s, reply) < 0)
        return -1;
    cJSON *r = record_head(s->loaded, s->g);
    cJSON_AddItemToObject(reply, "record", r);
    cJSON *log = cJSON_AddArrayToObject(r, "log");
    for (int i = 0; i < s->n_log; i++)
        cJSON_AddItemToArray(log, entry_json(s, &s->log[i]));
    grg__add_status(s, reply);
    return 0;
}

/* Plays log entries [0, n) of `log` onto the session's fresh game; entries are copied into the
 * session's own log as they apply. Returns 0, or -1 with the reply filled. */
static int play_entries(grg_session *s, const grg_log_entry *log, int n, int check_hashes,
                        cJSON *reply)
{
    for (int i = 0; i < n; i++) {
        grg_log_entry e = log[i];
        if (e.is_dice) {
            if (grg_dice_queue(s->g, e.dice, e.n_dice) < 0)
                return grg__error(reply, "replay_mismatch", NULL, "log entry %d: bad dice", i);
        } else {
            grg_verdict why = {"", ""};
            if (grg_apply(s->g, &e.action, NULL, &why) < 0)
                return grg__error(reply, "replay_mismatch", why.rule, "log entry %d is refused: %s",
                                  i, why.message);
            uint64_t h = grg_game_hash(s->g);
            if (check_hashes && h != e.hash)
                return grg__error(reply, "replay_mismatch", NULL,
                                  "log entry %d: the state hash differs from the record", i);
            e.hash = h;
        }
        if (grg__log_push(s, &e) < 0)
            return grg__error(reply, "internal", NULL, "out of memory");
    }
    return 0;
}

/* Reads a record's log into entries (caller frees); returns the count or -1. */
static int read_log(const grg_scenario *sc, const cJSON *log, grg_log_entry **out, cJSON *reply)
{
    int n = cJSON_GetArraySize(log), i = 0;
    grg_log_entry *es = calloc((size_t)(n > 0 ? n : 1), sizeof *es);
    if (!es)
        return grg__error(reply, "internal", NULL, "out of memory");
    const cJSON *it;
    cJSON_ArrayForEach(it, log)
    {
        const cJSON *dice = cJSON_GetObjectItemCaseSensitive(it, "dice");
        const cJSON *act = cJSON_GetObjectItemCaseSensitive(it, "action");
        const cJSON *hash = cJSON_GetObjectItemCaseSensitive(it, "hash");
        grg_log_entry *e = &es[i];
        grg_decode_err err;
        if (dice) {
            const cJSON *d;
            e->is_dice = 1;
            cJSON_ArrayForEach(d, dice) if (e->n_dice < GRG_DICE_QUEUE) e->dice[e->n_dice++] =
                d->valueint;
        } else if (grg__actions_decode(sc, NULL, act, &e->action, 1, &err) != 1 ||
                   !cJSON_IsString(hash) || strlen(hash->valuestring) != 16) {
            free(es);
            return grg__error(reply, "bad_request", NULL,
                              "record log entry %d must be {\"action\": an atomic action, "
                              "\"hash\": 16 hex digits} or {\"dice\": [...]}",
                              i);
        } else {
            e->hash = strtoull(hash->valuestring, NULL, 16);
        }
        i++;
    }
    *out = es;
    return n;
}

int grg__cmd_replay(grg_session *s, const cJSON *req, cJSON *reply)
{
    const cJSON *rec = cJSON_GetObjectItemCaseSensitive(req, "record");
    const cJSON *to = cJSON_GetObjectItemCaseSensitive(req, "to");
    if (!cJSON_IsObject(rec))
        return grg__error(reply, "bad_request", NULL, "replay needs \"record\": a record object");
    const cJSON *scn = cJSON_GetObjectItemCaseSensitive(rec, "scenario");
    const cJSON *path = cJSON_GetObjectItemCaseSensitive(scn, "path");
    const cJSON *sha = cJSON_GetObjectItemCaseSensitive(scn, "sha256");
    const cJSON *log = cJSON_GetObjectItemCaseSensitive(rec, "log");
    uint64_t seed;
    if (!cJSON_IsString(path) || !cJSON_IsArray(log))
        return grg__error(reply, "bad_request", NULL, "a record needs scenario.path and log");
    if (grg__seed_parse(cJSON_GetObjectItemCaseSensitive(rec, "seed"), &seed, reply) < 0)
        return -1;
    grg_loaded *l = grg__load_or_error(s, path->valuestring, reply);
    int rc;
    if (!l)
        return -1;
    if (cJSON_IsString(sha) && strcmp(sha->valuestring, l->sha256) != 0) {
        grg_loaded_free(l);
        return grg__error(reply, "replay_mismatch", NULL,
                          "scenario %s has changed since the record was made (its SHA-256 differs)",
                          path->valuestring);
    }
    grg_options opts;
    grg_log_entry *entries = NULL;
    int n;
    if (grg__options_read(l->rs, cJSON_GetObjectItemCaseSensitive(rec, "options"), &opts, reply) <
            0 ||
        (n = read_log(l->sc, log, &entries, reply)) < 0) {
        grg_loaded_free(l);
        return -1;
    }
    /* `to` counts actions; scripted dice before the cut are kept. */
    int limit = n;
    if (cJSON_IsNumber(to)) {
        int actions = 0;
        for (limit = 0; limit < n && (entries[limit].is_dice || actions < to->valueint); limit++)
            actions += !entries[limit].is_dice;
    }
    /* Replay into the session, keeping what it had to restore on failure. */
    grg_session old = *s;
    s->g = NULL;
    s->loaded = l;
    s->opts = opts;
    s->log = NULL;
    s->n_log = s->cap_log = 0;
    /* "check_hashes": false replays a record made by another build of the engine, whose state
     * hashes differ, by its actions alone (every one still checked against the rules). */
    const cJSON *check = cJSON_GetObjectItemCaseSensitive(req, "check_hashes");
    rc = grg__session_start(s, seed, reply);
    if (rc == 0)
        rc = play_entries(s, entries, limit, !cJSON_IsFalse(check), reply);
    free(entries);
    if (rc < 0) {
        grg_game_free(s->g);
        grg_loaded_free(s->loaded);
        free(s->log);
        *s = old;
        return -1;
    }
    grg_game_free(old.g);
    grg_loaded_free(old.loaded);
    free(old.log);
    cJSON_AddNumberToObject(reply, "actions", s->g->n_actions);
    grg__add_status(s, reply);
    return 0;
}

int grg__cmd_undo(grg_session *s, const cJSON *req, cJSON *reply)
{
    (void)req;
    if (grg__need_game(s, reply) < 0)
        return -1;
    if (s->g->n_actions == 0)
        return grg__error(reply, "illegal", "GRG-UNDO", "There is nothing to undo.");
    if (s->g->n_actions <= s->g->undo_mark)
        return grg__error(reply, "illegal", "GRG-UNDO",
                          "A die was rolled or the player changed since: the last action stands.");
    int last = s->n_log - 1;
    while (last >= 0 && s->log[last].is_dice)
        last--;
    grg_log_entry *old = s->log;
    int n = s->n_log;
    grg_action undone = old[last].action;
    memmove(&old[last], &old[last + 1], (size_t)(n - last - 1) * sizeof *old);
    n--;
    s->log = NULL;
    s->n_log = s->cap_log = 0;
    uint64_t seed = s->g->seed;
    int rc = grg__session_start(s, seed, reply);
    if (rc == 0)
        rc = play_entries(s, old, n, 0, reply);
    free(old);
    if (rc < 0)
        return -1;
    cJSON_AddItemToObject(reply, "undone", grg__action_json(s->loaded->sc, &undone));
    grg__add_status(s, reply);
    return 0;
}
