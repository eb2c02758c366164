/* test_compare.c: unit tests of the pairwise comparison of runs, worked by hand. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "metrics/metrics.h"

/* Runs best first 2, 0, 1: every pair (2,0) (2,1) (0,1); against baseline 1: (2,1) (0,1). */
static void test_pairs(void **state)
{
    (void)state;
    const size_t order[] = { 2, 0, 1 };
    size_t a[9], b[9];
    assert_int_equal(metrics_compare_pairs(order, 3, -1, a, b), 3);
    assert_int_equal(a[0], 2);
    assert_int_equal(b[0], 0);
    assert_int_equal(a[1], 2);
    assert_int_equal(b[1], 1);
    assert_int_equal(a[2], 0);
    assert_int_equal(b[2], 1);
    assert_int_equal(metrics_compare_pairs(order, 3, 1, a, b), 2);
    assert_int_equal(a[0], 2);
    assert_int_equal(b[0], 1);
    assert_int_equal(a[1], 0);
    assert_int_equal(b[1], 1);
}

/* Run 0 = {1, 2, 3}, run 1 = {0, 0, 0}: differences mean 2, sd 1, so d_z = 2 and
 * t = 2 / (1 / sqrt 3) = 3.4641; with 2 degrees of freedom the two-sided
 * p = 1 - t / sqrt(2 + t^2) = 0.07418. The same pair twice under Holm: the same p twice,
 * both adjusted to min(1, 2p). */
static void test_t(void **state)
{
    (void)state;
    const double x[] = { 1, 2, 3, 0, 0, 0 };
    const size_t a[] = { 0, 0 }, b[] = { 1, 1 };
    metrics_test tests[] = { METRICS_TEST_T };
    metrics_test_opts o;
    metrics_test_opts_init(&o);
    metrics_comparison *c = metrics_compare(x, 3, a, b, 1, tests, 1, &o, METRICS_CORRECT_HOLM);
    double t = 2.0 * sqrt(3.0), p = 1.0 - t / sqrt(2.0 + t * t);
    assert_int_equal(c[0].a, 0);
    assert_int_equal(c[0].b, 1);
    assert_int_equal(c[0].test, METRICS_TEST_T);
    assert_float_equal(c[0].result.statistic, t, 1e-9);
    assert_float_equal(c[0].result.p, p, 1e-6);
    assert_float_equal(c[0].p_adjusted, p, 1e-6);
    assert_float_equal(c[0].effect_size, 2.0, 1e-12);
    free(c);
    c = metrics_compare(x, 3, a, b, 2, tests, 1, &o, METRICS_CORRECT_HOLM);
    assert_float_equal(c[0].p_adjusted, 2 * p, 1e-6);
    assert_float_equal(c[1].p_adjusted, 2 * p, 1e-6);
    free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pairs),
        cmocka_unit_test(test_t),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
