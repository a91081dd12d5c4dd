/* The SVG renderer: a well-formed document with one counter per unit on the map, for every
 * shipped scenario that loads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "grognard/proto.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A strict enough XML check for our output: every tag closes in order, attributes are quoted,
 * and no raw '<' or '&' appears outside markup and entities. Returns 1 when well-formed. */
static int well_formed(const char *s)
{
    char stack[64][32];
    int depth = 0, roots = 0;
    while (*s) {
        if (*s == '&') {
            const char *semi = strchr(s, ';');
            if (!semi || semi - s > 6)
                return 0;
            s = semi + 1;
        } else if (*s != '<') {
            s++;
        } else if (s[1] == '?') {
            s = strstr(s, "?>");
            if (!s)
                return 0;
            s += 2;
        } else if (s[1] == '/') {
            const char *end = strchr(s, '>');
            if (!end || depth == 0)
                return 0;
            size_t n = (size_t)(end - s - 2);
            if (n != strlen(stack[depth - 1]) || strncmp(s + 2, stack[depth - 1], n) != 0)
                return 0;
            depth--;
            s = end + 1;
        } else {
            const char *p = s + 1;
            size_t n = strcspn(p, " />");
            if (n == 0 || n >= 32)
                return 0;
            char name[32];
            memcpy(name, p, n);
            name[n] = '\0';
            p += n;
            while (*p && *p != '>' && !(p[0] == '/' && p[1] == '>')) {
                if (*p == '=') {
                    if (p[1] != '"')
                        return 0;
                    const char *q = strchr(p + 2, '"');
                    if (!q || memchr(p + 2, '<', (size_t)(q - p - 2)))
                        return 0;
                    p = q + 1;
                } else {
                    p++;
                }
            }
            if (!*p)
                return 0;
            if (*p == '/') {
                s = p + 2;
            } else {
                if (depth == 0)
                    roots++;
                if (depth >= 64)
                    return 0;
                memcpy(stack[depth++], name, n + 1);
                s = p + 1;
            }
        }
    }
    return depth == 0 && roots == 1;
}

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, what)); p += strlen(what))
        n++;
    return n;
}

static void test_render_scenarios(void **state)
{
    (void)state;
    glob_t gl;
    assert_int_equal(glob("data/scenarios/*/*.json", 0, NULL, &gl), 0);
    int rendered = 0;
    for (size_t i = 0; i < gl.gl_pathc; i++) {
        grg_problems *p = calloc(1, sizeof *p);
        grg_loaded *l = NULL;
        int ok = grg_load_scenario(gl.gl_pathv[i], grg_data_dir(), &l, p, NULL) == 0;
        free(p);
        if (!ok)
            continue; /* scenarios of rulesets not compiled in */
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        assert_int_equal(grg_render_svg(l, NULL, f), 0);
        fclose(f);
        int on_map = 0;
        for (int u = 0; u < l->sc->n_units; u++)
            on_map += l->sc->units[u].on_map;
        if (!well_formed(buf))
            print_error("%s: the SVG is not well-formed\n", gl.gl_pathv[i]);
        assert_true(well_formed(buf));
        assert_int_equal(count(buf, "class=\"counter\""), on_map);
        assert_int_equal(count(buf, "class=\"hex\""), l->sc->map.width * l->sc->map.height);
        free(buf);
        grg_loaded_free(l);
        rendered++;
    }
    globfree(&gl);
    assert_true(rendered >= 2);
}

static void test_well_formed_checker(void **state)
{
    (void)state;
    assert_true(well_formed("<?xml version=\"1.0\"?><a><b x=\"1\"/><c>t &amp; u</c></a>"));
    assert_false(well_formed("<a><b></a></b>"));
    assert_false(well_formed("<a x=1></a>"));
    assert_false(well_formed("<a>x & y</a>"));
    assert_false(well_formed("<a></a><b></b>"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_well_formed_checker),
        cmocka_unit_test(test_render_scenarios),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
