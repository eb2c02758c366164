/* topics.c: the topic reader: CLEF, TREC-COVID, CLEF eHealth XML, TREC SGML, "id<TAB>text". */
#include "formats.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/entities.h>
#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlversion.h>

#define TOPICS_MAX_ID 256                 /* bytes in a topic id */
#define TOPICS_ENTITY_BUDGET (1u << 20)   /* bytes and references from entities, per file */
#define TOPICS_ENTITY_DEPTH 16            /* entity references within entity references */
#define TOPICS_ENTITY_MAX (16u << 10)     /* bytes in the text of one entity */

/* ---- strings ---- */

/* A growable byte buffer; strings in it are kept by offset, as it moves when it grows. */
typedef struct strbuf {
    char *p;
    size_t len, cap;
} strbuf;

static void sb_bytes(strbuf *b, const char *s, size_t n)
{
    util_grow(&b->p, &b->cap, b->len + n + 1, 1);
    if (n > 0)
        memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static int is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int is_alpha(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_blank(const char *s, const char *end)
{
    while (s < end && is_space((unsigned char)*s))
        s++;
    return s == end;
}

static void trim(const char **s, size_t *n)
{
    const char *p = *s, *end = p + *n;
    while (p < end && is_space((unsigned char)*p))
        p++;
    while (end > p && is_space((unsigned char)end[-1]))
        end--;
    *s = p;
    *n = (size_t)(end - p);
}

/* Case-insensitive comparison of s[0, n) with the NUL-terminated word w. */
static int word_is(const char *s, size_t n, const char *w)
{
    return strlen(w) == n && strncasecmp(s, w, n) == 0;
}

/* Length of the valid UTF-8 sequence at s (1-4), with its code point in *cp; or 0 when it is
 * invalid, and then *skip is the length of its maximal invalid prefix, which Unicode's
 * recommended practice replaces with one U+FFFD. */
static size_t utf8_seq(const unsigned char *s, size_t n, uint32_t *cp, size_t *skip)
{
    unsigned c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    size_t need;
    uint32_t v;
    unsigned lo = 0x80, hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) {
        need = 1;
        v = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
        need = 2;
        v = c & 0x0f;
        if (c == 0xe0)
            lo = 0xa0;    /* overlong */
        if (c == 0xed)
            hi = 0x9f;    /* surrogates */
    } else if (c >= 0xf0 && c <= 0xf4) {
        need = 3;
        v = c & 0x07;
        if (c == 0xf0)
            lo = 0x90;    /* overlong */
        if (c == 0xf4)
            hi = 0x8f;    /* beyond U+10FFFF */
    } else {
        *skip = 1;
        return 0;
    }
    for (size_t i = 1; i <= need; i++) {
        if (i >= n || s[i] < lo || s[i] > hi) {
            *skip = i;
            return 0;
        }
        v = (v << 6) | (s[i] & 0x3f);
        lo = 0x80;
        hi = 0xbf;
    }
    *cp = v;
    return need + 1;
}

static int is_control(uint32_t cp)
{
    return cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0);
}

#define REPLACEMENT "\xef\xbf\xbd"

/* Appends s[0, n) to b as a NUL-terminated string of clean text: invalid UTF-8 and control
 * characters become U+FFFD (a topic is shown on a terminal), runs of white space become
 * one space, none at either end. Returns its offset in b; *len gets its length. */
static size_t sb_clean(strbuf *b, const char *s, size_t n, size_t *len)
{
    size_t off = b->len;
    util_grow(&b->p, &b->cap, b->len + n * 3 + 1, 1);
    char *start = b->p + b->len, *d = start;
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    int space = 0;
    while (p < end) {
        if (is_space(*p)) {
            space = 1;
            p++;
            continue;
        }
        if (space && d > start)
            *d++ = ' ';
        space = 0;
        uint32_t cp = 0;
        size_t skip = 1;
        size_t k = utf8_seq(p, (size_t)(end - p), &cp, &skip);
        if (k == 0 || is_control(cp)) {
            memcpy(d, REPLACEMENT, 3);
            d += 3;
            p += k != 0 ? k : skip;
        } else {
            memcpy(d, p, k);
            d += k;
            p += k;
        }
    }
    *d = '\0';
    *len = (size_t)(d - start);
    b->len += *len + 1;
    return off;
}

/* Copies s[0, n) to out with every invalid UTF-8 sequence replaced by U+FFFD; returns 0 (and
 * leaves out alone) when there is none. */
static int utf8_repair(const char *s, size_t n, strbuf *out)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n, *done = p;
    int repaired = 0;
    while (p < end) {
        if (*p < 0x80) {
            p++;
            continue;
        }
        uint32_t cp;
        size_t skip = 1;
        size_t k = utf8_seq(p, (size_t)(end - p), &cp, &skip);
        if (k != 0) {
            p += k;
            continue;
        }
        sb_bytes(out, (const char *)done, (size_t)(p - done));
        sb_bytes(out, REPLACEMENT, 3);
        p += skip;
        done = p;
        repaired = 1;
    }
    if (repaired)
        sb_bytes(out, (const char *)done, (size_t)(end - done));
    return repaired;
}

/* Copies s[0, n) to out with every '&' that cannot start a reference ("cold & flu", as the
 * CLEF eHealth 2016 queries write) escaped as "&amp;"; returns 0 (and leaves out alone) when
 * there is none. CDATA sections, comments and processing instructions are left as they are.
 * Columns in libxml2's messages shift by 4 after such an '&' on its line; lines do not. */
