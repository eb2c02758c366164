/* test_index.c: unit tests of the index: the scoring models by hand, queries, the index file. */
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
#include <unistd.h>

#include "index/index.h"

/* No stemmer, no stop words: the textbook examples count every word. */
static const index_analyzer plain = { TEXT_STEM_NONE, "en", "" };

static index_inverted *new_index(const index_analyzer *a)
{
    util_error err = { 0, "" };
    index_inverted *idx = index_new(a, &err);
    if (idx == NULL)
        fail_msg("index_new: %s", err.msg);
    return idx;
}

/* The default analysis: queries find documents through stems, stop words are not terms. */
static void test_default_analysis(void **state)
{
    (void)state;
    index_analyzer en;
    text_options_default(&en, NULL);
    assert_int_equal(en.stem, TEXT_STEM_SNOWBALL);
    assert_string_equal(en.lang, "en");
    assert_string_equal(en.stopwords, "en");
    index_inverted *idx = new_index(&en);
    index_add(idx, 1, "d1", "Trees", "The optimization of systems", 27);
    index_add(idx, 2, "d2", NULL, "A forest of the oldest tree", 27);
    assert_int_equal(index_df(idx, "tree"), 2);
    assert_int_equal(index_df(idx, "the"), 0);
    assert_int_equal(index_tf(idx, "Optimizers", "d1"), 1);
    index_params p;
    index_params_init(&p);
    index_hit h[4];
    size_t n;
    index_query(idx, "system optimizer", 16, INDEX_BM25, &p, 4, h, &n);
    assert_int_equal(n, 1);
    assert_string_equal(h[0].docno, "d1");
    index_free(&idx);
    /* a language without a stemmer is refused */
    index_analyzer xx = { TEXT_STEM_SNOWBALL, "xx", "" };
    util_error err = { 0, "" };
    assert_null(index_new(&xx, &err));
    assert_int_equal(err.code, UTIL_EXIT_USAGE);
}

/* ---- scoring ---- */

static index_hit hits[16];
static size_t nhits;

static void query(index_inverted *idx, const char *q, index_model m, const index_params *p)
{
    index_params def;
    index_params_init(&def);
    index_query(idx, q, strlen(q), m, p ? p : &def, 16, hits, &nhits);
}

static double score_of(const char *docno)
{
    for (size_t i = 0; i < nhits; i++)
        if (strcmp(hits[i].docno, docno) == 0)
            return hits[i].score;
    fail_msg("%s not retrieved", docno);
    return 0;
}

static void test_jaccard(void **state)
{
    (void)state;
    index_inverted *idx = new_index(&plain);
    const char *d1 = "caesar died in march", *d2 = "the long march";
    index_add(idx, 1, "d1", NULL, d1, strlen(d1));
    index_add(idx, 2, "d2", NULL, d2, strlen(d2));
    query(idx, "ides of march", INDEX_JACCARD, NULL);
    assert_int_equal(nhits, 2);
    /* {ides, of, march} and {caesar, died, in, march}: 1 shared of 6. */
    assert_true(fabs(score_of("d1") - 1.0 / 6) < 1e-12);
    /* {ides, of, march} and {the, long, march}: 1 shared of 5. */
    assert_true(fabs(score_of("d2") - 1.0 / 5) < 1e-12);
    assert_string_equal(hits[0].docno, "d2");
    /* Repeated words do not count twice in a set. */
    query(idx, "march march ides of", INDEX_JACCARD, NULL);
    assert_true(fabs(score_of("d1") - 1.0 / 6) < 1e-12);
    index_free(&idx);
}

/* The term frequencies of Manning, Raghavan and Schuetze, Introduction to Information
 * Retrieval (2008), chapter 6 (figure 6.9): each play is made of its counts of the seven
 * terms. */
static const char *const plays[] = { "antony-and-cleopatra", "julius-caesar", "the-tempest",
                                     "hamlet", "othello", "macbeth" };
static const char *const words[] = { "antony", "brutus", "caesar", "calpurnia", "cleopatra",
                                     "mercy", "worser" };
