/* cmd_compare.c: `trecjudge compare`: paired significance tests between runs, corrected. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* What compare's command line asks for. */
typedef struct compare_cmd_opts {
    cli_report_args a;
    const char *baseline;
    int all_tests;
    metrics_test test;
    metrics_test_opts to;
    report_table_format format;
    double alpha;
} compare_cmd_opts;

/* Parses compare's options into o; -1 to go on, else the exit status. */
static int compare_parse(int argc, char **argv, compare_cmd_opts *o)
{
    const cli_command *cmd = cli_command_find("compare");
    int opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        long v;
        int st;
        switch (opt) {
        case 'b':
            o->baseline = optarg;
            break;
        case 't':
            if (strcmp(optarg, "all") == 0) {
                o->all_tests = 1;
            } else if (metrics_test_parse(optarg, &o->test) != 0) {
                util_warn("compare: unknown --test '%s' (t, wilcoxon, sign, randomization, "
                          "bootstrap, all, tukey, randomized-mc)", optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 's':
            if (strcmp(optarg, "1") != 0 && strcmp(optarg, "2") != 0) {
                util_warn("compare: --sided is 1 or 2, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            o->to.sided = optarg[0] - '0';
            break;
        case 'P':
        case 'S':
            if (util_parse_long(optarg, strlen(optarg), &v) != 0 || v < (opt == 'P' ? 1 : 0)) {
                util_warn("compare: --%s needs a %s integer, not '%s'",
                          opt == 'P' ? "permutations" : "seed",
                          opt == 'P' ? "positive" : "non-negative", optarg);
                return UTIL_EXIT_USAGE;
            }
            if (opt == 'P')
                o->to.samples = v;
            else
                o->to.seed = (uint64_t)v;
            break;
        case 'a':
            if (util_parse_double(optarg, strlen(optarg), &o->alpha) != 0 ||
                !(o->alpha > 0 && o->alpha < 1)) {
                util_warn("compare: --alpha needs a number between 0 and 1, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 'F':
            if (report_table_format_parse(optarg, &o->format) != 0) {
                util_warn("compare: unknown --format '%s' (text, tsv, json, md or latex)", optarg);
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
    if ((nfiles > 0 && nfiles < 3) || (nfiles > 0 && o->a.campaign != NULL)) {
        return cli_usage_error(cmd);
    }
    if (cli_name_check("compare", "baseline", o->baseline) != 0 ||
        cli_name_check("compare", "primary assessor", o->a.ro.primary) != 0)
        return UTIL_EXIT_USAGE;
    return -1;
}

int cli_compare(int argc, char **argv)
{
    compare_cmd_opts op = { .a = { .corr = METRICS_CORRECT_HOLM, .policy = "max" },
                            .test = METRICS_TEST_T, .format = REPORT_TABLE_TEXT, .alpha = 0.05 };
    campaign_report_opts_init(&op.a.ro, "compare");
    metrics_test_opts_init(&op.to);
    campaign_live c;
    memset(&c, 0, sizeof c);
    report_table *t = NULL;
    int status = compare_parse(argc, argv, &op);
    if (status >= 0)
        goto out;
    int nfiles = argc - optind;
    campaign_report_opts ro = op.a.ro;
    const char *campaign = op.a.campaign, *baseline = op.baseline;
    int all_tests = op.all_tests;
    metrics_test test = op.test;
    metrics_test_opts to = op.to;
    metrics_correction corr = op.a.corr;
    report_table_format format = op.format;
    double alpha = op.alpha;
    ro.measures = op.a.measures != NULL ? op.a.measures : "map";
    status = cli_report_open(&c, campaign, argv + optind, nfiles, &ro);
    if (status != UTIL_EXIT_OK)
        goto out;
    report_live *l = c.live;
    size_t nr = report_live_nruns(l), nt = report_live_ntopics(l);
    long base = -1;
    if (baseline != NULL) {
        for (size_t r = 0; r < nr; r++)
            if (strcmp(report_live_run(l, r), baseline) == 0)
                base = (long)r;
        if (base < 0) {
            util_warn("compare: no run '%s' to use as the baseline", baseline);
            status = UTIL_EXIT_USAGE;
            goto out;
        }
    }
    if (nr < 2 || nt == 0) {
        util_warn("compare: nothing to compare (%zu runs, %zu judged topics)", nr, nt);
        status = UTIL_EXIT_DATA;
        goto out;
    }
    size_t nm = report_live_nmeasures(l);
    size_t *order = util_malloc(nr * sizeof *order);
    size_t *pa = util_malloc(nr * nr * sizeof *pa), *pb = util_malloc(nr * nr * sizeof *pb);
    double *x = util_malloc(nr * nt * sizeof *x);
    metrics_test tests[5];
    size_t ntests = 0;
    if (all_tests)
        for (int k = 0; k < 5; k++)
            tests[ntests++] = (metrics_test)k;
    else
        tests[ntests++] = test;
    int machine = format == REPORT_TABLE_TSV || format == REPORT_TABLE_JSON;
    /* Each measure on its own: its pairs ordered by it, corrected within it and the test. */
    for (size_t m = 0; m < nm; m++) {
        report_live_order(l, m, -1, order);
        size_t npairs = metrics_compare_pairs(order, nr, base, pa, pb);
        for (size_t r = 0; r < nr; r++)
            for (size_t k = 0; k < nt; k++)
                x[r * nt + k] = report_live_topic_value(l, r, k, m);
        metrics_comparison *res = metrics_compare(x, nt, pa, pb, npairs, tests, ntests, &to,
                                                  corr);
        t = report_live_compare_table(l, machine, t, m, res, ntests * npairs, nt, alpha);
        free(res);
    }
    char names[160] = "", title[256];
    for (size_t m = 0; m < nm; m++) {
        size_t len = strlen(names);
        snprintf(names + len, sizeof names - len, "%s%s", m ? ", " : "", report_live_label(l, m));
    }
    const char *corr_name = metrics_correction_name(corr);
    snprintf(title, sizeof title, "%s over %zu judged topics, %s-sided, correction %s", names,
             nt, to.sided == 1 ? "one" : "two", corr_name);
    util_out o;
    util_out_init(&o, stdout);
    if (format == REPORT_TABLE_JSON) {
        util_json j;
        util_json_init(&j, &o);
        report_live_json_begin(l, op.a.policy, &j);
        util_json_key(&j, "sided");
        util_json_int(&j, to.sided == 1 ? 1 : 2);
        util_json_key(&j, "correction");
        util_json_str(&j, corr_name);
        util_json_key(&j, "alpha");
        util_json_double(&j, alpha);
        util_json_break(&j, "\n ");
        util_json_key(&j, "comparisons");
        report_table_json(t, &j);
        util_json_space(&j, "\n");
        util_json_end(&j);
        util_out_char(&o, '\n');
    } else {
        report_table_write(t, format, title, &o);
    }
    if (util_out_flush(&o) != 0 || fflush(stdout) != 0) {
        util_warn("compare: cannot write the output");
        status = UTIL_EXIT_SYSTEM;
    }
    util_out_free(&o);
    free(order);
    free(pa);
    free(pb);
    free(x);
out:
    report_table_free(&t);
    campaign_live_close(&c);
    free(op.a.measures);
    return status;
}
