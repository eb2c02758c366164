/* board.c: the live report's tables: board, one run, stability, comparisons. */
/* SPDX-License-Identifier: MIT */
#include "report/report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fmt_value(char *buf, size_t size, double v)
{
    snprintf(buf, size, "%.4f", v);
}

/* A value for programs: the shortest decimal that reads back as the same double. */
static void fmt_full(char *buf, size_t size, double v)
{
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, size, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
}

/* A p-value: four significant digits for people (scientific below 1e-4, as %g does), every
 * digit for programs; never rounded to 0. */
static void fmt_p(char *buf, size_t size, double p, int machine)
{
    if (machine)
        fmt_full(buf, size, p);
    else
        snprintf(buf, size, "%.4g", p);
}

/* Four decimals for people, every digit for programs (tsv, json). */
static void fmt_cell(char *buf, size_t size, double v, int machine)
{
    if (machine)
        fmt_full(buf, size, v);
    else
        fmt_value(buf, size, v);
}

void report_cell_format(char *buf, size_t size, double v, int machine)
{
    fmt_cell(buf, size, v, machine);
}

void report_live_json_begin(const report_live *l, const char *policy, util_json *j)
{
    util_json_object(j, NULL);
    util_json_key(j, "topics_judged");
    util_json_uint(j, report_live_ntopics(l));
    util_json_key(j, "judgments");
    util_json_int(j, report_live_judgments(l));
    util_json_key(j, "policy");
    util_json_str(j, policy);
    util_json_key(j, "relevance_level");
    util_json_int(j, report_live_relevance_level(l));
    util_json_break(j, "\n ");
    util_json_key(j, "measures");
    util_json_array(j, NULL);
    for (size_t m = 0; m < report_live_nmeasures(l); m++) {
        util_json_object(j, NULL);
        util_json_key(j, "label");
        util_json_str(j, report_live_label(l, m));
        util_json_key(j, "trec_eval");
        util_json_str(j, report_live_measure(l, m));
        util_json_end(j);
    }
    util_json_end(j);
    util_json_break(j, "\n ");
}

/* Marks the best value of each effectiveness measure bold (ties alike); residuals and
 * judged@k describe the judgments, not the run, and are left plain. */
static void mark_best(report_table *t, const report_live *l, size_t first)
{
    for (size_t m = 0; m < report_live_nmeasures(l); m++) {
        const char *name = report_live_measure(l, m);
        if (strncmp(name, "rbp_resid", 9) == 0 || strncmp(name, "judged", 6) == 0)
            continue;
        double best = 0;
        int any = 0;
        for (size_t r = 0; r < report_table_rows(t); r++) {
            const char *s = report_table_cell(t, r, first + m);
            double v;
            if (s != NULL && util_parse_double(s, strlen(s), &v) == 0 && (!any || v > best)) {
                best = v;
                any = 1;
            }
        }
        for (size_t r = 0; any && r < report_table_rows(t); r++) {
            const char *s = report_table_cell(t, r, first + m);
            double v;
            if (s != NULL && util_parse_double(s, strlen(s), &v) == 0 && v == best)
                report_table_bold(t, r, first + m);
        }
    }
}

