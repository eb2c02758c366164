/* stats.c: distributions, paired tests, multiple-comparison corrections, agreement (pure). */
/* SPDX-License-Identifier: MIT */
#include "metrics.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/* ---- the generator: splitmix64 to seed, xoshiro256** to draw ---- */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void metrics_rng_seed(metrics_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

static inline uint64_t rotl(uint64_t v, int k)
{
    return (v << k) | (v >> (64 - k));
}

uint64_t metrics_rng_next(metrics_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t metrics_rng_below(metrics_rng *r, uint64_t n)
{
    /* Rejects the top partial block so every value is equally likely. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t v;
    do {
        v = metrics_rng_next(r);
    } while (v >= limit);
    return v % n;
}

/* ---- distributions ---- */

double metrics_normal_cdf(double z)
{
    return 0.5 * erfc(-z / sqrt(2.0));
}

/* Continued fraction of the incomplete beta function, evaluated by the modified Lentz
 * method; converges quickly for x < (a + 1) / (a + b + 2). */
static double beta_fraction(double a, double b, double x)
{
    const double tiny = 1e-300, eps = 1e-15;
    double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0);
    if (fabs(d) < tiny)
        d = tiny;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 10000; m++) {
        double m2 = 2.0 * m;
        double num = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
        d = 1.0 + num * d;
        if (fabs(d) < tiny)
            d = tiny;
        c = 1.0 + num / c;
        if (fabs(c) < tiny)
            c = tiny;
        d = 1.0 / d;
        h *= d * c;
        num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
        d = 1.0 + num * d;
        if (fabs(d) < tiny)
            d = tiny;
        c = 1.0 + num / c;
        if (fabs(c) < tiny)
            c = tiny;
        d = 1.0 / d;
        double delta = d * c;
        h *= delta;
        if (fabs(delta - 1.0) < eps)
            break;
    }
    return h;
}

double metrics_incbeta(double a, double b, double x)
{
    if (x <= 0.0)
        return 0.0;
    if (x >= 1.0)
        return 1.0;
    double lfront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x);
    if (x < (a + 1.0) / (a + b + 2.0))
        return exp(lfront) * beta_fraction(a, b, x) / a;
    /* I_x(a, b) = 1 - I_{1-x}(b, a) */
    return 1.0 - exp(lfront) * beta_fraction(b, a, 1.0 - x) / b;
}

double metrics_t_cdf(double t, double df)
{
    if (isnan(t))
        return NAN;
    if (isinf(t))
        return t > 0 ? 1.0 : 0.0;
    double tail = 0.5 * metrics_incbeta(df / 2.0, 0.5, df / (df + t * t));
    return t > 0 ? 1.0 - tail : tail;
}

double metrics_t_quantile(double p, double df)
{
    if (!(p > 0.0 && p < 1.0) || !(df > 0.0))
        return p == 0.0 ? -INFINITY : p == 1.0 ? INFINITY : NAN;
    if (p == 0.5)
        return 0.0;
    /* t > 0 with upper tail q, found from the tail itself (1 - F would lose the digits of
     * a small q): bracketed by doubling, then halved until the bracket is a rounding wide */
    double q = p > 0.5 ? 1.0 - p : p;
    double lo = 0.0, hi = 1.0;
    while (metrics_t_cdf(-hi, df) > q && hi < 1e300)
        hi *= 2.0;
    for (int i = 0; i < 2000; i++) {
        double mid = lo + (hi - lo) / 2.0;
        if (mid <= lo || mid >= hi)
            break;
        if (metrics_t_cdf(-mid, df) > q)
            lo = mid;
        else
            hi = mid;
    }
    double t = lo + (hi - lo) / 2.0;
    return p > 0.5 ? t : -t;
}

