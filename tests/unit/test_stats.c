/* test_stats.c: unit tests of the statistics: distributions, tests, corrections, agreement. */
/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "metrics/metrics.h"

/*
 * Where the expected values come from. Unless said otherwise they were computed once with
 * SciPy 1.10.1 (Debian bookworm's python3-scipy), outside the build, and written here:
 *   scipy.stats.t.cdf, beta.cdf, norm.cdf, binom.cdf       distributions
 *   scipy.stats.ttest_rel(a, b[, alternative='greater'])   paired t-test
 *   scipy.stats.wilcoxon(a, b, method='exact')             small sample, no ties
 *   scipy.stats.wilcoxon(x, y, method='approx', correction=True)  60 pairs with ties (see
 *                                                 test_wilcoxon: recomputed on exact tenths)
 *   scipy.stats.binomtest                                   sign test
 *   scipy.stats.kendalltau                                  tau-b
 * The randomization reference is the exact permutation p-value, from enumerating all
 * 2^10 sign assignments of the ten differences (numpy), which a seeded Monte Carlo test
 * with enough permutations must approach. Kappa values are the published worked
 * examples of Cohen's and Fleiss' kappa (Wikipedia, "Cohen's kappa" and "Fleiss' kappa"
 * articles); Holm, Bonferroni and tau_AP were worked by hand (in the comments).
 */

#define EPS 1e-9

/* Ten paired scores whose differences are 0.05 0.01 -0.03 0.11 0.04 0.09 -0.02 0.07 0.13
 * 0.06 (no ties in |d|). */
static const double sa[] = { 0.35, 0.42, 0.18, 0.51, 0.27, 0.60, 0.33, 0.45, 0.22, 0.39 };
static const double sb[] = { 0.30, 0.41, 0.21, 0.40, 0.23, 0.51, 0.35, 0.38, 0.09, 0.33 };

/* Sixty pairs on a 0.1 grid (many tied |d| and some zeros). */
static const double lx[] = {
    0.5, 1.0, 0.1, 0.9, 0.3, 0.4, 0.8, 0.4, 0.5, 0.0, 0.8, 0.5, 0.3, 0.8, 0.3, 0.5, 0.1, 0.4, 0.2,
    0.3, 0.8, 0.3, 0.5, 1.0, 1.0, 0.7, 0.5, 0.3, 0.2, 1.0, 0.5, 0.1, 0.6, 0.8, 0.6, 0.9, 0.0, 0.5,
    0.5, 0.1, 0.6, 0.9, 0.6, 0.3, 0.8, 0.5, 0.5, 0.8, 0.1, 0.8, 0.7, 0.8, 0.2, 0.8, 0.2, 0.1, 0.9,
    0.9, 0.9, 0.5 };
static const double ly[] = {
    0.2, 0.0, 0.6, 0.6, 0.8, 0.3, 0.2, 0.6, 0.7, 0.9, 0.1, 0.4, 0.8, 0.4, 0.5, 0.0, 0.6, 0.8, 0.7,
    0.8, 0.6, 0.2, 0.7, 0.2, 0.7, 0.1, 0.7, 0.1, 0.3, 0.3, 0.6, 0.2, 0.4, 0.0, 0.2, 0.4, 0.1, 0.6,
    0.3, 0.7, 0.6, 0.4, 0.8, 0.6, 0.7, 0.3, 0.5, 0.2, 0.9, 0.2, 0.2, 0.1, 0.2, 0.7, 0.6, 0.1, 0.3,
    0.4, 0.6, 0.4 };

static metrics_test_result run(metrics_test t, const double *a, const double *b, size_t n,
                               int sided, long samples)
{
    metrics_test_opts o;
    metrics_test_opts_init(&o);
    o.sided = sided;
    if (samples > 0)
        o.samples = samples;
    metrics_test_result r;
    metrics_test_paired(t, a, b, n, &o, &r);
    return r;
}

