/* live.c: Move-to-Front and MaxMean: the next document to judge from the judgments so far. */
/* SPDX-License-Identifier: MIT */
#include "pool.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"

enum { UNJUDGED = -1, NOT_RELEVANT = 0, RELEVANT = 1 };

struct pool_live {
    pool_live_kind kind;
    size_t budget;
    util_map docs;              /* docno -> candidate (the map keeps the docnos) */
    signed char *state;         /* candidate -> UNJUDGED, NOT_RELEVANT, RELEVANT */
    size_t ndocs, njudged;
    size_t nruns;
    size_t *rstart;             /* run -> its first entry in rdocs; rstart[nruns] = end */
    uint32_t *rdocs;            /* each run's candidates in rank order */
    size_t *ptr;                /* run -> documents passed (all judged) */
    size_t *rel;                /* run -> relevant documents among those passed */
    long *prio;                 /* Move-to-Front: run priorities */
    long cur;                   /* Move-to-Front: the run being followed, or -1 */
    long last;                  /* the candidate proposed last, or -1 */
    long last_run;
};

pool_live *pool_live_new(pool_live_kind kind, const pool_run *runs, size_t nruns, size_t budget)
{
    pool_live *l = util_calloc(1, sizeof *l);
    l->kind = kind;
    l->budget = budget;
    l->nruns = nruns;
    size_t total = 0;
    for (size_t r = 0; r < nruns; r++)
        total += runs[r].n;
    l->rstart = util_calloc(nruns + 1, sizeof *l->rstart);
    l->rdocs = util_calloc(total + 1, sizeof *l->rdocs);
    l->ptr = util_calloc(nruns + 1, sizeof *l->ptr);
    l->rel = util_calloc(nruns + 1, sizeof *l->rel);
    l->prio = util_calloc(nruns + 1, sizeof *l->prio);
    size_t k = 0;
    for (size_t r = 0; r < nruns; r++) {
        l->rstart[r] = k;
        for (size_t i = 0; i < runs[r].n; i++) {
            const char *d = runs[r].docnos[i];
            l->rdocs[k++] = (uint32_t)util_map_add(&l->docs, d, strlen(d), NULL);
        }
    }
    l->rstart[nruns] = k;
    l->ndocs = l->docs.n;
    l->state = util_malloc(l->ndocs + 1);
    memset(l->state, UNJUDGED, l->ndocs + 1);
    l->cur = -1;
    l->last = -1;
    l->last_run = -1;
    return l;
}

/* Recounts the relevant documents each run has passed (after a judgment was revised). */
static void live_recount(pool_live *l)
{
    for (size_t r = 0; r < l->nruns; r++) {
        l->rel[r] = 0;
        for (size_t i = 0; i < l->ptr[r]; i++)
            l->rel[r] += l->state[l->rdocs[l->rstart[r] + i]] == RELEVANT;
    }
}

void pool_live_judged(pool_live *l, const char *docno, int relevant)
{
    long i = util_map_find(&l->docs, docno, strlen(docno));
    if (i < 0)
        return;
    signed char was = l->state[i];
    l->state[i] = relevant ? RELEVANT : NOT_RELEVANT;
    if (was == UNJUDGED)
        l->njudged++;
    else if (was != l->state[i])
        live_recount(l);
}

/* Moves run r past its judged documents; returns 1 when it has an unjudged one left. */
static int live_advance(pool_live *l, size_t r)
{
    size_t n = l->rstart[r + 1] - l->rstart[r];
    const uint32_t *d = l->rdocs + l->rstart[r];
    while (l->ptr[r] < n && l->state[d[l->ptr[r]]] != UNJUDGED) {
        l->rel[r] += l->state[d[l->ptr[r]]] == RELEVANT;
        l->ptr[r]++;
    }
    return l->ptr[r] < n;
}

static const char *live_propose(pool_live *l, size_t r)
{
    l->last = l->rdocs[l->rstart[r] + l->ptr[r]];
    l->last_run = (long)r;
    return util_map_key_of(&l->docs, (size_t)l->last);
}

const char *pool_live_next(pool_live *l)
{
    if (l->budget != 0 && l->njudged >= l->budget)
        return NULL;
    if (l->kind == POOL_LIVE_MTF) {
        if (l->last >= 0) {
            if (l->state[l->last] == UNJUDGED)
                return util_map_key_of(&l->docs, (size_t)l->last);
            /* A relevant document keeps the run in front; a non-relevant one lowers its
             * priority and hands over to the run of highest priority. */
            if (l->state[l->last] == NOT_RELEVANT && l->last_run == l->cur) {
                l->prio[l->cur]--;
                l->cur = -1;
            }
            l->last = -1;
        }
        if (l->cur >= 0 && !live_advance(l, (size_t)l->cur))
            l->cur = -1;
        if (l->cur < 0) {
            for (size_t r = 0; r < l->nruns; r++)
                if (live_advance(l, r) && (l->cur < 0 || l->prio[r] > l->prio[l->cur]))
                    l->cur = (long)r;
            if (l->cur < 0)
                return NULL;
        }
        return live_propose(l, (size_t)l->cur);
    }
    /* MaxMean: the run whose estimated precision (1 + relevant) / (2 + judged) over the
     * documents it has passed is highest; compared exactly in integers. */
    long best = -1;
    for (size_t r = 0; r < l->nruns; r++) {
        if (!live_advance(l, r))
            continue;
        if (best < 0 || (uint64_t)(1 + l->rel[r]) * (2 + l->ptr[best]) >
                            (uint64_t)(1 + l->rel[best]) * (2 + l->ptr[r]))
            best = (long)r;
    }
    if (best < 0)
        return NULL;
    return live_propose(l, (size_t)best);
}

size_t pool_live_candidates(const pool_live *l)
{
    return l->ndocs;
}

size_t pool_live_judged_count(const pool_live *l)
{
    return l->njudged;
}

void pool_live_free(pool_live **lp)
{
    pool_live *l = *lp;
    if (l == NULL)
        return;
    util_map_free(&l->docs);
    free(l->state);
    free(l->rstart);
    free(l->rdocs);
    free(l->ptr);
    free(l->rel);
    free(l->prio);
    free(l);
    *lp = NULL;
}
