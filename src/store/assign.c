/* assign.c: the store's side of assignments: assessors, every assignment, clearing them. */
/* SPDX-License-Identifier: MIT */
#include "store_private.h"

static const char sql_assessors[] = "SELECT id, name FROM assessors ORDER BY name";

int store_assessors_each(store *s, store_assessor_fn fn, void *ctx, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_assessors, err);
    if (st == NULL)
        return -1;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(ctx, sqlite3_column_int64(st, 0), (const char *)sqlite3_column_text(st, 1)) != 0)
            break;
    return store_rows_end(s, st, rc, err, "cannot read assessors");
}

static const char sql_assignments_all[] =
    "SELECT a.id, a.name, t.id, t.qid FROM assignments g JOIN assessors a ON a.id = g.assessor_id"
    " JOIN topics t ON t.id = g.topic_id WHERE " STORE_VISIBLE("t.import_id")
    " ORDER BY a.name, t.qid";

int store_assignments_each(store *s, store_assignment_fn fn, void *ctx, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_assignments_all, err);
    if (st == NULL)
        return -1;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_assignment g = {
            sqlite3_column_int64(st, 0), (const char *)sqlite3_column_text(st, 1),
            sqlite3_column_int64(st, 2), (const char *)sqlite3_column_text(st, 3)
        };
        if (fn(ctx, &g) != 0)
            break;
    }
    return store_rows_end(s, st, rc, err, "cannot read assignments");
}

static const char sql_assignments_clear[] = "DELETE FROM assignments";

int store_assignments_clear(store *s, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_assignments_clear, err);
    if (st == NULL)
        return -1;
    return store_exec_done(s, st, err, "cannot remove the assignments");
}
