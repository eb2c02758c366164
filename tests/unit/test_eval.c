/* test_eval.c: unit tests of the eval module on hand-worked qrels and runs. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "eval/eval.h"
#include "util/util.h"

static char qrels_path[64], run_path[64], run2_path[64];

static void write_file(char *path, const char *text)
{
    strcpy(path, "/tmp/tj_test_eval_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
}

/* Topic 1 judges d1 and d3 relevant, d2 not; topic 2 judges d4 relevant; topic 3 judges
 * d9 relevant and is in no run. */
static int setup(void **state)
{
    (void)state;
    write_file(qrels_path, "1 0 d1 1\n1 0 d2 0\n1 0 d3 1\n2 0 d4 1\n3 0 d9 1\n");
    /* topic 1 ranked d1 (R), d2, d3 (R), d5: AP = (1/1 + 2/3) / 2 = 5/6.
     * topic 2 ranked d6, d4 (R): AP = (1/2) / 1 = 1/2. Topics interleaved in run2. */
    write_file(run_path, "1 Q0 d1 1 3 r\n1 Q0 d2 2 2 r\n1 Q0 d3 3 1 r\n1 Q0 d5 4 0.5 r\n"
                         "2 Q0 d6 1 1 r\n2 Q0 d4 2 0.5 r\n");
    write_file(run2_path, "1 Q0 d1 1 3 s\n2 Q0 d6 1 1 s\n1 Q0 d2 2 2 s\n2 Q0 d4 2 0.5 s\n"
                          "1 Q0 d3 3 1 s\n1 Q0 d5 4 0.5 s\n");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    unlink(qrels_path);
    unlink(run_path);
    unlink(run2_path);
    return 0;
}

static size_t measure(const metrics_set *set, const char *name)
{
    for (size_t i = 0; i < metrics_set_size(set); i++)
        if (strcmp(metrics_set_name(set, i), name) == 0)
            return i;
    fail_msg("no measure %s", name);
    return 0;
}

static metrics_set *map_set(void)
{
    util_error me = { 0, "" };
    metrics_set *set = metrics_set_new();
    assert_int_equal(metrics_set_select(set, "map", &me), 0);
    assert_int_equal(metrics_set_select(set, "num_rel_ret", &me), 0);
    assert_int_equal(metrics_set_finish(set, &me), 0);
    return set;
}

/* Without -c, topic 3 of the qrels missing from the run is an error naming it. */
static void test_missing_topic(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    formats_qrels *q = formats_qrels_read(qrels_path, &err);
    assert_non_null(q);
    metrics_set *set = map_set();
    metrics_params p;
    metrics_params_init(&p);
    eval_judge *e = eval_new(q, NULL, NULL, set, &p);
    report_run run;
    assert_int_equal(eval_file(e, run_path, &run, &err), -1);
    assert_int_equal(err.code, UTIL_EXIT_DATA);
    assert_non_null(strstr(err.msg, "topic '3' is in the qrels but not in the run"));
    eval_free(&e);
    assert_null(e);
    metrics_set_free(&set);
    formats_qrels_free(&q);
}

/* With -c, topic 3 retrieved nothing: AP 0, so MAP = (5/6 + 1/2 + 0) / 3 = 4/9. The
 * interleaved run (read twice) scores the same. */
