/* test_pool.c: unit tests of the pool module on rankings whose pools are worked out by hand. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <math.h>

#include "pool/pool.h"

#define N(a) (sizeof(a) / sizeof *(a))
#define assert_near(a, b) assert_true(fabs((double)(a) - (double)(b)) < 1e-9)

/* The pool of t in presentation order, as "d1 d2 ...". */
static void pool_string(const pool_topic *t, char *buf, size_t size)
{
    buf[0] = '\0';
    for (size_t i = 0; i < pool_topic_size(t); i++) {
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, "%s%s", i ? " " : "", pool_topic_docno(t, i));
    }
}

static pool_topic *build(const pool_params *p, const pool_run *runs, size_t n, int reverse)
{
    pool_topic *t = pool_topic_new(p, "q1", 0);
    for (size_t i = 0; i < n; i++) {
        size_t r = reverse ? n - 1 - i : i;
        pool_topic_add(t, (uint32_t)r, &runs[r]);
    }
    pool_topic_finish(t);
    return t;
}

static void expect_pool(const pool_params *p, const pool_run *runs, size_t n, const char *want)
{
    char got[1024];
    for (int reverse = 0; reverse < 2; reverse++) {
        pool_topic *t = build(p, runs, n, reverse);
        pool_string(t, got, sizeof got);
        assert_string_equal(got, want);
        pool_topic_free(&t);
        assert_null(t);
    }
}

/* trec_eval's order: d (3.0), b (2.0), then the tie at 1.0 by docno descending: c, a. */
static void test_rank_ties(void **state)
{
    (void)state;
    pool_scored d[] = { { "a", 1.0 }, { "b", 2.0 }, { "c", 1.0 }, { "d", 3.0 } };
    assert_int_equal(pool_rank(d, 4, 0), 4);
    assert_string_equal(d[0].docno, "d");
    assert_string_equal(d[1].docno, "b");
    assert_string_equal(d[2].docno, "c");
    assert_string_equal(d[3].docno, "a");
    pool_scored e[] = { { "a", 1.0 }, { "b", 2.0 }, { "c", 1.0 }, { "d", 3.0 } };
    assert_int_equal(pool_rank(e, 4, 2), 2);
    assert_string_equal(e[0].docno, "d");
    assert_string_equal(e[1].docno, "b");
    assert_int_equal(pool_rank(e, 4, 9), 4);
}

/* A reversed ranking of 200 documents (many descents: the general sort) with scores
 * falling by rank in pairs: each pair ties, and the larger docno comes first. */
static void test_rank_unsorted(void **state)
{
    (void)state;
    char names[200][8];
    pool_scored d[200];
    for (int i = 0; i < 200; i++) {
        snprintf(names[i], sizeof names[i], "d%03d", i);
        d[i] = (pool_scored){ names[i], (double)(i / 2) };
    }
    assert_int_equal(pool_rank(d, 200, 10), 10);
    assert_string_equal(d[0].docno, "d199");
    assert_string_equal(d[1].docno, "d198");
    assert_string_equal(d[9].docno, "d190");
}

/* A few documents far out of place (few descents, many moves): d000..d999 with score
 * 1000 - i, except the last thirty, which score highest and are written at the end: 30
 * descents (at most 1000/32 + 4 = 35 allowed), but 970 x 30 moves (more than 16 x 1000
 * + 64), so the insertion sort gives up and the general sort finishes: d970..d999 come
 * first, the highest score first (d999 scores 2000). */
static void test_rank_far(void **state)
{
    (void)state;
    static char names[1000][8];
    static pool_scored d[1000];
    for (int i = 0; i < 1000; i++) {
        snprintf(names[i], sizeof names[i], "d%03d", i);
        d[i] = (pool_scored){ names[i], i < 970 ? 1000.0 - i : 1001.0 + i };
    }
    assert_int_equal(pool_rank(d, 1000, 0), 1000);
    assert_string_equal(d[0].docno, "d999");
    assert_string_equal(d[29].docno, "d970");
    assert_string_equal(d[30].docno, "d000");
    assert_string_equal(d[999].docno, "d969");
    for (int i = 1; i < 1000; i++)
        assert_true(d[i - 1].score > d[i].score);
}

/* Runs A = [d1 d2 d3] and B = [d3 d4 d1] at depth 2: A gives d1 d2, B gives d3 d4.
 * Priority: best rank 1 for d1 and d3 (one run each: docno decides), then d2 and d4. */
