/* eval.c: the eval pipeline: a run read and measured on two threads at once. */
/* SPDX-License-Identifier: MIT */
#include "eval/eval.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/util.h"

/* Per qrels topic: what the measures need besides the ranking. */
typedef struct eval_topic {
    const char *qid;
    const formats_qrels_topic *qt;
    /* preference judgments (-R prefs, qrels_prefs): the topic's lines */
    metrics_pref *prefs;
    size_t nprefs;
    long *levels;
    metrics_topic base;       /* rel_levels, num_rel_levels, num_rel */
    /* judgment-group qrels: the same for each group (base.groups points here) */
    long **group_levels;
    metrics_topic *group_base;
} eval_topic;

/* A retrieved document's lookup key, kept in rank order for the second and later groups. */
typedef struct eval_key {
    size_t len;
    uint64_t hash;
} eval_key;

#define EVAL_SLOTS 16
#define EVAL_WORKERS 2        /* measuring threads: the measures of -m all_trec take about as
                               * long as reading */

struct eval_judge {
    const formats_qrels *qrels;
    const metrics_set *set;
    const metrics_params *params;
    const formats_zscores *zscores;   /* -Z, or NULL */
    const formats_prefs *prefs;       /* -R prefs or qrels_prefs, or NULL */
    eval_topic *topics;
    size_t ntopics, nvalues;
    long num_rel_all;         /* judgments with grade > 0 in the whole qrels (num_rel under -c) */
    /* per run */
    double *values;           /* ntopics x nvalues */
    char **strings;           /* ntopics x nstrings: the values that are strings */
    size_t nstrings;
    size_t *string_col;       /* nvalues: value i's column in strings (SIZE_MAX if none) */
    size_t *string_value;     /* nstrings: the value of each column */
    char **spare;             /* nvalues: the strings of a topic measured on this thread */
    unsigned char *done;
    /* scratch of the reading thread (judgment-group qrels) */
    metrics_doc *docs;
    size_t docs_cap;
    eval_key *keys;
    size_t keys_cap;
    /* the pipeline: the reading threads hand each topic over in a slot, taken in turn,
     * and the measuring threads rank it and compute the measures */
    struct eval_slot *slots;
    size_t head;              /* slots handed to readers so far */
    size_t taken;             /* slots taken by the measuring threads so far */
    size_t busy;              /* slots not free */
    int closing;
    pthread_mutex_t lock;
    pthread_cond_t filled;    /* a slot was filled: for the measuring threads */
    pthread_cond_t freed;     /* slots were freed: for the reading threads */
    int workers_waiting, readers_waiting;
    pthread_t workers[EVAL_WORKERS];
    int nworkers;
    int seen_twice;           /* a topic handed over twice (the parts of a run overlap) */
    util_map unjudged;        /* the topics of a run read in pieces that the qrels lack */
    /* the run last scored (eval_file) */
    formats_run_info info;
    const char **qids;
    double *summary;
};

typedef struct eval_judge eval_ctx;

enum { SLOT_FREE, SLOT_FILLING, SLOT_READY, SLOT_MEASURING };

/* One ranked topic on its way to the measures. */
typedef struct eval_slot {
    int state;                /* SLOT_FREE, ... */
    size_t topic;
    metrics_topic t;
    long *rels;
    size_t rels_cap;
    metrics_topic *groups;    /* judgment-group qrels: t.groups points here */
    size_t groups_cap;
    /* Plain qrels: the run's documents, copied, ranked by the worker thread (which has
     * spare time) rather than by the reading thread. */
    int to_rank;
    const formats_qrels_topic *qt;
    formats_run_doc *rdocs;
    size_t rdocs_cap, nrdocs;
    util_arena strings;       /* their docnos, taken from the reader in exchange */
    char *text;               /* or copied here (a run read whole) */
    size_t text_cap;
    metrics_doc *mdocs;
    size_t mdocs_cap;
    char **spare;             /* nvalues: the strings of the topic measured */
} eval_slot;

static long eval_grade(const formats_qrel *j);

static void eval_slot_free(eval_slot *sl)
{
    free(sl->rels);
    free(sl->groups);
    free(sl->rdocs);
    util_arena_free(&sl->strings);
    free(sl->text);
    free(sl->mdocs);
    free(sl->spare);
}

