/* vectors.c: documents and texts as term vectors: postings, the forward view, a text's terms. */
/* SPDX-License-Identifier: MIT */
#include "index_private.h"

#include <stdlib.h>
#include <string.h>

const char *index_docno(const index_inverted *idx, size_t doc)
{
    return idx->docnos + idx->docno[doc];
}

size_t index_postings(const index_inverted *idx, size_t term, const index_posting **p)
{
    *p = idx->terms[term].p;
    return idx->terms[term].n;
}

typedef struct text_terms {
    index_inverted *idx;
    index_term_tf *t;
    size_t n, cap;
} text_terms;

static int text_term_cb(void *ctx, const char *term, size_t len)
{
    text_terms *tt = ctx;
    long id = index_term_find(tt->idx, term, len, 0);
    if (id < 0)
        return 0;
    for (size_t i = 0; i < tt->n; i++)
        if (tt->t[i].term == (uint32_t)id) {
            tt->t[i].tf++;
            return 0;
        }
    util_grow(&tt->t, &tt->cap, tt->n + 1, sizeof *tt->t);
    tt->t[tt->n++] = (index_term_tf){ (uint32_t)id, 1 };
    return 0;
}

static int term_tf_cmp(const void *pa, const void *pb)
{
    const index_term_tf *a = pa, *b = pb;
    return a->term < b->term ? -1 : a->term > b->term;
}

size_t index_text_terms(index_inverted *idx, const char *text, size_t len, index_term_tf **out)
{
    text_terms tt = { idx, NULL, 0, 0 };
    text_tokenize(idx->ta, text, len, text_term_cb, &tt);
    if (tt.n > 1)
        qsort(tt.t, tt.n, sizeof *tt.t, term_tf_cmp);
    *out = tt.t;
    return tt.n;
}

struct index_forward {
    size_t ndocs;
    size_t *start;          /* doc -> its first entry in terms; start[ndocs] = end */
    index_term_tf *terms;
    util_map docnos;        /* docno -> document number */
};

index_forward *index_forward_new(const index_inverted *idx)
{
    index_forward *f = util_calloc(1, sizeof *f);
    f->ndocs = idx->ndocs;
    f->start = util_calloc(idx->ndocs + 1, sizeof *f->start);
    size_t total = 0;
    for (size_t d = 0; d < idx->ndocs; d++) {
        f->start[d] = total;
        total += idx->distinct[d];
    }
    f->start[idx->ndocs] = total;
    f->terms = util_calloc(total + 1, sizeof *f->terms);
    /* terms are visited in increasing number, so each document's list comes out sorted */
    size_t *fill = util_calloc(idx->ndocs + 1, sizeof *fill);
    for (size_t t = 0; t < idx->nterms; t++) {
        const index_term *te = &idx->terms[t];
        for (uint32_t i = 0; i < te->n; i++) {
            uint32_t d = te->p[i].doc;
            f->terms[f->start[d] + fill[d]++] = (index_term_tf){ (uint32_t)t, te->p[i].tf };
        }
    }
    free(fill);
    for (size_t d = 0; d < idx->ndocs; d++) {
        const char *docno = index_docno(idx, d);
        util_map_add(&f->docnos, docno, strlen(docno), NULL);
    }
    return f;
}

size_t index_forward_doc(const index_forward *f, size_t doc, const index_term_tf **terms)
{
    *terms = f->terms + f->start[doc];
    return f->start[doc + 1] - f->start[doc];
}

size_t index_forward_docs(const index_forward *f)
{
    return f->ndocs;
}

long index_forward_find(const index_forward *f, const char *docno)
{
    return util_map_find(&f->docnos, docno, strlen(docno));
}

void index_forward_free(index_forward **pf)
{
    index_forward *f = *pf;
    if (f == NULL)
        return;
    free(f->start);
    free(f->terms);
    util_map_free(&f->docnos);
    free(f);
    *pf = NULL;
}
