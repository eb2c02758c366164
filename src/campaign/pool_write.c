/* pool_write.c: a pool written: its documents, its statistics, its bias report. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <stdlib.h>
#include <string.h>

void campaign_pool_write_doc(util_out *o, int form, const char *qid, const char *docno, size_t i,
                             size_t n)
{
    util_out_str(o, qid);
    switch (form) {
    case CAMPAIGN_EXPORT_QRELS:
        util_out_str(o, " 0 ");
        util_out_str(o, docno);
        util_out_str(o, " -1\n");
        break;
    case CAMPAIGN_EXPORT_RUN:
        util_out_str(o, " Q0 ");
        util_out_str(o, docno);
        util_out_printf(o, " %zu %zu pool\n", i + 1, n - i);
        break;
    default:
        util_out_char(o, ' ');
        util_out_str(o, docno);
        util_out_char(o, '\n');
        break;
    }
}

void campaign_pool_write(util_out *o, const campaign_pool *c, int form)
{
    for (size_t t = 0; t < c->ntopics; t++) {
        const pool_topic *p = c->topics[t].pool;
        size_t n = pool_topic_size(p);
        for (size_t i = 0; i < n; i++)
            campaign_pool_write_doc(o, form, c->topics[t].qid, pool_topic_docno(p, i), i, n);
    }
}

/* ---- statistics ---- */

/* The JSON of the statistics and of the bias: an object of members a line each, arrays of
 * an item a line (the closing bracket on its own line even when empty). */
static const util_json_style members_lines = { "", "\n", "", "" };
static const util_json_style items_lines = { "\n  ", "\n  ", "\n", "\n" };

/* The per-topic table's header and rows. */
static void stats_topic_row(util_out *o, int fmt, const char *qid, size_t pooled, size_t runs,
                            size_t unique)
{
    if (fmt == CAMPAIGN_FMT_TABLE)
        util_out_printf(o, "%-16s %10zu %6zu %10zu\n", qid, pooled, runs, unique);
    else
        util_out_printf(o, "%s\t%zu\t%zu\t%zu\n", qid, pooled, runs, unique);
}