static int xml_fix_amp(const char *s, size_t n, strbuf *out)
{
    static const struct {
        const char *open, *close;
    } verbatim[] = { { "<![CDATA[", "]]>" }, { "<!--", "-->" }, { "<?", "?>" } };
    const char *p = s, *end = s + n, *done = s;
    int fixed = 0;
    while (p < end) {
        const char *q = p;
        while (q < end && *q != '&' && *q != '<')
            q++;
        if (q == end)
            break;
        p = q + 1;
        if (*q == '<') {
            for (size_t i = 0; i < sizeof verbatim / sizeof verbatim[0]; i++) {
                size_t k = strlen(verbatim[i].open);
                if ((size_t)(end - q) >= k && memcmp(q, verbatim[i].open, k) == 0) {
                    const char *c = memmem(q + k, (size_t)(end - q) - k, verbatim[i].close,
                                           strlen(verbatim[i].close));
                    p = c != NULL ? c + strlen(verbatim[i].close) : end;
                    break;
                }
            }
            continue;
        }
        /* A reference: &name; &#digits; &#xhex; (names may hold any non-ASCII byte). */
        const char *r = p;
        if (r < end && *r == '#') {
            r++;
            int hex = r < end && *r == 'x';
            r += hex;
            const char *digits = r;
            while (r < end && ((*r >= '0' && *r <= '9') ||
                               (hex && ((*r >= 'a' && *r <= 'f') || (*r >= 'A' && *r <= 'F')))))
                r++;
            if (r == digits)
                r = p;
        } else if (r < end && (is_alpha((unsigned char)*r) || *r == '_' || *r == ':' ||
                               (unsigned char)*r >= 0x80)) {
            while (r < end && (is_alpha((unsigned char)*r) || (*r >= '0' && *r <= '9') ||
                               *r == '_' || *r == ':' || *r == '.' || *r == '-' ||
                               (unsigned char)*r >= 0x80))
                r++;
        }
        if (r > p && r < end && *r == ';')
            continue;
        sb_bytes(out, done, (size_t)(p - done));
        sb_bytes(out, "amp;", 4);
        done = p;
        fixed = 1;
    }
    if (fixed)
        sb_bytes(out, done, (size_t)(end - done));
    return fixed;
}

/* ---- the topic being read, and every id seen ---- */

typedef struct field_ref {
    size_t name, lang, text;   /* offsets in reader.text */
} field_ref;

typedef struct reader {
    const char *name;          /* the file, for messages */
    formats_topic_fn fn;
    void *ctx;
    util_error *err;
    strbuf text;               /* strings of the topic being read */
    strbuf raw;                /* scratch */
    field_ref *refs;
    size_t nrefs, refs_cap;
    formats_topic_field *fields;
    size_t fields_cap;
    long line;
    size_t qid;
    int has_qid;
    int utf8_forced;           /* the file was UTF-16 or UTF-32, converted to UTF-8 */
    size_t empty;              /* offset of "" in text */
    util_map seen;             /* every topic id read so far */
    long *seen_line;           /* its line, by the map's index */
    size_t seen_line_cap;
    size_t ntopics;
    xmlDocPtr doc;
    size_t entity_budget;
} reader;

static void reader_free(reader *r)
{
    free(r->text.p);
    free(r->raw.p);
    free(r->refs);
    free(r->fields);
    util_map_free(&r->seen);
    free(r->seen_line);
}

/* Adds a clean string to the topic; returns its offset. */
static size_t topic_str(reader *r, const char *s, size_t n)
{
    size_t len;
    return sb_clean(&r->text, s, n, &len);
}

static void topic_begin(reader *r, long line)
{
    r->text.len = 0;
    r->nrefs = 0;
    r->has_qid = 0;
    r->line = line;
    r->empty = topic_str(r, "", 0);
}

/* Sets the topic's id from s[0, n), trimmed; TREC SGML numbers lose their leading zeros. */
static int topic_id(reader *r, const char *s, size_t n, long line, int strip_zeros)
{
    trim(&s, &n);
    if (r->has_qid)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line, "topic has a second id");
    if (n == 0)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line, "empty topic id");
    if (n > TOPICS_MAX_ID)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                              "topic id longer than %d bytes", TOPICS_MAX_ID);
    const char *why = util_name_problem(s, n);
    int space = 0, digits = 1;
    for (size_t i = 0; i < n; i++) {
        if (is_space((unsigned char)s[i]))
            space = 1;
        if (s[i] < '0' || s[i] > '9')
            digits = 0;
    }
    if (why != NULL && !space)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line, "topic id %s", why);
    if (space) {
        /* s may be in r->raw (XML), never in r->text */
        size_t off = topic_str(r, s, n);
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                              "topic id '%s' contains white space", r->text.p + off);
    }
    /* TREC's own qrels number topics 51-200 "51", where the topic files write "051". */
    if (strip_zeros && digits)
        while (n > 1 && *s == '0') {
            s++;
            n--;
        }
    r->qid = topic_str(r, s, n);
    r->has_qid = 1;
    return 0;
}

/* Adds a field; one whose text is empty (or only a label such as "Factor(s):") is left out. */
static void topic_field(reader *r, const char *name, size_t name_len, size_t lang,
                        const char *text, size_t text_len)
{
    size_t len;
    size_t off = sb_clean(&r->text, text, text_len, &len);
    if (len == 0) {
        r->text.len = off;
        return;
    }
    util_grow(&r->refs, &r->refs_cap, r->nrefs + 1, sizeof *r->refs);
    field_ref *f = &r->refs[r->nrefs++];
    f->text = off;
    f->lang = lang;
    f->name = topic_str(r, name, name_len);
}

