/* search.c: search's topic queries, its run stored, its finds added to a pool. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"

static void topics_add(campaign_queries *c, const char *qid, char *text)
{
    util_grow(&c->t, &c->cap, c->n + 1, sizeof *c->t);
    c->t[c->n].qid = util_strdup(qid);
    c->t[c->n].text = text;
    c->n++;
}

/* One field of a topic, as the readers and the store give them. */
typedef struct field {
    const char *field, *lang, *text;
} field;

/* The query of a topic from its fields: the selected fields in the chosen language,
 * joined by spaces; NULL when none of them is there. */
static char *query_text(const campaign_queries *c, const field *f, size_t n)
{
    const char *lang = c->lang;
    if (lang == NULL) {
        for (size_t i = 0; i < n && lang == NULL; i++)
            if (strcmp(f[i].lang, "en") == 0)
                lang = "en";
        if (lang == NULL && n > 0)
            lang = f[0].lang;
    }
    char *out = NULL;
    size_t len = 0, cap = 0;
    const char *p = c->fields;
    while (lang != NULL && *p != '\0') {
        size_t k = strcspn(p, "+,");
        for (size_t i = 0; i < n; i++) {
            if (strcmp(f[i].lang, lang) != 0 || strlen(f[i].field) != k ||
                strncmp(f[i].field, p, k) != 0)
                continue;
            size_t tl = strlen(f[i].text);
            util_grow(&out, &cap, len + tl + 2, 1);
            if (len > 0)
                out[len++] = ' ';
            memcpy(out + len, f[i].text, tl + 1);
            len += tl;
        }
        p += k;
        if (*p != '\0')
            p++;
    }
    return out;
}

typedef struct fields_acc {
    field *f;
    char **own;          /* the copies f points at, three per field */
    size_t n, cap, cap_own;
} fields_acc;

static int store_field_cb(void *ctx, const char *name, const char *lang, const char *text)
{
    fields_acc *a = ctx;
    util_grow(&a->f, &a->cap, a->n + 1, sizeof *a->f);
    util_grow(&a->own, &a->cap_own, 3 * (a->n + 1), sizeof *a->own);
    char **o = a->own + 3 * a->n;
    o[0] = util_strdup(name);
    o[1] = util_strdup(lang);
    o[2] = util_strdup(text);
    a->f[a->n].field = o[0];
    a->f[a->n].lang = o[1];
    a->f[a->n].text = o[2];
    a->n++;
    return 0;
}

static void fields_clear(fields_acc *a)
{
    for (size_t i = 0; i < 3 * a->n; i++)
        free(a->own[i]);
    a->n = 0;
}

typedef struct topic_ids {
    int64_t *id;
    char **qid;
    size_t n, cap;
} topic_ids;

static int store_topic_cb(void *ctx, int64_t topic_id, const char *qid)
{
    topic_ids *t = ctx;
    size_t cap = t->cap;
    util_grow(&t->id, &cap, t->n + 1, sizeof *t->id);
    util_grow(&t->qid, &t->cap, t->n + 1, sizeof *t->qid);
    t->id[t->n] = topic_id;
    t->qid[t->n] = util_strdup(qid);
    t->n++;
    return 0;
}

int campaign_queries_read_campaign(store *s, campaign_queries *c, util_error *err)
{
    topic_ids ids = { NULL, NULL, 0, 0 };
    fields_acc acc = { NULL, NULL, 0, 0, 0 };
    int rc = store_topics_each(s, store_topic_cb, &ids, err);
    for (size_t i = 0; rc == 0 && i < ids.n; i++) {
        fields_clear(&acc);
        rc = store_topic_fields_each(s, ids.id[i], store_field_cb, &acc, err);
        char *text = rc == 0 ? query_text(c, acc.f, acc.n) : NULL;
        if (text != NULL)
            topics_add(c, ids.qid[i], text);
        else if (rc == 0)
            util_warn("search: topic %s has none of the fields '%s' in that language; skipped",
                      ids.qid[i], c->fields);
    }
    fields_clear(&acc);
    free(acc.f);
    free(acc.own);
    for (size_t i = 0; i < ids.n; i++)
        free(ids.qid[i]);
    free(ids.qid);
    free(ids.id);
    return rc;
}

