/* measures.c: every per-topic measure (trec_eval's and trecjudge's), the registry, summaries. */
/* SPDX-License-Identifier: MIT */
#include "metrics.h"

#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

#define MIN_GEO_MEAN 0.00001
#define INFAP_EPSILON 0.00001

typedef enum param_kind {
    PK_NONE,         /* no parameters */
    PK_CUT_LONG,     /* sorted positive integer cutoffs, one value each: P_5 */
    PK_CUT_DOUBLE,   /* sorted real cutoffs, one value each: iprec_at_recall_0.10 */
    PK_DOUBLES,      /* a list of reals, one value: utility_1,-1,0,0 */
    PK_PAIRS         /* name=value pairs, one value: ndcg_1=3,2=9 */
} param_kind;

typedef enum summary_kind {
    SK_MEAN, SK_GM, SK_SUM, SK_NUM_Q, SK_NUM_REL, SK_NONE, SK_RUNID
} summary_kind;

/* The qrels a measure can be computed from. */
typedef enum qrels_kind {
    QR_PLAIN,        /* ordinary qrels */
    QR_GROUPS,       /* judgment-group qrels (-R qrels_jg) */
    QR_PREFS,        /* preference judgments (-R prefs, -R qrels_prefs) */
    QR_ANY           /* either: reads nothing of the judgments */
} qrels_kind;

typedef struct pair {
    char *name;
    double value;
} pair;

struct family;

/* A selected measure with its parameters. */
typedef struct inst {
    const struct family *f;
    size_t off, count;
    long *cuts;          /* PK_CUT_LONG */
    double *dcuts;       /* PK_CUT_DOUBLE and PK_DOUBLES */
    pair *pairs;         /* PK_PAIRS */
    size_t nparams;
    char *printable;     /* the parameter text as given, or NULL for the defaults */
    double *powers;      /* rbp: p^i for i < npowers, each the product of the one before */
    size_t npowers;
} inst;

typedef void (*compute_fn)(const inst *m, const metrics_params *p, const metrics_topic *t,
                           double *v, char **s);

typedef struct family {
    const char *name;
    param_kind pk;
    const long *def_cuts;
    const double *def_dcuts;
    size_t ndef;
    metrics_kind kind;
    int per_topic;
    summary_kind sk;
    compute_fn fn;
    int zero_missing;    /* zeroed for a topic missing from the run when named exactly so */
    qrels_kind qrels;
} family;

/* ---- helpers ---- */

static inline int is_rel(long r, const metrics_params *p)
{
    return r >= p->relevance_level;
}

/* The ranks (0-based, ascending) the measures walk instead of every rank of a topic. A
 * measure that reads a list does nothing at a rank left out of it, not even add 0.0
 * (each says why), so that it skips most of a run and still computes the same doubles. */
struct metrics_ranks {
    const long *pooled;      /* all but documents outside the qrels that are not relevant */
    long npooled;
    const long *relevant;    /* relevant documents (grade >= relevance level) */
    long nrelevant;
    const long *positive;    /* documents with a grade above 0 */
    long npositive;
};

/* A topic copied with its lists of ranks, in local when they fit. */
#define RANKED_LOCAL 1024

typedef struct ranked_topic {
    metrics_topic t;
    struct metrics_ranks rk;
    long *heap;
    long local[3 * RANKED_LOCAL];
} ranked_topic;

static const metrics_topic *ranked_fill(ranked_topic *r, const metrics_topic *t,
                                        const metrics_params *p)
{
    r->t = *t;
    r->heap = NULL;
    long *pooled = r->local;
    if (t->num_ret > RANKED_LOCAL)
        pooled = r->heap = util_malloc(3 * (size_t)t->num_ret * sizeof *pooled);
    long cap = t->num_ret > RANKED_LOCAL ? t->num_ret : RANKED_LOCAL;
    long *relevant = pooled + cap, *positive = relevant + cap;
    long n = 0;
    if (is_rel(METRICS_NONPOOL, p)) {
        /* A relevance level below 0 makes every document relevant. */
        for (long i = 0; i < t->num_ret; i++)
            pooled[n++] = i;
    } else {
        for (long i = 0; i < t->num_ret; i++) {
            pooled[n] = i;
            n += t->rels[i] != METRICS_NONPOOL;
        }
    }
    long nr = 0, np = 0;
    for (long k = 0; k < n; k++) {
        long i = pooled[k], g = t->rels[i];
        relevant[nr] = i;
        nr += is_rel(g, p);
        positive[np] = i;
        np += g > 0;
    }
    r->rk.pooled = pooled;
    r->rk.npooled = n;
    r->rk.relevant = relevant;
    r->rk.nrelevant = nr;
    r->rk.positive = positive;
    r->rk.npositive = np;
    r->t.ranks = &r->rk;
    return &r->t;
}

static void ranked_free(ranked_topic *r)
{
    free(r->heap);
    r->heap = NULL;
}

/* Gains for a topic: judged grades plus the measure's name=value parameters. */
typedef struct gain {
    long level;
    double gain;
    long num_at_level;
} gain;

/* gain_of's table covers grades -GAINS_NEG .. GAINS_LUT - GAINS_NEG - 1: the documents
 * outside the qrels (-1) and unjudged (-2) too, which are most of a run. */
#define GAINS_LUT 16
#define GAINS_NEG 2

typedef struct gains {
    gain *g;
    long n;
    long nparam;         /* gains given as parameters */
    gain local[16];
    double lut[GAINS_LUT];
} gains;

/* Fills gain_of's table: the gain of a grade's first entry in g, 0 when it has none. */
static void gains_index(gains *gs)
{
    for (long k = 0; k < GAINS_LUT; k++)
        gs->lut[k] = 0.0;
    for (long i = gs->n; i-- > 0;) {
        unsigned long k = (unsigned long)(gs->g[i].level + GAINS_NEG);
        if (k < GAINS_LUT)
            gs->lut[k] = gs->g[i].gain;
    }
}

