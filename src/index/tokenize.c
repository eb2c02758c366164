/* tokenize.c: UTF-8 text to index terms: letter and digit runs, Unicode simple case folding, CJK bigrams, English stopwords. */
#include "index.h"

#include <string.h>

#define TOKEN_MAX 128   /* bytes; longer runs (encoded data, URLs gone wrong) are dropped */

uint32_t index_fold(uint32_t c)
{
    if (c < 0x80)
        return c >= 'A' && c <= 'Z' ? c + 32 : c;
    if (c < 0x100) {
        if (c == 0xB5)
            return 0x3BC;                      /* micro sign: Greek mu */
        if (c >= 0xC0 && c <= 0xDE && c != 0xD7)
            return c + 32;
        return c;
    }
    if (c < 0x180) {                            /* Latin Extended-A */
        if (c == 0x130)
            return 'i';                        /* I with dot above: no simple folding; i */
        if (c == 0x178)
            return 0xFF;
        if (c == 0x17F)
            return 's';                        /* long s */
        if ((c >= 0x100 && c <= 0x12F) || (c >= 0x132 && c <= 0x137) ||
            (c >= 0x14A && c <= 0x177))
            return c | 1;                      /* even upper, odd lower */
        if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E))
            return (c & 1) ? c + 1 : c;        /* odd upper, even lower */
        return c;
    }
    if (c >= 0x370 && c < 0x400) {              /* Greek */
        if (c >= 0x391 && c <= 0x3AB && c != 0x3A2)
            return c + 32;
        if (c == 0x386)
            return 0x3AC;
        if (c >= 0x388 && c <= 0x38A)
            return c + 37;
        if (c == 0x38C)
            return 0x3CC;
        if (c == 0x38E || c == 0x38F)
            return c + 63;
        if (c == 0x3C2)
            return 0x3C3;                      /* final sigma folds to sigma */
        if (c >= 0x3D8 && c <= 0x3EF)
            return c | 1;
        return c;
    }
    if (c >= 0x400 && c < 0x530) {              /* Cyrillic and its supplement */
        if (c <= 0x40F)
            return c + 80;
        if (c <= 0x42F)
            return c + 32;
        if ((c >= 0x460 && c <= 0x481) || (c >= 0x48A && c <= 0x4BF) ||
            (c >= 0x4D0 && c <= 0x52F))
            return c | 1;
        if (c == 0x4C0)
            return 0x4CF;
        if (c >= 0x4C1 && c <= 0x4CE)
            return (c & 1) ? c + 1 : c;
        return c;
    }
    if (c >= 0xFF21 && c <= 0xFF3A)
        return c - 0xFF21 + 'a';               /* fullwidth Latin letters */
    if (c >= 0xFF41 && c <= 0xFF5A)
        return c - 0xFF41 + 'a';
    if (c >= 0xFF10 && c <= 0xFF19)
        return c - 0xFF10 + '0';
    return c;
}

enum { SEP, WORD, CJK };

