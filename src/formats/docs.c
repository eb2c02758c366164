/* docs.c: the document collection readers (TREC SGML, JSONL, TSV), one document at a time. */
#include "formats.h"

#include <stdlib.h>
#include <string.h>

/* A <DOC> longer than this is taken for a missing </DOC>, so that a broken file cannot make
 * the reader hold the rest of the collection in memory. */
#define DOCS_MAX_DOC (256u << 20)
#define JSON_MAX_DEPTH 256

/* A growable byte buffer, always NUL-terminated once something was reserved. */
typedef struct dbuf {
    char *p;
    size_t len, cap;
} dbuf;

static void dbuf_reserve(dbuf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap > 0 ? b->cap : 4096;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->p = util_realloc(b->p, cap);
    b->cap = cap;
}

static void dbuf_add(dbuf *b, const char *s, size_t n)
{
    dbuf_reserve(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void dbuf_clear(dbuf *b)
{
    dbuf_reserve(b, 0);
    b->len = 0;
    b->p[0] = '\0';
}

static void dbuf_free(dbuf *b)
{
    util_free(&b->p);
    b->len = b->cap = 0;
}

/* ---- UTF-8 ---- */

static const char replacement[] = "\xEF\xBF\xBD"; /* U+FFFD */

/* Length of the well-formed sequence at s (s[0] >= 0x80), or 0 when there is none; then
 * *bad is the length of its maximal ill-formed subpart, which becomes one U+FFFD (the
 * practice Unicode recommends). Overlong forms, surrogates and values above U+10FFFF are
 * ill-formed. */
static size_t utf8_seq(const unsigned char *s, size_t n, size_t *bad)
{
    unsigned char c = s[0], lo = 0x80, hi = 0xBF;
    size_t need;
    if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
    } else if (c == 0xE0) {
        need = 2;
        lo = 0xA0;
    } else if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) {
        need = 2;
    } else if (c == 0xED) {
        need = 2;
        hi = 0x9F;
    } else if (c == 0xF0) {
        need = 3;
        lo = 0x90;
    } else if (c >= 0xF1 && c <= 0xF3) {
        need = 3;
    } else if (c == 0xF4) {
        need = 3;
        hi = 0x8F;
    } else {
        *bad = 1;
        return 0;
    }
    for (size_t i = 1; i <= need; i++) {
        if (i >= n || s[i] < (i == 1 ? lo : 0x80) || s[i] > (i == 1 ? hi : 0xBF)) {
            *bad = i;
            return 0;
        }
    }
    return need + 1;
}

/* Length of the longest well-formed prefix of s[0, n). */
static size_t utf8_valid_len(const unsigned char *s, size_t n)
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
        size_t k = utf8_seq(s + i, n - i, &bad);
        if (k == 0)
            return i;
        i += k;
    }
    return n;
}

/* Appends s[0, n) to b with every ill-formed sequence replaced by U+FFFD; returns how many
 * were replaced. */
static size_t utf8_append(dbuf *b, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t done = utf8_valid_len(u, n), repaired = 0;
    dbuf_add(b, s, done);
    while (done < n) {
        size_t bad;
        utf8_seq(u + done, n - done, &bad);
        dbuf_add(b, replacement, 3);
        repaired++;
        done += bad;
        size_t ok = utf8_valid_len(u + done, n - done);
        dbuf_add(b, s + done, ok);
        done += ok;
    }
    return repaired;
}

/* ---- the reader ---- */

typedef struct span {
    size_t start, end;
} span;

/* JSONL fields of interest, in order of preference within each group. */
enum { F_ID, F_DOCNO, F__ID, F_CONTENTS, F_TEXT, F_BODY, F_TITLE, F_COUNT };
static const char *const json_field_names[F_COUNT] = {
    "id", "docno", "_id", "contents", "text", "body", "title"
};

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

