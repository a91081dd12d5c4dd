/* Unit tests for src/server/minds.c: the server keeps one AI player per game and side (of the
 * seat's player) between decisions, hands it to one worker at a time, and makes room by dropping
 * the least recently used idle one. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "server/server.h"

/* Takes the kept player of game gid, side 0 and `player`, checks it is `want`, and puts it back. */
static void assert_kept(srv_minds *m, const char *player, const char *gid, uint64_t seed,
                        grg_ai *want)
{
    assert_ptr_equal(srv_minds_take(m, player, gid, 0, seed), want);
    srv_minds_put(m, want);
}

/* The same game, side and player get the same player back; another side or game gets its own. */
static void test_kept_per_game_and_side(void **state)
{
    (void)state;
    srv_minds *m = srv_minds_new(4);
    assert_non_null(m);
    grg_ai *a = srv_minds_take(m, "plan", "00000000000000a1", 0, 1);
    assert_non_null(a);
    assert_string_equal(grg_ai_name(a), "plan");
    srv_minds_put(m, a);
    grg_ai *again = srv_minds_take(m, "plan", "00000000000000a1", 0, 2);
    assert_ptr_equal(again, a);
    grg_ai *other_side = srv_minds_take(m, "plan", "00000000000000a1", 1, 3);
    grg_ai *other_game = srv_minds_take(m, "plan", "00000000000000b2", 0, 4);
    assert_non_null(other_side);
    assert_non_null(other_game);
    assert_ptr_not_equal(other_side, a);
    assert_ptr_not_equal(other_game, a);
    assert_ptr_not_equal(other_game, other_side);
    srv_minds_put(m, again);
    srv_minds_put(m, other_side);
    srv_minds_put(m, other_game);
    srv_minds_free(m);
}

/* A player in use is not handed out twice, and a full table of players in use has no room: the
 * caller then thinks with a fresh player. */
static void test_one_worker_at_a_time(void **state)
{
    (void)state;
    srv_minds *m = srv_minds_new(2);
    grg_ai *a = srv_minds_take(m, "greedy", "00000000000000a1", 0, 1);
    assert_non_null(a);
    assert_null(srv_minds_take(m, "greedy", "00000000000000a1", 0, 1));
    grg_ai *b = srv_minds_take(m, "greedy", "00000000000000b2", 0, 1);
    assert_non_null(b);
    assert_null(srv_minds_take(m, "greedy", "00000000000000c3", 0, 1));
    srv_minds_put(m, a);
    assert_kept(m, "greedy", "00000000000000a1", 1, a);
    srv_minds_put(m, b);
    srv_minds_free(m);
}

/* When the table is full the least recently used idle player gives up its slot; the others stay. */
static void test_least_recently_used_goes(void **state)
{
    (void)state;
    srv_minds *m = srv_minds_new(2);
    grg_ai *a = srv_minds_take(m, "random", "00000000000000a1", 0, 1);
    srv_minds_put(m, a);
    grg_ai *b = srv_minds_take(m, "random", "00000000000000b2", 0, 1);
    srv_minds_put(m, b);
    /* a is now the more recent */
    srv_minds_put(m, srv_minds_take(m, "random", "00000000000000a1", 0, 1));
    grg_ai *c = srv_minds_take(m, "random", "00000000000000c3", 0, 1); /* b's slot */
    assert_non_null(c);
    srv_minds_put(m, c);
    assert_kept(m, "random", "00000000000000a1", 1, a);
    assert_kept(m, "random", "00000000000000c3", 1, c);
    srv_minds_free(m);
}

/* A game that is over drops its players: the idle one at once, the one a worker holds once it is
 * put back (it is no longer found for the game, so the game's next take makes a fresh one);
 * other games keep theirs. */
static void test_a_finished_game_is_forgotten(void **state)
{
    (void)state;
    srv_minds *m = srv_minds_new(3);
    grg_ai *held = srv_minds_take(m, "greedy", "00000000000000a1", 0, 1);
    grg_ai *idle = srv_minds_take(m, "greedy", "00000000000000a1", 1, 2);
    grg_ai *other = srv_minds_take(m, "greedy", "00000000000000b2", 0, 3);
    assert_non_null(held);
    assert_non_null(idle);
    assert_non_null(other);
    srv_minds_put(m, idle);
    srv_minds_put(m, other);
    assert_int_equal(srv_minds_forget(m, "00000000000000a1"), 2);
    assert_int_equal(srv_minds_forget(m, "00000000000000a1"), 0);
    srv_minds_put(m, held); /* the worker that held it is done with it */
    /* held is still allocated, so a fresh player cannot have its address */
    grg_ai *fresh = srv_minds_take(m, "greedy", "00000000000000a1", 0, 6);
    assert_non_null(fresh);
    assert_ptr_not_equal(fresh, held);
    srv_minds_put(m, fresh);
    assert_int_equal(srv_minds_forget(m, "00000000000000a1"), 1);
    /* Two new players take the forgotten ones' slots (one free, one giving way first): had they
     * been kept, the second would have evicted the other game's player. */
    grg_ai *c = srv_minds_take(m, "greedy", "00000000000000c3", 0, 4);
    grg_ai *d = srv_minds_take(m, "greedy", "00000000000000d4", 0, 5);
    assert_non_null(c);
    assert_non_null(d);
    srv_minds_put(m, c);
    srv_minds_put(m, d);
    assert_kept(m, "greedy", "00000000000000b2", 3, other);
    srv_minds_free(m);
}

/* A seat's player is the one asked for: another player for the same game and side (a seat that
 * names its own) is another entry, and each is found again by its name. */
static void test_kept_per_player(void **state)
{
    (void)state;
    srv_minds *m = srv_minds_new(4);
    grg_ai *plan = srv_minds_take(m, "plan", "00000000000000a1", 0, 1);
    grg_ai *greedy = srv_minds_take(m, "greedy", "00000000000000a1", 0, 1);
    assert_non_null(plan);
    assert_non_null(greedy);
    assert_string_equal(grg_ai_name(plan), "plan");
    assert_string_equal(grg_ai_name(greedy), "greedy");
    srv_minds_put(m, plan);
    srv_minds_put(m, greedy);
    assert_kept(m, "greedy", "00000000000000a1", 2, greedy);
    assert_kept(m, "plan", "00000000000000a1", 2, plan);
    srv_minds_free(m);
}

/* An unknown player makes no table entries: every take says to think afresh. */
static void test_unknown_player(void **state)
{
    (void)state;
    srv_minds *m = srv_minds_new(2);
    assert_non_null(m);
    assert_null(srv_minds_take(m, "no-such-player", "00000000000000a1", 0, 1));
    srv_minds_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kept_per_game_and_side),
        cmocka_unit_test(test_kept_per_player),
        cmocka_unit_test(test_one_worker_at_a_time),
        cmocka_unit_test(test_least_recently_used_goes),
        cmocka_unit_test(test_a_finished_game_is_forgotten),
        cmocka_unit_test(test_unknown_player),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