static int char_class(uint32_t c)
{
    if (c < 0x80) {
        if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
            return WORD;
        return SEP;
    }
    if (c < 0xC0)
        return c == 0xAA || c == 0xB5 || c == 0xBA ? WORD : SEP;
    if (c == 0xD7 || c == 0xF7)
        return SEP;
    if ((c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||
        (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x3FFFF) ||
        (c >= 0x3040 && c <= 0x30FF && c != 0x30FB) || (c >= 0x31F0 && c <= 0x31FF) ||
        (c >= 0xFF66 && c <= 0xFF9F) || (c >= 0xAC00 && c <= 0xD7AF) ||
        (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F) || c == 0x3005)
        return CJK;
    /* Punctuation and symbols of the blocks that have them. */
    if ((c >= 0x2000 && c <= 0x2BFF) || (c >= 0x2E00 && c <= 0x2E7F) ||
        (c >= 0x3000 && c <= 0x303F) || (c >= 0xFE30 && c <= 0xFE6F) ||
        (c >= 0xFF00 && c <= 0xFF0F) || (c >= 0xFF1A && c <= 0xFF20) ||
        (c >= 0xFF3B && c <= 0xFF40) || (c >= 0xFF5B && c <= 0xFF65) ||
        (c >= 0xFFF0 && c <= 0xFFFF) || c == 0xFEFF || (c >= 0x1F000 && c <= 0x1FAFF) ||
        (c >= 0xE000 && c <= 0xF8FF) || (c >= 0x55A && c <= 0x55F) || c == 0x589 ||
        c == 0x5BE || c == 0x5C0 || c == 0x5C3 || c == 0x60C || c == 0x61B || c == 0x61F ||
        (c >= 0x66A && c <= 0x66D) || c == 0x6D4 || c == 0x964 || c == 0x965 ||
        c == 0xE5A || c == 0xE5B || c == 0x37E || c == 0x387)
        return SEP;
    return WORD;
}

/* English function words, sorted (strcmp) for bsearch; the project's own short list. */
static const char *const stopwords[] = {
    "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and",
    "any", "are", "as", "at", "be", "because", "been", "before", "being", "below",
    "between", "both", "but", "by", "can", "could", "did", "do", "does", "doing", "down",
    "during", "each", "etc", "few", "for", "from", "further", "had", "has", "have",
    "having", "he", "her", "here", "hers", "herself", "him", "himself", "his", "how", "i",
    "if", "in", "into", "is", "it", "its", "itself", "just", "may", "me", "might", "more",
    "most", "must", "my", "myself", "no", "nor", "not", "of", "off", "on", "once", "only",
    "or", "other", "our", "ours", "ourselves", "out", "over", "own", "same", "shall", "she",
    "should", "so", "some", "such", "than", "that", "the", "their", "theirs", "them",
    "themselves", "then", "there", "these", "they", "this", "those", "through", "to",
    "too", "under", "until", "up", "upon", "very", "was", "we", "were", "what", "when",
    "where", "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your",
    "yours", "yourself", "yourselves",
};

static int is_stopword(const char *w, size_t n)
{
    if (n > 10)
        return 0;   /* the longest, "themselves" and "yourselves" */
    size_t lo = 0, hi = sizeof stopwords / sizeof stopwords[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strncmp(stopwords[mid], w, n);
        if (c == 0 && stopwords[mid][n] != '\0')
            c = 1;
        if (c == 0)
            return 1;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

typedef struct tok {
    const index_analyzer *a;
    index_term_fn fn;
    void *ctx;
    char word[TOKEN_MAX + 4];
    size_t wlen;
    int ascii_letters;     /* the word so far is only a-z */
    int too_long;
    uint32_t prev_cjk;     /* the last CJK character of the current run */
    size_t cjk_run;
    int stop;              /* what fn returned, once non-zero */
} tok;

static void flush_word(tok *t)
{
    if (t->wlen > 0 && !t->too_long && t->stop == 0) {
        size_t n = t->wlen;
        if (t->ascii_letters && t->a->stopwords && is_stopword(t->word, n))
            n = 0;
        else if (t->ascii_letters && t->a->stem)
            n = index_stem(t->word, n);
        if (n > 0)
            t->stop = t->fn(t->ctx, t->word, n);
    }
    t->wlen = 0;
    t->ascii_letters = 1;
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

int index_tokenize(const index_analyzer *a, const char *text, size_t len, index_term_fn fn,
                   void *ctx)
{
    tok t;
    t.a = a;
    t.fn = fn;
    t.ctx = ctx;
    t.wlen = 0;
    t.ascii_letters = 1;
    t.too_long = 0;
    t.prev_cjk = 0;
    t.cjk_run = 0;
    t.stop = 0;
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < len && t.stop == 0) {
        uint32_t c;
        size_t n = util_utf8_decode(s + i, len - i, &c);
        int cls;
        if (n == 0) {
            n = 1;
            cls = SEP;
        } else {
            cls = char_class(c);
        }
        i += n;
        if (cls == WORD) {
            end_cjk(&t);
            c = index_fold(c);
            if (t.wlen + 4 > TOKEN_MAX) {
                t.too_long = 1;
                continue;
            }
            if (c >= 0x80 || !(c >= 'a' && c <= 'z'))
                t.ascii_letters = 0;
            t.wlen += util_utf8_encode(c, t.word + t.wlen);
        } else if (cls == CJK) {
            flush_word(&t);
            if (t.cjk_run > 0 && t.stop == 0) {
                char b[8];
                size_t k = util_utf8_encode(t.prev_cjk, b);
                k += util_utf8_encode(c, b + k);
                t.stop = fn(ctx, b, k);
            }
            t.prev_cjk = c;
            t.cjk_run++;
        } else {
            flush_word(&t);
            end_cjk(&t);
        }
    }
    flush_word(&t);
    end_cjk(&t);
    return t.stop;
}
