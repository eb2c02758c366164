/* simulate.c: `simulate`: the campaign's runs and a qrels file fed to the pooling simulator. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report/report.h"

/* ---- the known strategies ---- */

static int make_builtin(store *s, const char *name, pool_sim_strategy *out, util_error *err)
{
    (void)s;
    if (pool_sim_builtin(name, out) != 0)
        return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "no strategy '%s'", name);
    return 0;
}

/* Continuous active learning: a classifier over the campaign's index for each topic (the
 * runs are not read: its proposals come from the whole collection). */
typedef struct sim_cal_topic {
    learn_cal *l;
    size_t budget;
} sim_cal_topic;

static void *cal_start(void *ctx, const pool_sim_topic *t, util_error *err)
{
    (void)err;
    sim_cal_topic *st = util_calloc(1, sizeof *st);
    st->l = campaign_cal_topic(ctx, t->qid);
    st->budget = t->budget;
    return st;
}

static int cal_next(void *state, const char **docno, util_error *err)
{
    (void)err;
    sim_cal_topic *st = state;
    *docno = campaign_cal_next(st->l, st->budget);
    return *docno != NULL;
}

static void cal_judged(void *state, const char *docno, int relevant)
{
    sim_cal_topic *st = state;
    learn_cal_judged(st->l, docno, relevant);
}

static void cal_finish(void **state)
{
    sim_cal_topic *st = *state;
    if (st == NULL)
        return;
    learn_cal_free(&st->l);
    free(st);
    *state = NULL;
}

static void cal_free(void *ctx)
{
    campaign_cal *c = ctx;
    campaign_cal_close(&c);
}

static int make_cal(store *s, const char *name, pool_sim_strategy *out, util_error *err)
{
    campaign_cal *c = NULL;
    if (campaign_cal_open(s, 0, &c, err) != 0)
        return -1;
    *out = (pool_sim_strategy){ name, c, cal_start, cal_next, cal_judged, cal_finish, cal_free };
    return 0;
}

/* Every strategy `simulate --strategies` knows, in the order the message lists them. */
static const struct {
    const char *name;
    campaign_sim_make_fn make;
} known[] = {
    { "depth", make_builtin },
    { "rrf", make_builtin },
    { "mtf", make_builtin },
    { "maxmean", make_builtin },
    { "cal", make_cal },
};
#define NKNOWN (sizeof known / sizeof known[0])

static long known_find(const char *name, size_t len)
{
    for (size_t i = 0; i < NKNOWN; i++)
        if (strlen(known[i].name) == len && memcmp(known[i].name, name, len) == 0)
            return (long)i;
    return -1;
}

int campaign_sim_check_strategies(const char *names, util_error *err)
{
    const char *p = names;
    for (;;) {
        size_t len = strcspn(p, ",");
        if (known_find(p, len) < 0) {
            char list[256] = "";
            for (size_t i = 0; i < NKNOWN; i++) {
                strncat(list, i > 0 ? ", " : "", sizeof list - strlen(list) - 1);
                strncat(list, known[i].name, sizeof list - strlen(list) - 1);
            }
            return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                                  "unknown strategy '%.*s' (known: %s)", (int)(len > 64 ? 64 : len),
                                  p, list);
        }
        if (p[len] == '\0')
            return 0;
        p += len + 1;
    }
}

/* ---- reading the campaign ---- */

typedef struct load_ctx {
    campaign_sim *sim;
    util_map tags;              /* tag -> run number */
    const campaign_judged *judged;
    util_map qids;              /* qid -> topic number */
    pool_sim_topic_data *topics;
    size_t captopics;
    pool_run *runs;             /* topic t, run r: runs[t * nruns + r] */
    char ***docnos;             /* the same slots: the docno arrays, owned (freed at the end) */
    size_t capruns, capdocnos;
    util_arena *arena;
} load_ctx;

