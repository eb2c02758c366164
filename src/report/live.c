/* live.c: the live leaderboard: every measure of every run, updated topic by topic as judged. */
/* SPDX-License-Identifier: MIT */
#include "report.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the live report ---- */

/* A topic's document without a qrels line (METRICS_NONPOOL is -1, a grade qrels use). */
#define LIVE_NONE LONG_MIN

typedef struct live_ranking {
    uint32_t *doc;       /* the topic's document numbers, in trec_eval order */
    double *score;
    size_t n;
    int present;
} live_ranking;

typedef struct live_topic {
    char *qid;
    util_map docs;       /* every document seen for the topic (retrieved or judged) -> its number */
    long *grades;        /* per document: LIVE_NONE when not in the qrels */
    size_t ndocs, docs_cap;
    long in_qrels;       /* documents with a qrels line (any grade) */
    long positive;       /* grade > 0 (num_rel under -c) */
    long judged;         /* grade >= 0 */
    double *values;      /* runs_cap x nvalues */
    size_t values_rows;
    int dirty;
} live_topic;

typedef struct live_run {
    char *tag;
    live_ranking *rk;    /* per topic */
    size_t rk_cap;
    double *summary;     /* nvalues */
} live_run;

typedef struct live_checkpoint {
    size_t nruns;
    double *summary;     /* nruns x nvalues */
} live_checkpoint;

struct report_live {
    metrics_params params;
    metrics_set *set;
    metrics_set *pr;     /* iprec_at_recall, for curves */
    size_t nv;
    char **labels;
    live_topic *topics;
    size_t ntopics, topics_cap;
    util_map topic_map;  /* qid -> topic (keys are the topics' qid) */
    live_run *runs;
    size_t nruns, runs_cap;
    util_map run_map;    /* tag -> run (keys are the runs' tag) */
    size_t *judged;      /* topics in the qrels, sorted by qid */
    size_t njudged;
    int judged_stale;
    int hold;
    int summary_stale;
    long num_rel_all;
    long judgments;
    live_checkpoint *checkpoints;
    size_t ncheckpoints, checkpoints_cap;
    /* scratch */
    metrics_doc *mdocs;
    size_t mdocs_cap;
    long *rels, *levels, *grades;
    size_t rels_cap, levels_cap, grades_cap;
    char **strings;
    double *rows;
    size_t rows_cap;
};

/* Selects one -m spec in any spelling metrics_measure_spec reads; every "(rel=N)" of a
 * report must name the same grade (rel: -1 until one does). */
static int select_spec(metrics_set *set, const char *spec, long *rel, util_error *err)
{
    char te[256];
    long r;
    if (metrics_measure_spec(spec, te, sizeof te, &r, err) != 0)
        return 0;
    if (r >= 0 && *rel >= 0 && r != *rel) {
        util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                       "measures with different relevance levels (rel=%ld, rel=%ld) "
                       "cannot share a report", *rel, r);
        return 0;
    }
    if (r >= 0)
        *rel = r;
    return metrics_set_select(set, te, err) == 0;
}

report_live *report_live_new(const metrics_params *p, const char *measures, double rbp_p,
                             util_error *err)
{
    report_live *l = util_calloc(1, sizeof *l);
    l->params = *p;
    l->set = metrics_set_new();
    l->pr = metrics_set_new();
    char defaults[256];
    if (measures == NULL) {
        snprintf(defaults, sizeof defaults, REPORT_LIVE_MEASURES, rbp_p, rbp_p);
        measures = defaults;
    }
    char *list = util_strdup(measures), *save = NULL;
    int ok = 1;
    /* "P.5,10" carries a comma inside: a piece that starts with a digit continues the
     * previous measure's parameters. */
    char spec[256] = "";
    long rel = -1;
    for (char *tok = strtok_r(list, ",", &save); ok; tok = strtok_r(NULL, ",", &save)) {
        int more = tok != NULL && tok[0] >= '0' && tok[0] <= '9' && spec[0] != '\0';
        if (more) {
            size_t len = strlen(spec);
            snprintf(spec + len, sizeof spec - len, ",%s", tok);
            continue;
        }
        if (spec[0] != '\0' && !select_spec(l->set, spec, &rel, err))
            ok = 0;
        if (tok == NULL)
            break;
        snprintf(spec, sizeof spec, "%s", tok);
    }
    free(list);
    if (ok && metrics_set_empty(l->set)) {
        util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "no measure selected");
        ok = 0;
    }
    if (!ok || metrics_set_finish(l->set, err) != 0 ||
        metrics_set_check_qrels(l->set, 0, err) != 0 ||
        metrics_set_select(l->pr, "iprec_at_recall", err) != 0 ||
        metrics_set_finish(l->pr, err) != 0) {
        report_live_free(&l);
        return NULL;
    }
    /* A "(rel=N)" in ir_measures' spelling sets the report's relevance level. */
    if (rel >= 0)
        l->params.relevance_level = rel;
    l->nv = metrics_set_size(l->set);
    l->labels = util_calloc(l->nv ? l->nv : 1, sizeof *l->labels);
    for (size_t i = 0; i < l->nv; i++) {
        char label[128];
        metrics_measure_label(metrics_set_name(l->set, i), rel, label, sizeof label);
        l->labels[i] = util_strdup(label);
    }
    l->strings = util_calloc(l->nv > 11 ? l->nv : 11, sizeof *l->strings);
    return l;
}

