/* report_html.c: the campaign report as one HTML page: board, plots, runs, pool, progress. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Counts per topic (or per assessor) gathered from the store. */
typedef struct status_rows {
    char **name;
    int64_t *pooled, *judged, *relevant;
    size_t n, cap, cap2, cap3, cap4;
} status_rows;

static int status_add(void *ctx, const store_topic_status *st)
{
    status_rows *r = ctx;
    util_grow(&r->name, &r->cap, r->n + 1, sizeof *r->name);
    util_grow(&r->pooled, &r->cap2, r->n + 1, sizeof *r->pooled);
    util_grow(&r->judged, &r->cap3, r->n + 1, sizeof *r->judged);
    util_grow(&r->relevant, &r->cap4, r->n + 1, sizeof *r->relevant);
    r->name[r->n] = util_strdup(st->qid);
    r->pooled[r->n] = st->pooled;
    r->judged[r->n] = st->judged;
    r->relevant[r->n] = st->relevant;
    r->n++;
    return 0;
}

static void status_free(status_rows *r)
{
    for (size_t i = 0; i < r->n; i++)
        free(r->name[i]);
    free(r->name);
    free(r->pooled);
    free(r->judged);
    free(r->relevant);
    memset(r, 0, sizeof *r);
}

static void figure(util_out *o, report_live *l, const char *kind, const size_t *sel, size_t n,
                   size_t depth, size_t m, const char *caption)
{
    report_figure fig = { 0, 0, 0, 1 };
    util_error bad = { 0, "" };
    util_out_str(o, "<figure id=\"plot-");
    util_out_str(o, kind);
    util_out_str(o, "\">\n");
    if (report_live_figure(l, kind, sel, n, depth, m, &fig, o, &bad) != 0) {
        util_out_str(o, "<p class=\"note\">");
        report_html_text(o, bad.msg);
        util_out_str(o, "</p>\n");
    }
    util_out_str(o, "<figcaption>");
    report_html_text(o, caption);
    util_out_str(o, "</figcaption>\n</figure>\n");
}

static int dbl_cmp(const void *va, const void *vb)
{
    double a = *(const double *)va, b = *(const double *)vb;
    return (a > b) - (a < b);
}

/* Run r's value of measure m on each topic beside the best, median and worst over all
 * runs (as the appendices of the TREC proceedings print them), then its summary. */
static void run_section(util_out *o, report_live *l, size_t r, size_t m)
{
    size_t nr = report_live_nruns(l), nt = report_live_ntopics(l), nm = report_live_nmeasures(l);
    const char *label = report_live_label(l, m);
    util_out_str(o, "<section id=\"");
    report_html_id(o, "run-", report_live_run(l, r));
    util_out_str(o, "\">\n<h3>");
    report_html_text(o, report_live_run(l, r));
    util_out_str(o, "</h3>\n<p class=\"runs\">");
    for (size_t k = 0; k < nm; k++) {
        util_out_str(o, "<span>");
        report_html_text(o, report_live_label(l, k));
        if (report_live_kind(l, k) == METRICS_LONG)
            util_out_printf(o, " %ld</span>", (long)report_live_value(l, r, k));
        else
            util_out_printf(o, " %.4f</span>", report_live_value(l, r, k));
    }
    util_out_str(o, "</p>\n");
    const char *header[] = { "topic", NULL, "best", "median", "worst", "vs median" };
    header[1] = report_live_run(l, r);
    const int numeric[] = { 0, 1, 1, 1, 1, 1 };
    report_table *t = report_table_new(6, header, numeric);
    double *v = util_malloc((nr + 1) * sizeof *v);
    size_t above = 0, below = 0;
    for (size_t k = 0; k < nt; k++) {
        for (size_t j = 0; j < nr; j++)
            v[j] = report_live_topic_value(l, j, k, m);
        double mine = v[r];
        qsort(v, nr, sizeof *v, dbl_cmp);
        double med = nr % 2 ? v[nr / 2] : (v[nr / 2 - 1] + v[nr / 2]) / 2.0;
        char c[5][32];
        snprintf(c[0], 32, "%.4f", mine);
        snprintf(c[1], 32, "%.4f", v[nr - 1]);
        snprintf(c[2], 32, "%.4f", med);
        snprintf(c[3], 32, "%.4f", v[0]);
        snprintf(c[4], 32, "%+.4f", mine - med);
        above += mine > med;
        below += mine < med;
        const char *row[] = { report_live_topic(l, k), c[0], c[1], c[2], c[3], c[4] };
        report_table_add(t, row);
        if (mine == v[nr - 1])
            report_table_bold(t, k, 1);
    }
    char caption[256];
    snprintf(caption, sizeof caption, "%s per topic (bold: the best of all %zu runs); above the "
             "median on %zu topics, below on %zu", label, nr, above, below);
    report_html_table(o, t, caption);
    report_table_free(&t);
    free(v);
    util_out_str(o, "</section>\n");
}