static void reader_free(docs_reader *r)
{
    dbuf_free(&r->doc);
    util_free(&r->removed);
    util_free(&r->texts);
    dbuf_free(&r->docno);
    dbuf_free(&r->title);
    dbuf_free(&r->body);
    dbuf_free(&r->fixed);
    dbuf_free(&r->key);
    for (int i = 0; i < F_COUNT; i++)
        dbuf_free(&r->field[i]);
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Copies about 40 bytes of document text into out (at least 64 bytes) for a message, with
 * control characters (C0, DEL, C1) and invalid UTF-8 shown as '?': messages reach the
 * terminal, documents must not. */
static const char *quote(char *out, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t o = 0, i = 0;
    while (i < n) {
        if (o >= 40) {
            memcpy(out + o, "...", 3);
            o += 3;
            break;
        }
        size_t bad, k = u[i] < 0x80 ? 1 : utf8_seq(u + i, n - i, &bad);
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
static int docno_check(docs_reader *r, const char *s, size_t n, long line)
{
    if (n == 0)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line, "document without a docno");
    for (size_t i = 0; i < n; i++) {
        if (is_space(s[i])) {
            char q[64];
            return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                  "docno '%s' contains white space", quote(q, s, n));
        }
    }
    const char *why = util_name_problem(s, n);
    if (why != NULL)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line, "docno %s", why);
    return 0;
}

static int reader_emit(docs_reader *r, const char *docno, const char *title, const char *body,
                       size_t body_len, long line)
{
    formats_doc d = { docno, title, body, body_len, line };
    r->stats->docs++;
    return r->fn(r->ctx, &d, r->err) != 0 ? -1 : 0;
}

/* ---- TREC SGML ---- */

enum { TAG_OPEN, TAG_CLOSE, TAG_OTHER };

typedef struct tag {
    int kind;
    const char *name;
    size_t name_len;
    size_t end;                 /* just past the '>' */
} tag;

static int is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '-' || c == '.' || c == ':';
}

static int is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int name_is(const char *name, size_t len, const char *want)
{
    size_t n = strlen(want);
    if (len != n)
        return 0;
    for (size_t i = 0; i < n; i++)
        if ((name[i] | 0x20) != (want[i] | 0x20))
            return 0;
    return 1;
}

/* Reads the markup that starts at s[i] == '<': a start or end tag (attributes allowed), a
 * comment or a declaration. Returns 0 when the '<' is plain text: not followed by a name,
 * or no '>' before the next '<'. A comment without its "-->" runs to the end. */
static int tag_at(const char *s, size_t n, size_t i, tag *t)
{
    size_t j = i + 1;
    if (j >= n)
        return 0;
    t->kind = TAG_OTHER;
    t->name = NULL;
    t->name_len = 0;
    if (s[j] == '!' || s[j] == '?') {
        if (s[j] == '!' && n - j >= 3 && s[j + 1] == '-' && s[j + 2] == '-') {
            const char *e = memmem(s + j + 3, n - j - 3, "-->", 3);
            t->end = e != NULL ? (size_t)(e - s) + 3 : n;
            return 1;
        }
        j++;
    } else {
        if (s[j] == '/') {
            t->kind = TAG_CLOSE;
            j++;
        } else {
            t->kind = TAG_OPEN;
        }
        if (j >= n || !is_alpha(s[j]))
            return 0;
        t->name = s + j;
        while (j < n && is_name_char(s[j]))
            j++;
        t->name_len = (size_t)(s + j - t->name);
        if (j < n && s[j] != '>' && s[j] != '/' && !is_space(s[j]))
            return 0;
    }
    for (; j < n; j++) {
        if (s[j] == '>') {
            t->end = j + 1;
            return 1;
        }
        if (s[j] == '<')
            return 0;
    }
    return 0;
}

/* Finds the end tag </name> after from; sets its start and end. */
static int find_close(const char *s, size_t n, size_t from, const char *name, size_t *start,
                      size_t *end)
{
    size_t pos = from;
    while (pos < n) {
        const char *q = memchr(s + pos, '<', n - pos);
        if (q == NULL)
            return 0;
        size_t at = (size_t)(q - s);
        tag t;
        if (!tag_at(s, n, at, &t)) {
            pos = at + 1;
            continue;
        }
        if (t.kind == TAG_CLOSE && name_is(t.name, t.name_len, name)) {
            *start = at;
            *end = t.end;
            return 1;
        }
        pos = t.end;
    }
    return 0;
}

