/* pool.c: a topic's pool from the runs' rankings (depth-k, Take@N), its order and statistics. */
/* SPDX-License-Identifier: MIT */
#include "pool.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/* ---- trec_eval's order (UTIL_DOC_BEFORE) ---- */

static inline int scored_before(const pool_scored *a, const pool_scored *b)
{
    return UTIL_DOC_BEFORE(a, b);
}

static int scored_cmp(const void *a, const void *b)
{
    const pool_scored *x = a, *y = b;
    return UTIL_DOC_CMP(x, y);
}

size_t pool_rank(pool_scored *docs, size_t n, size_t k)
{
    if (k == 0 || k > n)
        k = n;
    /* Runs are nearly always written in rank order, with a few ties out of docno order:
     * count the descents; an insertion sort costs little when they are few. */
    size_t descents = 0;
    for (size_t i = 1; i < n; i++)
        if (scored_before(&docs[i], &docs[i - 1]))
            descents++;
    if (descents == 0)
        return k;
    if (descents <= n / 32 + 4) {
        /* ... unless the few descents are far from home: then the general sort. */
        size_t moves = 0, limit = 16 * n + 64;
        for (size_t i = 1; i < n && moves <= limit; i++) {
            pool_scored x = docs[i];
            size_t j = i;
            while (j > 0 && scored_before(&x, &docs[j - 1])) {
                docs[j] = docs[j - 1];
                j--;
            }
            docs[j] = x;
            moves += i - j;
        }
        if (moves <= limit)
            return k;
    }
    qsort(docs, n, sizeof *docs, scored_cmp);
    return k;
}

/* ---- names ---- */

static const util_enum_name strategy_names[] = {
    { "depth", POOL_DEPTH }, { "rrf", POOL_RRF }, { "rbp", POOL_RBP_SUM },
    { "rbp-max", POOL_RBP_MAX }, { "borda", POOL_BORDA }, { "mtf", POOL_MTF },
    { "maxmean", POOL_MAXMEAN }, { "cal", POOL_CAL }, { NULL, 0 }
};
static const util_enum_name order_names[] = {
    { "docno", POOL_ORDER_DOCNO }, { "shuffle", POOL_ORDER_SHUFFLE },
    { "priority", POOL_ORDER_PRIORITY }, { NULL, 0 }
};

void pool_params_init(pool_params *p)
{
    memset(p, 0, sizeof *p);
    p->strategy = POOL_DEPTH;
    p->depth = 100;
    p->rbp_p = 0.8;
    p->order = POOL_ORDER_DOCNO;
}

const char *pool_strategy_name(pool_strategy s)
{
    return util_enum_name_of(strategy_names, (int)s);
}

int pool_strategy_parse(const char *name, pool_strategy *s)
{
    int v;
    if (util_enum_parse(strategy_names, name, &v) != 0)
        return -1;
    *s = (pool_strategy)v;
    return 0;
}

const char *pool_order_name(pool_order o)
{
    return util_enum_name_of(order_names, (int)o);
}

int pool_order_parse(const char *name, pool_order *o)
{
    int v;
    if (util_enum_parse(order_names, name, &v) != 0)
        return -1;
    *o = (pool_order)v;
    return 0;
}

int pool_strategy_is_live(pool_strategy s)
{
    return s == POOL_MTF || s == POOL_MAXMEAN || s == POOL_CAL;
}

/* ---- a topic's pool ---- */

/* Weights are summed in fixed point (2^-50 units) so that the sum, and so the pool, does
 * not depend on the order in which the runs come: floating-point addition is not
 * associative. 2^64 / 2^50 leaves room for 16384 runs of weight up to 1. */
#define FIXED_ONE 0x1p50

typedef struct entry {
    const char *docno;
    uint64_t weight;     /* RRF/RBP sum or max in fixed point; Borda: sum of ranks */
    uint32_t count;      /* runs that retrieved it within the depth */
    uint32_t best;       /* best rank (1-based) */
} entry;

typedef struct contrib {
    uint32_t run, entry, rank;
} contrib;

