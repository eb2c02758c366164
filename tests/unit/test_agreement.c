/* test_agreement.c: unit tests of agreement between assessors, worked by hand. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "metrics/metrics.h"

/* Items by assessors A, B, C (-1: not judged):
 *   item 0:  1  1  0
 *   item 1:  0  1  -
 *   item 2:  2  -  2
 * A-B on items 0, 1: agreement 1/2; A's grades 0 and 1, B's 1 and 1: chance 1/2, kappa 0.
 * A-C on items 0, 2: agreement 1/2; chance (1/2)(1/2) on grade 2 = 1/4: kappa 1/3;
 *   binary (level 1): A relevant twice, C once: agreement 1/2, chance 1/2, kappa 0.
 * B-C on item 0 only: 1 against 0: agreement 0, kappa 0.
 * Fleiss: item 0 has 2 of 6 ordered pairs agreeing (1/3), item 1 none, item 2 all: 4/9;
 *   binary the same. */
static void test_three_assessors(void **state)
{
    (void)state;
    const long g[] = { 1, 1, 0, 0, 1, -1, 2, -1, 2 };
    metrics_agreement ag;
    metrics_agreement_compute(g, 3, 3, 1, &ag);
    assert_int_equal(ag.k, 3);
    assert_int_equal(ag.npairs, 3);
    const metrics_agreement_pair *ab = &ag.pairs[0], *ac = &ag.pairs[1], *bc = &ag.pairs[2];
    assert_int_equal(ab->a, 0);
    assert_int_equal(ab->b, 1);
    assert_int_equal(ab->n, 2);
    assert_float_equal(ab->agreement, 0.5, 1e-12);
    assert_float_equal(ab->kappa, 0.0, 1e-12);
    assert_float_equal(ab->agreement_bin, 0.5, 1e-12);
    assert_float_equal(ab->kappa_bin, 0.0, 1e-12);
    /* rows A's grade, columns B's: (1,1) and (0,1) */
    const long want[] = { 0, 1, 0, 0, 1, 0, 0, 0, 0 };
    for (size_t i = 0; i < 9; i++)
        assert_int_equal(ab->confusion[i], want[i]);
    assert_int_equal(ac->b, 2);
    assert_int_equal(ac->n, 2);
    assert_float_equal(ac->agreement, 0.5, 1e-12);
    assert_float_equal(ac->kappa, 1.0 / 3.0, 1e-12);
    assert_float_equal(ac->agreement_bin, 0.5, 1e-12);
    assert_float_equal(ac->kappa_bin, 0.0, 1e-12);
    assert_int_equal(bc->n, 1);
    assert_float_equal(bc->agreement, 0.0, 1e-12);
    assert_int_equal(ag.multi, 3);
    assert_float_equal(ag.agreement, 4.0 / 9.0, 1e-12);
    assert_float_equal(ag.agreement_bin, 4.0 / 9.0, 1e-12);
    metrics_agreement_free(&ag);
    assert_null(ag.pairs);
}

/* Two assessors who never judged the same item: no pair, no Fleiss row. */
static void test_no_overlap(void **state)
{
    (void)state;
    const long g[] = { 1, -1, -1, 0 };
    metrics_agreement ag;
    metrics_agreement_compute(g, 2, 2, 1, &ag);
    assert_int_equal(ag.k, 2);
    assert_int_equal(ag.npairs, 0);
    assert_int_equal(ag.multi, 0);
    metrics_agreement_free(&ag);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_three_assessors),
        cmocka_unit_test(test_no_overlap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
