/* cmd_index.c: `trecjudge index`: builds the campaign's search index, or brings it up to date with the documents added since. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

int cli_index(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("index");
    const char *path = NULL;
    index_analyzer a = { 0, 0 };
    int rebuild = 0, analysis = 0, opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'h':
            cli_usage(cmd, stdout);
            return UTIL_EXIT_OK;
        case 'd':
            path = optarg;
            break;
        case 's':
            if (strcmp(optarg, "porter") != 0 && strcmp(optarg, "none") != 0) {
                util_warn("index: --stem takes porter or none, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            a.stem = strcmp(optarg, "porter") == 0;
            analysis = 1;
            break;
        case 'w':
            if (strcmp(optarg, "en") != 0 && strcmp(optarg, "none") != 0) {
                util_warn("index: --stopwords takes en or none, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            a.stopwords = strcmp(optarg, "en") == 0;
            analysis = 1;
            break;
        case 'r':
            rebuild = 1;
            break;
        default:
            cli_usage(cmd, stderr);
            return UTIL_EXIT_USAGE;
        }
    }
    if (optind != argc) {
        cli_usage(cmd, stderr);
        return UTIL_EXIT_USAGE;
    }
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    util_error err = { 0, "" };
    index_inverted *idx = NULL;
    if (campaign_index_update(s, analysis || rebuild ? &a : NULL, rebuild, 1, &idx, &err) != 0) {
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    index_free(&idx);
    store_close(&s);
    return status;
}
