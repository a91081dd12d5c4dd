/* The search player (src/ai/search.c, docs/ai.md) beats the random one: most games of each
 * shipped skirmish, and no more losses than wins on the test scenario. Its share of the contract
 * (legal choices, the same game twice, blind to the real dice) is test_ai.c's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ai_games.h"

static void test_search_beats_random(void **state)
{
    (void)state;
    beats_random("search", 16);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_search_beats_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
