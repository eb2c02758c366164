/* cmd_backup.c: `trecjudge backup`, a consistent copy of a campaign while others write to it. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>

#include "cli/cli.h"

int cli_backup(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("backup");
    enum { OPT_FORCE = 'f' };   /* its key in the command table */
    const char *path = NULL;
    int force = 0, opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'd':
            path = optarg;
            break;
        case OPT_FORCE:
            force = 1;
            break;
        default:
            return cli_usage_option(cmd, opt);
        }
    }
    if (argc - optind != 1) {
        return cli_usage_error(cmd);
    }
    const char *dest = argv[optind];
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open_readonly(path, &status);
    if (s == NULL)
        return status;
    util_error err = { 0, "" };
    store_backup_info info;
    if (store_backup(s, dest, force, &info, &err) != 0) {
        util_warn("backup: %s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    } else {
        fprintf(stderr, "backup: %s copied to %s: %lld judgments (%lld history entries), "
                "%lld documents, %.1f MB\n", util_shown(store_path(s)), util_shown(dest),
                (long long)info.judgments, (long long)info.history, (long long)info.documents,
                (double)info.bytes / 1e6);
    }
    store_close(&s);
    return status;
}
