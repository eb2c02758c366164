/* cmd_runs.c: `trecjudge runs import`, which stores run files in the campaign, in short transactions. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

/* Imports one file; returns an exit status. */
static int runs_import_one(store *s, const char *path, const char *tag)
{
    util_error err = { 0, "" };
    campaign_run_imported r;
    if (strcmp(path, "-") == 0) {
        util_warn("runs import: give run files by name (standard input cannot be recognised on re-import)");
        return UTIL_EXIT_USAGE;
    }
    int status = cli_import_lock(s, 1);
    if (status != UTIL_EXIT_OK)
        return status;
    if (campaign_run_import(s, path, tag, &r, &err) != 0)
        return cli_import_failed(path, &err);
    if (r.before != 0)
        fprintf(stderr, "%s: imported before (import %lld); nothing changed\n", path,
                (long long)r.before);
    else
        fprintf(stderr, "%s: imported run '%s': %zu topics, %zu documents\n", path, r.tag,
                r.ntopics, r.ndocs);
    return UTIL_EXIT_OK;
}

int cli_runs(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("runs");
    const char *path = NULL, *tag = NULL;
    if (argc < 2 || strcmp(argv[1], "import") != 0) {
        cli_usage(cmd, argc >= 2 && strcmp(argv[1], "--help") == 0 ? stdout : stderr);
        return argc >= 2 && strcmp(argv[1], "--help") == 0 ? UTIL_EXIT_OK : UTIL_EXIT_USAGE;
    }
    argc--;
    argv++;
    int opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        if (opt == 'h') {
            cli_usage(cmd, stdout);
            return UTIL_EXIT_OK;
        } else if (opt == 'd') {
            path = optarg;
        } else if (opt == 't') {
            tag = optarg;
        } else {
            cli_usage(cmd, stderr);
            return UTIL_EXIT_USAGE;
        }
    }
    if (optind == argc || (tag != NULL && argc - optind > 1)) {
        cli_usage(cmd, stderr);
        return UTIL_EXIT_USAGE;
    }
    if (cli_name_check("runs import", "--tag", tag) != 0)
        return UTIL_EXIT_USAGE;
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    for (int a = optind; a < argc; a++) {
        int st = runs_import_one(s, argv[a], tag);
        if (st != UTIL_EXIT_OK && status == UTIL_EXIT_OK)
            status = st;
    }
    store_close(&s);
    return status;
}