void campaign_pool_write_stats(util_out *o, const campaign_pool *c, int fmt, int overlap,
                               int table)
{
    size_t nr = c->nruns;
    /* one table a TSV stream: the one asked for, else the topics */
    if (fmt == CAMPAIGN_FMT_TSV && table == CAMPAIGN_STATS_ALL)
        table = CAMPAIGN_STATS_TOPICS;
    if (fmt == CAMPAIGN_FMT_JSON)
        table = CAMPAIGN_STATS_ALL;
    int all = table == CAMPAIGN_STATS_ALL, show_topics = all || table == CAMPAIGN_STATS_TOPICS;
    int show_runs = all || table == CAMPAIGN_STATS_RUNS;
    overlap = overlap || table == CAMPAIGN_STATS_OVERLAP;
    int show_overlap = overlap && (all || table == CAMPAIGN_STATS_OVERLAP);
    pool_run_stats *st = util_calloc(nr + 1, sizeof *st);
    pool_run_stats *tot = util_calloc(nr + 1, sizeof *tot);
    uint64_t *ov = overlap ? util_calloc(nr * nr + 1, sizeof *ov) : NULL;
    size_t all_pooled = 0, all_unique = 0;
    util_json j;
    util_json_init(&j, o);
    if (show_topics && fmt == CAMPAIGN_FMT_TABLE) {
        util_out_printf(o, "%-16s %10s %6s %10s\n", "topic", "pooled", "runs", "unique");
    } else if (show_topics && fmt == CAMPAIGN_FMT_TSV) {
        util_out_str(o, "topic\tpooled\truns\tunique\n");
    } else if (fmt == CAMPAIGN_FMT_JSON) {
        util_json_object(&j, &members_lines);
        util_json_key(&j, "topics");
        util_json_array(&j, &items_lines);
    }
    for (size_t t = 0; t < c->ntopics; t++) {
        const pool_topic *p = c->topics[t].pool;
        pool_topic_stats(p, nr, st, ov);
        size_t runs = 0, unique = 0, pooled = pool_topic_size(p);
        for (size_t r = 0; r < nr; r++) {
            runs += st[r].contributed > 0;
            unique += st[r].unique;
            tot[r].contributed += st[r].contributed;
            tot[r].unique += st[r].unique;
        }
        all_pooled += pooled;
        all_unique += unique;
        const char *qid = c->topics[t].qid;
        if (!show_topics)
            continue;
        if (fmt != CAMPAIGN_FMT_JSON) {
            stats_topic_row(o, fmt, qid, pooled, runs, unique);
        } else {
            util_json_object(&j, NULL);
            util_json_key(&j, "qid");
            util_json_str(&j, qid);
            util_json_key(&j, "pooled");
            util_json_uint(&j, pooled);
            util_json_key(&j, "runs");
            util_json_uint(&j, runs);
            util_json_key(&j, "unique");
            util_json_uint(&j, unique);
            util_json_end(&j);
        }
    }
    if (show_topics && fmt != CAMPAIGN_FMT_JSON)
        stats_topic_row(o, fmt, "all", all_pooled, nr, all_unique);
    if (show_runs && fmt == CAMPAIGN_FMT_TABLE) {
        util_out_printf(o, "%s%-24s %12s %10s %8s\n", all ? "\n" : "", "run", "contributed",
                        "unique", "unique%");
    } else if (show_runs && fmt == CAMPAIGN_FMT_TSV) {
        util_out_str(o, "run\tcontributed\tunique\n");
    } else if (fmt == CAMPAIGN_FMT_JSON) {
        util_json_end(&j);
        util_json_key(&j, "all");
        util_json_object(&j, NULL);
        util_json_key(&j, "topics");
        util_json_uint(&j, c->ntopics);
        util_json_key(&j, "pooled");
        util_json_uint(&j, all_pooled);
        util_json_key(&j, "runs");
        util_json_uint(&j, nr);
        util_json_key(&j, "unique");
        util_json_uint(&j, all_unique);
        util_json_end(&j);
        util_json_key(&j, "runs");
        util_json_array(&j, &items_lines);
    }
    for (size_t r = 0; show_runs && r < nr; r++) {
        const char *tag = c->tags[r] ? c->tags[r] : "";
        double pct = tot[r].contributed ? 100.0 * (double)tot[r].unique / (double)tot[r].contributed
                                        : 0.0;
        if (fmt == CAMPAIGN_FMT_TABLE) {
            util_out_printf(o, "%-24s %12zu %10zu %7.1f%%\n", tag, tot[r].contributed,
                            tot[r].unique, pct);
        } else if (fmt == CAMPAIGN_FMT_TSV) {
            util_out_printf(o, "%s\t%zu\t%zu\n", tag, tot[r].contributed, tot[r].unique);
        } else {
            util_json_object(&j, NULL);
            util_json_key(&j, "tag");
            util_json_str(&j, tag);
            util_json_key(&j, "contributed");
            util_json_uint(&j, tot[r].contributed);
            util_json_key(&j, "unique");
            util_json_uint(&j, tot[r].unique);
            util_json_end(&j);
        }
    }
    if (show_overlap) {
        if (fmt == CAMPAIGN_FMT_TABLE) {
            util_out_printf(o, "%s%-24s %-24s %10s\n", all ? "\n" : "", "run", "run", "shared");
        } else if (fmt == CAMPAIGN_FMT_TSV) {
            util_out_str(o, "run_a\trun_b\tshared\n");
        } else {
            util_json_end(&j);
            util_json_key(&j, "overlap");
            util_json_array(&j, &items_lines);
        }
        for (size_t a = 0; a < nr; a++)
            for (size_t b = a + 1; b < nr; b++) {
                const char *ta = c->tags[a] ? c->tags[a] : "", *tb = c->tags[b] ? c->tags[b] : "";
                uint64_t v = ov[a * nr + b];
                if (fmt == CAMPAIGN_FMT_TABLE) {
                    util_out_printf(o, "%-24s %-24s %10llu\n", ta, tb, (unsigned long long)v);
                } else if (fmt == CAMPAIGN_FMT_TSV) {
                    util_out_printf(o, "%s\t%s\t%llu\n", ta, tb, (unsigned long long)v);
                } else {
                    util_json_object(&j, NULL);
                    util_json_key(&j, "a");
                    util_json_str(&j, ta);
                    util_json_key(&j, "b");
                    util_json_str(&j, tb);
                    util_json_key(&j, "shared");
                    util_json_uint(&j, v);
                    util_json_end(&j);
                }
            }
    }
    if (fmt == CAMPAIGN_FMT_JSON) {
        util_json_end(&j);
        util_json_end(&j);
        util_out_char(o, '\n');
    }
    free(st);
    free(tot);
    free(ov);
}

