/* cal.c: continuous active learning on a campaign: index, topics, replay, status line. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct campaign_cal {
    index_inverted *idx;
    learn_features *features;
    campaign_queries topics;
    learn_params params;
    char *path;             /* the campaign's, for messages */
};

int campaign_cal_open(store *s, int update, campaign_cal **out, util_error *err)
{
    *out = NULL;
    campaign_cal *c = util_calloc(1, sizeof *c);
    c->path = util_strdup(store_path(s));
    char *path = index_path_for(store_path(s));
    int rc = 0;
    if (access(path, F_OK) != 0) {
        rc = util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0,
                            "strategy cal needs the campaign's search index: run "
                            "`trecjudge index -d %s` first", store_path(s));
        goto out;
    }
    if (update) {
        rc = campaign_index_update(s, NULL, 0, 0, &c->idx, err);
    } else {
        int found = index_open(path, &c->idx, err);
        if (found == 0)
            rc = util_error_set(err, UTIL_EXIT_DATA, path, 0,
                                "the search index must be built again: run `trecjudge index "
                                "-d %s`", store_path(s));
        else if (found < 0)
            rc = -1;
    }
    if (rc == 0) {
        index_inverted *idx = c->idx;
        c->idx = NULL;
        free(c->path);
        free(c);
        c = NULL;
        rc = campaign_cal_open_index(s, idx, out, err);
    }
out:
    free(path);
    campaign_cal_close(&c);
    return rc != 0 ? -1 : 0;
}

int campaign_cal_open_index(store *s, index_inverted *idx, campaign_cal **out, util_error *err)
{
    *out = NULL;
    campaign_cal *c = util_calloc(1, sizeof *c);
    c->path = util_strdup(store_path(s));
    c->idx = idx;
    c->topics.fields = "title+description";
    if (campaign_queries_read_campaign(s, &c->topics, err) != 0) {
        campaign_cal_close(&c);
        return -1;
    }
    c->features = learn_features_new(c->idx);
    learn_params_init(&c->params);
    *out = c;
    return 0;
}

void campaign_cal_close(campaign_cal **pc)
{
    campaign_cal *c = *pc;
    if (c == NULL)
        return;
    learn_features_free(&c->features);
    index_close(&c->idx);
    campaign_queries_free(&c->topics);
    free(c->path);
    free(c);
    *pc = NULL;
}

learn_cal *campaign_cal_topic(campaign_cal *c, const char *qid)
{
    const char *text = "";
    for (size_t i = 0; i < c->topics.n; i++)
        if (strcmp(c->topics.t[i].qid, qid) == 0)
            text = c->topics.t[i].text;
    return learn_cal_new(c->features, text, strlen(text), &c->params);
}

/* A topic's classifier and what it has learnt: each document with its label, in the order
 * learnt, and the history id of the last judged document's first judgment. */
struct campaign_cal_live {
    campaign_cal *cal;
    store *s;
    char *qid;
    int64_t topic_id;
    long level;
    learn_cal *l;
    util_map known;           /* docno -> index of label[] */
    unsigned char *label;
    size_t caplabel;
    int64_t last_first;       /* the largest `first` learnt */
    int64_t upto;             /* the history read up to */
    int stale;                /* a change a fresh replay would order otherwise: start again */
};

static void live_learn(campaign_cal_live *v, const char *docno, int64_t first, int relevant)
{
    int added = 0;
    size_t i = util_map_add(&v->known, docno, strlen(docno), &added);
    util_grow(&v->label, &v->caplabel, v->known.n, 1);
    v->label[i] = (unsigned char)relevant;
    if (first > v->last_first)
        v->last_first = first;
    learn_cal_judged(v->l, docno, relevant);
}

static int replay_cb(void *vctx, const char *docno, int64_t first, long grade)
{
    campaign_cal_live *v = vctx;
    live_learn(v, docno, first, grade >= v->level);
    return 0;
}

