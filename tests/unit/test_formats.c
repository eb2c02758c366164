/* test_formats.c: unit tests of the run, qrels and z-score readers, good and bad input. */
/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "formats/formats.h"

static char dir[] = "/tmp/tj-test-formats-XXXXXX";

static const char *write_file(const char *name, const char *text, size_t len)
{
    static char path[4][256];
    static int k;
    char *p = path[k++ % 4];
    snprintf(p, 256, "%s/%s", dir, name);
    FILE *fp = fopen(p, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(text, 1, len, fp), len);
    fclose(fp);
    return p;
}

#define WRITE(name, text) write_file(name, text, sizeof(text) - 1)

static void test_qrels_good(void **state)
{
    (void)state;
    const char *p = WRITE("good.qrels", "# a comment\n302 0 d2 1\r\n301\t0\td9\t2\n\n301 4.5 d1 "
                                        "-1\n  # indented comment\n301 0 d3 0");
    util_error err = { 0, "" };
    formats_qrels *q = formats_qrels_read(p, &err);
    assert_non_null(q);
    assert_int_equal(q->ntopics, 2);
    assert_int_equal(q->nlines, 4);
    assert_string_equal(q->topics[0].qid, "301");
    assert_int_equal(q->topics[0].n, 3);
    const formats_qrels_topic *t = formats_qrels_find(q, "301");
    assert_ptr_equal(t, &q->topics[0]);
    assert_null(formats_qrels_find(q, "303"));
    const formats_qrel *r = formats_qrels_lookup(t, "d1", 2, util_hash("d1", 2));
    assert_non_null(r);
    assert_int_equal(r->rel, -1);
    assert_int_equal(r->line, 5);
    assert_null(formats_qrels_lookup(t, "d2", 2, util_hash("d2", 2)));
    t = formats_qrels_find(q, "302");
    assert_non_null(formats_qrels_lookup(t, "d2", 2, util_hash("d2", 2)));
    formats_qrels_free(&q);
    assert_null(q);
}

static void expect_qrels_error(const char *name, const char *text, size_t len, const char *want)
{
    const char *p = write_file(name, text, len);
    util_error err = { 0, "" };
    formats_qrels *q = formats_qrels_read(p, &err);
    if (q != NULL)
        fail_msg("%s: accepted", name);
    assert_int_equal(err.code, UTIL_EXIT_INPUT);
    if (strstr(err.msg, want) == NULL)
        fail_msg("%s: message '%s' lacks '%s'", name, err.msg, want);
    if (strstr(err.msg, name) == NULL)
        fail_msg("%s: message '%s' does not name the file", name, err.msg);
}

#define QBAD(name, text, want) expect_qrels_error(name, text, sizeof(text) - 1, want)

static void test_qrels_bad(void **state)
{
    (void)state;
    QBAD("cols3.qrels", "301 0 d1 1\n301 0 d2\n", ":2: expected 4 fields");
    QBAD("cols5.qrels", "301 0 d1 1 extra\n", ":1: expected 4 fields");
    QBAD("grade.qrels", "301 0 d1 1\n301 0 d2 x\n", ":2: relevance grade 'x'");
    QBAD("gradef.qrels", "301 0 d1 1.5\n", ":1: relevance grade '1.5'");
    QBAD("huge.qrels", "301 0 d1 99999999\n", ":1: relevance grade 99999999 is out of range");
    QBAD("dup.qrels", "301 0 d1 1\n302 0 d1 1\n301 0 d1 0\n",
         ":3: duplicate judgment of document 'd1' for topic '301' (first at line 1)");
    QBAD("empty.qrels", "", "empty qrels");
    QBAD("comments.qrels", "# only\n\n", "empty qrels");
    QBAD("nul.qrels", "301 0 d\0001 1\n", ":1: NUL byte");
    util_error err = { 0, "" };
    assert_null(formats_qrels_read("/nonexistent/file.qrels", &err));
    assert_non_null(strstr(err.msg, "/nonexistent/file.qrels: cannot open"));
    assert_null(formats_qrels_read(dir, &err));
    assert_non_null(strstr(err.msg, "is a directory"));
}

/* A qrels file of over 4 MiB: its lines as text, with comments, blank lines and CRLF; the
 * topics spread over the whole file (so that both parts of a two-part reading hold most
 * topics), or each topic's lines together (grouped: one topic in both parts). */
static char *big_qrels(size_t *len, int jg, int grouped)
{
    size_t cap = 6u << 20, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    for (long i = 0; n + 64 < cap - (1u << 20) || n < (5u << 20); i++) {
        if (i % 9973 == 0)
            n += (size_t)snprintf(text + n, cap - n, "# comment %ld\n\n", i);
        n += (size_t)snprintf(text + n, cap - n, "T%ld %s D%07ld %ld%s",
                              grouped ? i / 5003 : i % 97,
                              jg ? (i % 3 ? "u1" : "u2") : "0", grouped ? i : i / 2, i % 4 - 1,
                              i % 101 == 0 ? "\r\n" : "\n");
        assert_true(n < cap);
    }
    *len = n;
    return text;
}

