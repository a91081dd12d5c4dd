/* WebSocket clients (subprotocol "grognard", path /ws): hello to join a game as a seat or a
 * spectator, then line-protocol requests answered in order, and pushes. Each client has its own
 * queue of outgoing messages; lws_write is only called from SERVER_WRITEABLE, one message per
 * callback. A message is shared between every queue it is in (a broadcast is built once) and
 * carries the LWS_PRE headroom lws_write needs. A client whose queue grows past
 * SRV_MAX_QUEUE_BYTES (it stopped reading) is dropped. */
#include "server.h"

#include <stdlib.h>
#include <string.h>

struct srv_msg {
    int refs;
    size_t len;
    unsigned char buf[]; /* LWS_PRE bytes of headroom, then the text */
};

typedef struct qnode {
    srv_msg *m;
    struct qnode *next;
} qnode;

struct srv_client {
    struct lws *wsi;
    srv *sv;
    srv_game *game;
    int seat; /* -1: spectator */
    char *rx;
    size_t rx_len;
    qnode *head, *tail;
    size_t queued;
    int dead;
    srv_client *next; /* in game->clients */
};

static srv_msg *msg_new(const char *text, size_t len)
{
    srv_msg *m = malloc(sizeof *m + LWS_PRE + len);
    if (!m)
        return NULL;
    m->refs = 0;
    m->len = len;
    memcpy(m->buf + LWS_PRE, text, len);
    return m;
}

static void msg_unref(srv_msg *m)
{
    if (--m->refs <= 0)
        free(m);
}

static void enqueue(srv_client *c, srv_msg *m)
{
    if (c->dead)
        return;
    qnode *n = malloc(sizeof *n);
    if (!n || c->queued + m->len > SRV_MAX_QUEUE_BYTES) {
        free(n);
        /* A client that stopped reading: kill it from outside its own callbacks. */
        c->dead = 1;
        lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
        return;
    }
    m->refs++;
    n->m = m;
    n->next = NULL;
    if (c->tail)
        c->tail->next = n;
    else
        c->head = n;
    c->tail = n;
    c->queued += m->len;
    lws_callback_on_writable(c->wsi);
}

void srv_client_send(srv_client *c, const char *text, size_t len)
{
    srv_msg *m = msg_new(text, len);
    if (!m)
        return;
    enqueue(c, m);
    if (m->refs == 0)
        free(m);
}

void srv_broadcast(srv_game *g, int seat, const char *text, size_t len)
{
    srv_msg *m = msg_new(text, len);
    if (!m)
        return;
    m->refs = 1; /* held while enqueuing */
    for (srv_client *c = g->clients; c; c = c->next)
        if (seat == SRV_ALL || c->seat == seat)
            enqueue(c, m);
    msg_unref(m);
}

static void detach(srv_client *c)
{
    if (!c->game)
        return;
    for (srv_client **p = &c->game->clients; *p; p = &(*p)->next)
        if (*p == c) {
            *p = c->next;
            break;
        }
    c->game = NULL;
    c->next = NULL;
}

void srv_clients_detach(srv_game *g)
{
    while (g->clients)
        detach(g->clients);
}

static int reply_error(srv_client *c, const cJSON *id, const char *code, const char *msg)
{
    char *t = srv_error_text(id, code, "%s", msg);
    if (t)
        srv_reply(c->sv, c, t);
    free(t);
    return 0;
}

/* {"cmd":"hello","game":GID,"token":T}: binds the client to a game as a seat or a spectator. */
static int hello(srv_client *c, const cJSON *req, const cJSON *id)
{
    const cJSON *gid = cJSON_GetObjectItem(req, "game"), *tok = cJSON_GetObjectItem(req, "token");
    if (c->game)
        return reply_error(c, id, "bad_request", "hello was already said");
    srv_game *g = cJSON_IsString(gid) ? srv_game_get(c->sv, gid->valuestring) : NULL;
    if (!g)
        return reply_error(c, id, "not_found", "no such game");
    int seat = -1;
    if (tok && !cJSON_IsNull(tok)) {
        if (!cJSON_IsString(tok) || (seat = srv_game_seat_for_token(g, tok->valuestring)) < 0)
            return reply_error(c, id, "bad_token", "this token is not a seat of this game");
    }
    cJSON *r = cJSON_CreateObject();
    if (id)
        cJSON_AddItemToObject(r, "id", cJSON_Duplicate(id, 1));
    cJSON_AddBoolToObject(r, "ok", 1);
    cJSON_AddStringToObject(r, "cmd", "hello");
    cJSON_AddStringToObject(r, "game", g->id);
    if (seat >= 0)
        cJSON_AddStringToObject(r, "side", g->seats[seat].side);
    else
        cJSON_AddNullToObject(r, "side");
    cJSON_AddItemToObject(r, "seats", srv_game_seats_json(g));
    cJSON_AddBoolToObject(r, "hints", g->hints);
    if (srv_game_watched(g))
        cJSON_AddItemToObject(r, "pace", srv_game_pace_json(c->sv, g));
    cJSON_AddStringToObject(r, "commitment", g->commitment);
    if (g->over) {
        cJSON_AddStringToObject(r, "salt", g->salt_hex);
        cJSON_AddStringToObject(r, "seed", g->seed_hex);
    }
    cJSON *st = srv_game_state(c->sv, g);
    if (st) {
        cJSON_DeleteItemFromObject(st, "ok");
        cJSON_AddItemToObject(r, "state", st);
    }
    char *t = cJSON_PrintUnformatted(r);
    cJSON_Delete(r);
    if (t)
        srv_reply(c->sv, c, t);
    free(t);
    c->game = g;
    c->seat = seat;
    c->next = g->clients;
    g->clients = c;
    srv_game_poke_ai(c->sv, g); /* a game of AI seats only moves while watched */
    return 0;
}

