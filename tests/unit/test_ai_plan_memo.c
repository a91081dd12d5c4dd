/* The plan player's memo (src/ai/plan.c, docs/ai-log.md, twenty-seventh pass). A file apart from
 * test_ai_plan.c's, as long as its games are under the sanitizers, so that ctest runs the two side
 * by side. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ai_games.h"

enum { CDB_ACTIONS = 200, NAP_ACTIONS = 40 };

/* The plan player's memo (plan.c: a plan played as one already judged from the decision's state
 * takes that one's value) changes no choice: judging every plan in full (memo=0) plays the same
 * game move for move, through the cdb skirmish's first melees (plans to the phase's end, as
 * test_ai_plan.c's test_plan_rolls_by_default) and the nap skirmish's first combats (plans past the
 * phase, the enemy's reply included), where plans throw dice, judged on each imagined roll. */
static void test_plan_memo_changes_no_choice(void **state)
{
    (void)state;
    static const struct {
        const char *path, *options, *memo0;
        int n;
    } games[] = {{"data/scenarios/cdb/skirmish.json", "horizon=0", "horizon=0,memo=0", CDB_ACTIONS},
                 {"data/scenarios/nap/skirmish.json", NULL, "memo=0", NAP_ACTIONS}};
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
        grg_loaded *ld = test_load(games[k].path);
        grg_action a[CDB_ACTIONS], b[CDB_ACTIONS];
        uint64_t h = self_game(ld, "plan", games[k].options, 3, games[k].n, a);
        assert_true(h == self_game(ld, "plan", games[k].memo0, 3, games[k].n, b));
        for (int i = 0; i < games[k].n; i++)
            assert_true(grg_action_eq(&a[i], &b[i]));
        grg_loaded_free(ld);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plan_memo_changes_no_choice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
