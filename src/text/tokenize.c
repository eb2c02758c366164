/* tokenize.c: UTF-8 text to terms: words by text_word_term, CJK as character bigrams. */
/* SPDX-License-Identifier: MIT */
#include "text/text.h"

typedef struct tok {
    text_analyzer *a;
    text_term_fn fn;
    void *ctx;
    char word[TEXT_WORD_MAX + 4];
    size_t wlen;
    int too_long;
    char term[TEXT_TERM_MAX];
    uint32_t prev_cjk;     /* the last CJK character of the current run */
    size_t cjk_run;
    int stop;              /* what fn returned, once non-zero */
} tok;

static void flush_word(tok *t)
{
    if (t->wlen > 0 && !t->too_long && t->stop == 0) {
        size_t n = text_word_term(t->a, t->word, t->wlen, t->term);
        if (n > 0)
            t->stop = t->fn(t->ctx, t->term, n);
    }
    t->wlen = 0;
    t->too_long = 0;
}

static void end_cjk(tok *t)
{
    if (t->cjk_run == 1 && t->stop == 0) {
        char b[4];
        size_t n = util_utf8_encode(t->prev_cjk, b);
        t->stop = t->fn(t->ctx, b, n);
    }
    t->cjk_run = 0;
}

int text_tokenize(text_analyzer *a, const char *text, size_t len, text_term_fn fn, void *ctx)
{
    tok st;
    tok *t = &st;
    t->a = a;
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
                t->stop = fn(ctx, b, k);
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
