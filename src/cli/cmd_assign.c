/* cmd_assign.c: `trecjudge assign`, which gives topics to an assessor (or takes them back). */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

int cli_assign(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("assign");
    const char *path = NULL;
    int on = 1, opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        if (opt == 'h') {
            cli_usage(cmd, stdout);
            return UTIL_EXIT_OK;
        } else if (opt == 'd') {
            path = optarg;
        } else if (opt == 'r') {
            on = 0;
        } else {
            cli_usage(cmd, stderr);
            return UTIL_EXIT_USAGE;
        }
    }
    if (argc - optind < 2) {
        cli_usage(cmd, stderr);
        return UTIL_EXIT_USAGE;
    }
    for (int a = optind; a < argc; a++)
        if (cli_name_check("assign", a == optind ? "assessor" : "topic", argv[a]) != 0)
            return UTIL_EXIT_USAGE;
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    util_error err = { 0, "" };
    int64_t assessor_id, topic_id;
    int ok = store_begin(s, &err) == 0 && store_assessor_id(s, argv[optind], 1, &assessor_id, &err) > 0;
    for (int a = optind + 1; ok && a < argc; a++) {
        int found = store_topic_id(s, argv[a], 0, &topic_id, &err);
        if (found == 0)
            util_error_set(&err, UTIL_EXIT_DATA, store_path(s), 0, "no topic '%s' in the campaign", argv[a]);
        ok = found > 0 && store_assign(s, assessor_id, topic_id, on, &err) == 0;
    }
    if (ok && store_commit(s, &err) == 0) {
        fprintf(stderr, "%s %d topic(s) %s '%s'\n", on ? "assigned" : "took back", argc - optind - 1,
                on ? "to" : "from", argv[optind]);
    } else {
        store_rollback(s);
        util_warn("assign: %s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    store_close(&s);
    return status;
}