/* Line of the byte at off in the current document. */
static long doc_line_at(const docs_reader *r, size_t off)
{
    long line = r->doc_line;
    const char *p = r->doc.p, *end = r->doc.p + off;
    while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
        line++;
        p++;
    }
    return line;
}

/* Writes text with the markup stripped, entities decoded and white space collapsed. */
typedef struct text_writer {
    dbuf *out;
    int flat;                   /* a title: line breaks become spaces */
    int started;
    int space;                  /* a space is pending */
    int newlines;               /* line breaks pending */
    size_t repaired;
} text_writer;

static void writer_bytes(text_writer *w, const char *s, size_t n)
{
    if (w->started) {
        if (w->newlines >= 2)
            dbuf_add(w->out, "\n\n", 2);
        else if (w->newlines == 1)
            dbuf_add(w->out, "\n", 1);
        else if (w->space)
            dbuf_add(w->out, " ", 1);
    }
    w->started = 1;
    w->space = w->newlines = 0;
    dbuf_add(w->out, s, n);
}

/* Decodes the entity at s[0] == '&': &amp; &lt; &gt; &quot; &apos;, &#NN; and &#xNN;.
 * Returns its length, 0 when it is none of those (it is then kept as written). */
static size_t entity(const char *s, size_t n, char *out, size_t *out_len, size_t *repaired)
{
    static const struct {
        const char *name;
        char c;
    } named[] = { { "amp", '&' }, { "lt", '<' }, { "gt", '>' }, { "quot", '"' }, { "apos", '\'' } };
    size_t max = n < 12 ? n : 12;
    const char *semi = max > 1 ? memchr(s + 1, ';', max - 1) : NULL;
    if (semi == NULL)
        return 0;
    const char *name = s + 1;
    size_t len = (size_t)(semi - name);
    if (len >= 2 && name[0] == '#') {
        int hex = name[1] == 'x' || name[1] == 'X';
        size_t i = hex ? 2 : 1;
        if (i == len)
            return 0;
        uint32_t cp = 0;
        for (; i < len; i++) {
            char c = name[i];
            uint32_t d;
            if (c >= '0' && c <= '9')
                d = (uint32_t)(c - '0');
            else if (hex && (c | 0x20) >= 'a' && (c | 0x20) <= 'f')
                d = (uint32_t)((c | 0x20) - 'a' + 10);
            else
                return 0;
            cp = cp * (hex ? 16 : 10) + d;
            if (cp > 0x10FFFF)
                cp = 0x110000; /* stays out of range, cannot overflow in 10 digits */
        }
        /* NUL, surrogates and values beyond Unicode are not characters. */
        if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            cp = 0xFFFD;
            (*repaired)++;
        }
        *out_len = util_utf8_encode(cp, out);
        return len + 2;
    }
    for (size_t k = 0; k < sizeof named / sizeof named[0]; k++) {
        if (strlen(named[k].name) == len && memcmp(named[k].name, name, len) == 0) {
            out[0] = named[k].c;
            *out_len = 1;
            return len + 2;
        }
    }
    return 0;
}

/* Bytes that end a run of plain text. */
static const unsigned char text_special[256] = {
    [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['<'] = 1, ['&'] = 1,
};

static void render(text_writer *w, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        for (;;) {
            while (j < n && !text_special[(unsigned char)s[j]])
                j++;
            /* One space between two words needs no collapsing: it stays in the run. */
            if (j > i && j + 1 < n && s[j] == ' ' && !text_special[(unsigned char)s[j + 1]]) {
                j += 2;
                continue;
            }
            break;
        }
        if (j > i) {
            writer_bytes(w, s + i, j - i);
            i = j;
            if (i == n)
                break;
        }
        char c = s[i];
        if (c == ' ' || c == '\t') {
            w->space = 1;
            i++;
        } else if (c == '\n') {
            if (w->flat)
                w->space = 1;
            else
                w->newlines++;
            i++;
        } else if (c == '<') {
            tag t;
            if (tag_at(s, n, i, &t)) {
                i = t.end;
            } else {
                writer_bytes(w, "<", 1);
                i++;
            }
        } else {
            char u[4];
            size_t ulen;
            size_t used = entity(s + i, n - i, u, &ulen, &w->repaired);
            if (used > 0) {
                writer_bytes(w, u, ulen);
                i += used;
            } else {
                writer_bytes(w, "&", 1);
                i++;
            }
        }
    }
}

