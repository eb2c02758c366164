/* live.c: a campaign's history (or qrels and runs) replayed into a live report. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"

/* ---- loading: a campaign's history replayed, or qrels and run files ---- */

/* One assessor's grade of one document. */
typedef struct replay_vote {
    char *assessor;
    long grade;
} replay_vote;

typedef struct replay_doc {
    char *key;             /* "qid\tdocno" */
    replay_vote *votes;
    size_t nvotes, cap;
} replay_doc;

struct campaign_replay {
    replay_doc *docs;
    size_t ndocs, cap;
    uint32_t *slot;
    size_t slots;
};

static replay_doc *replay_find(struct campaign_replay *r, const char *qid, const char *docno)
{
    size_t ql = strlen(qid), dl = strlen(docno);
    char *key = util_malloc(ql + dl + 2);
    memcpy(key, qid, ql);
    key[ql] = '\t';
    memcpy(key + ql + 1, docno, dl + 1);
    uint64_t h = util_hash(key, ql + dl + 1);
    if (2 * (r->ndocs + 1) > r->slots) {
        size_t slots = r->slots ? r->slots * 2 : 1024;
        free(r->slot);
        r->slot = util_calloc(slots, sizeof *r->slot);
        r->slots = slots;
        for (size_t k = 0; k < r->ndocs; k++) {
            size_t i = util_hash(r->docs[k].key, strlen(r->docs[k].key)) & (slots - 1);
            while (r->slot[i] != 0)
                i = (i + 1) & (slots - 1);
            r->slot[i] = (uint32_t)k + 1;
        }
    }
    size_t i = h & (r->slots - 1);
    while (r->slot[i] != 0) {
        replay_doc *d = &r->docs[r->slot[i] - 1];
        if (strcmp(d->key, key) == 0) {
            free(key);
            return d;
        }
        i = (i + 1) & (r->slots - 1);
    }
    util_grow(&r->docs, &r->cap, r->ndocs + 1, sizeof *r->docs);
    replay_doc *d = &r->docs[r->ndocs];
    memset(d, 0, sizeof *d);
    d->key = key;
    r->slot[i] = (uint32_t)++r->ndocs;
    return d;
}

/* The document's grade under the report's policy, as `qrels export --policy` gives it. */
static long replay_grade(const replay_doc *d, const campaign_live *c)
{
    long small[16], *grades = d->nvotes <= 16 ? small : util_malloc(d->nvotes * sizeof *grades);
    long primary = -1;
    for (size_t i = 0; i < d->nvotes; i++) {
        grades[i] = d->votes[i].grade;
        if (c->primary != NULL && grades[i] >= 0 && strcmp(d->votes[i].assessor, c->primary) == 0)
            primary = grades[i];
    }
    long g = campaign_policy_grade(c->policy, grades, d->nvotes, primary);
    if (grades != small)
        free(grades);
    return g;
}

static void replay_free(struct campaign_replay **rp)
{
    struct campaign_replay *r = *rp;
    if (r == NULL)
        return;
    for (size_t k = 0; k < r->ndocs; k++) {
        for (size_t i = 0; i < r->docs[k].nvotes; i++)
            free(r->docs[k].votes[i].assessor);
        free(r->docs[k].votes);
        free(r->docs[k].key);
    }
    free(r->docs);
    free(r->slot);
    free(r);
    *rp = NULL;
}

static int history_cb(void *vctx, const store_history *h)
{
    campaign_live *c = vctx;
    replay_doc *d = replay_find(c->replay, h->qid, h->docno);
    size_t i = 0;
    while (i < d->nvotes && strcmp(d->votes[i].assessor, h->assessor) != 0)
        i++;
    if (i == d->nvotes) {
        util_grow(&d->votes, &d->cap, d->nvotes + 1, sizeof *d->votes);
        d->votes[d->nvotes].assessor = util_strdup(h->assessor);
        d->nvotes++;
    }
    d->votes[i].grade = h->grade;
    report_live_judge(c->live, h->qid, h->docno, replay_grade(d, c));
    c->last = h->id;
    c->changes++;
    if (c->checkpoint_every > 0 && c->changes % c->checkpoint_every == 0) {
        report_live_hold(c->live, 0);
        report_live_checkpoint(c->live);
        util_grow(&c->checkpoint_at, &c->checkpoint_cap, c->ncheckpoints + 1,
                  sizeof *c->checkpoint_at);
        c->checkpoint_at[c->ncheckpoints++] = report_live_judgments(c->live);
        report_live_hold(c->live, 1);
    }
    return 0;
}

static int ranking_cb(void *vctx, const store_ranking *r)
{
    campaign_live *c = vctx;
    report_live_add_ranking(c->live, r->tag, r->qid, r->docnos, r->scores, r->n);
    return 0;
}

/* A run file's topics, kept until its tag (the last line's) is known. */
typedef struct file_topic {
    char *qid;
    char **docnos;
    double *scores;
    size_t n;
} file_topic;

typedef struct file_run {
    file_topic *topics;
    size_t n, cap;
} file_run;

