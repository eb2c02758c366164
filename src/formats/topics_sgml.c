/* topics_sgml.c: the reader of TREC SGML topics (<top> <num> Number: 401 <title> ... </top>). */
/* SPDX-License-Identifier: MIT */
#include "topics_private.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
    while (p < end && topics_is_space((unsigned char)*p))
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


/* Length of the tag starting at p ('<'), or 0 when what follows '<' is text. */
size_t topics_sgml_tag_at(sgml_scan *sc, const char *p, sgml_tag *t)
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
    if (q >= end || !topics_is_alpha((unsigned char)*q))
        return 0;
    size_t n = 0;
    while (q < end && (topics_is_alpha((unsigned char)*q) || (*q >= '0' && *q <= '9') ||
                       *q == '-' || *q == '_' || *q == '.' || *q == ':')) {
        if (n == sizeof t->name - 1)
            return 0;
        /* only ASCII letters fold: '_' | 0x20 would be DEL */
        t->name[n++] = (char)(*q >= 'A' && *q <= 'Z' ? *q | 0x20 : *q);
        q++;
    }
    const char *a = q;
    while (q < end && *q != '>') {
        if (*q == '<' || q - a > 1024)
            return 0;
        q++;
    }
    if (q >= end || (a < q && !topics_is_space((unsigned char)*a) && *a != '/'))
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
        while (p < end && (topics_is_space((unsigned char)*p) || *p == '/'))
            p++;
        const char *name = p;
        while (p < end && *p != '=' && !topics_is_space((unsigned char)*p) && *p != '/')
            p++;
        size_t name_len = (size_t)(p - name);
        while (p < end && topics_is_space((unsigned char)*p))
            p++;
        const char *val = p;
        size_t val_len = 0;
        if (p < end && *p == '=') {
            p++;
            while (p < end && topics_is_space((unsigned char)*p))
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
                while (p < end && !topics_is_space((unsigned char)*p))
                    p++;
                val_len = (size_t)(p - val);
            }
        }
        if (name_len > 0 && (topics_word_is(name, name_len, key))) {
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
        return topics_topic_id(r, s, n, line, 1);
    topics_topic_tag_field(r, tag, strlen(tag), FORMATS_TOPICS_TREC_SGML, lang, top_lang, s, n);
    return 0;
}

/* Tags open fields, with or without closing tags; a closing tag, whatever its name, ends the
 * field open (Tipster's </fac> closes the <nat> or <time> inside it). */
int topics_sgml_read(reader *r, const char *s, size_t n)
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
        size_t tl = lt != NULL ? topics_sgml_tag_at(&sc, lt, &t) : 0;
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
        } else if (!topics_is_blank(seg, stop)) {
            const char *q = seg;
            while (topics_is_space((unsigned char)*q))
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
            if (in_top && topics_topic_end(r, "topic without a number (<num>)") != 0)
                return -1;
            topics_topic_begin(r, line);
            top_lang = sgml_attr(&t, "lang", &v, &vn) ? topics_topic_str(r, v, vn) : r->empty;
            in_top = 1;
        } else if (strcmp(t.name, "top") == 0) {
            if (!in_top)
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                      "</top> without <top>");
            if (topics_topic_end(r, "topic without a number (<num>)") != 0)
                return -1;
            in_top = 0;
        } else if (in_top && !t.end) {
            memcpy(tag, t.name, sizeof tag);
            lang = sgml_attr(&t, "lang", &v, &vn) ? topics_topic_str(r, v, vn) : (size_t)-1;
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
