/* index.h: the public interface of the index module: tokenizer, inverted index and the scoring models of `trecjudge search`. */
#ifndef TJ_INDEX_H
#define TJ_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

/* ---- tokenizer (tokenize.c, stem.c) ---- */

/* How text becomes terms; recorded in the index so that queries are analysed as documents
 * were. */
typedef struct index_analyzer {
    int stem;        /* 1: Porter's stemmer on tokens of ASCII letters */
    int stopwords;   /* 1: drop a short list of English function words */
} index_analyzer;

/* Called once per term; term is valid during the call only (not NUL-terminated). Return
 * non-zero to stop. */
typedef int (*index_term_fn)(void *ctx, const char *term, size_t len);

/* Splits UTF-8 text into terms: runs of letters and digits, case-folded (Unicode simple
 * folding for Latin, Greek and Cyrillic); Han, Hiragana, Katakana and Hangul become
 * overlapping character bigrams (a lone character a unigram); other scripts (Thai, Arabic,
 * ...) are kept as runs. Invalid UTF-8 separates terms. Returns what fn last returned. */
int index_tokenize(const index_analyzer *a, const char *text, size_t len, index_term_fn fn,
                   void *ctx);

/* The simple case folding of one code point (unchanged when it has none). */
uint32_t index_fold(uint32_t cp);

/* Porter's stemmer (1980) on a lower-case ASCII word in place; returns the new length. */
size_t index_stem(char *word, size_t len);

/* ---- scoring models (score.c) ---- */

typedef enum index_model {
    INDEX_JACCARD,   /* |q and d| / |q or d| over sets of terms */
    INDEX_TF,        /* sum of tf(t,d) over the query's terms */
    INDEX_LOGTF,     /* sum of 1 + log10 tf(t,d) */
    INDEX_TFIDF,     /* sum of tf(t,d) * log10(N / df(t)) */
    INDEX_COSINE,    /* cosine of the query's and the document's tf-idf vectors */
    INDEX_BM25       /* Robertson/Sparck Jones BM25 with parameters k1 and b */
} index_model;

typedef struct index_params {
    double k1, b;    /* BM25; defaults 0.9 and 0.4 */
} index_params;

void index_params_init(index_params *p);
/* "jaccard", "tf", "logtf", "tfidf", "cosine", "bm25"; -1 for anything else. */
int index_model_parse(const char *name, index_model *m);
const char *index_model_name(index_model m);

/* The weights the models are made of (exported for tests and for the man page's sake):
 * idf = log10(N / df); BM25's idf = ln(1 + (N - df + 0.5) / (df + 0.5)). */
double index_idf(double n_docs, double df);
double index_bm25_idf(double n_docs, double df);
double index_bm25_tf(double tf, double doc_len, double avg_len, const index_params *p);

/* ---- the index (index.c) ---- */

typedef struct index_inverted index_inverted;

/* An empty index that analyses text with a. Free with index_free. */
index_inverted *index_new(const index_analyzer *a);
void index_free(index_inverted **idx);

/* Adds a document (title and body are indexed as one text; title may be NULL). rowid
 * must grow from one call to the next: it is how the campaign's documents are followed. */
void index_add(index_inverted *idx, int64_t rowid, const char *docno, const char *title,
               const char *body, size_t body_len);

size_t index_doc_count(const index_inverted *idx);
size_t index_term_count(const index_inverted *idx);
uint64_t index_token_count(const index_inverted *idx);
/* The highest rowid indexed (0 when empty). */
int64_t index_max_rowid(const index_inverted *idx);
const index_analyzer *index_analyzer_of(const index_inverted *idx);

/* The document frequency of a term (after analysis), and its frequency in a document
 * given by docno; 0 when absent. For tests and diagnostics. */
size_t index_df(const index_inverted *idx, const char *term);
size_t index_tf(const index_inverted *idx, const char *term, const char *docno);

/* One result: docno is owned by the index and valid until it is changed or freed. */
typedef struct index_hit {
    const char *docno;
    double score;
} index_hit;

/* Runs a free-text query: fills hits (room for k) with the best documents, best first
 * (score descending, then docno descending as trec_eval orders ties), and sets *n. Only
 * documents sharing a term with the query are returned. Not thread-safe: the index keeps
 * a scratch area for queries. */
void index_query(index_inverted *idx, const char *text, size_t len, index_model m,
                 const index_params *p, size_t k, index_hit *hits, size_t *n);

/* ---- the index file (file.c) ---- */

/* The index file of a campaign: "<campaign>.index" (allocated). */
char *index_path_for(const char *campaign);

/* Reads an index file. Returns 1 and sets *out; 0 when the file does not exist; -1 with
 * err set when it cannot be read or is not an index of this version. */
int index_open(const char *path, index_inverted **out, util_error *err);
/* Writes the index atomically (a temporary file in the same directory, then rename). */
int index_write(const index_inverted *idx, const char *path, util_error *err);
void index_close(index_inverted **idx);

#endif
