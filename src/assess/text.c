/* text.c: untrusted UTF-8 made safe to show, topic terms marked, lines wrapped by display width. */
/* SPDX-License-Identifier: MIT */
#include "assess/assess.h"

#include "text/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Characters that change how a terminal shows text around them or are invisible:
 * BiDi controls, zero-width and other format characters, line/paragraph separators. */
static int is_format(long c)
{
    return c == 0x061c || c == 0x180e || (c >= 0x200b && c <= 0x200f) ||
           (c >= 0x2028 && c <= 0x202e) || (c >= 0x2060 && c <= 0x206f) || c == 0xfeff ||
           (c >= 0xfff9 && c <= 0xfffb) || (c >= 0xe0000 && c <= 0xe007f);
}

/* Scripts written without spaces between words: matched anywhere, broken anywhere. */
static int is_nospace(wchar_t c)
{
    return c >= 0x0e00 && text_char_unspaced((uint32_t)c);
}

/* Case folding and word characters: the text module's, as the index has them. */
static inline wchar_t fold(wchar_t c)
{
    return (wchar_t)text_fold((uint32_t)c);
}

static inline int alnum(wchar_t c)
{
    return text_char_class((uint32_t)c) != TEXT_SEP;
}

int assess_char_width(wchar_t c)
{
    return text_char_width((uint32_t)c);
}

static void push(assess_text *t, wchar_t c, unsigned char attr)
{
    if (t->n == t->cap) {
        size_t cap = t->cap;   /* both arrays grow the same way from the same capacity */
        util_grow(&t->ch, &cap, t->n + 1, sizeof *t->ch);
        util_grow(&t->attr, &t->cap, t->n + 1, sizeof *t->attr);
    }
    t->ch[t->n] = c;
    t->attr[t->n++] = attr;
}

static void push_ascii(assess_text *t, const char *s, unsigned char attr)
{
    for (; *s; s++)
        push(t, (wchar_t)(unsigned char)*s, attr);
}

void assess_text_add(assess_text *t, const char *utf8, size_t len, unsigned char attr)
{
    const unsigned char *p = (const unsigned char *)utf8;
    size_t i = 0;
    char buf[16];
    if (t->cap < t->n + len + 1) {   /* one character per byte at most, but placeholders */
        size_t cap = t->cap;
        util_grow(&t->ch, &cap, t->n + len + 1, sizeof *t->ch);
        util_grow(&t->attr, &t->cap, t->n + len + 1, sizeof *t->attr);
    }
    while (i < len) {
        /* printable ASCII runs go straight in */
        while (i < len && p[i] >= 0x20 && p[i] < 0x7f && t->n < t->cap) {
            t->ch[t->n] = p[i++];
            t->attr[t->n++] = attr;
        }
        if (i == len)
            break;
        uint32_t cp;
        size_t used = util_utf8_decode(p + i, len - i, &cp);
        long c = used == 0 ? -1 : (long)cp;
        if (used == 0)
            used = 1;
        unsigned char ph = attr | ASSESS_ATTR_PLACEHOLDER;
        if (c < 0) {
            snprintf(buf, sizeof buf, "<%02X>", p[i]);
            push_ascii(t, buf, ph);
        } else if (c == '\n') {
            push(t, L'\n', attr);
        } else if (c == '\r') {
            if (i + 1 < len && p[i + 1] == '\n') {
                /* CRLF is a line end like LF */
            } else {
                push_ascii(t, "^M", ph);
            }
        } else if (c == '\t') {
            push(t, L' ', attr);
        } else if (c < 0x20 || c == 0x7f) {
            buf[0] = '^';
            buf[1] = c == 0x7f ? '?' : (char)('@' + c);
            buf[2] = '\0';
            push_ascii(t, buf, ph);
        } else if ((c >= 0x80 && c <= 0x9f) || is_format(c) || !text_char_printable((uint32_t)c)) {
            snprintf(buf, sizeof buf, "<U+%04X>", (unsigned)c & 0x1fffffu);
            push_ascii(t, buf, ph);
        } else {
            push(t, (wchar_t)c, attr);
        }
        i += used;
    }
}