static void test_depth(void **state)
{
    (void)state;
    const char *a[] = { "d1", "d2", "d3" }, *b[] = { "d3", "d4", "d1" };
    pool_run runs[] = { { "A", 3, a }, { "B", 3, b } };
    pool_params p;
    pool_params_init(&p);
    p.depth = 2;
    expect_pool(&p, runs, 2, "d1 d2 d3 d4");
    p.order = POOL_ORDER_PRIORITY;
    expect_pool(&p, runs, 2, "d1 d3 d2 d4");
    pool_topic *t = build(&p, runs, 2, 0);
    const uint32_t *who;
    assert_int_equal(pool_topic_contributors(t, 1, &who), 1);   /* d3: B only */
    assert_int_equal(who[0], 1);
    assert_true(pool_topic_priority(t, 0) == -1.0);
    assert_int_equal(pool_topic_rank(t, 3), 3);
    pool_run_stats st[2];
    uint64_t ov[4] = { 0 };
    pool_topic_stats(t, 2, st, ov);
    assert_int_equal(st[0].contributed, 2);
    assert_int_equal(st[0].unique, 2);
    assert_int_equal(st[1].contributed, 2);
    assert_int_equal(st[1].unique, 2);
    assert_int_equal(ov[1], 0);
    assert_int_equal(ov[0], 2);
    pool_topic_free(&t);
    /* At depth 3 everything is shared except d2 (A) and d4 (B). */
    p.depth = 3;
    t = build(&p, runs, 2, 0);
    pool_topic_stats(t, 2, st, ov);
    assert_int_equal(st[0].contributed, 3);
    assert_int_equal(st[0].unique, 1);
    assert_int_equal(ov[1], 2);   /* d1 and d3 (depth 2 added nothing off the diagonal) */
    pool_topic_free(&t);
    /* A topic's own depth overrides the campaign's. */
    t = pool_topic_new(&p, "q1", 1);
    pool_topic_add(t, 0, &runs[0]);
    pool_topic_add(t, 1, &runs[1]);
    pool_topic_finish(t);
    assert_int_equal(pool_topic_size(t), 2);
    pool_topic_free(&t);
}

/* The same run twice: the pool is that of one run, and no document is unique. */
static void test_duplicate_runs(void **state)
{
    (void)state;
    const char *a[] = { "x", "y", "z" };
    pool_run runs[] = { { "A", 3, a }, { "A2", 3, a } };
    pool_params p;
    pool_params_init(&p);
    p.depth = 2;
    expect_pool(&p, runs, 2, "x y");
    pool_topic *t = build(&p, runs, 2, 0);
    pool_run_stats st[2];
    pool_topic_stats(t, 2, st, NULL);
    assert_int_equal(st[0].contributed, 2);
    assert_int_equal(st[0].unique, 0);
    assert_int_equal(st[1].unique, 0);
    pool_topic_free(&t);
}

/* A = [x y z], B = [y z x], C = [z].
 * RRF: x = 1/61 + 1/63, y = 1/62 + 1/61, z = 1/63 + 1/62 + 1/61: z > y > x.
 * Take@2 keeps z and y. */
static void test_rrf(void **state)
{
    (void)state;
    const char *a[] = { "x", "y", "z" }, *b[] = { "y", "z", "x" }, *c[] = { "z" };
    pool_run runs[] = { { "A", 3, a }, { "B", 3, b }, { "C", 1, c } };
    pool_params p;
    pool_params_init(&p);
    p.strategy = POOL_RRF;
    p.order = POOL_ORDER_PRIORITY;
    expect_pool(&p, runs, 3, "z y x");
    p.budget = 2;
    expect_pool(&p, runs, 3, "z y");
    p.order = POOL_ORDER_DOCNO;
    expect_pool(&p, runs, 3, "y z");
    p.budget = 10;
    expect_pool(&p, runs, 3, "x y z");
    /* Candidate depth 1: x (A), y (B), z (C), one run each at rank 1: a three-way tie. */
    p.depth = 1;
    p.budget = 2;
    p.order = POOL_ORDER_PRIORITY;
    expect_pool(&p, runs, 3, "x y");
}

/* Same runs, p = 0.5: weights 0.5, 0.25, 0.125 at ranks 1, 2, 3.
 * Sum: x = .5 + .125 = .625, y = .25 + .5 = .75, z = .125 + .25 + .5 = .875: z y x.
 * Max: all three have .5 (a rank 1 each): more runs first (z, 3), then docno: z x y. */
