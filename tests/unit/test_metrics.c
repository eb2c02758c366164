/* test_metrics.c: unit tests of metrics: textbook examples, ranking, measure sets. */
/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/metrics.h"

#define EPS 0.00005

/* The textbook graded example: run 3,0,1,2,0,0,0,2,0,0; ideal 3,3,2,2,2,1,1,1,0,0; b = 2. */
static const long graded_run[] = { 3, 0, 1, 2, 0, 0, 0, 2, 0, 0 };
static const long graded_ideal[] = { 3, 3, 2, 2, 2, 1, 1, 1, 0, 0 };
/* The textbook binary example: 5 relevant documents in all. */
static const long binary_run[] = { 0, 1, 1, 0, 1, 0, 0, 1, 1, 0 };

static void test_dcg_jarvelin_kekalainen(void **state)
{
    (void)state;
    double dcg = metrics_dcg(graded_run, 10, 10, METRICS_GAIN_JK, 2.0);
    double idcg = metrics_dcg(graded_ideal, 10, 10, METRICS_GAIN_JK, 2.0);
    assert_float_equal(dcg, 5.2976, EPS);
    assert_float_equal(idcg, 10.1996, EPS);
    assert_float_equal(dcg / idcg, 0.5194, EPS);
    /* With a larger base, ranks below b are not discounted: the first two ranks of the
     * run contribute 3 + 0, rank 3 contributes 1 (no discount below b = 4). */
    double d3 = metrics_dcg(graded_run, 10, 3, METRICS_GAIN_JK, 4.0);
    assert_float_equal(d3, 4.0, 1e-12);
}

static void test_dcg_other_forms(void **state)
{
    (void)state;
    /* trec_eval's form: grade / log2(rank + 1). */
    double lin = 3.0 / log2(2) + 1.0 / log2(4) + 2.0 / log2(5) + 2.0 / log2(9);
    assert_float_equal(metrics_dcg(graded_run, 10, 10, METRICS_GAIN_LINEAR, 2.0), lin, 1e-12);
    /* Burges: (2^grade - 1) / log2(rank + 1). */
    double exp_form = 7.0 / log2(2) + 1.0 / log2(4) + 3.0 / log2(5) + 3.0 / log2(9);
    assert_float_equal(metrics_dcg(graded_run, 10, 10, METRICS_GAIN_EXP, 2.0), exp_form, 1e-12);
    /* A cut-off beyond the vector uses all of it; k = 1 only the first. */
    assert_float_equal(metrics_dcg(graded_run, 10, 100, METRICS_GAIN_LINEAR, 2.0), lin, 1e-12);
    assert_float_equal(metrics_dcg(graded_run, 10, 1, METRICS_GAIN_EXP, 2.0), 7.0, 1e-12);
}

static void test_rbp_binary(void **state)
{
    (void)state;
    long bin[10];
    for (int i = 0; i < 10; i++)
        bin[i] = graded_run[i] > 0;
    assert_float_equal(metrics_rbp(bin, 10, 10, 0.8, 1), 0.4723, EPS);
    /* Graded RBP scales grades by the largest one. */
    double graded = 0.2 * (1.0 + 0.64 / 3.0 + 2.0 / 3.0 * 0.512 + 2.0 / 3.0 * pow(0.8, 7));
    assert_float_equal(metrics_rbp(graded_run, 10, 10, 0.8, 3), graded, 1e-12);
}

static void test_precision_recall_table(void **state)
{
    (void)state;
    static const double P[] = { 0.0, 0.5, 2.0 / 3, 0.5, 0.6, 0.5, 3.0 / 7, 0.5, 5.0 / 9, 0.5 };
    static const double R[] = { 0.0, 0.2, 0.4, 0.4, 0.6, 0.6, 0.6, 0.8, 1.0, 1.0 };
    for (long k = 1; k <= 10; k++) {
        assert_float_equal(metrics_precision_at(binary_run, 10, k, 1), P[k - 1], 1e-12);
        assert_float_equal(metrics_recall_at(binary_run, 10, k, 1, 5), R[k - 1], 1e-12);
    }
    assert_float_equal(metrics_precision_at(binary_run, 10, 5, 1), 0.6, 1e-12);
    assert_float_equal(metrics_recall_at(binary_run, 10, 5, 1, 5), 0.6, 1e-12);
}

static void test_err(void **state)
{
    (void)state;
    /* Grades 3,0,1 with max grade 3: R = 7/8, 0, 1/8. */
    double want = 7.0 / 8 + 0.0 + (1.0 / 8) * (1.0 / 8) / 3.0;
    assert_float_equal(metrics_err(graded_run, 10, 3, 3), want, 1e-12);
    assert_float_equal(metrics_err(graded_run, 10, 3, 0), 0.0, 1e-12);
}

/* A topic whose judged grades are `levels` counts and whose ranking is `rels`. */
static metrics_topic make_topic(const long *rels, long n, long *levels, long nlevels, long level)
{
    metrics_topic t;
    memset(&t, 0, sizeof t);
    t.rels = rels;
    t.num_ret = n;
    t.rel_levels = levels;
    t.num_rel_levels = nlevels;
    for (long g = level; g < nlevels; g++)
        t.num_rel += levels[g];
    for (long i = 0; i < n; i++) {
        if (rels[i] == METRICS_NONPOOL)
            t.num_nonpool++;
        else if (rels[i] == METRICS_UNJUDGED)
            t.num_unjudged++;
        else if (rels[i] >= level)
            t.num_rel_ret++;
    }
    return t;
}

static double value_of(const metrics_set *s, const double *v, const char *name)
{
    for (size_t i = 0; i < metrics_set_size(s); i++)
        if (strcmp(metrics_set_name(s, i), name) == 0)
            return v[i];
    fail_msg("no value named %s", name);
    return NAN;
}

static metrics_set *make_set(const char *const *specs)
{
    metrics_set *s = metrics_set_new();
    util_error me = { 0, "" };
    for (; *specs != NULL; specs++)
        if (metrics_set_select(s, *specs, &me) != 0)
            fail_msg("%s", me.msg);
    if (metrics_set_finish(s, &me) != 0)
        fail_msg("%s", me.msg);
    return s;
}

static void test_set_binary_example(void **state)
{
    (void)state;
    long levels[2] = { 5, 5 };   /* 5 nonrelevant and 5 relevant judged */
    metrics_params p;
    metrics_params_init(&p);
    metrics_topic t = make_topic(binary_run, 10, levels, 2, 1);
    static const char *const specs[] = { "P.5,10", "recall.5", "map", "recip_rank", "Rprec",
                                         "set_F", "E", "success.1,2", "judged.5", "niap", NULL };
    metrics_set *s = make_set(specs);
    double v[64];
    char *str[64];
    assert_true(metrics_set_size(s) <= 64);
    metrics_set_compute(s, &p, &t, v, str);
    assert_float_equal(value_of(s, v, "P_5"), 0.6, 1e-12);
    assert_float_equal(value_of(s, v, "P_10"), 0.5, 1e-12);
    assert_float_equal(value_of(s, v, "recall_5"), 0.6, 1e-12);
    double ap = (1.0 / 2 + 2.0 / 3 + 3.0 / 5 + 4.0 / 8 + 5.0 / 9) / 5;
    assert_float_equal(value_of(s, v, "map"), ap, 1e-12);
    assert_float_equal(value_of(s, v, "niap"), ap, 1e-12);
    assert_float_equal(value_of(s, v, "recip_rank"), 0.5, 1e-12);
    assert_float_equal(value_of(s, v, "Rprec"), 0.6, 1e-12);
    assert_float_equal(value_of(s, v, "set_F"), 2 * 0.5 * 1.0 / 1.5, 1e-12);
    assert_float_equal(value_of(s, v, "E"), 1 - 2 * 0.5 * 1.0 / 1.5, 1e-12);
    assert_float_equal(value_of(s, v, "success_1"), 0.0, 1e-12);
    assert_float_equal(value_of(s, v, "success_2"), 1.0, 1e-12);
    assert_float_equal(value_of(s, v, "judged_5"), 1.0, 1e-12);
    metrics_set_free(&s);
    assert_null(s);
}

