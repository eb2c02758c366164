/* learn.c: continuous active learning: tf-idf features, logistic regression by SGD. */
/* SPDX-License-Identifier: MIT */
#include "learn.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct learn_features {
    index_inverted *idx;
    index_forward *fwd;
    size_t ndocs, nterms;
    double *idf;            /* term -> log10(N / df) */
    double *inv_norm;       /* doc -> 1 / length of its (1 + ln tf) idf vector */
    float *value;           /* the forward view's entries' features, in its order */
    size_t *start;          /* doc -> its first entry in value */
    float *post_value;      /* the same features in the postings' order */
    uint32_t *post_doc;     /* and their documents (a copy: one stream to read, not two) */
    size_t *post_start;     /* term -> its first entry in post_value */
};

/* (1 + ln tf) idf, before the document's vector is scaled to length 1 */
static double raw_feature(uint32_t tf, double idf)
{
    return (1.0 + log((double)tf)) * idf;
}

learn_features *learn_features_new(index_inverted *idx)
{
    learn_features *f = util_calloc(1, sizeof *f);
    f->idx = idx;
    f->fwd = index_forward_new(idx);
    f->ndocs = index_doc_count(idx);
    f->nterms = index_term_count(idx);
    f->idf = util_calloc(f->nterms + 1, sizeof *f->idf);
    for (size_t t = 0; t < f->nterms; t++) {
        const index_posting *p;
        size_t df = index_postings(idx, t, &p);
        f->idf[t] = index_idf((double)f->ndocs, (double)df);
    }
    f->inv_norm = util_calloc(f->ndocs + 1, sizeof *f->inv_norm);
    f->start = util_calloc(f->ndocs + 1, sizeof *f->start);
    size_t total = 0;
    for (size_t d = 0; d < f->ndocs; d++) {
        const index_term_tf *terms;
        f->start[d] = total;
        total += index_forward_doc(f->fwd, d, &terms);
    }
    f->start[f->ndocs] = total;
    f->value = util_calloc(total + 1, sizeof *f->value);
    for (size_t d = 0; d < f->ndocs; d++) {
        const index_term_tf *terms;
        size_t n = index_forward_doc(f->fwd, d, &terms);
        double sum = 0;
        for (size_t i = 0; i < n; i++) {
            double v = raw_feature(terms[i].tf, f->idf[terms[i].term]);
            sum += v * v;
        }
        f->inv_norm[d] = sum > 0 ? 1.0 / sqrt(sum) : 0;
        for (size_t i = 0; i < n; i++)
            f->value[f->start[d] + i] =
                (float)(raw_feature(terms[i].tf, f->idf[terms[i].term]) * f->inv_norm[d]);
    }
    f->post_start = util_calloc(f->nterms + 1, sizeof *f->post_start);
    f->post_value = util_calloc(total + 1, sizeof *f->post_value);
    f->post_doc = util_calloc(total + 1, sizeof *f->post_doc);
    size_t k = 0;
    for (size_t t = 0; t < f->nterms; t++) {
        const index_posting *p;
        size_t df = index_postings(idx, t, &p);
        f->post_start[t] = k;
        for (size_t i = 0; i < df; i++) {
            f->post_doc[k] = p[i].doc;
            f->post_value[k++] = (float)(raw_feature(p[i].tf, f->idf[t]) * f->inv_norm[p[i].doc]);
        }
    }
    f->post_start[f->nterms] = k;
    return f;
}

void learn_features_free(learn_features **pf)
{
    learn_features *f = *pf;
    if (f == NULL)
        return;
    index_forward_free(&f->fwd);
    free(f->idf);
    free(f->inv_norm);
    free(f->value);
    free(f->start);
    free(f->post_value);
    free(f->post_doc);
    free(f->post_start);
    free(f);
    *pf = NULL;
}

size_t learn_features_docs(const learn_features *f)
{
    return f->ndocs;
}

void learn_params_init(learn_params *p)
{
    p->rate = 0.2;
    p->lambda = 1e-4;
    p->pairs = 5;
    p->negatives = 100;
    p->seed = 20160717;
}

