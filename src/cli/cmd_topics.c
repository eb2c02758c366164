/* cmd_topics.c: `trecjudge topics import`, which stores topic files (any language, several formats). */
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

static int topics_format(void *ctx, const char *name)
{
    return formats_topics_format_parse(name, &((topics_ctx *)ctx)->fmt);
}

int cli_topics(int argc, char **argv)
{
    topics_ctx c = { FORMATS_TOPICS_AUTO, 0, 0, NULL, 0, 0 };
    return cli_import_command(argc, argv, &topics_importer, topics_format, &c);
}
