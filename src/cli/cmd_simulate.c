/* cmd_simulate.c: `trecjudge simulate`: pooling strategies replayed with qrels as the assessor. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

#define MAX_BUDGETS 64

static int usage_error(const char *msg)
{
    util_warn("simulate: %s", msg);
    return UTIL_EXIT_USAGE;
}

/* "10,20,50": positive integers, ascending once sorted, duplicates dropped. */
static int parse_budgets(const char *s, size_t *budgets, size_t *n)
{
    *n = 0;
    const char *p = s;
    for (;;) {
        size_t len = strcspn(p, ",");
        long v;
        if (len == 0 || util_parse_long(p, len, &v) != 0 || v < 1) {
            util_warn("simulate: a budget is a whole number of judgments per topic, at least "
                      "1, not '%.*s'", (int)(len > 64 ? 64 : len), p);
            return -1;
        }
        if (*n == MAX_BUDGETS) {
            util_warn("simulate: at most %d budgets", MAX_BUDGETS);
            return -1;
        }
        size_t k = *n;
        while (k > 0 && budgets[k - 1] > (size_t)v)
            k--;
        if (k == 0 || budgets[k - 1] != (size_t)v) {
            memmove(&budgets[k + 1], &budgets[k], (*n - k) * sizeof *budgets);
            budgets[k] = (size_t)v;
            (*n)++;
        }
        if (p[len] == '\0')
            return 0;
        p += len + 1;
    }
}

static int write_svg(const campaign_sim *sim, const char *path)
{
    FILE *fp = fopen(path, "w");
    if (fp == NULL) {
        util_warn("%s: cannot write: %s", path, strerror(errno));
        return UTIL_EXIT_SYSTEM;
    }
    util_out o;
    util_out_init(&o, fp);
    campaign_sim_plot(&o, sim, 1);
    int bad = util_out_flush(&o) != 0;
    util_out_free(&o);
    bad |= fclose(fp) != 0;
    if (bad) {
        util_warn("%s: write error", path);
        return UTIL_EXIT_SYSTEM;
    }
    return UTIL_EXIT_OK;
}

int cli_simulate(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("simulate");
    const char *campaign = NULL, *svg = NULL;
    campaign_sim_opts so;
    memset(&so, 0, sizeof so);
    so.strategies = "depth,rrf,mtf,maxmean";
    so.depth = 100;
    size_t budgets[MAX_BUDGETS + 1];
    if (parse_budgets("10,20,50,100,200", budgets, &so.nbudgets) != 0)
        return UTIL_EXIT_SYSTEM;
    so.budgets = budgets;
    int fmt = CAMPAIGN_FMT_TABLE, plot = 0, trace = 0, level_set = 0, opt;
    long v;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'h':
            cli_usage(cmd, stdout);
            return UTIL_EXIT_OK;
        case 'd': campaign = optarg; break;
        case 'q': so.qrels = optarg; break;
        case 'S': so.strategies = optarg; break;
        case 'b':
            if (parse_budgets(optarg, budgets, &so.nbudgets) != 0)
                return UTIL_EXIT_USAGE;
            break;
        case 'k':
            if (util_parse_long(optarg, strlen(optarg), &v) != 0 || v < 0)
                return usage_error("--depth needs a whole number, 0 or more");
            so.depth = (size_t)v;
            break;
        case 'l':
            if (util_parse_long(optarg, strlen(optarg), &so.relevance_level) != 0)
                return usage_error("-l needs an integer");
            level_set = 1;
            break;
        case 's':
            if (util_parse_long(optarg, strlen(optarg), &v) != 0 || v < 0)
                return usage_error("--seed needs a whole number, 0 or more");
            so.seed = (uint64_t)v;
            break;
        case 'F':
            if (strcmp(optarg, "table") == 0)
                fmt = CAMPAIGN_FMT_TABLE;
            else if (strcmp(optarg, "tsv") == 0)
                fmt = CAMPAIGN_FMT_TSV;
            else if (strcmp(optarg, "json") == 0)
                fmt = CAMPAIGN_FMT_JSON;
            else
                return usage_error("unknown --format (table, tsv, json)");
            break;
        case 'P': plot = 1; break;
        case 't': trace = 1; break;
        default:
            return cli_usage_error(cmd);
        }
    }
    /* the one operand: the SVG file of --plot */
    if (argc - optind == 1 && plot)
        svg = argv[optind];
    else if (argc - optind > 0)
        return cli_usage_error(cmd);
    if (so.qrels == NULL)
        return usage_error("--qrels FILE is required: its judgments answer as the assessor");
    util_error err = { 0, "" };
    if (campaign_sim_check_strategies(so.strategies, &err) != 0) {
        util_warn("simulate: %s", err.msg);
        return UTIL_EXIT_USAGE;
    }
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open_readonly(campaign, &status);
    if (s == NULL)
        return status;
    campaign_sim sim;
    memset(&sim, 0, sizeof sim);
    util_out out;
    util_out_init(&out, stdout);
    if (!level_set) {
        char *value = NULL;
        so.relevance_level = 1;
        if (store_setting_get(s, "relevance_level", &value, &err) > 0 &&
            util_parse_long(value, strlen(value), &v) == 0)
            so.relevance_level = v;
        free(value);
    }
    so.trace = trace ? &out : NULL;
    if (campaign_simulate(s, &so, &sim, &err) != 0) {
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_INPUT;
        goto out;
    }
    if (!trace) {
        campaign_sim_write(&out, &sim, fmt);
        if (plot && svg == NULL) {
            util_out_char(&out, '\n');
            campaign_sim_plot(&out, &sim, 0);
        }
    }
    if (plot && svg != NULL)
        status = write_svg(&sim, svg);
    if (util_out_flush(&out) != 0 || fflush(stdout) != 0) {
        util_warn("simulate: cannot write the output");
        status = UTIL_EXIT_SYSTEM;
    }
out:
    util_out_free(&out);
    campaign_sim_free(&sim);
    store_close(&s);
    return status;
}