/* Both readings agree on everything: topics, judgments in order, lines, groups, lookups. */
static void assert_same_qrels(const formats_qrels *a, const formats_qrels *b)
{
    assert_int_equal(a->ntopics, b->ntopics);
    assert_int_equal(a->nlines, b->nlines);
    for (size_t t = 0; t < a->ntopics; t++) {
        const formats_qrels_topic *x = &a->topics[t], *y = &b->topics[t];
        assert_string_equal(x->qid, y->qid);
        assert_int_equal(x->n, y->n);
        assert_int_equal(x->ngroups, y->ngroups);
        for (size_t k = 0; k < x->n; k++) {
            assert_string_equal(x->qrels[k].docno, y->qrels[k].docno);
            assert_string_equal(x->qrels[k].iter, y->qrels[k].iter);
            assert_int_equal(x->qrels[k].line, y->qrels[k].line);
            assert_int_equal(x->qrels[k].rel, y->qrels[k].rel);
            const formats_qrels_topic *g = x->ngroups > 0 ? &x->groups[0] : x;
            const char *d = x->qrels[k].docno;
            const formats_qrel *r = formats_qrels_lookup(g, d, strlen(d), util_hash(d, strlen(d)));
            if (x->ngroups == 0)
                assert_ptr_equal(r, &x->qrels[k]);
        }
        for (size_t k = 0; k < x->ngroups; k++) {
            assert_string_equal(x->groups[k].group, y->groups[k].group);
            assert_int_equal(x->groups[k].n, y->groups[k].n);
        }
    }
}

static void expect_big_error(const char *name, const char *text, size_t len, const char *want)
{
    const char *p = write_file(name, text, len);
    util_error one = { 0, "" }, two = { 0, "" };
    assert_null(formats_qrels_read_flags(p, FORMATS_QRELS_ONE_THREAD, &one));
    assert_null(formats_qrels_read(p, &two));
    assert_string_equal(one.msg, two.msg);
    if (strstr(two.msg, want) == NULL)
        fail_msg("'%s' does not contain '%s'", two.msg, want);
}

/* A large file is read in two parts at once; the result, and every error, is the one of a
 * reading on one thread, with the same line numbers. */
static void test_qrels_two_parts(void **state)
{
    (void)state;
    for (int k = 0; k < 4; k++) {
        int jg = k & 1, grouped = k >> 1;
        size_t len;
        char *text = big_qrels(&len, jg, grouped);
        const char *p = write_file(jg ? "big.qrels_jg" : "big.qrels", text, len);
        util_error err = { 0, "" };
        int flags = jg ? FORMATS_QRELS_JG : 0;
        formats_qrels *one = formats_qrels_read_flags(p, flags | FORMATS_QRELS_ONE_THREAD, &err);
        assert_non_null(one);
        formats_qrels *two = formats_qrels_read_flags(p, flags, &err);
        assert_non_null(two);
        assert_same_qrels(one, two);
        assert_true(grouped ? one->ntopics > 10 : one->ntopics == 97);
        formats_qrels_free(&one);
        formats_qrels_free(&two);
        free(text);
    }
    size_t len;
    char *text = big_qrels(&len, 0, 0);
    /* a bad line late in the file (in the second part) */
    char *late = strstr(text + len - 200, "\nT");
    assert_non_null(late);
    late[1] = 'x';
    late[2] = ' ';
    expect_big_error("late.qrels", text, len, "expected 4 fields");
    free(text);
    /* a document judged twice, once in each part */
    text = big_qrels(&len, 0, 0);
    char *end = strrchr(text, 'T');
    memcpy(end, "T0 0 D0000000 1\n", 16);
    len = (size_t)(end - text) + 16;
    expect_big_error("dup2.qrels", text, len, "duplicate judgment of document 'D0000000' for "
                     "topic 'T0' (first at line 3)");
    free(text);
    /* grouped, with a document judged twice in the last topic (second part only), then in
     * the topic that both parts hold */
    text = big_qrels(&len, 0, 1);
    end = strrchr(text, 'T');
    char last[64];
    assert_int_equal(sscanf(end, "%63s", last), 1);
    len = (size_t)(end - text);
    len += (size_t)sprintf(text + len, "%s 0 D9999999 1\n%s 0 D9999999 0\n", last, last);
    expect_big_error("dupb.qrels", text, len, "duplicate judgment of document 'D9999999'");
    free(text);
    text = big_qrels(&len, 0, 1);
    /* the line before the middle's line end: its topic goes on in the second part */
    char *mid = strchr(text + len / 2, '\n');
    const char *before = mid;
    assert_non_null(mid);
    while (before > text && before[-1] != '\n')
        before--;
    char topic[64], docno[64];
    assert_int_equal(sscanf(before, "%63s %*s %63s", topic, docno), 2);
    assert_int_equal(strncmp(mid + 1, topic, strlen(topic)), 0);
    /* judged again a few lines into the second part, among the topic's other lines */
    char *at = strchr(strchr(strchr(mid + 1, '\n') + 1, '\n') + 1, '\n') + 1;
    char line[160];
    int ll = snprintf(line, sizeof line, "%s 0 %s 1\n", topic, docno);
    memmove(at + ll, at, len - (size_t)(at - text));
    memcpy(at, line, (size_t)ll);
    len += (size_t)ll;
    expect_big_error("dupspan.qrels", text, len, "duplicate judgment of document");
    free(text);
}

