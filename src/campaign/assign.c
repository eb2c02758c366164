/* assign.c: the organizer's assignments: a balanced automatic assignment, per-assessor progress. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <stdlib.h>
#include <string.h>

typedef struct topic_ref {
    int64_t id;
    char *qid;
    size_t count;         /* assessors it has (named or not) */
} topic_ref;

typedef struct auto_ctx {
    topic_ref *topics;
    size_t ntopics, cap;
    int64_t *ids;         /* the named assessors' ids */
    size_t n;
    unsigned char *has;   /* has[t * n + a]: topic t is assessor a's */
    int64_t *load;        /* topics per named assessor */
    int64_t *pairs;       /* pairs[a * n + b]: topics a and b share */
} auto_ctx;

static int topic_add(void *vctx, int64_t id, const char *qid)
{
    auto_ctx *c = vctx;
    util_grow(&c->topics, &c->cap, c->ntopics + 1, sizeof *c->topics);
    c->topics[c->ntopics].id = id;
    c->topics[c->ntopics].qid = util_strdup(qid);
    c->topics[c->ntopics++].count = 0;
    return 0;
}

static int topic_natural(const void *x, const void *y)
{
    const topic_ref *a = x, *b = y;
    int c = util_natural_cmp(a->qid, b->qid);
    return c != 0 ? c : strcmp(a->qid, b->qid);
}

static int existing_add(void *vctx, const store_assignment *g)
{
    auto_ctx *c = vctx;
    for (size_t t = 0; t < c->ntopics; t++) {
        if (c->topics[t].id != g->topic_id)
            continue;
        c->topics[t].count++;
        for (size_t a = 0; a < c->n; a++)
            if (c->ids[a] == g->assessor_id) {
                c->has[t * c->n + a] = 1;
                c->load[a]++;
            }
        break;
    }
    return 0;
}

/* The next assessor for topic t: the fewest topics, then the fewest topics shared with
 * those topic t has already, then the first named. */
static size_t pick(const auto_ctx *c, size_t t)
{
    size_t best = c->n;
    int64_t best_load = 0, best_shared = 0;
    for (size_t a = 0; a < c->n; a++) {
        if (c->has[t * c->n + a])
            continue;
        int64_t shared = 0;
        for (size_t b = 0; b < c->n; b++)
            if (c->has[t * c->n + b])
                shared += c->pairs[a * c->n + b];
        if (best == c->n || c->load[a] < best_load ||
            (c->load[a] == best_load && shared < best_shared)) {
            best = a;
            best_load = c->load[a];
            best_shared = shared;
        }
    }
    return best;
}

static void take(auto_ctx *c, size_t t, size_t a)
{
    for (size_t b = 0; b < c->n; b++)
        if (c->has[t * c->n + b]) {
            c->pairs[a * c->n + b]++;
            c->pairs[b * c->n + a]++;
        }
    c->has[t * c->n + a] = 1;
    c->load[a]++;
    c->topics[t].count++;
}

int campaign_assign_auto(store *s, const char *const *assessors, size_t n, long per_topic,
                         int replace, campaign_assign_result *r, util_error *err)
{
    memset(r, 0, sizeof *r);
    if (per_topic < 1 || (size_t)per_topic > n) {
        util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                       "--per-topic %ld needs between 1 and %zu assessors (%zu named)",
                       per_topic, n, n);
        return -1;
    }
    for (size_t a = 0; a < n; a++)
        for (size_t b = 0; b < a; b++)
            if (strcmp(assessors[a], assessors[b]) == 0) {
                util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "assessor '%s' is named twice",
                               assessors[a]);
                return -1;
            }
    auto_ctx c;
    memset(&c, 0, sizeof c);
    c.n = n;
    c.ids = util_calloc(n, sizeof *c.ids);
    c.load = util_calloc(n, sizeof *c.load);
    c.pairs = util_calloc(n * n, sizeof *c.pairs);
    int ok = store_begin(s, err) == 0 && store_topics_each(s, topic_add, &c, err) == 0;
    for (size_t a = 0; ok && a < n; a++)
        ok = store_assessor_id(s, assessors[a], 1, &c.ids[a], err) > 0;
    if (ok && replace)
        ok = store_assignments_clear(s, err) == 0;
    if (ok) {
        qsort(c.topics, c.ntopics, sizeof *c.topics, topic_natural);
        c.has = util_calloc(c.ntopics * n + 1, 1);
        ok = store_assignments_each(s, existing_add, &c, err) == 0;
    }
    /* what topics already share counts towards spreading the pairs */
    for (size_t t = 0; ok && t < c.ntopics; t++)
        for (size_t a = 0; a < n; a++)
            for (size_t b = 0; b < n; b++)
                if (a != b && c.has[t * n + a] && c.has[t * n + b])
                    c.pairs[a * n + b]++;
    for (size_t t = 0; ok && t < c.ntopics; t++) {
        while (ok && c.topics[t].count < (size_t)per_topic) {
            size_t a = pick(&c, t);
            if (a == n)
                break;    /* every named assessor has it already */
            take(&c, t, a);
            ok = store_assign(s, c.ids[a], c.topics[t].id, 1, err) == 0;
            r->added++;
        }
    }
    if (ok)
        ok = store_commit(s, err) == 0;
    else
        store_rollback(s);
    if (ok) {
        r->topics = (int64_t)c.ntopics;
        for (size_t a = 0; a < n; a++) {
            if (a == 0 || c.load[a] < r->min_topics)
                r->min_topics = c.load[a];
            if (a == 0 || c.load[a] > r->max_topics)
                r->max_topics = c.load[a];
        }
    }
    for (size_t t = 0; t < c.ntopics; t++)
        free(c.topics[t].qid);
    free(c.topics);
    free(c.ids);
    free(c.load);
    free(c.pairs);
    free(c.has);
    return ok ? 0 : -1;
}

