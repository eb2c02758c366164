/* pool.c: a campaign's runs (or run files) pooled and added to its pool. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"

static int docnos_cb(void *vctx, const char *docno, int64_t position, const char *source)
{
    (void)position;
    (void)source;
    campaign_docnos *e = vctx;
    util_grow(&e->docnos, &e->cap, e->n + 1, sizeof *e->docnos);
    e->docnos[e->n++] = util_strdup(docno);
    return 0;
}

int campaign_pool_list(store *s, int64_t topic_id, campaign_docnos *list, util_error *err)
{
    return store_pool_each(s, topic_id, docnos_cb, list, err);
}

/* One run's full ranking of one topic (kept for --bias). */

static int size_parse(const char *s, size_t *out)
{
    long v;
    if (util_parse_long(s, strlen(s), &v) != 0 || v < 0)
        return -1;
    *out = (size_t)v;
    return 0;
}

static size_t depth_of(const campaign_pool *c, const char *qid)
{
    for (size_t i = 0; i < c->ndepths; i++)
        if (strcmp(c->depths[i].qid, qid) == 0)
            return c->depths[i].depth;
    return 0;
}

static campaign_pool_topic *topic_get(campaign_pool *c, const char *qid)
{
    if (c->last < c->ntopics && strcmp(c->topics[c->last].qid, qid) == 0)
        return &c->topics[c->last];
    if (c->last + 1 < c->ntopics && strcmp(c->topics[c->last + 1].qid, qid) == 0)
        return &c->topics[++c->last];
    for (size_t i = 0; i < c->ntopics; i++)
        if (strcmp(c->topics[i].qid, qid) == 0)
            return &c->topics[c->last = i];
    util_grow(&c->topics, &c->captopics, c->ntopics + 1, sizeof *c->topics);
    campaign_pool_topic *t = &c->topics[c->ntopics];
    memset(t, 0, sizeof *t);
    t->qid = util_strdup(qid);
    t->pool = pool_topic_new(&c->params, qid, depth_of(c, qid));
    c->last = c->ntopics++;
    return t;
}

static void topic_keep(campaign_pool_topic *t, uint32_t run, const char *const *docnos, size_t n)
{
    util_grow(&t->saved, &t->capsaved, t->nsaved + 1, sizeof *t->saved);
    campaign_pool_ranking *sr = &t->saved[t->nsaved++];
    sr->run = run;
    sr->n = n;
    sr->docnos = util_calloc(n + 1, sizeof *sr->docnos);
    for (size_t i = 0; i < n; i++)
        sr->docnos[i] = util_strdup(docnos[i]);
}

static int pool_topic_qid_cmp(const void *a, const void *b)
{
    return strcmp(((const campaign_pool_topic *)a)->qid, ((const campaign_pool_topic *)b)->qid);
}

void campaign_pool_free(campaign_pool *c)
{
    for (size_t i = 0; i < c->ntopics; i++) {
        campaign_pool_topic *t = &c->topics[i];
        free(t->qid);
        pool_topic_free(&t->pool);
        for (size_t k = 0; k < t->nsaved; k++) {
            for (size_t j = 0; j < t->saved[k].n; j++)
                free(t->saved[k].docnos[j]);
            free(t->saved[k].docnos);
        }
        free(t->saved);
    }
    free(c->topics);
    for (size_t i = 0; i < c->ndepths; i++)
        free(c->depths[i].qid);
    free(c->depths);
    for (size_t i = 0; i < c->nruns; i++)
        free(c->tags[i]);
    free(c->tags);
    free(c->run_ids);
    for (size_t i = 0; i < c->nonly; i++)
        free(c->only[i]);
    free(c->only);
    c->only = NULL;
    c->nonly = 0;
    free(c->scored);
    free(c->docnos);
}

/* ---- reading ---- */

