/* analyze.c: a word to its term: case folding and NFKC, stop words, Snowball's stemmers. */
/* SPDX-License-Identifier: MIT */
#include "text/text.h"

#include <libstemmer.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <utf8proc.h>

#ifndef TJ_SRCDIR
#define TJ_SRCDIR "."
#endif
#ifndef TJ_PKGDATADIR
#define TJ_PKGDATADIR "/usr/local/share/trecjudge"
#endif

/* Case folding, compatibility forms ("ＴＲＥＣ", "ﬁ") and canonical composition (an 'e' and
 * a combining acute are 'é'): the normalisation search engines call NFKC_Casefold. */
#define FOLD_OPTIONS (UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT | UTF8PROC_CASEFOLD)

struct text_wordlist {
    char *data;
    char **words;     /* sorted by strcmp */
    size_t n;
};

/* Words remembered with their terms, at most; then the memo starts again empty. A word's
 * term depends on the word alone, and a collection's frequent words are few: folding, the
 * stop words and the stemmer were three quarters of an index build's time. */
#define MEMO_WORDS (1u << 18)

typedef struct memo_term {
    const char *s;    /* in the analyzer's term arena */
    size_t len;       /* 0: the word has no term (a stop word, too long once folded) */
} memo_term;

struct text_analyzer {
    text_options o;
    struct sb_stemmer *stemmer;
    text_wordlist *stop;
    utf8proc_int32_t cps[TEXT_TERM_MAX];   /* scratch for folding */
    util_map memo;                         /* word -> its index in terms */
    memo_term *terms;
    size_t terms_cap;
    util_arena term_arena;
};

static int lang_code(const char *lang)
{
    size_t n = lang != NULL ? strlen(lang) : 0;
    if (n < 2 || n > 3)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (lang[i] < 'a' || lang[i] > 'z')
            return 0;
    return 1;
}

char *text_data_path(const char *name)
{
    struct stat st;
    size_t n = strlen(TJ_SRCDIR) + strlen(TJ_PKGDATADIR) + strlen(name) + 16;
    char *p = util_malloc(n);
    snprintf(p, n, "%s/share/%s", TJ_SRCDIR, name);
    if (stat(p, &st) != 0)
        snprintf(p, n, "%s/%s", TJ_PKGDATADIR, name);
    return p;
}

int text_lang_has_stemmer(const char *lang)
{
    if (!lang_code(lang))
        return 0;
    struct sb_stemmer *s = sb_stemmer_new(lang, "UTF_8");
    sb_stemmer_delete(s);
    return s != NULL;
}

int text_lang_has_stopwords(const char *lang)
{
    if (!lang_code(lang))
        return 0;
    char name[32];
    snprintf(name, sizeof name, "stopwords/%s.txt", lang);
    char *p = text_data_path(name);
    struct stat st;
    int ok = stat(p, &st) == 0;
    free(p);
    return ok;
}

void text_options_default(text_options *o, const char *lang)
{
    memset(o, 0, sizeof *o);
    if (!lang_code(lang))
        lang = "en";
    snprintf(o->lang, sizeof o->lang, "%s", lang);
    o->stem = text_lang_has_stemmer(lang) ? TEXT_STEM_SNOWBALL : TEXT_STEM_NONE;
    if (text_lang_has_stopwords(lang))
        snprintf(o->stopwords, sizeof o->stopwords, "%s", lang);
}

/* Folds s[0, n) into out (room for cap bytes); returns the length, or 0 when it does not
 * fit or is not valid UTF-8. */
static size_t fold_word(utf8proc_int32_t *cps, size_t ncps, const char *s, size_t n, char *out,
                        size_t cap)
{
    size_t i = 0;
    while (i < n && (unsigned char)s[i] < 0x80)
        i++;
    if (i == n) {   /* ASCII: the common case, without utf8proc */
        if (n > cap)
            return 0;
        for (i = 0; i < n; i++)
            out[i] = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] + 32) : s[i];
        return n;
    }
    utf8proc_ssize_t k = utf8proc_decompose((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)n,
                                            cps, (utf8proc_ssize_t)ncps, FOLD_OPTIONS);
    if (k < 0 || (size_t)k > ncps)
        return 0;
    k = utf8proc_normalize_utf32(cps, k, FOLD_OPTIONS);
    if (k < 0)
        return 0;
    k = utf8proc_reencode(cps, k, FOLD_OPTIONS);
    if (k <= 0 || (size_t)k > cap)
        return 0;
    memcpy(out, cps, (size_t)k);
    return (size_t)k;
}

/* ---- word lists ---- */

static int word_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

