/* assess.c: the store's side of a session: assigned topics, an assessor's judgments, withdrawal. */
/* SPDX-License-Identifier: MIT */
#include "store_private.h"

#include <stdlib.h>

static const char sql_assigned[] =
    "SELECT t.id, t.qid FROM assignments g JOIN topics t ON t.id = g.topic_id"
    " WHERE g.assessor_id = ?1 ORDER BY t.qid";

int store_assigned_each(store *s, int64_t assessor_id, store_topic_fn fn, void *ctx,
                        util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_assigned, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, assessor_id);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(ctx, sqlite3_column_int64(st, 0), (const char *)sqlite3_column_text(st, 1)) != 0)
            break;
    return store_rows_end(s, st, rc, err, "cannot read assignments");
}

static const char sql_assignments[] = "SELECT count(*) FROM assignments";

int store_assignment_count(store *s, int64_t *n, util_error *err)
{
    return store_count(s, sql_assignments, n, err, "cannot count assignments");
}

static const char sql_topic_judgments[] =
    "SELECT docno, grade, note, seconds FROM judgments WHERE topic_id = ?1 AND assessor_id = ?2"
    " ORDER BY docno";

int store_topic_judgments_each(store *s, int64_t topic_id, int64_t assessor_id,
                               store_mine_fn fn, void *ctx, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_topic_judgments, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    sqlite3_bind_int64(st, 2, assessor_id);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(ctx, (const char *)sqlite3_column_text(st, 0), (long)sqlite3_column_int64(st, 1),
               (const char *)sqlite3_column_text(st, 2), sqlite3_column_double(st, 3)) != 0)
            break;
    return store_rows_end(s, st, rc, err, "cannot read judgments");
}

static const char sql_judgment_delete[] =
    "DELETE FROM judgments WHERE topic_id = ?1 AND docno = ?2 AND assessor_id = ?3";
static const char sql_history_withdraw[] =
    "INSERT INTO judgment_history(topic_id, docno, assessor_id, old_grade, new_grade, seconds,"
    " note, at) VALUES (?1, ?2, ?3, ?4, -1, 0, ?5, strftime('%Y-%m-%dT%H:%M:%fZ','now'))";

int store_judgment_withdraw(store *s, int64_t topic_id, const char *docno, int64_t assessor_id,
                            const char *note, util_error *err)
{
    long old;
    int had = store_judgment_get(s, topic_id, docno, assessor_id, &old, err);
    if (had <= 0)
        return had;
    sqlite3_stmt *st = store_sql(s, sql_judgment_delete, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    sqlite3_bind_text(st, 2, docno, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, assessor_id);
    if (store_exec_done(s, st, err, "cannot withdraw a judgment") != 0)
        return -1;
    st = store_sql(s, sql_history_withdraw, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    sqlite3_bind_text(st, 2, docno, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, assessor_id);
    sqlite3_bind_int64(st, 4, old);
    store_bind_text(st, 5, note);
    return store_exec_done(s, st, err, "cannot record the judgment's history");
}
