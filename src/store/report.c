/* report.c: what the live report reads from the campaign: the judgment history in order. */
/* SPDX-License-Identifier: MIT */
#include "store_private.h"

static const char sql_history[] =
    "SELECT h.id, t.qid, h.docno, a.name, h.new_grade FROM judgment_history h"
    " JOIN topics t ON t.id = h.topic_id JOIN assessors a ON a.id = h.assessor_id"
    " WHERE h.id > ?1 ORDER BY h.id";

int store_history_each(store *s, int64_t after, store_history_fn fn, void *ctx, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_history, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, after);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_history h = {
            sqlite3_column_int64(st, 0), (const char *)sqlite3_column_text(st, 1),
            (const char *)sqlite3_column_text(st, 2), (const char *)sqlite3_column_text(st, 3),
            (long)sqlite3_column_int64(st, 4),
        };
        if (fn(ctx, &h) != 0) {
            sqlite3_reset(st);
            return -1;
        }
    }
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? 0 : store_db_error(s, err, "cannot read the judgment history");
}

static const char sql_grade[] =
    "SELECT max(j.grade) FROM judgments j JOIN topics t ON t.id = j.topic_id"
    " WHERE t.qid = ?1 AND j.docno = ?2";

int store_report_grade(store *s, const char *qid, const char *docno, long *grade, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_grade, err);
    if (st == NULL)
        return -1;
    store_bind_text(st, 1, qid);
    store_bind_text(st, 2, docno);
    int rc = sqlite3_step(st), found = 0;
    if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL) {
        /* max() of the assessors' grades is the export's default policy: -1 (pooled) only
         * when no one gave a grade */
        *grade = (long)sqlite3_column_int64(st, 0);
        found = 1;
    }
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return store_db_error(s, err, "cannot read a judgment");
    return found;
}