report_table *report_live_board(report_live *l, int machine, size_t sort, const char *topic,
                                char *title, size_t title_size)
{
    size_t nm = report_live_nmeasures(l), nr = report_live_nruns(l);
    const char **header = util_malloc((nm + 2) * sizeof *header);
    int *numeric = util_calloc(nm + 2, sizeof *numeric);
    header[0] = "rank";
    header[1] = "run";
    numeric[0] = 1;
    for (size_t m = 0; m < nm; m++) {
        header[m + 2] = report_live_label(l, m);
        numeric[m + 2] = 1;
    }
    report_table *t = report_table_new(nm + 2, header, numeric);
    long ti = topic != NULL ? report_live_topic_find(l, topic) : -1;
    size_t *order = util_malloc((nr + 1) * sizeof *order);
    report_live_order(l, sort, ti, order);
    char (*cells)[32] = util_malloc((nm + 2) * sizeof *cells);
    const char **row = util_malloc((nm + 2) * sizeof *row);
    for (size_t i = 0; i < nr; i++) {
        size_t r = order[i];
        snprintf(cells[0], sizeof cells[0], "%zu", i + 1);
        row[0] = cells[0];
        row[1] = report_live_run(l, r);
        for (size_t m = 0; m < nm; m++) {
            double v = ti >= 0 ? report_live_topic_value(l, r, (size_t)ti, m)
                               : report_live_value(l, r, m);
            row[m + 2] = cells[m + 2];
            if (topic != NULL && ti < 0)
                row[m + 2] = NULL;
            else if (report_live_kind(l, m) == METRICS_LONG)
                snprintf(cells[m + 2], sizeof cells[0], "%ld", (long)v);
            else
                fmt_cell(cells[m + 2], sizeof cells[0], v, machine);
        }
        report_table_add(t, row);
    }
    mark_best(t, l, 2);
    if (topic != NULL)
        snprintf(title, title_size, "topic %s%s", topic, ti < 0 ? " (not judged)" : "");
    else
        snprintf(title, title_size, "%zu runs, %zu judged topics, %ld judgments",
                 nr, report_live_ntopics(l), report_live_judgments(l));
    free(cells);
    free(row);
    free(order);
    free(header);
    free(numeric);
    return t;
}

void report_board_letter(size_t i, char out[2])
{
    out[0] = i < 26 ? (char)('a' + i) : i < 52 ? (char)('A' + i - 26) : '\0';
    out[1] = '\0';
}

/* Residuals and judged@k describe the judgments, not the run: no test, no bold. */
static int is_effectiveness(const report_live *l, size_t m)
{
    const char *name = report_live_measure(l, m);
    return strncmp(name, "rbp_resid", 9) != 0 && strncmp(name, "judged", 6) != 0 &&
           report_live_kind(l, m) != METRICS_LONG;
}

void report_live_beats(report_live *l, size_t m, metrics_test test, metrics_correction corr,
                       const metrics_test_opts *o, double alpha, int *beats)
{
    size_t nr = report_live_nruns(l), nt = report_live_ntopics(l);
    double *x = util_malloc((nr * nt + 1) * sizeof *x);
    double *p = util_malloc((nr * nr + 1) * sizeof *p);
    for (size_t r = 0; r < nr; r++)
        for (size_t k = 0; k < nt; k++)
            x[r * nt + k] = report_live_topic_value(l, r, k, m);
    metrics_test_opts two = *o;
    two.sided = 2;
    metrics_multi_compare(test, x, nr, nt, &two, p);
    if (!metrics_test_is_multi(test) && nr > 1) {
        size_t np = nr * (nr - 1) / 2, k = 0;
        double *flat = util_malloc(np * sizeof *flat);
        for (size_t i = 0; i < nr; i++)
            for (size_t j = i + 1; j < nr; j++)
                flat[k++] = p[i * nr + j];
        metrics_p_adjust(flat, np, corr, flat);
        k = 0;
        for (size_t i = 0; i < nr; i++)
            for (size_t j = i + 1; j < nr; j++, k++)
                p[i * nr + j] = p[j * nr + i] = flat[k];
        free(flat);
    }
    for (size_t i = 0; i < nr; i++)
        for (size_t j = 0; j < nr; j++)
            beats[i * nr + j] = i != j && p[i * nr + j] < alpha &&
                                report_live_value(l, i, m) > report_live_value(l, j, m);
    free(x);
    free(p);
}