static void test_rbp(void **state)
{
    (void)state;
    const char *a[] = { "x", "y", "z" }, *b[] = { "y", "z", "x" }, *c[] = { "z" };
    pool_run runs[] = { { "A", 3, a }, { "B", 3, b }, { "C", 1, c } };
    pool_params p;
    pool_params_init(&p);
    p.strategy = POOL_RBP_SUM;
    p.rbp_p = 0.5;
    p.order = POOL_ORDER_PRIORITY;
    expect_pool(&p, runs, 3, "z y x");
    pool_topic *t = build(&p, runs, 3, 0);
    assert_true(pool_topic_priority(t, 0) == 0.875);
    assert_true(pool_topic_priority(t, 2) == 0.625);
    pool_topic_free(&t);
    p.strategy = POOL_RBP_MAX;
    expect_pool(&p, runs, 3, "z x y");
    p.budget = 1;
    expect_pool(&p, runs, 3, "z");
}

/* A = [x y z], B = [x z y], C = [y], candidate depth D = 3: points 4 - rank.
 * x = 3 + 3 = 6, y = 2 + 1 + 3 = 6, z = 1 + 2 = 3. x and y tie: y has more runs. */
static void test_borda(void **state)
{
    (void)state;
    const char *a[] = { "x", "y", "z" }, *b[] = { "x", "z", "y" }, *c[] = { "y" };
    pool_run runs[] = { { "A", 3, a }, { "B", 3, b }, { "C", 1, c } };
    pool_params p;
    pool_params_init(&p);
    p.strategy = POOL_BORDA;
    p.depth = 3;
    p.order = POOL_ORDER_PRIORITY;
    expect_pool(&p, runs, 3, "y x z");
    pool_topic *t = build(&p, runs, 3, 1);
    assert_true(pool_topic_priority(t, 0) == 6.0);
    assert_true(pool_topic_priority(t, 2) == 3.0);
    pool_topic_free(&t);
    /* Depth 0 (whole rankings): D is the longest ranking, 3 here: the same. */
    p.depth = 0;
    expect_pool(&p, runs, 3, "y x z");
}

/* A seeded shuffle: the same for the same seed and topic whatever the runs' order, a
 * permutation of the pool, and another order for another seed. */
static void test_shuffle(void **state)
{
    (void)state;
    char names[20][4];
    const char *a[20];
    for (int i = 0; i < 20; i++) {
        snprintf(names[i], sizeof names[i], "%c", 'a' + i);
        a[i] = names[i];
    }
    const char *b[] = { "t", "c", "zz" };
    pool_run runs[] = { { "A", 20, a }, { "B", 3, b } };
    pool_params p;
    pool_params_init(&p);
    p.order = POOL_ORDER_SHUFFLE;
    p.seed = 7;
    char one[256], two[256], sorted[256];
    pool_topic *t = build(&p, runs, 2, 0);
    pool_string(t, one, sizeof one);
    assert_int_equal(pool_topic_size(t), 21);
    pool_topic_free(&t);
    t = build(&p, runs, 2, 1);
    pool_string(t, two, sizeof two);
    pool_topic_free(&t);
    assert_string_equal(one, two);
    p.order = POOL_ORDER_DOCNO;
    t = build(&p, runs, 2, 0);
    pool_string(t, sorted, sizeof sorted);
    pool_topic_free(&t);
    assert_string_equal(sorted, "a b c d e f g h i j k l m n o p q r s t zz");
    assert_string_not_equal(one, sorted);
    p.order = POOL_ORDER_SHUFFLE;
    p.seed = 8;
    t = build(&p, runs, 2, 0);
    pool_string(t, two, sizeof two);
    pool_topic_free(&t);
    assert_string_not_equal(one, two);
    assert_int_equal(strlen(one), strlen(sorted));
}

static void test_names(void **state)
{
    (void)state;
    pool_strategy s;
    pool_order o;
    assert_int_equal(pool_strategy_parse("rbp-max", &s), 0);
    assert_int_equal(s, POOL_RBP_MAX);
    assert_string_equal(pool_strategy_name(POOL_MAXMEAN), "maxmean");
    assert_int_equal(pool_strategy_parse("RRF", &s), -1);
    assert_int_equal(pool_order_parse("shuffle", &o), 0);
    assert_int_equal(o, POOL_ORDER_SHUFFLE);
    assert_true(pool_strategy_is_live(POOL_MTF));
    assert_false(pool_strategy_is_live(POOL_BORDA));
}

