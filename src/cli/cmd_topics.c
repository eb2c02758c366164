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
    formats_topics_format fmt;
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

static int64_t topics_body(store *s, const char *path, int64_t import_id, util_progress *bar,
                           void *vctx, util_error *err)
{
    (void)import_id, (void)bar;
    topics_ctx *c = vctx;
    c->s = s;
    c->topics = c->fields = 0;
    if (formats_topics_read(path, c->fmt, topics_cb, c, err) != 0)
        return -1;
    return (int64_t)c->topics;
}

static void topics_done(const char *path, int64_t items, void *vctx)
{
    topics_ctx *c = vctx;
    fprintf(stderr, "%s: imported %lld topics (%zu fields)\n", path, (long long)items, c->fields);
}

static const cli_importer topics_importer = { "topics", topics_body, topics_done };

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
    topics_ctx c = { s, fmt, 0, 0 };
    for (int a = optind; a < argc; a++) {
        int st = cli_import_file(s, &topics_importer, argv[a], &c);
        if (st != UTIL_EXIT_OK && status == UTIL_EXIT_OK)
            status = st;
    }
    store_close(&s);
    return status;
}
