/* cmd_pool.c: `trecjudge pool`: pools, statistics, bias, exports. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "campaign/campaign.h"
#include "formats/formats.h"
#include "metrics/metrics.h"
#include "pool/pool.h"
#include "util/util.h"


/* ---- options ---- */

static int parse_size(const char *s, size_t *out)
{
    long v;
    if (util_parse_long(s, strlen(s), &v) != 0 || v < 0)
        return -1;
    *out = (size_t)v;
    return 0;
}

static int depth_cb(void *vctx, const char *qid, size_t depth)
{
    return campaign_pool_set_depth(vctx, qid, depth);
}

/* ---- writing ---- */

/* n with a comma between groups of three digits ("49,522"); buf holds 32. */
static const char *with_commas(int64_t n, char *buf)
{
    char digits[32];
    int len = snprintf(digits, sizeof digits, "%lld", (long long)(n < 0 ? -n : n));
    char *p = buf;
    if (n < 0)
        *p++ = '-';
    for (int i = 0; i < len; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            *p++ = ',';
        *p++ = digits[i];
    }
    *p = '\0';
    return buf;
}

typedef struct no_text_sum {
    int64_t pooled, no_text;
} no_text_sum;

static int no_text_cb(void *vctx, const char *qid, int64_t pooled, int64_t no_text)
{
    (void)qid;
    no_text_sum *t = vctx;
    t->pooled += pooled;
    t->no_text += no_text;
    return 0;
}

/* After pooling: how many pooled documents the assessors would see without text. */
static int report_no_text(store *s, util_error *err)
{
    no_text_sum t = { 0, 0 };
    if (store_pool_text_each(s, no_text_cb, &t, err) != 0)
        return -1;
    char a[32], b[32];
    if (t.no_text > 0)
        fprintf(stderr, "pool: %s of %s pooled documents have no text in the campaign (import them"
                " with 'trecjudge docs import'; 'trecjudge status' counts them per topic)\n",
                with_commas(t.no_text, a), with_commas(t.pooled, b));
    return 0;
}

/* Adds the pool to the campaign and says what it added. */
static int print_persist(campaign_pool *c, int dry_run, util_error *err)
{
    size_t added, before;
    if (campaign_pool_persist(c, dry_run, &added, &before, err) != 0)
        return -1;
    fprintf(stderr, "pool: %s, depth %zu%s: %zu topics, %zu documents %s (%zu pooled before)\n",
            pool_strategy_name(c->params.strategy), c->params.depth,
            c->ndepths ? " (some topics differ)" : "", c->ntopics, added,
            dry_run ? "would be added" : "added", before);
    return 0;
}

/* Prints the document a live strategy proposes next for topic qid. */
static int print_next(campaign_pool *c, const char *qid, long level, util_out *o, util_error *err)
{
    char *d = NULL;
    size_t judged, candidates;
    if (campaign_pool_next(c, qid, level, &d, &judged, &candidates, err) != 0)
        return -1;
    if (d != NULL) {
        util_out_str(o, d);
        util_out_char(o, '\n');
    } else if (c->params.budget > 0 && judged >= c->params.budget) {
        /* judged of the budget, as the assessment screen's status line and bar count */
        fprintf(stderr, "pool: topic %s: the budget is spent: %zu/%zu of budget judged (%zu "
                "candidates)\n", qid, judged, c->params.budget, candidates);
    } else {
        fprintf(stderr, "pool: topic %s: no document left to judge (%zu of %zu candidates "
                "judged)\n", util_shown(qid), judged, candidates);
    }
    free(d);
    return 0;
}

/* ---- the command ---- */

/* The keys of pool's long options in the command table (commands.c). */
enum {
    OPT_STRATEGY = 'S', OPT_DEPTH = 'k', OPT_DEPTH_FILE = 'K', OPT_BUDGET = 'b', OPT_RBP_P = 'p',
    OPT_ORDER = 'O', OPT_SEED = 's', OPT_STATS = 't', OPT_OVERLAP = 'v', OPT_BIAS = 'B',
    OPT_QRELS = 'q', OPT_FORMAT = 'F', OPT_EXPORT = 'e', OPT_NEXT = 'x', OPT_POLICY = 'Q',
    OPT_RUNS = 'r', OPT_UNJUDGED = 'u', OPT_TABLE = 'T'
};

static int usage_error(const char *what)
{
    if (what != NULL)
        util_warn("pool: %s", what);
    cli_usage(cli_command_find("pool"), stderr);
    return UTIL_EXIT_USAGE;
}

