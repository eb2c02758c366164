/* docs.c: the collection reader: buffers, checks, format detection (the formats: docs_*.c). */
/* SPDX-License-Identifier: MIT */
#include "formats.h"
#include "docs_private.h"

#include <stdlib.h>
#include <string.h>

void docs_dbuf_reserve(dbuf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap > 0 ? b->cap : 4096;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->p = util_realloc(b->p, cap);
    b->cap = cap;
}

void docs_dbuf_add(dbuf *b, const char *s, size_t n)
{
    docs_dbuf_reserve(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

void docs_dbuf_clear(dbuf *b)
{
    docs_dbuf_reserve(b, 0);
    b->len = 0;
    b->p[0] = '\0';
}

void docs_dbuf_free(dbuf *b)
{
    util_free(&b->p);
    b->len = b->cap = 0;
}

/* ---- UTF-8 ---- */

static const char replacement[] = "\xEF\xBF\xBD"; /* U+FFFD */

/* Length of the well-formed sequence at s (s[0] >= 0x80), or 0 when there is none; then
 * *bad is the length of its maximal ill-formed subpart, which becomes one U+FFFD (the
 * practice Unicode recommends). */
size_t docs_utf8_seq(const unsigned char *s, size_t n, size_t *bad)
{
    uint32_t cp;
    size_t k = util_utf8_decode(s, n, &cp);
    *bad = k == 0 ? util_utf8_invalid_len(s, n) : 0;
    return k;
}

/* Length of the longest well-formed prefix of s[0, n). */
size_t docs_utf8_valid_len(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        if (n - i >= 8) {
            uint64_t w;
            memcpy(&w, s + i, 8);
            if ((w & 0x8080808080808080ULL) == 0) {
                i += 8;
                continue;
            }
        }
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        size_t bad;
        size_t k = docs_utf8_seq(s + i, n - i, &bad);
        if (k == 0)
            return i;
        i += k;
    }
    return n;
}

/* Appends s[0, n) to b with every ill-formed sequence replaced by U+FFFD; returns how many
 * were replaced. */
size_t docs_utf8_append(dbuf *b, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t done = docs_utf8_valid_len(u, n), repaired = 0;
    docs_dbuf_add(b, s, done);
    while (done < n) {
        size_t bad;
        docs_utf8_seq(u + done, n - done, &bad);
        docs_dbuf_add(b, replacement, 3);
        repaired++;
        done += bad;
        size_t ok = docs_utf8_valid_len(u + done, n - done);
        docs_dbuf_add(b, s + done, ok);
        done += ok;
    }
    return repaired;
}

/* ---- the reader ---- */

static void docs_reader_free(docs_reader *r)
{
    docs_dbuf_free(&r->doc);
    util_free(&r->removed);
    util_free(&r->texts);
    docs_dbuf_free(&r->docno);
    docs_dbuf_free(&r->title);
    docs_dbuf_free(&r->body);
    docs_dbuf_free(&r->fixed);
    docs_dbuf_free(&r->key);
    for (int i = 0; i < F_COUNT; i++)
        docs_dbuf_free(&r->field[i]);
}

int docs_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Copies about 40 bytes of document text into out (at least 64 bytes) for a message, with
 * control characters (C0, DEL, C1) and invalid UTF-8 shown as '?': messages reach the
 * terminal, documents must not. */
const char *docs_quote(char *out, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t o = 0, i = 0;
    while (i < n) {
        if (o >= 40) {
            memcpy(out + o, "...", 3);
            o += 3;
            break;
        }
        size_t bad, k = u[i] < 0x80 ? 1 : docs_utf8_seq(u + i, n - i, &bad);
        if (k == 0 || u[i] < 0x20 || u[i] == 0x7F || (u[i] == 0xC2 && u[i + 1] <= 0x9F)) {
            out[o++] = '?';
            i += k == 0 ? bad : k;
        } else {
            memcpy(out + o, s + i, k);
            o += k;
            i += k;
        }
    }
    out[o] = '\0';
    return out;
}

/* A docno must be there, and must not contain white space: runs and qrels could never
 * name it. */
int docs_docno_check(docs_reader *r, const char *s, size_t n, long line)
{
    if (n == 0)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line, "document without a docno");
    for (size_t i = 0; i < n; i++) {
        if (docs_is_space(s[i])) {
            char q[64];
            return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                  "docno '%s' contains white space", docs_quote(q, s, n));
        }
    }
    const char *why = util_name_problem(s, n);
    if (why != NULL)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line, "docno %s", why);
    return 0;
}

