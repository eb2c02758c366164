/* session.c: the assessment session: open and close, its topics, the pool and document shown. */
/* SPDX-License-Identifier: MIT */
#include "assess/assess_private.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void assess_say(assess_session *a, int error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->message, sizeof a->message, fmt, ap);
    va_end(ap);
    a->message_error = error;
}

/* ---- loading ---- */

static int on_topic(void *ctx, int64_t id, const char *qid)
{
    assess_session *a = ctx;
    a->topics = util_realloc(a->topics, (a->ntopics + 1) * sizeof *a->topics);
    a->topics[a->ntopics++] = (topic){ id, util_strdup(qid), { 0, 0, 0 } };
    return 0;
}

static int on_field(void *ctx, const char *name, const char *lang, const char *text)
{
    assess_session *a = ctx;
    /* a field without a language (or with a name unfit for a list) is shown as "und" */
    if (lang[0] == '\0' || strpbrk(lang, " \t\n") != NULL || strlen(lang) > 32)
        lang = "und";
    util_grow(&a->fields, &a->capfields, a->nfields + 1, sizeof *a->fields);
    a->fields[a->nfields++] = (field){ util_strdup(name), util_strdup(lang), util_strdup(text) };
    return 0;
}

void assess_add_item(assess_session *a, const char *docno, const char *source)
{
    util_grow(&a->items, &a->capitems, a->nitems + 1, sizeof *a->items);
    a->items[a->nitems++] = (assess_item){
        .docno = util_arena_copy(&a->docnos, docno, strlen(docno)), .source = source };
}

/* A topic's pool as read (by docno), each item's position beside it. */
typedef struct pool_read {
    assess_session *a;
    int64_t *position;
    size_t cap;
} pool_read;

/* The pool's documents alone: what the list shows of each (title, no text) is read when its
 * row is drawn (assess_items_summarize). */
static int on_pool(void *ctx, const char *docno, int64_t position, const char *source)
{
    pool_read *p = ctx;
    /* a document added by hand is shown as the pool's own */
    source = strcmp(source, "search") == 0 ? "search" : strcmp(source, "cal") == 0 ? "cal" : "pool";
    assess_add_item(p->a, docno, source);
    util_grow(&p->position, &p->cap, p->a->nitems, sizeof *p->position);
    p->position[p->a->nitems - 1] = position;
    return 0;
}

typedef struct ranked {
    int64_t position;
    size_t k;           /* the rank by docno */
} ranked;

static int ranked_cmp(const void *x, const void *y)
{
    const ranked *a = x, *b = y;
    if (a->position != b->position)
        return a->position < b->position ? -1 : 1;
    return a->k < b->k ? -1 : a->k > b->k;
}

/* The items, read by docno, put in presentation order (position, then docno), and indexed
 * by docno (the order they were read in) for assess_find_item: no sort of strings, and no
 * sort at all when the pool is presented by docno (pool.order's default). */
static void present_items(assess_session *a, const int64_t *position)
{
    size_t n = a->nitems;
    a->by_docno = util_realloc(a->by_docno, (n + 1) * sizeof *a->by_docno);
    size_t sorted = 1;
    while (sorted < n && position[sorted - 1] <= position[sorted])
        sorted++;
    if (sorted >= n) {
        for (size_t i = 0; i < n; i++)
            a->by_docno[i] = i;
        return;
    }
    ranked *r = util_malloc(n * sizeof *r);
    for (size_t k = 0; k < n; k++)
        r[k] = (ranked){ position[k], k };
    qsort(r, n, sizeof *r, ranked_cmp);
    assess_item *items = util_malloc(a->capitems * sizeof *items);
    for (size_t i = 0; i < n; i++) {
        items[i] = a->items[r[i].k];
        a->by_docno[r[i].k] = i;
    }
    free(a->items);
    a->items = items;
    free(r);
}

static int on_set_aside(void *ctx, const char *docno)
{
    assess_session *a = ctx;
    long i = assess_find_item(a, docno);
    if (i >= 0 && !a->items[i].judged)
        a->items[i].later = 1;
    return 0;
}

