/* chunk.c: a chunk of judgments in memory read as a table, qrels_chunk(?), by set-based SQL. */
/* SPDX-License-Identifier: MIT */
#include "store_private.h"

#include <stdint.h>
#include <string.h>

/* The statements of import.c read the rows of a chunk as
 * "... FROM qrels_chunk(?1) c ORDER BY c.rowid", ?1 a store_chunk bound by
 * store_chunk_bind: one statement for the chunk instead of one per row, the rows never
 * copied. The table is eponymous (nothing in the schema) and only reads. */

#define CHUNK_POINTER "trecjudge_chunk"

enum { COL_DOCNO, COL_ITER, COL_GRADE, COL_POSITION, COL_SOURCE, COL_ASSESSOR_ID, COL_SECONDS,
       COL_NOTE, COL_CHUNK };

typedef struct cursor {
    sqlite3_vtab_cursor base;
    const store_chunk *chunk;
    size_t i;
} cursor;

static int chunk_connect(sqlite3 *db, void *aux, int argc, const char *const *argv,
                         sqlite3_vtab **vtab, char **msg)
{
    (void)aux, (void)argc, (void)argv, (void)msg;
    int rc = sqlite3_declare_vtab(db, "CREATE TABLE x(docno, iter, grade, position, source,"
                                      " assessor_id, seconds, note, chunk HIDDEN)");
    if (rc != SQLITE_OK)
        return rc;
#ifdef SQLITE_VTAB_DIRECTONLY
    /* never used from the schema (a view or a trigger of a file made elsewhere) */
    sqlite3_vtab_config(db, SQLITE_VTAB_DIRECTONLY);
#endif
    *vtab = sqlite3_malloc(sizeof **vtab);
    if (*vtab == NULL)
        return SQLITE_NOMEM;
    memset(*vtab, 0, sizeof **vtab);
    return SQLITE_OK;
}

static int chunk_disconnect(sqlite3_vtab *vtab)
{
    sqlite3_free(vtab);
    return SQLITE_OK;
}

/* The chunk argument is required (without it the table is empty); rows come in their
 * order, so that an ORDER BY rowid costs no sort. */
static int chunk_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info)
{
    (void)vtab;
    int arg = -1;
    for (int i = 0; i < info->nConstraint; i++)
        if (info->aConstraint[i].iColumn == COL_CHUNK &&
            info->aConstraint[i].op == SQLITE_INDEX_CONSTRAINT_EQ) {
            if (!info->aConstraint[i].usable)
                return SQLITE_CONSTRAINT;
            arg = i;
        }
    if (arg >= 0) {
        info->aConstraintUsage[arg].argvIndex = 1;
        info->aConstraintUsage[arg].omit = 1;
        info->idxNum = 1;
    }
    info->estimatedCost = 1000;
    info->estimatedRows = 1000;
    if (info->nOrderBy == 1 && info->aOrderBy[0].iColumn < 0 && !info->aOrderBy[0].desc)
        info->orderByConsumed = 1;
    return SQLITE_OK;
}

static int chunk_open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **out)
{
    (void)vtab;
    cursor *c = sqlite3_malloc(sizeof *c);
    if (c == NULL)
        return SQLITE_NOMEM;
    memset(c, 0, sizeof *c);
    *out = &c->base;
    return SQLITE_OK;
}

static int chunk_close(sqlite3_vtab_cursor *cur)
{
    sqlite3_free(cur);
    return SQLITE_OK;
}

static int chunk_filter(sqlite3_vtab_cursor *cur, int idx_num, const char *idx_str, int argc,
                        sqlite3_value **argv)
{
    (void)idx_str;
    cursor *c = (cursor *)cur;
    c->chunk = idx_num == 1 && argc == 1 ? sqlite3_value_pointer(argv[0], CHUNK_POINTER) : NULL;
    c->i = 0;
    return SQLITE_OK;
}

static int chunk_next(sqlite3_vtab_cursor *cur)
{
    ((cursor *)cur)->i++;
    return SQLITE_OK;
}

static int chunk_eof(sqlite3_vtab_cursor *cur)
{
    const cursor *c = (const cursor *)cur;
    return c->chunk == NULL || c->i >= c->chunk->n;
}

static void result_text(sqlite3_context *ctx, const char *text)
{
    if (text == NULL)
        sqlite3_result_null(ctx);
    else
        sqlite3_result_text(ctx, text, -1, SQLITE_STATIC);
}

/* The rows outlive the statement's step: their text is handed over without a copy. */
static int chunk_column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int col)
{
    const cursor *c = (const cursor *)cur;
    const store_chunk_row *r = &c->chunk->rows[c->i];
    switch (col) {
    case COL_DOCNO: result_text(ctx, r->docno); break;
    case COL_ITER: result_text(ctx, r->iter); break;
    case COL_GRADE: sqlite3_result_int64(ctx, r->grade); break;
    case COL_POSITION: sqlite3_result_int64(ctx, r->position); break;
    case COL_SOURCE: result_text(ctx, r->source); break;
    case COL_ASSESSOR_ID: sqlite3_result_int64(ctx, r->assessor_id); break;
    case COL_SECONDS: sqlite3_result_double(ctx, r->seconds); break;
    case COL_NOTE: result_text(ctx, r->note); break;
    default: sqlite3_result_null(ctx); break;
    }
    return SQLITE_OK;
}

static int chunk_rowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *rowid)
{
    *rowid = (sqlite3_int64)((const cursor *)cur)->i;
    return SQLITE_OK;
}

static sqlite3_module chunk_module = {
    .iVersion = 0,
    .xConnect = chunk_connect,
    .xBestIndex = chunk_best_index,
    .xDisconnect = chunk_disconnect,
    .xOpen = chunk_open,
    .xClose = chunk_close,
    .xFilter = chunk_filter,
    .xNext = chunk_next,
    .xEof = chunk_eof,
    .xColumn = chunk_column,
    .xRowid = chunk_rowid,
};

int store_chunk_register(sqlite3 *db)
{
    return sqlite3_create_module(db, "qrels_chunk", &chunk_module, NULL);
}

int store_chunk_bind(sqlite3_stmt *st, int i, const store_chunk *chunk)
{
    /* SQLite's pointer is not const; the table only reads the rows */
    return sqlite3_bind_pointer(st, i, (void *)(uintptr_t)chunk, CHUNK_POINTER, NULL);
}
