/* qrels.c: the strict reader of TREC qrels ("qid iter docno rel"), indexed for lookup. */
/* SPDX-License-Identifier: MIT */
#include "formats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *qrels_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

/* Builds the topic's docno index; returns the first duplicate found, or NULL. */
static const formats_qrel *qrels_index_topic(formats_qrels_topic *t, const formats_qrel **first)
{
    size_t cap = 4;
    while (cap < t->n * 2)
        cap *= 2;
    /* 4-byte entries (2 KB for a topic of 200 judgments): the entry number takes the bits
     * it needs, a tag from the hash the rest. */
    uint32_t bits = 1;
    while (bits < 31 && ((size_t)1 << bits) <= t->n)
        bits++;
    if (((size_t)1 << bits) <= t->n)
        util_die("too many judgments for one topic (%zu)", t->n);
    t->index = util_calloc(cap, sizeof *t->index);
    t->index_mask = (uint32_t)(cap - 1);
    t->index_bits = bits;
    for (size_t i = 0; i < t->n; i++) {
        const formats_qrel *r = &t->qrels[i];
        /* The hash is not kept in the judgment (a million judgments would take 8 MB more):
         * the index keeps a tag from it, which is all a lookup compares before the docno. */
        uint64_t hash = util_hash(r->docno, r->docno_len);
        uint32_t tag = (uint32_t)(hash >> 32) >> bits;
        uint32_t h = (uint32_t)hash & t->index_mask;
        while (t->index[h] != 0) {
            const formats_qrel *o = &t->qrels[(t->index[h] & ((1u << bits) - 1)) - 1];
            if (t->index[h] >> bits == tag && o->docno_len == r->docno_len &&
                memcmp(o->docno, r->docno, r->docno_len) == 0) {
                *first = o;
                return r;
            }
            h = (h + 1) & t->index_mask;
        }
        t->index[h] = tag << bits | (uint32_t)(i + 1);
    }
    return NULL;
}

static int topic_cmp_qid(const void *a, const void *b)
{
    const formats_qrels_topic *x = a, *y = b;
    return strcmp(x->qid, y->qid);
}

/* The topic number of qid (in order of first appearance), a new one when it is new: the
 * qid is then copied into strings, which the map's key points to. */
static uint32_t qid_topic(util_map *map, util_arena *strings, const char *qid, size_t len)
{
    uint64_t hash = util_hash(qid, len);
    long t = util_map_find_hash(map, qid, len, hash);
    if (t >= 0)
        return (uint32_t)t;
    return (uint32_t)util_map_add_ref(map, util_arena_copy(strings, qid, len), len, hash, NULL);
}

/* Makes q's topics from the lines: groups them by topic (tix[i] is line i's topic),
 * keeping file order within a topic, with a counting sort applied in place by following
 * the permutation's cycles; q takes all. */
static void qrels_by_topic(formats_qrels *q, formats_qrel *all, uint32_t *tix, size_t nlines,
                           const util_map *map)
{
    q->ntopics = map->n;
    q->topics = util_calloc(map->n, sizeof *q->topics);
    for (size_t i = 0; i < nlines; i++)
        q->topics[tix[i]].n++;
    size_t off = 0;
    for (size_t t = 0; t < map->n; t++) {
        q->topics[t].qid = util_map_key_of(map, t);
        size_t n = q->topics[t].n;
        q->topics[t].n = off; /* next free slot, for now */
        off += n;
    }
    for (size_t i = 0; i < nlines; i++)
        tix[i] = (uint32_t)q->topics[tix[i]].n++;   /* tix[i] is now line i's destination */
    for (size_t i = 0; i < nlines; i++) {
        while (tix[i] != i) {
            size_t d = tix[i];
            formats_qrel tmp = all[d];
            all[d] = all[i];
            all[i] = tmp;
            uint32_t td = tix[d];
            tix[d] = (uint32_t)d;
            tix[i] = td;
        }
    }
    off = 0;
    for (size_t t = 0; t < map->n; t++) {
        size_t end_t = q->topics[t].n;
        q->topics[t].qrels = all + off;
        q->topics[t].n = end_t - off;
        off = end_t;
    }
    q->blocks[0] = all;
}

/* Orders a topic's judgments by group name, then by line (file order within a group). */
static int qrel_cmp_group(const void *a, const void *b)
{
    const formats_qrel *x = a, *y = b;
    int c = strcmp(x->iter, y->iter);
    if (c != 0)
        return c;
    return x->line < y->line ? -1 : x->line > y->line;
}

