/* report.h: the report module's interface: eval's output, live reports, tables, plots, HTML. */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_REPORT_H
#define TJ_REPORT_H

#include <stddef.h>

#include "metrics/metrics.h"
#include "util/util.h"

typedef enum report_format {
    REPORT_TREC,     /* trec_eval's lines: "%-22s\t%s\t%6.4f" */
    REPORT_TSV,      /* run, measure, topic, value with a header line */
    REPORT_JSON      /* one array of run objects */
} report_format;

/* One run's evaluation: per-topic rows (ntopics x metrics_set_size) and the summary. */
typedef struct report_run {
    const char *tag;
    const char *const *qids;
    size_t ntopics;
    const double *per_topic;
    /* The string values (relstring), ntopics x nstrings: value i of topic q is
     * strings[q * nstrings + string_col[i]] when the set's value i is a string. Only those
     * are kept: a row of per_topic's shape would be mostly null pointers. */
    char *const *strings;
    const double *summary;
    const size_t *string_col;
    size_t nstrings;
} report_run;

/* Value i of topic q when it is a string, or NULL. */
static inline const char *report_string(const report_run *run, size_t q, size_t i)
{
    return run->nstrings > 0 && run->string_col[i] < run->nstrings
               ? run->strings[q * run->nstrings + run->string_col[i]]
               : NULL;
}

typedef struct report_eval {
    util_out *out;
    report_format format;
    const metrics_set *set;
    int per_topic;              /* -q */
    int summary;                /* not -n */
    size_t nruns;               /* runs written so far */
    util_json json;             /* REPORT_JSON: the array of runs being written */
} report_eval;

/* Parses "trec", "tsv" or "json"; returns -1 for anything else. */
int report_format_parse(const char *name, report_format *f);
void report_eval_begin(report_eval *r);
void report_eval_run(report_eval *r, const report_run *run);
/* The run's values as trec_eval prints them under -Z (text format only): a 'Z' before each
 * value's name and every value, integer counts included, printed %6.4f; relstring and
 * runid are printed as usual (zscores.c). */
void report_eval_run_zscores(const report_eval *r, const report_run *run);
void report_eval_end(report_eval *r);

/* ---- live report: every measure of every run, kept up to date judgment by judgment
 * (live.c), tables in several formats (table.c), charts (plot.c) ---- */

/* The leaderboard's measures when none are chosen (-m specs, comma-separated); "%g" is
 * replaced by RBP's persistence p. */
#define REPORT_LIVE_MEASURES                                                                       \
    "map,gm_map,P.10,Rprec,bpref,recip_rank,ndcg_cut.10,rbp.p=%g,rbp_resid.p=%g,err_cut.20,"       \
    "judged.10"

/* A judgment's removal (for report_live_judge). */
#define REPORT_LIVE_REMOVE (-1000L)

typedef struct report_live report_live;

/* A live report with the given settings and measures (comma-separated -m specs, NULL for
 * REPORT_LIVE_MEASURES with p = rbp_p). Returns NULL with err set (UTIL_EXIT_USAGE) for an
 * unknown measure. The values are exactly those of `trecjudge eval -m MEASURE` on the qrels made of
 * the judgments given so far: only topics with at least one judgment (any grade, -1
 * included) are evaluated, as trec_eval evaluates only the topics of the qrels; a run
 * without a ranking for such a topic scores it as retrieving nothing (as eval -c). */
report_live *report_live_new(const metrics_params *p, const char *measures, double rbp_p,
                             util_error *err);
void report_live_free(report_live **l);

/* Adds (or replaces) one run's ranking of one topic; docnos and scores are copied and
 * ranked as trec_eval ranks them. Recomputes the topic if it has judgments (unless held). */
void report_live_add_ranking(report_live *l, const char *tag, const char *qid,
                             const char *const *docnos, const double *scores, size_t n);
/* Sets the grade of one document for one topic (-1: pooled, not judged;
 * REPORT_LIVE_REMOVE: no judgment at all), then recomputes that topic for every run and
 * the summaries (unless held). */
void report_live_judge(report_live *l, const char *qid, const char *docno, long grade);
/* While held (on = 1), rankings and judgments are only recorded; releasing (on = 0)
 * recomputes every topic that changed, once. For loading a whole campaign. */