void assess_text_clear(assess_text *t)
{
    t->n = 0;
    t->nlines = 0;
    t->width = 0;
}

void assess_text_free(assess_text *t)
{
    free(t->ch);
    free(t->attr);
    free(t->line);
    free(t->len);
    memset(t, 0, sizeof *t);
}

static void add_line(assess_text *t, size_t start, size_t len)
{
    if (t->nlines == t->capl) {
        size_t cap = t->capl;
        util_grow(&t->line, &cap, t->nlines + 1, sizeof *t->line);
        util_grow(&t->len, &t->capl, t->nlines + 1, sizeof *t->len);
    }
    t->line[t->nlines] = start;
    t->len[t->nlines++] = len;
}

void assess_text_wrap(assess_text *t, int width)
{
    if (width < 1)
        width = 1;
    t->nlines = 0;
    t->width = width;
    size_t i = 0, n = t->n;
    while (i < n) {
        size_t start = i, brk = 0, brk_end = 0;
        int w = 0, prev_wide = 0, wrapped = 0;
        while (i < n && t->ch[i] != L'\n') {
            wchar_t c = t->ch[i];
            int cw = c < 0x80 || (t->attr[i] & ASSESS_ATTR_PLACEHOLDER) ? 1 : assess_char_width(c);
            int nospace = c >= 0x0e00 && is_nospace(c);
            if (i > start && (nospace || prev_wide)) {
                brk = i;
                brk_end = i;
            }
            if (w + cw > width && i > start) {
                if (brk > start) {
                    add_line(t, start, brk_end - start);
                    i = brk;
                } else {
                    add_line(t, start, i - start);
                }
                while (i < n && t->ch[i] == L' ')
                    i++;
                if (i < n && t->ch[i] == L'\n')
                    i++;   /* the paragraph ends where the line was broken */
                wrapped = 1;
                break;
            }
            if (c == L' ') {
                brk_end = i;
                brk = i + 1;
            }
            prev_wide = nospace;
            w += cw;
            i++;
        }
        if (!wrapped) {
            add_line(t, start, i - start);
            if (i < n)
                i++;   /* the '\n' */
        }
    }
}

/* ---- topic terms: the text module's analysis, in the topic's language ---- */

/* A term as assess_terms_split keeps it: the language, TERM_SEP, the analysed term. */
#define TERM_SEP L'\x1f'
#define MAX_LANGS 8

/* An analyzer per language (Snowball's stemmer and stop words where the language has
 * them), made on first use and kept: the screen analyses from one thread. */
typedef struct lang_analysis {
    char lang[8];
    text_analyzer *a;
    char (*skip)[TEXT_TERM_MAX];   /* topic-words.txt, analysed */
    size_t *skip_len, nskip;
} lang_analysis;

static lang_analysis langs[MAX_LANGS];
static size_t nlangs;

static lang_analysis *analysis_for(const char *lang)
{
    if (lang == NULL || lang[0] == '\0')
        lang = "en";
    for (size_t i = 0; i < nlangs; i++)
        if (strcmp(langs[i].lang, lang) == 0)
            return &langs[i];
    if (nlangs == MAX_LANGS)
        return &langs[MAX_LANGS - 1];   /* a ninth language is analysed as the eighth */
    lang_analysis *l = &langs[nlangs++];
    text_options o;
    text_options_default(&o, lang);
    snprintf(l->lang, sizeof l->lang, "%s", o.lang);
    l->a = text_analyzer_new(&o, NULL);
    if (l->a == NULL) {   /* no stop word file installed: analyse without it */
        o.stopwords[0] = '\0';
        l->a = text_analyzer_new(&o, NULL);
    }
    if (l->a == NULL) {
        o.stem = TEXT_STEM_NONE;
        l->a = text_analyzer_new(&o, NULL);
    }
    text_wordlist *words = text_wordlist_load("topic-words", NULL);
    size_t n = text_wordlist_count(words);
    l->skip = util_malloc((n + 1) * sizeof *l->skip);
    l->skip_len = util_malloc((n + 1) * sizeof *l->skip_len);
    for (size_t i = 0; i < n; i++) {
        const char *w = text_wordlist_word(words, i);
        size_t k = text_word_term(l->a, w, strlen(w), l->skip[l->nskip]);
        if (k > 0)
            l->skip_len[l->nskip++] = k;
    }
    text_wordlist_free(&words);
    return l;
}

