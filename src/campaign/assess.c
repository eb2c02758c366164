/* assess.c: the screen's collection search and live strategy, from the campaign. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The collection search of the S key: BM25 over the campaign's index. */
static long search_collection(void *ctx, const char *query, char **docnos, size_t max,
                              util_error *err)
{
    (void)err;
    index_inverted *idx = ctx;
    index_params p;
    index_params_init(&p);
    index_hit *hits = util_calloc(max, sizeof *hits);
    size_t n = 0;
    index_query(idx, query, strlen(query), INDEX_BM25, &p, max, hits, &n);
    for (size_t i = 0; i < n; i++)
        docnos[i] = util_strdup(hits[i].docno);
    free(hits);
    return (long)n;
}

static void search_free(void *ctx)
{
    index_inverted *idx = ctx;
    index_close(&idx);
}

/* The campaign's index when there is one (brought up to date first), else NULL. */
static index_inverted *open_index(store *s)
{
    char *path = index_path_for(store_path(s));
    int exists = access(path, F_OK) == 0;
    free(path);
    if (!exists)
        return NULL;
    util_error err = { 0, "" };
    index_inverted *idx = NULL;
    if (campaign_index_update(s, NULL, 0, 0, &idx, &err) != 0 || idx == NULL) {
        util_warn("assess: the search index cannot be used: %s", err.msg);
        index_close(&idx);
        return NULL;
    }
    return idx;
}

/* ---- budgeted live strategies (Move-to-Front, MaxMean) choose the next document ---- */

typedef struct live_strategy {
    store *s;
    pool_live_kind kind;
    size_t budget, depth;
    long level;
    pool_live *live;
    /* the rankings of the current topic, copied out of the store's callback */
    pool_run *runs;
    char **tags;
    char ***docnos;
    size_t nruns;
} live_strategy;

static void live_clear(live_strategy *ls)
{
    pool_live_free(&ls->live);
    for (size_t r = 0; r < ls->nruns; r++) {
        for (size_t i = 0; i < ls->runs[r].n; i++)
            free(ls->docnos[r][i]);
        free(ls->docnos[r]);
        free(ls->tags[r]);
    }
    util_free(&ls->runs);
    util_free(&ls->tags);
    util_free(&ls->docnos);
    ls->nruns = 0;
}

static size_t setting_size(store *s, const char *key)
{
    util_error err = { 0, "" };
    char *v = NULL;
    long n = 0;
    if (store_setting_get(s, key, &v, &err) == 1 && util_parse_long(v, strlen(v), &n) != 0)
        n = 0;
    free(v);
    return n > 0 ? (size_t)n : 0;
}

static int live_ranking(void *ctx, const store_ranking *rk)
{
    live_strategy *ls = ctx;
    size_t n = ls->depth > 0 && rk->n > ls->depth ? ls->depth : rk->n;
    ls->runs = util_realloc(ls->runs, (ls->nruns + 1) * sizeof *ls->runs);
    ls->tags = util_realloc(ls->tags, (ls->nruns + 1) * sizeof *ls->tags);
    ls->docnos = util_realloc(ls->docnos, (ls->nruns + 1) * sizeof *ls->docnos);
    char **d = util_calloc(n + 1, sizeof *d);
    for (size_t i = 0; i < n; i++)
        d[i] = util_strdup(rk->docnos[i]);
    ls->tags[ls->nruns] = util_strdup(rk->tag);
    ls->docnos[ls->nruns] = d;
    ls->runs[ls->nruns] = (pool_run){ ls->tags[ls->nruns], n, (const char *const *)d };
    ls->nruns++;
    return 0;
}

static int live_replay(void *ctx, const char *docno, long grade)
{
    live_strategy *ls = ctx;
    pool_live_next(ls->live);   /* as when it was judged: the proposal, then the judgment */
    pool_live_judged(ls->live, docno, grade >= ls->level);
    return 0;
}

/* A topic was opened (or a judgment undone): the strategy starts from the topic's rankings
 * and replays every assessor's judgments in the order they were made, as `pool --next`. */
static void live_topic(void *ctx, assess_session *a)
{
    live_strategy *ls = ctx;
    live_clear(ls);
    util_error err = { 0, "" };
    int64_t tid;
    char key[600];
    snprintf(key, sizeof key, "pool.depth.%s", assess_qid(a));
    ls->depth = setting_size(ls->s, key);
    if (ls->depth == 0)
        ls->depth = setting_size(ls->s, "pool.depth");
    ls->level = assess_relevance_level(a);
    if (store_topic_id(ls->s, assess_qid(a), 0, &tid, &err) != 1 ||
        store_rankings_each(ls->s, tid, live_ranking, ls, &err) != 0)
        return;
    ls->live = pool_live_new(ls->kind, ls->runs, ls->nruns, ls->budget);
    store_pool_judgments_each(ls->s, tid, live_replay, ls, &err);
}

static long live_next(void *ctx, const assess_session *a)
{
    live_strategy *ls = ctx;
    if (ls->live == NULL)
        return -1;
    const char *docno = pool_live_next(ls->live);
    if (docno == NULL)
        return ASSESS_STRATEGY_DONE;
    return assess_item_index(a, docno);
}