static const int counts[7][6] = {
    { 157, 73, 0, 0, 0, 0 },   /* antony */
    { 4, 157, 0, 1, 0, 0 },    /* brutus */
    { 232, 227, 0, 2, 1, 1 },  /* caesar */
    { 0, 10, 0, 0, 0, 0 },     /* calpurnia */
    { 57, 0, 0, 0, 0, 0 },     /* cleopatra */
    { 2, 0, 3, 5, 5, 1 },      /* mercy */
    { 2, 0, 1, 1, 1, 0 },      /* worser */
};

static index_inverted *shakespeare(void)
{
    index_inverted *idx = new_index(&plain);
    char *text = malloc(8192);
    for (int d = 0; d < 6; d++) {
        size_t len = 0;
        for (int t = 0; t < 7; t++)
            for (int k = 0; k < counts[t][d]; k++)
                len += (size_t)sprintf(text + len, "%s ", words[t]);
        index_add(idx, d + 1, plays[d], NULL, text, len);
    }
    free(text);
    return idx;
}

static void test_shakespeare_stats(void **state)
{
    (void)state;
    index_inverted *idx = shakespeare();
    assert_int_equal(index_doc_count(idx), 6);
    assert_int_equal(index_term_count(idx), 7);
    assert_int_equal(index_token_count(idx), 943);   /* 454 + 467 + 4 + 9 + 7 + 2 */
    assert_int_equal(index_df(idx, "antony"), 2);
    assert_int_equal(index_df(idx, "caesar"), 5);
    assert_int_equal(index_df(idx, "Calpurnia"), 1);
    assert_int_equal(index_tf(idx, "caesar", "julius-caesar"), 227);
    assert_int_equal(index_tf(idx, "mercy", "hamlet"), 5);
    assert_int_equal(index_tf(idx, "mercy", "julius-caesar"), 0);
    /* idf = log10(N/df): log10(6/2) = 0.4771, log10(6/5) = 0.0792. */
    assert_true(fabs(index_idf(6, 2) - 0.47712125) < 1e-8);
    assert_true(fabs(index_idf(6, 5) - 0.07918125) < 1e-8);
    index_free(&idx);
}

static void test_tf_logtf(void **state)
{
    (void)state;
    index_inverted *idx = shakespeare();
    /* Raw tf of mercy: hamlet 5, othello 5, tempest 3, antony 2, macbeth 1; the tie goes to
     * the greater docno, as trec_eval orders it. */
    query(idx, "mercy", INDEX_TF, NULL);
    assert_int_equal(nhits, 5);
    assert_string_equal(hits[0].docno, "othello");
    assert_string_equal(hits[1].docno, "hamlet");
    assert_string_equal(hits[2].docno, "the-tempest");
    assert_true(hits[0].score == 5 && hits[2].score == 3 && hits[4].score == 1);
    /* Raw tf sums over the query: brutus + caesar in julius-caesar = 157 + 227 = 384. */
    query(idx, "brutus caesar", INDEX_TF, NULL);
    assert_true(score_of("julius-caesar") == 384);
    /* log tf: mercy worser in hamlet = (1 + log10 5) + (1 + log10 1) = 2.69897. */
    query(idx, "mercy worser", INDEX_LOGTF, NULL);
    assert_true(fabs(score_of("hamlet") - 2.69897000) < 1e-8);
    /* in antony-and-cleopatra: (1 + log10 2) * 2 = 2.60206. */
    assert_true(fabs(score_of("antony-and-cleopatra") - 2.60205999) < 1e-8);
    index_free(&idx);
}

static void test_tfidf(void **state)
{
    (void)state;
    index_inverted *idx = shakespeare();
    query(idx, "brutus caesar", INDEX_TFIDF, NULL);
    assert_int_equal(nhits, 5);
    /* julius-caesar: 157 * log10(6/3) + 227 * log10(6/5) = 47.2617 + 17.9741 = 65.2359 */
    assert_true(fabs(score_of("julius-caesar") - 65.23585217) < 1e-6);
    /* antony-and-cleopatra: 4 * 0.30103 + 232 * 0.0791812 = 1.2041 + 18.3700 = 19.5742 */
    assert_true(fabs(score_of("antony-and-cleopatra") - 19.57416907) < 1e-6);
    /* hamlet: 1 * 0.30103 + 2 * 0.0791812 = 0.4594 */
    assert_true(fabs(score_of("hamlet") - 0.45939249) < 1e-6);
    assert_string_equal(hits[0].docno, "julius-caesar");
    assert_string_equal(hits[1].docno, "antony-and-cleopatra");
    assert_string_equal(hits[2].docno, "hamlet");
    /* othello and macbeth tie at log10(6/5): the greater docno first. */
    assert_string_equal(hits[3].docno, "othello");
    assert_string_equal(hits[4].docno, "macbeth");
    index_free(&idx);
}

