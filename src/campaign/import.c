/* import.c: files stored in the campaign: runs, documents, topics, qrels. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <stdio.h>
#include <stdlib.h>
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

int campaign_run_import(store *s, const char *path, const char *tag_opt, int replace,
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
    /* a replacement is stored under a name no run can have (tags have no white space) and
     * takes the tag in the transaction that publishes it, so that a failure keeps the old */
    char pending_tag[sizeof res->tag + 16];
    snprintf(pending_tag, sizeof pending_tag, "%s%s", tag, replace ? " (replacing)" : "");
    for (enum formats_run_mode mode = FORMATS_RUN_STREAM;; mode = FORMATS_RUN_GROUP) {
        im.id = 0;
        c->s = s;
        c->path = path;
        c->ndocs = 0;
        util_progress_start(&c->bar, path, 0);
        if (store_import_begin(s, &im, err) != 0 ||
            store_run_add(s, pending_tag, im.id, &c->run_id, err) != 0)
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
        if (got != 0 || (replace && store_run_replace(s, c->run_id, tag, err) != 0) ||
            store_import_publish(s, im.id, (int64_t)info.nlines, err) != 0 ||
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


static int docs_cb(void *vctx, const formats_doc *d, util_error *err)
{
    campaign_docs_import *c = vctx;
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

int64_t campaign_docs_body(store *s, const char *path, store_import *im, util_progress *bar,
                           void *vctx, util_error *err)
{
    campaign_docs_import *c = vctx;
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

/* Adds lang to the sorted set of languages stored. */
static void note_lang(campaign_topics_import *c, const char *lang)
{
    size_t at = 0;
    while (at < c->nlangs && strcmp(c->langs[at], lang) < 0)
        at++;
    if (at < c->nlangs && strcmp(c->langs[at], lang) == 0)
        return;
    util_grow(&c->langs, &c->caplangs, c->nlangs + 1, sizeof *c->langs);
    memmove(c->langs + at + 1, c->langs + at, (c->nlangs - at) * sizeof *c->langs);
    c->langs[at] = util_strdup(lang);
    c->nlangs++;
}

void campaign_topics_import_free(campaign_topics_import *c)
{
    for (size_t i = 0; i < c->nlangs; i++)
        free(c->langs[i]);
    util_free(&c->langs);
    c->nlangs = c->caplangs = 0;
}

static int topics_cb(void *vctx, const formats_topic *t, util_error *err)
{
    (void)err;
    campaign_topics_import *c = vctx;
    util_grow(&c->kept, &c->capkept, c->nkept + t->nfields + 1, sizeof *c->kept);
    /* a topic without fields is still created */
    c->kept[c->nkept++] = (campaign_topic_field){ util_strdup(t->qid), NULL, NULL, NULL };
    for (size_t i = 0; i < t->nfields; i++) {
        const char *lang = t->fields[i].lang;
        if (lang[0] == '\0' && c->lang != NULL)
            lang = c->lang;
        note_lang(c, lang);
        c->kept[c->nkept++] = (campaign_topic_field){ util_strdup(t->qid),
                                                      util_strdup(t->fields[i].field),
                                                      util_strdup(lang),
                                                      util_strdup(t->fields[i].text) };
    }
    c->topics++;
    c->fields += t->nfields;
    return 0;
}

/* A document of a docs file as a topic: its text, white space collapsed, is the title. */
static int doc_topic_cb(void *vctx, const formats_doc *d, util_error *err)
{
    char *text = campaign_doc_topic_text(d), *w = text;
    for (const char *r = text; *r != '\0'; r++) {
        int space = *r == ' ' || *r == '\t' || *r == '\n' || *r == '\r' || *r == '\f' ||
                    *r == '\v';
        if (!space)
            *w++ = *r;
        else if (w > text && w[-1] != ' ')
            *w++ = ' ';
    }
    if (w > text && w[-1] == ' ')
        w--;
    *w = '\0';
    formats_topic_field f = { "title", "", text };
    formats_topic t = { d->docno, d->line, &f, text[0] != '\0' ? 1 : 0 };
    int rc = topics_cb(vctx, &t, err);
    free(text);
    return rc;
}

static void kept_free(campaign_topics_import *c)
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
int64_t campaign_topics_body(store *s, const char *path, store_import *im, util_progress *bar,
                             void *vctx, util_error *err)
{
    (void)bar;
    campaign_topics_import *c = vctx;
    int64_t n = -1, topic_id = 0;
    c->topics = c->fields = 0;
    campaign_topics_import_free(c);
    if ((c->docs ? campaign_doc_topics_read(path, doc_topic_cb, c, err)
                 : formats_topics_read(path, c->fmt, topics_cb, c, err)) != 0 ||
        store_import_begin(s, im, err) != 0)
        goto out;
    for (size_t i = 0; i < c->nkept; i++) {
        const campaign_topic_field *k = &c->kept[i];
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

static int scale_cb(void *vctx, const store_grade *g)
{
    campaign_qrels_import *c = vctx;
    util_grow(&c->scale, &c->capscale, c->nscale + 1, sizeof *c->scale);
    c->scale[c->nscale++] = g->grade;
    return 0;
}

/* Notes a grade of the file that the scale does not have (-1 is "pooled, not judged"). */
static void note_grade(campaign_qrels_import *c, long grade)
{
    if (grade == -1)
        return;
    for (size_t i = 0; i < c->nscale; i++)
        if (c->scale[i] == grade)
            return;
    size_t at = 0;
    while (at < c->noutside && c->outside[at] < grade)
        at++;
    if (at < c->noutside && c->outside[at] == grade)
        return;
    util_grow(&c->outside, &c->capoutside, c->noutside + 1, sizeof *c->outside);
    memmove(c->outside + at + 1, c->outside + at, (c->noutside - at) * sizeof *c->outside);
    c->outside[at] = grade;
    c->noutside++;
}

/* The file is read and checked whole, then staged in short transactions; the judgments
 * are set once the import is committed (the caller commits them). */
int64_t campaign_qrels_body(store *s, const char *path, store_import *im, util_progress *bar,
                            void *vctx, util_error *err)
{
    campaign_qrels_import *c = vctx;
    int64_t n = -1, seq = 0;
    c->nscale = c->noutside = 0;
    formats_qrels *q = formats_qrels_read(path, err);
    if (q == NULL || store_grades_each(s, scale_cb, c, err) != 0)
        goto out;
    bar->total = q->nlines;
    if (store_import_begin(s, im, err) != 0)
        goto out;
    /* chunks of up to 1024 judgments of one topic: one row each in the staging table */
    store_qrel chunk[1024];
    size_t done = 0;
    for (size_t t = 0; t < q->ntopics; t++) {
        const formats_qrels_topic *qt = &q->topics[t];
        for (size_t k = 0; k < qt->n; k += 1024) {
            size_t m = qt->n - k < 1024 ? qt->n - k : 1024;
            for (size_t i = 0; i < m; i++) {
                const formats_qrel *r = &qt->qrels[k + i];
                note_grade(c, r->rel);
                chunk[i] = (store_qrel){ r->docno, r->iter, r->rel, (int64_t)r->line, NULL, 0,
                                         NULL, 0 };
            }
            if (store_qrels_stage(s, im->id, ++seq, qt->qid, chunk, m, err) != 0 ||
                store_batch_yield(s, err) != 0)
                goto out;
            util_progress_update(bar, done += m);
        }
    }
    c->topics = q->ntopics;
    n = (int64_t)q->nlines;
out:
    formats_qrels_free(&q);
    return n;
}

int64_t campaign_judgments_body(store *s, const char *path, store_import *im,
                                util_progress *bar, void *vctx, util_error *err)
{
    campaign_judgments_import *c = vctx;
    int64_t n = -1, seq = 0, topic_id = 0;
    const char *shown = strcmp(path, "-") == 0 ? "<stdin>" : path;
    char scale[256] = "";
    util_map assessors;
    memset(&assessors, 0, sizeof assessors);
    c->q.nscale = c->q.noutside = 0;
    c->q.topics = c->assessors = 0;
    store_qrel *chunk = util_calloc(1024, sizeof *chunk);
    formats_judgments *j = formats_judgments_read(path, c->form, err);
    if (j == NULL || store_grades_each(s, scale_cb, &c->q, err) != 0)
        goto out;
    for (size_t i = 0; i < c->q.nscale; i++) {
        size_t len = strlen(scale);
        snprintf(scale + len, sizeof scale - len, "%s%ld", i ? ", " : "", c->q.scale[i]);
    }
    int strict = c->form != FORMATS_JUDGMENTS_QRELS;
    for (size_t i = 0; i < j->n; i++) {
        const formats_judgment *r = &j->rows[i];
        util_map_add(&assessors, r->assessor, strlen(r->assessor), NULL);
        int new_topic = i == 0 || strcmp(r->qid, j->rows[i - 1].qid) != 0;
        c->q.topics += new_topic;
        if (!strict) {
            note_grade(&c->q, r->grade);
            continue;
        }
        size_t k = 0;
        while (k < c->q.nscale && c->q.scale[k] != r->grade)
            k++;
        if (r->grade != -1 && k == c->q.nscale) {
            util_error_set(err, UTIL_EXIT_DATA, shown, r->line,
                           "grade %ld is not in the campaign's scale (%s; -1: not judged)",
                           r->grade, scale);
            goto out;
        }
        int found = new_topic ? store_topic_id(s, r->qid, 0, &topic_id, err) : 1;
        if (found < 0)
            goto out;
        if (found == 0) {
            util_error_set(err, UTIL_EXIT_DATA, shown, r->line, "no topic '%s' in the campaign",
                           r->qid);
            goto out;
        }
        if (!c->add_to_pool && (found = store_pool_has(s, topic_id, r->docno, err)) <= 0) {
            if (found == 0)
                util_error_set(err, UTIL_EXIT_DATA, shown, r->line,
                               "document '%s' is not in the pool of topic '%s' (--add-to-pool "
                               "adds it)", r->docno, r->qid);
            goto out;
        }
    }
    c->assessors = assessors.n;
    bar->total = j->n;
    if (store_import_begin(s, im, err) != 0)
        goto out;
    /* chunks of up to 1024 judgments of one topic, as qrels */
    for (size_t i = 0; i < j->n;) {
        size_t m = 0;
        const char *qid = j->rows[i].qid;
        while (i + m < j->n && m < 1024 && strcmp(j->rows[i + m].qid, qid) == 0) {
            const formats_judgment *r = &j->rows[i + m];
            chunk[m] = (store_qrel){ r->docno, r->iter, r->grade, (int64_t)r->line,
                                     r->assessor, r->seconds, r->note, c->add_to_pool };
            m++;
        }
        if (store_qrels_stage(s, im->id, ++seq, qid, chunk, m, err) != 0 ||
            store_batch_yield(s, err) != 0)
            goto out;
        i += m;
        util_progress_update(bar, i);
    }
    n = (int64_t)j->n;
out:
    util_map_free(&assessors);
    free(chunk);
    formats_judgments_free(&j);
    return n;
}

int campaign_import_file(store *s, const campaign_import *imp, const char *path, void *ctx,
                         campaign_imported *r, util_error *err)
{
    char checksum[33];
    util_progress bar;
    memset(r, 0, sizeof *r);
    if (formats_checksum(path, checksum, err) != 0)
        return -1;
    /* the same qrels file is another import for another assessor */
    char key[sizeof checksum + 1100];
    snprintf(key, sizeof key, "%s%s%s%s%s", checksum, imp->assessor ? " " : "",
             imp->assessor ? imp->assessor : "", imp->variant ? " lang=" : "",
             imp->variant ? imp->variant : "");
    store_import im = { imp->kind, path, key, imp->assessor, 0 };
    int seen = store_import_seen(s, &im, err);
    if (seen < 0)
        return -1;
    if (seen > 0) {
        r->before = im.id;
        return 0;
    }
    im.id = 0;
    util_progress_start(&bar, path, 0);
    /* the body returns in the import's last transaction, which publishes it (or, for
     * qrels, is the commit point) */
    if ((r->items = imp->body(s, path, &im, &bar, ctx, err)) < 0 ||
        (imp->staged ? store_qrels_commit(s, im.id, r->items, err)
                     : store_import_publish(s, im.id, r->items, err)) != 0 ||
        store_batch_end(s, err) != 0) {
        util_progress_end(&bar);
        store_rollback(s);
        util_error ignored = { 0, "" };
        /* rows of batches already committed (never visible); else the next import removes them */
        if (im.id != 0)
            store_import_remove(s, im.id, &ignored);
        return -1;
    }
    if (imp->staged && store_qrels_apply(s, im.id, err) != 0)
        r->unapplied = 1;
    util_progress_end(&bar);
    return 0;
}
