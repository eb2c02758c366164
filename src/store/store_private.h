/* store_private.h: what the store's own files share (never included outside src/store/). */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_STORE_PRIVATE_H
#define TJ_STORE_PRIVATE_H

#include <sqlite3.h>
#include <sys/types.h>

#include "store.h"

/* A statement prepared on first use and kept for the life of the open file. */
typedef struct store_cached {
    const char *sql;          /* the key: the address of a string constant */
    sqlite3_stmt *st;
} store_cached;

struct store {
    sqlite3 *db;
    char *path;
    sqlite3_stmt **stmts;     /* the statements of store.c, by their enum */
    store_cached *cache;      /* the statements of the other files, by their SQL */
    size_t ncache, capcache;
    store_wait_fn wait_fn;    /* told how long a wait for the write lock has lasted */
    void *wait_ctx;
    double wait_start;        /* when the current wait began (monotonic seconds) */
    int gave_up;              /* the wait hook ended a wait: the operation failed busy */
    int readonly;
    double batch_start;       /* when the current batch of an import began (import.c) */
    int lock_fd;              /* the import lock's file while it is held, else -1 */
    dev_t dev;                /* the file's identity while open (see check_header) */
    ino_t ino;
    int counted;
};

/* The imports whose rows no reader sees yet (import.c), and the condition that a row of
 * documents, runs or topics (its import_id column given) is visible. */
#define STORE_PENDING "(SELECT id FROM imports WHERE state = 'pending')"
#define STORE_VISIBLE(col) "coalesce(" col ", 0) NOT IN " STORE_PENDING

/* Whether another process holds the import lock (import.c). */
int store_import_running(store *s);

/* Records SQLite's error message for what failed; returns -1. */
int store_db_error(store *s, util_error *err, const char *what);

/* Returns the statement for sql (a string constant), prepared once, reset and unbound;
 * NULL with err set when it cannot be prepared. */
sqlite3_stmt *store_sql(store *s, const char *sql, util_error *err);

/* Steps a statement that returns no rows and resets it. */
int store_exec_done(store *s, sqlite3_stmt *st, util_error *err, const char *what);

/* Ends a loop of sqlite3_step over st: resets it and returns 0 when every row was read,
 * -1 when a callback stopped it (err untouched), or the error. */
int store_rows_end(store *s, sqlite3_stmt *st, int rc, util_error *err, const char *what);

/* Runs a query of one number (SELECT count(*) ...) given as a string constant. */
int store_count(store *s, const char *sql, int64_t *n, util_error *err, const char *what);

/* The grade of one assessor's judgment: 1 found (grade set), 0 none, -1 error. */
int store_judgment_get(store *s, int64_t topic_id, const char *docno, int64_t assessor_id,
                       long *grade, util_error *err);

/* A chunk of judgments of one topic, ready to be applied (chunk.c, import.c). */
typedef struct store_chunk_row {
    const char *docno, *iter;
    int64_t grade;
    int64_t position;         /* where a document not pooled joins the pool */
    const char *source;       /* its source there ('pool', 'manual') */
    int64_t assessor_id;
    double seconds;
    const char *note;         /* NULL: none */
} store_chunk_row;
typedef struct store_chunk {
    const store_chunk_row *rows;
    size_t n;
} store_chunk;

/* Makes qrels_chunk(?) known to a connection: the rows of a chunk bound to ? with
 * store_chunk_bind, as a table (docno, iter, grade, position, source, assessor_id, seconds,
 * note) in their order (rowid 0, 1, ...). The chunk must outlive the statement's step. */
int store_chunk_register(sqlite3 *db);
int store_chunk_bind(sqlite3_stmt *st, int i, const store_chunk *chunk);

/* Binds text of -1 length or NULL. */
int store_bind_text(sqlite3_stmt *st, int i, const char *text);

#endif
