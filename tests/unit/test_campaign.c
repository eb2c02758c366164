/* test_campaign.c: unit tests of the campaign module on small campaigns. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "campaign/campaign.h"

static void test_policy_parse(void **state)
{
    (void)state;
    campaign_policy p;
    const char *primary = "x";
    assert_int_equal(campaign_policy_parse("majority", &p, &primary), 0);
    assert_int_equal(p, CAMPAIGN_POLICY_MAJORITY);
    assert_null(primary);
    assert_int_equal(campaign_policy_parse("primary=ann", &p, &primary), 0);
    assert_int_equal(p, CAMPAIGN_POLICY_PRIMARY);
    assert_string_equal(primary, "ann");
    assert_int_equal(campaign_policy_parse("primary=", &p, &primary), -1);
    assert_int_equal(campaign_policy_parse("min", &p, &primary), -1);
}

/* Grades 0, 2, 2, 3 and one pooled, not judged (-1): max 3; majority 2 (two votes);
 * mean 7/4 = 1.75, rounded 2; primary 0 when the primary gave 0, else max. */
static void test_policy_grade(void **state)
{
    (void)state;
    const long g[] = { 0, 2, -1, 2, 3 };
    assert_int_equal(campaign_policy_grade(CAMPAIGN_POLICY_MAX, g, 5, -1), 3);
    assert_int_equal(campaign_policy_grade(CAMPAIGN_POLICY_MAJORITY, g, 5, -1), 2);
    assert_int_equal(campaign_policy_grade(CAMPAIGN_POLICY_MEAN, g, 5, -1), 2);
    assert_int_equal(campaign_policy_grade(CAMPAIGN_POLICY_PRIMARY, g, 5, 0), 0);
    assert_int_equal(campaign_policy_grade(CAMPAIGN_POLICY_PRIMARY, g, 5, -1), 3);
    /* a tie of 1 and 3 goes to the higher grade; the mean 2 is exact; 1 and 2: 1.5 up to 2 */
    const long t[] = { 1, 3 }, h[] = { 1, 2 };
    assert_int_equal(campaign_policy_grade(CAMPAIGN_POLICY_MAJORITY, t, 2, -1), 3);
    assert_int_equal(campaign_policy_grade(CAMPAIGN_POLICY_MEAN, t, 2, -1), 2);
    assert_int_equal(campaign_policy_grade(CAMPAIGN_POLICY_MEAN, h, 2, -1), 2);
    /* no one judged: -1 under every policy */
    const long none[] = { -1, -1 };
    assert_int_equal(campaign_policy_grade(CAMPAIGN_POLICY_MAX, none, 2, -1), -1);
    assert_int_equal(campaign_policy_grade(CAMPAIGN_POLICY_MEAN, none, 2, -1), -1);
}

