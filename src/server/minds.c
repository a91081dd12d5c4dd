/* The AI players the server keeps between a game's decisions: one per game and side, of the
 * seat's player, so that a player that thinks over several decisions (the plan player carries its
 * evolved plans through a phase, docs/ai.md) keeps what it thought instead of starting again at
 * every move. A worker takes the game's player, thinks, and puts it back; the least recently used
 * idle player makes room for a new game's when the table is full, and a game that ends drops its
 * players. Safe to call from any thread. */
#include "server.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct mind {
    char gid[SRV_ID_LEN];
    int side;
    grg_ai *ai; /* NULL: a free slot */
    int busy;   /* taken by a worker */
    unsigned long long used;
} mind;

struct srv_minds {
    pthread_mutex_t mu;
    int n;
    unsigned long long clock;
    mind slot[];
};

srv_minds *srv_minds_new(int capacity)
{
    if (capacity < 1)
        capacity = 1;
    srv_minds *m = calloc(1, sizeof *m + (size_t)capacity * sizeof m->slot[0]);
    if (!m)
        return NULL;
    pthread_mutex_init(&m->mu, NULL);
    m->n = capacity;
    return m;
}

void srv_minds_free(srv_minds *m)
{
    if (!m)
        return;
    for (int i = 0; i < m->n; i++)
        grg_ai_free(m->slot[i].ai);
    pthread_mutex_destroy(&m->mu);
    free(m);
}

/* The slot for a new player: a free one, else the least recently used idle one; -1 if all are
 * taken. */
static int room(const srv_minds *m)
{
    int best = -1;
    for (int i = 0; i < m->n; i++) {
        if (!m->slot[i].ai)
            return i;
        if (!m->slot[i].busy && (best < 0 || m->slot[i].used < m->slot[best].used))
            best = i;
    }
    return best;
}

grg_ai *srv_minds_take(srv_minds *m, const char *player, const char *gid, int side, uint64_t seed)
{
    pthread_mutex_lock(&m->mu);
    grg_ai *ai = NULL;
    int at = -1;
    for (int i = 0; i < m->n && at < 0; i++)
        if (m->slot[i].ai && m->slot[i].side == side && strcmp(m->slot[i].gid, gid) == 0 &&
            strcmp(grg_ai_name(m->slot[i].ai), player) == 0)
            at = i;
    if (at >= 0 && m->slot[at].busy)
        at = -1; /* in use by another worker: the caller thinks afresh */
    else if (at < 0 && (at = room(m)) >= 0) {
        grg_ai *fresh = grg_ai_new(player, seed, NULL);
        if (fresh) {
            grg_ai_free(m->slot[at].ai);
            mind *s = &m->slot[at];
            snprintf(s->gid, sizeof s->gid, "%s", gid);
            s->side = side;
            s->ai = fresh;
        } else {
            at = -1;
        }
    }
    if (at >= 0) {
        m->slot[at].busy = 1;
        m->slot[at].used = ++m->clock;
        ai = m->slot[at].ai;
    }
    pthread_mutex_unlock(&m->mu);
    return ai;
}

void srv_minds_put(srv_minds *m, grg_ai *ai)
{
    pthread_mutex_lock(&m->mu);
    for (int i = 0; i < m->n; i++)
        if (m->slot[i].ai == ai)
            m->slot[i].busy = 0;
    pthread_mutex_unlock(&m->mu);
}

int srv_minds_forget(srv_minds *m, const char *gid)
{
    int n = 0;
    pthread_mutex_lock(&m->mu);
    for (int i = 0; i < m->n; i++) {
        mind *s = &m->slot[i];
        if (!s->ai || strcmp(s->gid, gid) != 0)
            continue;
        s->gid[0] = '\0';
        s->used = 0;
        if (!s->busy) {
            grg_ai_free(s->ai);
            s->ai = NULL;
        }
        n++;
    }
    pthread_mutex_unlock(&m->mu);
    return n;
}