static const assess_item *sort_items;

static int docno_cmp(const void *x, const void *y)
{
    return strcmp(sort_items[*(const size_t *)x].docno, sort_items[*(const size_t *)y].docno);
}

/* Sorts the items' indexes by docno, for find_item. */
void assess_index_items(assess_session *a)
{
    a->by_docno = util_realloc(a->by_docno, (a->nitems + 1) * sizeof *a->by_docno);
    for (size_t i = 0; i < a->nitems; i++)
        a->by_docno[i] = i;
    sort_items = a->items;
    qsort(a->by_docno, a->nitems, sizeof *a->by_docno, docno_cmp);
}

/* The index of the item with this docno, or -1. */
long assess_find_item(const assess_session *a, const char *docno)
{
    size_t lo = 0, hi = a->nitems;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(a->items[a->by_docno[mid]].docno, docno);
        if (c == 0)
            return (long)a->by_docno[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

static int on_mine(void *ctx, const char *docno, long grade, const char *note, double seconds)
{
    (void)seconds;
    assess_session *a = ctx;
    long i = assess_find_item(a, docno);
    if (i >= 0) {
        a->items[i].has_row = 1;
        a->items[i].row_grade = grade;
        if (note != NULL && note[0] != '\0')
            a->items[i].saved_note = util_strdup(note);
    }
    if (i >= 0 && grade >= 0) {
        a->items[i].judged = 1;
        a->items[i].grade = grade;
    }
    return 0;
}

void assess_item_free(assess_item *it)
{
    free(it->note);
    free(it->saved_note);
    free(it->summary);
    free(it->text);
    free(it->snippet);
    free(it->opinions);
}

static void free_topic_state(assess_session *a)
{
    for (size_t i = 0; i < a->nfields; i++) {
        free(a->fields[i].field);
        free(a->fields[i].lang);
        free(a->fields[i].text);
    }
    a->nfields = 0;
    for (size_t i = 0; i < a->nitems; i++)
        assess_item_free(&a->items[i]);
    a->nitems = 0;
    util_arena_reset(&a->docnos);
    util_free(&a->by_docno);
    for (size_t i = 0; i < a->nterms; i++)
        free(a->terms[i]);
    util_free(&a->terms);
    a->nterms = 0;
    a->cur = -1;
}

/* Whether lang is one of the space-separated languages of list. */
static int lang_listed(const char *list, const char *lang)
{
    size_t ll = strlen(lang);
    for (const char *p = list; *p != '\0';) {
        size_t n = strcspn(p, " ");
        if (n == ll && strncmp(p, lang, n) == 0)
            return 1;
        p += n;
        while (*p == ' ')
            p++;
    }
    return 0;
}

static int has_lang(const assess_session *a, const char *lang)
{
    for (size_t i = 0; i < a->nfields; i++)
        if (strcmp(a->fields[i].lang, lang) == 0)
            return 1;
    return 0;
}

void assess_credit(assess_session *a, double now)
{
    if (a->cur >= 0 && a->doc_started >= 0 && now > a->doc_started) {
        /* an assessor who left the screen is not judging: a gap between two keys longer
         * than the idle threshold counts as the threshold (the reading before leaving) */
        double gap = now - a->doc_started;
        a->items[a->cur].wall += gap;
        a->items[a->cur].seconds += gap > a->idle ? a->idle : gap;
    }
    if (a->doc_started < 0 || now > a->doc_started)
        a->doc_started = now;
}

int assess_show_item(assess_session *a, long i, double now, util_error *err)
{
    assess_credit(a, now);
    a->doc_started = now;
    a->cur = i;
    return assess_build_doc_text(a, err) != 0 ? -1 : ASSESS_CHANGED_MOVED;
}

long assess_next_unjudged(const assess_session *a, long from, int dir)
{
    long n = (long)a->nitems;
    if (n == 0)
        return -1;
    for (int pass = 0; pass < 2; pass++)
        for (long k = 1; k <= n; k++) {
            long i = ((from + dir * k) % n + n) % n;
            if (!a->items[i].judged && (pass == 1 || !a->items[i].later))
                return i;
        }
    return -1;
}

long assess_advance(assess_session *a)
{
    if (a->has_strategy && a->strategy.propose != NULL) {
        const char *docno = a->strategy.propose(a->strategy.ctx);
        if (docno == NULL)
            return -1;
        long i = assess_find_item(a, docno);
        if (i < 0) {
            util_error err = { 0, "" };
            i = assess_add_unpooled(a, docno, a->strategy.source ? a->strategy.source : "search",
                                    &err);
            if (i < 0)
                assess_say(a, 1, "%s", err.msg);
        }
        return i;
    }
    if (a->has_strategy && a->strategy.next != NULL) {
        long i = a->strategy.next(a->strategy.ctx, a);
        if (i == ASSESS_STRATEGY_DONE)
            return -1;
        if (i >= 0 && (size_t)i < a->nitems && !a->items[i].judged)
            return i;
    }
    return assess_next_unjudged(a, a->cur < 0 ? -1 : a->cur, 1);
}

/* The current topic's counts, from its items, kept for when it is left. */
static void keep_progress(assess_session *a)
{
    if (a->topics == NULL)
        return;
    topic_progress *tp = &a->topics[a->cur_topic].progress;
    tp->pooled = tp->judged = tp->relevant = 0;
    for (size_t i = 0; i < a->nitems; i++) {
        if (a->items[i].unpooled)
            continue;
        tp->pooled++;
        tp->judged += a->items[i].judged != 0;
        tp->relevant += a->items[i].judged && a->items[i].grade >= a->relevance_level;
    }
}

int assess_load_topic(assess_session *a, size_t index, double now, util_error *err)
{
    assess_credit(a, now);
    if (a->nitems > 0)
        keep_progress(a);
    free_topic_state(a);
    a->cur_topic = index;
    int64_t tid = a->topics[index].id;
    pool_read pool = { a, NULL, 0 };
    if (store_topic_fields_each(a->s, tid, on_field, a, err) != 0 ||
        store_pool_by_docno_each(a->s, tid, on_pool, &pool, err) != 0) {
        free(pool.position);
        free_topic_state(a);   /* an empty topic rather than half of one */
        assess_text_clear(&a->topic_text);
        assess_text_clear(&a->doc_text);
        return -1;
    }
    present_items(a, pool.position);
    free(pool.position);
    if (a->adjudicate) {
        if (assess_adjudication_load(a, tid, err) != 0)
            return -1;
    } else if (store_topic_judgments_each(a->s, tid, a->assessor_id, on_mine, a, err) != 0 ||
               store_set_aside_each(a->s, tid, a->assessor_id, on_set_aside, a, err) != 0) {
        return -1;
    }
    a->langs[0] = '\0';
    for (size_t i = 0; i < a->nfields; i++)
        if (!lang_listed(a->langs, a->fields[i].lang)) {
            size_t have = strlen(a->langs);
            if (have + strlen(a->fields[i].lang) + 2 < sizeof a->langs)
                snprintf(a->langs + have, sizeof a->langs - have, "%s%s", have ? " " : "",
                         a->fields[i].lang);
        }
    {
        const char *pick = has_lang(a, a->pref_lang) ? a->pref_lang
                           : has_lang(a, "en")       ? "en"
                           : a->nfields > 0          ? a->fields[0].lang
                                                     : a->pref_lang;
        char *keep = util_strdup(pick);
        free(a->lang);
        a->lang = keep;
    }
    assess_build_terms(a);
    assess_build_topic_text(a);
    if (a->has_strategy && a->strategy.topic != NULL)
        a->strategy.topic(a->strategy.ctx, a);
    a->cur = -1;
    a->doc_started = now;
    int rc = assess_show_item(a, assess_advance(a), now, err);
    keep_progress(a);
    return rc < 0 ? -1 : rc | ASSESS_CHANGED_TOPIC;
}

/* ---- progress ---- */

static int on_progress(void *ctx, const store_progress *p)
{
    assess_session *a = ctx;
    for (size_t i = 0; i < a->ntopics; i++)
        if (a->topics[i].id == p->topic_id) {
            a->topics[i].progress = (topic_progress){ p->pooled, p->judged, p->relevant };
            if (p->judged > 0 && p->seconds > 0) {
                a->seconds_done += p->seconds;
                a->timed += p->judged;
            }
        }
    return 0;
}

int assess_load_totals(assess_session *a, util_error *err)
{
    if (a->totals_known)
        return 0;
    a->seconds_done = 0;
    a->timed = 0;
    if (store_progress_each(a->s, a->assessor_id, a->relevance_level, on_progress, a, err) != 0)
        return -1;
    a->totals_known = 1;
    return 1;
}

void assess_get_progress(const assess_session *a, assess_progress *p)
{
    *p = (assess_progress){ 0, 0, 0, -1, a->totals_known };
    for (size_t t = 0; a->totals_known && t < a->ntopics; t++) {
        if (t == a->cur_topic)
            continue;
        p->judged += a->topics[t].progress.judged;
        p->assigned += a->topics[t].progress.pooled;
    }
    for (size_t i = 0; i < a->nitems; i++) {
        if (a->items[i].unpooled)
            continue;
        p->assigned++;
        p->judged += a->items[i].judged != 0;
        p->relevant += a->items[i].judged && a->items[i].grade >= a->relevance_level;
    }
    if (a->timed > 0)
        p->seconds_left = (double)(p->assigned - p->judged) * a->seconds_done / (double)a->timed;
}

static int topic_cmp(const void *x, const void *y)
{
    const topic *a = x, *b = y;
    int c = util_natural_cmp(a->qid, b->qid);
    return c != 0 ? c : strcmp(a->qid, b->qid);
}

static int on_grade(void *ctx, const store_grade *g)
{
    assess_session *a = ctx;
    a->grades = util_realloc(a->grades, (a->ngrades + 1) * sizeof *a->grades);
    a->grades[a->ngrades++] = (grade_entry){ g->grade, util_strdup(g->label), util_strdup(g->key) };
    return 0;
}

const char *assess_grade_label(const assess_session *a, long grade)
{
    for (size_t i = 0; i < a->ngrades; i++)
        if (a->grades[i].grade == grade)
            return a->grades[i].label;
    return NULL;
}

/* ---- opening and closing ---- */

int assess_open(store *s, const assess_options *o, assess_session **out, util_error *err)
{
    assess_session *a = util_calloc(1, sizeof *a);
    a->s = s;
    a->cur = -1;
    a->doc_started = -1;
    a->doc_width = 80;
    a->topic_width = 80;
    a->doc_height = 20;
    a->idle = 60;
    a->reading_width = o->width > 0 ? o->width : 0;
    const char *who = o->assessor ? o->assessor : getenv("USER") ? getenv("USER") : "assessor";
    a->assessor = util_strdup(who);
    a->lang = util_strdup(o->lang ? o->lang : "en");
    a->pref_lang = util_strdup(a->lang);
    a->adjudicate = o->adjudicate;
    *out = a;
    char *level = NULL;
    int64_t nassign;
    /* looked up first: only a new assessor is a write (which may wait for the lock); the
     * adjudicator is not an assessor and gets no row */
    int known = a->adjudicate ? 1 : store_assessor_id(s, a->assessor, 0, &a->assessor_id, err);
    if (known < 0)
        goto fail;
    if (known == 0) {
        if (store_begin(s, err) != 0)
            goto fail;
        if (store_assessor_id(s, a->assessor, 1, &a->assessor_id, err) < 0 ||
            store_commit(s, err) != 0) {
            store_rollback(s);
            goto fail;
        }
    }
    if (store_grades_each(s, on_grade, a, err) != 0 ||
        store_setting_get(s, "relevance_level", &level, err) < 0 ||
        store_assignment_count(s, &nassign, err) != 0) {
        free(level);
        goto fail;
    }
    a->relevance_level = 1;
    if (level != NULL && util_parse_long(level, strlen(level), &a->relevance_level) != 0)
        a->relevance_level = 1;
    free(level);
    if (o->lang == NULL) {
        char key[300], *lang = NULL;
        snprintf(key, sizeof key, "lang.%s", a->assessor);
        if (store_setting_get(s, key, &lang, err) < 0 ||
            (lang == NULL && store_setting_get(s, "lang", &lang, err) < 0))
            goto fail;
        if (lang != NULL) {
            free(a->lang);
            a->lang = lang;
            free(a->pref_lang);
            a->pref_lang = util_strdup(lang);
        }
    }
    if (a->adjudicate && assess_adjudication_topics(a, err) != 0)
        goto fail;
    if (!a->adjudicate && store_assigned_each(s, a->assessor_id, on_topic, a, err) != 0)
        goto fail;
    if (a->ntopics == 0 && nassign > 0 && !a->adjudicate) {
        util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0,
                       "no topics are assigned to '%s' (see trecjudge assign)", a->assessor);
        goto fail;
    }
    if (a->ntopics == 0 && store_topics_each(s, on_topic, a, err) != 0)
        goto fail;
    if (a->ntopics == 0) {
        util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0,
                       "the campaign has no topics (see trecjudge topics import)");
        goto fail;
    }
    qsort(a->topics, a->ntopics, sizeof *a->topics, topic_cmp);
    {
        char *v = NULL;
        double d = 0;
        long w = 0;
        if (store_setting_get(s, "idle_threshold", &v, err) < 0)
            goto fail;
        if (v != NULL && util_parse_double(v, strlen(v), &d) == 0 && d > 0)
            a->idle = d;
        util_free(&v);
        if (a->reading_width == 0 && store_setting_get(s, "reading_width", &v, err) < 0)
            goto fail;
        if (v != NULL && util_parse_long(v, strlen(v), &w) == 0 && w >= 20)
            a->reading_width = (int)w;
        util_free(&v);
        if (a->reading_width < 20)
            a->reading_width = a->reading_width > 0 ? 20 : 100;
        if (store_setting_get(s, "report_for_assessors", &v, err) < 0)
            goto fail;
        a->report_allowed = o->organizer || (v != NULL && strcmp(v, "yes") == 0);
        util_free(&v);
    }
    /* the other topics' counts (the status line's totals) are read once the first screen is
     * up (assess_load_totals): on a large campaign they are a count over every pool */
    a->totals_known = a->adjudicate;
    assess_build_keys(a);
    size_t start = 0;
    if (o->topic != NULL) {
        while (start < a->ntopics && strcmp(a->topics[start].qid, o->topic) != 0)
            start++;
        if (start == a->ntopics) {
            util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0,
                           "topic '%s' is not among the topics of '%s'", o->topic, a->assessor);
            goto fail;
        }
    }
    if (assess_load_topic(a, start, o->now, err) < 0)
        goto fail;
    /* without a topic asked for, open the first one that still has work */
    if (o->topic == NULL)
        for (size_t k = 1; a->cur < 0 && k < a->ntopics; k++)
            if (assess_load_topic(a, k, o->now, err) < 0)
                goto fail;
    if (a->cur < 0 && o->topic == NULL && a->cur_topic != start &&
        assess_load_topic(a, start, o->now, err) < 0)
        goto fail;
    return 0;