/* Checks the topic and hands it to the caller. */
static int topic_end(reader *r, const char *missing_id)
{
    if (!r->has_qid)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->line, "%s", missing_id);
    const char *qid = r->text.p + r->qid;
    size_t n = strlen(qid);
    int added;
    size_t k = util_map_add(&r->seen, qid, n, &added);
    if (!added)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->line,
                              "topic '%s' appears twice (first at line %ld)", qid,
                              r->seen_line[k]);
    util_grow(&r->seen_line, &r->seen_line_cap, k + 1, sizeof *r->seen_line);
    r->seen_line[k] = r->line;

    util_grow(&r->fields, &r->fields_cap, r->nrefs + 1, sizeof *r->fields);
    for (size_t i = 0; i < r->nrefs; i++) {
        r->fields[i].field = r->text.p + r->refs[i].name;
        r->fields[i].lang = r->text.p + r->refs[i].lang;
        r->fields[i].text = r->text.p + r->refs[i].text;
    }
    formats_topic t = { qid, r->line, r->fields, r->nrefs };
    r->ntopics++;
    return r->fn(r->ctx, &t, r->err) != 0 ? -1 : 0;
}

/* ---- field names ---- */

/* The project's name for a field: TREC's short tags and TREC-COVID's query/question are
 * mapped on title, description and narrative; NULL keeps the name as found. */
static const char *field_canon(const char *s, size_t n, formats_topics_format fmt)
{
    if (word_is(s, n, "title"))
        return "title";
    if (word_is(s, n, "desc") || word_is(s, n, "description"))
        return "description";
    if (word_is(s, n, "narr") || word_is(s, n, "narrative"))
        return "narrative";
    if (fmt == FORMATS_TOPICS_COVID_XML && word_is(s, n, "query"))
        return "title";
    if (fmt == FORMATS_TOPICS_COVID_XML && word_is(s, n, "question"))
        return "description";
    return NULL;
}

/* Adds a field named after its tag; old CLEF files name fields "EN-title", "FR-desc": the
 * prefix is the language when the element gives none. lang is an offset in r->text, or
 * (size_t)-1 when the element has no language of its own; inherited is used then. */
static void topic_tag_field(reader *r, const char *tag, size_t n, formats_topics_format fmt,
                            size_t lang, size_t inherited, const char *text, size_t text_len)
{
    const char *canon = field_canon(tag, n, fmt);
    size_t k = n > 3 && tag[2] == '-' ? 2 : n > 4 && tag[3] == '-' ? 3 : 0;
    for (size_t i = 0; i < k; i++)
        if (!is_alpha((unsigned char)tag[i]))
            k = 0;
    if (canon == NULL && k > 0) {
        canon = field_canon(tag + k + 1, n - k - 1, FORMATS_TOPICS_CLEF_XML);
        if (canon != NULL && lang == (size_t)-1) {
            char code[3];
            for (size_t i = 0; i < k; i++)
                code[i] = (char)(tag[i] | 0x20);
            lang = topic_str(r, code, k);
        }
    }
    if (lang == (size_t)-1)
        lang = inherited;
    if (canon != NULL)
        topic_field(r, canon, strlen(canon), lang, text, text_len);
    else
        topic_field(r, tag, n, lang, text, text_len);
}

/* ---- TREC SGML: <top> <num> Number: 401 <title> ... <desc> Description: ... </top> ---- */

/* The labels that TREC and Tipster topics repeat after their tags, left out of the text.
 * Tipster's extra fields (head, dom, smry, con, fac, nat, time, price, def) are kept as
 * fields named after their tags. <smry> is not mapped on "description": Tipster topics have
 * both, and the two differ. */
static const struct {
    const char *tag, *label;
} sgml_labels[] = {
    { "num", "Number" }, { "title", "Topic" }, { "desc", "Description" },
    { "narr", "Narrative" }, { "smry", "Summary" }, { "dom", "Domain" },
    { "con", "Concept(s)" }, { "fac", "Factor(s)" }, { "def", "Definition(s)" },
    { "nat", "Nationality" }, { "time", "Time" }, { "price", "Price" },
};

/* Drops the label at the start of a field: "Description:", or "Narrative" alone on its line. */
static void strip_label(const char *tag, const char **s, size_t *n)
{
    const char *label = NULL;
    for (size_t i = 0; i < sizeof sgml_labels / sizeof sgml_labels[0]; i++)
        if (strcmp(sgml_labels[i].tag, tag) == 0)
            label = sgml_labels[i].label;
    if (label == NULL)
        return;
    const char *p = *s, *end = p + *n;
    while (p < end && is_space((unsigned char)*p))
        p++;
    size_t k = strlen(label);
    if ((size_t)(end - p) < k || strncasecmp(p, label, k) != 0)
        return;
    p += k;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p < end && *p == ':')
        p++;
    else if (p < end && *p != '\n' && *p != '\r')
        return;
    *s = p;
    *n = (size_t)(end - p);
}

#define SGML_NAME_MAX 32

typedef struct sgml_tag {
    int end;            /* </name> */
    int markup;         /* <!...> or <?...?>, skipped between topics */
    char name[SGML_NAME_MAX]; /* lower case */
    const char *attrs;
    size_t attrs_len;
} sgml_tag;

/* Where the searches for the end of <!...> and <!--...--> found none: no later search can
 * find one, and remembering it keeps "<!<!<!..." from costing quadratic time. */
typedef struct sgml_scan {
    const char *end;
    const char *no_gt;        /* no '>' from here on; NULL until known */
    const char *no_comment;   /* no "-->" from here on */
} sgml_scan;