static void test_distributions(void **state)
{
    (void)state;
    assert_float_equal(metrics_t_cdf(2.0, 5), 0.9490302605850709, EPS);
    assert_float_equal(metrics_t_cdf(-1.3, 12), 0.10900858554175712, EPS);
    assert_float_equal(metrics_t_cdf(0.5, 1.5), 0.65971644466503, EPS);
    assert_float_equal(metrics_incbeta(2.5, 4.0, 0.3), 0.3521975859067672, EPS);
    assert_float_equal(metrics_incbeta(0.5, 7.0, 0.9), 0.9999999780702157, EPS);
    assert_float_equal(metrics_normal_cdf(1.96), 0.9750021048517795, EPS);
    assert_float_equal(metrics_normal_cdf(-3.2), 0.0006871379379158471, 1e-12);
    assert_float_equal(metrics_binom_cdf(3, 12, 0.5), 0.072998046875, EPS);
    assert_float_equal(metrics_binom_cdf(7, 20, 0.3), 0.7722717974181608, EPS);
    assert_float_equal(metrics_binom_cdf(-1, 5, 0.5), 0.0, EPS);
    assert_float_equal(metrics_binom_cdf(5, 5, 0.5), 1.0, EPS);
}

static void test_t(void **state)
{
    (void)state;
    metrics_test_result r = run(METRICS_TEST_T, sa, sb, 10, 2, 0);
    assert_float_equal(r.statistic, 3.054506827125283, 1e-9);
    assert_float_equal(r.p, 0.013692719473982217, 1e-9);
    r = run(METRICS_TEST_T, sa, sb, 10, 1, 0);
    assert_float_equal(r.p, 0.0068463597369911085, 1e-9);
    r = run(METRICS_TEST_T, lx, ly, 60, 2, 0);
    assert_float_equal(r.statistic, 1.6883072608290015, 1e-9);
    assert_float_equal(r.p, 0.09663183121153628, 1e-9);
    /* Identical runs: nothing to see. */
    r = run(METRICS_TEST_T, sa, sa, 10, 2, 0);
    assert_float_equal(r.p, 1.0, EPS);
}

/* p-values far below 1e-16 are not lost to 1 - F(t). With 2 degrees of freedom the t
 * distribution has a closed form, F(t) = 1/2 + t / (2 sqrt(2 + t^2)), whose upper tail is
 * 1 / (sqrt(2 + t^2) (sqrt(2 + t^2) + t)) without cancellation (rearranged by hand). */
static void test_t_tiny_p(void **state)
{
    (void)state;
    double t = 1e9, s = sqrt(2.0 + t * t);
    double tail = 1.0 / (s * (s + t)); /* 5e-19 */
    assert_true(fabs(metrics_t_cdf(-t, 2) - tail) <= 1e-9 * tail);
    static const double d[] = { 1.0, 1.0 + 1e-9, 1.0 - 1e-9 }, zero[] = { 0, 0, 0 };
    metrics_test_result r = run(METRICS_TEST_T, d, zero, 3, 2, 0);
    s = sqrt(2.0 + r.statistic * r.statistic);
    double p = 2.0 / (s * (s + r.statistic)); /* about 3.3e-19 */
    assert_true(r.p > 0.0);
    assert_true(fabs(r.p - p) <= 1e-9 * p);
}