static int span_cmp(const void *a, const void *b)
{
    const span *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

/* Element names the document parser looks for; the titles in order of preference. */
enum { E_DOCNO, E_DOCID, E_TEXT, E_HEADLINE, E_TITLE, E_HEAD, E_HL, E_COUNT };
static const char *const element_names[E_COUNT] = {
    "DOCNO", "DOCID", "TEXT", "HEADLINE", "TITLE", "HEAD", "HL"
};
#define E_FIRST_TITLE E_HEADLINE

static int element_of(const tag *t)
{
    for (int e = 0; e < E_COUNT; e++)
        if (name_is(t->name, t->name_len, element_names[e]))
            return e;
    return -1;
}

static int trec_element_error(docs_reader *r, size_t at, const char *fmt_name)
{
    return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, doc_line_at(r, at),
                          "<%s> without </%s>", fmt_name, fmt_name);
}

/* Parses the document in r->doc and hands it over. */
static int trec_doc(docs_reader *r)
{
    const char *s = r->doc.p;
    size_t n = r->doc.len;
    span docno = { 0, 0 };
    size_t docno_at = 0;
    int have_docno = 0;
    span titles[E_COUNT];       /* whole elements; content in title_content */
    span title_content[E_COUNT];
    int title_seen[E_COUNT] = { 0 }; /* 1: found and closed, 2: open tag without end */
    size_t text_end = 0;
    r->nremoved = r->ntexts = 0;
    size_t pos = 0;
    while (pos < n) {
        const char *q = memchr(s + pos, '<', n - pos);
        if (q == NULL)
            break;
        size_t at = (size_t)(q - s);
        tag t;
        if (!tag_at(s, n, at, &t)) {
            pos = at + 1;
            continue;
        }
        pos = t.end;
        int e = t.kind == TAG_OPEN ? element_of(&t) : -1;
        if (e < 0)
            continue;
        size_t cstart, cend;
        if (e == E_DOCNO || e == E_DOCID) {
            if (!find_close(s, n, t.end, element_names[e], &cstart, &cend))
                return trec_element_error(r, at, element_names[e]);
            if (e == E_DOCNO) {
                if (have_docno)
                    return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, doc_line_at(r, at),
                                          "second <DOCNO> in a document (the first is at line %ld)",
                                          doc_line_at(r, docno_at));
                have_docno = 1;
                docno_at = at;
                docno = (span){ t.end, cstart };
            }
            util_grow(&r->removed, &r->removed_cap, r->nremoved + 1, sizeof *r->removed);
            r->removed[r->nremoved++] = (span){ at, cend };
            pos = cend;
        } else if (e == E_TEXT) {
            if (at < text_end)
                continue; /* inside the previous TEXT element */
            if (!find_close(s, n, t.end, element_names[e], &cstart, &cend))
                return trec_element_error(r, at, element_names[e]);
            util_grow(&r->texts, &r->texts_cap, r->ntexts + 1, sizeof *r->texts);
            r->texts[r->ntexts++] = (span){ t.end, cstart };
            text_end = cend;
        } else if (title_seen[e] == 0) {
            /* A title element is looked for inside TEXT too; one without its end tag is
             * just markup. */
            if (find_close(s, n, t.end, element_names[e], &cstart, &cend)) {
                title_seen[e] = 1;
                titles[e] = (span){ at, cend };
                title_content[e] = (span){ t.end, cstart };
            } else {
                title_seen[e] = 2;
            }
        }
    }
    if (!have_docno)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->doc_line,
                              "document without a docno (no <DOCNO> element)");
    while (docno.start < docno.end && is_space(s[docno.start]))
        docno.start++;
    while (docno.end > docno.start && is_space(s[docno.end - 1]))
        docno.end--;
    if (docno_check(r, s + docno.start, docno.end - docno.start, doc_line_at(r, docno_at)) != 0)
        return -1;
    dbuf_clear(&r->docno);
    dbuf_add(&r->docno, s + docno.start, docno.end - docno.start);

    int title = -1;
    for (int e = E_FIRST_TITLE; e < E_COUNT && title < 0; e++)
        if (title_seen[e] == 1)
            title = e;
    dbuf_clear(&r->title);
    text_writer tw = { &r->title, 1, 0, 0, 0, 0 };
    if (title >= 0)
        render(&tw, s + title_content[title].start,
               title_content[title].end - title_content[title].start);

    dbuf_clear(&r->body);
    text_writer bw = { &r->body, 0, 0, 0, 0, 0 };
    if (r->ntexts > 0) {
        for (size_t i = 0; i < r->ntexts; i++) {
            if (i > 0)
                bw.newlines = 2; /* TEXT elements are paragraphs */
            render(&bw, s + r->texts[i].start, r->texts[i].end - r->texts[i].start);
        }
    } else {
        /* No TEXT (vaswani_npl): the whole content, less the docno and the title. */
        if (title >= 0) {
            util_grow(&r->removed, &r->removed_cap, r->nremoved + 1, sizeof *r->removed);
            r->removed[r->nremoved++] = titles[title];
        }
        qsort(r->removed, r->nremoved, sizeof *r->removed, span_cmp);
        size_t cursor = 0;
        for (size_t i = 0; i <= r->nremoved; i++) {
            size_t stop = i < r->nremoved ? r->removed[i].start : n;
            if (stop > cursor) {
                render(&bw, s + cursor, stop - cursor);
                bw.space = 1; /* what was removed separated words */
            }
            if (i < r->nremoved && r->removed[i].end > cursor)
                cursor = r->removed[i].end;
        }
    }
    r->stats->repaired += tw.repaired + bw.repaired;
    return reader_emit(r, r->docno.p, r->title.p, r->body.p, r->body.len, r->doc_line);
}

