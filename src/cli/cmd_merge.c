/* cmd_merge.c: `trecjudge merge`, another copy's judgments, history and assessors brought in. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>

#include "cli/cli.h"
#include "campaign/campaign.h"

int cli_merge(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("merge");
    const char *path = NULL;
    int opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'd':
            path = optarg;
            break;
        default:
            return cli_usage_option(cmd, opt);
        }
    }
    if (argc - optind != 1) {
        return cli_usage_error(cmd);
    }
    const char *other = argv[optind];
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    if ((status = cli_import_lock(s, 1)) != UTIL_EXIT_OK)
        goto out;
    util_error err = { 0, "" };
    campaign_merged r;
    if (campaign_merge(s, other, &r, &err) != 0) {
        util_warn("merge: %s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
        campaign_merged_free(&r);
        goto out;
    }
    fprintf(stderr, "merge: %s into %s: %lld judgments added, %lld unchanged, %lld conflicts, "
            "%lld assessors added\n", util_shown(other), util_shown(store_path(s)),
            (long long)r.added, (long long)r.unchanged, (long long)r.conflicts,
            (long long)r.assessors);
    if (r.conflicts > 0)
        fprintf(stderr, "merge: %lld judgments differ from the campaign's for the same assessor:"
                " the other copy's are kept as NAME@%s (first: %s); see 'trecjudge "
                "agreement' and 'trecjudge adjudicate'\n", (long long)r.conflicts,
                util_shown(r.conflict_suffix), util_shown(r.first_conflict));
    if (r.conflicts_before > 0)
        fprintf(stderr, "merge: %lld conflicts merged before are kept as NAME@%s\n",
                (long long)r.conflicts_before, util_shown(r.conflict_suffix));
    campaign_merged_free(&r);
out:
    store_close(&s);
    return status;
}