static int valid_int(const char *s)
{
    if (*s == '-' || *s == '+')
        s++;
    if (*s == '\0')
        return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

/* The order trec_eval sorts gains in: the integer part of their difference, stably. */
static int gain_cmp(const gain *a, const gain *b)
{
    return (int)(a->gain - b->gain);
}

static void gain_msort(gain *b, size_t n, gain *tmp)
{
    if (n <= 1)
        return;
    size_t n1 = n / 2, n2 = n - n1;
    gain *b1 = b, *b2 = b + n1;
    gain_msort(b1, n1, tmp);
    gain_msort(b2, n2, tmp);
    gain *t = tmp;
    while (n1 > 0 && n2 > 0) {
        if (gain_cmp(b1, b2) <= 0) {
            *t++ = *b1++;
            n1--;
        } else {
            *t++ = *b2++;
            n2--;
        }
    }
    if (n1 > 0)
        memcpy(t, b1, n1 * sizeof *t);
    memcpy(b, tmp, (n - n2) * sizeof *b);
}

static void gains_setup(const inst *m, const metrics_topic *t, gains *gs)
{
    size_t cap = (size_t)t->num_rel_levels + m->nparams;
    gs->g = cap <= 16 ? gs->local : util_malloc(cap * sizeof *gs->g);
    long n = 0;
    for (size_t i = 0; i < m->nparams; i++) {
        if (m->pairs == NULL || !valid_int(m->pairs[i].name))
            continue;
        gs->g[n].level = atol(m->pairs[i].name);
        gs->g[n].gain = m->pairs[i].value;
        gs->g[n].num_at_level = 0;
        n++;
    }
    long nparam = n;
    for (long i = 0; i < t->num_rel_levels; i++) {
        long j;
        for (j = 0; j < nparam && gs->g[j].level != i; j++)
            ;
        if (j < nparam) {
            gs->g[j].num_at_level = t->rel_levels[i];
        } else {
            gs->g[n].level = i;
            gs->g[n].gain = (double)i;
            gs->g[n].num_at_level = t->rel_levels[i];
            n++;
        }
    }
    gain tmp[16];
    gain *tp = n <= 16 ? tmp : util_malloc((size_t)n * sizeof *tp);
    gain_msort(gs->g, (size_t)n, tp);
    if (tp != tmp)
        free(tp);
    gs->n = n;
    gs->nparam = nparam;
    gains_index(gs);
}

static void gains_free(gains *gs)
{
    if (gs->g != gs->local)
        free(gs->g);
}

static double gain_of(long rel, const gains *gs)
{
    unsigned long k = (unsigned long)(rel + GAINS_NEG);
    if (k < GAINS_LUT)
        return gs->lut[k];
    for (long i = 0; i < gs->n; i++)
        if (gs->g[i].level == rel)
            return gs->g[i].gain;
    return 0.0;
}

static double pair_param(const inst *m, const char *name, double def)
{
    for (size_t i = 0; m->pairs != NULL && i < m->nparams; i++)
        if (strcmp(m->pairs[i].name, name) == 0)
            def = m->pairs[i].value;
    return def;
}

/* ---- trec_eval measures ---- */

static void m_num_q(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                    char **s)
{
    (void)m, (void)p, (void)t, (void)s;
    v[0] = 1;
}

static void m_runid(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                    char **s)
{
    (void)m, (void)p, (void)t, (void)v, (void)s;
}

static void m_num_ret(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                      char **s)
{
    (void)m, (void)p, (void)s;
    v[0] = (double)t->num_ret;
}

static void m_num_rel(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                      char **s)
{
    (void)m, (void)p, (void)s;
    v[0] = (double)t->num_rel;
}

static void m_num_rel_ret(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                          char **s)
{
    (void)m, (void)p, (void)s;
    v[0] = (double)t->num_rel_ret;
}

static double average_precision(const metrics_topic *t)
{
    const struct metrics_ranks *rk = t->ranks;
    double sum = 0.0;
    for (long k = 0; k < rk->nrelevant; k++)
        sum += (double)(k + 1) / (double)(rk->relevant[k] + 1);
    return rk->nrelevant ? sum / (double)t->num_rel : 0.0;
}

static void m_map(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                  char **s)
{
    (void)m, (void)p, (void)s;
    v[0] = average_precision(t);
}

static void m_gm_map(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                     char **s)
{
    (void)m, (void)p, (void)s;
    double ap = average_precision(t);
    v[0] = log(ap > MIN_GEO_MEAN ? ap : MIN_GEO_MEAN);
}

static void m_Rprec(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                    char **s)
{
    (void)m, (void)s;
    long look = t->num_ret < t->num_rel ? t->num_ret : t->num_rel;
    if (look == 0)
        return;
    (void)p;
    const struct metrics_ranks *rk = t->ranks;
    long rel_so_far = 0;
    while (rel_so_far < rk->nrelevant && rk->relevant[rel_so_far] < look)
        rel_so_far++;
    v[0] = (double)rel_so_far / (double)t->num_rel;
}

static double bpref(const metrics_params *p, const metrics_topic *t)
{
    long num_nonrel = 0;
    for (long j = 0; j < p->relevance_level && j < t->num_rel_levels; j++)
        num_nonrel += t->rel_levels[j];
    long nonrel_so_far = 0;
    double b = 0.0;
    const struct metrics_ranks *rk = t->ranks;
    for (long k = 0; k < rk->npooled; k++) {
        long r = t->rels[rk->pooled[k]];
        if (r == METRICS_NONPOOL || r == METRICS_UNJUDGED)
            continue;
        if (r >= 0 && r < p->relevance_level) {
            nonrel_so_far++;
        } else if (nonrel_so_far > 0) {
            long a = nonrel_so_far < t->num_rel ? nonrel_so_far : t->num_rel;
            long c = num_nonrel < t->num_rel ? num_nonrel : t->num_rel;
            b += 1.0 - ((double)a / (double)c);
        } else {
            b += 1.0;
        }
    }
    if (t->num_rel)
        b /= (double)t->num_rel;
    return b;
}

static void m_bpref(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                    char **s)
{
    (void)m, (void)s;
    v[0] = bpref(p, t);
}

static void m_gm_bpref(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                       char **s)
{
    (void)m, (void)s;
    double b = bpref(p, t);
    v[0] = log(b > MIN_GEO_MEAN ? b : MIN_GEO_MEAN);
}

static void m_recip_rank(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                         char **s)
{
    (void)m, (void)p, (void)s;
    if (t->ranks->nrelevant > 0)
        v[0] = 1.0 / (double)(t->ranks->relevant[0] + 1);
}

/* Interpolated precision at recall points; calls out(k, value) per cutoff index. With
 * sum != NULL, adds the values instead (11pt_avg). */
static void interpolated(const double *pct, size_t n, const metrics_topic *t, double *v,
                         double *sum)
{
    long cutbuf[32];
    long *cut = n <= 32 ? cutbuf : util_malloc(n * sizeof *cut);
    for (size_t i = 0; i < n; i++)
        cut[i] = lround(pct[i] * (double)t->num_rel);
    long cur = (long)n - 1;
    while (cur >= 0 && cut[cur] > t->num_rel_ret)
        cur--;
    double precis = (double)t->num_rel_ret / (double)t->num_ret;
    double int_precis = precis;
    long rel_so_far = t->num_rel_ret;
    /* trec_eval walks every rank i from num_ret down to 1 while rel_so_far > 0. While
     * rel_so_far stays, rel_so_far / i only grows as i falls (the quotient is correctly
     * rounded, so monotonic): its largest value is the one at the next relevant document
     * (or at i = 1), the only one that can raise int_precis. */
    const struct metrics_ranks *rk = t->ranks;
    for (long k = rk->nrelevant - 1; k >= 0 && rel_so_far > 0; k--) {
        long i = rk->relevant[k] + 1;
        precis = (double)rel_so_far / (double)i;
        if (int_precis < precis)
            int_precis = precis;
        while (cur >= 0 && rel_so_far == cut[cur]) {
            if (sum != NULL)
                *sum += int_precis;
            else
                v[cur] = int_precis;
            cur--;
        }
        rel_so_far--;
    }
    /* The walk reached i = 1, rank 0 not relevant (counts that disagree). */
    if (rel_so_far > 0 && t->num_ret > 0 && (rk->nrelevant == 0 || rk->relevant[0] != 0)) {
        precis = (double)rel_so_far / 1.0;
        if (int_precis < precis)
            int_precis = precis;
    }
    while (cur >= 0) {
        if (sum != NULL)
            *sum += int_precis;
        else
            v[cur] = int_precis;
        cur--;
    }
    if (cut != cutbuf)
        free(cut);
}

static void m_iprec_at_recall(const inst *m, const metrics_params *p, const metrics_topic *t,
                              double *v, char **s)
{
    (void)p, (void)s;
    interpolated(m->dcuts, m->nparams, t, v, NULL);
}

static void m_11pt_avg(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                       char **s)
{
    (void)p, (void)s;
    double sum = 0.0;
    interpolated(m->dcuts, m->nparams, t, NULL, &sum);
    v[0] = sum / (double)m->nparams;
}

/* Counts of relevant documents in the first cut[k] ranks, for sorted cutoffs. */
static void count_at_cuts(const inst *m, const metrics_topic *t, long *counts)
{
    /* The cut-offs ascend: count the relevant ranks below each. */
    const struct metrics_ranks *rk = t->ranks;
    long rel_so_far = 0;
    for (size_t k = 0; k < m->nparams; k++) {
        long end = m->cuts[k] < t->num_ret ? m->cuts[k] : t->num_ret;
        while (rel_so_far < rk->nrelevant && rk->relevant[rel_so_far] < end)
            rel_so_far++;
        counts[k] = rel_so_far;
    }
}

#define WITH_COUNTS(body)                                              \
    long cbuf[32];                                                     \
    long *c = m->nparams <= 32 ? cbuf : util_malloc(m->nparams * sizeof *c); \
    count_at_cuts(m, t, c);                                            \
    body;                                                              \
    if (c != cbuf)                                                     \
        free(c)

static void m_P(const inst *m, const metrics_params *p, const metrics_topic *t, double *v, char **s)
{
    (void)p, (void)s;
    WITH_COUNTS(for (size_t k = 0; k < m->nparams; k++) v[k] = (double)c[k] / (double)m->cuts[k]);
}

static void m_recall(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                     char **s)
{
    (void)p, (void)s;
    if (t->num_rel == 0)
        return;
    WITH_COUNTS(for (size_t k = 0; k < m->nparams; k++) v[k] = (double)c[k] / (double)t->num_rel);
}

static void m_relative_P(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                         char **s)
{
    (void)p, (void)s;
    if (t->num_rel == 0)
        return;
    WITH_COUNTS(for (size_t k = 0; k < m->nparams; k++) {
        long d = m->cuts[k] > t->num_rel ? t->num_rel : m->cuts[k];
        v[k] = (double)c[k] / (double)d;
    });
}

static void m_success(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                      char **s)
{
    (void)p, (void)s;
    WITH_COUNTS(for (size_t k = 0; k < m->nparams; k++) v[k] = c[k] ? 1.0 : 0.0);
}

static void m_map_cut(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                      char **s)
{
    (void)s;
    if (t->num_rel == 0)
        return;
    (void)p;
    const struct metrics_ranks *rk = t->ranks;
    long rel_so_far = 0;
    double sum = 0.0;
    for (size_t k = 0; k < m->nparams; k++) {
        long end = m->cuts[k] < t->num_ret ? m->cuts[k] : t->num_ret;
        for (; rel_so_far < rk->nrelevant && rk->relevant[rel_so_far] < end; rel_so_far++)
            sum += (double)(rel_so_far + 1) / (double)(rk->relevant[rel_so_far] + 1);
        v[k] = sum / (double)t->num_rel;
    }
}

static void m_unj(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                  char **s)
{
    (void)s, (void)p;
    size_t k = 0;
    long unj = 0;
    for (long i = 0; i < t->num_ret && k < m->nparams; i++) {
        while (k < m->nparams && i == m->cuts[k]) {
            v[k] = (double)unj / (double)i;
            k++;
        }
        if (k >= m->nparams)
            break;
        if (t->rels[i] == METRICS_NONPOOL || t->rels[i] == METRICS_UNJUDGED)
            unj++;
    }
    for (; k < m->nparams; k++)
        v[k] = (double)unj / (double)m->cuts[k];
}

static void m_infAP(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                    char **s)
{
    (void)m, (void)s;
    long nonrel_so_far = 0, rel_so_far = 0, pool_unjudged_so_far = 0;
    double inf_ap = 0.0;
    const struct metrics_ranks *rk = t->ranks;
    for (long k = 0; k < rk->npooled; k++) {
        long j = rk->pooled[k];
        long r = t->rels[j];
        if (r == METRICS_NONPOOL)
            continue;
        if (r == METRICS_UNJUDGED) {
            pool_unjudged_so_far++;
            continue;
        }
        if (r >= 0 && r < p->relevance_level) {
            nonrel_so_far++;
        } else {
            rel_so_far++;
            if (j == 0) {
                inf_ap += 1.0;
            } else {
                double fj = (double)j;
                inf_ap += 1.0 / (fj + 1.0) +
                          (fj / (fj + 1.0)) *
                              ((rel_so_far - 1 + nonrel_so_far + pool_unjudged_so_far) / fj) *
                              ((rel_so_far - 1 + INFAP_EPSILON) /
                               (rel_so_far - 1 + nonrel_so_far + 2 * INFAP_EPSILON));
            }
        }
    }
    if (t->num_rel)
        inf_ap /= (double)t->num_rel;
    v[0] = inf_ap;
}

/* Precision at multiples of R; cut-offs that are never reached keep their value. */
static void rprec_mult(const inst *m, const metrics_topic *t, double *v)
{
    long cutbuf[32];
    long *cut = m->nparams <= 32 ? cutbuf : util_malloc(m->nparams * sizeof *cut);
    for (size_t i = 0; i < m->nparams; i++)
        cut[i] = (long)(m->dcuts[i] * (double)t->num_rel + 0.9);
    long cur = (long)m->nparams - 1;
    while (cur >= 0 && cut[cur] > t->num_ret) {
        v[cur] = (double)t->num_rel_ret / (double)cut[cur];
        cur--;
    }
    /* trec_eval walks every rank i from num_ret down to 1 while rel_so_far > 0, where
     * rel_so_far drops after rank i - 1 if it is relevant, and keeps rel_so_far / i at the
     * cut-offs only (its interpolated precision is never used): this jumps from one
     * cut-off to the next over the relevant documents. */
    const struct metrics_ranks *rk = t->ranks;
    long rel_so_far = t->num_rel_ret;
    long j = rk->nrelevant - 1;
    while (cur >= 0 && rel_so_far > 0 && cut[cur] >= 1) {
        for (; j >= 0 && rk->relevant[j] >= cut[cur] && rel_so_far > 0; j--)
            rel_so_far--;
        if (rel_so_far == 0)
            break;
        v[cur] = (double)rel_so_far / (double)cut[cur];
        cur--;
    }
    if (cut != cutbuf)
        free(cut);
}

static void m_Rprec_mult(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                         char **s)
{
    (void)p, (void)s;
    rprec_mult(m, t, v);
}

/* trec_eval's judgment-group measures: the measure of each group, summed over the groups
 * in name order and then divided by their number when there is more than one, in that
 * order of operations so that the sums round as trec_eval's do. */

static void m_map_avgjg(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                        char **s)
{
    (void)m, (void)s;
    for (long g = 0; g < t->ngroups; g++) {
        ranked_topic rt;
        v[0] += average_precision(ranked_fill(&rt, &t->groups[g], p));
        ranked_free(&rt);
    }
    if (t->ngroups > 1)
        v[0] /= (double)t->ngroups;
}

static void m_P_avgjg(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                      char **s)
{
    (void)s;
    long cbuf[32];
    long *c = m->nparams <= 32 ? cbuf : util_malloc(m->nparams * sizeof *c);
    for (long g = 0; g < t->ngroups; g++) {
        ranked_topic rt;
        count_at_cuts(m, ranked_fill(&rt, &t->groups[g], p), c);
        ranked_free(&rt);
        for (size_t k = 0; k < m->nparams; k++)
            v[k] += (double)c[k] / (double)m->cuts[k];
    }
    if (t->ngroups > 1)
        for (size_t k = 0; k < m->nparams; k++)
            v[k] /= (double)t->ngroups;
    if (c != cbuf)
        free(c);
}

static void m_Rprec_mult_avgjg(const inst *m, const metrics_params *p, const metrics_topic *t,
                               double *v, char **s)
{
    (void)s;
    double gbuf[32];
    double *gv = m->nparams <= 32 ? gbuf : util_malloc(m->nparams * sizeof *gv);
    for (long g = 0; g < t->ngroups; g++) {
        memset(gv, 0, m->nparams * sizeof *gv);
        ranked_topic rt;
        rprec_mult(m, ranked_fill(&rt, &t->groups[g], p), gv);
        ranked_free(&rt);
        for (size_t k = 0; k < m->nparams; k++)
            v[k] += gv[k];
    }
    if (t->ngroups > 1)
        for (size_t k = 0; k < m->nparams; k++)
            v[k] /= (double)t->ngroups;
    if (gv != gbuf)
        free(gv);
}

/* The prefs_* measures read only the topic's preference counts (prefs.c). */
#define PREFS_MEASURE(fn, which)                                                                   \
    static void fn(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,      \
                   char **s)                                                                       \
    {                                                                                              \
        (void)m;                                                                                   \
        (void)p;                                                                                   \
        (void)s;                                                                                   \
        v[0] = metrics_prefs_value(t->prefs, which);                                               \
    }
PREFS_MEASURE(m_prefs_num_prefs_poss, METRICS_PREFS_NUM_POSS)
PREFS_MEASURE(m_prefs_num_prefs_ful, METRICS_PREFS_NUM_FUL)
PREFS_MEASURE(m_prefs_num_prefs_ful_ret, METRICS_PREFS_NUM_FUL_RET)
PREFS_MEASURE(m_prefs_simp, METRICS_PREFS_SIMP)
PREFS_MEASURE(m_prefs_pair, METRICS_PREFS_PAIR)
PREFS_MEASURE(m_prefs_avgjg, METRICS_PREFS_AVGJG)
PREFS_MEASURE(m_prefs_avgjg_Rnonrel, METRICS_PREFS_AVGJG_RNONREL)
PREFS_MEASURE(m_prefs_simp_ret, METRICS_PREFS_SIMP_RET)
PREFS_MEASURE(m_prefs_pair_ret, METRICS_PREFS_PAIR_RET)
PREFS_MEASURE(m_prefs_avgjg_ret, METRICS_PREFS_AVGJG_RET)
PREFS_MEASURE(m_prefs_avgjg_Rnonrel_ret, METRICS_PREFS_AVGJG_RNONREL_RET)
PREFS_MEASURE(m_prefs_simp_imp, METRICS_PREFS_SIMP_IMP)
PREFS_MEASURE(m_prefs_pair_imp, METRICS_PREFS_PAIR_IMP)
PREFS_MEASURE(m_prefs_avgjg_imp, METRICS_PREFS_AVGJG_IMP)

static void m_utility(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                      char **s)
{
    (void)s;
    const double *c = m->dcuts;
    v[0] = c[0] * (double)t->num_rel_ret + c[1] * (double)(t->num_ret - t->num_rel_ret) +
           c[2] * (double)(t->num_rel - t->num_rel_ret) +
           c[3] * (double)(p->num_docs_in_coll + t->num_rel_ret - t->num_ret - t->num_rel);
}

/* log2(k) of the ranks of most runs, computed once: each is the same double log2 returns,
 * so the nDCG family's values do not change (log2 was a fifth of their time). */
#define LOG2_TABLE 4096
static double log2_table[LOG2_TABLE];
static pthread_once_t log2_once = PTHREAD_ONCE_INIT;

static void log2_fill(void)
{
    for (long k = 0; k < LOG2_TABLE; k++)
        log2_table[k] = log2((double)k);
}

/* log2(k) for k >= 1; the table is filled by metrics_set_compute (log2_once). */
static inline double rank_log2(long k)
{
    return k < LOG2_TABLE ? log2_table[k] : log2((double)k);
}

static void m_binG(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                   char **s)
{
    (void)m, (void)s;
    (void)p;
    const struct metrics_ranks *rk = t->ranks;
    double sum = 0.0;
    for (long k = 0; k < rk->nrelevant; k++)
        sum += 1.0 / rank_log2(3 + rk->relevant[k] - (k + 1));
    if (rk->nrelevant)
        v[0] = sum / (double)t->num_rel;
}

/* Walks the ideal ranking: the gain of the next ideal document. */
typedef struct ideal_walk {
    const gains *gs;
    long cur_level, num_at_level;
    double gain;
} ideal_walk;

static void ideal_start(ideal_walk *w, const gains *gs)
{
    w->gs = gs;
    w->cur_level = gs->n - 1;
    w->gain = w->cur_level >= 0 ? gs->g[w->cur_level].gain : 0.0;
    w->num_at_level = 0;
}

static void ideal_step(ideal_walk *w)
{
    w->num_at_level++;
    while (w->cur_level >= 0 && w->num_at_level > w->gs->g[w->cur_level].num_at_level) {
        w->num_at_level = 1;
        w->cur_level--;
        w->gain = w->cur_level >= 0 ? w->gs->g[w->cur_level].gain : 0.0;
    }
}

/* The ranks whose gain a gain measure reads: with the grades as gains, those of a grade
 * above 0; with gains given, every rank in the qrels, or every rank at all (at NULL) when
 * a parameter gives the documents outside the qrels a gain other than 0. At a rank left
 * out the gain is 0 (or -0.0): the measures test it with != 0 or > 0 and do nothing, or
 * add it to a sum that is never -0.0 (it starts at +0.0 and rounds to nearest), which
 * leaves the sum as it was. */
typedef struct gain_ranks {
    const long *at;
    long n;
} gain_ranks;

static gain_ranks gain_ranks_of(const metrics_topic *t, const gains *gs)
{
    if (gs->nparam == 0) {
        gain_ranks r = { t->ranks->positive, t->ranks->npositive };
        return r;
    }
    gain_ranks r = { t->ranks->pooled, t->ranks->npooled };
    if (gain_of(METRICS_NONPOOL, gs) != 0) {
        r.at = NULL;
        r.n = t->num_ret;
    }
    return r;
}

static inline long gain_rank(const gain_ranks *r, long k)
{
    return r->at != NULL ? r->at[k] : k;
}

static void m_G(const inst *m, const metrics_params *p, const metrics_topic *t, double *v, char **s)
{
    (void)p, (void)s;
    gains gs;
    gains_setup(m, t, &gs);
    ideal_walk w;
    ideal_start(&w, &gs);
    gain_ranks r = gain_ranks_of(t, &gs);
    double results_g = 0.0, sum_results = 0.0, sum_ideal = 0.0, sum_cost = 0.0;
    const double min_cost = 1.0;
    long i, k = 0;
    for (i = 0; i < t->num_ret && w.gain > 0.0; i++) {
        double rg = 0.0;
        if (k < r.n && gain_rank(&r, k) == i)
            rg = gain_of(t->rels[gain_rank(&r, k++)], &gs);
        sum_results += rg;
        ideal_step(&w);
        if (w.gain > 0.0)
            sum_ideal += w.gain;
        if (w.gain >= min_cost)
            sum_cost += w.gain;
        else
            sum_cost += min_cost;
        if (rg != 0)
            results_g += rg / log2((double)(2 + sum_cost - sum_results));
    }
    double base = sum_cost;
    if (base == floor(base) && base < 0x1p52) {
        /* From here trec_eval adds min_cost (1) to sum_cost at every rank: sums of whole
         * numbers that stay below 2^53 are exact, so base + the ranks so far is the sum it
         * has at each rank. A base with a fraction can round on the way: walk every rank. */
        for (; k < r.n; k++) {
            long j = gain_rank(&r, k);
            double rg = gain_of(t->rels[j], &gs);
            sum_results += rg;
            double cost = base + (double)(j - i + 1);
            if (rg != 0)
                results_g += rg / log2((double)(2 + cost - sum_results));
        }
    } else {
        for (; i < t->num_ret; i++) {
            double rg = 0.0;
            if (k < r.n && gain_rank(&r, k) == i)
                rg = gain_of(t->rels[gain_rank(&r, k++)], &gs);
            sum_results += rg;
            sum_cost += min_cost;
            if (rg != 0)
                results_g += rg / log2((double)(2 + sum_cost - sum_results));
        }
    }
    while (w.gain > 0.0) {
        ideal_step(&w);
        if (w.gain > 0.0)
            sum_ideal += w.gain;
    }
    if (sum_ideal > 0.0)
        v[0] = results_g / sum_ideal;
    gains_free(&gs);
}

/* DCG of the run and of the ideal ranking under the measure's gains (ndcg, dcg, ideal_dcg). */
static void gain_dcg(const inst *m, const metrics_topic *t, double *results_dcg, double *ideal_dcg)
{
    gains gs;
    gains_setup(m, t, &gs);
    gain_ranks r = gain_ranks_of(t, &gs);
    double rd = 0.0, id = 0.0;
    for (long k = 0; k < r.n; k++) {
        long i = gain_rank(&r, k);
        double rg = gain_of(t->rels[i], &gs);
        if (rg != 0)
            rd += rg / rank_log2(i + 2);
    }
    /* trec_eval walks the run and the ideal ranking together, then the rest of the ideal
     * one: the ideal DCG has the same terms in the same order walked alone. */
    ideal_walk w;
    ideal_start(&w, &gs);
    for (long i = 0; w.gain > 0.0; i++) {
        ideal_step(&w);
        if (w.gain > 0.0)
            id += w.gain / rank_log2(i + 2);
    }
    *results_dcg = rd;
    *ideal_dcg = id;
    gains_free(&gs);
}

static void m_ndcg(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                   char **s)
{
    (void)p, (void)s;
    double rd, id;
    gain_dcg(m, t, &rd, &id);
    if (id > 0.0)
        v[0] = rd / id;
}

static void m_dcg(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                  char **s)
{
    (void)p, (void)s;
    double rd, id;
    gain_dcg(m, t, &rd, &id);
    v[0] = rd;
}

static void m_ideal_dcg(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                        char **s)
{
    (void)p, (void)s;
    double rd, id;
    gain_dcg(m, t, &rd, &id);
    v[0] = id;
}

static void m_ndcg_rel(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                       char **s)
{
    (void)p, (void)s;
    gains gs;
    gains_setup(m, t, &gs);
    ideal_walk w;
    ideal_start(&w, &gs);
    gain_ranks r = gain_ranks_of(t, &gs);
    double rd = 0.0, id = 0.0, sum = 0.0;
    long num_rel = 0, num_rel_ret = 0, ii = 0;
    /* trec_eval steps the ideal ranking at every rank while its gain is positive; the
     * ideal DCG is read only at a relevant document, so the steps are taken up to its
     * rank then (ii: the next ideal rank). */
    for (long k = 0; k < r.n; k++) {
        long i = gain_rank(&r, k);
        double rg = gain_of(t->rels[i], &gs);
        if (rg != 0)
            rd += rg / rank_log2(i + 2);
        if (rg > 0) {
            for (; ii <= i && w.gain > 0.0; ii++) {
                ideal_step(&w);
                if (w.gain > 0.0) {
                    num_rel++;
                    id += w.gain / rank_log2(ii + 2);
                }
            }
            sum += rd / id;
            num_rel_ret++;
        }
    }
    for (; w.gain > 0.0; ii++) {
        ideal_step(&w);
        if (w.gain > 0.0) {
            num_rel++;
            id += w.gain / rank_log2(ii + 2);
        }
    }
    sum += ((double)(num_rel - num_rel_ret)) * rd / id;
    if (sum > 0.0)
        v[0] = sum / (double)num_rel;
    gains_free(&gs);
}

static void m_Rndcg(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                    char **s)
{
    (void)p, (void)s;
    gains gs;
    gains_setup(m, t, &gs);
    if (t->num_rel == 0) {
        gains_free(&gs);
        return;
    }
    ideal_walk w;
    ideal_start(&w, &gs);
    double rd = 0.0, id = 0.0, sum = 0.0;
    gain_ranks r = gain_ranks_of(t, &gs);
    double old_gain = w.gain;
    long num_changed = 0, i, k = 0;
    for (i = 0; i < t->num_ret && w.gain > 0.0; i++) {
        double rg = 0.0;
        if (k < r.n && gain_rank(&r, k) == i)
            rg = gain_of(t->rels[gain_rank(&r, k++)], &gs);
        ideal_step(&w);
        if (old_gain != w.gain) {
            if (id > 0.0) {
                sum += rd / id;
                num_changed++;
            }
            old_gain = w.gain;
        }
        if (rg != 0)
            rd += rg / rank_log2(i + 2);
        if (w.gain > 0.0)
            id += w.gain / rank_log2(i + 2);
    }
    if (i < t->num_ret) {
        for (; k < r.n; k++) {
            long j = gain_rank(&r, k);
            double rg = gain_of(t->rels[j], &gs);
            if (rg != 0)
                rd += rg / rank_log2(j + 2);
        }
        if (id > 0.0) {
            sum += rd / id;
            num_changed++;
        }
    }
    while (w.gain > 0.0) {
        ideal_step(&w);
        if (old_gain != w.gain) {
            if (id > 0.0) {
                sum += rd / id;
                num_changed++;
            }
            old_gain = w.gain;
        }
        if (w.gain > 0.0)
            id += w.gain / rank_log2(i + 2);
        i++;
    }
    v[0] = sum / (double)num_changed;
    gains_free(&gs);
}

static void m_ndcg_cut(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                       char **s)
{
    (void)p, (void)s;
    size_t k;
    double sum = 0.0;
    long i, j = 0;
    /* Only a grade above 0 adds. */
    const struct metrics_ranks *rk = t->ranks;
    for (k = 0; k < m->nparams; k++) {
        long end = m->cuts[k] < t->num_ret ? m->cuts[k] : t->num_ret;
        for (; j < rk->npositive && rk->positive[j] < end; j++) {
            i = rk->positive[j];
            double g = (double)t->rels[i];
            if (g > 0)
                sum += g / rank_log2(i + 2);
        }
        v[k] = sum;
    }
    /* The ideal ranking: every judged document by grade, the grade as gain. */
    k = 0;
    long cur = t->num_rel_levels - 1, count = 0;
    double ideal = 0.0;
    for (i = 0;; i++) {
        count++;
        while (cur > 0 && count > t->rel_levels[cur]) {
            cur--;
            count = 1;
        }
        if (cur == 0)
            break;
        if (i == m->cuts[k]) {
            if (ideal > 0.0)
                v[k] /= ideal;
            if (++k == m->nparams)
                break;
        }
        ideal += (double)cur / rank_log2(i + 2);
    }
    for (; k < m->nparams; k++)
        if (ideal > 0.0)
            v[k] /= ideal;
}

static void m_set_P(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                    char **s)
{
    (void)m, (void)p, (void)s;
    if (t->num_ret)
        v[0] = (double)t->num_rel_ret / (double)t->num_ret;
}

static void m_set_recall(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                         char **s)
{
    (void)m, (void)p, (void)s;
    if (t->num_rel)
        v[0] = (double)t->num_rel_ret / (double)t->num_rel;
}

static void m_set_relative_P(const inst *m, const metrics_params *p, const metrics_topic *t,
                             double *v, char **s)
{
    (void)m, (void)p, (void)s;
    if (t->num_ret && t->num_rel)
        v[0] = (double)t->num_rel_ret / (double)(t->num_ret < t->num_rel ? t->num_ret : t->num_rel);
}

static void m_set_map(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                      char **s)
{
    (void)m, (void)p, (void)s;
    if (t->num_ret && t->num_rel)
        v[0] = ((double)t->num_rel_ret * (double)t->num_rel_ret) /
               ((double)t->num_ret * (double)t->num_rel);
}

static double f_beta(const metrics_topic *t, double beta)
{
    double P = (double)t->num_rel_ret / (double)t->num_ret;
    double R = (double)t->num_rel_ret / (double)t->num_rel;
    return (beta + 1.0) * P * R / (beta * P + R);
}

static void m_set_F(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                    char **s)
{
    (void)p, (void)s;
    if (t->num_rel_ret)
        v[0] = f_beta(t, m->dcuts[0]);
}

static void m_num_nonrel_judged_ret(const inst *m, const metrics_params *p, const metrics_topic *t,
                                    double *v, char **s)
{
    (void)m, (void)p, (void)s;
    v[0] = (double)(t->num_ret - t->num_nonpool - t->num_unjudged - t->num_rel_ret);
}

static void m_yaap(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                   char **s)
{
    (void)m, (void)p, (void)s;
    const struct metrics_ranks *rk = t->ranks;
    double sum = 0.0;
    for (long k = 0; k < rk->nrelevant; k++)
        sum += (double)(k + 1) / (double)(rk->relevant[k] + 1);
    v[0] = log((1.0 + sum) / (1.0 + (double)t->num_rel - sum));
}

/* How many powers of p rbp's table holds (the ranks of most runs). */
#define RBP_POWERS 1024

static void m_rbp(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                  char **s)
{
    (void)p, (void)s;
    double pp = pair_param(m, "p", 0.9);
    gains gs;
    gains_setup(m, t, &gs);
    double min = INFINITY, max = -INFINITY;
    for (long i = 0; i < gs.n; i++) {
        if (gs.g[i].gain < min)
            min = gs.g[i].gain;
        if (gs.g[i].gain > max)
            max = gs.g[i].gain;
    }
    if (min < 0 || max > 1)
        for (long i = 0; i < gs.n; i++)
            gs.g[i].gain = (gs.g[i].gain - min) / (max - min);
    gains_index(&gs);
    /* trec_eval multiplies cur_p by p at every rank; the set's table holds the same
     * products, and past its end they are taken on from its last one. */
    gain_ranks r = gain_ranks_of(t, &gs);
    double sum = 0.0, cur_p = m->powers[m->npowers - 1];
    long cur_i = (long)m->npowers - 1;
    for (long k = 0; k < r.n; k++) {
        long i = gain_rank(&r, k);
        double g = gain_of(t->rels[i], &gs);
        if (g == 0)
            continue;
        if (i < (long)m->npowers) {
            sum += g * m->powers[i];
        } else {
            for (; cur_i < i; cur_i++)
                cur_p = cur_p * pp;
            sum += g * cur_p;
        }
    }
    v[0] = (1.0 - pp) * sum;
    gains_free(&gs);
}

static void m_rbp_resid(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                        char **s)
{
    (void)p, (void)s;
    double pp = pair_param(m, "p", 0.9);
    long unj = 0;
    double sum = 0.0, cur_p = 1.0;
    for (long i = 0; i < t->num_ret; i++) {
        if (t->rels[i] < 0) {
            unj++;
            sum += cur_p;
        }
        cur_p = cur_p * pp;
    }
    if (unj)
        v[0] = cur_p + (1 - pp) * sum;
}

static void m_relstring(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                        char **s)
{
    (void)p, (void)v;
    long len = (long)m->dcuts[0];
    if (len > t->num_ret)
        len = t->num_ret;
    if (len < 0)
        len = 0;
    char *str = util_malloc((size_t)len + 1);
    for (long i = 0; i < len; i++) {
        long r = t->rels[i];
        str[i] = r > 9 ? '>' : r >= 0 ? (char)('0' + r) : r == METRICS_NONPOOL ? '-'
                 : r == METRICS_UNJUDGED ? '.' : '<';
    }
    str[len] = '\0';
    *s = str;
}

/* ---- trecjudge's own measures ---- */

/* The ideal grade vector: every judged document, highest grade first. */
static long *ideal_grades(const metrics_topic *t, long limit, long *n)
{
    long total = 0;
    for (long g = 1; g < t->num_rel_levels; g++)
        total += t->rel_levels[g];
    if (limit > 0 && total > limit)
        total = limit;
    long *v = util_malloc((size_t)(total > 0 ? total : 1) * sizeof *v);
    long k = 0;
    for (long g = t->num_rel_levels - 1; g >= 1 && k < total; g--)
        for (long c = 0; c < t->rel_levels[g] && k < total; c++)
            v[k++] = g;
    *n = k;
    return v;
}

static double dcg_discount(long rank, metrics_gain g, double base)
{
    if (g == METRICS_GAIN_JK)
        return (double)rank < base ? 1.0 : log((double)rank) / log(base);
    return log2((double)(rank + 1));
}

static double dcg_gain(long grade, metrics_gain g)
{
    if (grade <= 0)
        return 0.0;
    return g == METRICS_GAIN_EXP ? pow(2.0, (double)grade) - 1.0 : (double)grade;
}

double metrics_dcg(const long *grades, size_t n, long k, metrics_gain g, double base)
{
    double sum = 0.0;
    size_t lim = k > 0 && (size_t)k < n ? (size_t)k : n;
    for (size_t i = 0; i < lim; i++) {
        double gv = dcg_gain(grades[i], g);
        if (gv != 0.0)
            sum += gv / dcg_discount((long)i + 1, g, base);
    }
    return sum;
}

static void dcg_family(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                       metrics_gain g, int normalize)
{
    long maxcut = m->cuts[m->nparams - 1];
    long n_ideal = 0;
    long *ideal = normalize ? ideal_grades(t, maxcut, &n_ideal) : NULL;
    for (size_t k = 0; k < m->nparams; k++) {
        double d = metrics_dcg(t->rels, (size_t)t->num_ret, m->cuts[k], g, p->jk_base);
        if (normalize) {
            double id = metrics_dcg(ideal, (size_t)n_ideal, m->cuts[k], g, p->jk_base);
            d = id > 0.0 ? d / id : 0.0;
        }
        v[k] = d;
    }
    free(ideal);
}

static void m_dcg_cut(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                      char **s)
{
    (void)s;
    dcg_family(m, p, t, v, METRICS_GAIN_LINEAR, 0);
}

static void m_dcg_burges_cut(const inst *m, const metrics_params *p, const metrics_topic *t,
                             double *v, char **s)
{
    (void)s;
    dcg_family(m, p, t, v, METRICS_GAIN_EXP, 0);
}

static void m_ndcg_burges_cut(const inst *m, const metrics_params *p, const metrics_topic *t,
                              double *v, char **s)
{
    (void)s;
    dcg_family(m, p, t, v, METRICS_GAIN_EXP, 1);
}

static void m_dcg_jk_cut(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                         char **s)
{
    (void)s;
    dcg_family(m, p, t, v, METRICS_GAIN_JK, 0);
}

static void m_ndcg_jk_cut(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                          char **s)
{
    (void)s;
    dcg_family(m, p, t, v, METRICS_GAIN_JK, 1);
}

static double cg_at(const long *grades, size_t n, long k)
{
    double sum = 0.0;
    size_t lim = k > 0 && (size_t)k < n ? (size_t)k : n;
    for (size_t i = 0; i < lim; i++)
        if (grades[i] > 0)
            sum += (double)grades[i];
    return sum;
}

static void m_cg_cut(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                     char **s)
{
    (void)p, (void)s;
    for (size_t k = 0; k < m->nparams; k++)
        v[k] = cg_at(t->rels, (size_t)t->num_ret, m->cuts[k]);
}

static void m_ncg_cut(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                      char **s)
{
    (void)p, (void)s;
    long n_ideal;
    long *ideal = ideal_grades(t, m->cuts[m->nparams - 1], &n_ideal);
    for (size_t k = 0; k < m->nparams; k++) {
        double id = cg_at(ideal, (size_t)n_ideal, m->cuts[k]);
        v[k] = id > 0.0 ? cg_at(t->rels, (size_t)t->num_ret, m->cuts[k]) / id : 0.0;
    }
    free(ideal);
}

double metrics_err(const long *grades, size_t n, long k, long max_grade)
{
    if (max_grade <= 0)
        return 0.0;
    double denom = pow(2.0, (double)max_grade);
    double err = 0.0, not_stopped = 1.0;
    size_t lim = k > 0 && (size_t)k < n ? (size_t)k : n;
    for (size_t i = 0; i < lim; i++) {
        long g = grades[i] > 0 ? grades[i] : 0;
        if (g > max_grade)
            g = max_grade;
        double r = (pow(2.0, (double)g) - 1.0) / denom;
        err += not_stopped * r / (double)(i + 1);
        not_stopped *= 1.0 - r;
    }
    return err;
}

static void m_err_cut(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                      char **s)
{
    (void)p, (void)s;
    for (size_t k = 0; k < m->nparams; k++)
        v[k] = metrics_err(t->rels, (size_t)t->num_ret, m->cuts[k], t->num_rel_levels - 1);
}

static void m_judged(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                     char **s)
{
    (void)p, (void)s;
    for (size_t k = 0; k < m->nparams; k++) {
        long lim = m->cuts[k] < t->num_ret ? m->cuts[k] : t->num_ret, j = 0;
        for (long i = 0; i < lim; i++)
            if (t->rels[i] >= 0)
                j++;
        v[k] = (double)j / (double)m->cuts[k];
    }
}

static void m_E(const inst *m, const metrics_params *p, const metrics_topic *t, double *v, char **s)
{
    (void)p, (void)s;
    v[0] = t->num_rel_ret ? 1.0 - f_beta(t, m->dcuts[0] * m->dcuts[0]) : 1.0;
}

static const double elevenpt[] = { 0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0 };

static void m_iap(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                  char **s)
{
    (void)m, (void)p, (void)s;
    double sum = 0.0;
    interpolated(elevenpt, 11, t, NULL, &sum);
    v[0] = sum / 11.0;
}

static void m_niap(const inst *m, const metrics_params *p, const metrics_topic *t, double *v,
                   char **s)
{
    (void)m, (void)p, (void)s;
    v[0] = average_precision(t);
}

double metrics_precision_at(const long *grades, size_t n, long k, long level)
{
    if (k <= 0)
        return 0.0;
    long c = 0;
    for (size_t i = 0; i < n && (long)i < k; i++)
        if (grades[i] >= level)
            c++;
    return (double)c / (double)k;
}

double metrics_recall_at(const long *grades, size_t n, long k, long level, long num_rel)
{
    if (num_rel <= 0)
        return 0.0;
    return metrics_precision_at(grades, n, k, level) * (double)k / (double)num_rel;
}

double metrics_rbp(const long *grades, size_t n, long k, double p, long max_grade)
{
    double sum = 0.0, w = 1.0;
    size_t lim = k > 0 && (size_t)k < n ? (size_t)k : n;
    for (size_t i = 0; i < lim; i++) {
        if (grades[i] > 0 && max_grade > 0)
            sum += w * (double)(grades[i] > max_grade ? max_grade : grades[i]) / (double)max_grade;
        w *= p;
    }
    return (1.0 - p) * sum;
}

/* ---- the registry, in trec_eval's order, then trecjudge's measures ---- */

static const long cut_std[] = { 5, 10, 15, 20, 30, 100, 200, 500, 1000 };
static const long cut_success[] = { 1, 5, 10 };
static const long cut_unj[] = { 5, 10, 20 };
static const double cut_recall[] = { 0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0 };
static const double cut_rprec[] = { 0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0 };
static const double par_utility[] = { 1.0, -1.0, 0.0, 0.0 };
static const double par_one[] = { 1.0 };
static const double par_relstring[] = { 10.0 };

#define FAMQ(q, name, pk, dc, dd, nd, kind, pt, sk, fn, zm)                                        \
    {                                                                                              \
        name, pk, dc, dd, nd, kind, pt, sk, fn, zm, q                                              \
    }
#define FAM(name, pk, dc, dd, nd, kind, pt, sk, fn, zm)                                            \
    FAMQ(QR_PLAIN, name, pk, dc, dd, nd, kind, pt, sk, fn, zm)
#define N(a) (sizeof(a) / sizeof((a)[0]))

static const family families[] = {
    FAMQ(QR_ANY, "runid", PK_NONE, NULL, NULL, 0, METRICS_STRING, 0, SK_RUNID, m_runid, 0),
    FAMQ(QR_ANY, "num_q", PK_NONE, NULL, NULL, 0, METRICS_LONG, 0, SK_NUM_Q, m_num_q, 0),
    FAM("num_ret", PK_NONE, NULL, NULL, 0, METRICS_LONG, 1, SK_SUM, m_num_ret, 1),
    FAM("num_rel", PK_NONE, NULL, NULL, 0, METRICS_LONG, 1, SK_NUM_REL, m_num_rel, 0),
    FAM("num_rel_ret", PK_NONE, NULL, NULL, 0, METRICS_LONG, 1, SK_SUM, m_num_rel_ret, 0),
    FAM("map", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_map, 0),
    FAM("gm_map", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 0, SK_GM, m_gm_map, 0),
    FAM("Rprec", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_Rprec, 0),
    FAM("bpref", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_bpref, 0),
    FAM("recip_rank", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_recip_rank, 0),
    FAM("iprec_at_recall", PK_CUT_DOUBLE, NULL, cut_recall, N(cut_recall), METRICS_DOUBLE, 1,
        SK_MEAN, m_iprec_at_recall, 0),
    FAM("P", PK_CUT_LONG, cut_std, NULL, N(cut_std), METRICS_DOUBLE, 1, SK_MEAN, m_P, 0),
    FAM("relstring", PK_DOUBLES, NULL, par_relstring, 1, METRICS_STRING, 1, SK_NONE, m_relstring,
        1),
    FAM("recall", PK_CUT_LONG, cut_std, NULL, N(cut_std), METRICS_DOUBLE, 1, SK_MEAN, m_recall, 0),
    FAM("infAP", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_infAP, 0),
    FAM("gm_bpref", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 0, SK_GM, m_gm_bpref, 0),
    FAM("Rprec_mult", PK_CUT_DOUBLE, NULL, cut_rprec, N(cut_rprec), METRICS_DOUBLE, 1, SK_MEAN,
        m_Rprec_mult, 0),
    FAM("utility", PK_DOUBLES, NULL, par_utility, N(par_utility), METRICS_DOUBLE, 1, SK_MEAN,
        m_utility, 1),
    FAM("11pt_avg", PK_DOUBLES, NULL, cut_recall, N(cut_recall), METRICS_DOUBLE, 1, SK_MEAN,
        m_11pt_avg, 0),
    FAM("binG", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_binG, 0),
    FAM("G", PK_PAIRS, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_G, 0),
    FAM("dcg", PK_PAIRS, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_dcg, 0),
    FAM("ideal_dcg", PK_PAIRS, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_ideal_dcg, 0),
    FAM("ndcg", PK_PAIRS, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_ndcg, 0),
    FAM("ndcg_rel", PK_PAIRS, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_ndcg_rel, 0),
    FAM("Rndcg", PK_PAIRS, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_Rndcg, 0),
    FAM("ndcg_cut", PK_CUT_LONG, cut_std, NULL, N(cut_std), METRICS_DOUBLE, 1, SK_MEAN, m_ndcg_cut,
        0),
    FAM("map_cut", PK_CUT_LONG, cut_std, NULL, N(cut_std), METRICS_DOUBLE, 1, SK_MEAN, m_map_cut,
        0),
    FAM("relative_P", PK_CUT_LONG, cut_std, NULL, N(cut_std), METRICS_DOUBLE, 1, SK_MEAN,
        m_relative_P, 0),
    FAM("success", PK_CUT_LONG, cut_success, NULL, N(cut_success), METRICS_DOUBLE, 1, SK_MEAN,
        m_success, 0),
    FAM("set_P", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_set_P, 0),
    FAM("set_relative_P", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_set_relative_P, 0),
    FAM("set_recall", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_set_recall, 0),
    FAM("set_map", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_set_map, 0),
    FAM("set_F", PK_DOUBLES, NULL, par_one, 1, METRICS_DOUBLE, 1, SK_MEAN, m_set_F, 0),
    FAM("num_nonrel_judged_ret", PK_NONE, NULL, NULL, 0, METRICS_LONG, 1, SK_SUM,
        m_num_nonrel_judged_ret, 0),
    FAMQ(QR_GROUPS, "map_avgjg", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_map_avgjg,
         0),
    FAMQ(QR_GROUPS, "P_avgjg", PK_CUT_LONG, cut_std, NULL, N(cut_std), METRICS_DOUBLE, 1, SK_MEAN,
         m_P_avgjg, 0),
    FAMQ(QR_GROUPS, "Rprec_mult_avgjg", PK_CUT_DOUBLE, NULL, cut_rprec, N(cut_rprec),
         METRICS_DOUBLE, 1, SK_MEAN, m_Rprec_mult_avgjg, 0),
#define PREFS_L(name, fn)                                                                          \
    FAMQ(QR_PREFS, name, PK_NONE, NULL, NULL, 0, METRICS_LONG, 1, SK_SUM, fn, 0)
#define PREFS_D(name, fn)                                                                          \
    FAMQ(QR_PREFS, name, PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, fn, 0)
    PREFS_L("prefs_num_prefs_poss", m_prefs_num_prefs_poss),
    PREFS_L("prefs_num_prefs_ful", m_prefs_num_prefs_ful),
    PREFS_L("prefs_num_prefs_ful_ret", m_prefs_num_prefs_ful_ret),
    PREFS_D("prefs_simp", m_prefs_simp),
    PREFS_D("prefs_pair", m_prefs_pair),
    PREFS_D("prefs_avgjg", m_prefs_avgjg),
    PREFS_D("prefs_avgjg_Rnonrel", m_prefs_avgjg_Rnonrel),
    PREFS_D("prefs_simp_ret", m_prefs_simp_ret),
    PREFS_D("prefs_pair_ret", m_prefs_pair_ret),
    PREFS_D("prefs_avgjg_ret", m_prefs_avgjg_ret),
    PREFS_D("prefs_avgjg_Rnonrel_ret", m_prefs_avgjg_Rnonrel_ret),
    PREFS_D("prefs_simp_imp", m_prefs_simp_imp),
    PREFS_D("prefs_pair_imp", m_prefs_pair_imp),
    PREFS_D("prefs_avgjg_imp", m_prefs_avgjg_imp),
    FAM("yaap", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_yaap, 0),
    FAM("rbp", PK_PAIRS, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_rbp, 0),
    FAM("rbp_resid", PK_PAIRS, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_rbp_resid, 1),
    FAM("unj", PK_CUT_LONG, cut_unj, NULL, N(cut_unj), METRICS_DOUBLE, 1, SK_MEAN, m_unj, 1),
    /* trecjudge's own measures */
    FAM("cg_cut", PK_CUT_LONG, cut_std, NULL, N(cut_std), METRICS_DOUBLE, 1, SK_MEAN, m_cg_cut, 0),
    FAM("ncg_cut", PK_CUT_LONG, cut_std, NULL, N(cut_std), METRICS_DOUBLE, 1, SK_MEAN, m_ncg_cut,
        0),
    FAM("dcg_cut", PK_CUT_LONG, cut_std, NULL, N(cut_std), METRICS_DOUBLE, 1, SK_MEAN, m_dcg_cut,
        0),
    FAM("dcg_burges_cut", PK_CUT_LONG, cut_std, NULL, N(cut_std), METRICS_DOUBLE, 1, SK_MEAN,
        m_dcg_burges_cut, 0),
    FAM("ndcg_burges_cut", PK_CUT_LONG, cut_std, NULL, N(cut_std), METRICS_DOUBLE, 1, SK_MEAN,
        m_ndcg_burges_cut, 0),
    FAM("dcg_jk_cut", PK_CUT_LONG, cut_std, NULL, N(cut_std), METRICS_DOUBLE, 1, SK_MEAN,
        m_dcg_jk_cut, 0),
    FAM("ndcg_jk_cut", PK_CUT_LONG, cut_std, NULL, N(cut_std), METRICS_DOUBLE, 1, SK_MEAN,
        m_ndcg_jk_cut, 0),
    FAM("err_cut", PK_CUT_LONG, cut_unj, NULL, N(cut_unj), METRICS_DOUBLE, 1, SK_MEAN, m_err_cut,
        0),
    FAM("judged", PK_CUT_LONG, cut_unj, NULL, N(cut_unj), METRICS_DOUBLE, 1, SK_MEAN, m_judged, 0),
    FAM("E", PK_DOUBLES, NULL, par_one, 1, METRICS_DOUBLE, 1, SK_MEAN, m_E, 0),
    FAM("iap", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_iap, 0),
    FAM("niap", PK_NONE, NULL, NULL, 0, METRICS_DOUBLE, 1, SK_MEAN, m_niap, 0),
};

#define NFAM N(families)

static const char *const nick_official[] = {
    "runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map",
    "Rprec", "bpref", "recip_rank", "iprec_at_recall", "P", NULL
};
static const char *const nick_all_trec[] = {
    "runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map",
    "Rprec", "bpref", "recip_rank", "iprec_at_recall", "P", "relstring",
    "recall", "unj", "rbp", "rbp_resid", "infAP", "gm_bpref",
    "utility", "11pt_avg", "ndcg", "relative_P", "Rprec_mult", "success",
    "map_cut", "ndcg_cut", "ndcg_rel", "Rndcg", "binG", "G",
    "set_P", "set_recall", "set_relative_P", "set_map", "set_F",
    "num_nonrel_judged_ret", NULL
};
static const char *const nick_set[] = {
    "runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "utility", "set_P",
    "set_recall", "set_relative_P", "set_map", "set_F", NULL
};
static const char *const nick_trecjudge[] = {
    "cg_cut", "ncg_cut", "dcg_cut", "dcg_burges_cut", "ndcg_burges_cut", "dcg_jk_cut",
    "ndcg_jk_cut", "err_cut", "judged", "E", "iap", "niap", NULL
};

static const char *const nick_qrels_jg[] = {
    "runid", "num_q", "map_avgjg", "P_avgjg", "Rprec_mult_avgjg", NULL
};

static const char *const nick_all_prefs[] = {
    "runid", "num_q", "prefs_num_prefs_poss", "prefs_num_prefs_ful", "prefs_num_prefs_ful_ret",
    "prefs_simp", "prefs_pair", "prefs_avgjg", "prefs_avgjg_Rnonrel", "prefs_simp_ret",
    "prefs_pair_ret", "prefs_avgjg_ret", "prefs_avgjg_Rnonrel_ret", "prefs_simp_imp",
    "prefs_pair_imp", "prefs_avgjg_imp", NULL
};
static const char *const nick_prefs[] = {
    "runid", "num_q", "prefs_num_prefs_poss", "prefs_num_prefs_ful", "prefs_num_prefs_ful_ret",
    "prefs_simp", "prefs_pair", "prefs_avgjg", NULL
};

static const struct {
    const char *name;
    const char *const *list;
} nicknames[] = {
    { "official", nick_official },
    { "set", nick_set },
    { "all_trec", nick_all_trec },
    { "trecjudge", nick_trecjudge },
    { "qrels_jg", nick_qrels_jg },
    { "all_prefs", nick_all_prefs },
    { "prefs", nick_prefs },
};

struct metrics_set {
    int selected[NFAM];
    char *param_text[NFAM];     /* first parameter text given for each family */
    inst *insts;
    size_t ninsts;
    size_t nvalues;
    char **names;               /* per value */
    size_t *value_inst;         /* per value: its instance */
    int finished;
    int reads_ranks;            /* a measure reads the topic's lists of ranks */
};

metrics_set *metrics_set_new(void)
{
    return util_calloc(1, sizeof(metrics_set));
}

static long family_index(const char *name)
{
    for (size_t i = 0; i < NFAM; i++)
        if (strcmp(families[i].name, name) == 0)
            return (long)i;
    return -1;
}

int metrics_set_select(metrics_set *s, const char *spec, util_error *err)
{
    const char *dot = strchr(spec, '.');
    size_t nlen = dot != NULL ? (size_t)(dot - spec) : strlen(spec);
    char *name = util_strndup(spec, nlen);
    const char *params = dot != NULL ? dot + 1 : NULL;
    int rc = -1;
    if (params != NULL && *params == '\0') {
        util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                       "improper measure '%s': empty parameter after '.'", spec);
        goto out;
    }
    long fi = family_index(name);
    if (params != NULL && fi >= 0 && s->param_text[fi] == NULL)
        s->param_text[fi] = util_strdup(params);
    for (size_t i = 0; i < N(nicknames); i++) {
        if (strcmp(nicknames[i].name, name) == 0) {
            for (const char *const *l = nicknames[i].list; *l != NULL; l++)
                s->selected[family_index(*l)] = 1;
            rc = 0;
            goto out;
        }
    }
    if (strcmp(name, "all") == 0) {
        /* Every measure of ordinary qrels: the judgment-group and preference ones have
         * their nicknames. */
        for (size_t i = 0; i < NFAM; i++)
            if (families[i].qrels != QR_GROUPS && families[i].qrels != QR_PREFS)
                s->selected[i] = 1;
        rc = 0;
        goto out;
    }
    if (fi < 0) {
        util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "illegal measure '%s'", spec);
        goto out;
    }
    s->selected[fi] = 1;
    rc = 0;
