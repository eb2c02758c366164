/* cmd_backup.c: `trecjudge backup`, a consistent copy of a campaign while others write to it. */
#include <getopt.h>
#include <stdio.h>

#include "cli/cli.h"

static const char backup_usage[] =
    "usage: trecjudge backup [-d CAMPAIGN] [--force] DEST\n"
    "Copies the campaign to DEST while assessors and imports go on writing: the copy holds\n"
    "every judgment saved before the backup began. An open campaign is its file plus the\n"
    "-wal file beside it, where the latest judgments wait to be copied in; copying the\n"
    "file alone loses them. DEST is written as DEST.tmp-PID, checked (SQLite's quick\n"
    "check), made one self-contained file, then renamed to DEST. An existing DEST is kept\n"
    "unless --force replaces it. Prints what it copied on standard error.\n";

int cli_backup(int argc, char **argv)
{
    enum { OPT_FORCE = 256 };
    static const struct option longopts[] = {
        { "help", no_argument, NULL, 'h' }, { "campaign", required_argument, NULL, 'd' },
        { "force", no_argument, NULL, OPT_FORCE }, { NULL, 0, NULL, 0 } };
    const char *path = NULL;
    int force = 0, opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "hd:", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h':
            fputs(backup_usage, stdout);
            return UTIL_EXIT_OK;
        case 'd':
            path = optarg;
            break;
        case OPT_FORCE:
            force = 1;
            break;
        default:
            fputs(backup_usage, stderr);
            return UTIL_EXIT_USAGE;
        }
    }
    if (argc - optind != 1) {
        fputs(backup_usage, stderr);
        return UTIL_EXIT_USAGE;
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
                "%lld documents, %.1f MB\n", store_path(s), dest, (long long)info.judgments,
                (long long)info.history, (long long)info.documents, (double)info.bytes / 1e6);
    }
    store_close(&s);
    return status;
}
