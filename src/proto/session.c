/* The line protocol (docs/protocol.md): one JSON request per line, one JSON reply per line. This
 * file holds the dispatcher and the commands that load, show and change a game. */
#include "session.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int grg__error(cJSON *reply, const char *code, const char *rule, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    cJSON_DeleteItemFromObject(reply, "error");
    cJSON *e = cJSON_AddObjectToObject(reply, "error");
    cJSON_AddStringToObject(e, "code", code);
    if (rule && rule[0])
        cJSON_AddStringToObject(e, "rule", rule);
    cJSON_AddStringToObject(e, "message", msg);
    return -1;
}

int grg__decode_error(cJSON *reply, const grg_decode_err *e)
{
    return grg__error(reply, e->code, NULL, "%s", e->message);
}

int grg__need_game(grg_session *s, cJSON *reply)
{
    if (!s->g)
        return grg__error(reply, "not_loaded", NULL, "no scenario is loaded: send load first");
    return 0;
}

int grg__request_units(grg_session *s, const cJSON *req, int *units, int max, int *n, cJSON *reply)
{
    grg_decode_err err;
    *n = 0;
    const cJSON *one = cJSON_GetObjectItemCaseSensitive(req, "unit");
    const cJSON *many = cJSON_GetObjectItemCaseSensitive(req, "units");
    if (one) {
        if (grg__unit_decode(s->loaded->sc, one, "unit", &units[0], &err) < 0)
            return grg__decode_error(reply, &err);
        *n = 1;
    }
    if (many) {
        if (!cJSON_IsArray(many))
            return grg__error(reply, "bad_request", NULL, "\"units\" must be an array of unit ids");
        const cJSON *it;
        cJSON_ArrayForEach(it, many)
        {
            if (*n >= max)
                return grg__error(reply, "bad_request", NULL, "too many units");
            if (grg__unit_decode(s->loaded->sc, it, "units", &units[*n], &err) < 0)
                return grg__decode_error(reply, &err);
            (*n)++;
        }
    }
    return 0;
}

void grg__seed_format(uint64_t seed, char out[17])
{
    snprintf(out, 17, "%016llx", (unsigned long long)seed);
}

int grg__seed_parse(const cJSON *v, uint64_t *seed, cJSON *reply)
{
    if (!cJSON_IsString(v) || strlen(v->valuestring) != 16 ||
        strspn(v->valuestring, "0123456789abcdefABCDEF") != 16)
        return grg__error(reply, "bad_request", NULL, "\"seed\" must be a string of 16 hex digits");
    *seed = strtoull(v->valuestring, NULL, 16);
    return 0;
}

/* A seed from the operating system's random source. */
uint64_t grg__os_seed(void)
{
    uint64_t seed = 0;
    int fd = open("/dev/urandom", O_RDONLY);
    if (fd >= 0) {
        if (read(fd, &seed, sizeof seed) != (ssize_t)sizeof seed)
            seed = 0;
        close(fd);
    }
    return seed;
}

cJSON *grg__options_json(const grg_game *g)
{
    cJSON *o = cJSON_CreateObject();
    for (int i = 0; i < g->rs->n_options; i++) {
        const grg_option_def *d = &g->rs->options[i];
        if (d->values)
            cJSON_AddStringToObject(o, d->name, d->values[g->opt[i]]);
        else
            cJSON_AddNumberToObject(o, d->name, g->opt[i]);
    }
    return o;
}

void grg__add_status(grg_session *s, cJSON *reply)
{
    const grg_game *g = s->g;
    char hash[17];
    cJSON_AddNumberToObject(reply, "turn", g->turn);
    cJSON_AddStringToObject(reply, "phase", grg_phase_name(g));
    cJSON_AddStringToObject(reply, "active", g->sc->sides[g->active].id);
    cJSON_AddBoolToObject(reply, "over", g->over);
    if (g->over) {
        if (g->winner >= 0)
            cJSON_AddStringToObject(reply, "winner", g->sc->sides[g->winner].id);
        else
            cJSON_AddNullToObject(reply, "winner");
        cJSON_AddStringToObject(reply, "result", g->result);
    }
    grg__seed_format(grg_game_hash(g), hash);
    cJSON_AddStringToObject(reply, "hash", hash);
}