/* ---- the classifier ---- */

/* A training example: a document of the index, or the topic (TOPIC_EXAMPLE, which in the
 * judgments' order stands for a docno the index does not have). */
#define TOPIC_EXAMPLE UINT32_MAX

enum { UNJUDGED = 0, JUDGED_NOT = 1, JUDGED_REL = 2 };

struct learn_cal {
    const learn_features *f;
    learn_params p;
    uint64_t rng;
    /* the model: w = scale * v, score(d) = scale * dot[d] + bias */
    double *v;              /* term -> weight / scale */
    double scale, bias;
    double *dot;            /* doc -> v . x_d, brought up to date after every judgment */
    double *pending;        /* term -> change of v not yet in dot */
    uint32_t *touched;      /* the terms with a pending change */
    size_t ntouched, captouched;
    /* the topic as a document: its terms and features */
    index_term_tf *topic_terms;
    float *topic_value;
    size_t topic_n;
    /* labels */
    unsigned char *state;   /* doc -> UNJUDGED, JUDGED_NOT, JUDGED_REL */
    uint32_t *rel, *non;    /* relevant examples (the topic first), non-relevant ones */
    size_t nrel, nnon, caprel, capnon;
    uint32_t *presumed;     /* the sample presumed not relevant, judged ones removed */
    size_t npresumed;
    /* the judgments in the order first made */
    uint32_t *order;        /* doc, or TOPIC_EXAMPLE for a docno not in the index */
    unsigned char *label;
    size_t njudged, capjudged;
    util_map foreign;       /* judged docnos the index does not have */
};

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A uniform number below n (n > 0), without modulo bias worth speaking of for n < 2^32. */
static size_t below(uint64_t *s, size_t n)
{
    return (size_t)(((splitmix64(s) >> 32) * (uint64_t)n) >> 32);
}

static size_t example_terms(const learn_cal *c, uint32_t e, const index_term_tf **terms,
                            const float **value)
{
    if (e == TOPIC_EXAMPLE) {
        *terms = c->topic_terms;
        *value = c->topic_value;
        return c->topic_n;
    }
    *value = c->f->value + c->f->start[e];
    return index_forward_doc(c->f->fwd, e, terms);
}

/* Brings every document's dot product up to date: the changes of v since the last call go
 * through the postings of the terms they touched, each term once however many steps
 * changed it. */
static void apply_pending(learn_cal *c)
{
    for (size_t i = 0; i < c->ntouched; i++) {
        uint32_t t = c->touched[i];
        double dv = c->pending[t];
        c->pending[t] = 0;
        if (dv == 0)
            continue;
        size_t from = c->f->post_start[t], to = c->f->post_start[t + 1];
        const float *x = c->f->post_value;
        const uint32_t *doc = c->f->post_doc;
        for (size_t k = from; k < to; k++)
            c->dot[doc[k]] += dv * x[k];
    }
    c->ntouched = 0;
}

/* One SGD step of the logistic loss with L2 regularisation on example e with label y:
 * w <- (1 - rate lambda) w - rate (p - y) x, b <- b - rate (p - y), p = sigmoid(w . x + b).
 * Only the example's terms change in v (the step reads v, not the documents' dot
 * products, which apply_pending updates once the judgment's steps are done). */
static void sgd_step(learn_cal *c, uint32_t e, int y)
{
    const index_term_tf *terms;
    const float *value;
    size_t n = example_terms(c, e, &terms, &value);
    double dot = 0;
    for (size_t i = 0; i < n; i++)
        dot += c->v[terms[i].term] * value[i];
    double score = c->scale * dot + c->bias;
    double p = 1.0 / (1.0 + exp(-score));
    double g = p - (double)y;
    c->scale *= 1.0 - c->p.rate * c->p.lambda;
    if (c->scale < 1e-9) {
        /* fold the scale into v before it underflows */
        apply_pending(c);
        for (size_t t = 0; t < c->f->nterms; t++)
            c->v[t] *= c->scale;
        for (size_t d = 0; d < c->f->ndocs; d++)
            c->dot[d] *= c->scale;
        c->scale = 1.0;
    }
    c->bias -= c->p.rate * g;
    if (g == 0)
        return;
    double step = -c->p.rate * g / c->scale;
    for (size_t i = 0; i < n; i++) {
        uint32_t t = terms[i].term;
        double dv = step * value[i];
        c->v[t] += dv;
        if (c->pending[t] == 0) {
            util_grow(&c->touched, &c->captouched, c->ntouched + 1, sizeof *c->touched);
            c->touched[c->ntouched++] = t;
        }
        c->pending[t] += dv;
    }
}

