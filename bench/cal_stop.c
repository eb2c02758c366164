/* cal_stop.c: CAL replayed with qrels as the assessor: the knee rule's stops, the estimate left. */
/* SPDX-License-Identifier: MIT */

/*
 * Usage: cal_stop INDEX TOPICS QRELS [MAX [AT]]
 *
 * INDEX is a "<campaign>.index" built by `trecjudge index`; TOPICS has lines "qid<TAB>text"
 * (the text CAL is seeded with); QRELS is a TREC qrels file (grade >= 1: relevant). For each
 * topic with a relevant document, CAL (default parameters) proposes up to MAX documents
 * (default 1000), the qrels answering. Prints one line a topic: where the knee rule first
 * says stop (or that it did not), the recall there, and at AT judgments (default 100) the
 * estimate of relevant documents left beside the true number; then the totals.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "learn/learn.h"

typedef struct judged {
    char qid[64], docno[128];
    int relevant;
} judged;

static int is_relevant(const judged *q, size_t n, const char *qid, const char *docno)
{
    for (size_t i = 0; i < n; i++)
        if (q[i].relevant && strcmp(q[i].qid, qid) == 0 && strcmp(q[i].docno, docno) == 0)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 4 || argc > 6) {
        fprintf(stderr, "usage: cal_stop INDEX TOPICS QRELS [MAX [AT]]\n");
        return 1;
    }
    size_t max = argc > 4 ? (size_t)strtoul(argv[4], NULL, 10) : 1000;
    size_t at = argc > 5 ? (size_t)strtoul(argv[5], NULL, 10) : 100;
    util_error err = { 0, "" };
    index_inverted *idx = NULL;
    if (index_open(argv[1], &idx, &err) != 1) {
        fprintf(stderr, "cal_stop: %s\n", err.code ? err.msg : "no index file");
        return 1;
    }
    FILE *qf = fopen(argv[3], "r"), *tf = fopen(argv[2], "r");
    if (qf == NULL || tf == NULL) {
        fprintf(stderr, "cal_stop: cannot read the topics or the qrels\n");
        return 1;
    }
    judged *q = NULL;
    size_t nq = 0, cap = 0;
    char a[64], b[64], c[128];
    long grade;
    while (fscanf(qf, "%63s %63s %127s %ld", a, b, c, &grade) == 4) {
        util_grow(&q, &cap, nq + 1, sizeof *q);
        snprintf(q[nq].qid, sizeof q[nq].qid, "%s", a);
        snprintf(q[nq].docno, sizeof q[nq].docno, "%s", c);
        q[nq++].relevant = grade >= 1;
    }
    fclose(qf);
    learn_features *f = learn_features_new(idx);
    learn_params p;
    learn_params_init(&p);
    char line[65536];
    size_t topics = 0, stops = 0, stop_judged = 0, known = 0, unknown = 0;
    double stop_recall = 0, est = 0, truth = 0, truth_unknown = 0;
    while (fgets(line, sizeof line, tf) != NULL) {
        char *tab = strchr(line, '\t');
        if (tab == NULL)
            continue;
        *tab = '\0';
        char *text = tab + 1;
        text[strcspn(text, "\r\n")] = '\0';
        size_t nrel = 0;
        for (size_t i = 0; i < nq; i++)
            nrel += q[i].relevant && strcmp(q[i].qid, line) == 0;
        if (nrel == 0)
            continue;
        topics++;
        learn_cal *l = learn_cal_new(f, text, strlen(text), &p);
        size_t found = 0, stop_at = 0, stop_found = 0;
        double left_est = -1;
        size_t left_true = 0;
        for (size_t k = 1; k <= max; k++) {
            const char *d = learn_cal_next(l);
            if (d == NULL)
                break;
            int r = is_relevant(q, nq, line, d);
            found += (size_t)r;
            learn_cal_judged(l, d, r);
            const unsigned char *g;
            size_t n = learn_cal_gain(l, &g);
            learn_knee kn;
            learn_knee_compute(g, n, &kn);
            if (stop_at == 0 && kn.stop) {
                stop_at = k;
                stop_found = found;
            }
            if (k == at) {
                left_est = kn.remaining;
                left_true = nrel - found;
            }
        }
        if (stop_at > 0) {
            stops++;
            stop_judged += stop_at;
            stop_recall += (double)stop_found / (double)nrel;
            printf("%s\tstop at %zu\trecall %.3f", line, stop_at,
                   (double)stop_found / (double)nrel);
        } else {
            printf("%s\tno stop by %zu\t", line, max);
        }
        if (left_est >= 0) {
            known++;
            est += left_est;
            truth += (double)left_true;
            printf("\tat %zu: %.1f left estimated, %zu in truth\n", at, left_est, left_true);
        } else {
            unknown++;
            truth_unknown += (double)left_true;
            printf("\tat %zu: no estimate, %zu in truth\n", at, left_true);
        }
        learn_cal_free(&l);
    }
    printf("topics %zu; knee stops %zu (mean judged %.0f, mean recall %.3f); at %zu judgments: "
           "%zu estimates summing %.0f left against %.0f in truth, %zu unknown (%.0f left)\n",
           topics, stops, stops ? (double)stop_judged / (double)stops : 0,
           stops ? stop_recall / (double)stops : 0, at, known, est, truth, unknown,
           truth_unknown);
    fclose(tf);
    free(q);
    learn_features_free(&f);
    index_free(&idx);
    return 0;
}