static int file_topic_cb(void *vctx, formats_run_topic *rt, util_error *err)
{
    (void)err;
    campaign_pool *c = vctx;
    util_grow(&c->scored, &c->capscored, rt->ndocs + 1, sizeof *c->scored);
    for (size_t i = 0; i < rt->ndocs; i++)
        c->scored[i] = (pool_scored){ rt->docs[i].docno, rt->docs[i].score };
    campaign_pool_topic *t = topic_get(c, rt->qid);
    size_t depth = depth_of(c, rt->qid);
    if (depth == 0)
        depth = c->params.depth;
    size_t k = pool_rank(c->scored, rt->ndocs, c->keep ? 0 : depth);
    util_grow(&c->docnos, &c->capdocnos, k + 1, sizeof *c->docnos);
    for (size_t i = 0; i < k; i++)
        c->docnos[i] = c->scored[i].docno;
    pool_run r = { rt->tag, k, c->docnos };
    pool_topic_add(t->pool, c->cur_run, &r);
    if (c->keep)
        topic_keep(t, c->cur_run, c->docnos, k);
    return 0;
}

int campaign_pool_read_files(campaign_pool *c, char **paths, int npaths, util_error *err)
{
    for (int i = 0; i < npaths; i++) {
        formats_run_info info;
        c->cur_run = (uint32_t)c->nruns;
        util_grow(&c->tags, &c->capruns, c->nruns + 1, sizeof *c->tags);
        c->tags[c->nruns++] = NULL;
        /* GROUP mode: a run whose topics are not contiguous is read correctly too. */
        if (formats_run_read(paths[i], FORMATS_RUN_GROUP, file_topic_cb, c, &info, err) != 0) {
            formats_run_info_free(&info);
            return -1;
        }
        c->tags[c->cur_run] = info.tag;
        info.tag = NULL;
    }
    return 0;
}

int campaign_pool_set_runs(campaign_pool *c, const char *tags, util_error *err)
{
    for (size_t i = 0; i < c->nonly; i++)
        free(c->only[i]);
    free(c->only);
    c->only = NULL;
    c->nonly = 0;
    if (strcmp(tags, "all") == 0)
        return 0;
    size_t cap = 0;
    for (const char *p = tags; *p != '\0';) {
        size_t len = strcspn(p, ",");
        char *tag = util_malloc(len + 1);
        memcpy(tag, p, len);
        tag[len] = '\0';
        const char *problem = util_name_problem(tag, len);
        if (problem != NULL) {
            util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "run tag '%s' %s", tag, problem);
            free(tag);
            return -1;
        }
        util_grow(&c->only, &cap, c->nonly + 1, sizeof *c->only);
        c->only[c->nonly++] = tag;
        p += len;
        if (*p == ',')
            p++;
    }
    return 0;
}

/* Whether the run tagged tag feeds the pool. */
static int run_chosen(const campaign_pool *c, const char *tag)
{
    if (c->nonly == 0)
        return 1;
    for (size_t i = 0; i < c->nonly; i++)
        if (strcmp(c->only[i], tag) == 0)
            return 1;
    return 0;
}

static int store_ranking_cb(void *vctx, const store_ranking *r)
{
    campaign_pool *c = vctx;
    if (!run_chosen(c, r->tag))
        return 0;
    size_t run = 0;
    while (run < c->nruns && c->run_ids[run] != r->run_id)
        run++;
    if (run == c->nruns) {
        util_grow(&c->tags, &c->capruns, c->nruns + 1, sizeof *c->tags);
        size_t cap = c->nruns;
        util_grow(&c->run_ids, &cap, c->nruns + 1, sizeof *c->run_ids);
        c->tags[c->nruns] = util_strdup(r->tag);
        c->run_ids[c->nruns++] = r->run_id;
    }
    campaign_pool_topic *t = topic_get(c, r->qid);
    t->topic_id = r->topic_id;
    pool_run pr = { r->tag, r->n, r->docnos };
    pool_topic_add(t->pool, (uint32_t)run, &pr);
    if (c->keep)
        topic_keep(t, (uint32_t)run, r->docnos, r->n);
    return 0;
}

