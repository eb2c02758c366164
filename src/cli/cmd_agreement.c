/* cmd_agreement.c: `trecjudge agreement`: assessors' agreement (raw, Cohen's, Fleiss' kappa). */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* --table's values, in their order in the command table; BOTH: every table. */
enum { TABLE_BOTH = -1, TABLE_PAIRS, TABLE_ADJUDICATION };

/* How often adjudication (assess --adjudicate) sided with each assessor, after the
 * agreement (after): nothing when the campaign has no adjudication, but the header in tsv.
 * The adjudication is not an assessor: it is in none of the tables above. */
static int adjudication_lines(util_out *o, store *s, const campaign_votes *c, int tsv,
                              int after)
{
    campaign_adjudication_tally t;
    util_error err = { 0, "" };
    int status = UTIL_EXIT_OK;
    if (tsv)
        util_out_str(o, "assessor\tsided\tjudged\n");
    if (campaign_adjudication_tally_read(&t, s, c, &err) != 0) {
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    } else if (t.adjudicated > 0) {
        if (!tsv)
            util_out_printf(o, "%sadjudication: %zu documents adjudicated\n", after ? "\n" : "",
                            t.adjudicated);
        for (size_t a = 0; a < c->nassessors; a++) {
            if (t.judged[a] == 0)
                continue;
            if (tsv)
                util_out_printf(o, "%s\t%zu\t%zu\n", c->assessors[a],
                                t.sided[a], t.judged[a]);
            else
                util_out_printf(o, "adjudication sided with %s: %zu of %zu (%.1f%%)\n",
                                c->assessors[a], t.sided[a], t.judged[a],
                                100.0 * (double)t.sided[a] / (double)t.judged[a]);
        }
    }
    campaign_adjudication_tally_free(&t);
    return status;
}

int cli_agreement(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("agreement");
    const char *campaign = NULL;
    report_table_format format = REPORT_TABLE_TEXT;
    long level = 1;
    int level_set = 0, confusion = 1, table = TABLE_BOTH, status = UTIL_EXIT_USAGE, opt;
    campaign_votes c;
    memset(&c, 0, sizeof c);
    store *s = NULL;
    metrics_agreement ag;
    memset(&ag, 0, sizeof ag);
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'h':
            cli_usage(cmd, stdout);
            status = UTIL_EXIT_OK;
            goto out;
        case 'd':
            campaign = optarg;
            break;
        case 'l':
            if (util_parse_long(optarg, strlen(optarg), &level) != 0) {
                util_warn("agreement: -l needs an integer, not '%s'", optarg);
                goto out;
            }
            level_set = 1;
            break;
        case 'F':
            if (report_table_format_parse(optarg, &format) != 0) {
                util_warn("agreement: unknown --format '%s' (text, tsv, json, md or latex)",
                          optarg);
                goto out;
            }
            break;
        case 'N':
            confusion = 0;
            break;
        case 'T':
            if ((table = cli_option_value(cmd, 'T', optarg)) < 0)
                goto out;
            break;
        default:
            cli_usage(cmd, stderr);
            goto out;
        }
    }
    if (argc - optind > 1 || (argc - optind == 1 && campaign != NULL)) {
        cli_usage(cmd, stderr);
        goto out;
    }
    if (table == TABLE_ADJUDICATION &&
        (argc - optind == 1 || (format != REPORT_TABLE_TEXT && format != REPORT_TABLE_TSV))) {
        util_warn("agreement: --table adjudication is a campaign's, in text or tsv");
        goto out;
    }
    /* one table a TSV stream, with one header line: programs read it as it is */
    if (format == REPORT_TABLE_TSV && table == TABLE_BOTH)
        table = TABLE_PAIRS;
    if (table == TABLE_PAIRS)
        confusion = 0;
    util_error err = { 0, "" };
    if (argc - optind == 1) {
        if (campaign_votes_read_file(&c, argv[optind], &err) != 0) {
            util_warn("%s", err.msg);
            status = err.code ? err.code : UTIL_EXIT_INPUT;
            goto out;
        }
    } else {
        if ((s = cli_campaign_open_readonly(campaign, &status)) == NULL)
            goto out;
        char *value = NULL;
        long v;
        if (!level_set && store_setting_get(s, "relevance_level", &value, &err) > 0 &&
            util_parse_long(value, strlen(value), &v) == 0)
            level = v;
        free(value);
        if (campaign_votes_read_campaign(&c, s, &err) != 0) {
            util_warn("%s", err.msg);
            status = err.code ? err.code : UTIL_EXIT_SYSTEM;
            goto out;
        }
    }
    campaign_votes_finish(&c);
    metrics_agreement_compute(c.grade_of, c.nitems, c.nassessors, level, &ag);
    util_out o;
    util_out_init(&o, stdout);
    status = UTIL_EXIT_OK;
    if (table != TABLE_ADJUDICATION) {
        size_t rows = report_agreement_write(&o, &ag, (const char *const *)c.assessors,
                                             c.nassessors, c.nitems, level, format, confusion);
        if (rows == 0)
            util_warn("agreement: no document was judged by two assessors");
    }
    if (s != NULL && table != TABLE_PAIRS && (format == REPORT_TABLE_TEXT ||
                                              format == REPORT_TABLE_TSV))
        status = adjudication_lines(&o, s, &c, format == REPORT_TABLE_TSV, table == TABLE_BOTH);
    if (util_out_flush(&o) != 0 || fflush(stdout) != 0) {
        util_warn("agreement: cannot write the output");
        status = UTIL_EXIT_SYSTEM;
    }
    util_out_free(&o);
out:
    metrics_agreement_free(&ag);
    campaign_votes_free(&c);
    store_close(&s);
    return status;
}
