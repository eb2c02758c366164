/* test_learn.c: cmocka tests of the learn module (an SGD step by hand, replay, the knee). */
/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "learn/learn.h"

/* No stemmer, no stop words: every word is a term. */
static const index_analyzer plain = { TEXT_STEM_NONE, "en", "" };

static index_inverted *three_docs(void)
{
    util_error err = { 0, "" };
    index_inverted *idx = index_new(&plain, &err);
    assert_non_null(idx);
    index_add(idx, 1, "d1", NULL, "apple cherry", 12);
    index_add(idx, 2, "d2", NULL, "banana cherry", 13);
    index_add(idx, 3, "d3", NULL, "date", 4);
    return idx;
}

static size_t term_number(index_inverted *idx, const char *word)
{
    index_term_tf *t = NULL;
    size_t n = index_text_terms(idx, word, strlen(word), &t);
    assert_int_equal(n, 1);
    size_t id = t[0].term;
    free(t);
    return id;
}

/* The forward view gives each document's terms back from the postings. */
static void test_forward(void **state)
{
    (void)state;
    index_inverted *idx = three_docs();
    index_forward *f = index_forward_new(idx);
    const index_term_tf *t;
    assert_int_equal(index_forward_docs(f), 3);
    assert_int_equal(index_forward_find(f, "d2"), 1);
    assert_int_equal(index_forward_find(f, "d9"), -1);
    assert_int_equal(index_forward_doc(f, 1, &t), 2);
    assert_int_equal(t[0].term, term_number(idx, "cherry"));
    assert_int_equal(t[1].term, term_number(idx, "banana"));
    assert_int_equal(t[0].tf, 1);
    assert_string_equal(index_docno(idx, 2), "d3");
    index_term_tf *q = NULL;
    assert_int_equal(index_text_terms(idx, "cherry kiwi apple cherry", 24, &q), 2);
    assert_int_equal(q[0].term, term_number(idx, "apple"));
    assert_int_equal(q[1].tf, 2);
    free(q);
    index_forward_free(&f);
    index_free(&idx);
}

/*
 * One SGD step worked by hand. Three documents, N = 3: d1 "apple cherry", d2 "banana
 * cherry", d3 "date". idf = log10(3 / df): apple, banana, date 0.477121; cherry (df 2)
 * 0.176091. tf is 1 everywhere, so each feature is its idf before scaling to length 1:
 *   |d1| = sqrt(0.477121^2 + 0.176091^2) = 0.508579
 *   x(d1) = apple 0.938145, cherry 0.346242; x(d2) = banana 0.938145, cherry 0.346242;
 *   x(d3) = date 1. The topic "apple" is x(q) = apple 1.
 * Rate 1, lambda 0.1, no balanced pairs, no presumed non-relevant documents.
 * Start: w = 0, b = 0. Step on the topic (y = 1): p = sigmoid(0) = 0.5, g = p - y = -0.5;
 *   w <- 0.9 w - g x(q): apple 0.5; b <- b - g = 0.5.
 * d1 judged not relevant (y = 0): score = 0.5 * 0.938145 + 0.5 = 0.969073,
 *   p = sigmoid(0.969073) = 0.724935 = g;
 *   w_apple = 0.9 * 0.5 - 0.724935 * 0.938145 = -0.230094,
 *   w_cherry = -0.724935 * 0.346242 = -0.251002, b = 0.5 - 0.724935 = -0.224935.
 * Scores: d2 = w_cherry * 0.346242 + b = -0.311842; d3 = b = -0.224935;
 *   d1 = -0.527704. The next document is d3: d2 shares cherry with the non-relevant d1.
 */
