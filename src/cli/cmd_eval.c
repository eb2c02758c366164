/* cmd_eval.c: `trecjudge eval`: run files evaluated against qrels, compatible with trec_eval. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "eval/eval.h"
#include "formats/formats.h"
#include "metrics/metrics.h"
#include "report/report.h"
#include "util/util.h"

static int parse_long_opt(const char *opt, const char *arg, long *out)
{
    if (util_parse_long(arg, strlen(arg), out) != 0) {
        util_warn("eval: option -%s needs an integer, not '%s'", opt, arg);
        return -1;
    }
    return 0;
}

/* What eval's command line asks for (trec_eval's options). */
typedef struct eval_cmd_opts {
    metrics_params params;
    metrics_set *set;
    report_format format;
    int per_topic, summary, judgment_groups, prefs_from_qrels;
    const char *zscores_path;
} eval_cmd_opts;

/* Parses eval's options into o; -1 to go on, else the exit status. */
static int eval_parse(int argc, char **argv, eval_cmd_opts *o)
{
    const cli_command *cmd = cli_command_find("eval");
    int opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        long v;
        util_error err = { 0, "" };
        switch (opt) {
        case 'q':
            o->per_topic = 1;
            break;
        case 'c':
            o->params.average_complete = 1;
            break;
        case 'J':
            o->params.judged_only = 1;
            break;
        case 'n':
            o->summary = 0;
            break;
        case 'D':
            break; /* trec_eval's debug level: accepted and ignored */
        case 'l':
            if (parse_long_opt("l", optarg, &v) != 0)
                return UTIL_EXIT_USAGE;
            o->params.relevance_level = v;
            break;
        case 'M':
            if (parse_long_opt("M", optarg, &v) != 0)
                return UTIL_EXIT_USAGE;
            o->params.max_docs = v;
            break;
        case 'N':
            if (parse_long_opt("N", optarg, &v) != 0)
                return UTIL_EXIT_USAGE;
            o->params.num_docs_in_coll = v;
            break;
        case 'm':
            if (metrics_set_select(o->set, optarg, &err) != 0) {
                util_warn("eval: %s", err.msg);
                return err.code;
            }
            break;
        case 'R':
            if (strcmp(optarg, "qrels") == 0) {
                o->judgment_groups = 0;
            } else if (strcmp(optarg, "qrels_jg") == 0) {
                o->judgment_groups = METRICS_QRELS_GROUPS;
            } else if (strcmp(optarg, "prefs") == 0) {
                o->judgment_groups = METRICS_QRELS_PREFS;
                o->prefs_from_qrels = 0;
            } else if (strcmp(optarg, "qrels_prefs") == 0) {
                o->judgment_groups = METRICS_QRELS_PREFS;
                o->prefs_from_qrels = 1;
            } else {
                util_warn("eval: qrels format '%s' is not supported "
                          "(only 'qrels', 'qrels_jg', 'prefs' and 'qrels_prefs')", optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 'T':
            if (strcmp(optarg, "trec_results") != 0) {
                util_warn("eval: results format '%s' is not supported (only 'trec_results')",
                          optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 'Z':
            o->zscores_path = optarg;
            break;
        case 'F':
            if (report_format_parse(optarg, &o->format) != 0) {
                util_warn("eval: unknown --format '%s' (trec, tsv or json)", optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 'B': {
            double b;
            if (util_parse_double(optarg, strlen(optarg), &b) != 0 || !(b > 1.0)) {
                util_warn("eval: --jk-base needs a number greater than 1, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            o->params.jk_base = b;
            break;
        }
        default:
            return cli_usage_option(cmd, opt);
        }
    }
    if (argc - optind < 2) {
        return cli_usage_error(cmd);
    }
    util_error err = { 0, "" };
    if (metrics_set_empty(o->set))
        metrics_set_select(o->set, "official", NULL);
    if (metrics_set_finish(o->set, &err) != 0 ||
        metrics_set_check_qrels(o->set, o->judgment_groups, &err) != 0) {
        util_warn("eval: %s", err.msg);
        return err.code;
    }
    if (o->zscores_path != NULL && o->format != REPORT_TREC) {
        util_warn("eval: -Z works only with --format trec");
        return UTIL_EXIT_USAGE;
    }
    return -1;
}

int cli_eval(int argc, char **argv)
{
    eval_cmd_opts o = { .set = metrics_set_new(), .format = REPORT_TREC, .summary = 1,
                    .judgment_groups = METRICS_QRELS_PLAIN };
    metrics_params_init(&o.params);
    formats_qrels *qrels = NULL;
    formats_zscores *zscores = NULL;
    formats_prefs *prefs = NULL;
    eval_judge *judge = NULL;
    metrics_set *set = o.set;
    int status = eval_parse(argc, argv, &o);
    if (status >= 0)
        goto out;
    metrics_params params = o.params;
    report_format format = o.format;
    int per_topic = o.per_topic, summary = o.summary, judgment_groups = o.judgment_groups;
    int prefs_from_qrels = o.prefs_from_qrels;
    const char *zscores_path = o.zscores_path;
    util_error err = { 0, "" };
    if (judgment_groups == METRICS_QRELS_PREFS) {
        if ((prefs = formats_prefs_read(argv[optind], prefs_from_qrels, &err)) == NULL) {
            util_warn("%s", err.msg);
            status = err.code ? err.code : UTIL_EXIT_INPUT;
            goto out;
        }
    } else {
        /* trec_eval takes names as any bytes: so does eval (a campaign has the name rule) */
        qrels = formats_qrels_read_flags(argv[optind], FORMATS_ANY_BYTES |
                                         (judgment_groups ? FORMATS_QRELS_JG : 0), &err);
    }
    if (qrels == NULL && prefs == NULL) {
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_INPUT;
        goto out;
    }
    if (zscores_path != NULL && (zscores = formats_zscores_read(zscores_path, &err)) == NULL) {
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_INPUT;
        goto out;
    }
    judge = eval_new(qrels, prefs, zscores, set, &params);
    util_out out;
    util_out_init(&out, stdout);
    report_eval rep = { .out = &out, .format = format, .set = set, .per_topic = per_topic,
                        .summary = summary };
    report_eval_begin(&rep);
    status = UTIL_EXIT_OK;
    for (int a = optind + 1; a < argc && status == UTIL_EXIT_OK; a++) {
        report_run run;
        if (eval_file(judge, argv[a], &run, &err) != 0) {
            util_warn("%s", err.msg);
            status = err.code;
        } else if (zscores != NULL) {
            report_eval_run_zscores(&rep, &run);
        } else {
            report_eval_run(&rep, &run);
        }
    }
    if (status == UTIL_EXIT_OK)
        report_eval_end(&rep);
    if (util_out_flush(&out) != 0 || fflush(stdout) != 0) {
        util_warn("eval: cannot write the output");
        if (status == UTIL_EXIT_OK)
            status = UTIL_EXIT_SYSTEM;
    }
    util_out_free(&out);
out:
    eval_free(&judge);
    formats_zscores_free(&zscores);
    formats_qrels_free(&qrels);
    formats_prefs_free(&prefs);
    metrics_set_free(&set);
    return status;
}