double metrics_binom_cdf(long k, long n, double p)
{
    if (k < 0)
        return 0.0;
    if (k >= n)
        return 1.0;
    double sum = 0.0;
    for (long i = 0; i <= k; i++) {
        double lp = lgamma(n + 1.0) - lgamma(i + 1.0) - lgamma(n - i + 1.0);
        if (p > 0.0)
            lp += i * log(p);
        else if (i > 0)
            continue;
        if (p < 1.0)
            lp += (n - i) * log1p(-p);
        else if (n - i > 0)
            continue;
        sum += exp(lp);
    }
    return sum > 1.0 ? 1.0 : sum;
}

/* ---- paired tests ---- */

void metrics_test_opts_init(metrics_test_opts *o)
{
    o->sided = 2;
    o->samples = 10000;
    o->seed = 42;
}

static const util_enum_name test_names[] = {
    { "t", METRICS_TEST_T }, { "wilcoxon", METRICS_TEST_WILCOXON }, { "sign", METRICS_TEST_SIGN },
    { "randomization", METRICS_TEST_RANDOMIZATION }, { "bootstrap", METRICS_TEST_BOOTSTRAP },
    { "tukey", METRICS_TEST_TUKEY }, { "randomized-mc", METRICS_TEST_RANDOMIZED_MC },
    { NULL, 0 }
};

int metrics_test_is_multi(metrics_test t)
{
    return t == METRICS_TEST_TUKEY || t == METRICS_TEST_RANDOMIZED_MC;
}

const char *metrics_test_name(metrics_test t)
{
    return util_enum_name_of(test_names, (int)t);
}

int metrics_test_parse(const char *name, metrics_test *t)
{
    int v;
    if (util_enum_parse(test_names, name, &v) != 0)
        return -1;
    *t = (metrics_test)v;
    return 0;
}

static double clamp_p(double p)
{
    return p < 0.0 ? 0.0 : p > 1.0 ? 1.0 : p;
}

/* Two-sided p from the two one-sided tail probabilities (doubling the smaller). */
static double two_sided(double lower, double upper)
{
    return clamp_p(2.0 * (lower < upper ? lower : upper));
}

static void mean_sd(const double *d, size_t n, double *mean, double *sd)
{
    double sum = 0.0;
    for (size_t i = 0; i < n; i++)
        sum += d[i];
    double m = n ? sum / (double)n : 0.0, ss = 0.0;
    for (size_t i = 0; i < n; i++)
        ss += (d[i] - m) * (d[i] - m);
    *mean = m;
    *sd = n > 1 ? sqrt(ss / (double)(n - 1)) : 0.0;
}

static void t_test(const double *d, size_t n, int sided, metrics_test_result *r)
{
    double mean, sd;
    mean_sd(d, n, &mean, &sd);
    r->n = (long)n;
    if (n < 2 || sd == 0.0) {
        r->statistic = mean == 0.0 ? 0.0 : mean > 0 ? INFINITY : -INFINITY;
        r->p = mean == 0.0 ? 1.0 : sided == 1 ? (mean > 0 ? 0.0 : 1.0) : 0.0;
        if (n < 2)
            r->p = 1.0;
        return;
    }
    double t = mean / (sd / sqrt((double)n)), df = (double)n - 1.0;
    r->statistic = t;
    /* Each tail computed directly: 1 - F(t) would round p below 1e-16 to 0. */
    double upper = metrics_t_cdf(-t, df), lower = metrics_t_cdf(t, df);
    r->p = sided == 1 ? clamp_p(upper) : two_sided(lower, upper);
}

typedef struct absdiff {
    double abs;
    int positive;
} absdiff;

static int absdiff_cmp(const void *va, const void *vb)
{
    const absdiff *a = va, *b = vb;
    return (a->abs > b->abs) - (a->abs < b->abs);
}

/* Per-topic values are means of a few ranks (P@10 = 1/10, 2/10, ...), so a difference
 * computed in floating point carries noise: 0.4 - 0.3 is 0.10000000000000003 and 0.3 - 0.2
 * is 0.09999999999999998. The rank tests round differences to this grain before deciding
 * that one is zero or that two tie, so that equal differences rank together. */
