/* policy.c: several assessors' grades merged into one; the campaign's qrels. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign_private.h"

#include <stdlib.h>
#include <string.h>

int campaign_policy_parse(const char *name, campaign_policy *p, const char **primary)
{
    *primary = NULL;
    if (strcmp(name, "max") == 0)
        *p = CAMPAIGN_POLICY_MAX;
    else if (strcmp(name, "majority") == 0)
        *p = CAMPAIGN_POLICY_MAJORITY;
    else if (strcmp(name, "mean") == 0)
        *p = CAMPAIGN_POLICY_MEAN;
    else if (strncmp(name, "primary=", 8) == 0 && name[8] != '\0') {
        *p = CAMPAIGN_POLICY_PRIMARY;
        *primary = name + 8;
    } else {
        return -1;
    }
    return 0;
}

long campaign_policy_grade(campaign_policy p, const long *grades, size_t n, long primary_grade)
{
    long max = -1, sum = 0, count = 0, best = -1, best_votes = -1;
    for (size_t i = 0; i < n; i++) {
        long g = grades[i];
        if (g < 0)
            continue;
        if (g > max)
            max = g;
        sum += g;
        count++;
        long votes = 0;
        for (size_t k = 0; k < n; k++)
            votes += grades[k] == g;
        if (votes > best_votes || (votes == best_votes && g > best)) {
            best_votes = votes;
            best = g;
        }
    }
    if (count == 0)
        return -1;
    switch (p) {
    case CAMPAIGN_POLICY_MAJORITY:
        return best;   /* ties go to the higher grade */
    case CAMPAIGN_POLICY_MEAN:
        return (2 * sum + count) / (2 * count);   /* rounded, halves up */
    case CAMPAIGN_POLICY_PRIMARY:
        return primary_grade >= 0 ? primary_grade : max;
    default:
        return max;
    }
}

/* The judgments of one document, gathered while exporting. */
typedef struct export_ctx {
    util_out *out;
    campaign_policy pol;
    const char *primary;
    int per_assessor;
    char *qid, *docno, *iter;
    long *grades;
    size_t n, cap;
    long primary_grade;
    int has_primary;
    const campaign_export_override *ov;
} export_ctx;

static void export_flush(export_ctx *c)
{
    if (c->n == 0)
        return;
    long grade;
    if (c->ov != NULL)
        c->ov->before(c->ov->ctx, c->out, c->qid, c->docno);
    if (c->ov == NULL || !c->ov->grade(c->ov->ctx, c->qid, c->docno, &grade))
        grade = campaign_policy_grade(c->pol, c->grades, c->n,
                                      c->has_primary ? c->primary_grade : -1);
    util_out_str(c->out, c->qid);
    util_out_char(c->out, ' ');
    util_out_str(c->out, c->n == 1 ? c->iter : "0");
    util_out_char(c->out, ' ');
    util_out_str(c->out, c->docno);
    util_out_char(c->out, ' ');
    util_out_long(c->out, grade);
    util_out_char(c->out, '\n');
    c->n = 0;
    c->has_primary = 0;
}

static int export_cb(void *vctx, const store_judgment *j)
{
    export_ctx *c = vctx;
    if (c->per_assessor) {
        util_out_printf(c->out, "%s %s %s %ld", j->qid, j->assessor, j->docno, j->grade);
        if (c->per_assessor == 2) {
            util_out_char(c->out, ' ');
            util_out_str(c->out, j->iter);
        }
        util_out_char(c->out, '\n');
        return 0;
    }
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

int campaign_policy_check(store *s, const char *primary, util_error *err)
{
    int64_t id;
    int found = primary != NULL ? store_assessor_id(s, primary, 0, &id, err) : 1;
    if (found == 0)
        util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0,
                       "no assessor '%s' in the campaign (--policy primary=%s)", primary, primary);
    return found > 0 ? 0 : -1;
}

int campaign_qrels_write(store *s, campaign_policy pol, const char *primary, int per_assessor,
                         util_out *out, util_error *err)
{
    if (campaign_policy_check(s, primary, err) != 0)
        return -1;
    return campaign_qrels_export(s, pol, primary, per_assessor, NULL, out, err);
}

int campaign_qrels_export(store *s, campaign_policy pol, const char *primary, int per_assessor,
                          const campaign_export_override *ov, util_out *out, util_error *err)
{
    export_ctx c;
    memset(&c, 0, sizeof c);
    c.out = out;
    c.pol = pol;
    c.primary = primary;
    c.per_assessor = per_assessor;
    c.ov = ov;
    int rc = store_judgments_each(s, export_cb, &c, err);
    if (rc == 0) {
        export_flush(&c);
        if (ov != NULL)
            ov->before(ov->ctx, out, NULL, NULL);
    }
    free(c.qid);
    free(c.docno);
    free(c.iter);
    free(c.grades);
    return rc;
}