/* Splits a topic of judgment-group qrels into its groups and indexes each; returns -1
 * with err set at the first docno judged twice within a group. */
static int qrels_group_topic(formats_qrels_topic *t, const char *name, util_error *err)
{
    qsort(t->qrels, t->n, sizeof *t->qrels, qrel_cmp_group);
    size_t ng = 0;
    for (size_t i = 0; i < t->n; i++)
        if (i == 0 || strcmp(t->qrels[i].iter, t->qrels[i - 1].iter) != 0)
            ng++;
    t->groups = util_calloc(ng ? ng : 1, sizeof *t->groups);
    for (size_t i = 0; i < t->n; i++) {
        if (i == 0 || strcmp(t->qrels[i].iter, t->qrels[i - 1].iter) != 0) {
            formats_qrels_topic *g = &t->groups[t->ngroups++];
            g->qid = t->qid;
            g->group = t->qrels[i].iter;
            g->qrels = &t->qrels[i];
        }
        t->groups[t->ngroups - 1].n++;
    }
    for (size_t k = 0; k < t->ngroups; k++) {
        formats_qrels_topic *g = &t->groups[k];
        const formats_qrel *first = NULL;
        const formats_qrel *dup = qrels_index_topic(g, &first);
        if (dup != NULL)
            return util_error_set(err, UTIL_EXIT_INPUT, name, (long)dup->line,
                                  "duplicate judgment of document '%s' for topic '%s' in judgment "
                                  "group '%s' (first at line %u)",
                                  dup->docno, t->qid, g->group, first->line);
    }
    return 0;
}

/* What one reading of the file, or of one part of it, gathers. */
typedef struct qrels_part {
    const char *path;
    int flags;
    uint64_t begin, end;      /* the part's bytes (whole: 0, 0 and not ranged) */
    int ranged;
    formats_qrel *all;        /* in file order */
    uint32_t *tix;            /* each line's topic, in order of first appearance */
    size_t nlines, cap, tcap;
    util_map map;             /* qid -> topic; keys point into strings */
    util_arena strings;       /* the qids, groups and docnos */
    uint32_t *starts;         /* the first line of each stretch of lines of one topic */
    size_t nstarts, scap;
    int scattered;            /* a topic's lines are in more than one stretch */
    long lines;               /* lines read, comments and blank lines included */
    util_error err;
    int rc;                   /* 0, or -1 with err set */
} qrels_part;

/* Reads the part line by line (memory grows with the judgments kept, not with the file),
 * copying each name once into the arena: a topic id or group repeated on the lines that
 * follow is not copied again. Line numbers count from 1 at the part's start. */