static void write_file(char *path, const char *text)
{
    strcpy(path, "/tmp/tj_test_campaign_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
}

/* Files: q1 judges d1 and d3 relevant; the run ranks d1, d2, d3: AP = (1 + 2/3) / 2 = 5/6. */
static void test_live_files(void **state)
{
    (void)state;
    char qrels[64], run[64];
    write_file(qrels, "q1 0 d1 1\nq1 0 d2 0\nq1 0 d3 1\n");
    write_file(run, "q1 Q0 d1 1 3 r1\nq1 Q0 d2 2 2 r1\nq1 Q0 d3 3 1 r1\n");
    char *files[] = { qrels, run };
    campaign_report_opts o;
    campaign_report_opts_init(&o, "test");
    o.measures = "map";
    campaign_live c;
    util_error err = { 0, "" };
    assert_int_equal(campaign_live_open(&c, NULL, files, 2, &o, &err), 0);
    assert_int_equal(report_live_nruns(c.live), 1);
    assert_string_equal(report_live_run(c.live, 0), "r1");
    long m = report_live_column(c.live, "map");
    assert_true(m >= 0);
    assert_float_equal(report_live_value(c.live, 0, (size_t)m), 5.0 / 6.0, 1e-9);
    campaign_live_close(&c);
    assert_null(c.live);
    /* a bad measure is a usage error that names the command */
    o.measures = "no_such_measure";
    assert_int_equal(campaign_live_open(&c, NULL, files, 2, &o, &err), -1);
    assert_int_equal(err.code, UTIL_EXIT_USAGE);
    assert_true(strncmp(err.msg, "test: ", 6) == 0);
    unlink(qrels);
    unlink(run);
}

/* A campaign's history of five judgments: a checkpoint after every second one (two), and
 * under majority ann's 1 and bob's 2 on d1 tie, to the higher grade. */
static void test_live_campaign(void **state)
{
    (void)state;
    char dir[] = "/tmp/tj-test-campaign-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/c.tjdb", dir);
    util_error err = { 0, "" };
    store *s = NULL;
    assert_int_equal(store_create(path, &s, &err), 0);
    int64_t t1, ann, bob;
    assert_true(store_topic_id(s, "q1", 1, &t1, &err) >= 0);
    assert_true(store_assessor_id(s, "ann", 1, &ann, &err) >= 0);
    assert_true(store_assessor_id(s, "bob", 1, &bob, &err) >= 0);
    assert_int_equal(store_judgment_set(s, t1, "d1", ann, 1, NULL, 0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, t1, "d1", bob, 2, NULL, 0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, t1, "d2", bob, 0, NULL, 0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, t1, "d3", ann, 1, NULL, 0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, t1, "d3", bob, 0, NULL, 0, NULL, &err), 0);
    campaign_report_opts o;
    campaign_report_opts_init(&o, "test");
    o.checkpoint_every = 2;
    assert_int_equal(campaign_policy_parse("majority", &o.policy, &o.primary), 0);
    campaign_live c;
    assert_int_equal(campaign_live_open(&c, s, NULL, 0, &o, &err), 0);
    assert_int_equal(c.changes, 5);
    assert_int_equal(c.ncheckpoints, 2);
    assert_int_equal(report_live_judgments(c.live), 3);
    /* nothing new: the update replays nothing */
    assert_int_equal(campaign_live_update(&c, &err), 0);
    assert_int_equal(c.changes, 5);
    campaign_live_close(&c);
    assert_null(c.store);
    unlink(path);
    rmdir(dir);
}

/* Depth 1 pools each run's top document: r1 ranks d1 (3) over d2 (2), r2 ranks d3 (1) over
 * d1 (0.5): q1's pool is d1 and d3 (docno order). With a depth of 2 for q1: d1, d2, d3. */
static void test_pool_files(void **state)
{
    (void)state;
    char r1[64], r2[64];
    write_file(r1, "q1 Q0 d1 1 3 r1\nq1 Q0 d2 2 2 r1\n");
    write_file(r2, "q1 Q0 d3 1 1 r2\nq1 Q0 d1 2 0.5 r2\n");
    char *paths[] = { r1, r2 };
    for (int deeper = 0; deeper < 2; deeper++) {
        campaign_pool c;
        memset(&c, 0, sizeof c);
        pool_params_init(&c.params);
        c.params.depth = 1;
        util_error err = { 0, "" };
        if (deeper)
            assert_int_equal(campaign_pool_set_depth(&c, "q1", 2), 0);
        assert_int_equal(campaign_pool_read_files(&c, paths, 2, &err), 0);
        campaign_pool_finish(&c);
        assert_int_equal(c.ntopics, 1);
        assert_int_equal(c.nruns, 2);
        const pool_topic *t = c.topics[0].pool;
        assert_int_equal(pool_topic_size(t), deeper ? 3 : 2);
        assert_string_equal(pool_topic_docno(t, 0), "d1");
        assert_string_equal(pool_topic_docno(t, deeper ? 2 : 1), "d3");
        if (!deeper) {
            /* written as a run (rank, then n - i as the score) and as qrels (grade -1) */
            char buf[256];
            const int forms[] = { CAMPAIGN_EXPORT_RUN, CAMPAIGN_EXPORT_QRELS };
            const char *want[] = { "q1 Q0 d1 1 2 pool\nq1 Q0 d3 2 1 pool\n",
                                   "q1 0 d1 -1\nq1 0 d3 -1\n" };
            for (int k = 0; k < 2; k++) {
                FILE *fp = fmemopen(buf, sizeof buf, "w");
                util_out o;
                util_out_init(&o, fp);
                campaign_pool_write(&o, &c, forms[k]);
                util_out_flush(&o);
                util_out_free(&o);
                fclose(fp);
                assert_string_equal(buf, want[k]);
            }
        }
        campaign_pool_free(&c);
    }
    unlink(r1);
    unlink(r2);
}