static void test_cosine(void **state)
{
    (void)state;
    index_inverted *idx = shakespeare();
    query(idx, "brutus caesar", INDEX_COSINE, NULL);
    /* julius-caesar's tf-idf vector: antony 73 * 0.47712 = 34.8298, brutus 157 * 0.30103 =
     * 47.2617, caesar 227 * 0.07918 = 17.9741, calpurnia 10 * 0.77815 = 7.7815; its length
     * is sqrt(1213.12 + 2233.67 + 323.07 + 60.55) = 61.8903. The query's vector (0.30103,
     * 0.07918) has length 0.31127; the dot product is 14.2272 + 1.4232 = 15.6504, so the
     * cosine is 15.6504 / (0.31127 * 61.8903) = 0.81239. */
    assert_true(fabs(score_of("julius-caesar") - 0.81239345) < 1e-6);
    for (size_t i = 0; i < nhits; i++)
        assert_true(hits[i].score > 0 && hits[i].score <= 1 + 1e-12);
    /* A document compared with itself: cosine 1. */
    query(idx, "calpurnia", INDEX_COSINE, NULL);
    assert_int_equal(nhits, 1);
    index_free(&idx);
    idx = new_index(&plain);
    index_add(idx, 1, "a", NULL, "x y y", 5);
    index_add(idx, 2, "b", NULL, "z", 1);
    index_add(idx, 3, "c", NULL, "w", 1);
    query(idx, "x y y", INDEX_COSINE, NULL);
    assert_true(fabs(score_of("a") - 1) < 1e-12);
    index_free(&idx);
}

static void test_bm25(void **state)
{
    (void)state;
    index_inverted *idx = shakespeare();
    index_params p = { 1.2, 0.75 };
    query(idx, "calpurnia", INDEX_BM25, &p);
    assert_int_equal(nhits, 1);
    /* idf = ln(1 + (6 - 1 + 0.5) / (1 + 0.5)) = ln 4.6667 = 1.54045; julius-caesar has 467
     * tokens, the average is 943 / 6 = 157.167, so the length norm is 0.25 + 0.75 * 467 /
     * 157.167 = 2.47853 and the tf part 10 * 2.2 / (10 + 1.2 * 2.47853) = 1.69567; the
     * score 1.54045 * 1.69567 = 2.61208. */
    assert_true(fabs(hits[0].score - 2.61208471) < 1e-6);
    /* b = 0: no length normalisation; k1 = 0: binary, idf alone. */
    p.k1 = 0;
    query(idx, "calpurnia", INDEX_BM25, &p);
    assert_true(fabs(hits[0].score - log(1 + 5.5 / 1.5)) < 1e-12);
    assert_true(fabs(index_bm25_tf(3, 100, 50, &(index_params){ 1.2, 0 }) -
                     3 * 2.2 / (3 + 1.2)) < 1e-12);
    index_free(&idx);
    index_model m;
    assert_int_equal(index_model_parse("bm25", &m), 0);
    assert_int_equal(m, INDEX_BM25);
    assert_int_equal(index_model_parse("cosine", &m), 0);
    assert_int_equal(m, INDEX_COSINE);
    assert_int_equal(index_model_parse("BM25x", &m), -1);
    assert_string_equal(index_model_name(INDEX_LOGTF), "logtf");
}