static int run_cb(void *vctx, const store_run_info *r)
{
    load_ctx *l = vctx;
    campaign_sim *sim = l->sim;
    sim->tags = util_realloc(sim->tags, (sim->nruns + 1) * sizeof *sim->tags);
    sim->tags[sim->nruns++] = util_strdup(r->tag);
    util_map_add(&l->tags, r->tag, strlen(r->tag), NULL);
    return 0;
}

static int ranking_cb(void *vctx, const store_ranking *r)
{
    load_ctx *l = vctx;
    size_t nr = l->sim->nruns;
    const campaign_judged_topic *jt = campaign_judged_find(l->judged, r->qid);
    long run = util_map_find(&l->tags, r->tag, strlen(r->tag));
    if (jt == NULL || run < 0 || r->n == 0)
        return 0;
    int added = 0;
    size_t t = util_map_add(&l->qids, r->qid, strlen(r->qid), &added);
    if (added) {
        util_grow(&l->topics, &l->captopics, t + 1, sizeof *l->topics);
        util_grow(&l->runs, &l->capruns, (t + 1) * nr + 1, sizeof *l->runs);
        util_grow(&l->docnos, &l->capdocnos, (t + 1) * nr + 1, sizeof *l->docnos);
        memset(&l->runs[t * nr], 0, nr * sizeof *l->runs);
        memset(&l->docnos[t * nr], 0, nr * sizeof *l->docnos);
        l->topics[t] = (pool_sim_topic_data){
            util_map_key_of(&l->qids, t), NULL,
            { (const char *const *)jt->docnos, jt->grades, jt->n } };
    }
    char **copy = util_malloc(r->n * sizeof *copy + 1);
    for (size_t i = 0; i < r->n; i++)
        copy[i] = util_arena_copy(l->arena, r->docnos[i], strlen(r->docnos[i]));
    free(l->docnos[t * nr + (size_t)run]);
    l->docnos[t * nr + (size_t)run] = copy;
    l->runs[t * nr + (size_t)run] = (pool_run){ l->sim->tags[run], r->n,
                                                (const char *const *)copy };
    return 0;
}

static void trace_line(void *ctx, const char *strategy, const char *qid, size_t step,
                       const char *docno, int relevant)
{
    util_out_printf(ctx, "%s\t%s\t%zu\t%s\t%d\n", strategy, qid, step, docno, relevant);
}

int campaign_simulate(store *s, const campaign_sim_opts *o, campaign_sim *sim, util_error *err)
{
    memset(sim, 0, sizeof *sim);
    campaign_judged judged;
    memset(&judged, 0, sizeof judged);
    load_ctx l;
    memset(&l, 0, sizeof l);
    util_arena arena;
    memset(&arena, 0, sizeof arena);
    l.sim = sim;
    l.judged = &judged;
    l.arena = &arena;
    pool_sim_strategy *strategies = NULL;
    size_t nmade = 0;
    int rc = campaign_sim_check_strategies(o->strategies, err);
    if (rc != 0)
        goto out;
    sim->depth = o->depth;
    sim->relevance_level = o->relevance_level;
    sim->seed = o->seed;
    if ((rc = campaign_judged_read_file(&judged, o->qrels, err)) != 0)
        goto out;
    if ((rc = store_runs_each(s, run_cb, &l, err)) != 0)
        goto out;
    if (sim->nruns == 0) {
        rc = util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0,
                            "no runs imported; nothing to simulate");
        goto out;
    }
    if ((rc = store_rankings_each(s, 0, ranking_cb, &l, err)) != 0)
        goto out;
    sim->ntopics = l.qids.n;
    if (sim->ntopics == 0) {
        rc = util_error_set(err, UTIL_EXIT_DATA, o->qrels, 0,
                            "no topic of the qrels is a topic of the campaign's runs");
        goto out;
    }
    for (size_t t = 0; t < sim->ntopics; t++)
        l.topics[t].runs = &l.runs[t * sim->nruns];
    const char *p = o->strategies;
    size_t count = 1;
    for (const char *q = p; *q != '\0'; q++)
        count += *q == ',';
    strategies = util_calloc(count + 1, sizeof *strategies);
    sim->names = util_calloc(count + 1, sizeof *sim->names);
    for (;;) {
        size_t len = strcspn(p, ",");
        char *name = util_strndup(p, len);
        sim->names[sim->nstrategies++] = name;
        rc = known[known_find(p, len)].make(s, name, &strategies[nmade], err);
        if (rc != 0)
            goto out;
        nmade++;
        if (p[len] == '\0')
            break;
        p += len + 1;
    }
    pool_sim_input in = { sim->nruns, (const char *const *)sim->tags, l.topics, sim->ntopics,
                          o->budgets, o->nbudgets, o->depth, o->relevance_level, o->seed,
                          o->trace != NULL ? trace_line : NULL, o->trace };
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    rc = pool_sim_run(&in, strategies, nmade, &sim->res, err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    sim->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
out:
    for (size_t i = nmade; i-- > 0;)
        if (strategies[i].free != NULL)
            strategies[i].free(strategies[i].ctx);
    free(strategies);
    if (l.docnos != NULL)
        for (size_t i = 0; i < sim->ntopics * sim->nruns; i++)
            free(l.docnos[i]);
    free(l.docnos);
    free(l.runs);
    free(l.topics);
    util_map_free(&l.qids);
    util_map_free(&l.tags);
    util_arena_free(&arena);
    campaign_judged_free(&judged);
    if (rc != 0)
        campaign_sim_free(sim);
    return rc < 0 ? -1 : 0;
}

