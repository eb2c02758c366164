/* run.c: the strict reader of TREC run files ("qid iter docno rank score tag"), topic by topic. */
/* SPDX-License-Identifier: MIT */
#include "formats.h"

#include <stdlib.h>
#include <string.h>

typedef struct run_topic {
    const char *qid;
    size_t qid_len;
    const char *tag;
    formats_run_doc *docs;
    size_t n, cap;
} run_topic;

typedef struct run_reader {
    const char *name;
    util_arena keep;           /* qids and tags, and in GROUP mode every docno */
    util_arena scratch;        /* docnos of the current topic in STREAM mode */
    run_topic *topics;
    size_t ntopics, cap;
    util_map qids;        /* qid -> topic */
    uint32_t *dedup;      /* per-topic docno set */
    size_t dedup_cap;
    formats_input *in;    /* for progress */
} run_reader;

static uint32_t reader_topic(run_reader *r, const char *qid, size_t len, int *created)
{
    uint64_t hash = util_hash(qid, len);
    long found = util_map_find_hash(&r->qids, qid, len, hash);
    *created = found < 0;
    if (found >= 0)
        return (uint32_t)found;
    util_grow(&r->topics, &r->cap, r->ntopics + 1, sizeof *r->topics);
    run_topic *t = &r->topics[r->ntopics];
    memset(t, 0, sizeof *t);
    t->qid = util_arena_copy(&r->keep, qid, len);
    t->qid_len = len;
    util_map_add_ref(&r->qids, t->qid, len, hash, NULL);
    return (uint32_t)r->ntopics++;
}

/* Fails on the first docno seen twice in the topic. */
static int reader_dedup(run_reader *r, const run_topic *t, util_error *err)
{
    /* 8 entries a document (few collisions) up to topics of 64 Ki documents, whose table
     * then takes 2 MiB; 2 a document beyond, so that a huge topic's is not 16 times it. */
    size_t cap = 16;
    while (cap < t->n * (t->n <= 65536 ? 8 : 2))
        cap *= 2;
    if (cap > r->dedup_cap) {
        free(r->dedup);
        r->dedup = util_malloc(cap * sizeof *r->dedup);
        r->dedup_cap = cap;
    }
    memset(r->dedup, 0, cap * sizeof *r->dedup);
    uint32_t mask = (uint32_t)cap - 1;
    for (size_t i = 0; i < t->n; i++) {
        const formats_run_doc *d = &t->docs[i];
        uint32_t h = (uint32_t)d->hash & mask;
        while (r->dedup[h] != 0) {
            const formats_run_doc *o = &t->docs[r->dedup[h] - 1];
            if (o->hash == d->hash && o->docno_len == d->docno_len &&
                memcmp(o->docno, d->docno, d->docno_len) == 0) {
                const formats_run_doc *a = o->line < d->line ? o : d;
                const formats_run_doc *b = o->line < d->line ? d : o;
                return util_error_set(
                    err, UTIL_EXIT_INPUT, r->name, (long)b->line,
                    "document '%s' retrieved twice for topic '%s' (first at line %u)", d->docno,
                    t->qid, a->line);
            }
            h = (h + 1) & mask;
        }
        r->dedup[h] = (uint32_t)i + 1;
    }
    return 0;
}

static int reader_emit(run_reader *r, run_topic *t, int stream, const char *next_qid,
                       formats_run_fn fn, void *ctx, util_error *err)
{
    if (reader_dedup(r, t, err) != 0)
        return -1;
    formats_run_topic pub = { t->qid, t->tag, t->docs, t->n, 0, 0, 0, NULL, next_qid };
    if (r->in != NULL) {
        pub.offset = formats_input_offset(r->in);
        pub.size = formats_input_size(r->in);
    }
    if (stream) {
        pub.docs_cap = t->cap;
        pub.strings = &r->scratch;
    }
    int rc = fn(ctx, &pub, err);
    if (stream) {
        /* What the callee gave in exchange, if anything: the reader's from now on. */
        t->docs = pub.docs;
        t->cap = pub.docs_cap;
    }
    return rc;
}

static int topic_cmp(const void *a, const void *b)
{
    const run_topic *x = a, *y = b;
    return strcmp(x->qid, y->qid);
}

static void reader_free(run_reader *r)
{
    for (size_t i = 0; i < r->ntopics; i++)
        free(r->topics[i].docs);
    free(r->topics);
    util_map_free(&r->qids);
    free(r->dedup);
    util_arena_free(&r->keep);
    util_arena_free(&r->scratch);
}

/* A CR followed by more text on the same line: a file with old Mac line ends (or mixed
 * ones), where the fields after the sixth, ignored as trec_eval does, would silently hide
 * whole results. A CR before the LF (CRLF) is taken off by the input already. */
static int bare_cr(const char *line, size_t len)
{
    const char *cr = memchr(line, '\r', len);
    if (cr == NULL)
        return 0;
    for (const char *p = cr; p < line + len; p++)
        if (*p != '\r' && *p != ' ' && *p != '\t')
            return 1;
    return 0;
}