static int qrels_part_read(qrels_part *p)
{
    int jg = (p->flags & FORMATS_QRELS_JG) != 0;
    int any_bytes = (p->flags & FORMATS_ANY_BYTES) != 0;
    const char *name = qrels_name(p->path);
    util_error *err = &p->err;
    formats_name last_qid = { NULL, 0, 0 }, last_iter = { NULL, 0, 0 };
    uint32_t last_t = 0;
    char *line;
    size_t line_len;
    int got = 0;
    formats_input *in = p->ranged ? formats_input_open_range(p->path, p->begin, p->end, err)
                                  : formats_input_open(p->path, err);
    if (in == NULL)
        return p->rc = -1;
    long lineno = 0;   /* counted here: the input counts the same, one per line */
    for (;;) {
        char *f[4];
        size_t fl[4];
        int nf = 4;
        if (!formats_input_fields(in, f, fl, 4)) {
            if ((got = formats_input_line(in, &line, &line_len, err)) != 1)
                break;
            nf = formats_split(line, line_len, f, fl, 4);
        }
        lineno++;
        if (nf < 0) {
            util_error_set(err, UTIL_EXIT_INPUT, name, lineno, "NUL byte in line");
            goto fail;
        }
        if (nf == 0 || f[0][0] == '#')
            continue;
        if (nf != 4) {
            util_error_set(err, UTIL_EXIT_INPUT, name, lineno,
                           "expected 4 fields (qid %s docno rel), found %s%d", jg ? "jg" : "iter",
                           nf > 4 ? "more than " : "", nf > 4 ? 4 : nf);
            goto fail;
        }
        long rel;
        if (util_parse_long(f[3], fl[3], &rel) != 0) {
            util_error_set(err, UTIL_EXIT_INPUT, name, lineno,
                           "relevance grade '%s' is not an integer", f[3]);
            goto fail;
        }
        if (rel < -1000000000L || rel > 1000000L) {
            util_error_set(err, UTIL_EXIT_INPUT, name, lineno,
                           "relevance grade %ld is out of range (-1000000000 to 1000000)", rel);
            goto fail;
        }
        if (lineno > 0xffffffffL) {
            util_error_set(err, UTIL_EXIT_INPUT, name, lineno, "file too long");
            goto fail;
        }
        /* Names reach the terminal and whitespace-separated files (util_name_problem). */
        const char *why = any_bytes ? NULL : util_name_problem(f[2], fl[2]);
        if (why != NULL) {
            util_error_set(err, UTIL_EXIT_INPUT, name, lineno, "docno %s", why);
            goto fail;
        }
        if (!formats_name_is(&last_qid, f[0], fl[0])) {
            if (!any_bytes && (why = util_name_problem(f[0], fl[0])) != NULL) {
                util_error_set(err, UTIL_EXIT_INPUT, name, lineno, "topic id %s", why);
                goto fail;
            }
            size_t known = p->map.n;
            last_t = qid_topic(&p->map, &p->strings, f[0], fl[0]);
            if (p->map.n == known)
                p->scattered = 1;
            util_grow(&p->starts, &p->scap, p->nstarts + 1, sizeof *p->starts);
            p->starts[p->nstarts++] = (uint32_t)p->nlines;
            formats_name_set(&last_qid, util_map_key_of(&p->map, last_t), fl[0]);
        }
        if (!formats_name_is(&last_iter, f[1], fl[1])) {
            if (!any_bytes && (why = util_name_problem(f[1], fl[1])) != NULL) {
                util_error_set(err, UTIL_EXIT_INPUT, name, lineno, "%s %s",
                               jg ? "judgment group" : "iteration column", why);
                goto fail;
            }
            formats_name_set(&last_iter, util_arena_copy(&p->strings, f[1], fl[1]), fl[1]);
        }
        if (p->nlines == p->cap)
            util_grow(&p->all, &p->cap, p->nlines + 1, sizeof *p->all);
        if (p->nlines == p->tcap)
            util_grow(&p->tix, &p->tcap, p->nlines + 1, sizeof *p->tix);
        p->tix[p->nlines] = last_t;
        formats_qrel *r = &p->all[p->nlines++];
        r->docno = util_arena_copy(&p->strings, f[2], fl[2]);
        r->iter = last_iter.s;
        r->docno_len = (uint32_t)fl[2];
        r->line = (uint32_t)lineno;
        r->rel = rel;
    }
    if (got < 0)
        goto fail;
    p->lines = formats_input_lineno(in);
    formats_input_close(&in);
    return p->rc = 0;
fail:
    formats_input_close(&in);
    return p->rc = -1;
}

static void *qrels_part_thread(void *vp)
{
    qrels_part_read(vp);
    return NULL;
}

static void qrels_part_free(qrels_part *p)
{
    free(p->all);
    free(p->tix);
    free(p->starts);
    util_map_free(&p->map);
    util_arena_free(&p->strings);
    memset(p, 0, sizeof *p);
}

/* A plain qrels file at least this large is read in two parts at once, cut at the line
 * end nearest its middle. */
#define QRELS_SPLIT_MIN ((uint64_t)4 << 20)

/* Where to cut the file for two parts: just after a line end at or past its middle; 0
 * when it is not a plain file large enough, or no line ends near the middle. */
static uint64_t qrels_cut(const char *path, int flags, uint64_t *size_out)
{
    enum { WINDOW = 1 << 16 };
    if ((flags & FORMATS_QRELS_ONE_THREAD) || strcmp(path, "-") == 0)
        return 0;
    util_error err = { 0, "" };
    formats_input *probe = formats_input_open_range(path, 0, 0, &err);
    if (probe == NULL)
        return 0;   /* not a plain regular file (or compressed) */
    uint64_t size = formats_input_size(probe);
    formats_input_close(&probe);
    *size_out = size;
    if (size < QRELS_SPLIT_MIN)
        return 0;
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        return 0;
    char buf[WINDOW];
    size_t n = 0;
    if (fseeko(fp, (off_t)(size / 2), SEEK_SET) == 0)
        n = fread(buf, 1, sizeof buf, fp);
    fclose(fp);
    const char *nl = memchr(buf, '\n', n);
    uint64_t cut = nl == NULL ? 0 : size / 2 + (uint64_t)(nl - buf) + 1;
    return cut < size ? cut : 0;
}

