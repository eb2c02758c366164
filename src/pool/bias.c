/* bias.c: leave-one-run-out bias: MAP with and without a run's unique documents. */
/* SPDX-License-Identifier: MIT */
#include "pool/pool.h"

#include <stdlib.h>
#include <string.h>

#include "metrics/metrics.h"
#include "util/util.h"

struct pool_bias {
    size_t nruns;
    pool_bias_row *rows;
    size_t *ntopics;
    metrics_set *set;
    size_t map_index;
    metrics_params params;
    /* scratch */
    metrics_doc *docs;
    long *rels, *grades, *levels;
    size_t capdocs, caprels, capgrades, caplevels;
    const char **uniq;
    size_t capuniq;
};

static int str_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static long judged_lookup(const pool_judged *j, const char *docno, int *found)
{
    size_t lo = 0, hi = j->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int cmp = strcmp(j->docnos[mid], docno);
        if (cmp == 0) {
            *found = 1;
            return j->grades[mid];
        }
        if (cmp < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = 0;
    return 0;
}

pool_bias *pool_bias_new(size_t nruns, long relevance_level)
{
    pool_bias *b = util_calloc(1, sizeof *b);
    util_error err = { 0, "" };
    b->nruns = nruns;
    b->rows = util_calloc(nruns + 1, sizeof *b->rows);
    b->ntopics = util_calloc(nruns + 1, sizeof *b->ntopics);
    metrics_params_init(&b->params);
    b->params.relevance_level = relevance_level;
    b->set = metrics_set_new();
    /* "map" is always known: a failure here is a bug */
    if (metrics_set_select(b->set, "map", &err) != 0 || metrics_set_finish(b->set, &err) != 0)
        util_die("cannot select MAP: %s", err.msg);
    while (b->map_index < metrics_set_size(b->set) &&
           strcmp(metrics_set_name(b->set, b->map_index), "map") != 0)
        b->map_index++;
    return b;
}

/* AP of one run on one topic; with leave_out, the documents only this run contributed
 * are taken out of the judgments. Counts those documents and the relevant ones. */
static double topic_ap(pool_bias *b, const pool_topic *t, const pool_judged *jt, uint32_t run,
                       const char *const *docnos, size_t n, int leave_out, size_t *unique,
                       size_t *unique_rel)
{
    const metrics_params *p = &b->params;
    size_t nu = 0;
    if (leave_out) {
        size_t np = pool_topic_size(t);
        for (size_t i = 0; i < np; i++) {
            const uint32_t *runs;
            if (pool_topic_contributors(t, i, &runs) == 1 && runs[0] == run) {
                util_grow(&b->uniq, &b->capuniq, nu + 1, sizeof *b->uniq);
                b->uniq[nu++] = pool_topic_docno(t, i);
            }
        }
        if (nu > 0)
            qsort(b->uniq, nu, sizeof *b->uniq, str_cmp);
    }
    size_t ng = 0;
    util_grow(&b->grades, &b->capgrades, jt->n + 1, sizeof *b->grades);
    for (size_t i = 0; i < jt->n; i++) {
        if (jt->grades[i] < 0)
            continue;
        if (nu > 0 && bsearch(&jt->docnos[i], b->uniq, nu, sizeof *b->uniq, str_cmp) != NULL) {
            (*unique_rel) += jt->grades[i] >= p->relevance_level;
            continue;
        }
        b->grades[ng++] = jt->grades[i];
    }
    *unique += nu;
    metrics_topic mt;
    memset(&mt, 0, sizeof mt);
    util_grow(&b->levels, &b->caplevels, metrics_levels_size(b->grades, ng) + 1, sizeof *b->levels);
    metrics_levels(b->grades, ng, p, b->levels, &mt);
    util_grow(&b->docs, &b->capdocs, n + 1, sizeof *b->docs);
    util_grow(&b->rels, &b->caprels, n + 1, sizeof *b->rels);
    for (size_t i = 0; i < n; i++) {
        int found;
        long g = judged_lookup(jt, docnos[i], &found);
        if (found && nu > 0 && bsearch(&docnos[i], b->uniq, nu, sizeof *b->uniq, str_cmp))
            found = 0;
        /* The ranking is already in trec_eval order: scores that fall with rank keep it. */
        b->docs[i] = (metrics_doc){ (double)(n - i), docnos[i],
                                    !found ? METRICS_NONPOOL : g < 0 ? METRICS_UNJUDGED : g };
    }
    metrics_rank(b->docs, n, p, b->rels, &mt);
    double values[64];
    char *strings[64] = { NULL };
    metrics_set_compute(b->set, p, &mt, values, strings);
    return values[b->map_index];
}

void pool_bias_add(pool_bias *b, const pool_topic *t, const pool_judged *j, uint32_t run,
                   const char *const *docnos, size_t n)
{
    if (run >= b->nruns)
        return;
    pool_bias_row *r = &b->rows[run];
    size_t ignored = 0, ignored_rel = 0;
    r->map += topic_ap(b, t, j, run, docnos, n, 0, &ignored, &ignored_rel);
    r->map_loo += topic_ap(b, t, j, run, docnos, n, 1, &r->unique, &r->unique_rel);
    b->ntopics[run]++;
}

const pool_bias_row *pool_bias_finish(pool_bias *b)
{
    size_t nr = b->nruns;
    pool_bias_row *rows = b->rows;
    for (size_t r = 0; r < nr; r++)
        if (b->ntopics[r] > 0) {
            rows[r].map /= (double)b->ntopics[r];
            rows[r].map_loo /= (double)b->ntopics[r];
            b->ntopics[r] = 0;
        }
    for (size_t r = 0; r < nr; r++) {
        rows[r].rank = rows[r].rank_loo = 1;
        for (size_t s = 0; s < nr; s++) {
            if (s == r)
                continue;
            rows[r].rank += rows[s].map > rows[r].map;
            rows[r].rank_loo += rows[s].map > rows[r].map_loo;
        }
    }
    return rows;
}

void pool_bias_free(pool_bias **bp)
{
    pool_bias *b = *bp;
    if (b == NULL)
        return;
    free(b->docs);
    free(b->rels);
    free(b->grades);
    free(b->levels);
    free(b->uniq);
    free(b->rows);
    free(b->ntopics);
    metrics_set_free(&b->set);
    free(b);
    *bp = NULL;
}