/* Checks the combination of parameters; the live strategies present in their own order. */
static int check_params(pool_params *p)
{
    if (p->budget != 0 && p->strategy == POOL_DEPTH) {
        usage_error("--budget applies to Take@N (rrf, rbp, rbp-max, borda) and to mtf, maxmean, "
                    "cal");
        return -1;
    }
    if (pool_strategy_is_live(p->strategy))
        p->order = POOL_ORDER_PRIORITY;
    return 0;
}

/* What pool's command line asks for. */
typedef struct pool_cmd_opts {
    const char *campaign, *depth_file, *qrels, *output, *next, *runs;
    int stats, overlap, bias, fmt, export, dry_run, files, unjudged;
    int table;               /* CAMPAIGN_STATS_*: --table's choice, or ALL */
    long level;
} pool_cmd_opts;

/* Parses pool's options into o, c->params (given: g) and jud's policy; -1 to go on, else
 * the exit status. */
static int pool_parse(int argc, char **argv, pool_cmd_opts *o, campaign_pool *c,
                      campaign_pool_given *g,
                      campaign_judged *jud)
{
    const cli_command *cmd = cli_command_find("pool");
    int opt;
    memset(o, 0, sizeof *o);
    o->fmt = CAMPAIGN_FMT_TABLE;
    o->export = CAMPAIGN_EXPORT_NONE;
    o->level = -1;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        size_t v;
        switch (opt) {
        case 'h':
            cli_usage(cmd, stdout);
            return UTIL_EXIT_OK;
        case 'd': o->campaign = optarg; break;
        case 'o': o->output = optarg; break;
        case 'n': o->dry_run = 1; break;
        case 'l':
            if (util_parse_long(optarg, strlen(optarg), &o->level) != 0)
                return usage_error("-l needs an integer");
            break;
        case OPT_STRATEGY:
            if (pool_strategy_parse(optarg, &c->params.strategy) != 0)
                return usage_error("unknown strategy (depth, rrf, rbp, rbp-max, borda, mtf,"
                                   " maxmean)");
            g->strategy = 1;
            break;
        case OPT_DEPTH:
            if (parse_size(optarg, &v) != 0)
                return usage_error("--depth needs a number >= 0");
            c->params.depth = v;
            g->depth = 1;
            break;
        case OPT_DEPTH_FILE: o->depth_file = optarg; break;
        case OPT_BUDGET:
            if (parse_size(optarg, &v) != 0)
                return usage_error("--budget needs a number >= 0");
            c->params.budget = v;
            g->budget = 1;
            break;
        case OPT_RBP_P: {
            double p;
            if (util_parse_double(optarg, strlen(optarg), &p) != 0 || !(p > 0 && p < 1))
                return usage_error("--rbp-p needs a number between 0 and 1 (exclusive)");
            c->params.rbp_p = p;
            g->rbp_p = 1;
            break;
        }
        case OPT_ORDER:
            if (pool_order_parse(optarg, &c->params.order) != 0)
                return usage_error("unknown order (docno, shuffle, priority)");
            g->order = 1;
            break;
        case OPT_SEED: {
            long s;
            if (util_parse_long(optarg, strlen(optarg), &s) != 0)
                return usage_error("--seed needs an integer");
            c->params.seed = (uint64_t)s;
            g->seed = 1;
            break;
        }
        case OPT_NEXT: o->next = optarg; break;
        case OPT_STATS: o->stats = 1; break;
        case OPT_OVERLAP: o->overlap = o->stats = 1; break;
        case OPT_BIAS: o->bias = 1; break;
        case OPT_QRELS: o->qrels = optarg; break;
        case OPT_RUNS: o->runs = optarg; g->runs = 1; break;
        case OPT_UNJUDGED: o->unjudged = 1; break;
        case OPT_TABLE: {
            /* the order of the values in the command table */
            static const int tables[] = { CAMPAIGN_STATS_TOPICS, CAMPAIGN_STATS_RUNS,
                                          CAMPAIGN_STATS_OVERLAP };
            int i = cli_option_value(cmd, OPT_TABLE, optarg);
            if (i < 0)
                return usage_error(NULL);
            o->table = tables[i];
            break;
        }
        case OPT_POLICY:
            if (campaign_policy_parse(optarg, &jud->policy, &jud->primary) != 0)
                return usage_error("unknown policy (max, majority, mean, primary=NAME)");
            break;
        case OPT_FORMAT:
            if (strcmp(optarg, "table") == 0)
                o->fmt = CAMPAIGN_FMT_TABLE;
            else if (strcmp(optarg, "tsv") == 0)
                o->fmt = CAMPAIGN_FMT_TSV;
            else if (strcmp(optarg, "json") == 0)
                o->fmt = CAMPAIGN_FMT_JSON;
            else
                return usage_error("unknown format (table, tsv, json)");
            break;
        case OPT_EXPORT:
            if (strcmp(optarg, "list") == 0)
                o->export = CAMPAIGN_EXPORT_LIST;
            else if (strcmp(optarg, "qrels") == 0)
                o->export = CAMPAIGN_EXPORT_QRELS;
            else if (strcmp(optarg, "run") == 0)
                o->export = CAMPAIGN_EXPORT_RUN;
            else if (strcmp(optarg, "jsonl") == 0)
                o->export = CAMPAIGN_EXPORT_JSONL;
            else
                return usage_error("unknown export form (list, qrels, run, jsonl)");
            break;
        default:
            return usage_error(NULL);
        }
    }
    o->files = optind < argc;
    if (o->files && o->campaign != NULL)
        return usage_error("give run files or a campaign (-d), not both");
    if (o->stats + o->bias + (o->export != CAMPAIGN_EXPORT_NONE) + (o->next != NULL) > 1)
        return usage_error("--stats, --bias, --export and --next go one at a time");
    if (o->table != CAMPAIGN_STATS_ALL && !o->stats)
        return usage_error("--table goes with --stats");
    if (o->table != CAMPAIGN_STATS_ALL && o->fmt == CAMPAIGN_FMT_JSON)
        return usage_error("--table chooses a table of --format table or tsv (json holds them"
                           " all)");
    /* asked for the overlap, a TSV stream shows it */
    if (o->overlap && o->table == CAMPAIGN_STATS_ALL && o->fmt == CAMPAIGN_FMT_TSV)
        o->table = CAMPAIGN_STATS_OVERLAP;
    if (o->files && o->next != NULL)
        return usage_error("--next works on a campaign");
    if (cli_name_check("pool", "topic", o->next) != 0)
        return UTIL_EXIT_USAGE;
    if (o->files && o->bias && o->qrels == NULL)
        return usage_error("--bias on run files needs --qrels");
    if (o->files && (o->export == CAMPAIGN_EXPORT_JSONL || o->unjudged))
        return usage_error("--export jsonl and --unjudged work on a campaign");
    if (o->unjudged && o->export == CAMPAIGN_EXPORT_NONE)
        return usage_error("--unjudged goes with --export");
    if (o->files && o->runs != NULL)
        return usage_error("--runs chooses among a campaign's runs (give fewer RUN files)");
    if (o->files && o->dry_run)
        return usage_error("--dry-run applies to a campaign");
    if (o->files && o->export == CAMPAIGN_EXPORT_NONE && !o->stats && !o->bias)
        o->export = CAMPAIGN_EXPORT_LIST;
    return -1;
}