static void test_wilcoxon(void **state)
{
    (void)state;
    metrics_test_result r = run(METRICS_TEST_WILCOXON, sa, sb, 10, 2, 0);
    assert_true(r.exact);
    assert_float_equal(r.statistic, 50.0, EPS); /* W- = 2 + 3 = 5 */
    assert_float_equal(r.p, 0.01953125, EPS);   /* 2 * 10 / 1024 */
    r = run(METRICS_TEST_WILCOXON, sa, sb, 10, 1, 0);
    assert_float_equal(r.p, 0.009765625, EPS);
    /* SciPy ranks the floating-point differences of this 0.1 grid as they are (1017.5,
     * p = 0.0738), so its 0.1 - 0.0 and 0.4 - 0.3 do not tie. The values below rank the
     * exact tenths (the differences as integers): 56 non-zero, W+ = 1004.5, the normal
     * approximation with the tie term and the continuity correction, computed with
     * Python's math.erfc by a short script outside the build. */
    r = run(METRICS_TEST_WILCOXON, lx, ly, 60, 2, 0);
    assert_false(r.exact);
    assert_int_equal(r.n, 56);
    assert_float_equal(r.statistic, 1004.5, EPS);
    assert_float_equal(r.p, 0.09189115613401112, 1e-9);
    r = run(METRICS_TEST_WILCOXON, lx, ly, 60, 1, 0);
    assert_float_equal(r.p, 0.04594557806700556, 1e-9);
    r = run(METRICS_TEST_WILCOXON, sa, sa, 10, 2, 0);
    assert_int_equal(r.n, 0);
    assert_float_equal(r.p, 1.0, EPS);
}

/* P@10-like values whose differences are 0.1 five times (in three floating-point forms:
 * 0.10000000000000003, 0.1, 0.09999999999999998, one of them negative), 0.2 twice, 0.3 once
 * and 0 once (0.3 - (0.1 + 0.2) = -5.6e-17). Rounded, |d| ties as 0.1 x5 (mid-rank 3),
 * 0.2 x2 (6.5), 0.3 (8), the zero dropped: W+ = 4 * 3 + 2 * 6.5 + 8 = 33 over m = 8, with
 * ties, so the normal approximation: E = 18, Var = 8 * 9 * 17 / 24 - (120 + 6) / 48 =
 * 48.375, z = (33 - 18 - 0.5) / sqrt(48.375) = 2.0847669485998095, p = erfc(z / sqrt 2) =
 * 0.03709046022716372 (Python's math.erfc). Sign test: 7 positive of 8, p = 2 * 9 / 256. */
static const double na[] = { 0.4, 0.3, 0.7, 0.5, 0.9, 0.6, 0.2, 0.8, 0.3 };
static const double nb[] = { 0.3, 0.2, 0.6, 0.3, 0.7, 0.7, 0.1, 0.5, 0.1 + 0.2 };

static void test_rank_tests_round(void **state)
{
    (void)state;
    metrics_test_result r = run(METRICS_TEST_WILCOXON, na, nb, 9, 2, 0);
    assert_int_equal(r.n, 8);
    assert_false(r.exact);
    assert_float_equal(r.statistic, 33.0, EPS);
    assert_float_equal(r.p, 0.03709046022716372, 1e-9);
    r = run(METRICS_TEST_SIGN, na, nb, 9, 2, 0);
    assert_int_equal(r.n, 8);
    assert_float_equal(r.statistic, 7.0, EPS);
    assert_float_equal(r.p, 18.0 / 256.0, EPS);
}

static void test_sign(void **state)
{
    (void)state;
    metrics_test_result r = run(METRICS_TEST_SIGN, sa, sb, 10, 2, 0);
    assert_float_equal(r.statistic, 8.0, EPS);
    assert_float_equal(r.p, 0.109375, EPS);
    r = run(METRICS_TEST_SIGN, sa, sb, 10, 1, 0);
    assert_float_equal(r.p, 0.0546875, EPS);
}

static void test_randomization(void **state)
{
    (void)state;
    /* Exact: 20 of 1024 assignments are at least as extreme two-sided, 10 one-sided. */
    metrics_test_result r = run(METRICS_TEST_RANDOMIZATION, sa, sb, 10, 2, 100000);
    assert_float_equal(r.p, 0.01953125, 0.002);
    metrics_test_result again = run(METRICS_TEST_RANDOMIZATION, sa, sb, 10, 2, 100000);
    assert_true(r.p == again.p); /* seeded: the same every time */
    r = run(METRICS_TEST_RANDOMIZATION, sa, sb, 10, 1, 100000);
    assert_float_equal(r.p, 0.009765625, 0.0015);
    r = run(METRICS_TEST_RANDOMIZATION, sa, sa, 10, 2, 1000);
    assert_float_equal(r.p, 1.0, EPS);
}

