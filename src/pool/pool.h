/* pool.h: the pool module's interface: strategies, order, statistics, live orders (pure). */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_POOL_H
#define TJ_POOL_H

#include <stddef.h>
#include <stdint.h>

/* One run's ranking for one topic, in trec_eval order (as store_ranking gives it). */
typedef struct pool_run {
    const char *tag;
    size_t n;
    const char *const *docnos;
} pool_run;

/* ---- Ranking a run's documents in trec_eval order ---- */

typedef struct pool_scored {
    const char *docno;
    double score;
} pool_scored;

/* Puts the first k documents of trec_eval's order (score descending, then docno descending
 * by strcmp) at the front of docs, in that order, and returns min(k, n); k = 0 means all.
 * Docnos must be unique. The order of the rest is unspecified. */
size_t pool_rank(pool_scored *docs, size_t n, size_t k);

/* ---- Building a topic's pool from the runs' rankings ---- */

typedef enum pool_strategy {
    POOL_DEPTH,        /* union of every run's top k */
    POOL_RRF,          /* Take@N by reciprocal-rank fusion: sum of 1/(60 + rank) */
    POOL_RBP_SUM,      /* Take@N by RBP weight: sum of (1-p) p^(rank-1) */
    POOL_RBP_MAX,      /* Take@N by RBP weight: max of (1-p) p^(rank-1) */
    POOL_BORDA,        /* Take@N by Borda count: sum of (D + 1 - rank), D the candidate depth */
    POOL_MTF,          /* Move-to-Front (live; the pool holds the candidates) */
    POOL_MAXMEAN       /* MaxMean bandit (live; the pool holds the candidates) */
} pool_strategy;

typedef enum pool_order {
    POOL_ORDER_DOCNO,     /* by docno (strcmp), so that rank gives no hint */
    POOL_ORDER_SHUFFLE,   /* a shuffle seeded by the seed and the topic's qid */
    POOL_ORDER_PRIORITY   /* the strategy's order */
} pool_order;

typedef struct pool_params {
    pool_strategy strategy;
    size_t depth;         /* depth-k: k; other strategies: the candidate depth (0: all) */
    size_t budget;        /* Take@N: N documents per topic (0: every candidate) */
    double rbp_p;         /* RBP persistence, in (0, 1) */
    pool_order order;
    uint64_t seed;        /* for POOL_ORDER_SHUFFLE */
} pool_params;

/* depth 100, POOL_DEPTH, budget 0, rbp_p 0.8, POOL_ORDER_DOCNO, seed 0. */
void pool_params_init(pool_params *p);
/* Names as the command line and the campaign settings write them: "depth", "rrf", "rbp",
 * "rbp-max", "borda", "mtf", "maxmean"; "docno", "shuffle", "priority". Parsers return
 * 0, or -1 for an unknown name. */
const char *pool_strategy_name(pool_strategy s);
int pool_strategy_parse(const char *name, pool_strategy *s);
const char *pool_order_name(pool_order o);
int pool_order_parse(const char *name, pool_order *o);
/* True for the strategies that choose documents one at a time from the judgments. */
int pool_strategy_is_live(pool_strategy s);

typedef struct pool_topic pool_topic;

/* A topic's pool under construction. qid seeds the shuffle; depth overrides p->depth for
 * this topic when it is not 0. Copies what it needs. */
pool_topic *pool_topic_new(const pool_params *p, const char *qid, size_t depth);
/* Adds one run's ranking (trec_eval order); only its first depth documents count. run is
 * the run's number (0-based), by which statistics name it; each run is added once. The
 * pool does not depend on the order in which runs are added. */
void pool_topic_add(pool_topic *t, uint32_t run, const pool_run *r);
/* Applies the budget and the presentation order. Nothing may be added after. */
void pool_topic_finish(pool_topic *t);

/* The pool in presentation order (after pool_topic_finish). */
size_t pool_topic_size(const pool_topic *t);
const char *pool_topic_docno(const pool_topic *t, size_t i);
/* The strategy's priority of document i (higher first): depth-k: minus its best rank;
 * RRF, RBP: the weight; Borda: the points; live strategies: minus its initial position. */
double pool_topic_priority(const pool_topic *t, size_t i);
/* Document i's place in the strategy's order (0: first). */
size_t pool_topic_rank(const pool_topic *t, size_t i);
/* The runs that contributed document i (retrieved it within the depth), ascending; the
 * array lives as long as t. Returns their number. */
size_t pool_topic_contributors(const pool_topic *t, size_t i, const uint32_t **runs);
void pool_topic_free(pool_topic **t);

/* ---- Statistics of one topic's pool ---- */

typedef struct pool_run_stats {
    size_t contributed;   /* pooled documents the run retrieved within the depth */
    size_t unique;        /* of those, the ones no other run contributed */
} pool_run_stats;

/* Fills stats[0..nruns-1] (zeroed first) for topic t; runs not added count 0. When
 * overlap is not NULL, it is an nruns x nruns matrix to which the number of pooled
 * documents both runs contributed is added (the diagonal gets each run's contribution). */
void pool_topic_stats(const pool_topic *t, size_t nruns, pool_run_stats *stats,
                      uint64_t *overlap);

/* ---- Live strategies: the next document to judge from the judgments so far ---- */

typedef enum pool_live_kind { POOL_LIVE_MTF, POOL_LIVE_MAXMEAN } pool_live_kind;
typedef struct pool_live pool_live;

/* Copies what it needs from runs; budget 0 = no limit. The runs' order breaks ties (the
 * first run wins). The candidates are every document of the rankings given. */
pool_live *pool_live_new(pool_live_kind kind, const pool_run *runs, size_t nruns, size_t budget);
/* Records a judgment (also those made before the session started); relevant = grade >=
 * relevance level. A document judged again keeps its latest judgment. */
void pool_live_judged(pool_live *l, const char *docno, int relevant);
/* The next document to judge (never one already judged), or NULL when the budget is spent
 * or every candidate is judged. The string lives as long as l. */
const char *pool_live_next(pool_live *l);
/* Number of candidates, and of those judged so far. */
size_t pool_live_candidates(const pool_live *l);
size_t pool_live_judged_count(const pool_live *l);
void pool_live_free(pool_live **l);

/* ---- Leave-one-run-out bias (bias.c): how each run's MAP changes without the documents
 * only it contributed to the pool (Zobel 1998) ---- */

/* A topic's judgments, sorted by docno (strcmp); a negative grade: pooled, not judged. */
typedef struct pool_judged {
    const char *const *docnos;
    const long *grades;
    size_t n;
} pool_judged;

typedef struct pool_bias_row {
    size_t unique, unique_rel;   /* documents only this run contributed; the relevant ones */
    double map, map_loo;         /* MAP on the judgments; without the run's unique documents */
    size_t rank, rank_loo;       /* 1 + the runs with a higher MAP on the full judgments */
} pool_bias_row;

typedef struct pool_bias pool_bias;

/* For runs numbered 0..nruns-1; a grade >= relevance_level is relevant. */
pool_bias *pool_bias_new(size_t nruns, long relevance_level);
/* Scores run's full ranking (docnos in trec_eval order) of topic t, whose judgments are j. */
void pool_bias_add(pool_bias *b, const pool_topic *t, const pool_judged *j, uint32_t run,
                   const char *const *docnos, size_t n);
/* Averages over the topics each run was scored on and ranks the runs: nruns rows, which
 * live as long as b. */
const pool_bias_row *pool_bias_finish(pool_bias *b);
void pool_bias_free(pool_bias **b);

#endif