text_wordlist *text_wordlist_load(const char *name, util_error *err)
{
    text_wordlist *l = NULL;
    char *data = NULL;
    char file[64];
    snprintf(file, sizeof file, "stopwords/%s.txt", name);
    char *path = text_data_path(file);
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        util_error_set(err, UTIL_EXIT_SYSTEM, path, 0,
                       "cannot read the word list (is trecjudge installed?)");
        goto out;
    }
    size_t len = 0, cap = 0;
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, fp)) > 0) {
        util_grow(&data, &cap, len + got + 1, 1);
        memcpy(data + len, buf, got);
        len += got;
    }
    fclose(fp);
    l = util_calloc(1, sizeof *l);
    /* never grown, so that words can point into it: folding rarely lengthens a word */
    size_t room = 2 * len + 64;
    l->data = util_malloc(room);
    size_t cap_words = 0, used = 0;
    utf8proc_int32_t cps[TEXT_TERM_MAX];
    for (size_t i = 0; i < len;) {
        size_t e = i;
        while (e < len && data[e] != '\n')
            e++;
        size_t a = i, b = e;
        while (a < b && (data[a] == ' ' || data[a] == '\t'))
            a++;
        while (b > a && (data[b - 1] == ' ' || data[b - 1] == '\t' || data[b - 1] == '\r'))
            b--;
        if (b > a && data[a] != '#' && b - a <= TEXT_WORD_MAX) {
            char w[TEXT_TERM_MAX];
            size_t n = fold_word(cps, TEXT_TERM_MAX, data + a, b - a, w, sizeof w);
            if (n > 0 && used + n + 1 <= room) {
                util_grow(&l->words, &cap_words, l->n + 1, sizeof *l->words);
                memcpy(l->data + used, w, n);
                l->data[used + n] = '\0';
                l->words[l->n++] = l->data + used;
                used += n + 1;
            }
        }
        i = e + 1;
    }
    if (l->n > 0)
        qsort(l->words, l->n, sizeof *l->words, word_cmp);
out:
    free(data);
    free(path);
    return l;
}

int text_wordlist_has(const text_wordlist *l, const char *w, size_t n)
{
    size_t lo = 0, hi = l != NULL ? l->n : 0;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strncmp(l->words[mid], w, n);
        if (c == 0 && l->words[mid][n] != '\0')
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

size_t text_wordlist_count(const text_wordlist *l)
{
    return l != NULL ? l->n : 0;
}

const char *text_wordlist_word(const text_wordlist *l, size_t i)
{
    return l->words[i];
}

void text_wordlist_free(text_wordlist **l)
{
    if (*l == NULL)
        return;
    free((*l)->data);
    free((*l)->words);
    util_free(l);
}

/* ---- analyzers ---- */

text_analyzer *text_analyzer_new(const text_options *o, util_error *err)
{
    text_analyzer *a = util_calloc(1, sizeof *a);
    a->o = *o;
    if (o->stem == TEXT_STEM_SNOWBALL || o->stem == TEXT_STEM_PORTER) {
        const char *name = o->stem == TEXT_STEM_PORTER ? "porter" : o->lang;
        if (o->stem == TEXT_STEM_SNOWBALL && !lang_code(o->lang)) {
            util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "'%s' is not a language code",
                           o->lang);
            goto fail;
        }
        a->stemmer = sb_stemmer_new(name, "UTF_8");
        if (a->stemmer == NULL) {
            util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                           "Snowball has no stemmer for the language '%s'", o->lang);
            goto fail;
        }
    }
    if (o->stopwords[0] != '\0') {
        if (!lang_code(o->stopwords)) {
            util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "'%s' is not a language code",
                           o->stopwords);
            goto fail;
        }
        if (!text_lang_has_stopwords(o->stopwords)) {
            util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                           "there is no stop word list for the language '%s'", o->stopwords);
            goto fail;
        }
        a->stop = text_wordlist_load(o->stopwords, err);
        if (a->stop == NULL)
            goto fail;
    }
    return a;
fail:
    text_analyzer_free(&a);
    return NULL;
}

void text_analyzer_free(text_analyzer **a)
{
    if (*a == NULL)
        return;
    if ((*a)->stemmer != NULL)
        sb_stemmer_delete((*a)->stemmer);
    text_wordlist_free(&(*a)->stop);
    util_map_free(&(*a)->memo);
    util_free(&(*a)->terms);
    util_arena_free(&(*a)->term_arena);
    util_free(a);
}

const text_options *text_analyzer_options(const text_analyzer *a)
{
    return &a->o;
}

/* The term of a word, worked out. */
static size_t word_term(text_analyzer *a, const char *word, size_t len, char *out)
{
    size_t n = fold_word(a->cps, TEXT_TERM_MAX, word, len, out, TEXT_TERM_MAX);
    if (n == 0 || (a->stop != NULL && text_wordlist_has(a->stop, out, n)))
        return 0;
    if (a->stemmer != NULL) {
        const sb_symbol *s = sb_stemmer_stem(a->stemmer, (const sb_symbol *)out, (int)n);
        if (s == NULL)
            util_die("out of memory");
        int k = sb_stemmer_length(a->stemmer);
        if (k > 0 && (size_t)k <= TEXT_TERM_MAX) {
            memmove(out, s, (size_t)k);
            n = (size_t)k;
        }
    }
    return n;
}

size_t text_word_term(text_analyzer *a, const char *word, size_t len, char *out)
{
    if (len == 0 || len > TEXT_WORD_MAX)
        return 0;
    uint64_t hash = util_hash(word, len);
    long i = util_map_find_hash(&a->memo, word, len, hash);
    if (i >= 0) {
        memcpy(out, a->terms[i].s, a->terms[i].len);
        return a->terms[i].len;
    }
    size_t n = word_term(a, word, len, out);
    if (a->memo.n >= MEMO_WORDS) {
        util_map_clear(&a->memo);
        util_arena_reset(&a->term_arena);
    }
    size_t k = util_map_add(&a->memo, word, len, NULL);
    util_grow(&a->terms, &a->terms_cap, k + 1, sizeof *a->terms);
    a->terms[k] = (memo_term){ util_arena_copy(&a->term_arena, out, n), n };
    return n;
}