/* Run numbers follow the tags' order, so that ties between runs break the same way
 * whatever order the runs were imported in. */
static int tag_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int campaign_pool_read_campaign(campaign_pool *c, util_error *err)
{
    /* A first pass learns the tags; store_rankings_each orders each topic's runs by tag. */
    c->run_ids = NULL;
    for (size_t i = 0; i < c->nonly; i++) {
        int64_t id;
        int found = store_run_find(c->s, c->only[i], &id, err);
        if (found < 0)
            return -1;
        if (found == 0)
            return util_error_set(err, UTIL_EXIT_DATA, store_path(c->s), 0,
                                  "no run '%s' in the campaign (see 'runs list')", c->only[i]);
    }
    if (store_rankings_each(c->s, 0, store_ranking_cb, c, err) != 0)
        return -1;
    /* Renumber: runs first seen in qid order may not be in tag order. */
    size_t n = c->nruns;
    char **sorted = util_calloc(n + 1, sizeof *sorted);
    for (size_t i = 0; i < n; i++)
        sorted[i] = c->tags[i];
    qsort(sorted, n, sizeof *sorted, tag_cmp);
    int in_order = 1;
    for (size_t i = 0; i < n; i++)
        in_order &= sorted[i] == c->tags[i];
    free(sorted);
    if (in_order)
        return 0;
    /* Rare: read again with the runs numbered by tag. */
    for (size_t i = 0; i < c->ntopics; i++) {
        campaign_pool_topic *t = &c->topics[i];
        for (size_t k = 0; k < t->nsaved; k++) {
            for (size_t j = 0; j < t->saved[k].n; j++)
                free(t->saved[k].docnos[j]);
            free(t->saved[k].docnos);
        }
        t->nsaved = 0;
        pool_topic_free(&t->pool);
        t->pool = pool_topic_new(&c->params, t->qid, depth_of(c, t->qid));
    }
    size_t *idx = util_calloc(n + 1, sizeof *idx);
    for (size_t i = 0; i < n; i++)
        idx[i] = i;
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && strcmp(c->tags[idx[j]], c->tags[idx[j - 1]]) < 0; j--) {
            size_t x = idx[j];
            idx[j] = idx[j - 1];
            idx[j - 1] = x;
        }
    char **tags = util_calloc(n + 1, sizeof *tags);
    int64_t *ids = util_calloc(n + 1, sizeof *ids);
    for (size_t i = 0; i < n; i++) {
        tags[i] = c->tags[idx[i]];
        ids[i] = c->run_ids[idx[i]];
    }
    free(idx);
    free(c->tags);
    free(c->run_ids);
    c->tags = tags;
    c->run_ids = ids;
    c->capruns = n + 1;
    return store_rankings_each(c->s, 0, store_ranking_cb, c, err);
}

/* ---- options and settings ---- */

int campaign_pool_set_depth(campaign_pool *c, const char *qid, size_t depth)
{
    for (size_t i = 0; i < c->ndepths; i++)
        if (strcmp(c->depths[i].qid, qid) == 0) {
            c->depths[i].depth = depth;
            return 0;
        }
    util_grow(&c->depths, &c->capdepths, c->ndepths + 1, sizeof *c->depths);
    c->depths[c->ndepths].qid = util_strdup(qid);
    c->depths[c->ndepths++].depth = depth;
    return 0;
}


