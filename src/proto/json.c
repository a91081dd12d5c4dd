/* Reading JSON files and typed fields, with problems that name the file, line and column or the
 * JSON path of the field. */
#include "json.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *grg__read_file(const char *path, size_t max, size_t *len, int *err_no)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        *err_no = errno;
        return NULL;
    }
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        if (cap >= max) {
            free(buf);
            buf = NULL;
            *err_no = EFBIG;
            break;
        }
        cap *= 2;
        char *nb = realloc(buf, cap + 1);
        if (!nb) {
            free(buf);
            buf = NULL;
            *err_no = ENOMEM;
        }
        buf = nb;
    }
    if (buf && ferror(f)) {
        *err_no = EIO;
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        if (len)
            *len = n;
    }
    return buf;
}

cJSON *grg__json_parse(const char *text, const char *what, grg_problems *p)
{
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithOpts(text, &end, 1);
    if (root)
        return root;
    int line = 1, col = 1;
    for (const char *c = text; end && c < end && *c; c++) {
        if (*c == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    (void)what;
    grg_problem_add(p, "", "malformed JSON at line %d, column %d", line, col);
    return NULL;
}

cJSON *grg__json_load_file(const char *path, grg_problems *p, int *not_found)
{
    int e = 0;
    char *text = grg__read_file(path, 64u << 20, NULL, &e);
    if (not_found)
        *not_found = 0;
    if (!text) {
        if (not_found)
            *not_found = (e == ENOENT);
        grg_problem_add(p, "", "cannot read %s: %s", path, strerror(e));
        return NULL;
    }
    cJSON *root = grg__json_parse(text, path, p);
    free(text);
    return root;
}

static void join(char *out, size_t size, const char *path, const char *key)
{
    snprintf(out, size, "%s%s%s", path, (path[0] && key[0]) ? "." : "", key);
}

/* Looks up obj.key; *v is NULL when it is absent. Returns the reader's result for an absent
 * field: -1 with a problem when it is required, 0 otherwise; 1 when it is present. */
static int field(const cJSON *obj, const char *key, const char *path, int required, char *at,
                 size_t at_size, const cJSON **v, grg_problems *p)
{
    join(at, at_size, path, key);
    *v = cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
    if (*v)
        return 1;
    if (required)
        grg_problem_add(p, at, "is required");
    return required ? -1 : 0;
}

int grg__json_int(const cJSON *obj, const char *key, const char *path, int required, int min,
                  int max, int *out, grg_problems *p)
{
    char at[96];
    const cJSON *v;
    int rc = field(obj, key, path, required, at, sizeof at, &v, p);
    if (rc < 1)
        return rc;
    /* floor, not a cast to an integer: a cast of a number beyond the integer's range (1e30) is
     * undefined behaviour */
    if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble)) {
        grg_problem_add(p, at, "must be a whole number");
        return -1;
    }
    if (v->valuedouble < min || v->valuedouble > max) {
        grg_problem_add(p, at, "%.15g is out of range (%d to %d)", v->valuedouble, min, max);
        return -1;
    }
    *out = (int)v->valuedouble;
    return 0;
}

int grg__json_bool(const cJSON *obj, const char *key, const char *path, int required, int *out,
                   grg_problems *p)
{
    char at[96];
    const cJSON *v;
    int rc = field(obj, key, path, required, at, sizeof at, &v, p);
    if (rc < 1)
        return rc;
    if (!cJSON_IsBool(v)) {
        grg_problem_add(p, at, "must be true or false");
        return -1;
    }
    *out = cJSON_IsTrue(v);
    return 0;
}

int grg__json_str(const cJSON *obj, const char *key, const char *path, int required, char *out,
                  size_t size, grg_problems *p)
{
    char at[96];
    const cJSON *v;
    int rc = field(obj, key, path, required, at, sizeof at, &v, p);
    if (rc < 1)
        return rc;
    if (!cJSON_IsString(v)) {
        grg_problem_add(p, at, "must be a string");
        return -1;
    }
    if (strlen(v->valuestring) >= size) {
        grg_problem_add(p, at, "is longer than %zu characters", size - 1);
        return -1;
    }
    snprintf(out, size, "%s", v->valuestring);
    return 0;
}

void grg__str_copy(char *dst, size_t size, const char *src)
{
    size_t n = strlen(src);
    if (n >= size)
        n = size - 1;
    memmove(dst, src, n);
    dst[n] = '\0';
}