report_table *report_live_board_tests(report_live *l, int machine, size_t sort,
                                      metrics_test test, metrics_correction corr,
                                      const metrics_test_opts *o, double alpha,
                                      report_sup_style style, char *title, size_t title_size)
{
    size_t nm = report_live_nmeasures(l), nr = report_live_nruns(l);
    const char **header = util_malloc((nm + 3) * sizeof *header);
    int *numeric = util_calloc(nm + 3, sizeof *numeric);
    header[0] = "rank";
    header[1] = "letter";
    header[2] = "run";
    numeric[0] = 1;
    for (size_t m = 0; m < nm; m++) {
        header[m + 3] = report_live_label(l, m);
        numeric[m + 3] = 1;
    }
    report_table *t = report_table_new(nm + 3, header, numeric);
    size_t *order = util_malloc((nr + 1) * sizeof *order);
    report_live_order(l, sort, -1, order);
    /* sup[(i * nm + m) * 56]: the letters of the runs board row i beats on measure m */
    char *sup = util_calloc((nr * nm + 1) * 56, 1);
    int *beats = util_malloc((nr * nr + 1) * sizeof *beats);
    for (size_t m = 0; m < nm; m++) {
        if (!is_effectiveness(l, m))
            continue;
        report_live_beats(l, m, test, corr, o, alpha, beats);
        for (size_t i = 0; i < nr && i < 52; i++)
            for (size_t j = 0, n = 0; j < nr && j < 52; j++)
                if (beats[order[i] * nr + order[j]]) {
                    char c[2];
                    report_board_letter(j, c);
                    sup[(i * nm + m) * 56 + n++] = c[0];
                }
    }
    char (*cells)[96] = util_malloc((nm + 3) * sizeof *cells);
    const char **row = util_malloc((nm + 3) * sizeof *row);
    for (size_t i = 0; i < nr; i++) {
        size_t r = order[i];
        snprintf(cells[0], sizeof cells[0], "%zu", i + 1);
        report_board_letter(i, cells[1]);
        row[0] = cells[0];
        row[1] = cells[1];
        row[2] = report_live_run(l, r);
        for (size_t m = 0; m < nm; m++) {
            double v = report_live_value(l, r, m);
            char num[40];
            const char *s = sup + (i * nm + m) * 56;
            if (report_live_kind(l, m) == METRICS_LONG)
                snprintf(num, sizeof num, "%ld", (long)v);
            else
                fmt_cell(num, sizeof num, v, machine);
            if (*s && style == REPORT_SUP_CARET)
                snprintf(cells[m + 3], sizeof cells[0], "%s^%s", num, s);
            else if (*s && style == REPORT_SUP_HTML)
                snprintf(cells[m + 3], sizeof cells[0], "%s<sup>%s</sup>", num, s);
            else
                snprintf(cells[m + 3], sizeof cells[0], "%s", num);
            row[m + 3] = cells[m + 3];
        }
        report_table_add(t, row);
    }
    for (size_t m = 0; m < nm; m++) {
        if (!is_effectiveness(l, m) || nr == 0)
            continue;
        double best = report_live_value(l, order[0], m);
        for (size_t i = 1; i < nr; i++)
            if (report_live_value(l, order[i], m) > best)
                best = report_live_value(l, order[i], m);
        for (size_t i = 0; i < nr; i++) {
            if (report_live_value(l, order[i], m) == best)
                report_table_bold(t, i, m + 3);
            if (style == REPORT_SUP_HOOK)
                report_table_superscript(t, i, m + 3, sup + (i * nm + m) * 56);
        }
    }
    int multi = metrics_test_is_multi(test);
    snprintf(title, title_size, "%zu runs, %zu judged topics, %ld judgments; superscripts: the "
             "runs a value is significantly better than (%s test%s%s, p < %g)", nr,
             report_live_ntopics(l), report_live_judgments(l), metrics_test_name(test),
             multi ? "" : ", correction ", multi ? "" : corr == METRICS_CORRECT_HOLM ? "holm"
             : corr == METRICS_CORRECT_BONFERRONI ? "bonferroni" : "none", alpha);
    free(cells);
    free(row);
    free(beats);
    free(sup);
    free(order);
    free(header);
    free(numeric);
    return t;
}