/* Two parts whose cut falls exactly between two topics: the second part's first topic is
 * a new one; the result is the one of one thread. */
static void test_qrels_two_parts_boundary(void **state)
{
    (void)state;
    size_t cap = 6u << 20, n1 = 0, n2 = 0;
    char *one = malloc(cap), *two = malloc(cap), *text = malloc(2 * cap);
    assert_non_null(one);
    assert_non_null(two);
    assert_non_null(text);
    for (long i = 0; n1 < (5u << 19); i++)
        n1 += (size_t)snprintf(one + n1, cap - n1, "A%ld 0 D%07ld %ld\n", i / 3000, i, i % 3);
    for (long i = 0; n2 + 64 < n1 - 2; i++)
        n2 += (size_t)snprintf(two + n2, cap - n2, "B%ld 0 D%07ld %ld\n", i / 3000, i, i % 3);
    /* a comment makes the second part two bytes shorter than the first: the middle of
     * the file is the first part's last byte, its line end */
    size_t pad = n1 - 2 - n2;
    assert_true(pad >= 3);
    two[n2++] = '#';
    memset(two + n2, 'x', pad - 2);
    n2 += pad - 2;
    two[n2++] = '\n';
    memcpy(text, one, n1);
    memcpy(text + n1, two, n2);
    const char *p = write_file("boundary.qrels", text, n1 + n2);
    util_error err = { 0, "" };
    formats_qrels *a = formats_qrels_read_flags(p, FORMATS_QRELS_ONE_THREAD, &err);
    formats_qrels *b = formats_qrels_read(p, &err);
    assert_non_null(a);
    assert_non_null(b);
    assert_same_qrels(a, b);
    formats_qrels_free(&a);
    formats_qrels_free(&b);
    free(one);
    free(two);
    free(text);
}

static void test_qrels_jg_good(void **state)
{
    (void)state;
    /* d1 is judged by both groups of 301; groups come sorted by name, lines in file order. */
    const char *p =
        WRITE("good.qrels_jg", "# judgment groups\n301 u2 d1 0\n301 u1 d1 1\n302 u1 d5 2\n\n"
                               "301 u1 d2 -1\n301 u2 d3 1\n301 u10 d9 1\n");
    util_error err = { 0, "" };
    formats_qrels *q = formats_qrels_read_jg(p, &err);
    assert_non_null(q);
    assert_true(q->judgment_groups);
    assert_int_equal(q->ntopics, 2);
    assert_int_equal(q->nlines, 6);
    const formats_qrels_topic *t = formats_qrels_find(q, "301");
    assert_non_null(t);
    assert_int_equal(t->n, 5);
    assert_null(t->index);
    assert_int_equal(t->ngroups, 3);
    static const char *const names[] = { "u1", "u10", "u2" };
    static const size_t sizes[] = { 2, 1, 2 };
    for (size_t g = 0; g < 3; g++) {
        assert_string_equal(t->groups[g].group, names[g]);
        assert_string_equal(t->groups[g].qid, "301");
        assert_int_equal(t->groups[g].n, sizes[g]);
    }
    assert_int_equal(t->groups[0].qrels[0].line, 3);
    assert_int_equal(t->groups[0].qrels[1].line, 6);
    const formats_qrel *r = formats_qrels_lookup(&t->groups[0], "d1", 2, util_hash("d1", 2));
    assert_non_null(r);
    assert_int_equal(r->rel, 1);
    r = formats_qrels_lookup(&t->groups[2], "d1", 2, util_hash("d1", 2));
    assert_non_null(r);
    assert_int_equal(r->rel, 0);
    assert_null(formats_qrels_lookup(&t->groups[1], "d1", 2, util_hash("d1", 2)));
    t = formats_qrels_find(q, "302");
    assert_int_equal(t->ngroups, 1);
    assert_string_equal(t->groups[0].group, "u1");
    formats_qrels_free(&q);
    assert_null(q);

    /* The ordinary reader has no groups, and a docno judged twice in a topic is an error. */
    q = formats_qrels_read(p, &err);
    assert_null(q);
    assert_non_null(strstr(err.msg, ":3: duplicate judgment of document 'd1' for topic '301'"));
}

static void expect_jg_error(const char *name, const char *text, size_t len, const char *want)
{
    const char *p = write_file(name, text, len);
    util_error err = { 0, "" };
    formats_qrels *q = formats_qrels_read_jg(p, &err);
    if (q != NULL)
        fail_msg("%s: accepted", name);
    assert_int_equal(err.code, UTIL_EXIT_INPUT);
    if (strstr(err.msg, want) == NULL)
        fail_msg("%s: message '%s' lacks '%s'", name, err.msg, want);
    if (strstr(err.msg, name) == NULL)
        fail_msg("%s: message '%s' does not name the file", name, err.msg);
}

#define JBAD(name, text, want) expect_jg_error(name, text, sizeof(text) - 1, want)