static int file_topic_cb(void *vctx, formats_run_topic *rt, util_error *err)
{
    (void)err;
    file_run *fr = vctx;
    util_grow(&fr->topics, &fr->cap, fr->n + 1, sizeof *fr->topics);
    file_topic *t = &fr->topics[fr->n++];
    t->qid = util_strdup(rt->qid);
    t->n = rt->ndocs;
    t->docnos = util_malloc((rt->ndocs + 1) * sizeof *t->docnos);
    t->scores = util_malloc((rt->ndocs + 1) * sizeof *t->scores);
    for (size_t i = 0; i < rt->ndocs; i++) {
        t->docnos[i] = util_strdup(rt->docs[i].docno);
        t->scores[i] = rt->docs[i].score;
    }
    return 0;
}

static void file_run_free(file_run *fr)
{
    for (size_t k = 0; k < fr->n; k++) {
        for (size_t i = 0; i < fr->topics[k].n; i++)
            free(fr->topics[k].docnos[i]);
        free(fr->topics[k].docnos);
        free(fr->topics[k].scores);
        free(fr->topics[k].qid);
    }
    free(fr->topics);
    memset(fr, 0, sizeof *fr);
}

static int load_files(campaign_live *c, char **files, int nfiles, util_error *err)
{
    formats_qrels *q = formats_qrels_read(files[0], err);
    if (q == NULL)
        return -1;
    for (size_t t = 0; t < q->ntopics; t++)
        for (size_t k = 0; k < q->topics[t].n; k++)
            report_live_judge(c->live, q->topics[t].qid, q->topics[t].qrels[k].docno,
                              q->topics[t].qrels[k].rel < 0 ? -1 : q->topics[t].qrels[k].rel);
    formats_qrels_free(&q);
    for (int f = 1; f < nfiles; f++) {
        file_run fr = { NULL, 0, 0 };
        formats_run_info info;
        if (formats_run_read(files[f], FORMATS_RUN_GROUP, file_topic_cb, &fr, &info, err) != 0) {
            file_run_free(&fr);
            formats_run_info_free(&info);
            return -1;
        }
        for (size_t k = 0; k < fr.n; k++)
            report_live_add_ranking(c->live, info.tag, fr.topics[k].qid,
                                    (const char *const *)fr.topics[k].docnos, fr.topics[k].scores,
                                    fr.topics[k].n);
        file_run_free(&fr);
        formats_run_info_free(&info);
    }
    return 0;
}

int campaign_live_update(campaign_live *c, util_error *err)
{
    if (c->store == NULL)
        return 0;
    report_live_hold(c->live, 1);
    int rc = store_history_each(c->store, c->last, history_cb, c, err);
    report_live_hold(c->live, 0);
    if (rc != 0 && err->code == 0)
        err->code = UTIL_EXIT_SYSTEM;
    return rc != 0 ? -1 : 0;
}

int campaign_live_open(campaign_live *c, store *s, char **files, int nfiles,
                       const campaign_report_opts *o, util_error *err)
{
    memset(c, 0, sizeof *c);
    int rc = 0;
    metrics_params p;
    metrics_params_init(&p);
    c->store = s;
    if (s != NULL && campaign_policy_check(s, o->primary, err) != 0) {
        rc = -1;
        goto out;
    }
    if (s != NULL) {
        char *level = NULL;
        util_error ignored = { 0, "" };
        long v;
        if (store_setting_get(s, "relevance_level", &level, &ignored) > 0 &&
            util_parse_long(level, strlen(level), &v) == 0)
            p.relevance_level = v;
        free(level);
    }
    if (o->relevance_level_set)
        p.relevance_level = o->relevance_level;
    util_error bad = { 0, "" };
    c->live = report_live_new(&p, o->measures, o->rbp_p, &bad);
    if (c->live == NULL) {
        util_error_set(err, bad.code, NULL, 0, "%s: %s", o->command, bad.msg);
        rc = -1;
        goto out;
    }
    c->checkpoint_every = o->checkpoint_every;
    c->policy = o->policy;
    c->primary = o->primary;
    report_live_hold(c->live, 1);
    if (s == NULL) {
        rc = load_files(c, files, nfiles, err);
        if (rc != 0 && err->code == 0)
            err->code = UTIL_EXIT_INPUT;
    } else {
        c->replay = util_calloc(1, sizeof *c->replay);
        rc = store_rankings_each(s, 0, ranking_cb, c, err);
        if (rc != 0 && err->code == 0)
            err->code = UTIL_EXIT_SYSTEM;
    }
    report_live_hold(c->live, 0);
    if (rc == 0)
        rc = campaign_live_update(c, err);
out:
    if (rc != 0)
        campaign_live_close(c);
    return rc != 0 ? -1 : 0;
}

void campaign_live_close(campaign_live *c)
{
    report_live_free(&c->live);
    replay_free(&c->replay);
    store_close(&c->store);
    free(c->checkpoint_at);
    c->checkpoint_at = NULL;
}

void campaign_report_opts_init(campaign_report_opts *o, const char *command)
{
    memset(o, 0, sizeof *o);
    o->command = command;
    o->rbp_p = 0.8;
}

