/* cmd_search.c: `trecjudge search`: a TREC run of the campaign's documents for every topic (or one free-text query), optionally stored as a run. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"

/* One topic's query text. */
typedef struct topic_query {
    char *qid;
    char *text;
} topic_query;

typedef struct topics_ctx {
    topic_query *t;
    size_t n, cap;
    const char *fields;   /* "title+description" */
    const char *lang;     /* NULL: en when present, else the first */
} topics_ctx;

static void topics_add(topics_ctx *c, const char *qid, char *text)
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
static char *query_text(const topics_ctx *c, const field *f, size_t n)
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

static int campaign_topics(store *s, topics_ctx *c, util_error *err)
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
    topics_ctx *c = ctx;
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

/* A TREC document file used as topics: the DOCNO is the id, title and text the query. */
static int doc_topic_cb(void *ctx, const formats_doc *d, util_error *err)
{
    (void)err;
    size_t tl = strlen(d->title);
    char *text = util_malloc(tl + d->body_len + 2);
    memcpy(text, d->title, tl);
    text[tl] = ' ';
    memcpy(text + tl + 1, d->body, d->body_len);
    text[tl + 1 + d->body_len] = '\0';
    topics_add(ctx, d->docno, text);
    return 0;
}

/* The ranking of one topic, scores rounded to what is printed. */
typedef struct ranking {
    index_hit *hits;
    size_t n;
} ranking;

#define SCORE_FMT "%.10g"

static int hit_cmp(const void *pa, const void *pb)
{
    const index_hit *a = pa, *b = pb;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    return -strcmp(a->docno, b->docno);
}

/* Rounds the scores to what the run file says and sorts again, so that trec_eval's order
 * of the printed run (score, then docno, descending) is exactly the ranks printed. */
static void round_scores(index_hit *h, size_t n)
{
    char buf[64];
    for (size_t i = 0; i < n; i++) {
        snprintf(buf, sizeof buf, SCORE_FMT, h[i].score);
        h[i].score = strtod(buf, NULL);
    }
    qsort(h, n, sizeof *h, hit_cmp);
}

/* Stores the rankings as a run, as `runs import` does: under the import lock, in short
 * transactions, invisible until published. */