/* Length of the tag starting at p ('<'), or 0 when what follows '<' is text. */
static size_t sgml_tag_at(sgml_scan *sc, const char *p, sgml_tag *t)
{
    const char *q = p + 1, *end = sc->end;
    memset(t, 0, sizeof *t);
    if (q < end && (*q == '!' || *q == '?')) {
        const char *close = NULL;
        if (end - q >= 3 && memcmp(q, "!--", 3) == 0) {
            if (sc->no_comment == NULL || q < sc->no_comment)
                close = memmem(q + 3, (size_t)(end - q - 3), "-->", 3);
            if (close == NULL)
                sc->no_comment = q;
            else
                close += 2;
        } else {
            if (sc->no_gt == NULL || q < sc->no_gt)
                close = memchr(q, '>', (size_t)(end - q));
            if (close == NULL)
                sc->no_gt = q;
        }
        if (close == NULL)
            return 0;
        t->markup = 1;
        return (size_t)(close + 1 - p);
    }
    if (q < end && *q == '/') {
        t->end = 1;
        q++;
    }
    if (q >= end || !is_alpha((unsigned char)*q))
        return 0;
    size_t n = 0;
    while (q < end && (is_alpha((unsigned char)*q) || (*q >= '0' && *q <= '9') || *q == '-' ||
                       *q == '_' || *q == '.' || *q == ':')) {
        if (n == sizeof t->name - 1)
            return 0;
        t->name[n++] = (char)(*q | 0x20);
        q++;
    }
    const char *a = q;
    while (q < end && *q != '>') {
        if (*q == '<' || q - a > 1024)
            return 0;
        q++;
    }
    if (q >= end || (a < q && !is_space((unsigned char)*a) && *a != '/'))
        return 0;
    t->attrs = a;
    t->attrs_len = (size_t)(q - a);
    return (size_t)(q + 1 - p);
}

/* Finds attribute key (lang='hi', lang="hi" or lang=hi) among a tag's attributes. */
static int sgml_attr(const sgml_tag *t, const char *key, const char **v, size_t *vn)
{
    const char *p = t->attrs, *end = p + t->attrs_len;
    while (p < end) {
        while (p < end && (is_space((unsigned char)*p) || *p == '/'))
            p++;
        const char *name = p;
        while (p < end && *p != '=' && !is_space((unsigned char)*p) && *p != '/')
            p++;
        size_t name_len = (size_t)(p - name);
        while (p < end && is_space((unsigned char)*p))
            p++;
        const char *val = p;
        size_t val_len = 0;
        if (p < end && *p == '=') {
            p++;
            while (p < end && is_space((unsigned char)*p))
                p++;
            if (p < end && (*p == '\'' || *p == '"')) {
                char quote = *p++;
                val = p;
                while (p < end && *p != quote)
                    p++;
                val_len = (size_t)(p - val);
                if (p < end)
                    p++;
            } else {
                val = p;
                while (p < end && !is_space((unsigned char)*p))
                    p++;
                val_len = (size_t)(p - val);
            }
        }
        if (name_len > 0 && (word_is(name, name_len, key))) {
            *v = val;
            *vn = val_len;
            return 1;
        }
        if (name_len == 0 && p < end)
            p++;
    }
    return 0;
}

/* Line numbers, counted forward as the reader moves on. */
typedef struct line_counter {
    const char *pos;
    long line;
} line_counter;

static long line_at(line_counter *lc, const char *p)
{
    for (const char *q = lc->pos; q < p; q++)
        if (*q == '\n')
            lc->line++;
    lc->pos = p;
    return lc->line;
}

static int sgml_close_field(reader *r, const char *tag, size_t lang, size_t top_lang,
                            const char *s, size_t n, long line)
{
    strip_label(tag, &s, &n);
    if (strcmp(tag, "num") == 0)
        return topic_id(r, s, n, line, 1);
    topic_tag_field(r, tag, strlen(tag), FORMATS_TOPICS_TREC_SGML, lang, top_lang, s, n);
    return 0;
}

/* Tags open fields, with or without closing tags; a closing tag, whatever its name, ends the
 * field open (Tipster's </fac> closes the <nat> or <time> inside it). */
static int sgml_read(reader *r, const char *s, size_t n)
{
    const char *end = s + n, *p = s, *seg = s;
    sgml_scan sc = { end, NULL, NULL };
    line_counter lc = { s, 1 };
    int in_top = 0, open = 0;
    char tag[SGML_NAME_MAX];
    size_t lang = 0, top_lang = 0;
    long field_line = 0;
    for (;;) {
        const char *lt = memchr(p, '<', (size_t)(end - p));
        sgml_tag t;
        size_t tl = lt != NULL ? sgml_tag_at(&sc, lt, &t) : 0;
        if (lt != NULL && (tl == 0 || (t.markup && in_top))) {
            p = lt + 1;
            continue;
        }
        const char *stop = lt != NULL ? lt : end;
        if (open) {
            size_t n_text = (size_t)(stop - seg);
            if (sgml_close_field(r, tag, lang, top_lang, seg, n_text, field_line) != 0)
                return -1;
            open = 0;
        } else if (!is_blank(seg, stop)) {
            const char *q = seg;
            while (is_space((unsigned char)*q))
                q++;
            return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line_at(&lc, q),
                                  in_top ? "text outside a field (<title>, <desc>, ...)"
                                         : "text outside <top> ... </top>");
        }
        if (lt == NULL)
            break;
        long line = line_at(&lc, lt);
        const char *v;
        size_t vn;
        if (t.markup) {
            /* <?xml ...?>, <!DOCTYPE ...>, comments between topics */
        } else if (strcmp(t.name, "top") == 0 && !t.end) {
            /* A <top> ends the topic still open, as SGML lets a start tag imply an omitted
             * end tag (FIRE 2012's Hindi topic 200 has no </top>). At the end of the file a
             * missing </top> stays an error: the file may have been cut short. */
            if (in_top && topic_end(r, "topic without a number (<num>)") != 0)
                return -1;
            topic_begin(r, line);
            top_lang = sgml_attr(&t, "lang", &v, &vn) ? topic_str(r, v, vn) : r->empty;
            in_top = 1;
        } else if (strcmp(t.name, "top") == 0) {
            if (!in_top)
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                      "</top> without <top>");
            if (topic_end(r, "topic without a number (<num>)") != 0)
                return -1;
            in_top = 0;
        } else if (in_top && !t.end) {
            memcpy(tag, t.name, sizeof tag);
            lang = sgml_attr(&t, "lang", &v, &vn) ? topic_str(r, v, vn) : (size_t)-1;
            field_line = line;
            open = 1;
        }
        p = seg = lt + tl;
    }
    if (in_top)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->line,
                              "topic has no </top>");
    return 0;
}