#define DIFF_GRAIN 1e10

static double diff_round(double d)
{
    return nearbyint(d * DIFF_GRAIN) / DIFF_GRAIN;
}

/* Below this many non-zero differences without ties the exact distribution is used. */
#define WILCOXON_EXACT_MAX 50

static void wilcoxon(const double *d, size_t n, int sided, metrics_test_result *r)
{
    absdiff *v = util_malloc((n ? n : 1) * sizeof *v);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        double x = diff_round(d[i]);
        if (x != 0.0) /* Wilcoxon's treatment of zeros: dropped */
            v[m++] = (absdiff){ fabs(x), x > 0 };
    }
    qsort(v, m, sizeof *v, absdiff_cmp);
    double wplus = 0.0, tie_term = 0.0;
    int ties = 0;
    for (size_t i = 0; i < m;) {
        size_t j = i;
        while (j + 1 < m && v[j + 1].abs == v[i].abs)
            j++;
        double rank = (double)(i + j + 2) / 2.0, t = (double)(j - i + 1);
        if (j > i) {
            ties = 1;
            tie_term += t * t * t - t;
        }
        for (size_t k = i; k <= j; k++)
            if (v[k].positive)
                wplus += rank;
        i = j + 1;
    }
    r->statistic = wplus;
    r->n = (long)m;
    if (m == 0) {
        r->p = 1.0;
        r->exact = 1;
    } else if (!ties && m < WILCOXON_EXACT_MAX) {
        /* Number of sign assignments giving each W+ = 0..m(m+1)/2, built rank by rank. */
        size_t top = m * (m + 1) / 2;
        double *count = util_calloc(top + 1, sizeof *count);
        count[0] = 1.0;
        for (size_t k = 1; k <= m; k++)
            for (size_t w = top; w >= k; w--)
                count[w] += count[w - k];
        double total = ldexp(1.0, (int)m), le = 0.0, ge = 0.0;
        size_t w0 = (size_t)wplus;
        for (size_t w = 0; w <= top; w++) {
            if (w <= w0)
                le += count[w];
            if (w >= w0)
                ge += count[w];
        }
        free(count);
        r->p = sided == 1 ? clamp_p(ge / total) : two_sided(le / total, ge / total);
        r->exact = 1;
    } else {
        double dm = (double)m;
        double mean = dm * (dm + 1.0) / 4.0;
        double var = dm * (dm + 1.0) * (2.0 * dm + 1.0) / 24.0 - tie_term / 48.0;
        double sd = sqrt(var), diff = wplus - mean;
        if (sd == 0.0) {
            r->p = 1.0;
        } else if (sided == 1) {
            r->p = clamp_p(metrics_normal_cdf(-(diff - 0.5) / sd));
        } else {
            double z = (fabs(diff) - 0.5) / sd; /* continuity correction */
            r->p = z <= 0.0 ? 1.0 : clamp_p(2.0 * metrics_normal_cdf(-z));
        }
        r->exact = 0;
    }
    free(v);
}

static void sign_test(const double *d, size_t n, int sided, metrics_test_result *r)
{
    long pos = 0, neg = 0;
    for (size_t i = 0; i < n; i++) {
        double x = diff_round(d[i]);
        pos += x > 0.0;
        neg += x < 0.0;
    }
    long m = pos + neg;
    r->statistic = (double)pos;
    r->n = m;
    r->exact = 1;
    /* P(X >= pos) = P(X <= m - pos) for p = 1/2: no cancellation in 1 - F. */
    double ge = metrics_binom_cdf(m - pos, m, 0.5), le = metrics_binom_cdf(pos, m, 0.5);
    r->p = m == 0 ? 1.0 : sided == 1 ? clamp_p(ge) : two_sided(le, ge);
}

/* Differences within this of the observed statistic count as equal to it, so that the
 * identity permutation is not lost to rounding. */
