/* metrics.h: the metrics module's interface: ranking, every measure, summaries (pure, no I/O). */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_METRICS_H
#define TJ_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

/* Grades of retrieved documents that are not plain judgments. */
#define METRICS_NONPOOL (-1L)    /* not in the qrels at all */
#define METRICS_UNJUDGED (-2L)   /* in the qrels with a negative grade: pooled, not judged */

/* Evaluation settings shared by all measures (trec_eval's -l -J -M -N -c). */
typedef struct metrics_params {
    long relevance_level;    /* a grade >= this counts as relevant (default 1) */
    long max_docs;           /* only the top max_docs of each ranking (default: all) */
    int judged_only;         /* drop retrieved documents that are not judged */
    int average_complete;    /* average over every qrels topic (-c) */
    long num_docs_in_coll;   /* collection size, for utility (default 0) */
    double jk_base;          /* log base b of Jarvelin-Kekalainen DCG (default 2) */
} metrics_params;

void metrics_params_init(metrics_params *p);

/* One topic's ranking joined with its judgments: what every measure reads. */
typedef struct metrics_topic {
    const long *rels;        /* grade of each retrieved document in rank order, or
                                METRICS_NONPOOL / METRICS_UNJUDGED */
    long num_ret;
    long num_rel_ret;        /* retrieved with grade >= relevance_level */
    long num_nonpool;        /* retrieved and not in the qrels */
    long num_unjudged;       /* retrieved, in the qrels with a negative grade */
    long num_rel;            /* judged with grade >= relevance_level */
    const long *rel_levels;  /* number of judged documents at each grade 0..num_rel_levels-1 */
    long num_rel_levels;     /* highest grade with a judged document, plus one */
    /* Lists of ranks drawn from rels that most measures walk instead of all num_ret
     * grades (the metrics module's own): metrics_set_compute fills them, and ignores what
     * a caller sets here. */
    const struct metrics_ranks *ranks;
    /* Judgment-group qrels (-R qrels_jg): the topic as each group judged it, each ranked
     * like the topic (the *_avgjg measures read only these); NULL and 0 otherwise. */
    const struct metrics_topic *groups;
    long ngroups;
    /* Preference judgments (-R prefs, -R qrels_prefs): what the prefs_* measures read
     * (metrics_prefs_count); NULL otherwise. */
    const struct metrics_prefs *prefs;
} metrics_topic;

/* A retrieved document before ranking. */
typedef struct metrics_doc {
    double score;
    const char *docno;
    long rel;                /* its grade, METRICS_NONPOOL or METRICS_UNJUDGED */
} metrics_doc;

/* Ranks docs as trec_eval does (score descending, then docno descending by strcmp),
 * keeps the top p->max_docs, drops unjudged ones when p->judged_only, and fills t
 * (rels_out must hold n entries; rel_levels/num_rel/num_rel_levels come from
 * metrics_levels). docs is reordered. */
void metrics_rank(metrics_doc *docs, size_t n, const metrics_params *p, long *rels_out,
                  metrics_topic *t);

/* Counts judged grades into levels (which must hold max grade + 1 entries, see
 * metrics_levels_size) and sets t->rel_levels, num_rel_levels and num_rel. */
size_t metrics_levels_size(const long *grades, size_t n);
void metrics_levels(const long *grades, size_t n, const metrics_params *p, long *levels,
                    metrics_topic *t);

/* ---- Measure sets: what `-m` selects, in trec_eval's order ---- */

typedef enum metrics_kind {
    METRICS_DOUBLE,          /* printed %6.4f */
    METRICS_LONG,            /* printed %ld */
    METRICS_STRING           /* relstring: per topic only */
} metrics_kind;

typedef struct metrics_set metrics_set;

metrics_set *metrics_set_new(void);
/* Selects a measure, a nickname (official, all_trec, set, qrels_jg, ...) or a measure with
 * parameters ("P.5,10", "ndcg.1=3,2=9", "rbp.p=0.8"), as trec_eval's -m does.
 * Returns 0, or -1 with err set (UTIL_EXIT_USAGE: unknown measure, bad parameter); err
 * may be NULL when the message is not wanted, as for every util_error below. */
int metrics_set_select(metrics_set *s, const char *spec, util_error *err);
/* Fixes the selection (applies parameters); call once after every select. Returns 0, or
 * -1 with err set (UTIL_EXIT_USAGE: a bad parameter). */