/* Takes the campaign's settings for what the command line did not give. */
int campaign_pool_load_settings(campaign_pool *c, const campaign_pool_given *g, util_error *err)
{
    char *v = NULL;
    int rc = 0;
    const char *keys[] = { "pool.strategy", "pool.depth", "pool.budget", "pool.rbp_p",
                           "pool.order", "pool.seed", "pool.runs" };
    const int set[] = { g->strategy, g->depth, g->budget, g->rbp_p, g->order, g->seed,
                        g->runs };
    for (size_t i = 0; i < 7 && rc == 0; i++) {
        if (set[i])
            continue;
        int found = store_setting_get(c->s, keys[i], &v, err);
        if (found < 0)
            return -1;
        if (found == 0)
            continue;
        long l;
        double d;
        int bad = 0;
        switch (i) {
        case 0: bad = pool_strategy_parse(v, &c->params.strategy); break;
        case 1: bad = size_parse(v, &c->params.depth); break;
        case 2: bad = size_parse(v, &c->params.budget); break;
        case 3:
            bad = util_parse_double(v, strlen(v), &d) != 0 || !(d > 0 && d < 1);
            if (!bad)
                c->params.rbp_p = d;
            break;
        case 4: bad = pool_order_parse(v, &c->params.order); break;
        case 6:
            if (campaign_pool_set_runs(c, v, err) != 0) {
                util_free(&v);
                return -1;
            }
            break;
        default:
            bad = util_parse_long(v, strlen(v), &l) != 0;
            if (!bad)
                c->params.seed = (uint64_t)l;
            break;
        }
        if (bad)
            rc = util_error_set(err, UTIL_EXIT_DATA, store_path(c->s), 0,
                                "setting %s has a bad value '%s'", keys[i], v);
        util_free(&v);
    }
    return rc;
}

typedef struct depth_setting_ctx {
    campaign_pool *c;
    util_error *err;
    int rc;
} depth_setting_ctx;

static int depth_setting_cb(void *vctx, int64_t topic_id, const char *qid)
{
    (void)topic_id;
    depth_setting_ctx *d = vctx;
    if (depth_of(d->c, qid) != 0)
        return 0;
    char key[300], *v = NULL;
    snprintf(key, sizeof key, "pool.depth.%s", qid);
    int found = store_setting_get(d->c->s, key, &v, d->err);
    size_t depth;
    if (found < 0) {
        d->rc = -1;
        return 1;
    }
    if (found && size_parse(v, &depth) == 0 && depth > 0)
        campaign_pool_set_depth(d->c, qid, depth);
    util_free(&v);
    return 0;
}

int campaign_pool_topic_depths(campaign_pool *c, util_error *err)
{
    depth_setting_ctx dc = { c, err, 0 };
    if (store_topics_each(c->s, depth_setting_cb, &dc, err) != 0 && dc.rc != 0)
        return -1;
    return 0;
}

static int save_settings(campaign_pool *c, util_error *err)
{
    char buf[64];
    const pool_params *p = &c->params;
    if (store_setting_set(c->s, "pool.strategy", pool_strategy_name(p->strategy), err) != 0)
        return -1;
    snprintf(buf, sizeof buf, "%zu", p->depth);
    if (store_setting_set(c->s, "pool.depth", buf, err) != 0)
        return -1;
    snprintf(buf, sizeof buf, "%zu", p->budget);
    if (store_setting_set(c->s, "pool.budget", buf, err) != 0)
        return -1;
    snprintf(buf, sizeof buf, "%.15g", p->rbp_p);
    if (strtod(buf, NULL) != p->rbp_p)
        snprintf(buf, sizeof buf, "%.17g", p->rbp_p);
    if (store_setting_set(c->s, "pool.rbp_p", buf, err) != 0)
        return -1;
    if (store_setting_set(c->s, "pool.order", pool_order_name(p->order), err) != 0)
        return -1;
    snprintf(buf, sizeof buf, "%lld", (long long)p->seed);
    if (store_setting_set(c->s, "pool.seed", buf, err) != 0)
        return -1;
    /* the runs that fed it, so that the next pool takes the same */
    size_t len = 4;
    for (size_t i = 0; i < c->nonly; i++)
        len += strlen(c->only[i]) + 1;
    char *runs = util_malloc(len);
    strcpy(runs, c->nonly == 0 ? "all" : "");
    for (size_t i = 0; i < c->nonly; i++)
        strcat(strcat(runs, i > 0 ? "," : ""), c->only[i]);
    int rc = store_setting_set(c->s, "pool.runs", runs, err);
    free(runs);
    if (rc != 0)
        return -1;
    for (size_t i = 0; i < c->nruns && c->run_ids != NULL; i++)
        if (store_run_pooled(c->s, c->run_ids[i], err) != 0)
            return -1;
    for (size_t i = 0; i < c->ndepths; i++) {
        char key[300];
        snprintf(key, sizeof key, "pool.depth.%s", c->depths[i].qid);
        snprintf(buf, sizeof buf, "%zu", c->depths[i].depth);
        if (store_setting_set(c->s, key, buf, err) != 0)
            return -1;
    }
    return 0;
}