static void test_one_step_by_hand(void **state)
{
    (void)state;
    index_inverted *idx = three_docs();
    learn_features *f = learn_features_new(idx);
    learn_params p = { .rate = 1.0, .lambda = 0.1, .pairs = 0, .negatives = 0, .seed = 1 };
    learn_cal *c = learn_cal_new(f, "apple", 5, &p);
    size_t apple = term_number(idx, "apple"), cherry = term_number(idx, "cherry");
    assert_float_equal(learn_cal_weight(c, apple), 0.5, 1e-6);
    assert_float_equal(learn_cal_bias(c), 0.5, 1e-9);
    assert_string_equal(learn_cal_next(c), "d1");   /* the only document with apple */
    assert_int_equal(learn_cal_judged(c, "d1", 0), 0);
    assert_float_equal(learn_cal_weight(c, apple), -0.230094, 1e-6);
    assert_float_equal(learn_cal_weight(c, cherry), -0.251002, 1e-6);
    assert_float_equal(learn_cal_bias(c), -0.224935, 1e-6);
    assert_float_equal(learn_cal_score(c, "d2"), -0.311842, 1e-6);
    assert_float_equal(learn_cal_score(c, "d3"), -0.224935, 1e-6);
    assert_float_equal(learn_cal_score(c, "d1"), -0.527704, 1e-6);
    assert_string_equal(learn_cal_next(c), "d3");
    assert_int_equal(learn_cal_judged(c, "d3", 1), 0);
    assert_int_equal(learn_cal_judged(c, "d2", 0), 0);
    assert_null(learn_cal_next(c));
    /* a docno the index does not have counts in the gain curve only, once */
    assert_int_equal(learn_cal_judged(c, "x9", 1), -1);
    assert_int_equal(learn_cal_judged(c, "x9", 1), -1);
    const unsigned char *rel;
    assert_int_equal(learn_cal_gain(c, &rel), 4);
    assert_memory_equal(rel, "\0\1\0\1", 4);
    learn_cal_free(&c);
    learn_features_free(&f);
    index_free(&idx);
}

static index_inverted *zoo(void)
{
    util_error err = { 0, "" };
    index_inverted *idx = index_new(&plain, &err);
    static const char *const texts[] = {
        "lion tiger savanna", "tiger stripes jungle", "jungle river canoe", "river fish trout",
        "canoe paddle lake", "lion pride savanna hunt", "zebra savanna grass", "trout lake cold",
        "grass seed farm", "farm tractor field", "lion cub", "savanna rain season",
    };
    char docno[8];
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        snprintf(docno, sizeof docno, "z%02zu", i);
        index_add(idx, (int64_t)i + 1, docno, NULL, texts[i], strlen(texts[i]));
    }
    return idx;
}

/* The same judgments in the same order give the same model, bit for bit; a relabelled
 * document gives the model of the new label from the start. */
static void test_replay_and_relabel(void **state)
{
    (void)state;
    index_inverted *idx = zoo();
    learn_features *f = learn_features_new(idx);
    learn_params p;
    learn_params_init(&p);
    p.negatives = 4;
    learn_cal *a = learn_cal_new(f, "lion savanna", 12, &p);
    learn_cal *b = learn_cal_new(f, "lion savanna", 12, &p);
    learn_cal *r = learn_cal_new(f, "lion savanna", 12, &p);
    const char *judged[] = { "z05", "z00", "z06", "z03" };
    int labels[] = { 1, 1, 0, 0 };
    for (size_t i = 0; i < 4; i++) {
        learn_cal_judged(a, judged[i], labels[i]);
        learn_cal_judged(b, judged[i], labels[i]);
        learn_cal_judged(r, judged[i], i == 2 ? 1 : labels[i]);
    }
    for (size_t d = 0; d < 12; d++) {
        char docno[8];
        snprintf(docno, sizeof docno, "z%02zu", d);
        double x = learn_cal_score(a, docno), y = learn_cal_score(b, docno);
        assert_memory_equal(&x, &y, sizeof x);
    }
    assert_string_equal(learn_cal_next(a), learn_cal_next(b));
    /* z06 relabelled: r (judged relevant from the start) and a agree afterwards */
    learn_cal_judged(a, "z06", 1);
    for (size_t d = 0; d < 12; d++) {
        char docno[8];
        snprintf(docno, sizeof docno, "z%02zu", d);
        double x = learn_cal_score(a, docno), y = learn_cal_score(r, docno);
        assert_memory_equal(&x, &y, sizeof x);
    }
    learn_cal_free(&a);
    learn_cal_free(&b);
    learn_cal_free(&r);
    learn_features_free(&f);
    index_free(&idx);
}

/* Proposals come from the whole index, and follow what was judged relevant. */
static void test_follows_judgments(void **state)
{
    (void)state;
    index_inverted *idx = zoo();
    learn_features *f = learn_features_new(idx);
    learn_params p;
    learn_params_init(&p);
    p.negatives = 3;
    learn_cal *c = learn_cal_new(f, "river", 5, &p);
    const char *first = learn_cal_next(c);
    assert_true(strcmp(first, "z02") == 0 || strcmp(first, "z03") == 0);
    /* trout is what the relevant documents are about: the other trout document comes next */
    learn_cal_judged(c, "z03", 1);
    learn_cal_judged(c, "z02", 0);
    assert_string_equal(learn_cal_next(c), "z07");
    learn_cal_free(&c);
    learn_features_free(&f);
    index_free(&idx);
}