int grg__session_start(grg_session *s, uint64_t seed, cJSON *reply)
{
    grg_err err = {0, ""};
    grg_events_clear(s->ev);
    grg_game *g = grg_game_new(s->loaded->rs, s->loaded->sc, &s->opts, seed, s->ev, &err);
    if (!g)
        return grg__error(reply, "invalid_options", NULL, "%s", err.message);
    grg_game_free(s->g);
    s->g = g;
    s->n_log = 0;
    if (s->think && s->think->forget)
        s->think->forget(s->think); /* a new game: nothing thought about the old one goes on */
    return 0;
}

/* Reads the "options" object of a load request against the ruleset. */
int grg__options_read(const grg_ruleset *rs, const cJSON *obj, grg_options *out, cJSON *reply)
{
    memset(out, 0, sizeof *out);
    if (!obj)
        return 0;
    if (!cJSON_IsObject(obj))
        return grg__error(reply, "bad_request", NULL, "\"options\" must be an object");
    const cJSON *e;
    cJSON_ArrayForEach(e, obj)
    {
        char text[32], msg[200];
        if (cJSON_IsString(e))
            snprintf(text, sizeof text, "%s", e->valuestring);
        else if (cJSON_IsBool(e) || cJSON_IsNumber(e))
            snprintf(text, sizeof text, "%d", cJSON_IsBool(e) ? cJSON_IsTrue(e) : e->valueint);
        else
            text[0] = '\0';
        int v;
        if (grg_option_parse(rs, e->string, text, &v, msg, sizeof msg) < 0)
            return grg__error(reply, "invalid_options", NULL, "%s", msg);
        if (grg_options_set(out, e->string, v) < 0)
            return grg__error(reply, "invalid_options", NULL, "too many options");
    }
    return 0;
}

cJSON *grg__problems_json(const grg_problems *p)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < p->n; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "path", p->items[i].path);
        cJSON_AddStringToObject(o, "message", p->items[i].message);
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

grg_loaded *grg__load_or_error(grg_session *s, const char *path, cJSON *reply)
{
    grg_problems *p = calloc(1, sizeof *p);
    grg_loaded *l = NULL;
    int not_found = 0;
    if (!p) {
        grg__error(reply, "internal", NULL, "out of memory");
        return NULL;
    }
    if (grg_load_scenario(path, s->data_dir, &l, p, &not_found) < 0) {
        if (not_found) {
            grg__error(reply, "not_found", NULL, "no such file: %s", path);
        } else {
            grg__error(reply, "invalid_scenario", NULL, "%s is not a valid scenario (%d problems)",
                       path, p->n);
            cJSON_AddItemToObject(cJSON_GetObjectItem(reply, "error"), "problems",
                                  grg__problems_json(p));
        }
        l = NULL;
    }
    free(p);
    return l;
}

static int cmd_load(grg_session *s, const cJSON *req, cJSON *reply)
{
    const cJSON *path = cJSON_GetObjectItemCaseSensitive(req, "scenario");
    if (!cJSON_IsString(path))
        return grg__error(reply, "bad_request", NULL, "load needs \"scenario\": a file path");
    uint64_t seed = 0;
    const cJSON *sv = cJSON_GetObjectItemCaseSensitive(req, "seed");
    if (sv ? grg__seed_parse(sv, &seed, reply) < 0 : (seed = grg__os_seed(), 0))
        return -1;
    grg_loaded *l = grg__load_or_error(s, path->valuestring, reply);
    if (!l)
        return -1;
    grg_options opts;
    if (grg__options_read(l->rs, cJSON_GetObjectItemCaseSensitive(req, "options"), &opts, reply) <
        0) {
        grg_loaded_free(l);
        return -1;
    }
    grg_loaded *old_l = s->loaded;
    grg_game *old_g = s->g;
    grg_options old_o = s->opts;
    s->loaded = l;
    s->opts = opts;
    s->g = NULL;
    if (grg__session_start(s, seed, reply) < 0) {
        grg_loaded_free(l);
        s->loaded = old_l;
        s->g = old_g;
        s->opts = old_o;
        return -1;
    }
    grg_game_free(old_g);
    grg_loaded_free(old_l);
    char seed_hex[17];
    grg__seed_format(seed, seed_hex);
    cJSON_AddStringToObject(reply, "scenario", l->sc->id);
    cJSON_AddStringToObject(reply, "name", l->sc->name);
    cJSON_AddStringToObject(reply, "ruleset", l->rs->name);
    cJSON *map = cJSON_AddObjectToObject(reply, "map");
    cJSON_AddNumberToObject(map, "width", l->sc->map.width);
    cJSON_AddNumberToObject(map, "height", l->sc->map.height);
    cJSON_AddStringToObject(reply, "seed", seed_hex);
    grg__add_status(s, reply);
    cJSON_AddItemToObject(reply, "events", grg__events_json(l->sc, s->ev, 0));
    return 0;
}