/* Appends part b to part a, as if one reading had read both: b's topics take a's
 * numbers, or the next new ones in b's order of first appearance; b's lines are numbered
 * on from a's; a takes b's names. Returns -1 (and changes nothing) when the line numbers
 * would not fit. */
static int qrels_part_join(qrels_part *a, qrels_part *b)
{
    if ((uint64_t)a->lines + (uint64_t)b->lines > 0xffffffffu)
        return -1;
    uint32_t *topic = util_malloc((b->map.n ? b->map.n : 1) * sizeof *topic);
    for (size_t t = 0; t < b->map.n; t++) {
        const util_map_key *k = &b->map.keys[t];
        topic[t] = (uint32_t)util_map_add_ref(&a->map, k->s, k->len, k->hash, NULL);
    }
    size_t n = a->nlines + b->nlines;
    util_grow(&a->all, &a->cap, n, sizeof *a->all);
    util_grow(&a->tix, &a->tcap, n, sizeof *a->tix);
    for (size_t i = 0; i < b->nlines; i++) {
        formats_qrel *r = &a->all[a->nlines + i];
        *r = b->all[i];
        r->line += (uint32_t)a->lines;
        a->tix[a->nlines + i] = topic[b->tix[i]];
    }
    free(topic);
    a->nlines = n;
    a->lines += b->lines;
    util_arena_take(&a->strings, &b->strings);
    qrels_part_free(b);
    return 0;
}

/* Whether the topics of two parts read at once can be made from the parts as they are,
 * without joining them: the file is not judgment-group qrels, each part lists a topic's
 * lines together, and the second part's topics are new but for its first, which may go
 * on with the first part's last. Sets *span when it does. */
static int qrels_parts_apart(const qrels_part *a, const qrels_part *b, int *span)
{
    if ((a->flags & FORMATS_QRELS_JG) || a->scattered || b->scattered || a->nlines == 0 ||
        b->nlines == 0 || (uint64_t)a->lines + (uint64_t)b->lines > 0xffffffffu)
        return 0;
    *span = 0;
    for (size_t t = 0; t < b->map.n; t++) {
        const util_map_key *k = &b->map.keys[t];
        long found = util_map_find_hash(&a->map, k->s, k->len, k->hash);
        if (found >= 0 && (t > 0 || (size_t)found != a->map.n - 1))
            return 0;
        if (found >= 0)
            *span = 1;
    }
    return 1;
}

/* Reads the whole file: in two parts on two threads when it is large, kept apart in
 * parts[0] and parts[1] when qrels_parts_apart allows (the second part's lines are still
 * numbered from 1 then), otherwise joined into parts[0]; or, when a part fails in any way
 * (a bad line, a line number too large), on this thread alone into parts[0], which finds
 * the same problem and reports it with its true line number. Returns the number of parts
 * (1 or 2, *span set for 2), or -1 with parts[0].err set. */
static int qrels_read_lines(qrels_part parts[2], const char *path, int flags, int *span)
{
    uint64_t size = 0, cut = qrels_cut(path, flags, &size);
    if (cut > 0) {
        qrels_part *a = &parts[0], *b = &parts[1];
        *a = (qrels_part){ .path = path, .flags = flags, .begin = 0, .end = cut, .ranged = 1 };
        *b = (qrels_part){ .path = path, .flags = flags, .begin = cut, .end = size, .ranged = 1 };
        util_both(qrels_part_thread, a, b);
        if (a->rc == 0 && b->rc == 0 && qrels_parts_apart(a, b, span))
            return 2;
        if (a->rc == 0 && b->rc == 0 && qrels_part_join(a, b) == 0)
            return 1;
        qrels_part_free(a);
        qrels_part_free(b);
    }
    parts[0] = (qrels_part){ .path = path, .flags = flags };
    return qrels_part_read(&parts[0]) == 0 ? 1 : -1;
}

