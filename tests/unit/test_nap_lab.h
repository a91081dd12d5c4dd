/* Shared helpers of the nap unit tests: a "lab" scenario written to a temporary file (a 12x10 map
 * whose terrain, hexsides and units each test chooses), games on it, and short ways to act. */
#ifndef TEST_NAP_LAB_H
#define TEST_NAP_LAB_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "grognard/game.h"
#include "grognard/proto.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const lab_clear[10] = {
    "............", "............", "............", "............", "............",
    "............", "............", "............", "............", "............"};

/* Loads a lab scenario: terrain rows (NULL = all clear), extra map members (hexsides, roads,
 * objectives: text starting with a comma, or ""), the units array and extra top-level members. */
static inline grg_loaded *lab_load(const char *const *rows, const char *map_extra,
                                   const char *units, const char *top_extra)
{
    char path[] = "/tmp/nap_lab_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    if (!rows)
        rows = lab_clear;
    fprintf(f, "{\"id\":\"lab\",\"name\":\"lab\",\"ruleset\":\"nap\",\"turn_limit\":4,\"first_"
               "side\":\"a\","
               "\"map\":{\"width\":12,\"height\":10,\"legend\":{\".\":\"clear\",\"f\":\"forest\","
               "\"v\":\"village\",\"t\":\"town\",\"m\":\"marsh\",\"c\":\"chateau\"},\"terrain\":[");
    for (int r = 0; r < 10; r++)
        fprintf(f, "%s\"%s\"", r ? "," : "", rows[r]);
    fprintf(f,
            "]%s},\"sides\":[{\"id\":\"a\",\"name\":\"Attacker\",\"home_edge\":\"S\"},"
            "{\"id\":\"d\",\"name\":\"Defender\",\"home_edge\":\"N\"}],\"units\":%s%s}",
            map_extra, units, top_extra);
    fclose(f);
    grg_loaded *l = test_load(path);
    unlink(path);
    return l;
}

/* A game with options given as name=value strings, NULL-terminated. */
static inline grg_game *lab_game(const grg_loaded *l, const char *const *opts)
{
    grg_options o = test_options(l->rs, opts);
    grg_err err;
    grg_game *g = grg_game_new(l->rs, l->sc, &o, 1, NULL, &err);
    if (!g)
        print_error("%s\n", err.message);
    assert_non_null(g);
    return g;
}

static inline int lab_unit(const grg_game *g, const char *id)
{
    int u = grg_scenario_unit(g->sc, id);
    assert_true(u >= 0);
    return u;
}

static inline grg_hex lab_hex(const char *label)
{
    grg_hex h;
    assert_int_equal(grg_hex_parse(label, &h), 0);
    return h;
}

static inline grg_action lab_action(const grg_game *g, grg_action_type t, const char *unit)
{
    return grg_action_make(t, unit ? lab_unit(g, unit) : -1);
}

/* Applies an action; returns 0 or -1 and the refusal in why (may be NULL). */
static inline int lab_try(grg_game *g, grg_action a, grg_events *ev, grg_verdict *why)
{
    grg_verdict tmp;
    return grg_apply(g, &a, ev, why ? why : &tmp);
}

static inline void lab_ok(grg_game *g, grg_action a, grg_events *ev)
{
    grg_verdict why;
    int rc = grg_apply(g, &a, ev, &why);
    if (rc < 0)
        print_error("refused %s: %s %s\n", grg_action_name((grg_action_type)a.type), why.rule,
                    why.message);
    assert_int_equal(rc, 0);
}

/* A whole move: activate, the steps (labels), end_activation. */
static inline void lab_move(grg_game *g, const char *unit, const char *const *steps, int n)
{
    lab_ok(g, lab_action(g, GRG_A_ACTIVATE, unit), NULL);
    for (int i = 0; i < n; i++) {
        grg_action a = lab_action(g, GRG_A_STEP, unit);
        a.hex = lab_hex(steps[i]);
        lab_ok(g, a, NULL);
    }
    lab_ok(g, lab_action(g, GRG_A_END_ACTIVATION, NULL), NULL);
}

static inline void lab_end_phase(grg_game *g, grg_events *ev)
{
    lab_ok(g, lab_action(g, GRG_A_END_PHASE, NULL), ev);
}

static inline grg_action lab_ranged(const grg_game *g, const char *art, const char *at)
{
    grg_action a = lab_action(g, GRG_A_ATTACKER, art);
    a.arg = 1;
    a.hex = lab_hex(at);
    return a;
}

static inline grg_action lab_charge(const grg_game *g, const char *cav, const char *target)
{
    grg_action a = lab_action(g, GRG_A_CHARGE, cav);
    a.target = (int16_t)lab_unit(g, target);
    a.hex = g->units[a.unit].hex;
    return a;
}

/* Declares attackers then defenders (comma-free lists, NULL-terminated). */
static inline void lab_declare(grg_game *g, const char *const *att, const char *const *def)
{
    lab_ok(g, lab_action(g, GRG_A_COMBAT_BEGIN, NULL), NULL);
    for (int i = 0; att[i]; i++)
        lab_ok(g, lab_action(g, GRG_A_ATTACKER, att[i]), NULL);
    for (int i = 0; def[i]; i++)
        lab_ok(g, lab_action(g, GRG_A_DEFENDER, def[i]), NULL);
}

static inline void lab_close(grg_game *g, int die, grg_events *ev)
{
    assert_int_equal(grg_dice_queue(g, &die, 1), 0);
    lab_ok(g, lab_action(g, GRG_A_COMBAT_CLOSE, NULL), ev);
}

static inline const grg_event *lab_event(const grg_events *ev, grg_event_type t, int nth)
{
    for (int i = 0; i < ev->n; i++)
        if (ev->items[i].type == (int16_t)t && nth-- == 0)
            return &ev->items[i];
    return NULL;
}

static inline const char *lab_result(const grg_events *ev)
{
    const grg_event *e = lab_event(ev, GRG_EV_RESULT, 0);
    assert_non_null(e);
    return e->text;
}

/* Every action legal lists is accepted by check, and a few near misses are refused. */
static inline void lab_legal_consistent(const grg_game *g)
{
    grg_action_list *l = malloc(sizeof *l);
    grg_verdict why;
    assert_int_equal(grg_legal(g, NULL, 0, l), 0);
    for (int i = 0; i < l->n; i++)
        assert_int_equal(grg_check(g, &l->items[i], &why), 0);
    free(l);
}

#endif