void report_live_hold(report_live *l, int on);
/* Number of judgments (grade >= 0) given so far, over all topics. */
long report_live_judgments(const report_live *l);

/* Runs (in the order first added), measures (metrics_set names, as eval prints them, and
 * short labels for tables: "MAP", "P@10", ...), judged topics (sorted by qid). */
size_t report_live_nruns(const report_live *l);
const char *report_live_run(const report_live *l, size_t run);
size_t report_live_nmeasures(const report_live *l);
const char *report_live_measure(const report_live *l, size_t m);
const char *report_live_label(const report_live *l, size_t m);
/* METRICS_DOUBLE (printed %.4f) or METRICS_LONG (a count, printed %ld). */
metrics_kind report_live_kind(const report_live *l, size_t m);
/* The column of a measure by name, label or any spelling metrics_measure_spec reads (-1
 * when absent). */
long report_live_column(const report_live *l, const char *name);
/* The relevance level in effect (the one given, or a measure's "(rel=N)"). */
long report_live_relevance_level(const report_live *l);
size_t report_live_ntopics(const report_live *l);
const char *report_live_topic(const report_live *l, size_t t);
/* Index of a judged topic among report_live_topic's, or -1. */
long report_live_topic_find(const report_live *l, const char *qid);

/* A run's summary value of a measure, and its value on one judged topic. */
double report_live_value(const report_live *l, size_t run, size_t m);
double report_live_topic_value(const report_live *l, size_t run, size_t topic, size_t m);
/* Runs ordered by a measure, best first (ties by tag); order has report_live_nruns
 * entries. topic < 0: summary values; otherwise that judged topic's. */
void report_live_order(const report_live *l, size_t m, long topic, size_t *order);

/* Checkpoints of the leaderboard, to see how much it still moves: records the current
 * summaries and returns the checkpoint's number (0, 1, ...). */
size_t report_live_checkpoint(report_live *l);
size_t report_live_ncheckpoints(const report_live *l);
/* Kendall's tau and tau_AP between the ranking of the runs by measure m at checkpoint k
 * (the reference) and now. Runs added after the checkpoint are left out. -1 if k is not
 * a checkpoint. */
int report_live_stability(const report_live *l, size_t k, size_t m, double *tau, double *tau_ap);
/* The same between the current rankings by two measures (m1 the reference). */
void report_live_agreement(const report_live *l, size_t m1, size_t m2, double *tau,
                           double *tau_ap);

/* The leaderboard as ready-to-draw text: a header line, then one line per run in the
 * order of measure sort_column (best first), each at most width characters, plain text
 * without escape codes. topic NULL: summary values over the judged topics; a qid: that
 * topic's values (drill-down). *lines is set to an allocated array of allocated strings;
 * returns their number; free with report_live_lines_free. */
size_t report_live_lines(const report_live *l, int width, size_t sort_column, const char *topic,
                         char ***lines);
/* One run's values on each judged topic (the other drill-down), in qid order, then a line
 * "all" with its summary; same form and ownership as report_live_lines. */
size_t report_live_run_lines(const report_live *l, int width, size_t run, char ***lines);
void report_live_lines_free(char ***lines, size_t n);

/* Tables of text cells written as aligned text, TSV, JSON, Markdown or LaTeX (table.c). */
typedef enum report_table_format {
    REPORT_TABLE_TEXT,       /* columns aligned with spaces, numbers to the right */
    REPORT_TABLE_TSV,        /* a header line, then tab-separated rows */
    REPORT_TABLE_JSON,       /* an array of objects keyed by the header; numbers as numbers */
    REPORT_TABLE_MD,         /* a Markdown pipe table */
    REPORT_TABLE_LATEX       /* a tabular environment (booktabs rules), scaled to the text
                              * width when wider; comparisons in math mode, exponents as
                              * $3.2 \times 10^{-5}$ */
} report_table_format;

/* Parses "text", "tsv", "json", "md" or "latex"; -1 for anything else. */
int report_table_format_parse(const char *name, report_table_format *f);

typedef struct report_table report_table;