/* Whether s[i] == '<' starts a <DOC ...> (1) or </DOC> (2) tag; -1 when it does but the
 * tag does not end on this line; 0 when it is something else. *end is set past the '>'. */
static int doc_tag(const char *s, size_t n, size_t i, size_t *end)
{
    size_t j = i + 1;
    int kind = 1;
    if (j < n && s[j] == '/') {
        kind = 2;
        j++;
    }
    if (n - j < 3 || !name_is(s + j, 3, "DOC"))
        return 0;
    j += 3;
    if (j < n && s[j] != '>' && !is_space(s[j]))
        return 0;
    const char *gt = memchr(s + j, '>', n - j);
    if (gt == NULL)
        return -1;
    *end = (size_t)(gt - s) + 1;
    return kind;
}

static int trec_add(docs_reader *r, const char *s, size_t n, int newline)
{
    if (r->doc.len + n + 1 > DOCS_MAX_DOC)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->doc_line,
                              "document longer than %u MiB (is </DOC> missing?)",
                              DOCS_MAX_DOC >> 20);
    r->stats->repaired += utf8_append(&r->doc, s, n);
    if (newline)
        dbuf_add(&r->doc, "\n", 1);
    return 0;
}

static int trec_line(docs_reader *r, const char *line, size_t len)
{
    size_t pos = 0;
    for (;;) {
        size_t end;
        if (!r->in_doc) {
            while (pos < len && is_space(line[pos]))
                pos++;
            if (pos == len)
                return 0;
            int k = line[pos] == '<' ? doc_tag(line, len, pos, &end) : 0;
            if (k == 1) {
                r->in_doc = 1;
                r->doc_line = r->lineno;
                dbuf_clear(&r->doc);
                pos = end;
                continue;
            }
            char q[64];
            if (k < 0)
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->lineno,
                                      "<DOC> tag does not end on its line");
            if (k == 2)
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->lineno,
                                      "</DOC> without <DOC>");
            return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->lineno,
                                  "text outside <DOC>...</DOC>: '%s'",
                                  quote(q, line + pos, len - pos));
        }
        size_t scan = pos;
        for (;;) {
            const char *q = memchr(line + scan, '<', len - scan);
            if (q == NULL)
                return trec_add(r, line + pos, len - pos, 1);
            size_t at = (size_t)(q - line);
            int k = doc_tag(line, len, at, &end);
            if (k == 0) {
                scan = at + 1;
                continue;
            }
            if (k < 0)
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->lineno,
                                      "<DOC> or </DOC> tag does not end on its line");
            if (k == 1)
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->doc_line,
                                      "<DOC> without </DOC> (a new <DOC> starts at line %ld)",
                                      r->lineno);
            if (trec_add(r, line + pos, at - pos, 0) != 0 || trec_doc(r) != 0)
                return -1;
            r->in_doc = 0;
            pos = end;
            break;
        }
    }
}

