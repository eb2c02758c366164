/* cmd_init.c: `trecjudge init`, which creates an empty campaign file. */
#include <getopt.h>
#include <stdio.h>

#include "cli/cli.h"

static const char init_usage[] =
    "usage: trecjudge init [-d CAMPAIGN]\n"
    "Creates a new, empty campaign file (default: $TRECJUDGE_CAMPAIGN or campaign.tjdb).\n";

int cli_init(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "help", no_argument, NULL, 'h' }, { "campaign", required_argument, NULL, 'd' },
        { NULL, 0, NULL, 0 } };
    const char *path = NULL;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "hd:", longopts, NULL)) != -1) {
        if (opt == 'h') {
            fputs(init_usage, stdout);
            return UTIL_EXIT_OK;
        }
        if (opt != 'd') {
            fputs(init_usage, stderr);
            return UTIL_EXIT_USAGE;
        }
        path = optarg;
    }
    if (optind != argc) {
        fputs(init_usage, stderr);
        return UTIL_EXIT_USAGE;
    }
    path = cli_campaign_path(path);
    util_error err = { 0, "" };
    store *s = NULL;
    if (store_create(path, &s, &err) != 0) {
        util_warn("%s", err.msg);
        return err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    store_close(&s);
    fprintf(stderr, "created campaign %s\n", path);
    return UTIL_EXIT_OK;
}