int metrics_set_finish(metrics_set *s, util_error *err);
/* The kinds of judgments metrics_set_check_qrels knows. */
#define METRICS_QRELS_PLAIN 0    /* ordinary qrels */
#define METRICS_QRELS_GROUPS 1   /* judgment-group qrels (-R qrels_jg) */
#define METRICS_QRELS_PREFS 2    /* preference judgments (-R prefs, -R qrels_prefs) */
/* Checks that every selected measure can be computed from the judgments at hand (one of
 * METRICS_QRELS_*): judgment-group qrels feed only runid, num_q and the *_avgjg
 * measures, preferences only runid, num_q and the prefs_* measures. Returns 0, or -1
 * with err (UTIL_EXIT_USAGE) naming the first measure that cannot. Call after
 * metrics_set_finish. */
int metrics_set_check_qrels(const metrics_set *s, int judgment_groups, util_error *err);
/* True when nothing was selected (trec_eval then uses "official"). */
int metrics_set_empty(const metrics_set *s);
/* Number of values computed per topic, and each value's name, kind, and whether it is
 * printed per topic and in the summary. */
size_t metrics_set_size(const metrics_set *s);
const char *metrics_set_name(const metrics_set *s, size_t i);
metrics_kind metrics_set_kind(const metrics_set *s, size_t i);
int metrics_set_per_topic(const metrics_set *s, size_t i);
int metrics_set_in_summary(const metrics_set *s, size_t i);
/* True when the value is the run's tag (printed as a string in the summary). */
int metrics_set_is_runid(const metrics_set *s, size_t i);

/* Computes every selected value for one topic. values has metrics_set_size entries;
 * strings too (only STRING values get a malloc'd string, the others NULL). */
void metrics_set_compute(const metrics_set *s, const metrics_params *p, const metrics_topic *t,
                         double *values, char **strings);
/* Computes a topic that the run did not retrieve anything for (-c), as trec_eval does. */
void metrics_set_compute_missing(const metrics_set *s, const metrics_params *p,
                                 const metrics_topic *t, double *values, char **strings);

/* Summary over topics. per_topic holds ntopics rows of metrics_set_size values, in the
 * order the topics are averaged (qrels topic order). num_rel_all is the number of
 * judgments with grade > 0 over the whole qrels (used for num_rel under -c). */
void metrics_set_summarize(const metrics_set *s, const metrics_params *p, const double *per_topic,
                           size_t ntopics, long num_rel_all, double *out);

void metrics_set_free(metrics_set **s);

/* ---- The names of measures in reports (names.c) ---- */

/* Turns a measure as a report's -m or --sort may spell it into trec_eval's -m spec (out):
 * trec_eval's own ("P.10", "ndcg_cut.10"), its printed names ("P_10", "ndcg_cut_10",
 * "rbp_p=0.8"), ir_measures' ("P@10", "nDCG@10", "R@1000", "AP", "RR", "P(rel=2)@10",
 * "RBP(p=0.8)") and the labels metrics_measure_label prints ("MAP", "MRR", "R-prec").
 * rel is set to the grade of a "(rel=N)" parameter, else -1. Returns 0, or -1 with err
 * set (UTIL_EXIT_USAGE: an unknown measure, a bad parameter). */
int metrics_measure_spec(const char *in, char *out, size_t outsize, long *rel, util_error *err);
/* The one label a report prints a value under, from its metrics_set_name: "P@10",
 * "nDCG@10", "MAP", "R-prec", "RBP(0.8)", with "(rel=N)" when rel >= 0 ("P(rel=2)@10");
 * metrics_measure_spec reads every label back. */
void metrics_measure_label(const char *name, long rel, char *buf, size_t size);

/* ---- Building blocks, exposed for reports and tests ---- */

typedef enum metrics_gain {
    METRICS_GAIN_LINEAR,     /* gain = grade, discount 1/log2(rank+1) (trec_eval) */
    METRICS_GAIN_EXP,        /* gain = 2^grade - 1, discount 1/log2(rank+1) (Burges) */
    METRICS_GAIN_JK          /* gain = grade, no discount before rank b, then 1/log_b(rank) */
} metrics_gain;

/* DCG of the first k grades of a vector (k <= 0: all of it). */
double metrics_dcg(const long *grades, size_t n, long k, metrics_gain g, double base);
/* Rank-biased precision of a binary or graded vector with persistence p (grades are
 * scaled to [0,1] by the largest grade max_grade). */