/* ---- per-assessor progress ---- */

typedef struct progress_ctx {
    campaign_assessor_stats *st;
    int64_t *assigned;    /* the assessor's assigned topic ids */
    size_t nassigned, cap;
} progress_ctx;

static int assigned_add(void *vctx, int64_t id, const char *qid)
{
    (void)qid;
    progress_ctx *c = vctx;
    util_grow(&c->assigned, &c->cap, c->nassigned + 1, sizeof *c->assigned);
    c->assigned[c->nassigned++] = id;
    return 0;
}

static int progress_add(void *vctx, const store_progress *p)
{
    progress_ctx *c = vctx;
    c->st->judged += p->judged;
    c->st->relevant += p->relevant;
    c->st->seconds += p->seconds;
    for (size_t i = 0; i < c->nassigned; i++)
        if (c->assigned[i] == p->topic_id) {
            c->st->pooled += p->pooled;
            c->st->remaining += p->pooled - p->judged;
        }
    return 0;
}

typedef struct assessor_ref {
    int64_t id;
    char *name;
} assessor_ref;

typedef struct assessors_ctx {
    assessor_ref *a;
    size_t n, cap;
} assessors_ctx;

static int assessor_add(void *vctx, int64_t id, const char *name)
{
    assessors_ctx *c = vctx;
    util_grow(&c->a, &c->cap, c->n + 1, sizeof *c->a);
    c->a[c->n].id = id;
    c->a[c->n++].name = util_strdup(name);
    return 0;
}

int campaign_assessor_stats_each(store *s, long relevance_level, campaign_assessor_stats_fn fn,
                                 void *ctx, util_error *err)
{
    assessors_ctx as;
    memset(&as, 0, sizeof as);
    int rc = store_assessors_each(s, assessor_add, &as, err);
    campaign_assessor_stats total;
    memset(&total, 0, sizeof total);
    for (size_t i = 0; rc == 0 && i < as.n; i++) {
        campaign_assessor_stats st;
        memset(&st, 0, sizeof st);
        st.assessor = as.a[i].name;
        progress_ctx pc = { &st, NULL, 0, 0 };
        rc = store_assigned_each(s, as.a[i].id, assigned_add, &pc, err);
        st.topics = (int64_t)pc.nassigned;
        if (rc == 0)
            rc = store_progress_each(s, as.a[i].id, relevance_level, progress_add, &pc, err);
        free(pc.assigned);
        if (rc == 0 && fn(ctx, &st) != 0)
            break;
        total.judged += st.judged;
        total.relevant += st.relevant;
        total.seconds += st.seconds;
        total.topics += st.topics;
        total.pooled += st.pooled;
        total.remaining += st.remaining;
    }
    if (rc == 0)
        fn(ctx, &total);
    for (size_t i = 0; i < as.n; i++)
        free(as.a[i].name);
    free(as.a);
    return rc;
}

double campaign_assessor_rate(const campaign_assessor_stats *st)
{
    return st->seconds > 0 && st->judged > 0 ? 3600.0 * (double)st->judged / st->seconds : -1.0;
}

