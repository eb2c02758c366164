/* test_text.c: unit tests of the text module: characters, tokenizer, stemmers, stop words. */
/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text/text.h"

typedef struct joined {
    char text[1024];
    size_t len;
} joined;

static int join_cb(void *ctx, const char *term, size_t len)
{
    joined *t = ctx;
    if (t->len > 0)
        t->text[t->len++] = '|';
    memcpy(t->text + t->len, term, len);
    t->len += len;
    t->text[t->len] = '\0';
    return 0;
}

static text_analyzer *analyzer(int stem, const char *lang, const char *stopwords)
{
    text_options o;
    memset(&o, 0, sizeof o);
    o.stem = stem;
    strcpy(o.lang, lang);
    strcpy(o.stopwords, stopwords);
    util_error err = { 0, "" };
    text_analyzer *a = text_analyzer_new(&o, &err);
    if (a == NULL)
        fail_msg("text_analyzer_new: %s", err.msg);
    return a;
}

/* The terms of text joined by '|'. */
static const char *tokens(text_analyzer *a, const char *text)
{
    static joined t;
    t.len = 0;
    t.text[0] = '\0';
    text_tokenize(a, text, strlen(text), join_cb, &t);
    return t.text;
}

static void test_tokenize(void **state)
{
    (void)state;
    text_analyzer *plain = analyzer(TEXT_STEM_NONE, "en", "");
    assert_string_equal(tokens(plain, "Ides of MARCH, 44 B.C."), "ides|of|march|44|b|c");
    assert_string_equal(tokens(plain, "  "), "");
    /* Latin-1 and Latin Extended-A fold; the multiplication sign separates. */
    assert_string_equal(tokens(plain, "ÉCOLE École ŁÓDŹ 3×4"), "école|école|łódź|3|4");
    /* A decomposed é (e and a combining acute) is the precomposed one. */
    assert_string_equal(tokens(plain, "E\xcc\x81" "cole"), "école");
    /* Greek, final sigma included; Cyrillic; full folding of ß. */
    assert_string_equal(tokens(plain, "ΛΌΓΟΣ λόγος"), "λόγοσ|λόγοσ");
    assert_string_equal(tokens(plain, "МОСКВА Ёж"), "москва|ёж");
    assert_string_equal(tokens(plain, "STRASSE Straße"), "strasse|strasse");
    /* CJK: overlapping bigrams, a lone character alone; Latin around it stays whole. */
    assert_string_equal(tokens(plain, "東京大学"), "東京|京大|大学");
    assert_string_equal(tokens(plain, "猫"), "猫");
    assert_string_equal(tokens(plain, "abc東京def"), "abc|東京|def");
    assert_string_equal(tokens(plain, "カタカナ、ひらがな"), "カタ|タカ|カナ|ひら|らが|がな");
    assert_string_equal(tokens(plain, "한국어"), "한국|국어");
    /* Thai has no spaces between words: kept as one run. */
    assert_string_equal(tokens(plain, "ภาษาไทย ok"), "ภาษาไทย|ok");
    /* Fullwidth Latin and ligatures are their compatibility forms. */
    assert_string_equal(tokens(plain, "ＴＲＥＣ２ ﬁle"), "trec2|file");
    /* Invalid UTF-8 separates. */
    assert_string_equal(tokens(plain, "ab\xff\xfe" "cd\xc3"), "ab|cd");
    text_analyzer_free(&plain);
    assert_null(plain);
}

/* The tokenizer as it was written first, a character at a time (util_utf8_decode and
 * text_char_class for every character): what the ASCII path must agree with. */
typedef struct ref_tok {
    text_analyzer *a;
    joined *out;
    char word[TEXT_WORD_MAX + 4];
    size_t wlen;
    int too_long;
    uint32_t prev_cjk;
    size_t cjk_run;
} ref_tok;

static void ref_word(ref_tok *t)
{
    char term[TEXT_TERM_MAX];
    size_t n = t->wlen > 0 && !t->too_long ? text_word_term(t->a, t->word, t->wlen, term) : 0;
    if (n > 0)
        join_cb(t->out, term, n);
    t->wlen = 0;
    t->too_long = 0;
}