report_table *report_live_run_table(report_live *l, int machine, size_t run, char *title,
                                    size_t title_size)
{
    size_t nm = report_live_nmeasures(l), nt = report_live_ntopics(l);
    const char **header = util_malloc((nm + 1) * sizeof *header);
    int *numeric = util_calloc(nm + 1, sizeof *numeric);
    header[0] = "topic";
    for (size_t m = 0; m < nm; m++) {
        header[m + 1] = report_live_label(l, m);
        numeric[m + 1] = 1;
    }
    report_table *t = report_table_new(nm + 1, header, numeric);
    char (*cells)[32] = util_malloc((nm + 1) * sizeof *cells);
    const char **row = util_malloc((nm + 1) * sizeof *row);
    for (size_t k = 0; k <= nt; k++) {
        row[0] = k < nt ? report_live_topic(l, k) : "all";
        for (size_t m = 0; m < nm; m++) {
            double v = k < nt ? report_live_topic_value(l, run, k, m)
                              : report_live_value(l, run, m);
            if (report_live_kind(l, m) == METRICS_LONG)
                snprintf(cells[m + 1], sizeof cells[0], "%ld", (long)v);
            else
                fmt_cell(cells[m + 1], sizeof cells[0], v, machine);
            row[m + 1] = cells[m + 1];
        }
        report_table_add(t, row);
    }
    snprintf(title, title_size, "run %s over %zu judged topics", report_live_run(l, run), nt);
    free(cells);
    free(row);
    free(header);
    free(numeric);
    return t;
}

report_table *report_live_stability_table(const report_live *l, int machine, size_t sort,
                                          const long *checkpoint_at)
{
    const char *header[] = { "reference", "compared", "judgments", "tau", "tau_ap" };
    const int numeric[] = { 0, 0, 1, 1, 1 };
    report_table *t = report_table_new(5, header, numeric);
    char j[32], a[32], b[32], ref[96];
    for (size_t m = 0; m < report_live_nmeasures(l); m++) {
        if (m == sort)
            continue;
        double tau, ap;
        report_live_agreement(l, sort, m, &tau, &ap);
        snprintf(j, sizeof j, "%ld", report_live_judgments(l));
        fmt_cell(a, sizeof a, tau, machine);
        fmt_cell(b, sizeof b, ap, machine);
        const char *row[] = { report_live_label(l, sort), report_live_label(l, m), j, a, b };
        report_table_add(t, row);
    }
    for (size_t k = 0; k < report_live_ncheckpoints(l); k++) {
        double tau, ap;
        if (report_live_stability(l, k, sort, &tau, &ap) != 0)
            continue;
        snprintf(ref, sizeof ref, "%s@checkpoint", report_live_label(l, sort));
        snprintf(j, sizeof j, "%ld", checkpoint_at[k]);
        fmt_cell(a, sizeof a, tau, machine);
        fmt_cell(b, sizeof b, ap, machine);
        const char *row[] = { ref, report_live_label(l, sort), j, a, b };
        report_table_add(t, row);
    }
    return t;
}

/* A measure whose summary is the mean of its per-topic values (not a count, not a
 * geometric mean): its mean has an interval. */
static int is_mean(const report_live *l, size_t m)
{
    return report_live_kind(l, m) == METRICS_DOUBLE &&
           strncmp(report_live_measure(l, m), "gm_", 3) != 0;
}

/* A bound: NAN (fewer than two topics) as an empty cell. */
static void fmt_bound(char *buf, size_t size, double v, int machine)
{
    if (isnan(v))
        buf[0] = '\0';
    else
        fmt_cell(buf, size, v, machine);
}