/* ---- id<TAB>text ---- */

static int tsv_read(reader *r, const char *s, size_t n)
{
    const char *p = s, *end = s + n;
    long line = 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl != NULL ? nl : end;
        line++;
        if (e > p && e[-1] == '\r')
            e--;
        if (!is_blank(p, e)) {
            const char *tab = memchr(p, '\t', (size_t)(e - p));
            if (tab == NULL)
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                      "expected id<TAB>text, found no tab");
            topic_begin(r, line);
            if (topic_id(r, p, (size_t)(tab - p), line, 0) != 0)
                return -1;
            topic_field(r, "title", 5, r->empty, tab + 1, (size_t)(e - tab - 1));
            if (r->nrefs == 0)
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                      "topic '%s' has no text", r->text.p + r->qid);
            if (topic_end(r, "") != 0)
                return -1;
        }
        p = nl != NULL ? nl + 1 : end;
    }
    return 0;
}

/* ---- XML ---- */

#if LIBXML_VERSION >= 21200
typedef const xmlError *xml_error_ptr;
#else
typedef xmlErrorPtr xml_error_ptr;
#endif

/* The first error of one parse, kept by a handler set on that parse's context only. */
typedef struct xml_error_state {
    xmlParserCtxtPtr ctxt;   /* the document's context (entities are parsed in others) */
    int have;
    int line, column;
    char msg[256];
} xml_error_state;

/* Keeps the first error, and stops the document's parse at its first error: libxml2 2.9
 * goes on after a fatal error, and some inputs ("<!--<!--<!--...") then cost it quadratic
 * time (each error copies the comment so far). The parse of an entity's text, in a context
 * of its own, is not stopped: libxml2 would then lose the "entity loop" error that its own
 * guard against a billion laughs relies on; the document's parse stops right after it. */
static void xml_on_error(void *data, xml_error_ptr e)
{
    xmlParserCtxtPtr ctxt = data;
    xml_error_state *st = ctxt != NULL ? ctxt->_private : NULL;
    if (st == NULL || e == NULL || e->level < XML_ERR_ERROR)
        return;
    if (ctxt == st->ctxt && ctxt->instate != XML_PARSER_EOF)
        xmlStopParser(ctxt);
    if (st->have)
        return;
    st->have = 1;
    st->line = e->line;
    st->column = e->int2;
    /* Messages quote the document, cut anywhere: no control character, no broken UTF-8. */
    const unsigned char *m = (const unsigned char *)(e->message != NULL ? e->message : "");
    size_t n = strlen((const char *)m), k = 0;
    while (n > 0 && is_space(m[n - 1]))
        n--;
    for (size_t i = 0; i < n && k + 5 < sizeof st->msg;) {
        uint32_t cp = 0;
        size_t skip = 1;
        size_t len = utf8_seq(m + i, n - i, &cp, &skip);
        if (len == 0 || is_control(cp)) {
            st->msg[k++] = '?';
            i += len != 0 ? len : skip;
        } else {
            memcpy(st->msg + k, m + i, len);
            k += len;
            i += len;
        }
    }
    st->msg[k] = '\0';
    if (k == 0)
        snprintf(st->msg, sizeof st->msg, "malformed XML");
}

/* Refuses entities whose text is long: libxml2 parses an entity's text in a context that
 * cannot be stopped safely, and some errors there cost time quadratic in its length. */
static xmlEntityPtr xml_get_entity(void *ctx, const xmlChar *name)
{
    xmlParserCtxtPtr ctxt = ctx;
    xmlEntityPtr ent = xmlSAX2GetEntity(ctx, name);
    xml_error_state *st = ctxt != NULL ? ctxt->_private : NULL;
    if (ent == NULL || ent->etype != XML_INTERNAL_GENERAL_ENTITY || ent->content == NULL ||
        strlen((const char *)ent->content) <= TOPICS_ENTITY_MAX)
        return ent;
    if (st != NULL && !st->have) {
        st->have = 1;
        st->line = st->ctxt->input != NULL ? st->ctxt->input->line : 0;
        st->column = st->ctxt->input != NULL ? st->ctxt->input->col : 0;
        snprintf(st->msg, sizeof st->msg, "entity '&%.64s;' is longer than %u bytes",
                 (const char *)name, TOPICS_ENTITY_MAX);
    }
    /* libxml2 looks the entity up itself when this returns NULL in a well-formed document. */
    if (ctxt != NULL)
        ctxt->wellFormed = 0;
    return NULL;
}

/* Nothing is ever loaded from outside the document: no external entity, no external DTD. */
static xmlParserInputPtr xml_no_entity(void *ctx, const xmlChar *public_id,
                                       const xmlChar *system_id)
{
    (void)ctx;
    (void)public_id;
    (void)system_id;
    return NULL;
}

/* Refuses a document that declares an external parameter entity: libxml2 skips its
 * reference silently (nothing is loaded), so the document would be read without part of
 * its DTD; say so instead. External general entities are refused where they are used. */
