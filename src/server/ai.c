/* AI seats: the loop thread submits a clone of the game; worker threads think (src/ai, whose
 * players re-seed their own clones so they never see the real dice to come) with the player kept
 * for that game and side (minds.c), and post the chosen action back, waking the loop with
 * lws_cancel_service, the one lws call that is safe from another thread. The loop applies the
 * answer only if the game has not changed meanwhile. A player's request for a hint is thought the
 * same way, by the server's own player afresh (grg_ai_suggest), and its answer pushed instead of
 * applied. */
#include "server.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define AI_MAX_THREADS 4
#define AI_MINDS 32 /* players kept between decisions, one per game and side (minds.c) */

typedef struct ai_job {
    char gid[SRV_ID_LEN];
    char player[32]; /* the seat's player, or the server's own for a hint */
    int seat, hint;  /* the seat it is for; a suggestion for its human (hint), not a move */
    unsigned gen;
    grg_game *clone;
    uint64_t seed;
    grg_action out[GRG_WHOLE_MAX]; /* a move: its one action; a hint: the suggestion */
    int n;                         /* actions in out; 0: none found */
    struct ai_job *next;
} ai_job;

struct srv_ai {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    ai_job *todo, *todo_tail, *done;
    pthread_t th[AI_MAX_THREADS];
    int n_threads, stop;
    struct lws_context *ctx;
    char player[32]; /* the server's own (--ai), for seats that name none */
    srv_minds *minds;
    grg_ai_budget budget; /* the configured count, cut short at the configured time */
    uint64_t rng;         /* our own generator for the AI's seeds: never the game's */
};

/* A uniformly random legal action, drawn with the caller's generator: the fallback when no
 * player of src/ai answers. */
static int random_choice(const grg_game *g, uint64_t seed, grg_action *out)
{
    grg_action_list *l = malloc(sizeof *l);
    if (!l || g->over || grg_legal(g, NULL, 0, l) < 0 || l->n == 0) {
        free(l);
        return -1;
    }
    uint64_t z = seed + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    *out = l->items[(z ^ (z >> 31)) % (uint64_t)l->n];
    free(l);
    return 0;
}

int server_ai_choose(const char *player, const grg_game *g, uint64_t seed, grg_ai_budget budget,
                     grg_action *out)
{
    if (grg_ai_think(player, g, seed, budget, out) == 0)
        return 0;
    if (strcmp(player, "random") != 0 &&
        grg_ai_think("random", g, seed, (grg_ai_budget){0, 0}, out) == 0)
        return 0;
    return random_choice(g, seed, out);
}

/* Answers job j: a hint by the suggestion of the server's own player (grg_ai_suggest), a move by
 * the seat's player kept for the game, or a fresh one, or at worst a random action. */
static void think(srv_ai *ai, ai_job *j)
{
    if (j->hint) {
        j->n =
            grg_ai_suggest(j->player, NULL, j->clone, j->seed, ai->budget, j->out, GRG_WHOLE_MAX);
        j->n = j->n > 0 ? j->n : 0;
        return;
    }
    grg_ai *mind =
        ai->minds ? srv_minds_take(ai->minds, j->player, j->gid, j->clone->active, j->seed) : NULL;
    j->n = 0;
    if (mind) {
        j->n = grg_ai_choose(mind, j->clone, ai->budget, &j->out[0]) == 0;
        srv_minds_put(ai->minds, mind);
    }
    if (!j->n)
        j->n = server_ai_choose(j->player, j->clone, j->seed, ai->budget, &j->out[0]) == 0;
}

static void *worker(void *arg)
{
    srv_ai *ai = arg;
    pthread_mutex_lock(&ai->mu);
    for (;;) {
        while (!ai->stop && !ai->todo)
            pthread_cond_wait(&ai->cv, &ai->mu);
        if (ai->stop)
            break;
        ai_job *j = ai->todo;
        ai->todo = j->next;
        if (!ai->todo)
            ai->todo_tail = NULL;
        pthread_mutex_unlock(&ai->mu);
        think(ai, j);
        pthread_mutex_lock(&ai->mu);
        j->next = ai->done;
        ai->done = j;
        if (ai->ctx)
            lws_cancel_service(ai->ctx);
    }
    pthread_mutex_unlock(&ai->mu);
    return NULL;
}

