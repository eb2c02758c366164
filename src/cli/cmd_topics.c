/* cmd_topics.c: `trecjudge topics import`, which stores topic files (any language, several formats). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"

static const char topics_usage[] =
    "usage: trecjudge topics import [-d CAMPAIGN] [--format auto|clef|covid|ehealth|trec|tsv]\n"
    "                               FILE...\n"
    "Stores each topic's fields (title, description, narrative, ...) in every language the\n"
    "file has. Importing a topic again replaces the fields the file gives.\n";

typedef struct topics_ctx {
    store *s;
    size_t topics, fields;
} topics_ctx;

static int topics_cb(void *vctx, const formats_topic *t, util_error *err)
{
    topics_ctx *c = vctx;
    int64_t topic_id;
    if (store_topic_id(c->s, t->qid, 1, &topic_id, err) < 0)
        return -1;
    for (size_t i = 0; i < t->nfields; i++)
        if (store_topic_field_set(c->s, topic_id, t->fields[i].field, t->fields[i].lang,
                                  t->fields[i].text, err) != 0)
            return -1;
    c->topics++;
    c->fields += t->nfields;
    return 0;
}

static int topics_import_one(store *s, const char *path, formats_topics_format fmt)
{
    util_error err = { 0, "" };
    char checksum[33];
    int64_t import_id;
    topics_ctx c = { s, 0, 0 };
    if (strcmp(path, "-") == 0) {
        util_warn("topics import: give topic files by name");
        return UTIL_EXIT_USAGE;
    }
    if (formats_checksum(path, checksum, &err) != 0)
        goto fail;
    if (store_begin(s, &err) != 0)
        goto fail;
    int seen = store_import_find(s, "topics", checksum, &import_id, &err);
    if (seen < 0)
        goto fail_tx;
    if (seen) {
        store_rollback(s);
        fprintf(stderr, "%s: imported before (import %lld); nothing changed\n", path,
                (long long)import_id);
        return UTIL_EXIT_OK;
    }
    if (store_import_add(s, "topics", path, checksum, 0, &import_id, &err) != 0 ||
        formats_topics_read(path, fmt, topics_cb, &c, &err) != 0 ||
        store_import_lines(s, import_id, (int64_t)c.topics, &err) != 0 ||
        store_commit(s, &err) != 0)
        goto fail_tx;
    fprintf(stderr, "%s: imported %zu topics (%zu fields)\n", path, c.topics, c.fields);
    return UTIL_EXIT_OK;
fail_tx:
    store_rollback(s);
fail:
    util_warn("%s", err.msg);
    util_warn("%s: not imported; the campaign is unchanged", path);
    return err.code ? err.code : UTIL_EXIT_INPUT;
}

int cli_topics(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "help", no_argument, NULL, 'h' }, { "campaign", required_argument, NULL, 'd' },
        { "format", required_argument, NULL, 'f' }, { NULL, 0, NULL, 0 } };
    if (argc < 2 || strcmp(argv[1], "import") != 0) {
        int help = argc >= 2 && strcmp(argv[1], "--help") == 0;
        fputs(topics_usage, help ? stdout : stderr);
        return help ? UTIL_EXIT_OK : UTIL_EXIT_USAGE;
    }
    argc--;
    argv++;
    const char *path = NULL;
    formats_topics_format fmt = FORMATS_TOPICS_AUTO;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "hd:", longopts, NULL)) != -1) {
        if (opt == 'h') {
            fputs(topics_usage, stdout);
            return UTIL_EXIT_OK;
        } else if (opt == 'd') {
            path = optarg;
        } else if (opt == 'f') {
            if (formats_topics_format_parse(optarg, &fmt) != 0) {
                util_warn("topics import: unknown format '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
        } else {
            fputs(topics_usage, stderr);
            return UTIL_EXIT_USAGE;
        }
    }
    if (optind == argc) {
        fputs(topics_usage, stderr);
        return UTIL_EXIT_USAGE;
    }
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    for (int a = optind; a < argc; a++) {
        int st = topics_import_one(s, argv[a], fmt);
        if (st != UTIL_EXIT_OK && status == UTIL_EXIT_OK)
            status = st;
    }
    store_close(&s);
    return status;
}
