/* cmd_assign.c: `trecjudge assign`, which gives topics to an assessor (or takes them back). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static const char assign_usage[] =
    "usage: trecjudge assign [-d CAMPAIGN] [--remove] ASSESSOR TOPIC...\n"
    "Assigns the topics to the assessor (created if new), or with --remove takes them back.\n"
    "Every topic must be in the campaign; all of them change, or none.\n";

int cli_assign(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "help", no_argument, NULL, 'h' }, { "campaign", required_argument, NULL, 'd' },
        { "remove", no_argument, NULL, 'r' }, { NULL, 0, NULL, 0 } };
    const char *path = NULL;
    int on = 1, opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "hd:", longopts, NULL)) != -1) {
        if (opt == 'h') {
            fputs(assign_usage, stdout);
            return UTIL_EXIT_OK;
        } else if (opt == 'd') {
            path = optarg;
        } else if (opt == 'r') {
            on = 0;
        } else {
            fputs(assign_usage, stderr);
            return UTIL_EXIT_USAGE;
        }
    }
    if (argc - optind < 2) {
        fputs(assign_usage, stderr);
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