void report_live_free(report_live **lp)
{
    report_live *l = *lp;
    if (l == NULL)
        return;
    for (size_t t = 0; t < l->ntopics; t++) {
        live_topic *tp = &l->topics[t];
        free(tp->qid);
        util_map_free(&tp->docs);
        free(tp->grades);
        free(tp->values);
    }
    for (size_t r = 0; r < l->nruns; r++) {
        live_run *rp = &l->runs[r];
        free(rp->tag);
        for (size_t t = 0; t < rp->rk_cap; t++) {
            free(rp->rk[t].doc);
            free(rp->rk[t].score);
        }
        free(rp->rk);
        free(rp->summary);
    }
    for (size_t k = 0; k < l->ncheckpoints; k++)
        free(l->checkpoints[k].summary);
    free(l->checkpoints);
    for (size_t i = 0; l->labels != NULL && i < l->nv; i++)
        free(l->labels[i]);
    free(l->labels);
    free(l->topics);
    util_map_free(&l->topic_map);
    free(l->runs);
    util_map_free(&l->run_map);
    free(l->judged);
    free(l->mdocs);
    free(l->rels);
    free(l->levels);
    free(l->grades);
    free(l->strings);
    free(l->rows);
    metrics_set_free(&l->set);
    metrics_set_free(&l->pr);
    free(l);
    *lp = NULL;
}

static void topic_values_fit(report_live *l, live_topic *tp)
{
    if (tp->values_rows >= l->runs_cap)
        return;
    tp->values = util_realloc(tp->values, l->runs_cap * (l->nv ? l->nv : 1) * sizeof *tp->values);
    memset(tp->values + tp->values_rows * l->nv, 0,
           (l->runs_cap - tp->values_rows) * l->nv * sizeof *tp->values);
    tp->values_rows = l->runs_cap;
}

static size_t topic_get(report_live *l, const char *qid)
{
    size_t len = strlen(qid);
    long found = util_map_find(&l->topic_map, qid, len);
    if (found >= 0)
        return (size_t)found;
    util_grow(&l->topics, &l->topics_cap, l->ntopics + 1, sizeof *l->topics);
    live_topic *tp = &l->topics[l->ntopics];
    memset(tp, 0, sizeof *tp);
    tp->qid = util_strdup(qid);
    util_map_add_ref(&l->topic_map, tp->qid, len, util_hash(qid, len), NULL);
    l->ntopics++;
    topic_values_fit(l, tp);
    return l->ntopics - 1;
}

static uint32_t doc_get(live_topic *tp, const char *docno)
{
    int added;
    size_t d = util_map_add(&tp->docs, docno, strlen(docno), &added);
    if (added) {
        util_grow(&tp->grades, &tp->docs_cap, tp->ndocs + 1, sizeof *tp->grades);
        tp->grades[tp->ndocs++] = LIVE_NONE;
    }
    return (uint32_t)d;
}