static void test_set_graded_example(void **state)
{
    (void)state;
    /* Qrels hold the ideal vector's grades: 2 zeros, 3 ones, 3 twos, 2 threes. */
    long levels[4] = { 2, 3, 3, 2 };
    metrics_params p;
    metrics_params_init(&p);
    metrics_topic t = make_topic(graded_run, 10, levels, 4, 1);
    static const char *const specs[] = { "ndcg_jk_cut.10", "dcg_jk_cut.10",
                                         "ndcg_cut.10",    "cg_cut.10",
                                         "ncg_cut.10",     "err_cut.3",
                                         "rbp.p=0.8",      NULL };
    metrics_set *s = make_set(specs);
    double v[64];
    char *str[64];
    metrics_set_compute(s, &p, &t, v, str);
    assert_float_equal(value_of(s, v, "dcg_jk_cut_10"), 5.2976, EPS);
    assert_float_equal(value_of(s, v, "ndcg_jk_cut_10"), 0.5194, EPS);
    assert_float_equal(value_of(s, v, "cg_cut_10"), 8.0, 1e-12);
    assert_float_equal(value_of(s, v, "ncg_cut_10"), 8.0 / 15.0,
                       1e-12); /* ideal CG: 3+3+2+2+2+1+1+1 */
    assert_float_equal(value_of(s, v, "err_cut_3"), metrics_err(graded_run, 10, 3, 3), 1e-12);
    /* trec_eval's rbp scales the grades 0..3 to 0..1. */
    assert_float_equal(value_of(s, v, "rbp_p=0.8"), metrics_rbp(graded_run, 10, 10, 0.8, 3), 1e-12);
    double ndcg = metrics_dcg(graded_run, 10, 10, METRICS_GAIN_LINEAR, 2) /
                  metrics_dcg(graded_ideal, 10, 10, METRICS_GAIN_LINEAR, 2);
    assert_float_equal(value_of(s, v, "ndcg_cut_10"), ndcg, 1e-12);
    metrics_set_free(&s);
}

static void test_rank_ties_and_cutoff(void **state)
{
    (void)state;
    metrics_doc d[5] = {
        { 1.0, "b", 1 }, { 2.0, "a", 0 }, { 1.0, "c", METRICS_NONPOOL },
        { 1.0, "a", METRICS_UNJUDGED }, { 0.5, "z", 2 },
    };
    long rels[5];
    metrics_params p;
    metrics_params_init(&p);
    metrics_topic t;
    memset(&t, 0, sizeof t);
    metrics_rank(d, 5, &p, rels, &t);
    /* Score descending, then docno descending: a(2.0), c, b, a(1.0), z. */
    assert_string_equal(d[0].docno, "a");
    assert_string_equal(d[1].docno, "c");
    assert_string_equal(d[2].docno, "b");
    assert_string_equal(d[3].docno, "a");
    assert_string_equal(d[4].docno, "z");
    assert_int_equal(t.num_ret, 5);
    assert_int_equal(t.num_nonpool, 1);
    assert_int_equal(t.num_unjudged, 1);
    assert_int_equal(t.num_rel_ret, 2);
    /* -J drops unjudged documents and their counts; -M keeps the top ranks first. */
    p.judged_only = 1;
    p.max_docs = 4;
    metrics_rank(d, 5, &p, rels, &t);
    assert_int_equal(t.num_ret, 2);
    assert_int_equal(rels[0], 0);
    assert_int_equal(rels[1], 1);
    assert_int_equal(t.num_nonpool, 0);
}

static void test_rank_large_unsorted(void **state)
{
    (void)state;
    enum { N = 5000 };
    metrics_doc *d = malloc(N * sizeof *d);
    char (*names)[16] = malloc(N * sizeof *names);
    long *rels = malloc(N * sizeof *rels);
    srand(3);
    for (int i = 0; i < N; i++) {
        snprintf(names[i], sizeof names[i], "D%05d", i);
        d[i].docno = names[i];
        d[i].score = (double)(rand() % 50); /* many ties */
        d[i].rel = i % 3;
    }
    metrics_params p;
    metrics_params_init(&p);
    metrics_topic t;
    metrics_rank(d, N, &p, rels, &t);
    for (int i = 1; i < N; i++) {
        int ok = d[i - 1].score > d[i].score ||
                 (d[i - 1].score == d[i].score && strcmp(d[i - 1].docno, d[i].docno) > 0);
        if (!ok)
            fail_msg("order broken at %d", i);
    }
    free(d);
    free(names);
    free(rels);
}

static void test_levels(void **state)
{
    (void)state;
    long grades[] = { 0, 2, -1, 1, 2, 0 };
    long levels[3];
    metrics_params p;
    metrics_params_init(&p);
    metrics_topic t;
    assert_int_equal(metrics_levels_size(grades, 6), 3);
    metrics_levels(grades, 6, &p, levels, &t);
    assert_int_equal(levels[0], 2);
    assert_int_equal(levels[1], 1);
    assert_int_equal(levels[2], 2);
    assert_int_equal(t.num_rel, 3);
    assert_int_equal(t.num_rel_levels, 3);
    p.relevance_level = 2;
    metrics_levels(grades, 6, &p, levels, &t);
    assert_int_equal(t.num_rel, 2);
}

static void test_select_errors(void **state)
{
    (void)state;
    util_error me = { 0, "" };
    metrics_set *s = metrics_set_new();
    assert_int_equal(metrics_set_select(s, "no_such_measure", &me), -1);
    assert_string_equal(me.msg, "illegal measure 'no_such_measure'");
    assert_int_equal(me.code, UTIL_EXIT_USAGE);
    assert_int_equal(metrics_set_select(s, "P.", &me), -1);
    assert_string_equal(me.msg, "improper measure 'P.': empty parameter after '.'");
    /* The message is optional: a NULL error only says no. */
    assert_int_equal(metrics_set_select(s, "no_such_measure", NULL), -1);
    assert_true(metrics_set_empty(s));
    metrics_set_free(&s);

    static const char *const bad[] = { "P.0", "P.5,5", "utility.1,2", "ndcg.1",
                                       "iprec_at_recall..5,.5" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        s = metrics_set_new();
        assert_int_equal(metrics_set_select(s, bad[i], &me), 0);
        me.code = 0;
        if (metrics_set_finish(s, &me) == 0)
            fail_msg("'%s' was accepted", bad[i]);
        assert_int_equal(me.code, UTIL_EXIT_USAGE);
        metrics_set_free(&s);
    }
}

static void test_names_and_order(void **state)
{
    (void)state;
    /* Values come in the registry's order, whatever order -m gave them in. */
    static const char *const specs[] = { "ndcg_cut.23.4,10", "P.7,3", "iprec_at_recall..5,.25",
                                         "official", NULL };
    metrics_set *s = make_set(specs);
    static const char *const want[] = { "runid", "num_q", "num_ret", "num_rel", "num_rel_ret",
                                        "map", "gm_map", "Rprec", "bpref", "recip_rank",
                                        "iprec_at_recall_0.25", "iprec_at_recall_0.50", "P_3",
                                        "P_7", "ndcg_cut_10", "ndcg_cut_23" };
    assert_int_equal(metrics_set_size(s), sizeof want / sizeof want[0]);
    for (size_t i = 0; i < metrics_set_size(s); i++)
        assert_string_equal(metrics_set_name(s, i), want[i]);
    assert_false(metrics_set_per_topic(s, 6)); /* gm_map: summary only */
    assert_true(metrics_set_is_runid(s, 0));
    assert_int_equal(metrics_set_kind(s, 2), METRICS_LONG);
    metrics_set_free(&s);
}