/* Makes q's topics from two parts kept apart, in order of first appearance: each topic a
 * stretch of its part's lines, but a topic in both parts, whose lines are copied into one
 * array. q takes the parts' arrays. The second part's line numbers go on from the first
 * part's where they are copied; elsewhere qrels_index_all adds the first part's lines. */
static void qrels_topics_apart(formats_qrels *q, qrels_part *a, qrels_part *b, int span)
{
    q->ntopics = a->map.n + b->map.n - (size_t)span;
    q->topics = util_calloc(q->ntopics, sizeof *q->topics);
    size_t t = 0;
    for (int part = 0; part < 2; part++) {
        qrels_part *p = part == 0 ? a : b;
        for (size_t k = part == 1 ? (size_t)span : 0; k < p->map.n; k++, t++) {
            size_t end = k + 1 < p->nstarts ? p->starts[k + 1] : p->nlines;
            q->topics[t].qid = util_map_key_of(&p->map, k);
            q->topics[t].qrels = p->all + p->starts[k];
            q->topics[t].n = end - p->starts[k];
        }
    }
    if (span) {
        formats_qrels_topic *last = &q->topics[a->map.n - 1];
        size_t nb = b->nstarts > 1 ? b->starts[1] : b->nlines;
        formats_qrel *both = util_malloc((last->n + nb) * sizeof *both);
        memcpy(both, last->qrels, last->n * sizeof *both);
        for (size_t i = 0; i < nb; i++) {
            both[last->n + i] = b->all[i];
            both[last->n + i].line += (uint32_t)a->lines;
        }
        last->qrels = both;
        last->n += nb;
        q->blocks[2] = both;
    }
    q->blocks[0] = a->all;
    q->blocks[1] = b->all;
    a->all = b->all = NULL;
}

/* Indexes topics [from, to) of q: the first duplicate found, in topic order, or NULL. */
typedef struct qrels_span {
    formats_qrels *q;
    size_t from, to;
    const formats_qrel *dup, *first;
    size_t dup_topic;
    /* judgments whose line numbers still count from the second part's start */
    const formats_qrel *fix_begin, *fix_end;
    uint32_t fix_lines;
} qrels_span;

static void *qrels_index_span(void *vs)
{
    qrels_span *s = vs;
    for (size_t t = s->from; t < s->to && s->dup == NULL; t++) {
        formats_qrels_topic *qt = &s->q->topics[t];
        if ((uintptr_t)qt->qrels >= (uintptr_t)s->fix_begin &&
            (uintptr_t)qt->qrels < (uintptr_t)s->fix_end)
            for (size_t i = 0; i < qt->n; i++)
                qt->qrels[i].line += s->fix_lines;
        s->dup = qrels_index_topic(qt, &s->first);
        s->dup_topic = t;
    }
    return NULL;
}

/* Indexes every topic of ordinary qrels, the second half of the judgments on a thread
 * of its own when there are many, first adding fix->fix_lines to the line numbers of the
 * judgments from fix->fix_begin to fix->fix_end; returns -1 with err set at the first
 * duplicate (in topic order, as one thread would find it). */
static int qrels_index_all(formats_qrels *q, const char *name, int flags,
                           const qrels_span *fix, util_error *err)
{
    qrels_span s[2] = { *fix, *fix };
    s[0].q = s[1].q = q;
    s[0].from = 0;
    size_t half = (flags & FORMATS_QRELS_ONE_THREAD) ? q->ntopics : formats_qrels_half(q);
    s[0].to = s[1].from = half;
    s[1].to = q->ntopics;
    util_both(qrels_index_span, &s[0], half < q->ntopics ? &s[1] : NULL);
    const qrels_span *d = s[0].dup != NULL ? &s[0] : s[1].dup != NULL ? &s[1] : NULL;
    if (d == NULL)
        return 0;
    return util_error_set(err, UTIL_EXIT_INPUT, name, (long)d->dup->line,
                          "duplicate judgment of document '%s' for topic '%s' (first at line "
                          "%u)", d->dup->docno, q->topics[d->dup_topic].qid, d->first->line);
}