#define STAT_EPS 1e-12

static void randomization(const double *d, size_t n, const metrics_test_opts *o,
                          metrics_test_result *r)
{
    double obs = 0.0;
    for (size_t i = 0; i < n; i++)
        obs += d[i];
    r->statistic = n ? obs / (double)n : 0.0;
    r->n = (long)n;
    metrics_rng rng;
    metrics_rng_seed(&rng, o->seed);
    long hits = 0, samples = o->samples > 0 ? o->samples : 10000;
    double tol = STAT_EPS * (1.0 + fabs(obs));
    for (long s = 0; s < samples; s++) {
        double sum = 0.0;
        uint64_t bits = 0;
        for (size_t i = 0; i < n; i++) {
            if (i % 64 == 0)
                bits = metrics_rng_next(&rng);
            sum += (bits & 1) ? -d[i] : d[i];
            bits >>= 1;
        }
        if (o->sided == 1 ? sum >= obs - tol : fabs(sum) >= fabs(obs) - tol)
            hits++;
    }
    /* Monte Carlo p-value that counts the observed assignment (never 0). */
    r->p = clamp_p((double)(hits + 1) / (double)(samples + 1));
}

static void bootstrap(const double *d, size_t n, const metrics_test_opts *o, metrics_test_result *r)
{
    double mean, sd;
    mean_sd(d, n, &mean, &sd);
    r->statistic = mean;
    r->n = (long)n;
    if (n < 2 || sd == 0.0) {
        r->p = mean == 0.0 || n < 2 ? 1.0 : (o->sided == 1 && mean < 0) ? 1.0 : 0.0;
        return;
    }
    double tobs = mean / (sd / sqrt((double)n));
    /* Resample the differences shifted to mean 0 (the null hypothesis) and compare the
     * studentized means with the observed one. */
    double *z = util_malloc(n * sizeof *z), *s = util_malloc(n * sizeof *s);
    for (size_t i = 0; i < n; i++)
        z[i] = d[i] - mean;
    metrics_rng rng;
    metrics_rng_seed(&rng, o->seed);
    long hits = 0, samples = o->samples > 0 ? o->samples : 10000;
    for (long b = 0; b < samples; b++) {
        for (size_t i = 0; i < n; i++)
            s[i] = z[metrics_rng_below(&rng, n)];
        double m, sdb;
        mean_sd(s, n, &m, &sdb);
        double t = sdb > 0.0 ? m / (sdb / sqrt((double)n)) : 0.0;
        if (o->sided == 1 ? t >= tobs : fabs(t) >= fabs(tobs))
            hits++;
    }
    free(z);
    free(s);
    r->p = clamp_p((double)(hits + 1) / (double)(samples + 1));
}

void metrics_test_paired(metrics_test test, const double *a, const double *b, size_t n,
                         const metrics_test_opts *o, metrics_test_result *r)
{
    memset(r, 0, sizeof *r);
    double *d = util_malloc((n ? n : 1) * sizeof *d);
    for (size_t i = 0; i < n; i++)
        d[i] = a[i] - b[i];
    int sided = o->sided == 1 ? 1 : 2;
    switch (test) {
    case METRICS_TEST_T:
        t_test(d, n, sided, r);
        break;
    case METRICS_TEST_WILCOXON:
        wilcoxon(d, n, sided, r);
        break;
    case METRICS_TEST_SIGN:
        sign_test(d, n, sided, r);
        break;
    case METRICS_TEST_RANDOMIZATION:
        randomization(d, n, o, r);
        break;
    case METRICS_TEST_BOOTSTRAP:
        bootstrap(d, n, o, r);
        break;
    case METRICS_TEST_TUKEY:
    case METRICS_TEST_RANDOMIZED_MC: {
        /* one pair: the procedure over two runs */
        double *v = util_malloc((2 * n + 1) * sizeof *v), p[4];
        memcpy(v, a, n * sizeof *v);
        memcpy(v + n, b, n * sizeof *v);
        metrics_multi_compare(test, v, 2, n, o, p);
        free(v);
        double mean = 0.0;
        for (size_t i = 0; i < n; i++)
            mean += d[i];
        r->statistic = n ? mean / (double)n : 0.0;
        r->n = (long)n;
        r->p = o->sided == 1 && r->statistic < 0 ? 1.0 : p[1];
        break;
    }
    }
    free(d);
}

