/* text.c: untrusted UTF-8 turned into safe display characters, with query terms marked and lines wrapped by display width. */
#include "assess/assess.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

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
    return (c >= 0x0e00 && c <= 0x0eff) || (c >= 0x1000 && c <= 0x109f) ||
           (c >= 0x1780 && c <= 0x17ff) || (c >= 0x2e80 && c <= 0x9fff) ||
           (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff) ||
           (c >= 0xff66 && c <= 0xff9f) || (c >= 0x20000 && c <= 0x3ffff);
}

static int is_cjk(wchar_t c)
{
    return (c >= 0x2e80 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) ||
           (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff66 && c <= 0xff9f) ||
           (c >= 0x20000 && c <= 0x3ffff);
}

/* Case folding and letter tests with an ASCII fast path (documents are mostly ASCII). */
static inline wchar_t fold(wchar_t c)
{
    if (c < 0x80)
        return c >= 'A' && c <= 'Z' ? c + 32 : c;
    return (wchar_t)towlower((wint_t)c);
}

static inline int alnum(wchar_t c)
{
    if (c < 0x80)
        return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9');
    return iswalnum((wint_t)c) != 0;
}

int assess_char_width(wchar_t c)
{
    if (c < 0x80)
        return 1;
    int w = wcwidth(c);
    return w < 0 ? 1 : w;
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
        } else if ((c >= 0x80 && c <= 0x9f) || is_format(c) ||
                   (c >= 0x80 && wcwidth((wchar_t)c) < 0)) {
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

static int word_char(const assess_text *t, size_t i)
{
    return !(t->attr[i] & ASSESS_ATTR_PLACEHOLDER) && alnum(t->ch[i]);
}

void assess_text_mark_terms(assess_text *t, const wchar_t *const *terms, size_t nterms)
{
    if (nterms == 0)
        return;
    size_t *len = util_malloc(nterms * sizeof *len);
    int has_anywhere = 0;
    for (size_t k = 0; k < nterms; k++) {
        len[k] = wcslen(terms[k]);
        has_anywhere |= len[k] > 0 && is_nospace(terms[k][0]);
    }
    /* one pass; words are tried at their first character only, terms of scripts without
     * spaces at every character */
    int prev_word = 0;
    for (size_t i = 0; i < t->n; i++) {
        wchar_t c = t->ch[i];
        int is_word = !(t->attr[i] & ASSESS_ATTR_PLACEHOLDER) && alnum(c);
        int word_start = is_word && !prev_word;
        prev_word = is_word;
        if (!is_word || (!word_start && !has_anywhere))
            continue;
        wchar_t lc = fold(c);
        for (size_t k = 0; k < nterms; k++) {
            const wchar_t *term = terms[k];
            size_t m = len[k];
            if (m == 0 || term[0] != lc || i + m > t->n)
                continue;
            int anywhere = is_nospace(term[0]);
            if (!anywhere && !word_start)
                continue;
            size_t j = 1;
            while (j < m && !(t->attr[i + j] & ASSESS_ATTR_PLACEHOLDER) && fold(t->ch[i + j]) == term[j])
                j++;
            if (j < m)
                continue;
            size_t end = i + m;
            if (!anywhere) {
                while (end < t->n && word_char(t, end) && !is_nospace(t->ch[end]))
                    end++;
                /* a longer word matches when the term is long enough to be its stem */
                if (end != i + m && (m < 4 || end - i > m + 4))
                    continue;
            }
            for (size_t q = i; q < end; q++)
                t->attr[q] |= ASSESS_ATTR_TERM;
        }
    }
    free(len);
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
        while (j < m && fold(t->ch[i + j]) == needle[j])
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

/* Words that carry no topic of their own in the languages of the demo and of CLEF. */
static const char *const stopwords[] = {
    "about", "all", "also", "and", "any", "are", "been", "but", "can", "describe", "describing",
    "discuss", "discussing", "document", "documents", "does", "find", "for", "from", "has",
    "have", "how", "identify", "information", "into", "its", "may", "more", "most", "not",
    "other", "relevant", "such", "than", "that", "the", "their", "them", "then", "there",
    "these", "they", "this", "those", "was", "were", "what", "when", "which", "who", "why",
    "will", "with", "would", "your",
    "aux", "avec", "ces", "dans", "des", "est", "les", "leur", "leurs", "par", "pour", "qui",
    "que", "quoi", "sont", "sur", "une", "comment", "quels", "quelles",
    "che", "con", "come", "dei", "degli", "del", "della", "delle", "gli", "nel", "nella",
    "per", "sono", "sul", "sulla", "una", "quali",
    "для", "что", "как", "при", "или", "это", "они", "над", "под", "какие", "каким",
    "der", "die", "das", "und", "mit", "von", "den", "dem", "ist",
    "los", "las", "por", "para", "con", "una", "del",
};

static int is_stopword(const wchar_t *w)
{
    char buf[64];
    size_t n = wcstombs(buf, w, sizeof buf);
    if (n == (size_t)-1 || n >= sizeof buf)
        return 0;
    for (size_t i = 0; i < sizeof stopwords / sizeof *stopwords; i++)
        if (strcmp(buf, stopwords[i]) == 0)
            return 1;
    return 0;
}

static size_t add_term(wchar_t ***terms, size_t n, const wchar_t *w, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (wcslen((*terms)[i]) == len && wmemcmp((*terms)[i], w, len) == 0)
            return n;
    *terms = util_realloc(*terms, (n + 1) * sizeof **terms);
    wchar_t *copy = util_malloc((len + 1) * sizeof *copy);
    wmemcpy(copy, w, len);
    copy[len] = L'\0';
    (*terms)[n] = copy;
    return n + 1;
}

static size_t flush_word(wchar_t ***terms, size_t n, wchar_t *w, size_t len)
{
    if (len == 0)
        return n;
    if (is_cjk(w[0])) {
        if (len == 1)
            return add_term(terms, n, w, 1);
        for (size_t i = 0; i + 1 < len; i++)
            n = add_term(terms, n, w + i, 2);
        return n;
    }
    if (is_nospace(w[0]))
        return len >= 2 ? add_term(terms, n, w, len) : n;
    w[len] = L'\0';
    if (len < 3 || is_stopword(w))
        return n;
    return add_term(terms, n, w, len);
}

size_t assess_terms_split(const char *utf8, wchar_t ***terms, size_t nterms)
{
    size_t len = strlen(utf8), i = 0, wl = 0;
    wchar_t word[64];
    int kind = 0;   /* 0 none, 1 spaced word, 2 CJK run, 3 other unspaced run */
    while (i <= len) {
        uint32_t cp = 0;
        size_t used = i < len ? util_utf8_decode((const unsigned char *)utf8 + i, len - i, &cp) : 0;
        long c = used == 0 ? -1 : (long)cp;
        if (used == 0)
            used = 1;
        int k = 0;
        wchar_t lc = 0;
        if (c > 0 && iswalnum((wint_t)c)) {
            lc = (wchar_t)towlower((wint_t)c);
            k = is_cjk(lc) ? 2 : is_nospace(lc) ? 3 : 1;
        }
        if (k != kind || wl + 1 >= sizeof word / sizeof *word) {
            nterms = flush_word(terms, nterms, word, wl);
            wl = 0;
            kind = k;
        }
        if (k != 0)
            word[wl++] = lc;
        i += used;
    }
    return nterms;
}
