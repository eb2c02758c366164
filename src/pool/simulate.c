/* simulate.c: pooling strategies replayed topic by topic with the qrels as the assessor. */
/* SPDX-License-Identifier: MIT */
#include "pool/pool.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/metrics.h"
#include "util/util.h"

/* ---- the built-in strategies ---- */

const char *const pool_sim_builtin_names[] = { "depth", "rrf", "mtf", "maxmean", NULL };

/* depth and rrf: an order fixed when the topic starts, which the answers do not change */
typedef struct fixed_order {
    const char **docnos;      /* into the topic's rankings, which outlive the state */
    size_t n, next;
} fixed_order;

static void *depth_start(void *ctx, const pool_sim_topic *t, util_error *err)
{
    (void)ctx;
    (void)err;
    fixed_order *f = util_calloc(1, sizeof *f);
    size_t total = 0, longest = 0;
    for (size_t r = 0; r < t->nruns; r++) {
        total += t->runs[r].n;
        if (t->runs[r].n > longest)
            longest = t->runs[r].n;
    }
    f->docnos = util_calloc(total + 1, sizeof *f->docnos);
    util_map seen;
    memset(&seen, 0, sizeof seen);
    for (size_t i = 0; i < longest; i++)
        for (size_t r = 0; r < t->nruns; r++) {
            if (i >= t->runs[r].n)
                continue;
            const char *d = t->runs[r].docnos[i];
            int added = 0;
            util_map_add(&seen, d, strlen(d), &added);
            if (added)
                f->docnos[f->n++] = d;
        }
    util_map_free(&seen);
    return f;
}

static void *rrf_start(void *ctx, const pool_sim_topic *t, util_error *err)
{
    (void)ctx;
    (void)err;
    pool_params p;
    pool_params_init(&p);
    p.strategy = POOL_RRF;
    p.depth = t->depth;
    p.budget = 0;
    p.order = POOL_ORDER_PRIORITY;
    pool_topic *pt = pool_topic_new(&p, t->qid, 0);
    for (size_t r = 0; r < t->nruns; r++)
        pool_topic_add(pt, (uint32_t)r, &t->runs[r]);
    pool_topic_finish(pt);
    fixed_order *f = util_calloc(1, sizeof *f);
    f->n = pool_topic_size(pt);
    f->docnos = util_calloc(f->n + 1, sizeof *f->docnos);
    /* the pool's docnos die with it: point at the same strings in the rankings instead */
    util_map index;
    memset(&index, 0, sizeof index);
    const char **strs = NULL;
    size_t capstrs = 0;
    for (size_t r = 0; r < t->nruns; r++)
        for (size_t i = 0; i < t->runs[r].n; i++) {
            const char *d = t->runs[r].docnos[i];
            int added = 0;
            size_t k = util_map_add(&index, d, strlen(d), &added);
            if (added) {
                util_grow(&strs, &capstrs, k + 1, sizeof *strs);
                strs[k] = d;
            }
        }
    for (size_t i = 0; i < f->n; i++) {
        const char *d = pool_topic_docno(pt, i);
        long k = util_map_find(&index, d, strlen(d));
        f->docnos[i] = k >= 0 ? strs[k] : NULL;
    }
    free(strs);
    util_map_free(&index);
    pool_topic_free(&pt);
    return f;
}

static int fixed_next(void *state, const char **docno, util_error *err)
{
    (void)err;
    fixed_order *f = state;
    if (f->next >= f->n)
        return 0;
    *docno = f->docnos[f->next++];
    return 1;
}

static void fixed_judged(void *state, const char *docno, int relevant)
{
    (void)state;
    (void)docno;
    (void)relevant;
}

static void fixed_finish(void **state)
{
    fixed_order *f = *state;
    if (f == NULL)
        return;
    free(f->docnos);
    free(f);
    *state = NULL;
}