static void count_row(report_table *t, const char *name, int64_t pooled, int64_t judged,
                      int64_t relevant, int with_pool)
{
    char c[4][32];
    snprintf(c[0], 32, "%lld", (long long)pooled);
    snprintf(c[1], 32, "%lld", (long long)judged);
    snprintf(c[2], 32, "%lld", (long long)relevant);
    snprintf(c[3], 32, "%.1f%%", pooled > 0 ? 100.0 * (double)judged / (double)pooled : 0.0);
    const char *row[] = { name, c[0], c[1], c[2], c[3] };
    const char *arow[] = { name, c[1], c[2] };
    report_table_add(t, with_pool ? row : arow);
}

/* The judging progress of one topic as a bar (a plain width: readable without script). */
static void progress_rows(util_out *o, const status_rows *st)
{
    util_out_str(o, "<div class=\"scroll\">\n<table>\n<caption>judged documents of each topic's "
                    "pool</caption>\n<thead><tr><th>topic</th><th class=\"n\">judged</th>"
                    "<th class=\"n\">pooled</th><th>done</th></tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < st->n; i++) {
        double done = st->pooled[i] > 0 ? (double)st->judged[i] / (double)st->pooled[i] : 0.0;
        util_out_str(o, "<tr><td>");
        report_html_text(o, st->name[i]);
        util_out_printf(o, "</td><td class=\"n\">%lld</td><td class=\"n\">%lld</td><td>"
                           "<span class=\"bar\" style=\"width:%.0fpx\"></span> %.1f%%</td></tr>\n",
                        (long long)st->judged[i], (long long)st->pooled[i], 120.0 * done,
                        100.0 * done);
    }
    util_out_str(o, "</tbody>\n</table>\n</div>\n");
}