/* ---- live strategies ---- */

/* Asks for documents until NULL, judging each with the oracle (relevant when listed in
 * rel); writes the order. */
static void live_run(pool_live *l, const char *const *rel, size_t nrel, char *buf, size_t size)
{
    buf[0] = '\0';
    const char *d;
    int guard = 0;
    while ((d = pool_live_next(l)) != NULL && guard++ < 100) {
        int r = 0;
        for (size_t i = 0; i < nrel; i++)
            r |= strcmp(rel[i], d) == 0;
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, "%s%s", len ? " " : "", d);
        /* asking again before judging gives the same document */
        assert_string_equal(pool_live_next(l), d);
        pool_live_judged(l, d, r);
    }
}

/* A = [a1 a2 a3 a4], B = [b1 b2 b3]; relevant: a1, b1, b2.
 * MTF (priorities start at 0; ties go to the first run):
 *   A: a1 relevant, stay; a2 not: A -> -1. B (0): b1, b2 relevant, b3 not: B -> -1.
 *   A and B tie at -1: A: a3 not: A -> -2. B is exhausted: A: a4.
 *   Order: a1 a2 b1 b2 b3 a3 a4.
 * MaxMean ((1 + relevant) / (2 + judged) over what each run has passed):
 *   1/2 = 1/2: A: a1 (rel) -> A 2/3 > 1/2: a2 (not) -> A 2/4 = B 1/2: A: a3 (not) -> A 2/5
 *   < 1/2: B: b1 (rel) -> 2/3: b2 (rel) -> 3/4: b3 (not) -> B exhausted: A: a4.
 *   Order: a1 a2 a3 b1 b2 b3 a4. */
static void test_live_orders(void **state)
{
    (void)state;
    const char *a[] = { "a1", "a2", "a3", "a4" }, *b[] = { "b1", "b2", "b3" };
    const char *rel[] = { "a1", "b1", "b2" };
    pool_run runs[] = { { "A", 4, a }, { "B", 3, b } };
    char got[256];
    pool_live *l = pool_live_new(POOL_LIVE_MTF, runs, 2, 0);
    assert_int_equal(pool_live_candidates(l), 7);
    live_run(l, rel, 3, got, sizeof got);
    assert_string_equal(got, "a1 a2 b1 b2 b3 a3 a4");
    assert_int_equal(pool_live_judged_count(l), 7);
    pool_live_free(&l);
    assert_null(l);
    l = pool_live_new(POOL_LIVE_MAXMEAN, runs, 2, 0);
    live_run(l, rel, 3, got, sizeof got);
    assert_string_equal(got, "a1 a2 a3 b1 b2 b3 a4");
    pool_live_free(&l);
    /* A budget of 3 stops both after three judgments. */
    l = pool_live_new(POOL_LIVE_MTF, runs, 2, 3);
    live_run(l, rel, 3, got, sizeof got);
    assert_string_equal(got, "a1 a2 b1");
    assert_null(pool_live_next(l));
    pool_live_free(&l);
}

/* A = [a1 a2 a3], B = [b1 b2], C = [c1 a2]; relevant: a1, a2, b2, c1.
 * MTF: A: a1 rel, a2 rel, a3 not (A -1); B (0): b1 not (B -1); C (0): c1 rel, then a2 is
 * judged and C is exhausted; B (-1): b2. Order: a1 a2 a3 b1 c1 b2.
 * MaxMean: A 1/2: a1 -> 2/3: a2 -> 3/4: a3 -> A exhausted; B, C 1/2: B: b1 (not) -> 1/3;
 * C 1/2: c1 -> C passes a2 (judged) and is exhausted; B: b2. Order: a1 a2 a3 b1 c1 b2. */
static void test_live_shared_documents(void **state)
{
    (void)state;
    const char *a[] = { "a1", "a2", "a3" }, *b[] = { "b1", "b2" }, *c[] = { "c1", "a2" };
    const char *rel[] = { "a1", "a2", "b2", "c1" };
    pool_run runs[] = { { "A", 3, a }, { "B", 2, b }, { "C", 2, c } };
    char got[256];
    for (int k = 0; k < 2; k++) {
        pool_live *l = pool_live_new(k ? POOL_LIVE_MAXMEAN : POOL_LIVE_MTF, runs, 3, 0);
        assert_int_equal(pool_live_candidates(l), 6);
        live_run(l, rel, 4, got, sizeof got);
        assert_string_equal(got, "a1 a2 a3 b1 c1 b2");
        pool_live_free(&l);
    }
}