static void xml_entity_decl(void *ctx, const xmlChar *name, int type, const xmlChar *public_id,
                            const xmlChar *system_id, xmlChar *content)
{
    xmlParserCtxtPtr ctxt = ctx;
    xml_error_state *st = ctxt != NULL ? ctxt->_private : NULL;
    if (type == XML_EXTERNAL_PARAMETER_ENTITY && st != NULL) {
        if (!st->have) {
            st->have = 1;
            st->line = st->ctxt->input != NULL ? st->ctxt->input->line : 0;
            st->column = st->ctxt->input != NULL ? st->ctxt->input->col : 0;
            snprintf(st->msg, sizeof st->msg,
                     "external parameter entity '%%%.64s;' is not loaded", (const char *)name);
        }
        ctxt->wellFormed = 0;
        xmlStopParser(ctxt);
        return;
    }
    xmlSAX2EntityDecl(ctx, name, type, public_id, system_id, content);
}

static void xml_no_subset(void *ctx, const xmlChar *name, const xmlChar *external_id,
                          const xmlChar *system_id)
{
    (void)ctx;
    (void)name;
    (void)external_id;
    (void)system_id;
}

static const char *xml_name(const xmlNode *node)
{
    return (const char *)node->name;
}

static int xml_name_is(const xmlNode *node, const char *name)
{
    return node->type == XML_ELEMENT_NODE && strcasecmp(xml_name(node), name) == 0;
}

static long xml_line(const xmlNode *node)
{
    return (long)xmlGetLineNo(node);
}

/* The line of the first non-blank character of a text node: libxml2 gives a text node the
 * line where (the first chunk of) its text ends. */
static long xml_text_line(const xmlNode *node)
{
    long line = xml_line(node);
    const char *s = (const char *)node->content;
    if (s == NULL || node->type != XML_TEXT_NODE)
        return line;
    while (is_space((unsigned char)*s))
        s++;
    for (; *s != '\0'; s++)
        if (*s == '\n')
            line--;
    return line > 0 ? line : xml_line(node);
}

static int xml_charge(reader *r, size_t n, long line)
{
    if (n > r->entity_budget)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                              "entities expand to more than %u bytes", TOPICS_ENTITY_BUDGET);
    r->entity_budget -= n;
    return 0;
}

/* Appends the text of a node list to r->raw. libxml2 leaves references to the document's
 * own entities unexpanded (no XML_PARSE_NOENT); they are expanded here, within a budget per
 * file, so that a billion laughs cannot blow up; external entities are refused. */
static int xml_text(reader *r, const xmlNode *list, int depth, long line)
{
    for (const xmlNode *c = list; c != NULL; c = c->next) {
        if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) {
            size_t n = c->content != NULL ? strlen((const char *)c->content) : 0;
            if (depth > 0 && xml_charge(r, n, line) != 0)
                return -1;
            sb_bytes(&r->raw, (const char *)c->content, n);
        } else if (c->type == XML_ELEMENT_NODE) {
            if (xml_text(r, c->children, depth, line) != 0)
                return -1;
        } else if (c->type == XML_ENTITY_REF_NODE) {
            xmlEntityPtr ent = xmlGetDocEntity(r->doc, c->name);
            if (ent == NULL)
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                      "undeclared entity '&%s;'", xml_name(c));
            if (xml_charge(r, 1, line) != 0)
                return -1;
            if (ent->etype == XML_INTERNAL_PREDEFINED_ENTITY && ent->content != NULL) {
                sb_bytes(&r->raw, (const char *)ent->content, strlen((const char *)ent->content));
            } else if (ent->etype != XML_INTERNAL_GENERAL_ENTITY) {
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                      "external entity '&%s;' is not loaded", xml_name(c));
            } else if (depth >= TOPICS_ENTITY_DEPTH) {
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                      "entity '&%s;' nested too deeply", xml_name(c));
            } else if (ent->children != NULL) {
                if (xml_text(r, ent->children, depth + 1, line) != 0)
                    return -1;
            } else if (ent->content != NULL && strpbrk((const char *)ent->content, "<&") == NULL) {
                size_t n = strlen((const char *)ent->content);
                if (xml_charge(r, n, line) != 0)
                    return -1;
                sb_bytes(&r->raw, (const char *)ent->content, n);
            } else if (ent->content != NULL && ent->content[0] != '\0') {
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                      "entity '&%s;' cannot be expanded", xml_name(c));
            }
        }
    }
    return 0;
}

/* The language of a node (its lang or xml:lang attribute), else, when up is set, of its
 * nearest ancestor that has one: an offset in r->text, or (size_t)-1 when there is none. */
static int xml_lang(reader *r, const xmlNode *node, int up, long line, size_t *lang)
{
    *lang = (size_t)-1;
    for (const xmlNode *n = node; n != NULL && n->type == XML_ELEMENT_NODE;
         n = up ? n->parent : NULL)
        for (const xmlAttr *a = n->properties; a != NULL; a = a->next)
            if (strcasecmp((const char *)a->name, "lang") == 0 &&
                (a->ns == NULL || (a->ns->href != NULL &&
                                   strcmp((const char *)a->ns->href,
                                          (const char *)XML_XML_NAMESPACE) == 0))) {
                r->raw.len = 0;
                if (xml_text(r, a->children, 0, line) != 0)
                    return -1;
                *lang = topic_str(r, r->raw.p != NULL ? r->raw.p : "", r->raw.len);
                return 0;
            }
    return 0;
}

static int xml_is_id(const char *name)
{
    static const char *const ids[] = { "identifier", "num", "number", "id", "qid" };
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (strcasecmp(name, ids[i]) == 0)
            return 1;
    return 0;
}