static void test_missing_topic_and_summary(void **state)
{
    (void)state;
    long levels[2] = { 3, 2 };
    metrics_params p;
    metrics_params_init(&p);
    p.average_complete = 1;
    metrics_topic t = make_topic(NULL, 0, levels, 2, 1);
    static const char *const specs[] = { "num_ret", "num_rel", "map", "gm_map", "unj.5", "utility",
                                         "relstring", NULL };
    metrics_set *s = make_set(specs);
    size_t n = metrics_set_size(s);
    double v[2 * 16], sum[16];
    char *str[2 * 16];
    metrics_set_compute_missing(s, &p, &t, v, str);
    assert_float_equal(value_of(s, v, "num_ret"), 0.0, 0);
    assert_float_equal(value_of(s, v, "num_rel"), 2.0, 0);
    assert_float_equal(value_of(s, v, "utility"), 0.0, 0);
    assert_float_equal(value_of(s, v, "gm_map"), log(0.00001), 1e-12);
    /* A second topic with AP 1. */
    static const long perfect[] = { 1, 1 };
    metrics_topic t2 = make_topic(perfect, 2, levels, 2, 1);
    metrics_set_compute(s, &p, &t2, v + n, str + n);
    metrics_set_summarize(s, &p, v, 2, 4, sum);
    assert_float_equal(value_of(s, sum, "map"), 0.5, 1e-12);
    assert_float_equal(value_of(s, sum, "gm_map"), sqrt(0.00001), 1e-12);
    assert_float_equal(value_of(s, sum, "num_rel"), 4.0, 0);   /* -c: all judgments > 0 */
    assert_float_equal(value_of(s, sum, "num_ret"), 2.0, 0);
    for (size_t i = 0; i < 2 * n; i++)
        if (metrics_set_kind(s, i % n) == METRICS_STRING)
            free(str[i]);
    metrics_set_free(&s);
}

/* Two judgment groups over one ranking of 4 documents (the last not in either's pool):
 * group A grades 1,0,1,- and judges one more relevant document, group B grades 0,1,-,0. */
static void test_avgjg(void **state)
{
    (void)state;
    static const long ra[] = { 1, 0, 1, METRICS_NONPOOL };
    static const long rb[] = { 0, 1, METRICS_NONPOOL, 0 };
    long la[2] = { 1, 3 }, lb[2] = { 2, 1 };
    metrics_topic groups[2] = { make_topic(ra, 4, la, 2, 1), make_topic(rb, 4, lb, 2, 1) };
    metrics_topic t;
    memset(&t, 0, sizeof t);
    t.groups = groups;
    t.ngroups = 2;
    metrics_params p;
    metrics_params_init(&p);
    static const char *const specs[] = { "qrels_jg", "P_avgjg.1,2", "Rprec_mult_avgjg.0.5,1",
                                         NULL };
    metrics_set *s = make_set(specs);
    util_error me = { 0, "" };
    assert_int_equal(metrics_set_check_qrels(s, 1, &me), 0);
    assert_int_equal(metrics_set_check_qrels(s, 0, &me), -1);
    assert_non_null(strstr(me.msg, "'map_avgjg' needs judgment-group qrels"));
    static const char *const want[] = { "runid", "num_q", "map_avgjg", "P_avgjg_1", "P_avgjg_2",
                                        "Rprec_mult_avgjg_0.50", "Rprec_mult_avgjg_1.00" };
    assert_int_equal(metrics_set_size(s), sizeof want / sizeof want[0]);
    for (size_t i = 0; i < metrics_set_size(s); i++)
        assert_string_equal(metrics_set_name(s, i), want[i]);
    double v[16];
    char *str[16];
    metrics_set_compute(s, &p, &t, v, str);
    /* AP: A (1/1 + 2/3) / 3, B (1/2) / 1. */
    assert_float_equal(value_of(s, v, "map_avgjg"), ((1.0 + 2.0 / 3) / 3 + 0.5) / 2, 1e-12);
    assert_float_equal(value_of(s, v, "P_avgjg_1"), (1.0 + 0.0) / 2, 1e-12);
    assert_float_equal(value_of(s, v, "P_avgjg_2"), (0.5 + 0.5) / 2, 1e-12);
    /* Cut-offs (long)(x R + 0.9): A 2 and 3, B 1 and 1 (precision 0 there). */
    assert_float_equal(value_of(s, v, "Rprec_mult_avgjg_0.50"), (0.5 + 0.0) / 2, 1e-12);
    assert_float_equal(value_of(s, v, "Rprec_mult_avgjg_1.00"), (2.0 / 3 + 0.0) / 2, 1e-12);

    /* One group: its own values, not divided. */
    t.ngroups = 1;
    metrics_set_compute(s, &p, &t, v, str);
    assert_float_equal(value_of(s, v, "map_avgjg"), (1.0 + 2.0 / 3) / 3, 1e-12);
    assert_float_equal(value_of(s, v, "P_avgjg_2"), 0.5, 1e-12);

    /* A topic the run lacks (-c) retrieves nothing in every group. */
    t.ngroups = 2;
    metrics_set_compute_missing(s, &p, &t, v, str);
    for (size_t i = 1; i < metrics_set_size(s); i++)
        assert_float_equal(v[i], i == 1 ? 1.0 : 0.0, 0);
    metrics_set_free(&s);

    /* Ordinary measures cannot read judgment groups; "all" leaves the avgjg ones out. */
    static const char *const plain[] = { "map", NULL };
    s = make_set(plain);
    assert_int_equal(metrics_set_check_qrels(s, 1, &me), -1);
    assert_non_null(strstr(me.msg, "'map' cannot be computed from judgment-group qrels"));
    assert_int_equal(metrics_set_check_qrels(s, 0, &me), 0);
    metrics_set_free(&s);
    static const char *const all[] = { "all", NULL };
    s = make_set(all);
    assert_int_equal(metrics_set_check_qrels(s, 0, &me), 0);
    for (size_t i = 0; i < metrics_set_size(s); i++)
        assert_null(strstr(metrics_set_name(s, i), "avgjg"));
    metrics_set_free(&s);
}

/* Preferences, one judgment group with one sub-group: levels A 2, B 1, C 0, D 0, so
 * A>B, A>C, A>D, B>C, B>D (5 preferences). The ranking is C, A, X (not judged), D; B is
 * not retrieved. Internal numbers: C 0, A 1, D 2 (retrieved, in rank order), B 3.
 *   A>D both retrieved, A above D: fulfilled (ret)
 *   A>C both retrieved, C above A: not fulfilled (ret)
 *   A>B only A retrieved: fulfilled (implied)
 *   B>C, B>D only the worse one retrieved: not fulfilled (implied)
 * ful_ret 1 of poss_ret 2, ful_imp 1 of poss_imp 3: simp 2/5, simp_ret 1/2, simp_imp 2/5.
 * Rnonrel: R = 2 relevant (A, B) >= N = 2 nonrelevant, so it is simp: 2/5.
 * Rnonrel_ret: R = 1 relevant retrieved (A) < N = 2 (C, D): only the first nonrelevant
 * (C, above A) is kept, and A>C fails: 0. */
static void test_prefs_classes(void **state)
{
    (void)state;
    static const metrics_pref prefs[] = {
        { "a", "0", "A", 2.0 },
        { "a", "0", "B", 1.0 },
        { "a", "0", "C", 0.0 },
        { "a", "0", "D", 0.0 },
    };
    metrics_doc docs[] = { { 1.0, "D", 0 }, { 3.0, "A", 0 }, { 4.0, "C", 0 }, { 2.0, "X", 0 } };
    metrics_params p;
    metrics_params_init(&p);
    metrics_prefs pr;
    util_error me = { 0, "" };
    assert_int_equal(metrics_prefs_count(prefs, 4, docs, 4, &p, &pr, &me), 0);
    assert_int_equal(pr.num_judged, 4);
    assert_int_equal(pr.num_judged_ret, 3);
    assert_int_equal(pr.ngroups, 1);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_NUM_POSS), 5.0, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_NUM_FUL), 2.0, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_NUM_FUL_RET), 1.0, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_SIMP), 0.4, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_SIMP_RET), 0.5, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_SIMP_IMP), 0.4, EPS);
    /* each pair is judged once, so the pair measures equal the simple ones */
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_PAIR), 0.4, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_PAIR_RET), 0.5, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_AVGJG_IMP), 0.4, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_AVGJG_RNONREL), 0.4, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_AVGJG_RNONREL_RET), 0.0, EPS);
    metrics_prefs_free(&pr);
    /* -M 1: only C is retrieved; A>C and B>C fail (implied), the other three do not occur. */
    p.max_docs = 1;
    assert_int_equal(metrics_prefs_count(prefs, 4, docs, 4, &p, &pr, &me), 0);
    assert_int_equal(pr.num_judged_ret, 1);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_NUM_FUL), 0.0, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_SIMP_IMP), 0.0, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_NUM_POSS), 5.0, EPS);
    metrics_prefs_free(&pr);
}

/* Two sub-groups of one group: A>B in s1 and B>C in s2 imply A>C (3 preferences, not 2).
 * The ranking A, C, B fulfils A>B and A>C and fails B>C: 2/3 for every ratio. All three
 * are relevant (R = 3, N = 0): Rnonrel adds R * (R - N) = 9 fulfilled preferences,
 * (2 + 9) / (3 + 9) = 11/12. A second set where s2 says B>A contradicts s1: an error. */