/* The campaign's judgments merged by the policy: ann 1 and bob 3 on d1 give max 3, mean 2;
 * bob's 0 on d2 stays 0; under primary=ann d1 is ann's 1. */
static void test_judged_policy(void **state)
{
    (void)state;
    char dir[] = "/tmp/tj-test-judged-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/c.tjdb", dir);
    util_error err = { 0, "" };
    store *s = NULL;
    assert_int_equal(store_create(path, &s, &err), 0);
    int64_t t1, ann, bob;
    assert_true(store_topic_id(s, "q1", 1, &t1, &err) >= 0);
    assert_true(store_assessor_id(s, "ann", 1, &ann, &err) >= 0);
    assert_true(store_assessor_id(s, "bob", 1, &bob, &err) >= 0);
    assert_int_equal(store_judgment_set(s, t1, "d1", ann, 1, NULL, 0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, t1, "d1", bob, 3, NULL, 0, NULL, &err), 0);
    assert_int_equal(store_judgment_set(s, t1, "d2", bob, 0, NULL, 0, NULL, &err), 0);
    const char *policies[] = { "max", "mean", "primary=ann" };
    const long want_d1[] = { 3, 2, 1 };
    for (size_t k = 0; k < 3; k++) {
        campaign_judged j;
        memset(&j, 0, sizeof j);
        assert_int_equal(campaign_policy_parse(policies[k], &j.policy, &j.primary), 0);
        assert_int_equal(campaign_judged_read_campaign(&j, s, &err), 0);
        const campaign_judged_topic *t = campaign_judged_find(&j, "q1");
        assert_non_null(t);
        assert_int_equal(t->n, 2);
        assert_string_equal(t->docnos[0], "d1");
        assert_int_equal(t->grades[0], want_d1[k]);
        assert_int_equal(t->grades[1], 0);
        assert_null(campaign_judged_find(&j, "q2"));
        campaign_judged_free(&j);
    }
    /* qrels export: under mean d1 is 2 (iter 0: several assessors); per assessor, ann's 1 */
    char buf[512];
    campaign_policy pol;
    const char *primary;
    assert_int_equal(campaign_policy_parse("mean", &pol, &primary), 0);
    for (int per = 0; per < 2; per++) {
        FILE *fp = fmemopen(buf, sizeof buf, "w");
        util_out o;
        util_out_init(&o, fp);
        assert_int_equal(campaign_qrels_write(s, pol, primary, per, &o, &err), 0);
        util_out_flush(&o);
        util_out_free(&o);
        fclose(fp);
        assert_non_null(strstr(buf, per ? "q1 ann d1 1\n" : "q1 0 d1 2\n"));
    }
    store_close(&s);
    unlink(path);
    rmdir(dir);
}

/* A tsv topic file gives each topic's title as its query; an unknown format is a usage
 * error that names it. */
static void test_queries_file(void **state)
{
    (void)state;
    char path[64];
    write_file(path, "t1\tgreen bees\nt2\tcold cities\n");
    campaign_queries q = { NULL, 0, 0, "title", NULL };
    util_error err = { 0, "" };
    assert_int_equal(campaign_queries_read_file(&q, path, "tsv", &err), 0);
    assert_int_equal(q.n, 2);
    assert_string_equal(q.t[0].qid, "t1");
    assert_string_equal(q.t[0].text, "green bees");
    assert_string_equal(q.t[1].text, "cold cities");
    campaign_queries_free(&q);
    assert_int_equal(q.n, 0);
    assert_int_equal(campaign_queries_read_file(&q, path, "xml2", &err), -1);
    assert_int_equal(err.code, UTIL_EXIT_USAGE);
    assert_non_null(strstr(err.msg, "unknown topic format 'xml2'"));
    unlink(path);
}