static int run_read(const char *path, formats_input *in, enum formats_run_mode mode,
                    formats_run_fn fn, void *ctx, formats_run_info *info, util_error *err);

int formats_run_read(const char *path, enum formats_run_mode mode, formats_run_fn fn,
                     void *ctx, formats_run_info *info, util_error *err)
{
    memset(info, 0, sizeof *info);
    formats_input *in = formats_input_open(path, err);
    if (in == NULL)
        return -1;
    return run_read(path, in, mode, fn, ctx, info, err);
}

int formats_run_read_range(const char *path, enum formats_run_mode mode, uint64_t begin,
                           uint64_t end, formats_run_fn fn, void *ctx, formats_run_info *info,
                           util_error *err)
{
    memset(info, 0, sizeof *info);
    formats_input *in = formats_input_open_range(path, begin, end, err);
    if (in == NULL)
        return -1;
    return run_read(path, in, mode, fn, ctx, info, err);
}

/* The first field of the line at s (up to e), or NULL when the line is blank or a comment;
 * *len is its length. */
static const char *line_qid(const char *s, const char *e, size_t *len)
{
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    const char *q = s;
    while (s < e && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
        s++;
    *len = (size_t)(s - q);
    return *len == 0 || *q == '#' ? NULL : q;
}

/* The offset of the first result line at or after about near (within buf[0, n), read from
 * near) whose topic id differs from the one of the result line before it, comment and blank
 * lines between them aside (they stay with the topic before); 0 if none. */
static uint64_t run_boundary(const char *buf, size_t n, uint64_t near)
{
    const char *end = buf + n, *p = memchr(buf, '\n', n);
    const char *prev = NULL;
    size_t prev_len = 0;
    while (p != NULL && p + 1 < end) {
        const char *s = p + 1, *nl = memchr(s, '\n', (size_t)(end - s));
        if (nl == NULL)
            break;
        size_t len;
        const char *q = line_qid(s, nl, &len);
        if (q != NULL) {
            if (prev != NULL && (prev_len != len || memcmp(prev, q, len) != 0))
                return near + (uint64_t)(s - buf);
            prev = q;
            prev_len = len;
        }
        p = nl;
    }
    return 0;
}

size_t formats_run_cuts(const char *path, uint64_t size, size_t pieces, uint64_t *cuts)
{
    /* A window of 64 KiB holds the end of most topics (1,000 lines of 40 bytes); a longer
     * topic is looked past with one of 1 MiB. */
    enum { WINDOW = 1 << 16, WINDOW_LONG = 1 << 20 };
    cuts[0] = 0;
    size_t n = 0;
    util_error err = { 0, "" };
    formats_input *probe = formats_input_open_range(path, 0, 0, &err);
    FILE *fp = NULL;
    if (probe != NULL && formats_input_size(probe) == size)
        fp = fopen(path, "rb");
    formats_input_close(&probe);
    char *buf = fp != NULL ? util_malloc(WINDOW_LONG) : NULL;
    for (size_t k = 1; fp != NULL && k < pieces; k++) {
        uint64_t near = size / pieces * k;
        if (near < cuts[n])
            near = cuts[n];
        uint64_t cut = 0;
        for (size_t window = WINDOW; cut == 0 && window <= WINDOW_LONG; window *= 16) {
            size_t got = 0;
            if (fseeko(fp, (off_t)near, SEEK_SET) == 0)
                got = fread(buf, 1, window, fp);
            cut = run_boundary(buf, got, near);
            if (got < window)
                break;   /* the end of the file */
        }
        if (cut > cuts[n] && cut < size)
            cuts[++n] = cut;
    }
    free(buf);
    if (fp != NULL)
        fclose(fp);
    cuts[++n] = size;
    return n;
}

static int run_read(const char *path, formats_input *in, enum formats_run_mode mode,
                    formats_run_fn fn, void *ctx, formats_run_info *info, util_error *err)
{
    int any_bytes = (mode & FORMATS_ANY_BYTES) != 0;
    mode &= ~FORMATS_ANY_BYTES;
    run_reader r;
    memset(&r, 0, sizeof r);
    r.name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    r.in = in;
    int rc = 0;
    long cur = -1;          /* topic being filled in STREAM mode */
    formats_name cur_qid = { NULL, 0, 0 }, last_tag = { NULL, 0, 0 };
    char *line;
    size_t len;
    int got = 0;
    long lineno = 0;        /* counted here: the input counts the same, one per line */
    for (;;) {
        char *f[6];
        size_t fl[6];
        int nf = 6, cr = 0;
        if (!formats_input_fields(in, f, fl, 6)) {
            if ((got = formats_input_line(in, &line, &len, err)) != 1)
                break;
            /* Before the split, which ends fields in place. */
            cr = bare_cr(line, len);
            nf = formats_split(line, len, f, fl, 6);
        }
        lineno++;
        if (nf < 0) {
            rc = util_error_set(err, UTIL_EXIT_INPUT, r.name, lineno, "NUL byte in line");
            goto done;
        }
        if (nf == 0 || f[0][0] == '#')
            continue;
        if (cr) {
            rc = util_error_set(err, UTIL_EXIT_INPUT, r.name, lineno,
                                "carriage return inside the line (lines end with LF or CRLF)");
            goto done;
        }
        if (nf < 6) {
            /* Fields after the sixth are ignored, as trec_eval does ("reserved"). */
            rc = util_error_set(err, UTIL_EXIT_INPUT, r.name, lineno,
                                "expected 6 fields (qid iter docno rank score tag), found %d", nf);
            goto done;
        }
        double score;
        if (!util_parse_plain(f[4], fl[4], &score) && util_parse_double(f[4], fl[4], &score) != 0) {
            rc = util_error_set(err, UTIL_EXIT_INPUT, r.name, lineno,
                                "score '%s' is not a finite number", f[4]);
            goto done;
        }
        if (fl[2] > 0xffffffu || lineno > 0xffffffffL) {
            rc = util_error_set(err, UTIL_EXIT_INPUT, r.name, lineno, "docno or file too long");
            goto done;
        }
        /* Names reach the terminal and whitespace-separated files (util_name_problem); the
         * topic id and the tag are checked when they change, the docno on every line. */
        const char *why = any_bytes ? NULL : util_name_problem(f[2], fl[2]);
        if (why != NULL) {
            rc = util_error_set(err, UTIL_EXIT_INPUT, r.name, lineno, "docno %s", why);
            goto done;
        }
        /* Find the line's topic. */
        if (!formats_name_is(&cur_qid, f[0], fl[0])) {
            if (!any_bytes && (why = util_name_problem(f[0], fl[0])) != NULL) {
                rc = util_error_set(err, UTIL_EXIT_INPUT, r.name, lineno, "topic id %s", why);
                goto done;
            }
            int created;
            uint32_t t = reader_topic(&r, f[0], fl[0], &created);
            if (mode == FORMATS_RUN_STREAM) {
                if (!created) {
                    rc = FORMATS_RUN_UNGROUPED;
                    goto done;
                }
                if (cur >= 0) {
                    run_topic *done_t = &r.topics[cur];
                    if (reader_emit(&r, done_t, 1, r.topics[t].qid, fn, ctx, err) != 0) {
                        rc = -1;
                        goto done;
                    }
                    /* The next topic fills the same array: grown once, not per topic. */
                    r.topics[t].docs = done_t->docs;
                    r.topics[t].cap = done_t->cap;
                    done_t->docs = NULL;
                    done_t->n = done_t->cap = 0;
                    util_arena_reset(&r.scratch);
                }
            }
            cur = (long)t;
            formats_name_set(&cur_qid, r.topics[t].qid, r.topics[t].qid_len);
        }
        if (!formats_name_is(&last_tag, f[5], fl[5])) {
            if (!any_bytes && (why = util_name_problem(f[5], fl[5])) != NULL) {
                rc = util_error_set(err, UTIL_EXIT_INPUT, r.name, lineno, "run tag %s", why);
                goto done;
            }
            formats_name_set(&last_tag, util_arena_copy(&r.keep, f[5], fl[5]), fl[5]);
        }
        run_topic *t = &r.topics[cur];
        t->tag = last_tag.s;
        if (t->n == t->cap)
            util_grow(&t->docs, &t->cap, t->n + 1, sizeof *t->docs);
        formats_run_doc *d = &t->docs[t->n++];
        d->docno = util_arena_copy(mode == FORMATS_RUN_STREAM ? &r.scratch : &r.keep, f[2], fl[2]);
        d->docno_len = (uint32_t)fl[2];
        d->line = (uint32_t)lineno;
        d->score = score;
        d->hash = util_hash(f[2], fl[2]);
        info->nlines++;
    }
    if (got < 0) {
        rc = -1;
        goto done;
    }
    if (info->nlines == 0) {
        rc = util_error_set(err, UTIL_EXIT_INPUT, r.name, 0, "no results (empty run file)");
        goto done;
    }
    info->ntopics = r.ntopics;
    if (mode == FORMATS_RUN_STREAM) {
        if (reader_emit(&r, &r.topics[cur], 1, NULL, fn, ctx, err) != 0)
            rc = -1;
    } else {
        qsort(r.topics, r.ntopics, sizeof *r.topics, topic_cmp);
        for (size_t i = 0; i < r.ntopics && rc == 0; i++)
            if (reader_emit(&r, &r.topics[i], 0, NULL, fn, ctx, err) != 0)
                rc = -1;
    }
    if (rc == 0)
        info->tag = util_strndup(last_tag.s, last_tag.len);
done:
    formats_input_close(&in);
    reader_free(&r);
    return rc;
}

void formats_run_info_free(formats_run_info *info)
{
    util_free(&info->tag);
}
