/* test_report_live.c: unit tests of the live report: by hand, incremental, tables. */
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
#include "report/report.h"

#define EPS 1e-12

static report_live *live_new(const char *measures)
{
    metrics_params p;
    metrics_params_init(&p);
    util_error me = { 0, "" };
    report_live *l = report_live_new(&p, measures, 0.8, &me);
    assert_non_null(l);
    return l;
}

static const char *const docs3[] = { "d1", "d2", "d3" };
static const double scores3[] = { 3, 2, 1 };
static const char *const docsB[] = { "d2", "d1", "d3" };

static void test_by_hand(void **state)
{
    (void)state;
    report_live *l = live_new("map,recip_rank,P.10");
    assert_int_equal(report_live_nmeasures(l), 3);
    long map = report_live_column(l, "map"), rr = report_live_column(l, "MRR");
    long p10 = report_live_column(l, "P_10");
    assert_true(map >= 0 && rr >= 0 && p10 >= 0);
    report_live_add_ranking(l, "A", "q1", docs3, scores3, 3);
    report_live_add_ranking(l, "B", "q1", docsB, scores3, 3);
    report_live_add_ranking(l, "A", "q2", docs3, scores3, 3);
    report_live_add_ranking(l, "B", "q2", docs3, scores3, 3);
    /* Nothing judged: no topic counts. */
    assert_int_equal(report_live_ntopics(l), 0);
    report_live_judge(l, "q1", "d1", 1);
    assert_int_equal(report_live_ntopics(l), 1);
    assert_float_equal(report_live_value(l, 0, (size_t)map), 1.0, EPS);  /* d1 first */
    assert_float_equal(report_live_value(l, 1, (size_t)map), 0.5, EPS);  /* d1 second */
    assert_float_equal(report_live_value(l, 1, (size_t)rr), 0.5, EPS);
    assert_float_equal(report_live_value(l, 0, (size_t)p10), 0.1, EPS);
    report_live_judge(l, "q1", "d2", 0);
    report_live_judge(l, "q1", "d3", 1);
    /* A: (1/1 + 2/3) / 2; B: (1/2 + 2/3) / 2 */
    assert_float_equal(report_live_value(l, 0, (size_t)map), (1.0 + 2.0 / 3.0) / 2.0, EPS);
    assert_float_equal(report_live_value(l, 1, (size_t)map), (0.5 + 2.0 / 3.0) / 2.0, EPS);
    assert_int_equal(report_live_judgments(l), 3);
    /* q2: only d3 relevant, third for both: AP 1/3; the mean is over two topics now. */
    report_live_judge(l, "q2", "d3", 1);
    assert_int_equal(report_live_ntopics(l), 2);
    assert_string_equal(report_live_topic(l, 1), "q2");
    assert_float_equal(report_live_topic_value(l, 0, 1, (size_t)map), 1.0 / 3.0, EPS);
    assert_float_equal(report_live_value(l, 0, (size_t)map),
                       ((1.0 + 2.0 / 3.0) / 2.0 + 1.0 / 3.0) / 2.0, EPS);
    /* Changing a grade and taking a judgment back. */
    report_live_judge(l, "q1", "d3", 0);
    assert_float_equal(report_live_topic_value(l, 0, 0, (size_t)map), 1.0, EPS);
    report_live_judge(l, "q2", "d3", REPORT_LIVE_REMOVE);
    assert_int_equal(report_live_ntopics(l), 1);
    assert_float_equal(report_live_value(l, 0, (size_t)map), 1.0, EPS);
    /* A pooled, unjudged document (-1) puts the topic in the qrels with no relevant
     * document: AP 0 for everyone. */
    report_live_judge(l, "q2", "d1", -1);
    assert_int_equal(report_live_ntopics(l), 2);
    assert_float_equal(report_live_topic_value(l, 1, 1, (size_t)map), 0.0, EPS);
    assert_int_equal(report_live_judgments(l), 3);
    report_live_free(&l);
    assert_null(l);
}