static formats_qrels *qrels_read(const char *path, int flags, util_error *err)
{
    int jg = (flags & FORMATS_QRELS_JG) != 0;
    const char *name = qrels_name(path);
    formats_qrels *q = NULL;
    qrels_part p[2];
    memset(p, 0, sizeof p);
    int span = 0;
    int np = qrels_read_lines(p, path, flags, &span);
    if (np < 0) {
        *err = p[0].err;
        goto fail;
    }
    size_t nlines = p[0].nlines + (np == 2 ? p[1].nlines : 0);
    if (nlines == 0) {
        util_error_set(err, UTIL_EXIT_INPUT, name, 0, "no judgments (empty qrels file)");
        goto fail;
    }
    q = util_calloc(1, sizeof *q);
    q->path = util_strdup(name);
    q->strings = util_malloc(sizeof *q->strings);
    *q->strings = p[0].strings;
    p[0].strings = (util_arena){ 0 };
    q->nlines = nlines;
    qrels_span fix = { 0 };
    if (np == 2) {
        util_arena_take(q->strings, &p[1].strings);
        fix.fix_begin = p[1].all;
        fix.fix_end = p[1].all + p[1].nlines;
        fix.fix_lines = (uint32_t)p[0].lines;
        qrels_topics_apart(q, &p[0], &p[1], span);
    } else {
        qrels_by_topic(q, p[0].all, p[0].tix, p[0].nlines, &p[0].map);
        p[0].all = NULL;
    }
    q->judgment_groups = jg;
    qsort(q->topics, q->ntopics, sizeof *q->topics, topic_cmp_qid);
    for (size_t t = 0; jg && t < q->ntopics; t++)
        if (qrels_group_topic(&q->topics[t], name, err) != 0)
            goto fail;
    if (!jg && qrels_index_all(q, name, flags, &fix, err) != 0)
        goto fail;
    qrels_part_free(&p[0]);
    qrels_part_free(&p[1]);
    return q;
fail:
    qrels_part_free(&p[0]);
    qrels_part_free(&p[1]);
    formats_qrels_free(&q);
    return NULL;
}

formats_qrels *formats_qrels_read(const char *path, util_error *err)
{
    return qrels_read(path, 0, err);
}

formats_qrels *formats_qrels_read_jg(const char *path, util_error *err)
{
    return qrels_read(path, FORMATS_QRELS_JG, err);
}

formats_qrels *formats_qrels_read_flags(const char *path, int flags, util_error *err)
{
    return qrels_read(path, flags, err);
}

/* Fewer judgments than this are indexed or counted faster than a thread starts. */
#define QRELS_HALVES_MIN 100000

size_t formats_qrels_half(const formats_qrels *q)
{
    if (q->nlines < QRELS_HALVES_MIN || q->ntopics < 2)
        return q->ntopics;
    size_t half = 0, k = 0;
    while (k < q->ntopics && half < q->nlines / 2)
        half += q->topics[k++].n;
    return k;
}

const formats_qrels_topic *formats_qrels_find(const formats_qrels *q, const char *qid)
{
    size_t lo = 0, hi = q->ntopics;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(q->topics[mid].qid, qid);
        if (c == 0)
            return &q->topics[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

void formats_qrels_prefetch(const formats_qrels_topic *t)
{
    /* A cache line at a time: the index, the judgments and their docnos (in the arena in
     * file order, so close together when the file lists a topic's lines together). */
    const char *p, *e;
    if (t->index != NULL) {
        p = (const char *)t->index;
        e = p + ((size_t)t->index_mask + 1) * sizeof *t->index;
        for (; p < e; p += 64)
            __builtin_prefetch(p);
    }
    p = (const char *)t->qrels;
    e = p + t->n * sizeof *t->qrels;
    for (; p < e; p += 64)
        __builtin_prefetch(p);
    if (t->n > 0) {
        const char *first = t->qrels[0].docno, *last = t->qrels[t->n - 1].docno;
        if (last >= first && (size_t)(last - first) <= ((size_t)64 << 10))
            for (p = first; p <= last; p += 64)
                __builtin_prefetch(p);
    }
}

void formats_qrels_free(formats_qrels **pq)
{
    formats_qrels *q = *pq;
    if (q == NULL)
        return;
    for (size_t i = 0; i < q->ntopics; i++) {
        free(q->topics[i].index);
        for (size_t k = 0; k < q->topics[i].ngroups; k++)
            free(q->topics[i].groups[k].index);
        free(q->topics[i].groups);
    }
    free(q->topics);
    for (size_t i = 0; i < sizeof q->blocks / sizeof q->blocks[0]; i++)
        free(q->blocks[i]);
    if (q->strings != NULL)
        util_arena_free(q->strings);
    free(q->strings);
    free(q->path);
    free(q);
    *pq = NULL;
}
