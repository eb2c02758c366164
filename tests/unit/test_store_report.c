/* test_store_report.c: unit tests of the store's report side: history, a merged grade. */
/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/store.h"

typedef struct seen {
    char lines[16][64];
    int n;
    int64_t last;
} seen;

static int history_cb(void *vctx, const store_history *h)
{
    seen *s = vctx;
    assert_true(h->id > s->last);
    s->last = h->id;
    if (s->n < 16)
        snprintf(s->lines[s->n++], 64, "%s %s %s %ld", h->qid, h->docno, h->assessor, h->grade);
    return 0;
}

static void test_history_and_grade(void **state)
{
    (void)state;
    char dir[] = "/tmp/tj-test-store-report-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/c.tjdb", dir);
    util_error err = { 0, "" };
    store *s = NULL;
    assert_int_equal(store_create(path, &s, &err), 0);
    int64_t t1, ann, bob;
    assert_true(store_topic_id(s, "q1", 1, &t1, &err) >= 0);
    assert_true(store_assessor_id(s, "ann", 1, &ann, &err) >= 0);
    assert_true(store_assessor_id(s, "bob", 1, &bob, &err) >= 0);
    assert_int_equal(store_judgment_set(s, t1, "d1", ann, -1, NULL, 0, NULL, &err), 0);
    long g = 99;
    assert_int_equal(store_report_grade(s, "q1", "d1", &g, &err), 1);
    assert_int_equal(g, -1);
    assert_int_equal(store_judgment_set(s, t1, "d1", ann, 1, NULL, 0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, t1, "d1", bob, 2, NULL, 0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, t1, "d2", bob, 0, NULL, 0, NULL, &err), 0);
    assert_int_equal(store_report_grade(s, "q1", "d1", &g, &err), 1);
    assert_int_equal(g, 2);
    assert_int_equal(store_judgment_set(s, t1, "d1", bob, 0, NULL, 0, NULL, &err), 0);
    assert_int_equal(store_report_grade(s, "q1", "d1", &g, &err), 1);
    assert_int_equal(g, 1); /* ann's 1 is now the highest */
    assert_int_equal(store_report_grade(s, "q1", "d9", &g, &err), 0);
    assert_int_equal(store_report_grade(s, "q9", "d1", &g, &err), 0);
    seen all = { .n = 0, .last = 0 };
    assert_int_equal(store_history_each(s, 0, history_cb, &all, &err), 0);
    assert_int_equal(all.n, 5);
    assert_string_equal(all.lines[0], "q1 d1 ann -1");
    assert_string_equal(all.lines[2], "q1 d1 bob 2");
    assert_string_equal(all.lines[4], "q1 d1 bob 0");
    /* only what came after an entry (ids of a new file count 1, 2, ...) */
    seen later = { .n = 0, .last = 0 };
    assert_int_equal(store_history_each(s, all.last - 2, history_cb, &later, &err), 0);
    assert_int_equal(later.n, 2);
    assert_string_equal(later.lines[0], "q1 d2 bob 0");
    store_close(&s);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_history_and_grade),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