static void test_prefs_subgroups(void **state)
{
    (void)state;
    static const metrics_pref prefs[] = {
        { "u", "s1", "A", 2.0 },
        { "u", "s1", "B", 1.0 },
        { "u", "s2", "B", 2.0 },
        { "u", "s2", "C", 1.0 },
    };
    metrics_doc docs[] = { { 1.0, "B", 0 }, { 2.0, "C", 0 }, { 3.0, "A", 0 } };
    metrics_params p;
    metrics_params_init(&p);
    metrics_prefs pr;
    util_error me = { 0, "" };
    assert_int_equal(metrics_prefs_count(prefs, 4, docs, 3, &p, &pr, &me), 0);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_NUM_POSS), 3.0, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_NUM_FUL_RET), 2.0, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_SIMP), 2.0 / 3.0, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_AVGJG), 2.0 / 3.0, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_AVGJG_RNONREL), 11.0 / 12.0, EPS);
    assert_float_equal(metrics_prefs_value(&pr, METRICS_PREFS_AVGJG_RNONREL_RET), 11.0 / 12.0, EPS);
    metrics_prefs_free(&pr);

    static const metrics_pref bad[] = {
        { "u", "s1", "A", 2.0 },
        { "u", "s1", "B", 1.0 },
        { "u", "s2", "B", 2.0 },
        { "u", "s2", "A", 1.0 },
    };
    assert_int_equal(metrics_prefs_count(bad, 4, docs, 3, &p, &pr, &me), -1);
    assert_string_equal(me.msg, "inconsistent preferences in judgment group 'u'");
    assert_int_equal(me.code, UTIL_EXIT_DATA);
}

/* all_prefs: trec_eval's order; the counts are summed over topics, the ratios averaged;
 * the prefs_* measures need preference judgments and the others cannot use them. */
static void test_prefs_set(void **state)
{
    (void)state;
    util_error me = { 0, "" };
    metrics_set *s = metrics_set_new();
    assert_int_equal(metrics_set_select(s, "all_prefs", &me), 0);
    assert_int_equal(metrics_set_finish(s, &me), 0);
    assert_int_equal(metrics_set_size(s), 16);
    assert_string_equal(metrics_set_name(s, 2), "prefs_num_prefs_poss");
    assert_string_equal(metrics_set_name(s, 15), "prefs_avgjg_imp");
    assert_int_equal(metrics_set_check_qrels(s, METRICS_QRELS_PREFS, &me), 0);
    assert_int_equal(metrics_set_check_qrels(s, METRICS_QRELS_PLAIN, &me), -1);
    assert_non_null(strstr(me.msg, "preference"));
    metrics_params p;
    metrics_params_init(&p);
    double rows[2 * 16] = { 0 }, out[16];
    rows[2] = 5.0;
    rows[16 + 2] = 3.0;
    rows[5] = 0.4;
    rows[16 + 5] = 0.8;
    metrics_set_summarize(s, &p, rows, 2, 0, out);
    assert_float_equal(out[2], 8.0, EPS);
    assert_float_equal(out[5], 0.6, EPS);
    metrics_set_free(&s);
    s = metrics_set_new();
    assert_int_equal(metrics_set_select(s, "map", &me), 0);
    assert_int_equal(metrics_set_finish(s, &me), 0);
    assert_int_equal(metrics_set_check_qrels(s, METRICS_QRELS_PREFS, &me), -1);
    metrics_set_free(&s);
}

/* The spellings of a measure that reports take, and the label printed for each value
 * (read back to the same value). */
static void test_measure_spellings(void **state)
{
    (void)state;
    static const struct {
        const char *in, *spec;
        long rel;
    } cases[] = {
        { "nDCG@10", "ndcg_cut.10", -1 },     { "P@10", "P.10", -1 },
        { "R@1000", "recall.1000", -1 },      { "AP", "map", -1 },
        { "RR", "recip_rank", -1 },           { "P(rel=2)@10", "P.10", 2 },
        { "P.10", "P.10", -1 },               { "P_10", "P.10", -1 },
        { "ndcg_cut.10", "ndcg_cut.10", -1 }, { "ndcg_cut_10", "ndcg_cut.10", -1 },
        { "MAP", "map", -1 },                 { "MRR", "recip_rank", -1 },
        { "R-prec", "Rprec", -1 },            { "RBP(p=0.5)", "rbp.p=0.5", -1 },
        { "RBP(0.8)", "rbp.p=0.8", -1 },      { "rbp_p=0.8", "rbp.p=0.8", -1 },
        { "resid(0.8)", "rbp_resid.p=0.8", -1 }, { "AP@100", "map_cut.100", -1 },
        { "bpref(rel=3)", "bpref", 3 },       { "judged@10", "judged.10", -1 },
    };
    util_error me = { 0, "" };
    char out[128], label[128];
    long rel;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(metrics_measure_spec(cases[i].in, out, sizeof out, &rel, &me), 0);
        assert_string_equal(out, cases[i].spec);
        assert_int_equal(rel, cases[i].rel);
    }
    const char *bad[] = { "nDCG@x", "Q@10", "P(gain=2)@10", "RR@10", "P(rel=2", "nosuch" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(metrics_measure_spec(bad[i], out, sizeof out, &rel, &me), -1);
    assert_string_equal(me.msg, "unknown measure 'nosuch'");
    assert_int_equal(me.code, UTIL_EXIT_USAGE);
    static const struct {
        const char *name, *label;
        long rel;
    } names[] = {
        { "P_5", "P@5", -1 },                 { "P_10", "P(rel=2)@10", 2 },
        { "ndcg_cut_10", "nDCG@10", -1 },     { "recall_1000", "R@1000", -1 },
        { "map", "MAP", -1 },                 { "recip_rank", "MRR", -1 },
        { "rbp_p=0.8", "RBP(0.8)", -1 },      { "rbp_resid_p=0.8", "resid(0.8)", -1 },
        { "iprec_at_recall_0.10", "IPrec@0.10", -1 }, { "num_q", "num_q", -1 },
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        metrics_measure_label(names[i].name, names[i].rel, label, sizeof label);
        assert_string_equal(label, names[i].label);
        /* read back: the same value */
        assert_int_equal(metrics_measure_spec(label, out, sizeof out, &rel, &me), 0);
        assert_int_equal(rel, names[i].rel);
        metrics_set *s = metrics_set_new();
        assert_int_equal(metrics_set_select(s, out, &me), 0);
        assert_int_equal(metrics_set_finish(s, &me), 0);
        assert_string_equal(metrics_set_name(s, 0), names[i].name);
        metrics_set_free(&s);
    }
}

/* ---- The measures that read only the lists of ranks (metrics_topic's ranks),
 * against reference loops over every rank, written as trec_eval writes them: the doubles
 * must be the same to the bit, on rankings with documents outside the qrels, unjudged
 * ones, grade 0, gains of every sign, cut-offs between judged ranks, -J, -M and -l. ---- */

static int ref_rel(long r, const metrics_params *p)
{
    return r >= p->relevance_level;
}

static double ref_ap_sum(const metrics_topic *t, const metrics_params *p, long *nrel)
{
    long rel_so_far = 0;
    double sum = 0.0;
    for (long i = 0; i < t->num_ret; i++) {
        if (ref_rel(t->rels[i], p)) {
            rel_so_far++;
            sum += (double)rel_so_far / (double)(i + 1);
        }
    }
    *nrel = rel_so_far;
    return sum;
}

static double ref_ap(const metrics_topic *t, const metrics_params *p)
{
    long n;
    double sum = ref_ap_sum(t, p, &n);
    return n ? sum / (double)t->num_rel : 0.0;
}

static long ref_rel_in(const metrics_topic *t, const metrics_params *p, long cut)
{
    long c = 0;
    for (long i = 0; i < t->num_ret && i < cut; i++)
        c += ref_rel(t->rels[i], p);
    return c;
}