static void test_complete(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    formats_qrels *q = formats_qrels_read(qrels_path, &err);
    metrics_set *set = map_set();
    metrics_params p;
    metrics_params_init(&p);
    p.average_complete = 1;
    eval_judge *e = eval_new(q, NULL, NULL, set, &p);
    size_t map = measure(set, "map"), nrr = measure(set, "num_rel_ret");
    size_t nv = metrics_set_size(set);
    const char *paths[] = { run_path, run2_path };
    const char *tags[] = { "r", "s" };
    for (int k = 0; k < 2; k++) {
        report_run run;
        assert_int_equal(eval_file(e, paths[k], &run, &err), 0);
        assert_string_equal(run.tag, tags[k]);
        assert_int_equal(run.ntopics, 3);
        assert_string_equal(run.qids[0], "1");
        assert_float_equal(run.per_topic[0 * nv + map], 5.0 / 6.0, 1e-12);
        assert_float_equal(run.per_topic[1 * nv + map], 0.5, 1e-12);
        assert_float_equal(run.per_topic[2 * nv + map], 0.0, 1e-12);
        assert_float_equal(run.per_topic[0 * nv + nrr], 2.0, 1e-12);
        assert_float_equal(run.summary[map], 4.0 / 9.0, 1e-12);
        assert_float_equal(run.summary[nrr], 3.0, 1e-12);
    }
    eval_free(&e);
    metrics_set_free(&set);
    formats_qrels_free(&q);
}

/* The string values (relstring) are kept per topic, beside the numbers; a value that is not
 * a string has none. With -c, topic 3 retrieved nothing. A second run replaces the first's
 * strings. */
static void test_strings(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    formats_qrels *q = formats_qrels_read(qrels_path, &err);
    util_error me = { 0, "" };
    metrics_set *set = metrics_set_new();
    assert_int_equal(metrics_set_select(set, "map", &me), 0);
    assert_int_equal(metrics_set_select(set, "relstring.5", &me), 0);
    assert_int_equal(metrics_set_finish(set, &me), 0);
    metrics_params p;
    metrics_params_init(&p);
    p.average_complete = 1;
    eval_judge *e = eval_new(q, NULL, NULL, set, &p);
    size_t r5 = measure(set, "relstring_5"), map = measure(set, "map");
    for (int k = 0; k < 2; k++) {
        report_run run;
        assert_int_equal(eval_file(e, k == 0 ? run_path : run2_path, &run, &err), 0);
        assert_int_equal(run.nstrings, 1);
        assert_string_equal(report_string(&run, 0, r5), "101-");
        assert_string_equal(report_string(&run, 1, r5), "-1");
        assert_string_equal(report_string(&run, 2, r5), "-");
        assert_null(report_string(&run, 0, map));
        assert_float_equal(run.per_topic[0 * metrics_set_size(set) + map], 5.0 / 6.0, 1e-12);
    }
    eval_free(&e);
    metrics_set_free(&set);
    formats_qrels_free(&q);
}

/* -M 2 keeps d1 (R) and d2 of topic 1: AP = (1/1) / 2 = 1/2; topic 2 is unchanged. */
static void test_max_docs(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    formats_qrels *q = formats_qrels_read(qrels_path, &err);
    metrics_set *set = map_set();
    metrics_params p;
    metrics_params_init(&p);
    p.average_complete = 1;
    p.max_docs = 2;
    eval_judge *e = eval_new(q, NULL, NULL, set, &p);
    size_t map = measure(set, "map"), nv = metrics_set_size(set);
    report_run run;
    assert_int_equal(eval_file(e, run_path, &run, &err), 0);
    assert_float_equal(run.per_topic[0 * nv + map], 0.5, 1e-12);
    assert_float_equal(run.summary[map], 1.0 / 3.0, 1e-12);
    eval_free(&e);
    metrics_set_free(&set);
    formats_qrels_free(&q);
}

/* A run that does not exist is an input error naming it. */
static void test_no_file(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    formats_qrels *q = formats_qrels_read(qrels_path, &err);
    metrics_set *set = map_set();
    metrics_params p;
    metrics_params_init(&p);
    eval_judge *e = eval_new(q, NULL, NULL, set, &p);
    report_run run;
    assert_int_equal(eval_file(e, "/nonexistent/run", &run, &err), -1);
    assert_true(err.code != 0);
    assert_non_null(strstr(err.msg, "/nonexistent/run"));
    eval_free(&e);
    metrics_set_free(&set);
    formats_qrels_free(&q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_missing_topic),
        cmocka_unit_test(test_complete),
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_max_docs),
        cmocka_unit_test(test_no_file),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
