/* cmd_pool.c: `trecjudge pool`: builds a pool from run files or the campaign's runs, extends the campaign's pool, prints statistics, the leave-one-run-out bias and exports. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"
#include "metrics/metrics.h"
#include "pool/pool.h"
#include "util/util.h"

enum { EXPORT_NONE, EXPORT_LIST, EXPORT_QRELS, EXPORT_RUN };
enum { FMT_TABLE, FMT_TSV, FMT_JSON };

/* One run's full ranking of one topic (kept for --bias). */
typedef struct saved_ranking {
    uint32_t run;
    size_t n;
    char **docnos;
} saved_ranking;

typedef struct ptopic {
    char *qid;
    int64_t topic_id;
    pool_topic *pool;
    saved_ranking *saved;
    size_t nsaved, capsaved;
} ptopic;

/* Per-topic depths ("qid K"). */
typedef struct depth_entry {
    char *qid;
    size_t depth;
} depth_entry;

typedef struct pool_ctx {
    pool_params params;
    depth_entry *depths;
    size_t ndepths, capdepths;
    ptopic *topics;
    size_t ntopics, captopics;
    size_t last;                 /* topic found last (runs list topics in the same order) */
    char **tags;                 /* run number -> tag */
    size_t nruns, capruns;
    int64_t *run_ids;            /* campaign: run number -> run id */
    int keep;                    /* keep full rankings (--bias) */
    uint32_t cur_run;
    pool_scored *scored;
    size_t capscored;
    const char **docnos;
    size_t capdocnos;
    store *s;                    /* campaign mode */
    util_error *err;
} pool_ctx;

static size_t depth_of(const pool_ctx *c, const char *qid)
{
    for (size_t i = 0; i < c->ndepths; i++)
        if (strcmp(c->depths[i].qid, qid) == 0)
            return c->depths[i].depth;
    return 0;
}

static ptopic *topic_get(pool_ctx *c, const char *qid)
{
    if (c->last < c->ntopics && strcmp(c->topics[c->last].qid, qid) == 0)
        return &c->topics[c->last];
    if (c->last + 1 < c->ntopics && strcmp(c->topics[c->last + 1].qid, qid) == 0)
        return &c->topics[++c->last];
    for (size_t i = 0; i < c->ntopics; i++)
        if (strcmp(c->topics[i].qid, qid) == 0)
            return &c->topics[c->last = i];
    util_grow(&c->topics, &c->captopics, c->ntopics + 1, sizeof *c->topics);
    ptopic *t = &c->topics[c->ntopics];
    memset(t, 0, sizeof *t);
    t->qid = util_strdup(qid);
    t->pool = pool_topic_new(&c->params, qid, depth_of(c, qid));
    c->last = c->ntopics++;
    return t;
}

static void topic_keep(ptopic *t, uint32_t run, const char *const *docnos, size_t n)
{
    util_grow(&t->saved, &t->capsaved, t->nsaved + 1, sizeof *t->saved);
    saved_ranking *sr = &t->saved[t->nsaved++];
    sr->run = run;
    sr->n = n;
    sr->docnos = util_calloc(n + 1, sizeof *sr->docnos);
    for (size_t i = 0; i < n; i++)
        sr->docnos[i] = util_strdup(docnos[i]);
}

static int ptopic_cmp(const void *a, const void *b)
{
    return strcmp(((const ptopic *)a)->qid, ((const ptopic *)b)->qid);
}

