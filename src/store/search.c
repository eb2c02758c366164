/* search.c: what the search index reads from the store: documents after a rowid, in order. */
/* SPDX-License-Identifier: MIT */
#include "store_private.h"

static const char sql_docs_after[] =
    "SELECT id, docno, title, body FROM documents WHERE id > ?1 AND " STORE_VISIBLE("import_id")
    " ORDER BY id";

int store_docs_each(store *s, int64_t after_rowid, store_doc_fn fn, void *ctx, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_docs_after, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, after_rowid);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *body = (const char *)sqlite3_column_text(st, 3);
        size_t len = (size_t)sqlite3_column_bytes(st, 3);
        if (fn(ctx, sqlite3_column_int64(st, 0), (const char *)sqlite3_column_text(st, 1),
               (const char *)sqlite3_column_text(st, 2), body ? body : "", len) != 0)
            break;
    }
    sqlite3_reset(st);
    if (rc == SQLITE_DONE)
        return 0;
    if (rc == SQLITE_ROW)
        return -1;
    return store_db_error(s, err, "cannot read documents");
}
