/* cmd_init.c: `trecjudge init`, which creates an empty campaign file. */
#include <stdio.h>

#include "cli/cli.h"

static const char init_usage[] =
    "usage: trecjudge init [-d CAMPAIGN]\n"
    "Creates a new, empty campaign file (default: $TRECJUDGE_CAMPAIGN or campaign.tjdb).\n";

int cli_init(int argc, char **argv)
{
    const char *path = NULL;
    int rc = cli_campaign_only(argc, argv, init_usage, &path);
    if (rc >= 0)
        return rc;
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