static double ref_bpref(const metrics_topic *t, const metrics_params *p)
{
    long num_nonrel = 0, nonrel_so_far = 0;
    for (long j = 0; j < p->relevance_level && j < t->num_rel_levels; j++)
        num_nonrel += t->rel_levels[j];
    double b = 0.0;
    for (long j = 0; j < t->num_ret; j++) {
        long r = t->rels[j];
        if (r == METRICS_NONPOOL || r == METRICS_UNJUDGED)
            continue;
        if (r >= 0 && r < p->relevance_level) {
            nonrel_so_far++;
        } else if (nonrel_so_far > 0) {
            long a = nonrel_so_far < t->num_rel ? nonrel_so_far : t->num_rel;
            long c = num_nonrel < t->num_rel ? num_nonrel : t->num_rel;
            b += 1.0 - ((double)a / (double)c);
        } else {
            b += 1.0;
        }
    }
    if (t->num_rel)
        b /= (double)t->num_rel;
    return b;
}

static double ref_infap(const metrics_topic *t, const metrics_params *p)
{
    long nonrel_so_far = 0, rel_so_far = 0, unjudged_so_far = 0;
    double inf_ap = 0.0;
    for (long j = 0; j < t->num_ret; j++) {
        long r = t->rels[j];
        if (r == METRICS_NONPOOL)
            continue;
        if (r == METRICS_UNJUDGED) {
            unjudged_so_far++;
            continue;
        }
        if (r >= 0 && r < p->relevance_level) {
            nonrel_so_far++;
        } else {
            rel_so_far++;
            if (j == 0) {
                inf_ap += 1.0;
            } else {
                double fj = (double)j;
                inf_ap += 1.0 / (fj + 1.0) +
                          (fj / (fj + 1.0)) *
                              ((rel_so_far - 1 + nonrel_so_far + unjudged_so_far) / fj) *
                              ((rel_so_far - 1 + 0.00001) /
                               (rel_so_far - 1 + nonrel_so_far + 2 * 0.00001));
            }
        }
    }
    if (t->num_rel)
        inf_ap /= (double)t->num_rel;
    return inf_ap;
}

/* trec_eval's iprec_at_recall: precision at every rank from the last. */
static void ref_iprec(const metrics_topic *t, const metrics_params *p, double *v)
{
    long cut[11];
    for (int i = 0; i < 11; i++) {
        cut[i] = lround(i / 10.0 * (double)t->num_rel);
        v[i] = 0.0;
    }
    long cur = 10;
    while (cur >= 0 && cut[cur] > t->num_rel_ret)
        cur--;
    double precis = (double)t->num_rel_ret / (double)t->num_ret;
    double int_precis = precis;
    long rel_so_far = t->num_rel_ret;
    for (long i = t->num_ret; i > 0 && rel_so_far > 0; i--) {
        precis = (double)rel_so_far / (double)i;
        if (int_precis < precis)
            int_precis = precis;
        if (ref_rel(t->rels[i - 1], p)) {
            while (cur >= 0 && rel_so_far == cut[cur])
                v[cur--] = int_precis;
            rel_so_far--;
        }
    }
    while (cur >= 0)
        v[cur--] = int_precis;
}

static void ref_rprec_mult(const metrics_topic *t, const metrics_params *p, double *v)
{
    long cut[10];
    for (int i = 0; i < 10; i++) {
        cut[i] = (long)((i + 1) / 5.0 * (double)t->num_rel + 0.9);
        v[i] = 0.0;
    }
    long cur = 9;
    while (cur >= 0 && cut[cur] > t->num_ret) {
        v[cur] = (double)t->num_rel_ret / (double)cut[cur];
        cur--;
    }
    long rel_so_far = t->num_rel_ret;
    for (long i = t->num_ret; i > 0 && rel_so_far > 0; i--) {
        double precis = (double)rel_so_far / (double)i;
        while (cur >= 0 && i == cut[cur])
            v[cur--] = precis;
        if (ref_rel(t->rels[i - 1], p))
            rel_so_far--;
    }
}

static const long ref_cuts[] = { 1, 2, 3, 5, 7, 10, 13, 50, 100, 1000, 1500 };
#define NREF_CUTS (sizeof ref_cuts / sizeof ref_cuts[0])

static void ref_map_cut(const metrics_topic *t, const metrics_params *p, double *v)
{
    size_t k = 0;
    long rel_so_far = 0;
    double sum = 0.0;
    for (size_t j = 0; j < NREF_CUTS; j++)
        v[j] = 0.0;
    if (t->num_rel == 0)
        return;
    for (long i = 0; i < t->num_ret; i++) {
        if (i == ref_cuts[k]) {
            v[k] = sum / (double)t->num_rel;
            if (++k == NREF_CUTS)
                break;
        }
        if (ref_rel(t->rels[i], p)) {
            rel_so_far++;
            sum += (double)rel_so_far / (double)(i + 1);
        }
    }
    for (; k < NREF_CUTS; k++)
        v[k] = sum / (double)t->num_rel;
}

static void ref_ndcg_cut(const metrics_topic *t, double *v)
{
    size_t k = 0;
    double sum = 0.0;
    for (long i = 0; i < t->num_ret; i++) {
        if (i == ref_cuts[k]) {
            v[k] = sum;
            if (++k == NREF_CUTS)
                break;
        }
        double g = (double)t->rels[i];
        if (g > 0)
            sum += g / log2((double)(i + 2));
    }
    for (; k < NREF_CUTS; k++)
        v[k] = sum;
    k = 0;
    long cur = t->num_rel_levels - 1, count = 0;
    double ideal = 0.0;
    for (long i = 0;; i++) {
        count++;
        while (cur > 0 && count > t->rel_levels[cur]) {
            cur--;
            count = 1;
        }
        if (cur == 0)
            break;
        if (i == ref_cuts[k]) {
            if (ideal > 0.0)
                v[k] /= ideal;
            if (++k == NREF_CUTS)
                break;
        }
        ideal += (double)cur / log2((double)(i + 2));
    }
    for (; k < NREF_CUTS; k++)
        if (ideal > 0.0)
            v[k] /= ideal;
}

static double ref_binG(const metrics_topic *t, const metrics_params *p)
{
    long rel_so_far = 0;
    double sum = 0.0;
    for (long i = 0; i < t->num_ret; i++) {
        if (ref_rel(t->rels[i], p)) {
            rel_so_far++;
            sum += 1.0 / log2((double)(3 + i - rel_so_far));
        }
    }
    return rel_so_far ? sum / (double)t->num_rel : 0.0;
}

/* trec_eval's gains: name=value parameters, then the judged grades as their own gains,
 * sorted by gain (the tests' gains differ by 0 or at least 1, so any stable sort agrees
 * with trec_eval's comparison of their integer difference). */
typedef struct ref_gains {
    long level[32];
    double gain[32];
    long num[32];
    long n;
} ref_gains;

static void ref_gains_setup(const char *params, const metrics_topic *t, ref_gains *g)
{
    g->n = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", params != NULL ? params : "");
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok != NULL;
         tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '=');
        *eq = '\0';
        if (strcmp(tok, "p") == 0)
            continue;
        g->level[g->n] = atol(tok);
        g->gain[g->n] = atof(eq + 1);
        g->num[g->n] = 0;
        g->n++;
    }
    long nparam = g->n;
    for (long i = 0; i < t->num_rel_levels; i++) {
        long j;
        for (j = 0; j < nparam && g->level[j] != i; j++)
            ;
        if (j < nparam) {
            g->num[j] = t->rel_levels[i];
        } else {
            g->level[g->n] = i;
            g->gain[g->n] = (double)i;
            g->num[g->n] = t->rel_levels[i];
            g->n++;
        }
    }
    for (long i = 1; i < g->n; i++) {
        for (long j = i; j > 0 && g->gain[j - 1] > g->gain[j]; j--) {
            long l = g->level[j], c = g->num[j];
            double x = g->gain[j];
            g->level[j] = g->level[j - 1], g->num[j] = g->num[j - 1], g->gain[j] = g->gain[j - 1];
            g->level[j - 1] = l, g->num[j - 1] = c, g->gain[j - 1] = x;
        }
    }
}

static double ref_gain(long rel, const ref_gains *g)
{
    for (long i = 0; i < g->n; i++)
        if (g->level[i] == rel)
            return g->gain[i];
    return 0.0;
}

typedef struct ref_ideal {
    const ref_gains *g;
    long cur, num;
    double gain;
} ref_ideal;

