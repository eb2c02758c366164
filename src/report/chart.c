/* chart.c: the live report's charts: curves, R-precision difference, box plots, heatmap. */
/* SPDX-License-Identifier: MIT */
#include "report/report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rpdiff(report_live *l, const size_t *sel, size_t n, const report_figure *fig,
                  util_out *o, util_error *err)
{
    long col = report_live_column(l, "Rprec");
    if (n < 2 || col < 0)
        return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                              "rpdiff needs two runs and the Rprec measure");
    size_t nt = report_live_ntopics(l);
    double *d = util_malloc((nt + 1) * sizeof *d);
    const char **labels = util_malloc((nt + 1) * sizeof *labels);
    for (size_t t = 0; t < nt; t++) {
        d[t] = report_live_topic_value(l, sel[0], t, (size_t)col) -
               report_live_topic_value(l, sel[1], t, (size_t)col);
        labels[t] = report_live_topic(l, t);
    }
    const char *a = report_live_run(l, sel[0]), *b = report_live_run(l, sel[1]);
    char title[256], ylabel[256], above[160], below[160];
    snprintf(title, sizeof title, "R-precision difference per topic: %s - %s", a, b);
    if (fig != NULL) {
        snprintf(ylabel, sizeof ylabel, "R-prec(%s) - R-prec(%s)", a, b);
        snprintf(above, sizeof above, "%s better", a);
        snprintf(below, sizeof below, "%s better", b);
        report_plot_bars_svg(o, fig, title, "topic (sorted by the difference)", ylabel, labels,
                             d, nt, above, below);
    } else {
        report_plot_bars_text(o, title, labels, d, nt, 40);
    }
    free(d);
    free(labels);
    return 0;
}

static int curves(report_live *l, const char *kind, const size_t *sel, size_t n, size_t depth,
                  const report_figure *fig, util_out *o, util_error *err)
{
    report_curve c;
    size_t np = 11;
    double full = 1.0;
    const char *xlabel = "rank", *ylabel = kind;
    if (strcmp(kind, "pr") == 0) {
        c = REPORT_CURVE_PR;
        xlabel = "recall";
        ylabel = "interpolated precision";
    } else if (strcmp(kind, "cg") == 0) {
        c = REPORT_CURVE_CG;
        np = depth;
        ylabel = "CG";
        full = NAN;
    } else if (strcmp(kind, "dcg") == 0) {
        c = REPORT_CURVE_DCG;
        np = depth;
        ylabel = "DCG";
        full = NAN;
    } else if (strcmp(kind, "ndcg") == 0) {
        c = REPORT_CURVE_NDCG;
        np = depth;
        ylabel = "nDCG";
    } else {
        return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                              "unknown plot '%s' (pr, cg, dcg, ndcg, rpdiff, box or heatmap)",
                              kind);
    }
    double *x = util_malloc(np * sizeof *x), *y = util_malloc((n * np + 1) * sizeof *y);
    report_series *s = util_malloc((n + 1) * sizeof *s);
    for (size_t i = 0; i < np; i++)
        x[i] = c == REPORT_CURVE_PR ? (double)i / 10.0 : (double)(i + 1);
    for (size_t k = 0; k < n; k++) {
        report_live_curve(l, sel[k], c, np, y + k * np);
        s[k].name = report_live_run(l, sel[k]);
        s[k].y = y + k * np;
    }
    char title[128];
    snprintf(title, sizeof title, "%s over %zu judged topics", ylabel, report_live_ntopics(l));
    if (fig != NULL)
        report_plot_lines_svg(o, fig, title, xlabel, ylabel, x, np, s, n, full);
    else
        report_plot_lines_text(o, title, xlabel, x, np, s, n, 60, 12);
    free(x);
    free(y);
    free(s);
    return 0;
}

/* Indices 0..n-1 ordered by key, largest first (ties keep their order). */
static void order_desc(size_t *order, const double *key, size_t n)
{
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    for (size_t i = 1; i < n; i++) {
        size_t x = order[i], j = i;
        while (j > 0 && key[order[j - 1]] < key[x]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = x;
    }
}

/* Box plots (in the order of sel) or the heatmap (runs and topics by their means). */
static int per_topic(report_live *l, int heatmap, const size_t *sel, size_t n, size_t m,
                     const report_figure *fig, util_out *o)
{
    size_t nt = report_live_ntopics(l);
    double *v = util_malloc((n * nt + 1) * sizeof *v);
    double *run_mean = util_calloc(n + 1, sizeof *run_mean);
    double *topic_mean = util_calloc(nt + 1, sizeof *topic_mean);
    size_t *ro = util_malloc((n + 1) * sizeof *ro), *to = util_malloc((nt + 1) * sizeof *to);
    const char **runs = util_malloc((n + 1) * sizeof *runs);
    const char **topics = util_malloc((nt + 1) * sizeof *topics);
    for (size_t k = 0; k < n; k++)
        for (size_t t = 0; t < nt; t++) {
            double x = report_live_topic_value(l, sel[k], t, m);
            v[k * nt + t] = x;
            run_mean[k] += x / (double)nt;
            topic_mean[t] += x / (double)n;
        }
    const char *label = report_live_label(l, m);
    char title[256];
    if (heatmap) {
        order_desc(ro, run_mean, n);
        order_desc(to, topic_mean, nt);
    } else {
        for (size_t k = 0; k < n; k++)
            ro[k] = k;
        for (size_t t = 0; t < nt; t++)
            to[t] = t;
    }
    double *w = util_malloc((n * nt + 1) * sizeof *w);
    for (size_t k = 0; k < n; k++) {
        runs[k] = report_live_run(l, sel[ro[k]]);
        for (size_t t = 0; t < nt; t++)
            w[k * nt + t] = v[ro[k] * nt + to[t]];
    }
    for (size_t t = 0; t < nt; t++)
        topics[t] = report_live_topic(l, to[t]);
    if (heatmap) {
        snprintf(title, sizeof title, "%s per topic and run (%zu runs, %zu judged topics)", label,
                 n, nt);
        if (fig != NULL)
            report_plot_heatmap_svg(o, fig, title, label, runs, n, topics, nt, w);
        else
            report_plot_heatmap_text(o, title, runs, n, nt, w);
    } else {
        snprintf(title, sizeof title, "%s over %zu judged topics, per run", label, nt);
        if (fig != NULL)
            report_plot_box_svg(o, fig, title, label, runs, w, n, nt);
        else
            report_plot_box_text(o, title, runs, w, n, nt, 40);
    }
    free(w);
    free(v);
    free(run_mean);
    free(topic_mean);
    free(ro);
    free(to);
    free(runs);
    free(topics);
    return 0;
}

int report_live_figure(report_live *l, const char *kind, const size_t *sel, size_t n,
                       size_t depth, size_t m, const report_figure *fig, util_out *o,
                       util_error *err)
{
    if (strcmp(kind, "rpdiff") == 0)
        return rpdiff(l, sel, n, fig, o, err);
    if (strcmp(kind, "box") == 0 || strcmp(kind, "heatmap") == 0) {
        if (m >= report_live_nmeasures(l))
            return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "%s needs a measure", kind);
        return per_topic(l, kind[0] == 'h', sel, n, m, fig, o);
    }
    return curves(l, kind, sel, n, depth, fig, o, err);
}

int report_live_chart(report_live *l, const char *kind, const size_t *sel, size_t n, size_t depth,
                      int svg, util_out *o, util_error *err)
{
    report_figure fig = { 0, 0, 0, 0 };
    return report_live_figure(l, kind, sel, n, depth, 0, svg ? &fig : NULL, o, err);
}
