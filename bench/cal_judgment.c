/* cal_judgment.c: times a judgment of continuous active learning (learn, propose). */
/* SPDX-License-Identifier: MIT */

/*
 * Usage: cal_judgment [DOCS [JUDGMENTS]]        a synthetic collection (default 100000 docs)
 *        cal_judgment --index FILE [JUDGMENTS]  a "<campaign>.index" built by trecjudge index
 *
 * The synthetic documents have 150 words drawn from a Zipf distribution over 50,000 words
 * (a fixed generator: the same collection every run), without the 100 most frequent, as
 * the index drops stop words. The topic is three mid-frequency
 * words. Each judgment follows CAL's proposal; a document is relevant when it holds the
 * topic's first word (the oracle). Each judgment (learn_cal_judged then learn_cal_next) is
 * timed alone with CLOCK_MONOTONIC. Prints one line: documents, judgments, relevant
 * found, median, p99 and mean milliseconds per judgment, and the time to build the
 * features.
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "learn/learn.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static uint64_t rng_state = 42;

static double uniform(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (double)((z ^ (z >> 31)) >> 11) / 9007199254740992.0;
}

#define VOCAB 50000
#define WORDS 150
#define STOPWORDS 100

static index_inverted *synthetic(size_t ndocs)
{
    util_error err = { 0, "" };
    index_analyzer a = { TEXT_STEM_NONE, "en", "" };
    index_inverted *idx = index_new(&a, &err);
    double *cdf = malloc(VOCAB * sizeof *cdf), sum = 0;
    for (size_t w = 0; w < VOCAB; w++)
        cdf[w] = sum += 1.0 / pow((double)w + 1.0, 1.07);
    char *text = malloc(WORDS * 8 + 1);
    for (size_t d = 0; d < ndocs; d++) {
        size_t len = 0;
        for (size_t i = 0; i < WORDS; i++) {
            double x = cdf[STOPWORDS - 1] + uniform() * (sum - cdf[STOPWORDS - 1]);
            size_t lo = 0, hi = VOCAB - 1;
            while (lo < hi) {
                size_t mid = (lo + hi) / 2;
                if (cdf[mid] < x)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            len += (size_t)sprintf(text + len, "w%zu ", lo);
        }
        char docno[32];
        snprintf(docno, sizeof docno, "D%07zu", d);
        index_add(idx, (int64_t)d + 1, docno, NULL, text, len);
    }
    free(text);
    free(cdf);
    return idx;
}

int main(int argc, char **argv)
{
    index_inverted *idx = NULL;
    size_t judgments = 500;
    const char *topic = "w300 w1200 w2500";
    if (argc >= 3 && strcmp(argv[1], "--index") == 0) {
        util_error err = { 0, "" };
        if (index_open(argv[2], &idx, &err) != 1) {
            fprintf(stderr, "cal_judgment: %s\n", err.code ? err.msg : "no index file");
            return 1;
        }
        if (argc > 3)
            judgments = (size_t)strtoul(argv[3], NULL, 10);
        topic = "measurement of dielectric constant of liquids";
    } else {
        size_t ndocs = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 100000;
        if (argc > 2)
            judgments = (size_t)strtoul(argv[2], NULL, 10);
        idx = synthetic(ndocs);
    }
    double t0 = now();
    learn_features *f = learn_features_new(idx);
    double build_ms = (now() - t0) * 1e3;
    learn_params p;
    learn_params_init(&p);
    learn_cal *c = learn_cal_new(f, topic, strlen(topic), &p);
    index_term_tf *first = NULL;
    size_t nfirst = index_text_terms(idx, topic, strlen(topic), &first);
    const index_posting *post = NULL;
    size_t npost = nfirst > 0 ? index_postings(idx, first[0].term, &post) : 0;
    unsigned char *rel = calloc(index_doc_count(idx) + 1, 1);
    for (size_t i = 0; i < npost; i++)
        rel[post[i].doc] = 1;
    index_forward *fwd = index_forward_new(idx);
    double *ms = calloc(judgments + 1, sizeof *ms);
    size_t done = 0, found = 0;
    const char *next = learn_cal_next(c);
    while (done < judgments && next != NULL) {
        int r = rel[index_forward_find(fwd, next)];
        found += (size_t)r;
        double t = now();
        learn_cal_judged(c, next, r);
        next = learn_cal_next(c);
        ms[done++] = (now() - t) * 1e3;
    }
    double mean = 0;
    for (size_t i = 0; i < done; i++)
        mean += ms[i] / (double)done;
    qsort(ms, done, sizeof *ms, cmp_double);
    printf("docs %zu judgments %zu relevant %zu/%zu median %.3f ms p99 %.3f ms mean %.3f ms"
           " features %.0f ms\n", index_doc_count(idx), done, found, npost,
           done ? ms[done / 2] : 0, done ? ms[done * 99 / 100] : 0, mean, build_ms);
    free(ms);
    free(rel);
    free(first);
    index_forward_free(&fwd);
    learn_cal_free(&c);
    learn_features_free(&f);
    index_free(&idx);
    return 0;
}