int srv_ai_start(srv *sv, int threads)
{
    srv_ai *ai = calloc(1, sizeof *ai);
    if (!ai)
        return -1;
    pthread_mutex_init(&ai->mu, NULL);
    pthread_cond_init(&ai->cv, NULL);
    ai->ctx = sv->ctx;
    snprintf(ai->player, sizeof ai->player, "%s", sv->cfg.ai_player ? sv->cfg.ai_player : "plan");
    ai->budget = (grg_ai_budget){sv->cfg.ai_iterations, sv->cfg.ai_ms};
    ai->minds = srv_minds_new(AI_MINDS); /* without it each decision thinks afresh */
    srv_random(&ai->rng, sizeof ai->rng);
    if (threads < 1)
        threads = 1;
    if (threads > AI_MAX_THREADS)
        threads = AI_MAX_THREADS;
    for (int i = 0; i < threads; i++)
        if (pthread_create(&ai->th[ai->n_threads], NULL, worker, ai) == 0)
            ai->n_threads++;
    sv->ai = ai;
    return ai->n_threads ? 0 : -1;
}

static void free_jobs(ai_job *j)
{
    while (j) {
        ai_job *n = j->next;
        grg_game_free(j->clone);
        free(j);
        j = n;
    }
}

void srv_ai_stop(srv *sv)
{
    srv_ai *ai = sv->ai;
    if (!ai)
        return;
    pthread_mutex_lock(&ai->mu);
    ai->stop = 1;
    pthread_cond_broadcast(&ai->cv);
    pthread_mutex_unlock(&ai->mu);
    for (int i = 0; i < ai->n_threads; i++)
        pthread_join(ai->th[i], NULL);
    free_jobs(ai->todo);
    free_jobs(ai->done);
    srv_minds_free(ai->minds);
    pthread_mutex_destroy(&ai->mu);
    pthread_cond_destroy(&ai->cv);
    free(ai);
    sv->ai = NULL;
}

int srv_ai_submit(srv *sv, const srv_game *g, const srv_seat *st, int hint)
{
    srv_ai *ai = sv->ai;
    ai_job *j = calloc(1, sizeof *j);
    if (!ai || !j || !(j->clone = grg_game_clone(grg_session_game(g->s)))) {
        free(j);
        return -1;
    }
    snprintf(j->gid, sizeof j->gid, "%s", g->id);
    snprintf(j->player, sizeof j->player, "%s", st->player[0] && !hint ? st->player : ai->player);
    j->seat = (int)(st - g->seats);
    j->hint = hint;
    j->gen = g->generation;
    ai->rng = ai->rng * 6364136223846793005ULL + 1442695040888963407ULL;
    j->seed = ai->rng;
    pthread_mutex_lock(&ai->mu);
    if (ai->todo_tail)
        ai->todo_tail->next = j;
    else
        ai->todo = j;
    ai->todo_tail = j;
    pthread_cond_signal(&ai->cv);
    pthread_mutex_unlock(&ai->mu);
    return 0;
}

void srv_ai_drain(srv *sv)
{
    srv_ai *ai = sv->ai;
    if (!ai)
        return;
    pthread_mutex_lock(&ai->mu);
    ai_job *j = ai->done;
    ai->done = NULL;
    pthread_mutex_unlock(&ai->mu);
    /* Oldest first: the list was built by pushing at the head. */
    ai_job *rev = NULL;
    while (j) {
        ai_job *n = j->next;
        j->next = rev;
        rev = j;
        j = n;
    }
    for (j = rev; j; j = j->next) {
        if (sv->stopping)
            continue;
        if (j->hint)
            srv_game_hint_result(sv, j->gid, j->gen, j->seat, j->out, j->n);
        else
            srv_game_ai_result(sv, j->gid, j->gen, &j->out[0], j->n > 0);
    }
    free_jobs(rev);
}

void srv_ai_forget(srv *sv, const char *gid)
{
    if (sv->ai && sv->ai->minds)
        srv_minds_forget(sv->ai->minds, gid);
}
