/* index.c: the inverted index in memory: adding documents, term statistics, top-k queries. */
/* SPDX-License-Identifier: MIT */
#include "index_private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

index_inverted *index_new(const index_analyzer *a, util_error *err)
{
    text_analyzer *ta = text_analyzer_new(a, err);
    if (ta == NULL)
        return NULL;
    index_inverted *idx = util_calloc(1, sizeof *idx);
    idx->a = *a;
    idx->ta = ta;
    idx->nslots = 1024;
    idx->slots = util_calloc(idx->nslots, sizeof *idx->slots);
    return idx;
}

void index_free(index_inverted **pidx)
{
    index_inverted *idx = *pidx;
    if (idx == NULL)
        return;
    for (size_t i = 0; i < idx->nterms; i++)
        free(idx->terms[i].p);
    free(idx->terms);
    free(idx->names);
    free(idx->slots);
    free(idx->rowid);
    free(idx->docno);
    free(idx->len);
    free(idx->distinct);
    free(idx->docnos);
    free(idx->acc);
    free(idx->mark);
    free(idx->touched);
    free(idx->norms);
    util_map_free(&idx->words);
    free(idx->word_term);
    text_analyzer_free(&idx->ta);
    free(idx);
    *pidx = NULL;
}

void index_close(index_inverted **idx)
{
    index_free(idx);
}

size_t index_doc_count(const index_inverted *idx)
{
    return idx->ndocs;
}

size_t index_term_count(const index_inverted *idx)
{
    return idx->nterms;
}

uint64_t index_token_count(const index_inverted *idx)
{
    return idx->tokens;
}

int64_t index_max_rowid(const index_inverted *idx)
{
    return idx->ndocs > 0 ? idx->rowid[idx->ndocs - 1] : 0;
}

const index_analyzer *index_analyzer_of(const index_inverted *idx)
{
    return &idx->a;
}

static void slots_grow(index_inverted *idx)
{
    size_t n = idx->nslots * 2;
    uint64_t *slots = util_calloc(n, sizeof *slots);
    for (size_t t = 0; t < idx->nterms; t++) {
        const index_term *term = &idx->terms[t];
        uint64_t hash = util_hash(idx->names + term->name, term->name_len);
        size_t h = (size_t)hash & (n - 1);
        while (slots[h] != 0)
            h = (h + 1) & (n - 1);
        slots[h] = (hash & 0xffffffff00000000ull) | ((uint64_t)t + 1);
    }
    free(idx->slots);
    idx->slots = slots;
    idx->nslots = n;
}

/* The term's number, or -1 (then *slot is where it would go). */
static long lookup(const index_inverted *idx, const char *name, size_t len, size_t *slot)
{
    uint64_t hash = util_hash(name, len), high = hash & 0xffffffff00000000ull;
    size_t mask = idx->nslots - 1;
    size_t h = (size_t)hash & mask;
    for (;; h = (h + 1) & mask) {
        uint64_t s = idx->slots[h];
        if (s == 0)
            break;
        if ((s & 0xffffffff00000000ull) != high)
            continue;
        const index_term *t = &idx->terms[(uint32_t)s - 1];
        if (t->name_len == len && memcmp(idx->names + t->name, name, len) == 0)
            return (long)(uint32_t)s - 1;
    }
    *slot = h;
    return -1;
}

long index_term_find(index_inverted *idx, const char *name, size_t len, int create)
{
    size_t slot;
    long id = lookup(idx, name, len, &slot);
    if (id >= 0 || !create)
        return id;
    util_grow(&idx->names, &idx->names_cap, idx->names_len + len + 1, 1);
    memcpy(idx->names + idx->names_len, name, len);
    idx->names[idx->names_len + len] = '\0';
    idx->names_len += len + 1;
    return index_term_insert(idx, idx->names_len - len - 1, (uint32_t)len);
}

long index_term_insert(index_inverted *idx, uint64_t name, uint32_t len)
{
    util_grow(&idx->terms, &idx->cap_terms, idx->nterms + 1, sizeof *idx->terms);
    index_term *t = &idx->terms[idx->nterms];
    memset(t, 0, sizeof *t);
    t->name = name;
    t->name_len = len;
    size_t mask = idx->nslots - 1;
    uint64_t hash = util_hash(idx->names + name, len);
    size_t h = (size_t)hash & mask;
    while (idx->slots[h] != 0)
        h = (h + 1) & mask;
    idx->slots[h] = (hash & 0xffffffff00000000ull) | (uint64_t)++idx->nterms;
    if (idx->nterms * 2 > idx->nslots)
        slots_grow(idx);
    return (long)idx->nterms - 1;
}

/* Words remembered with their terms' numbers, at most (about 20 MB). */
#define INDEX_WORDS (1u << 18)

