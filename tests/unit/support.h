/* Helpers shared by the cmocka tests. Include after <cmocka.h>. */
#ifndef GRG_TEST_SUPPORT_H
#define GRG_TEST_SUPPORT_H

#include "grognard/proto.h"

#include <stdlib.h>
#include <string.h>

/* Loads a scenario with its ruleset data, failing the test (with every problem printed) if it
 * does not load. Free with grg_loaded_free. */
static inline grg_loaded *test_load(const char *path)
{
    grg_problems *p = calloc(1, sizeof *p);
    grg_loaded *l = NULL;
    int rc = grg_load_scenario(path, grg_data_dir(), &l, p, NULL);
    for (int i = 0; i < p->n; i++)
        print_error("%s: %s: %s\n", path, p->items[i].path, p->items[i].message);
    free(p);
    assert_int_equal(rc, 0);
    return l;
}

/* Options given as "name=value" strings, NULL-terminated, parsed against the ruleset. */
static inline grg_options test_options(const grg_ruleset *rs, const char *const *kv)
{
    grg_options o = {0};
    char msg[200];
    for (int i = 0; kv && kv[i]; i++) {
        int rc = grg_options_assign(rs, kv[i], &o, msg, sizeof msg);
        if (rc < 0)
            print_error("%s: %s\n", kv[i], msg);
        assert_int_equal(rc, 0);
    }
    return o;
}

/* The ruleset's game_info text under key, or NULL when it reports none (the state's `info`). */
static inline const char *test_info_text(const grg_game *g, const char *key)
{
    static grg_info in; /* test-only scratch, too large for a test's stack */
    memset(&in, 0, sizeof in);
    g->rs->game_info(g, &in);
    for (int i = 0; i < in.n; i++)
        if (strcmp(in.items[i].key, key) == 0)
            return in.items[i].text;
    return NULL;
}

#endif