double metrics_rbp(const long *grades, size_t n, long k, double p, long max_grade);
/* Expected reciprocal rank at k with maximum grade max_grade. */
double metrics_err(const long *grades, size_t n, long k, long max_grade);
/* Precision and recall at rank k of a vector with num_rel relevant documents. */
double metrics_precision_at(const long *grades, size_t n, long k, long level);
double metrics_recall_at(const long *grades, size_t n, long k, long level, long num_rel);

/* ---- Preference judgments (trec_eval's -R prefs; prefs.c, docs/MEASURES.md) ---- */

/* One judgment line "qid jg jsg docno level" of a topic: within a judgment sub-group
 * (jsg) of a judgment group (jg), a document is preferred to those of lower levels; the
 * sub-groups of a group add up to one partial order (transitive); level 0 means
 * nonrelevant, above 0 relevant. Strings are borrowed. */
typedef struct metrics_pref {
    const char *jg;
    const char *jsg;
    const char *docno;
    double level;
} metrics_pref;

/* Preferences of one judgment group, counted against a ranking. A preference A > B is
 * "ret" when both are retrieved, "imp" (implied) when only one is, "notoccur" when
 * neither is; it is fulfilled when A is retrieved and ranked above B (or B is not
 * retrieved). poss_* count every preference of the kind, fulfilled or not. */
typedef struct metrics_prefs_group {
    long ful_ret, poss_ret, ful_imp, poss_imp, poss_notoccur;
    long num_rel, num_rel_ret, num_nonrel, num_nonrel_ret;
    double rnonrel, rnonrel_ret;   /* the group's ratios of prefs_avgjg_Rnonrel(_ret) */
} metrics_prefs_group;

typedef struct metrics_prefs {
    metrics_prefs_group *groups;   /* by group name (strcmp) */
    long ngroups;
    long num_judged, num_judged_ret;
    /* document pairs with a preference in either direction over all groups, and the sum
     * of each pair's share of preferences its ranking fulfils: both retrieved, then one
     * of them (pair_sum_imp includes pair_sum_ret), then neither */
    long pairs_ret, pairs_imp, pairs_notoccur;
    double pair_sum_ret, pair_sum_imp;
} metrics_prefs;

/* Counts the preferences of one topic's judgments (prefs, n lines) that its retrieved
 * docs fulfil, ranking docs as trec_eval does for preferences (score descending, then
 * docno ascending; top p->max_docs). docs is reordered. Returns 0, or -1 with err set
 * (UTIL_EXIT_DATA: a document with two levels in a sub-group, contradicting preferences in
 * a group); free out with metrics_prefs_free. */
int metrics_prefs_count(const metrics_pref *prefs, size_t n, metrics_doc *docs, size_t ndocs,
                        const metrics_params *p, metrics_prefs *out, util_error *err);
void metrics_prefs_free(metrics_prefs *pr);

typedef enum metrics_prefs_measure {
    METRICS_PREFS_NUM_POSS, METRICS_PREFS_NUM_FUL, METRICS_PREFS_NUM_FUL_RET,
    METRICS_PREFS_SIMP, METRICS_PREFS_PAIR, METRICS_PREFS_AVGJG, METRICS_PREFS_AVGJG_RNONREL,
    METRICS_PREFS_SIMP_RET, METRICS_PREFS_PAIR_RET, METRICS_PREFS_AVGJG_RET,
    METRICS_PREFS_AVGJG_RNONREL_RET, METRICS_PREFS_SIMP_IMP, METRICS_PREFS_PAIR_IMP,
    METRICS_PREFS_AVGJG_IMP
} metrics_prefs_measure;

/* The value of one prefs_* measure (0 when pr is NULL). */
double metrics_prefs_value(const metrics_prefs *pr, metrics_prefs_measure m);

/* ---- Statistics: distributions, paired significance tests, rank correlation and
 * agreement between assessors (stats.c, correlation.c; docs/STATISTICS.md) ---- */

/* A seeded pseudo-random generator (xoshiro256** seeded through splitmix64), so that
 * randomization and bootstrap give the same numbers on every machine. */
typedef struct metrics_rng {
    uint64_t s[4];
} metrics_rng;

void metrics_rng_seed(metrics_rng *r, uint64_t seed);
uint64_t metrics_rng_next(metrics_rng *r);
/* Uniform in [0, n) without modulo bias; n > 0. */
uint64_t metrics_rng_below(metrics_rng *r, uint64_t n);

/* Standard normal CDF, regularized incomplete beta I_x(a, b), Student t CDF with df
 * degrees of freedom, and the binomial CDF P(X <= k) for X ~ B(n, p). */
