/* score.c: the scoring models' names, parameters and term weights (idf, BM25's saturated tf). */
/* SPDX-License-Identifier: MIT */
#include "index.h"

#include <math.h>
#include <string.h>

static const char *const model_names[] = { "jaccard", "tf", "logtf", "tfidf", "cosine", "bm25" };

void index_params_init(index_params *p)
{
    p->k1 = 0.9;
    p->b = 0.4;
}

int index_model_parse(const char *name, index_model *m)
{
    for (size_t i = 0; i < sizeof model_names / sizeof model_names[0]; i++)
        if (strcmp(name, model_names[i]) == 0) {
            *m = (index_model)i;
            return 0;
        }
    return -1;
}

const char *index_model_name(index_model m)
{
    return (size_t)m < sizeof model_names / sizeof model_names[0] ? model_names[m] : "?";
}

double index_idf(double n_docs, double df)
{
    return df > 0 ? log10(n_docs / df) : 0;
}

/* The +1 inside the logarithm keeps the weight positive for terms in more than half of the
 * documents (the classic Robertson/Sparck Jones form goes negative there). */
double index_bm25_idf(double n_docs, double df)
{
    return log(1 + (n_docs - df + 0.5) / (df + 0.5));
}

double index_bm25_tf(double tf, double doc_len, double avg_len, const index_params *p)
{
    double norm = avg_len > 0 ? 1 - p->b + p->b * doc_len / avg_len : 1;
    return tf * (p->k1 + 1) / (tf + p->k1 * norm);
}