fail:
    assess_close(out);
    return -1;
}

void assess_set_strategy(assess_session *a, assess_strategy st)
{
    if (a->has_strategy && a->strategy.free != NULL)
        a->strategy.free(a->strategy.ctx);
    a->strategy = st;
    a->has_strategy = 1;
    /* the strategy chooses the document shown first too */
    if (st.topic != NULL)
        st.topic(st.ctx, a);
    util_error err = { 0, "" };
    long first = assess_advance(a);
    if (first != a->cur && assess_show_item(a, first, a->doc_started, &err) < 0)
        assess_say(a, 1, "%s", err.msg);
}

int assess_strategy_progress(const assess_session *a, size_t *judged, size_t *budget)
{
    if (!a->has_strategy || a->strategy.progress == NULL)
        return 0;
    return a->strategy.progress(a->strategy.ctx, judged, budget);
}

int assess_strategy_status(const assess_session *a, char *buf, size_t size)
{
    if (!a->has_strategy || a->strategy.status == NULL || size == 0)
        return 0;
    a->strategy.status(a->strategy.ctx, buf, size);
    return 1;
}

void assess_set_searcher(assess_session *a, assess_searcher se)
{
    if (a->has_searcher && a->searcher.free != NULL)
        a->searcher.free(a->searcher.ctx);
    a->searcher = se;
    a->has_searcher = 1;
}

