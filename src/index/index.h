/* index.h: the index module's interface: the inverted index and the scoring models of search. */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_INDEX_H
#define TJ_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include "text/text.h"
#include "util/util.h"

/* ---- analysis: the text module's ---- */

/* How text becomes terms (the text module's options: stemmer, language, stop words);
 * recorded in the index so that queries are analysed as documents were. The default,
 * text_options_default, is Snowball's stemmer and stop words of the language, English
 * unless told. */
typedef text_options index_analyzer;

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

/* An empty index that analyses text with a; NULL with err set when a cannot be had (a
 * language without a stemmer or a stop word list). Free with index_free. */
index_inverted *index_new(const index_analyzer *a, util_error *err);
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

/* ---- documents as vectors of terms (vectors.c): what a classifier reads ---- */

/* One document of a term's postings list, in document order. */
typedef struct index_posting {
    uint32_t doc;     /* the document's number in the index (0, 1, ...: rowid order) */
    uint32_t tf;
} index_posting;

/* One term of a document or of a text: its number in the index and its frequency. */
typedef struct index_term_tf {
    uint32_t term;
    uint32_t tf;
} index_term_tf;

/* Document number doc's docno (doc < index_doc_count). */
const char *index_docno(const index_inverted *idx, size_t doc);
/* Term number term's document frequency; *p is set to its postings (owned by the index). */
size_t index_postings(const index_inverted *idx, size_t term, const index_posting **p);
/* The terms of a text analysed as the documents were, only those the index has, in
 * increasing term number with their counts: *out is allocated (free it), the count
 * returned. */
size_t index_text_terms(index_inverted *idx, const char *text, size_t len, index_term_tf **out);

/* The forward view: every document's terms, built from the postings in one pass, and a
 * map from docno to document number. It reads idx when built only. */
typedef struct index_forward index_forward;
index_forward *index_forward_new(const index_inverted *idx);
/* Document doc's distinct terms in increasing term number; returns their number. */
size_t index_forward_doc(const index_forward *f, size_t doc, const index_term_tf **terms);
size_t index_forward_docs(const index_forward *f);
/* The document number of a docno, or -1. */
long index_forward_find(const index_forward *f, const char *docno);
void index_forward_free(index_forward **f);

/* ---- the index file (file.c) ---- */

/* The index file of a campaign: "<campaign>.index" (allocated). */
char *index_path_for(const char *campaign);

/* Reads an index file. Returns 1 and sets *out; 0 when the file does not exist or is of
 * version 1 (analysed by a stemmer since replaced: to be built again); -1 with err set when
 * it cannot be read or is not an index of this version. */
int index_open(const char *path, index_inverted **out, util_error *err);
/* Writes the index atomically (a temporary file in the same directory, then rename). */
int index_write(const index_inverted *idx, const char *path, util_error *err);
void index_close(index_inverted **idx);

#endif