static void *live_start(pool_live_kind kind, const pool_sim_topic *t)
{
    /* no budget: the engine stops asking at the largest budget */
    return pool_live_new(kind, t->runs, t->nruns, 0);
}

static void *mtf_start(void *ctx, const pool_sim_topic *t, util_error *err)
{
    (void)ctx;
    (void)err;
    return live_start(POOL_LIVE_MTF, t);
}

static void *maxmean_start(void *ctx, const pool_sim_topic *t, util_error *err)
{
    (void)ctx;
    (void)err;
    return live_start(POOL_LIVE_MAXMEAN, t);
}

static int live_next(void *state, const char **docno, util_error *err)
{
    (void)err;
    const char *d = pool_live_next(state);
    if (d == NULL)
        return 0;
    *docno = d;
    return 1;
}

static void live_judged(void *state, const char *docno, int relevant)
{
    pool_live_judged(state, docno, relevant);
}

static void live_finish(void **state)
{
    pool_live *l = *state;
    pool_live_free(&l);
    *state = NULL;
}

int pool_sim_builtin(const char *name, pool_sim_strategy *s)
{
    memset(s, 0, sizeof *s);
    if (strcmp(name, "depth") == 0)
        *s = (pool_sim_strategy){ "depth", NULL, depth_start, fixed_next, fixed_judged,
                                  fixed_finish, NULL };
    else if (strcmp(name, "rrf") == 0)
        *s = (pool_sim_strategy){ "rrf", NULL, rrf_start, fixed_next, fixed_judged,
                                  fixed_finish, NULL };
    else if (strcmp(name, "mtf") == 0)
        *s = (pool_sim_strategy){ "mtf", NULL, mtf_start, live_next, live_judged, live_finish,
                                  NULL };
    else if (strcmp(name, "maxmean") == 0)
        *s = (pool_sim_strategy){ "maxmean", NULL, maxmean_start, live_next, live_judged,
                                  live_finish, NULL };
    else
        return -1;
    return 0;
}

/* ---- the engine ---- */

typedef struct engine {
    const pool_sim_input *in;
    metrics_set *set;
    size_t map_index;
    metrics_params params;
    /* the topic being simulated */
    util_map ids;             /* docno of every ranking -> id */
    long *grade_of;           /* id -> qrels grade (METRICS_NONPOOL when absent) */
    size_t capgrade;
    size_t **run_ids;         /* run -> its ranking as ids */
    size_t *capids;
    pool_run *cut;            /* the runs that have the topic, cut at the depth */
    size_t capcut;
    /* one replay */
    size_t *judged_at;        /* id -> step (0-based) it was judged at, SIZE_MAX: not */
    size_t capjudged;
    long *step_grade;         /* step -> the judged document's grade (absent: 0) */
    size_t capsteps;
    util_map seen;            /* docnos proposed in this replay */
    long *qrels_grades;       /* the topic's judged grades (0 or more) */
    size_t capqrels;
    /* scratch for metrics */
    metrics_doc *docs;
    long *rels, *levels;
    size_t capdocs, caprels, caplevels;
    /* sums: sim[(s * nbudgets + b) * nruns + r]; topics each run has */
    double *sim, *full;
    size_t *ntopics;
} engine;