static void test_qrels_jg_bad(void **state)
{
    (void)state;
    JBAD("cols3.jg", "301 u1 d1 1\n301 u1 d2\n",
         ":2: expected 4 fields (qid jg docno rel), found 3");
    JBAD("grade.jg", "301 u1 d1 high\n", ":1: relevance grade 'high'");
    JBAD("dup.jg", "301 u1 d1 1\n301 u2 d1 1\n302 u1 d1 0\n301 u2 d1 0\n",
         ":4: duplicate judgment of document 'd1' for topic '301' in judgment group 'u2' (first at "
         "line 2)");
    JBAD("empty.jg", "# nothing\n", "empty qrels");
}

static void test_zscores_good(void **state)
{
    (void)state;
    const char *p =
        WRITE("good.z", "# references\n302 map 0.25 0.1\r\n301\tP_10\t0.5\t0\n\n301 map -1e-1 2\n");
    util_error err = { 0, "" };
    formats_zscores *z = formats_zscores_read(p, &err);
    assert_non_null(z);
    assert_int_equal(z->n, 3);
    assert_string_equal(z->entries[0].qid, "301");
    assert_string_equal(z->entries[0].measure, "P_10");
    const formats_zscore *e = formats_zscores_find(z, "301", "map");
    assert_non_null(e);
    assert_float_equal(e->mean, -0.1, 0);
    assert_float_equal(e->stddev, 2.0, 0);
    assert_int_equal(e->line, 5);
    e = formats_zscores_find(z, "302", "map");
    assert_non_null(e);
    assert_int_equal(e->line, 2);
    assert_null(formats_zscores_find(z, "302", "P_10"));
    assert_null(formats_zscores_find(z, "303", "map"));
    assert_null(formats_zscores_find(z, "300", "map"));
    formats_zscores_free(&z);
    assert_null(z);
}

static void expect_zscores_error(const char *name, const char *text, size_t len, const char *want)
{
    const char *p = write_file(name, text, len);
    util_error err = { 0, "" };
    formats_zscores *z = formats_zscores_read(p, &err);
    if (z != NULL)
        fail_msg("%s: accepted", name);
    assert_int_equal(err.code, UTIL_EXIT_INPUT);
    if (strstr(err.msg, want) == NULL)
        fail_msg("%s: message '%s' lacks '%s'", name, err.msg, want);
    if (strstr(err.msg, name) == NULL)
        fail_msg("%s: message '%s' does not name the file", name, err.msg);
}

#define ZBAD(name, text, want) expect_zscores_error(name, text, sizeof(text) - 1, want)

static void test_zscores_bad(void **state)
{
    (void)state;
    ZBAD("cols3.z", "301 map 0.2 0.1\n301 P_5 0.2\n",
         ":2: expected 4 fields (qid measure mean stddev), found 3");
    ZBAD("cols5.z", "301 map 0.2 0.1 x\n",
         ":1: expected 4 fields (qid measure mean stddev), found more than 4");
    ZBAD("mean.z", "301 map abc 0.1\n", ":1: mean 'abc' is not a finite number");
    ZBAD("nan.z", "301 map 0.2 0.1\n\n301 P_5 0.2 nan\n",
         ":3: standard deviation 'nan' is not a finite number");
    ZBAD("neg.z", "301 map 0.2 -0.5\n", ":1: standard deviation '-0.5' is negative");
    ZBAD("dup.z", "301 map 0.2 0.1\n302 map 0.2 0.1\n301 map 0.3 0.1\n",
         ":3: second z-score of measure 'map' for topic '301' (first at line 1)");
    ZBAD("nul.z", "301 map 0.\0002 0.1\n", ":1: NUL byte");
    ZBAD("empty.z", "", "no z-scores");
    ZBAD("blank.z", "\n# only a comment\n", "no z-scores");
    util_error err = { 0, "" };
    assert_null(formats_zscores_read("/nonexistent/file.z", &err));
    assert_non_null(strstr(err.msg, "/nonexistent/file.z: cannot open"));
}

typedef struct collect {
    char qids[16][16];
    size_t ndocs[16];
    char first_doc[16][16];
    double first_score[16];
    char tag[16][16];
    size_t n;
    int stop_at;
} collect;

static int collect_cb(void *ctx, formats_run_topic *t, util_error *err)
{
    collect *c = ctx;
    if (c->stop_at > 0 && (int)c->n + 1 == c->stop_at)
        return util_error_set(err, UTIL_EXIT_DATA, NULL, 0, "stopped");
    if (c->n == 16)
        return 0; /* keeps the first 16 topics */
    snprintf(c->qids[c->n], 16, "%s", t->qid);
    snprintf(c->first_doc[c->n], 16, "%s", t->docs[0].docno);
    snprintf(c->tag[c->n], 16, "%s", t->tag);
    c->first_score[c->n] = t->docs[0].score;
    c->ndocs[c->n++] = t->ndocs;
    return 0;
}

