/* test_report_board.c: unit tests of the report's tables, charts and -Z output. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "report/report.h"

/* The table as tsv, in buf. */
static void tsv(const report_table *t, char *buf, size_t size)
{
    FILE *fp = fmemopen(buf, size, "w");
    assert_non_null(fp);
    util_out o;
    util_out_init(&o, fp);
    report_table_write(t, REPORT_TABLE_TSV, NULL, &o);
    assert_int_equal(util_out_flush(&o), 0);
    util_out_free(&o);
    fclose(fp);
}

/* q1 judges d1 and d3 relevant. A ranks d1 d2 d3: AP (1 + 2/3) / 2 = 0.8333; B ranks d2
 * d1 d3: AP (1/2 + 2/3) / 2 = 0.5833. The board: A first. */
static void test_tables(void **state)
{
    (void)state;
    metrics_params p;
    metrics_params_init(&p);
    util_error me = { 0, "" };
    char title[256], buf[1024];
    report_live *l = report_live_new(&p, "map", 0.8, &me);
    assert_non_null(l);
    const char *a[] = { "d1", "d2", "d3" }, *b[] = { "d2", "d1", "d3" };
    const double s[] = { 3, 2, 1 };
    report_live_add_ranking(l, "B", "q1", b, s, 3);
    report_live_add_ranking(l, "A", "q1", a, s, 3);
    report_live_judge(l, "q1", "d1", 1);
    report_live_judge(l, "q1", "d2", 0);
    report_live_judge(l, "q1", "d3", 1);
    report_table *t = report_live_board(l, 1, 0, NULL, title, sizeof title);
    assert_string_equal(title, "2 runs, 1 judged topics, 3 judgments");
    assert_int_equal(report_table_rows(t), 2);
    tsv(t, buf, sizeof buf);
    /* every digit in tsv: 5/6 and 7/12, as Python's repr prints them */
    assert_string_equal(buf, "rank\trun\tMAP\n1\tA\t0.8333333333333333\n"
                             "2\tB\t0.5833333333333333\n");
    report_table_free(&t);
    /* a topic not judged: its rows have no values */
    t = report_live_board(l, 1, 0, "q9", title, sizeof title);
    assert_string_equal(title, "topic q9 (not judged)");
    report_table_free(&t);
    t = report_live_run_table(l, 1, 1, title, sizeof title);
    tsv(t, buf, sizeof buf);
    assert_string_equal(title, "run A over 1 judged topics");
    assert_string_equal(buf, "topic\tMAP\nq1\t0.8333333333333333\nall\t0.8333333333333333\n");
    report_table_free(&t);
    /* one measure: nothing to compare it with, and no checkpoint */
    t = report_live_stability_table(l, 1, 0, NULL);
    assert_int_equal(report_table_rows(t), 0);
    report_table_free(&t);
    /* A against B on the one topic: means 0.8333 and 0.5833, difference 0.2500 */
    metrics_comparison cmp = { 1, 0, METRICS_TEST_T, { 0.0, 0.01, 1, 0 }, 0.01, 0.0 };
    t = report_live_compare_table(l, 0, NULL, 0, &cmp, 1, 1, 0.05);
    tsv(t, buf, sizeof buf);
    assert_non_null(strstr(buf, "MAP\tA\tB\t1\t0.8333\t0.5833\t0.2500\t"));
    assert_non_null(strstr(buf, "\t0.01\t0.01\t*\n"));
    report_table_free(&t);
    /* charts: a PR curve of A is drawn; an unknown kind, and rpdiff with one run or without
     * Rprec among the measures, are refused */
    size_t sel[] = { 1, 0 };
    FILE *fp = fmemopen(buf, sizeof buf, "w");
    util_out o;
    util_out_init(&o, fp);
    assert_int_equal(report_live_chart(l, "pr", sel, 1, 20, 0, &o, &me), 0);
    util_out_flush(&o);
    util_out_free(&o);
    fclose(fp);
    assert_non_null(strstr(buf, "interpolated precision over 1 judged topics"));
    util_out_init(&o, stdout);
    assert_int_equal(report_live_chart(l, "bars", sel, 1, 20, 0, &o, &me), -1);
    assert_non_null(strstr(me.msg, "unknown plot 'bars'"));
    assert_int_equal(me.code, UTIL_EXIT_USAGE);
    assert_int_equal(report_live_chart(l, "rpdiff", sel, 2, 20, 0, &o, &me), -1);
    assert_non_null(strstr(me.msg, "Rprec"));
    util_out_free(&o);
    report_live_free(&l);
}

/* Relevant d1, d3. MAP: A (d1 d2) 0.8333, B (d2 d1 d3) 0.5833, C (d2 d4 d1 d3) 0.4167;
 * P@2: A 0.5, B 0.5, C 0. Kendall's tau-b of the two: 2 concordant pairs of 3, one tied in
 * P@2: 2 / sqrt(3 * 2) = 0.8164965809277261 (Python's repr of 2 / math.sqrt(6)). */