static long judged_grade(const pool_judged *j, const char *docno)
{
    size_t lo = 0, hi = j->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int cmp = strcmp(j->docnos[mid], docno);
        if (cmp == 0)
            return j->grades[mid];
        if (cmp < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return METRICS_NONPOOL;
}

/* AP of one ranking (ids) with the topic's judged grades grades[0..ng): on the whole qrels
 * (judged_at NULL: each document's grade from the qrels), or on the judgments of the first
 * prefix steps of a replay (judged_at: the step each document was judged at). */
static double ranking_ap(engine *e, const size_t *ids, size_t n, const long *grades, size_t ng,
                         const size_t *judged_at, size_t prefix)
{
    metrics_topic mt;
    memset(&mt, 0, sizeof mt);
    util_grow(&e->levels, &e->caplevels, metrics_levels_size(grades, ng) + 1,
              sizeof *e->levels);
    metrics_levels(grades, ng, &e->params, e->levels, &mt);
    util_grow(&e->docs, &e->capdocs, n + 1, sizeof *e->docs);
    util_grow(&e->rels, &e->caprels, n + 1, sizeof *e->rels);
    for (size_t i = 0; i < n; i++) {
        long g = e->grade_of[ids[i]];
        if (judged_at != NULL)
            g = judged_at[ids[i]] < prefix ? (g < 0 ? 0 : g) : METRICS_NONPOOL;
        else if (g < 0 && g != METRICS_NONPOOL)
            g = METRICS_UNJUDGED;
        /* The ranking is in trec_eval order: scores that fall with rank keep it, and
         * metrics_rank then finds it sorted in one pass. */
        e->docs[i] = (metrics_doc){ (double)(n - i), util_map_key_of(&e->ids, ids[i]), g };
    }
    metrics_rank(e->docs, n, &e->params, e->rels, &mt);
    double values[64];
    char *strings[64] = { NULL };
    metrics_set_compute(e->set, &e->params, &mt, values, strings);
    return values[e->map_index];
}

/* Reads topic t: ids, grades, the cut rankings; adds the runs' AP on the whole qrels.
 * Returns the relevant documents reachable within the depth. */
static size_t topic_load(engine *e, const pool_sim_topic_data *t, size_t *ncut)
{
    const pool_sim_input *in = e->in;
    util_map_clear(&e->ids);
    size_t n = 0;
    for (size_t r = 0; r < in->nruns; r++) {
        const pool_run *run = &t->runs[r];
        util_grow(&e->run_ids[r], &e->capids[r], run->n + 1, sizeof **e->run_ids);
        for (size_t i = 0; i < run->n; i++) {
            int added = 0;
            size_t k = util_map_add(&e->ids, run->docnos[i], strlen(run->docnos[i]), &added);
            if (added) {
                util_grow(&e->grade_of, &e->capgrade, k + 1, sizeof *e->grade_of);
                e->grade_of[k] = judged_grade(&t->judged, run->docnos[i]);
                n = k + 1;
            }
            e->run_ids[r][i] = k;
        }
    }
    util_grow(&e->judged_at, &e->capjudged, n + 1, sizeof *e->judged_at);
    /* a negative grade in the qrels: pooled, not judged; it counts in no level */
    size_t ng = 0;
    util_grow(&e->qrels_grades, &e->capqrels, t->judged.n + 1, sizeof *e->qrels_grades);
    for (size_t j = 0; j < t->judged.n; j++)
        if (t->judged.grades[j] >= 0)
            e->qrels_grades[ng++] = t->judged.grades[j];
    /* reachable: relevant and within the depth of some run */
    unsigned char *mark = util_calloc(n + 1, 1);
    size_t reachable = 0;
    *ncut = 0;
    for (size_t r = 0; r < in->nruns; r++) {
        const pool_run *run = &t->runs[r];
        if (run->n == 0)
            continue;
        size_t k = in->depth != 0 && run->n > in->depth ? in->depth : run->n;
        util_grow(&e->cut, &e->capcut, *ncut + 1, sizeof *e->cut);
        e->cut[(*ncut)++] = (pool_run){ run->tag, k, run->docnos };
        for (size_t i = 0; i < k; i++) {
            size_t id = e->run_ids[r][i];
            if (!mark[id] && e->grade_of[id] >= in->relevance_level) {
                mark[id] = 1;
                reachable++;
            }
        }
        e->full[r] += ranking_ap(e, e->run_ids[r], run->n, e->qrels_grades, ng, NULL, 0);
        e->ntopics[r]++;
    }
    free(mark);
    return reachable;
}

/* Replays strategy s (number si) on topic t and adds what each budget's prefix gives. */
static int topic_replay(engine *e, const pool_sim_strategy *s, size_t si,
                        const pool_sim_topic_data *t, size_t ncut, pool_sim_result *res,
                        util_error *err)
{
    const pool_sim_input *in = e->in;
    size_t maxb = in->budgets[in->nbudgets - 1];
    pool_sim_topic st = { t->qid, e->cut, ncut, in->depth, maxb,
                          in->seed ^ util_hash(t->qid, strlen(t->qid)) };
    size_t nids = e->ids.n;
    for (size_t i = 0; i < nids; i++)
        e->judged_at[i] = SIZE_MAX;
    util_map_clear(&e->seen);
    int rc = 0;
    size_t steps = 0;
    void *state = s->start(s->ctx, &st, err);
    if (state == NULL) {
        if (err->code == 0)
            util_error_set(err, UTIL_EXIT_SYSTEM, NULL, 0, "strategy %s could not start "
                           "topic %s", s->name, t->qid);
        return -1;
    }
    while (steps < maxb) {
        const char *d = NULL;
        int got = s->next(state, &d, err);
        if (got < 0) {
            rc = -1;
            goto out;
        }
        if (got == 0 || d == NULL)
            break;
        size_t len = strlen(d);
        int added = 0;
        util_map_add(&e->seen, d, len, &added);
        if (!added) {
            rc = util_error_set(err, UTIL_EXIT_SYSTEM, NULL, 0, "strategy %s proposed %s "
                                "twice on topic %s", s->name, d, t->qid);
            goto out;
        }
        long id = util_map_find(&e->ids, d, len);
        long g = id >= 0 ? e->grade_of[id] : judged_grade(&t->judged, d);
        int relevant = g >= in->relevance_level;
        util_grow(&e->step_grade, &e->capsteps, steps + 1, sizeof *e->step_grade);
        e->step_grade[steps] = g < 0 ? 0 : g;
        if (id >= 0)
            e->judged_at[id] = steps;
        steps++;
        if (in->trace != NULL)
            in->trace(in->trace_ctx, s->name, t->qid, steps, d, relevant);
        s->judged(state, d, relevant);
    }
    for (size_t b = 0; b < in->nbudgets; b++) {
        size_t prefix = in->budgets[b] < steps ? in->budgets[b] : steps;
        pool_sim_row *row = &res->rows[si * in->nbudgets + b];
        row->judged += prefix;
        for (size_t k = 0; k < prefix; k++)
            row->relevant_found += e->step_grade[k] >= in->relevance_level;
        double *sums = &e->sim[(si * in->nbudgets + b) * in->nruns];
        for (size_t r = 0; r < in->nruns; r++)
            if (t->runs[r].n > 0)
                sums[r] += ranking_ap(e, e->run_ids[r], t->runs[r].n, e->step_grade, prefix,
                                      e->judged_at, prefix);
    }
out:
    s->finish(&state);
    return rc;
}

/* 1 + the runs with a higher value. */
static size_t rank_of(const double *v, size_t n, size_t r)
{
    size_t rank = 1;
    for (size_t s = 0; s < n; s++)
        rank += s != r && v[s] > v[r];
    return rank;
}

static void engine_free(engine *e)
{
    metrics_set_free(&e->set);
    util_map_free(&e->ids);
    util_map_free(&e->seen);
    free(e->qrels_grades);
    free(e->grade_of);
    if (e->run_ids != NULL)
        for (size_t r = 0; r < e->in->nruns; r++)
            free(e->run_ids[r]);
    free(e->run_ids);
    free(e->capids);
    free(e->cut);
    free(e->judged_at);
    free(e->step_grade);
    free(e->docs);
    free(e->rels);
    free(e->levels);
    free(e->sim);
    free(e->full);
    free(e->ntopics);
}

int pool_sim_run(const pool_sim_input *in, const pool_sim_strategy *strategies,
                 size_t nstrategies, pool_sim_result *res, util_error *err)
{
    memset(res, 0, sizeof *res);
    engine e;
    memset(&e, 0, sizeof e);
    e.in = in;
    util_error bug = { 0, "" };
    int rc = 0;
    metrics_params_init(&e.params);
    e.params.relevance_level = in->relevance_level;
    e.set = metrics_set_new();
    /* "map" is always known: a failure here is a bug */
    if (metrics_set_select(e.set, "map", &bug) != 0 || metrics_set_finish(e.set, &bug) != 0)
        util_die("cannot select MAP: %s", bug.msg);
    while (e.map_index < metrics_set_size(e.set) &&
           strcmp(metrics_set_name(e.set, e.map_index), "map") != 0)
        e.map_index++;
    size_t nr = in->nruns, nb = in->nbudgets, ns = nstrategies;
    e.run_ids = util_calloc(nr + 1, sizeof *e.run_ids);
    e.capids = util_calloc(nr + 1, sizeof *e.capids);
    e.sim = util_calloc(ns * nb * nr + 1, sizeof *e.sim);
    e.full = util_calloc(nr + 1, sizeof *e.full);
    e.ntopics = util_calloc(nr + 1, sizeof *e.ntopics);
    res->nstrategies = ns;
    res->nbudgets = nb;
    res->nruns = nr;
    res->ntopics = in->ntopics;
    res->rows = util_calloc(ns * nb + 1, sizeof *res->rows);
    for (size_t s = 0; s < ns; s++)
        for (size_t b = 0; b < nb; b++)
            res->rows[s * nb + b].budget = in->budgets[b];
    if (nb == 0)
        goto out;
    for (size_t t = 0; t < in->ntopics && rc == 0; t++) {
        const pool_sim_topic_data *td = &in->topics[t];
        size_t ncut = 0;
        res->reachable += topic_load(&e, td, &ncut);
        for (size_t j = 0; j < td->judged.n; j++)
            res->relevant += td->judged.grades[j] >= in->relevance_level;
        for (size_t s = 0; s < ns && rc == 0; s++)
            rc = topic_replay(&e, &strategies[s], s, td, ncut, res, err);
    }
    if (rc != 0)
        goto out;
    res->map_full = util_calloc(nr + 1, sizeof *res->map_full);
    for (size_t r = 0; r < nr; r++)
        res->map_full[r] = e.ntopics[r] > 0 ? e.full[r] / (double)e.ntopics[r] : 0.0;
    for (size_t i = 0; i < ns * nb; i++) {
        pool_sim_row *row = &res->rows[i];
        row->map = util_calloc(nr + 1, sizeof *row->map);
        for (size_t r = 0; r < nr; r++)
            row->map[r] = e.ntopics[r] > 0 ? e.sim[i * nr + r] / (double)e.ntopics[r] : 0.0;
        row->recall = res->reachable > 0
                          ? (double)row->relevant_found / (double)res->reachable : NAN;
        row->tau = metrics_kendall_tau(res->map_full, row->map, nr);
        row->tau_ap = metrics_tau_ap(res->map_full, row->map, nr);
        row->max_drop = 0;
        for (size_t r = 0; r < nr; r++) {
            size_t before = rank_of(res->map_full, nr, r), after = rank_of(row->map, nr, r);
            if (after > before && after - before > row->max_drop)
                row->max_drop = after - before;
        }
    }
out:
    engine_free(&e);
    if (rc != 0)
        pool_sim_result_free(res);
    return rc;
}

void pool_sim_result_free(pool_sim_result *res)
{
    if (res->rows != NULL)
        for (size_t i = 0; i < res->nstrategies * res->nbudgets; i++)
            free(res->rows[i].map);
    free(res->rows);
    free(res->map_full);
    memset(res, 0, sizeof *res);
}