out:
    free(name);
    return rc;
}

int metrics_set_check_qrels(const metrics_set *s, int judgment_groups, util_error *err)
{
    for (size_t k = 0; k < s->ninsts; k++) {
        const family *f = s->insts[k].f;
        qrels_kind want = judgment_groups == METRICS_QRELS_GROUPS  ? QR_GROUPS
                          : judgment_groups == METRICS_QRELS_PREFS ? QR_PREFS
                                                                   : QR_PLAIN;
        if (f->qrels == QR_ANY || f->qrels == want)
            continue;
        if (f->qrels == QR_PREFS)
            return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                                  "measure '%s' is not supported without preference judgments "
                                  "(-R prefs or -R qrels_prefs)", f->name);
        if (want == QR_PREFS)
            return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                                  "measure '%s' is not supported with preference judgments "
                                  "(it cannot be computed from them); -m all_prefs selects "
                                  "the measures that can", f->name);
        if (judgment_groups)
            return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                                  "measure '%s' cannot be computed from judgment-group qrels "
                                  "(-R qrels_jg); -m qrels_jg selects the measures that can",
                                  f->name);
        return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                              "measure '%s' needs judgment-group qrels (-R qrels_jg)", f->name);
    }
    return 0;
}

int metrics_set_empty(const metrics_set *s)
{
    for (size_t i = 0; i < NFAM; i++)
        if (s->selected[i])
            return 0;
    return 1;
}

