/* store_private.h: what the store's own files share (never included outside src/store/). */
#ifndef TJ_STORE_PRIVATE_H
#define TJ_STORE_PRIVATE_H

#include <sqlite3.h>

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
};

/* Records SQLite's error message for what failed; returns -1. */
int store_db_error(store *s, util_error *err, const char *what);

/* Returns the statement for sql (a string constant), prepared once, reset and unbound;
 * NULL with err set when it cannot be prepared. */
sqlite3_stmt *store_sql(store *s, const char *sql, util_error *err);

/* Steps a statement that returns no rows and resets it. */
int store_exec_done(store *s, sqlite3_stmt *st, util_error *err, const char *what);

/* Binds text of -1 length or NULL. */
int store_bind_text(sqlite3_stmt *st, int i, const char *text);

#endif