double metrics_normal_cdf(double z);
double metrics_incbeta(double a, double b, double x);
double metrics_t_cdf(double t, double df);
double metrics_binom_cdf(long k, long n, double p);

/* The p quantile of Student's t with df degrees of freedom: the t with P(T <= t) = p
 * (t(0.975, 9) = 2.262157...); -inf and inf at p 0 and 1, NAN outside [0, 1] or for
 * df <= 0. */
double metrics_t_quantile(double p, double df);

/* ---- Intervals of a mean and wins over topics (the leaderboard's; docs/STATISTICS.md) ---- */

typedef struct metrics_interval {
    double low, high;
} metrics_interval;

/* The confidence interval at level (0.95) of the mean of x[0..n-1] by Student's t:
 * mean +- t((1 + level) / 2, n - 1) s / sqrt(n), s the sample standard deviation; NAN
 * bounds when n < 2 (a zero-width interval when every x is equal). */
metrics_interval metrics_mean_ci_t(const double *x, size_t n, double level);
/* The percentile bootstrap interval at level of the mean of x[0..n-1]: the means of
 * samples resamples of n values drawn with replacement (metrics_rng seeded with seed: the
 * same resamples for the same n and seed), bounded by their (1 - level) / 2 and
 * (1 + level) / 2 quantiles (interpolated between order statistics, as numpy.percentile's
 * default); NAN bounds when n is 0. */
metrics_interval metrics_mean_ci_bootstrap(const double *x, size_t n, double level,
                                           long samples, uint64_t seed);

/* Paired values a[i], b[i] counted: a win when a[i] > b[i], a loss when below, a tie when
 * their difference rounds to 0 at 1e-10 (as the rank tests round differences). */
typedef struct metrics_wtl {
    long wins, ties, losses;
} metrics_wtl;
metrics_wtl metrics_win_tie_loss(const double *a, const double *b, size_t n);

typedef enum metrics_test {
    METRICS_TEST_T,              /* paired Student t */
    METRICS_TEST_WILCOXON,       /* Wilcoxon signed-rank */
    METRICS_TEST_SIGN,           /* sign test */
    METRICS_TEST_RANDOMIZATION,  /* paired randomization (sign flips), seeded */
    METRICS_TEST_BOOTSTRAP,      /* paired bootstrap of the studentized mean, seeded */
    /* Multiple-comparison procedures over all the runs at once (metrics_multi_compare);
     * they control the family-wise error themselves, so no correction is applied. */
    METRICS_TEST_TUKEY,          /* Tukey's HSD after a two-way ANOVA (runs, topics) */
    METRICS_TEST_RANDOMIZED_MC   /* randomised max-difference test (Carterette 2012), seeded */
} metrics_test;

#define METRICS_NTESTS 7
/* 1 for the tests of all runs at once (tukey, randomized-mc). */
int metrics_test_is_multi(metrics_test t);

typedef struct metrics_test_opts {
    int sided;             /* 2: a != b; 1: a > b */
    long samples;          /* permutations or bootstrap samples (default 10000) */
    uint64_t seed;
} metrics_test_opts;

void metrics_test_opts_init(metrics_test_opts *o);

typedef struct metrics_test_result {
    double statistic;      /* t; W+; positive differences; mean difference (randomization,
                              bootstrap) */
    double p;
    long n;                /* pairs the test used (Wilcoxon and sign: non-zero differences) */
    int exact;             /* p from an exact distribution (Wilcoxon, sign) */
} metrics_test_result;

/* Tests paired scores a[i], b[i] (i < n) with one test; fills r. */
void metrics_test_paired(metrics_test test, const double *a, const double *b, size_t n,
                         const metrics_test_opts *o, metrics_test_result *r);
/* The name of a test ("t", "wilcoxon", "sign", "randomization", "bootstrap") and back
 * (-1 for an unknown name). */
const char *metrics_test_name(metrics_test t);
int metrics_test_parse(const char *name, metrics_test *t);

/* The CDF of the studentized range P(Q < q) for k means and df degrees of freedom
 * (Copenhaver and Holland 1988; df > 25000 is taken as infinite); 0 for q <= 0. */
double metrics_ptukey(double q, double k, double df);

/* A multiple-comparison test (tukey or randomized-mc) of nruns runs over ntopics topics
 * (values: a run's per-topic values in a row); fills p[i * nruns + j], the p-value of the
 * difference between runs i and j (1 on the diagonal). With fewer than 2 runs or topics,
 * every p is 1. Other tests: each pair tested on its own, uncorrected. */
