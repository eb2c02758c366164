/* summary.c: a document before it is opened: title or first words, and a query-biased snippet. */
/* SPDX-License-Identifier: MIT */
#include "assess/assess_private.h"

#include <stdlib.h>
#include <string.h>

char *assess_first_words(const char *text, size_t len, size_t words)
{
    char *out = util_malloc(len + 4);
    size_t o = 0, w = 0, i = 0;
    while (i < len && w < words) {
        while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
            i++;
        if (i == len)
            break;
        if (o > 0)
            out[o++] = ' ';
        while (i < len && text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r')
            out[o++] = text[i++];
        w++;
    }
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
        i++;
    if (i < len && o > 0) {
        memcpy(out + o, "\u2026", 3);   /* more follows */
        o += 3;
    }
    out[o] = '\0';
    return out;
}

/* Appends the characters ch[from .. to) of t to out as UTF-8. */
static void append_chars(const assess_text *t, size_t from, size_t to, char **out, size_t *len,
                         size_t *cap)
{
    for (size_t k = from; k < to; k++) {
        char buf[8];
        uint32_t c = (uint32_t)t->ch[k];
        size_t n = c == L'\n' ? (buf[0] = ' ', 1) : util_utf8_encode(c, buf);
        util_grow(out, cap, *len + n + 1, 1);
        memcpy(*out + *len, buf, n);
        *len += n;
        (*out)[*len] = '\0';
    }
}

/* The shortest window of at most width characters holding the most term occurrences, as
 * the document panel marks them (assess_text_mark_terms: stems, CJK bigrams); widened to
 * width characters at word boundaries, with an ellipsis where the text goes on. */
char *assess_snippet(const assess_session *a, const char *text, size_t len, size_t width)
{
    assess_text t = { 0 };
    assess_text_add(&t, text, len, 0);
    assess_text_mark_terms(&t, (const wchar_t *const *)a->terms, a->nterms);
    size_t *start = NULL, *end = NULL, nocc = 0, cap = 0, cap2 = 0;
    for (size_t k = 0; k < t.n; k++) {
        if (!(t.attr[k] & ASSESS_ATTR_TERM) || (k > 0 && (t.attr[k - 1] & ASSESS_ATTR_TERM)))
            continue;
        size_t e = k;
        while (e < t.n && (t.attr[e] & ASSESS_ATTR_TERM))
            e++;
        util_grow(&start, &cap, nocc + 1, sizeof *start);
        util_grow(&end, &cap2, nocc + 1, sizeof *end);
        start[nocc] = k;
        end[nocc++] = e;
    }
    char *out = util_strdup("");
    size_t olen = 0, ocap = 1;
    if (nocc > 0) {
        size_t best = 0, best_count = 0, best_span = 0, j = 0;
        for (size_t i = 0; i < nocc; i++) {
            if (j < i)
                j = i;
            while (j + 1 < nocc && end[j + 1] - start[i] <= width)
                j++;
            size_t count = j - i + 1, span = end[j] - start[i];
            if (count > best_count || (count == best_count && span < best_span)) {
                best = i;
                best_count = count;
                best_span = span;
            }
        }
        /* some context before the first term, from a word's start */
        size_t lead = width > best_span ? (width - best_span) / 3 : 0;
        size_t from = start[best] > lead ? start[best] - lead : 0;
        while (from > 0 && from < start[best] && t.ch[from - 1] != L' ' && t.ch[from - 1] != L'\n')
            from++;
        size_t to = from + width < t.n ? from + width : t.n;
        while (to < t.n && to > end[best] && t.ch[to] != L' ' && t.ch[to] != L'\n')
            to--;
        while (from < to && (t.ch[from] == L' ' || t.ch[from] == L'\n'))
            from++;
        if (from > 0)
            append_chars(&(assess_text){ .ch = L"\u2026", .n = 1 }, 0, 1, &out, &olen, &ocap);
        append_chars(&t, from, to, &out, &olen, &ocap);
        if (to < t.n)
            append_chars(&(assess_text){ .ch = L"\u2026", .n = 1 }, 0, 1, &out, &olen, &ocap);
    }
    free(start);
    free(end);
    assess_text_free(&t);
    return out;
}

typedef struct summarize {
    assess_session *a;
    size_t *items;      /* the items asked for, in the order of their docnos */
    size_t k;
} summarize;

static int on_summary(void *ctx, const store_doc_summary *d)
{
    summarize *c = ctx;
    assess_item *it = &c->a->items[c->items[c->k++]];
    it->summary_read = 1;
    it->no_text = !d->has_text;
    if (d->title != NULL && d->title[strspn(d->title, " \t\r\n")] != '\0')
        it->summary = util_strndup(d->title, strcspn(d->title, "\r\n"));
    else if (d->body != NULL)
        it->summary = assess_first_words(d->body, d->body_len, 12);
    if (d->body != NULL && it->text == NULL)
        it->text = util_strndup(d->body, d->body_len);
    return 0;
}

void assess_items_summarize(assess_session *a, size_t from, size_t n)
{
    if (from >= a->nitems)
        return;
    if (n > a->nitems - from)
        n = a->nitems - from;
    const char **docnos = util_calloc(n + 1, sizeof *docnos);
    summarize c = { a, util_calloc(n + 1, sizeof *c.items), 0 };
    size_t m = 0;
    for (size_t i = from; i < from + n; i++)
        if (!a->items[i].summary_read) {
            docnos[m] = a->items[i].docno;
            c.items[m++] = i;
        }
    /* a row that cannot be read now is read again when it is drawn again */
    util_error err = { 0, "" };
    if (m > 0)
        store_doc_summaries_each(a->s, docnos, m, SUMMARY_PREFIX, on_summary, &c, &err);
    free(c.items);
    free(docnos);
}

/* The first bytes of a document's text, for its snippet: the summary reads them only for a
 * document without a title, so a wide list reads those of the rows it draws. */
static void item_text_read(assess_session *a, assess_item *it)
{
    it->text_read = 1;
    char *title = NULL, *body = NULL;
    size_t len = 0;
    util_error err = { 0, "" };
    if (store_doc_get(a->s, it->docno, &title, &body, &len, &err) > 0 && body != NULL)
        it->text = util_strndup(body, len < SUMMARY_PREFIX ? len : SUMMARY_PREFIX);
    free(title);
    free(body);
}

void assess_item_line(assess_session *a, size_t i, int snippet, assess_text *out)
{
    assess_text_clear(out);
    if (i >= a->nitems)
        return;
    assess_item *it = &a->items[i];
    if (!it->summary_read)
        assess_items_summarize(a, i, 1);
    const char *summary = it->summary != NULL ? it->summary : it->no_text ? "(no text)" : "";
    assess_text_add(out, summary, strlen(summary), 0);
    if (snippet && it->text == NULL && !it->text_read && !it->no_text)
        item_text_read(a, it);
    if (snippet && it->text != NULL) {
        if (it->snippet == NULL)
            it->snippet = assess_snippet(a, it->text, strlen(it->text), 90);
        if (it->snippet[0] != '\0') {
            assess_text_add(out, " \u2014 ", 5, 0);
            assess_text_add(out, it->snippet, strlen(it->snippet), 0);
        }
    }
    assess_text_mark_terms(out, (const wchar_t *const *)a->terms, a->nterms);
    assess_text_wrap(out, 100000);
}
