/* Engine core with the test ruleset: clones, all-or-nothing sequences, refusals that change
 * nothing, the dice test vector, scripted dice, determinism, options. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "grognard/game.h"
#include "grognard/proto.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static grg_loaded *load(void) { return test_load("data/scenarios/test/duel.json"); }

static grg_game *start(const grg_loaded *l, uint64_t seed)
{
    grg_err err;
    grg_game *g = grg_game_new(l->rs, l->sc, NULL, seed, NULL, &err);
    assert_non_null(g);
    return g;
}

static grg_action step(const grg_loaded *l, const char *unit, const char *to)
{
    grg_action a = grg_action_make(GRG_A_STEP, grg_scenario_unit(l->sc, unit));
    assert_int_equal(grg_hex_parse(to, &a.hex), 0);
    return a;
}

/* Design §3: the first 20 d6 of seed 0000000000000001, published in docs/protocol.md. */
static void test_dice_vector(void **state)
{
    (void)state;
    static const int want[20] = {2, 5, 3, 6, 6, 5, 3, 4, 2, 5, 2, 5, 4, 6, 4, 2, 6, 6, 5, 2};
    grg_loaded *l = load();
    grg_game *g = start(l, 1);
    for (int i = 0; i < 20; i++)
        assert_int_equal(grg_d6(g), want[i]);
    grg_game_free(g);
    grg_loaded_free(l);
}

static void test_dice_uniform(void **state)
{
    (void)state;
    grg_loaded *l = load();
    grg_game *g = start(l, 0x1234);
    int count[7] = {0};
    for (int i = 0; i < 60000; i++)
        count[grg_d6(g)]++;
    for (int f = 1; f <= 6; f++) /* 10000 expected; 5 sigma is about 456 */
        assert_in_range(count[f], 9500, 10500);
    grg_game_free(g);
    grg_loaded_free(l);
}

static void test_scripted_dice_first(void **state)
{
    (void)state;
    grg_loaded *l = load();
    grg_game *g = start(l, 1);
    int rolls[3] = {6, 6, 1};
    assert_int_equal(grg_dice_queue(g, rolls, 3), 0);
    assert_int_equal(grg_d6(g), 6);
    assert_int_equal(grg_d6(g), 6);
    assert_int_equal(grg_d6(g), 1);
    assert_int_equal(grg_d6(g), 2); /* the generator's first roll, untouched by the script */
    int bad[1] = {7};
    assert_int_equal(grg_dice_queue(g, bad, 1), -1);
    assert_int_equal(g->n_queue, 0);
    grg_game_free(g);
    grg_loaded_free(l);
}

static void test_clone_independent(void **state)
{
    (void)state;
    grg_loaded *l = load();
    grg_game *g = start(l, 7);
    grg_game *c = grg_game_clone(g);
    assert_int_equal(grg_game_hash(g), grg_game_hash(c));
    grg_action a = grg_action_make(GRG_A_ACTIVATE, grg_scenario_unit(l->sc, "b1"));
    assert_int_equal(grg_apply(c, &a, NULL, NULL), 0);
    grg_action s = step(l, "b1", "0303");
    assert_int_equal(grg_apply(c, &s, NULL, NULL), 0);
    assert_int_not_equal(grg_game_hash(g), grg_game_hash(c));
    assert_true(grg_hex_eq(g->units[0].hex, l->sc->units[0].hex));
    assert_false(grg_hex_eq(c->units[0].hex, l->sc->units[0].hex));
    assert_int_equal(grg_d6(c), grg_d6(g)); /* same generator state, separate copies */
    grg_game_free(c);
    grg_game_free(g);
    grg_loaded_free(l);
}

static void test_refusal_changes_nothing(void **state)
{
    (void)state;
    grg_loaded *l = load();
    grg_game *g = start(l, 7);
    uint64_t h = grg_game_hash(g);
    grg_verdict why;
    grg_action s = step(l, "b1", "0303"); /* not activated: TEST-2 */
    assert_int_equal(grg_apply(g, &s, NULL, &why), -1);
    assert_string_equal(why.rule, "TEST-2");
    assert_true(strlen(why.message) > 10);
    assert_int_equal(grg_game_hash(g), h);
    grg_action bogus = grg_action_make(GRG_A_STEP, 999);
    assert_int_equal(grg_apply(g, &bogus, NULL, &why), -1);
    assert_string_equal(why.rule, "GRG-ACTION");
    assert_int_equal(grg_game_hash(g), h);
    grg_game_free(g);
    grg_loaded_free(l);
}

