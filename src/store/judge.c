/* judge.c: what judge, status, pool and backup ask: pool membership, text missing, the backup. */
/* SPDX-License-Identifier: MIT */
#include "store_private.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char sql_pool_has[] = "SELECT 1 FROM pool WHERE topic_id = ?1 AND docno = ?2";

int store_pool_has(store *s, int64_t topic_id, const char *docno, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_pool_has, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    sqlite3_bind_text(st, 2, docno, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return store_db_error(s, err, "cannot read the pool");
    return rc == SQLITE_ROW;
}

/* The one place that says which documents have text in the campaign: a row of documents
 * with the docno, from an import that is published. */
static const char sql_no_text[] =
    "SELECT t.qid, count(p.docno),"
    " count(p.docno) - count(d.id)"
    " FROM topics t LEFT JOIN pool p ON p.topic_id = t.id"
    " LEFT JOIN documents d ON d.docno = p.docno AND " STORE_VISIBLE("d.import_id")
    " WHERE " STORE_VISIBLE("t.import_id")
    " GROUP BY t.id ORDER BY t.qid";

int store_pool_text_each(store *s, store_pool_text_fn fn, void *ctx, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_no_text, err);
    if (st == NULL)
        return -1;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(ctx, (const char *)sqlite3_column_text(st, 0), sqlite3_column_int64(st, 1),
               sqlite3_column_int64(st, 2)) != 0)
            break;
    return store_rows_end(s, st, rc, err, "cannot read the pool's documents");
}

/* Counts one number on a connection other than the campaign's (the backup's copy). */
static int64_t count_on(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    int64_t n = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return n;
}

static int sync_path(const char *path, int flags)
{
    int fd = open(path, flags);
    if (fd < 0)
        return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

int store_backup(store *s, const char *dest, int force, store_backup_info *info, util_error *err)
{
    sqlite3 *db = NULL;
    sqlite3_backup *b = NULL;
    char *tmp = NULL, *dir = NULL, *msg = NULL;
    int rc = -1;
    struct stat sst, dst;
    memset(info, 0, sizeof *info);
    if (stat(dest, &dst) == 0) {
        if (stat(s->path, &sst) == 0 && sst.st_dev == dst.st_dev && sst.st_ino == dst.st_ino) {
            util_error_set(err, UTIL_EXIT_USAGE, dest, 0, "is the campaign itself");
            goto out;
        }
        if (!force) {
            util_error_set(err, UTIL_EXIT_USAGE, dest, 0,
                           "already exists; not overwriting it (--force replaces it)");
            goto out;
        }
        if (!S_ISREG(dst.st_mode)) {
            util_error_set(err, UTIL_EXIT_USAGE, dest, 0, "is not a regular file");
            goto out;
        }
    }
    size_t n = strlen(dest) + 32;
    tmp = util_malloc(n);
    snprintf(tmp, n, "%s.tmp-%ld", dest, (long)getpid());
    if (sqlite3_open_v2(tmp, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
        util_error_set(err, UTIL_EXIT_SYSTEM, tmp, 0, "cannot create: %s",
                       db ? sqlite3_errmsg(db) : "out of memory");
        goto out;
    }
    /* One step copies every page inside one read transaction of the campaign: a snapshot
     * with every judgment committed before it began, the -wal file's included, while the
     * others go on writing. */
    b = sqlite3_backup_init(db, "main", s->db, "main");
    if (b == NULL) {
        util_error_set(err, UTIL_EXIT_SYSTEM, tmp, 0, "cannot start the backup: %s",
                       sqlite3_errmsg(db));
        goto out;
    }
    int step;
    while ((step = sqlite3_backup_step(b, -1)) == SQLITE_BUSY || step == SQLITE_LOCKED)
        sqlite3_sleep(5);
    if (step != SQLITE_DONE) {
        util_error_set(err, UTIL_EXIT_SYSTEM, tmp, 0, "backup failed: %s", sqlite3_errstr(step));
        goto out;
    }
    sqlite3_backup_finish(b);
    b = NULL;
    if (sqlite3_errcode(db) != SQLITE_OK) {
        util_error_set(err, UTIL_EXIT_SYSTEM, tmp, 0, "backup failed: %s", sqlite3_errmsg(db));
        goto out;
    }
    /* The copy is one self-contained file: a rollback journal, not a -wal beside it. */
    if (sqlite3_exec(db, "PRAGMA journal_mode = DELETE", NULL, NULL, &msg) != SQLITE_OK) {
        util_error_set(err, UTIL_EXIT_SYSTEM, tmp, 0, "cannot finish the copy: %s", msg);
        goto out;
    }
    sqlite3_stmt *st = NULL;
    int ok = sqlite3_prepare_v2(db, "PRAGMA quick_check", -1, &st, NULL) == SQLITE_OK &&
             sqlite3_step(st) == SQLITE_ROW &&
             strcmp((const char *)sqlite3_column_text(st, 0), "ok") == 0;
    sqlite3_finalize(st);
    if (!ok) {
        util_error_set(err, UTIL_EXIT_SYSTEM, tmp, 0, "the copy fails SQLite's quick check");
        goto out;
    }
    info->judgments = count_on(db, "SELECT count(*) FROM judgments");
    info->history = count_on(db, "SELECT count(*) FROM judgment_history");
    info->documents =
        count_on(db, "SELECT count(*) FROM documents WHERE " STORE_VISIBLE("import_id"));
    if (sqlite3_close(db) != SQLITE_OK) {
        util_error_set(err, UTIL_EXIT_SYSTEM, tmp, 0, "cannot close the copy");
        goto out;
    }
    db = NULL;
    if (sync_path(tmp, O_RDONLY) != 0 || stat(tmp, &dst) != 0) {
        util_error_set(err, UTIL_EXIT_SYSTEM, tmp, 0, "cannot write: %s", strerror(errno));
        goto out;
    }
    info->bytes = (int64_t)dst.st_size;
    if (rename(tmp, dest) != 0) {
        util_error_set(err, UTIL_EXIT_SYSTEM, dest, 0, "cannot write: %s", strerror(errno));
        goto out;
    }
    /* the rename itself survives a crash once the directory is synced */
    dir = util_strdup(dest);
    char *slash = strrchr(dir, '/');
    if (slash == NULL)
        strcpy(dir, ".");
    else if (slash == dir)
        dir[1] = '\0';
    else
        *slash = '\0';
    sync_path(dir, O_RDONLY | O_DIRECTORY);
    rc = 0;
out:
    if (b != NULL)
        sqlite3_backup_finish(b);
    sqlite3_free(msg);
    if (db != NULL)
        sqlite3_close(db);
    if (rc != 0 && tmp != NULL) {
        unlink(tmp);
        /* a failed copy's journal, if any */
        size_t jn = strlen(tmp) + 16;
        char *j = util_malloc(jn);
        snprintf(j, jn, "%s-journal", tmp);
        unlink(j);
        free(j);
    }
    free(dir);
    free(tmp);
    return rc;
}