/* A table with ncols columns named by header (copied); numeric columns are right-aligned
 * and written as JSON numbers. */
report_table *report_table_new(size_t ncols, const char *const *header, const int *numeric);
/* Appends a row of ncols cells (copied; NULL is an empty cell, JSON null). */
void report_table_add(report_table *t, const char *const *cells);
size_t report_table_rows(const report_table *t);
/* The table's shape and contents, for writers outside table.c (html.c). A cell may be
 * NULL. */
size_t report_table_cols(const report_table *t);
const char *report_table_header(const report_table *t, size_t col);
const char *report_table_cell(const report_table *t, size_t row, size_t col);
int report_table_numeric(const report_table *t, size_t col);
/* Marks on cells of rows already added, drawn by the LaTeX and HTML writers only: bold
 * (the best value of its column) and a superscript (sup copied; NULL or "" for none; the
 * letters of the runs a run is significantly better than are meant to go there: LaTeX
 * writes them as $^{ab}$). */
void report_table_bold(report_table *t, size_t row, size_t col);
void report_table_superscript(report_table *t, size_t row, size_t col, const char *sup);
int report_table_is_bold(const report_table *t, size_t row, size_t col);
const char *report_table_sup(const report_table *t, size_t row, size_t col);
/* Writes the table; title (may be NULL) is a caption line in text, Markdown and LaTeX. */
void report_table_write(const report_table *t, report_table_format f, const char *title,
                        util_out *o);
/* The table as a JSON value written on j (the value of a member, say): an array of objects
 * keyed by the header, one a line; report_table_write's JSON is this and a newline. */
void report_table_json(const report_table *t, util_json *j);
void report_table_free(report_table **t);

/* Charts (plot.c): in the terminal with Unicode block characters, or as SVG. */
typedef struct report_series {
    const char *name;
    const double *y;     /* one value per x */
} report_series;

/* How an SVG figure is drawn. */
typedef struct report_figure {
    int width, height;   /* in pixels; 0: 720 x 440 (small multiples grow in height) */
    int axis_full;       /* y over the measure's whole range (0 to 1) rather than the data's */
    int inline_svg;      /* no XML declaration: for embedding in HTML */
} report_figure;

/* Up to this many series share one plot; more are drawn as small multiples. */
#define REPORT_FIGURE_OVERLAY 10

/* Line charts of ns series over the same x values: in the terminal, one block-character
 * chart per series (width and height in characters); or one SVG figure (svg.c), each
 * series with its colour (Okabe-Ito), marker and dash, the legend outside the plot area,
 * the y axis from the data (axis_full: from 0 to full_max, or from 0 when it is NAN). */
void report_plot_lines_text(util_out *o, const char *title, const char *xlabel, const double *x,
                            size_t nx, const report_series *s, size_t ns, int width, int height);
void report_plot_lines_svg(util_out *o, const report_figure *f, const char *title,
                           const char *xlabel, const char *ylabel, const double *x, size_t nx,
                           const report_series *s, size_t ns, double full_max);
/* A bar per labelled value around zero (e.g. the per-topic difference of two runs), sorted
 * by value: horizontal bars half width wide either side, or an SVG figure whose key names
 * the positive (above) and negative (below) bars. */
void report_plot_bars_text(util_out *o, const char *title, const char *const *labels,
                           const double *v, size_t n, int half);
void report_plot_bars_svg(util_out *o, const report_figure *f, const char *title,
                          const char *xlabel, const char *ylabel, const char *const *labels,
                          const double *v, size_t n, const char *above, const char *below);
/* Box plots of each run's per-topic values (v: nruns x ntopics, NAN for none): quartiles,
 * median, whiskers at 1.5 IQR, outliers and the mean; one line a run in text. */
void report_plot_box_text(util_out *o, const char *title, const char *const *names,
                          const double *v, size_t nruns, size_t ntopics, int width);
void report_plot_box_svg(util_out *o, const report_figure *f, const char *title,
                         const char *ylabel, const char *const *names, const double *v,
                         size_t nruns, size_t ntopics);
/* A topic-by-run heatmap of a measure (v: nruns x ntopics), in the given orders: viridis
 * from 0 to the largest value (1 with axis_full); in text, shades of a block. */
