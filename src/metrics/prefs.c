/* prefs.c: preference judgments (-R prefs): preferences a ranking fulfils, the prefs_* measures. */
/* SPDX-License-Identifier: MIT */
#include "metrics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/* A judgment line with the internal number of its document: retrieved judged documents
 * are numbered 0..num_judged_ret-1 in rank order, the others after them in docno order. */
typedef struct pentry {
    const metrics_pref *p;
    long id;
} pentry;

/* A retrieved document: its docno and its position in the ranking. */
typedef struct rdoc {
    const char *docno;
    size_t pos;
} rdoc;

static int cmp_score_docno(const void *a, const void *b)
{
    const metrics_doc *x = a, *y = b;
    if (x->score > y->score)
        return -1;
    if (x->score < y->score)
        return 1;
    return strcmp(x->docno, y->docno);
}

static int cmp_rdoc(const void *a, const void *b)
{
    const rdoc *x = a, *y = b;
    int c = strcmp(x->docno, y->docno);
    if (c != 0)
        return c;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

static int cmp_entry_docno(const void *a, const void *b)
{
    const pentry *x = a, *y = b;
    return strcmp(x->p->docno, y->p->docno);
}

/* Group, sub-group, level from high to low, then internal number. */
static int cmp_entry_group(const void *a, const void *b)
{
    const pentry *x = a, *y = b;
    int c = strcmp(x->p->jg, y->p->jg);
    if (c != 0)
        return c;
    c = strcmp(x->p->jsg, y->p->jsg);
    if (c != 0)
        return c;
    if (x->p->level > y->p->level)
        return -1;
    if (x->p->level < y->p->level)
        return 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

static int cmp_long_pos(const void *a, const void *b)
{
    const long *x = a, *y = b;
    return x[1] < y[1] ? -1 : x[1] > y[1];
}

/* One equivalence class of a group with a single sub-group: the documents of one level,
 * by internal number. */
typedef struct pclass {
    const pentry *e;
    long n;
} pclass;

/* The counts, into the pair-count matrix too, of a group whose sub-group is one list of
 * levels: every document of a higher class is preferred to every document of a lower one. */
static int group_classes(const pclass *ec, long nec, long njr, long nj, uint32_t *ca,
                         metrics_prefs_group *g, util_error *err)
{
    for (long c1 = 0; c1 < nec; c1++) {
        long ret = 0;
        for (long k = 0; k < ec[c1].n && ec[c1].e[k].id < njr; k++)
            ret++;
        if (ec[c1].e[0].p->level > 0.0) {
            g->num_rel_ret += ret;
            g->num_rel += ec[c1].n;
        } else {
            g->num_nonrel_ret += ret;
            g->num_nonrel += ec[c1].n;
        }
        for (long c2 = c1 + 1; c2 < nec; c2++) {
            for (long a = 0; a < ec[c1].n; a++) {
                long i = ec[c1].e[a].id;
                for (long b = 0; b < ec[c2].n; b++) {
                    long j = ec[c2].e[b].id;
                    if (i == j) {
                        return util_error_set(err, UTIL_EXIT_DATA, NULL, 0,
                                              "document '%s' has two levels in one "
                                              "judgment sub-group", ec[c1].e[a].p->docno);
                    }
                    ca[i * nj + j]++;
                    if (i < j) {
                        if (j < njr)
                            g->ful_ret++;
                        else if (i < njr)
                            g->ful_imp++;
                        else
                            g->poss_notoccur++;
                    } else if (i < njr) {
                        g->poss_ret++;
                    } else if (j < njr) {
                        g->poss_imp++;
                    } else {
                        g->poss_notoccur++;
                    }
                }
            }
        }
    }
    g->poss_ret += g->ful_ret;
    g->poss_imp += g->ful_imp;

    /* The Rnonrel variants: the nonrelevant documents cut to the first R of the last class
     * (the lowest level), when there are more than R of them. */
    long R = g->num_rel, N = g->num_nonrel;
    if (R >= N) {
        double f = (double)(g->ful_ret + g->ful_imp + g->num_rel_ret * (R - N));
        double q = (double)(g->poss_ret + g->poss_imp + g->poss_notoccur + g->num_rel * (R - N));
        g->rnonrel = f / q;
    } else {
        pclass last = ec[nec - 1];
        if (last.n > R)
            last.n = R;
        long ful = 0, not_ful = 0;
        for (long c1 = 0; c1 < nec; c1++) {
            for (long c2 = c1 + 1; c2 <= nec; c2++) {
                const pclass *o = c2 == nec ? &last : c2 < nec - 1 ? &ec[c2] : NULL;
                if (o == NULL)
                    continue;
                for (long a = 0; a < ec[c1].n; a++)
                    for (long b = 0; b < o->n; b++) {
                        long i = ec[c1].e[a].id, j = o->e[b].id;
                        if (i < j && i < njr)
                            ful++;
                        else
                            not_ful++;
                    }
            }
        }
        g->rnonrel = (double)ful / (double)(ful + not_ful);
    }
    R = g->num_rel_ret;
    N = g->num_nonrel_ret;
    if (R >= N) {
        double f = (double)(g->ful_ret + g->num_rel_ret * (R - N));
        double q = (double)(g->poss_ret + g->num_rel * (R - N));
        g->rnonrel_ret = f / q;
    } else {
        pclass last = ec[nec - 1];
        if (last.n > R)
            last.n = R;
        long ful = 0, not_ful = 0;
        for (long c1 = 0; c1 < nec; c1++) {
            for (long c2 = c1 + 1; c2 <= nec; c2++) {
                const pclass *o = c2 == nec ? &last : c2 < nec - 1 ? &ec[c2] : NULL;
                if (o == NULL)
                    continue;
                for (long a = 0; a < ec[c1].n && ec[c1].e[a].id < njr; a++)
                    for (long b = 0; b < o->n && o->e[b].id < njr; b++) {
                        if (ec[c1].e[a].id < o->e[b].id)
                            ful++;
                        else
                            not_ful++;
                    }
            }
        }
        g->rnonrel_ret = (double)ful / (double)(ful + not_ful);
    }
    return 0;
}

/* Counts the marked cells of a preference matrix by area: both retrieved (fulfilled when
 * the row comes first), only the row retrieved (fulfilled), only the column retrieved (not
 * fulfilled), neither, over the first nj rows and columns of a matrix with rows of stride
 * cells. Rows and columns marked in skip are left out. */
typedef struct pa_counts {
    long ful_ret, notful_ret, ful_imp, notful_imp, notoccur;
} pa_counts;

static void pa_count(const unsigned char *a, long stride, long nj, long njr,
                     const unsigned char *skip, uint32_t *ca, pa_counts *r)
{
    memset(r, 0, sizeof *r);
    for (long i = 0; i < nj; i++) {
        if (skip != NULL && skip[i])
            continue;
        const unsigned char *row = a + i * stride;
        for (long j = 0; j < nj; j++) {
            if (!row[j] || (skip != NULL && skip[j]))
                continue;
            if (ca != NULL)
                ca[i * stride + j]++;
            if (i < njr && j < njr) {
                if (i < j)
                    r->ful_ret++;
                else
                    r->notful_ret++;
            } else if (i < njr) {
                r->ful_imp++;
            } else if (j < njr) {
                r->notful_imp++;
            } else {
                r->notoccur++;
            }
        }
    }
}

/* Marks the nonrelevant documents (level 0) after the first limit ones among the first
 * n internal numbers: those the Rnonrel variants leave out. */
static void pa_skip(const double *rel, long nj, long n, long limit, unsigned char *skip)
{
    long seen = 0, first = n;
    for (long i = 0; i < n; i++)
        if (rel[i] == 0.0 && ++seen == limit + 1) {
            first = i;
            break;
        }
    for (long i = 0; i < nj; i++)
        skip[i] = i >= first && rel[i] == 0.0;
}

/* A group with several sub-groups: a partial order over the documents, closed under
 * transitivity. */
static int group_matrix(const pentry *e, long n, long njr, long nj, uint32_t *ca,
                        metrics_prefs_group *g, util_error *err)
{
    unsigned char *a = util_calloc((size_t)nj * (size_t)nj, 1);
    unsigned char *skip = util_malloc((size_t)nj);
    double *rel = util_malloc((size_t)nj * sizeof *rel);
    int rc = -1;
    for (long i = 0; i < nj; i++)
        rel[i] = -1.0;
    for (long i = 0; i < n; i++) {
        long d = e[i].id;
        double lv = e[i].p->level;
        if ((rel[d] > 0.0 && lv == 0.0) || (rel[d] == 0.0 && lv > 0.0)) {
            util_error_set(err, UTIL_EXIT_DATA, NULL, 0,
                           "document '%s' is both relevant and nonrelevant in judgment group '%s'",
                           e[i].p->docno, e[i].p->jg);
            goto out;
        }
        rel[d] = lv;
        long j = i + 1;
        while (j < n && strcmp(e[i].p->jsg, e[j].p->jsg) == 0 && e[i].p->level == e[j].p->level)
            j++;
        for (; j < n && strcmp(e[i].p->jsg, e[j].p->jsg) == 0; j++)
            a[d * nj + e[j].id] = 1;
    }
    /* Transitive closure (Warshall). */
    for (long k = 0; k < nj; k++)
        for (long i = 0; i < nj; i++) {
            if (!a[i * nj + k])
                continue;
            unsigned char *ri = a + i * nj;
            const unsigned char *rk = a + k * nj;
            for (long j = 0; j < nj; j++)
                ri[j] |= rk[j];
        }
    for (long i = 0; i < nj; i++)
        a[i * nj + i] = 0;
    for (long i = 0; i < nj; i++)
        for (long j = i + 1; j < nj; j++)
            if (a[i * nj + j] && a[j * nj + i]) {
                util_error_set(err, UTIL_EXIT_DATA, NULL, 0,
                               "inconsistent preferences in judgment group '%s'", e[0].p->jg);
                goto out;
            }
    for (long i = 0; i < nj; i++) {
        int ret = i < njr;
        if (rel[i] > 0.0) {
            g->num_rel++;
            g->num_rel_ret += ret;
        } else if (rel[i] == 0.0) {
            g->num_nonrel++;
            g->num_nonrel_ret += ret;
        }
    }
    pa_counts c;
    pa_count(a, nj, nj, njr, NULL, ca, &c);
    g->ful_ret = c.ful_ret;
    g->poss_ret = c.ful_ret + c.notful_ret;
    g->ful_imp = c.ful_imp;
    g->poss_imp = c.ful_imp + c.notful_imp;
    g->poss_notoccur = c.notoccur;

    long R = g->num_rel, N = g->num_nonrel;
    if (R >= N) {
        double f = (double)(g->ful_ret + g->ful_imp + g->num_rel_ret * (R - N));
        double q = (double)(g->poss_ret + g->poss_imp + g->poss_notoccur + g->num_rel * (R - N));
        g->rnonrel = f / q;
    } else {
        pa_skip(rel, nj, nj, g->num_rel, skip);
        pa_count(a, nj, nj, njr, skip, NULL, &c);
        long ful = c.ful_ret + c.ful_imp;
        g->rnonrel = (double)ful / (double)(ful + c.notful_ret + c.notful_imp + c.notoccur);
    }
    R = g->num_rel_ret;
    N = g->num_nonrel_ret;
    if (R >= N) {
        double f = (double)(g->ful_ret + g->num_rel_ret * (R - N));
        double q = (double)(g->poss_ret + g->num_rel * (R - N));
        g->rnonrel_ret = f / q;
    } else {
        /* as trec_eval: the cut is at the (num_rel + 1)-th nonrelevant retrieved document */
        pa_skip(rel, nj, njr, g->num_rel, skip);
        pa_count(a, nj, njr, njr, skip, NULL, &c);
        g->rnonrel_ret = (double)c.ful_ret / (double)(c.ful_ret + c.notful_ret);
    }
    rc = 0;
out:
    free(a);
    free(skip);
    free(rel);
    return rc;
}

int metrics_prefs_count(const metrics_pref *prefs, size_t n, metrics_doc *docs, size_t ndocs,
                        const metrics_params *p, metrics_prefs *out, util_error *err)
{
    memset(out, 0, sizeof *out);
    if (n == 0)
        return 0;
    /* The ranking: score descending, then docno ascending (as trec_eval ranks for
     * preferences), cut at -M. */
    qsort(docs, ndocs, sizeof *docs, cmp_score_docno);
    size_t keep = ndocs;
    if (p->max_docs >= 0 && (unsigned long)p->max_docs < keep)
        keep = (size_t)p->max_docs;
    if (p->max_docs < 0)
        keep = 0;
    rdoc *rd = util_malloc((keep ? keep : 1) * sizeof *rd);
    for (size_t i = 0; i < keep; i++) {
        rd[i].docno = docs[i].docno;
        rd[i].pos = i;
    }
    qsort(rd, keep, sizeof *rd, cmp_rdoc);

    pentry *e = util_malloc(n * sizeof *e);
    for (size_t i = 0; i < n; i++) {
        e[i].p = &prefs[i];
        e[i].id = -1;
    }
    qsort(e, n, sizeof *e, cmp_entry_docno);
    /* Distinct judged docnos: (first entry, retrieved position or -1). */
    long *u = util_malloc(2 * n * sizeof *u);
    long nu = 0;
    size_t r = 0;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && strcmp(e[i].p->docno, e[i - 1].p->docno) == 0)
            continue;
        while (r < keep && strcmp(rd[r].docno, e[i].p->docno) < 0)
            r++;
        u[2 * nu] = (long)i;
        u[2 * nu + 1] = r < keep && strcmp(rd[r].docno, e[i].p->docno) == 0 ? (long)rd[r].pos : -1;
        nu++;
    }
    free(rd);
    /* Retrieved ones first in rank order, then the others in docno order. */
    long *order = util_malloc(2 * (size_t)nu * sizeof *order);
    long njr = 0;
    for (long k = 0; k < nu; k++)
        if (u[2 * k + 1] >= 0) {
            order[2 * njr] = k;
            order[2 * njr + 1] = u[2 * k + 1];
            njr++;
        }
    qsort(order, (size_t)njr, 2 * sizeof *order, cmp_long_pos);
    long *idof = util_malloc((size_t)nu * sizeof *idof);
    for (long k = 0; k < njr; k++)
        idof[order[2 * k]] = k;
    long next = njr;
    for (long k = 0; k < nu; k++)
        if (u[2 * k + 1] < 0)
            idof[k] = next++;
    for (long k = 0; k < nu; k++) {
        size_t end = k + 1 < nu ? (size_t)u[2 * (k + 1)] : n;
        for (size_t i = (size_t)u[2 * k]; i < end; i++)
            e[i].id = idof[k];
    }
    free(order);
    free(idof);
    free(u);
    long nj = next;
    out->num_judged = nj;
    out->num_judged_ret = njr;

    qsort(e, n, sizeof *e, cmp_entry_group);
    size_t ngroups = 0;
    for (size_t i = 0; i < n; i++)
        if (i == 0 || strcmp(e[i].p->jg, e[i - 1].p->jg) != 0)
            ngroups++;
    out->groups = util_calloc(ngroups, sizeof *out->groups);
    uint32_t *ca = util_calloc((size_t)nj * (size_t)nj, sizeof *ca);
    pclass *ec = util_malloc(n * sizeof *ec);
    int rc = 0;
    for (size_t start = 0; start < n && rc == 0;) {
        size_t end = start + 1;
        int subgroups = 0;
        while (end < n && strcmp(e[end].p->jg, e[start].p->jg) == 0) {
            if (strcmp(e[end].p->jsg, e[end - 1].p->jsg) != 0)
                subgroups = 1;
            end++;
        }
        metrics_prefs_group *g = &out->groups[out->ngroups++];
        if (subgroups) {
            rc = group_matrix(e + start, (long)(end - start), njr, nj, ca, g, err);
        } else {
            long nec = 0;
            for (size_t i = start; i < end; i++) {
                if (i == start || e[i].p->level != e[i - 1].p->level) {
                    ec[nec].e = &e[i];
                    ec[nec].n = 0;
                    nec++;
                }
                ec[nec - 1].n++;
            }
            rc = group_classes(ec, nec, njr, nj, ca, g, err);
        }
        start = end;
    }
    free(ec);
    free(e);
    if (rc == 0) {
        /* Pairs of documents with a preference in either direction. */
        double sum = 0.0;
        for (long i = 0; i < njr; i++)
            for (long j = i + 1; j < njr; j++) {
                uint32_t x = ca[i * nj + j], y = ca[j * nj + i];
                if (x || y) {
                    out->pairs_ret++;
                    sum += (double)x / (double)(x + y);
                }
            }
        out->pair_sum_ret = sum;
        for (long i = 0; i < njr; i++)
            for (long j = njr; j < nj; j++) {
                uint32_t x = ca[i * nj + j], y = ca[j * nj + i];
                if (x || y) {
                    out->pairs_imp++;
                    sum += (double)x / (double)(x + y);
                }
            }
        out->pair_sum_imp = sum;
        for (long i = njr; i < nj; i++)
            for (long j = i + 1; j < nj; j++)
                if (ca[i * nj + j] || ca[j * nj + i])
                    out->pairs_notoccur++;
    }
    free(ca);
    if (rc != 0)
        metrics_prefs_free(out);
    return rc;
}