/* The number of the term of a word (-1: none), remembered. */
static long word_term(index_inverted *idx, const char *word, size_t len)
{
    long w = util_map_find_hash(&idx->words, word, len, util_hash(word, len));
    if (w >= 0)
        return idx->word_term[w];
    char term[TEXT_TERM_MAX];
    size_t n = text_word_term(idx->ta, word, len, term);
    long id = n > 0 ? index_term_find(idx, term, n, 1) : -1;
    if (idx->words.n >= INDEX_WORDS)
        util_map_clear(&idx->words);
    size_t k = util_map_add(&idx->words, word, len, NULL);
    util_grow(&idx->word_term, &idx->word_term_cap, k + 1, sizeof *idx->word_term);
    idx->word_term[k] = (int32_t)id;
    return id;
}

static int add_piece(void *ctx, const char *s, size_t len, int word)
{
    index_inverted *idx = ctx;
    uint32_t doc = (uint32_t)idx->ndocs - 1;
    long id = word ? word_term(idx, s, len) : index_term_find(idx, s, len, 1);
    if (id < 0)
        return 0;
    index_term *t = &idx->terms[id];
    if (t->n > 0 && t->p[t->n - 1].doc == doc) {
        t->p[t->n - 1].tf++;
    } else {
        if (t->n == t->cap) {
            t->cap = t->cap ? t->cap * 2 : 2;
            t->p = util_realloc(t->p, t->cap * sizeof *t->p);
        }
        t->p[t->n].doc = doc;
        t->p[t->n].tf = 1;
        t->n++;
        idx->distinct[doc]++;
    }
    idx->len[doc]++;
    return 0;
}

void index_add(index_inverted *idx, int64_t rowid, const char *docno, const char *title,
               const char *body, size_t body_len)
{
    size_t cap = idx->cap_docs;
    util_grow(&idx->rowid, &cap, idx->ndocs + 1, sizeof *idx->rowid);
    cap = idx->cap_docs;
    util_grow(&idx->docno, &cap, idx->ndocs + 1, sizeof *idx->docno);
    cap = idx->cap_docs;
    util_grow(&idx->len, &cap, idx->ndocs + 1, sizeof *idx->len);
    util_grow(&idx->distinct, &idx->cap_docs, idx->ndocs + 1, sizeof *idx->distinct);
    size_t dl = strlen(docno);
    util_grow(&idx->docnos, &idx->docnos_cap, idx->docnos_len + dl + 1, 1);
    memcpy(idx->docnos + idx->docnos_len, docno, dl + 1);
    size_t d = idx->ndocs++;
    idx->rowid[d] = rowid;
    idx->docno[d] = idx->docnos_len;
    idx->docnos_len += dl + 1;
    idx->len[d] = 0;
    idx->distinct[d] = 0;
    if (title != NULL)
        text_split(title, strlen(title), add_piece, idx);
    text_split(body, body_len, add_piece, idx);
    idx->tokens += idx->len[d];
}

/* ---- statistics ---- */

typedef struct first_term {
    char buf[160];
    size_t len;
    int found;
} first_term;

static int first_cb(void *ctx, const char *term, size_t len)
{
    first_term *f = ctx;
    if (len >= sizeof f->buf)
        len = sizeof f->buf - 1;
    memcpy(f->buf, term, len);
    f->len = len;
    f->found = 1;
    return 1;
}

static long analysed_term(const index_inverted *idx, const char *text)
{
    first_term f = { .found = 0 };
    text_tokenize(idx->ta, text, strlen(text), first_cb, &f);
    if (!f.found)
        return -1;
    size_t slot;
    return lookup(idx, f.buf, f.len, &slot);
}

size_t index_df(const index_inverted *idx, const char *term)
{
    long t = analysed_term(idx, term);
    return t < 0 ? 0 : idx->terms[t].n;
}

size_t index_tf(const index_inverted *idx, const char *term, const char *docno)
{
    long t = analysed_term(idx, term);
    if (t < 0)
        return 0;
    const index_term *te = &idx->terms[t];
    for (uint32_t i = 0; i < te->n; i++)
        if (strcmp(idx->docnos + idx->docno[te->p[i].doc], docno) == 0)
            return te->p[i].tf;
    return 0;
}

/* ---- queries ---- */

typedef struct query_term {
    long id;          /* -1: not in the index_inverted */
    uint32_t qtf;
    char name[160];
    size_t len;
} query_term;

typedef struct query {
    index_inverted *idx;
    query_term *t;
    size_t n, cap;
} query;

static int query_cb(void *ctx, const char *term, size_t len)
{
    query *q = ctx;
    if (len >= sizeof q->t[0].name)
        len = sizeof q->t[0].name - 1;
    for (size_t i = 0; i < q->n; i++)
        if (q->t[i].len == len && memcmp(q->t[i].name, term, len) == 0) {
            q->t[i].qtf++;
            return 0;
        }
    util_grow(&q->t, &q->cap, q->n + 1, sizeof *q->t);
    query_term *t = &q->t[q->n++];
    memcpy(t->name, term, len);
    t->len = len;
    t->qtf = 1;
    t->id = index_term_find(q->idx, term, len, 0);
    return 0;
}