static int file_topic_cb(void *ctx, const formats_topic *t, util_error *err)
{
    (void)err;
    campaign_queries *c = ctx;
    field *f = util_malloc((t->nfields + 1) * sizeof *f);
    for (size_t i = 0; i < t->nfields; i++) {
        f[i].field = t->fields[i].field;
        f[i].lang = t->fields[i].lang;
        f[i].text = t->fields[i].text;
    }
    char *text = query_text(c, f, t->nfields);
    free(f);
    if (text != NULL)
        topics_add(c, t->qid, text);
    else
        util_warn("search: topic %s has none of the fields '%s' in that language; skipped",
                  t->qid, c->fields);
    return 0;
}

char *campaign_doc_topic_text(const formats_doc *d)
{
    size_t tl = strlen(d->title);
    char *text = util_malloc(tl + d->body_len + 2);
    memcpy(text, d->title, tl);
    text[tl] = ' ';
    memcpy(text + tl + 1, d->body, d->body_len);
    text[tl + 1 + d->body_len] = '\0';
    return text;
}

/* A TREC document file used as topics: the DOCNO is the id, title and text the query. */
static int doc_topic_cb(void *ctx, const formats_doc *d, util_error *err)
{
    (void)err;
    topics_add(ctx, d->docno, campaign_doc_topic_text(d));
    return 0;
}

int campaign_doc_topics_read(const char *path, formats_doc_fn fn, void *ctx, util_error *err)
{
    formats_docs_stats st;
    return formats_docs_read(path, FORMATS_DOCS_TREC, fn, ctx, &st, err);
}

int campaign_queries_read_file(campaign_queries *c, const char *path, const char *format,
                                util_error *err)
{
    if (format != NULL && strcmp(format, "docs") == 0)
        return campaign_doc_topics_read(path, doc_topic_cb, c, err);
    formats_topics_format fmt = FORMATS_TOPICS_AUTO;
    if (format != NULL && formats_topics_format_parse(format, &fmt) != 0)
        return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "search: unknown topic format '%s'",
                              format);
    return formats_topics_read(path, fmt, file_topic_cb, c, err);
}

void campaign_queries_free(campaign_queries *c)
{
    for (size_t i = 0; i < c->n; i++) {
        free(c->t[i].qid);
        free(c->t[i].text);
    }
    free(c->t);
    c->t = NULL;
    c->n = c->cap = 0;
}

static int hit_cmp(const void *pa, const void *pb)
{
    const index_hit *a = pa, *b = pb;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    return -strcmp(a->docno, b->docno);
}

void campaign_search_score(char *buf, size_t size, double score)
{
    snprintf(buf, size, "%.10g", score);
}

void campaign_search_query(index_inverted *idx, const char *text, index_model m,
                           const index_params *p, size_t k, index_hit *hits, size_t *n)
{
    index_query(idx, text, strlen(text), m, p, k, hits, n);
    char buf[64];
    for (size_t i = 0; i < *n; i++) {
        campaign_search_score(buf, sizeof buf, hits[i].score);
        hits[i].score = strtod(buf, NULL);
    }
    qsort(hits, *n, sizeof *hits, hit_cmp);
}

int campaign_search_run(index_inverted *idx, const campaign_queries *tc, index_model m,
                        const index_params *p, size_t k, const char *tag, campaign_ranking *r,
                        util_out *o, uint64_t *checksum, size_t *lines)
{
    *checksum = util_hash(tag, strlen(tag));
    *lines = 0;
    for (size_t i = 0; i < tc->n; i++) {
        r[i].hits = util_malloc((k + 1) * sizeof *r[i].hits);
        campaign_search_query(idx, tc->t[i].text, m, p, k, r[i].hits, &r[i].n);
        char line[1024];
        for (size_t j = 0; j < r[i].n; j++) {
            char buf[64];
            campaign_search_score(buf, sizeof buf, r[i].hits[j].score);
            int len = snprintf(line, sizeof line, "%s Q0 %s %zu %s %s\n", tc->t[i].qid,
                               r[i].hits[j].docno, j + 1, buf, tag);
            size_t ll = len < 0 ? 0 : (size_t)len < sizeof line ? (size_t)len : sizeof line - 1;
            *checksum = *checksum * 0x100000001b3ull ^ util_hash(line, ll);
            if (o != NULL)
                util_out_bytes(o, line, ll);
            ++*lines;
        }
        if (o != NULL && o->len > (1u << 16) && util_out_flush(o) != 0)
            return -1;
    }
    return o != NULL ? util_out_flush(o) : 0;
}

