/* A minimal HTTP/1.1 and WebSocket client over raw loopback sockets, for the server's tests and
 * its benchmark (header-only: every function is static). Blocking sockets with a receive
 * timeout, so a test that waits for a message that never comes fails instead of hanging. */
#ifndef GRG_TEST_SERVER_CLIENT_H
#define GRG_TEST_SERVER_CLIENT_H

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

static inline int tc_connect(int port, int timeout_ms)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return -1;
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct timeval tv = {timeout_ms / 1000, (timeout_ms % 1000) * 1000};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static inline int tc_send_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n) {
        ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Sends raw request bytes and reads the response until the server closes or Content-Length is
 * reached. Returns the status (-1 on failure); *body (to free) is the response body and *head
 * (when head is not NULL; to free) the status line and headers. */
static inline int tc_http_full(int port, const char *req, size_t req_len, char **head, char **body)
{
    *body = NULL;
    if (head)
        *head = NULL;
    int fd = tc_connect(port, 10000);
    if (fd < 0 || tc_send_all(fd, req, req_len) < 0) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    size_t cap = 8192, n = 0;
    char *buf = malloc(cap);
    long want = -1;
    while (buf) {
        if (n + 1 >= cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb)
                break;
            buf = nb;
        }
        ssize_t r = recv(fd, buf + n, cap - n - 1, 0);
        if (r <= 0)
            break;
        n += (size_t)r;
        buf[n] = '\0';
        char *end = strstr(buf, "\r\n\r\n");
        if (end && want < 0) {
            char *cl = strstr(buf, "content-length:");
            if (!cl)
                cl = strstr(buf, "Content-Length:");
            if (cl && cl < end)
                want = (long)(end + 4 - buf) + strtol(cl + 15, NULL, 10);
        }
        if (want >= 0 && (long)n >= want)
            break;
    }
    close(fd);
    if (!buf)
        return -1;
    buf[n] = '\0';
    int status = -1;
    if (sscanf(buf, "HTTP/1.%*d %d", &status) != 1)
        status = -1;
    char *end = strstr(buf, "\r\n\r\n");
    *body = strdup(end ? end + 4 : "");
    if (head && end)
        *head = strndup(buf, (size_t)(end - buf));
    free(buf);
    return status;
}

static inline int tc_http_raw(int port, const char *req, size_t req_len, char **body)
{
    return tc_http_full(port, req, req_len, NULL, body);
}

/* GET or POST path (body may be NULL); returns the status and the body (to free). */
static inline int tc_http(int port, const char *method, const char *path, const char *body,
                          char **out)
{
    size_t bl = body ? strlen(body) : 0;
    size_t cap = strlen(path) + bl + 256;
    char *req = malloc(cap);
    if (!req)
        return -1;
    int n = snprintf(req, cap,
                     "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n"
                     "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
                     method, path, port, bl, body ? body : "");
    int st = tc_http_raw(port, req, (size_t)n, out);
    free(req);
    return st;
}

typedef struct tc_ws {
    int fd;
    char *buf;
    size_t n, cap;
} tc_ws;

/* Opens a WebSocket on path with a subprotocol (NULL: none) and an Origin (NULL: none).
 * Returns 0 when the server switched protocols. */
static inline int tc_ws_open(tc_ws *w, int port, const char *path, const char *proto,
                             const char *origin)
{
    memset(w, 0, sizeof *w);
    w->fd = tc_connect(port, 10000);
    if (w->fd < 0)
        return -1;
    char req[1024], extra[300] = "";
    size_t el = 0;
    if (proto)
        el += (size_t)snprintf(extra + el, sizeof extra - el, "Sec-WebSocket-Protocol: %s\r\n",
                               proto);
    if (origin)
        snprintf(extra + el, sizeof extra - el, "Origin: %s\r\n", origin);
    int n = snprintf(req, sizeof req,
                     "GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n%s\r\n",
                     path, port, extra);
    if (tc_send_all(w->fd, req, (size_t)n) < 0)
        return -1;
    w->cap = 65536;
    w->buf = malloc(w->cap);
    while (w->buf) {
        ssize_t r = recv(w->fd, w->buf + w->n, w->cap - w->n - 1, 0);
        if (r <= 0)
            return -1;
        w->n += (size_t)r;
        w->buf[w->n] = '\0';
        char *end = strstr(w->buf, "\r\n\r\n");
        if (!end)
            continue;
        int ok = strncmp(w->buf, "HTTP/1.1 101", 12) == 0;
        size_t head = (size_t)(end + 4 - w->buf);
        memmove(w->buf, w->buf + head, w->n - head);
        w->n -= head;
        return ok ? 0 : -1;
    }
    return -1;
}

