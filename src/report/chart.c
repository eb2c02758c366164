/* chart.c: the live report's charts (curves, R-precision difference). */
#include "report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int report_live_chart(report_live *l, const char *kind, const size_t *sel, size_t n, size_t depth,
                      int svg, util_out *o, char *msg, size_t msgsize)
{
    if (strcmp(kind, "rpdiff") == 0) {
        long col = report_live_column(l, "Rprec");
        if (n < 2 || col < 0) {
            snprintf(msg, msgsize, "rpdiff needs two runs and the Rprec measure");
            return -1;
        } else {
            size_t nt = report_live_ntopics(l);
            double *d = util_malloc(nt * sizeof *d);
            const char **labels = util_malloc(nt * sizeof *labels);
            for (size_t t = 0; t < nt; t++) {
                d[t] = report_live_topic_value(l, sel[0], t, (size_t)col) -
                       report_live_topic_value(l, sel[1], t, (size_t)col);
                labels[t] = report_live_topic(l, t);
            }
            char title[256];
            snprintf(title, sizeof title, "R-precision difference per topic: %s - %s",
                     report_live_run(l, sel[0]), report_live_run(l, sel[1]));
            if (svg)
                report_plot_bars_svg(o, title, labels, d, nt);
            else
                report_plot_bars_text(o, title, labels, d, nt, 40);
            free(d);
            free(labels);
        }
    } else {
        report_curve c;
        size_t np = 11;
        const char *xlabel = "rank", *ylabel = kind;
        if (strcmp(kind, "pr") == 0) {
            c = REPORT_CURVE_PR;
            xlabel = "recall";
            ylabel = "interpolated precision";
        } else if (strcmp(kind, "cg") == 0) {
            c = REPORT_CURVE_CG;
            np = depth;
            ylabel = "CG";
        } else if (strcmp(kind, "dcg") == 0) {
            c = REPORT_CURVE_DCG;
            np = depth;
            ylabel = "DCG";
        } else if (strcmp(kind, "ndcg") == 0) {
            c = REPORT_CURVE_NDCG;
            np = depth;
            ylabel = "nDCG";
        } else {
            snprintf(msg, msgsize, "unknown plot '%s' (pr, cg, dcg, ndcg or rpdiff)", kind);
            return -1;
        }
        double *x = util_malloc(np * sizeof *x), *y = util_malloc(n * np * sizeof *y);
        report_series *s = util_malloc(n * sizeof *s);
        for (size_t i = 0; i < np; i++)
            x[i] = c == REPORT_CURVE_PR ? (double)i / 10.0 : (double)(i + 1);
        for (size_t k = 0; k < n; k++) {
            report_live_curve(l, sel[k], c, np, y + k * np);
            s[k].name = report_live_run(l, sel[k]);
            s[k].y = y + k * np;
        }
        char title[128];
        snprintf(title, sizeof title, "%s over %zu judged topics", ylabel, report_live_ntopics(l));
        if (svg)
            report_plot_lines_svg(o, title, xlabel, ylabel, x, np, s, n);
        else
            report_plot_lines_text(o, title, xlabel, x, np, s, n, 60, 12);
        free(x);
        free(y);
        free(s);
    }
    return 0;
}
