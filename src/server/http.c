/* HTTP on protocols[0]: the JSON API under /api (bodies read fully and size-limited before any
 * answer) and static files from the web root (no `..`, no symlink out of the root, known MIME
 * types). Also the loop's wake-up from AI workers (EVENT_WAIT_CANCELLED) and the refusal of
 * WebSocket upgrades that name no subprotocol (they would bind to this protocol). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "server.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct http_pss {
    int post;
    size_t expected;
    char *body;
    size_t body_len;
    unsigned char *resp; /* LWS_PRE headroom, then the body */
    size_t resp_len, resp_off;
    int close_after;
    int answered; /* an early answer (413, 411) was sent: the rest of the body is dropped */
    char uri[512];
} http_pss;

size_t srv_http_pss_size(void) { return sizeof(http_pss); }

static void pss_release(http_pss *p)
{
    if (!p)
        return;
    free(p->body);
    free(p->resp);
    p->body = NULL;
    p->resp = NULL;
    p->body_len = p->expected = p->resp_len = p->resp_off = 0;
}

/* Sends the headers now and queues the body for HTTP_WRITEABLE. Takes ownership of body. */
static int respond(struct lws *wsi, http_pss *p, int status, const char *ctype, char *body,
                   size_t len, int close_after)
{
    unsigned char hdr[LWS_PRE + 2048], *start = hdr + LWS_PRE, *q = start,
                                       *end = hdr + sizeof hdr - 1;
    free(p->resp);
    p->resp = malloc(LWS_PRE + (len ? len : 1));
    if (!p->resp) {
        free(body);
        return -1;
    }
    memcpy(p->resp + LWS_PRE, body, len);
    free(body);
    p->resp_len = len;
    p->resp_off = 0;
    p->close_after = close_after;
    if (lws_add_http_common_headers(wsi, (unsigned int)status, ctype, len, &q, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                    (const unsigned char *)"no-store", 8, &q, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"x-content-type-options:",
                                    (const unsigned char *)"nosniff", 7, &q, end) ||
        (close_after && lws_add_http_header_by_token(wsi, WSI_TOKEN_CONNECTION,
                                                     (const unsigned char *)"close", 5, &q, end)) ||
        lws_finalize_write_http_header(wsi, start, &q, end))
        return -1;
    lws_callback_on_writable(wsi);
    return 0;
}

static int respond_error(struct lws *wsi, http_pss *p, int status, const char *code,
                         const char *msg, int close_after)
{
    p->answered = 1;
    char *t = srv_error_text(NULL, code, "%s", msg);
    return respond(wsi, p, status, "application/json", t, t ? strlen(t) : 0, close_after);
}

