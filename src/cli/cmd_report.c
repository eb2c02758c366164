/* cmd_report.c: `trecjudge report`: the live leaderboard, its stability, curves and plots. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "formats/formats.h"

/* ---- printing ---- */

/* Writes t in format f, or with j (JSON) as the value of the member j has open. */
static void put_table(const report_table *t, report_table_format f, const char *title,
                      util_json *j, util_out *o)
{
    if (j != NULL) {
        report_table_json(t, j);
        util_json_space(j, "\n");
    } else {
        report_table_write(t, f, title, o);
    }
}

/* The leaderboard (of one topic with topic), titled unless tsv or json; over all topics,
 * with the letters of the runs and the significant differences (test, corr). */
static void print_board(report_live *l, report_table_format f, size_t sort, const char *topic,
                        metrics_test test, metrics_correction corr, util_json *j, util_out *o)
{
    char title[512];
    int machine = f == REPORT_TABLE_TSV || f == REPORT_TABLE_JSON;
    report_table *t;
    if (topic != NULL || machine) {
        /* programs read the plain columns (rank, run, measures) */
        t = report_live_board(l, machine, sort, topic, title, sizeof title);
    } else {
        metrics_test_opts to;
        metrics_test_opts_init(&to);
        report_sup_style style = f == REPORT_TABLE_TEXT ? REPORT_SUP_CARET
                                 : f == REPORT_TABLE_MD ? REPORT_SUP_HTML : REPORT_SUP_HOOK;
        t = report_live_board_tests(l, machine, sort, test, corr, &to, 0.05, style, title,
                                    sizeof title);
    }
    put_table(t, f, machine ? NULL : title, j, o);
    report_table_free(&t);
}

/* One run's values on each judged topic, then its summary. */
static void print_run(report_live *l, report_table_format f, size_t run, util_json *j,
                      util_out *o)
{
    char title[256];
    int machine = f == REPORT_TABLE_TSV || f == REPORT_TABLE_JSON;
    report_table *t = report_live_run_table(l, machine, run, title, sizeof title);
    put_table(t, f, machine ? NULL : title, j, o);
    report_table_free(&t);
}

/* The stability table; after the leaderboard (after) in the people's formats, a blank line
 * between them. */
static void print_stability(const campaign_live *c, report_table_format f, size_t sort,
                            int after, util_json *j, util_out *o)
{
    int machine = f == REPORT_TABLE_TSV || f == REPORT_TABLE_JSON;
    report_table *t = report_live_stability_table(c->live, machine, sort, c->checkpoint_at);
    if (after && (f == REPORT_TABLE_TEXT || f == REPORT_TABLE_MD || f == REPORT_TABLE_LATEX))
        util_out_char(o, '\n');
    put_table(t, f, "stability of the ranking of the runs", j, o);
    report_table_free(&t);
}

/* Each pair of runs' wins, ties and losses over the topics (every effectiveness measure). */
static void print_wtl(report_live *l, report_table_format f, size_t sort, util_out *o)
{
    report_table *t = report_live_wtl_table(l, sort);
    report_table_write(t, f, "wins, ties and losses of run_a against run_b over the topics", o);
    report_table_free(&t);
}

/* The runs a chart shows: those named ("all": every run), or the best n by the sort measure
 * (n 0: every run). *out is allocated. */