static void ref_ideal_start(ref_ideal *w, const ref_gains *g)
{
    w->g = g;
    w->cur = g->n - 1;
    w->gain = w->cur >= 0 ? g->gain[w->cur] : 0.0;
    w->num = 0;
}

static void ref_ideal_step(ref_ideal *w)
{
    w->num++;
    while (w->cur >= 0 && w->num > w->g->num[w->cur]) {
        w->num = 1;
        w->cur--;
        w->gain = w->cur >= 0 ? w->g->gain[w->cur] : 0.0;
    }
}

/* ndcg, dcg and ideal_dcg (out[0..2]), ndcg_rel, Rndcg, G (out[3..5]). */
static void ref_gain_measures(const metrics_topic *t, const char *params, double *out)
{
    ref_gains g;
    ref_gains_setup(params, t, &g);
    ref_ideal w;
    /* ndcg */
    ref_ideal_start(&w, &g);
    double rd = 0.0, id = 0.0;
    long i;
    for (i = 0; i < t->num_ret && w.gain > 0.0; i++) {
        double rg = ref_gain(t->rels[i], &g);
        if (rg != 0)
            rd += rg / log2((double)(i + 2));
        ref_ideal_step(&w);
        if (w.gain > 0.0)
            id += w.gain / log2((double)(i + 2));
    }
    for (; i < t->num_ret; i++) {
        double rg = ref_gain(t->rels[i], &g);
        if (rg != 0)
            rd += rg / log2((double)(i + 2));
    }
    for (; w.gain > 0.0; i++) {
        ref_ideal_step(&w);
        if (w.gain > 0.0)
            id += w.gain / log2((double)(i + 2));
    }
    out[0] = id > 0.0 ? rd / id : 0.0;
    out[1] = rd;
    out[2] = id;
    /* ndcg_rel */
    ref_ideal_start(&w, &g);
    double sum = 0.0;
    long num_rel = 0, num_rel_ret = 0;
    rd = id = 0.0;
    for (i = 0; i < t->num_ret; i++) {
        double rg = ref_gain(t->rels[i], &g);
        if (rg != 0)
            rd += rg / log2((double)(i + 2));
        if (w.gain > 0.0) {
            ref_ideal_step(&w);
            if (w.gain > 0.0) {
                num_rel++;
                id += w.gain / log2((double)(i + 2));
            }
        }
        if (rg > 0) {
            sum += rd / id;
            num_rel_ret++;
        }
    }
    for (; w.gain > 0.0; i++) {
        ref_ideal_step(&w);
        if (w.gain > 0.0) {
            num_rel++;
            id += w.gain / log2((double)(i + 2));
        }
    }
    sum += ((double)(num_rel - num_rel_ret)) * rd / id;
    out[3] = sum > 0.0 ? sum / (double)num_rel : 0.0;
    /* Rndcg */
    out[4] = 0.0;
    if (t->num_rel != 0) {
        ref_ideal_start(&w, &g);
        double old_gain = w.gain;
        long changed = 0;
        rd = id = sum = 0.0;
        for (i = 0; i < t->num_ret && w.gain > 0.0; i++) {
            double rg = ref_gain(t->rels[i], &g);
            ref_ideal_step(&w);
            if (old_gain != w.gain) {
                if (id > 0.0) {
                    sum += rd / id;
                    changed++;
                }
                old_gain = w.gain;
            }
            if (rg != 0)
                rd += rg / log2((double)(i + 2));
            if (w.gain > 0.0)
                id += w.gain / log2((double)(i + 2));
        }
        if (i < t->num_ret) {
            for (; i < t->num_ret; i++) {
                double rg = ref_gain(t->rels[i], &g);
                if (rg != 0)
                    rd += rg / log2((double)(i + 2));
            }
            if (id > 0.0) {
                sum += rd / id;
                changed++;
            }
        }
        for (; w.gain > 0.0; i++) {
            ref_ideal_step(&w);
            if (old_gain != w.gain) {
                if (id > 0.0) {
                    sum += rd / id;
                    changed++;
                }
                old_gain = w.gain;
            }
            if (w.gain > 0.0)
                id += w.gain / log2((double)(i + 2));
        }
        out[4] = sum / (double)changed;
    }
    /* G */
    ref_ideal_start(&w, &g);
    double results_g = 0.0, sum_results = 0.0, sum_ideal = 0.0, sum_cost = 0.0;
    for (i = 0; i < t->num_ret; i++) {
        double rg = ref_gain(t->rels[i], &g);
        sum_results += rg;
        if (w.gain > 0.0) {
            ref_ideal_step(&w);
            if (w.gain > 0.0)
                sum_ideal += w.gain;
            sum_cost += w.gain >= 1.0 ? w.gain : 1.0;
        } else {
            sum_cost += 1.0;
        }
        if (rg != 0)
            results_g += rg / log2((double)(2 + sum_cost - sum_results));
    }
    while (w.gain > 0.0) {
        ref_ideal_step(&w);
        if (w.gain > 0.0)
            sum_ideal += w.gain;
    }
    out[5] = sum_ideal > 0.0 ? results_g / sum_ideal : 0.0;
}

static double ref_rbp(const metrics_topic *t, const char *params)
{
    ref_gains g;
    ref_gains_setup(params, t, &g);
    double pp = 0.9;
    const char *at = params != NULL ? strstr(params, "p=") : NULL;
    if (at != NULL && (at == params || at[-1] == ','))
        pp = atof(at + 2);
    double min = INFINITY, max = -INFINITY;
    for (long i = 0; i < g.n; i++) {
        min = g.gain[i] < min ? g.gain[i] : min;
        max = g.gain[i] > max ? g.gain[i] : max;
    }
    if (min < 0 || max > 1)
        for (long i = 0; i < g.n; i++)
            g.gain[i] = (g.gain[i] - min) / (max - min);
    double sum = 0.0, cur_p = 1.0;
    for (long i = 0; i < t->num_ret; i++) {
        double x = ref_gain(t->rels[i], &g);
        if (x != 0)
            sum += x * cur_p;
        cur_p = cur_p * pp;
    }
    return (1.0 - pp) * sum;
}

static void same_double(const char *name, double got, double want, const char *where)
{
    if (memcmp(&got, &want, sizeof got) != 0)
        fail_msg("%s: %a (%.17g), reference %a (%.17g) [%s]", name, got, got, want, want, where);
}

/* A ranked topic drawn at random: n documents, most outside the qrels or unjudged when
 * sparse, with grades 0..3, ties of score, and judged documents the run misses. */
typedef struct rand_topic {
    metrics_doc docs[2600];
    char names[2600][24];
    long grades[2700];
    long rels[2600];
    long levels[8];
    metrics_topic t;
} rand_topic;

static void rand_topic_make(rand_topic *rt, metrics_rng *r, size_t n, unsigned sparse,
                            const metrics_params *p)
{
    size_t ng = 0;
    for (size_t i = 0; i < n; i++) {
        snprintf(rt->names[i], sizeof rt->names[i], "d%zu", i);
        rt->docs[i].docno = rt->names[i];
        rt->docs[i].score = (double)metrics_rng_below(r, 40);
        uint64_t x = metrics_rng_below(r, 100);
        /* Judged documents are denser at the top of the ranking, as in a pool. */
        uint64_t cut = i < 30 ? 70 : 100 - sparse;
        long rel = x < cut ? METRICS_NONPOOL : x % 9 == 0 ? METRICS_UNJUDGED
                                                         : (long)metrics_rng_below(r, 4);
        rt->docs[i].rel = rel;
        if (rel >= 0)
            rt->grades[ng++] = rel;
    }
    for (uint64_t k = metrics_rng_below(r, 25); k > 0; k--)
        rt->grades[ng++] = (long)metrics_rng_below(r, 4);
    memset(&rt->t, 0, sizeof rt->t);
    metrics_levels(rt->grades, ng, p, rt->levels, &rt->t);
    metrics_rank(rt->docs, n, p, rt->rels, &rt->t);
}