static void live_judged(void *ctx, const char *docno, int relevant)
{
    live_strategy *ls = ctx;
    if (ls->live != NULL)
        pool_live_judged(ls->live, docno, relevant);
}

static void live_free(void *ctx)
{
    live_strategy *ls = ctx;
    live_clear(ls);
    free(ls);
}

/* ---- continuous active learning chooses the next document of the whole collection ---- */

typedef struct cal_strategy {
    store *s;
    campaign_cal *cal;
    campaign_cal_live *live;
    size_t budget;
} cal_strategy;

/* A topic was opened (or a judgment undone): a new classifier, every assessor's judgments
 * replayed in the order they were first made, as `pool --next` does. */
static void cal_topic(void *ctx, assess_session *a)
{
    cal_strategy *cs = ctx;
    campaign_cal_live_free(&cs->live);
    util_error err = { 0, "" };
    if (campaign_cal_live_new(cs->cal, cs->s, assess_qid(a), assess_relevance_level(a),
                              &cs->live, &err) != 0)
        util_warn("assess: %s", err.msg);
}

/* Before each proposal the classifier learns every judgment of the topic recorded since
 * the last (this screen's, committed already, and other assessors'), in the recorded
 * order: two assessors on one topic share what they learn, and neither is proposed a
 * document the other has judged. */
static const char *cal_propose(void *ctx)
{
    cal_strategy *cs = ctx;
    if (cs->live == NULL)
        return NULL;
    util_error err = { 0, "" };
    if (campaign_cal_live_update(cs->live, &err) != 0)
        util_warn("assess: %s", err.msg);
    return campaign_cal_next(campaign_cal_live_model(cs->live), cs->budget);
}

static void cal_status(void *ctx, char *buf, size_t size)
{
    cal_strategy *cs = ctx;
    if (cs->live != NULL)
        campaign_cal_status(campaign_cal_live_model(cs->live), cs->budget, buf, size);
    else
        buf[0] = '\0';
}

static int cal_progress(void *ctx, size_t *judged, size_t *budget)
{
    cal_strategy *cs = ctx;
    if (cs->live == NULL || cs->budget == 0)
        return 0;
    const unsigned char *rel;
    *judged = learn_cal_gain(campaign_cal_live_model(cs->live), &rel);
    *budget = cs->budget;
    return 1;
}

static void cal_free(void *ctx)
{
    cal_strategy *cs = ctx;
    campaign_cal_live_free(&cs->live);
    campaign_cal_close(&cs->cal);
    free(cs);
}

/* When the campaign was pooled with mtf, maxmean or cal, the strategy picks each next
 * document. Returns -1 (err set) when cal cannot work: no search index. The search box and
 * CAL read one copy of the index (idx, taken over): CAL's holds it, the searcher borrows it
 * (the session frees its searcher before its strategy; both run on the screen's thread,
 * one at a time, as index_query's scratch area needs). */
static int attach(store *s, assess_session *a, index_inverted *idx, util_error *err)
{
    char *name = NULL;
    if (store_setting_get(s, "pool.strategy", &name, err) != 1) {
        if (idx != NULL)
            assess_set_searcher(a, (assess_searcher){ idx, search_collection, search_free });
        return 0;
    }
    int mtf = strcmp(name, "mtf") == 0, maxmean = strcmp(name, "maxmean") == 0;
    int cal = strcmp(name, "cal") == 0;
    free(name);
    if (cal) {
        cal_strategy *cs = util_calloc(1, sizeof *cs);
        cs->s = s;
        cs->budget = setting_size(s, "pool.budget");
        /* without an index, campaign_cal_open says to build it */
        int rc = idx != NULL ? campaign_cal_open_index(s, idx, &cs->cal, err)
                             : campaign_cal_open(s, 1, &cs->cal, err);
        if (rc != 0) {
            free(cs);
            return -1;
        }
        if (idx != NULL)
            assess_set_searcher(a, (assess_searcher){ idx, search_collection, NULL });
        assess_set_strategy(a, (assess_strategy){ .ctx = cs, .judged = NULL,
                                                   .topic = cal_topic, .free = cal_free,
                                                   .propose = cal_propose, .source = "cal",
                                                   .status = cal_status,
                                                   .progress = cal_progress });
        return 0;
    }
    if (idx != NULL)
        assess_set_searcher(a, (assess_searcher){ idx, search_collection, search_free });
    if (!mtf && !maxmean)
        return 0;
    live_strategy *ls = util_calloc(1, sizeof *ls);
    ls->s = s;
    ls->kind = mtf ? POOL_LIVE_MTF : POOL_LIVE_MAXMEAN;
    ls->budget = setting_size(s, "pool.budget");
    assess_set_strategy(a, (assess_strategy){ ls, live_next, live_judged, live_topic, live_free,
                                              NULL, NULL, NULL, NULL });
    return 0;
}

int campaign_assess_attach(store *s, assess_session *a, util_error *err)
{
    return attach(s, a, open_index(s), err);
}