/* A deterministic pseudo-random campaign: judging one document at a time must give
 * exactly (bit for bit) the values of a report built from all judgments at once. */
static void test_incremental_equals_rebuild(void **state)
{
    (void)state;
    enum { RUNS = 6, TOPICS = 5, DOCS = 40, POOL = 60 };
    metrics_rng rng;
    metrics_rng_seed(&rng, 11);
    char docno[POOL][8];
    for (int d = 0; d < POOL; d++)
        snprintf(docno[d], sizeof docno[d], "D%02d", d);
    report_live *inc = live_new(NULL), *all = NULL;
    const char *names[DOCS];
    double scores[DOCS];
    char qid[TOPICS][8], tag[RUNS][8];
    for (int t = 0; t < TOPICS; t++)
        snprintf(qid[t], sizeof qid[t], "t%d", t);
    for (int r = 0; r < RUNS; r++)
        snprintf(tag[r], sizeof tag[r], "run%d", r);
    for (int r = 0; r < RUNS; r++) {
        for (int t = 0; t < TOPICS; t++) {
            for (int i = 0; i < DOCS; i++) {
                names[i] = docno[metrics_rng_below(&rng, POOL)];
                scores[i] = (double)metrics_rng_below(&rng, 20); /* many ties */
            }
            /* no duplicate docnos within a ranking: keep the first of each */
            size_t n = 0;
            for (int i = 0; i < DOCS; i++) {
                int dup = 0;
                for (size_t k = 0; k < n; k++)
                    dup |= strcmp(names[k], names[i]) == 0;
                if (!dup) {
                    names[n] = names[i];
                    scores[n++] = scores[i];
                }
            }
            report_live_add_ranking(inc, tag[r], qid[t], names, scores, n);
        }
    }
    int judged[TOPICS][POOL];
    memset(judged, 0xff, sizeof judged); /* -1: no judgment */
    for (int step = 0; step < 120; step++) {
        int t = (int)metrics_rng_below(&rng, TOPICS), d = (int)metrics_rng_below(&rng, POOL);
        int g = (int)metrics_rng_below(&rng, 4) - 1;   /* -1 (pooled) .. 2 */
        judged[t][d] = g == -1 ? -2 : g;
        report_live_judge(inc, qid[t], docno[d], g);
        if (step % 30 != 29)
            continue;
        all = live_new(NULL);
        report_live_hold(all, 1);
        for (int tt = 0; tt < TOPICS; tt++)
            for (int dd = 0; dd < POOL; dd++)
                if (judged[tt][dd] != -1)
                    report_live_judge(all, qid[tt], docno[dd],
                                      judged[tt][dd] == -2 ? -1 : judged[tt][dd]);
        /* rankings after judgments, and again in another run order: no difference */
        metrics_rng again;
        metrics_rng_seed(&again, 11);
        for (int r = 0; r < RUNS; r++) {
            for (int tt = 0; tt < TOPICS; tt++) {
                for (int i = 0; i < DOCS; i++) {
                    names[i] = docno[metrics_rng_below(&again, POOL)];
                    scores[i] = (double)metrics_rng_below(&again, 20);
                }
                size_t n = 0;
                for (int i = 0; i < DOCS; i++) {
                    int dup = 0;
                    for (size_t k = 0; k < n; k++)
                        dup |= strcmp(names[k], names[i]) == 0;
                    if (!dup) {
                        names[n] = names[i];
                        scores[n++] = scores[i];
                    }
                }
                report_live_add_ranking(all, tag[r], qid[tt], names, scores, n);
            }
        }
        report_live_hold(all, 0);
        assert_int_equal(report_live_ntopics(all), report_live_ntopics(inc));
        for (size_t r = 0; r < RUNS; r++)
            for (size_t m = 0; m < report_live_nmeasures(inc); m++) {
                assert_true(report_live_value(all, r, m) == report_live_value(inc, r, m));
                for (size_t t2 = 0; t2 < report_live_ntopics(inc); t2++)
                    assert_true(report_live_topic_value(all, r, t2, m) ==
                                report_live_topic_value(inc, r, t2, m));
            }
        report_live_free(&all);
    }
    report_live_free(&inc);
}