void report_plot_heatmap_text(util_out *o, const char *title, const char *const *runs,
                              size_t nruns, size_t ntopics, const double *v);
void report_plot_heatmap_svg(util_out *o, const report_figure *f, const char *title,
                             const char *measure, const char *const *runs, size_t nruns,
                             const char *const *topics, size_t ntopics, const double *v);

/* Curves averaged over the judged topics, for one run. */
typedef enum report_curve {
    REPORT_CURVE_PR,     /* interpolated precision at recall 0.0, 0.1, ..., 1.0 (11 points) */
    REPORT_CURVE_CG,     /* cumulated gain at ranks 1..npoints (gain = grade) */
    REPORT_CURVE_DCG,    /* discounted cumulated gain at ranks 1..npoints (trec_eval's ndcg) */
    REPORT_CURVE_NDCG    /* DCG over the ideal DCG at ranks 1..npoints */
} report_curve;
/* Fills out[0..npoints-1] (for PR npoints must be 11). Uses l's scratch space only: the
 * report's values do not change. */
void report_live_curve(report_live *l, size_t run, report_curve c, size_t npoints, double *out);

/* ---- The live report's tables (board.c); machine: values with every digit (the shortest
 * decimal that reads back as the same double: tsv, json) rather than four decimals. Columns
 * are named by the measures' labels (report_live_label) in every format. Each returns a
 * table to free with report_table_free. ---- */

/* A value in a cell: four decimals for people, every digit for programs (machine). */
void report_cell_format(char *buf, size_t size, double v, int machine);

/* Opens on j the JSON object of a report and writes the members that say what its numbers
 * are: "topics_judged", "judgments", "policy" (as given), "relevance_level" and "measures"
 * (each column's label with the trec_eval name that defines it). The caller adds its own
 * members and closes the object with util_json_end. */
void report_live_json_begin(const report_live *l, const char *policy, util_json *j);

/* The leaderboard: rank, run, each measure, the runs in order of measure sort; with topic,
 * that topic's values (empty cells when it is not judged). title gets a line about it. */
report_table *report_live_board(report_live *l, int machine, size_t sort, const char *topic,
                                char *title, size_t title_size);
/* How the leaderboard marks significant differences. */
typedef enum report_sup_style {
    REPORT_SUP_HOOK,     /* report_table_superscript (LaTeX, HTML) */
    REPORT_SUP_CARET,    /* appended to the cell as "^ab" (text) */
    REPORT_SUP_HTML,     /* appended to the cell as "<sup>ab</sup>" (Markdown) */
    REPORT_SUP_NONE      /* none (TSV, JSON) */
} report_sup_style;

/* The leaderboard of every run with a letter column (a-z, then A-Z, in board order; none
 * past 52 runs): each value of an effectiveness measure carries the letters of the runs it
 * is significantly better than (test over every pair of runs on that measure's per-topic
 * values, p corrected by corr over the pairs unless the test is tukey or randomized-mc,
 * p < alpha); the best value of each measure bold. title says the test. */
report_table *report_live_board_tests(report_live *l, int machine, size_t sort,
                                      metrics_test test, metrics_correction corr,
                                      const metrics_test_opts *o, double alpha,
                                      report_sup_style style, char *title, size_t title_size);
/* The letter of the run in board position i ("" past 52). */
void report_board_letter(size_t i, char out[2]);
/* beats[i * nr + j] = 1 when run i is significantly better than run j on measure m (runs
 * by index), as the leaderboard marks it. */
void report_live_beats(report_live *l, size_t m, metrics_test test, metrics_correction corr,
                       const metrics_test_opts *o, double alpha, int *beats);
/* One run's values on each judged topic, then "all" (its summary). */
report_table *report_live_run_table(report_live *l, int machine, size_t run, char *title,
                                    size_t title_size);
/* Kendall tau and tau_AP between the ranking by measure sort and by each other measure,
 * then at each checkpoint (checkpoint_at: the judgments at each); machine: every digit. */
report_table *report_live_stability_table(const report_live *l, int machine, size_t sort,
                                          const long *checkpoint_at);
