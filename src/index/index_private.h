/* index_private.h: the in-memory layout of an index, shared by index.c and file.c only. */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_INDEX_PRIVATE_H
#define TJ_INDEX_PRIVATE_H

#include "index.h"

typedef struct index_term {
    uint64_t name;    /* offset in names */
    uint32_t name_len;
    uint32_t n, cap;  /* n is the document frequency */
    index_posting *p;
} index_term;

struct index_inverted {
    index_analyzer a;
    text_analyzer *ta;    /* a's analyzer: the one definition of a term */
    /* documents, by number */
    int64_t *rowid;
    uint64_t *docno;      /* offsets in docnos (NUL-terminated strings) */
    uint32_t *len;        /* tokens */
    uint32_t *distinct;   /* distinct terms */
    size_t ndocs, cap_docs;
    char *docnos;
    size_t docnos_len, docnos_cap;
    uint64_t tokens;
    /* terms, by number, with an open-addressing table: a slot holds the term's number + 1
     * in its low 32 bits (0: empty) and the high 32 bits of its name's hash */
    index_term *terms;
    size_t nterms, cap_terms;
    char *names;
    size_t names_len, names_cap;
    uint64_t *slots;
    size_t nslots;
    /* the words of the documents added, each with its term's number (-1: no term), up to
     * INDEX_WORDS words, then forgotten: a word is analysed and its term looked up once */
    util_map words;
    int32_t *word_term;
    size_t word_term_cap;
    /* query scratch, grown to ndocs on use */
    double *acc;
    unsigned char *mark;
    uint32_t *touched;
    size_t scratch_docs;
    double *norms;        /* tf-idf vector lengths, valid for norms_docs documents */
    size_t norms_docs;
};

/* The term's number, or -1; with create, adds it. */
long index_term_find(index_inverted *idx, const char *name, size_t len, int create);
/* Adds a term whose name is already in names at offset name (not looked up first). */
long index_term_insert(index_inverted *idx, uint64_t name, uint32_t len);

#endif
