/* compare.c: paired significance tests between runs, corrected per test. */
/* SPDX-License-Identifier: MIT */
#include "metrics/metrics.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

size_t metrics_compare_pairs(const size_t *order, size_t nruns, long base, size_t *a,
                             size_t *b)
{
    size_t n = 0;
    for (size_t i = 0; i < nruns; i++) {
        for (size_t j = i + 1; j < nruns && base < 0; j++) {
            a[n] = order[i];
            b[n++] = order[j];
        }
        if (base >= 0 && order[i] != (size_t)base) {
            a[n] = order[i];
            b[n++] = (size_t)base;
        }
    }
    return n;
}

/* Tukey's HSD: the residual mean square of the two-way ANOVA without replication (runs
 * and topics), df = (k - 1)(n - 1); q = |mean_i - mean_j| / sqrt(MSE / n). */
static void tukey(const double *v, size_t k, size_t n, double *p)
{
    double *rm = util_calloc(k, sizeof *rm), *tm = util_calloc(n, sizeof *tm), g = 0.0;
    for (size_t r = 0; r < k; r++)
        for (size_t t = 0; t < n; t++) {
            rm[r] += v[r * n + t] / (double)n;
            tm[t] += v[r * n + t] / (double)k;
            g += v[r * n + t] / (double)(k * n);
        }
    double ss = 0.0, df = (double)(k - 1) * (double)(n - 1);
    for (size_t r = 0; r < k; r++)
        for (size_t t = 0; t < n; t++) {
            double e = v[r * n + t] - rm[r] - tm[t] + g;
            ss += e * e;
        }
    double se = sqrt(ss / df / (double)n);
    for (size_t i = 0; i < k; i++)
        for (size_t j = 0; j < k; j++) {
            double diff = fabs(rm[i] - rm[j]);
            if (i == j || diff < 1e-12)
                p[i * k + j] = 1.0;
            else if (se < 1e-12)
                p[i * k + j] = 0.0;
            else if (df < 2.0)
                p[i * k + j] = 1.0;     /* too few topics for the distribution */
            else
                p[i * k + j] = 1.0 - metrics_ptukey(diff / se, (double)k, df);
            if (p[i * k + j] < 0.0)
                p[i * k + j] = 0.0;
        }
    free(rm);
    free(tm);
}

/* Carterette (2012): each permutation shuffles every topic's row of values among the
 * runs; a pair's p is the share of permutations whose largest difference between two
 * run means reaches the pair's observed difference, (c + 1) / (N + 1). */
static void randomized_mc(const double *v, size_t k, size_t n, const metrics_test_opts *o,
                          double *p)
{
    double *obs = util_calloc(k, sizeof *obs), *m = util_calloc(k, sizeof *m);
    double *row = util_malloc(k * sizeof *row);
    long *hits = util_calloc(k * k, sizeof *hits);
    for (size_t r = 0; r < k; r++)
        for (size_t t = 0; t < n; t++)
            obs[r] += v[r * n + t] / (double)n;
    metrics_rng rng;
    metrics_rng_seed(&rng, o->seed);
    long samples = o->samples > 0 ? o->samples : 10000;
    for (long s = 0; s < samples; s++) {
        memset(m, 0, k * sizeof *m);
        for (size_t t = 0; t < n; t++) {
            for (size_t r = 0; r < k; r++)
                row[r] = v[r * n + t];
            for (size_t r = k - 1; r > 0; r--) {
                size_t q = (size_t)metrics_rng_below(&rng, r + 1);
                double x = row[r];
                row[r] = row[q];
                row[q] = x;
            }
            for (size_t r = 0; r < k; r++)
                m[r] += row[r] / (double)n;
        }
        double lo = m[0], hi = m[0];
        for (size_t r = 1; r < k; r++) {
            lo = m[r] < lo ? m[r] : lo;
            hi = m[r] > hi ? m[r] : hi;
        }
        for (size_t i = 0; i < k; i++)
            for (size_t j = i + 1; j < k; j++)
                if (hi - lo >= fabs(obs[i] - obs[j]) - 1e-12)
                    hits[i * k + j]++;
    }
    for (size_t i = 0; i < k; i++)
        for (size_t j = 0; j < k; j++) {
            size_t a = i < j ? i : j, b = i < j ? j : i;
            p[i * k + j] = i == j ? 1.0 : (double)(hits[a * k + b] + 1) / (double)(samples + 1);
        }
    free(obs);
    free(m);
    free(row);
    free(hits);
}

void metrics_multi_compare(metrics_test test, const double *values, size_t nruns,
                           size_t ntopics, const metrics_test_opts *o, double *p)
{
    for (size_t i = 0; i < nruns * nruns; i++)
        p[i] = 1.0;
    if (nruns < 2 || ntopics < 2)
        return;
    if (test == METRICS_TEST_TUKEY) {
        tukey(values, nruns, ntopics, p);
    } else if (test == METRICS_TEST_RANDOMIZED_MC) {
        randomized_mc(values, nruns, ntopics, o, p);
    } else {
        for (size_t i = 0; i < nruns; i++)
            for (size_t j = i + 1; j < nruns; j++) {
                metrics_test_result r;
                metrics_test_paired(test, values + i * ntopics, values + j * ntopics, ntopics,
                                    o, &r);
                p[i * nruns + j] = p[j * nruns + i] = r.p;
            }
    }
}

metrics_comparison *metrics_compare(const double *values, size_t ntopics, const size_t *a,
                                    const size_t *b, size_t npairs, const metrics_test *tests,
                                    size_t ntests, const metrics_test_opts *o,
                                    metrics_correction corr)
{
    metrics_comparison *out = util_calloc(ntests * npairs + 1, sizeof *out);
    double *p = util_malloc((npairs + 1) * sizeof *p);
    double *adj = util_malloc((npairs + 1) * sizeof *adj);
    size_t nruns = 0;
    for (size_t i = 0; i < npairs; i++) {
        nruns = a[i] + 1 > nruns ? a[i] + 1 : nruns;
        nruns = b[i] + 1 > nruns ? b[i] + 1 : nruns;
    }
    double *multi = util_malloc((nruns * nruns + 1) * sizeof *multi);
    for (size_t k = 0; k < ntests; k++) {
        metrics_comparison *row = out + k * npairs;
        for (size_t i = 0; i < npairs; i++) {
            const double *x = values + a[i] * ntopics, *y = values + b[i] * ntopics;
            row[i].a = a[i];
            row[i].b = b[i];
            row[i].test = tests[k];
            metrics_test_paired(tests[k], x, y, ntopics, o, &row[i].result);
            row[i].effect_size = metrics_effect_size(x, y, ntopics);
            p[i] = row[i].result.p;
        }
        if (metrics_test_is_multi(tests[k])) {
            /* the procedure covers every pair already: no further correction */
            metrics_multi_compare(tests[k], values, nruns, ntopics, o, multi);
            for (size_t i = 0; i < npairs; i++) {
                row[i].result.p = multi[a[i] * nruns + b[i]];
                if (o->sided == 1 && row[i].result.statistic < 0)
                    row[i].result.p = 1.0;
                row[i].p_adjusted = row[i].result.p;
            }
            continue;
        }
        metrics_p_adjust(p, npairs, corr, adj);
        for (size_t i = 0; i < npairs; i++)
            row[i].p_adjusted = adj[i];
    }
    free(multi);
    free(p);
    free(adj);
    return out;
}