static void test_run_stream_and_group(void **state)
{
    (void)state;
    const char *p = WRITE("good.run", "301 Q0 a 1 2.5 tagA\r\n301\t0\tb\t2\t  -1e-3\ttagA extra "
                                      "junk\n# comment\n\n302 Q0 c 1 7 tagB");
    collect c;
    memset(&c, 0, sizeof c);
    formats_run_info info;
    util_error err = { 0, "" };
    assert_int_equal(formats_run_read(p, FORMATS_RUN_STREAM, collect_cb, &c, &info, &err), 0);
    assert_int_equal(c.n, 2);
    assert_string_equal(c.qids[0], "301");
    assert_int_equal(c.ndocs[0], 2);
    assert_string_equal(c.first_doc[0], "a");
    assert_true(c.first_score[0] == 2.5);
    assert_string_equal(c.tag[1], "tagB");
    assert_string_equal(info.tag, "tagB");
    assert_int_equal(info.nlines, 3);
    formats_run_info_free(&info);

    /* Interleaved topics: STREAM says so, GROUP gathers them in qid order. */
    p = WRITE("mixed.run", "302 Q0 a 1 1 t\n301 Q0 b 1 1 t\n302 Q0 c 2 0.5 t\n");
    memset(&c, 0, sizeof c);
    assert_int_equal(formats_run_read(p, FORMATS_RUN_STREAM, collect_cb, &c, &info, &err),
                     FORMATS_RUN_UNGROUPED);
    formats_run_info_free(&info);
    memset(&c, 0, sizeof c);
    assert_int_equal(formats_run_read(p, FORMATS_RUN_GROUP, collect_cb, &c, &info, &err), 0);
    assert_int_equal(c.n, 2);
    assert_string_equal(c.qids[0], "301");
    assert_string_equal(c.qids[1], "302");
    assert_int_equal(c.ndocs[1], 2);
    formats_run_info_free(&info);

    /* A callback error stops the reading and is passed on. */
    memset(&c, 0, sizeof c);
    c.stop_at = 1;
    assert_int_equal(formats_run_read(p, FORMATS_RUN_GROUP, collect_cb, &c, &info, &err), -1);
    assert_string_equal(err.msg, "stopped");
    formats_run_info_free(&info);
}

/* A run cut into pieces: each cut is the start of a result line whose topic differs from
 * the result line before it (a comment between two topics stays with the first), the cuts
 * ascend, and the pieces read apart hold every line once; a topic too long for a cut near
 * a point leaves that cut out. */
static void test_run_cuts(void **state)
{
    (void)state;
    size_t cap = 4u << 20, n = 0;
    char *text = malloc(cap + 256);
    assert_non_null(text);
    long lines = 0;
    for (int t = 1; n < cap; t++) {
        int docs = t == 7 ? 50000 : 50 + t % 300;   /* one topic longer than a search */
        for (int d = 1; d <= docs && n < cap; d++, lines++)
            n += (size_t)snprintf(text + n, 256, "q%d Q0 D%07d %d %d.5 cut\n", t, d, d, docs - d);
        if (t % 5 == 0)
            n += (size_t)snprintf(text + n, 256, "# between q%d and q%d\n", t, t + 1);
    }
    const char *p = write_file("cuts.run", text, n);
    for (size_t pieces = 1; pieces <= 64; pieces *= 4) {
        uint64_t cuts[65];
        size_t np = formats_run_cuts(p, n, pieces, cuts);
        assert_true(np >= 1 && np <= pieces);
        assert_int_equal(cuts[0], 0);
        assert_int_equal(cuts[np], n);
        if (pieces >= 16)
            assert_true(np >= pieces / 2);
        long read = 0;
        for (size_t i = 0; i < np; i++) {
            assert_true(cuts[i] < cuts[i + 1]);
            if (i > 0) {
                /* a line start, after a result line of another topic */
                assert_int_equal(text[cuts[i] - 1], '\n');
                const char *prev = text + cuts[i] - 1;
                do {   /* back to the result line before, past comments */
                    while (prev > text && prev[-1] != '\n')
                        prev--;
                } while (prev[0] == '#' && prev > text && (prev -= 1, 1));
                assert_true(prev[0] == 'q');
                assert_true(text[cuts[i]] == 'q');
                assert_true(strcspn(prev, " ") != strcspn(text + cuts[i], " ") ||
                            strncmp(prev, text + cuts[i], strcspn(prev, " ")) != 0);
            }
            collect c;
            memset(&c, 0, sizeof c);
            formats_run_info info;
            util_error err = { 0, "" };
            assert_int_equal(formats_run_read_range(p, FORMATS_RUN_STREAM, cuts[i], cuts[i + 1],
                                                    collect_cb, &c, &info, &err),
                             0);
            read += (long)info.nlines;
            formats_run_info_free(&info);
        }
        assert_int_equal(read, lines);
    }
    /* A comment and a blank line between every two topics: still cut. */
    n = 0;
    for (int t = 1; n < cap; t++) {
        for (int d = 1; d <= 100 && n < cap; d++)
            n += (size_t)snprintf(text + n, 256, "q%d Q0 D%07d %d %d cut\n", t, d, d, 100 - d);
        n += (size_t)snprintf(text + n, 256, "# end of q%d\n\n", t);
    }
    const char *pc = write_file("cuts2.run", text, n);
    uint64_t cuts2[9];
    assert_int_equal(formats_run_cuts(pc, n, 8, cuts2), 8);
    for (size_t i = 1; i < 8; i++)
        assert_true(text[cuts2[i]] == 'q' && text[cuts2[i] - 1] == '\n');
    free(text);
    /* Not a plain file of that size: one piece. */
    uint64_t cuts[5];
    assert_int_equal(formats_run_cuts(p, n + 1, 4, cuts), 1);
    assert_int_equal(cuts[1], n + 1);
}