int cli_pool(int argc, char **argv)
{
    campaign_pool c;
    memset(&c, 0, sizeof c);
    pool_params_init(&c.params);
    campaign_pool_given g;
    memset(&g, 0, sizeof g);
    campaign_judged jud;
    memset(&jud, 0, sizeof jud);
    pool_cmd_opts o;
    int status = pool_parse(argc, argv, &o, &c, &g, &jud);
    if (status >= 0)
        return status;
    status = UTIL_EXIT_OK;
    const char *campaign = o.campaign, *depth_file = o.depth_file, *qrels = o.qrels;
    const char *output = o.output, *next = o.next;
    int stats = o.stats, overlap = o.overlap, bias = o.bias, fmt = o.fmt, export = o.export;
    int dry_run = o.dry_run, files = o.files;
    char budget_text[32] = "";
    long level = o.level;
    util_error err = { 0, "" };
    util_out out;
    memset(&out, 0, sizeof out);
    FILE *fp = NULL;
    c.keep = bias;
    if (output != NULL && (export != CAMPAIGN_EXPORT_NONE || stats || bias || next != NULL)) {
        fp = fopen(output, "w");
        if (fp == NULL) {
            util_warn("%s: cannot write: %s", output, strerror(errno));
            return UTIL_EXIT_SYSTEM;
        }
    }
    util_out_init(&out, fp != NULL ? fp : stdout);
    if (depth_file != NULL && formats_depths_read(depth_file, depth_cb, &c, &err) != 0)
        goto fail;
    if (o.runs != NULL && campaign_pool_set_runs(&c, o.runs, &err) != 0)
        goto fail;
    if (files) {
        if (c.params.strategy == POOL_CAL) {
            status = usage_error("--strategy cal works on a campaign with a search index "
                                 "(trecjudge index)");
            goto out;
        }
        if (check_params(&c.params) != 0) {
            status = UTIL_EXIT_USAGE;
            goto out;
        }
        if (campaign_pool_read_files(&c, argv + optind, argc - optind, &err) != 0)
            goto fail;
    } else {
        c.s = cli_campaign_open(campaign, &status);
        if (c.s == NULL)
            goto out;
        if (export != CAMPAIGN_EXPORT_NONE) {
            if (campaign_pool_write_campaign(c.s, &out, export, o.unjudged, &err) != 0)
                goto fail;
            goto flush;
        }
        if (campaign_pool_load_settings(&c, &g, &err) != 0)
            goto fail;
        /* a budget recorded for another strategy does not apply to depth-k */
        if (!g.budget && c.params.strategy == POOL_DEPTH)
            c.params.budget = 0;
        if (campaign_pool_topic_depths(&c, &err) != 0)
            goto fail;
        if (level < 0) {
            char *v = NULL;
            level = 1;
            if (store_setting_get(c.s, "relevance_level", &v, &err) > 0)
                util_parse_long(v, strlen(v), &level);
            util_free(&v);
        }
        if (check_params(&c.params) != 0) {
            status = UTIL_EXIT_USAGE;
            goto out;
        }
        if (next != NULL) {
            if (!pool_strategy_is_live(c.params.strategy)) {
                status = usage_error("--next needs a live strategy (mtf, maxmean or cal)");
                goto out;
            }
            if (print_next(&c, next, level, &out, &err) != 0)
                goto fail;
            goto flush;
        }
        if (c.params.strategy == POOL_CAL) {
            if (stats || bias) {
                status = usage_error("--stats and --bias read the runs' pool: not with cal");
                goto out;
            }
            if (!dry_run && (status = cli_import_lock(c.s, 1)) != UTIL_EXIT_OK)
                goto out;
            if (campaign_pool_cal(&c, dry_run, &err) != 0)
                goto fail;
            fprintf(stderr, "pool: cal%s%s: nothing %s; continuous active learning proposes "
                    "each document while judging, from the whole collection\n",
                    c.params.budget ? ", budget " : "",
                    c.params.budget ? (snprintf(budget_text, sizeof budget_text, "%zu",
                                                c.params.budget), budget_text) : "",
                    dry_run ? "would be added" : "added");
            goto flush;
        }
        if (campaign_pool_read_campaign(&c, &err) != 0)
            goto fail;
    }
    if (level < 0)
        level = 1;
    campaign_pool_finish(&c);
    if (stats) {
        campaign_pool_write_stats(&out, &c, fmt, overlap, o.table);
    } else if (bias) {
        if (qrels != NULL ? campaign_judged_read_file(&jud, qrels, &err) != 0
                          : campaign_judged_read_campaign(&jud, c.s, &err) != 0)
            goto fail;
        if (campaign_pool_write_bias(&out, &c, &jud, level, fmt) != 0)
            goto fail;
    } else if (export != CAMPAIGN_EXPORT_NONE) {
        campaign_pool_write(&out, &c, export);
    } else {
        if (c.ntopics == 0) {
            util_warn("%s: no runs imported; nothing to pool", store_path(c.s));
            status = UTIL_EXIT_DATA;
            goto out;
        }
        if (!dry_run && (status = cli_import_lock(c.s, 1)) != UTIL_EXIT_OK)
            goto out;
        if (print_persist(&c, dry_run, &err) != 0 || report_no_text(c.s, &err) != 0)
            goto fail;
    }
flush: {
    int bad = util_out_flush(&out) != 0;
    if (fp != NULL) {
        bad |= fclose(fp) != 0;
        fp = NULL;
    }
    if (bad) {
        util_warn("%s: write error", output ? output : "standard output");
        status = UTIL_EXIT_SYSTEM;
    }
    goto out;
}
fail:
    util_warn("%s", err.msg);
    status = err.code ? err.code : UTIL_EXIT_INPUT;
out:
    if (fp == NULL) {
        util_out_free(&out);
    } else {
        /* what was not written by a failed command goes nowhere */
        out.len = 0;
        util_out_free(&out);
        fclose(fp);
    }
    campaign_judged_free(&jud);
    if (c.s != NULL)
        store_close(&c.s);
    campaign_pool_free(&c);
    return status;
}
