/* test_store.c: unit tests of the store: schema, imports, judgments, history, rollback. */
/* SPDX-License-Identifier: MIT */
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
    assert_int_equal(sqlite3_exec(db,
                                  "CREATE TABLE schema_version(version INTEGER);"
                                  "INSERT INTO schema_version VALUES (99);",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
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
        snprintf(c->rows[c->n++], 96, "%s %s %s %s %ld", j->qid, j->iter, j->docno, j->assessor,
                 j->grade);
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

struct rows {
    char text[512];
};

static int on_topic(void *ctx, int64_t id, const char *qid)
{
    struct rows *sn = ctx;
    char one[64];
    snprintf(one, sizeof one, "%s=%lld;", qid, (long long)id);
    strcat(sn->text, one);
    return 0;
}

static int on_ranking(void *ctx, const store_ranking *r)
{
    struct rows *sn = ctx;
    char one[128];
    snprintf(one, sizeof one, "%s/%s:", r->qid, r->tag);
    strcat(sn->text, one);
    for (size_t i = 0; i < r->n; i++) {
        snprintf(one, sizeof one, "%s@%g,", r->docnos[i], r->scores[i]);
        strcat(sn->text, one);
    }
    strcat(sn->text, ";");
    return 0;
}

static int on_pool(void *ctx, const char *docno, int64_t position, const char *source)
{
    struct rows *sn = ctx;
    char one[64];
    snprintf(one, sizeof one, "%s#%lld%s;", docno, (long long)position, source);
    strcat(sn->text, one);
    return 0;
}

static int stop_first(void *ctx, int64_t id, const char *qid)
{
    (void)id;
    (void)qid;
    (*(int *)ctx)++;
    return 1;
}

static void test_read_side(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = NULL;
    assert_int_equal(store_create(campaign("read.tjdb"), &s, &err), 0);
    int64_t imp, ra, rb, t1, t2;
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_import_add(s, "run", "r", "x", 1, &imp, &err), 0);
    assert_int_equal(store_run_add(s, "B", imp, &rb, &err), 0);
    assert_int_equal(store_run_add(s, "A", imp, &ra, &err), 0);
    assert_int_equal(store_topic_id(s, "7", 1, &t2, &err), 1);
    assert_int_equal(store_topic_id(s, "10", 1, &t1, &err), 1);
    const char *d1[] = { "x", "y" };
    double s1[] = { 2.5, 1.0 };
    const char *d0[] = { NULL };
    assert_int_equal(store_run_ranking_add(s, rb, t2, d1, s1, 2, &err), 0);
    assert_int_equal(store_run_ranking_add(s, ra, t2, d1 + 1, s1 + 1, 1, &err), 0);
    assert_int_equal(store_run_ranking_add(s, ra, t1, d0, s1, 0, &err), 0);
    assert_int_equal(store_pool_add(s, t2, "y", 2, "pool", &err), 0);
    assert_int_equal(store_pool_add(s, t2, "x", 1, "search", &err), 0);
    assert_int_equal(store_doc_add(s, "x", "Title", "body text", 9, imp, &err), 0);
    assert_int_equal(store_setting_set(s, "k", "v1", &err), 0);
    assert_int_equal(store_setting_set(s, "k", "v2", &err), 0);
    assert_int_equal(store_commit(s, &err), 0);

    struct rows sn = { "" };
    assert_int_equal(store_topics_each(s, on_topic, &sn, &err), 0);
    char want[64];
    snprintf(want, sizeof want, "10=%lld;7=%lld;", (long long)t1, (long long)t2);
    assert_string_equal(sn.text, want);
    int calls = 0;
    assert_int_equal(store_topics_each(s, stop_first, &calls, &err), -1);
    assert_int_equal(calls, 1);

    sn.text[0] = '\0';
    assert_int_equal(store_rankings_each(s, 0, on_ranking, &sn, &err), 0);
    assert_string_equal(sn.text, "10/A:;7/A:y@1,;7/B:x@2.5,y@1,;");
    sn.text[0] = '\0';
    assert_int_equal(store_rankings_each(s, t2, on_ranking, &sn, &err), 0);
    assert_string_equal(sn.text, "7/A:y@1,;7/B:x@2.5,y@1,;");

    sn.text[0] = '\0';
    assert_int_equal(store_pool_each(s, t2, on_pool, &sn, &err), 0);
    assert_string_equal(sn.text, "x#1search;y#2pool;");

    char *title, *body, *v;
    size_t len;
    assert_int_equal(store_doc_get(s, "x", &title, &body, &len, &err), 1);
    assert_string_equal(title, "Title");
    assert_string_equal(body, "body text");
    assert_int_equal(len, 9);
    free(title);
    free(body);
    assert_int_equal(store_doc_get(s, "nope", &title, &body, &len, &err), 0);
    assert_int_equal(store_setting_get(s, "k", &v, &err), 1);
    assert_string_equal(v, "v2");
    free(v);
    assert_int_equal(store_setting_get(s, "absent", &v, &err), 0);
    assert_null(v);
    store_close(&s);
}

static int keep_iter(void *ctx, const store_judgment *j)
{
    char one[64];
    snprintf(one, sizeof one, "%s:%s:%ld;", j->docno, j->iter, j->grade);
    strcat(ctx, one);
    return 0;
}

/* A revision without an iteration column keeps the one the judgment was imported with. */
static void test_revision_keeps_iter(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = NULL;
    int64_t t, a;
    assert_int_equal(store_create(campaign("iter.tjdb"), &s, &err), 0);
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_topic_id(s, "1", 1, &t, &err), 1);
    assert_int_equal(store_assessor_id(s, "ann", 1, &a, &err), 1);
    assert_int_equal(store_judgment_set(s, t, "dA", a, 1, "4.5", 0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, t, "dA", a, 0, NULL, 0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, t, "dB", a, 1, NULL, 0, NULL, &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    char got[128] = "";
    assert_int_equal(store_judgments_each(s, keep_iter, got, &err), 0);
    assert_string_equal(got, "dA:4.5:0;dB:0:1;");
    store_close(&s);
}

/* The pool, judgments and history of a campaign without times, one line a row. */
static void dump_rows(const char *path, char *out, size_t cap)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    static const char sql[] =
        "SELECT 'pool', t.qid, p.docno, p.position, p.source, '', '', '' FROM pool p"
        " JOIN topics t ON t.id = p.topic_id"
        " UNION ALL SELECT 'judgment', t.qid, j.docno, a.name, j.grade, j.iter, j.seconds,"
        " j.note FROM judgments j JOIN topics t ON t.id = j.topic_id"
        " JOIN assessors a ON a.id = j.assessor_id"
        " UNION ALL SELECT printf('history%03d', h.id), t.qid, h.docno, a.name, h.old_grade,"
        " h.new_grade, h.seconds, h.note FROM judgment_history h"
        " JOIN topics t ON t.id = h.topic_id JOIN assessors a ON a.id = h.assessor_id"
        " ORDER BY 1, 2, 3, 4";
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    size_t off = 0;
    out[0] = '\0';
    while (sqlite3_step(st) == SQLITE_ROW) {
        for (int c = 0; c < 8; c++) {
            const char *v = (const char *)sqlite3_column_text(st, c);
            off += (size_t)snprintf(out + off, cap - off, "%s%s", v ? v : "NULL",
                                    c < 7 ? "|" : "\n");
            assert_true(off < cap);
        }
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
}

/* Some judgments set before an import, then the import's rows: a document judged twice in
 * one chunk (the readers refuse it, the store gives each row its former grade all the
 * same), rows of several assessors, notes, and documents added by hand. */
static const store_qrel import_rows[] = {
    { "d1", "0", 1, 1, NULL, 0, NULL, 0 },
    { "d2", "0", 0, 2, NULL, 0, NULL, 0 },
    { "d1", "it", 2, 3, NULL, 0, NULL, 0 },
    { "d3", "0", -1, 4, NULL, 0, NULL, 0 },
};
static const store_qrel named_rows[] = {
    { "d2", "0", 1, 1, "ann", 1.5, "tab\there, new\nline \\ back", 1 },
    { "m1", "0", 1, 2, "bob", 2, NULL, 1 },
    { "m1", "0", 0, 3, "ann", 0, "+", 1 },
    { "m2", "0", 1, 4, "bob", 0, NULL, 1 },
    { "m1", "0", 1, 5, "bob", 1, NULL, 1 },
};
/* Documents no one judged (no former grade to look up), then some of them again. */
static const store_qrel new_rows[] = {
    { "z2", "0", 1, 1, NULL, 0, NULL, 0 },
    { "z1", "0", 0, 2, NULL, 0, NULL, 0 },
    { "y9", "0", 1, 3, NULL, 0, NULL, 0 },
};
static const store_qrel again_rows[] = {
    { "z3", "0", 1, 1, NULL, 0, NULL, 0 },
    { "z1", "0", 1, 2, NULL, 0, NULL, 0 },
};
static const store_qrel pooled_rows[] = {
    { "p1", "0", 1, 2, "cat", 0, NULL, 0 },
    { "p1", "0", 0, 3, "dan", 0, NULL, 0 },
    { "d1", "0", 1, 4, "dan", 0, NULL, 0 },
};

/* What applying rows does, a row at a time as `judge` does (the reference). */
static void judge_rows(store *s, int64_t topic, int64_t who, const store_qrel *rows, size_t n)
{
    util_error err = { 0, "" };
    for (size_t i = 0; i < n; i++) {
        const store_qrel *r = &rows[i];
        int64_t a = who, count, position = r->line;
        if (r->assessor != NULL)
            assert_int_equal(store_assessor_id(s, r->assessor, 1, &a, &err), 1);
        if (r->manual && store_pool_has(s, topic, r->docno, &err) == 0) {
            assert_int_equal(store_pool_info(s, topic, &count, &position, &err), 0);
            position++;
        }
        assert_int_equal(store_pool_add(s, topic, r->docno, position,
                                        r->manual ? "manual" : "pool", &err), 0);
        assert_int_equal(store_judgment_set(s, topic, r->docno, a, r->grade, r->iter,
                                            r->seconds, r->note, &err), 0);
    }
}

static void import_rows_as(store *s, const char *key, const char *assessor,
                           const store_qrel *rows, size_t n)
{
    util_error err = { 0, "" };
    store_import im = { "qrels", "q", key, assessor, 0 };
    assert_int_equal(store_import_begin(s, &im, &err), 0);
    assert_int_equal(store_qrels_stage(s, im.id, 1, "7", rows, n, &err), 0);
    assert_int_equal(store_qrels_commit(s, im.id, (int64_t)n, &err), 0);
    assert_int_equal(store_batch_end(s, &err), 0);
    assert_int_equal(store_qrels_apply(s, im.id, &err), 0);
}

static void test_qrels_apply(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    char *want = malloc(16384), *got = malloc(16384);
    for (int set_based = 0; set_based < 2; set_based++) {
        store *s = NULL;
        const char *path = campaign(set_based ? "apply.tjdb" : "judge.tjdb");
        int64_t t, pre, q;
        assert_int_equal(store_create(path, &s, &err), 0);
        assert_int_equal(store_begin(s, &err), 0);
        assert_int_equal(store_topic_id(s, "7", 1, &t, &err), 1);
        assert_int_equal(store_assessor_id(s, "pre", 1, &pre, &err), 1);
        assert_int_equal(store_pool_add(s, t, "d2", 9, "pool", &err), 0);
        assert_int_equal(store_judgment_set(s, t, "d2", pre, 1, NULL, 4, "kept", &err), 0);
        if (!set_based) {
            assert_int_equal(store_assessor_id(s, "pre", 1, &q, &err), 1);
            judge_rows(s, t, q, import_rows, 4);
            judge_rows(s, t, 0, named_rows, 5);
            judge_rows(s, t, 0, pooled_rows, 3);
            judge_rows(s, t, q, new_rows, 3);
            judge_rows(s, t, q, again_rows, 2);
        }
        assert_int_equal(store_commit(s, &err), 0);
        if (set_based) {
            import_rows_as(s, "a", "pre", import_rows, 4);
            import_rows_as(s, "b", NULL, named_rows, 5);
            import_rows_as(s, "c", NULL, pooled_rows, 3);
            import_rows_as(s, "d", "pre", new_rows, 3);
            import_rows_as(s, "e", "pre", again_rows, 2);
            /* the foreign keys are checked again once the import is applied */
            assert_int_equal(store_begin(s, &err), 0);
            assert_int_equal(store_judgment_set(s, t + 100, "x", pre, 1, NULL, 0, NULL, &err),
                             -1);
            assert_non_null(strstr(err.msg, "FOREIGN KEY"));
            store_rollback(s);
        }
        assert_int_equal(store_history_check(s, &err), 0);
        store_close(&s);
        dump_rows(path, set_based ? got : want, 16384);
    }
    assert_non_null(strstr(want, "history004|7|d1|pre|1|2|0.0|NULL\n"));
    assert_non_null(strstr(want, "pool|7|m2|11|manual|"));
    assert_non_null(strstr(want, "pool|7|p1|2|pool|"));
    assert_non_null(strstr(want, "|7|z1|pre|0|1|0.0|NULL\n"));
    assert_string_equal(got, want);
    free(want);
    free(got);
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

/* store_judged_since_each: "docno first grade" rows. */
static int since_cb(void *ctx, const char *docno, int64_t first, long grade)
{
    char *out = ctx;
    char row[64];
    snprintf(row, sizeof row, "%s%s %lld %ld", out[0] ? "," : "", docno, (long long)first, grade);
    strcat(out, row);
    return 0;
}

/* What CAL reads of a topic: every judged document, then only those changed since. */
static void test_judged_since(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = NULL;
    assert_int_equal(store_create(campaign("since.tjdb"), &s, &err), 0);
    int64_t t, u, ann, bob, upto, last;
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_topic_id(s, "1", 1, &t, &err), 1);
    assert_int_equal(store_topic_id(s, "2", 1, &u, &err), 1);
    assert_int_equal(store_assessor_id(s, "ann", 1, &ann, &err), 1);
    assert_int_equal(store_assessor_id(s, "bob", 1, &bob, &err), 1);
    assert_int_equal(store_judgment_set(s, t, "b", ann, 0, NULL, 0, NULL, &err), 0);   /* 1 */
    assert_int_equal(store_judgment_set(s, t, "a", ann, 1, NULL, 0, NULL, &err), 0);   /* 2 */
    assert_int_equal(store_judgment_set(s, u, "z", ann, 1, NULL, 0, NULL, &err), 0);   /* 3 */
    assert_int_equal(store_commit(s, &err), 0);
    char out[512] = "";
    assert_int_equal(store_judged_since_each(s, t, -1, &upto, since_cb, out, &err), 0);
    assert_string_equal(out, "b 1 0,a 2 1");
    assert_int_equal(upto, 3);
    /* nothing new: nothing read */
    out[0] = '\0';
    assert_int_equal(store_judged_since_each(s, t, upto, &last, since_cb, out, &err), 0);
    assert_string_equal(out, "");
    assert_int_equal(last, 3);
    /* bob grades a higher, judges c; ann withdraws b: each once, in the order of first
     * judgment, with the highest grade left (-1: none) */
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_judgment_set(s, t, "c", bob, 0, NULL, 0, NULL, &err), 0);   /* 4 */
    assert_int_equal(store_judgment_set(s, t, "a", bob, 2, NULL, 0, NULL, &err), 0);   /* 5 */
    assert_int_equal(store_judgment_withdraw(s, t, "b", ann, "undo", &err), 0);        /* 6 */
    assert_int_equal(store_judgment_set(s, u, "y", bob, 0, NULL, 0, NULL, &err), 0);   /* 7 */
    assert_int_equal(store_commit(s, &err), 0);
    out[0] = '\0';
    assert_int_equal(store_judged_since_each(s, t, 3, &last, since_cb, out, &err), 0);
    assert_string_equal(out, "b 1 -1,a 2 2,c 4 0");
    assert_int_equal(last, 7);
    out[0] = '\0';
    assert_int_equal(store_judged_since_each(s, t, 4, &last, since_cb, out, &err), 0);
    assert_string_equal(out, "b 1 -1,a 2 2");
    store_close(&s);
}

/* store_progress_each: "qid pooled judged relevant seconds" rows, in topic order. */
typedef struct progress_rows {
    int64_t ids[4];
    char out[256];
} progress_rows;

static int progress_cb(void *ctx, const store_progress *p)
{
    progress_rows *r = ctx;
    for (size_t i = 0; i < 4; i++)
        if (r->ids[i] == p->topic_id) {
            char row[64];
            snprintf(row, sizeof row, "%zu:%lld %lld %lld %g;", i, (long long)p->pooled,
                     (long long)p->judged, (long long)p->relevant, p->seconds);
            strcat(r->out, row);
        }
    return 0;
}

static const char *progress_of(store *s, progress_rows *r, int64_t assessor, long level)
{
    r->out[0] = '\0';
    util_error err = { 0, "" };
    assert_int_equal(store_progress_each(s, assessor, level, progress_cb, r, &err), 0);
    return r->out;
}

/* An assessor's counts per topic: pooled documents, the assessor's judgments of them
 * (other assessors' and unpooled documents' not counted), relevant ones, and the seconds of
 * every judgment of the assessor with a grade. */
static void test_progress(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = NULL;
    assert_int_equal(store_create(campaign("progress.tjdb"), &s, &err), 0);
    progress_rows r = { { 0 }, "" };
    int64_t ann, bob, cy;
    assert_int_equal(store_begin(s, &err), 0);
    for (int i = 0; i < 3; i++) {
        char qid[8];
        snprintf(qid, sizeof qid, "%d", i + 1);
        assert_int_equal(store_topic_id(s, qid, 1, &r.ids[i], &err), 1);
    }
    assert_int_equal(store_assessor_id(s, "ann", 1, &ann, &err), 1);
    assert_int_equal(store_assessor_id(s, "bob", 1, &bob, &err), 1);
    assert_int_equal(store_assessor_id(s, "cy", 1, &cy, &err), 1);
    const char *docs[] = { "a", "b", "c", "d" };
    for (int k = 0; k < 4; k++)
        assert_int_equal(store_pool_add(s, r.ids[0], docs[k], k + 1, "pool", &err), 0);
    assert_int_equal(store_pool_add(s, r.ids[1], "a", 1, "pool", &err), 0);
    /* topic 1: ann judges a (2), b (0), c (-1: a row without a grade) and x (unpooled, 1) */
    assert_int_equal(store_judgment_set(s, r.ids[0], "a", ann, 2, NULL, 4.0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, r.ids[0], "b", ann, 0, NULL, 1.5, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, r.ids[0], "c", ann, -1, NULL, 8.0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, r.ids[0], "x", ann, 1, NULL, 2.0, NULL, &err), 0);
    /* bob judges what ann did not and more: none of it is ann's */
    assert_int_equal(store_judgment_set(s, r.ids[0], "c", bob, 1, NULL, 9.0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, r.ids[0], "d", bob, 1, NULL, 9.0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, r.ids[1], "a", bob, 1, NULL, 9.0, NULL, &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    assert_string_equal(progress_of(s, &r, ann, 1), "0:4 2 1 7.5;1:1 0 0 0;2:0 0 0 0;");
    assert_string_equal(progress_of(s, &r, ann, 0), "0:4 2 2 7.5;1:1 0 0 0;2:0 0 0 0;");
    assert_string_equal(progress_of(s, &r, ann, 3), "0:4 2 0 7.5;1:1 0 0 0;2:0 0 0 0;");
    /* a relevance level below 0 counts the row without a grade as relevant, not as judged */
    assert_string_equal(progress_of(s, &r, ann, -1), "0:4 2 3 7.5;1:1 0 0 0;2:0 0 0 0;");
    assert_string_equal(progress_of(s, &r, bob, 1), "0:4 2 2 18;1:1 1 1 9;2:0 0 0 0;");
    assert_string_equal(progress_of(s, &r, cy, 1), "0:4 0 0 0;1:1 0 0 0;2:0 0 0 0;");
    store_close(&s);
}

/* store_doc_summaries_each: "docno text? title|prefix" rows, in the order asked. */
static int summary_cb(void *ctx, const store_doc_summary *d)
{
    char *out = ctx;
    char row[96];
    snprintf(row, sizeof row, "%s %d %s|%.*s;", d->docno, d->has_text, d->title ? d->title : "-",
             d->body ? (int)d->body_len : 1, d->body ? d->body : "-");
    strcat(out, row);
    return strcmp(d->docno, "stop") == 0;
}

/* What the pool list shows of a row: its title, or the first bytes of its text when its
 * title is blank; a docno without text says so. */
static void test_doc_summaries(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = NULL;
    assert_int_equal(store_create(campaign("summaries.tjdb"), &s, &err), 0);
    int64_t imp;
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_import_add(s, "docs", "d", "c", 3, &imp, &err), 0);
    assert_int_equal(store_doc_add(s, "a", "Title A", "text of a", 9, imp, &err), 0);
    assert_int_equal(store_doc_add(s, "b", " \t", "text of b", 9, imp, &err), 0);
    assert_int_equal(store_doc_add(s, "c", NULL, "text of c", 9, imp, &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    const char *docnos[] = { "c", "none", "a", "b", "stop", "a" };
    char out[256] = "";
    assert_int_equal(store_doc_summaries_each(s, docnos, 4, 6, summary_cb, out, &err), 0);
    assert_string_equal(out, "c 1 -|text o;none 0 -|-;a 1 Title A|-;b 1  \t|text o;");
    out[0] = '\0';
    assert_int_equal(store_doc_summaries_each(s, docnos + 3, 3, 100, summary_cb, out, &err), 0);
    assert_string_equal(out, "b 1  \t|text of b;stop 0 -|-;");
    store_close(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_create_and_open),
        cmocka_unit_test(test_judgments_and_history),
        cmocka_unit_test(test_imports_and_runs),
        cmocka_unit_test(test_read_side),
        cmocka_unit_test(test_revision_keeps_iter),
        cmocka_unit_test(test_judged_since),
        cmocka_unit_test(test_qrels_apply),
        cmocka_unit_test(test_progress),
        cmocka_unit_test(test_doc_summaries),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