static void test_run_gzip(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s/run.gz", dir);
    gzFile gz = gzopen(path, "wb");
    assert_non_null(gz);
    for (int i = 0; i < 20000; i++)
        gzprintf(gz, "%d Q0 doc%d %d %d.5 gzrun\n", 1 + i / 1000, i, i % 1000, 100000 - i);
    gzclose(gz);
    collect c;
    memset(&c, 0, sizeof c);
    formats_run_info info;
    util_error err = { 0, "" };
    assert_int_equal(formats_run_read(path, FORMATS_RUN_STREAM, collect_cb, &c, &info, &err), 0);
    assert_int_equal(c.n, 16); /* the collector keeps 16 */
    assert_int_equal(info.ntopics, 20);
    assert_int_equal(info.nlines, 20000);
    assert_int_equal(c.ndocs[3], 1000);
    formats_run_info_free(&info);
    /* A truncated gzip file is an error, not a short run. */
    FILE *fp = fopen(path, "rb");
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf, fp);
    fclose(fp);
    const char *t = write_file("trunc.gz", buf, n / 2);
    memset(&c, 0, sizeof c);
    assert_int_equal(formats_run_read(t, FORMATS_RUN_STREAM, collect_cb, &c, &info, &err), -1);
    assert_non_null(strstr(err.msg, "trunc.gz"));
    assert_non_null(strstr(err.msg, "gzip"));
    formats_run_info_free(&info);
}

static void expect_run_error(const char *name, const char *text, size_t len, const char *want)
{
    const char *p = write_file(name, text, len);
    collect c;
    memset(&c, 0, sizeof c);
    formats_run_info info;
    util_error err = { 0, "" };
    for (int mode = 0; mode < 2; mode++) {
        int rc = formats_run_read(p, (enum formats_run_mode)mode, collect_cb, &c, &info, &err);
        formats_run_info_free(&info);
        if (rc != -1)
            fail_msg("%s: accepted (rc %d)", name, rc);
        if (strstr(err.msg, want) == NULL || strstr(err.msg, name) == NULL)
            fail_msg("%s: message '%s' lacks '%s' or the file name", name, err.msg, want);
        assert_int_equal(err.code, UTIL_EXIT_INPUT);
    }
}

#define RBAD(name, text, want) expect_run_error(name, text, sizeof(text) - 1, want)

static void test_run_bad(void **state)
{
    (void)state;
    RBAD("cols.run", "301 Q0 a 1 2.5 t\n301 Q0 b 2 2.4\n", ":2: expected 6 fields");
    RBAD("score.run", "301 Q0 a 1 high t\n", ":1: score 'high' is not a finite number");
    RBAD("nan.run", "301 Q0 a 1 nan t\n", ":1: score 'nan'");
    RBAD("inf.run", "301 Q0 a 1 -inf t\n", ":1: score '-inf'");
    RBAD("huge.run", "301 Q0 a 1 1e999 t\n", ":1: score '1e999'");
    RBAD("dup.run", "301 Q0 a 1 2 t\n301 Q0 b 2 1 t\n301 Q0 a 3 0 t\n",
         ":3: document 'a' retrieved twice for topic '301' (first at line 1)");
    RBAD("empty.run", "", "empty run");
    RBAD("blank.run", "\n\n# c\n", "empty run");
    RBAD("nul.run", "301 Q0 a\0 1 2 t\n", ":1: NUL byte");
    /* A bare CR is no line end: the second result would hide among ignored fields. */
    RBAD("cr.run", "301 Q0 a 1 2 t\n301 Q0 b 2 1 t\r301 Q0 c 3 0 t\n",
         ":2: carriage return inside the line");
}

/* A CR before the LF, or only white space after a CR, is a line end as trec_eval reads it. */
static void test_run_crlf(void **state)
{
    (void)state;
    const char *p = WRITE("crlf.run", "301 Q0 a 1 2 t\r\n301 Q0 b 2 1 t \r \n301 Q0 c 3 0 t\n");
    collect c;
    memset(&c, 0, sizeof c);
    formats_run_info info;
    util_error err = { 0, "" };
    assert_int_equal(formats_run_read(p, FORMATS_RUN_STREAM, collect_cb, &c, &info, &err), 0);
    assert_int_equal(c.n, 1);          /* one topic */
    assert_int_equal(c.ndocs[0], 3);   /* all three results */
    formats_run_info_free(&info);
}