static void test_stability_digits(void **state)
{
    (void)state;
    metrics_params p;
    metrics_params_init(&p);
    util_error me = { 0, "" };
    char buf[1024];
    report_live *l = report_live_new(&p, "map,P.2", 0.8, &me);
    assert_non_null(l);
    const char *a[] = { "d1", "d2", "d3" }, *b[] = { "d2", "d1", "d3" };
    const char *c[] = { "d2", "d4", "d1", "d3" };
    const double s[] = { 4, 3, 2, 1 };
    report_live_add_ranking(l, "A", "q1", a, s, 3);
    report_live_add_ranking(l, "B", "q1", b, s, 3);
    report_live_add_ranking(l, "C", "q1", c, s, 4);
    report_live_judge(l, "q1", "d1", 1);
    report_live_judge(l, "q1", "d2", 0);
    report_live_judge(l, "q1", "d3", 1);
    /* programs get every digit */
    report_table *t = report_live_stability_table(l, 1, 0, NULL);
    assert_int_equal(report_table_rows(t), 1);
    tsv(t, buf, sizeof buf);
    assert_non_null(strstr(buf, "MAP\tP@2\t3\t0.8164965809277261\t"));
    report_table_free(&t);
    /* people four decimals */
    t = report_live_stability_table(l, 0, 0, NULL);
    tsv(t, buf, sizeof buf);
    assert_non_null(strstr(buf, "MAP\tP@2\t3\t0.8165\t"));
    report_table_free(&t);
    report_live_free(&l);
}

/* -Z: MAP 0.25 on topic 1 and in the summary, each line 'Z' then the name padded to 22. */
static void test_zscores(void **state)
{
    (void)state;
    util_error me = { 0, "" };
    char buf[512];
    metrics_set *set = metrics_set_new();
    assert_int_equal(metrics_set_select(set, "map", &me), 0);
    assert_int_equal(metrics_set_finish(set, &me), 0);
    size_t nv = metrics_set_size(set), map = 0;
    while (strcmp(metrics_set_name(set, map), "map") != 0)
        map++;
    double *v = calloc(nv, sizeof *v), *sum = calloc(nv, sizeof *sum);
    v[map] = sum[map] = 0.25;
    const char *qids[] = { "1" };
    report_run run = { "r", qids, 1, v, NULL, sum, NULL, 0 };  /* no string values */
    FILE *fp = fmemopen(buf, sizeof buf, "w");
    util_out o;
    util_out_init(&o, fp);
    report_eval rep = { .out = &o, .format = REPORT_TREC, .set = set, .per_topic = 1,
                        .summary = 1 };
    report_eval_run_zscores(&rep, &run);
    util_out_flush(&o);
    util_out_free(&o);
    fclose(fp);
    assert_non_null(strstr(buf, "Zmap                   \t1\t0.2500\n"));
    assert_non_null(strstr(buf, "Zmap                   \tall\t0.2500\n"));
    free(v);
    free(sum);
    metrics_set_free(&set);
}

/* Agreement of A, B, C as in test_agreement.c: A-B on 2 documents, agreement 1/2, kappa 0. */
static void test_agreement_write(void **state)
{
    (void)state;
    const long g[] = { 1, 1, 0, 0, 1, -1, 2, -1, 2 };
    const char *names[] = { "A", "B", "C" };
    metrics_agreement ag;
    metrics_agreement_compute(g, 3, 3, 1, &ag);
    char buf[2048];
    FILE *fp = fmemopen(buf, sizeof buf, "w");
    util_out o;
    util_out_init(&o, fp);
    assert_int_equal(report_agreement_write(&o, &ag, names, 3, 3, 1, REPORT_TABLE_TSV, 1), 4);
    util_out_flush(&o);
    util_out_free(&o);
    fclose(fp);
    /* tsv gives every digit, as json does */
    assert_non_null(strstr(buf, "A\tB\t2\t0.5\t0\t0.5\t0\n"));
    assert_non_null(strstr(buf, "all\t(Fleiss)\t3\t0.4444444444444444\t"));
    assert_null(strstr(buf, "confusion"));   /* tsv: no matrices */
    metrics_agreement_free(&ag);
}

/* The text line chart: the y axis's labels share one width, whatever the largest value, so
 * that every row's axis is in the same column; counts are labelled without decimals. */
static void test_line_chart_axis(void **state)
{
    (void)state;
    const double x[] = { 10, 20, 50 }, counts[] = { 391, 634, 2293 }, shares[] = { 0.1, 0.2, 0.5 };
    for (int k = 0; k < 2; k++) {
        report_series s = { "depth", k == 0 ? counts : shares };
        char buf[8192];
        FILE *fp = fmemopen(buf, sizeof buf, "w");
        assert_non_null(fp);
        util_out o;
        util_out_init(&o, fp);
        report_plot_lines_text(&o, "found", "judgments", x, 3, &s, 1, 30, 4);
        assert_int_equal(util_out_flush(&o), 0);
        util_out_free(&o);
        fclose(fp);
        assert_non_null(strstr(buf, k == 0 ? "\n   2293 \u2502" : "\n  0.500 \u2502"));
        assert_non_null(strstr(buf, k == 0 ? "\n      0 \u2502" : "\n  0.000 \u2502"));
        /* the axis is the ninth column on every row, the corner too */
        size_t rows = 0;
        for (char *line = strtok(buf, "\n"); line != NULL; line = strtok(NULL, "\n"))
            if (strstr(line, "\u2502") != NULL || strstr(line, "\u2514") != NULL) {
                rows++;
                assert_true(strncmp(line + 8, "\u2502", 3) == 0 ||
                            strncmp(line + 8, "\u2514", 3) == 0);
            }
        assert_int_equal(rows, 5);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables),
        cmocka_unit_test(test_stability_digits),
        cmocka_unit_test(test_zscores),
        cmocka_unit_test(test_agreement_write),
        cmocka_unit_test(test_line_chart_axis),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
