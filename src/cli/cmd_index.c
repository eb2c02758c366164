/* cmd_index.c: `trecjudge index`: builds the campaign's search index or brings it up to date. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"

int cli_index(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("index");
    const char *path = NULL, *lang = "en", *stem = NULL, *stopwords = NULL;
    int rebuild = 0, analysis = 0, opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'd':
            path = optarg;
            break;
        case 's':
            if (strcmp(optarg, "snowball") != 0 && strcmp(optarg, "porter") != 0 &&
                strcmp(optarg, "none") != 0) {
                util_warn("index: --stem takes snowball, porter or none, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            stem = optarg;
            analysis = 1;
            break;
        case 'w':
            if (strcmp(optarg, "none") != 0 && !text_lang_has_stopwords(optarg)) {
                util_warn("index: --stopwords takes a language with a stop word list or none, "
                          "not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            stopwords = optarg;
            analysis = 1;
            break;
        case 'l':
            if (!text_lang_has_stemmer(optarg) && !text_lang_has_stopwords(optarg)) {
                util_warn("index: --lang takes a language Snowball has a stemmer for "
                          "(en, de, fr, ...), not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            lang = optarg;
            analysis = 1;
            break;
        case 'r':
            rebuild = 1;
            break;
        default:
            return cli_usage_option(cmd, opt);
        }
    }
    if (optind != argc) {
        return cli_usage_error(cmd);
    }
    index_analyzer a;
    text_options_default(&a, lang);
    if (stem != NULL)
        a.stem = strcmp(stem, "snowball") == 0 ? TEXT_STEM_SNOWBALL
                 : strcmp(stem, "porter") == 0 ? TEXT_STEM_PORTER : TEXT_STEM_NONE;
    if (stopwords != NULL)
        snprintf(a.stopwords, sizeof a.stopwords, "%s",
                 strcmp(stopwords, "none") == 0 ? "" : stopwords);
    if (a.stem == TEXT_STEM_SNOWBALL && !text_lang_has_stemmer(a.lang)) {
        util_warn("index: Snowball has no stemmer for '%s'; use --stem none", a.lang);
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
