/* search_query.c: times index_query on a file's queries: median, p99 and mean latency. */
/* SPDX-License-Identifier: MIT */

/*
 * Usage: search_query INDEX QUERIES [MODEL] [DEPTH] [REPEAT]
 *
 * INDEX is a "<campaign>.index" file built by `trecjudge index`; QUERIES has lines
 * "qid<TAB>text". Every query runs REPEAT times (default 3) in turn, with MODEL (default
 * bm25) and DEPTH results (default 1000); each run is timed alone (CLOCK_MONOTONIC).
 * Prints one line: queries, runs, median, p99, mean (milliseconds), and the time to open
 * the index.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "index/index.h"

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

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 6) {
        fprintf(stderr, "usage: search_query INDEX QUERIES [MODEL] [DEPTH] [REPEAT]\n");
        return 1;
    }
    index_model model = INDEX_BM25;
    if (argc > 3 && index_model_parse(argv[3], &model) != 0) {
        fprintf(stderr, "search_query: unknown model '%s'\n", argv[3]);
        return 1;
    }
    size_t depth = argc > 4 ? (size_t)strtoul(argv[4], NULL, 10) : 1000;
    int repeat = argc > 5 ? atoi(argv[5]) : 3;
    if (depth == 0 || repeat < 1) {
        fprintf(stderr, "search_query: DEPTH and REPEAT must be positive\n");
        return 1;
    }
    util_error err = { 0, "" };
    index_inverted *idx = NULL;
    double t0 = now();
    if (index_open(argv[1], &idx, &err) != 1) {
        fprintf(stderr, "search_query: %s\n", err.code ? err.msg : "no index file");
        return 1;
    }
    double open_ms = (now() - t0) * 1e3;
    FILE *fp = fopen(argv[2], "r");
    if (fp == NULL) {
        perror(argv[2]);
        return 1;
    }
    char **queries = NULL, line[65536];
    size_t nq = 0, cap = 0;
    while (fgets(line, sizeof line, fp) != NULL) {
        char *tab = strchr(line, '\t');
        if (tab == NULL)
            continue;
        line[strcspn(line, "\n")] = '\0';
        util_grow(&queries, &cap, nq + 1, sizeof *queries);
        queries[nq++] = util_strdup(tab + 1);
    }
    fclose(fp);
    index_params p;
    index_params_init(&p);
    index_hit *hits = util_malloc(depth * sizeof *hits);
    double *ms = util_malloc((nq * (size_t)repeat + 1) * sizeof *ms), sum = 0;
    size_t nms = 0, n;
    for (int r = 0; r < repeat; r++)
        for (size_t i = 0; i < nq; i++) {
            double t = now();
            index_query(idx, queries[i], strlen(queries[i]), model, &p, depth, hits, &n);
            ms[nms] = (now() - t) * 1e3;
            sum += ms[nms++];
        }
    qsort(ms, nms, sizeof *ms, cmp_double);
    size_t k99 = nms * 99 / 100 < nms ? nms * 99 / 100 : nms - 1;
    double median = nms ? ms[nms / 2] : 0, p99 = nms ? ms[k99] : 0;
    printf("queries %zu  runs %zu  median %.3f ms  p99 %.3f ms  mean %.3f ms  open %.0f ms\n",
           nq, nms, median, p99, nms ? sum / (double)nms : 0, open_ms);
    for (size_t i = 0; i < nq; i++)
        free(queries[i]);
    free(queries);
    free(hits);
    free(ms);
    index_free(&idx);
    return 0;
}