/* Splits text at commas into a malloc'd array of malloc'd strings. */
static size_t split_commas(const char *text, char ***out)
{
    size_t n = 1;
    for (const char *c = text; *c; c++)
        if (*c == ',')
            n++;
    char **v = util_malloc(n * sizeof *v);
    const char *start = text;
    size_t k = 0;
    for (const char *c = text;; c++) {
        if (*c == ',' || *c == '\0') {
            v[k++] = util_strndup(start, (size_t)(c - start));
            if (*c == '\0')
                break;
            start = c + 1;
        }
    }
    *out = v;
    return n;
}

static void free_strings(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int inst_params(inst *m, const char *text, util_error *err)
{
    const family *f = m->f;
    if (text == NULL) {
        m->nparams = f->ndef;
        if (f->pk == PK_CUT_LONG) {
            m->cuts = util_malloc(f->ndef * sizeof *m->cuts);
            memcpy(m->cuts, f->def_cuts, f->ndef * sizeof *m->cuts);
        } else if (f->pk == PK_CUT_DOUBLE || f->pk == PK_DOUBLES) {
            m->dcuts = util_malloc(f->ndef * sizeof *m->dcuts);
            memcpy(m->dcuts, f->def_dcuts, f->ndef * sizeof *m->dcuts);
        }
        return 0;
    }
    if (f->pk == PK_NONE) {
        /* trec_eval ignores parameters of measures that take none. */
        m->nparams = 0;
        return 0;
    }
    m->printable = util_strdup(text);
    char **parts;
    size_t n = split_commas(text, &parts);
    m->nparams = n;
    int rc = 0;
    if (f->pk == PK_CUT_LONG) {
        m->cuts = util_malloc(n * sizeof *m->cuts);
        for (size_t i = 0; i < n; i++)
            m->cuts[i] = atol(parts[i]);
        qsort(m->cuts, n, sizeof *m->cuts, cmp_long);
        if (m->cuts[0] <= 0) {
            rc = util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                                "measure '%s': cutoffs must be positive integers ('%s')",
                                f->name, text);
        }
        for (size_t i = 1; rc == 0 && i < n; i++)
            if (m->cuts[i] == m->cuts[i - 1]) {
                rc = util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                                    "measure '%s': duplicate cutoffs ('%s')", f->name, text);
            }
    } else if (f->pk == PK_CUT_DOUBLE || f->pk == PK_DOUBLES) {
        m->dcuts = util_malloc(n * sizeof *m->dcuts);
        for (size_t i = 0; i < n; i++)
            m->dcuts[i] = atof(parts[i]);
        if (f->pk == PK_CUT_DOUBLE) {
            qsort(m->dcuts, n, sizeof *m->dcuts, cmp_double);
            for (size_t i = 1; rc == 0 && i < n; i++)
                if (m->dcuts[i] == m->dcuts[i - 1]) {
                    rc = util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                                        "measure '%s': duplicate cutoffs ('%s')", f->name, text);
                }
        }
        if (rc == 0 && f->fn == m_utility && n != 4) {
            rc = util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                                "measure 'utility' needs 4 coefficients, got %zu ('%s')", n,
                                text);
        }
    } else if (f->pk == PK_PAIRS) {
        m->pairs = util_calloc(n, sizeof *m->pairs);
        for (size_t i = 0; i < n && rc == 0; i++) {
            char *eq = strchr(parts[i], '=');
            if (eq == NULL || eq == parts[i] || eq[1] == '\0' || strchr(eq + 1, '=') != NULL) {
                rc = util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                                    "measure '%s': malformed name=value parameters '%s'",
                                    f->name, text);
                break;
            }
            *eq = '\0';
            m->pairs[i].name = util_strdup(parts[i]);
            m->pairs[i].value = atof(eq + 1);
        }
    }
    free_strings(parts, n);
    return rc;
}