void campaign_sim_free(campaign_sim *sim)
{
    for (size_t i = 0; i < sim->nruns; i++)
        free(sim->tags[i]);
    free(sim->tags);
    for (size_t i = 0; i < sim->nstrategies; i++)
        free(sim->names[i]);
    free(sim->names);
    pool_sim_result_free(&sim->res);
    memset(sim, 0, sizeof *sim);
}

/* ---- writing the results ---- */

/* The rows of the JSON: one a line, the closing bracket on a line of its own. */
static const util_json_style rows_lines = { "\n  ", "\n  ", "\n ", "" };

void campaign_sim_write(util_out *o, const campaign_sim *sim, int fmt)
{
    const pool_sim_result *res = &sim->res;
    size_t nb = res->nbudgets;
    if (fmt == CAMPAIGN_FMT_JSON) {
        util_json j;
        util_json_init(&j, o);
        util_json_object(&j, NULL);
        util_json_key(&j, "topics");
        util_json_uint(&j, sim->ntopics);
        util_json_key(&j, "runs");
        util_json_uint(&j, sim->nruns);
        util_json_key(&j, "depth");
        util_json_uint(&j, sim->depth);
        util_json_key(&j, "relevance_level");
        util_json_int(&j, sim->relevance_level);
        util_json_key(&j, "seed");
        util_json_uint(&j, sim->seed);
        util_json_key(&j, "relevant");
        util_json_uint(&j, res->relevant);
        util_json_key(&j, "reachable");
        util_json_uint(&j, res->reachable);
        util_json_break(&j, "\n ");
        util_json_key(&j, "map_full");
        util_json_object(&j, NULL);
        for (size_t r = 0; r < sim->nruns; r++) {
            util_json_key(&j, sim->tags[r]);
            util_json_double(&j, res->map_full[r]);
        }
        util_json_end(&j);
        util_json_break(&j, "\n ");
        util_json_key(&j, "rows");
        util_json_array(&j, &rows_lines);
        for (size_t s = 0; s < sim->nstrategies; s++)
            for (size_t b = 0; b < nb; b++) {
                const pool_sim_row *w = &res->rows[s * nb + b];
                util_json_object(&j, NULL);
                util_json_key(&j, "strategy");
                util_json_str(&j, sim->names[s]);
                util_json_key(&j, "budget");
                util_json_uint(&j, w->budget);
                util_json_key(&j, "judged");
                util_json_uint(&j, w->judged);
                util_json_key(&j, "relevant_found");
                util_json_uint(&j, w->relevant_found);
                util_json_key(&j, "recall");
                util_json_double(&j, w->recall);
                util_json_key(&j, "tau");
                util_json_double(&j, w->tau);
                util_json_key(&j, "tau_ap");
                util_json_double(&j, w->tau_ap);
                util_json_key(&j, "max_drop");
                util_json_uint(&j, w->max_drop);
                util_json_key(&j, "map");
                util_json_array(&j, NULL);
                for (size_t r = 0; r < sim->nruns; r++)
                    util_json_double(&j, w->map[r]);
                util_json_end(&j);
                util_json_end(&j);
            }
        util_json_end(&j);
        util_json_end(&j);
        util_out_char(o, '\n');
        return;
    }
    static const char *const header[] = { "strategy", "budget", "judged", "relevant_found",
                                          "recall", "tau", "tau_ap", "max_drop" };
    static const int numeric[] = { 0, 1, 1, 1, 1, 1, 1, 1 };
    report_table *t = report_table_new(8, header, numeric);
    for (size_t s = 0; s < sim->nstrategies; s++)
        for (size_t b = 0; b < nb; b++) {
            const pool_sim_row *w = &res->rows[s * nb + b];
            char cells[7][32];
            snprintf(cells[0], sizeof cells[0], "%zu", w->budget);
            snprintf(cells[1], sizeof cells[1], "%zu", w->judged);
            snprintf(cells[2], sizeof cells[2], "%zu", w->relevant_found);
            /* people read four decimals; programs get every digit, as in the JSON */
            const char *real = fmt == CAMPAIGN_FMT_TSV ? "%.17g" : "%.4f";
            snprintf(cells[3], sizeof cells[3], real, w->recall);
            snprintf(cells[4], sizeof cells[4], real, w->tau);
            snprintf(cells[5], sizeof cells[5], real, w->tau_ap);
            snprintf(cells[6], sizeof cells[6], "%zu", w->max_drop);
            const char *row[8] = { sim->names[s], cells[0], cells[1], cells[2], cells[3],
                                   cells[4], cells[5], cells[6] };
            report_table_add(t, row);
        }
    if (fmt == CAMPAIGN_FMT_TSV) {
        report_table_write(t, REPORT_TABLE_TSV, NULL, o);
    } else {
        char title[256];
        snprintf(title, sizeof title, "%zu topics, %zu runs, candidate depth %zu, %zu relevant "
                 "(%zu within reach)", sim->ntopics, sim->nruns, sim->depth, res->relevant,
                 res->reachable);
        report_table_write(t, REPORT_TABLE_TEXT, title, o);
    }
    report_table_free(&t);
}

void campaign_sim_plot(util_out *o, const campaign_sim *sim, int svg)
{
    const pool_sim_result *res = &sim->res;
    size_t nb = res->nbudgets, ns = sim->nstrategies;
    double *x = util_calloc(nb + 1, sizeof *x);
    double *y = util_calloc(ns * nb + 1, sizeof *y);
    report_series *series = util_calloc(ns + 1, sizeof *series);
    for (size_t b = 0; b < nb; b++)
        x[b] = (double)res->rows[b].budget;
    for (size_t s = 0; s < ns; s++) {
        for (size_t b = 0; b < nb; b++)
            y[s * nb + b] = (double)res->rows[s * nb + b].relevant_found;
        series[s] = (report_series){ sim->names[s], &y[s * nb] };
    }
    const char *title = "Relevant documents found";
    const char *xlabel = "judgments per topic";
    if (svg) {
        report_figure fig;
        memset(&fig, 0, sizeof fig);
        fig.axis_full = 1;
        report_plot_lines_svg(o, &fig, title, xlabel, "relevant found", x, nb, series, ns, NAN);
    } else {
        report_plot_lines_text(o, title, xlabel, x, nb, series, ns, 60, 12);
    }
    free(series);
    free(y);
    free(x);
}
