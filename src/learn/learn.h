/* learn.h: the learn module: continuous active learning and the knee stopping rule. */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_LEARN_H
#define TJ_LEARN_H

#include <stddef.h>
#include <stdint.h>

#include "index/index.h"
#include "util/util.h"

/* ---- features (learn.c): every document of an index as a tf-idf vector ---- */

/* Document d's feature of term t is (1 + ln tf(t,d)) * log10(N / df(t)), the vector scaled
 * to length 1. Built once per index (one pass over the postings) and shared by every
 * topic's classifier; idx must outlive it. */
typedef struct learn_features learn_features;
learn_features *learn_features_new(index_inverted *idx);
void learn_features_free(learn_features **f);
size_t learn_features_docs(const learn_features *f);

/* ---- the classifier (learn.c) ---- */

typedef struct learn_params {
    double rate;          /* SGD's learning rate (default 0.2) */
    double lambda;        /* L2 regularisation (default 1e-4) */
    size_t pairs;         /* balanced steps after each judgment: one relevant and one
                           * non-relevant example each (default 5) */
    size_t negatives;     /* random documents presumed not relevant (default 100) */
    uint64_t seed;        /* the generator's seed (the topic text is hashed into it) */
} learn_params;
void learn_params_init(learn_params *p);

/* One topic's continuous active learning. The topic's text is a relevant pseudo-document;
 * a sample of random documents (chosen by the seed and the topic text) is presumed not
 * relevant until judged. Training: at the start, one SGD step on the topic then `pairs`
 * balanced steps; after each judgment, one step on the judged document then `pairs`
 * balanced steps. The same judgments in the same order give the same model, bit for bit. */
typedef struct learn_cal learn_cal;
learn_cal *learn_cal_new(const learn_features *f, const char *topic, size_t len,
                         const learn_params *p);
void learn_cal_free(learn_cal **c);
/* Learns a judgment. A document judged again with another label is relabelled where it
 * was first judged and the model trained again from the start (the same model as when it
 * had been judged so); with the same label nothing changes. Returns 0, or -1 when docno
 * is not in the index (then only the counts of the gain curve know it). */
int learn_cal_judged(learn_cal *c, const char *docno, int relevant);
/* The unjudged document of highest score in the whole index (ties: the first in index
 * order), or NULL when every document is judged. The string is the index's. */
const char *learn_cal_next(learn_cal *c);
/* w . x_d + b for a document of the index (0 when it is not in the index). */
double learn_cal_score(const learn_cal *c, const char *docno);
/* The weight of term number t, and the bias. */
double learn_cal_weight(const learn_cal *c, size_t term);
double learn_cal_bias(const learn_cal *c);
/* The judgments so far, in the order first made: *relevant[i] is 1 for relevant. */
size_t learn_cal_gain(const learn_cal *c, const unsigned char **relevant);

/* ---- stopping (knee.c) ---- */

/* The knee method of Cormack and Grossman (SIGIR 2016) over a gain curve: relevant[i] is
 * the label of the (i + 1)-th judgment. */
typedef struct learn_knee {
    size_t judged;        /* s: judgments */
    size_t found;         /* relevant among them */
    size_t knee;          /* judgments up to the knee (0: none) */
    size_t knee_found;    /* relevant up to the knee */
    double ratio;         /* slope before the knee over slope after (+1 smoothed), 0: none */
    double threshold;     /* 156 - min(found, 150) */
    int stop;             /* judged >= 150 and ratio >= threshold */
    double remaining;     /* estimated relevant documents not found yet; < 0: unknown */
} learn_knee;
void learn_knee_compute(const unsigned char *relevant, size_t n, learn_knee *k);

#endif
