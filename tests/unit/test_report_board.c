/* test_report_board.c: unit tests of the live report's tables (leaderboard, one run, stability) on two runs worked out by hand in the comments. */
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
    char msg[256], title[256], buf[1024];
    report_live *l = report_live_new(&p, "map", 0.8, msg, sizeof msg);
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
    assert_string_equal(buf, "rank\trun\tmap\n1\tA\t0.8333\n2\tB\t0.5833\n");
    report_table_free(&t);
    /* a topic not judged: its rows have no values */
    t = report_live_board(l, 1, 0, "q9", title, sizeof title);
    assert_string_equal(title, "topic q9 (not judged)");
    report_table_free(&t);
    t = report_live_run_table(l, 1, 1, title, sizeof title);
    tsv(t, buf, sizeof buf);
    assert_string_equal(title, "run A over 1 judged topics");
    assert_string_equal(buf, "topic\tmap\nq1\t0.8333\nall\t0.8333\n");
    report_table_free(&t);
    /* one measure: nothing to compare it with, and no checkpoint */
    t = report_live_stability_table(l, 0, NULL);
    assert_int_equal(report_table_rows(t), 0);
    report_table_free(&t);
    report_live_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
