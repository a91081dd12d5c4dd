/* The AI's matchups (src/ai/lookahead.c, docs/ai.md), on a nap lab map: a beaten unit that has
 * no hex to retreat into is lost (NAP-7.23, 7.24: its retreat must end free of enemy zones of
 * control, in a hex it may stack in), so a fight weighs more against the side whose unit is
 * trapped (two units of 4 face each other at 1-1, whose results include both sides' one-hex
 * retreats; friends are then placed in every hex behind one of them); the plan player's way of
 * counting the melee, each unit attacked once and the enemy's attacks previewed too. */
#include "test_nap_lab.h"

#include "ai/ai_internal.h"

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

/* A lab game of `units` with a lookahead ready for it. */
typedef struct judged {
    grg_loaded *l;
    ai_lookahead *la;
    grg_game *g;
} judged;

static void judged_open(judged *j, const char *units_json)
{
    j->l = lab_load(NULL, "", units_json, "");
    assert_non_null(j->l);
    j->la = calloc(1, sizeof *j->la);
    assert_non_null(j->la);
    j->g = lab_game(j->l, NULL);
    assert_int_equal(grg__ai_lookahead_ready(j->la, j->g), 0);
}

static void judged_close(judged *j)
{
    grg_game_free(j->g);
    grg__ai_lookahead_release(j->la);
    free(j->la);
    grg_loaded_free(j->l);
}

static void test_trapped_units_count_as_lost(void **state)
{
    (void)state;
    grg_loaded *l = lab_load(NULL, "", units, "");
    assert_non_null(l);
    ai_lookahead *la = calloc(1, sizeof *la);
    assert_non_null(la);
    grg_game *g = lab_game(l, NULL);
    assert_int_equal(grg__ai_lookahead_ready(la, g), 0);
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
    grg__ai_lookahead_release(la);
    free(la);
    grg_loaded_free(l);
}

/* CDB-11.1.c, NAP-7.3: a unit is attacked at most once a turn. Where a second unit of a's joins
 * a1 beside d1, every pair counts its attack on d1 on top of a1's; the plan player's matchups
 * (AI_ATTACKED_ONCE) count d1 attacked once, by the better of the two, and gain only d1's attack
 * on the newcomer (a poor one for d1 at 1-2). */
static const char outnumbered[] =
    "[{\"id\":\"a1\",\"side\":\"a\",\"type\":\"infantry\",\"hex\":\"0605\",\"strength\":4},"
    "{\"id\":\"a2\",\"side\":\"a\",\"type\":\"infantry\",\"hex\":\"0110\",\"strength\":4},"
    "{\"id\":\"d1\",\"side\":\"d\",\"type\":\"infantry\",\"hex\":\"0505\",\"strength\":2}]";

static void test_a_unit_is_attacked_once(void **state)
{
    (void)state;
    judged j;
    judged_open(&j, outnumbered);
    grg_game *g = j.g;
    int a1 = lab_unit(g, "a1"), a2 = lab_unit(g, "a2"), d1 = lab_unit(g, "d1");
    double pairs1 = grg__ai_matchups(j.la, g, 0, AI_EVERY_PAIR);
    double once1 = grg__ai_matchups(j.la, g, 0, AI_ATTACKED_ONCE);
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
    double pairs2 = grg__ai_matchups(j.la, g, 0, AI_EVERY_PAIR);
    double once2 = grg__ai_matchups(j.la, g, 0, AI_ATTACKED_ONCE);
    print_message("matchups for a: a1 beside d1: every pair %.4f, attacked once %.4f; a2 too: "
                  "%.4f, %.4f\n",
                  pairs1, once1, pairs2, once2);
    assert_true(pairs2 > pairs1 + 0.01);                 /* a2's attack on top of a1's */
    assert_true(once2 - once1 < pairs2 - pairs1 - 0.01); /* d1 attacked once */
    judged_close(&j);
}

/* The nap preview answers only for the side to act (an attacker belongs to the attacking side,
 * NAP-7.1), so every pair counts none of the enemy's attacks; the plan player's matchups preview
 * them on a copy handed to the enemy (grg_game_hand_to). d1 at 4-1 against a1 weighs against a
 * there, and only there. */
static const char overmatched[] =
    "[{\"id\":\"a1\",\"side\":\"a\",\"type\":\"infantry\",\"hex\":\"0605\",\"strength\":2},"
    "{\"id\":\"d1\",\"side\":\"d\",\"type\":\"infantry\",\"hex\":\"0505\",\"strength\":8}]";

static void test_the_enemys_attacks_count(void **state)
{
    (void)state;
    judged j;
    judged_open(&j, overmatched);
    grg_game *g = j.g;
    assert_int_equal(g->active, 0);
    grg_preview pv;
    grg_action acts[3] = {grg_action_make(GRG_A_COMBAT_BEGIN, -1),
                          grg_action_make(GRG_A_ATTACKER, lab_unit(g, "d1")),
                          grg_action_make(GRG_A_DEFENDER, lab_unit(g, "a1"))};
    assert_int_equal(grg_query_preview(g, acts, 3, &pv, NULL), -1); /* not d's turn */
    uint64_t hash = grg_game_hash(g);
    double pairs = grg__ai_matchups(j.la, g, 0, AI_EVERY_PAIR);
    double once = grg__ai_matchups(j.la, g, 0, AI_ATTACKED_ONCE);
    print_message("matchups for a: every pair %.4f, attacked once %.4f\n", pairs, once);
    assert_true(once < pairs - 0.05);
    assert_true(grg_game_hash(g) == hash); /* judged on a copy */
    grg_game *c = grg_game_clone(g);
    assert_int_equal(grg_game_hand_to(c, 1), 0);
    assert_int_equal(grg_query_preview(c, acts, 3, &pv, NULL), 0);
    assert_int_equal(grg_game_hand_to(c, 2), -1);
    assert_int_equal(c->active, 1);
    grg_game_free(c);
    judged_close(&j);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trapped_units_count_as_lost),
        cmocka_unit_test(test_a_unit_is_attacked_once),
        cmocka_unit_test(test_the_enemys_attacks_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
