/* agreement.c: agreement between assessors: Cohen's and Fleiss' kappa. */
/* SPDX-License-Identifier: MIT */
#include "metrics/metrics.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"

static void pairs_compute(const long *grade_of, size_t ni, size_t na, long level,
                          metrics_agreement *out)
{
    size_t k = out->k;
    long *conf = util_malloc((k * k + 4) * sizeof *conf);
    long bconf[4];
    out->pairs = util_calloc(na * na + 1, sizeof *out->pairs);
    for (size_t a = 0; a < na; a++) {
        for (size_t b = a + 1; b < na; b++) {
            memset(conf, 0, k * k * sizeof *conf);
            memset(bconf, 0, sizeof bconf);
            long n = 0;
            for (size_t i = 0; i < ni; i++) {
                long ga = grade_of[i * na + a], gb = grade_of[i * na + b];
                if (ga < 0 || gb < 0)
                    continue;
                conf[(size_t)ga * k + (size_t)gb]++;
                bconf[(ga >= level) * 2 + (gb >= level)]++;
                n++;
            }
            if (n == 0)
                continue;
            metrics_agreement_pair *p = &out->pairs[out->npairs++];
            p->a = a;
            p->b = b;
            p->n = n;
            p->agreement = metrics_raw_agreement(conf, k);
            p->kappa = metrics_cohen_kappa(conf, k);
            p->agreement_bin = metrics_raw_agreement(bconf, 2);
            p->kappa_bin = metrics_cohen_kappa(bconf, 2);
            p->confusion = util_malloc(k * k * sizeof *p->confusion);
            memcpy(p->confusion, conf, k * k * sizeof *conf);
        }
    }
    free(conf);
}

/* Fleiss over every item judged by two assessors or more. */
static void fleiss_compute(const long *grade_of, size_t ni, size_t na, long level,
                           metrics_agreement *out)
{
    size_t k = out->k;
    long *counts = util_calloc(ni * k + 1, sizeof *counts);
    long *bcounts = util_calloc(ni * 2 + 1, sizeof *bcounts);
    double pairs_agree = 0.0, pairs = 0.0, bpairs_agree = 0.0;
    for (size_t i = 0; i < ni; i++) {
        long raters = 0;
        for (size_t a = 0; a < na; a++) {
            long g = grade_of[i * na + a];
            if (g < 0)
                continue;
            counts[i * k + (size_t)g]++;
            bcounts[i * 2 + (g >= level)]++;
            raters++;
        }
        if (raters < 2)
            continue;
        out->multi++;
        double rr = (double)raters * (double)(raters - 1);
        double same = 0.0, bsame = 0.0;
        for (size_t g = 0; g < k; g++)
            same += (double)counts[i * k + g] * (double)(counts[i * k + g] - 1);
        for (size_t g = 0; g < 2; g++)
            bsame += (double)bcounts[i * 2 + g] * (double)(bcounts[i * 2 + g] - 1);
        pairs_agree += same / rr;
        bpairs_agree += bsame / rr;
        pairs += 1.0;
    }
    if (out->multi > 0) {
        out->agreement = pairs_agree / pairs;
        out->kappa = metrics_fleiss_kappa(counts, ni, k);
        out->agreement_bin = bpairs_agree / pairs;
        out->kappa_bin = metrics_fleiss_kappa(bcounts, ni, 2);
    }
    free(counts);
    free(bcounts);
}

void metrics_agreement_compute(const long *grade_of, size_t nitems, size_t nassessors,
                               long level, metrics_agreement *out)
{
    memset(out, 0, sizeof *out);
    long maxg = 0;
    for (size_t i = 0; i < nitems * nassessors; i++)
        if (grade_of[i] > maxg)
            maxg = grade_of[i];
    out->k = (size_t)maxg + 1;
    pairs_compute(grade_of, nitems, nassessors, level, out);
    fleiss_compute(grade_of, nitems, nassessors, level, out);
}

void metrics_agreement_free(metrics_agreement *a)
{
    for (size_t i = 0; i < a->npairs; i++)
        free(a->pairs[i].confusion);
    free(a->pairs);
    memset(a, 0, sizeof *a);
}