static void test_bootstrap(void **state)
{
    (void)state;
    /* No closed form: the bootstrap p must be near the t-test's (0.0137) for these
     * well-behaved differences, reproducible, and 1 for identical runs. */
    metrics_test_result r = run(METRICS_TEST_BOOTSTRAP, sa, sb, 10, 2, 20000);
    assert_true(r.p > 0.001 && r.p < 0.06);
    metrics_test_result again = run(METRICS_TEST_BOOTSTRAP, sa, sb, 10, 2, 20000);
    assert_true(r.p == again.p);
    assert_float_equal(r.statistic, 0.051, 1e-9); /* the mean difference */
    r = run(METRICS_TEST_BOOTSTRAP, sa, sa, 10, 2, 1000);
    assert_float_equal(r.p, 1.0, EPS);
    r = run(METRICS_TEST_BOOTSTRAP, lx, ly, 60, 2, 20000);
    assert_true(r.p > 0.05 && r.p < 0.15); /* t-test: 0.097 */
}

static void test_effect_and_names(void **state)
{
    (void)state;
    assert_float_equal(metrics_effect_size(sa, sb, 10), 0.9659198702250081, 1e-9);
    assert_float_equal(metrics_effect_size(sa, sa, 10), 0.0, EPS);
    metrics_test t;
    assert_int_equal(metrics_test_parse("wilcoxon", &t), 0);
    assert_int_equal(t, METRICS_TEST_WILCOXON);
    assert_string_equal(metrics_test_name(METRICS_TEST_BOOTSTRAP), "bootstrap");
    assert_int_equal(metrics_test_parse("z", &t), -1);
}

static void test_corrections(void **state)
{
    (void)state;
    /* Holm by hand: sorted 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06, 0.04*1 = 0.04 -> 0.06
     * (monotone). Bonferroni: times 4, capped at 1. */
    const double p[] = { 0.01, 0.04, 0.03, 0.005 };
    double out[4];
    metrics_p_adjust(p, 4, METRICS_CORRECT_HOLM, out);
    assert_float_equal(out[0], 0.03, EPS);
    assert_float_equal(out[1], 0.06, EPS);
    assert_float_equal(out[2], 0.06, EPS);
    assert_float_equal(out[3], 0.02, EPS);
    const double q[] = { 0.3, 0.01 };
    metrics_p_adjust(q, 2, METRICS_CORRECT_BONFERRONI, out);
    assert_float_equal(out[0], 0.6, EPS);
    assert_float_equal(out[1], 0.02, EPS);
    metrics_p_adjust(q, 2, METRICS_CORRECT_NONE, out);
    assert_float_equal(out[0], 0.3, EPS);

    /* The names the command line gives them, both ways. */
    metrics_correction c = METRICS_CORRECT_NONE;
    assert_int_equal(metrics_correction_parse("holm", &c), 0);
    assert_int_equal(c, METRICS_CORRECT_HOLM);
    assert_int_equal(metrics_correction_parse("bonferroni", &c), 0);
    assert_int_equal(c, METRICS_CORRECT_BONFERRONI);
    assert_int_equal(metrics_correction_parse("Holm", &c), -1);
    assert_int_equal(c, METRICS_CORRECT_BONFERRONI);
    assert_string_equal(metrics_correction_name(METRICS_CORRECT_NONE), "none");
    assert_string_equal(metrics_correction_name(METRICS_CORRECT_HOLM), "holm");
}