/* ---- JSONL ---- */

typedef struct json {
    const char *p, *end, *start;
    docs_reader *r;
} json;

static int json_error(json *j, const char *what)
{
    return util_error_set(j->r->err, UTIL_EXIT_INPUT, j->r->name, j->r->lineno,
                          "malformed JSON at column %ld: %s", (long)(j->p - j->start) + 1, what);
}

static void json_ws(json *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\r' || *j->p == '\n'))
        j->p++;
}

static int hex4(const char *s, uint32_t *out)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (uint32_t)(c - '0');
        else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
            v |= (uint32_t)((c | 0x20) - 'a' + 10);
        else
            return -1;
    }
    *out = v;
    return 0;
}

/* Bytes that end a run of plain string content: the quote, the backslash, and control
 * characters, which JSON requires to be escaped. */
static const unsigned char json_special[256] = {
    [0] = 1, [1] = 1, [2] = 1, [3] = 1, [4] = 1, [5] = 1, [6] = 1, [7] = 1, [8] = 1, [9] = 1,
    [10] = 1, [11] = 1, [12] = 1, [13] = 1, [14] = 1, [15] = 1, [16] = 1, [17] = 1, [18] = 1,
    [19] = 1, [20] = 1, [21] = 1, [22] = 1, [23] = 1, [24] = 1, [25] = 1, [26] = 1, [27] = 1,
    [28] = 1, [29] = 1, [30] = 1, [31] = 1, ['"'] = 1, ['\\'] = 1,
};

/* Reads the string at *p == '"', decoding it into out (NULL: only checked). */
static int json_string(json *j, dbuf *out)
{
    j->p++;
    for (;;) {
        const char *s = j->p;
        while (j->p < j->end && !json_special[(unsigned char)*j->p])
            j->p++;
        if (out != NULL && j->p > s)
            dbuf_add(out, s, (size_t)(j->p - s));
        if (j->p >= j->end)
            return json_error(j, "unterminated string");
        char c = *j->p;
        if (c == '"') {
            j->p++;
            return 0;
        }
        if (c != '\\')
            return json_error(j, "control character in a string (it must be escaped)");
        if (j->end - j->p < 2)
            return json_error(j, "unterminated string");
        char e = j->p[1], lit;
        switch (e) {
        case '"': lit = '"'; break;
        case '\\': lit = '\\'; break;
        case '/': lit = '/'; break;
        case 'b': lit = '\b'; break;
        case 'f': lit = '\f'; break;
        case 'n': lit = '\n'; break;
        case 'r': lit = '\r'; break;
        case 't': lit = '\t'; break;
        case 'u': lit = 0; break;
        default:
            return json_error(j, "invalid escape in a string");
        }
        if (e != 'u') {
            if (out != NULL)
                dbuf_add(out, &lit, 1);
            j->p += 2;
            continue;
        }
        uint32_t cp, lo;
        if (j->end - j->p < 6 || hex4(j->p + 2, &cp) != 0)
            return json_error(j, "\\u must be followed by 4 hexadecimal digits");
        j->p += 6;
        if (cp >= 0xD800 && cp <= 0xDBFF && j->end - j->p >= 6 && j->p[0] == '\\' &&
            j->p[1] == 'u' && hex4(j->p + 2, &lo) == 0 && lo >= 0xDC00 && lo <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            j->p += 6;
        } else if (cp >= 0xD800 && cp <= 0xDFFF) {
            cp = 0xFFFD; /* a surrogate without its other half */
            if (out != NULL)
                j->r->stats->repaired++;
        } else if (cp == 0 && out != NULL) {
            j->p -= 6;
            return json_error(j, "\\u0000 (NUL) in a string");
        }
        if (out != NULL) {
            char u[4];
            dbuf_add(out, u, util_utf8_encode(cp, u));
        }
    }
}