long assess_item_index(const assess_session *a, const char *docno)
{
    return assess_find_item(a, docno);
}

void assess_close(assess_session **pa)
{
    assess_session *a = *pa;
    if (a == NULL)
        return;
    assess_results_clear(a);
    assess_text_free(&a->results_text);
    if (a->has_searcher && a->searcher.free != NULL)
        a->searcher.free(a->searcher.ctx);
    free_topic_state(a);
    free(a->fields);
    free(a->items);
    util_arena_free(&a->docnos);
    for (size_t i = 0; i < a->ntopics; i++)
        free(a->topics[i].qid);
    free(a->topics);
    for (size_t i = 0; i < a->ngrades; i++) {
        free(a->grades[i].label);
        free(a->grades[i].key);
    }
    free(a->grades);
    free(a->keys);
    for (size_t i = 0; i < a->nundo; i++)
        free(a->undos[i].docno);
    free(a->undos);
    assess_pending_clear(a);
    assess_text_free(&a->topic_text);
    assess_text_free(&a->doc_text);
    if (a->has_strategy && a->strategy.free != NULL)
        a->strategy.free(a->strategy.ctx);
    free(a->assessor);
    free(a->lang);
    free(a->pref_lang);
    free(a);
    *pa = NULL;
}

/* ---- what the view reads ---- */