static void check_sparse_topic(const metrics_topic *t, const metrics_params *p,
                               const char *where)
{
    static const char *const specs[] = {
        "map", "gm_map", "Rprec", "bpref", "gm_bpref", "recip_rank", "iprec_at_recall",
        "11pt_avg", "iap", "niap", "yaap", "P.1,2,3,5,7,10,13,50,100,1000,1500",
        "recall.1,2,3,5,7,10,13,50,100,1000,1500", "relative_P.1,2,3,5,7,10,13,50,100,1000,1500",
        "success.1,2,3,5,7,10,13,50,100,1000,1500", "map_cut.1,2,3,5,7,10,13,50,100,1000,1500",
        "ndcg_cut.1,2,3,5,7,10,13,50,100,1000,1500", "Rprec_mult", "infAP", "binG", NULL
    };
    metrics_set *s = make_set(specs);
    size_t nv = metrics_set_size(s);
    double *v = calloc(nv, sizeof *v);
    char **str = calloc(nv, sizeof *str);
    metrics_set_compute(s, p, t, v, str);
    char name[64];
    double ap = ref_ap(t, p);
    same_double("map", value_of(s, v, "map"), ap, where);
    same_double("niap", value_of(s, v, "niap"), ap, where);
    same_double("gm_map", value_of(s, v, "gm_map"), log(ap > 0.00001 ? ap : 0.00001), where);
    long nrel;
    double apsum = ref_ap_sum(t, p, &nrel);
    same_double("yaap", value_of(s, v, "yaap"),
                log((1.0 + apsum) / (1.0 + (double)t->num_rel - apsum)), where);
    long look = t->num_ret < t->num_rel ? t->num_ret : t->num_rel;
    same_double("Rprec", value_of(s, v, "Rprec"),
                look ? (double)ref_rel_in(t, p, look) / (double)t->num_rel : 0.0, where);
    double b = ref_bpref(t, p);
    same_double("bpref", value_of(s, v, "bpref"), b, where);
    same_double("gm_bpref", value_of(s, v, "gm_bpref"), log(b > 0.00001 ? b : 0.00001), where);
    double rr = 0.0;
    for (long i = 0; i < t->num_ret; i++) {
        if (ref_rel(t->rels[i], p)) {
            rr = 1.0 / (double)(i + 1);
            break;
        }
    }
    same_double("recip_rank", value_of(s, v, "recip_rank"), rr, where);
    double ip[11], ipsum = 0.0;
    ref_iprec(t, p, ip);
    for (int k = 10; k >= 0; k--) {
        snprintf(name, sizeof name, "iprec_at_recall_%3.2f", k / 10.0);
        same_double(name, value_of(s, v, name), ip[k], where);
        ipsum += ip[k];
    }
    same_double("11pt_avg", value_of(s, v, "11pt_avg"), ipsum / 11.0, where);
    same_double("iap", value_of(s, v, "iap"), ipsum / 11.0, where);
    double mc[NREF_CUTS], nc[NREF_CUTS];
    ref_map_cut(t, p, mc);
    ref_ndcg_cut(t, nc);
    for (size_t k = 0; k < NREF_CUTS; k++) {
        long cut = ref_cuts[k], c = ref_rel_in(t, p, cut);
        snprintf(name, sizeof name, "P_%ld", cut);
        same_double(name, value_of(s, v, name), (double)c / (double)cut, where);
        snprintf(name, sizeof name, "recall_%ld", cut);
        same_double(name, value_of(s, v, name),
                    t->num_rel ? (double)c / (double)t->num_rel : 0.0, where);
        snprintf(name, sizeof name, "relative_P_%ld", cut);
        same_double(name, value_of(s, v, name),
                    t->num_rel ? (double)c / (double)(cut < t->num_rel ? cut : t->num_rel)
                               : 0.0, where);
        snprintf(name, sizeof name, "success_%ld", cut);
        same_double(name, value_of(s, v, name), c ? 1.0 : 0.0, where);
        snprintf(name, sizeof name, "map_cut_%ld", cut);
        same_double(name, value_of(s, v, name), mc[k], where);
        snprintf(name, sizeof name, "ndcg_cut_%ld", cut);
        same_double(name, value_of(s, v, name), nc[k], where);
    }
    double rm[10];
    ref_rprec_mult(t, p, rm);
    for (int k = 0; k < 10; k++) {
        snprintf(name, sizeof name, "Rprec_mult_%3.2f", (k + 1) / 5.0);
        same_double(name, value_of(s, v, name), rm[k], where);
    }
    same_double("infAP", value_of(s, v, "infAP"), ref_infap(t, p), where);
    same_double("binG", value_of(s, v, "binG"), ref_binG(t, p), where);
    metrics_set_free(&s);

    /* The gain measures, with trec_eval's gains and with gains given: negative ones,
     * fractions (G's cost then has a fraction too, one that rounds when it adds 1), -0,
     * one for the documents outside the qrels (-1) and one for the unjudged ones (-2). */
    static const char *const gains[] = {
        NULL, "0=-1,1=2,2=4,3=4", "1=1.5,2=3.25,3=5.5", "1=1.1,2=2.3,3=3.7", "-1=1,2=3",
        "-2=0.5,3=0",
        "0=-0,1=-0,2=2", "1=-2,3=9",
    };
    static const char *const gain_families[] = { "ndcg", "dcg", "ideal_dcg", "ndcg_rel",
                                                 "Rndcg", "G" };
    for (size_t gi = 0; gi < sizeof gains / sizeof gains[0]; gi++) {
        char specbuf[6][96];
        const char *gspecs[7];
        for (int f = 0; f < 6; f++) {
            if (gains[gi] != NULL)
                snprintf(specbuf[f], sizeof specbuf[f], "%s.%s", gain_families[f], gains[gi]);
            else
                snprintf(specbuf[f], sizeof specbuf[f], "%s", gain_families[f]);
            gspecs[f] = specbuf[f];
        }
        gspecs[6] = NULL;
        s = make_set(gspecs);
        metrics_set_compute(s, p, t, v, str);
        double want[6];
        ref_gain_measures(t, gains[gi], want);
        for (int f = 0; f < 6; f++) {
            snprintf(name, sizeof name, "%s%s%s", gain_families[f], gains[gi] ? "_" : "",
                     gains[gi] ? gains[gi] : "");
            same_double(name, value_of(s, v, name), want[f], where);
        }
        metrics_set_free(&s);
    }
    static const char *const rbps[] = { NULL, "p=0.5", "p=0.95,2=3", "p=0.8,-1=0.5",
                                        "0=-1,p=0.99" };
    for (size_t ri = 0; ri < sizeof rbps / sizeof rbps[0]; ri++) {
        char spec[64];
        snprintf(spec, sizeof spec, "rbp%s%s", rbps[ri] ? "." : "", rbps[ri] ? rbps[ri] : "");
        const char *rspecs[] = { spec, NULL };
        s = make_set(rspecs);
        metrics_set_compute(s, p, t, v, str);
        snprintf(name, sizeof name, "rbp%s%s", rbps[ri] ? "_" : "", rbps[ri] ? rbps[ri] : "");
        same_double(name, value_of(s, v, name), ref_rbp(t, rbps[ri]), where);
        metrics_set_free(&s);
    }
    free(v);
    free(str);
}

static void test_sparse_measures_random(void **state)
{
    (void)state;
    static const long levels[] = { 1, 2, 0, -1, -2, 4 };
    static const long max_docs[] = { LONG_MAX, 1, 12, 150, 0 };
    static const size_t sizes[] = { 0, 1, 3, 17, 40, 120, 400, 1100, 2500 };
    static const unsigned sparse[] = { 5, 15, 40, 100 };
    rand_topic *rt = malloc(sizeof *rt);
    metrics_rng r;
    metrics_rng_seed(&r, 20240611);
    long ntopics = 0;
    for (size_t li = 0; li < sizeof levels / sizeof levels[0]; li++) {
        for (int judged_only = 0; judged_only <= 1; judged_only++) {
            for (size_t mi = 0; mi < sizeof max_docs / sizeof max_docs[0]; mi++) {
                metrics_params p;
                metrics_params_init(&p);
                p.relevance_level = levels[li];
                p.judged_only = judged_only;
                p.max_docs = max_docs[mi];
                for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
                    if (sizes[si] > 400 && (mi != 0 || li > 1))
                        continue;
                    unsigned sp = sparse[metrics_rng_below(&r, 4)];
                    rand_topic_make(rt, &r, sizes[si], sp, &p);
                    char where[128];
                    snprintf(where, sizeof where, "-l %ld%s -M %ld, %zu docs, %u%% judged",
                             p.relevance_level, judged_only ? " -J" : "", p.max_docs,
                             sizes[si], sp);
                    check_sparse_topic(&rt->t, &p, where);
                    ntopics++;
                }
            }
        }
    }
    assert_true(ntopics > 300);
    free(rt);
}

