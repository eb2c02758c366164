/* agreement.c: several assessors' judgments gathered for their agreement. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"

static size_t assessor_index(campaign_votes *c, const char *name)
{
    for (size_t i = 0; i < c->nassessors; i++)
        if (strcmp(c->assessors[i], name) == 0)
            return i;
    util_grow(&c->assessors, &c->assessors_cap, c->nassessors + 1, sizeof *c->assessors);
    c->assessors[c->nassessors] = util_strdup(name);
    return c->nassessors++;
}

/* Votes arrive grouped by item (the store orders by topic and docno; the file reader's
 * topics are grouped, and each item is looked up in its topic). */
static void add_vote(campaign_votes *c, const char *qid, const char *docno, const char *assessor,
                     long grade)
{
    if (grade < 0)
        return; /* pooled, not judged */
    size_t ql = strlen(qid), dl = strlen(docno);
    char *key = util_malloc(ql + dl + 2);
    snprintf(key, ql + dl + 2, "%s\t%s", qid, docno);
    size_t item = c->nitems;
    for (size_t i = c->nitems; i-- > 0;) {
        if (strcmp(c->items[i], key) == 0) {
            item = i;
            break;
        }
        if (strncmp(c->items[i], key, ql + 1) != 0)
            break; /* items of another topic: this one is new */
    }
    if (item == c->nitems) {
        util_grow(&c->items, &c->items_cap, c->nitems + 1, sizeof *c->items);
        c->items[c->nitems++] = key;
    } else {
        free(key);
    }
    util_grow(&c->votes, &c->votes_cap, c->nvotes + 1, sizeof *c->votes);
    c->votes[c->nvotes++] = (campaign_vote){ item, assessor_index(c, assessor), grade };
}

static int judgment_cb(void *vctx, const store_judgment *j)
{
    add_vote(vctx, j->qid, j->docno, j->assessor, j->grade);
    return 0;
}

static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}


int campaign_votes_read_campaign(campaign_votes *v, store *s, util_error *err)
{
    return store_judgments_each(s, judgment_cb, v, err);
}

int campaign_votes_read_file(campaign_votes *v, const char *path, util_error *err)
{
    formats_qrels *q = formats_qrels_read_jg(path, err);
    if (q == NULL)
        return -1;
    for (size_t k = 0; k < q->ntopics; k++) {
        const formats_qrels_topic *qt = &q->topics[k];
        for (size_t g = 0; g < qt->ngroups; g++)
            for (size_t i = 0; i < qt->groups[g].n; i++)
                add_vote(v, qt->qid, qt->groups[g].qrels[i].docno, qt->groups[g].group,
                         qt->groups[g].qrels[i].rel);
    }
    formats_qrels_free(&q);
    return 0;
}

void campaign_votes_finish(campaign_votes *c)
{
    /* Assessors in name order: renumber the votes. */
    char **sorted = util_malloc((c->nassessors + 1) * sizeof *sorted);
    memcpy(sorted, c->assessors, c->nassessors * sizeof *sorted);
    qsort(sorted, c->nassessors, sizeof *sorted, name_cmp);
    size_t *rank = util_malloc((c->nassessors + 1) * sizeof *rank);
    for (size_t a = 0; a < c->nassessors; a++)
        for (size_t b = 0; b < c->nassessors; b++)
            if (sorted[b] == c->assessors[a])
                rank[a] = b;
    for (size_t i = 0; i < c->nvotes; i++)
        c->votes[i].assessor = rank[c->votes[i].assessor];
    memcpy(c->assessors, sorted, c->nassessors * sizeof *sorted);
    free(sorted);
    free(rank);
    size_t na = c->nassessors, ni = c->nitems;
    free(c->grade_of);
    c->grade_of = util_malloc((ni * na + 1) * sizeof *c->grade_of);
    for (size_t i = 0; i < ni * na; i++)
        c->grade_of[i] = -1;
    for (size_t i = 0; i < c->nvotes; i++)
        c->grade_of[c->votes[i].item * na + c->votes[i].assessor] = c->votes[i].grade;
}

void campaign_votes_free(campaign_votes *c)
{
    for (size_t i = 0; i < c->nitems; i++)
        free(c->items[i]);
    free(c->items);
    for (size_t i = 0; i < c->nassessors; i++)
        free(c->assessors[i]);
    free(c->assessors);
    free(c->votes);
    free(c->grade_of);
    memset(c, 0, sizeof *c);
}