static size_t run_get(report_live *l, const char *tag)
{
    size_t len = strlen(tag);
    long found = util_map_find(&l->run_map, tag, len);
    if (found >= 0)
        return (size_t)found;
    if (l->nruns == l->runs_cap) {
        util_grow(&l->runs, &l->runs_cap, l->nruns + 1, sizeof *l->runs);
        for (size_t t = 0; t < l->ntopics; t++)
            topic_values_fit(l, &l->topics[t]);
    }
    live_run *rp = &l->runs[l->nruns];
    memset(rp, 0, sizeof *rp);
    rp->tag = util_strdup(tag);
    rp->summary = util_calloc(l->nv ? l->nv : 1, sizeof *rp->summary);
    util_map_add_ref(&l->run_map, rp->tag, len, util_hash(tag, len), NULL);
    l->nruns++;
    l->summary_stale = 1;
    return l->nruns - 1;
}

/* The topic's qrels as metrics_levels sees them; fills base. */
static void topic_levels(report_live *l, const live_topic *tp, metrics_topic *base)
{
    util_grow(&l->grades, &l->grades_cap, tp->ndocs + 1, sizeof *l->grades);
    size_t n = 0;
    for (size_t d = 0; d < tp->ndocs; d++)
        if (tp->grades[d] != LIVE_NONE)
            l->grades[n++] = tp->grades[d];
    size_t nl = metrics_levels_size(l->grades, n);
    util_grow(&l->levels, &l->levels_cap, nl + 1, sizeof *l->levels);
    memset(base, 0, sizeof *base);
    metrics_levels(l->grades, n, &l->params, l->levels, base);
}

/* Ranks one run on one topic into l->rels and t (base holds the topic's levels). */
static int rank_run(report_live *l, const live_topic *tp, const live_ranking *rk,
                    const metrics_topic *base, metrics_topic *t)
{
    if (rk == NULL || !rk->present)
        return 0;
    util_grow(&l->mdocs, &l->mdocs_cap, rk->n + 1, sizeof *l->mdocs);
    util_grow(&l->rels, &l->rels_cap, rk->n + 1, sizeof *l->rels);
    for (size_t i = 0; i < rk->n; i++) {
        long g = tp->grades[rk->doc[i]];
        l->mdocs[i].score = rk->score[i];
        l->mdocs[i].docno = util_map_key_of(&tp->docs, rk->doc[i]);
        /* as eval: not in the qrels, in the qrels with a negative grade, or the grade */
        l->mdocs[i].rel = g == LIVE_NONE ? METRICS_NONPOOL : g < 0 ? METRICS_UNJUDGED : g;
    }
    *t = *base;
    metrics_rank(l->mdocs, rk->n, &l->params, l->rels, t);
    return 1;
}

static const live_ranking *ranking_of(const report_live *l, size_t r, size_t t)
{
    const live_run *rp = &l->runs[r];
    return t < rp->rk_cap && rp->rk[t].present ? &rp->rk[t] : NULL;
}

static void topic_compute(report_live *l, size_t ti)
{
    live_topic *tp = &l->topics[ti];
    tp->dirty = 0;
    if (tp->in_qrels == 0)
        return;
    metrics_topic base, t;
    topic_levels(l, tp, &base);
    for (size_t r = 0; r < l->nruns; r++) {
        double *row = tp->values + r * l->nv;
        if (rank_run(l, tp, ranking_of(l, r, ti), &base, &t))
            metrics_set_compute(l->set, &l->params, &t, row, l->strings);
        else
            metrics_set_compute_missing(l->set, &l->params, &base, row, l->strings);
        for (size_t i = 0; i < l->nv; i++)
            util_free(&l->strings[i]);
    }
    l->summary_stale = 1;
}

static int judged_cmp(const void *va, const void *vb, void *vl)
{
    const report_live *l = vl;
    size_t a = *(const size_t *)va, b = *(const size_t *)vb;
    return strcmp(l->topics[a].qid, l->topics[b].qid);
}

static void judged_rebuild(report_live *l)
{
    free(l->judged);
    l->judged = util_malloc((l->ntopics ? l->ntopics : 1) * sizeof *l->judged);
    l->njudged = 0;
    for (size_t t = 0; t < l->ntopics; t++)
        if (l->topics[t].in_qrels > 0)
            l->judged[l->njudged++] = t;
    qsort_r(l->judged, l->njudged, sizeof *l->judged, judged_cmp, l);
    l->judged_stale = 0;
    l->summary_stale = 1;
}

