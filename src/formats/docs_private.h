/* docs_private.h: what the parts of the document reader (docs*.c) share and no other file sees. */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_DOCS_PRIVATE_H
#define TJ_DOCS_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

#include "formats.h"

/* A <DOC> longer than this is taken for a missing </DOC>, so that a broken file cannot make
 * the reader hold the rest of the collection in memory. */
#define DOCS_MAX_DOC (256u << 20)
#define JSON_MAX_DEPTH 256

/* A growable byte buffer, always NUL-terminated once something was reserved. */
typedef struct dbuf {
    char *p;
    size_t len, cap;
} dbuf;

void docs_dbuf_reserve(dbuf *b, size_t extra);
void docs_dbuf_add(dbuf *b, const char *s, size_t n);
void docs_dbuf_clear(dbuf *b);
void docs_dbuf_free(dbuf *b);

/* UTF-8 of documents: the length of the valid sequence at s (0 when invalid, with the bytes
 * to skip in *bad); the length of the longest valid prefix; appends s[0..n) with invalid
 * sequences replaced by U+FFFD and returns how many were. */
size_t docs_utf8_seq(const unsigned char *s, size_t n, size_t *bad);
size_t docs_utf8_valid_len(const unsigned char *s, size_t n);
size_t docs_utf8_append(dbuf *b, const char *s, size_t n);

typedef struct span {
    size_t start, end;
} span;

/* JSONL fields of interest, in order of preference within each group. */
enum { F_ID, F_DOCNO, F__ID, F_CONTENTS, F_TEXT, F_BODY, F_TITLE, F_COUNT };

typedef struct docs_reader {
    const char *name;           /* the file, for messages */
    formats_doc_fn fn;
    void *ctx;
    formats_docs_stats *stats;
    util_error *err;
    long lineno;
    /* TREC: the document being read */
    int in_doc;
    long doc_line;
    dbuf doc;                   /* its content after <DOC ...>, lines joined by '\n' */
    span *removed;              /* DOCNO, DOCID and title elements, when there is no TEXT */
    size_t nremoved, removed_cap;
    span *texts;                /* contents of the TEXT elements */
    size_t ntexts, texts_cap;
    /* what is handed to the callback */
    dbuf docno, title, body;
    /* JSONL and TSV */
    dbuf fixed;                 /* the line with its invalid UTF-8 replaced */
    dbuf key;
    dbuf field[F_COUNT];
} docs_reader;

int docs_is_space(char c);
/* Up to about 40 bytes of s in out (64 bytes), control characters shown as '?'. */
const char *docs_quote(char *out, const char *s, size_t n);
/* Checks a docno (there, no white space, util_name_problem); -1 with r->err set. */
int docs_docno_check(docs_reader *r, const char *s, size_t n, long line);
/* Hands one document to the callback. */
int docs_reader_emit(docs_reader *r, const char *docno, const char *title, const char *body,
                     size_t body_len, long line);

/* One line of each format (docs_sgml.c, docs_jsonl.c, docs_tsv.c). */
int docs_trec_line(docs_reader *r, const char *line, size_t len);
int docs_jsonl_line(docs_reader *r, const char *line, size_t len);
int docs_tsv_line(docs_reader *r, const char *line, size_t len);

#endif
