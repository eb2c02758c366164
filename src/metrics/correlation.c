/* correlation.c: rank correlation of two scorings of the same systems: tau-b and tau_AP. */
/* SPDX-License-Identifier: MIT */
#include "metrics.h"

#include <math.h>
#include <stdlib.h>

#include "util/util.h"

static int sgn(double v)
{
    return (v > 0) - (v < 0);
}

double metrics_kendall_tau(const double *x, const double *y, size_t n)
{
    if (n < 2)
        return 0.0;
    double concordant = 0.0, discordant = 0.0, tied_x = 0.0, tied_y = 0.0;
    for (size_t i = 0; i < n; i++) {
        for (size_t j = i + 1; j < n; j++) {
            int sx = sgn(x[i] - x[j]), sy = sgn(y[i] - y[j]);
            if (sx == 0 && sy == 0)
                continue;
            if (sx == 0)
                tied_x += 1.0;
            else if (sy == 0)
                tied_y += 1.0;
            else if (sx == sy)
                concordant += 1.0;
            else
                discordant += 1.0;
        }
    }
    double n1 = concordant + discordant + tied_y, n2 = concordant + discordant + tied_x;
    if (n1 == 0.0 || n2 == 0.0)
        return 0.0;
    return (concordant - discordant) / sqrt(n1 * n2);
}

typedef struct ranked {
    double score;
    size_t i;
} ranked;

static int ranked_cmp(const void *va, const void *vb)
{
    const ranked *a = va, *b = vb;
    if (a->score != b->score)
        return a->score < b->score ? 1 : -1;
    return (a->i > b->i) - (a->i < b->i);
}

double metrics_tau_ap(const double *x, const double *y, size_t n)
{
    if (n < 2)
        return 0.0;
    ranked *order = util_malloc(n * sizeof *order);
    for (size_t i = 0; i < n; i++)
        order[i] = (ranked){ y[i], i };
    qsort(order, n, sizeof *order, ranked_cmp);
    /* For each system below the top of y's order, the share of the systems above it in y
     * that x also puts above it (x's ties count as not above). */
    double sum = 0.0;
    for (size_t r = 1; r < n; r++) {
        size_t s = order[r].i;
        double correct = 0.0;
        for (size_t q = 0; q < r; q++)
            if (x[order[q].i] > x[s])
                correct += 1.0;
        sum += correct / (double)r;
    }
    free(order);
    return 2.0 * sum / (double)(n - 1) - 1.0;
}