static int handle_message(srv_client *c, const char *text, size_t len)
{
    cJSON *req = cJSON_ParseWithLength(text, len);
    if (!cJSON_IsObject(req)) {
        cJSON_Delete(req);
        return reply_error(c, NULL, "bad_request", "a message is one JSON object");
    }
    const cJSON *id = cJSON_GetObjectItem(req, "id"), *cmd = cJSON_GetObjectItem(req, "cmd");
    c->sv->requests++;
    if (cJSON_IsString(cmd) && strcmp(cmd->valuestring, "hello") == 0)
        hello(c, req, id);
    else if (!c->game)
        reply_error(c, id, "hello_first", "send {\"cmd\":\"hello\",\"game\":...} first");
    else {
        char *r = srv_game_request(c->sv, c->game, c->seat, req, c);
        if (r)
            srv_reply(c->sv, c, r);
        free(r);
    }
    cJSON_Delete(req);
    return 0;
}

/* Collects fragments into one message of at most SRV_MAX_BODY bytes. Returns -1 to close. */
static int receive(srv_client *c, struct lws *wsi, const char *in, size_t len)
{
    if (c->rx_len + len > SRV_MAX_BODY) {
        lws_close_reason(wsi, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, (unsigned char *)"too large", 9);
        return -1;
    }
    char *nb = realloc(c->rx, c->rx_len + len + 1);
    if (!nb)
        return -1;
    c->rx = nb;
    memcpy(c->rx + c->rx_len, in, len);
    c->rx_len += len;
    if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi) > 0)
        return 0;
    handle_message(c, c->rx, c->rx_len);
    free(c->rx);
    c->rx = NULL;
    c->rx_len = 0;
    return 0;
}

static int writeable(srv_client *c, struct lws *wsi)
{
    if (c->sv->stopping) {
        lws_close_reason(wsi, LWS_CLOSE_STATUS_GOINGAWAY, (unsigned char *)"server stopping", 15);
        return -1;
    }
    qnode *n = c->head;
    if (!n)
        return 0;
    c->head = n->next;
    if (!c->head)
        c->tail = NULL;
    c->queued -= n->m->len;
    int w = lws_write(wsi, n->m->buf + LWS_PRE, n->m->len, LWS_WRITE_TEXT);
    int short_write = w < (int)n->m->len;
    msg_unref(n->m);
    free(n);
    if (short_write)
        return -1;
    if (c->head)
        lws_callback_on_writable(wsi);
    return 0;
}

/* The Origin of a browser's upgrade must be this host (cross-site WebSocket hijacking); clients
 * that send no Origin (programs) are let in: they hold no cookies to abuse. */
static int origin_ok(struct lws *wsi)
{
    char origin[256], host[256];
    if (lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN) <= 0)
        return 1;
    if (lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) <= 0)
        return 0;
    const char *o = strstr(origin, "://");
    return o && strcmp(o + 3, host) == 0;
}

int srv_ws_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    srv_client *c = user;
    srv *sv = lws_context_user(lws_get_context(wsi));
    switch (reason) {
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: {
        char uri[64];
        if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) <= 0 || strcmp(uri, "/ws") != 0)
            return 1;
        return origin_ok(wsi) ? 0 : 1;
    }
    case LWS_CALLBACK_ESTABLISHED:
        memset(c, 0, sizeof *c);
        c->wsi = wsi;
        c->sv = sv;
        c->seat = -1;
        return 0;
    case LWS_CALLBACK_RECEIVE:
        return c->dead ? -1 : receive(c, wsi, in, len);
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return c->dead ? -1 : writeable(c, wsi);
    case LWS_CALLBACK_CLOSED:
        srv_batch_forget_client(sv, c);
        detach(c);
        while (c->head) {
            qnode *n = c->head;
            c->head = n->next;
            msg_unref(n->m);
            free(n);
        }
        c->tail = NULL;
        free(c->rx);
        c->rx = NULL;
        return 0;
    default:
        return 0;
    }
}

size_t srv_client_size(void) { return sizeof(srv_client); }
