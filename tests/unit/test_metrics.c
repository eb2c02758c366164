/* test_metrics.c: unit tests of metrics: textbook examples, ranking, measure sets. */
/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
