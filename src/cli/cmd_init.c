/* cmd_init.c: `trecjudge init`, which creates an empty campaign file with its judgment scale. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static const char graded4[] =
    "0:Not relevant:0,1:Partially relevant:1,2:Fairly relevant:2,3:Highly relevant:3";

int cli_init(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("init");
    const char *lang = NULL;
    const char *path = NULL, *spec = "0:Not relevant:0,1:Relevant:1";
    long level = 1;
    int opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'd':
            path = optarg;
            break;
        case 's':
            if (strcmp(optarg, "graded4") == 0) {
                spec = graded4;
            } else if (strcmp(optarg, "binary") != 0) {
                util_warn("init: unknown scale '%s' (binary or graded4)", optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 'g':
            spec = optarg;
            break;
        case 'l':
            if (util_parse_long(optarg, strlen(optarg), &level) != 0 || level < 0) {
                util_warn("init: --relevance-level needs a grade, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 'L':
            lang = optarg;
            break;
        default:
            return cli_usage_option(cmd, opt);
        }
    }
    if (optind != argc) {
        return cli_usage_error(cmd);
    }
    char *text = util_strdup(spec);
    store_grade grades[64];
    size_t n;
    util_error why = { 0, "" };
    if (campaign_scale_parse(text, grades, 64, &n, &why) != 0) {
        util_warn("init: %s", why.msg);
        free(text);
        return UTIL_EXIT_USAGE;
    }
    path = cli_campaign_path(path);
    util_error err = { 0, "" };
    store *s = NULL;
    int status = UTIL_EXIT_OK;
    if (store_create(path, &s, &err) != 0) {
        util_warn("%s", err.msg);
        free(text);
        return err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    if (store_begin(s, &err) != 0 || store_scale_set(s, grades, n, level, &err) != 0 ||
        (lang != NULL && store_setting_set(s, "lang", lang, &err) != 0) ||
        store_commit(s, &err) != 0) {
        store_rollback(s);
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
        store_close(&s);
        remove(path);
    } else {
        store_close(&s);
        fprintf(stderr, "created campaign %s (%zu grades, relevant from %ld)\n",
                util_shown(path), n, level);
    }
    free(text);
    return status;
}
