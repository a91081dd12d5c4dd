/* grognard replay FILE [--to N]: a record played back move by move with its events, every state
 * hash checked against the record's. The record is a `record` reply's "record" object, a whole
 * reply, or what GET /api/games/GID/record returns. */
#include "cli.h"

#include "grognard/proto.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char use[] =
    "usage: grognard replay FILE [--to N]\n"
    "Plays a game record back action by action, printing each action, the side\n"
    "that took it and its events, and checking every state hash. Stops after N\n"
    "actions with --to. Exits 1 when the record does not replay.\n";

int grg_cli_read_record(const char *path, cJSON **root, cJSON **rec)
{
    char *text = grg_cli_slurp(path);
    if (!text) {
        fprintf(stderr, "grognard: cannot read %s\n", path);
        return -1;
    }
    *root = cJSON_Parse(text);
    free(text);
    *rec = cJSON_GetObjectItem(*root, "record");
    if (!*rec)
        *rec = *root;
    cJSON *scn = cJSON_GetObjectItem(*rec, "scenario");
    cJSON *p = cJSON_GetObjectItem(scn, "path");
    if (!cJSON_IsObject(*rec) || !cJSON_IsString(p) ||
        !cJSON_IsArray(cJSON_GetObjectItem(*rec, "log"))) {
        fprintf(stderr, "grognard: %s is not a game record (scenario.path and log are required)\n",
                path);
        cJSON_Delete(*root);
        *root = NULL;
        return -1;
    }
    /* A record made elsewhere names its scenario by that machine's path: fall back on the same
     * file under our data directory. */
    const char *tail = strstr(p->valuestring, "scenarios/");
    if (access(p->valuestring, R_OK) != 0 && tail) {
        char alt[2048];
        snprintf(alt, sizeof alt, "%s/%s", grg_data_dir(), tail);
        cJSON_SetValuestring(p, alt);
    }
    /* The seed of a finished game's API record is beside the record. */
    const cJSON *seed = cJSON_GetObjectItem(*root, "seed");
    if (!cJSON_GetObjectItem(*rec, "seed") && cJSON_IsString(seed))
        cJSON_AddStringToObject(*rec, "seed", seed->valuestring);
    return 0;
}

/* Sends a request and returns the parsed reply. */
static cJSON *call(grg_session *s, cJSON *req)
{
    char *line = cJSON_PrintUnformatted(req);
    int quit = 0;
    char *r = line ? grg_session_handle(s, line, &quit) : NULL;
    free(line);
    cJSON_Delete(req);
    cJSON *o = r ? cJSON_Parse(r) : NULL;
    free(r);
    return o;
}

static int failed(cJSON *reply, const char *what)
{
    const cJSON *m = cJSON_GetObjectItem(cJSON_GetObjectItem(reply, "error"), "message");
    printf("%s: %s\n", what, cJSON_IsString(m) ? m->valuestring : "no reply");
    return 1;
}

static void print_events(const cJSON *events)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, events)
    {
        const cJSON *type = cJSON_GetObjectItem(e, "type"), *text = cJSON_GetObjectItem(e, "text");
        if (cJSON_IsString(text) && text->valuestring[0]) {
            printf("    %s: %s\n", cJSON_IsString(type) ? type->valuestring : "?",
                   text->valuestring);
        } else {
            char *t = cJSON_PrintUnformatted(e);
            printf("    %s\n", t ? t : "?");
            free(t);
        }
    }
}

/* Plays the log one entry at a time on a session replayed to its start. */
static int walk(grg_session *s, const cJSON *rec, long to)
{
    char active[64] = "";
    cJSON *req = cJSON_CreateObject();
    cJSON_AddStringToObject(req, "cmd", "replay");
    cJSON_AddItemToObject(req, "record", cJSON_Duplicate(rec, 1));
    cJSON_AddNumberToObject(req, "to", 0);
    cJSON *r = call(s, req);
    if (!cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"))) {
        int rc = failed(r, "the record cannot be loaded");
        cJSON_Delete(r);
        return rc;
    }
    const grg_loaded *l = grg_session_loaded(s);
    printf("%s (%s, ruleset %s), seed %s\n", l->sc->name, l->path, l->rs->name,
           cJSON_GetObjectItem(rec, "seed")->valuestring);
    snprintf(active, sizeof active, "%s", cJSON_GetObjectItem(r, "active")->valuestring);
    cJSON_Delete(r);
    long n = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(rec, "log"))
    {
        const cJSON *dice = cJSON_GetObjectItem(e, "dice"), *act = cJSON_GetObjectItem(e, "action");
        const cJSON *hash = cJSON_GetObjectItem(e, "hash");
        if (!dice && n >= to)
            break;
        req = cJSON_CreateObject();
        cJSON_AddStringToObject(req, "cmd", dice ? "dice" : "act");
        cJSON_AddItemToObject(req, dice ? "rolls" : "action",
                              cJSON_Duplicate(dice ? dice : act, 1));
        r = call(s, req);
        char *at = cJSON_PrintUnformatted(dice ? dice : act);
        if (!cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"))) {
            printf("%ld. %s %s\n", n + 1, active, at ? at : "?");
            free(at);
            int rc = failed(r, "refused");
            cJSON_Delete(r);
            return rc;
        }
        if (dice) {
            printf("   dice queued: %s\n", at ? at : "?");
        } else {
            printf("%ld. %s %s\n", ++n, active, at ? at : "?");
            print_events(cJSON_GetObjectItem(r, "events"));
            const cJSON *h = cJSON_GetObjectItem(r, "hash");
            if (!cJSON_IsString(hash) || !cJSON_IsString(h) ||
                strcmp(h->valuestring, hash->valuestring)) {
                printf("the state hash after action %ld differs from the record\n", n);
                free(at);
                cJSON_Delete(r);
                return 1;
            }
            snprintf(active, sizeof active, "%s", cJSON_GetObjectItem(r, "active")->valuestring);
        }
        free(at);
        cJSON_Delete(r);
    }
    const grg_game *g = grg_session_game(s);
    printf("after %ld actions: turn %d, %s, %s to act%s%s\n", n, g->turn, grg_phase_name(g), active,
           g->over ? "; over: " : "", g->over ? g->result : "");
    return 0;
}

int grg_cli_replay(int argc, char **argv)
{
    if (grg_cli_help(argc, argv, use) == 0)
        return 0;
    const char *file = NULL;
    long to = -1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--to") && i + 1 < argc) {
            if (grg_cli_number("--to", argv[++i], 0, LONG_MAX, &to) < 0)
                return 2;
        } else if (!file && argv[i][0] != '-')
            file = argv[i];
        else
            file = NULL, i = argc;
    }
    if (!file) {
        fputs(use, stderr);
        return 2;
    }
    cJSON *root, *rec;
    if (grg_cli_read_record(file, &root, &rec) < 0)
        return 1;
    if (!cJSON_IsString(cJSON_GetObjectItem(rec, "seed"))) {
        fprintf(stderr,
                "grognard: the record has no seed (a game still running keeps it secret)\n");
        cJSON_Delete(root);
        return 1;
    }
    grg_session *s = grg_session_new(grg_data_dir());
    int rc = s ? walk(s, rec, to < 0 ? 1L << 40 : to) : 1;
    grg_session_free(s);
    cJSON_Delete(root);
    return rc;
}