/* Judgments made before the session: never proposed again, and they steer the choice.
 * A = [a1 a2 a3 a4], B = [b1 b2 b3], b1 judged relevant before: MaxMean sees B at 2/3
 * against A's 1/2 and starts with b2; MTF still starts with A's a1 (priorities are equal).
 * An unknown document judged changes nothing, and counts for no budget. */
static void test_live_prior(void **state)
{
    (void)state;
    const char *a[] = { "a1", "a2", "a3", "a4" }, *b[] = { "b1", "b2", "b3" };
    pool_run runs[] = { { "A", 4, a }, { "B", 3, b } };
    pool_live *l = pool_live_new(POOL_LIVE_MAXMEAN, runs, 2, 2);
    pool_live_judged(l, "b1", 1);
    pool_live_judged(l, "zz", 1);
    assert_int_equal(pool_live_judged_count(l), 1);
    assert_string_equal(pool_live_next(l), "b2");
    pool_live_judged(l, "b2", 0);
    assert_null(pool_live_next(l));   /* budget 2: b1 and b2 */
    pool_live_free(&l);
    l = pool_live_new(POOL_LIVE_MTF, runs, 2, 0);
    pool_live_judged(l, "a1", 0);
    pool_live_judged(l, "b1", 1);
    assert_string_equal(pool_live_next(l), "a2");
    pool_live_free(&l);
    /* A judgment revised to relevant counts as relevant: A = [a1 a2], B = [b1 b2].
     * a1 not relevant, then revised to relevant: A 2/3 > B 1/2 after A passes a1. */
    const char *c[] = { "a1", "a2" }, *d[] = { "b1", "b2" };
    pool_run runs2[] = { { "A", 2, c }, { "B", 2, d } };
    l = pool_live_new(POOL_LIVE_MAXMEAN, runs2, 2, 0);
    pool_live_judged(l, "a1", 0);
    assert_string_equal(pool_live_next(l), "b1");   /* A 1/3 < B 1/2 */
    pool_live_judged(l, "a1", 1);
    assert_string_equal(pool_live_next(l), "a2");   /* A 2/3 > B 1/2 */
    pool_live_free(&l);
    pool_live_free(&l);
}

/* The live strategies' pool: every candidate, in the order they would propose with every
 * document judged not relevant: A = [a1 a2 a3 a4], B = [b1 b2 b3] alternate (MTF: each
 * run drops to the other's priority after one document; MaxMean: 1/2 vs 1/3 and so on). */
static void test_live_pool(void **state)
{
    (void)state;
    const char *a[] = { "a1", "a2", "a3", "a4" }, *b[] = { "b1", "b2", "b3" };
    pool_run runs[] = { { "A", 4, a }, { "B", 3, b } };
    pool_params p;
    pool_params_init(&p);
    p.order = POOL_ORDER_PRIORITY;
    p.strategy = POOL_MTF;
    expect_pool(&p, runs, 2, "a1 b1 a2 b2 a3 b3 a4");
    p.strategy = POOL_MAXMEAN;
    expect_pool(&p, runs, 2, "a1 b1 a2 b2 a3 b3 a4");
    p.depth = 2;
    expect_pool(&p, runs, 2, "a1 b1 a2 b2");
    /* A = [x y], B = [x z]. MTF: A's x (A -> -1); B (0) passes x: z (B -> -1); A: y.
     * MaxMean: A's x; then A and B have both passed x: 1/3 each, A first: y; then B: z. */
    const char *c[] = { "x", "y" }, *d[] = { "x", "z" };
    pool_run shared[] = { { "A", 2, c }, { "B", 2, d } };
    p.strategy = POOL_MTF;
    expect_pool(&p, shared, 2, "x z y");
    p.strategy = POOL_MAXMEAN;
    expect_pool(&p, shared, 2, "x y z");
}

/* Depth 2: A = [a b c] contributes a and b, B = [c d] contributes c and d (c is A's third:
 * beyond the depth), so every document is unique. Judged a 1, b 0, c 1, d 0.
 * A: AP (1/1 + 2/3) / 2 = 5/6; without a and b: c at rank 3 of 1 relevant, AP 1/3.
 * B: AP (1/1) / 2 = 1/2; without c and d: AP 0. Ranks 1, 2; left out: 2, 2. */