static void test_order_lines_stability(void **state)
{
    (void)state;
    report_live *l = live_new(NULL);
    report_live_add_ranking(l, "good", "q1", docs3, scores3, 3);
    report_live_add_ranking(l, "bad\033[31m", "q1", docsB, scores3, 3);
    report_live_judge(l, "q1", "d1", 1);
    size_t order[2];
    report_live_order(l, 0, -1, order);
    assert_string_equal(report_live_run(l, order[0]), "good");
    size_t k = report_live_checkpoint(l);
    assert_int_equal(k, 0);
    /* d2 becomes the relevant one: the order flips. */
    report_live_judge(l, "q1", "d1", 0);
    report_live_judge(l, "q1", "d2", 1);
    report_live_order(l, 0, -1, order);
    assert_string_equal(report_live_run(l, order[0]), "bad\033[31m");
    double tau, ap;
    assert_int_equal(report_live_stability(l, 0, 0, &tau, &ap), 0);
    assert_float_equal(tau, -1.0, EPS);
    assert_float_equal(ap, -1.0, EPS);
    assert_int_equal(report_live_stability(l, 5, 0, &tau, &ap), -1);
    report_live_agreement(l, 0, (size_t)report_live_column(l, "P@10"), &tau, &ap);
    assert_float_equal(tau, 0.0, EPS); /* P@10 ties the two runs */
    char **lines = NULL;
    size_t n = report_live_lines(l, 50, 0, NULL, &lines);
    assert_int_equal(n, 3);
    assert_non_null(strstr(lines[0], "MAP*"));
    assert_non_null(strstr(lines[1], "1  bad"));
    for (size_t i = 0; i < n; i++)
        assert_true(strlen(lines[i]) <= 50);
    report_live_lines_free(&lines, n);
    /* drill-down of a topic, and of one that is not judged */
    n = report_live_lines(l, 200, 0, "q1", &lines);
    assert_non_null(strstr(lines[1], "1.0000"));
    report_live_lines_free(&lines, n);
    n = report_live_lines(l, 200, 0, "q9", &lines);
    assert_non_null(strstr(lines[1], " -"));
    report_live_lines_free(&lines, n);
    assert_null(lines);
    /* a run's topics, then its summary */
    n = report_live_run_lines(l, 200, 0, &lines);
    assert_int_equal(n, 3);
    assert_true(strncmp(lines[1], "q1 ", 3) == 0);
    assert_true(strncmp(lines[2], "all ", 4) == 0);
    assert_non_null(strstr(lines[1], "0.0000")); /* "good" ranks d1 first, d2 is relevant */
    report_live_lines_free(&lines, n);
    report_live_free(&l);
}

static void test_lines_are_plain(void **state)
{
    (void)state;
    /* The lines reach the screen as they are: a run tag's escape character must not. */
    report_live *l = live_new("map");
    report_live_add_ranking(l, "x\033[2J", "q1", docs3, scores3, 3);
    report_live_judge(l, "q1", "d1", 1);
    char **lines = NULL;
    size_t n = report_live_lines(l, 80, 0, NULL, &lines);
    for (size_t i = 0; i < n; i++)
        for (const char *c = lines[i]; *c; c++)
            assert_true((unsigned char)*c >= 0x20 && *c != 0x7f);
    report_live_lines_free(&lines, n);
    report_live_free(&l);
}

