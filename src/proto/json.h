/* JSON helpers shared by the loaders and the protocol. */
#ifndef GRG_PROTO_JSON_H
#define GRG_PROTO_JSON_H

#include "rules_data.h"

#include <cjson/cJSON.h>
#include <stddef.h>

/* Reads a whole file (at most max bytes) into a NUL-terminated buffer the caller frees; NULL with
 * *err_no set on failure. */
char *grg__read_file(const char *path, size_t max, size_t *len, int *err_no);
/* Parses text; on malformed JSON adds "malformed JSON at line L, column C". */
cJSON *grg__json_parse(const char *text, const char *what, grg_problems *p);
/* Reads and parses a file; *not_found tells a missing file from other failures. */
cJSON *grg__json_load_file(const char *path, grg_problems *p, int *not_found);

/* Copies a NUL-terminated string, truncating to size - 1 characters. */
void grg__str_copy(char *dst, size_t size, const char *src);

#endif