void metrics_multi_compare(metrics_test test, const double *values, size_t nruns,
                           size_t ntopics, const metrics_test_opts *o, double *p);

/* Effect size of paired scores: mean difference over the standard deviation of the
 * differences (Cohen's d for paired samples, d_z); 0 when the differences are constant. */
double metrics_effect_size(const double *a, const double *b, size_t n);

typedef enum metrics_correction {
    METRICS_CORRECT_NONE,
    METRICS_CORRECT_BONFERRONI,
    METRICS_CORRECT_HOLM
} metrics_correction;

/* The name of a correction ("none", "bonferroni", "holm") and back (-1 for an unknown
 * name). */
const char *metrics_correction_name(metrics_correction c);
int metrics_correction_parse(const char *name, metrics_correction *c);

/* Adjusts n p-values for multiple comparisons into out (which may be p). */
void metrics_p_adjust(const double *p, size_t n, metrics_correction c, double *out);

/* Agreement between assessors. confusion is k x k counts, row-major (rows: first
 * assessor's category, columns: second's). */
double metrics_raw_agreement(const long *confusion, size_t k);
double metrics_cohen_kappa(const long *confusion, size_t k);
/* Fleiss' kappa: counts[i * k + j] = assessors who put item i in category j. Items judged
 * by fewer than two assessors are skipped; the number of assessors may vary by item. */
double metrics_fleiss_kappa(const long *counts, size_t nitems, size_t k);

/* Rank correlation between two scorings x and y of the same n systems (higher is better):
 * Kendall's tau-b (ties in either scoring allowed), and tau_AP (Yilmaz, Aslam and
 * Robertson 2008), where x is the reference ranking and y the one compared to it; ties
 * in y are broken by index. Both are 1 for identical orders, and 0 when n < 2. */
double metrics_kendall_tau(const double *x, const double *y, size_t n);
double metrics_tau_ap(const double *x, const double *y, size_t n);

/* ---- Agreement between assessors (agreement.c) ---- */

/* Two assessors on the items both judged. */
typedef struct metrics_agreement_pair {
    size_t a, b;                  /* assessors, a < b */
    long n;                       /* items both judged */
    double agreement, kappa;      /* raw agreement and Cohen's kappa on the grades */
    double agreement_bin, kappa_bin;  /* the same on relevant (grade >= level) or not */
    long *confusion;              /* k x k: rows a's grade, columns b's */
} metrics_agreement_pair;

typedef struct metrics_agreement {
    size_t k;                     /* grades 0..k-1 (k = the highest grade + 1, at least 1) */
    metrics_agreement_pair *pairs;    /* the pairs with n > 0, by a then b */
    size_t npairs;
    long multi;                   /* items judged by two assessors or more */
    double agreement, kappa;      /* over those: mean pairwise agreement, Fleiss' kappa */
    double agreement_bin, kappa_bin;
} metrics_agreement;

/* grade_of[item * nassessors + assessor]: the grade, or -1 when that assessor did not
 * judge the item. Fills out (freed with metrics_agreement_free). */
void metrics_agreement_compute(const long *grade_of, size_t nitems, size_t nassessors,
                               long level, metrics_agreement *out);
void metrics_agreement_free(metrics_agreement *a);

/* ---- Comparing runs pairwise (compare.c) ---- */

/* One test of one pair of runs. */
typedef struct metrics_comparison {
    size_t a, b;                  /* runs: a the better one, or the run against the baseline */
    metrics_test test;
    metrics_test_result result;
    double p_adjusted;            /* corrected over the comparisons of the same test */
    double effect_size;           /* d_z */
} metrics_comparison;

/* The pairs to compare: with base < 0 every pair (i, j), i before j in order (the runs,
 * best first); else each run against base, in order. Fills a and b (nruns * nruns each)
 * and returns the number of pairs. */
size_t metrics_compare_pairs(const size_t *order, size_t nruns, long base, size_t *a,
                             size_t *b);
/* Runs each of the ntests tests on each of the npairs pairs (values: nruns x ntopics, a
 * run's per-topic values in a row), test by test; corrects each test's p-values over its
 * pairs. Returns ntests * npairs comparisons (freed with free). */
metrics_comparison *metrics_compare(const double *values, size_t ntopics, const size_t *a,
                                    const size_t *b, size_t npairs, const metrics_test *tests,
                                    size_t ntests, const metrics_test_opts *o,
                                    metrics_correction corr);

#endif