/* A non-relevant example: a judged one or one presumed, uniformly over both. */
static int pick_negative(learn_cal *c, uint32_t *e)
{
    size_t n = c->nnon + c->npresumed;
    if (n == 0)
        return 0;
    size_t i = below(&c->rng, n);
    *e = i < c->nnon ? c->non[i] : c->presumed[i - c->nnon];
    return 1;
}

static void balanced_steps(learn_cal *c)
{
    for (size_t k = 0; k < c->p.pairs; k++) {
        uint32_t e = c->rel[below(&c->rng, c->nrel)];
        sgd_step(c, e, 1);
        if (pick_negative(c, &e))
            sgd_step(c, e, 0);
    }
}

static void push(uint32_t **a, size_t *n, size_t *cap, uint32_t x)
{
    util_grow(a, cap, *n + 1, sizeof **a);
    (*a)[(*n)++] = x;
}

/* The model before any judgment: the topic, the presumed sample, the first steps. */
static void cal_start(learn_cal *c)
{
    size_t ndocs = c->f->ndocs;
    memset(c->v, 0, (c->f->nterms + 1) * sizeof *c->v);
    memset(c->dot, 0, (ndocs + 1) * sizeof *c->dot);
    memset(c->pending, 0, (c->f->nterms + 1) * sizeof *c->pending);
    c->ntouched = 0;
    memset(c->state, UNJUDGED, ndocs + 1);
    c->scale = 1.0;
    c->bias = 0;
    c->nrel = c->nnon = 0;
    push(&c->rel, &c->nrel, &c->caprel, TOPIC_EXAMPLE);
    /* the presumed sample: a partial Fisher-Yates draw without repetition */
    c->rng = c->p.seed ^ util_hash(c->topic_terms, c->topic_n * sizeof *c->topic_terms);
    size_t m = c->p.negatives < ndocs ? c->p.negatives : ndocs;
    uint32_t *all = util_malloc((ndocs + 1) * sizeof *all);
    for (size_t d = 0; d < ndocs; d++)
        all[d] = (uint32_t)d;
    for (size_t i = 0; i < m; i++) {
        size_t j = i + below(&c->rng, ndocs - i);
        uint32_t x = all[i];
        all[i] = all[j];
        all[j] = x;
    }
    memcpy(c->presumed, all, m * sizeof *all);
    c->npresumed = m;
    free(all);
    sgd_step(c, TOPIC_EXAMPLE, 1);
    balanced_steps(c);
    apply_pending(c);
}

learn_cal *learn_cal_new(const learn_features *f, const char *topic, size_t len,
                         const learn_params *p)
{
    learn_cal *c = util_calloc(1, sizeof *c);
    c->f = f;
    c->p = *p;
    c->v = util_calloc(f->nterms + 1, sizeof *c->v);
    c->dot = util_calloc(f->ndocs + 1, sizeof *c->dot);
    c->pending = util_calloc(f->nterms + 1, sizeof *c->pending);
    c->state = util_calloc(f->ndocs + 1, 1);
    c->presumed = util_calloc(p->negatives + 1, sizeof *c->presumed);
    c->topic_n = index_text_terms(f->idx, topic, len, &c->topic_terms);
    c->topic_value = util_calloc(c->topic_n + 1, sizeof *c->topic_value);
    double sum = 0;
    for (size_t i = 0; i < c->topic_n; i++) {
        double x = raw_feature(c->topic_terms[i].tf, f->idf[c->topic_terms[i].term]);
        sum += x * x;
    }
    for (size_t i = 0; i < c->topic_n && sum > 0; i++)
        c->topic_value[i] = (float)(raw_feature(c->topic_terms[i].tf,
                                                f->idf[c->topic_terms[i].term]) / sqrt(sum));
    cal_start(c);
    return c;
}