assess_mode assess_get_mode(const assess_session *a) { return a->mode; }
const char *assess_campaign(const assess_session *a) { return store_path(a->s); }
const char *assess_assessor(const assess_session *a) { return a->assessor; }
const char *assess_qid(const assess_session *a) { return a->topics[a->cur_topic].qid; }
const char *assess_lang(const assess_session *a) { return a->lang; }
const char *assess_langs(const assess_session *a) { return a->langs; }
long assess_current(const assess_session *a) { return a->cur; }
const assess_text *assess_topic_text(const assess_session *a) { return &a->topic_text; }
const assess_text *assess_doc_text(const assess_session *a) { return &a->doc_text; }
size_t assess_doc_top(const assess_session *a) { return a->doc_top; }
size_t assess_topic_top(const assess_session *a) { return a->topic_top; }
store *assess_store(const assess_session *a) { return a->s; }
long assess_relevance_level(const assess_session *a) { return a->relevance_level; }

size_t assess_topic_index(const assess_session *a, size_t *ntopics)
{
    *ntopics = a->ntopics;
    return a->cur_topic;
}

const assess_item *assess_items(const assess_session *a, size_t *n)
{
    *n = a->nitems;
    return a->items;
}

size_t assess_judged_count(const assess_session *a)
{
    size_t n = 0;
    for (size_t i = 0; i < a->nitems; i++)
        n += a->items[i].judged != 0;
    return n;
}

double assess_doc_seconds(const assess_session *a, double now)
{
    if (a->cur < 0)
        return 0;
    double s = a->items[a->cur].seconds;
    if (a->doc_started >= 0 && now > a->doc_started)
        s += now - a->doc_started > a->idle ? a->idle : now - a->doc_started;
    return s;
}

int assess_reading_width(const assess_session *a) { return a->reading_width; }
int assess_report_allowed(const assess_session *a) { return a->report_allowed; }
int assess_adjudicating(const assess_session *a) { return a->adjudicate; }

const char *assess_message(const assess_session *a, int *is_error)
{
    int waiting = a->pending.kind != WRITE_NONE && a->waiting[0] != '\0';
    if (is_error)
        *is_error = a->message_error || waiting;
    return waiting ? a->display : a->message;
}

const char *assess_input(const assess_session *a, const char **prompt)
{
    *prompt = a->prompt ? a->prompt : "";
    return a->line;
}