static void test_apply_all_or_nothing(void **state)
{
    (void)state;
    grg_loaded *l = load();
    grg_game *g = start(l, 7);
    grg_events *ev = grg_events_new(64);
    uint64_t h = grg_game_hash(g);
    grg_action seq[4] = {grg_action_make(GRG_A_ACTIVATE, grg_scenario_unit(l->sc, "b1")),
                         step(l, "b1", "0303"), step(l, "b1", "0403"), step(l, "b1", "0503")};
    int failed = -1;
    grg_verdict why;
    /* The third step exceeds the movement allowance of 2: nothing of the move happens. */
    assert_int_equal(grg_apply_all(g, seq, 4, ev, &why, &failed), -1);
    assert_int_equal(failed, 3);
    assert_int_equal(ev->n, 0);
    assert_int_equal(grg_game_hash(g), h);
    assert_int_equal(g->n_actions, 0);
    assert_int_equal(grg_apply_all(g, seq, 3, ev, &why, &failed), 0);
    assert_int_equal(ev->n, 2);
    assert_int_equal(g->n_actions, 3);
    grg_events_free(ev);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* The same seed and the same actions give the same hash after every action. */
static void test_deterministic(void **state)
{
    (void)state;
    grg_loaded *l = load();
    grg_game *a = start(l, 42), *b = start(l, 42);
    grg_action_list *legal = malloc(sizeof *legal);
    for (int i = 0; i < 400 && !a->over; i++) {
        assert_int_equal(grg_game_hash(a), grg_game_hash(b));
        grg_legal(a, NULL, 0, legal);
        assert_true(legal->n > 0);
        grg_action act = legal->items[(i * 7) % legal->n];
        assert_int_equal(grg_apply(a, &act, NULL, NULL), 0);
        assert_int_equal(grg_apply(b, &act, NULL, NULL), 0);
    }
    assert_int_equal(grg_game_hash(a), grg_game_hash(b));
    free(legal);
    grg_game_free(a);
    grg_game_free(b);
    grg_loaded_free(l);
}

/* grg_legal lists only actions grg_check accepts, and the checks refuse what it leaves out. */
static void test_legal_matches_check(void **state)
{
    (void)state;
    grg_loaded *l = load();
    grg_game *g = start(l, 3);
    grg_action_list *legal = malloc(sizeof *legal);
    uint64_t rng = 99;
    for (int i = 0; i < 300 && !g->over; i++) {
        grg_legal(g, NULL, 0, legal);
        for (int k = 0; k < legal->n; k++)
            assert_int_equal(grg_check(g, &legal->items[k], NULL), 0);
        rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
        grg_action act = legal->items[(rng >> 33) % (uint64_t)legal->n];
        assert_int_equal(grg_apply(g, &act, NULL, NULL), 0);
    }
    free(legal);
    grg_game_free(g);
    grg_loaded_free(l);
}

static void test_option_values(void **state)
{
    (void)state;
    grg_loaded *l = load();
    grg_options o = {0};
    grg_err err;
    int v = -1;
    char msg[160];
    assert_int_equal(grg_option_parse(l->rs, "mode", "bloody", &v, msg, sizeof msg), 0);
    assert_int_equal(v, 1);
    assert_int_equal(grg_option_parse(l->rs, "mode", "gentle", &v, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "plain"));
    assert_int_equal(grg_option_parse(l->rs, "combat_bonus", "9", &v, msg, sizeof msg), -1);
    assert_int_equal(grg_option_parse(l->rs, "nonsense", "1", &v, msg, sizeof msg), -1);
    grg_options_set(&o, "combat_bonus", 2);
    grg_options_set(&o, "mode", 1);
    grg_game *g = grg_game_new(l->rs, l->sc, &o, 1, NULL, &err);
    assert_non_null(g);
    assert_int_equal(g->opt[grg_option_index(l->rs, "combat_bonus")], 2);
    assert_int_equal(g->opt[grg_option_index(l->rs, "mode")], 1);
    grg_game_free(g);
    grg_options_set(&o, "combat_bonus", 4);
    assert_null(grg_game_new(l->rs, l->sc, &o, 1, NULL, &err));
    assert_non_null(strstr(err.message, "combat_bonus"));
    grg_loaded_free(l);
}

static void test_state_size(void **state)
{
    (void)state;
    grg_loaded *l = load();
    grg_game *g = start(l, 1);
    assert_true(grg_game_size(g) <= sizeof(grg_game) + GRG_RS_STATE_MAX);
    assert_true(grg_game_size(g) >= sizeof(grg_game) + l->rs->state_size);
    grg_game_free(g);
    grg_loaded_free(l);
}

/* A term's rule id and label are cut to their fields, always terminated; NULL reads as "". */
static void test_term_set(void **state)
{
    (void)state;
    grg_term t;
    memset(&t, 'x', sizeof t);
    char long_label[100];
    memset(long_label, 'l', sizeof long_label - 1);
    long_label[sizeof long_label - 1] = '\0';
    grg_term_set(&t, "CDB-11.3.a-and-a-rule-id-far-too-long-for-its-field", long_label, -3);
    assert_int_equal(strlen(t.rule), sizeof t.rule - 1);
    assert_memory_equal(t.rule, "CDB-11.3.a", 10);
    assert_int_equal(strlen(t.label), sizeof t.label - 1);
    assert_int_equal(t.value, -3);
    grg_term_set(&t, NULL, "general", 1);
    assert_string_equal(t.rule, "");
    assert_string_equal(t.label, "general");
    grg_event e = {.n_terms = GRG_MAX_TERMS - 1};
    grg_event_term(&e, "CDB-P9", "uphill", 1);
    grg_event_term(&e, "CDB-P9", "one too many", 1);
    assert_int_equal(e.n_terms, GRG_MAX_TERMS);
    assert_string_equal(e.terms[GRG_MAX_TERMS - 1].label, "uphill");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dice_vector),
        cmocka_unit_test(test_dice_uniform),
        cmocka_unit_test(test_scripted_dice_first),
        cmocka_unit_test(test_clone_independent),
        cmocka_unit_test(test_refusal_changes_nothing),
        cmocka_unit_test(test_apply_all_or_nothing),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_legal_matches_check),
        cmocka_unit_test(test_option_values),
        cmocka_unit_test(test_state_size),
        cmocka_unit_test(test_term_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