report_table *report_live_intervals_table(report_live *l, int machine, size_t sort, long measure)
{
    const char *header[] = { "run", "measure", "topics", "mean", "t_low", "t_high",
                             "bootstrap_low", "bootstrap_high" };
    const int numeric[] = { 0, 0, 1, 1, 1, 1, 1, 1 };
    report_table *t = report_table_new(8, header, numeric);
    size_t nr = report_live_nruns(l), nt = report_live_ntopics(l), nm = report_live_nmeasures(l);
    size_t *order = util_malloc((nr + 1) * sizeof *order);
    double *x = util_malloc((nt + 1) * sizeof *x);
    report_live_order(l, sort, -1, order);
    for (size_t i = 0; i < nr; i++) {
        for (size_t m = 0; m < nm; m++) {
            if (!is_mean(l, m) || (measure >= 0 && (size_t)measure != m))
                continue;
            double sum = 0.0;
            for (size_t k = 0; k < nt; k++)
                sum += x[k] = report_live_topic_value(l, order[i], k, m);
            metrics_interval ct = metrics_mean_ci_t(x, nt, REPORT_CI_LEVEL);
            metrics_interval cb = metrics_mean_ci_bootstrap(x, nt, REPORT_CI_LEVEL,
                                                            REPORT_CI_RESAMPLES, REPORT_CI_SEED);
            char cells[6][32];
            snprintf(cells[0], sizeof cells[0], "%zu", nt);
            fmt_bound(cells[1], sizeof cells[1], nt ? sum / (double)nt : NAN, machine);
            fmt_bound(cells[2], sizeof cells[2], ct.low, machine);
            fmt_bound(cells[3], sizeof cells[3], ct.high, machine);
            fmt_bound(cells[4], sizeof cells[4], cb.low, machine);
            fmt_bound(cells[5], sizeof cells[5], cb.high, machine);
            const char *row[] = { report_live_run(l, order[i]), report_live_label(l, m),
                                  cells[0], cells[1], cells[2], cells[3], cells[4], cells[5] };
            report_table_add(t, row);
        }
    }
    free(x);
    free(order);
    return t;
}

report_table *report_live_wtl_table(report_live *l, size_t sort)
{
    const char *header[] = { "measure", "run_a", "run_b", "topics", "wins", "ties", "losses" };
    const int numeric[] = { 0, 0, 0, 1, 1, 1, 1 };
    report_table *t = report_table_new(7, header, numeric);
    size_t nr = report_live_nruns(l), nt = report_live_ntopics(l), nm = report_live_nmeasures(l);
    size_t *order = util_malloc((nr + 1) * sizeof *order);
    double *a = util_malloc((nt + 1) * sizeof *a), *b = util_malloc((nt + 1) * sizeof *b);
    report_live_order(l, sort, -1, order);
    for (size_t m = 0; m < nm; m++) {
        if (!is_effectiveness(l, m))
            continue;
        for (size_t i = 0; i < nr; i++) {
            for (size_t k = 0; k < nt; k++)
                a[k] = report_live_topic_value(l, order[i], k, m);
            for (size_t j = i + 1; j < nr; j++) {
                for (size_t k = 0; k < nt; k++)
                    b[k] = report_live_topic_value(l, order[j], k, m);
                metrics_wtl w = metrics_win_tie_loss(a, b, nt);
                char cells[4][32];
                snprintf(cells[0], sizeof cells[0], "%zu", nt);
                snprintf(cells[1], sizeof cells[1], "%ld", w.wins);
                snprintf(cells[2], sizeof cells[2], "%ld", w.ties);
                snprintf(cells[3], sizeof cells[3], "%ld", w.losses);
                const char *row[] = { report_live_label(l, m), report_live_run(l, order[i]),
                                      report_live_run(l, order[j]), cells[0], cells[1],
                                      cells[2], cells[3] };
                report_table_add(t, row);
            }
        }
    }
    free(a);
    free(b);
    free(order);
    return t;
}