int docs_reader_emit(docs_reader *r, const char *docno, const char *title, const char *body,
                       size_t body_len, long line)
{
    formats_doc d = { docno, title, body, body_len, line };
    r->stats->docs++;
    return r->fn(r->ctx, &d, r->err) != 0 ? -1 : 0;
}

/* ---- the entry points ---- */

static formats_docs_format docs_detect(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && docs_is_space(s[i]))
        i++;
    if (i == n)
        return FORMATS_DOCS_AUTO;
    if (s[i] == '<')
        return FORMATS_DOCS_TREC;
    if (s[i] == '{')
        return FORMATS_DOCS_JSONL;
    if (memchr(s, '\t', n) != NULL)
        return FORMATS_DOCS_TSV;
    return FORMATS_DOCS_AUTO;
}

int formats_docs_read(const char *path, formats_docs_format fmt, formats_doc_fn fn, void *ctx,
                      formats_docs_stats *stats, util_error *err)
{
    formats_docs_stats local;
    if (stats == NULL)
        stats = &local;
    memset(stats, 0, sizeof *stats);
    docs_reader r;
    memset(&r, 0, sizeof r);
    r.name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    r.fn = fn;
    r.ctx = ctx;
    r.stats = stats;
    r.err = err;
    int rc = 0;
    formats_input *in = formats_input_open(path, err);
    if (in == NULL) {
        rc = -1;
        goto out;
    }
    char *line;
    size_t len;
    int got;
    while ((got = formats_input_line(in, &line, &len, err)) == 1) {
        r.lineno = formats_input_lineno(in);
        /* Counts one byte per line end: CRLF files are counted a little short. */
        stats->bytes += len + 1;
        if (memchr(line, '\0', len) != NULL) {
            rc = util_error_set(err, UTIL_EXIT_INPUT, r.name, r.lineno, "NUL byte in line");
            goto out;
        }
        if (r.lineno == 1 && len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0) {
            line += 3; /* a byte order mark */
            len -= 3;
        }
        if (fmt == FORMATS_DOCS_AUTO) {
            fmt = docs_detect(line, len);
            if (fmt == FORMATS_DOCS_AUTO) {
                if (strspn(line, " \t\r\v\f") != len) {
                    rc = util_error_set(err, UTIL_EXIT_INPUT, r.name, r.lineno,
                                        "cannot tell the format (not <DOC>, a JSON object or "
                                        "id<TAB>text); name it");
                    goto out;
                }
                continue;
            }
        }
        if (fmt == FORMATS_DOCS_TREC) {
            rc = docs_trec_line(&r, line, len);
        } else {
            const char *text = line;
            if (docs_utf8_valid_len((const unsigned char *)line, len) != len) {
                docs_dbuf_clear(&r.fixed);
                stats->repaired += docs_utf8_append(&r.fixed, line, len);
                text = r.fixed.p;
                len = r.fixed.len;
            }
            rc = fmt == FORMATS_DOCS_JSONL ? docs_jsonl_line(&r, text, len)
                                           : docs_tsv_line(&r, text, len);
        }
        if (rc != 0)
            goto out;
    }
    if (got < 0) {
        rc = -1;
        goto out;
    }
    if (r.in_doc) {
        rc = util_error_set(err, UTIL_EXIT_INPUT, r.name, r.doc_line,
                            "<DOC> without </DOC> (the file ends first)");
        goto out;
    }
    if (stats->docs == 0)
        rc = util_error_set(err, UTIL_EXIT_INPUT, r.name, 0, "no documents (empty collection)");
out:
    formats_input_close(&in);
    docs_reader_free(&r);
    return rc;
}

int formats_docs_format_parse(const char *name, formats_docs_format *fmt)
{
    static const util_enum_name names[] = {
        { "auto", FORMATS_DOCS_AUTO }, { "trec", FORMATS_DOCS_TREC },
        { "jsonl", FORMATS_DOCS_JSONL }, { "tsv", FORMATS_DOCS_TSV }, { NULL, 0 }
    };
    int v;
    if (util_enum_parse(names, name, &v) != 0)
        return -1;
    *fmt = (formats_docs_format)v;
    return 0;
}