static int xml_record(reader *r, const xmlNode *rec, formats_topics_format fmt)
{
    long line = xml_line(rec);
    topic_begin(r, line);
    for (const xmlAttr *a = rec->properties; a != NULL; a = a->next) {
        if (strcasecmp((const char *)a->name, "number") != 0 &&
            strcasecmp((const char *)a->name, "id") != 0)
            continue;
        r->raw.len = 0;
        if (xml_text(r, a->children, 0, line) != 0 ||
            topic_id(r, r->raw.p != NULL ? r->raw.p : "", r->raw.len, line, 0) != 0)
            return -1;
    }
    size_t inherited;
    if (xml_lang(r, rec, 1, line, &inherited) != 0)
        return -1;
    if (inherited == (size_t)-1)
        inherited = r->empty;
    for (const xmlNode *c = rec->children; c != NULL; c = c->next) {
        long cline = c->type == XML_ELEMENT_NODE ? xml_line(c) : line;
        if (c->type == XML_ELEMENT_NODE) {
            size_t lang;
            if (xml_lang(r, c, 0, cline, &lang) != 0)
                return -1;
            r->raw.len = 0;
            if (xml_text(r, c->children, 0, cline) != 0)
                return -1;
            const char *text = r->raw.p != NULL ? r->raw.p : "";
            if (xml_is_id(xml_name(c))) {
                if (topic_id(r, text, r->raw.len, cline, 0) != 0)
                    return -1;
            } else {
                topic_tag_field(r, xml_name(c), strlen(xml_name(c)), fmt, lang, inherited,
                                text, r->raw.len);
            }
        } else if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE ||
                   c->type == XML_ENTITY_REF_NODE) {
            const char *t = c->content != NULL ? (const char *)c->content : "";
            if (c->type == XML_ENTITY_REF_NODE || !is_blank(t, t + strlen(t)))
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, xml_text_line(c),
                                      "text outside the fields of <%s>", xml_name(rec));
        }
    }
    return topic_end(r, fmt == FORMATS_TOPICS_COVID_XML
                            ? "topic without an id (attribute number)"
                        : fmt == FORMATS_TOPICS_EHEALTH_XML
                            ? "query without an id (<id>)"
                            : "topic without an id (<identifier>)");
}

/* The kind of XML file, from its first record: <query> is CLEF eHealth; <topic number=..>
 * or a topic with <query> or <question> is TREC-COVID; any other <topic> is CLEF. */
static formats_topics_format xml_detect(const xmlNode *root)
{
    const xmlNode *first = NULL;
    if (xml_name_is(root, "topic") || xml_name_is(root, "query"))
        first = root;
    for (const xmlNode *c = root->children; c != NULL && first == NULL; c = c->next)
        if (c->type == XML_ELEMENT_NODE)
            first = c;
    if (first == NULL)
        return FORMATS_TOPICS_CLEF_XML;
    if (xml_name_is(first, "query"))
        return FORMATS_TOPICS_EHEALTH_XML;
    for (const xmlAttr *a = first->properties; a != NULL; a = a->next)
        if (strcasecmp((const char *)a->name, "number") == 0)
            return FORMATS_TOPICS_COVID_XML;
    for (const xmlNode *c = first->children; c != NULL; c = c->next)
        if (xml_name_is(c, "query") || xml_name_is(c, "question"))
            return FORMATS_TOPICS_COVID_XML;
    return FORMATS_TOPICS_CLEF_XML;
}

/* Whether the document is in UTF-8 (no declaration, or one saying so), and so may be repaired. */
static int xml_is_utf8(const char *s, size_t n)
{
    if (n >= 2 && ((unsigned char)s[0] == 0xfe || (unsigned char)s[0] == 0xff))
        return 0;   /* UTF-16 byte order mark */
    if (n < 5 || memcmp(s, "<?xml", 5) != 0)
        return 1;
    const char *end = memmem(s, n < 512 ? n : 512, "?>", 2);
    if (end == NULL)
        return 1;
    const char *enc = memmem(s, (size_t)(end - s), "encoding", 8);
    if (enc == NULL)
        return 1;
    const char *q = enc + 8;
    while (q < end && (is_space((unsigned char)*q) || *q == '='))
        q++;
    if (q < end && (*q == '"' || *q == '\''))
        q++;
    return (size_t)(end - q) >= 5 &&
           (strncasecmp(q, "utf-8", 5) == 0 || strncasecmp(q, "utf8", 4) == 0);
}

