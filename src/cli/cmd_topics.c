/* cmd_topics.c: `trecjudge topics import`, which stores topic files (any language, several formats). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"

static void topics_done(const char *path, int64_t items, void *vctx)
{
    campaign_topics_import *c = vctx;
    fprintf(stderr, "%s: imported %lld topics (%zu fields)\n", path, (long long)items, c->fields);
}

static const cli_importer topics_importer = { "topics", campaign_topics_body, topics_done, NULL, 0 };

static int topics_format(void *ctx, const char *name)
{
    return formats_topics_format_parse(name, &((campaign_topics_import *)ctx)->fmt);
}

int cli_topics(int argc, char **argv)
{
    campaign_topics_import c = { FORMATS_TOPICS_AUTO, 0, 0, NULL, 0, 0 };
    return cli_import_command(argc, argv, &topics_importer, topics_format, &c);
}