static int write_more(struct lws *wsi, http_pss *p)
{
    if (!p->resp)
        return 0;
    size_t left = p->resp_len - p->resp_off, chunk = left > 16384 ? 16384 : left;
    int last = chunk == left;
    if (chunk && lws_write(wsi, p->resp + LWS_PRE + p->resp_off, chunk,
                           last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) < (int)chunk)
        return -1;
    p->resp_off += chunk;
    if (!last) {
        lws_callback_on_writable(wsi);
        return 0;
    }
    int close_after = p->close_after;
    pss_release(p);
    if (close_after)
        return -1;
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

static const struct {
    const char *ext, *mime;
} mimes[] = {
    {".html", "text/html; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".json", "application/json"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".jpg", "image/jpeg"},
    {".webp", "image/webp"},
    {".ico", "image/x-icon"},
    {".woff2", "font/woff2"},
    {".wasm", "application/wasm"},
    {".map", "application/json"},
    {".txt", "text/plain; charset=utf-8"},
    {".md", "text/plain; charset=utf-8"},
};

static const char *mime_of(const char *path)
{
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof mimes / sizeof *mimes; i++)
        if (strcmp(dot, mimes[i].ext) == 0)
            return mimes[i].mime;
    return "application/octet-stream";
}

/* Resolves uri under the web root into out: refuses `..`, control characters and anything whose
 * real path (symlinks followed) leaves the root. Directories mean their index.html. */
static int static_path(const srv *sv, const char *uri, char *out)
{
    char want[PATH_MAX + 64];
    if (!sv->web_root[0] || uri[0] != '/' || strstr(uri, "..") || strchr(uri, '\\'))
        return -1;
    for (const char *c = uri; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            return -1;
    snprintf(want, sizeof want, "%s%s%s", sv->web_root, uri,
             uri[strlen(uri) - 1] == '/' ? "index.html" : "");
    for (int tries = 0; tries < 2; tries++) {
        struct stat st;
        size_t rl = strlen(sv->web_root);
        if (!realpath(want, out) || strncmp(out, sv->web_root, rl) != 0 ||
            (out[rl] != '/' && out[rl]))
            return -1;
        if (stat(out, &st) < 0)
            return -1;
        if (S_ISREG(st.st_mode))
            return 0;
        if (!S_ISDIR(st.st_mode))
            return -1;
        snprintf(want, sizeof want, "%s/index.html", out);
    }
    return -1;
}

static int serve_static(struct lws *wsi, http_pss *p, srv *sv)
{
    char path[PATH_MAX];
    if (static_path(sv, p->uri, path) < 0)
        return respond_error(wsi, p, 404, "not_found", "no such file", 0);
    unsigned char hb[LWS_PRE + 512], *start = hb + LWS_PRE, *q = start, *end = hb + sizeof hb - 1;
    if (lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                    (const unsigned char *)"no-cache", 8, &q, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"x-content-type-options:",
                                    (const unsigned char *)"nosniff", 7, &q, end))
        return -1;
    int n = lws_serve_http_file(wsi, path, mime_of(path), (const char *)start, (int)(q - start));
    if (n < 0 || (n > 0 && lws_http_transaction_completed(wsi)))
        return -1;
    return 0;
}

static int route(struct lws *wsi, http_pss *p, srv *sv)
{
    int status = 500;
    const char *ctype = "application/json";
    char *out = NULL;
    size_t out_len = 0;
    srv_api_route(sv, p->post, p->uri, p->body ? p->body : "", p->body_len, &status, &ctype, &out,
                  &out_len);
    free(p->body);
    p->body = NULL;
    if (!out)
        return respond_error(wsi, p, 500, "internal", "out of memory", 1);
    return respond(wsi, p, status, ctype, out, out_len, 0);
}

/* A new request: API requests with a body wait for it (answering before it is read would leave
 * its bytes to be parsed as the next request); anything else is answered now. */
static int on_request(struct lws *wsi, http_pss *p, srv *sv, const char *uri)
{
    char num[32];
    pss_release(p);
    p->answered = 0;
    snprintf(p->uri, sizeof p->uri, "%s", uri);
    p->post = lws_hdr_total_length(wsi, WSI_TOKEN_POST_URI) > 0;
    int get = lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0;
    int api = strncmp(uri, "/api/", 5) == 0 || strcmp(uri, "/api") == 0;
    if (!p->post && !get)
        return respond_error(wsi, p, 405, "method_not_allowed", "only GET and POST", 1);
    if (!api)
        return p->post ? respond_error(wsi, p, 405, "method_not_allowed",
                                       "static files are GET only", 1)
                       : serve_static(wsi, p, sv);
    if (!p->post) {
        char args[128];
        size_t ul = strlen(p->uri);
        if (lws_hdr_copy(wsi, args, sizeof args, WSI_TOKEN_HTTP_URI_ARGS) > 0)
            snprintf(p->uri + ul, sizeof p->uri - ul, "?%s", args);
        return route(wsi, p, sv);
    }
    if (lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_TRANSFER_ENCODING) > 0)
        return respond_error(wsi, p, 411, "length_required",
                             "send the body with Content-Length (chunked bodies are not read)", 1);
    if (lws_hdr_copy(wsi, num, sizeof num, WSI_TOKEN_HTTP_CONTENT_LENGTH) <= 0)
        return respond_error(wsi, p, 411, "length_required", "a POST needs Content-Length", 1);
    if (strspn(num, "0123456789") != strlen(num) || strlen(num) > 9 ||
        strtoul(num, NULL, 10) > SRV_MAX_BODY)
        return respond_error(wsi, p, 413, "too_large", "request bodies are limited to 64 KiB", 1);
    p->expected = strtoul(num, NULL, 10);
    if (p->expected == 0)
        return route(wsi, p, sv);
    p->body = malloc(p->expected + 1);
    return p->body ? 0 : -1;
}

int srv_http_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                      size_t len)
{
    http_pss *p = user;
    srv *sv = lws_context_user(lws_get_context(wsi));
    switch (reason) {
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        return 1; /* a WebSocket must ask for the "grognard" subprotocol */
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        srv_ai_drain(sv);
        srv_stop_later(sv);
        return 0;
    case LWS_CALLBACK_HTTP:
        sv->requests++;
        return on_request(wsi, p, sv, in ? (const char *)in : "/");
    case LWS_CALLBACK_HTTP_BODY:
        if (p->answered)
            return 0;
        if (!p->body || p->body_len + len > p->expected) {
            free(p->body);
            p->body = NULL;
            return respond_error(wsi, p, 413, "too_large", "the body is longer than Content-Length",
                                 1);
        }
        memcpy(p->body + p->body_len, in, len);
        p->body_len += len;
        return 0;
    case LWS_CALLBACK_HTTP_BODY_COMPLETION:
        if (!p->body)
            return 0; /* already answered */
        p->body[p->body_len] = '\0';
        return route(wsi, p, sv);
    case LWS_CALLBACK_HTTP_WRITEABLE:
        return write_more(wsi, p);
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
    case LWS_CALLBACK_CLOSED_HTTP:
        pss_release(p);
        return 0;
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}