typedef struct split_ctx {
    lang_analysis *l;
    wchar_t ***terms;
    size_t n;
} split_ctx;

static int split_cb(void *vctx, const char *term, size_t len)
{
    split_ctx *c = vctx;
    lang_analysis *l = c->l;
    wchar_t w[TEXT_TERM_MAX + 16];
    size_t m = 0;
    for (const char *p = l->lang; *p; p++)
        w[m++] = (wchar_t)*p;
    w[m++] = TERM_SEP;
    size_t start = m, chars = 0;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        size_t k = util_utf8_decode((const unsigned char *)term + i, len - i, &cp);
        if (k == 0)
            return 0;
        w[m++] = (wchar_t)cp;
        chars++;
        i += k;
    }
    uint32_t first = (uint32_t)w[start];
    int anywhere = text_char_class(first) == TEXT_CJK || text_char_unspaced(first);
    if (anywhere ? text_char_class(first) != TEXT_CJK && chars < 2 : chars < 3)
        return 0;
    for (size_t i = 0; i < l->nskip && !anywhere; i++)
        if (l->skip_len[i] == len && memcmp(l->skip[i], term, len) == 0)
            return 0;
    for (size_t i = 0; i < c->n; i++)
        if (wcslen((*c->terms)[i]) == m && wmemcmp((*c->terms)[i], w, m) == 0)
            return 0;
    *c->terms = util_realloc(*c->terms, (c->n + 1) * sizeof **c->terms);
    wchar_t *copy = util_malloc((m + 1) * sizeof *copy);
    wmemcpy(copy, w, m);
    copy[m] = L'\0';
    (*c->terms)[c->n++] = copy;
    return 0;
}

size_t assess_terms_split(const char *utf8, const char *lang, wchar_t ***terms, size_t nterms)
{
    split_ctx c = { analysis_for(lang), terms, nterms };
    text_tokenize(c.l->a, utf8, strlen(utf8), split_cb, &c);
    return c.n;
}

/* One term of assess_terms_split's, taken apart. */
typedef struct mark_term {
    lang_analysis *l;
    const wchar_t *chars;     /* after the separator */
    size_t nchars;
    char utf8[TEXT_TERM_MAX];
    size_t len;
    int anywhere;             /* CJK and other scripts without spaces: matched anywhere */
} mark_term;

static void mark(assess_text *t, size_t from, size_t to)
{
    for (size_t q = from; q < to; q++)
        t->attr[q] |= ASSESS_ATTR_TERM;
}