static campaign_judged_topic *judged_topic(campaign_judged *j, const char *qid)
{
    if (j->n > 0 && strcmp(j->t[j->n - 1].qid, qid) == 0)
        return &j->t[j->n - 1];
    util_grow(&j->t, &j->cap, j->n + 1, sizeof *j->t);
    campaign_judged_topic *t = &j->t[j->n++];
    memset(t, 0, sizeof *t);
    t->qid = util_strdup(qid);
    return t;
}

static void judged_add(campaign_judged *j, campaign_judged_topic *t, const char *docno, long grade,
                       const char *assessor)
{
    if (t->n == 0 || strcmp(t->docnos[t->n - 1], docno) != 0) {
        util_grow(&t->docnos, &t->capd, t->n + 1, sizeof *t->docnos);
        util_grow(&t->grades, &t->capg, t->n + 1, sizeof *t->grades);
        t->docnos[t->n++] = util_strdup(docno);
        j->nvotes = 0;
        j->primary_grade = -1;
    }
    util_grow(&j->votes, &j->capvotes, j->nvotes + 1, sizeof *j->votes);
    j->votes[j->nvotes++] = grade;
    if (j->primary != NULL && assessor != NULL && grade >= 0 && strcmp(assessor, j->primary) == 0)
        j->primary_grade = grade;
    t->grades[t->n - 1] = campaign_policy_grade(j->policy, j->votes, j->nvotes, j->primary_grade);
}

static int judgment_cb(void *vctx, const store_judgment *jd)
{
    judged_add(vctx, judged_topic(vctx, jd->qid), jd->docno, jd->grade, jd->assessor);
    return 0;
}

int campaign_judged_read_campaign(campaign_judged *j, store *s, util_error *err)
{
    if (campaign_policy_check(s, j->primary, err) != 0)
        return -1;
    return store_judgments_each(s, judgment_cb, j, err);
}

typedef struct jsort {
    char *docno;
    long grade;
} jsort;

static int jsort_cmp(const void *a, const void *b)
{
    return strcmp(((const jsort *)a)->docno, ((const jsort *)b)->docno);
}

int campaign_judged_read_file(campaign_judged *j, const char *path, util_error *err)
{
    formats_qrels *q = formats_qrels_read(path, err);
    if (q == NULL)
        return -1;
    for (size_t i = 0; i < q->ntopics; i++) {
        const formats_qrels_topic *qt = &q->topics[i];
        jsort *v = util_calloc(qt->n + 1, sizeof *v);
        for (size_t k = 0; k < qt->n; k++)
            v[k] = (jsort){ util_strdup(qt->qrels[k].docno), qt->qrels[k].rel };
        qsort(v, qt->n, sizeof *v, jsort_cmp);
        campaign_judged_topic *t = judged_topic(j, qt->qid);
        for (size_t k = 0; k < qt->n; k++) {
            judged_add(j, t, v[k].docno, v[k].grade, NULL);
            free(v[k].docno);
        }
        free(v);
    }
    formats_qrels_free(&q);
    return 0;
}

void campaign_judged_free(campaign_judged *j)
{
    for (size_t i = 0; i < j->n; i++) {
        for (size_t k = 0; k < j->t[i].n; k++)
            free(j->t[i].docnos[k]);
        free(j->t[i].docnos);
        free(j->t[i].grades);
        free(j->t[i].qid);
    }
    free(j->t);
    free(j->votes);
}

