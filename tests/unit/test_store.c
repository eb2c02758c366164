/* test_store.c: cmocka unit tests of the campaign store: schema, imports, judgments, history, rollback. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/store.h"

static char dir[] = "/tmp/tj-test-store-XXXXXX";

static const char *campaign(const char *name)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

static void test_create_and_open(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = NULL;
    const char *p = campaign("a.tjdb");
    assert_int_equal(store_create(p, &s, &err), 0);
    store_close(&s);
    assert_null(s);
    /* Never overwrites. */
    assert_int_equal(store_create(p, &s, &err), -1);
    assert_non_null(strstr(err.msg, "already exists"));
    assert_int_equal(store_open(p, &s, &err), 0);
    assert_int_equal(store_integrity_check(s, &err), 0);
    store_close(&s);
    /* Missing, not SQLite, and newer files are refused with a reason. */
    assert_int_equal(store_open(campaign("none.tjdb"), &s, &err), -1);
    assert_non_null(strstr(err.msg, "no such campaign"));
    FILE *fp = fopen(campaign("text.tjdb"), "w");
    fputs("this is not a database, just some text that is long enough\n", fp);
    fclose(fp);
    assert_int_equal(store_open(campaign("text.tjdb"), &s, &err), -1);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(campaign("newer.tjdb"), &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "CREATE TABLE schema_version(version INTEGER);"
                                      "INSERT INTO schema_version VALUES (99);", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    assert_int_equal(store_open(campaign("newer.tjdb"), &s, &err), -1);
    assert_non_null(strstr(err.msg, "newer"));
}

typedef struct seen {
    char rows[16][96];
    size_t n;
} seen;

static int collect(void *ctx, const store_judgment *j)
{
    seen *c = ctx;
    if (c->n < 16)
        snprintf(c->rows[c->n++], 96, "%s %s %s %s %ld", j->qid, j->iter, j->docno, j->assessor, j->grade);
    return 0;
}

static void test_judgments_and_history(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = NULL;
    assert_int_equal(store_create(campaign("j.tjdb"), &s, &err), 0);
    int64_t t1, t2, a1, a2, again;
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_topic_id(s, "301", 0, &t1, &err), 0);
    assert_int_equal(store_topic_id(s, "301", 1, &t1, &err), 1);
    assert_int_equal(store_topic_id(s, "301", 1, &again, &err), 1);
    assert_true(again == t1);
    /* Quotes, semicolons and comment markers are data, never SQL. */
    assert_int_equal(store_topic_id(s, "x'; DROP TABLE judgments; --", 1, &t2, &err), 1);
    assert_int_equal(store_assessor_id(s, "ann", 1, &a1, &err), 1);
    assert_int_equal(store_assessor_id(s, "bob", 1, &a2, &err), 1);
    assert_int_equal(store_judgment_set(s, t1, "d1", a1, 1, NULL, 3.5, "looks good", &err), 0);
    assert_int_equal(store_judgment_set(s, t1, "d1", a1, 0, NULL, 1.0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, t1, "d1", a2, 2, "4.5", 0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, t2, "d'2", a1, -1, NULL, 0, NULL, &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    int64_t hist, judg;
    assert_int_equal(store_history_count(s, &hist, &judg, &err), 0);
    assert_int_equal(hist, 4);
    assert_int_equal(judg, 3);
    seen c;
    memset(&c, 0, sizeof c);
    assert_int_equal(store_judgments_each(s, collect, &c, &err), 0);
    assert_int_equal(c.n, 3);
    assert_string_equal(c.rows[0], "301 0 d1 ann 0");
    assert_string_equal(c.rows[1], "301 4.5 d1 bob 2");
    assert_string_equal(c.rows[2], "x'; DROP TABLE judgments; -- 0 d'2 ann -1");
    /* A rolled back transaction changes nothing. */
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_judgment_set(s, t1, "d9", a1, 1, NULL, 0, NULL, &err), 0);
    store_rollback(s);
    assert_int_equal(store_history_count(s, &hist, &judg, &err), 0);
    assert_int_equal(hist, 4);
    assert_int_equal(judg, 3);
    store_close(&s);
}

static void test_imports_and_runs(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = NULL;
    assert_int_equal(store_create(campaign("r.tjdb"), &s, &err), 0);
    int64_t imp, run, topic, n;
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_import_find(s, "run", "abc", &imp, &err), 0);
    assert_int_equal(store_import_add(s, "run", "r.txt", "abc", 3, &imp, &err), 0);
    int64_t found;
    assert_int_equal(store_import_find(s, "run", "abc", &found, &err), 1);
    assert_true(found == imp);
    assert_int_equal(store_import_find(s, "qrels", "abc", &found, &err), 0);
    assert_int_equal(store_run_add(s, "sysA", imp, &run, &err), 0);
    assert_int_equal(store_run_add(s, "sysA", imp, &run, &err), -1);
    assert_non_null(strstr(err.msg, "already has a run tagged 'sysA'"));
    assert_int_equal(store_topic_id(s, "1", 1, &topic, &err), 1);
    const char *docnos[] = { "b", "a" };
    double scores[] = { 2.0, 1.0 };
    assert_int_equal(store_run_ranking_add(s, run, topic, docnos, scores, 2, &err), 0);
    assert_int_equal(store_run_ranking_add(s, run, topic, docnos, scores, 2, &err), -1);
    assert_int_equal(store_pool_add(s, topic, "a", 1, "pool", &err), 0);
    assert_int_equal(store_pool_add(s, topic, "a", 2, "pool", &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    assert_int_equal(store_run_count(s, &n, &err), 0);
    assert_int_equal(n, 1);
    store_close(&s);
}

static int setup(void **state)
{
    (void)state;
    return mkdtemp(dir) == NULL ? -1 : 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_create_and_open),
        cmocka_unit_test(test_judgments_and_history),
        cmocka_unit_test(test_imports_and_runs),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