int campaign_report_html(campaign_live *c, size_t sort, size_t depth, long relevance_level,
                         metrics_test test, metrics_correction corr, const char *title,
                         util_out *o, util_error *err)
{
    report_live *l = c->live;
    size_t nr = report_live_nruns(l), nt = report_live_ntopics(l);
    status_rows topics, assessors;
    memset(&topics, 0, sizeof topics);
    memset(&assessors, 0, sizeof assessors);
    int status = 0;
    if (relevance_level == CAMPAIGN_LEVEL_DEFAULT) {
        relevance_level = 1;
        char *level = NULL;
        util_error ignored = { 0, "" };
        long v;
        if (c->store != NULL &&
            store_setting_get(c->store, "relevance_level", &level, &ignored) > 0 &&
            util_parse_long(level, strlen(level), &v) == 0)
            relevance_level = v;
        free(level);
    }
    if (c->store != NULL && (store_status_each(c->store, relevance_level, status_add, &topics,
                                               err) != 0 ||
                             store_assessor_status_each(c->store, relevance_level, status_add,
                                                        &assessors, err) != 0)) {
        status = -1;
        goto out;
    }
    report_html_begin(o, title);
    util_out_printf(o, "<p>%zu runs, %zu judged topics, %ld judgments; runs ordered by ", nr, nt,
                    report_live_judgments(l));
    report_html_text(o, report_live_label(l, sort));
    util_out_str(o, ".</p>\n<nav><ul><li><a href=\"#leaderboard\">Leaderboard</a></li>"
                    "<li><a href=\"#plots\">Plots</a></li><li><a href=\"#runs\">Runs</a></li>"
                    "<li><a href=\"#pool\">Pool</a></li><li><a href=\"#progress\">Judging "
                    "progress</a></li></ul></nav>\n</header>\n<main>\n");

    /* leaderboard */
    char caption[512];
    metrics_test_opts to;
    metrics_test_opts_init(&to);
    report_table *t = report_live_board_tests(l, 0, sort, test, corr, &to, 0.05, REPORT_SUP_HOOK,
                                              caption, sizeof caption);
    util_out_str(o, "<section id=\"leaderboard\">\n<h2>Leaderboard</h2>\n");
    report_html_table(o, t, caption);
    report_table_free(&t);
    util_out_str(o, "<p class=\"note\">Bold: the best value of each measure.</p>\n");
    /* the sort measure's intervals, when its summary is a mean of the topics' values */
    t = report_live_intervals_table(l, 0, sort, (long)sort);
    if (report_table_rows(t) > 0) {
        snprintf(caption, sizeof caption, "%g%% confidence intervals of the mean %s: "
                 "Student's t, and the percentile bootstrap over topics (%d resamples)",
                 100 * REPORT_CI_LEVEL, report_live_label(l, sort), REPORT_CI_RESAMPLES);
        util_out_str(o, "<div id=\"intervals\">\n");
        report_html_table(o, t, caption);
        util_out_str(o, "</div>\n");
    }
    report_table_free(&t);
    util_out_str(o, "</section>\n");

    /* plots: every run */
    size_t *order = util_malloc((nr + 1) * sizeof *order);
    report_live_order(l, sort, -1, order);
    util_out_str(o, "<section id=\"plots\">\n<h2>Plots</h2>\n");
    if (nr == 0 || nt == 0) {
        util_out_str(o, "<p class=\"note\">Nothing to plot: no runs or no judged topics.</p>\n");
    } else {
        figure(o, l, "pr", order, nr, depth, sort,
               "Interpolated precision at 11 recall levels, averaged over the judged topics.");
        figure(o, l, "ndcg", order, nr, depth, sort, "nDCG at ranks 1 to the depth.");
        figure(o, l, "cg", order, nr, depth, sort, "Cumulated gain at ranks 1 to the depth.");
        figure(o, l, "dcg", order, nr, depth, sort, "Discounted cumulated gain.");
        if (nr >= 2 && report_live_column(l, "Rprec") >= 0)
            figure(o, l, "rpdiff", order, 2, depth, sort,
                   "R-precision difference of the two best runs, per topic.");
        else
            util_out_str(o, "<p class=\"note\">The R-precision difference needs two runs and "
                            "the Rprec measure.</p>\n");
        figure(o, l, "box", order, nr, depth, sort,
               "Per-topic values of each run: quartiles, median, whiskers at 1.5 IQR, mean.");
        figure(o, l, "heatmap", order, nr, depth, sort,
               "Per-topic values, runs and topics by their means.");
    }
    util_out_str(o, "</section>\n");

    /* a section per run */
    util_out_str(o, "<section id=\"runs\">\n<h2>Runs</h2>\n<p class=\"runs\">");
    for (size_t i = 0; i < nr; i++) {
        util_out_str(o, "<a href=\"#");
        report_html_id(o, "run-", report_live_run(l, order[i]));
        util_out_str(o, "\">");
        report_html_text(o, report_live_run(l, order[i]));
        util_out_str(o, "</a>");
    }
    util_out_str(o, "</p>\n");
    for (size_t i = 0; i < nr; i++)
        run_section(o, l, order[i], sort);
    util_out_str(o, "</section>\n");
    free(order);

    /* the pool and the judging progress */
    util_out_str(o, "<section id=\"pool\">\n<h2>Pool</h2>\n");
    if (c->store == NULL) {
        util_out_str(o, "<p class=\"note\">A report of files (qrels and runs), not of a campaign: "
                        "no pool.</p>\n");
    } else {
        int64_t p = 0, j = 0, r = 0;
        const char *header[] = { "topic", "pooled", "judged", "relevant", "done" };
        const int numeric[] = { 0, 1, 1, 1, 1 };
        t = report_table_new(5, header, numeric);
        for (size_t i = 0; i < topics.n; i++) {
            count_row(t, topics.name[i], topics.pooled[i], topics.judged[i], topics.relevant[i],
                      1);
            p += topics.pooled[i];
            j += topics.judged[i];
            r += topics.relevant[i];
        }
        count_row(t, "all", p, j, r, 1);
        util_out_printf(o, "<p>%zu topics; %lld documents pooled (%.1f a topic), %lld judged, "
                           "%lld relevant (grade at least %ld).</p>\n", topics.n, (long long)p,
                        topics.n ? (double)p / (double)topics.n : 0.0, (long long)j,
                        (long long)r, relevance_level);
        report_html_table(o, t, "pooled, judged and relevant documents per topic");
        report_table_free(&t);
    }
    util_out_str(o, "</section>\n<section id=\"progress\">\n<h2>Judging progress</h2>\n");
    if (c->store == NULL) {
        util_out_str(o, "<p class=\"note\">A report of files: no judging.</p>\n");
    } else {
        util_out_str(o, "<h3>Per topic</h3>\n");
        progress_rows(o, &topics);
        util_out_str(o, "<h3>Per assessor</h3>\n");
        const char *header[] = { "assessor", "judged", "relevant" };
        const int numeric[] = { 0, 1, 1 };
        t = report_table_new(3, header, numeric);
        for (size_t i = 0; i < assessors.n; i++)
            count_row(t, assessors.name[i], 0, assessors.judged[i], assessors.relevant[i], 0);
        report_html_table(o, t, "judgments per assessor");
        report_table_free(&t);
    }
    util_out_str(o, "</section>\n");
    report_html_end(o);
out:
    status_free(&topics);
    status_free(&assessors);
    return status;
}