void metrics_prefs_free(metrics_prefs *pr)
{
    free(pr->groups);
    memset(pr, 0, sizeof *pr);
}

static double ratio(long ful, long poss)
{
    return poss ? (double)ful / (double)poss : 0.0;
}

double metrics_prefs_value(const metrics_prefs *pr, metrics_prefs_measure m)
{
    if (pr == NULL)
        return 0.0;
    long ful_ret = 0, ful_imp = 0, poss_ret = 0, poss_imp = 0, notoccur = 0;
    double sum = 0.0;
    for (long i = 0; i < pr->ngroups; i++) {
        const metrics_prefs_group *g = &pr->groups[i];
        ful_ret += g->ful_ret;
        ful_imp += g->ful_imp;
        poss_ret += g->poss_ret;
        poss_imp += g->poss_imp;
        notoccur += g->poss_notoccur;
        long f = 0, q = 0;
        switch (m) {
        case METRICS_PREFS_AVGJG:
            f = g->ful_ret + g->ful_imp;
            q = g->poss_ret + g->poss_imp + g->poss_notoccur;
            break;
        case METRICS_PREFS_AVGJG_RET:
            f = g->ful_ret;
            q = g->poss_ret;
            break;
        case METRICS_PREFS_AVGJG_IMP:
            f = g->ful_ret + g->ful_imp;
            q = g->poss_ret + g->poss_imp;
            break;
        case METRICS_PREFS_AVGJG_RNONREL:
            sum += g->rnonrel;
            break;
        case METRICS_PREFS_AVGJG_RNONREL_RET:
            sum += g->rnonrel_ret;
            break;
        default:
            break;
        }
        if (q)
            sum += (double)f / (double)q;
    }
    switch (m) {
    case METRICS_PREFS_NUM_POSS:
        return (double)(poss_ret + poss_imp + notoccur);
    case METRICS_PREFS_NUM_FUL:
        return (double)(ful_ret + ful_imp);
    case METRICS_PREFS_NUM_FUL_RET:
        return (double)ful_ret;
    case METRICS_PREFS_SIMP:
        return ratio(ful_ret + ful_imp, poss_ret + poss_imp + notoccur);
    case METRICS_PREFS_SIMP_RET:
        return ratio(ful_ret, poss_ret);
    case METRICS_PREFS_SIMP_IMP:
        return ratio(ful_ret + ful_imp, poss_ret + poss_imp);
    case METRICS_PREFS_PAIR: {
        long np = pr->pairs_ret + pr->pairs_imp + pr->pairs_notoccur;
        return np ? pr->pair_sum_imp / (double)np : 0.0;
    }
    case METRICS_PREFS_PAIR_RET:
        return pr->pairs_ret ? pr->pair_sum_ret / (double)pr->pairs_ret : 0.0;
    case METRICS_PREFS_PAIR_IMP: {
        long np = pr->pairs_ret + pr->pairs_imp;
        return np ? pr->pair_sum_imp / (double)np : 0.0;
    }
    case METRICS_PREFS_AVGJG:
    case METRICS_PREFS_AVGJG_RET:
    case METRICS_PREFS_AVGJG_IMP:
    case METRICS_PREFS_AVGJG_RNONREL:
    case METRICS_PREFS_AVGJG_RNONREL_RET:
        return sum > 0.0 ? sum / (double)pr->ngroups : 0.0;
    }
    return 0.0;
}