static void test_bias(void **state)
{
    (void)state;
    const char *a[] = { "a", "b", "c" }, *b[] = { "c", "d" };
    pool_run runs[] = { { "A", 3, a }, { "B", 2, b } };
    pool_params p;
    pool_params_init(&p);
    p.depth = 2;
    pool_topic *t = build(&p, runs, 2, 0);
    const char *jd[] = { "a", "b", "c", "d" };
    const long jg[] = { 1, 0, 1, 0 };
    pool_judged j = { jd, jg, 4 };
    pool_bias *pb = pool_bias_new(2, 1);
    pool_bias_add(pb, t, &j, 0, a, 3);
    pool_bias_add(pb, t, &j, 1, b, 2);
    const pool_bias_row *r = pool_bias_finish(pb);
    assert_float_equal(r[0].map, 5.0 / 6.0, 1e-12);
    assert_float_equal(r[0].map_loo, 1.0 / 3.0, 1e-12);
    assert_int_equal(r[0].unique, 2);
    assert_int_equal(r[0].unique_rel, 1);
    assert_int_equal(r[0].rank, 1);
    assert_int_equal(r[0].rank_loo, 2);
    assert_float_equal(r[1].map, 0.5, 1e-12);
    assert_float_equal(r[1].map_loo, 0.0, 1e-12);
    assert_int_equal(r[1].unique, 2);
    assert_int_equal(r[1].unique_rel, 1);
    assert_int_equal(r[1].rank, 2);
    assert_int_equal(r[1].rank_loo, 2);
    /* at relevance level 2 nothing is relevant: every AP is 0, no run moves */
    pool_bias_free(&pb);
    assert_null(pb);
    pb = pool_bias_new(2, 2);
    pool_bias_add(pb, t, &j, 0, a, 3);
    r = pool_bias_finish(pb);
    assert_float_equal(r[0].map, 0.0, 1e-12);
    assert_int_equal(r[0].unique_rel, 0);
    assert_int_equal(r[0].rank, 1);
    pool_bias_free(&pb);
    pool_topic_free(&t);
}

/* ---- Simulated assessment ----
 * One topic q1, candidate depth 2, qrels d1 1, d2 0, d3 1, d4 1, d5 1 (4 relevant):
 *     A: d1 d2 d3         candidates d1 d2
 *     B: d2 d4 d1         candidates d2 d4
 *     C: d3 d6 d7 d5      candidates d3 d6 (d5, relevant, is out of reach: 3 reachable)
 * MAP on the whole qrels (4 relevant): A (1 + 2/3) / 4 = .4167, B (1/2 + 2/3) / 4 = .2917,
 * C (1 + 2/4) / 4 = .375: A > C > B.
 * depth: rank 1 of A, B, C (d1 d2 d3), then rank 2 (d2 judged; d4 d6): d1 d2 d3 d4 d6.
 *   B = 1 and 2: {d1} relevant: A 1, B 1/3, C 0: A > B > C; tau (2 - 1) / 3 = 1/3;
 *     tau_AP: B under A, right (1/1); C under A, B, right once (1/2): 2/2 x 1.5 - 1 = .5;
 *     C falls from 2nd to 3rd: max_drop 1.
 *   B = 3: {d1, d3} relevant, d2 not: A (1 + 2/3) / 2, B (1/3) / 2, C 1/2: A > C > B: 1, 1, 0.
 *   B = 4: d4 too (3 relevant): A (1 + 2/3) / 3, B (1/2 + 2/3) / 3, C 1/3: A > B > C again.
 *   B = 10: 5 judged (d6 not relevant), the same.
 * mtf: A first: d1 relevant (A stays), d2 not (A drops to -1); B (first of the runs at 0
 *   with a document left): d4 relevant, then nothing left in B; C: d3, d6. d1 d2 d4 d3 d6.
 *   B = 3: {d1, d4} relevant: A 1/2, B (1/2 + 2/3) / 2, C 0: B > A > C against A > C > B:
 *     tau (1 - 2) / 3 = -1/3; tau_AP: A under B, wrong (0); C under B, A, right once
 *     (1/2): -.5; A and C each fall one place: max_drop 1.
 * rrf: d2 (1/61 + 1/62), then d1, d3 (1/61 each: by docno), then d4, d6 (1/62).
 * maxmean: A (all at 1/2; the first wins): d1 relevant (A 2/3), d2 not (A 2/4; B, past d2,
 *   1/3); C (1/2): d3 relevant, d6 not; B: d4. */