static void ctx_free(pool_ctx *c)
{
    for (size_t i = 0; i < c->ntopics; i++) {
        ptopic *t = &c->topics[i];
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
    free(c->scored);
    free(c->docnos);
}

/* ---- reading ---- */

static int file_topic_cb(void *vctx, formats_run_topic *rt, util_error *err)
{
    (void)err;
    pool_ctx *c = vctx;
    util_grow(&c->scored, &c->capscored, rt->ndocs + 1, sizeof *c->scored);
    for (size_t i = 0; i < rt->ndocs; i++)
        c->scored[i] = (pool_scored){ rt->docs[i].docno, rt->docs[i].score };
    ptopic *t = topic_get(c, rt->qid);
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

static int read_files(pool_ctx *c, char **paths, int npaths, util_error *err)
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

static int store_ranking_cb(void *vctx, const store_ranking *r)
{
    pool_ctx *c = vctx;
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
    ptopic *t = topic_get(c, r->qid);
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

static int read_campaign(pool_ctx *c, util_error *err)
{
    /* A first pass learns the tags; store_rankings_each orders each topic's runs by tag. */
    c->run_ids = NULL;
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
        ptopic *t = &c->topics[i];
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

static int parse_size(const char *s, size_t *out)
{
    long v;
    if (util_parse_long(s, strlen(s), &v) != 0 || v < 0)
        return -1;
    *out = (size_t)v;
    return 0;
}

static int set_depth(pool_ctx *c, const char *qid, size_t depth)
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

static int depth_cb(void *vctx, const char *qid, size_t depth)
{
    return set_depth(vctx, qid, depth);
}

typedef struct given {
    int strategy, depth, budget, rbp_p, order, seed;
} given;

/* Takes the campaign's settings for what the command line did not give. */
static int load_settings(pool_ctx *c, const given *g, util_error *err)
{
    char *v = NULL;
    int rc = 0;
    const char *keys[] = { "pool.strategy", "pool.depth", "pool.budget", "pool.rbp_p",
                           "pool.order", "pool.seed" };
    const int set[] = { g->strategy, g->depth, g->budget, g->rbp_p, g->order, g->seed };
    for (size_t i = 0; i < 6 && rc == 0; i++) {
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
        case 1: bad = parse_size(v, &c->params.depth); break;
        case 2: bad = parse_size(v, &c->params.budget); break;
        case 3:
            bad = util_parse_double(v, strlen(v), &d) != 0 || !(d > 0 && d < 1);
            if (!bad)
                c->params.rbp_p = d;
            break;
        case 4: bad = pool_order_parse(v, &c->params.order); break;
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
    pool_ctx *c;
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
    if (found && parse_size(v, &depth) == 0 && depth > 0)
        set_depth(d->c, qid, depth);
    util_free(&v);
    return 0;
}

static int save_settings(pool_ctx *c, util_error *err)
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
    for (size_t i = 0; i < c->ndepths; i++) {
        char key[300];
        snprintf(key, sizeof key, "pool.depth.%s", c->depths[i].qid);
        snprintf(buf, sizeof buf, "%zu", c->depths[i].depth);
        if (store_setting_set(c->s, key, buf, err) != 0)
            return -1;
    }
    return 0;
}

/* ---- writing ---- */

static void export_doc(util_out *o, int form, const char *qid, const char *docno, size_t i,
                       size_t n)
{
    util_out_str(o, qid);
    switch (form) {
    case EXPORT_QRELS:
        util_out_str(o, " 0 ");
        util_out_str(o, docno);
        util_out_str(o, " -1\n");
        break;
    case EXPORT_RUN:
        util_out_str(o, " Q0 ");
        util_out_str(o, docno);
        util_out_printf(o, " %zu %zu pool\n", i + 1, n - i);
        break;
    default:
        util_out_char(o, ' ');
        util_out_str(o, docno);
        util_out_char(o, '\n');
        break;
    }
}

static void write_pool(util_out *o, const pool_ctx *c, int form)
{
    for (size_t t = 0; t < c->ntopics; t++) {
        const pool_topic *p = c->topics[t].pool;
        size_t n = pool_topic_size(p);
        for (size_t i = 0; i < n; i++)
            export_doc(o, form, c->topics[t].qid, pool_topic_docno(p, i), i, n);
    }
}

typedef struct export_ctx {
    char **docnos;
    size_t n, cap;
} export_ctx;

static int export_cb(void *vctx, const char *docno, int64_t position, const char *source)
{
    (void)position;
    (void)source;
    export_ctx *e = vctx;
    util_grow(&e->docnos, &e->cap, e->n + 1, sizeof *e->docnos);
    e->docnos[e->n++] = util_strdup(docno);
    return 0;
}

typedef struct topic_list {
    int64_t *ids;
    char **qids;
    size_t n, capi, capq;
} topic_list;

static int topic_list_cb(void *vctx, int64_t topic_id, const char *qid)
{
    topic_list *tl = vctx;
    util_grow(&tl->ids, &tl->capi, tl->n + 1, sizeof *tl->ids);
    util_grow(&tl->qids, &tl->capq, tl->n + 1, sizeof *tl->qids);
    tl->ids[tl->n] = topic_id;
    tl->qids[tl->n++] = util_strdup(qid);
    return 0;
}

/* The campaign's pool table, topic by topic in qid order, each in presentation order. */
static int export_campaign(store *s, util_out *o, int form, util_error *err)
{
    topic_list tl;
    export_ctx e;
    memset(&tl, 0, sizeof tl);
    memset(&e, 0, sizeof e);
    int rc = store_topics_each(s, topic_list_cb, &tl, err);
    for (size_t i = 0; rc == 0 && i < tl.n; i++) {
        e.n = 0;
        rc = store_pool_each(s, tl.ids[i], export_cb, &e, err);
        for (size_t k = 0; k < e.n; k++) {
            if (rc == 0)
                export_doc(o, form, tl.qids[i], e.docnos[k], k, e.n);
            free(e.docnos[k]);
        }
    }
    for (size_t i = 0; i < tl.n; i++)
        free(tl.qids[i]);
    free(tl.qids);
    free(tl.ids);
    free(e.docnos);
    return rc;
}

/* ---- statistics ---- */

static void write_stats(util_out *o, const pool_ctx *c, int fmt, int overlap)
{
    size_t nr = c->nruns;
    pool_run_stats *st = util_calloc(nr + 1, sizeof *st);
    pool_run_stats *tot = util_calloc(nr + 1, sizeof *tot);
    uint64_t *ov = overlap ? util_calloc(nr * nr + 1, sizeof *ov) : NULL;
    size_t all_pooled = 0, all_unique = 0;
    if (fmt == FMT_TABLE)
        util_out_printf(o, "%-16s %10s %6s %10s\n", "topic", "pooled", "runs", "unique");
    else if (fmt == FMT_TSV)
        util_out_str(o, "topic\tqid\tpooled\truns\tunique\n");
    else
        util_out_str(o, "{\"topics\": [");
    for (size_t t = 0; t < c->ntopics; t++) {
        const pool_topic *p = c->topics[t].pool;
        pool_topic_stats(p, nr, st, ov);
        size_t runs = 0, unique = 0, pooled = pool_topic_size(p);
        for (size_t r = 0; r < nr; r++) {
            runs += st[r].contributed > 0;
            unique += st[r].unique;
            tot[r].contributed += st[r].contributed;
            tot[r].unique += st[r].unique;
        }
        all_pooled += pooled;
        all_unique += unique;
        const char *qid = c->topics[t].qid;
        if (fmt == FMT_TABLE) {
            util_out_printf(o, "%-16s %10zu %6zu %10zu\n", qid, pooled, runs, unique);
        } else if (fmt == FMT_TSV) {
            util_out_printf(o, "topic\t%s\t%zu\t%zu\t%zu\n", qid, pooled, runs, unique);
        } else {
            util_out_str(o, t ? ",\n  {\"qid\": " : "\n  {\"qid\": ");
            util_out_json(o, qid);
            util_out_printf(o, ", \"pooled\": %zu, \"runs\": %zu, \"unique\": %zu}", pooled, runs,
                            unique);
        }
    }
    if (fmt == FMT_TABLE) {
        util_out_printf(o, "%-16s %10zu %6zu %10zu\n\n", "all", all_pooled, nr, all_unique);
        util_out_printf(o, "%-24s %12s %10s %8s\n", "run", "contributed", "unique", "unique%");
    } else if (fmt == FMT_TSV) {
        util_out_printf(o, "topic\tall\t%zu\t%zu\t%zu\n", all_pooled, nr, all_unique);
        util_out_str(o, "run\ttag\tcontributed\tunique\n");
    } else {
        util_out_printf(o, "\n],\n\"all\": {\"topics\": %zu, \"pooled\": %zu, \"runs\": %zu,"
                        " \"unique\": %zu},\n\"runs\": [", c->ntopics, all_pooled, nr, all_unique);
    }
    for (size_t r = 0; r < nr; r++) {
        const char *tag = c->tags[r] ? c->tags[r] : "";
        double pct = tot[r].contributed ? 100.0 * (double)tot[r].unique / (double)tot[r].contributed
                                        : 0.0;
        if (fmt == FMT_TABLE) {
            util_out_printf(o, "%-24s %12zu %10zu %7.1f%%\n", tag, tot[r].contributed,
                            tot[r].unique, pct);
        } else if (fmt == FMT_TSV) {
            util_out_printf(o, "run\t%s\t%zu\t%zu\n", tag, tot[r].contributed, tot[r].unique);
        } else {
            util_out_str(o, r ? ",\n  {\"tag\": " : "\n  {\"tag\": ");
            util_out_json(o, tag);
            util_out_printf(o, ", \"contributed\": %zu, \"unique\": %zu}", tot[r].contributed,
                            tot[r].unique);
        }
    }
    if (ov != NULL) {
        if (fmt == FMT_TABLE)
            util_out_printf(o, "\n%-24s %-24s %10s\n", "run", "run", "shared");
        else if (fmt == FMT_JSON)
            util_out_str(o, "\n],\n\"overlap\": [");
        int first = 1;
        for (size_t a = 0; a < nr; a++)
            for (size_t b = a + 1; b < nr; b++) {
                const char *ta = c->tags[a] ? c->tags[a] : "", *tb = c->tags[b] ? c->tags[b] : "";
                uint64_t v = ov[a * nr + b];
                if (fmt == FMT_TABLE) {
                    util_out_printf(o, "%-24s %-24s %10llu\n", ta, tb, (unsigned long long)v);
                } else if (fmt == FMT_TSV) {
                    util_out_printf(o, "overlap\t%s\t%s\t%llu\n", ta, tb, (unsigned long long)v);
                } else {
                    util_out_str(o, first ? "\n  {\"a\": " : ",\n  {\"a\": ");
                    util_out_json(o, ta);
                    util_out_str(o, ", \"b\": ");
                    util_out_json(o, tb);
                    util_out_printf(o, ", \"shared\": %llu}", (unsigned long long)v);
                }
                first = 0;
            }
    }
    if (fmt == FMT_JSON)
        util_out_str(o, "\n]}\n");
    free(st);
    free(tot);
    free(ov);
}

/* ---- leave-one-run-out bias ---- */

typedef struct jtopic {
    char *qid;
    char **docnos;     /* sorted by strcmp */
    long *grades;      /* negative: pooled, not judged */
    size_t n, capd, capg;
} jtopic;

typedef struct judgments {
    jtopic *t;
    size_t n, cap;
    /* several assessors' grades of a document merged by the policy (pool --policy, as
     * `qrels export`): the last document's grades so far */
    campaign_policy policy;
    const char *primary;
    long *votes;
    size_t nvotes, capvotes;
    long primary_grade;
} judgments;

static jtopic *judgments_topic(judgments *j, const char *qid)
{
    if (j->n > 0 && strcmp(j->t[j->n - 1].qid, qid) == 0)
        return &j->t[j->n - 1];
    util_grow(&j->t, &j->cap, j->n + 1, sizeof *j->t);
    jtopic *t = &j->t[j->n++];
    memset(t, 0, sizeof *t);
    t->qid = util_strdup(qid);
    return t;
}

static void jtopic_add(judgments *j, jtopic *t, const char *docno, long grade,
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
    jtopic_add(vctx, judgments_topic(vctx, jd->qid), jd->docno, jd->grade, jd->assessor);
    return 0;
}

typedef struct jsort {
    char *docno;
    long grade;
} jsort;

static int jsort_cmp(const void *a, const void *b)
{
    return strcmp(((const jsort *)a)->docno, ((const jsort *)b)->docno);
}

static int judgments_from_file(judgments *j, const char *path, util_error *err)
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
        jtopic *t = judgments_topic(j, qt->qid);
        for (size_t k = 0; k < qt->n; k++) {
            jtopic_add(j, t, v[k].docno, v[k].grade, NULL);
            free(v[k].docno);
        }
        free(v);
    }
    formats_qrels_free(&q);
    return 0;
}

static void judgments_free(judgments *j)
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

static const jtopic *judgments_find(const judgments *j, const char *qid)
{
    for (size_t i = 0; i < j->n; i++)
        if (strcmp(j->t[i].qid, qid) == 0)
            return &j->t[i];
    return NULL;
}

static int bias_report(util_out *o, const pool_ctx *c, const judgments *j, long level, int fmt)
{
    size_t nr = c->nruns;
    pool_bias *pb = pool_bias_new(nr, level);
    for (size_t t = 0; t < c->ntopics; t++) {
        const ptopic *pt = &c->topics[t];
        const jtopic *jt = judgments_find(j, pt->qid);
        if (jt == NULL)
            continue;
        pool_judged pj = { (const char *const *)jt->docnos, jt->grades, jt->n };
        for (size_t k = 0; k < pt->nsaved; k++) {
            const saved_ranking *sr = &pt->saved[k];
            pool_bias_add(pb, pt->pool, &pj, sr->run, (const char *const *)sr->docnos, sr->n);
        }
    }
    const pool_bias_row *rows = pool_bias_finish(pb);
    double sum_change = 0, max_drop = 0;
    size_t moved = 0;
    if (fmt == FMT_TABLE)
        util_out_printf(o, "%-24s %7s %10s %8s %8s %8s %5s %8s\n", "run", "unique", "unique_rel",
                        "map", "map_loo", "change", "rank", "rank_loo");
    else if (fmt == FMT_TSV)
        util_out_str(o, "run\tunique\tunique_rel\tmap\tmap_loo\tchange\trank\trank_loo\n");
    else
        util_out_str(o, "{\"runs\": [");
    for (size_t r = 0; r < nr; r++) {
        const pool_bias_row *w = &rows[r];
        const char *tag = c->tags[r] ? c->tags[r] : "";
        double change = w->map_loo - w->map;
        sum_change += change;
        if (-change > max_drop)
            max_drop = -change;
        moved += w->rank != w->rank_loo;
        if (fmt == FMT_TABLE) {
            util_out_printf(o, "%-24s %7zu %10zu %8.4f %8.4f %+8.4f %5zu %8zu\n", tag, w->unique,
                            w->unique_rel, w->map, w->map_loo, change, w->rank, w->rank_loo);
        } else if (fmt == FMT_TSV) {
            util_out_printf(o, "%s\t%zu\t%zu\t%.4f\t%.4f\t%.4f\t%zu\t%zu\n", tag, w->unique,
                            w->unique_rel, w->map, w->map_loo, change, w->rank, w->rank_loo);
        } else {
            util_out_str(o, r ? ",\n  {\"tag\": " : "\n  {\"tag\": ");
            util_out_json(o, tag);
            util_out_printf(o, ", \"unique\": %zu, \"unique_rel\": %zu, \"map\": %.6f,"
                            " \"map_loo\": %.6f, \"change\": %.6f, \"rank\": %zu,"
                            " \"rank_loo\": %zu}", w->unique, w->unique_rel, w->map, w->map_loo,
                            change, w->rank, w->rank_loo);
        }
    }
    double mean_change = nr ? sum_change / (double)nr : 0.0;
    if (fmt == FMT_TABLE)
        util_out_printf(o, "\nmean change %+.4f, largest drop %.4f, %zu of %zu runs change rank\n",
                        mean_change, max_drop, moved, nr);
    else if (fmt == FMT_TSV)
        util_out_printf(o, "all\t\t\t\t\t%.4f\t\t%zu\n", mean_change, moved);
    else
        util_out_printf(o, "\n],\n\"mean_change\": %.6f, \"largest_drop\": %.6f,"
                        " \"rank_changes\": %zu}\n", mean_change, max_drop, moved);
    pool_bias_free(&pb);
    return 0;
}

/* ---- the campaign's pool table ---- */

static int docno_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int persist(pool_ctx *c, int dry_run, util_error *err)
{
    export_ctx e;
    memset(&e, 0, sizeof e);
    size_t added = 0, before = 0;
    /* The pool was computed by reading only; it is written topic by topic in transactions of
     * about 100 ms, so that judging never waits long. A pool killed half-way has added some
     * topics' documents; running it again adds the rest (documents pooled before keep their
     * place). The settings go in the last transaction. */
    int rc = dry_run ? 0 : store_batch_begin(c->s, err);
    for (size_t t = 0; rc == 0 && t < c->ntopics; t++) {
        const ptopic *pt = &c->topics[t];
        int64_t count, maxpos, na = 0;
        e.n = 0;
        rc = store_pool_info(c->s, pt->topic_id, &count, &maxpos, err);
        if (rc == 0)
            rc = store_pool_each(c->s, pt->topic_id, export_cb, &e, err);
        /* Documents pooled before keep their place (and their judgments); new ones follow
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
    fprintf(stderr, "pool: %s, depth %zu%s: %zu topics, %zu documents %s (%zu pooled before)\n",
            pool_strategy_name(c->params.strategy), c->params.depth,
            c->ndepths ? " (some topics differ)" : "", c->ntopics, added,
            dry_run ? "would be added" : "added", before);
    return 0;
}

/* n with a comma between groups of three digits ("49,522"); buf holds 32. */
static const char *with_commas(int64_t n, char *buf)
{
    char digits[32];
    int len = snprintf(digits, sizeof digits, "%lld", (long long)(n < 0 ? -n : n));
    char *p = buf;
    if (n < 0)
        *p++ = '-';
    for (int i = 0; i < len; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            *p++ = ',';
        *p++ = digits[i];
    }
    *p = '\0';
    return buf;
}

typedef struct no_text_sum {
    int64_t pooled, no_text;
} no_text_sum;

static int no_text_cb(void *vctx, const char *qid, int64_t pooled, int64_t no_text)
{
    (void)qid;
    no_text_sum *t = vctx;
    t->pooled += pooled;
    t->no_text += no_text;
    return 0;
}

/* After pooling: how many pooled documents the assessors would see without text. */
static int report_no_text(store *s, util_error *err)
{
    no_text_sum t = { 0, 0 };
    if (store_pool_text_each(s, no_text_cb, &t, err) != 0)
        return -1;
    char a[32], b[32];
    if (t.no_text > 0)
        fprintf(stderr, "pool: %s of %s pooled documents have no text in the campaign (import them"
                " with 'trecjudge docs import'; 'trecjudge status' counts them per topic)\n",
                with_commas(t.no_text, a), with_commas(t.pooled, b));
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
} next_ctx;

static int next_ranking_cb(void *vctx, const store_ranking *r)
{
    next_ctx *n = vctx;
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

/* Replays the judgments in the order they were made, each as the answer to a proposal:
 * Move-to-Front's state (current run, priorities) is rebuilt as the session left it. */
static int next_judgment_cb(void *vctx, const char *docno, long grade)
{
    next_ctx *n = vctx;
    pool_live_next(n->live);
    pool_live_judged(n->live, docno, grade >= n->level);
    return 0;
}

/* Prints the document a live strategy proposes next for topic qid, as the assessment
 * screen would get it. */
static int next_document(pool_ctx *c, const char *qid, long level, util_out *o, util_error *err)
{
    next_ctx n;
    memset(&n, 0, sizeof n);
    n.depth = depth_of(c, qid);
    if (n.depth == 0)
        n.depth = c->params.depth;
    n.level = level;
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
    if (d != NULL) {
        util_out_str(o, d);
        util_out_char(o, '\n');
    } else {
        fprintf(stderr,
                "pool: topic %s: no document left to judge (%zu of %zu candidates judged)\n", qid,
                pool_live_judged_count(n.live), pool_live_candidates(n.live));
    }
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

/* ---- the command ---- */

/* The keys of pool's long options in the command table (commands.c). */
enum {
    OPT_STRATEGY = 'S', OPT_DEPTH = 'k', OPT_DEPTH_FILE = 'K', OPT_BUDGET = 'b', OPT_RBP_P = 'p',
    OPT_ORDER = 'O', OPT_SEED = 's', OPT_STATS = 't', OPT_OVERLAP = 'v', OPT_BIAS = 'B',
    OPT_QRELS = 'q', OPT_FORMAT = 'F', OPT_EXPORT = 'e', OPT_NEXT = 'x', OPT_POLICY = 'Q'
};

static int usage_error(const char *what)
{
    if (what != NULL)
        util_warn("pool: %s", what);
    cli_usage(cli_command_find("pool"), stderr);
    return UTIL_EXIT_USAGE;
}

/* Checks the combination of parameters; the live strategies present in their own order. */
static int check_params(pool_params *p)
{
    if (p->budget != 0 && p->strategy == POOL_DEPTH) {
        usage_error("--budget applies to Take@N (rrf, rbp, rbp-max, borda) and to mtf, maxmean");
        return -1;
    }
    if (pool_strategy_is_live(p->strategy))
        p->order = POOL_ORDER_PRIORITY;
    return 0;
}

/* What pool's command line asks for. */
typedef struct pool_cmd_opts {
    const char *campaign, *depth_file, *qrels, *output, *next;
    int stats, overlap, bias, fmt, export, dry_run, files;
    long level;
} pool_cmd_opts;

/* Parses pool's options into o, c->params (given: g) and jud's policy; -1 to go on, else
 * the exit status. */
static int pool_parse(int argc, char **argv, pool_cmd_opts *o, pool_ctx *c, given *g,
                      judgments *jud)
{
    const cli_command *cmd = cli_command_find("pool");
    int opt;
    memset(o, 0, sizeof *o);
    o->fmt = FMT_TABLE;
    o->export = EXPORT_NONE;
    o->level = -1;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        size_t v;
        switch (opt) {
        case 'h':
            cli_usage(cmd, stdout);
            return UTIL_EXIT_OK;
        case 'd': o->campaign = optarg; break;
        case 'o': o->output = optarg; break;
        case 'n': o->dry_run = 1; break;
        case 'l':
            if (util_parse_long(optarg, strlen(optarg), &o->level) != 0)
                return usage_error("-l needs an integer");
            break;
        case OPT_STRATEGY:
            if (pool_strategy_parse(optarg, &c->params.strategy) != 0)
                return usage_error("unknown strategy (depth, rrf, rbp, rbp-max, borda, mtf,"
                                   " maxmean)");
            g->strategy = 1;
            break;
        case OPT_DEPTH:
            if (parse_size(optarg, &v) != 0)
                return usage_error("--depth needs a number >= 0");
            c->params.depth = v;
            g->depth = 1;
            break;
        case OPT_DEPTH_FILE: o->depth_file = optarg; break;
        case OPT_BUDGET:
            if (parse_size(optarg, &v) != 0)
                return usage_error("--budget needs a number >= 0");
            c->params.budget = v;
            g->budget = 1;
            break;
        case OPT_RBP_P: {
            double p;
            if (util_parse_double(optarg, strlen(optarg), &p) != 0 || !(p > 0 && p < 1))
                return usage_error("--rbp-p needs a number between 0 and 1 (exclusive)");
            c->params.rbp_p = p;
            g->rbp_p = 1;
            break;
        }
        case OPT_ORDER:
            if (pool_order_parse(optarg, &c->params.order) != 0)
                return usage_error("unknown order (docno, shuffle, priority)");
            g->order = 1;
            break;
        case OPT_SEED: {
            long s;
            if (util_parse_long(optarg, strlen(optarg), &s) != 0)
                return usage_error("--seed needs an integer");
            c->params.seed = (uint64_t)s;
            g->seed = 1;
            break;
        }
        case OPT_NEXT: o->next = optarg; break;
        case OPT_STATS: o->stats = 1; break;
        case OPT_OVERLAP: o->overlap = o->stats = 1; break;
        case OPT_BIAS: o->bias = 1; break;
        case OPT_QRELS: o->qrels = optarg; break;
        case OPT_POLICY:
            if (campaign_policy_parse(optarg, &jud->policy, &jud->primary) != 0)
                return usage_error("unknown policy (max, majority, mean, primary=NAME)");
            break;
        case OPT_FORMAT:
            if (strcmp(optarg, "table") == 0)
                o->fmt = FMT_TABLE;
            else if (strcmp(optarg, "tsv") == 0)
                o->fmt = FMT_TSV;
            else if (strcmp(optarg, "json") == 0)
                o->fmt = FMT_JSON;
            else
                return usage_error("unknown format (table, tsv, json)");
            break;
        case OPT_EXPORT:
            if (strcmp(optarg, "list") == 0)
                o->export = EXPORT_LIST;
            else if (strcmp(optarg, "qrels") == 0)
                o->export = EXPORT_QRELS;
            else if (strcmp(optarg, "run") == 0)
                o->export = EXPORT_RUN;
            else
                return usage_error("unknown export form (list, qrels, run)");
            break;
        default:
            return usage_error(NULL);
        }
    }
    o->files = optind < argc;
    if (o->files && o->campaign != NULL)
        return usage_error("give run files or a campaign (-d), not both");
    if (o->stats + o->bias + (o->export != EXPORT_NONE) + (o->next != NULL) > 1)
        return usage_error("--stats, --bias, --export and --next go one at a time");
    if (o->files && o->next != NULL)
        return usage_error("--next works on a campaign");
    if (cli_name_check("pool", "topic", o->next) != 0)
        return UTIL_EXIT_USAGE;
    if (o->files && o->bias && o->qrels == NULL)
        return usage_error("--bias on run files needs --qrels");
    if (o->files && o->dry_run)
        return usage_error("--dry-run applies to a campaign");
    if (o->files && o->export == EXPORT_NONE && !o->stats && !o->bias)
        o->export = EXPORT_LIST;
    return -1;
}

int cli_pool(int argc, char **argv)
{
    pool_ctx c;
    memset(&c, 0, sizeof c);
    pool_params_init(&c.params);
    given g;
    memset(&g, 0, sizeof g);
    judgments jud;
    memset(&jud, 0, sizeof jud);
    pool_cmd_opts o;
    int status = pool_parse(argc, argv, &o, &c, &g, &jud);
    if (status >= 0)
        return status;
    status = UTIL_EXIT_OK;
    const char *campaign = o.campaign, *depth_file = o.depth_file, *qrels = o.qrels;
    const char *output = o.output, *next = o.next;
    int stats = o.stats, overlap = o.overlap, bias = o.bias, fmt = o.fmt, export = o.export;
    int dry_run = o.dry_run, files = o.files;
    long level = o.level;
    util_error err = { 0, "" };
    util_out out;
    memset(&out, 0, sizeof out);
    FILE *fp = NULL;
    c.keep = bias;
    if (output != NULL && (export != EXPORT_NONE || stats || bias || next != NULL)) {
        fp = fopen(output, "w");
        if (fp == NULL) {
            util_warn("%s: cannot write: %s", output, strerror(errno));
            return UTIL_EXIT_SYSTEM;
        }
    }
    util_out_init(&out, fp != NULL ? fp : stdout);
    if (depth_file != NULL && formats_depths_read(depth_file, depth_cb, &c, &err) != 0)
        goto fail;
    if (files) {
        if (check_params(&c.params) != 0) {
            status = UTIL_EXIT_USAGE;
            goto out;
        }
        if (read_files(&c, argv + optind, argc - optind, &err) != 0)
            goto fail;
    } else {
        c.s = cli_campaign_open(campaign, &status);
        if (c.s == NULL)
            goto out;
        if (export != EXPORT_NONE) {
            if (export_campaign(c.s, &out, export, &err) != 0)
                goto fail;
            goto flush;
        }
        if (load_settings(&c, &g, &err) != 0)
            goto fail;
        /* a budget recorded for another strategy does not apply to depth-k */
        if (!g.budget && c.params.strategy == POOL_DEPTH)
            c.params.budget = 0;
        depth_setting_ctx dc = { &c, &err, 0 };
        if (store_topics_each(c.s, depth_setting_cb, &dc, &err) != 0 && dc.rc != 0)
            goto fail;
        if (level < 0) {
            char *v = NULL;
            level = 1;
            if (store_setting_get(c.s, "relevance_level", &v, &err) > 0)
                util_parse_long(v, strlen(v), &level);
            util_free(&v);
        }
        if (check_params(&c.params) != 0) {
            status = UTIL_EXIT_USAGE;
            goto out;
        }
        if (next != NULL) {
            if (!pool_strategy_is_live(c.params.strategy)) {
                status = usage_error("--next needs a live strategy (mtf or maxmean)");
                goto out;
            }
            if (next_document(&c, next, level, &out, &err) != 0)
                goto fail;
            goto flush;
        }
        if (read_campaign(&c, &err) != 0)
            goto fail;
    }
    if (level < 0)
        level = 1;
    for (size_t t = 0; t < c.ntopics; t++)
        pool_topic_finish(c.topics[t].pool);
    qsort(c.topics, c.ntopics, sizeof *c.topics, ptopic_cmp);
    if (stats) {
        write_stats(&out, &c, fmt, overlap);
    } else if (bias) {
        if (qrels != NULL ? judgments_from_file(&jud, qrels, &err) != 0
                          : store_judgments_each(c.s, judgment_cb, &jud, &err) != 0)
            goto fail;
        if (bias_report(&out, &c, &jud, level, fmt) != 0)
            goto fail;
    } else if (export != EXPORT_NONE) {
        write_pool(&out, &c, export);
    } else {
        if (c.ntopics == 0) {
            util_warn("%s: no runs imported; nothing to pool", store_path(c.s));
            status = UTIL_EXIT_DATA;
            goto out;
        }
        if (!dry_run && (status = cli_import_lock(c.s, 1)) != UTIL_EXIT_OK)
            goto out;
        if (persist(&c, dry_run, &err) != 0 || report_no_text(c.s, &err) != 0)
            goto fail;
    }
flush: {
    int bad = util_out_flush(&out) != 0;
    if (fp != NULL) {
        bad |= fclose(fp) != 0;
        fp = NULL;
    }
    if (bad) {
        util_warn("%s: write error", output ? output : "standard output");
        status = UTIL_EXIT_SYSTEM;
    }
    goto out;
}
fail:
    util_warn("%s", err.msg);
    status = err.code ? err.code : UTIL_EXIT_INPUT;
out:
    if (fp == NULL) {
        util_out_free(&out);
    } else {
        /* what was not written by a failed command goes nowhere */
        out.len = 0;
        util_out_free(&out);
        fclose(fp);
    }
    judgments_free(&jud);
    if (c.s != NULL)
        store_close(&c.s);
    ctx_free(&c);
    return status;
}
