/* The plan player's selection (src/ai/plan.c, docs/ai.md, twentieth pass): its members are ranked
 * best first, but a judgement already kept goes behind every other, so that plans judged alike
 * (the same moves in another order) no longer fill the population while different plans are
 * dropped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ai/ai_internal.h"

static void test_a_judgement_is_kept_once_before_any_twice(void **state)
{
    (void)state;
    const double value[] = {3.0, 5.0, 5.0, 1.0, 5.0, 2.0, 3.0};
    int order[7];
    assert_int_equal(grg__ai_rank(value, 7, order), 4);
    /* 5, 3, 2, 1 (each value's first member), then the second 5, the third 5 and the second 3. */
    const int want[] = {1, 0, 5, 3, 2, 4, 6};
    for (int i = 0; i < 7; i++)
        assert_int_equal(order[i], want[i]);
}

static void test_distinct_values_are_sorted_best_first(void **state)
{
    (void)state;
    const double value[] = {0.5, -1.0, 2.0, 0.25};
    int order[4];
    assert_int_equal(grg__ai_rank(value, 4, order), 4);
    const int want[] = {2, 0, 3, 1};
    for (int i = 0; i < 4; i++)
        assert_int_equal(order[i], want[i]);
}

static void test_a_population_of_clones_keeps_its_order(void **state)
{
    (void)state;
    double value[AI_RANK_MAX];
    int order[AI_RANK_MAX];
    for (int i = 0; i < AI_RANK_MAX; i++)
        value[i] = 0.75;
    assert_int_equal(grg__ai_rank(value, AI_RANK_MAX, order), 1);
    for (int i = 0; i < AI_RANK_MAX; i++)
        assert_int_equal(order[i], i);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_judgement_is_kept_once_before_any_twice),
        cmocka_unit_test(test_distinct_values_are_sorted_best_first),
        cmocka_unit_test(test_a_population_of_clones_keeps_its_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
