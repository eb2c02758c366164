/* report_live.c: benchmark of the live report: ms per judgment, a full rebuild, 100 runs. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "metrics/metrics.h"
#include "report/report.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

enum { POOL = 3000 };

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 100, topics = argc > 2 ? atoi(argv[2]) : 50;
    int docs = argc > 3 ? atoi(argv[3]) : 1000, judged = argc > 4 ? atoi(argv[4]) : 200;
    int steps = argc > 5 ? atoi(argv[5]) : 500;
    if (runs < 1 || topics < 1 || docs < 1 || docs > POOL || judged < 1 || judged > POOL ||
        steps < 1) {
        fprintf(stderr, "usage: report_live [RUNS TOPICS DOCS JUDGED_PER_TOPIC STEPS]\n");
        return 1;
    }
    metrics_rng rng;
    metrics_rng_seed(&rng, 20261122);
    char (*docno)[16] = malloc(sizeof *docno * POOL);
    for (int d = 0; d < POOL; d++)
        snprintf(docno[d], sizeof docno[d], "DOC-%07d", d * 7919 % 10000000);
    char qid[16], tag[16];
    const char **names = malloc(sizeof *names * (size_t)docs);
    double *scores = malloc(sizeof *scores * (size_t)docs);
    int *perm = malloc(sizeof *perm * POOL);
    metrics_params p;
    metrics_params_init(&p);
    util_error me = { 0, "" };
    report_live *l = report_live_new(&p, NULL, 0.8, &me);
    if (l == NULL) {
        fprintf(stderr, "report_live: %s\n", me.msg);
        return 1;
    }
    double t0 = now();
    report_live_hold(l, 1);
    /* topic by topic, as the campaign hands the rankings over */
    for (int t = 0; t < topics; t++) {
        snprintf(qid, sizeof qid, "%d", 301 + t);
        for (int r = 0; r < runs; r++) {
            snprintf(tag, sizeof tag, "run%03d", r);
            for (int d = 0; d < POOL; d++)
                perm[d] = d;
            for (int i = 0; i < docs; i++) {
                int j = i + (int)metrics_rng_below(&rng, (uint64_t)(POOL - i));
                int x = perm[i];
                perm[i] = perm[j];
                perm[j] = x;
                names[i] = docno[perm[i]];
                scores[i] = 1000.0 - i - (double)metrics_rng_below(&rng, 100) / 100.0;
            }
            report_live_add_ranking(l, tag, qid, names, scores, (size_t)docs);
        }
    }
    double t1 = now();
    /* the judgments of a finished campaign: judged documents per topic, graded 0/1/2 */
    for (int t = 0; t < topics; t++) {
        snprintf(qid, sizeof qid, "%d", 301 + t);
        for (int k = 0; k < judged; k++) {
            uint64_t g = metrics_rng_below(&rng, 10);
            report_live_judge(l, qid, docno[metrics_rng_below(&rng, POOL)],
                              g < 7   ? 0
                              : g < 9 ? 1
                                      : 2);
        }
    }
    double t2 = now();
    report_live_hold(l, 0);
    double t3 = now();
    /* judging one document at a time, each recomputing its topic for every run */
    double worst = 0.0;
    for (int s = 0; s < steps; s++) {
        snprintf(qid, sizeof qid, "%d", 301 + (int)metrics_rng_below(&rng, (uint64_t)topics));
        uint64_t g = metrics_rng_below(&rng, 3);
        double a = now();
        report_live_judge(l, qid, docno[metrics_rng_below(&rng, POOL)], (long)g);
        double b = now() - a;
        if (b > worst)
            worst = b;
    }
    double t4 = now();
    char **lines = NULL;
    size_t n = report_live_lines(l, 120, 0, NULL, &lines);
    double t5 = now();
    printf("live report: %d runs x %d topics x %d documents, %ld judgments, %zu measures\n", runs,
           topics, docs, report_live_judgments(l), report_live_nmeasures(l));
    printf("  load rankings            %8.1f ms\n", (t1 - t0) * 1e3);
    printf("  full rebuild             %8.1f ms  (every topic for every run, and the summaries)\n",
           (t3 - t2) * 1e3);
    printf("  per judgment (mean)      %8.3f ms  over %d judgments (worst %.3f ms)\n",
           (t4 - t3) * 1e3 / steps, steps, worst * 1e3);
    printf("  leaderboard lines        %8.3f ms\n", (t5 - t4) * 1e3);
    printf("  best run: %s\n", n > 1 ? lines[1] : "");
    report_live_lines_free(&lines, n);
    report_live_free(&l);
    free(docno);
    free(names);
    free(scores);
    free(perm);
    return 0;
}
