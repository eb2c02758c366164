/* screen.c: the store's side of the assessment screen: set aside, summaries, progress, times. */
/* SPDX-License-Identifier: MIT */
#include "store_private.h"

#include <stdlib.h>

static const char sql_set_aside_on[] =
    "INSERT OR IGNORE INTO set_aside(topic_id, docno, assessor_id) VALUES (?1, ?2, ?3)";
static const char sql_set_aside_off[] =
    "DELETE FROM set_aside WHERE topic_id = ?1 AND docno = ?2 AND assessor_id = ?3";

int store_set_aside_set(store *s, int64_t topic_id, const char *docno, int64_t assessor_id,
                        int on, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, on ? sql_set_aside_on : sql_set_aside_off, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    sqlite3_bind_text(st, 2, docno, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, assessor_id);
    return store_exec_done(s, st, err, "cannot set a document aside");
}

static const char sql_set_aside_each[] =
    "SELECT docno FROM set_aside WHERE topic_id = ?1 AND assessor_id = ?2 ORDER BY docno";

int store_set_aside_each(store *s, int64_t topic_id, int64_t assessor_id, store_docno_fn fn,
                         void *ctx, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_set_aside_each, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    sqlite3_bind_int64(st, 2, assessor_id);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(ctx, (const char *)sqlite3_column_text(st, 0)) != 0)
            break;
    return store_rows_end(s, st, rc, err, "cannot read the documents set aside");
}

/* A document's text as far as its summary needs it, when its import is published (the same
 * rule as store_pool_text_each): the text's first bytes only for a document without a title
 * (its summary is its first words). A topic's pool was read with every document's title in
 * one join: on a pool of 13,451 documents that was most of the time of opening the topic,
 * for the 35 rows a screen of 40 lines shows. */
static const char sql_doc_summary[] =
    "SELECT title, CASE WHEN trim(coalesce(title, ''), ' ' || char(9, 10, 13)) = ''"
    " THEN substr(body, 1, ?2) END"
    " FROM documents WHERE docno = ?1 AND " STORE_VISIBLE("import_id");

int store_doc_summaries_each(store *s, const char *const *docnos, size_t n, size_t prefix,
                             store_doc_summary_fn fn, void *ctx, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_doc_summary, err);
    if (st == NULL)
        return -1;
    for (size_t i = 0; i < n; i++) {
        sqlite3_bind_text(st, 1, docnos[i], -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 2, (sqlite3_int64)prefix);
        int rc = sqlite3_step(st);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            return store_rows_end(s, st, rc, err, "cannot read the pool's documents");
        store_doc_summary d = { docnos[i], rc == SQLITE_ROW, NULL, NULL, 0 };
        if (rc == SQLITE_ROW) {
            d.title = (const char *)sqlite3_column_text(st, 0);
            d.body = (const char *)sqlite3_column_text(st, 1);
            d.body_len = (size_t)sqlite3_column_bytes(st, 1);
        }
        int stop = fn(ctx, &d);
        sqlite3_reset(st);
        if (stop != 0)
            break;
    }
    return 0;
}

/* One row per topic; the judged documents counted are the pooled ones, the seconds those of
 * every judgment. The assessor's judgments are counted in one pass over the judgments, grouped
 * by topic: one correlated subquery a count scanned every assessor's judgments three times. */
static const char sql_progress[] =
    "SELECT t.id, (SELECT count(*) FROM pool p WHERE p.topic_id = t.id),"
    " coalesce(g.judged, 0), coalesce(g.relevant, 0), coalesce(g.seconds, 0)"
    " FROM topics t LEFT JOIN (SELECT j.topic_id AS topic_id,"
    "  count(CASE WHEN p.docno IS NOT NULL AND j.grade >= 0 THEN 1 END) AS judged,"
    "  count(CASE WHEN p.docno IS NOT NULL AND j.grade >= ?2 THEN 1 END) AS relevant,"
    "  total(CASE WHEN j.grade >= 0 THEN j.seconds END) AS seconds"
    "  FROM judgments j LEFT JOIN pool p ON p.topic_id = j.topic_id AND p.docno = j.docno"
    "  WHERE j.assessor_id = ?1 AND j.grade >= min(0, ?2) GROUP BY j.topic_id) g"
    " ON g.topic_id = t.id"
    " WHERE " STORE_VISIBLE("t.import_id");

int store_progress_each(store *s, int64_t assessor_id, long relevance_level,
                        store_progress_fn fn, void *ctx, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_progress, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, assessor_id);
    sqlite3_bind_int64(st, 2, relevance_level);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_progress p = { sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1),
                             sqlite3_column_int64(st, 2), sqlite3_column_int64(st, 3),
                             sqlite3_column_double(st, 4) };
        if (fn(ctx, &p) != 0)
            break;
    }
    return store_rows_end(s, st, rc, err, "cannot read the assessor's progress");
}

static const char sql_wall_judgment[] =
    "UPDATE judgments SET wall_seconds = wall_seconds + ?4"
    " WHERE topic_id = ?1 AND docno = ?2 AND assessor_id = ?3";
static const char sql_wall_history[] =
    "UPDATE judgment_history SET wall_seconds = ?4 WHERE id = (SELECT max(id)"
    " FROM judgment_history WHERE topic_id = ?1 AND docno = ?2 AND assessor_id = ?3)";

int store_judgment_wall_add(store *s, int64_t topic_id, const char *docno, int64_t assessor_id,
                            double wall_seconds, util_error *err)
{
    for (int k = 0; k < 2; k++) {
        sqlite3_stmt *st = store_sql(s, k == 0 ? sql_wall_judgment : sql_wall_history, err);
        if (st == NULL)
            return -1;
        sqlite3_bind_int64(st, 1, topic_id);
        sqlite3_bind_text(st, 2, docno, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 3, assessor_id);
        sqlite3_bind_double(st, 4, wall_seconds);
        if (store_exec_done(s, st, err, "cannot record the time of a judgment") != 0)
            return -1;
    }
    return 0;
}

static const char sql_times[] =
    "SELECT seconds, wall_seconds FROM judgments"
    " WHERE topic_id = ?1 AND docno = ?2 AND assessor_id = ?3";

int store_judgment_times(store *s, int64_t topic_id, const char *docno, int64_t assessor_id,
                         double *active, double *wall, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_times, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    sqlite3_bind_text(st, 2, docno, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, assessor_id);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *active = sqlite3_column_double(st, 0);
        *wall = sqlite3_column_double(st, 1);
    }
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return store_db_error(s, err, "cannot read a judgment");
    return rc == SQLITE_ROW;
}