double campaign_assessor_eta(const campaign_assessor_stats *st)
{
    if (st->remaining == 0)
        return 0.0;
    return st->seconds > 0 && st->judged > 0
               ? (double)st->remaining * st->seconds / (double)st->judged : -1.0;
}

/* ---- the list ---- */

typedef struct list_topic {
    int64_t id;
    char *qid;
} list_topic;

typedef struct list_assignment {
    int64_t topic_id;
    char *assessor, *qid;
} list_assignment;

typedef struct list_ctx {
    list_topic *t;
    size_t nt, capt;
    list_assignment *g;
    size_t ng, capg;
} list_ctx;

static int list_topic_add(void *vctx, int64_t id, const char *qid)
{
    list_ctx *c = vctx;
    util_grow(&c->t, &c->capt, c->nt + 1, sizeof *c->t);
    c->t[c->nt].id = id;
    c->t[c->nt++].qid = util_strdup(qid);
    return 0;
}

static int list_assignment_add(void *vctx, const store_assignment *g)
{
    list_ctx *c = vctx;
    util_grow(&c->g, &c->capg, c->ng + 1, sizeof *c->g);
    list_assignment copy = { g->topic_id, util_strdup(g->assessor), util_strdup(g->qid) };
    c->g[c->ng++] = copy;
    return 0;
}

static int qid_cmp(const char *a, const char *b)
{
    int c = util_natural_cmp(a, b);
    return c != 0 ? c : strcmp(a, b);
}

static int list_topic_cmp(const void *x, const void *y)
{
    return qid_cmp(((const list_topic *)x)->qid, ((const list_topic *)y)->qid);
}

static int list_assignment_cmp(const void *x, const void *y)
{
    const list_assignment *a = x, *b = y;
    int c = strcmp(a->assessor, b->assessor);
    return c != 0 ? c : qid_cmp(a->qid, b->qid);
}

/* Appends word to r's space-separated list. */
static void list_append(campaign_assigned *r, const char *word)
{
    size_t n = r->list != NULL ? strlen(r->list) : 0;
    r->list = util_realloc(r->list, n + strlen(word) + 2);
    if (n > 0)
        r->list[n++] = ' ';
    strcpy(r->list + n, word);
    r->n++;
}

int campaign_assignments_read(store *s, campaign_assignments *a, util_error *err)
{
    list_ctx c;
    memset(&c, 0, sizeof c);
    memset(a, 0, sizeof *a);
    int rc = -1;
    if (store_topics_each(s, list_topic_add, &c, err) != 0 ||
        store_assignments_each(s, list_assignment_add, &c, err) != 0)
        goto out;
    qsort(c.t, c.nt, sizeof *c.t, list_topic_cmp);
    if (c.ng > 0)
        qsort(c.g, c.ng, sizeof *c.g, list_assignment_cmp);
    a->assessors = util_calloc(c.ng + 1, sizeof *a->assessors);
    for (size_t i = 0; i < c.ng; i++) {
        if (i == 0 || strcmp(c.g[i].assessor, c.g[i - 1].assessor) != 0)
            a->assessors[a->nassessors++].name = util_strdup(c.g[i].assessor);
        list_append(&a->assessors[a->nassessors - 1], c.g[i].qid);
    }
    a->topics = util_calloc(c.nt + 1, sizeof *a->topics);
    a->ntopics = c.nt;
    for (size_t t = 0; t < c.nt; t++)
        a->topics[t].name = util_strdup(c.t[t].qid);
    for (size_t i = 0; i < c.ng; i++)
        for (size_t t = 0; t < c.nt; t++)
            if (c.t[t].id == c.g[i].topic_id) {
                list_append(&a->topics[t], c.g[i].assessor);
                break;
            }
    rc = 0;
out:
    for (size_t t = 0; t < c.nt; t++)
        free(c.t[t].qid);
    for (size_t i = 0; i < c.ng; i++) {
        free(c.g[i].assessor);
        free(c.g[i].qid);
    }
    free(c.t);
    free(c.g);
    return rc;
}

static void assigned_free(campaign_assigned *r, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(r[i].name);
        free(r[i].list);
    }
    free(r);
}

void campaign_assignments_free(campaign_assignments *a)
{
    assigned_free(a->assessors, a->nassessors);
    assigned_free(a->topics, a->ntopics);
    memset(a, 0, sizeof *a);
}
