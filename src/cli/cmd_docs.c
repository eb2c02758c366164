/* cmd_docs.c: `trecjudge docs import`, which stores document collections (TREC SGML, JSONL, TSV). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"

static const char docs_usage[] =
    "usage: trecjudge docs import [-d CAMPAIGN] [--format auto|trec|jsonl|tsv] FILE...\n"
    "Stores each document's docno, title and text. Invalid UTF-8 is repaired (U+FFFD) and\n"
    "counted; a docno already in the campaign is an error.\n";

typedef struct docs_ctx {
    store *s;
    int64_t import_id;
    uint64_t count;
    util_progress bar;
} docs_ctx;

static int docs_cb(void *vctx, const formats_doc *d, util_error *err)
{
    docs_ctx *c = vctx;
    util_progress_update(&c->bar, ++c->count);
    if (store_doc_add(c->s, d->docno, d->title, d->body, d->body_len, c->import_id, err) != 0) {
        /* Name the place in the file too. */
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err->msg);
        util_error_set(err, err->code, NULL, 0, "line %ld: %s", d->line, msg);
        return -1;
    }
    return 0;
}

static int docs_import_one(store *s, const char *path, formats_docs_format fmt)
{
    util_error err = { 0, "" };
    char checksum[33];
    formats_docs_stats st;
    memset(&st, 0, sizeof st);
    docs_ctx c;
    memset(&c, 0, sizeof c);
    c.s = s;
    if (strcmp(path, "-") == 0) {
        util_warn("docs import: give document files by name");
        return UTIL_EXIT_USAGE;
    }
    if (formats_checksum(path, checksum, &err) != 0)
        goto fail;
    if (store_begin(s, &err) != 0)
        goto fail;
    int seen = store_import_find(s, "docs", checksum, &c.import_id, &err);
    if (seen < 0)
        goto fail_tx;
    if (seen) {
        store_rollback(s);
        fprintf(stderr, "%s: imported before (import %lld); nothing changed\n", path,
                (long long)c.import_id);
        return UTIL_EXIT_OK;
    }
    util_progress_start(&c.bar, path, 0);
    if (store_import_add(s, "docs", path, checksum, 0, &c.import_id, &err) != 0 ||
        formats_docs_read(path, fmt, docs_cb, &c, &st, &err) != 0 ||
        store_import_lines(s, c.import_id, (int64_t)st.docs, &err) != 0 ||
        store_commit(s, &err) != 0)
        goto fail_tx;
    util_progress_end(&c.bar);
    fprintf(stderr, "%s: imported %zu documents (%.1f MB)%s", path, st.docs,
            (double)st.bytes / 1e6, st.repaired ? "" : "\n");
    if (st.repaired)
        fprintf(stderr, "; %zu invalid UTF-8 sequences replaced by U+FFFD\n", st.repaired);
    return UTIL_EXIT_OK;
fail_tx:
    util_progress_end(&c.bar);
    store_rollback(s);
fail:
    util_warn("%s%s%s", strncmp(err.msg, path, strlen(path)) == 0 ? "" : path,
              strncmp(err.msg, path, strlen(path)) == 0 ? "" : ": ", err.msg);
    util_warn("%s: not imported; the campaign is unchanged", path);
    return err.code ? err.code : UTIL_EXIT_INPUT;
}

int cli_docs(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "help", no_argument, NULL, 'h' }, { "campaign", required_argument, NULL, 'd' },
        { "format", required_argument, NULL, 'f' }, { NULL, 0, NULL, 0 } };
    if (argc < 2 || strcmp(argv[1], "import") != 0) {
        int help = argc >= 2 && strcmp(argv[1], "--help") == 0;
        fputs(docs_usage, help ? stdout : stderr);
        return help ? UTIL_EXIT_OK : UTIL_EXIT_USAGE;
    }
    argc--;
    argv++;
    const char *path = NULL;
    formats_docs_format fmt = FORMATS_DOCS_AUTO;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "hd:", longopts, NULL)) != -1) {
        if (opt == 'h') {
            fputs(docs_usage, stdout);
            return UTIL_EXIT_OK;
        } else if (opt == 'd') {
            path = optarg;
        } else if (opt == 'f') {
            if (formats_docs_format_parse(optarg, &fmt) != 0) {
                util_warn("docs import: unknown format '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
        } else {
            fputs(docs_usage, stderr);
            return UTIL_EXIT_USAGE;
        }
    }
    if (optind == argc) {
        fputs(docs_usage, stderr);
        return UTIL_EXIT_USAGE;
    }
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    for (int a = optind; a < argc; a++) {
        int st = docs_import_one(s, argv[a], fmt);
        if (st != UTIL_EXIT_OK && status == UTIL_EXIT_OK)
            status = st;
    }
    store_close(&s);
    return status;
}