void learn_cal_free(learn_cal **pc)
{
    learn_cal *c = *pc;
    if (c == NULL)
        return;
    free(c->v);
    free(c->dot);
    free(c->pending);
    free(c->touched);
    free(c->state);
    free(c->rel);
    free(c->non);
    free(c->presumed);
    free(c->topic_terms);
    free(c->topic_value);
    free(c->order);
    free(c->label);
    util_map_free(&c->foreign);
    free(c);
    *pc = NULL;
}

/* Learns document d's label (d judged for the first time). */
static void learn_doc(learn_cal *c, uint32_t d, int relevant)
{
    c->state[d] = relevant ? JUDGED_REL : JUDGED_NOT;
    for (size_t i = 0; i < c->npresumed; i++)
        if (c->presumed[i] == d) {
            memmove(c->presumed + i, c->presumed + i + 1,
                    (c->npresumed - i - 1) * sizeof *c->presumed);
            c->npresumed--;
            break;
        }
    if (relevant)
        push(&c->rel, &c->nrel, &c->caprel, d);
    else
        push(&c->non, &c->nnon, &c->capnon, d);
    sgd_step(c, d, relevant);
    balanced_steps(c);
    apply_pending(c);
}

int learn_cal_judged(learn_cal *c, const char *docno, int relevant)
{
    relevant = relevant != 0;
    long d = index_forward_find(c->f->fwd, docno);
    if (d >= 0 && c->state[d] != UNJUDGED) {
        size_t i = 0;
        while (c->order[i] != (uint32_t)d)
            i++;
        if (c->label[i] == relevant)
            return 0;
        /* relabelled: the model is the one these labels in this order give */
        c->label[i] = (unsigned char)relevant;
        cal_start(c);
        for (size_t k = 0; k < c->njudged; k++)
            if (c->order[k] != TOPIC_EXAMPLE)
                learn_doc(c, c->order[k], c->label[k]);
        return 0;
    }
    if (d < 0) {
        int added = 0;
        util_map_add(&c->foreign, docno, strlen(docno), &added);
        if (!added)
            return -1;
    }
    size_t cap = c->capjudged;
    util_grow(&c->order, &cap, c->njudged + 1, sizeof *c->order);
    util_grow(&c->label, &c->capjudged, c->njudged + 1, 1);
    c->order[c->njudged] = d >= 0 ? (uint32_t)d : TOPIC_EXAMPLE;
    c->label[c->njudged] = (unsigned char)relevant;
    c->njudged++;
    if (d < 0)
        return -1;
    learn_doc(c, (uint32_t)d, relevant);
    return 0;
}

const char *learn_cal_next(learn_cal *c)
{
    long best = -1;
    double top = 0;
    for (size_t d = 0; d < c->f->ndocs; d++)
        if (c->state[d] == UNJUDGED && (best < 0 || c->dot[d] > top)) {
            best = (long)d;
            top = c->dot[d];
        }
    return best < 0 ? NULL : index_docno(c->f->idx, (size_t)best);
}

double learn_cal_score(const learn_cal *c, const char *docno)
{
    long d = index_forward_find(c->f->fwd, docno);
    return d < 0 ? 0 : c->scale * c->dot[d] + c->bias;
}

double learn_cal_weight(const learn_cal *c, size_t term)
{
    return term < c->f->nterms ? c->scale * c->v[term] : 0;
}

double learn_cal_bias(const learn_cal *c)
{
    return c->bias;
}

size_t learn_cal_gain(const learn_cal *c, const unsigned char **relevant)
{
    *relevant = c->label;
    return c->njudged;
}