/* A hand-made case: cut-offs that fall between judged ranks, documents outside the qrels
 * and unjudged ones at the cut-offs, grade 0 documents. */
static void test_sparse_measures_by_hand(void **state)
{
    (void)state;
    static const long rels[] = { METRICS_NONPOOL, 2, METRICS_UNJUDGED, 0, METRICS_NONPOOL,
                                 METRICS_NONPOOL, 1, METRICS_NONPOOL, 0, METRICS_NONPOOL,
                                 METRICS_NONPOOL, METRICS_NONPOOL, 3, METRICS_UNJUDGED };
    long levels[4] = { 3, 2, 1, 1 };
    metrics_topic t = make_topic(rels, 14, levels, 4, 1);
    metrics_params p;
    metrics_params_init(&p);
    check_sparse_topic(&t, &p, "by hand");
    p.relevance_level = 2;
    t = make_topic(rels, 14, levels, 4, 2);
    check_sparse_topic(&t, &p, "by hand, -l 2");
    /* Counts that disagree with the ranking (more relevant retrieved than ranked): the
     * walks from the last rank reach rank 1. */
    t.num_rel_ret += 2;
    check_sparse_topic(&t, &p, "by hand, -l 2, num_rel_ret + 2");
    t.num_rel = 0;
    check_sparse_topic(&t, &p, "by hand, -l 2, num_rel_ret + 2, num_rel 0");
    /* The values themselves, worked out: relevant (grade >= 1) at ranks 2, 7, 13 of 4. */
    p.relevance_level = 1;
    t = make_topic(rels, 14, levels, 4, 1);
    static const char *const specs[] = { "map", "P.5,10", "map_cut.5,13", "Rprec", "bpref",
                                         NULL };
    metrics_set *s = make_set(specs);
    double v[8];
    char *str[8];
    metrics_set_compute(s, &p, &t, v, str);
    assert_float_equal(value_of(s, v, "map"), (1.0 / 2 + 2.0 / 7 + 3.0 / 13) / 4, 1e-15);
    assert_float_equal(value_of(s, v, "P_5"), 1.0 / 5, 1e-15);
    assert_float_equal(value_of(s, v, "P_10"), 2.0 / 10, 1e-15);
    assert_float_equal(value_of(s, v, "map_cut_5"), (1.0 / 2) / 4, 1e-15);
    assert_float_equal(value_of(s, v, "map_cut_13"), (1.0 / 2 + 2.0 / 7 + 3.0 / 13) / 4, 1e-15);
    assert_float_equal(value_of(s, v, "Rprec"), 1.0 / 4, 1e-15);
    /* bpref: nonrelevant judged above each relevant: 0, 1, 2 of min(R, N) = 3. */
    assert_float_equal(value_of(s, v, "bpref"), (1.0 + (1.0 - 1.0 / 3) + (1.0 - 2.0 / 3)) / 4,
                       1e-15);
    metrics_set_free(&s);
}

/* G's cost after the ideal ranking grows by 1 a rank; with gains of 1.3 or 1.7 it is not
 * a whole number, and adding 1 to it rank by rank rounds differently from adding the
 * number of ranks at once, enough to change G (11 x 1.3 then a relevant document at rank
 * 77, for one). */
static void test_sparse_G_fraction(void **state)
{
    (void)state;
    enum { MAXN = 400 };
    long *rels = malloc(MAXN * sizeof *rels);
    static const struct {
        const char *gain, *name;
        long count;
    } cases[] = { { "G.1=1.3", "G_1=1.3", 11 }, { "G.1=1.7", "G_1=1.7", 14 } };
    metrics_params p;
    metrics_params_init(&p);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const char *specs[] = { cases[c].gain, NULL };
        metrics_set *s = make_set(specs);
        long levels[2] = { 0, cases[c].count };
        for (long last = cases[c].count; last < MAXN; last++) {
            for (long i = 0; i <= last; i++)
                rels[i] = i < cases[c].count - 1 || i == last ? 1 : METRICS_NONPOOL;
            metrics_topic t = make_topic(rels, last + 1, levels, 2, 1);
            double v[1], want[6];
            char *str[1];
            metrics_set_compute(s, &p, &t, v, str);
            ref_gain_measures(&t, cases[c].gain + 2, want);
            same_double(cases[c].name, v[0], want[5], "fractional gain");
        }
        metrics_set_free(&s);
    }
    free(rels);
}

/* Judgment groups: each group's ranks are its own. */
static void test_sparse_avgjg_random(void **state)
{
    (void)state;
    rand_topic *rt = malloc(3 * sizeof *rt);
    metrics_rng r;
    metrics_rng_seed(&r, 7);
    static const char *const specs[] = { "map_avgjg", "P_avgjg.1,3,10,50,1000",
                                         "Rprec_mult_avgjg", NULL };
    metrics_set *s = make_set(specs);
    for (int round = 0; round < 40; round++) {
        metrics_params p;
        metrics_params_init(&p);
        p.relevance_level = round % 3 == 2 ? 2 : 1;
        p.judged_only = round % 4 == 3;
        metrics_topic groups[3];
        long ngroups = 1 + (long)metrics_rng_below(&r, 3);
        size_t n = (size_t)metrics_rng_below(&r, round % 5 == 0 ? 2000 : 200);
        for (long g = 0; g < ngroups; g++) {
            rand_topic_make(&rt[g], &r, n, 20, &p);
            groups[g] = rt[g].t;
        }
        metrics_topic t;
        memset(&t, 0, sizeof t);
        t.groups = groups;
        t.ngroups = ngroups;
        double v[32];
        char *str[32];
        metrics_set_compute(s, &p, &t, v, str);
        double map = 0.0, P[5] = { 0 }, rm[10] = { 0 };
        static const long cuts[] = { 1, 3, 10, 50, 1000 };
        for (long g = 0; g < ngroups; g++) {
            map += ref_ap(&groups[g], &p);
            for (int k = 0; k < 5; k++)
                P[k] += (double)ref_rel_in(&groups[g], &p, cuts[k]) / (double)cuts[k];
            double x[10];
            ref_rprec_mult(&groups[g], &p, x);
            for (int k = 0; k < 10; k++)
                rm[k] += x[k];
        }
        if (ngroups > 1) {
            map /= (double)ngroups;
            for (int k = 0; k < 5; k++)
                P[k] /= (double)ngroups;
            for (int k = 0; k < 10; k++)
                rm[k] /= (double)ngroups;
        }
        char name[64];
        same_double("map_avgjg", value_of(s, v, "map_avgjg"), map, "avgjg");
        for (int k = 0; k < 5; k++) {
            snprintf(name, sizeof name, "P_avgjg_%ld", cuts[k]);
            same_double(name, value_of(s, v, name), P[k], "avgjg");
        }
        for (int k = 0; k < 10; k++) {
            snprintf(name, sizeof name, "Rprec_mult_avgjg_%3.2f", (k + 1) / 5.0);
            same_double(name, value_of(s, v, name), rm[k], "avgjg");
        }
    }
    metrics_set_free(&s);
    free(rt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dcg_jarvelin_kekalainen),
        cmocka_unit_test(test_dcg_other_forms),
        cmocka_unit_test(test_rbp_binary),
        cmocka_unit_test(test_precision_recall_table),
        cmocka_unit_test(test_err),
        cmocka_unit_test(test_set_binary_example),
        cmocka_unit_test(test_set_graded_example),
        cmocka_unit_test(test_rank_ties_and_cutoff),
        cmocka_unit_test(test_rank_large_unsorted),
        cmocka_unit_test(test_levels),
        cmocka_unit_test(test_select_errors),
        cmocka_unit_test(test_names_and_order),
        cmocka_unit_test(test_missing_topic_and_summary),
        cmocka_unit_test(test_avgjg),
        cmocka_unit_test(test_prefs_classes),
        cmocka_unit_test(test_prefs_subgroups),
        cmocka_unit_test(test_prefs_set),
        cmocka_unit_test(test_measure_spellings),
        cmocka_unit_test(test_sparse_measures_random),
        cmocka_unit_test(test_sparse_measures_by_hand),
        cmocka_unit_test(test_sparse_G_fraction),
        cmocka_unit_test(test_sparse_avgjg_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