static void test_curves(void **state)
{
    (void)state;
    report_live *l = live_new("map,Rprec");
    report_live_add_ranking(l, "A", "q1", docs3, scores3, 3);
    report_live_judge(l, "q1", "d1", 2);
    report_live_judge(l, "q1", "d2", 0);
    report_live_judge(l, "q1", "d3", 1);
    double pr[11], cg[4], dcg[4], ndcg[4];
    report_live_curve(l, 0, REPORT_CURVE_PR, 11, pr);
    /* Relevant at ranks 1 and 3. The curve is trec_eval's iprec_at_recall, which for this
     * example (what `trecjudge eval -m iprec_at_recall` prints; eval is held to trec_eval by
     * the golden tests) is 1 up to
     * recall 0.7 and 2/3 from 0.8 on. */
    assert_float_equal(pr[0], 1.0, EPS);
    assert_float_equal(pr[7], 1.0, EPS);
    assert_float_equal(pr[8], 2.0 / 3.0, EPS);
    assert_float_equal(pr[10], 2.0 / 3.0, EPS);
    report_live_curve(l, 0, REPORT_CURVE_CG, 4, cg);
    assert_float_equal(cg[0], 2.0, EPS);
    assert_float_equal(cg[2], 3.0, EPS);
    assert_float_equal(cg[3], 3.0, EPS);
    report_live_curve(l, 0, REPORT_CURVE_DCG, 4, dcg);
    assert_float_equal(dcg[2], 2.0 + 1.0 / 2.0, EPS); /* 2/log2(2) + 0 + 1/log2(4) */
    report_live_curve(l, 0, REPORT_CURVE_NDCG, 4, ndcg);
    assert_float_equal(ndcg[0], 1.0, EPS);
    assert_float_equal(ndcg[1], 2.0 / (2.0 + 1.0 / log2(3.0)), EPS);
    report_live_free(&l);
}

static void test_bad_measure_and_table(void **state)
{
    (void)state;
    metrics_params p;
    metrics_params_init(&p);
    util_error me = { 0, "" };
    assert_null(report_live_new(&p, "nosuch", 0.8, &me));
    assert_true(me.msg[0] != '\0');
    report_live *l = live_new("P.5,10,map");
    assert_int_equal(report_live_nmeasures(l), 3);
    report_live_free(&l);

    const char *header[] = { "run", "MAP" };
    const int numeric[] = { 0, 1 };
    report_table *t = report_table_new(2, header, numeric);
    const char *r1[] = { "a_b", "0.5000" }, *r2[] = { "long\"name", NULL };
    report_table_add(t, r1);
    report_table_add(t, r2);
    char *buf = NULL;
    size_t size = 0;
    FILE *fp = open_memstream(&buf, &size);
    util_out o;
    util_out_init(&o, fp);
    report_table_write(t, REPORT_TABLE_JSON, NULL, &o);
    report_table_write(t, REPORT_TABLE_LATEX, NULL, &o);
    report_table_write(t, REPORT_TABLE_TEXT, NULL, &o);
    util_out_flush(&o);
    util_out_free(&o);
    fclose(fp);
    assert_non_null(strstr(buf, "{\"run\": \"a_b\", \"MAP\": 0.5000}"));
    assert_non_null(strstr(buf, "{\"run\": \"long\\\"name\", \"MAP\": null}"));
    assert_non_null(strstr(buf, "a\\_b & 0.5000 \\\\"));
    assert_non_null(strstr(buf, "a_b        0.5000\n"));
    free(buf);
    report_table_format f;
    assert_int_equal(report_table_format_parse("md", &f), 0);
    assert_int_equal(f, REPORT_TABLE_MD);
    assert_int_equal(report_table_format_parse("html", &f), -1);
    report_table_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_by_hand),
        cmocka_unit_test(test_incremental_equals_rebuild),
        cmocka_unit_test(test_order_lines_stability),
        cmocka_unit_test(test_lines_are_plain),
        cmocka_unit_test(test_curves),
        cmocka_unit_test(test_bad_measure_and_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