static inline void tc_ws_close(tc_ws *w)
{
    if (w->fd >= 0)
        close(w->fd);
    free(w->buf);
    w->fd = -1;
    w->buf = NULL;
}

/* Sends one masked text frame. */
static inline int tc_ws_send(tc_ws *w, const char *text)
{
    size_t n = strlen(text), h = 0;
    unsigned char *f = malloc(n + 14);
    if (!f)
        return -1;
    f[h++] = 0x81;
    if (n < 126)
        f[h++] = (unsigned char)(0x80 | n);
    else if (n < 65536) {
        f[h++] = 0x80 | 126;
        f[h++] = (unsigned char)(n >> 8);
        f[h++] = (unsigned char)n;
    } else {
        f[h++] = 0x80 | 127;
        for (int i = 7; i >= 0; i--)
            f[h++] = (unsigned char)((uint64_t)n >> (8 * i));
    }
    static const unsigned char mask[4] = {0x12, 0x34, 0x56, 0x78};
    memcpy(f + h, mask, 4);
    h += 4;
    for (size_t i = 0; i < n; i++)
        f[h + i] = (unsigned char)text[i] ^ mask[i & 3];
    int rc = tc_send_all(w->fd, f, h + n);
    free(f);
    return rc;
}

static inline int tc_ws_fill(tc_ws *w, size_t need)
{
    while (w->n < need) {
        if (need + 1 > w->cap) {
            char *nb = realloc(w->buf, need + 1);
            if (!nb)
                return -1;
            w->buf = nb;
            w->cap = need + 1;
        }
        ssize_t r = recv(w->fd, w->buf + w->n, w->cap - w->n - 1, 0);
        if (r <= 0)
            return -1;
        w->n += (size_t)r;
    }
    return 0;
}

/* Whether a whole frame is already buffered (poll() cannot see it). */
static inline int tc_ws_buffered(const tc_ws *w)
{
    const unsigned char *b = (const unsigned char *)w->buf;
    if (w->n < 2)
        return 0;
    size_t len = b[1] & 127, off = 2;
    if (len == 126) {
        if (w->n < 4)
            return 0;
        len = (size_t)b[2] << 8 | b[3];
        off = 4;
    } else if (len == 127) {
        if (w->n < 10)
            return 0;
        len = 0;
        for (int i = 0; i < 8; i++)
            len = len << 8 | b[2 + i];
        off = 10;
    }
    return w->n >= off + len;
}

/* The next text message (to free), or NULL on close, error or timeout. Pings are answered. */
static inline char *tc_ws_recv(tc_ws *w)
{
    for (;;) {
        if (tc_ws_fill(w, 2) < 0)
            return NULL;
        unsigned char *b = (unsigned char *)w->buf;
        int op = b[0] & 15;
        size_t len = b[1] & 127, off = 2;
        if (len == 126) {
            if (tc_ws_fill(w, 4) < 0)
                return NULL;
            b = (unsigned char *)w->buf;
            len = (size_t)b[2] << 8 | b[3];
            off = 4;
        } else if (len == 127) {
            if (tc_ws_fill(w, 10) < 0)
                return NULL;
            b = (unsigned char *)w->buf;
            len = 0;
            for (int i = 0; i < 8; i++)
                len = len << 8 | b[2 + i];
            off = 10;
        }
        if (tc_ws_fill(w, off + len) < 0)
            return NULL;
        char *msg = malloc(len + 1);
        if (!msg)
            return NULL;
        memcpy(msg, w->buf + off, len);
        msg[len] = '\0';
        memmove(w->buf, w->buf + off + len, w->n - off - len);
        w->n -= off + len;
        if (op == 1)
            return msg;
        free(msg);
        if (op == 8)
            return NULL;
        if (op == 9) { /* ping: answer with an empty pong */
            static const unsigned char pong[6] = {0x8a, 0x80, 0, 0, 0, 0};
            tc_send_all(w->fd, pong, sizeof pong);
        }
    }
}

#endif