/* A document of a run waiting to be counted (its docno copied into the topic's strings). */
typedef struct pending {
    const char *docno;
    uint32_t run, rank;
} pending;

#define PENDING_MAX (1u << 22)

struct pool_topic {
    pool_params p;
    size_t depth;               /* candidate depth, 0: all */
    char *qid;
    util_arena strings;         /* the docnos of the runs added */
    entry *e;
    size_t n, cap;
    util_map docs;              /* docno -> entry */
    contrib *c;
    size_t nc, capc;
    pending *pending;
    size_t npending, cappending;
    size_t maxlen;              /* longest ranking added (within the depth) */
    int finished;
    /* after pool_topic_finish */
    uint32_t *order;            /* pooled entries in presentation order */
    size_t size;
    uint32_t *place;            /* entry -> its place in the strategy's order */
    double *prio;               /* entry -> priority */
    uint32_t *cstart;           /* entry -> first of its contributors in cruns (CSR) */
    uint32_t *cruns;
};

pool_topic *pool_topic_new(const pool_params *p, const char *qid, size_t depth)
{
    pool_topic *t = util_calloc(1, sizeof *t);
    t->p = *p;
    t->depth = depth != 0 ? depth : p->depth;
    t->qid = util_strdup(qid != NULL ? qid : "");
    return t;
}

/* The entry of docno, created when absent (docno is copied when copy is set; otherwise it
 * must live as long as t). */
static uint32_t topic_entry(pool_topic *t, const char *docno, int copy)
{
    size_t len = strlen(docno);
    uint64_t hash = util_hash(docno, len);
    long found = util_map_find_hash(&t->docs, docno, len, hash);
    if (found >= 0)
        return (uint32_t)found;
    if (copy)
        docno = util_arena_copy(&t->strings, docno, len);
    util_map_add_ref(&t->docs, docno, len, hash, NULL);
    util_grow(&t->e, &t->cap, t->n + 1, sizeof *t->e);
    entry *e = &t->e[t->n];
    e->docno = docno;
    e->weight = 0;
    e->count = 0;
    e->best = UINT32_MAX;
    return (uint32_t)t->n++;
}

static uint64_t fixed(double w)
{
    return (uint64_t)(w * FIXED_ONE + 0.5);
}

/* Counts the pending documents into the table. Deferring this to one pass per topic keeps
 * the topic's table in the cache while it is used, rather than visiting every topic's table
 * once per run (runs come one file at a time, each with every topic). */
static void topic_flush(pool_topic *t)
{
    double p = t->p.rbp_p;
    util_grow(&t->c, &t->capc, t->nc + t->npending + 1, sizeof *t->c);
    for (size_t i = 0; i < t->npending; i++) {
        const pending *q = &t->pending[i];
        uint32_t k = topic_entry(t, q->docno, 0);
        entry *e = &t->e[k];
        uint32_t rank = q->rank;
        e->count++;
        if (rank < e->best)
            e->best = rank;
        switch (t->p.strategy) {
        case POOL_RRF:
            e->weight += fixed(1.0 / (60.0 + rank));
            break;
        case POOL_RBP_SUM:
            e->weight += fixed((1.0 - p) * pow(p, (double)(rank - 1)));
            break;
        case POOL_RBP_MAX: {
            uint64_t w = fixed((1.0 - p) * pow(p, (double)(rank - 1)));
            if (w > e->weight)
                e->weight = w;
            break;
        }
        case POOL_BORDA:
            e->weight += rank;
            break;
        default:
            break;
        }
        t->c[t->nc++] = (contrib){ q->run, k, rank };
    }
    t->npending = 0;
}

void pool_topic_add(pool_topic *t, uint32_t run, const pool_run *r)
{
    size_t n = r->n;
    if (t->depth != 0 && n > t->depth)
        n = t->depth;
    if (n > t->maxlen)
        t->maxlen = n;
    if (t->npending + n > PENDING_MAX)
        topic_flush(t);
    util_grow(&t->pending, &t->cappending, t->npending + n + 1, sizeof *t->pending);
    for (size_t i = 0; i < n; i++) {
        const char *d = r->docnos[i];
        t->pending[t->npending++] =
            (pending){ util_arena_copy(&t->strings, d, strlen(d)), run, (uint32_t)i + 1 };
    }
}