/* A change since the last read: learnt as a fresh replay would have it, or the model is
 * marked stale. A document judged for the first time comes after every one learnt (its
 * first judgment is the newest); one learnt keeps its place and label (another assessor's
 * grade below the highest, or the same label again). Anything else (a relabel, a judgment
 * withdrawn, a document judged, withdrawn and judged again) means a new replay: learn_cal
 * relabels in place, but not a document outside the index, and cannot forget one. */
static int change_cb(void *vctx, const char *docno, int64_t first, long grade)
{
    campaign_cal_live *v = vctx;
    long i = util_map_find(&v->known, docno, strlen(docno));
    if (i >= 0) {
        if (grade < 0 || v->label[i] != (grade >= v->level))
            v->stale = 1;
    } else if (grade >= 0) {
        if (first <= v->last_first)
            v->stale = 1;
        else
            live_learn(v, docno, first, grade >= v->level);
    }
    return v->stale;
}

/* A new classifier, every judgment of the topic replayed. */
static int live_restart(campaign_cal_live *v, util_error *err)
{
    learn_cal_free(&v->l);
    util_map_clear(&v->known);
    v->l = campaign_cal_topic(v->cal, v->qid);
    v->last_first = 0;
    v->stale = 0;
    return store_judged_since_each(v->s, v->topic_id, -1, &v->upto, replay_cb, v, err);
}

int campaign_cal_live_new(campaign_cal *c, store *s, const char *qid, long level,
                          campaign_cal_live **out, util_error *err)
{
    *out = NULL;
    int64_t tid;
    int rc = store_topic_id(s, qid, 0, &tid, err);
    if (rc == 0)
        return util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0, "no topic '%s'", qid);
    if (rc < 0)
        return -1;
    campaign_cal_live *v = util_calloc(1, sizeof *v);
    *v = (campaign_cal_live){ .cal = c, .s = s, .qid = util_strdup(qid), .topic_id = tid,
                              .level = level };
    if (live_restart(v, err) != 0) {
        campaign_cal_live_free(&v);
        return -1;
    }
    *out = v;
    return 0;
}

int campaign_cal_live_update(campaign_cal_live *v, util_error *err)
{
    int64_t after = v->upto;
    if (store_judged_since_each(v->s, v->topic_id, after, &v->upto, change_cb, v, err) != 0 &&
        !v->stale)
        return -1;
    return v->stale ? live_restart(v, err) : 0;
}

learn_cal *campaign_cal_live_model(const campaign_cal_live *v)
{
    return v->l;
}

void campaign_cal_live_free(campaign_cal_live **pv)
{
    campaign_cal_live *v = *pv;
    if (v == NULL)
        return;
    learn_cal_free(&v->l);
    util_map_free(&v->known);
    free(v->label);
    free(v->qid);
    free(v);
    *pv = NULL;
}

size_t campaign_cal_docs(const campaign_cal *c)
{
    return learn_features_docs(c->features);
}

const char *campaign_cal_next(learn_cal *l, size_t budget)
{
    const unsigned char *rel;
    if (budget > 0 && learn_cal_gain(l, &rel) >= budget)
        return NULL;
    return learn_cal_next(l);
}

void campaign_cal_status(const learn_cal *l, size_t budget, char *buf, size_t size)
{
    const unsigned char *rel;
    size_t n = learn_cal_gain(l, &rel);
    learn_knee k;
    learn_knee_compute(rel, n, &k);
    char judged[48], left[48];
    if (budget > 0)
        snprintf(judged, sizeof judged, "%zu/%zu of budget", n, budget);
    else
        snprintf(judged, sizeof judged, "%zu judged", n);
    /* the estimate needs a bent gain curve: a knee with 3 relevant documents or more,
     * fewer found after it than before */
    if (k.remaining >= 0)
        snprintf(left, sizeof left, "~%.0f left", k.remaining);
    else if (k.found < 3)
        snprintf(left, sizeof left, "left: ? until 3 rel");
    else
        snprintf(left, sizeof left, "left: ? until finds slow");
    /* the knee rule can say stop from 150 judgments on: before, its "go on" says nothing */
    snprintf(buf, size, "%s, %zu rel, %s%s", judged, k.found, left,
             n < 150 ? "" : k.stop ? ", stop" : ", go on");
}