static void test_agreement(void **state)
{
    (void)state;
    /* Cohen's worked example: 50 items, yes/yes 20, yes/no 5, no/yes 10, no/no 15:
     * p_o = 0.7, p_e = 0.5, kappa = 0.4. */
    const long c[] = { 20, 5, 10, 15 };
    assert_float_equal(metrics_raw_agreement(c, 2), 0.7, EPS);
    assert_float_equal(metrics_cohen_kappa(c, 2), 0.4, EPS);
    /* Perfect agreement. */
    const long perfect[] = { 3, 0, 0, 4 };
    assert_float_equal(metrics_cohen_kappa(perfect, 2), 1.0, EPS);
    /* Fleiss' worked example: 10 items, 14 raters, 5 categories; kappa = 0.210. */
    const long f[] = { 0, 0, 0, 0, 14, 0, 2, 6, 4, 2, 0, 0, 3, 5, 6, 0, 3, 9, 2, 0, 2, 2, 8, 1, 1,
                       7, 7, 0, 0, 0, 3, 2, 6, 3, 0, 2, 5, 3, 2, 2, 6, 5, 2, 1, 0, 0, 2, 2, 3, 7 };
    assert_float_equal(metrics_fleiss_kappa(f, 10, 5), 0.210, 0.0005);
    /* Two raters: Fleiss' kappa is Scott's pi; for the Cohen table above p_e uses the pooled
     * shares (0.55, 0.45): p_e = 0.505, pi = (0.7 - 0.505) / 0.495 = 0.393939... */
    long two[50 * 2];
    memset(two, 0, sizeof two);
    for (int i = 0; i < 50; i++) {
        int ra = i < 25 ? 0 : 1;                          /* 25 yes, 25 no by the first */
        int rb = i < 20 ? 0 : i < 25 ? 1 : i < 35 ? 0 : 1;
        two[i * 2 + ra]++;
        two[i * 2 + rb]++;
    }
    assert_float_equal(metrics_fleiss_kappa(two, 50, 2), 0.195 / 0.495, 1e-9);
}

static void test_correlation(void **state)
{
    (void)state;
    const double x[] = { 1, 2, 3, 4, 5, 6 }, y[] = { 2, 1, 4, 3, 6, 5 };
    assert_float_equal(metrics_kendall_tau(x, y, 6), 0.6, EPS);
    const double tx[] = { 1, 2, 2, 3, 4 }, ty[] = { 1, 3, 2, 2, 5 };
    assert_float_equal(metrics_kendall_tau(tx, ty, 5), 0.6666666666666666, EPS);
    assert_float_equal(metrics_kendall_tau(x, x, 6), 1.0, EPS);
    /* tau_AP by hand. Reference A > B > C > D. Swapping the bottom two: the systems below
     * the top are right 1, 2/2 and 2/3 of the time: 2/3 * (8/3) - 1 = 7/9 (tau: 2/3).
     * Swapping the top two: 0, 1, 1: 2/3 * 2 - 1 = 1/3 (tau is 2/3 again). */
    const double ref[] = { 4, 3, 2, 1 }, low[] = { 4, 3, 1, 2 }, top[] = { 3, 4, 2, 1 };
    assert_float_equal(metrics_tau_ap(ref, low, 4), 7.0 / 9.0, EPS);
    assert_float_equal(metrics_tau_ap(ref, top, 4), 1.0 / 3.0, EPS);
    assert_float_equal(metrics_kendall_tau(ref, top, 4), 2.0 / 3.0, EPS);
    assert_float_equal(metrics_tau_ap(ref, ref, 4), 1.0, EPS);
    const double rev[] = { 1, 2, 3, 4 };
    assert_float_equal(metrics_tau_ap(ref, rev, 4), -1.0, EPS);
}

static void test_rng(void **state)
{
    (void)state;
    metrics_rng a, b;
    metrics_rng_seed(&a, 7);
    metrics_rng_seed(&b, 7);
    for (int i = 0; i < 100; i++)
        assert_true(metrics_rng_next(&a) == metrics_rng_next(&b));
    long hist[6] = { 0 };
    for (int i = 0; i < 60000; i++)
        hist[metrics_rng_below(&a, 6)]++;
    for (int i = 0; i < 6; i++)
        assert_true(hist[i] > 9500 && hist[i] < 10500);
}