static void summaries(report_live *l)
{
    if (l->judged_stale)
        judged_rebuild(l);
    size_t nv = l->nv;
    util_grow(&l->rows, &l->rows_cap, l->njudged * nv + 1, sizeof *l->rows);
    for (size_t r = 0; r < l->nruns; r++) {
        for (size_t k = 0; k < l->njudged; k++)
            memcpy(l->rows + k * nv, l->topics[l->judged[k]].values + r * nv, nv * sizeof *l->rows);
        metrics_set_summarize(l->set, &l->params, l->rows, l->njudged, l->num_rel_all,
                              l->runs[r].summary);
    }
    l->summary_stale = 0;
}

static void refresh(report_live *l)
{
    if (l->hold)
        return;
    for (size_t t = 0; t < l->ntopics; t++)
        if (l->topics[t].dirty)
            topic_compute(l, t);
    if (l->judged_stale || l->summary_stale)
        summaries(l);
}

void report_live_hold(report_live *l, int on)
{
    l->hold = on;
    refresh(l);
}

typedef struct rank_item {
    double score;
    const char *docno;
    uint32_t doc;
} rank_item;

/* trec_eval's order (UTIL_DOC_CMP). */
static int rank_item_cmp(const void *va, const void *vb)
{
    const rank_item *a = va, *b = vb;
    return UTIL_DOC_CMP(a, b);
}

void report_live_add_ranking(report_live *l, const char *tag, const char *qid,
                             const char *const *docnos, const double *scores, size_t n)
{
    size_t r = run_get(l, tag), ti = topic_get(l, qid);
    live_topic *tp = &l->topics[ti];
    live_run *rp = &l->runs[r];
    if (ti >= rp->rk_cap) {
        size_t old = rp->rk_cap;
        util_grow(&rp->rk, &rp->rk_cap, ti + 1, sizeof *rp->rk);
        memset(rp->rk + old, 0, (rp->rk_cap - old) * sizeof *rp->rk);
    }
    live_ranking *rk = &rp->rk[ti];
    rank_item *items = util_malloc((n ? n : 1) * sizeof *items);
    for (size_t i = 0; i < n; i++) {
        items[i].doc = doc_get(tp, docnos[i]);
        items[i].score = scores[i];
    }
    for (size_t i = 0; i < n; i++)
        items[i].docno = util_map_key_of(&tp->docs, items[i].doc);
    size_t sorted = 1;
    while (sorted < n && rank_item_cmp(&items[sorted - 1], &items[sorted]) < 0)
        sorted++;
    if (sorted < n)
        qsort(items, n, sizeof *items, rank_item_cmp);
    rk->doc = util_realloc(rk->doc, (n ? n : 1) * sizeof *rk->doc);
    rk->score = util_realloc(rk->score, (n ? n : 1) * sizeof *rk->score);
    for (size_t i = 0; i < n; i++) {
        rk->doc[i] = items[i].doc;
        rk->score[i] = items[i].score;
    }
    free(items);
    rk->n = n;
    rk->present = 1;
    if (tp->in_qrels > 0)
        tp->dirty = 1;
    refresh(l);
}

void report_live_judge(report_live *l, const char *qid, const char *docno, long grade)
{
    size_t ti = topic_get(l, qid); /* may move l->topics */
    live_topic *tp = &l->topics[ti];
    uint32_t d = doc_get(tp, docno);
    long old = tp->grades[d], now = grade == REPORT_LIVE_REMOVE ? LIVE_NONE : grade;
    if (old == now)
        return;
    long was_in = tp->in_qrels;
    tp->in_qrels += (now != LIVE_NONE) - (old != LIVE_NONE);
    tp->positive += (now > 0) - (old > 0);
    tp->judged += (now >= 0) - (old >= 0);
    l->num_rel_all += (now > 0) - (old > 0);
    l->judgments += (now >= 0) - (old >= 0);
    tp->grades[d] = now;
    if ((was_in > 0) != (tp->in_qrels > 0))
        l->judged_stale = 1;
    tp->dirty = 1;
    l->summary_stale = 1;
    refresh(l);
}

long report_live_judgments(const report_live *l)
{
    return l->judgments;
}

size_t report_live_nruns(const report_live *l)
{
    return l->nruns;
}

const char *report_live_run(const report_live *l, size_t run)
{
    return run < l->nruns ? l->runs[run].tag : NULL;
}

size_t report_live_nmeasures(const report_live *l)
{
    return l->nv;
}

const char *report_live_measure(const report_live *l, size_t m)
{
    return m < l->nv ? metrics_set_name(l->set, m) : NULL;
}