static void test_topk(void **state)
{
    (void)state;
    index_inverted *idx = new_index(&plain);
    char docno[16], text[64];
    for (int d = 0; d < 100; d++) {
        snprintf(docno, sizeof docno, "d%03d", d);
        int len = snprintf(text, sizeof text, "term %s", d % 2 ? "odd" : "even");
        for (int k = 0; k < d % 7; k++)
            len += snprintf(text + len, sizeof text - (size_t)len, " term");
        index_add(idx, d + 1, docno, NULL, text, (size_t)len);
    }
    index_params p;
    index_params_init(&p);
    index_hit all[100], top[10];
    size_t n_all, n_top;
    index_query(idx, "term", 4, INDEX_TF, &p, 100, all, &n_all);
    index_query(idx, "term", 4, INDEX_TF, &p, 10, top, &n_top);
    assert_int_equal(n_all, 100);
    assert_int_equal(n_top, 10);
    for (size_t i = 0; i < 10; i++)
        assert_string_equal(all[i].docno, top[i].docno);
    for (size_t i = 1; i < n_all; i++)
        assert_true(all[i - 1].score > all[i].score ||
                    (all[i - 1].score == all[i].score &&
                     strcmp(all[i - 1].docno, all[i].docno) > 0));
    index_query(idx, "nothing here", 12, INDEX_BM25, &p, 10, top, &n_top);
    assert_int_equal(n_top, 0);
    index_free(&idx);
}

/* ---- the file ---- */