void report_live_board_stats_json(report_live *l, size_t sort, util_json *j)
{
    char num[32];
    util_json_key(j, "intervals");
    util_json_object(j, NULL);
    util_json_key(j, "level");
    snprintf(num, sizeof num, "%g", REPORT_CI_LEVEL);
    util_json_number(j, num);
    util_json_key(j, "t");
    util_json_str(j, "Student's t with topics - 1 degrees of freedom: mean -+ t((1 + level) / 2)"
                     " sd / sqrt(topics)");
    util_json_break(j, "\n  ");
    util_json_key(j, "bootstrap");
    util_json_object(j, NULL);
    util_json_key(j, "method");
    util_json_str(j, "percentile");
    util_json_key(j, "resampled");
    util_json_str(j, "topics");
    util_json_key(j, "resamples");
    util_json_int(j, REPORT_CI_RESAMPLES);
    util_json_key(j, "seed");
    util_json_int(j, REPORT_CI_SEED);
    util_json_key(j, "quantiles");
    util_json_str(j, "interpolated between order statistics (numpy.percentile's default)");
    util_json_end(j);
    util_json_break(j, "\n  ");
    util_json_key(j, "rows");
    report_table *t = report_live_intervals_table(l, 1, sort, -1);
    report_table_json(t, j);
    report_table_free(&t);
    util_json_space(j, "\n");
    util_json_end(j);
    util_json_break(j, "\n ");
    util_json_key(j, "win_tie_loss");
    util_json_object(j, NULL);
    util_json_key(j, "per");
    util_json_str(j, "topic");
    util_json_key(j, "pairs");
    util_json_str(j, "each pair of runs once, run_a above run_b on the leaderboard; run_b's record"
                     " is the mirror");
    util_json_key(j, "tie_tolerance");
    snprintf(num, sizeof num, "%g", REPORT_WTL_TIE);
    util_json_number(j, num);
    util_json_break(j, "\n  ");
    util_json_key(j, "rows");
    t = report_live_wtl_table(l, sort);
    report_table_json(t, j);
    report_table_free(&t);
    util_json_space(j, "\n");
    util_json_end(j);
}

/* The comparisons as a table, one row each. */
report_table *report_live_compare_table(report_live *l, int machine, report_table *into,
                                        size_t m, const metrics_comparison *res, size_t n,
                                        size_t nt, double alpha)
{
    const char *header[] = { "measure", "run_a", "run_b", "topics", "mean_a", "mean_b", "diff",
                             "d_z", "test", "statistic", "p", "p_adj", "sig" };
    const int numeric[] = { 0, 0, 0, 1, 1, 1, 1, 1, 0, 1, 1, 1, 0 };
    report_table *t = into != NULL ? into : report_table_new(13, header, numeric);
    for (size_t i = 0; i < n; i++) {
        const metrics_comparison *r = &res[i];
        char cells[8][32];
        double ma = report_live_value(l, r->a, m), mb = report_live_value(l, r->b, m);
        snprintf(cells[0], 32, "%zu", nt);
        fmt_cell(cells[1], 32, ma, machine);
        fmt_cell(cells[2], 32, mb, machine);
        fmt_cell(cells[3], 32, ma - mb, machine);
        fmt_cell(cells[4], 32, r->effect_size, machine);
        fmt_cell(cells[5], 32, r->result.statistic, machine);
        fmt_p(cells[6], 32, r->result.p, machine);
        fmt_p(cells[7], 32, r->p_adjusted, machine);
        const char *row[] = { report_live_label(l, m), report_live_run(l, r->a),
                              report_live_run(l, r->b), cells[0], cells[1], cells[2], cells[3],
                              cells[4], metrics_test_name(r->test), cells[5], cells[6], cells[7],
                              r->p_adjusted < alpha ? "*" : "" };
        report_table_add(t, row);
    }
    return t;
}
