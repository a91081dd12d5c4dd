/* When the AI moves: at once where a human plays against it; in a game of AI seats only, which is
 * watched rather than played, only while a client is connected to it, one decision every pace
 * (--ai-pace, or what its watchers chose with `pace`: docs/server-api.md), and not while they
 * have paused it. */
#include "server.h"

#include <stdlib.h>

enum { PACE_MIN_MS = 50, PACE_MAX_MS = 10000 }; /* what a watcher may choose */

/* Gives the side to act, when an AI holds its seat, to a worker. */
static void think_next(srv *sv, srv_game *g)
{
    if (g->over || g->ai_busy || sv->stopping || !sv->ai)
        return;
    int active = grg_session_game(g->s)->active;
    for (int i = 0; i < g->n_seats; i++)
        if (g->seats[i].ai && g->seats[i].side_index == active) {
            if (srv_ai_submit(sv, g, &g->seats[i], 0) == 0)
                g->ai_busy = 1;
            return;
        }
}

int srv_game_watched(const srv_game *g) { return srv_game_ai_seats(g) == g->n_seats; }

/* The time between a watched game's actions: its watchers' choice, else the server's. */
static int pace_ms(const srv *sv, const srv_game *g)
{
    return g->pace_ms > 0 ? g->pace_ms : sv->cfg.ai_pace_ms;
}

static void paced(lws_sorted_usec_list_t *sul)
{
    srv_game *g = lws_container_of(sul, srv_game, pace_sul);
    g->pace_pending = 0;
    if (g->clients)
        think_next(g->sv, g);
}

/* A game of AI seats only moves only while a client is connected to it (so nobody's game waits
 * behind AI games nobody watches, and a restart wakes none), and its next decision starts a pace
 * after its last action (or after a client came), so a spectator sees the moves one by one. */
void srv_game_poke_ai(srv *sv, srv_game *g)
{
    int w = srv_game_watched(g);
    if (w && (g->pace_pending || !g->clients || g->paused))
        return;
    if (w && pace_ms(sv, g) > 0 && sv->ctx && !g->over && !sv->stopping) {
        g->pace_pending = 1;
        lws_sul_schedule(sv->ctx, 0, &g->pace_sul, paced, (lws_usec_t)pace_ms(sv, g) * 1000);
        return;
    }
    think_next(sv, g);
}

/* Adds "ms" and "paused" to o; returns o. */
static cJSON *add_pace(cJSON *o, const srv *sv, const srv_game *g)
{
    cJSON_AddNumberToObject(o, "ms", pace_ms(sv, g));
    cJSON_AddBoolToObject(o, "paused", g->paused);
    return o;
}

cJSON *srv_game_pace_json(const srv *sv, const srv_game *g)
{
    return add_pace(cJSON_CreateObject(), sv, g);
}

static void push_pace(srv *sv, srv_game *g)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "push", "pace");
    cJSON_AddStringToObject(m, "game", g->id);
    add_pace(m, sv, g);
    char *t = cJSON_PrintUnformatted(m);
    cJSON_Delete(m);
    if (t)
        srv_push(sv, g, SRV_ALL, t);
    free(t);
}

cJSON *srv_game_pace(srv *sv, srv_game *g, const cJSON *req)
{
    if (!srv_game_watched(g))
        return srv_error_json("forbidden", "%s",
                              "pace: only a game the AI plays against itself has a pace; the "
                              "AI answers a player at once");
    const cJSON *ms = cJSON_GetObjectItem(req, "ms"), *paused = cJSON_GetObjectItem(req, "paused"),
                *step = cJSON_GetObjectItem(req, "step");
    if (ms && (!cJSON_IsNumber(ms) || (double)ms->valueint != ms->valuedouble ||
               ms->valueint < PACE_MIN_MS || ms->valueint > PACE_MAX_MS))
        return srv_error_json("bad_request",
                              "pace: \"ms\" must be a whole number of milliseconds from %d to %d",
                              PACE_MIN_MS, PACE_MAX_MS);
    if (paused && !cJSON_IsBool(paused))
        return srv_error_json("bad_request", "%s", "pace: \"paused\" must be true or false");
    if (step && !cJSON_IsBool(step))
        return srv_error_json("bad_request", "%s", "pace: \"step\" must be true or false");
    int pause = paused ? cJSON_IsTrue(paused) : g->paused, one = cJSON_IsTrue(step);
    if (one && !pause)
        return srv_error_json("bad_request", "%s",
                              "pace: \"step\" plays one action of a paused game; pause it first");
    if ((ms || paused || one) && g->over)
        return srv_error_json("game_over", "%s", "the game is over");
    if (ms || paused) {
        if (ms)
            g->pace_ms = ms->valueint;
        g->paused = pause;
        if (g->pace_pending) { /* the wait running is for the old pace */
            lws_sul_cancel(&g->pace_sul);
            g->pace_pending = 0;
        }
        push_pace(sv, g);
        srv_game_poke_ai(sv, g);
    }
    if (one)
        think_next(sv, g); /* an action already being thought is that step */
    cJSON *r = cJSON_CreateObject();
    cJSON_AddBoolToObject(r, "ok", 1);
    cJSON_AddItemToObject(r, "pace", srv_game_pace_json(sv, g));
    return r;
}
