/* cmd_assign.c: `trecjudge assign`: topics to an assessor, a balanced assignment, the list. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
#include "cli/cli.h"

/* --table's values, in their order in the command table; BOTH: text without --table. */
enum { LIST_BOTH = -1, LIST_ASSESSORS, LIST_TOPICS };

static int assign_list(store *s, int tsv, int table)
{
    campaign_assignments a;
    util_error err = { 0, "" };
    if (campaign_assignments_read(s, &a, &err) != 0) {
        util_warn("assign: %s", err.msg);
        return err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    util_out out;
    util_out_init(&out, stdout);
    if (table != LIST_TOPICS) {
        util_out_str(&out, tsv ? "assessor\ttopics\tassigned\n"
                               : "assessor     topics  assigned\n");
        for (size_t i = 0; i < a.nassessors; i++)
            util_out_printf(&out, tsv ? "%s\t%zu\t%s\n" : "%-12s %6zu  %s\n",
                            a.assessors[i].name, a.assessors[i].n, a.assessors[i].list);
    }
    if (table == LIST_BOTH)
        util_out_char(&out, '\n');
    if (table != LIST_ASSESSORS) {
        util_out_str(&out, tsv ? "topic\tassessors\twho\n" : "topic        assessors  who\n");
        for (size_t t = 0; t < a.ntopics; t++)
            util_out_printf(&out, tsv ? "%s\t%zu\t%s\n" : "%-12s %9zu  %s\n", a.topics[t].name,
                            a.topics[t].n, a.topics[t].list ? a.topics[t].list : "");
    }
    util_out_free(&out);
    campaign_assignments_free(&a);
    return UTIL_EXIT_OK;
}

int cli_assign(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("assign");
    const char *path = NULL, *format = "text";
    int on = 1, list = 0, autoassign = 0, replace = 0, table = LIST_BOTH, opt;
    long per_topic = 1;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        if (opt == 'h') {
            cli_usage(cmd, stdout);
            return UTIL_EXIT_OK;
        } else if (opt == 'd') {
            path = optarg;
        } else if (opt == 'r') {
            on = 0;
        } else if (opt == 'l') {
            list = 1;
        } else if (opt == 'f') {
            format = optarg;
        } else if (opt == 'T') {
            if ((table = cli_option_value(cmd, 'T', optarg)) < 0)
                return UTIL_EXIT_USAGE;
        } else if (opt == 'a') {
            autoassign = 1;
        } else if (opt == 'R') {
            replace = 1;
        } else if (opt == 'k') {
            if (util_parse_long(optarg, strlen(optarg), &per_topic) != 0 || per_topic < 1) {
                util_warn("assign: --per-topic needs a positive integer, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
        } else {
            return cli_usage_error(cmd);
        }
    }
    int tsv = strcmp(format, "tsv") == 0;
    if (!tsv && strcmp(format, "text") != 0) {
        util_warn("assign: --format is text or tsv, not '%s'", format);
        return UTIL_EXIT_USAGE;
    }
    if (table != LIST_BOTH && !list) {
        util_warn("assign: --table goes with --list");
        return UTIL_EXIT_USAGE;
    }
    /* one table a TSV stream, with one header line: programs read it as it is */
    if (tsv && table == LIST_BOTH)
        table = LIST_ASSESSORS;
    if (list + autoassign > 1 || (list && argc != optind) || (autoassign && argc == optind) ||
        (!list && !autoassign && argc - optind < 2) || ((list || autoassign) && !on) ||
        (replace && !autoassign)) {
        return cli_usage_error(cmd);
    }
    for (int a = optind; a < argc; a++) {
        const char *what = a == optind || autoassign ? "assessor" : "topic";
        if (cli_name_check("assign", what, argv[a]) != 0)
            return UTIL_EXIT_USAGE;
    }
    if (autoassign && per_topic > argc - optind) {
        util_warn("assign: --per-topic %ld needs at least %ld assessors, %d named", per_topic,
                  per_topic, argc - optind);
        return UTIL_EXIT_USAGE;
    }
    int status = UTIL_EXIT_OK;
    store *s = list ? cli_campaign_open_readonly(path, &status) : cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    util_error err = { 0, "" };
    if (list) {
        status = assign_list(s, tsv, table);
        store_close(&s);
        return status;
    }
    if (autoassign) {
        campaign_assign_result r;
        if (campaign_assign_auto(s, (const char *const *)argv + optind, (size_t)(argc - optind),
                                 per_topic, replace, &r, &err) == 0) {
            fprintf(stderr, "assigned %lld topic(s) to %ld assessor(s) each: %lld new "
                    "assignment(s); %lld to %lld topic(s) per assessor\n", (long long)r.topics,
                    per_topic, (long long)r.added, (long long)r.min_topics,
                    (long long)r.max_topics);
        } else {
            util_warn("assign: %s", err.msg);
            status = err.code ? err.code : UTIL_EXIT_SYSTEM;
        }
        store_close(&s);
        return status;
    }
    int64_t assessor_id, topic_id;
    int ok =
        store_begin(s, &err) == 0 && store_assessor_id(s, argv[optind], 1, &assessor_id, &err) > 0;
    for (int a = optind + 1; ok && a < argc; a++) {
        int found = store_topic_id(s, argv[a], 0, &topic_id, &err);
        if (found == 0)
            util_error_set(&err, UTIL_EXIT_DATA, store_path(s), 0, "no topic '%s' in the campaign",
                           argv[a]);
        ok = found > 0 && store_assign(s, assessor_id, topic_id, on, &err) == 0;
    }
    if (ok && store_commit(s, &err) == 0) {
        fprintf(stderr, "%s %d topic(s) %s '%s'\n", on ? "assigned" : "took back",
                argc - optind - 1, on ? "to" : "from", util_shown(argv[optind]));
    } else {
        store_rollback(s);
        util_warn("assign: %s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    store_close(&s);
    return status;
}