const campaign_judged_topic *campaign_judged_find(const campaign_judged *j, const char *qid)
{
    for (size_t i = 0; i < j->n; i++)
        if (strcmp(j->t[i].qid, qid) == 0)
            return &j->t[i];
    return NULL;
}

/* ---- the campaign's pool table ---- */

static int docno_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int campaign_pool_persist(campaign_pool *c, int dry_run, size_t *added_out, size_t *before_out,
                          util_error *err)
{
    campaign_docnos e;
    memset(&e, 0, sizeof e);
    size_t added = 0, before = 0;
    /* The pool was computed by reading only; it is written topic by topic in transactions of
     * about 100 ms, so that judging never waits long. A pool killed half-way has added some
     * topics' documents; running it again adds the rest (documents pooled before keep their
     * place). The settings go in the last transaction. */
    int rc = dry_run ? 0 : store_batch_begin(c->s, err);
    for (size_t t = 0; rc == 0 && t < c->ntopics; t++) {
        const campaign_pool_topic *pt = &c->topics[t];
        int64_t count, maxpos, na = 0;
        e.n = 0;
        rc = store_pool_info(c->s, pt->topic_id, &count, &maxpos, err);
        if (rc == 0)
            rc = campaign_pool_list(c->s, pt->topic_id, &e, err);
        /* Documents pooled before keep their place (and their campaign_judged); new ones follow
         * the topic's last position, in presentation order. */
        if (e.n > 0)
            qsort(e.docnos, e.n, sizeof *e.docnos, docno_cmp);
        size_t n = pool_topic_size(pt->pool);
        for (size_t i = 0; rc == 0 && i < n; i++) {
            const char *d = pool_topic_docno(pt->pool, i);
            if (e.n > 0 && bsearch(&d, e.docnos, e.n, sizeof *e.docnos, docno_cmp) != NULL)
                continue;
            na++;
            if (!dry_run)
                rc = store_pool_add(c->s, pt->topic_id, d, maxpos + na, "pool", err);
        }
        added += (size_t)na;
        before += e.n;
        for (size_t k = 0; k < e.n; k++)
            free(e.docnos[k]);
        if (rc == 0 && !dry_run)
            rc = store_batch_yield(c->s, err);
    }
    free(e.docnos);
    if (rc == 0 && !dry_run)
        rc = save_settings(c, err);
    if (rc == 0 && !dry_run)
        rc = store_batch_end(c->s, err);
    if (rc != 0) {
        if (!dry_run)
            store_rollback(c->s);
        return -1;
    }
    *added_out = added;
    *before_out = before;
    return 0;
}

/* ---- the next document of a live strategy ---- */

typedef struct next_ctx {
    size_t depth;
    pool_run *runs;
    size_t nruns, capruns;
    const char ***lists;        /* each run's docno array, owned */
    size_t caplists;
    char **strs;                /* every docno, owned */
    size_t nstrs, capstrs;
    pool_live *live;
    long level;
    const campaign_pool *c;
} next_ctx;

static int next_ranking_cb(void *vctx, const store_ranking *r)
{
    next_ctx *n = vctx;
    if (!run_chosen(n->c, r->tag))
        return 0;
    size_t k = n->depth != 0 && r->n > n->depth ? n->depth : r->n;
    const char **docnos = util_calloc(k + 1, sizeof *docnos);
    util_grow(&n->strs, &n->capstrs, n->nstrs + k + 1, sizeof *n->strs);
    for (size_t i = 0; i < k; i++)
        docnos[i] = n->strs[n->nstrs++] = util_strdup(r->docnos[i]);
    util_grow(&n->lists, &n->caplists, n->nruns + 1, sizeof *n->lists);
    util_grow(&n->runs, &n->capruns, n->nruns + 1, sizeof *n->runs);
    n->lists[n->nruns] = docnos;
    n->runs[n->nruns++] = (pool_run){ NULL, k, docnos };
    return 0;
}

