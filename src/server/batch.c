/* Group commit. An accepted act writes its log entries into the open batch (one SQLite
 * transaction) and its acknowledgement and pushes wait here; the batch commits at the loop's next
 * timer phase, after every request that arrived in the same wake-up, so one fsync covers them all.
 * Only then are the messages sent, in the order they were made. If the commit fails, every game
 * written in the batch is rebuilt from the store, its acknowledgements become `storage` errors and
 * its pushes are dropped: nothing a player saw accepted is ever lost. */
#include "server.h"

#include <stdlib.h>
#include <string.h>

enum { P_REPLY, P_ACK, P_PUSH };

struct srv_pending {
    int kind;
    srv_client *to; /* P_REPLY, P_ACK; NULL once the client left */
    srv_game *g;    /* P_PUSH */
    int seat;       /* P_PUSH: the seat it is for, or SRV_ALL */
    char *text;
    char *id; /* P_ACK: the request's id as JSON, for the error that replaces it */
    srv_pending *next;
};

static void flush_cb(lws_sorted_usec_list_t *sul)
{
    srv *sv = lws_container_of(sul, srv, batch_sul);
    srv_batch_flush(sv);
}

int srv_batch_open(srv *sv)
{
    if (sv->batch_open)
        return 0;
    if (srv_store_batch_begin(sv->store) < 0)
        return -1;
    sv->batch_open = 1;
    if (sv->ctx)
        lws_sul_schedule(sv->ctx, 0, &sv->batch_sul, flush_cb, 1);
    return 0;
}

static void append(srv *sv, int kind, srv_client *to, srv_game *g, int seat, const char *text,
                   const char *id)
{
    srv_pending *p = calloc(1, sizeof *p);
    if (!p || !(p->text = strdup(text))) {
        free(p);
        return;
    }
    p->kind = kind;
    p->to = to;
    p->g = g;
    p->seat = seat;
    p->id = id ? strdup(id) : NULL;
    if (sv->pend_tail)
        sv->pend_tail->next = p;
    else
        sv->pend_head = p;
    sv->pend_tail = p;
}

void srv_reply(srv *sv, srv_client *c, const char *text)
{
    if (!sv->batch_open)
        srv_client_send(c, text, strlen(text));
    else
        append(sv, P_REPLY, c, NULL, SRV_ALL, text, NULL);
}

void srv_batch_ack(srv *sv, srv_client *c, const cJSON *id, const char *text)
{
    char *idt = id ? cJSON_PrintUnformatted(id) : NULL;
    append(sv, P_ACK, c, NULL, SRV_ALL, text, idt);
    free(idt);
}

void srv_batch_push(srv *sv, srv_game *g, int seat, const char *text)
{
    append(sv, P_PUSH, NULL, g, seat, text, NULL);
}

void srv_push(srv *sv, srv_game *g, int seat, const char *text)
{
    if (sv->batch_open)
        srv_batch_push(sv, g, seat, text);
    else
        srv_broadcast(g, seat, text, strlen(text));
}

void srv_batch_forget_client(srv *sv, srv_client *c)
{
    for (srv_pending *p = sv->pend_head; p; p = p->next)
        if (p->to == c)
            p->to = NULL;
}

static void send_storage_error(srv_client *c, const char *id)
{
    char buf[400];
    int n = snprintf(buf, sizeof buf,
                     "{%s%s%s\"ok\":false,\"error\":{\"code\":\"storage\",\"message\":\"the action "
                     "could not be stored; the game is as it was before it\"}}",
                     id ? "\"id\":" : "", id ? id : "", id ? "," : "");
    if (n > 0 && (size_t)n < sizeof buf)
        srv_client_send(c, buf, (size_t)n);
}

int srv_batch_flush(srv *sv)
{
    if (!sv->batch_open)
        return 0;
    sv->batch_open = 0;
    if (sv->ctx) /* after the context is gone its timers are too */
        lws_sul_cancel(&sv->batch_sul);
    int ok = srv_store_batch_commit(sv->store) == 0;
    for (int i = 0; i < sv->n_games; i++) {
        srv_game *g = sv->games[i];
        if (g->dirty && !ok)
            srv_game_reload(sv, g);
        g->dirty = 0;
    }
    if (!ok)
        srv_log(sv, "a batch commit failed: its games were rolled back to the store");
    srv_pending *p = sv->pend_head;
    sv->pend_head = sv->pend_tail = NULL;
    while (p) {
        srv_pending *next = p->next;
        if (p->kind == P_REPLY && p->to)
            srv_client_send(p->to, p->text, strlen(p->text));
        else if (p->kind == P_ACK && p->to && ok)
            srv_client_send(p->to, p->text, strlen(p->text));
        else if (p->kind == P_ACK && p->to)
            send_storage_error(p->to, p->id);
        else if (p->kind == P_PUSH && ok)
            srv_broadcast(p->g, p->seat, p->text, strlen(p->text));
        free(p->text);
        free(p->id);
        free(p);
        p = next;
    }
    return ok ? 0 : -1;
}