static void ref_cjk(ref_tok *t)
{
    char b[4];
    if (t->cjk_run == 1)
        join_cb(t->out, b, util_utf8_encode(t->prev_cjk, b));
    t->cjk_run = 0;
}

static void ref_tokens(text_analyzer *a, const char *text, size_t len, joined *out)
{
    ref_tok t = { .a = a, .out = out };
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = 0; i < len;) {
        uint32_t c;
        size_t n = util_utf8_decode(s + i, len - i, &c);
        text_class cls = n == 0 ? TEXT_SEP : text_char_class(c);
        n = n == 0 ? 1 : n;
        if (cls == TEXT_WORD) {
            ref_cjk(&t);
            if (t.wlen + n > TEXT_WORD_MAX)
                t.too_long = 1;
            else
                for (size_t k = 0; k < n; k++)
                    t.word[t.wlen++] = (char)s[i + k];
        } else if (cls == TEXT_CJK) {
            ref_word(&t);
            if (t.cjk_run > 0) {
                char b[8];
                size_t k = util_utf8_encode(t.prev_cjk, b);
                k += util_utf8_encode(c, b + k);
                join_cb(out, b, k);
            }
            t.prev_cjk = c;
            t.cjk_run++;
        } else {
            ref_word(&t);
            ref_cjk(&t);
        }
        i += n;
    }
    ref_word(&t);
    ref_cjk(&t);
}

/* Words at the length limit, ASCII runs that go on in other scripts, and random text
 * against the tokenizer a character at a time. */
static void test_tokenize_runs(void **state)
{
    (void)state;
    text_analyzer *plain = analyzer(TEXT_STEM_NONE, "en", "");
    char w[300];
    memset(w, 'a', 128);
    w[128] = '\0';
    assert_string_equal(tokens(plain, w), w);
    w[128] = 'b';
    w[129] = '\0';
    assert_string_equal(tokens(plain, w), "");
    memcpy(w + 126, "\xc3\xa9", 3);   /* 126 ASCII bytes and an e acute: 128 bytes */
    assert_int_equal(strlen(tokens(plain, w)), 128);
    w[126] = 'a';
    memcpy(w + 127, "\xc3\xa9", 3);   /* 129 */
    assert_string_equal(tokens(plain, w), "");
    assert_string_equal(tokens(plain, "NAÏVE café123 x\xcc\x81y A-b"),
                        "naïve|café123|x\xcc\x81y|a|b");
    static const char *const pieces[] = { "a", "Z", "7", " ", ",", "\n", "\xc3\xa9", "\xcc\x81",
                                          "\xe6\x9d\xb1", "\xe4\xba\xac", "\xe2\x80\x94",
                                          "\xff", "\xc3", "\x01", "Running", "the" };
    size_t npieces = sizeof pieces / sizeof *pieces;
    text_analyzer *en = analyzer(TEXT_STEM_SNOWBALL, "en", "en");
    uint64_t seed = 42;
    for (int round = 0; round < 2000; round++) {
        char text[400];
        size_t len = 0;
        int runs = (int)(seed % 40);
        for (int k = 0; k < runs; k++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            const char *p = pieces[(seed >> 33) % npieces];
            /* now and then a long run of one piece, over the word limit or not */
            size_t times = (seed >> 20) % 16 == 0 ? 20 + (seed >> 40) % 120 : 1;
            for (size_t r = 0; r < times && len + strlen(p) < sizeof text; r++) {
                memcpy(text + len, p, strlen(p));
                len += strlen(p);
            }
        }
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        for (int m = 0; m < 2; m++) {
            text_analyzer *a = m == 0 ? plain : en;
            joined want = { .len = 0 }, got = { .len = 0 };
            want.text[0] = got.text[0] = '\0';
            ref_tokens(a, text, len, &want);
            text_tokenize(a, text, len, join_cb, &got);
            assert_string_equal(got.text, want.text);
        }
    }
    text_analyzer_free(&en);
    text_analyzer_free(&plain);
}

typedef struct pieces {
    char text[1024];
    size_t len;
} pieces;

