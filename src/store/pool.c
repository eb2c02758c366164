/* pool.c: the store's side of pooling: a pool's size and end, the judgments live orders read. */
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
