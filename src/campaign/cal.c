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
    if (rc != 0)
        goto out;
    c->topics.fields = "title+description";
    rc = campaign_queries_read_campaign(s, &c->topics, err);
    if (rc != 0)
        goto out;
    c->features = learn_features_new(c->idx);
    learn_params_init(&c->params);
    *out = c;
    c = NULL;
out:
    free(path);
    campaign_cal_close(&c);
    return rc != 0 ? -1 : 0;
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

typedef struct replay_ctx {
    learn_cal *l;
    long level;
} replay_ctx;

static int replay_cb(void *vctx, const char *docno, long grade)
{
    replay_ctx *r = vctx;
    learn_cal_judged(r->l, docno, grade >= r->level);
    return 0;
}

int campaign_cal_replay(store *s, const char *qid, learn_cal *l, long level, util_error *err)
{
    int64_t tid;
    int rc = store_topic_id(s, qid, 0, &tid, err);
    if (rc == 0)
        return util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0, "no topic '%s'", qid);
    if (rc < 0)
        return -1;
    replay_ctx r = { l, level };
    return store_pool_judgments_each(s, tid, replay_cb, &r, err);
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
        snprintf(judged, sizeof judged, "%zu/%zu judged", n, budget);
    else
        snprintf(judged, sizeof judged, "%zu judged", n);
    if (k.remaining < 0)
        snprintf(left, sizeof left, "? left");
    else
        snprintf(left, sizeof left, "~%.0f left", k.remaining);
    snprintf(buf, size, "%s, %zu rel, %s, %s", judged, k.found, left,
             k.stop ? "stop" : "go on");
}
