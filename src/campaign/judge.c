/* judge.c: one judgment checked against the scale and the pool, then saved. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <stdio.h>
#include <string.h>

static int grade_cb(void *vctx, const store_grade *g)
{
    campaign_judge *c = vctx;
    util_grow(&c->grades, &c->capgrades, c->ngrades + 1, sizeof *c->grades);
    c->grades[c->ngrades++] = g->grade;
    size_t len = strlen(c->scale);
    if (len + 32 < sizeof c->scale)
        snprintf(c->scale + len, sizeof c->scale - len, "%s%ld", len ? ", " : "", g->grade);
    return 0;
}

/* Whether the judgment scale or -1 (pooled, not judged) has grade. */
static int grade_known(const campaign_judge *c, long grade)
{
    if (grade == -1)
        return 1;
    for (size_t i = 0; i < c->ngrades; i++)
        if (c->grades[i] == grade)
            return 1;
    return 0;
}

static int disputed_cb(void *vctx, const store_opinion *o)
{
    const char **docno = vctx;
    if (strcmp(o->docno, *docno) == 0) {
        *docno = NULL;   /* found */
        return 1;
    }
    return 0;
}

/* The adjudicated grade of a document of topic_id, in the transaction begun. */
static int adjudicate(campaign_judge *c, int64_t topic_id, const char *qid, const char *docno,
                      long grade, util_error *err)
{
    store *s = c->s;
    const char *wanted = docno;
    if (store_disagreements_each(s, topic_id, disputed_cb, &wanted, err) != 0 &&
        wanted != NULL)
        return -1;
    if (wanted == NULL)
        return store_adjudication_set(s, topic_id, docno, grade, c->note, c->assessor, err);
    int found = store_pool_has(s, topic_id, docno, err);
    if (found < 0)
        return -1;
    if (found == 0)
        return util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0,
                              "document '%s' is not in the pool of topic '%s'", docno, qid);
    if (!c->force)
        return util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0,
                              "document '%s' of topic '%s' is not in dispute (no two "
                              "assessors gave it different grades); --force adjudicates it "
                              "anyway", docno, qid);
    return store_adjudication_set(s, topic_id, docno, grade, c->note, c->assessor, err);
}

/* Saves one judgment in its own transaction, after checking the grade against the scale
 * and the document against the topic's pool. */
int campaign_judge_one(campaign_judge *c, const char *qid, const char *docno, const char *gs,
                       util_error *err)
{
    store *s = c->s;
    /* The names are written into qrels lines: one rule (util_name_problem) keeps a newline
     * or a space from forging another judgment there. */
    const char *why;
    if ((why = util_name_problem(qid, strlen(qid))) != NULL)
        return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "topic id %s", why);
    if ((why = util_name_problem(docno, strlen(docno))) != NULL)
        return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "docno %s", why);
    long grade;
    if (util_parse_long(gs, strlen(gs), &grade) != 0 || grade < -1 || grade > 1000000)
        return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                              "grade '%s' is not an integer from -1 up", gs);
    if (!grade_known(c, grade))
        return util_error_set(err, UTIL_EXIT_DATA, NULL, 0,
                              "grade %ld is not in the campaign's scale (%s; -1: not judged)",
                              grade, c->scale);
    int64_t topic_id, assessor_id, count, maxpos;
    int found;
    if (store_begin(s, err) != 0)
        return -1;
    if ((found = store_topic_id(s, qid, 0, &topic_id, err)) < 0)
        goto fail;
    if (found == 0) {
        util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0, "no topic '%s' in the campaign",
                       qid);
        goto fail;
    }
    if (c->adjudicate) {
        if (adjudicate(c, topic_id, qid, docno, grade, err) != 0 || store_commit(s, err) != 0)
            goto fail;
        return 0;
    }
    if ((found = store_pool_has(s, topic_id, docno, err)) < 0)
        goto fail;
    if (found == 0 && !c->add_to_pool) {
        util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0,
                       "document '%s' is not in the pool of topic '%s' (--add-to-pool adds it)",
                       docno, qid);
        goto fail;
    }
    if (found == 0 && (store_pool_info(s, topic_id, &count, &maxpos, err) != 0 ||
                       store_pool_add(s, topic_id, docno, maxpos + 1, "manual", err) != 0))
        goto fail;
    if (store_assessor_id(s, c->assessor, 1, &assessor_id, err) < 0 ||
        store_judgment_set(s, topic_id, docno, assessor_id, grade, NULL, c->seconds, c->note,
                           err) != 0 ||
        store_commit(s, err) != 0)
        goto fail;
    return 0;
fail:
    store_rollback(s);
    return -1;
}

int campaign_judge_scale(campaign_judge *c, util_error *err)
{
    return store_grades_each(c->s, grade_cb, c, err);
}
