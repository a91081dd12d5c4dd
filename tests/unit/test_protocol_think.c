/* The protocol's `think` and the players the program running the session passes in
 * (grg_thinker, include/grognard/proto.h): the request's seed reaches them as named, or a fresh
 * one marked as not named; the reply echoes the seed of the player that answered; a game loaded
 * makes them forget what they kept, a load refused does not; a whole move asked of players that
 * give none is refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "grognard/proto.h"

#include <stdlib.h>
#include <string.h>

typedef struct counting {
    grg_thinker base;
    int forgotten, seeded;
    uint64_t seed;
} counting;

/* Answers end_phase as a player kept with seed 0x42 would when no seed is named. */
static int think(grg_thinker *t, const char *player, const char *options, const grg_game *g,
                 uint64_t *seed, int seeded, int iterations, int ms, grg_action *out, char *msg,
                 size_t n)
{
    (void)player, (void)options, (void)g, (void)iterations, (void)ms, (void)msg, (void)n;
    counting *c = (counting *)t;
    c->seeded = seeded;
    c->seed = *seed;
    if (!seeded)
        *seed = 0x42;
    *out = grg_action_make(GRG_A_END_PHASE, -1);
    return 0;
}

static void forget(grg_thinker *t) { ((counting *)t)->forgotten++; }

static void ask(grg_session *s, const char *line, const char *want)
{
    int quit;
    char *reply = grg_session_handle(s, line, &quit);
    assert_non_null(reply);
    if (!strstr(reply, want))
        fail_msg("%s\nanswered %s\nwithout %s", line, reply, want);
    free(reply);
}

static void test_think_passes_the_seed_and_loads_forget(void **state)
{
    (void)state;
    grg_session *s = grg_session_new(grg_data_dir());
    assert_non_null(s);
    counting c = {{think, forget, NULL}, 0, 0, 0};
    grg_session_set_think(s, &c.base);
    ask(s, "{\"cmd\":\"load\",\"scenario\":\"data/scenarios/test/clash.json\"}", "\"ok\":true");
    assert_int_equal(c.forgotten, 1);
    ask(s, "{\"cmd\":\"think\",\"seed\":\"00000000000000a7\"}", "\"seed\":\"00000000000000a7\"");
    assert_int_equal(c.seeded, 1);
    assert_true(c.seed == 0xa7);
    ask(s, "{\"cmd\":\"think\"}", "\"seed\":\"0000000000000042\"");
    assert_int_equal(c.seeded, 0);
    /* A program whose players suggest no whole move says so; "whole" must be a boolean. */
    ask(s, "{\"cmd\":\"think\",\"whole\":true}", "\"code\":\"no_player\"");
    ask(s, "{\"cmd\":\"think\",\"whole\":1}", "\"code\":\"bad_request\"");
    ask(s, "{\"cmd\":\"think\",\"whole\":false}", "\"action\":{\"type\":\"end_phase\"}");
    ask(s, "{\"cmd\":\"load\",\"scenario\":\"no/such/file.json\"}", "\"ok\":false");
    assert_int_equal(c.forgotten, 1); /* refused: the game and what was thought about it stay */
    ask(s, "{\"cmd\":\"load\",\"scenario\":\"data/scenarios/test/duel.json\"}", "\"ok\":true");
    assert_int_equal(c.forgotten, 2);
    grg_session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_think_passes_the_seed_and_loads_forget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
