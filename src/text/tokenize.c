/* tokenize.c: UTF-8 text to terms: words by text_word_term, CJK as character bigrams. */
/* SPDX-License-Identifier: MIT */
#include "text/text.h"

#include <string.h>

typedef struct tok {
    text_piece_fn fn;
    void *ctx;
    char word[TEXT_WORD_MAX + 4];
    size_t wlen;
    int too_long;
    uint32_t prev_cjk;     /* the last CJK character of the current run */
    size_t cjk_run;
    int stop;              /* what fn returned, once non-zero */
} tok;

static void flush_word(tok *t)
{
    if (t->wlen > 0 && !t->too_long && t->stop == 0)
        t->stop = t->fn(t->ctx, t->word, t->wlen, 1);
    t->wlen = 0;
    t->too_long = 0;
}

static void end_cjk(tok *t)
{
    if (t->cjk_run == 1 && t->stop == 0) {
        char b[4];
        size_t n = util_utf8_encode(t->prev_cjk, b);
        t->stop = t->fn(t->ctx, b, n, 0);
    }
    t->cjk_run = 0;
}

/* What text_char_class says of an ASCII byte: letters and digits are TEXT_WORD. */
static inline int ascii_word(unsigned char b)
{
    return (b >= '0' && b <= '9') || ((b | 0x20) >= 'a' && (b | 0x20) <= 'z');
}

int text_split(const char *text, size_t len, text_piece_fn fn, void *ctx)
{
    tok st;
    tok *t = &st;
    t->fn = fn;
    t->ctx = ctx;
    t->wlen = 0;
    t->too_long = 0;
    t->prev_cjk = 0;
    t->cjk_run = 0;
    t->stop = 0;
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < len && t->stop == 0) {
        /* ASCII, most of most text, classified here and a run of letters and digits copied
         * at once: what the general path below does a character at a time */
        if (s[i] < 0x80) {
            if (!ascii_word(s[i])) {
                if (t->wlen > 0 || t->too_long)
                    flush_word(t);
                if (t->cjk_run > 0)
                    end_cjk(t);
                i++;
                continue;
            }
            if (t->cjk_run > 0)
                end_cjk(t);
            size_t e = i + 1;
            while (e < len && ascii_word(s[e]))
                e++;
            if (t->wlen + (e - i) > TEXT_WORD_MAX) {
                t->too_long = 1;
            } else {
                memcpy(t->word + t->wlen, s + i, e - i);
                t->wlen += e - i;
            }
            i = e;
            continue;
        }
        uint32_t c;
        size_t n = util_utf8_decode(s + i, len - i, &c);
        text_class cls;
        if (n == 0) {
            n = 1;
            cls = TEXT_SEP;
        } else {
            cls = text_char_class(c);
        }
        if (cls == TEXT_WORD) {
            end_cjk(t);
            if (t->wlen + n > TEXT_WORD_MAX)
                t->too_long = 1;
            else
                for (size_t k = 0; k < n; k++)
                    t->word[t->wlen++] = (char)s[i + k];
        } else if (cls == TEXT_CJK) {
            flush_word(t);
            if (t->cjk_run > 0 && t->stop == 0) {
                char b[8];
                size_t k = util_utf8_encode(t->prev_cjk, b);
                k += util_utf8_encode(c, b + k);
                t->stop = fn(ctx, b, k, 0);
            }
            t->prev_cjk = c;
            t->cjk_run++;
        } else {
            flush_word(t);
            end_cjk(t);
        }
        i += n;
    }
    flush_word(t);
    end_cjk(t);
    return t->stop;
}

typedef struct analysed {
    text_analyzer *a;
    text_term_fn fn;
    void *ctx;
    char term[TEXT_TERM_MAX];
} analysed;

static int analyse_piece(void *ctx, const char *s, size_t len, int word)
{
    analysed *an = ctx;
    if (!word)
        return an->fn(an->ctx, s, len);
    size_t n = text_word_term(an->a, s, len, an->term);
    return n > 0 ? an->fn(an->ctx, an->term, n) : 0;
}

int text_tokenize(text_analyzer *a, const char *text, size_t len, text_term_fn fn, void *ctx)
{
    analysed an;
    an.a = a;
    an.fn = fn;
    an.ctx = ctx;
    return text_split(text, len, analyse_piece, &an);
}
