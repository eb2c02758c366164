/* read.c: the store's shared reads: topics, fields, rankings, documents, pool, scale. */
/* SPDX-License-Identifier: MIT */
#include "store_private.h"

#include <stdlib.h>
#include <string.h>

static const char sql_topics[] =
    "SELECT id, qid FROM topics WHERE " STORE_VISIBLE("import_id") " ORDER BY qid";

int store_topics_each(store *s, store_topic_fn fn, void *ctx, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_topics, err);
    if (st == NULL)
        return -1;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(ctx, sqlite3_column_int64(st, 0), (const char *)sqlite3_column_text(st, 1)) != 0)
            break;
    return store_rows_end(s, st, rc, err, "cannot read topics");
}

static const char sql_fields[] = "SELECT field, lang, text FROM topic_fields WHERE topic_id = ?1"
                                 " ORDER BY lang, field";

int store_topic_fields_each(store *s, int64_t topic_id, store_field_fn fn, void *ctx,
                            util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_fields, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(ctx, (const char *)sqlite3_column_text(st, 0),
               (const char *)sqlite3_column_text(st, 1),
               (const char *)sqlite3_column_text(st, 2)) != 0)
            break;
    return store_rows_end(s, st, rc, err, "cannot read topic fields");
}

static const char sql_rankings_all[] =
    "SELECT r.id, r.tag, t.id, t.qid, k.n, k.docnos, k.scores FROM run_rankings k"
    " JOIN runs r ON r.id = k.run_id JOIN topics t ON t.id = k.topic_id"
    " WHERE " STORE_VISIBLE("r.import_id") " ORDER BY t.qid, r.tag";
static const char sql_rankings_topic[] =
    "SELECT r.id, r.tag, t.id, t.qid, k.n, k.docnos, k.scores FROM run_rankings k"
    " JOIN runs r ON r.id = k.run_id JOIN topics t ON t.id = k.topic_id"
    " WHERE k.topic_id = ?1 AND " STORE_VISIBLE("r.import_id") " ORDER BY r.tag";

static const char sql_rankings_run[] =
    "SELECT r.id, r.tag, t.id, t.qid, k.n, k.docnos, k.scores FROM run_rankings k"
    " JOIN runs r ON r.id = k.run_id JOIN topics t ON t.id = k.topic_id"
    " WHERE k.run_id = ?1 AND " STORE_VISIBLE("r.import_id") " ORDER BY t.qid";

static int rankings_rows(store *s, sqlite3_stmt *st, store_ranking_fn fn, void *ctx,
                         util_error *err);

int store_rankings_each(store *s, int64_t topic_id, store_ranking_fn fn, void *ctx,
                        util_error *err)
{
    sqlite3_stmt *st = store_sql(s, topic_id > 0 ? sql_rankings_topic : sql_rankings_all, err);
    if (st == NULL)
        return -1;
    if (topic_id > 0)
        sqlite3_bind_int64(st, 1, topic_id);
    return rankings_rows(s, st, fn, ctx, err);
}

int store_run_rankings_each(store *s, int64_t run_id, store_ranking_fn fn, void *ctx,
                            util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_rankings_run, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, run_id);
    return rankings_rows(s, st, fn, ctx, err);
}

static int rankings_rows(store *s, sqlite3_stmt *st, store_ranking_fn fn, void *ctx,
                         util_error *err)
{
    const char **docnos = NULL;
    double *scores = NULL;
    char *text = NULL;
    size_t capd = 0, caps = 0, capt = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        size_t n = (size_t)sqlite3_column_int64(st, 4);
        const char *joined = (const char *)sqlite3_column_text(st, 5);
        size_t len = (size_t)sqlite3_column_bytes(st, 5);
        const void *blob = sqlite3_column_blob(st, 6);
        size_t blen = (size_t)sqlite3_column_bytes(st, 6);
        if (blen != n * sizeof *scores) {
            rc = SQLITE_CORRUPT;
            break;
        }
        util_grow(&text, &capt, len + 1, 1);
        util_grow(&docnos, &capd, n + 1, sizeof *docnos);
        util_grow(&scores, &caps, n + 1, sizeof *scores);
        memcpy(text, joined, len);
        text[len] = '\0';
        size_t k = 0;
        for (char *p = text; k < n && *p != '\0'; k++) {
            char *nl = strchr(p, '\n');
            docnos[k] = p;
            if (nl == NULL)
                break;
            *nl = '\0';
            p = nl + 1;
        }
        if (k != n) {
            rc = SQLITE_CORRUPT;
            break;
        }
        if (n > 0)
            memcpy(scores, blob, blen);
        store_ranking r = {
            sqlite3_column_int64(st, 0), (const char *)sqlite3_column_text(st, 1),
            sqlite3_column_int64(st, 2), (const char *)sqlite3_column_text(st, 3),
            n, docnos, scores,
        };
        if (fn(ctx, &r) != 0)
            break;
    }
    free(docnos);
    free(scores);
    free(text);
    if (rc == SQLITE_CORRUPT) {
        sqlite3_reset(st);
        return util_error_set(err, UTIL_EXIT_DATA, s->path, 0, "a stored ranking is damaged");
    }
    return store_rows_end(s, st, rc, err, "cannot read rankings");
}