static int xml_read(reader *r, const char *data, size_t n, formats_topics_format fmt)
{
    int rc = -1;
    strbuf fixed = { NULL, 0, 0 };
    strbuf amp = { NULL, 0, 0 };
    xml_error_state st;
    memset(&st, 0, sizeof st);
    xmlParserCtxtPtr ctxt = NULL;
    xmlDocPtr doc = NULL;
    if ((r->utf8_forced || xml_is_utf8(data, n)) && utf8_repair(data, n, &fixed)) {
        data = fixed.p;
        n = fixed.len;
    }
    if (xml_fix_amp(data, n, &amp)) {
        data = amp.p;
        n = amp.len;
    }
    if (n > INT_MAX) {
        util_error_set(r->err, UTIL_EXIT_INPUT, r->name, 0, "too large for an XML topic file");
        goto out;
    }
    ctxt = xmlNewParserCtxt();
    if (ctxt == NULL || ctxt->sax == NULL)
        util_die("out of memory");
    /* A context of its own: the error handler and the refusals below hold for this parse
     * only, nothing global is changed. */
    st.ctxt = ctxt;
    ctxt->_private = &st;
    ctxt->sax->serror = xml_on_error;
    ctxt->sax->getEntity = xml_get_entity;
    ctxt->sax->resolveEntity = xml_no_entity;
    ctxt->sax->externalSubset = xml_no_subset;
    ctxt->sax->entityDecl = xml_entity_decl;
    /* No XML_PARSE_NOENT, DTDLOAD, DTDATTR or HUGE: entities stay references (expanded by
     * xml_text within a budget), no DTD is loaded, libxml2 keeps its size limits. */
    doc = xmlCtxtReadMemory(ctxt, data, (int)n, r->name, r->utf8_forced ? "UTF-8" : NULL,
                            XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                                XML_PARSE_BIG_LINES);
    if (doc == NULL || st.have || !ctxt->wellFormed) {
        if (st.have)
            util_error_set(r->err, UTIL_EXIT_INPUT, r->name, st.line, "column %d: %s",
                           st.column, st.msg);
        else
            util_error_set(r->err, UTIL_EXIT_INPUT, r->name, 0, "not well-formed XML");
        goto out;
    }
    const xmlNode *root = xmlDocGetRootElement(doc);
    if (root == NULL) {
        util_error_set(r->err, UTIL_EXIT_INPUT, r->name, 0, "no root element");
        goto out;
    }
    r->doc = doc;
    r->entity_budget = TOPICS_ENTITY_BUDGET;
    if (fmt == FORMATS_TOPICS_AUTO)
        fmt = xml_detect(root);
    const char *rec = fmt == FORMATS_TOPICS_EHEALTH_XML ? "query" : "topic";
    if (xml_name_is(root, rec)) {
        rc = xml_record(r, root, fmt);
        goto out;
    }
    for (const xmlNode *c = root->children; c != NULL; c = c->next) {
        if (c->type == XML_ELEMENT_NODE) {
            if (!xml_name_is(c, rec)) {
                util_error_set(r->err, UTIL_EXIT_INPUT, r->name, xml_line(c),
                               "unexpected element <%s> (expected <%s>)", xml_name(c), rec);
                goto out;
            }
            if (xml_record(r, c, fmt) != 0)
                goto out;
        } else if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE ||
                   c->type == XML_ENTITY_REF_NODE) {
            const char *t = c->content != NULL ? (const char *)c->content : "";
            if (c->type == XML_ENTITY_REF_NODE || !is_blank(t, t + strlen(t))) {
                util_error_set(r->err, UTIL_EXIT_INPUT, r->name, xml_text_line(c),
                               "text outside <%s>", rec);
                goto out;
            }
        }
    }
    rc = 0;
out:
    r->doc = NULL;
    xmlFreeDoc(doc);
    xmlFreeParserCtxt(ctxt);
    free(amp.p);
    free(fixed.p);
    return rc;
}

/* ---- the entry points ---- */

/* The format from the first bytes: text that does not start with a tag is TSV; a <top> as
 * first or second element (after <topics>) is TREC SGML; anything else is XML, told apart
 * once parsed. */
static formats_topics_format detect(const char *s, size_t n)
{
    const char *p = s, *end = s + n;
    sgml_scan sc = { end, NULL, NULL };
    while (p < end && is_space((unsigned char)*p))
        p++;
    if (p == end || *p != '<')
        return FORMATS_TOPICS_TSV;
    for (int tags = 0; tags < 2 && p < end;) {
        const char *lt = memchr(p, '<', (size_t)(end - p));
        if (lt == NULL)
            break;
        sgml_tag t;
        size_t tl = sgml_tag_at(&sc, lt, &t);
        if (tl == 0 || t.markup || t.end) {
            p = lt + (tl != 0 ? tl : 1);
            continue;
        }
        if (strcmp(t.name, "top") == 0)
            return FORMATS_TOPICS_TREC_SGML;
        tags++;
        p = lt + tl;
    }
    return FORMATS_TOPICS_AUTO;
}

int formats_topics_read(const char *path, formats_topics_format fmt, formats_topic_fn fn,
                        void *ctx, util_error *err)
{
    reader r;
    memset(&r, 0, sizeof r);
    r.name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    r.fn = fn;
    r.ctx = ctx;
    r.err = err;
    char *data = NULL;
    size_t len = 0;
    int rc = -1;
    if ((int)fmt < FORMATS_TOPICS_AUTO || (int)fmt > FORMATS_TOPICS_TSV) {
        util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "unknown topic file format %d", (int)fmt);
        goto out;
    }
    const char *encoding = NULL;
    if (formats_slurp(path, FORMATS_SLURP_MAX, &data, &len, &encoding, err) != 0)
        goto out;
    /* UTF-16 and UTF-32 files are UTF-8 from here on: libxml2 must not follow their
     * declaration (encoding="UTF-16") any more. */
    r.utf8_forced = encoding != NULL;
    const char *s = data;
    size_t n = len;
    if (is_blank(s, s + n)) {
        util_error_set(err, UTIL_EXIT_INPUT, r.name, 0, "no topics (empty file)");
        goto out;
    }
    if (fmt == FORMATS_TOPICS_AUTO)
        fmt = detect(s, n);
    if (fmt == FORMATS_TOPICS_TREC_SGML)
        rc = sgml_read(&r, s, n);
    else if (fmt == FORMATS_TOPICS_TSV)
        rc = tsv_read(&r, s, n);
    else
        rc = xml_read(&r, s, n, fmt);
    if (rc == 0 && r.ntopics == 0)
        rc = util_error_set(err, UTIL_EXIT_INPUT, r.name, 0, "no topics found");
out:
    reader_free(&r);
    free(data);
    return rc;
}

int formats_topics_format_parse(const char *name, formats_topics_format *fmt)
{
    static const util_enum_name names[] = {
        { "auto", FORMATS_TOPICS_AUTO }, { "clef", FORMATS_TOPICS_CLEF_XML },
        { "covid", FORMATS_TOPICS_COVID_XML }, { "ehealth", FORMATS_TOPICS_EHEALTH_XML },
        { "trec", FORMATS_TOPICS_TREC_SGML }, { "tsv", FORMATS_TOPICS_TSV }, { NULL, 0 }
    };
    int v;
    if (util_enum_parse(names, name, &v) != 0)
        return -1;
    *fmt = (formats_topics_format)v;
    return 0;
}