/* ---- leave-one-run-out bias ---- */

int campaign_pool_write_bias(util_out *o, const campaign_pool *c, const campaign_judged *j,
                             long level, int fmt)
{
    size_t nr = c->nruns;
    pool_bias *pb = pool_bias_new(nr, level);
    for (size_t t = 0; t < c->ntopics; t++) {
        const campaign_pool_topic *pt = &c->topics[t];
        const campaign_judged_topic *jt = campaign_judged_find(j, pt->qid);
        if (jt == NULL)
            continue;
        pool_judged pj = { (const char *const *)jt->docnos, jt->grades, jt->n };
        for (size_t k = 0; k < pt->nsaved; k++) {
            const campaign_pool_ranking *sr = &pt->saved[k];
            pool_bias_add(pb, pt->pool, &pj, sr->run, (const char *const *)sr->docnos, sr->n);
        }
    }
    const pool_bias_row *rows = pool_bias_finish(pb);
    double sum_change = 0, max_drop = 0, sum_map = 0, sum_map_loo = 0;
    size_t moved = 0, sum_unique = 0, sum_unique_rel = 0;
    util_json js;
    util_json_init(&js, o);
    if (fmt == CAMPAIGN_FMT_TABLE) {
        util_out_printf(o, "%-24s %7s %10s %8s %8s %8s %5s %8s\n", "run", "unique", "unique_rel",
                        "map", "map_loo", "change", "rank", "rank_loo");
    } else if (fmt == CAMPAIGN_FMT_TSV) {
        util_out_str(o, "run\tunique\tunique_rel\tmap\tmap_loo\tchange\trank\trank_loo\n");
    } else {
        util_json_object(&js, &members_lines);
        util_json_key(&js, "runs");
        util_json_array(&js, &items_lines);
    }
    for (size_t r = 0; r < nr; r++) {
        const pool_bias_row *w = &rows[r];
        const char *tag = c->tags[r] ? c->tags[r] : "";
        double change = w->map_loo - w->map;
        sum_change += change;
        sum_map += w->map;
        sum_map_loo += w->map_loo;
        sum_unique += w->unique;
        sum_unique_rel += w->unique_rel;
        if (-change > max_drop)
            max_drop = -change;
        moved += w->rank != w->rank_loo;
        if (fmt == CAMPAIGN_FMT_TABLE) {
            util_out_printf(o, "%-24s %7zu %10zu %8.4f %8.4f %+8.4f %5zu %8zu\n", tag, w->unique,
                            w->unique_rel, w->map, w->map_loo, change, w->rank, w->rank_loo);
        } else if (fmt == CAMPAIGN_FMT_TSV) {
            util_out_printf(o, "%s\t%zu\t%zu\t%.17g\t%.17g\t%.17g\t%zu\t%zu\n", tag,
                            w->unique, w->unique_rel, w->map, w->map_loo, change, w->rank,
                            w->rank_loo);
        } else {
            util_json_object(&js, NULL);
            util_json_key(&js, "tag");
            util_json_str(&js, tag);
            util_json_key(&js, "unique");
            util_json_uint(&js, w->unique);
            util_json_key(&js, "unique_rel");
            util_json_uint(&js, w->unique_rel);
            util_json_key(&js, "map");
            util_json_double(&js, w->map);
            util_json_key(&js, "map_loo");
            util_json_double(&js, w->map_loo);
            util_json_key(&js, "change");
            util_json_double(&js, change);
            util_json_key(&js, "rank");
            util_json_uint(&js, w->rank);
            util_json_key(&js, "rank_loo");
            util_json_uint(&js, w->rank_loo);
            util_json_end(&js);
        }
    }
    double mean_change = nr ? sum_change / (double)nr : 0.0;
    if (fmt == CAMPAIGN_FMT_TABLE) {
        util_out_printf(o, "\nmean change %+.4f, largest drop %.4f, %zu of %zu runs change rank\n",
                        mean_change, max_drop, moved, nr);
    } else if (fmt == CAMPAIGN_FMT_TSV) {
        /* every cell a value, or NA (what pandas and R read as missing): the documents only
         * one run found, the mean MAPs and change over the runs; no rank */
        util_out_printf(o, "all\t%zu\t%zu\t%.17g\t%.17g\t%.17g\tNA\tNA\n", sum_unique,
                        sum_unique_rel, nr ? sum_map / (double)nr : 0.0,
                        nr ? sum_map_loo / (double)nr : 0.0, mean_change);
    } else {
        util_json_end(&js);
        util_json_key(&js, "mean_change");
        util_json_double(&js, mean_change);
        util_json_break(&js, " ");
        util_json_key(&js, "largest_drop");
        util_json_double(&js, max_drop);
        util_json_break(&js, " ");
        util_json_key(&js, "rank_changes");
        util_json_uint(&js, moved);
        util_json_end(&js);
        util_out_char(o, '\n');
    }
    pool_bias_free(&pb);
    return 0;
}