static size_t chart_runs(report_live *l, const char *names, size_t sort, size_t n, size_t **out,
                         int *status)
{
    size_t nr = report_live_nruns(l), k = 0;
    *out = util_malloc((nr + 1) * sizeof **out);
    if (names == NULL || strcmp(names, "all") == 0) {
        report_live_order(l, sort, -1, *out);
        return names == NULL && n > 0 && n < nr ? n : nr;
    }
    char *list = util_strdup(names), *save = NULL;
    for (char *tok = strtok_r(list, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
        size_t r = 0;
        while (r < nr && strcmp(report_live_run(l, r), tok) != 0)
            r++;
        if (r == nr) {
            util_warn("report: no run '%s'", tok);
            *status = UTIL_EXIT_USAGE;
            break;
        }
        size_t j = 0;
        while (j < k && (*out)[j] != r)
            j++;
        if (j == k)
            (*out)[k++] = r;
    }
    free(list);
    return k;
}

static int do_plot(report_live *l, const char *kind, const char *runs, size_t sort, long depth,
                   const char *svg, const report_figure *fig, util_out *o)
{
    int status = UTIL_EXIT_OK;
    size_t *sel = NULL;
    int rpdiff = strcmp(kind, "rpdiff") == 0;
    int every = strcmp(kind, "box") == 0 || strcmp(kind, "heatmap") == 0;
    size_t n = chart_runs(l, runs, sort, rpdiff ? 2 : every ? 0 : 3, &sel, &status);
    if (status != UTIL_EXIT_OK)
        goto out;
    if (n == 0 || report_live_ntopics(l) == 0) {
        util_warn("report: nothing to plot (no runs or no judged topics)");
        status = UTIL_EXIT_DATA;
        goto out;
    }
    util_out file;
    FILE *fp = NULL;
    util_out *dst = o;
    if (svg != NULL) {
        if ((fp = fopen(svg, "w")) == NULL) {
            util_warn("report: cannot write '%s'", svg);
            status = UTIL_EXIT_SYSTEM;
            goto out;
        }
        util_out_init(&file, fp);
        dst = &file;
    }
    util_error err = { 0, "" };
    if (report_live_figure(l, kind, sel, n, (size_t)depth, sort, svg != NULL ? fig : NULL, dst,
                           &err) != 0) {
        util_warn("report: %s", err.msg);
        status = err.code;
    }
    if (fp != NULL) {
        int bad = util_out_flush(&file) != 0;
        util_out_free(&file);
        if (fclose(fp) != 0 || bad) {
            util_warn("report: cannot write '%s'", svg);
            status = UTIL_EXIT_SYSTEM;
        }
    }
out:
    free(sel);
    return status;
}

/* What report's command line asks for. */

/* --table's values, in their order in the command table; ALL: every table asked for. */
enum { REPORT_CMD_ALL = -1, REPORT_CMD_LEADERBOARD, REPORT_CMD_STABILITY, REPORT_CMD_WTL };

typedef struct report_cmd_opts {
    cli_report_args a;
    const char *sort_name, *topic, *plot, *runs, *svg, *run_tag, *output;
    report_table_format format;
    int html;                /* --format html: the whole report as one page */
    report_figure fig;
    int stability;
    int table;               /* REPORT_CMD_*: --table's choice, or REPORT_CMD_ALL */
    metrics_test test;
    long depth, watch, count;
} report_cmd_opts;

/* Parses report's options into o; -1 to go on, else the exit status. */
static int report_parse(int argc, char **argv, report_cmd_opts *o)
{
    const cli_command *cmd = cli_command_find("report");
    int opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        long v;
        double dv;
        int st;
        switch (opt) {
        case 'p':
            if (util_parse_double(optarg, strlen(optarg), &dv) != 0 || !(dv > 0 && dv < 1)) {
                util_warn("report: --rbp-p needs a number between 0 and 1, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            o->a.ro.rbp_p = dv;
            break;
        case 's':
            o->sort_name = optarg;
            break;
        case 't':
            o->topic = optarg;
            break;
        case 'F':
            o->html = strcmp(optarg, "html") == 0;
            if (!o->html && report_table_format_parse(optarg, &o->format) != 0) {
                util_warn("report: unknown --format '%s' (text, tsv, json, md, latex or html)",
                          optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 'o':
            o->output = optarg;
            break;
        case 'S':
            o->stability = 1;
            break;
        case 'b':
            if ((o->table = cli_option_value(cmd, 'b', optarg)) < 0)
                return UTIL_EXIT_USAGE;
            break;
        case 'C':
        case 'D':
        case 'w':
        case 'n':
            if (util_parse_long(optarg, strlen(optarg), &v) != 0 || v <= 0) {
                util_warn("report: --%s needs a positive integer, not '%s'",
                          opt == 'C' ? "checkpoint-every" : opt == 'D' ? "depth"
                          : opt == 'w' ? "watch" : "count", optarg);
                return UTIL_EXIT_USAGE;
            }
            if (opt == 'C')
                o->a.ro.checkpoint_every = v;
            else if (opt == 'D')
                o->depth = v;
            else if (opt == 'w')
                o->watch = v;
            else
                o->count = v;
            break;
        case 'P':
            o->plot = optarg;
            break;
        case 'r':
            o->runs = optarg;
            break;
        case 'G':
            o->svg = optarg;
            break;
        case 'W':
        case 'H':
            if (util_parse_long(optarg, strlen(optarg), &v) != 0 || v < 100 || v > 10000) {
                util_warn("report: --%s needs a number of pixels from 100 to 10000, not '%s'",
                          opt == 'W' ? "width" : "height", optarg);
                return UTIL_EXIT_USAGE;
            }
            if (opt == 'W')
                o->fig.width = (int)v;
            else
                o->fig.height = (int)v;
            break;
        case 'A':
            o->fig.axis_full = 1;
            break;
        case 'R':
            o->run_tag = optarg;
            break;
        case 'T':
            if (strcmp(optarg, "bootstrap") == 0 || metrics_test_parse(optarg, &o->test) != 0) {
                util_warn("report: unknown --test '%s' (t, wilcoxon, sign, randomization, "
                          "tukey, randomized-mc)", optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        default:
            if ((st = cli_report_option(cmd, opt, optarg, &o->a)) >= 0)
                return st;
            break;
        }
    }
    int nfiles = argc - optind;
    if (nfiles == 1 || (nfiles > 0 && o->a.campaign != NULL)) {
        return cli_usage_error(cmd);
    }
    if (cli_name_check("report", "topic", o->topic) != 0 ||
        cli_name_check("report", "run", o->run_tag) != 0 ||
        cli_name_check("report", "primary assessor", o->a.ro.primary) != 0)
        return UTIL_EXIT_USAGE;
    if (nfiles > 0 && (o->watch || o->a.ro.checkpoint_every)) {
        util_warn("report: --watch and --checkpoint-every need a campaign");
        return UTIL_EXIT_USAGE;
    }
    if (o->html && (o->plot != NULL || o->topic != NULL || o->run_tag != NULL || o->watch ||
                    o->stability)) {
        util_warn("report: --format html is the whole report: not with --plot, --topic, --run, "
                  "--stability or --watch");
        return UTIL_EXIT_USAGE;
    }
    if (o->table != REPORT_CMD_ALL && (o->plot != NULL || o->html ||
                                       o->format == REPORT_TABLE_JSON)) {
        util_warn("report: --table chooses a table of text, tsv, md or latex (json and html "
                  "hold them all; --plot draws a chart)");
        return UTIL_EXIT_USAGE;
    }
    if (o->table == REPORT_CMD_WTL && (o->topic != NULL || o->run_tag != NULL)) {
        util_warn("report: --table wtl counts over the topics: not with --topic or --run");
        return UTIL_EXIT_USAGE;
    }
    if (o->table == REPORT_CMD_STABILITY)
        o->stability = 1;
    /* one table a TSV stream, with one header line: --stability's when asked for */
    if (o->table == REPORT_CMD_ALL && o->format == REPORT_TABLE_TSV && o->plot == NULL)
        o->table = o->stability ? REPORT_CMD_STABILITY : REPORT_CMD_LEADERBOARD;
    if (o->output != NULL && !o->html) {
        util_warn("report: -o goes with --format html (charts: --svg)");
        return UTIL_EXIT_USAGE;
    }
    if (o->svg != NULL && o->plot == NULL) {
        util_warn("report: --svg goes with --plot");
        return UTIL_EXIT_USAGE;
    }
    return -1;
}

/* The whole report as one HTML page, to -o FILE or standard output. */
static int write_html(campaign_live *c, size_t sort, long depth, const report_cmd_opts *op)
{
    int status = UTIL_EXIT_OK;
    FILE *fp = stdout;
    if (op->output != NULL && (fp = fopen(op->output, "w")) == NULL) {
        util_warn("report: cannot write '%s'", op->output);
        return UTIL_EXIT_SYSTEM;
    }
    util_out o;
    util_out_init(&o, fp);
    util_error err = { 0, "" };
    char title[512];
    const char *name = op->a.campaign != NULL ? op->a.campaign : c->store != NULL
                       ? cli_campaign_path(NULL) : "qrels and runs";
    snprintf(title, sizeof title, "trecjudge report: %s", name);
    if (campaign_report_html(c, sort, (size_t)depth, op->a.ro.relevance_level_set
                             ? op->a.ro.relevance_level : CAMPAIGN_LEVEL_DEFAULT, op->test,
                             op->a.corr, title, &o, &err) != 0) {
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    int bad = util_out_flush(&o) != 0;
    util_out_free(&o);
    if ((fp != stdout ? fclose(fp) != 0 : fflush(stdout) != 0) || bad) {
        util_warn("report: cannot write '%s'", op->output != NULL ? op->output : "the output");
        status = UTIL_EXIT_SYSTEM;
    }
    return status;
}

int cli_report(int argc, char **argv)
{
    report_cmd_opts op = { .a = { .corr = METRICS_CORRECT_HOLM, .policy = "max" },
                           .format = REPORT_TABLE_TEXT, .depth = 20, .test = METRICS_TEST_T,
                           .table = REPORT_CMD_ALL };
    campaign_report_opts_init(&op.a.ro, "report");
    campaign_live c;
    memset(&c, 0, sizeof c);
    int status = report_parse(argc, argv, &op);
    if (status >= 0)
        goto out;
    int nfiles = argc - optind;
    campaign_report_opts ro = op.a.ro;
    const char *campaign = op.a.campaign, *sort_name = op.sort_name, *topic = op.topic;
    const char *plot = op.plot, *runs = op.runs, *svg = op.svg, *run_tag = op.run_tag;
    report_table_format format = op.format;
    int stability = op.stability;
    long depth = op.depth, watch = op.watch, count = op.count;
    ro.measures = op.a.measures;
    status = cli_report_open(&c, campaign, argv + optind, nfiles, &ro);
    if (status != UTIL_EXIT_OK)
        goto out;
    size_t sort = 0;
    if (sort_name != NULL) {
        long col = report_live_column(c.live, sort_name);
        if (col < 0) {
            util_warn("report: --sort '%s' is not one of the report's measures", sort_name);
            status = UTIL_EXIT_USAGE;
            goto out;
        }
        sort = (size_t)col;
    }
    /* a watched report waits for judgments; one report of nothing is an error, as in
     * compare (exit 3) */
    if (!watch && topic != NULL && report_live_topic_find(c.live, topic) < 0) {
        util_warn("report: topic '%s' has no judged document (or is not in the campaign)",
                  topic);
        status = UTIL_EXIT_DATA;
        goto out;
    }
    if (!watch && plot == NULL && report_live_ntopics(c.live) == 0) {
        util_warn("report: no judged topic: nothing to report (see 'status')");
        status = UTIL_EXIT_DATA;
        goto out;
    }
    size_t run = 0;
    if (run_tag != NULL) {
        while (run < report_live_nruns(c.live) &&
               strcmp(report_live_run(c.live, run), run_tag) != 0)
            run++;
        if (run == report_live_nruns(c.live)) {
            util_warn("report: no run '%s'", run_tag);
            status = UTIL_EXIT_USAGE;
            goto out;
        }
    }
    if (op.html) {
        status = write_html(&c, sort, depth, &op);
        goto out;
    }
    int tty = isatty(STDOUT_FILENO);
    for (long drawn = 0;;) {
        util_out o;
        util_out_init(&o, stdout);
        if (watch && tty)
            util_out_str(&o, "\033[H\033[2J");
        /* JSON: one object, what the numbers are, then the table (and the stability) */
        util_json json, *j = NULL;
        if (plot == NULL && format == REPORT_TABLE_JSON) {
            j = &json;
            util_json_init(j, &o);
            report_live_json_begin(c.live, op.a.policy, j);
            util_json_key(j, run_tag != NULL ? "run" : topic != NULL ? "topic" : "leaderboard");
        }
        int main_table = op.table == REPORT_CMD_ALL || op.table == REPORT_CMD_LEADERBOARD;
        if (plot != NULL)
            status = do_plot(c.live, plot, runs, sort, depth, svg, &op.fig, &o);
        else if (op.table == REPORT_CMD_WTL)
            print_wtl(c.live, format, sort, &o);
        else if (!main_table)
            ;
        else if (run_tag != NULL)
            print_run(c.live, format, run, j, &o);
        else
            print_board(c.live, format, sort, topic, op.test, op.a.corr, j, &o);
        if (j != NULL && run_tag == NULL && topic == NULL)
            report_live_board_stats_json(c.live, sort, j);
        if (stability && plot == NULL &&
            (op.table == REPORT_CMD_ALL || op.table == REPORT_CMD_STABILITY)) {
            if (j != NULL)
                util_json_key(j, "stability");
            print_stability(&c, format, sort, op.table == REPORT_CMD_ALL, j, &o);
        }
        if (j != NULL) {
            util_json_end(j);
            util_out_char(&o, '\n');
        }
        if (util_out_flush(&o) != 0 || fflush(stdout) != 0) {
            util_warn("report: cannot write the output");
            status = UTIL_EXIT_SYSTEM;
        }
        util_out_free(&o);
        if (status != UTIL_EXIT_OK || !watch || (count > 0 && ++drawn >= count))
            break;
        sleep((unsigned)watch);
        if ((status = cli_report_update(&c)) != UTIL_EXIT_OK)
            break;
    }
out:
    campaign_live_close(&c);
    free(op.a.measures);
    return status;
}