/* Stores the rankings as a run, as `runs import` does: under the import lock, in short
 * transactions, invisible until published. */
int campaign_search_import(store *s, const char *tag, const campaign_queries *tc,
                           const campaign_ranking *r, uint64_t checksum, size_t lines,
                           util_error *err)
{
    char sum[33];
    snprintf(sum, sizeof sum, "search-%016llx", (unsigned long long)checksum);
    char label[300];
    snprintf(label, sizeof label, "trecjudge search --tag %s", tag);
    const char **docnos = NULL;
    double *scores = NULL;
    size_t capd = 0, caps = 0;
    int64_t run_id;
    store_recovery rec;
    store_import im = { "run", label, sum, NULL, 0 };
    int rc = -1;
    if (store_import_lock(s, 1, &rec, err) != 0)
        goto out;
    int seen = store_import_seen(s, &im, err);
    if (seen != 0) {
        if (seen > 0)
            fprintf(stderr, "run '%s': imported before (import %lld); nothing changed\n",
                    util_shown(tag),
                    (long long)im.id);
        rc = seen > 0 ? 0 : -1;
        goto out;
    }
    if (store_import_begin(s, &im, err) != 0 || store_run_add(s, tag, im.id, &run_id, err) != 0)
        goto fail;
    for (size_t i = 0; i < tc->n; i++) {
        int64_t topic_id;
        if (store_import_topic_id(s, im.id, tc->t[i].qid, &topic_id, err) < 0)
            goto fail;
        util_grow(&docnos, &capd, r[i].n + 1, sizeof *docnos);
        util_grow(&scores, &caps, r[i].n + 1, sizeof *scores);
        for (size_t j = 0; j < r[i].n; j++) {
            docnos[j] = r[i].hits[j].docno;
            scores[j] = r[i].hits[j].score;
        }
        if (r[i].n > 0 &&
            (store_run_ranking_add(s, run_id, topic_id, docnos, scores, r[i].n, err) != 0 ||
             store_batch_yield(s, err) != 0))
            goto fail;
    }
    if (store_import_publish(s, im.id, (int64_t)lines, err) != 0 || store_batch_end(s, err) != 0)
        goto fail;
    fprintf(stderr, "imported run '%s': %zu topics, %zu documents\n", util_shown(tag), tc->n,
            lines);
    rc = 0;
    goto out;
fail:
    store_rollback(s);
    if (im.id != 0) {   /* else the next import removes it */
        util_error ignored = { 0, "" };
        store_import_remove(s, im.id, &ignored);
    }
out:
    store_import_unlock(s);
    free(docnos);
    free(scores);
    return rc;
}

/* The highest position and the number of documents of a pool. */
typedef struct pool_stat {
    int64_t max, count;
} pool_stat;

static int pool_stat_cb(void *ctx, const char *docno, int64_t position, const char *source)
{
    (void)docno;
    (void)source;
    pool_stat *p = ctx;
    if (position > p->max)
        p->max = position;
    p->count++;
    return 0;
}

/* Adds the hits to a topic's pool after what it holds, with the source "search" (a
 * document pooled already keeps its place and source); returns the number added. */
int64_t campaign_pool_add_found(store *s, const char *qid, const index_hit *hits, size_t n,
                        util_error *err)
{
    int64_t topic_id;
    pool_stat before = { 0, 0 }, after = { 0, 0 };
    int found = store_topic_id(s, qid, 0, &topic_id, err);
    if (found <= 0) {
        if (found == 0)
            util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0,
                           "no topic '%s' in the campaign", qid);
        return -1;
    }
    if (store_begin(s, err) != 0)
        return -1;
    if (store_pool_each(s, topic_id, pool_stat_cb, &before, err) != 0)
        goto fail;
    for (size_t i = 0; i < n; i++)
        if (store_pool_add(s, topic_id, hits[i].docno, before.max + 1 + (int64_t)i, "search",
                           err) != 0)
            goto fail;
    if (store_pool_each(s, topic_id, pool_stat_cb, &after, err) != 0 || store_commit(s, err) != 0)
        goto fail;
    return after.count - before.count;
fail:
    store_rollback(s);
    return -1;
}