void assess_text_mark_terms(assess_text *t, const wchar_t *const *terms, size_t nterms)
{
    if (nterms == 0)
        return;
    mark_term *mt = util_calloc(nterms, sizeof *mt);
    lang_analysis *used[MAX_LANGS];
    size_t nused = 0, nwords = 0;
    for (size_t k = 0; k < nterms; k++) {
        const wchar_t *sep = wcschr(terms[k], TERM_SEP);
        char lang[8] = "";
        if (sep != NULL && sep - terms[k] < (ptrdiff_t)sizeof lang)
            for (size_t i = 0; terms[k] + i < sep; i++)
                lang[i] = (char)terms[k][i];
        mark_term *m = &mt[k];
        m->chars = sep != NULL ? sep + 1 : terms[k];
        m->nchars = wcslen(m->chars);
        if (m->nchars == 0)
            continue;
        m->anywhere = text_char_class((uint32_t)m->chars[0]) == TEXT_CJK ||
                      is_nospace(m->chars[0]);
        if (m->anywhere)
            continue;
        for (size_t i = 0; i < m->nchars && m->len + 4 < sizeof m->utf8; i++)
            m->len += util_utf8_encode((uint32_t)m->chars[i], m->utf8 + m->len);
        m->l = analysis_for(lang);
        size_t u = 0;
        while (u < nused && used[u] != m->l)
            u++;
        if (u == nused && nused < MAX_LANGS)
            used[nused++] = m->l;
        nwords++;
    }
    char word[TEXT_WORD_MAX + 4], term[TEXT_TERM_MAX];
    for (size_t i = 0; i < t->n;) {
        if ((t->attr[i] & ASSESS_ATTR_PLACEHOLDER) || !alnum(t->ch[i])) {
            i++;
            continue;
        }
        /* a word as the tokenizer sees one: a run of word characters */
        size_t end = i;
        while (end < t->n && !(t->attr[end] & ASSESS_ATTR_PLACEHOLDER) &&
               text_char_class((uint32_t)t->ch[end]) == TEXT_WORD)
            end++;
        if (end > i && nwords > 0) {
            size_t wl = 0;
            for (size_t q = i; q < end && wl <= TEXT_WORD_MAX; q++)
                wl += util_utf8_encode((uint32_t)t->ch[q], word + wl);
            for (size_t u = 0; u < nused && wl <= TEXT_WORD_MAX; u++) {
                size_t tl = text_word_term(used[u]->a, word, wl, term);
                for (size_t k = 0; k < nterms && tl > 0; k++)
                    if (mt[k].l == used[u] && mt[k].len == tl && memcmp(mt[k].utf8, term, tl) == 0)
                        mark(t, i, end);
            }
        }
        /* terms of scripts without spaces, at every character */
        size_t stop = end > i ? end : i + 1;
        for (size_t p = i; p < stop; p++) {
            wchar_t lc = fold(t->ch[p]);
            for (size_t k = 0; k < nterms; k++) {
                const mark_term *m = &mt[k];
                if (!m->anywhere || fold(m->chars[0]) != lc || p + m->nchars > t->n)
                    continue;
                size_t j = 1;
                while (j < m->nchars && !(t->attr[p + j] & ASSESS_ATTR_PLACEHOLDER) &&
                       fold(t->ch[p + j]) == fold(m->chars[j]))
                    j++;
                if (j == m->nchars)
                    mark(t, p, p + m->nchars);
            }
        }
        i = stop;
    }
    free(mt);
}

size_t assess_text_mark_found(assess_text *t, const wchar_t *needle)
{
    for (size_t i = 0; i < t->n; i++)
        t->attr[i] &= (unsigned char)~ASSESS_ATTR_FOUND;
    size_t m = wcslen(needle), found = 0;
    if (m == 0)
        return 0;
    for (size_t i = 0; i + m <= t->n; i++) {
        size_t j = 0;
        while (j < m && fold(t->ch[i + j]) == fold(needle[j]))
            j++;
        if (j == m) {
            for (size_t q = i; q < i + m; q++)
                t->attr[q] |= ASSESS_ATTR_FOUND;
            found++;
            i += m - 1;
        }
    }
    return found;
}

long assess_text_find_line(const assess_text *t, long after, unsigned char bit, int backward)
{
    long step = backward ? -1 : 1;
    for (long l = after + step; l >= 0 && (size_t)l < t->nlines; l += step) {
        size_t a = t->line[l], b = a + t->len[l];
        for (size_t i = a; i < b; i++)
            if (t->attr[i] & bit)
                return l;
    }
    return -1;
}