/* The measures that never read a topic's lists of ranks (the judgment-group ones fill
 * their groups' own): metrics_set_compute spares the pass that fills it when only these are
 * selected. Leaving one out of this list costs that pass, no more. */
static int without_ranks(compute_fn fn)
{
    static const compute_fn list[] = {
        m_runid, m_num_q, m_num_ret, m_num_rel, m_num_rel_ret, m_relstring, m_unj, m_utility,
        m_rbp_resid, m_set_P, m_set_recall, m_set_relative_P, m_set_map, m_set_F,
        m_num_nonrel_judged_ret, m_map_avgjg, m_P_avgjg, m_Rprec_mult_avgjg,
        m_prefs_num_prefs_poss, m_prefs_num_prefs_ful, m_prefs_num_prefs_ful_ret, m_prefs_simp,
        m_prefs_pair, m_prefs_avgjg, m_prefs_avgjg_Rnonrel, m_prefs_simp_ret, m_prefs_pair_ret,
        m_prefs_avgjg_ret, m_prefs_avgjg_Rnonrel_ret, m_prefs_simp_imp, m_prefs_pair_imp,
        m_prefs_avgjg_imp,
    };
    for (size_t i = 0; i < N(list); i++)
        if (list[i] == fn)
            return 1;
    return 0;
}

