/* cmd_docs.c: `trecjudge docs import`: stores document collections (TREC SGML, JSONL, TSV). */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"

static void docs_done(const char *path, int64_t items, void *vctx)
{
    campaign_docs_import *c = vctx;
    fprintf(stderr, "%s: imported %lld documents (%.1f MB)", util_shown(path), (long long)items,
            (double)c->stats.bytes / 1e6);
    if (c->stats.repaired)
        fprintf(stderr, "; %zu invalid UTF-8 sequences replaced by U+FFFD", c->stats.repaired);
    fputc('\n', stderr);
}

static const cli_importer docs_importer = { "docs", campaign_docs_body, docs_done, NULL, 0,
                                            NULL };

static int docs_option(void *ctx, int key, const char *arg)
{
    if (key == 'f' && formats_docs_format_parse(arg, &((campaign_docs_import *)ctx)->fmt) == 0)
        return 0;
    if (key == 'f')
        util_warn("docs import: unknown format '%s'", arg);
    else
        cli_usage(cli_command_find("docs"), stderr);
    return -1;
}

int cli_docs(int argc, char **argv)
{
    campaign_docs_import c;
    memset(&c, 0, sizeof c);
    c.fmt = FORMATS_DOCS_AUTO;
    return cli_import_command(argc, argv, &docs_importer, docs_option, &c);
}