static void test_file(void **state)
{
    (void)state;
    char dir[] = "/tmp/tj-test-index-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], cmd[300];
    snprintf(path, sizeof path, "%s/c.tjdb.index", dir);
    char *p = index_path_for("x/c.tjdb");
    assert_string_equal(p, "x/c.tjdb.index");
    free(p);
    util_error err = { 0, "" };
    index_inverted *back = NULL;
    assert_int_equal(index_open(path, &back, &err), 0);   /* absent */
    /* Built in two steps through the file, or at once: the same answers. */
    index_inverted *whole = shakespeare();
    index_inverted *part = new_index(&plain);
    index_add(part, 1, "x", NULL, "antony mercy", 12);
    assert_int_equal(index_write(part, path, &err), 0);
    index_free(&part);
    assert_int_equal(index_open(path, &part, &err), 1);
    assert_int_equal(index_max_rowid(part), 1);
    index_add(part, 5, "y", "東京", "caesar caesar worser", 20);
    assert_int_equal(index_write(part, path, &err), 0);
    index_free(&part);
    assert_int_equal(index_open(path, &back, &err), 1);
    assert_int_equal(index_doc_count(back), 2);
    assert_int_equal(index_max_rowid(back), 5);
    assert_int_equal(index_tf(back, "caesar", "y"), 2);
    assert_int_equal(index_df(back, "東京"), 1);
    index_params prm;
    index_params_init(&prm);
    index_hit h[4];
    size_t n;
    index_query(back, "東京 mercy", strlen("東京 mercy"), INDEX_BM25, &prm, 4, h, &n);
    assert_int_equal(n, 2);
    index_free(&back);
    index_free(&whole);
    /* A truncated file, and a file of something else, are refused. */
    snprintf(cmd, sizeof cmd, "truncate -s -20 %s", path);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(index_open(path, &back, &err), -1);
    assert_non_null(strstr(err.msg, "damaged"));
    assert_null(back);
    FILE *fp = fopen(path, "w");
    fputs("not an index at all, but long enough to hold a header of one.....................",
          fp);
    fclose(fp);
    assert_int_equal(index_open(path, &back, &err), -1);
    assert_non_null(strstr(err.msg, "not a trecjudge index"));
    /* An index of version 1 (Porter's stemmer of the project's own) is to be built again. */
    fp = fopen(path, "wb");
    const uint32_t v1[2] = { 1, 0x01020304u };
    fwrite("TJINDEX\n", 1, 8, fp);
    fwrite(v1, sizeof v1, 1, fp);
    fclose(fp);
    assert_int_equal(index_open(path, &back, &err), 0);
    assert_null(back);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

/* The index remembers the words it has seen with their terms' numbers (up to 2^18 words,
 * then it starts again): a word seen before, or seen again after the index forgot it, is
 * still counted under its term. */
static void test_many_words(void **state)
{
    (void)state;
    index_analyzer en;
    text_options_default(&en, NULL);
    index_inverted *idx = new_index(&en);
    const unsigned nwords = (1u << 18) + 5000, per_doc = 1000;
    size_t cap = per_doc * 16 + 64, ndocs = 0;
    char *body = malloc(cap), docno[32];
    for (unsigned k = 0; k < nwords; k += per_doc) {
        size_t len = 0;
        for (unsigned j = k; j < k + per_doc && j < nwords; j++) {
            len += (size_t)snprintf(body + len, cap - len, "zq");
            for (unsigned v = j; v > 0 || body[len - 1] == 'q'; v /= 26)
                body[len++] = (char)('a' + v % 26);
            body[len++] = ' ';
        }
        /* in every document: a word to stem, a stop word, and the first document's word */
        len += (size_t)snprintf(body + len, cap - len, "Running the zqa");
        snprintf(docno, sizeof docno, "d%zu", ndocs++);
        index_add(idx, (int64_t)ndocs, docno, NULL, body, len);
    }
    assert_int_equal(index_doc_count(idx), ndocs);
    assert_int_equal(index_df(idx, "run"), ndocs);
    assert_int_equal(index_df(idx, "the"), 0);
    assert_int_equal(index_df(idx, "zqa"), ndocs);
    assert_int_equal(index_tf(idx, "zqa", "d0"), 2);
    assert_int_equal(index_df(idx, "zqb"), 1);
    assert_true(index_term_count(idx) > (1u << 18));   /* some words share a stem */
    free(body);
    index_free(&idx);
}

/* Every byte of a small index file changed in turn (and the file cut at every length):
 * index_open either refuses the file or gives an index that answers queries. Run under
 * the sanitizers, this is the reader's fuzz test. */
static void test_file_damage(void **state)
{
    (void)state;
    /* Hundreds of small files: in memory when the system has a tmpfs there. */
    char dir[] = "/dev/shm/tj-test-index-XXXXXX";
    if (mkdtemp(dir) == NULL) {
        memcpy(dir, "/tmp/tj-test-index-XXXXXX", sizeof "/tmp/tj-test-index-XXXXXX");
        assert_non_null(mkdtemp(dir));
    }
    char path[256], bad[256];
    snprintf(path, sizeof path, "%s/good.index", dir);
    snprintf(bad, sizeof bad, "%s/bad.index", dir);
    index_inverted *idx = new_index(&plain);
    index_add(idx, 3, "a", "t", "alpha beta beta", 15);
    index_add(idx, 7, "b", NULL, "beta 東京", strlen("beta 東京"));
    util_error err = { 0, "" };
    assert_int_equal(index_write(idx, path, &err), 0);
    index_free(&idx);
    FILE *fp = fopen(path, "rb");
    unsigned char buf[4096];
    size_t size = fread(buf, 1, sizeof buf, fp);
    fclose(fp);
    assert_true(size > 100 && size < sizeof buf);
    index_params p;
    index_params_init(&p);
    int refused = 0, accepted = 0;
    for (size_t i = 0; i <= size; i++) {
        for (int variant = 0; variant < 3; variant++) {
            unsigned char copy[4096];
            memcpy(copy, buf, size);
            size_t len = size;
            if (variant == 0 && i < size)
                copy[i] ^= 0x01;
            else if (variant == 1 && i < size)
                copy[i] = 0xff;
            else
                len = i;   /* cut */
            fp = fopen(bad, "wb");
            fwrite(copy, 1, len, fp);
            fclose(fp);
            index_inverted *back = NULL;
            int rc = index_open(bad, &back, &err);
            if (rc == 1) {
                index_hit found[4];
                size_t n;
                for (int m = INDEX_JACCARD; m <= INDEX_BM25; m++)
                    index_query(back, "alpha beta 東京", strlen("alpha beta 東京"),
                                (index_model)m, &p, 4, found, &n);
                index_free(&back);
                accepted++;
            } else {
                assert_int_equal(rc, -1);
                assert_null(back);
                refused++;
            }
        }
    }
    print_message("damaged index files: %d refused, %d read\n", refused, accepted);
    /* The cut at full length is the good file; most changes are caught. */
    assert_true(accepted >= 1);
    assert_true(refused > accepted);
    unlink(bad);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_analysis),
        cmocka_unit_test(test_jaccard),
        cmocka_unit_test(test_shakespeare_stats),
        cmocka_unit_test(test_tf_logtf),
        cmocka_unit_test(test_tfidf),
        cmocka_unit_test(test_cosine),
        cmocka_unit_test(test_bm25),
        cmocka_unit_test(test_topk),
        cmocka_unit_test(test_file),
        cmocka_unit_test(test_many_words),
        cmocka_unit_test(test_file_damage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