static int piece_cb(void *ctx, const char *s, size_t len, int word)
{
    pieces *p = ctx;
    p->len += (size_t)snprintf(p->text + p->len, sizeof p->text - p->len, "%s%s%.*s",
                               p->len > 0 ? "|" : "", word ? "" : "=", (int)len, s);
    return 0;
}

/* text_split hands over the words as they are written, CJK terms marked (=) as final. */
static void test_split(void **state)
{
    (void)state;
    char long_word[200];
    memset(long_word, 'x', 129);
    snprintf(long_word + 129, sizeof long_word - 129, " The Running 東京大学 猫 é");
    pieces p = { .len = 0 };
    p.text[0] = '\0';
    assert_int_equal(text_split(long_word, strlen(long_word), piece_cb, &p), 0);
    assert_string_equal(p.text, "The|Running|=東京|=京大|=大学|=猫|é");
}

/* An analyzer remembers the terms of the words it has seen (up to 2^18 words, then it
 * starts again): the terms stay those of a fresh analyzer. */
static void test_word_memo(void **state)
{
    (void)state;
    static const char *const words[] = { "Running", "the", "THE", "ponies", "généralisations",
                                         "oscillators", "a", "Ｔrees", "trees" };
    size_t nwords = sizeof words / sizeof *words;
    char want[16][TEXT_TERM_MAX], out[TEXT_TERM_MAX];
    size_t want_len[16];
    text_analyzer *fresh = analyzer(TEXT_STEM_SNOWBALL, "en", "en");
    for (size_t i = 0; i < nwords; i++)
        want_len[i] = text_word_term(fresh, words[i], strlen(words[i]), want[i]);
    text_analyzer_free(&fresh);
    text_analyzer *a = analyzer(TEXT_STEM_SNOWBALL, "en", "en");
    for (int pass = 0; pass < 3; pass++) {
        for (size_t i = 0; i < nwords; i++) {
            size_t n = text_word_term(a, words[i], strlen(words[i]), out);
            assert_int_equal(n, want_len[i]);
            assert_memory_equal(out, want[i], n);
        }
        /* more distinct words than are remembered */
        for (unsigned k = 0; pass == 1 && k < (1u << 18) + 1000; k++) {
            char w[16] = "zq";   /* no stop word */
            size_t n = 2;
            for (unsigned v = k; n == 2 || v > 0; v /= 26)
                w[n++] = (char)('a' + v % 26);
            w[n++] = 's';
            assert_true(text_word_term(a, w, n, out) > 0);
        }
    }
    text_analyzer_free(&a);
}

static void test_chars(void **state)
{
    (void)state;
    assert_int_equal(text_fold('Q'), 'q');
    assert_int_equal(text_fold(0x130), 'i');     /* I with dot above */
    assert_int_equal(text_fold(0x3A3), 0x3C3);
    assert_int_equal(text_fold(0x3C2), 0x3C3);   /* final sigma */
    assert_int_equal(text_fold(0x178), 0xFF);
    assert_int_equal(text_fold(0xDF), 0xDF);     /* ß: one code point only here */
    assert_int_equal(text_fold(0x10400), 0x10428);   /* Deseret, beyond the old tables */
    assert_int_equal(text_char_class('a'), TEXT_WORD);
    assert_int_equal(text_char_class(0x301), TEXT_WORD);   /* combining acute */
    assert_int_equal(text_char_class(0x6771), TEXT_CJK);
    assert_int_equal(text_char_class(0x2014), TEXT_SEP);   /* em dash */
    assert_int_equal(text_char_class(0xD7), TEXT_SEP);
    assert_int_equal(text_char_width('a'), 1);
    assert_int_equal(text_char_width(0x519C), 2);
    assert_int_equal(text_char_width(0xFF21), 2);
    assert_int_equal(text_char_width(0x301), 0);
    assert_true(text_char_printable(0xE9));
    assert_false(text_char_printable(0x85));
    assert_false(text_char_printable(0x378));    /* unassigned */
    assert_true(text_char_unspaced(0xE20));
    assert_false(text_char_unspaced('a'));
}