static const char *const sim_a[] = { "d1", "d2", "d3" };
static const char *const sim_b[] = { "d2", "d4", "d1" };
static const char *const sim_c[] = { "d3", "d6", "d7", "d5" };
static const char *const sim_qrels_docnos[] = { "d1", "d2", "d3", "d4", "d5" };
static const long sim_qrels_grades[] = { 1, 0, 1, 1, 1 };
static const char *const sim_tags[] = { "A", "B", "C" };
static const size_t sim_budgets[] = { 1, 2, 3, 4, 10 };

typedef struct sim_trace {
    char order[4][64];        /* per strategy, the docnos judged */
} sim_trace;

static void trace_cb(void *ctx, const char *strategy, const char *qid, size_t step,
                     const char *docno, int relevant)
{
    static const char *const names[] = { "depth", "mtf", "rrf", "maxmean" };
    sim_trace *t = ctx;
    (void)qid;
    (void)step;
    (void)relevant;
    for (size_t i = 0; i < 4; i++)
        if (strcmp(strategy, names[i]) == 0) {
            size_t len = strlen(t->order[i]);
            snprintf(t->order[i] + len, sizeof t->order[i] - len, "%s%s", len ? " " : "", docno);
        }
}

static void sim_input(pool_sim_input *in, pool_run *runs, pool_sim_topic_data *topic)
{
    runs[0] = (pool_run){ "A", N(sim_a), sim_a };
    runs[1] = (pool_run){ "B", N(sim_b), sim_b };
    runs[2] = (pool_run){ "C", N(sim_c), sim_c };
    *topic = (pool_sim_topic_data){ "q1", runs,
                                    { sim_qrels_docnos, sim_qrels_grades, N(sim_qrels_docnos) } };
    memset(in, 0, sizeof *in);
    in->nruns = 3;
    in->tags = sim_tags;
    in->topics = topic;
    in->ntopics = 1;
    in->budgets = sim_budgets;
    in->nbudgets = N(sim_budgets);
    in->depth = 2;
    in->relevance_level = 1;
}

static void test_simulate(void **state)
{
    (void)state;
    pool_run runs[3];
    pool_sim_topic_data topic;
    pool_sim_input in;
    sim_input(&in, runs, &topic);
    sim_trace trace;
    memset(&trace, 0, sizeof trace);
    in.trace = trace_cb;
    in.trace_ctx = &trace;
    pool_sim_strategy s[4];
    assert_int_equal(pool_sim_builtin("depth", &s[0]), 0);
    assert_int_equal(pool_sim_builtin("mtf", &s[1]), 0);
    assert_int_equal(pool_sim_builtin("rrf", &s[2]), 0);
    assert_int_equal(pool_sim_builtin("maxmean", &s[3]), 0);
    assert_int_equal(pool_sim_builtin("cal", &s[3]), -1);
    assert_int_equal(pool_sim_builtin("maxmean", &s[3]), 0);
    pool_sim_result res;
    util_error err = { 0, "" };
    assert_int_equal(pool_sim_run(&in, s, 4, &res, &err), 0);
    assert_string_equal(trace.order[0], "d1 d2 d3 d4 d6");
    assert_string_equal(trace.order[1], "d1 d2 d4 d3 d6");
    assert_string_equal(trace.order[2], "d2 d1 d3 d4 d6");
    assert_string_equal(trace.order[3], "d1 d2 d3 d6 d4");
    assert_int_equal(res.reachable, 3);
    assert_int_equal(res.relevant, 4);
    assert_near(res.map_full[0], (1 + 2.0 / 3) / 4);
    assert_near(res.map_full[1], (0.5 + 2.0 / 3) / 4);
    assert_near(res.map_full[2], 1.5 / 4);
    /* depth */
    static const size_t judged[] = { 1, 2, 3, 4, 5 }, found[] = { 1, 1, 2, 3, 3 };
    static const double tau[] = { 1.0 / 3, 1.0 / 3, 1, 1.0 / 3, 1.0 / 3 };
    static const double tau_ap[] = { 0.5, 0.5, 1, 0.5, 0.5 };
    static const size_t drop[] = { 1, 1, 0, 1, 1 };
    for (size_t b = 0; b < 5; b++) {
        const pool_sim_row *w = &res.rows[b];
        assert_int_equal(w->budget, sim_budgets[b]);
        assert_int_equal(w->judged, judged[b]);
        assert_int_equal(w->relevant_found, found[b]);
        assert_near(w->recall, (double)found[b] / 3);
        assert_near(w->tau, tau[b]);
        assert_near(w->tau_ap, tau_ap[b]);
        assert_int_equal(w->max_drop, drop[b]);
    }
    assert_near(res.rows[3].map[1], (0.5 + 2.0 / 3) / 3);
    /* mtf at 3 */
    const pool_sim_row *m = &res.rows[1 * 5 + 2];
    assert_int_equal(m->relevant_found, 2);
    assert_near(m->map[0], 0.5);
    assert_near(m->map[1], (0.5 + 2.0 / 3) / 2);
    assert_near(m->map[2], 0);
    assert_near(m->tau, -1.0 / 3);
    assert_near(m->tau_ap, -0.5);
    assert_int_equal(m->max_drop, 1);
    pool_sim_result_free(&res);
}