/* ---- the knee rule ---- */

/* 200 judgments finding 4 of 5 relevant, then 300 finding none: the knee is at the last
 * relevant document (199: 160 found), the slope ratio (160 / 199) / (1 / 301) = 242.01 is
 * above 156 - min(160, 150) = 6, and 500 >= 150 judgments: stop. */
static void test_knee_stops(void **state)
{
    (void)state;
    unsigned char g[500];
    for (size_t i = 0; i < 500; i++)
        g[i] = i < 200 && i % 5 != 4;
    learn_knee k;
    learn_knee_compute(g, 500, &k);
    assert_int_equal(k.found, 160);
    assert_int_equal(k.knee, 199);
    assert_int_equal(k.knee_found, 160);
    assert_float_equal(k.ratio, 160.0 / 199.0 * 301.0, 1e-9);
    assert_float_equal(k.threshold, 6.0, 0);
    assert_true(k.stop);
    /* a bend as sharp after 120 judgments (48 relevant in the first 60, then none): the
     * ratio (48 / 59) / (1 / 61) = 49.6 is above the threshold 108, no: 49.6 < 108; and
     * fewer than 150 judgments would not stop anyway */
    unsigned char s[120];
    for (size_t i = 0; i < 120; i++)
        s[i] = i < 60 && i % 5 != 4;
    learn_knee_compute(s, 120, &k);
    assert_int_equal(k.knee, 59);
    assert_float_equal(k.ratio, 48.0 / 59.0 * 61.0, 1e-9);
    assert_false(k.stop);
    /* a straight line has its farthest point at the first period: a small ratio */
    unsigned char line[300];
    for (size_t i = 0; i < 300; i++)
        line[i] = i % 5 != 4;
    learn_knee_compute(line, 300, &k);
    assert_true(k.ratio < 2);
    assert_false(k.stop);
}

/* Few relevant documents: the threshold is 156 - found. 10 relevant in the first 20 (every
 * second one) then none in 280: knee at 20, ratio (10 / 20) / (1 / 280) = 140 < 146: no
 * stop; 100 more judgments without a relevant one: (10 / 20) / (1 / 380) = 190: stop. */
static void test_knee_few_relevant(void **state)
{
    (void)state;
    unsigned char g[300] = { 0 };
    for (size_t i = 0; i < 20; i += 2)
        g[i + 1] = 1;
    learn_knee k;
    learn_knee_compute(g, 300, &k);
    assert_int_equal(k.found, 10);
    assert_int_equal(k.knee, 20);
    assert_float_equal(k.threshold, 146.0, 0);
    assert_float_equal(k.ratio, (10.0 / 20.0) * 280.0, 1e-9);
    assert_false(k.stop);          /* 140 < 146 */
    unsigned char h[400] = { 0 };
    memcpy(h, g, sizeof g);
    learn_knee_compute(h, 400, &k);
    assert_float_equal(k.ratio, (10.0 / 20.0) * 380.0, 1e-9);
    assert_true(k.stop);           /* 190 >= 146 */
    learn_knee_compute(h, 0, &k);
    assert_false(k.stop);
    assert_true(k.remaining < 0);
}

/* A gain curve that grows as 40 (1 - e^(-x/50)): after 150 judgments 38 are found and 2
 * are left; the exponential fitted through the knee estimates a few. A straight line
 * (no bend) has no estimate, or a large one. */
static void test_remaining(void **state)
{
    (void)state;
    unsigned char g[150];
    size_t prev = 0;
    for (size_t i = 1; i <= 150; i++) {
        size_t r = (size_t)floor(40.0 * (1.0 - exp(-(double)i / 50.0)));
        g[i - 1] = r > prev;
        prev = r;
    }
    learn_knee k;
    learn_knee_compute(g, 150, &k);
    assert_int_equal(k.found, 38);
    assert_true(k.remaining >= 1 && k.remaining <= 8);
    unsigned char line[200];
    for (size_t i = 0; i < 200; i++)
        line[i] = i % 4 == 0;
    learn_knee_compute(line, 200, &k);
    assert_true(k.remaining < 0 || k.remaining > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_forward),
        cmocka_unit_test(test_one_step_by_hand),
        cmocka_unit_test(test_replay_and_relabel),
        cmocka_unit_test(test_follows_judgments),
        cmocka_unit_test(test_knee_stops),
        cmocka_unit_test(test_knee_few_relevant),
        cmocka_unit_test(test_remaining),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
