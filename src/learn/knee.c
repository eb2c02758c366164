/* knee.c: the knee stopping rule over a gain curve, and the relevant documents left. */
/* SPDX-License-Identifier: MIT */
#include "learn.h"

#include <math.h>
#include <string.h>

/* The fraction of the final gain reached at k of s judgments when the gain grows as
 * T (1 - u^x): (1 - u^k) / (1 - u^s), which falls from 1 (u -> 0) to k / s (u -> 1). */
static double reached(double u, double k, double s)
{
    return (1.0 - pow(u, k)) / (1.0 - pow(u, s));
}

/* Fits T (1 - u^x) through the origin, the knee (k, rk) and the point (s, found + 1), and
 * returns T - found; -1 when the curve does not bend (no u in (0, 1) fits). */
static double exponential_remaining(size_t k, size_t rk, size_t s, size_t found)
{
    double target = (double)rk / ((double)found + 1.0);
    if (k == 0 || rk == 0 || target <= (double)k / (double)s)
        return -1;
    if (target >= 1.0)
        return 0;
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 100; i++) {
        double mid = (lo + hi) / 2;
        if (reached(mid, (double)k, (double)s) > target)
            lo = mid;
        else
            hi = mid;
    }
    double u = (lo + hi) / 2;
    double total = ((double)found + 1.0) / (1.0 - pow(u, (double)s));
    double left = total - (double)found;
    return left > 0 ? left : 0;
}

void learn_knee_compute(const unsigned char *relevant, size_t n, learn_knee *k)
{
    memset(k, 0, sizeof *k);
    k->judged = n;
    size_t found = 0;
    for (size_t i = 0; i < n; i++)
        found += relevant[i] != 0;
    k->found = found;
    k->threshold = 156.0 - (double)(found < 150 ? found : 150);
    k->remaining = -1;
    if (n == 0 || found == 0)
        return;
    /* the knee: the point of the curve farthest above the line from the origin to (n,
     * found), i.e. the i maximising r_i n - found i (integers: no rounding decides it) */
    size_t r = 0, best_i = 0, best_r = 0;
    long long best = 0;
    for (size_t i = 1; i <= n; i++) {
        r += relevant[i - 1] != 0;
        long long dist = (long long)r * (long long)n - (long long)found * (long long)i;
        if (dist > best) {
            best = dist;
            best_i = i;
            best_r = r;
        }
    }
    if (best_i == 0 || best_i == n)
        return;
    k->knee = best_i;
    k->knee_found = best_r;
    double before = (double)best_r / (double)best_i;
    double after = (double)(1 + found - best_r) / (double)(n - best_i);
    k->ratio = before / after;
    k->stop = n >= 150 && k->ratio >= k->threshold;
    /* a knee holding one or two relevant documents is noise of an unbent curve */
    if (best_r >= 3)
        k->remaining = exponential_remaining(best_i, best_r, n, found);
}
