/* adjudicate.c: adjudicated qrels (policy adjudicated[,FALLBACK]), and whom it sided with. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign_private.h"

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

/* The adjudications not written yet, as the export of the judgments goes by. */
typedef struct export_ctx {
    adjudicated adj;
    size_t next;                  /* the first adjudication not written yet */
} export_ctx;

/* Writes the adjudications before qid/docno (or every one left, qid NULL): documents that
 * have no assessor's judgment any more. */
static void adjudications_before(void *ctx, util_out *out, const char *qid, const char *docno)
{
    export_ctx *c = ctx;
    while (c->next < c->adj.n &&
           (qid == NULL ||
            pair_cmp(c->adj.qid[c->next], c->adj.docno[c->next], qid, docno) < 0)) {
        util_out_printf(out, "%s 0 %s %ld\n", c->adj.qid[c->next], c->adj.docno[c->next],
                        c->adj.grade[c->next]);
        c->next++;
    }
}

/* The adjudicated grade of qid/docno, when there is one. */
static int adjudicated_grade(void *ctx, const char *qid, const char *docno, long *grade)
{
    export_ctx *c = ctx;
    if (c->next >= c->adj.n ||
        pair_cmp(c->adj.qid[c->next], c->adj.docno[c->next], qid, docno) != 0)
        return 0;
    *grade = c->adj.grade[c->next++];
    return 1;
}

int campaign_qrels_write_adjudicated(store *s, campaign_policy fallback, const char *primary,
                                     util_out *out, util_error *err)
{
    export_ctx c;
    memset(&c, 0, sizeof c);
    campaign_export_override ov = { &c, adjudications_before, adjudicated_grade };
    int rc = store_adjudications_each(s, 0, on_adjudication, &c.adj, err);
    if (rc == 0)
        rc = campaign_qrels_export(s, fallback, primary, 0, &ov, out, err);
    adjudicated_free(&c.adj);
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
