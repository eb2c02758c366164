/* adjudicate.c: adjudicated qrels (policy adjudicated[,FALLBACK]), and whom it sided with. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <stdlib.h>
#include <string.h>

int campaign_policy_parse_adjudicated(const char *name, campaign_policy *fallback,
                                      const char **primary)
{
    if (strncmp(name, "adjudicated", 11) != 0 || (name[11] != '\0' && name[11] != ','))
        return 0;
    *fallback = CAMPAIGN_POLICY_MAX;
    *primary = NULL;
    if (name[11] == ',' && campaign_policy_parse(name + 12, fallback, primary) != 0)
        return -1;
    return 1;
}

/* The campaign's adjudications, in the store's order (qid, then docno). */
typedef struct adjudicated {
    char **qid, **docno;
    long *grade;
    size_t n, cap, capd, capg;
} adjudicated;

static int on_adjudication(void *ctx, const store_adjudication *j)
{
    adjudicated *d = ctx;
    util_grow(&d->qid, &d->cap, d->n + 1, sizeof *d->qid);
    util_grow(&d->docno, &d->capd, d->n + 1, sizeof *d->docno);
    util_grow(&d->grade, &d->capg, d->n + 1, sizeof *d->grade);
    d->qid[d->n] = util_strdup(j->qid);
    d->docno[d->n] = util_strdup(j->docno);
    d->grade[d->n++] = j->grade;
    return 0;
}

static void adjudicated_free(adjudicated *d)
{
    for (size_t i = 0; i < d->n; i++) {
        free(d->qid[i]);
        free(d->docno[i]);
    }
    free(d->qid);
    free(d->docno);
    free(d->grade);
    memset(d, 0, sizeof *d);
}

/* The order of the store's queries (ORDER BY qid, docno: bytes). */
static int pair_cmp(const char *q1, const char *d1, const char *q2, const char *d2)
{
    int c = strcmp(q1, q2);
    return c != 0 ? c : strcmp(d1, d2);
}

/* The judgments of one document, gathered while exporting. */
typedef struct export_ctx {
    util_out *out;
    campaign_policy fallback;
    const char *primary;
    adjudicated adj;
    size_t next;                  /* the first adjudication not written yet */
    char *qid, *docno, *iter;
    long *grades;
    size_t n, cap;
    long primary_grade;
    int has_primary;
} export_ctx;

static void line(export_ctx *c, const char *qid, const char *iter, const char *docno, long grade)
{
    util_out_printf(c->out, "%s %s %s %ld\n", qid, iter, docno, grade);
}

/* Adjudications before qid/docno (or every one left, qid NULL) whose document has no
 * assessor's judgment any more. */
static void adjudications_before(export_ctx *c, const char *qid, const char *docno)
{
    while (c->next < c->adj.n &&
           (qid == NULL ||
            pair_cmp(c->adj.qid[c->next], c->adj.docno[c->next], qid, docno) < 0)) {
        line(c, c->adj.qid[c->next], "0", c->adj.docno[c->next], c->adj.grade[c->next]);
        c->next++;
    }
}

static void export_flush(export_ctx *c)
{
    if (c->n == 0)
        return;
    adjudications_before(c, c->qid, c->docno);
    long grade;
    if (c->next < c->adj.n &&
        pair_cmp(c->adj.qid[c->next], c->adj.docno[c->next], c->qid, c->docno) == 0)
        grade = c->adj.grade[c->next++];
    else
        grade = campaign_policy_grade(c->fallback, c->grades, c->n,
                                      c->has_primary ? c->primary_grade : -1);
    line(c, c->qid, c->n == 1 ? c->iter : "0", c->docno, grade);
    c->n = 0;
    c->has_primary = 0;
}

static int export_cb(void *vctx, const store_judgment *j)
{
    export_ctx *c = vctx;
    if (c->n > 0 && (strcmp(c->qid, j->qid) != 0 || strcmp(c->docno, j->docno) != 0))
        export_flush(c);
    if (c->n == 0) {
        free(c->qid);
        free(c->docno);
        free(c->iter);
        c->qid = util_strdup(j->qid);
        c->docno = util_strdup(j->docno);
        c->iter = util_strdup(j->iter);
    }
    util_grow(&c->grades, &c->cap, c->n + 1, sizeof *c->grades);
    c->grades[c->n++] = j->grade;
    if (c->primary != NULL && strcmp(j->assessor, c->primary) == 0) {
        c->has_primary = 1;
        c->primary_grade = j->grade;
    }
    return 0;
}

int campaign_qrels_write_adjudicated(store *s, campaign_policy fallback, const char *primary,
                                     util_out *out, util_error *err)
{
    export_ctx c;
    memset(&c, 0, sizeof c);
    c.out = out;
    c.fallback = fallback;
    c.primary = primary;
    int rc = store_adjudications_each(s, 0, on_adjudication, &c.adj, err);
    if (rc == 0)
        rc = store_judgments_each(s, export_cb, &c, err);
    if (rc == 0) {
        export_flush(&c);
        adjudications_before(&c, NULL, NULL);
    }
    adjudicated_free(&c.adj);
    free(c.qid);
    free(c.docno);
    free(c.iter);
    free(c.grades);
    return rc;
}

/* ---- adjudication against each assessor ---- */

typedef struct tally_ctx {
    const campaign_votes *v;
    util_map items;
    campaign_adjudication_tally *t;
} tally_ctx;

static int on_tally(void *ctx, const store_adjudication *j)
{
    tally_ctx *c = ctx;
    size_t ql = strlen(j->qid), dl = strlen(j->docno);
    char *key = util_malloc(ql + dl + 2);
    memcpy(key, j->qid, ql);
    key[ql] = '\t';
    memcpy(key + ql + 1, j->docno, dl + 1);
    long item = util_map_find(&c->items, key, ql + dl + 1);
    free(key);
    c->t->adjudicated++;
    if (item < 0)
        return 0;
    size_t na = c->v->nassessors;
    for (size_t a = 0; a < na; a++) {
        long g = c->v->grade_of[(size_t)item * na + a];
        if (g < 0)
            continue;
        c->t->judged[a]++;
        c->t->sided[a] += g == j->grade;
    }
    return 0;
}

int campaign_adjudication_tally_read(campaign_adjudication_tally *t, store *s,
                                     const campaign_votes *v, util_error *err)
{
    memset(t, 0, sizeof *t);
    t->sided = util_calloc(v->nassessors + 1, sizeof *t->sided);
    t->judged = util_calloc(v->nassessors + 1, sizeof *t->judged);
    tally_ctx c = { v, { 0 }, t };
    for (size_t i = 0; i < v->nitems; i++)
        util_map_add(&c.items, v->items[i], strlen(v->items[i]), NULL);
    int rc = store_adjudications_each(s, 0, on_tally, &c, err);
    util_map_free(&c.items);
    return rc;
}

void campaign_adjudication_tally_free(campaign_adjudication_tally *t)
{
    free(t->sided);
    free(t->judged);
    memset(t, 0, sizeof *t);
}