static void test_studentized_range(void **state)
{
    (void)state;
    /* Upper 5% and 1% points of the studentized range from the published tables (Harter
     * 1960; e.g. Montgomery, Design and Analysis of Experiments, table VII), to the
     * tables' three decimals. */
    const struct { double q, k, df, alpha; } tab[] = {
        { 3.877, 3, 10, 0.05 }, { 4.232, 5, 20, 0.05 }, { 3.151, 2, 10, 0.05 },
        { 4.799, 4, 30, 0.01 }, { 5.270, 3, 10, 0.01 }, { 3.356, 3, 120, 0.05 },
        { 4.163, 6, 60, 0.05 },
    };
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        assert_float_equal(1.0 - metrics_ptukey(tab[i].q, tab[i].k, tab[i].df), tab[i].alpha,
                           3e-4);
    /* two means: Q = sqrt(2) |T| with T ~ t(df); df infinite: Q / sqrt(2) normal */
    assert_float_equal(metrics_ptukey(2.5 * sqrt(2.0), 2, 12),
                       2.0 * metrics_t_cdf(2.5, 12) - 1.0, 1e-7);
    assert_float_equal(metrics_ptukey(2.0 * sqrt(2.0), 2, 1e6),
                       2.0 * metrics_normal_cdf(2.0) - 1.0, 1e-7);
    assert_float_equal(metrics_ptukey(0.0, 3, 10), 0.0, 0.0);
}

static void test_tukey_hsd(void **state)
{
    (void)state;
    /* 3 runs on 6 topics; the two-way ANOVA's residual df is 10 and q(run 0, run 1) is
     * 4.6775 (computed by hand): between q(0.05; 3, 10) = 3.877 and q(0.01; 3, 10) = 5.270 */
    const double v[] = { 0.5, 0.6, 0.4, 0.7, 0.55, 0.65,  0.45, 0.5, 0.42, 0.6, 0.5, 0.55,
                         0.2, 0.3, 0.25, 0.4, 0.3, 0.35 };
    metrics_test_opts o;
    metrics_test_opts_init(&o);
    double p[9];
    metrics_multi_compare(METRICS_TEST_TUKEY, v, 3, 6, &o, p);
    assert_float_equal(p[0 * 3 + 1], 1.0 - metrics_ptukey(4.677476657214646, 3, 10), 1e-9);
    assert_true(p[1] > 0.01 && p[1] < 0.05);
    assert_true(p[2] < 1e-4 && p[5] < 1e-4);
    assert_float_equal(p[1], p[3], 0.0);
    assert_float_equal(p[4], 1.0, 0.0);
    metrics_test t;
    assert_int_equal(metrics_test_parse("tukey", &t), 0);
    assert_int_equal(t, METRICS_TEST_TUKEY);
    assert_string_equal(metrics_test_name(METRICS_TEST_RANDOMIZED_MC), "randomized-mc");
    assert_true(metrics_test_is_multi(t));
    assert_false(metrics_test_is_multi(METRICS_TEST_T));
}

static void test_randomized_mc(void **state)
{
    (void)state;
    const double v[] = { 0.5, 0.6, 0.4, 0.7, 0.55, 0.65,  0.45, 0.5, 0.42, 0.6, 0.5, 0.55,
                         0.2, 0.3, 0.25, 0.4, 0.3, 0.35 };
    metrics_test_opts o;
    metrics_test_opts_init(&o);
    o.samples = 2000;
    double p[9], again[9];
    metrics_multi_compare(METRICS_TEST_RANDOMIZED_MC, v, 3, 6, &o, p);
    metrics_multi_compare(METRICS_TEST_RANDOMIZED_MC, v, 3, 6, &o, again);
    for (int i = 0; i < 9; i++)
        assert_float_equal(p[i], again[i], 0.0);  /* seeded: the same every time */
    /* run 2 is below the others on every topic: few permutations reach its difference;
     * never p = 0 */
    assert_true(p[0 * 3 + 2] < 0.01 && p[0 * 3 + 2] >= 1.0 / 2001.0);
    assert_true(p[1] > p[2]);       /* the closer pair is less significant */
    assert_float_equal(p[1], p[3], 0.0);
    /* equal runs: every permutation reaches a difference of 0 */
    const double same[] = { 0.1, 0.2, 0.3,  0.1, 0.2, 0.3 };
    metrics_multi_compare(METRICS_TEST_RANDOMIZED_MC, same, 2, 3, &o, p);
    assert_float_equal(p[1], 1.0, 0.0);
}