double metrics_effect_size(const double *a, const double *b, size_t n)
{
    double *d = util_malloc((n ? n : 1) * sizeof *d);
    for (size_t i = 0; i < n; i++)
        d[i] = a[i] - b[i];
    double mean, sd;
    mean_sd(d, n, &mean, &sd);
    free(d);
    return sd > 0.0 ? mean / sd : 0.0;
}

/* ---- intervals of a mean, wins and losses ---- */

metrics_interval metrics_mean_ci_t(const double *x, size_t n, double level)
{
    double mean, sd;
    mean_sd(x, n, &mean, &sd);
    if (n < 2)
        return (metrics_interval){ NAN, NAN };
    double half = metrics_t_quantile((1.0 + level) / 2.0, (double)n - 1.0) * sd /
                  sqrt((double)n);
    return (metrics_interval){ mean - half, mean + half };
}

static int double_cmp(const void *va, const void *vb)
{
    double a = *(const double *)va, b = *(const double *)vb;
    return (a > b) - (a < b);
}

/* The q quantile of sorted v[0..n-1], interpolated between order statistics (Hyndman and
 * Fan's definition 7: numpy.percentile's and R's quantile's default). */
static double quantile_sorted(const double *v, size_t n, double q)
{
    double h = (double)(n - 1) * q;
    size_t i = (size_t)floor(h);
    if (i + 1 >= n)
        return v[n - 1];
    return v[i] + (h - (double)i) * (v[i + 1] - v[i]);
}

metrics_interval metrics_mean_ci_bootstrap(const double *x, size_t n, double level,
                                           long samples, uint64_t seed)
{
    if (n == 0 || samples < 1)
        return (metrics_interval){ NAN, NAN };
    double *means = util_malloc((size_t)samples * sizeof *means);
    metrics_rng rng;
    metrics_rng_seed(&rng, seed);
    for (long b = 0; b < samples; b++) {
        double sum = 0.0;
        for (size_t i = 0; i < n; i++)
            sum += x[metrics_rng_below(&rng, n)];
        means[b] = sum / (double)n;
    }
    qsort(means, (size_t)samples, sizeof *means, double_cmp);
    metrics_interval ci = { quantile_sorted(means, (size_t)samples, (1.0 - level) / 2.0),
                            quantile_sorted(means, (size_t)samples, (1.0 + level) / 2.0) };
    free(means);
    return ci;
}

metrics_wtl metrics_win_tie_loss(const double *a, const double *b, size_t n)
{
    metrics_wtl w = { 0, 0, 0 };
    for (size_t i = 0; i < n; i++) {
        double d = diff_round(a[i] - b[i]);
        if (d > 0.0)
            w.wins++;
        else if (d < 0.0)
            w.losses++;
        else
            w.ties++;
    }
    return w;
}

typedef struct pindex {
    double p;
    size_t i;
} pindex;

static int pindex_cmp(const void *va, const void *vb)
{
    const pindex *a = va, *b = vb;
    if (a->p != b->p)
        return (a->p > b->p) - (a->p < b->p);
    return (a->i > b->i) - (a->i < b->i);
}

static const util_enum_name correction_names[] = {
    { "none", METRICS_CORRECT_NONE }, { "bonferroni", METRICS_CORRECT_BONFERRONI },
    { "holm", METRICS_CORRECT_HOLM }, { NULL, 0 }
};

const char *metrics_correction_name(metrics_correction c)
{
    return util_enum_name_of(correction_names, (int)c);
}

