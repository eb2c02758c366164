/* runs.c: the campaign's runs: listed, removed, replaced, and marked when they feed a pool. */
/* SPDX-License-Identifier: MIT */
#include "store_private.h"

#include <string.h>

static const char sql_runs[] =
    "SELECT r.id, r.tag, (SELECT count(*) FROM run_rankings k WHERE k.run_id = r.id),"
    " (SELECT coalesce(sum(k.n), 0) FROM run_rankings k WHERE k.run_id = r.id),"
    " coalesce(i.lines, 0), coalesce(i.path, ''), coalesce(i.at, ''), r.pooled_at"
    " FROM runs r LEFT JOIN imports i ON i.id = r.import_id"
    " WHERE " STORE_VISIBLE("r.import_id") " ORDER BY r.tag";

int store_runs_each(store *s, store_run_fn fn, void *ctx, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_runs, err);
    if (st == NULL)
        return -1;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_run_info r = {
            sqlite3_column_int64(st, 0), (const char *)sqlite3_column_text(st, 1),
            sqlite3_column_int64(st, 2), sqlite3_column_int64(st, 3),
            sqlite3_column_int64(st, 4), (const char *)sqlite3_column_text(st, 5),
            (const char *)sqlite3_column_text(st, 6), (const char *)sqlite3_column_text(st, 7),
        };
        if (fn(ctx, &r) != 0)
            break;
    }
    return store_rows_end(s, st, rc, err, "cannot read runs");
}

static const char sql_run_find[] =
    "SELECT id FROM runs WHERE tag = ?1 AND " STORE_VISIBLE("import_id");

int store_run_find(store *s, const char *tag, int64_t *run_id, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_run_find, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_text(st, 1, tag, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *run_id = sqlite3_column_int64(st, 0);
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return store_db_error(s, err, "cannot read runs");
    return rc == SQLITE_ROW;
}

/* What removing a run deletes: its rankings, the import of its file (topics it brought
 * stay, adopted by the campaign), then the run. */
static const char *const sql_run_delete[] = {
    "DELETE FROM run_rankings WHERE run_id = ?1",
    "UPDATE topics SET import_id = NULL WHERE import_id = (SELECT import_id FROM runs"
    " WHERE id = ?1)",
    "DELETE FROM runs WHERE id = ?1",
};
static const char sql_import_delete[] = "DELETE FROM imports WHERE id = ?1 AND kind = 'run'";
static const char sql_run_import[] = "SELECT coalesce(import_id, 0) FROM runs WHERE id = ?1";

/* Deletes run_id in the open transaction. */
static int run_delete(store *s, int64_t run_id, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_run_import, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, run_id);
    int64_t import_id = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    sqlite3_reset(st);
    for (size_t i = 0; i < sizeof sql_run_delete / sizeof *sql_run_delete; i++) {
        if ((st = store_sql(s, sql_run_delete[i], err)) == NULL)
            return -1;
        sqlite3_bind_int64(st, 1, run_id);
        if (store_exec_done(s, st, err, "cannot remove the run") != 0)
            return -1;
    }
    if (import_id == 0)
        return 0;
    if ((st = store_sql(s, sql_import_delete, err)) == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, import_id);
    return store_exec_done(s, st, err, "cannot remove the run's import");
}

int store_run_remove(store *s, const char *tag, util_error *err)
{
    int64_t run_id = 0;
    if (store_begin(s, err) != 0)
        return -1;
    int found = store_run_find(s, tag, &run_id, err);
    if (found < 0 || (found > 0 && run_delete(s, run_id, err) != 0) || store_commit(s, err) != 0) {
        store_rollback(s);
        return -1;
    }
    return found;
}

static const char sql_run_retag[] = "UPDATE runs SET tag = ?2 WHERE id = ?1";

int store_run_replace(store *s, int64_t run_id, const char *tag, util_error *err)
{
    int64_t old_id = 0;
    int found = store_run_find(s, tag, &old_id, err);
    if (found < 0 || (found > 0 && old_id != run_id && run_delete(s, old_id, err) != 0))
        return -1;
    sqlite3_stmt *st = store_sql(s, sql_run_retag, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, run_id);
    sqlite3_bind_text(st, 2, tag, -1, SQLITE_STATIC);
    return store_exec_done(s, st, err, "cannot rename the run");
}

static const char sql_run_pooled[] =
    "UPDATE runs SET pooled_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?1";

int store_run_pooled(store *s, int64_t run_id, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_run_pooled, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, run_id);
    return store_exec_done(s, st, err, "cannot record the pooled run");
}