/* A strategy written outside the engine: documents in reverse docno order of run A's
 * ranking, then (a bug) the first one again. */
typedef struct rev_state {
    const pool_run *a;
    size_t next, judged;
} rev_state;

static void *rev_start(void *ctx, const pool_sim_topic *t, util_error *err)
{
    (void)err;
    (*(int *)ctx)++;
    rev_state *r = calloc(1, sizeof *r);
    r->a = &t->runs[0];
    return r;
}

static int rev_next(void *state, const char **docno, util_error *err)
{
    (void)err;
    rev_state *r = state;
    if (r->next > r->a->n)
        return 0;
    *docno = r->next == r->a->n ? r->a->docnos[r->a->n - 1] : r->a->docnos[r->a->n - 1 - r->next];
    r->next++;
    return 1;
}

static void rev_judged(void *state, const char *docno, int relevant)
{
    (void)docno;
    (void)relevant;
    ((rev_state *)state)->judged++;
}

static void rev_finish(void **state)
{
    free(*state);
    *state = NULL;
}

static void test_simulate_plugged(void **state)
{
    (void)state;
    pool_run runs[3];
    pool_sim_topic_data topic;
    pool_sim_input in;
    sim_input(&in, runs, &topic);
    in.depth = 0;
    int started = 0;
    pool_sim_strategy rev = { "rev", &started, rev_start, rev_next, rev_judged, rev_finish,
                              NULL };
    pool_sim_result res;
    util_error err = { 0, "" };
    static const size_t two[] = { 2 };
    in.budgets = two;
    in.nbudgets = 1;
    /* within the budget it is fine: d3 then d2 */
    assert_int_equal(pool_sim_run(&in, &rev, 1, &res, &err), 0);
    assert_int_equal(started, 1);
    assert_int_equal(res.rows[0].judged, 2);
    assert_int_equal(res.rows[0].relevant_found, 1);
    pool_sim_result_free(&res);
    /* asked further, it proposes d3 twice: an error that names it */
    in.budgets = sim_budgets;
    in.nbudgets = N(sim_budgets);
    assert_int_equal(pool_sim_run(&in, &rev, 1, &res, &err), -1);
    assert_non_null(strstr(err.msg, "rev proposed d3 twice"));
    assert_null(res.rows);
    /* whole rankings: depth judges every document; all judged, the ranking is the qrels' */
    pool_sim_strategy d;
    pool_sim_builtin("depth", &d);
    assert_int_equal(pool_sim_run(&in, &d, 1, &res, &err), 0);
    assert_int_equal(res.reachable, 4);
    assert_int_equal(res.rows[4].judged, 7);
    assert_int_equal(res.rows[4].relevant_found, 4);
    assert_near(res.rows[4].tau, 1);
    assert_near(res.rows[4].map[2], res.map_full[2]);
    pool_sim_result_free(&res);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rank_ties),
        cmocka_unit_test(test_rank_unsorted),
        cmocka_unit_test(test_rank_far),
        cmocka_unit_test(test_depth),
        cmocka_unit_test(test_duplicate_runs),
        cmocka_unit_test(test_rrf),
        cmocka_unit_test(test_rbp),
        cmocka_unit_test(test_borda),
        cmocka_unit_test(test_shuffle),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_live_orders),
        cmocka_unit_test(test_live_shared_documents),
        cmocka_unit_test(test_live_prior),
        cmocka_unit_test(test_live_pool),
        cmocka_unit_test(test_bias),
        cmocka_unit_test(test_simulate),
        cmocka_unit_test(test_simulate_plugged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