/* The strategy's order as one sort key (higher first) per entry. */
typedef struct keyed {
    uint64_t key;
    uint32_t count;
    uint32_t entry;
    const char *docno;
} keyed;

static int keyed_cmp(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    if (x->key != y->key)
        return x->key > y->key ? -1 : 1;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return strcmp(x->docno, y->docno);
}

static int contrib_by_entry(const void *a, const void *b)
{
    const contrib *x = a, *y = b;
    if (x->entry != y->entry)
        return x->entry < y->entry ? -1 : 1;
    return x->run < y->run ? -1 : x->run > y->run ? 1 : 0;
}

static int contrib_by_run(const void *a, const void *b)
{
    const contrib *x = a, *y = b;
    if (x->run != y->run)
        return x->run < y->run ? -1 : 1;
    return x->rank < y->rank ? -1 : x->rank > y->rank ? 1 : 0;
}

typedef struct named {
    const char *docno;
    uint32_t entry;
} named;

static int named_cmp(const void *a, const void *b)
{
    return strcmp(((const named *)a)->docno, ((const named *)b)->docno);
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The live strategies' initial order: what they would propose if every document were
 * judged not relevant. Fills key[] with n - position. */
static void live_initial(pool_topic *t, keyed *k)
{
    if (t->nc > 0)
        qsort(t->c, t->nc, sizeof *t->c, contrib_by_run);
    pool_run *runs = util_calloc(t->nc + 1, sizeof *runs);
    const char **docnos = util_calloc(t->nc + 1, sizeof *docnos);
    size_t nruns = 0;
    for (size_t i = 0; i < t->nc;) {
        size_t j = i;
        while (j < t->nc && t->c[j].run == t->c[i].run) {
            docnos[j] = t->e[t->c[j].entry].docno;
            j++;
        }
        runs[nruns++] = (pool_run){ "", j - i, docnos + i };
        i = j;
    }
    pool_live *l = pool_live_new(t->p.strategy == POOL_MTF ? POOL_LIVE_MTF : POOL_LIVE_MAXMEAN,
                                 runs, nruns, 0);
    const char *d;
    uint64_t pos = 0;
    while ((d = pool_live_next(l)) != NULL) {
        uint32_t e = topic_entry(t, d, 1);
        k[e].key = (uint64_t)t->n - pos++;
        pool_live_judged(l, d, 0);
    }
    pool_live_free(&l);
    free(runs);
    free(docnos);
}

void pool_topic_finish(pool_topic *t)
{
    if (t->finished)
        return;
    t->finished = 1;
    topic_flush(t);
    free(t->pending);
    t->pending = NULL;
    t->cappending = 0;
    size_t n = t->n;
    keyed *k = util_calloc(n + 1, sizeof *k);
    t->prio = util_calloc(n + 1, sizeof *t->prio);
    uint64_t d1 = (uint64_t)(t->depth != 0 ? t->depth : t->maxlen) + 1;
    for (size_t i = 0; i < n; i++) {
        const entry *e = &t->e[i];
        k[i].count = e->count;
        k[i].entry = (uint32_t)i;
        k[i].docno = e->docno;
        switch (t->p.strategy) {
        case POOL_DEPTH:
            k[i].key = (uint64_t)(UINT32_MAX - e->best);
            t->prio[i] = -(double)e->best;
            break;
        case POOL_RRF:
        case POOL_RBP_SUM:
        case POOL_RBP_MAX:
            k[i].key = e->weight;
            t->prio[i] = (double)e->weight / FIXED_ONE;
            break;
        case POOL_BORDA:
            k[i].key = e->count * d1 - e->weight;
            t->prio[i] = (double)k[i].key;
            break;
        default:
            break;
        }
    }
    if (t->p.strategy == POOL_MTF || t->p.strategy == POOL_MAXMEAN) {
        live_initial(t, k);
        for (size_t i = 0; i < n; i++)
            t->prio[i] = -(double)(n - k[i].key);
    }
    qsort(k, n, sizeof *k, keyed_cmp);
    t->place = util_calloc(n + 1, sizeof *t->place);
    for (size_t i = 0; i < n; i++)
        t->place[k[i].entry] = (uint32_t)i;
    t->size = n;
    if (t->p.budget != 0 && !pool_strategy_is_live(t->p.strategy) &&
        t->p.strategy != POOL_DEPTH && t->size > t->p.budget)
        t->size = t->p.budget;
    /* CAL's documents come from the whole collection as they are judged: none from runs */
    if (t->p.strategy == POOL_CAL)
        t->size = 0;
    t->order = util_calloc(t->size + 1, sizeof *t->order);
    for (size_t i = 0; i < t->size; i++)
        t->order[i] = k[i].entry;
    free(k);
    if (t->p.order != POOL_ORDER_PRIORITY) {
        named *nm = util_calloc(t->size + 1, sizeof *nm);
        for (size_t i = 0; i < t->size; i++)
            nm[i] = (named){ t->e[t->order[i]].docno, t->order[i] };
        qsort(nm, t->size, sizeof *nm, named_cmp);
        for (size_t i = 0; i < t->size; i++)
            t->order[i] = nm[i].entry;
        free(nm);
        if (t->p.order == POOL_ORDER_SHUFFLE) {
            uint64_t s = t->p.seed ^ util_hash(t->qid, strlen(t->qid));
            for (size_t i = t->size; i > 1; i--) {
                size_t j = (size_t)(splitmix(&s) % i);
                uint32_t x = t->order[i - 1];
                t->order[i - 1] = t->order[j];
                t->order[j] = x;
            }
        }
    }
    /* Contributors of the pooled entries, by entry then run. */
    if (t->nc > 0)
        qsort(t->c, t->nc, sizeof *t->c, contrib_by_entry);
    t->cstart = util_calloc(n + 2, sizeof *t->cstart);
    t->cruns = util_calloc(t->nc + 1, sizeof *t->cruns);
    for (size_t i = 0; i < t->nc; i++) {
        t->cruns[i] = t->c[i].run;
        t->cstart[t->c[i].entry + 1]++;
    }
    for (size_t i = 0; i < n; i++)
        t->cstart[i + 1] += t->cstart[i];
}

size_t pool_topic_size(const pool_topic *t)
{
    return t->size;
}

const char *pool_topic_docno(const pool_topic *t, size_t i)
{
    return t->e[t->order[i]].docno;
}

double pool_topic_priority(const pool_topic *t, size_t i)
{
    return t->prio[t->order[i]];
}

size_t pool_topic_rank(const pool_topic *t, size_t i)
{
    return t->place[t->order[i]];
}

size_t pool_topic_contributors(const pool_topic *t, size_t i, const uint32_t **runs)
{
    uint32_t e = t->order[i];
    *runs = t->cruns + t->cstart[e];
    return t->cstart[e + 1] - t->cstart[e];
}

void pool_topic_free(pool_topic **tp)
{
    pool_topic *t = *tp;
    if (t == NULL)
        return;
    util_arena_free(&t->strings);
    util_map_free(&t->docs);
    free(t->qid);
    free(t->e);
    free(t->c);
    free(t->pending);
    free(t->order);
    free(t->place);
    free(t->prio);
    free(t->cstart);
    free(t->cruns);
    free(t);
    *tp = NULL;
}

void pool_topic_stats(const pool_topic *t, size_t nruns, pool_run_stats *stats,
                      uint64_t *overlap)
{
    memset(stats, 0, nruns * sizeof *stats);
    for (size_t i = 0; i < t->size; i++) {
        const uint32_t *runs;
        size_t m = pool_topic_contributors(t, i, &runs);
        for (size_t a = 0; a < m; a++) {
            if (runs[a] >= nruns)
                continue;
            stats[runs[a]].contributed++;
            if (m == 1)
                stats[runs[a]].unique++;
            if (overlap != NULL)
                for (size_t b = 0; b < m; b++)
                    if (runs[b] < nruns)
                        overlap[(size_t)runs[a] * nruns + runs[b]]++;
        }
    }
}
