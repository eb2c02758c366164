/* text.h: the text module's interface: what a character and a term are, for index and screen. */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_TEXT_H
#define TJ_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

/* ---- characters (chars.c): Unicode's tables, whatever the locale ---- */

typedef enum text_class {
    TEXT_SEP,    /* punctuation, symbols, spaces, controls, unassigned: separates words */
    TEXT_WORD,   /* letters, combining marks and digits */
    TEXT_CJK     /* Han, Hiragana, Katakana, Hangul: indexed as character bigrams */
} text_class;

text_class text_char_class(uint32_t cp);
/* Scripts written without spaces between words (CJK, Thai, Lao, Myanmar, Khmer): the
 * screen matches their terms anywhere and may break a line between any two of them. */
int text_char_unspaced(uint32_t cp);
/* The case folding of one code point (Unicode's simple folding where full folding would
 * give several: 'ß' stays 'ß' here, and words are folded fully by text_word_term). */
uint32_t text_fold(uint32_t cp);
/* Display cells of a printable code point (0 for combining marks, 2 for wide ones). */
int text_char_width(uint32_t cp);
/* 0 for what has no glyph of its own: controls, surrogates, unassigned code points. */
int text_char_printable(uint32_t cp);

/* ---- terms (analyze.c, tokenize.c) ---- */

#define TEXT_WORD_MAX 128    /* bytes; longer words (encoded data, URLs gone wrong) are dropped */
#define TEXT_TERM_MAX 512    /* bytes of an analysed term, at most */

typedef enum text_stem {
    TEXT_STEM_NONE,
    TEXT_STEM_SNOWBALL,      /* Snowball's stemmer of the language */
    TEXT_STEM_PORTER         /* Porter's original English stemmer (1980), as Snowball has it */
} text_stem;

/* How text becomes terms. Languages are ISO 639-1 codes ("en", "de", "fr", ...). */
typedef struct text_options {
    int stem;                /* a text_stem */
    char lang[8];            /* the stemmer's language */
    char stopwords[8];       /* the stop word list's language (share/stopwords/<code>.txt);
                              * "" for none */
} text_options;

/* The defaults of Anserini and PyTerrier: the language's Snowball stemmer and stop words
 * (either left out when the language has none); lang NULL or not a language code: "en". */
void text_options_default(text_options *o, const char *lang);
/* 1 when lang is a code of 2 or 3 lower-case letters that Snowball has a stemmer for. */
int text_lang_has_stemmer(const char *lang);
/* 1 when share/stopwords/<lang>.txt is there. */
int text_lang_has_stopwords(const char *lang);
/* The path of a data file of the project (allocated): under share/ in the source tree when
 * the program runs from its build tree, else the installed copy under $(pkgdatadir). */
char *text_data_path(const char *name);

typedef struct text_analyzer text_analyzer;

/* An analyzer for o: NULL with err set when the language has no stemmer or no stop word
 * list, or the list cannot be read. Free with text_analyzer_free. Not thread-safe: the
 * stemmer keeps state between calls; one analyzer per thread. */
text_analyzer *text_analyzer_new(const text_options *o, util_error *err);
void text_analyzer_free(text_analyzer **a);
const text_options *text_analyzer_options(const text_analyzer *a);

/* The term of one word (word: UTF-8 of TEXT_WORD characters, len <= TEXT_WORD_MAX): fully
 * case-folded and NFKC-normalised, then dropped when it is a stop word, then stemmed.
 * Writes it to out (TEXT_TERM_MAX bytes of room, not NUL-terminated) and returns its
 * length; 0 when the word is dropped. The analyzer remembers the terms of the last words
 * it was given (up to 2^18 words, at most about 25 MB), so that a word seen before is looked up,
 * not worked out again. */
size_t text_word_term(text_analyzer *a, const char *word, size_t len, char *out);

/* Called once per term; term is valid during the call only (not NUL-terminated). Return
 * non-zero to stop. */
typedef int (*text_term_fn)(void *ctx, const char *term, size_t len);

/* Splits UTF-8 text into terms: runs of TEXT_WORD characters become words analysed by
 * text_word_term; Han, Hiragana, Katakana and Hangul become overlapping character bigrams
 * (a lone character a unigram); invalid UTF-8 separates terms. Returns what fn last
 * returned. */
int text_tokenize(text_analyzer *a, const char *text, size_t len, text_term_fn fn, void *ctx);

/* Called once per piece of text_split: a word (word 1: UTF-8 of TEXT_WORD characters, at
 * most TEXT_WORD_MAX bytes, not yet analysed; text_word_term gives its term) or a CJK term
 * (word 0: a bigram or a lone character, a term as it is). Valid during the call only. */
typedef int (*text_piece_fn)(void *ctx, const char *s, size_t len, int word);

/* The splitting of text_tokenize without the analysis of the words: for a caller that
 * keeps what it made of a word (the index's term number). Returns what fn last returned. */
int text_split(const char *text, size_t len, text_piece_fn fn, void *ctx);

/* ---- word lists (analyze.c) ---- */

typedef struct text_wordlist text_wordlist;

/* Reads share/stopwords/<name>.txt (one word a line, '#' starts a comment line), every
 * word case-folded. NULL with err set when it cannot be read. */
text_wordlist *text_wordlist_load(const char *name, util_error *err);
int text_wordlist_has(const text_wordlist *l, const char *word, size_t len);
size_t text_wordlist_count(const text_wordlist *l);
/* The i-th word (i < count), in byte order. */
const char *text_wordlist_word(const text_wordlist *l, size_t i);
void text_wordlist_free(text_wordlist **l);

#endif
