/* cmd_docs.c: `trecjudge docs import`, which stores document collections (TREC SGML, JSONL, TSV). */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"

typedef struct docs_ctx {
    store *s;
    const char *path;
    formats_docs_format fmt;
    store_import *im;
    uint64_t count;
    util_progress *bar;
    formats_docs_stats stats;
} docs_ctx;

static int docs_cb(void *vctx, const formats_doc *d, util_error *err)
{
    docs_ctx *c = vctx;
    util_progress_update(c->bar, ++c->count);
    if ((c->count == 1 && store_import_begin(c->s, c->im, err) != 0) ||
        store_doc_add(c->s, d->docno, d->title, d->body, d->body_len, c->im->id, err) != 0 ||
        store_batch_yield(c->s, err) != 0) {
        /* Name the place in the file too. */
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err->msg);
        util_error_set(err, err->code, c->path, d->line, "%s", msg);
        return -1;
    }
    return 0;
}

static int64_t docs_body(store *s, const char *path, store_import *im, util_progress *bar,
                         void *vctx, util_error *err)
{
    docs_ctx *c = vctx;
    c->s = s;
    c->path = path;
    c->im = im;
    c->count = 0;
    c->bar = bar;
    memset(&c->stats, 0, sizeof c->stats);
    if (formats_docs_read(path, c->fmt, docs_cb, c, &c->stats, err) != 0)
        return -1;
    /* a file without documents is refused by the reader; this is for safety */
    if (im->id == 0 && store_import_begin(s, im, err) != 0)
        return -1;
    return (int64_t)c->stats.docs;
}

static void docs_done(const char *path, int64_t items, void *vctx)
{
    docs_ctx *c = vctx;
    fprintf(stderr, "%s: imported %lld documents (%.1f MB)", path, (long long)items,
            (double)c->stats.bytes / 1e6);
    if (c->stats.repaired)
        fprintf(stderr, "; %zu invalid UTF-8 sequences replaced by U+FFFD", c->stats.repaired);
    fputc('\n', stderr);
}

static const cli_importer docs_importer = { "docs", docs_body, docs_done, NULL, 0 };

static int docs_format(void *ctx, const char *name)
{
    return formats_docs_format_parse(name, &((docs_ctx *)ctx)->fmt);
}

int cli_docs(int argc, char **argv)
{
    docs_ctx c;
    memset(&c, 0, sizeof c);
    c.fmt = FORMATS_DOCS_AUTO;
    return cli_import_command(argc, argv, &docs_importer, docs_format, &c);
}