/* Quantiles of Student's t. df 1 and 2 have closed forms: tan(pi (p - 1/2)) and
 * (2p - 1) / sqrt(2p(1 - p)); df 9 (odd) has F(t) = 1/2 + (theta + sin theta (cos theta
 * + 2/3 cos^3 + 8/15 cos^5 + 16/35 cos^7)) / pi, theta = atan(t / 3), solved for 0.975 with
 * mpmath at 40 digits: 2.2621571627982055 (the tables' 2.262157); df 4 and 99 by mpmath's
 * betainc, bisected. */
static void test_t_quantile(void **state)
{
    (void)state;
    assert_float_equal(metrics_t_quantile(0.975, 9), 2.2621571627982055, 1e-12);
    assert_float_equal(metrics_t_quantile(0.025, 9), -2.2621571627982055, 1e-12);
    assert_float_equal(metrics_t_quantile(0.975, 1), 12.706204736174705, 1e-10);
    assert_float_equal(metrics_t_quantile(0.975, 2), 4.302652729749464, 1e-12);
    assert_float_equal(metrics_t_quantile(0.995, 4), 4.604094871349993, 1e-11);
    assert_float_equal(metrics_t_quantile(0.975, 99), 1.9842169515864175, 1e-12);
    assert_float_equal(metrics_t_quantile(0.5, 7), 0.0, EPS);
    /* the quantile inverts the CDF, far in the tails too */
    const double ps[] = { 1e-12, 0.001, 0.3, 0.9, 0.999999 };
    const double dfs[] = { 1, 3, 17.5, 200 };
    for (size_t i = 0; i < 5; i++)
        for (size_t j = 0; j < 4; j++) {
            double t = metrics_t_quantile(ps[i], dfs[j]);
            assert_float_equal(metrics_t_cdf(t, dfs[j]) / ps[i], 1.0, 1e-9);
        }
    assert_true(isinf(metrics_t_quantile(1.0, 5)) && metrics_t_quantile(1.0, 5) > 0);
    assert_true(isnan(metrics_t_quantile(1.5, 5)) && isnan(metrics_t_quantile(0.5, 0)));
}

/* Intervals of a mean. 0.1 0.4 0.35 0.8 0.5: mean 0.43, s = 0.25396850198400588, t(0.975,
 * 4) = 2.7764451051977944; 0.43 -+ 2.7764451051977944 * s / sqrt(5) (mpmath, 40 digits):
 * 0.11465645440871854 and 0.74534354559128146. */