const char *report_live_label(const report_live *l, size_t m)
{
    return m < l->nv ? l->labels[m] : NULL;
}

metrics_kind report_live_kind(const report_live *l, size_t m)
{
    return m < l->nv ? metrics_set_kind(l->set, m) : METRICS_DOUBLE;
}

long report_live_column(const report_live *l, const char *name)
{
    for (size_t m = 0; m < l->nv; m++)
        if (strcmp(name, metrics_set_name(l->set, m)) == 0 || strcmp(name, l->labels[m]) == 0)
            return (long)m;
    for (size_t m = 0; m < l->nv; m++)
        if (strcasecmp(name, l->labels[m]) == 0)
            return (long)m;
    /* Another spelling of one value: the name trec_eval gives it. */
    char te[256];
    long rel, found = -1;
    if (metrics_measure_spec(name, te, sizeof te, &rel, NULL) != 0)
        return -1;
    metrics_set *s = metrics_set_new();
    if (metrics_set_select(s, te, NULL) == 0 && metrics_set_finish(s, NULL) == 0 &&
        metrics_set_size(s) == 1)
        for (size_t m = 0; m < l->nv && found < 0; m++)
            if (strcmp(metrics_set_name(s, 0), metrics_set_name(l->set, m)) == 0)
                found = (long)m;
    metrics_set_free(&s);
    return found;
}

long report_live_relevance_level(const report_live *l)
{
    return l->params.relevance_level;
}

/* The judged list is kept fresh by refresh(); while held it may lag (reads then show
 * the state at the hold). */
size_t report_live_ntopics(const report_live *l)
{
    return l->njudged;
}

const char *report_live_topic(const report_live *l, size_t t)
{
    return t < l->njudged ? l->topics[l->judged[t]].qid : NULL;
}

long report_live_topic_find(const report_live *l, const char *qid)
{
    for (size_t t = 0; t < l->njudged; t++)
        if (strcmp(l->topics[l->judged[t]].qid, qid) == 0)
            return (long)t;
    return -1;
}

double report_live_value(const report_live *l, size_t run, size_t m)
{
    return run < l->nruns && m < l->nv ? l->runs[run].summary[m] : 0.0;
}

double report_live_topic_value(const report_live *l, size_t run, size_t topic, size_t m)
{
    if (run >= l->nruns || m >= l->nv || topic >= l->njudged)
        return 0.0;
    return l->topics[l->judged[topic]].values[run * l->nv + m];
}

typedef struct order_item {
    double v;
    const char *tag;
    size_t run;
} order_item;

static int order_cmp(const void *va, const void *vb)
{
    const order_item *a = va, *b = vb;
    if (a->v != b->v)
        return a->v < b->v ? 1 : -1;
    return strcmp(a->tag, b->tag);
}

void report_live_order(const report_live *l, size_t m, long topic, size_t *order)
{
    order_item *it = util_malloc((l->nruns ? l->nruns : 1) * sizeof *it);
    for (size_t r = 0; r < l->nruns; r++) {
        it[r].v = topic < 0 ? report_live_value(l, r, m)
                            : report_live_topic_value(l, r, (size_t)topic, m);
        it[r].tag = l->runs[r].tag;
        it[r].run = r;
    }
    qsort(it, l->nruns, sizeof *it, order_cmp);
    for (size_t r = 0; r < l->nruns; r++)
        order[r] = it[r].run;
    free(it);
}

size_t report_live_checkpoint(report_live *l)
{
    util_grow(&l->checkpoints, &l->checkpoints_cap, l->ncheckpoints + 1, sizeof *l->checkpoints);
    live_checkpoint *c = &l->checkpoints[l->ncheckpoints];
    c->nruns = l->nruns;
    c->summary = util_malloc((l->nruns * l->nv + 1) * sizeof *c->summary);
    for (size_t r = 0; r < l->nruns; r++)
        memcpy(c->summary + r * l->nv, l->runs[r].summary, l->nv * sizeof *c->summary);
    return l->ncheckpoints++;
}

size_t report_live_ncheckpoints(const report_live *l)
{
    return l->ncheckpoints;
}