/* Replays the campaign_judged in the order they were made, each as the answer to a proposal:
 * Move-to-Front's state (current run, priorities) is rebuilt as the session left it. */
static int next_judgment_cb(void *vctx, const char *docno, long grade)
{
    next_ctx *n = vctx;
    pool_live_next(n->live);
    pool_live_judged(n->live, docno, grade >= n->level);
    return 0;
}

/* CAL's next document: its classifier for the topic, the judgments replayed. */
static int cal_next(campaign_pool *c, const char *qid, long level, char **docno, size_t *judged,
                    size_t *candidates, util_error *err)
{
    campaign_cal *cal = NULL;
    campaign_cal_live *v = NULL;
    int rc = campaign_cal_open(c->s, 1, &cal, err);
    if (rc == 0)
        rc = campaign_cal_live_new(cal, c->s, qid, level, &v, err);
    if (rc == 0) {
        learn_cal *l = campaign_cal_live_model(v);
        const char *d = campaign_cal_next(l, c->params.budget);
        const unsigned char *rel;
        *docno = d != NULL ? util_strdup(d) : NULL;
        *judged = learn_cal_gain(l, &rel);
        *candidates = campaign_cal_docs(cal);
    }
    campaign_cal_live_free(&v);
    campaign_cal_close(&cal);
    return rc != 0 ? -1 : 0;
}

int campaign_pool_cal(campaign_pool *c, int dry_run, util_error *err)
{
    campaign_cal *cal = NULL;
    if (campaign_cal_open(c->s, 1, &cal, err) != 0)
        return -1;
    campaign_cal_close(&cal);
    return dry_run ? 0 : save_settings(c, err);
}

/* Prints the document a live strategy proposes next for topic qid, as the assessment
 * screen would get it. */
int campaign_pool_next(campaign_pool *c, const char *qid, long level, char **docno, size_t *judged,
                       size_t *candidates, util_error *err)
{
    *docno = NULL;
    if (c->params.strategy == POOL_CAL)
        return cal_next(c, qid, level, docno, judged, candidates, err);
    next_ctx n;
    memset(&n, 0, sizeof n);
    *docno = NULL;
    n.depth = depth_of(c, qid);
    if (n.depth == 0)
        n.depth = c->params.depth;
    n.level = level;
    n.c = c;
    int64_t topic_id;
    int rc = store_topic_id(c->s, qid, 0, &topic_id, err);
    if (rc == 0)
        rc = util_error_set(err, UTIL_EXIT_DATA, store_path(c->s), 0, "no topic '%s'", qid);
    if (rc < 0)
        goto out;
    rc = store_rankings_each(c->s, topic_id, next_ranking_cb, &n, err);
    if (rc != 0)
        goto out;
    n.live = pool_live_new(c->params.strategy == POOL_MTF ? POOL_LIVE_MTF : POOL_LIVE_MAXMEAN,
                           n.runs, n.nruns, c->params.budget);
    rc = store_pool_judgments_each(c->s, topic_id, next_judgment_cb, &n, err);
    if (rc != 0)
        goto out;
    const char *d = pool_live_next(n.live);
    *docno = d != NULL ? util_strdup(d) : NULL;
    *judged = pool_live_judged_count(n.live);
    *candidates = pool_live_candidates(n.live);
out:
    pool_live_free(&n.live);
    for (size_t i = 0; i < n.nruns; i++)
        free(n.lists[i]);
    for (size_t i = 0; i < n.nstrs; i++)
        free(n.strs[i]);
    free(n.lists);
    free(n.strs);
    free(n.runs);
    return rc < 0 ? -1 : 0;
}


void campaign_pool_finish(campaign_pool *c)
{
    for (size_t t = 0; t < c->ntopics; t++)
        pool_topic_finish(c->topics[t].pool);
    qsort(c->topics, c->ntopics, sizeof *c->topics, pool_topic_qid_cmp);
}