int metrics_set_finish(metrics_set *s, util_error *err)
{
    size_t n = 0;
    for (size_t i = 0; i < NFAM; i++)
        n += s->selected[i] != 0;
    s->insts = util_calloc(n ? n : 1, sizeof *s->insts);
    for (size_t i = 0; i < NFAM; i++) {
        if (!s->selected[i])
            continue;
        inst *m = &s->insts[s->ninsts++];
        m->f = &families[i];
        if (inst_params(m, s->param_text[i], err) != 0)
            return -1;
        if (m->f->fn == m_rbp) {
            double pp = pair_param(m, "p", 0.9);
            m->npowers = RBP_POWERS;
            m->powers = util_malloc(m->npowers * sizeof *m->powers);
            m->powers[0] = 1.0;
            for (size_t j = 1; j < m->npowers; j++)
                m->powers[j] = m->powers[j - 1] * pp;
        }
        m->off = s->nvalues;
        m->count =
            families[i].pk == PK_CUT_LONG || families[i].pk == PK_CUT_DOUBLE ? m->nparams : 1;
        s->nvalues += m->count;
    }
    for (size_t k = 0; k < s->ninsts; k++)
        if (!without_ranks(s->insts[k].f->fn))
            s->reads_ranks = 1;
    s->names = util_calloc(s->nvalues ? s->nvalues : 1, sizeof *s->names);
    s->value_inst = util_calloc(s->nvalues ? s->nvalues : 1, sizeof *s->value_inst);
    for (size_t k = 0; k < s->ninsts; k++) {
        inst *m = &s->insts[k];
        for (size_t j = 0; j < m->count; j++) {
            char buf[512];
            if (m->f->pk == PK_CUT_LONG)
                snprintf(buf, sizeof buf, "%s_%ld", m->f->name, m->cuts[j]);
            else if (m->f->pk == PK_CUT_DOUBLE)
                snprintf(buf, sizeof buf, "%s_%3.2f", m->f->name, m->dcuts[j]);
            else if (m->printable != NULL)
                snprintf(buf, sizeof buf, "%s_%s", m->f->name, m->printable);
            else
                snprintf(buf, sizeof buf, "%s", m->f->name);
            s->names[m->off + j] = util_strdup(buf);
            s->value_inst[m->off + j] = k;
        }
    }
    s->finished = 1;
    return 0;
}