/* formats_slurp: a bound on the size, NUL bytes refused with their line, byte-order marks. */
static void test_slurp(void **state)
{
    (void)state;
    size_t n = 2u << 20;
    char *big = malloc(n);
    memset(big, 'x', n);
    const char *p = write_file("big.txt", big, n);
    free(big);
    char *data = NULL;
    size_t len = 0;
    const char *enc = "unset";
    util_error err = { 0, "" };
    assert_int_equal(formats_slurp(p, 1u << 20, &data, &len, &enc, &err), -1);
    assert_non_null(strstr(err.msg, "big.txt: larger than 1 MiB once decompressed"));
    assert_int_equal(formats_slurp(p, 4u << 20, &data, &len, &enc, &err), 0);
    assert_int_equal(len, n);
    assert_null(enc);
    free(data);
    p = WRITE("nul.txt", "a\nb\nc\0d\n");
    assert_int_equal(formats_slurp(p, FORMATS_SLURP_MAX, &data, &len, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "nul.txt:3: NUL byte in line"));
    p = WRITE("bom8.txt", "\xef\xbb\xbfq1\tx\n");
    assert_int_equal(formats_slurp(p, FORMATS_SLURP_MAX, &data, &len, &enc, &err), 0);
    assert_string_equal(data, "q1\tx\n");
    assert_null(enc);
    free(data);
    /* "a\u00e9\U0001F600\n" in UTF-16LE with a mark, then a lone surrogate */
    p = WRITE("u16.txt", "\xff\xfe" "a\0" "\xe9\0" "\x3d\xd8\x00\xde" "\n\0" "\x00\xdc");
    assert_int_equal(formats_slurp(p, FORMATS_SLURP_MAX, &data, &len, &enc, &err), 0);
    assert_string_equal(enc, "UTF-16LE");
    assert_string_equal(data, "a\xc3\xa9\xf0\x9f\x98\x80\n\xef\xbf\xbd");
    free(data);
    p = WRITE("u32.txt", "\0\0\xfe\xff" "\0\0\0b");
    assert_int_equal(formats_slurp(p, FORMATS_SLURP_MAX, &data, &len, &enc, &err), 0);
    assert_string_equal(enc, "UTF-32BE");
    assert_string_equal(data, "b");
    free(data);
}

static void test_long_line(void **state)
{
    (void)state;
    size_t n = 3u << 20;
    char *text = malloc(n + 32);
    memcpy(text, "301 Q0 d1 1 1 t ", 16);
    memset(text + 16, 'x', n);
    memcpy(text + 16 + n, "\n", 1);
    const char *p = write_file("long.run", text, n + 17);
    collect c;
    memset(&c, 0, sizeof c);
    formats_run_info info;
    util_error err = { 0, "" };
    /* A 3 MiB line is accepted (lines may be long: fields after the sixth are ignored) and
     * read whole... */
    assert_int_equal(formats_run_read(p, FORMATS_RUN_STREAM, collect_cb, &c, &info, &err), 0);
    assert_int_equal(c.n, 1);
    formats_run_info_free(&info);
    /* ... but a 3 MiB docno is not a name. */
    memcpy(text, "301 Q0 ", 7);
    memset(text + 7, 'x', n);
    memcpy(text + 7 + n, " 1 1 t\n", 7);
    p = write_file("long.run", text, n + 14);
    free(text);
    memset(&c, 0, sizeof c);
    assert_int_equal(formats_run_read(p, FORMATS_RUN_STREAM, collect_cb, &c, &info, &err), -1);
    assert_non_null(strstr(err.msg, ":1: docno is longer than 1024 bytes"));
}

static void test_split(void **state)
{
    (void)state;
    char line[] = "  a\t\tbb  c \r";
    char *f[3];
    size_t l[3];
    assert_int_equal(formats_split(line, strlen(line), f, l, 3), 3);
    assert_string_equal(f[0], "a");
    assert_string_equal(f[1], "bb");
    assert_int_equal(l[1], 2);
    char line2[] = "a b c d";
    assert_int_equal(formats_split(line2, strlen(line2), f, l, 3), 4);
}

/* The fast path of the line readers takes exactly the lines formats_split would split into
 * the same n fields, and leaves every other line, unread, to formats_input_line: random
 * lines of field bytes and every kind of blank, over more than one buffer; for the run's 6
 * fields and the qrels' 4, with the masks of the processor's widest instructions and with
 * those of SSE2 alone (formats_input_narrow). */
