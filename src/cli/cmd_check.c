/* cmd_check.c: `trecjudge check`: verifies a campaign file (SQLite integrity, judgment history). */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "cli/cli.h"

int cli_check(int argc, char **argv)
{
    const char *path = NULL;
    int rc = cli_campaign_only(argc, argv, &path);
    if (rc >= 0)
        return rc;
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    /* what a killed import left is removed (or finished) first, and said so; a running
     * import is left alone */
    if ((status = cli_import_lock(s, 0)) != UTIL_EXIT_OK) {
        store_close(&s);
        return status;
    }
    util_error err = { 0, "" };
    int64_t history = 0, judgments = 0, bad = 0;
    if (store_integrity_check(s, &err) != 0 ||
        store_history_count(s, &history, &judgments, &err) != 0 ||
        (bad = store_history_check(s, &err)) < 0) {
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    } else {
        printf("integrity ok\njudgments %lld\nhistory %lld\ndisagreements %lld\n",
               (long long)judgments, (long long)history, (long long)bad);
        if (bad != 0)
            status = UTIL_EXIT_DATA;
    }
    store_close(&s);
    return status;
}