int metrics_correction_parse(const char *name, metrics_correction *c)
{
    int v;
    if (util_enum_parse(correction_names, name, &v) != 0)
        return -1;
    *c = (metrics_correction)v;
    return 0;
}

void metrics_p_adjust(const double *p, size_t n, metrics_correction c, double *out)
{
    if (c == METRICS_CORRECT_NONE) {
        memmove(out, p, n * sizeof *out);
        return;
    }
    if (c == METRICS_CORRECT_BONFERRONI) {
        for (size_t i = 0; i < n; i++)
            out[i] = clamp_p(p[i] * (double)n);
        return;
    }
    /* Holm: the k-th smallest p times (n - k + 1), made monotone. */
    pindex *v = util_malloc((n ? n : 1) * sizeof *v);
    for (size_t i = 0; i < n; i++)
        v[i] = (pindex){ p[i], i };
    qsort(v, n, sizeof *v, pindex_cmp);
    double running = 0.0;
    for (size_t k = 0; k < n; k++) {
        double adj = clamp_p(v[k].p * (double)(n - k));
        if (adj < running)
            adj = running;
        running = adj;
        out[v[k].i] = adj;
    }
    free(v);
}

/* ---- agreement ---- */

double metrics_raw_agreement(const long *confusion, size_t k)
{
    double total = 0.0, agree = 0.0;
    for (size_t i = 0; i < k; i++) {
        for (size_t j = 0; j < k; j++)
            total += (double)confusion[i * k + j];
        agree += (double)confusion[i * k + i];
    }
    return total > 0.0 ? agree / total : 0.0;
}

double metrics_cohen_kappa(const long *confusion, size_t k)
{
    double total = 0.0, agree = 0.0, chance = 0.0;
    for (size_t i = 0; i < k; i++)
        for (size_t j = 0; j < k; j++)
            total += (double)confusion[i * k + j];
    if (total == 0.0)
        return 0.0;
    for (size_t i = 0; i < k; i++) {
        double row = 0.0, col = 0.0;
        for (size_t j = 0; j < k; j++) {
            row += (double)confusion[i * k + j];
            col += (double)confusion[j * k + i];
        }
        agree += (double)confusion[i * k + i];
        chance += (row / total) * (col / total);
    }
    double po = agree / total;
    if (chance >= 1.0)
        return po >= 1.0 ? 1.0 : 0.0; /* one category only: kappa is undefined */
    return (po - chance) / (1.0 - chance);
}

double metrics_fleiss_kappa(const long *counts, size_t nitems, size_t k)
{
    double pbar = 0.0, used = 0.0, assigned = 0.0;
    double *share = util_calloc(k ? k : 1, sizeof *share);
    for (size_t i = 0; i < nitems; i++) {
        double ni = 0.0, pairs = 0.0;
        for (size_t j = 0; j < k; j++) {
            double c = (double)counts[i * k + j];
            ni += c;
            pairs += c * (c - 1.0);
        }
        if (ni < 2.0)
            continue;
        pbar += pairs / (ni * (ni - 1.0));
        used += 1.0;
        for (size_t j = 0; j < k; j++)
            share[j] += (double)counts[i * k + j];
        assigned += ni;
    }
    double pe = 0.0;
    for (size_t j = 0; j < k && assigned > 0.0; j++)
        pe += (share[j] / assigned) * (share[j] / assigned);
    free(share);
    if (used == 0.0)
        return 0.0;
    pbar /= used;
    if (pe >= 1.0)
        return pbar >= 1.0 ? 1.0 : 0.0;
    return (pbar - pe) / (1.0 - pe);
}

/* ---- the studentized range (Tukey's HSD) ---- */

/* Gauss-Legendre nodes and weights of order n on [-1, 1], by Newton's method on the
 * Legendre polynomial (Press et al., Numerical Recipes, 3rd ed., section 4.6); nodes in
 * increasing order. */
