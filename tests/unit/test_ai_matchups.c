/* The AI's matchups (src/ai/lookahead.c, docs/ai.md): a beaten unit that has no hex to retreat
 * into is lost (NAP-7.23, 7.24: its retreat must end free of enemy zones of control, in a hex it
 * may stack in), so a fight weighs more against the side whose unit is trapped. On a nap lab map:
 * two units of 4 face each other at 1-1 (whose results include both sides' one-hex retreats);
 * friends are then placed in every hex behind one of them. */
#include "test_nap_lab.h"

#include "ai/ai_internal.h"

#include <math.h>

static const char units[] =
    "[{\"id\":\"a1\",\"side\":\"a\",\"type\":\"infantry\",\"hex\":\"0605\",\"strength\":4},"
    "{\"id\":\"a2\",\"side\":\"a\",\"type\":\"infantry\",\"hex\":\"0110\",\"strength\":1},"
    "{\"id\":\"a3\",\"side\":\"a\",\"type\":\"infantry\",\"hex\":\"0210\",\"strength\":1},"
    "{\"id\":\"a4\",\"side\":\"a\",\"type\":\"infantry\",\"hex\":\"0310\",\"strength\":1},"
    "{\"id\":\"d1\",\"side\":\"d\",\"type\":\"infantry\",\"hex\":\"0505\",\"strength\":4},"
    "{\"id\":\"d2\",\"side\":\"d\",\"type\":\"infantry\",\"hex\":\"1001\",\"strength\":1},"
    "{\"id\":\"d3\",\"side\":\"d\",\"type\":\"infantry\",\"hex\":\"1101\",\"strength\":1},"
    "{\"id\":\"d4\",\"side\":\"d\",\"type\":\"infantry\",\"hex\":\"1201\",\"strength\":1}]";

/* Moves the three friends named first..first+2 into the hexes behind unit `u` as seen from
 * `enemy` (its neighbours farther from the enemy), closing its retreat. */
static void close_retreat(grg_game *g, int u, int enemy, int first)
{
    grg_hex at = g->units[u].hex, from = g->units[enemy].hex;
    int placed = 0;
    for (int dir = 0; dir < 6; dir++) {
        grg_hex h = grg_hex_neighbour(at, dir);
        if (grg_hex_distance(h, from) > grg_hex_distance(at, from))
            g->units[first + placed++].hex = h;
    }
    assert_int_equal(placed, 3);
}

static void test_trapped_units_count_as_lost(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(NULL, "", units, "");
    assert_non_null(l);
    ai_lookahead *la = calloc(1, sizeof *la);
    assert_non_null(la);
    grg_game *g = lab_game(l, NULL);
    int a1 = lab_unit(g, "a1"), d1 = lab_unit(g, "d1");
    double open = grg__ai_matchups(la, g, 0, AI_EVERY_PAIR);
    close_retreat(g, d1, a1, lab_unit(g, "d2"));
    double theirs_trapped = grg__ai_matchups(la, g, 0, AI_EVERY_PAIR);
    grg_game_free(g);

    g = lab_game(l, NULL);
    close_retreat(g, a1, d1, lab_unit(g, "a2"));
    double ours_trapped = grg__ai_matchups(la, g, 0, AI_EVERY_PAIR);
    grg_game_free(g);

    print_message("matchups for a: open %.4f, d1 trapped %.4f, a1 trapped %.4f\n", open,
                  theirs_trapped, ours_trapped);
    assert_true(theirs_trapped > open + 0.01);
    assert_true(ours_trapped < open - 0.01);
    free(la);
    grg_loaded_free(l);
}

/* CDB-11.1.c, NAP-7.3: a unit is attacked at most once a turn. Where two of a's units stand
 * beside d1, the plan player's matchups (AI_ATTACKED_ONCE) count only the better of their attacks
 * on it, where every pair counts both; with one attacker beside it the two ways agree. (The nap
 * preview answers only for the side to act, so only a's attacks are counted here.) */
static const char outnumbered[] =
    "[{\"id\":\"a1\",\"side\":\"a\",\"type\":\"infantry\",\"hex\":\"0605\",\"strength\":4},"
    "{\"id\":\"a2\",\"side\":\"a\",\"type\":\"infantry\",\"hex\":\"0110\",\"strength\":4},"
    "{\"id\":\"d1\",\"side\":\"d\",\"type\":\"infantry\",\"hex\":\"0505\",\"strength\":2}]";

static void test_a_unit_is_attacked_once(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(NULL, "", outnumbered, "");
    assert_non_null(l);
    ai_lookahead *la = calloc(1, sizeof *la);
    assert_non_null(la);
    grg_game *g = lab_game(l, NULL);
    int a1 = lab_unit(g, "a1"), a2 = lab_unit(g, "a2"), d1 = lab_unit(g, "d1");
    double pairs1 = grg__ai_matchups(la, g, 0, AI_EVERY_PAIR);
    double once1 = grg__ai_matchups(la, g, 0, AI_ATTACKED_ONCE);
    assert_true(fabs(pairs1 - once1) < 1e-9);
    assert_true(pairs1 > 0.01); /* a1's 2-1 attack */
    /* a2 beside d1 too, one hex from a1. */
    for (int dir = 0; dir < 6; dir++) {
        grg_hex h = grg_hex_neighbour(g->units[d1].hex, dir);
        if (grg_hex_distance(h, g->units[a1].hex) == 1) {
            g->units[a2].hex = h;
            break;
        }
    }
    assert_int_equal(grg_hex_distance(g->units[d1].hex, g->units[a2].hex), 1);
    double pairs2 = grg__ai_matchups(la, g, 0, AI_EVERY_PAIR);
    double once2 = grg__ai_matchups(la, g, 0, AI_ATTACKED_ONCE);
    print_message("matchups for a: one attacker %.4f; two: every pair %.4f, attacked once %.4f\n",
                  pairs1, pairs2, once2);
    assert_true(pairs2 > pairs1 + 0.01); /* every pair: a2's attack counted on top of a1's */
    assert_true(once2 < pairs2 - 0.01);  /* attacked once: only the better of the two */
    grg_game_free(g);
    free(la);
    grg_loaded_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trapped_units_count_as_lost),
        cmocka_unit_test(test_a_unit_is_attacked_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