static int json_number(json *j, dbuf *out)
{
    const char *s = j->p, *p = j->p, *end = j->end;
    if (p < end && *p == '-')
        p++;
    if (p < end && *p == '0') {
        p++;
    } else if (p < end && *p >= '1' && *p <= '9') {
        while (p < end && *p >= '0' && *p <= '9')
            p++;
    } else {
        return json_error(j, "invalid number");
    }
    if (p < end && *p == '.') {
        p++;
        if (p >= end || *p < '0' || *p > '9')
            return json_error(j, "invalid number");
        while (p < end && *p >= '0' && *p <= '9')
            p++;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < end && (*p == '+' || *p == '-'))
            p++;
        if (p >= end || *p < '0' || *p > '9')
            return json_error(j, "invalid number");
        while (p < end && *p >= '0' && *p <= '9')
            p++;
    }
    if (out != NULL)
        dbuf_add(out, s, (size_t)(p - s));
    j->p = p;
    return 0;
}

/* true, false or null; returns the literal's first letter, or -1. */
static int json_literal(json *j)
{
    static const char *const words[] = { "true", "false", "null" };
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(words[i]);
        if ((size_t)(j->end - j->p) >= n && memcmp(j->p, words[i], n) == 0) {
            j->p += n;
            return words[i][0];
        }
    }
    return json_error(j, "expected a value");
}

static int json_scalar(json *j)
{
    if (*j->p == '"')
        return json_string(j, NULL);
    if (*j->p == '-' || (*j->p >= '0' && *j->p <= '9'))
        return json_number(j, NULL);
    return json_literal(j) < 0 ? -1 : 0;
}

/* Reads `"key" :`, decoding the key into out (NULL: only checked). */
static int json_key(json *j, dbuf *out)
{
    json_ws(j);
    if (j->p >= j->end || *j->p != '"')
        return json_error(j, "expected a string key");
    if (json_string(j, out) != 0)
        return -1;
    json_ws(j);
    if (j->p >= j->end || *j->p != ':')
        return json_error(j, "expected ':' after a key");
    j->p++;
    return 0;
}

/* Checks and skips any value, nested objects and arrays included, without recursion. */
static int json_skip(json *j)
{
    char stack[JSON_MAX_DEPTH];
    int depth = 0;
    for (;;) {
        json_ws(j);
        if (j->p >= j->end)
            return json_error(j, "expected a value");
        char c = *j->p;
        int closed = 0;
        if (c == '{' || c == '[') {
            if (depth == JSON_MAX_DEPTH)
                return json_error(j, "objects or arrays nested too deeply");
            stack[depth++] = c;
            j->p++;
            json_ws(j);
            if (j->p < j->end && *j->p == (c == '{' ? '}' : ']')) {
                j->p++;
                depth--;
                closed = 1;
            } else if (c == '{') {
                if (json_key(j, NULL) != 0)
                    return -1;
                continue;
            } else {
                continue;
            }
        }
        if (!closed && json_scalar(j) != 0)
            return -1;
        /* After a value: close containers until one goes on with a ','. */
        for (;;) {
            if (depth == 0)
                return 0;
            json_ws(j);
            char top = stack[depth - 1];
            if (j->p < j->end && *j->p == ',') {
                j->p++;
                if (top == '{' && json_key(j, NULL) != 0)
                    return -1;
                break;
            }
            if (j->p < j->end && *j->p == (top == '{' ? '}' : ']')) {
                j->p++;
                depth--;
                continue;
            }
            return json_error(j, top == '{' ? "expected ',' or '}'" : "expected ',' or ']'");
        }
    }
}

static int json_field_of(const dbuf *key)
{
    for (int f = 0; f < F_COUNT; f++)
        if (strcmp(key->p, json_field_names[f]) == 0 && strlen(json_field_names[f]) == key->len)
            return f;
    return -1;
}

