/* import.c: a run file stored in the campaign as `runs import` does: in short transactions, its run, topics and rankings invisible until one last commit publishes them. */
#include "campaign/campaign.h"

#include <stdio.h>
#include <string.h>

#include "formats/formats.h"
#include "metrics/metrics.h"

typedef struct runs_ctx {
    store *s;
    const char *path;
    int64_t run_id, import_id;
    metrics_doc *docs;
    size_t docs_cap;
    const char **docnos;
    double *scores;
    size_t cap;
    long *rels;
    size_t ndocs;
    util_progress bar;
} runs_ctx;

static int runs_topic_cb(void *vctx, formats_run_topic *t, util_error *err)
{
    runs_ctx *c = vctx;
    util_grow(&c->docs, &c->docs_cap, t->ndocs, sizeof *c->docs);
    size_t cap = c->cap;
    util_grow(&c->docnos, &cap, t->ndocs, sizeof *c->docnos);
    cap = c->cap;
    util_grow(&c->scores, &cap, t->ndocs, sizeof *c->scores);
    util_grow(&c->rels, &c->cap, t->ndocs, sizeof *c->rels);
    for (size_t i = 0; i < t->ndocs; i++) {
        c->docs[i].score = t->docs[i].score;
        c->docs[i].docno = t->docs[i].docno;
        c->docs[i].rel = METRICS_NONPOOL;
    }
    metrics_params p;
    metrics_params_init(&p);
    metrics_topic mt;
    metrics_rank(c->docs, t->ndocs, &p, c->rels, &mt);
    for (size_t i = 0; i < t->ndocs; i++) {
        c->docnos[i] = c->docs[i].docno;
        c->scores[i] = c->docs[i].score;
    }
    int64_t topic_id;
    /* a topic the run brings is invisible until the run is published */
    if (store_import_topic_id(c->s, c->import_id, t->qid, &topic_id, err) < 0)
        return -1;
    c->ndocs += t->ndocs;
    c->bar.total = t->size;
    util_progress_update(&c->bar, t->offset);
    if (store_run_ranking_add(c->s, c->run_id, topic_id, c->docnos, c->scores, t->ndocs, err) != 0)
        return -1;
    return store_batch_yield(c->s, err);
}

/* The tag on the run's first line. */
static int first_tag(const char *path, char *tag, size_t size, util_error *err)
{
    formats_input *in = formats_input_open(path, err);
    if (in == NULL)
        return -1;
    char *line;
    size_t len;
    int got;
    tag[0] = '\0';
    while ((got = formats_input_line(in, &line, &len, err)) == 1) {
        char *f[6];
        size_t fl[6];
        int nf = formats_split(line, len, f, fl, 6);
        if (nf == 0 || (nf > 0 && f[0][0] == '#'))
            continue;
        if (nf >= 6)
            snprintf(tag, size, "%s", f[5]);
        break;
    }
    formats_input_close(&in);
    return got < 0 ? -1 : 0;
}

int campaign_run_import(store *s, const char *path, const char *tag_opt,
                        campaign_run_imported *res, util_error *err)
{
    char checksum[33];
    char *tag = res->tag;
    size_t tag_size = sizeof res->tag;
    runs_ctx ctx, *c = &ctx;
    memset(c, 0, sizeof *c);
    memset(res, 0, sizeof *res);
    formats_run_info info;
    memset(&info, 0, sizeof info);
    int rc = -1;
    if (formats_checksum(path, checksum, err) != 0 || first_tag(path, tag, tag_size, err) != 0)
        goto fail;
    if (tag_opt != NULL)
        snprintf(tag, tag_size, "%s", tag_opt);
    store_import im = { "run", path, checksum, NULL, 0 };
    int seen = store_import_seen(s, &im, err);
    if (seen < 0)
        goto fail;
    if (seen) {
        res->before = im.id;
        rc = 0;
        goto out;
    }
    if (tag[0] == '\0') {
        util_error_set(err, UTIL_EXIT_INPUT, path, 0, "no results (empty run file)");
        goto fail;
    }
    for (enum formats_run_mode mode = FORMATS_RUN_STREAM;; mode = FORMATS_RUN_GROUP) {
        im.id = 0;
        c->s = s;
        c->path = path;
        c->ndocs = 0;
        util_progress_start(&c->bar, path, 0);
        if (store_import_begin(s, &im, err) != 0 ||
            store_run_add(s, tag, im.id, &c->run_id, err) != 0)
            goto fail_import;
        c->import_id = im.id;
        int got = formats_run_read(path, mode, runs_topic_cb, c, &info, err);
        if (got == FORMATS_RUN_UNGROUPED && mode == FORMATS_RUN_STREAM) {
            /* read again grouped, as a new import */
            store_rollback(s);
            util_progress_end(&c->bar);
            if (store_import_remove(s, im.id, err) != 0)
                goto fail;
            formats_run_info_free(&info);
            continue;
        }
        if (got != 0 || store_import_publish(s, im.id, (int64_t)info.nlines, err) != 0 ||
            store_batch_end(s, err) != 0)
            goto fail_import;
        break;
    }
    util_progress_end(&c->bar);
    res->ntopics = info.ntopics;
    res->ndocs = c->ndocs;
    rc = 0;
    goto out;
fail_import:
    util_progress_end(&c->bar);
    store_rollback(s);
    {
        util_error ignored = { 0, "" };
        if (im.id != 0)   /* else the next import removes it */
            store_import_remove(s, im.id, &ignored);
    }
fail:
out:
    formats_run_info_free(&info);
    util_free(&c->docs);
    util_free(&c->docnos);
    util_free(&c->scores);
    util_free(&c->rels);
    return rc;
}