int report_live_stability(const report_live *l, size_t k, size_t m, double *tau, double *tau_ap)
{
    if (k >= l->ncheckpoints || m >= l->nv)
        return -1;
    const live_checkpoint *c = &l->checkpoints[k];
    size_t n = c->nruns;
    double *then = util_malloc((n + 1) * sizeof *then), *now = util_malloc((n + 1) * sizeof *now);
    for (size_t r = 0; r < n; r++) {
        then[r] = c->summary[r * l->nv + m];
        now[r] = l->runs[r].summary[m];
    }
    *tau = metrics_kendall_tau(then, now, n);
    *tau_ap = metrics_tau_ap(then, now, n);
    free(then);
    free(now);
    return 0;
}

void report_live_agreement(const report_live *l, size_t m1, size_t m2, double *tau, double *tau_ap)
{
    size_t n = l->nruns;
    double *a = util_malloc((n + 1) * sizeof *a), *b = util_malloc((n + 1) * sizeof *b);
    for (size_t r = 0; r < n; r++) {
        a[r] = report_live_value(l, r, m1);
        b[r] = report_live_value(l, r, m2);
    }
    *tau = metrics_kendall_tau(a, b, n);
    *tau_ap = metrics_tau_ap(a, b, n);
    free(a);
    free(b);
}

/* ---- text for the assessment screen ---- */

