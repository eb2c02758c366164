/* docs_sgml.c: the reader of TREC SGML collections (<DOC>, <DOCNO>, <TEXT>), a doc at a time. */
/* SPDX-License-Identifier: MIT */
#include "docs_private.h"

#include <stdlib.h>
#include <string.h>

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
        if (name[i] != want[i] && !((name[i] | 0x20) == (want[i] | 0x20) &&
                                    (want[i] | 0x20) >= 'a' && (want[i] | 0x20) <= 'z'))
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
        if (j < n && s[j] != '>' && s[j] != '/' && !docs_is_space(s[j]))
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
            docs_dbuf_add(w->out, "\n\n", 2);
        else if (w->newlines == 1)
            docs_dbuf_add(w->out, "\n", 1);
        else if (w->space)
            docs_dbuf_add(w->out, " ", 1);
    }
    w->started = 1;
    w->space = w->newlines = 0;
    docs_dbuf_add(w->out, s, n);
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
    while (docno.start < docno.end && docs_is_space(s[docno.start]))
        docno.start++;
    while (docno.end > docno.start && docs_is_space(s[docno.end - 1]))
        docno.end--;
    if (docs_docno_check(r, s + docno.start, docno.end - docno.start,
                         doc_line_at(r, docno_at)) != 0)
        return -1;
    docs_dbuf_clear(&r->docno);
    docs_dbuf_add(&r->docno, s + docno.start, docno.end - docno.start);

    int title = -1;
    for (int e = E_FIRST_TITLE; e < E_COUNT && title < 0; e++)
        if (title_seen[e] == 1)
            title = e;
    docs_dbuf_clear(&r->title);
    text_writer tw = { &r->title, 1, 0, 0, 0, 0 };
    if (title >= 0)
        render(&tw, s + title_content[title].start,
               title_content[title].end - title_content[title].start);

    docs_dbuf_clear(&r->body);
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
    return docs_reader_emit(r, r->docno.p, r->title.p, r->body.p, r->body.len, r->doc_line);
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
    if (j < n && s[j] != '>' && !docs_is_space(s[j]))
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
    r->stats->repaired += docs_utf8_append(&r->doc, s, n);
    if (newline)
        docs_dbuf_add(&r->doc, "\n", 1);
    return 0;
}

int docs_trec_line(docs_reader *r, const char *line, size_t len)
{
    size_t pos = 0;
    for (;;) {
        size_t end;
        if (!r->in_doc) {
            while (pos < len && docs_is_space(line[pos]))
                pos++;
            if (pos == len)
                return 0;
            int k = line[pos] == '<' ? doc_tag(line, len, pos, &end) : 0;
            if (k == 1) {
                r->in_doc = 1;
                r->doc_line = r->lineno;
                docs_dbuf_clear(&r->doc);
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
                                  docs_quote(q, line + pos, len - pos));
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