static const char sql_doc_exists[] =
    "SELECT 1 FROM documents WHERE docno = ?1 AND " STORE_VISIBLE("import_id");

int store_doc_exists(store *s, const char *docno, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_doc_exists, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_text(st, 1, docno, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    if (rc == SQLITE_ROW)
        return 1;
    if (rc == SQLITE_DONE)
        return 0;
    return store_db_error(s, err, "cannot read a document");
}

static const char sql_doc[] =
    "SELECT title, body FROM documents WHERE docno = ?1 AND " STORE_VISIBLE("import_id");

int store_doc_get(store *s, const char *docno, char **title, char **body, size_t *body_len,
                  util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_doc, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_text(st, 1, docno, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const char *t = (const char *)sqlite3_column_text(st, 0);
        *title = t ? util_strdup(t) : NULL;
        size_t len = (size_t)sqlite3_column_bytes(st, 1);
        *body = util_malloc(len + 1);
        memcpy(*body, sqlite3_column_text(st, 1), len);
        (*body)[len] = '\0';
        if (body_len)
            *body_len = len;
        sqlite3_reset(st);
        return 1;
    }
    sqlite3_reset(st);
    if (rc == SQLITE_DONE)
        return 0;
    return store_db_error(s, err, "cannot read a document");
}

static const char sql_pool[] = "SELECT docno, position, source FROM pool WHERE topic_id = ?1"
                               " ORDER BY position, docno";

int store_pool_each(store *s, int64_t topic_id, store_pool_fn fn, void *ctx, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_pool, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(ctx, (const char *)sqlite3_column_text(st, 0), sqlite3_column_int64(st, 1),
               (const char *)sqlite3_column_text(st, 2)) != 0)
            break;
    return store_rows_end(s, st, rc, err, "cannot read the pool");
}

/* In the key's order, which needs no sort: a caller that orders the pool itself. */
static const char sql_pool_by_docno[] =
    "SELECT docno, position, source FROM pool WHERE topic_id = ?1 ORDER BY docno";

int store_pool_by_docno_each(store *s, int64_t topic_id, store_pool_fn fn, void *ctx,
                             util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_pool_by_docno, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(ctx, (const char *)sqlite3_column_text(st, 0), sqlite3_column_int64(st, 1),
               (const char *)sqlite3_column_text(st, 2)) != 0)
            break;
    return store_rows_end(s, st, rc, err, "cannot read the pool");
}

static const char sql_grades[] = "SELECT grade, label, key FROM grades ORDER BY grade";

int store_grades_each(store *s, store_grade_fn fn, void *ctx, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_grades, err);
    if (st == NULL)
        return -1;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_grade g = { (long)sqlite3_column_int64(st, 0),
                          (const char *)sqlite3_column_text(st, 1),
                          (const char *)sqlite3_column_text(st, 2) };
        if (fn(ctx, &g) != 0)
            break;
    }
    return store_rows_end(s, st, rc, err, "cannot read the judgment scale");
}

static const char sql_setting[] = "SELECT value FROM settings WHERE key = ?1";

int store_setting_get(store *s, const char *key, char **value, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_setting, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *value = util_strdup((const char *)sqlite3_column_text(st, 0));
        sqlite3_reset(st);
        return 1;
    }
    sqlite3_reset(st);
    *value = NULL;
    return rc == SQLITE_DONE ? 0 : store_db_error(s, err, "cannot read a setting");
}

static const char sql_setting_set[] = "INSERT INTO settings(key, value) VALUES (?1, ?2)"
                                      " ON CONFLICT(key) DO UPDATE SET value = excluded.value";

int store_setting_set(store *s, const char *key, const char *value, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_setting_set, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
    return store_exec_done(s, st, err, "cannot store a setting");
}