/* The length of every document's tf-idf vector, recomputed after documents were added. */
static void norms_update(index_inverted *idx)
{
    if (idx->norms_docs == idx->ndocs && idx->norms != NULL)
        return;
    free(idx->norms);
    idx->norms = util_calloc(idx->ndocs + 1, sizeof *idx->norms);
    for (size_t t = 0; t < idx->nterms; t++) {
        const index_term *te = &idx->terms[t];
        double idf = index_idf((double)idx->ndocs, te->n);
        for (uint32_t i = 0; i < te->n; i++) {
            double w = te->p[i].tf * idf;
            idx->norms[te->p[i].doc] += w * w;
        }
    }
    for (size_t d = 0; d < idx->ndocs; d++)
        idx->norms[d] = sqrt(idx->norms[d]);
    idx->norms_docs = idx->ndocs;
}

/* a ranks before b: higher score, then the greater docno (trec_eval's order). */
static int better(const index_hit *a, const index_hit *b)
{
    if (a->score != b->score)
        return a->score > b->score;
    return strcmp(a->docno, b->docno) > 0;
}

static int hit_cmp(const void *pa, const void *pb)
{
    const index_hit *a = pa, *b = pb;
    return better(a, b) ? -1 : better(b, a) ? 1 : 0;
}

/* A heap of the k best with the worst at the root. */
static void heap_down(index_hit *h, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, w = i;
        if (l < n && better(&h[w], &h[l]))
            w = l;
        if (r < n && better(&h[w], &h[r]))
            w = r;
        if (w == i)
            return;
        index_hit tmp = h[i];
        h[i] = h[w];
        h[w] = tmp;
        i = w;
    }
}

static void heap_up(index_hit *h, size_t i)
{
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!better(&h[p], &h[i]))
            return;
        index_hit tmp = h[i];
        h[i] = h[p];
        h[p] = tmp;
        i = p;
    }
}

void index_query(index_inverted *idx, const char *text, size_t len, index_model m,
                 const index_params *p, size_t k, index_hit *hits, size_t *nhits)
{
    *nhits = 0;
    query q = { idx, NULL, 0, 0 };
    text_tokenize(idx->ta, text, len, query_cb, &q);
    if (q.n == 0 || idx->ndocs == 0 || k == 0)
        goto out;
    if (idx->scratch_docs < idx->ndocs) {
        free(idx->acc);
        free(idx->mark);
        free(idx->touched);
        idx->acc = util_calloc(idx->ndocs, sizeof *idx->acc);
        idx->mark = util_calloc(idx->ndocs, 1);
        idx->touched = util_malloc(idx->ndocs * sizeof *idx->touched);
        idx->scratch_docs = idx->ndocs;
    }
    if (m == INDEX_COSINE)
        norms_update(idx);
    double n_docs = (double)idx->ndocs;
    double avg_len = (double)idx->tokens / n_docs;
    double qnorm = 0;
    size_t ntouched = 0;
    for (size_t i = 0; i < q.n; i++) {
        if (q.t[i].id < 0)
            continue;
        const index_term *te = &idx->terms[q.t[i].id];
        double qtf = q.t[i].qtf, idf = 0;
        if (m == INDEX_TFIDF || m == INDEX_COSINE)
            idf = index_idf(n_docs, te->n);
        else if (m == INDEX_BM25)
            idf = index_bm25_idf(n_docs, te->n);
        if (m == INDEX_COSINE)
            qnorm += (qtf * idf) * (qtf * idf);
        for (uint32_t j = 0; j < te->n; j++) {
            uint32_t d = te->p[j].doc;
            double tf = te->p[j].tf, w = 0;
            switch (m) {
            case INDEX_JACCARD: w = 1; break;
            case INDEX_TF: w = qtf * tf; break;
            case INDEX_LOGTF: w = qtf * (1 + log10(tf)); break;
            case INDEX_TFIDF: w = qtf * tf * idf; break;
            case INDEX_COSINE: w = qtf * idf * tf * idf; break;
            case INDEX_BM25: w = qtf * idf * index_bm25_tf(tf, idx->len[d], avg_len, p); break;
            }
            if (!idx->mark[d]) {
                idx->mark[d] = 1;
                idx->touched[ntouched++] = d;
            }
            idx->acc[d] += w;
        }
    }
    qnorm = sqrt(qnorm);
    size_t n = 0;
    for (size_t i = 0; i < ntouched; i++) {
        uint32_t d = idx->touched[i];
        double s = idx->acc[d];
        idx->acc[d] = 0;
        idx->mark[d] = 0;
        if (m == INDEX_JACCARD)
            s = s / ((double)q.n + idx->distinct[d] - s);
        else if (m == INDEX_COSINE)
            s = (qnorm > 0 && idx->norms[d] > 0) ? s / (qnorm * idx->norms[d]) : 0;
        index_hit h = { idx->docnos + idx->docno[d], s };
        if (n < k) {
            hits[n] = h;
            heap_up(hits, n++);
        } else if (better(&h, &hits[0])) {
            hits[0] = h;
            heap_down(hits, n, 0);
        }
    }
    qsort(hits, n, sizeof *hits, hit_cmp);
    *nhits = n;
out:
    free(q.t);
}
