/* cmd_topics.c: `trecjudge topics import`, which stores topic files (any language, several formats). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"

/* One field of a topic, kept from the file until it is written. */
typedef struct kept_field {
    char *qid, *field, *lang, *text;
} kept_field;

typedef struct topics_ctx {
    formats_topics_format fmt;
    size_t topics, fields;
    kept_field *kept;
    size_t nkept, capkept;
} topics_ctx;

static int topics_cb(void *vctx, const formats_topic *t, util_error *err)
{
    (void)err;
    topics_ctx *c = vctx;
    util_grow(&c->kept, &c->capkept, c->nkept + t->nfields + 1, sizeof *c->kept);
    /* a topic without fields is still created */
    c->kept[c->nkept++] = (kept_field){ util_strdup(t->qid), NULL, NULL, NULL };
    for (size_t i = 0; i < t->nfields; i++)
        c->kept[c->nkept++] = (kept_field){ util_strdup(t->qid), util_strdup(t->fields[i].field),
                                            util_strdup(t->fields[i].lang),
                                            util_strdup(t->fields[i].text) };
    c->topics++;
    c->fields += t->nfields;
    return 0;
}

static void kept_free(topics_ctx *c)
{
    for (size_t i = 0; i < c->nkept; i++) {
        free(c->kept[i].qid);
        free(c->kept[i].field);
        free(c->kept[i].lang);
        free(c->kept[i].text);
    }
    util_free(&c->kept);
    c->nkept = c->capkept = 0;
}

/* The file is read whole first (topic files are small), then written in one short transaction
 * (which publishes them). */
static int64_t topics_body(store *s, const char *path, store_import *im, util_progress *bar,
                           void *vctx, util_error *err)
{
    (void)bar;
    topics_ctx *c = vctx;
    int64_t n = -1, topic_id = 0;
    c->topics = c->fields = 0;
    if (formats_topics_read(path, c->fmt, topics_cb, c, err) != 0 || store_import_begin(s, im, err) != 0)
        goto out;
    for (size_t i = 0; i < c->nkept; i++) {
        const kept_field *k = &c->kept[i];
        if (k->field == NULL ? store_topic_id(s, k->qid, 1, &topic_id, err) < 0
                             : store_topic_field_set(s, topic_id, k->field, k->lang, k->text,
                                                     err) != 0)
            goto out;
    }
    n = (int64_t)c->topics;
out:
    kept_free(c);
    return n;
}

static void topics_done(const char *path, int64_t items, void *vctx)
{
    topics_ctx *c = vctx;
    fprintf(stderr, "%s: imported %lld topics (%zu fields)\n", path, (long long)items, c->fields);
}

static const cli_importer topics_importer = { "topics", topics_body, topics_done, NULL, 0 };

int cli_topics(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("topics");
    if (argc < 2 || strcmp(argv[1], "import") != 0) {
        int help = argc >= 2 && strcmp(argv[1], "--help") == 0;
        cli_usage(cmd, help ? stdout : stderr);
        return help ? UTIL_EXIT_OK : UTIL_EXIT_USAGE;
    }
    argc--;
    argv++;
    const char *path = NULL;
    formats_topics_format fmt = FORMATS_TOPICS_AUTO;
    int opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        if (opt == 'h') {
            cli_usage(cmd, stdout);
            return UTIL_EXIT_OK;
        } else if (opt == 'd') {
            path = optarg;
        } else if (opt == 'f') {
            if (formats_topics_format_parse(optarg, &fmt) != 0) {
                util_warn("topics import: unknown format '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
        } else {
            cli_usage(cmd, stderr);
            return UTIL_EXIT_USAGE;
        }
    }
    if (optind == argc) {
        cli_usage(cmd, stderr);
        return UTIL_EXIT_USAGE;
    }
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    topics_ctx c = { fmt, 0, 0, NULL, 0, 0 };
    for (int a = optind; a < argc; a++) {
        int st = cli_import_file(s, &topics_importer, argv[a], &c);
        if (st != UTIL_EXIT_OK && status == UTIL_EXIT_OK)
            status = st;
    }
    store_close(&s);
    return status;
}
