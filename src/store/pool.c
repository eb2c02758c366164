/* pool.c: the store's side of pooling: pool sizes and sources, judgments for live strategies. */
/* SPDX-License-Identifier: MIT */
#include "store_private.h"

static const char sql_pool_info[] =
    "SELECT count(*), coalesce(max(position), 0) FROM pool WHERE topic_id = ?1";

int store_pool_info(store *s, int64_t topic_id, int64_t *count, int64_t *max_position,
                    util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_pool_info, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *count = sqlite3_column_int64(st, 0);
        *max_position = sqlite3_column_int64(st, 1);
    }
    sqlite3_reset(st);
    return rc == SQLITE_ROW ? 0 : store_db_error(s, err, "cannot read the pool");
}

/* In the order the documents were first judged (the history's order), so that a live
 * strategy can replay a session. */
static const char sql_pool_judgments[] =
    "SELECT j.docno, max(j.grade) FROM judgments j LEFT JOIN"
    " (SELECT docno, min(id) AS first FROM judgment_history WHERE topic_id = ?1"
    "  AND new_grade >= 0 GROUP BY docno) f ON f.docno = j.docno"
    " WHERE j.topic_id = ?1 AND j.grade >= 0 GROUP BY j.docno ORDER BY min(f.first), j.docno";

int store_pool_judgments_each(store *s, int64_t topic_id, store_pool_judgment_fn fn, void *ctx,
                              util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_pool_judgments, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(ctx, (const char *)sqlite3_column_text(st, 0),
               (long)sqlite3_column_int64(st, 1)) != 0)
            break;
    sqlite3_reset(st);
    if (rc == SQLITE_DONE)
        return 0;
    return rc == SQLITE_ROW ? -1 : store_db_error(s, err, "cannot read judgments");
}

static const char sql_pool_sources[] =
    "SELECT source, count(*) FROM pool GROUP BY source"
    " ORDER BY CASE source WHEN 'pool' THEN 0 WHEN 'cal' THEN 1 WHEN 'search' THEN 2 ELSE 3 END";

int store_pool_sources_each(store *s, store_pool_source_fn fn, void *ctx, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_pool_sources, err);
    if (st == NULL)
        return -1;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(ctx, (const char *)sqlite3_column_text(st, 0), sqlite3_column_int64(st, 1)) != 0)
            break;
    sqlite3_reset(st);
    if (rc == SQLITE_DONE)
        return 0;
    return rc == SQLITE_ROW ? -1 : store_db_error(s, err, "cannot read the pool's sources");
}

static const char sql_history_last[] = "SELECT coalesce(max(id), 0) FROM judgment_history";

int store_history_last(store *s, int64_t *id, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_history_last, err);
    if (st == NULL)
        return -1;
    int rc = sqlite3_step(st);
    *id = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    sqlite3_reset(st);
    return rc == SQLITE_ROW ? 0 : store_db_error(s, err, "cannot read the judgments' history");
}

/* Every judged document of the topic (grade >= 0), as sql_pool_judgments, with its first. */
static const char sql_judged_all[] =
    "SELECT j.docno, coalesce(min(f.first), 0), max(j.grade) FROM judgments j LEFT JOIN"
    " (SELECT docno, min(id) AS first FROM judgment_history WHERE topic_id = ?1"
    "  AND new_grade >= 0 GROUP BY docno) f ON f.docno = j.docno"
    " WHERE j.topic_id = ?1 AND j.grade >= 0 GROUP BY j.docno ORDER BY min(f.first), j.docno";

/* The documents of the topic in history entries after ?2 up to ?3: a range of the history's
 * rowid, then a lookup each in judgment_history_key and the judgments' key. */
static const char sql_judged_since[] =
    "SELECT h.docno,"
    " coalesce((SELECT min(f.id) FROM judgment_history f WHERE f.topic_id = ?1"
    "  AND f.docno = h.docno AND f.new_grade >= 0), 0) AS first,"
    " coalesce((SELECT max(j.grade) FROM judgments j WHERE j.topic_id = ?1"
    "  AND j.docno = h.docno AND j.grade >= 0), -1)"
    " FROM judgment_history h WHERE h.id > ?2 AND h.id <= ?3 AND h.topic_id = ?1"
    " GROUP BY h.docno ORDER BY first, h.docno";

int store_judged_since_each(store *s, int64_t topic_id, int64_t after, int64_t *upto,
                            store_judged_fn fn, void *ctx, util_error *err)
{
    if (store_history_last(s, upto, err) != 0)
        return -1;
    if (after >= 0 && *upto <= after)
        return 0;
    sqlite3_stmt *st = store_sql(s, after < 0 ? sql_judged_all : sql_judged_since, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    if (after >= 0) {
        sqlite3_bind_int64(st, 2, after);
        sqlite3_bind_int64(st, 3, *upto);
    }
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(ctx, (const char *)sqlite3_column_text(st, 0), sqlite3_column_int64(st, 1),
               (long)sqlite3_column_int64(st, 2)) != 0)
            break;
    sqlite3_reset(st);
    if (rc == SQLITE_DONE)
        return 0;
    return rc == SQLITE_ROW ? -1 : store_db_error(s, err, "cannot read judgments");
}