static void input_fields_check(int nfields, int narrow)
{
    static const char alphabet[] = "ab#9.\x80 \t\t\r\v\f";
    size_t cap = 3u << 20, n = 0;
    char *text = malloc(cap + 64);
    assert_non_null(text);
    srand(7 + (unsigned)nfields);
    while (n < cap - 128) {
        if (rand() % 4 != 0) {
            /* most lines are ordinary: about n fields of 1 to 12 bytes, one blank apart */
            int k = nfields - 1 + rand() % 3;
            for (int i = 0; i < k; i++) {
                if (i > 0)
                    text[n++] = rand() % 2 ? ' ' : '\t';
                for (int len = 1 + rand() % 12; len > 0; len--)
                    text[n++] = "abc9"[rand() % 4];
            }
        } else {
            for (int len = rand() % (nfields * 10); len > 0; len--)
                text[n++] = alphabet[rand() % (int)(sizeof alphabet - 1)];
        }
        if (rand() % 50 == 0)
            text[n++] = '\r';
        text[n++] = '\n';
    }
    const char *p = write_file("fields.txt", text, n);
    free(text);
    util_error err = { 0, "" };
    formats_input *fast = formats_input_open(p, &err);
    formats_input *slow = formats_input_open(p, &err);
    assert_non_null(fast);
    assert_non_null(slow);
    if (narrow)
        formats_input_narrow(fast);
    size_t taken = 0;
    for (;;) {
        char *f[7], *g[7], *line;
        size_t fl[7], gl[7], len;
        int nf = -2;
        if (formats_input_fields(fast, f, fl, nfields)) {
            nf = nfields;
            taken++;
        } else {
            int got = formats_input_line(fast, &line, &len, &err);
            assert_int_not_equal(got, -1);
            if (got == 0)
                nf = -3;
            else
                nf = formats_split(line, len, f, fl, nfields);
        }
        int got = formats_input_line(slow, &line, &len, &err);
        assert_int_not_equal(got, -1);
        if (got == 0) {
            assert_int_equal(nf, -3);
            break;
        }
        int ng = formats_split(line, len, g, gl, nfields);
        assert_int_equal(formats_input_lineno(fast), formats_input_lineno(slow));
        assert_int_equal(nf, ng);
        for (int k = 0; k < ng && k < nfields; k++) {
            assert_int_equal(fl[k], gl[k]);
            assert_memory_equal(f[k], g[k], gl[k]);
            assert_int_equal(f[k][fl[k]], '\0');
        }
    }
    assert_true(taken > 10000);
    formats_input_close(&fast);
    formats_input_close(&slow);
}

static void test_input_fields(void **state)
{
    (void)state;
    for (int narrow = 0; narrow < 2; narrow++) {
        input_fields_check(4, narrow);
        input_fields_check(6, narrow);
    }
}

/* A name and the fields it is compared with: the same bytes and length only, whether the
 * name is shorter than a word, a word long, or longer, names of one length that differ in
 * their last byte included, and whatever follows the field. */
static void test_name_is(void **state)
{
    (void)state;
    static const char *const names[] = { "1", "2", "401", "402", "benchA", "benchB",
                                         "ABCDEFGH", "ABCDEFGX", "ABCDEFGHI", "ABCDEFGHJ",
                                         "run-with-a-long-tag", "run-with-a-long-taG" };
    size_t nn = sizeof names / sizeof names[0];
    formats_name unset = { NULL, 0, 0 };
    char line[64 + 8];
    memset(line, 0, sizeof line);
    memcpy(line, "1 x", 3);
    assert_false(formats_name_is(&unset, line, 1));
    for (size_t i = 0; i < nn; i++) {
        formats_name n;
        formats_name_set(&n, names[i], strlen(names[i]));
        for (size_t j = 0; j < nn; j++) {
            size_t len = strlen(names[j]);
            /* the field, then a blank and other bytes, as in a line */
            memset(line, 'Z', 64);
            memcpy(line, names[j], len);
            line[len] = ' ';
            assert_int_equal(formats_name_is(&n, line, len), i == j);
        }
    }
}

static int setup(void **state)
{
    (void)state;
    return mkdtemp(dir) == NULL ? -1 : 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static int depth_cb(void *ctx, const char *qid, size_t depth)
{
    char *got = ctx;
    size_t len = strlen(got);
    snprintf(got + len, 256 - len, "%s=%zu ", qid, depth);
    return 0;
}

/* Depth files: "qid K" lines in order, comments and blank lines skipped; a depth of 0, a
 * word or a third field is an error at its line. */
static void test_depths(void **state)
{
    (void)state;
    char got[256] = "";
    util_error err = { 0, "" };
    const char *p = WRITE("depths", "# depths\n301 10\n\n302\t5\n301 3\n");
    assert_int_equal(formats_depths_read(p, depth_cb, got, &err), 0);
    assert_string_equal(got, "301=10 302=5 301=3 ");
    const char *bad[] = { "301 0\n", "301 ten\n", "301 1 2\n", "301\n" };
    for (size_t k = 0; k < 4; k++) {
        p = write_file("bad.depths", bad[k], strlen(bad[k]));
        assert_int_equal(formats_depths_read(p, depth_cb, got, &err), -1);
        assert_non_null(strstr(err.msg, "bad.depths:1: expected \"qid depth\""));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_qrels_good),
        cmocka_unit_test(test_qrels_bad),
        cmocka_unit_test(test_qrels_two_parts),
        cmocka_unit_test(test_qrels_two_parts_boundary),
        cmocka_unit_test(test_qrels_jg_good),
        cmocka_unit_test(test_qrels_jg_bad),
        cmocka_unit_test(test_zscores_good),
        cmocka_unit_test(test_zscores_bad),
        cmocka_unit_test(test_run_stream_and_group),
        cmocka_unit_test(test_run_cuts),
        cmocka_unit_test(test_run_gzip),
        cmocka_unit_test(test_run_bad),
        cmocka_unit_test(test_run_crlf),
        cmocka_unit_test(test_long_line),
        cmocka_unit_test(test_slurp),
        cmocka_unit_test(test_split),
        cmocka_unit_test(test_input_fields),
        cmocka_unit_test(test_name_is),
        cmocka_unit_test(test_depths),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