typedef struct topic_list {
    int64_t *ids;
    char **qids;
    size_t n, capi, capq;
} topic_list;

static int topic_list_cb(void *vctx, int64_t topic_id, const char *qid)
{
    topic_list *tl = vctx;
    util_grow(&tl->ids, &tl->capi, tl->n + 1, sizeof *tl->ids);
    util_grow(&tl->qids, &tl->capq, tl->n + 1, sizeof *tl->qids);
    tl->ids[tl->n] = topic_id;
    tl->qids[tl->n++] = util_strdup(qid);
    return 0;
}

/* A topic's fields as a JSON object by language, then field: {"en": {"title": ...}}. */
typedef struct fields_json {
    util_json j;
    char *lang;
} fields_json;

static int fields_json_cb(void *vctx, const char *field, const char *lang, const char *text)
{
    fields_json *f = vctx;
    if (f->lang == NULL || strcmp(f->lang, lang) != 0) {
        if (f->lang != NULL)
            util_json_end(&f->j);
        util_json_key(&f->j, lang);
        util_json_object(&f->j, NULL);
        util_free(&f->lang);
        f->lang = util_strdup(lang);
    }
    util_json_key(&f->j, field);
    util_json_str(&f->j, text);
    return 0;
}

static int fields_json_write(store *s, int64_t topic_id, util_out *o, util_error *err)
{
    fields_json f;
    f.lang = NULL;
    util_json_init(&f.j, o);
    util_json_object(&f.j, NULL);
    int rc = store_topic_fields_each(s, topic_id, fields_json_cb, &f, err);
    if (f.lang != NULL)
        util_json_end(&f.j);
    util_json_end(&f.j);
    util_free(&f.lang);
    return rc;
}

static int docno_cmp(const void *key, const void *elem)
{
    return strcmp(key, *(char *const *)elem);
}

/* The grade of docno in jt (merged by the policy), -1 when nobody graded it. */
static long grade_of(const campaign_judged_topic *jt, const char *docno)
{
    if (jt == NULL || jt->n == 0)
        return -1;
    char **hit = bsearch(docno, jt->docnos, jt->n, sizeof *jt->docnos, docno_cmp);
    if (hit == NULL)
        return -1;
    long g = jt->grades[hit - jt->docnos];
    return g < 0 ? -1 : g;
}

/* A topic's pool with each document's source. */
typedef struct pool_sourced {
    campaign_docnos e;
    const char **sources;     /* static strings */
    size_t cap;
} pool_sourced;

