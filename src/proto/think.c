/* The protocol's `think` (docs/protocol.md): a computer player's choice of the next action, as
 * UCI's `go` answers with the engine's best move, or with `"whole":true` the whole move it begins
 * (an activation to its end), as an engine's principal variation shows more than one move. The
 * players live above this layer; the program running the session hands them in
 * (grg_session_set_think). The choice is only reported, in the form `act` takes, so the caller
 * decides whether to play it; the game is never changed, and the player thinks on its own copies
 * with its own generator (design §3), so the real dice to come are neither seen nor moved. The
 * program may keep its players between requests (grognard engine keeps one a side), so a player
 * that thinks across decisions goes on where it stopped. */
#include "session.h"

#define MAX_ITERATIONS 1000000
#define MAX_MS 600000

/* An optional whole number in [0, max] named key; *out keeps its value when the key is absent. */
static int budget_field(const cJSON *req, const char *key, int max, int *out, cJSON *reply)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, key);
    if (!v)
        return 0;
    if (!cJSON_IsNumber(v) || v->valuedouble != (double)v->valueint || v->valueint < 0 ||
        v->valueint > max)
        return grg__error(reply, "bad_request", NULL, "\"%s\" must be a whole number from 0 to %d",
                          key, max);
    *out = v->valueint;
    return 0;
}

/* An optional string named key; *out keeps its value when the key is absent. */
static int text_field(const cJSON *req, const char *key, const char **out, cJSON *reply)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, key);
    if (!v)
        return 0;
    if (!cJSON_IsString(v))
        return grg__error(reply, "bad_request", NULL, "\"%s\" must be a string", key);
    *out = v->valuestring;
    return 0;
}

int grg__cmd_think(grg_session *s, const cJSON *req, cJSON *reply)
{
    if (grg__need_game(s, reply) < 0)
        return -1;
    const char *player = "plan", *options = ""; /* the strongest (docs/ai.md), as the server's */
    int iterations = 0, ms = 0;
    if (text_field(req, "player", &player, reply) < 0 ||
        text_field(req, "options", &options, reply) < 0 ||
        budget_field(req, "iterations", MAX_ITERATIONS, &iterations, reply) < 0 ||
        budget_field(req, "ms", MAX_MS, &ms, reply) < 0)
        return -1;
    const cJSON *sv = cJSON_GetObjectItemCaseSensitive(req, "seed");
    uint64_t seed;
    if (sv ? grg__seed_parse(sv, &seed, reply) < 0 : (seed = grg__os_seed(), 0))
        return -1;
    const cJSON *wj = cJSON_GetObjectItemCaseSensitive(req, "whole");
    if (wj && !cJSON_IsBool(wj))
        return grg__error(reply, "bad_request", NULL, "\"whole\" must be true or false");
    int whole = cJSON_IsTrue(wj);
    if (!s->think || (whole && !s->think->whole))
        return grg__error(reply, "no_player", NULL, "this program runs no computer player%s",
                          s->think ? " that suggests a whole move" : "");
    if (s->g->over)
        return grg__error(reply, "illegal", "GRG-OVER", "The game is over: %s", s->g->result);
    grg_action a[GRG_WHOLE_MAX];
    char why[512] = "";
    int rc = whole ? s->think->whole(s->think, player, options, s->g, seed, iterations, ms, a,
                                     GRG_WHOLE_MAX, why, sizeof why)
                   : s->think->think(s->think, player, options, s->g, &seed, sv != NULL, iterations,
                                     ms, a, why, sizeof why);
    if (rc == -1)
        return grg__error(reply, "no_player", NULL, "there is no computer player '%s'", player);
    if (rc == -3)
        return grg__error(reply, "bad_request", NULL, "\"options\": %s", why);
    if (rc < 0)
        return grg__error(reply, "internal", NULL, "the player found no action to choose");
    char text[17];
    grg__seed_format(seed, text);
    cJSON_AddStringToObject(reply, "player", player);
    cJSON_AddStringToObject(reply, "seed", text);
    cJSON_AddItemToObject(reply, "action", grg__action_json(s->loaded->sc, &a[0]));
    if (whole) {
        cJSON *list = cJSON_AddArrayToObject(reply, "actions");
        for (int i = 0; i < rc; i++)
            cJSON_AddItemToArray(list, grg__action_json(s->loaded->sc, &a[i]));
    }
    return 0;
}
