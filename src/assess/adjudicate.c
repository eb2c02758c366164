/* adjudicate.c: the adjudication session's documents: those assessors graded differently. */
/* SPDX-License-Identifier: MIT */
#include "assess/assess_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the topics with disputed documents ---- */

typedef struct dispute_scan {
    assess_session *a;
    util_map disputed;            /* "topic_id\tdocno" of every disputed document */
    int64_t last_topic;
} dispute_scan;

static void pair_key(char *key, size_t size, int64_t topic_id, const char *docno)
{
    snprintf(key, size, "%lld\t%s", (long long)topic_id, docno);
}

static long topic_of(const assess_session *a, int64_t id)
{
    for (size_t i = 0; i < a->ntopics; i++)
        if (a->topics[i].id == id)
            return (long)i;
    return -1;
}

static int on_dispute(void *ctx, const store_opinion *o)
{
    dispute_scan *d = ctx;
    assess_session *a = d->a;
    if (o->topic_id != d->last_topic) {
        a->topics = util_realloc(a->topics, (a->ntopics + 1) * sizeof *a->topics);
        a->topics[a->ntopics++] = (topic){ o->topic_id, util_strdup(o->qid), { 0, 0, 0 } };
        d->last_topic = o->topic_id;
    }
    char key[1100];
    pair_key(key, sizeof key, o->topic_id, o->docno);
    int added = 0;
    util_map_add(&d->disputed, key, strlen(key), &added);
    if (added)
        a->topics[a->ntopics - 1].progress.pooled++;
    return 0;
}

static int on_settled(void *ctx, const store_adjudication *j)
{
    dispute_scan *d = ctx;
    char key[1100];
    pair_key(key, sizeof key, j->topic_id, j->docno);
    long t = topic_of(d->a, j->topic_id);
    if (t >= 0 && util_map_find(&d->disputed, key, strlen(key)) >= 0) {
        d->a->topics[t].progress.judged++;
        d->a->topics[t].progress.relevant += j->grade >= d->a->relevance_level;
    }
    return 0;
}

int assess_adjudication_topics(assess_session *a, util_error *err)
{
    dispute_scan d = { a, { 0 }, -1 };
    int rc = -1;
    if (store_disagreements_each(a->s, 0, on_dispute, &d, err) != 0 ||
        store_adjudications_each(a->s, 0, on_settled, &d, err) != 0)
        goto out;
    if (a->ntopics == 0) {
        util_error_set(err, UTIL_EXIT_DATA, store_path(a->s), 0,
                       "no document has different grades from two assessors: nothing to "
                       "adjudicate");
        goto out;
    }
    rc = 0;
out:
    util_map_free(&d.disputed);
    return rc;
}

/* ---- one topic's disputed documents ---- */

typedef struct opinions {
    assess_session *a;
    util_map docnos;              /* disputed docno -> index in text */
    char **text;                  /* "alice  2 Fairly relevant: note\n..." */
    size_t n, cap;
} opinions;

static int on_opinion(void *ctx, const store_opinion *o)
{
    opinions *p = ctx;
    int added = 0;
    size_t i = util_map_add(&p->docnos, o->docno, strlen(o->docno), &added);
    if (added) {
        util_grow(&p->text, &p->cap, p->n + 1, sizeof *p->text);
        p->text[p->n++] = util_strdup("");
    }
    const char *label = assess_grade_label(p->a, o->grade);
    int has_note = o->note != NULL && o->note[0] != '\0';
    size_t old = strlen(p->text[i]);
    size_t more = strlen(o->assessor) + (label ? strlen(label) : 0) +
                  (has_note ? strlen(o->note) : 0) + 48;
    p->text[i] = util_realloc(p->text[i], old + more);
    snprintf(p->text[i] + old, more, "%s%s: %ld%s%s%s%s", old ? "\n" : "", o->assessor, o->grade,
             label ? " " : "", label ? label : "", has_note ? " \u2014 " : "",
             has_note ? o->note : "");
    return 0;
}

static int on_adjudication(void *ctx, const store_adjudication *j)
{
    assess_session *a = ctx;
    long i = assess_find_item(a, j->docno);
    if (i < 0)
        return 0;
    assess_item *it = &a->items[i];
    it->has_row = 1;
    it->row_grade = j->grade;
    it->judged = 1;
    it->grade = j->grade;
    if (j->note != NULL && j->note[0] != '\0')
        it->saved_note = util_strdup(j->note);
    return 0;
}

int assess_adjudication_load(assess_session *a, int64_t topic_id, util_error *err)
{
    opinions p = { a, { 0 }, NULL, 0, 0 };
    int rc = -1;
    if (store_disagreements_each(a->s, topic_id, on_opinion, &p, err) != 0)
        goto out;
    /* the pool's order, its disputed documents only */
    size_t kept = 0;
    for (size_t i = 0; i < a->nitems; i++) {
        assess_item *it = &a->items[i];
        long k = util_map_find(&p.docnos, it->docno, strlen(it->docno));
        if (k < 0) {
            assess_item_free(it);
            continue;
        }
        it->opinions = p.text[k];
        p.text[k] = NULL;
        a->items[kept++] = *it;
    }
    a->nitems = kept;
    assess_index_items(a);
    if (store_adjudications_each(a->s, topic_id, on_adjudication, a, err) != 0)
        goto out;
    rc = 0;
out:
    for (size_t i = 0; i < p.n; i++)
        free(p.text[i]);
    free(p.text);
    util_map_free(&p.docnos);
    return rc;
}