/* The defaults of Anserini and PyTerrier: Snowball's stemmer and stop words. */
static void test_english(void **state)
{
    (void)state;
    text_options o;
    text_options_default(&o, NULL);
    assert_int_equal(o.stem, TEXT_STEM_SNOWBALL);
    assert_string_equal(o.lang, "en");
    assert_string_equal(o.stopwords, "en");
    util_error err = { 0, "" };
    text_analyzer *en = text_analyzer_new(&o, &err);
    assert_non_null(en);
    assert_string_equal(tokens(en, "The generalizations of the oscillators were running"),
                        "general|oscil|run");
    assert_string_equal(tokens(en, "trees Tree systems System optimization Optimizers"),
                        "tree|tree|system|system|optim|optim");
    char out[TEXT_TERM_MAX];
    assert_int_equal(text_word_term(en, "The", 3, out), 0);   /* a stop word */
    assert_int_equal(text_word_term(en, "Ponies", 6, out), 4);
    assert_memory_equal(out, "poni", 4);
    text_analyzer_free(&en);
    /* Porter's original algorithm, as Snowball has it */
    text_analyzer *porter = analyzer(TEXT_STEM_PORTER, "en", "");
    assert_string_equal(tokens(porter, "generalizations relational"), "gener|relat");
    text_analyzer_free(&porter);
}

static void test_other_languages(void **state)
{
    (void)state;
    text_options o;
    text_options_default(&o, "de");
    assert_string_equal(o.stopwords, "de");
    text_analyzer *de = text_analyzer_new(&o, NULL);
    assert_non_null(de);
    assert_string_equal(tokens(de, "Die Häuser und das Haus, Gärten und GARTEN"),
                        "haus|haus|gart|gart");
    text_analyzer_free(&de);
    text_options_default(&o, "fr");
    text_analyzer *fr = text_analyzer_new(&o, NULL);
    assert_non_null(fr);
    assert_string_equal(tokens(fr, "Les politiques économiques et la politique de l'Économie"),
                        "polit|économ|polit|économ");
    text_analyzer_free(&fr);
    text_options_default(&o, "ru");
    text_analyzer *ru = text_analyzer_new(&o, NULL);
    assert_string_equal(tokens(ru, "МОСКВА и Москвы"), "москв|москв");
    text_analyzer_free(&ru);
    /* Greek has a stemmer but no stop list here; Klingon has neither */
    text_options_default(&o, "el");
    assert_int_equal(o.stem, TEXT_STEM_SNOWBALL);
    assert_string_equal(o.stopwords, "");
    assert_false(text_lang_has_stemmer("tlh"));
    assert_false(text_lang_has_stemmer("../en"));
    text_options_default(&o, "../etc");
    assert_string_equal(o.lang, "en");
    memset(&o, 0, sizeof o);
    o.stem = TEXT_STEM_NONE;
    strcpy(o.stopwords, "tlh");
    util_error err = { 0, "" };
    assert_null(text_analyzer_new(&o, &err));
    assert_non_null(strstr(err.msg, "no stop word list"));
}

static void test_wordlists(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    text_wordlist *en = text_wordlist_load("en", &err);
    assert_non_null(en);
    assert_int_equal(text_wordlist_count(en), 174);   /* Snowball's English list */
    assert_true(text_wordlist_has(en, "the", 3));
    assert_true(text_wordlist_has(en, "yourselves", 10));
    assert_false(text_wordlist_has(en, "th", 2));   /* a prefix of "the" is not "the" */
    assert_false(text_wordlist_has(en, "tree", 4));
    for (size_t i = 1; i < text_wordlist_count(en); i++)
        assert_true(strcmp(text_wordlist_word(en, i - 1), text_wordlist_word(en, i)) < 0);
    text_wordlist_free(&en);
    assert_null(text_wordlist_load("no-such-list", &err));
    assert_non_null(strstr(err.msg, "no-such-list.txt"));
    char *p = text_data_path("stopwords/en.txt");
    assert_non_null(strstr(p, "/stopwords/en.txt"));
    free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tokenize),
        cmocka_unit_test(test_tokenize_runs),
        cmocka_unit_test(test_word_memo),
        cmocka_unit_test(test_split),
        cmocka_unit_test(test_chars),
        cmocka_unit_test(test_english),
        cmocka_unit_test(test_other_languages),
        cmocka_unit_test(test_wordlists),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
