/* cmd_topics.c: `trecjudge topics import`: stores topic files (any language, several formats). */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"

static void topics_done(const char *path, int64_t items, void *vctx)
{
    campaign_topics_import *c = vctx;
    fprintf(stderr, "%s: imported %lld topics (%zu fields", util_shown(path), (long long)items,
            c->fields);
    for (size_t i = 0; i < c->nlangs; i++)
        fprintf(stderr, "%s%s", i == 0 ? "; languages: " : ", ",
                c->langs[i][0] != '\0' ? util_shown(c->langs[i]) : "none (see --lang)");
    fputs(")\n", stderr);
}

static const char *topics_lang(void *ctx)
{
    return ((campaign_topics_import *)ctx)->lang;
}

static const cli_importer topics_importer = { "topics", campaign_topics_body, topics_done, NULL,
                                              0, topics_lang };

static int topics_option(void *ctx, int key, const char *arg)
{
    campaign_topics_import *c = ctx;
    if (key == 'f') {
        c->docs = strcmp(arg, "docs") == 0;
        if (c->docs || formats_topics_format_parse(arg, &c->fmt) == 0)
            return 0;
        util_warn("topics import: unknown format '%s'", arg);
        return -1;
    }
    if (key == 'L') {
        if (cli_name_check("topics import", "--lang", arg) != 0)
            return -1;
        c->lang = arg;
        return 0;
    }
    cli_usage(cli_command_find("topics"), stderr);
    return -1;
}

int cli_topics(int argc, char **argv)
{
    campaign_topics_import c;
    memset(&c, 0, sizeof c);
    c.fmt = FORMATS_TOPICS_AUTO;
    int status = cli_import_command(argc, argv, &topics_importer, topics_option, &c);
    campaign_topics_import_free(&c);
    return status;
}