#define MAX_SEQ 256

static int cmd_act(grg_session *s, const cJSON *req, cJSON *reply)
{
    if (grg__need_game(s, reply) < 0)
        return -1;
    grg_action acts[MAX_SEQ];
    grg_decode_err err;
    int n = grg__actions_decode(
        s->loaded->sc, s->g, cJSON_GetObjectItemCaseSensitive(req, "action"), acts, MAX_SEQ, &err);
    if (n < 0)
        return grg__decode_error(reply, &err);
    grg_verdict why = {"", ""};
    int failed = 0;
    grg_events_clear(s->ev);
    grg_game *before = grg_game_clone(s->g);
    if (!before)
        return grg__error(reply, "internal", NULL, "out of memory");
    if (grg_apply_all(s->g, acts, n, s->ev, &why, &failed) < 0) {
        grg_game_free(before);
        grg__error(reply, "illegal", why.rule, "%s", why.message);
        if (n > 1)
            cJSON_AddNumberToObject(cJSON_GetObjectItem(reply, "error"), "step", failed);
        return -1;
    }
    /* Record each atomic action with the hash after it, replaying on a copy for the hashes. */
    for (int i = 0; i < n; i++) {
        grg_log_entry e;
        memset(&e, 0, sizeof e);
        e.action = acts[i];
        grg_apply(before, &acts[i], NULL, NULL);
        e.hash = grg_game_hash(before);
        if (grg__log_push(s, &e) < 0) {
            grg_game_free(before);
            return grg__error(reply, "internal", NULL, "out of memory");
        }
    }
    grg_game_free(before);
    cJSON_AddItemToObject(reply, "events", grg__events_json(s->loaded->sc, s->ev, 0));
    grg__add_status(s, reply);
    return 0;
}

static int cmd_dice(grg_session *s, const cJSON *req, cJSON *reply)
{
    if (grg__need_game(s, reply) < 0)
        return -1;
    const cJSON *rolls = cJSON_GetObjectItemCaseSensitive(req, "rolls");
    grg_log_entry e;
    memset(&e, 0, sizeof e);
    e.is_dice = 1;
    if (!cJSON_IsArray(rolls))
        return grg__error(reply, "bad_request", NULL, "dice needs \"rolls\": an array of 1 to 6");
    const cJSON *r;
    cJSON_ArrayForEach(r, rolls)
    {
        if (!cJSON_IsNumber(r) || r->valueint < 1 || r->valueint > 6 ||
            r->valuedouble != r->valueint)
            return grg__error(reply, "bad_request", NULL,
                              "each roll is a whole number from 1 to 6");
        if (e.n_dice >= GRG_DICE_QUEUE)
            return grg__error(reply, "bad_request", NULL, "at most %d rolls may wait",
                              GRG_DICE_QUEUE);
        e.dice[e.n_dice++] = r->valueint;
    }
    if (grg_dice_queue(s->g, e.dice, e.n_dice) < 0)
        return grg__error(reply, "bad_request", NULL, "at most %d rolls may wait", GRG_DICE_QUEUE);
    if (grg__log_push(s, &e) < 0)
        return grg__error(reply, "internal", NULL, "out of memory");
    cJSON *q = cJSON_AddArrayToObject(reply, "queue");
    for (int i = 0; i < s->g->n_queue; i++)
        cJSON_AddItemToArray(q, cJSON_CreateNumber(s->g->queue[i]));
    return 0;
}