static void test_mean_intervals(void **state)
{
    (void)state;
    const double x[] = { 0.1, 0.4, 0.35, 0.8, 0.5 };
    metrics_interval ci = metrics_mean_ci_t(x, 5, 0.95);
    assert_float_equal(ci.low, 0.11465645440871854, 1e-12);
    assert_float_equal(ci.high, 0.74534354559128146, 1e-12);
    ci = metrics_mean_ci_t(x, 1, 0.95);
    assert_true(isnan(ci.low) && isnan(ci.high));
    const double same[] = { 0.25, 0.25, 0.25 };
    ci = metrics_mean_ci_t(same, 3, 0.95);
    assert_float_equal(ci.low, 0.25, EPS);
    assert_float_equal(ci.high, 0.25, EPS);
    /* Bootstrap of 0 and 1: a resample's mean is 0, 1/2 or 1 with probabilities 1/4, 1/2,
     * 1/4, so the 2.5% and 97.5% quantiles of 10,000 of them are 0 and 1, and the 30% and
     * 70% ones (level 0.4) both 1/2. */
    const double bin[] = { 0.0, 1.0 };
    ci = metrics_mean_ci_bootstrap(bin, 2, 0.95, 10000, 42);
    assert_float_equal(ci.low, 0.0, EPS);
    assert_float_equal(ci.high, 1.0, EPS);
    ci = metrics_mean_ci_bootstrap(bin, 2, 0.4, 10000, 42);
    assert_float_equal(ci.low, 0.5, EPS);
    assert_float_equal(ci.high, 0.5, EPS);
    /* one resample: both bounds are its mean; every resample of equal values is them */
    ci = metrics_mean_ci_bootstrap(same, 3, 0.95, 1, 7);
    assert_float_equal(ci.low, 0.25, EPS);
    assert_float_equal(ci.high, 0.25, EPS);
    /* seeded: the same seed gives the same interval. The 5^5 = 3125 equally likely
     * resamples of x (enumerated in Python) have the 2.5% and 97.5% quantiles 0.24 and
     * 0.64 of their means, which 10,000 drawn resamples estimate (the t interval is wider:
     * the bootstrap takes the spread as s sqrt((n - 1) / n) and a normal-like quantile) */
    metrics_interval a = metrics_mean_ci_bootstrap(x, 5, 0.95, 10000, 1);
    metrics_interval b = metrics_mean_ci_bootstrap(x, 5, 0.95, 10000, 1);
    assert_true(a.low == b.low && a.high == b.high);
    assert_float_equal(a.low, 0.24, 0.02);
    assert_float_equal(a.high, 0.64, 0.02);
    ci = metrics_mean_ci_bootstrap(x, 0, 0.95, 100, 1);
    assert_true(isnan(ci.low) && isnan(ci.high));
}

/* Wins, ties and losses: 0.1 + 0.2 against 0.3, and 0.3 against 0.30000000001, tie at the
 * rank tests' grain of 1e-10. */
static void test_win_tie_loss(void **state)
{
    (void)state;
    volatile double tenth = 0.1;
    const double a[] = { 0.4, tenth + 0.2, 0.2, 0.5, 0.3 };
    const double b[] = { 0.3, 0.3, 0.3, 0.5, 0.30000000001 };
    metrics_wtl w = metrics_win_tie_loss(a, b, 5);
    assert_int_equal(w.wins, 1);
    assert_int_equal(w.ties, 3);
    assert_int_equal(w.losses, 1);
    w = metrics_win_tie_loss(b, a, 5);
    assert_int_equal(w.wins, 1);
    assert_int_equal(w.losses, 1);
    w = metrics_win_tie_loss(a, b, 0);
    assert_int_equal(w.wins + w.ties + w.losses, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_distributions), cmocka_unit_test(test_t),
        cmocka_unit_test(test_t_tiny_p),
        cmocka_unit_test(test_wilcoxon),      cmocka_unit_test(test_sign),
        cmocka_unit_test(test_rank_tests_round),
        cmocka_unit_test(test_randomization), cmocka_unit_test(test_bootstrap),
        cmocka_unit_test(test_effect_and_names), cmocka_unit_test(test_corrections),
        cmocka_unit_test(test_t_quantile), cmocka_unit_test(test_mean_intervals),
        cmocka_unit_test(test_win_tie_loss),
        cmocka_unit_test(test_agreement),     cmocka_unit_test(test_correlation),
        cmocka_unit_test(test_rng),           cmocka_unit_test(test_studentized_range),
        cmocka_unit_test(test_tukey_hsd),     cmocka_unit_test(test_randomized_mc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