static int import_run(store *s, const char *tag, const topics_ctx *tc, const ranking *r,
                      uint64_t checksum, size_t lines, util_error *err)
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
            fprintf(stderr, "run '%s': imported before (import %lld); nothing changed\n", tag,
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
    fprintf(stderr, "imported run '%s': %zu topics, %zu documents\n", tag, tc->n, lines);
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

typedef struct options {
    const char *campaign, *topic_file, *topic_format, *tag, *out, *query, *pool_qid;
    index_model model;
    index_params params;
    long depth;
    int import;
} options;

static int parse_number(const char *name, const char *arg, double *v)
{
    if (util_parse_double(arg, strlen(arg), v) != 0 || *v < 0) {
        util_warn("search: %s needs a non-negative number, not '%s'", name, arg);
        return -1;
    }
    return 0;
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
static int64_t pool_add(store *s, const char *qid, const index_hit *hits, size_t n,
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

static int run_search(store *s, const options *o, topics_ctx *tc)
{
    util_error err = { 0, "" };
    int status = UTIL_EXIT_OK;
    index_inverted *idx = NULL;
    ranking *r = NULL;
    FILE *fp = NULL;
    util_out out;
    util_out_init(&out, stdout);
    if (cli_index_update(s, NULL, 0, 0, &idx, &err) != 0)
        goto fail;
    size_t k = (size_t)o->depth;
    if (o->query != NULL) {
        index_hit *hits = util_malloc((k + 1) * sizeof *hits);
        size_t n;
        int64_t added;
        index_query(idx, o->query, strlen(o->query), o->model, &o->params, k, hits, &n);
        round_scores(hits, n);
        char buf[64];
        for (size_t i = 0; i < n; i++) {
            snprintf(buf, sizeof buf, SCORE_FMT, hits[i].score);
            util_out_printf(&out, "%zu\t%s\t%s\n", i + 1, hits[i].docno, buf);
        }
        if (util_out_flush(&out) != 0)
            util_error_set(&err, UTIL_EXIT_SYSTEM, NULL, 0, "cannot write the results");
        else if (o->pool_qid != NULL && (added = pool_add(s, o->pool_qid, hits, n, &err)) >= 0)
            fprintf(stderr, "topic %s: %lld of %zu documents found by search added to its pool\n",
                    o->pool_qid, (long long)added, n);
        free(hits);
        goto done;
    }
    if (o->topic_file != NULL) {
        int rc;
        if (o->topic_format != NULL && strcmp(o->topic_format, "docs") == 0) {
            formats_docs_stats st;
            rc = formats_docs_read(o->topic_file, FORMATS_DOCS_TREC, doc_topic_cb, tc, &st, &err);
        } else {
            formats_topics_format fmt = FORMATS_TOPICS_AUTO;
            if (o->topic_format != NULL &&
                formats_topics_format_parse(o->topic_format, &fmt) != 0) {
                util_warn("search: unknown topic format '%s'", o->topic_format);
                status = UTIL_EXIT_USAGE;
                goto done;
            }
            rc = formats_topics_read(o->topic_file, fmt, file_topic_cb, tc, &err);
        }
        if (rc != 0)
            goto fail;
    } else if (campaign_topics(s, tc, &err) != 0) {
        goto fail;
    }
    if (tc->n == 0) {
        util_error_set(&err, UTIL_EXIT_DATA, o->topic_file ? o->topic_file : store_path(s), 0,
                       "no topics to search for");
        goto fail;
    }
    r = util_calloc(tc->n, sizeof *r);
    uint64_t checksum = util_hash(o->tag, strlen(o->tag));
    size_t lines = 0;
    char tag[256];
    snprintf(tag, sizeof tag, "%s", o->tag);
    if (o->out != NULL) {
        fp = fopen(o->out, "w");
        if (fp == NULL) {
            util_error_set(&err, UTIL_EXIT_SYSTEM, o->out, 0, "cannot write");
            goto fail;
        }
        out.fp = fp;
    }
    int print = o->out != NULL || !o->import;
    for (size_t i = 0; i < tc->n; i++) {
        r[i].hits = util_malloc((k + 1) * sizeof *r[i].hits);
        index_query(idx, tc->t[i].text, strlen(tc->t[i].text), o->model, &o->params, k,
                    r[i].hits, &r[i].n);
        round_scores(r[i].hits, r[i].n);
        char line[1024];
        for (size_t j = 0; j < r[i].n; j++) {
            char buf[64];
            snprintf(buf, sizeof buf, SCORE_FMT, r[i].hits[j].score);
            int len = snprintf(line, sizeof line, "%s Q0 %s %zu %s %s\n", tc->t[i].qid,
                               r[i].hits[j].docno, j + 1, buf, tag);
            size_t ll = len < 0 ? 0 : (size_t)len < sizeof line ? (size_t)len : sizeof line - 1;
            checksum = checksum * 0x100000001b3ull ^ util_hash(line, ll);
            if (print)
                util_out_bytes(&out, line, ll);
            lines++;
        }
        if (print && out.len > (1u << 16) && util_out_flush(&out) != 0)
            break;
    }
    if (print && util_out_flush(&out) != 0) {
        util_error_set(&err, UTIL_EXIT_SYSTEM, o->out, 0, "cannot write the run");
        goto fail;
    }
    if (fp != NULL) {
        int bad = fclose(fp) != 0;
        fp = NULL;
        out.fp = stdout;
        if (bad) {
            util_error_set(&err, UTIL_EXIT_SYSTEM, o->out, 0, "cannot write the run");
            goto fail;
        }
    }
    if (o->import && import_run(s, tag, tc, r, checksum, lines, &err) != 0)
        goto fail;
    goto done;
fail:
    if (status == UTIL_EXIT_OK) {
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
done:
    if (err.code != 0 && status == UTIL_EXIT_OK) {
        util_warn("%s", err.msg);
        status = err.code;
    }
    if (fp != NULL)
        fclose(fp);
    if (r != NULL)
        for (size_t i = 0; i < tc->n; i++)
            free(r[i].hits);
    free(r);
    out.fp = stdout;
    util_out_free(&out);
    index_free(&idx);
    return status;
}

int cli_search(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("search");
    options o;
    memset(&o, 0, sizeof o);
    o.model = INDEX_BM25;
    o.depth = 1000;
    index_params_init(&o.params);
    topics_ctx tc = { NULL, 0, 0, "title", NULL };
    int opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'h':
            cli_usage(cmd, stdout);
            return UTIL_EXIT_OK;
        case 'd': o.campaign = optarg; break;
        case 'm':
            if (index_model_parse(optarg, &o.model) != 0) {
                util_warn("search: unknown model '%s' (jaccard, tf, logtf, tfidf, cosine, bm25)",
                          optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 'K':
            if (parse_number("--k1", optarg, &o.params.k1) != 0)
                return UTIL_EXIT_USAGE;
            break;
        case 'B':
            if (parse_number("--b", optarg, &o.params.b) != 0 || o.params.b > 1) {
                util_warn("search: --b is between 0 and 1");
                return UTIL_EXIT_USAGE;
            }
            break;
        case 'n':
            if (util_parse_long(optarg, strlen(optarg), &o.depth) != 0 || o.depth < 1 ||
                o.depth > 1000000) {
                util_warn("search: --depth needs a number from 1 to 1000000, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 't': tc.fields = optarg; break;
        case 'l': tc.lang = optarg; break;
        case 'f': o.topic_file = optarg; break;
        case 'F': o.topic_format = optarg; break;
        case 'T': o.tag = optarg; break;
        case 'o': o.out = optarg; break;
        case 'i': o.import = 1; break;
        case 'q': o.query = optarg; break;
        case 'P': o.pool_qid = optarg; break;
        default:
            cli_usage(cmd, stderr);
            return UTIL_EXIT_USAGE;
        }
    }
    if (optind != argc || (o.query != NULL && (o.import || o.topic_file || o.out)) ||
        (o.pool_qid != NULL && o.query == NULL)) {
        cli_usage(cmd, stderr);
        return UTIL_EXIT_USAGE;
    }
    char deftag[32];
    if (o.tag == NULL) {
        snprintf(deftag, sizeof deftag, "tj-%s", index_model_name(o.model));
        o.tag = deftag;
    }
    if (cli_name_check("search", "run tag", o.tag) != 0 ||
        cli_name_check("search", "topic", o.pool_qid) != 0)
        return UTIL_EXIT_USAGE;
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(o.campaign, &status);
    if (s == NULL)
        return status;
    status = run_search(s, &o, &tc);
    for (size_t i = 0; i < tc.n; i++) {
        free(tc.t[i].qid);
        free(tc.t[i].text);
    }
    free(tc.t);
    store_close(&s);
    return status;
}
