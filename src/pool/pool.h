/* pool.h: the pool module's interface: strategies, order, statistics, live orders (pure). */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_POOL_H
#define TJ_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

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
    POOL_MAXMEAN,      /* MaxMean bandit (live; the pool holds the candidates) */
    POOL_CAL           /* continuous active learning over the whole collection (live; the
                        * learn module's, not this module's: the pool holds what is judged) */
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
 * "rbp-max", "borda", "mtf", "maxmean", "cal"; "docno", "shuffle", "priority". Parsers return
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

/* ---- Simulated assessment (simulate.c): pooling strategies replayed on a finished
 * campaign, the qrels answering as the assessor (docs/POOLING.md, "Simulating") ----
 *
 * A strategy is a struct of callbacks, so that the engine (pool_sim_run) runs any of them
 * the same way, the built-in ones below and any other made elsewhere (a classifier that
 * reads the documents' text, say): the engine never knows which one it runs. For each
 * topic the engine calls
 *
 *     state = start(ctx, topic, err)             the topic's rankings, the largest budget
 *     loop, at most topic->budget times:
 *         rc = next(state, &docno, err)          1: *docno is proposed; 0: none left
 *         judged(state, docno, relevant)         the oracle's answer on that document
 *     finish(&state)                             frees the topic's state (NULL: nothing)
 *
 * and, once every topic is done, free(ctx). Rules a strategy follows:
 * - next never proposes a document judged already in the topic (the engine reports it as
 *   an error, naming the strategy); the docno it returns stays valid until the next call
 *   to next or finish (the engine copies it);
 * - judged comes after every next that returned 1, with that document; relevant is 1 when
 *   the qrels' grade is at least the relevance level, else 0 (absent from the qrels: 0);
 * - it may propose a document that no run retrieved (it then counts for relevant_found but
 *   not for the runs' MAP);
 * - given the same topic (rankings, seed) and answers, it proposes the same documents: the
 *   simulation is deterministic for a seed;
 * - start or next may fail (I/O in a strategy that reads documents): they return NULL or
 *   -1 with err set, and the simulation stops with that error.
 * The engine asks a topic's strategy for at most the largest budget and records, for each
 * budget B, what the first B judgments give: one replay serves every budget. */

/* What a strategy is given for one topic. */
typedef struct pool_sim_topic {
    const char *qid;
    const pool_run *runs;    /* the rankings of the runs that have the topic, trec_eval
                                order, cut at the candidate depth, in the campaign's run
                                order (by tag), which breaks ties */
    size_t nruns;
    size_t depth;            /* the candidate depth they are cut at (0: whole rankings) */
    size_t budget;           /* the largest budget: next is called at most this often */
    uint64_t seed;           /* the simulation's seed mixed with a hash of the qid */
} pool_sim_topic;

typedef struct pool_sim_strategy {
    const char *name;        /* as --strategies writes it */
    void *ctx;               /* the strategy's own data across topics, or NULL */
    void *(*start)(void *ctx, const pool_sim_topic *t, util_error *err);
    int (*next)(void *state, const char **docno, util_error *err);
    void (*judged)(void *state, const char *docno, int relevant);
    void (*finish)(void **state);
    void (*free)(void *ctx); /* NULL: nothing to free */
} pool_sim_strategy;

/* The built-in strategies (ctx NULL, nothing to free):
 * "depth": depth-k pooling grown one rank at a time: rank 1 of every run (in run order),
 *          then rank 2, ..., each document once;
 * "rrf":   reciprocal-rank fusion, the order of `pool --strategy rrf` (sum of 1/(60 + rank),
 *          ties to the document more runs retrieved, then the smaller docno);
 * "mtf", "maxmean": the live strategies (pool_live_*), told each answer.
 * Returns 0, or -1 for another name. */
int pool_sim_builtin(const char *name, pool_sim_strategy *s);
/* Their names, NULL-terminated. */
extern const char *const pool_sim_builtin_names[];

/* One topic of the finished campaign: every run's full ranking (MAP reads the whole run;
 * strategies see it cut at the depth) and the qrels' judgments of the topic. */
typedef struct pool_sim_topic_data {
    const char *qid;
    const pool_run *runs;    /* nruns entries, one per run of the campaign in its order;
                                n = 0: the run lacks the topic */
    pool_judged judged;      /* the qrels of the topic, sorted by docno (strcmp) */
} pool_sim_topic_data;

typedef struct pool_sim_input {
    size_t nruns;
    const char *const *tags; /* the runs' tags, in the campaign's order */
    const pool_sim_topic_data *topics;
    size_t ntopics;
    const size_t *budgets;   /* per topic, ascending, each at least 1 */
    size_t nbudgets;
    size_t depth;            /* candidate depth (0: whole rankings) */
    long relevance_level;    /* a grade >= this is relevant */
    uint64_t seed;
    /* Called, when not NULL, for every judgment in the order made (step 1, 2, ...). */
    void (*trace)(void *ctx, const char *strategy, const char *qid, size_t step,
                  const char *docno, int relevant);
    void *trace_ctx;
} pool_sim_input;

/* What one strategy achieved at one budget, over every topic. */
typedef struct pool_sim_row {
    size_t budget;
    size_t judged;           /* judgments made (fewer than budget x topics when topics run
                                out of candidates) */
    size_t relevant_found;   /* relevant documents among them */
    double recall;           /* relevant_found / the result's reachable (NAN when 0) */
    double tau, tau_ap;      /* the runs ranked by MAP on these judgments against MAP on the
                                whole qrels: Kendall's tau-b, tau_AP */
    size_t max_drop;         /* the largest fall in rank of a run (rank: 1 + the runs with
                                a higher MAP) */
    double *map;             /* each run's MAP on these judgments (nruns) */
} pool_sim_row;

typedef struct pool_sim_result {
    size_t nstrategies, nbudgets, nruns, ntopics;
    size_t reachable;        /* relevant documents of the qrels that some run retrieves
                                within the depth, summed over the topics */
    size_t relevant;         /* relevant documents of the qrels of the topics simulated */
    double *map_full;        /* each run's MAP on the whole qrels (trec_eval's map) */
    pool_sim_row *rows;      /* strategy s, budget b: rows[s * nbudgets + b] */
} pool_sim_result;

/* Replays each strategy on every topic of in, the qrels answering, and fills *res (free
 * with pool_sim_result_free). Topics are simulated in the order given; MAP is trec_eval's
 * (averaged over the topics the run has; unjudged documents are not relevant). Returns 0,
 * or -1 with err set (a strategy's failure; *res is then empty). */
int pool_sim_run(const pool_sim_input *in, const pool_sim_strategy *strategies,
                 size_t nstrategies, pool_sim_result *res, util_error *err);
void pool_sim_result_free(pool_sim_result *res);

#endif