/* The leaderboard's intervals of a mean: their level, and the percentile bootstrap's
 * resamples of the topics and its seed (the same resamples for every run and measure). */
#define REPORT_CI_LEVEL 0.95
#define REPORT_CI_RESAMPLES 10000
#define REPORT_CI_SEED 42
/* Two per-topic values closer than this tie (metrics_win_tie_loss's rounding). */
#define REPORT_WTL_TIE 1e-10
/* Each run (in board order by measure sort) and each measure whose summary is the mean of
 * its per-topic values (not counts, not gm_*; measure >= 0: that one only): the topics,
 * the mean, and its REPORT_CI_LEVEL confidence interval by Student's t and by the
 * percentile bootstrap over topics (empty bounds below two topics). */
report_table *report_live_intervals_table(report_live *l, int machine, size_t sort, long measure);
/* Each effectiveness measure (not judged@k, residuals or counts) and each pair of runs,
 * run_a above run_b on the board by measure sort: the topics where run_a's value is
 * higher (wins), equal (ties) and lower (losses). */
report_table *report_live_wtl_table(report_live *l, size_t sort);
/* The JSON members "intervals" and "win_tie_loss" (the two tables above with every digit,
 * under "rows", after what their numbers are: the level, the methods, the resamples and
 * the seed, the tie tolerance), without a trailing separator. */
void report_live_board_stats_json(report_live *l, size_t sort, util_json *j);
/* The n comparisons of runs (metrics_compare) on measure m over nt topics, one row each:
 * the measure, the runs, their means on m, the difference, d_z, the test and its p-values,
 * '*' when the adjusted p is below alpha. The rows are added to into (a table this function
 * made before, for another measure), or to a new table when into is NULL; returns it. */
report_table *report_live_compare_table(report_live *l, int machine, report_table *into,
                                        size_t m, const metrics_comparison *res, size_t n,
                                        size_t nt, double alpha);

/* Draws chart kind (pr, cg, dcg, ndcg: curves to rank depth; rpdiff: the R-precision
 * difference of sel[0] and sel[1] per topic) of the n runs sel, as text or (svg) SVG
 * (chart.c). Returns 0, or -1 with err saying why (UTIL_EXIT_USAGE: an unknown kind,
 * rpdiff without two runs or Rprec). */
int report_live_chart(report_live *l, const char *kind, const size_t *sel, size_t n, size_t depth,
                      int svg, util_out *o, util_error *err);
/* The same with the figure's settings (fig NULL: text) and the kinds box and heatmap (the
 * per-topic values of measure m of the runs sel; heatmap: runs and topics ordered by their
 * mean, best first). */
int report_live_figure(report_live *l, const char *kind, const size_t *sel, size_t n,
                       size_t depth, size_t m, const report_figure *fig, util_out *o,
                       util_error *err);

/* ---- A self-contained HTML page (html.c): inline CSS, no script, nothing loaded from
 * elsewhere; the campaign's report is composed from these by campaign_report_html. ---- */

/* Text escaped for HTML (control characters as '?'). */
void report_html_text(util_out *o, const char *s);
/* prefix, then s with anything but [A-Za-z0-9_-] as '_': a fragment id. */
void report_html_id(util_out *o, const char *prefix, const char *s);
/* The page's head, its style sheet, and the opening of its header with title as h1; the
 * caller writes the rest of the header (navigation), closes it and opens <main>. */
void report_html_begin(util_out *o, const char *title);
/* Closes <main>, the body and the page. */
void report_html_end(util_out *o);
/* A table (scrolling sideways on a narrow screen), its marks as <strong> and <sup>. */
void report_html_table(util_out *o, const report_table *t, const char *caption);

/* Writes the agreement ag between the nassessors assessors (named, in ag's order) on
 * nitems judged documents: the pairs' table (then Fleiss' row; every digit in tsv and json),
 * then, in text, md and latex, each pair's confusion matrix (unless confusion is 0).
 * Returns the number of rows of the table (agreement.c). */
size_t report_agreement_write(util_out *o, const metrics_agreement *ag,
                              const char *const *assessors, size_t nassessors, size_t nitems,
                              long level, report_table_format format, int confusion);

#endif
