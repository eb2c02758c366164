/* campaign.c: finding and opening the campaign file, shared by the subcommands that use one. */
#include <stdlib.h>

#include "cli/cli.h"

const char *cli_campaign_path(const char *opt)
{
    if (opt != NULL)
        return opt;
    const char *env = getenv("TRECJUDGE_CAMPAIGN");
    return env != NULL && *env != '\0' ? env : "campaign.tjdb";
}

store *cli_campaign_open(const char *opt, int *status)
{
    util_error err = { 0, "" };
    store *s = NULL;
    if (store_open(cli_campaign_path(opt), &s, &err) != 0) {
        util_warn("%s", err.msg);
        *status = err.code ? err.code : UTIL_EXIT_INPUT;
        return NULL;
    }
    return s;
}