/* Looks up the grades of a slot's documents and ranks them (on the worker thread). */
static void eval_slot_rank(eval_ctx *c, eval_slot *sl)
{
    util_grow(&sl->mdocs, &sl->mdocs_cap, sl->nrdocs, sizeof *sl->mdocs);
    util_grow(&sl->rels, &sl->rels_cap, sl->nrdocs, sizeof *sl->rels);
    for (size_t i = 0; i < sl->nrdocs; i++) {
        const formats_run_doc *d = &sl->rdocs[i];
        sl->mdocs[i].score = d->score;
        sl->mdocs[i].docno = d->docno;
        sl->mdocs[i].rel = eval_grade(formats_qrels_lookup(sl->qt, d->docno, d->docno_len,
                                                           d->hash));
    }
    sl->t = c->topics[sl->topic].base;
    metrics_rank(sl->mdocs, sl->nrdocs, c->params, sl->rels, &sl->t);
    sl->to_rank = 0;
}

/* Computes topic ti's values from t (as a topic the run lacks, when missing). The measures
 * write a whole row of strings, mostly nulls: *spare (nvalues, made once per thread) takes
 * it, and only the strings are moved from it into the topic's own. */
static void eval_compute(eval_ctx *c, size_t ti, const metrics_topic *t, int missing,
                         char ***spare)
{
    if (*spare == NULL)
        *spare = util_calloc(c->nvalues ? c->nvalues : 1, sizeof **spare);
    char **row = *spare;
    double *values = c->values + ti * c->nvalues;
    if (missing)
        metrics_set_compute_missing(c->set, c->params, t, values, row);
    else
        metrics_set_compute(c->set, c->params, t, values, row);
    for (size_t k = 0; k < c->nstrings; k++) {
        char **dst = &c->strings[ti * c->nstrings + k];
        free(*dst);
        *dst = row[c->string_value[k]];
        row[c->string_value[k]] = NULL;
    }
}

/* Ranks a filled slot's topic when it is not ranked yet, and computes its measures. */
static void eval_slot_measure(eval_ctx *c, eval_slot *sl)
{
    if (sl->to_rank)
        eval_slot_rank(c, sl);
    eval_compute(c, sl->topic, &sl->t, 0, &sl->spare);
}