static int jsonl_line(docs_reader *r, const char *line, size_t len)
{
    json j = { line, line + len, line, r };
    json_ws(&j);
    if (j.p == j.end)
        return 0;
    if (*j.p != '{')
        return json_error(&j, "expected an object ('{')");
    j.p++;
    unsigned present = 0;
    json_ws(&j);
    if (j.p < j.end && *j.p == '}') {
        j.p++;
    } else {
        for (;;) {
            dbuf_clear(&r->key);
            if (json_key(&j, &r->key) != 0)
                return -1;
            int f = json_field_of(&r->key);
            json_ws(&j);
            if (f < 0) {
                if (json_skip(&j) != 0)
                    return -1;
            } else {
                char q[64];
                if (present & (1u << f))
                    return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->lineno,
                                          "key \"%s\" given twice",
                                          quote(q, r->key.p, r->key.len));
                dbuf_clear(&r->field[f]);
                int is_id = f <= F__ID;
                char c = j.p < j.end ? *j.p : '\0';
                if (c == '"') {
                    if (json_string(&j, &r->field[f]) != 0)
                        return -1;
                    present |= 1u << f;
                } else if (is_id && (c == '-' || (c >= '0' && c <= '9'))) {
                    if (json_number(&j, &r->field[f]) != 0)
                        return -1;
                    present |= 1u << f;
                } else if (c == 'n') {
                    if (json_literal(&j) != 'n')
                        return -1;
                    /* null: as if the key were absent */
                } else if (c == '{' || c == '[' || c == 't' || c == 'f') {
                    return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->lineno,
                                          "\"%s\" must be a string%s", json_field_names[f],
                                          is_id ? " or a number" : "");
                } else {
                    return json_error(&j, "expected a value");
                }
            }
            json_ws(&j);
            if (j.p < j.end && *j.p == ',') {
                j.p++;
                continue;
            }
            if (j.p < j.end && *j.p == '}') {
                j.p++;
                break;
            }
            return json_error(&j, "expected ',' or '}'");
        }
    }
    json_ws(&j);
    if (j.p != j.end)
        return json_error(&j, "text after the object");
    int id = -1, body = -1;
    for (int f = F__ID; f >= F_ID; f--)
        if (present & (1u << f))
            id = f;
    for (int f = F_BODY; f >= F_CONTENTS; f--)
        if (present & (1u << f))
            body = f;
    if (id < 0)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->lineno,
                              "document without a docno (no \"id\", \"docno\" or \"_id\")");
    dbuf *d = &r->field[id];
    if (docno_check(r, d->p, d->len, r->lineno) != 0)
        return -1;
    const char *title = present & (1u << F_TITLE) ? r->field[F_TITLE].p : "";
    return reader_emit(r, d->p, title, body >= 0 ? r->field[body].p : "",
                       body >= 0 ? r->field[body].len : 0, r->lineno);
}

/* ---- TSV ---- */

static int tsv_line(docs_reader *r, const char *line, size_t len)
{
    size_t i = 0;
    while (i < len && is_space(line[i]))
        i++;
    if (i == len)
        return 0;
    const char *tab = memchr(line, '\t', len);
    if (tab == NULL)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->lineno,
                              "expected id<TAB>text, found no tab");
    size_t id_len = (size_t)(tab - line);
    if (docno_check(r, line, id_len, r->lineno) != 0)
        return -1;
    dbuf_clear(&r->docno);
    dbuf_add(&r->docno, line, id_len);
    return reader_emit(r, r->docno.p, "", tab + 1, len - id_len - 1, r->lineno);
}

/* ---- the entry points ---- */

static formats_docs_format docs_detect(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && is_space(s[i]))
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
            rc = trec_line(&r, line, len);
        } else {
            const char *text = line;
            if (utf8_valid_len((const unsigned char *)line, len) != len) {
                dbuf_clear(&r.fixed);
                stats->repaired += utf8_append(&r.fixed, line, len);
                text = r.fixed.p;
                len = r.fixed.len;
            }
            rc = fmt == FORMATS_DOCS_JSONL ? jsonl_line(&r, text, len) : tsv_line(&r, text, len);
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
    reader_free(&r);
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