/* The index is built with the campaign's two documents, written beside it, opened again
 * unchanged, and brought up to date with a third one. */
static void test_index_update(void **state)
{
    (void)state;
    char dir[] = "/tmp/tj-test-index-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], ipath[300];
    snprintf(path, sizeof path, "%s/c.tjdb", dir);
    snprintf(ipath, sizeof ipath, "%s.index", path);
    util_error err = { 0, "" };
    store *s = NULL;
    int64_t imp;
    assert_int_equal(store_create(path, &s, &err), 0);
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_import_add(s, "docs", "d", "c", 1, &imp, &err), 0);
    assert_int_equal(store_doc_add(s, "d1", "Bees", "honey bees in hives", 19, imp, &err), 0);
    assert_int_equal(store_doc_add(s, "d2", "Cities", "trees cool cities", 17, imp, &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    index_inverted *idx = NULL;
    assert_int_equal(campaign_index_update(s, NULL, 0, 0, &idx, &err), 0);
    assert_int_equal(index_doc_count(idx), 2);
    index_free(&idx);
    assert_int_equal(access(ipath, F_OK), 0);
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_doc_add(s, "d3", "More bees", "bees again", 10, imp, &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    assert_int_equal(campaign_index_update(s, NULL, 0, 0, &idx, &err), 0);
    assert_int_equal(index_doc_count(idx), 3);

    /* Search's ranking: scores as the run prints them, in the run's order; its lines and
     * checksum the same whether they are written or not. */
    index_params ip;
    index_params_init(&ip);
    index_hit hits[4];
    size_t n;
    char buf[64];
    campaign_search_query(idx, "bees", INDEX_TF, &ip, 4, hits, &n);
    assert_int_equal(n, 2);
    assert_string_equal(hits[0].docno, "d3");   /* equal scores: docno descending */
    assert_string_equal(hits[1].docno, "d1");
    campaign_search_score(buf, sizeof buf, 1.0 / 3.0);
    assert_string_equal(buf, "0.3333333333");
    campaign_query q[2] = { { "q1", "bees" }, { "q2", "cool trees" } };
    campaign_queries tc = { q, 2, 2, "title", NULL };
    campaign_ranking r[2], r2[2];
    uint64_t sum, sum2;
    size_t lines, lines2;
    util_out o;
    util_out_init(&o, NULL);
    assert_int_equal(campaign_search_run(idx, &tc, INDEX_TF, &ip, 10, "t", r, &o, &sum, &lines),
                     0);
    util_out_char(&o, '\0');
    assert_string_equal(o.buf, "q1 Q0 d3 1 2 t\nq1 Q0 d1 2 2 t\nq2 Q0 d2 1 2 t\n");
    assert_int_equal(lines, 3);
    assert_int_equal(campaign_search_run(idx, &tc, INDEX_TF, &ip, 10, "t", r2, NULL, &sum2,
                                         &lines2), 0);
    assert_true(sum == sum2 && lines2 == 3);
    for (size_t i = 0; i < 2; i++) {
        free(r[i].hits);
        free(r2[i].hits);
    }
    util_out_free(&o);
    index_free(&idx);
    store_close(&s);
    unlink(ipath);
    unlink(path);
    rmdir(dir);
}

/* A run whose two topics are interleaved is stored (read twice) under its first line's
 * tag; the same bytes again change nothing; an empty run is refused. */
static void test_run_import(void **state)
{
    (void)state;
    char dir[] = "/tmp/tj-test-import-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], run[64], empty[64];
    snprintf(path, sizeof path, "%s/c.tjdb", dir);
    write_file(run, "q1 Q0 d1 1 3 bm25\nq2 Q0 d2 1 2 bm25\nq1 Q0 d3 2 1 bm25\n");
    write_file(empty, "");
    util_error err = { 0, "" };
    store *s = NULL;
    store_recovery rec;
    assert_int_equal(store_create(path, &s, &err), 0);
    assert_true(store_import_lock(s, 1, &rec, &err) >= 0);
    campaign_run_imported r;
    assert_int_equal(campaign_run_import(s, run, NULL, 0, &r, &err), 0);
    assert_int_equal(r.before, 0);
    assert_string_equal(r.tag, "bm25");
    assert_int_equal(r.ntopics, 2);
    assert_int_equal(r.ndocs, 3);
    assert_int_equal(campaign_run_import(s, run, "other", 0, &r, &err), 0);
    assert_true(r.before > 0);
    assert_int_equal(campaign_run_import(s, empty, NULL, 0, &r, &err), -1);
    assert_non_null(strstr(err.msg, "empty run file"));
    store_close(&s);
    unlink(run);
    unlink(empty);
    unlink(path);
    rmdir(dir);
}

/* A per-assessor qrels file: zed judged d1 before ann did; the assessors end in name order
 * and grade_of has -1 where one did not judge (ann on d2), and pooled-only (-1) lines are
 * no votes. */
static void test_votes_file(void **state)
{
    (void)state;
    char path[64];
    write_file(path, "q1 zed d1 0\nq1 ann d1 1\nq1 zed d2 2\nq1 ann d3 -1\n");
    campaign_votes v;
    memset(&v, 0, sizeof v);
    util_error err = { 0, "" };
    assert_int_equal(campaign_votes_read_file(&v, path, &err), 0);
    campaign_votes_finish(&v);
    assert_int_equal(v.nassessors, 2);
    assert_string_equal(v.assessors[0], "ann");
    assert_string_equal(v.assessors[1], "zed");
    assert_int_equal(v.nitems, 2);
    assert_string_equal(v.items[0], "q1\td1");
    const long want[] = { 1, 0, -1, 2 };
    for (size_t i = 0; i < 4; i++)
        assert_int_equal(v.grade_of[i], want[i]);
    campaign_votes_free(&v);
    assert_null(v.grade_of);
    unlink(path);
}

/* The bodies of the topics and qrels imports: two topics stored (published, they are the
 * campaign's); the whole import of the same file, then again (nothing done); three
 * judgments staged, grade 7 noted as outside the binary scale. */
static void test_import_bodies(void **state)
{
    (void)state;
    char dir[] = "/tmp/tj-test-bodies-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], topics[64], qrels[64];
    snprintf(path, sizeof path, "%s/c.tjdb", dir);
    write_file(topics, "t1\tgreen bees\nt2\tcold cities\n");
    write_file(qrels, "t1 0 d1 1\nt1 0 d2 7\nt2 0 d3 0\n");
    util_error err = { 0, "" };
    store *s = NULL;
    store_recovery rec;
    util_progress bar = { .enabled = 0 };
    assert_int_equal(store_create(path, &s, &err), 0);
    const store_grade binary[] = { { 0, "Not relevant", "x" }, { 1, "Relevant", "y" } };
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_scale_set(s, binary, 2, 1, &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    assert_true(store_import_lock(s, 1, &rec, &err) >= 0);
    campaign_topics_import t = { FORMATS_TOPICS_TSV, 0, 0, NULL, 0, 0, NULL, NULL, 0, 0, 0 };
    store_import im = { "topics", topics, "k1", NULL, 0 };
    assert_int_equal(campaign_topics_body(s, topics, &im, &bar, &t, &err), 2);
    assert_int_equal(t.fields, 2);
    assert_int_equal(t.nlangs, 1);   /* TSV names no language */
    assert_string_equal(t.langs[0], "");
    assert_int_equal(store_import_publish(s, im.id, 2, &err), 0);
    assert_int_equal(store_batch_end(s, &err), 0);
    int64_t id;
    assert_int_equal(store_topic_id(s, "t2", 0, &id, &err), 1);
    /* the whole import: stored once, then recognised by its bytes */
    campaign_import ti = { "topics", campaign_topics_body, NULL, 0, NULL };
    campaign_imported r;
    assert_int_equal(campaign_import_file(s, &ti, topics, &t, &r, &err), 0);
    assert_int_equal(r.before, 0);
    assert_int_equal(r.items, 2);
    assert_int_equal(campaign_import_file(s, &ti, topics, &t, &r, &err), 0);
    assert_true(r.before > 0);
    /* the same bytes in another language are another import, stored beside the first */
    t.lang = "cs";
    ti.variant = "cs";
    assert_int_equal(campaign_import_file(s, &ti, topics, &t, &r, &err), 0);
    assert_int_equal(r.before, 0);
    assert_int_equal(t.nlangs, 1);
    assert_string_equal(t.langs[0], "cs");
    campaign_topics_import_free(&t);
    campaign_qrels_import q = { "ann", 0, NULL, 0, 0, NULL, 0, 0 };
    store_import qi = { "qrels", qrels, "k2", "ann", 0 };
    assert_int_equal(campaign_qrels_body(s, qrels, &qi, &bar, &q, &err), 3);
    assert_int_equal(q.topics, 2);
    assert_int_equal(q.noutside, 1);
    assert_int_equal(q.outside[0], 7);
    assert_int_equal(store_qrels_commit(s, qi.id, 3, &err), 0);
    assert_int_equal(store_batch_end(s, &err), 0);
    free(q.scale);
    free(q.outside);
    store_close(&s);
    unlink(topics);
    unlink(qrels);
    unlink(path);
    rmdir(dir);
}

/* The assignments both ways: an assessor's topics in natural order, a topic's assessors by
 * name, a topic without any listed too. */
static void test_assignments_list(void **state)
{
    (void)state;
    char dir[] = "/tmp/tj-test-assign-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/c.tjdb", dir);
    util_error err = { 0, "" };
    store *s = NULL;
    assert_int_equal(store_create(path, &s, &err), 0);
    assert_int_equal(store_begin(s, &err), 0);
    int64_t q1, q2, q10, a, b;
    assert_true(store_topic_id(s, "q10", 1, &q10, &err) >= 0);
    assert_true(store_topic_id(s, "q2", 1, &q2, &err) >= 0);
    assert_true(store_topic_id(s, "q1", 1, &q1, &err) >= 0);
    assert_true(store_assessor_id(s, "bob", 1, &b, &err) >= 0);
    assert_true(store_assessor_id(s, "ann", 1, &a, &err) >= 0);
    assert_int_equal(store_assign(s, a, q10, 1, &err), 0);
    assert_int_equal(store_assign(s, a, q2, 1, &err), 0);
    assert_int_equal(store_assign(s, b, q2, 1, &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    campaign_assignments l;
    assert_int_equal(campaign_assignments_read(s, &l, &err), 0);
    assert_int_equal(l.nassessors, 2);
    assert_string_equal(l.assessors[0].name, "ann");
    assert_int_equal(l.assessors[0].n, 2);
    assert_string_equal(l.assessors[0].list, "q2 q10");
    assert_string_equal(l.assessors[1].name, "bob");
    assert_string_equal(l.assessors[1].list, "q2");
    assert_int_equal(l.ntopics, 3);
    assert_string_equal(l.topics[0].name, "q1");
    assert_int_equal(l.topics[0].n, 0);
    assert_null(l.topics[0].list);
    assert_string_equal(l.topics[1].name, "q2");
    assert_string_equal(l.topics[1].list, "ann bob");
    assert_string_equal(l.topics[2].list, "ann");
    campaign_assignments_free(&l);
    store_close(&s);
    unlink(path);
    rmdir(dir);
}

/* judge: a grade outside the binary scale, a topic the campaign lacks and a document
 * outside the pool are refused; with add_to_pool the document joins the pool first. */
static void test_judge_one(void **state)
{
    (void)state;
    char dir[] = "/tmp/tj-test-judge-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/c.tjdb", dir);
    util_error err = { 0, "" };
    store *s = NULL;
    int64_t t1;
    assert_int_equal(store_create(path, &s, &err), 0);
    const store_grade binary[] = { { 0, "Not relevant", "x" }, { 1, "Relevant", "y" } };
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_scale_set(s, binary, 2, 1, &err), 0);
    assert_true(store_topic_id(s, "q1", 1, &t1, &err) >= 0);
    assert_int_equal(store_pool_add(s, t1, "d1", 1, "pool", &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    campaign_judge c;
    memset(&c, 0, sizeof c);
    c.s = s;
    c.assessor = "ann";
    assert_int_equal(campaign_judge_scale(&c, &err), 0);
    assert_int_equal(campaign_judge_one(&c, "q1", "d1", "1", &err), 0);
    assert_int_equal(campaign_judge_one(&c, "q1", "d1", "2", &err), -1);
    assert_int_equal(err.code, UTIL_EXIT_DATA);
    assert_non_null(strstr(err.msg, "not in the campaign's scale (0, 1;"));
    assert_int_equal(campaign_judge_one(&c, "q1", "d1", "x", &err), -1);
    assert_int_equal(err.code, UTIL_EXIT_USAGE);
    assert_int_equal(campaign_judge_one(&c, "q9", "d1", "1", &err), -1);
    assert_non_null(strstr(err.msg, "no topic 'q9'"));
    assert_int_equal(campaign_judge_one(&c, "q1", "d2", "0", &err), -1);
    assert_non_null(strstr(err.msg, "not in the pool"));
    c.add_to_pool = 1;
    assert_int_equal(campaign_judge_one(&c, "q1", "d2", "0", &err), 0);
    assert_int_equal(store_pool_has(s, t1, "d2", &err), 1);
    /* the campaign's pool written as a list: d2 after d1 */
    char buf[128];
    FILE *fp = fmemopen(buf, sizeof buf, "w");
    util_out o;
    util_out_init(&o, fp);
    assert_int_equal(campaign_pool_write_campaign(s, &o, CAMPAIGN_EXPORT_LIST, 0, &err), 0);
    util_out_flush(&o);
    util_out_free(&o);
    fclose(fp);
    assert_string_equal(buf, "q1 d1\nq1 d2\n");
    free(c.grades);
    store_close(&s);
    unlink(path);
    rmdir(dir);
}

/* Scales: three grades parse; one grade, a two-character key, a shared key, a control
 * character and the screen's own q (quit) are refused, naming the problem. */
static void test_scale(void **state)
{
    (void)state;
    store_grade g[8];
    size_t n;
    util_error err = { 0, "" };
    char ok[] = "0:Not:0,1:Some:1,2:Very:2";
    assert_int_equal(campaign_scale_parse(ok, g, 8, &n, &err), 0);
    assert_int_equal(n, 3);
    assert_int_equal(g[2].grade, 2);
    assert_string_equal(g[2].label, "Very");
    assert_string_equal(g[2].key, "2");
    const char *bad[] = { "0:Not:a", "0:Not:ab,1:Yes:b", "0:Not:a,1:Yes:a", "0:Not:\t,1:Yes:b",
                          "0:Not:q,1:Yes:b" };
    const char *why[] = { "bad --grades", "bad --grades", "both have the key 'a'",
                          "must be a visible character", "assessment screen's key" };
    for (size_t k = 0; k < 5; k++) {
        char text[64];
        snprintf(text, sizeof text, "%s", bad[k]);
        assert_int_equal(campaign_scale_parse(text, g, 8, &n, &err), -1);
        assert_int_equal(err.code, UTIL_EXIT_USAGE);
        assert_non_null(strstr(err.msg, why[k]));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_policy_parse),
        cmocka_unit_test(test_policy_grade),
        cmocka_unit_test(test_live_files),
        cmocka_unit_test(test_live_campaign),
        cmocka_unit_test(test_pool_files),
        cmocka_unit_test(test_judged_policy),
        cmocka_unit_test(test_queries_file),
        cmocka_unit_test(test_index_update),
        cmocka_unit_test(test_assignments_list),
        cmocka_unit_test(test_run_import),
        cmocka_unit_test(test_votes_file),
        cmocka_unit_test(test_import_bodies),
        cmocka_unit_test(test_judge_one),
        cmocka_unit_test(test_scale),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