static void *eval_worker(void *vctx)
{
    eval_ctx *c = vctx;
    pthread_mutex_lock(&c->lock);
    for (;;) {
        while ((c->taken == c->head || c->slots[c->taken % EVAL_SLOTS].state != SLOT_READY) &&
               !c->closing) {
            c->workers_waiting++;
            pthread_cond_wait(&c->filled, &c->lock);
            c->workers_waiting--;
        }
        if (c->taken == c->head)
            break;
        eval_slot *sl = &c->slots[c->taken++ % EVAL_SLOTS];
        sl->state = SLOT_MEASURING;
        /* The next topic's judgments, read long ago, come into the cache meanwhile; and
         * when it is ready too, another measuring thread may take it. */
        const eval_slot *next = &c->slots[c->taken % EVAL_SLOTS];
        const formats_qrels_topic *next_qt = NULL;
        if (c->taken != c->head && next->state == SLOT_READY) {
            next_qt = next->to_rank ? next->qt : NULL;
            if (c->workers_waiting)
                pthread_cond_signal(&c->filled);
        }
        pthread_mutex_unlock(&c->lock);
        if (next_qt != NULL)
            formats_qrels_prefetch(next_qt);
        eval_slot_measure(c, sl);
        pthread_mutex_lock(&c->lock);
        sl->state = SLOT_FREE;
        c->busy--;
        /* Readers waiting for a slot are woken when half the queue is free, not at every
         * slot: each wake-up is a switch of threads. */
        if (c->readers_waiting && c->busy <= EVAL_SLOTS / 2)
            pthread_cond_broadcast(&c->freed);
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

static void eval_pipeline_start(eval_ctx *c)
{
    c->head = c->taken = c->busy = 0;
    c->closing = 0;
    c->nworkers = 0;
    for (int i = 0; i < EVAL_WORKERS; i++) {
        if (pthread_create(&c->workers[c->nworkers], NULL, eval_worker, c) == 0)
            c->nworkers++;
        else if (c->nworkers == 0)
            util_die("cannot start a thread");
    }
}

static void eval_pipeline_stop(eval_ctx *c)
{
    pthread_mutex_lock(&c->lock);
    c->closing = 1;
    pthread_cond_broadcast(&c->filled);
    pthread_mutex_unlock(&c->lock);
    for (int i = 0; i < c->nworkers; i++)
        pthread_join(c->workers[i], NULL);
}

static long eval_grade(const formats_qrel *j)
{
    return j == NULL ? METRICS_NONPOOL : j->rel < 0 ? METRICS_UNJUDGED : j->rel;
}

/* Ranks a topic of judgment-group qrels once per group. The ranking is the same for every
 * group (only the grades differ), so after the first group the documents are already in
 * rank order and each further metrics_rank only checks it. */
static void eval_rank_groups(eval_ctx *c, const eval_topic *et, const formats_run_topic *rt,
                             eval_slot *sl)
{
    const formats_qrels_topic *qt = et->qt;
    size_t n = rt->ndocs, ng = qt->ngroups;
    util_grow(&sl->rels, &sl->rels_cap, n * ng + 1, sizeof *sl->rels);
    util_grow(&sl->groups, &sl->groups_cap, ng + 1, sizeof *sl->groups);
    util_grow(&c->keys, &c->keys_cap, n + 1, sizeof *c->keys);
    util_grow(&c->docs, &c->docs_cap, n + 1, sizeof *c->docs);
    for (size_t g = 0; g < ng; g++) {
        const formats_qrels_topic *gt = &qt->groups[g];
        for (size_t i = 0; i < n; i++) {
            if (g == 0) {
                const formats_run_doc *d = &rt->docs[i];
                c->docs[i].score = d->score;
                c->docs[i].docno = d->docno;
                c->docs[i].rel = eval_grade(formats_qrels_lookup(gt, d->docno, d->docno_len,
                                                                 d->hash));
            } else {
                c->docs[i].rel = eval_grade(formats_qrels_lookup(gt, c->docs[i].docno,
                                                                 c->keys[i].len,
                                                                 c->keys[i].hash));
            }
        }
        sl->groups[g] = et->group_base[g];
        metrics_rank(c->docs, n, c->params, sl->rels + g * n, &sl->groups[g]);
        if (g == 0 && ng > 1) {
            for (size_t i = 0; i < n; i++) {
                c->keys[i].len = strlen(c->docs[i].docno);
                c->keys[i].hash = util_hash(c->docs[i].docno, c->keys[i].len);
            }
        }
    }
    sl->t = et->base;
    sl->t.groups = sl->groups;
}

/* Marks the run's topic qid (qrels topic qt, or NULL when the qrels lack it) as read;
 * returns -1 with err set when it was read already, which happens only when two pieces of
 * a run read at once share a topic. The run is then read again whole, where its lines are
 * checked together (a docno twice, even in a topic eval ignores, whatever the file's size),
 * and two slots of one topic are never measured at once. The caller holds the lock. */
static int eval_topic_claim(eval_ctx *c, const formats_qrels_topic *qt, const char *qid,
                            util_error *err)
{
    int again;
    if (qt == NULL) {
        int added;
        util_map_add(&c->unjudged, qid, strlen(qid), &added);
        again = !added;
    } else {
        size_t ti = (size_t)(qt - c->qrels->topics);
        again = c->done[ti];
        c->done[ti] = 1;
    }
    if (!again)
        return 0;
    c->seen_twice = 1;
    util_error_set(err, UTIL_EXIT_INPUT, NULL, 0, "topic '%s' in two pieces", qid);
    return -1;
}

/* Puts the reader's topic rt (qrels topic ti) into slot sl, ready to be measured. */
static void eval_slot_fill(eval_ctx *c, eval_slot *sl, size_t ti, const formats_qrels_topic *qt,
                           formats_run_topic *rt)
{
    sl->topic = ti;
    if (c->qrels->judgment_groups) {
        eval_rank_groups(c, &c->topics[ti], rt, sl);
    } else if (rt->strings != NULL) {
        /* Take the documents and their docnos, giving the slot's old storage in exchange:
         * the worker looks their grades up and ranks them. */
        formats_run_doc *docs = sl->rdocs;
        size_t cap = sl->rdocs_cap;
        sl->rdocs = rt->docs;
        sl->rdocs_cap = rt->docs_cap;
        rt->docs = docs;
        rt->docs_cap = cap;
        util_arena strings = sl->strings;
        sl->strings = *rt->strings;
        *rt->strings = strings;
        sl->nrdocs = rt->ndocs;
        sl->qt = qt;
        sl->to_rank = 1;
    } else {
        /* Copy the documents; the worker looks their grades up and ranks them. */
        size_t bytes = 0;
        for (size_t i = 0; i < rt->ndocs; i++)
            bytes += rt->docs[i].docno_len + 1;
        util_grow(&sl->rdocs, &sl->rdocs_cap, rt->ndocs, sizeof *sl->rdocs);
        util_grow(&sl->text, &sl->text_cap, bytes, 1);
        char *p = sl->text;
        for (size_t i = 0; i < rt->ndocs; i++) {
            sl->rdocs[i] = rt->docs[i];
            memcpy(p, rt->docs[i].docno, rt->docs[i].docno_len + 1);
            sl->rdocs[i].docno = p;
            p += rt->docs[i].docno_len + 1;
        }
        sl->nrdocs = rt->ndocs;
        sl->qt = qt;
        sl->to_rank = 1;
    }
}

/* A topic read: handed over in a free slot to the measuring threads. */
static int eval_topic_cb(void *vctx, formats_run_topic *rt, util_error *err)
{
    eval_ctx *c = vctx;
    const formats_qrels_topic *qt = formats_qrels_find(c->qrels, rt->qid);
    if (qt == NULL)
        return 0; /* trec_eval ignores topics that have no judgments */
    size_t ti = (size_t)(qt - c->qrels->topics);
    /* Take a free slot. */
    pthread_mutex_lock(&c->lock);
    if (eval_topic_claim(c, qt, rt->qid, err) != 0) {
        pthread_mutex_unlock(&c->lock);
        return -1;
    }
    while (c->slots[c->head % EVAL_SLOTS].state != SLOT_FREE) {
        c->readers_waiting++;
        pthread_cond_wait(&c->freed, &c->lock);
        c->readers_waiting--;
    }
    eval_slot *sl = &c->slots[c->head++ % EVAL_SLOTS];
    sl->state = SLOT_FILLING;
    c->busy++;
    pthread_mutex_unlock(&c->lock);
    eval_slot_fill(c, sl, ti, qt, rt);
    pthread_mutex_lock(&c->lock);
    sl->state = SLOT_READY;
    /* The same for the measuring threads: woken when a few topics wait (or at the end). */
    if (c->workers_waiting && c->head - c->taken >= EVAL_SLOTS / 4)
        pthread_cond_signal(&c->filled);
    pthread_mutex_unlock(&c->lock);
    return 0;
}

/* Scores one topic of a run against preference judgments (no pipeline: the counting
 * dominates). ndocs may be 0 (a topic missing from the run, under -c). */
static int eval_prefs_topic(eval_ctx *c, size_t ti, const formats_run_doc *docs, size_t ndocs,
                            util_error *err)
{
    eval_topic *et = &c->topics[ti];
    util_grow(&c->docs, &c->docs_cap, ndocs + 1, sizeof *c->docs);
    for (size_t i = 0; i < ndocs; i++) {
        c->docs[i].score = docs[i].score;
        c->docs[i].docno = docs[i].docno;
        c->docs[i].rel = 0;
    }
    metrics_prefs counts;
    util_error bad = { 0, "" };
    if (metrics_prefs_count(et->prefs, et->nprefs, c->docs, ndocs, c->params, &counts, &bad) != 0)
        return util_error_set(err, bad.code, c->prefs->path, 0, "topic '%s': %s", et->qid,
                              bad.msg);
    metrics_topic t;
    memset(&t, 0, sizeof t);
    t.prefs = &counts;
    eval_compute(c, ti, &t, 0, &c->spare);
    metrics_prefs_free(&counts);
    c->done[ti] = 1;
    return 0;
}

static int eval_prefs_topic_cb(void *vctx, formats_run_topic *rt, util_error *err)
{
    eval_ctx *c = vctx;
    const formats_prefs_topic *pt = formats_prefs_find(c->prefs, rt->qid);
    if (pt == NULL)
        return 0; /* trec_eval ignores topics that have no judgments */
    return eval_prefs_topic(c, (size_t)(pt - c->prefs->topics), rt->docs, rt->ndocs, err);
}

/* Reads a run against preference judgments: 0, FORMATS_RUN_UNGROUPED or -1. */
static int eval_read_prefs(eval_ctx *c, const char *path, enum formats_run_mode mode,
                           formats_run_info *info, util_error *err)
{
    return formats_run_read(path, mode | FORMATS_ANY_BYTES, eval_prefs_topic_cb, c, info, err);
}

static void eval_reset(eval_ctx *c)
{
    memset(c->done, 0, c->ntopics);
    c->seen_twice = 0;
    util_map_clear(&c->unjudged);
}

/* A run file at least this large is read in pieces on two threads at once, when it can be
 * cut between two topics; a piece is about EVAL_PIECE bytes, small enough that the thread
 * that ends first waits little for the other, even when another program slows one down. */
#define EVAL_SPLIT_MIN ((uint64_t)16 << 20)
#define EVAL_PIECE ((uint64_t)4 << 20)
#define EVAL_PIECES_MAX 4096

/* The pieces of a run, taken in turn by the reading threads (under the eval's lock). */
typedef struct eval_pieces {
    const char *path;
    uint64_t *cuts;           /* piece i is the bytes [cuts[i], cuts[i + 1]) */
    size_t n;
    size_t next;              /* the next piece to take; n once a piece failed */
} eval_pieces;

typedef struct eval_part {
    eval_ctx *c;
    eval_pieces *pieces;
    size_t nlines, ntopics;   /* of the pieces this thread read */
    char *tag;                /* the last piece's run tag, if this thread read it */
    util_error err;
    int rc;
    eval_slot slot;           /* the topic being measured */
} eval_part;

/* A topic of a piece read: measured on the thread that read it, where its documents are
 * still in the cache (no hand-over, no waiting). */
static int eval_part_topic_cb(void *vp, formats_run_topic *rt, util_error *err)
{
    eval_part *p = vp;
    eval_ctx *c = p->c;
    const formats_qrels_topic *qt = formats_qrels_find(c->qrels, rt->qid);
    pthread_mutex_lock(&c->lock);
    int rc = eval_topic_claim(c, qt, rt->qid, err);
    pthread_mutex_unlock(&c->lock);
    if (rc != 0 || qt == NULL)
        return rc; /* trec_eval ignores topics that have no judgments */
    size_t ti = (size_t)(qt - c->qrels->topics);
    eval_slot_fill(c, &p->slot, ti, qt, rt);
    eval_slot_measure(c, &p->slot);
    /* The next topic's judgments, read long before, come into the cache while its lines
     * are read. */
    const formats_qrels_topic *next = rt->next_qid != NULL
                                          ? formats_qrels_find(c->qrels, rt->next_qid) : NULL;
    if (next != NULL)
        formats_qrels_prefetch(next);
    return 0;
}

/* A reading thread: takes the next piece until none is left or one failed. */
static void *eval_part_read(void *vp)
{
    eval_part *p = vp;
    eval_ctx *c = p->c;
    eval_pieces *ps = p->pieces;
    for (;;) {
        pthread_mutex_lock(&c->lock);
        size_t i = ps->next < ps->n ? ps->next++ : ps->n;
        pthread_mutex_unlock(&c->lock);
        if (i == ps->n)
            break;
        formats_run_info info;
        p->rc = formats_run_read_range(ps->path, FORMATS_RUN_STREAM | FORMATS_ANY_BYTES,
                                       ps->cuts[i], ps->cuts[i + 1], eval_part_topic_cb, p,
                                       &info, &p->err);
        if (p->rc != 0) {
            pthread_mutex_lock(&c->lock);
            ps->next = ps->n;   /* the others stop: the run is read again whole */
            pthread_mutex_unlock(&c->lock);
            break;
        }
        p->nlines += info.nlines;
        p->ntopics += info.ntopics;
        if (i == ps->n - 1) {
            /* trec_eval reports the tag of the file's last line: the last piece's. */
            p->tag = info.tag;
            info.tag = NULL;
        }
        formats_run_info_free(&info);
    }
    return NULL;
}

/* Reads the run in pieces on two threads, each measuring the topics it reads. Returns 0
 * when every piece was read and no topic was in two; otherwise -1, and the caller reads the
 * whole file again the ordinary way, which finds the same problem and reports it with its
 * true line number. */
static int eval_read_pieces(eval_ctx *c, const char *path, uint64_t size,
                            formats_run_info *info)
{
    size_t want = (size_t)(size / EVAL_PIECE);
    if (want < 2)
        want = 2;
    if (want > EVAL_PIECES_MAX)
        want = EVAL_PIECES_MAX;
    uint64_t *cuts = util_malloc((want + 1) * sizeof *cuts);
    eval_pieces ps = { path, cuts, formats_run_cuts(path, size, want, cuts), 0 };
    if (ps.n < 2) {
        free(cuts);
        return -1;
    }
    eval_part a = { .c = c, .pieces = &ps, .err = { 0, "" } };
    eval_part b = { .c = c, .pieces = &ps, .err = { 0, "" } };
    util_both(eval_part_read, &a, &b);
    eval_slot_free(&a.slot);
    eval_slot_free(&b.slot);
    int ok = a.rc == 0 && b.rc == 0 && !c->seen_twice;
    if (ok) {
        info->nlines = a.nlines + b.nlines;
        info->ntopics = a.ntopics + b.ntopics;
        info->tag = a.tag != NULL ? a.tag : b.tag;
    } else {
        free(a.tag);
        free(b.tag);
    }
    free(cuts);
    return ok ? 0 : -1;
}

/* trec_eval's value for a topic or measure that the z-score file has no reference for. */
#define EVAL_Z_MISSING (-1000000.0)

/* -Z: every topic's values become z-scores, (value - mean) / stddev, before the summary is
 * computed from them as usual (so num_q, and num_rel under -c, stay counts). As in
 * trec_eval, a value with no reference in the file becomes -1000000, and with a standard
 * deviation of 0 it becomes 0 when it equals the mean and -1000000 otherwise. */
static void eval_zscores(eval_ctx *c)
{
    for (size_t q = 0; q < c->ntopics; q++) {
        const char *qid = c->topics[q].qid;
        double *row = c->values + q * c->nvalues;
        for (size_t i = 0; i < c->nvalues; i++) {
            const formats_zscore *z = formats_zscores_find(c->zscores, qid,
                                                           metrics_set_name(c->set, i));
            if (z == NULL)
                row[i] = EVAL_Z_MISSING;
            else if (z->stddev != 0.0)
                row[i] = (row[i] - z->mean) / z->stddev;
            else
                row[i] = row[i] == z->mean ? 0.0 : EVAL_Z_MISSING;
        }
    }
}

int eval_file(eval_judge *c, const char *path, report_run *out, util_error *err)
{
    formats_run_info_free(&c->info);
    formats_run_info *info = &c->info;
    eval_reset(c);
    /* A run whose topics are interleaved is read a second time; standard input, a pipe
     * (eval QRELS <(cmd)) or a device cannot be: those are kept whole at once. */
    struct stat st;
    enum formats_run_mode mode = strcmp(path, "-") != 0 && stat(path, &st) == 0 &&
                                 S_ISREG(st.st_mode)
                                     ? FORMATS_RUN_STREAM : FORMATS_RUN_GROUP;
    int rc;
    if (c->prefs == NULL && !c->qrels->judgment_groups && mode == FORMATS_RUN_STREAM &&
        (uint64_t)st.st_size >= EVAL_SPLIT_MIN &&
        eval_read_pieces(c, path, (uint64_t)st.st_size, info) == 0) {
        rc = 0;
    } else if (c->prefs != NULL) {
        rc = eval_read_prefs(c, path, mode, info, err);
    } else {
        eval_reset(c);
        eval_pipeline_start(c);
        rc = formats_run_read(path, mode | FORMATS_ANY_BYTES, eval_topic_cb, c, info, err);
        eval_pipeline_stop(c);
    }
    if (rc == FORMATS_RUN_UNGROUPED) {
        /* The topics' lines are interleaved: read again, keeping the whole run. */
        formats_run_info_free(info);
        eval_reset(c);
        if (c->prefs != NULL) {
            rc = eval_read_prefs(c, path, FORMATS_RUN_GROUP, info, err);
        } else {
            eval_pipeline_start(c);
            rc = formats_run_read(path, FORMATS_RUN_GROUP | FORMATS_ANY_BYTES, eval_topic_cb, c,
                                  info, err);
            eval_pipeline_stop(c);
        }
    }
    if (rc != 0) {
        if (err->code == 0)
            err->code = UTIL_EXIT_INPUT;
        return -1;
    }
    const char **qids = c->qids;
    for (size_t i = 0; i < c->ntopics; i++) {
        qids[i] = c->topics[i].qid;
        if (c->done[i])
            continue;
        if (!c->params->average_complete) {
            return util_error_set(err, UTIL_EXIT_DATA, path, 0, "topic '%s' is in the qrels "
                                  "but not in the run (use -c to score it as retrieving "
                                  "nothing)", qids[i]);
        }
        if (c->prefs != NULL) {
            /* Nothing retrieved: every preference is one that does not occur. */
            if (eval_prefs_topic(c, i, NULL, 0, err) != 0)
                return -1;
            continue;
        }
        eval_compute(c, i, &c->topics[i].base, 1, &c->spare);
    }
    if (c->zscores != NULL)
        eval_zscores(c);
    metrics_set_summarize(c->set, c->params, c->values, c->ntopics, c->num_rel_all, c->summary);
    *out = (report_run){ info->tag,    qids,          c->ntopics, c->values,
                         c->strings,   c->summary,    c->string_col, c->nstrings };
    return 0;
}


/* Topics [from, to) of the qrels: their grade counts (the qrels' part of each topic's
 * metrics_topic), and the judgments with a grade above 0 among them. */
typedef struct eval_levels_span {
    eval_ctx *c;
    size_t from, to;
    long num_rel;
} eval_levels_span;

static void *eval_levels(void *vs)
{
    eval_levels_span *sp = vs;
    eval_ctx *c = sp->c;
    const formats_qrels *qrels = c->qrels;
    long *grades = NULL;
    size_t grades_cap = 0;
    for (size_t i = sp->from; i < sp->to; i++) {
        const formats_qrels_topic *qt = &qrels->topics[i];
        eval_topic *et = &c->topics[i];
        et->qt = qt;
        et->qid = qt->qid;
        /* Ordinary qrels: the topic itself; judgment-group qrels: each of its groups. */
        size_t ng = qrels->judgment_groups ? qt->ngroups : 0;
        if (ng > 0) {
            et->group_levels = util_calloc(ng, sizeof *et->group_levels);
            et->group_base = util_calloc(ng, sizeof *et->group_base);
            et->base.groups = et->group_base;
            et->base.ngroups = (long)ng;
        }
        for (size_t g = 0; g < (ng > 0 ? ng : 1); g++) {
            const formats_qrels_topic *jt = ng > 0 ? &qt->groups[g] : qt;
            util_grow(&grades, &grades_cap, jt->n + 1, sizeof *grades);
            for (size_t k = 0; k < jt->n; k++) {
                grades[k] = jt->qrels[k].rel;
                sp->num_rel += grades[k] > 0; /* the groups of a topic share no line */
            }
            size_t nl = metrics_levels_size(grades, jt->n);
            long *levels = util_calloc(nl ? nl : 1, sizeof *levels);
            if (ng > 0) {
                et->group_levels[g] = levels;
                metrics_levels(grades, jt->n, c->params, levels, &et->group_base[g]);
            } else {
                et->levels = levels;
                metrics_levels(grades, jt->n, c->params, levels, &et->base);
            }
        }
    }
    free(grades);
    return NULL;
}

/* Every topic's grade counts, half of them on a second thread when the qrels are large. */
static void eval_levels_all(eval_ctx *c)
{
    size_t half = formats_qrels_half(c->qrels);
    eval_levels_span sp[2] = { { c, 0, half, 0 }, { c, half, c->ntopics, 0 } };
    util_both(eval_levels, &sp[0], half < c->ntopics ? &sp[1] : NULL);
    c->num_rel_all = sp[0].num_rel + sp[1].num_rel;
}

eval_judge *eval_new(const formats_qrels *qrels, const formats_prefs *prefs,
                     const formats_zscores *zscores, const metrics_set *set,
                     const metrics_params *params)
{
    eval_ctx *c = util_calloc(1, sizeof *c);
    c->qrels = qrels;
    c->prefs = prefs;
    c->zscores = zscores;
    c->set = set;
    c->params = params;
    c->ntopics = prefs != NULL ? prefs->ntopics : qrels->ntopics;
    c->nvalues = metrics_set_size(set);
    c->topics = util_calloc(c->ntopics ? c->ntopics : 1, sizeof *c->topics);
    for (size_t i = 0; prefs != NULL && i < c->ntopics; i++) {
        const formats_prefs_topic *pt = &prefs->topics[i];
        eval_topic *et = &c->topics[i];
        et->qid = pt->qid;
        et->nprefs = pt->n;
        et->prefs = util_malloc((pt->n ? pt->n : 1) * sizeof *et->prefs);
        for (size_t k = 0; k < pt->n; k++) {
            et->prefs[k].jg = pt->prefs[k].jg;
            et->prefs[k].jsg = pt->prefs[k].jsg;
            et->prefs[k].docno = pt->prefs[k].docno;
            et->prefs[k].level = pt->prefs[k].level;
        }
    }
    if (qrels != NULL)
        eval_levels_all(c);
    size_t cells = c->ntopics * (c->nvalues ? c->nvalues : 1);
    c->values = util_calloc(cells, sizeof *c->values);
    c->string_col = util_calloc(c->nvalues ? c->nvalues : 1, sizeof *c->string_col);
    c->string_value = util_calloc(c->nvalues ? c->nvalues : 1, sizeof *c->string_value);
    for (size_t i = 0; i < c->nvalues; i++) {
        c->string_col[i] = SIZE_MAX;
        if (metrics_set_kind(set, i) == METRICS_STRING) {
            c->string_col[i] = c->nstrings;
            c->string_value[c->nstrings++] = i;
        }
    }
    c->strings = util_calloc(c->ntopics * c->nstrings + 1, sizeof *c->strings);
    c->done = util_calloc(c->ntopics ? c->ntopics : 1, 1);
    c->slots = util_calloc(EVAL_SLOTS, sizeof *c->slots);
    c->qids = util_calloc(c->ntopics ? c->ntopics : 1, sizeof *c->qids);
    c->summary = util_calloc(c->nvalues ? c->nvalues : 1, sizeof *c->summary);
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->filled, NULL);
    pthread_cond_init(&c->freed, NULL);
    return c;
}

void eval_free(eval_judge **ep)
{
    eval_ctx *c = *ep;
    if (c == NULL)
        return;
    for (size_t i = 0; i < c->ntopics; i++) {
        eval_topic *et = &c->topics[i];
        free(et->levels);
        free(et->prefs);
        for (long g = 0; et->group_levels != NULL && g < et->base.ngroups; g++)
            free(et->group_levels[g]);
        free(et->group_levels);
        free(et->group_base);
    }
    for (size_t i = 0; i < c->ntopics * c->nstrings; i++)
        free(c->strings[i]);
    free(c->topics);
    free(c->values);
    free(c->strings);
    free(c->string_col);
    free(c->string_value);
    free(c->spare);
    free(c->done);
    free(c->docs);
    free(c->keys);
    for (size_t i = 0; i < EVAL_SLOTS; i++)
        eval_slot_free(&c->slots[i]);
    free(c->slots);
    free(c->qids);
    free(c->summary);
    formats_run_info_free(&c->info);
    util_map_free(&c->unjudged);
    pthread_mutex_destroy(&c->lock);
    pthread_cond_destroy(&c->filled);
    pthread_cond_destroy(&c->freed);
    free(c);
    *ep = NULL;
}