static int sourced_cb(void *vctx, const char *docno, int64_t position, const char *source)
{
    (void)position;
    pool_sourced *p = vctx;
    static const char *const known[] = { "pool", "cal", "search", "manual" };
    const char *src = "pool";
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (strcmp(source, known[i]) == 0)
            src = known[i];
    util_grow(&p->e.docnos, &p->e.cap, p->e.n + 1, sizeof *p->e.docnos);
    util_grow(&p->sources, &p->cap, p->e.n + 1, sizeof *p->sources);
    p->sources[p->e.n] = src;
    p->e.docnos[p->e.n++] = util_strdup(docno);
    return 0;
}

/* One pooled document as a JSON line; fields is the topic's fields object. */
static int write_jsonl(store *s, util_out *o, const char *qid, const util_out *fields,
                       const char *docno, const char *source, long grade, util_error *err)
{
    char *title = NULL, *body = NULL;
    size_t body_len = 0;
    int found = store_doc_get(s, docno, &title, &body, &body_len, err);
    if (found < 0)
        return -1;
    util_json j;
    util_json_init(&j, o);
    util_json_object(&j, NULL);
    util_json_key(&j, "topic");
    util_json_str(&j, qid);
    util_json_key(&j, "fields");
    util_json_raw(&j, fields->buf, fields->len);
    util_json_key(&j, "docno");
    util_json_str(&j, docno);
    util_json_key(&j, "source");
    util_json_str(&j, source);
    util_json_key(&j, "title");
    util_json_str(&j, title);
    util_json_key(&j, "text");
    util_json_str(&j, found ? body : NULL);
    util_json_key(&j, "grade");
    if (grade >= 0)
        util_json_int(&j, grade);
    else
        util_json_null(&j);
    util_json_end(&j);
    util_out_char(o, '\n');
    util_free(&title);
    util_free(&body);
    return 0;
}

/* The campaign's pool table, topic by topic in qid order, each in presentation order. */
int campaign_pool_write_campaign(store *s, util_out *o, int form, int unjudged, util_error *err)
{
    topic_list tl;
    pool_sourced ps;
    campaign_docnos *e = &ps.e;
    campaign_judged jud;
    util_out fields;
    memset(&tl, 0, sizeof tl);
    memset(&ps, 0, sizeof ps);
    memset(&jud, 0, sizeof jud);
    util_out_init(&fields, NULL);
    int graded = unjudged || form == CAMPAIGN_EXPORT_QRELS || form == CAMPAIGN_EXPORT_JSONL;
    int rc = graded ? campaign_judged_read_campaign(&jud, s, err) : 0;
    if (rc == 0)
        rc = store_topics_each(s, topic_list_cb, &tl, err);
    for (size_t i = 0; rc == 0 && i < tl.n; i++) {
        const campaign_judged_topic *jt = graded ? campaign_judged_find(&jud, tl.qids[i]) : NULL;
        fields.len = 0;
        if (form == CAMPAIGN_EXPORT_JSONL)
            rc = fields_json_write(s, tl.ids[i], &fields, err);
        e->n = 0;
        if (rc == 0)
            rc = store_pool_each(s, tl.ids[i], sourced_cb, &ps, err);
        for (size_t k = 0; k < e->n; k++) {
            long grade = graded ? grade_of(jt, e->docnos[k]) : -1;
            if (rc == 0 && !(unjudged && grade >= 0)) {
                if (form == CAMPAIGN_EXPORT_JSONL)
                    rc = write_jsonl(s, o, tl.qids[i], &fields, e->docnos[k], ps.sources[k], grade,
                                     err);
                else if (form == CAMPAIGN_EXPORT_QRELS)
                    util_out_printf(o, "%s 0 %s %ld\n", tl.qids[i], e->docnos[k], grade);
                else
                    campaign_pool_write_doc(o, form, tl.qids[i], e->docnos[k], k, e->n);
            }
            free(e->docnos[k]);
        }
    }
    for (size_t i = 0; i < tl.n; i++)
        free(tl.qids[i]);
    free(tl.qids);
    free(tl.ids);
    free(e->docnos);
    free(ps.sources);
    util_out_free(&fields);
    campaign_judged_free(&jud);
    return rc;
}
