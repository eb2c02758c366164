/* compare.c: paired significance tests between runs, corrected per test. */
/* SPDX-License-Identifier: MIT */
#include "metrics/metrics.h"

#include <stdlib.h>

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

metrics_comparison *metrics_compare(const double *values, size_t ntopics, const size_t *a,
                                    const size_t *b, size_t npairs, const metrics_test *tests,
                                    size_t ntests, const metrics_test_opts *o,
                                    metrics_correction corr)
{
    metrics_comparison *out = util_calloc(ntests * npairs + 1, sizeof *out);
    double *p = util_malloc((npairs + 1) * sizeof *p);
    double *adj = util_malloc((npairs + 1) * sizeof *adj);
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
        metrics_p_adjust(p, npairs, corr, adj);
        for (size_t i = 0; i < npairs; i++)
            row[i].p_adjusted = adj[i];
    }
    free(p);
    free(adj);
    return out;
}