static const struct {
    const char *name;
    grg_cmd_fn fn;
} commands[] = {
    {"load", cmd_load},
    {"state", grg__cmd_state},
    {"act", cmd_act},
    {"dice", cmd_dice},
    {"legal", grg__cmd_legal},
    {"los", grg__cmd_los},
    {"reach", grg__cmd_reach},
    {"zoc", grg__cmd_zoc},
    {"command", grg__cmd_command},
    {"preview", grg__cmd_preview},
    {"think", grg__cmd_think},
    {"distance", grg__cmd_distance},
    {"neighbours", grg__cmd_neighbours},
    {"facing", grg__cmd_facing},
    {"map", grg__cmd_map},
    {"record", grg__cmd_record},
    {"replay", grg__cmd_replay},
    {"undo", grg__cmd_undo},
};

grg_session *grg_session_new(const char *data_dir)
{
    grg_session *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    snprintf(s->data_dir, sizeof s->data_dir, "%s", data_dir ? data_dir : grg_data_dir());
    s->ev = grg_events_new(1024);
    s->legal = malloc(sizeof *s->legal);
    s->reach = malloc(sizeof *s->reach);
    s->zoc = malloc(sizeof *s->zoc);
    if (!s->ev || !s->legal || !s->reach || !s->zoc) {
        grg_session_free(s);
        return NULL;
    }
    return s;
}

void grg_session_free(grg_session *s)
{
    if (!s)
        return;
    grg_game_free(s->g);
    grg_loaded_free(s->loaded);
    grg_events_free(s->ev);
    free(s->log);
    free(s->legal);
    free(s->reach);
    free(s->zoc);
    free(s);
}

static char *finish(cJSON *reply)
{
    char *out = cJSON_PrintUnformatted(reply);
    cJSON_Delete(reply);
    return out;
}

char *grg_session_handle(grg_session *s, const char *line, int *quit)
{
    *quit = 0;
    if (strspn(line, " \t\r\n") == strlen(line))
        return NULL;
    cJSON *reply = cJSON_CreateObject();
    cJSON *req = cJSON_Parse(line);
    if (!req || !cJSON_IsObject(req)) {
        cJSON_AddBoolToObject(reply, "ok", 0);
        grg__error(reply, "bad_request", NULL,
                   req ? "a request is a JSON object" : "the line is not valid JSON");
        cJSON_Delete(req);
        return finish(reply);
    }
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(req, "id");
    if (id)
        cJSON_AddItemToObject(reply, "id", cJSON_Duplicate(id, 1));
    cJSON_AddBoolToObject(reply, "ok", 1);
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(req, "cmd");
    int rc = -1;
    if (!cJSON_IsString(cmd)) {
        grg__error(reply, "bad_request", NULL, "a request needs \"cmd\": a command name");
    } else if (strcmp(cmd->valuestring, "quit") == 0) {
        *quit = 1;
        cJSON_Delete(req);
        cJSON_Delete(reply);
        return NULL;
    } else {
        size_t k = 0;
        while (k < sizeof commands / sizeof *commands && strcmp(commands[k].name, cmd->valuestring))
            k++;
        if (k == sizeof commands / sizeof *commands)
            grg__error(reply, "unknown_command", NULL, "there is no command '%s'",
                       cmd->valuestring);
        else
            rc = commands[k].fn(s, req, reply);
    }
    if (rc < 0) {
        /* A failed command answers only id, ok and error. */
        cJSON *err = cJSON_DetachItemFromObject(reply, "error");
        cJSON_Delete(reply);
        reply = cJSON_CreateObject();
        if (id)
            cJSON_AddItemToObject(reply, "id", cJSON_Duplicate(id, 1));
        cJSON_AddBoolToObject(reply, "ok", 0);
        cJSON_AddItemToObject(reply, "error", err);
    }
    cJSON_Delete(req);
    return finish(reply);
}

void grg_session_set_think(grg_session *s, grg_thinker *t) { s->think = t; }

int grg_session_run(const char *data_dir, grg_thinker *think, FILE *in, FILE *out)
{
    grg_session *s = grg_session_new(data_dir);
    if (!s)
        return -1;
    grg_session_set_think(s, think);
    char *line = NULL;
    size_t cap = 0;
    int quit = 0;
    while (!quit && getline(&line, &cap, in) >= 0) {
        char *reply = grg_session_handle(s, line, &quit);
        if (reply) {
            fputs(reply, out);
            fputc('\n', out);
            fflush(out);
            free(reply);
        }
    }
    free(line);
    grg_session_free(s);
    return 0;
}