size_t metrics_set_size(const metrics_set *s)
{
    return s->nvalues;
}

const char *metrics_set_name(const metrics_set *s, size_t i)
{
    return s->names[i];
}

metrics_kind metrics_set_kind(const metrics_set *s, size_t i)
{
    return s->insts[s->value_inst[i]].f->kind;
}

int metrics_set_per_topic(const metrics_set *s, size_t i)
{
    return s->insts[s->value_inst[i]].f->per_topic;
}

int metrics_set_in_summary(const metrics_set *s, size_t i)
{
    return s->insts[s->value_inst[i]].f->sk != SK_NONE;
}

int metrics_set_is_runid(const metrics_set *s, size_t i)
{
    return s->insts[s->value_inst[i]].f->sk == SK_RUNID;
}

void metrics_set_compute(const metrics_set *s, const metrics_params *p, const metrics_topic *t,
                         double *values, char **strings)
{
    pthread_once(&log2_once, log2_fill);
    memset(values, 0, s->nvalues * sizeof *values);
    ranked_topic rt;
    const metrics_topic *rtt = &rt.t;
    if (s->reads_ranks) {
        rtt = ranked_fill(&rt, t, p);
    } else {
        rt.t = *t;
        rt.t.ranks = NULL;
        rt.heap = NULL;
    }
    for (size_t k = 0; k < s->ninsts; k++) {
        const inst *m = &s->insts[k];
        strings[m->off] = NULL;
        m->f->fn(m, p, rtt, values + m->off, &strings[m->off]);
    }
    ranked_free(&rt);
}

