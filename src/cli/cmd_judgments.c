/* cmd_judgments.c: `trecjudge judgments import`: judgments made in other tools (CSV, JSONL). */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"

static void judgments_done(const char *path, int64_t items, void *vctx)
{
    campaign_judgments_import *c = vctx;
    fprintf(stderr, "%s: imported %lld judgments of %zu assessor%s for %zu topic%s\n",
            util_shown(path),
            (long long)items, c->assessors, c->assessors == 1 ? "" : "s", c->q.topics,
            c->q.topics == 1 ? "" : "s");
}

int cli_judgments(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("judgments");
    if (argc < 2 || strcmp(argv[1], "import") != 0) {
        int help = argc >= 2 && strcmp(argv[1], "--help") == 0;
        cli_usage(cmd, help ? stdout : stderr);
        return help ? UTIL_EXIT_OK : UTIL_EXIT_USAGE;
    }
    argc--;
    argv++;
    const char *path = NULL;
    int form = -1, add_to_pool = 0, opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'd':
            path = optarg;
            break;
        case 'f':
            if (strcmp(optarg, "csv") == 0)
                form = FORMATS_JUDGMENTS_CSV;
            else if (strcmp(optarg, "jsonl") == 0)
                form = FORMATS_JUDGMENTS_JSONL;
            else {
                util_warn("judgments import: unknown format '%s' (csv, jsonl)", optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 'P':
            add_to_pool = 1;
            break;
        default:
            return cli_usage_option(cmd, opt);
        }
    }
    if (optind == argc)
        return cli_usage_error(cmd);
    for (int a = optind; a < argc; a++)
        if (form < 0 && formats_judgments_form_of(argv[a]) < 0) {
            util_warn("judgments import: %s: cannot tell the format from the name (.csv, "
                      ".jsonl); give --format", argv[a]);
            return UTIL_EXIT_USAGE;
        }
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    for (int a = optind; a < argc; a++) {
        campaign_judgments_import c;
        memset(&c, 0, sizeof c);
        c.form = form >= 0 ? form : formats_judgments_form_of(argv[a]);
        c.add_to_pool = add_to_pool;
        cli_importer imp = { "judgments", campaign_judgments_body, judgments_done, NULL, 1, NULL };
        int st = cli_import_file(s, &imp, argv[a], &c);
        free(c.q.scale);
        free(c.q.outside);
        if (st != UTIL_EXIT_OK && status == UTIL_EXIT_OK)
            status = st;
    }
    store_close(&s);
    return status;
}
