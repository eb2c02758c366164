/* cmd_settings.c: `trecjudge settings`: shows the settings a user may set, or sets one. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* Prints one setting: "KEY VALUE", with "(default)" when the campaign has no value. */
static int show(store *s, const campaign_setting *st, int alone)
{
    util_error err = { 0, "" };
    char *value = NULL;
    int found = store_setting_get(s, st->key, &value, &err);
    if (found < 0) {
        util_warn("settings: %s", err.msg);
        return err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    if (alone)
        printf("%s\n", found ? value : st->fallback);
    else
        printf("%s %s%s\n", st->key, found ? value : st->fallback, found ? "" : " (default)");
    free(value);
    return UTIL_EXIT_OK;
}

int cli_settings(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("settings");
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
    int nargs = argc - optind;
    if (nargs > 2)
        return cli_usage_error(cmd);
    const campaign_setting *st = NULL;
    util_error err = { 0, "" };
    if (nargs >= 1 && (st = campaign_setting_find(argv[optind])) == NULL) {
        char keys[256] = "";
        for (size_t i = 0; campaign_setting_at(i) != NULL; i++)
            snprintf(keys + strlen(keys), sizeof keys - strlen(keys), "%s%s", i ? ", " : "",
                     campaign_setting_at(i)->key);
        util_warn("settings: unknown setting '%s' (%s)", argv[optind], keys);
        return UTIL_EXIT_USAGE;
    }
    if (nargs == 2 && campaign_setting_check(st, argv[optind + 1], &err) != 0) {
        util_warn("settings: %s", err.msg);
        return UTIL_EXIT_USAGE;
    }
    int status = UTIL_EXIT_OK;
    store *s = nargs == 2 ? cli_campaign_open(path, &status)
                          : cli_campaign_open_readonly(path, &status);
    if (s == NULL)
        return status;
    if (nargs == 2) {
        if (store_setting_set(s, st->key, argv[optind + 1], &err) != 0) {
            util_warn("settings: %s", err.msg);
            status = err.code ? err.code : UTIL_EXIT_SYSTEM;
        }
    } else if (nargs == 1) {
        status = show(s, st, 1);
    } else {
        for (size_t i = 0; status == UTIL_EXIT_OK && campaign_setting_at(i) != NULL; i++)
            status = show(s, campaign_setting_at(i), 0);
    }
    if (status == UTIL_EXIT_OK && fflush(stdout) != 0) {
        util_warn("settings: cannot write the output");
        status = UTIL_EXIT_SYSTEM;
    }
    store_close(&s);
    return status;
}