void metrics_set_compute_missing(const metrics_set *s, const metrics_params *p,
                                 const metrics_topic *t, double *values, char **strings)
{
    /* trec_eval scores a missing topic as a ranking of one document that is not in the
     * pool, then zeroes a few counts by name. */
    static const long fake[] = { METRICS_NONPOOL };
    metrics_topic m = *t;
    metrics_topic gbuf[8];
    metrics_topic *groups = NULL;
    if (t->ngroups > 0) {
        groups = t->ngroups <= 8 ? gbuf : util_malloc((size_t)t->ngroups * sizeof *groups);
        memcpy(groups, t->groups, (size_t)t->ngroups * sizeof *groups);
        m.groups = groups;
    }
    for (long g = -1; g < t->ngroups; g++) {
        metrics_topic *x = g < 0 ? &m : &groups[g];
        x->rels = fake;
        x->num_ret = 1;
        x->num_nonpool = p->judged_only ? 0 : 1;
        x->num_unjudged = 0;
        x->num_rel_ret = 0;
        if (p->judged_only || p->max_docs <= 0) {
            x->num_ret = 0;
            x->num_nonpool = 0;
        }
    }
    metrics_set_compute(s, p, &m, values, strings);
    if (groups != gbuf)
        free(groups);
    for (size_t k = 0; k < s->ninsts; k++) {
        const inst *in = &s->insts[k];
        if (!in->f->zero_missing)
            continue;
        for (size_t j = 0; j < in->count; j++) {
            const char *name = s->names[in->off + j];
            if (strcmp(in->f->name, "unj") == 0 || strcmp(name, in->f->name) == 0) {
                values[in->off + j] = 0.0;
                if (in->f->kind == METRICS_STRING && strings[in->off] != NULL)
                    strings[in->off][0] = '\0';
            }
        }
    }
}

void metrics_set_summarize(const metrics_set *s, const metrics_params *p, const double *per_topic,
                           size_t ntopics, long num_rel_all, double *out)
{
    size_t nv = s->nvalues;
    memset(out, 0, nv * sizeof *out);
    for (size_t q = 0; q < ntopics; q++)
        for (size_t i = 0; i < nv; i++)
            out[i] += per_topic[q * nv + i];
    for (size_t i = 0; i < nv; i++) {
        switch (s->insts[s->value_inst[i]].f->sk) {
        case SK_MEAN:
            if (ntopics)
                out[i] /= (double)ntopics;
            break;
        case SK_GM:
            if (ntopics)
                out[i] = exp(out[i] / (double)ntopics);
            break;
        case SK_NUM_Q:
            out[i] = (double)ntopics;
            break;
        case SK_NUM_REL:
            if (p->average_complete)
                out[i] = (double)num_rel_all;
            break;
        case SK_SUM:
        case SK_NONE:
        case SK_RUNID:
            break;
        }
    }
}

void metrics_set_free(metrics_set **ps)
{
    metrics_set *s = *ps;
    if (s == NULL)
        return;
    for (size_t k = 0; k < s->ninsts; k++) {
        inst *m = &s->insts[k];
        free(m->cuts);
        free(m->dcuts);
        if (m->pairs != NULL)
            for (size_t j = 0; j < m->nparams; j++)
                free(m->pairs[j].name);
        free(m->pairs);
        free(m->printable);
        free(m->powers);
    }
    for (size_t i = 0; i < s->nvalues; i++)
        free(s->names[i]);
    for (size_t i = 0; i < NFAM; i++)
        free(s->param_text[i]);
    free(s->names);
    free(s->value_inst);
    free(s->insts);
    free(s);
    *ps = NULL;
}