static char *line_cut(const char *s, int width)
{
    size_t len = strlen(s);
    if (width >= 0 && len > (size_t)width)
        len = (size_t)width;
    /* trailing blanks are of no use to a screen */
    while (len > 0 && s[len - 1] == ' ')
        len--;
    char *line = util_strndup(s, len);
    /* a run tag is input: no control character reaches the screen */
    for (char *c = line; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = '?';
    return line;
}

size_t report_live_lines(const report_live *l, int width, size_t sort_column, const char *topic,
                         char ***lines)
{
    long t = topic != NULL ? report_live_topic_find(l, topic) : -1;
    size_t n = l->nruns, tagw = 3;
    for (size_t r = 0; r < n; r++) {
        size_t len = strlen(l->runs[r].tag);
        if (len > tagw)
            tagw = len;
    }
    if (tagw > 24)
        tagw = 24;
    size_t *order = util_malloc((n + 1) * sizeof *order);
    if (sort_column >= l->nv)
        sort_column = 0;
    report_live_order(l, sort_column, topic != NULL ? (t >= 0 ? t : -1) : -1, order);
    char **out = util_calloc(n + 1, sizeof *out);
    size_t cap = 64 + tagw + 16 * (l->nv + 1);
    char *buf = util_malloc(cap);
    int len = snprintf(buf, cap, "%4s  %-*s", "#", (int)tagw, "run");
    for (size_t m = 0; m < l->nv; m++) {
        int w = (int)strlen(l->labels[m]);
        len += snprintf(buf + len, cap - (size_t)len, "  %*s%s", w < 6 ? 6 : w, l->labels[m],
                        m == sort_column ? "*" : " ");
    }
    out[0] = line_cut(buf, width);
    for (size_t i = 0; i < n; i++) {
        size_t r = order[i];
        len = snprintf(buf, cap, "%4zu  %-*.*s", i + 1, (int)tagw, (int)tagw, l->runs[r].tag);
        for (size_t m = 0; m < l->nv; m++) {
            int w = (int)strlen(l->labels[m]);
            double v = topic == NULL ? report_live_value(l, r, m)
                       : t >= 0      ? report_live_topic_value(l, r, (size_t)t, m)
                                     : 0.0;
            if (topic != NULL && t < 0)
                len += snprintf(buf + len, cap - (size_t)len, "  %*s ", w < 6 ? 6 : w, "-");
            else if (metrics_set_kind(l->set, m) == METRICS_LONG)
                len += snprintf(buf + len, cap - (size_t)len, "  %*ld ", w < 6 ? 6 : w, (long)v);
            else
                len += snprintf(buf + len, cap - (size_t)len, "  %*.4f ", w < 6 ? 6 : w, v);
        }
        out[i + 1] = line_cut(buf, width);
    }
    free(buf);
    free(order);
    *lines = out;
    return n + 1;
}

size_t report_live_run_lines(const report_live *l, int width, size_t run, char ***lines)
{
    size_t nt = l->njudged, qw = 5;
    for (size_t t = 0; t < nt; t++)
        if (strlen(l->topics[l->judged[t]].qid) > qw)
            qw = strlen(l->topics[l->judged[t]].qid);
    if (qw > 24)
        qw = 24;
    char **out = util_calloc(nt + 2, sizeof *out);
    size_t cap = 64 + qw + 16 * (l->nv + 1);
    char *buf = util_malloc(cap);
    int len = snprintf(buf, cap, "%-*s", (int)qw, "topic");
    for (size_t m = 0; m < l->nv; m++) {
        int w = (int)strlen(l->labels[m]);
        len += snprintf(buf + len, cap - (size_t)len, "  %*s ", w < 6 ? 6 : w, l->labels[m]);
    }
    out[0] = line_cut(buf, width);
    for (size_t t = 0; t <= nt; t++) {
        len = snprintf(buf, cap, "%-*.*s", (int)qw, (int)qw,
                       t < nt ? l->topics[l->judged[t]].qid : "all");
        for (size_t m = 0; m < l->nv; m++) {
            int w = (int)strlen(l->labels[m]);
            double v =
                t < nt ? report_live_topic_value(l, run, t, m) : report_live_value(l, run, m);
            if (run >= l->nruns)
                len += snprintf(buf + len, cap - (size_t)len, "  %*s ", w < 6 ? 6 : w, "-");
            else if (metrics_set_kind(l->set, m) == METRICS_LONG)
                len += snprintf(buf + len, cap - (size_t)len, "  %*ld ", w < 6 ? 6 : w, (long)v);
            else
                len += snprintf(buf + len, cap - (size_t)len, "  %*.4f ", w < 6 ? 6 : w, v);
        }
        out[t + 1] = line_cut(buf, width);
    }
    free(buf);
    *lines = out;
    return nt + 2;
}

void report_live_lines_free(char ***lines, size_t n)
{
    if (*lines == NULL)
        return;
    for (size_t i = 0; i < n; i++)
        free((*lines)[i]);
    free(*lines);
    *lines = NULL;
}

/* ---- curves ---- */

static int long_desc(const void *va, const void *vb)
{
    long a = *(const long *)va, b = *(const long *)vb;
    return (a < b) - (a > b);
}

void report_live_curve(report_live *l, size_t run, report_curve c, size_t npoints, double *out)
{
    memset(out, 0, npoints * sizeof *out);
    if (run >= l->nruns || l->njudged == 0 || npoints == 0)
        return;
    double v[11];
    long *ideal = NULL, *gains = NULL;
    size_t ideal_cap = 0, gains_cap = 0;
    for (size_t k = 0; k < l->njudged; k++) {
        size_t ti = l->judged[k];
        const live_topic *tp = &l->topics[ti];
        metrics_topic base, t;
        topic_levels(l, tp, &base);
        int has = rank_run(l, tp, ranking_of(l, run, ti), &base, &t);
        if (c == REPORT_CURVE_PR) {
            if (has)
                metrics_set_compute(l->pr, &l->params, &t, v, l->strings);
            else
                metrics_set_compute_missing(l->pr, &l->params, &base, v, l->strings);
            for (size_t i = 0; i < 11 && i < npoints; i++) {
                util_free(&l->strings[i]);
                out[i] += v[i];
            }
            continue;
        }
        size_t n = has ? (size_t)t.num_ret : 0;
        util_grow(&gains, &gains_cap, npoints + 1, sizeof *gains);
        for (size_t i = 0; i < npoints; i++)
            gains[i] = i < n && t.rels[i] > 0 ? t.rels[i] : 0;
        util_grow(&ideal, &ideal_cap, tp->ndocs + npoints + 1, sizeof *ideal);
        size_t ni = 0;
        for (size_t d = 0; d < tp->ndocs; d++)
            if (tp->grades[d] > 0)
                ideal[ni++] = tp->grades[d];
        qsort(ideal, ni, sizeof *ideal, long_desc);
        double cg = 0.0, dcg = 0.0, idcg = 0.0;
        for (size_t i = 0; i < npoints; i++) {
            double disc = 1.0 / log2((double)i + 2.0);
            cg += (double)gains[i];
            dcg += (double)gains[i] * disc;
            if (i < ni)
                idcg += (double)ideal[i] * disc;
            out[i] += c == REPORT_CURVE_CG ? cg : c == REPORT_CURVE_DCG ? dcg
                      : idcg > 0.0 ? dcg / idcg : 0.0;
        }
    }
    free(ideal);
    free(gains);
    size_t np = c == REPORT_CURVE_PR && npoints > 11 ? 11 : npoints;
    for (size_t i = 0; i < np; i++)
        out[i] /= (double)l->njudged;
}