static void gauss_legendre(int n, double *x, double *w)
{
    for (int i = 0; i < (n + 1) / 2; i++) {
        double z = cos(M_PI * (i + 0.75) / (n + 0.5)), pp = 1.0, z1;
        do {
            double p1 = 1.0, p2 = 0.0;
            for (int j = 1; j <= n; j++) {
                double p3 = p2;
                p2 = p1;
                p1 = ((2.0 * j - 1.0) * z * p2 - (j - 1.0) * p3) / j;
            }
            pp = n * (z * p1 - p2) / (z * z - 1.0);
            z1 = z;
            z = z1 - p1 / pp;
        } while (fabs(z - z1) > 1e-15);
        x[i] = -z;
        x[n - 1 - i] = z;
        w[i] = w[n - 1 - i] = 2.0 / ((1.0 - z * z) * pp * pp);
    }
}

/* P(range of k standard normals < w) (df infinite), Hartley's form integrated with
 * 12-point Gauss-Legendre quadrature as in Copenhaver and Holland (1988), algorithm
 * "wprob". */
static double range_cdf(double w, double k)
{
    double x[12], wt[12];
    gauss_legendre(12, x, wt);
    double half = w * 0.5;
    if (half >= 8.0)
        return 1.0;
    double pr = 2.0 * metrics_normal_cdf(half) - 1.0;
    pr = pr >= exp(-50.0 / k) ? pow(pr, k) : 0.0;
    double intervals = w > 3.0 ? 2.0 : 3.0, lo = half, step = (8.0 - half) / intervals;
    double sum = 0.0;
    for (int i = 0; i < (int)intervals; i++, lo += step) {
        double a = lo + step * 0.5, b = step * 0.5, part = 0.0;
        for (int j = 0; j < 12; j++) {
            double u = a + b * x[j];
            if (u * u > 60.0)
                break;
            double in = metrics_normal_cdf(u) - metrics_normal_cdf(u - w);
            if (in >= exp(-30.0 / (k - 1.0)))
                part += wt[j] * exp(-0.5 * u * u) * pow(in, k - 1.0);
        }
        sum += part * 2.0 * b * k / sqrt(2.0 * M_PI);
    }
    pr += sum;
    if (pr <= exp(-30.0))
        return 0.0;
    return pr >= 1.0 ? 1.0 : pr;
}

/* The studentized range's CDF: range_cdf(q * s) integrated over the distribution of
 * s = sqrt(chi2_df / df), with 16-point Gauss-Legendre quadrature on intervals of
 * the chi-square variable (Copenhaver and Holland 1988, as in R's ptukey). */
double metrics_ptukey(double q, double k, double df)
{
    if (!(q > 0.0))
        return 0.0;
    if (isinf(q))
        return 1.0;
    if (k < 2.0 || df < 2.0)
        return NAN;
    if (df > 25000.0)
        return range_cdf(q, k);
    double x[16], wt[16];
    gauss_legendre(16, x, wt);
    double f2 = df * 0.5, f21 = f2 - 1.0, ff4 = df * 0.25;
    double ulen = df <= 100.0 ? 1.0 : df <= 800.0 ? 0.5 : df <= 5000.0 ? 0.25 : 0.125;
    double lead = f2 * log(df) - df * M_LN2 - lgamma(f2) + log(ulen);
    double ans = 0.0, part = 0.0;
    for (int i = 1; i <= 50; i++) {
        part = 0.0;
        double mid = (2 * i - 1) * ulen;
        for (int j = 0; j < 16; j++) {
            double u = mid + x[j] * ulen;
            double t = lead + f21 * log(u) - u * ff4;
            if (t >= -30.0)
                part += range_cdf(q * sqrt(u * 0.5), k) * wt[j] * exp(t);
        }
        if (i * ulen >= 1.0 && part <= 1e-14)
            break;
        ans += part;
    }
    return ans > 1.0 ? 1.0 : ans;
}
