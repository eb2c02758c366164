/* rank.c: retrieved documents and judgments turned into the ranked grades every measure reads. */
/* SPDX-License-Identifier: MIT */
#include "metrics.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

void metrics_params_init(metrics_params *p)
{
    memset(p, 0, sizeof *p);
    p->relevance_level = 1;
    p->max_docs = LONG_MAX;
    p->jk_base = 2.0;
}

/* trec_eval's order (UTIL_DOC_BEFORE). */
static inline int doc_before(const metrics_doc *a, const metrics_doc *b)
{
    return UTIL_DOC_BEFORE(a, b);
}

static void insertion_sort(metrics_doc *d, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        metrics_doc x = d[i];
        size_t j = i;
        while (j > 0 && doc_before(&x, &d[j - 1])) {
            d[j] = d[j - 1];
            j--;
        }
        d[j] = x;
    }
}

static void swap_doc(metrics_doc *a, metrics_doc *b)
{
    metrics_doc t = *a;
    *a = *b;
    *b = t;
}

/* Introsort-like quicksort with a median-of-three pivot; no two documents compare equal
 * (docnos are unique within a topic), so any correct sort gives trec_eval's order. */
static void quick_sort(metrics_doc *d, size_t n, int depth)
{
    while (n > 24) {
        if (depth-- == 0) {
            /* Fall back to a heap sort on pathological input. */
            for (size_t i = n / 2; i-- > 0;) {
                size_t k = i;
                for (;;) {
                    size_t c = 2 * k + 1;
                    if (c >= n)
                        break;
                    if (c + 1 < n && doc_before(&d[c], &d[c + 1]))
                        c++;
                    if (!doc_before(&d[k], &d[c]))
                        break;
                    swap_doc(&d[k], &d[c]);
                    k = c;
                }
            }
            for (size_t end = n; end-- > 1;) {
                swap_doc(&d[0], &d[end]);
                size_t k = 0;
                for (;;) {
                    size_t c = 2 * k + 1;
                    if (c >= end)
                        break;
                    if (c + 1 < end && doc_before(&d[c], &d[c + 1]))
                        c++;
                    if (!doc_before(&d[k], &d[c]))
                        break;
                    swap_doc(&d[k], &d[c]);
                    k = c;
                }
            }
            return;
        }
        size_t mid = n / 2;
        if (doc_before(&d[mid], &d[0]))
            swap_doc(&d[mid], &d[0]);
        if (doc_before(&d[n - 1], &d[0]))
            swap_doc(&d[n - 1], &d[0]);
        if (doc_before(&d[n - 1], &d[mid]))
            swap_doc(&d[n - 1], &d[mid]);
        metrics_doc pivot = d[mid];
        size_t i = 0, j = n - 1;
        for (;;) {
            while (doc_before(&d[i], &pivot))
                i++;
            while (doc_before(&pivot, &d[j]))
                j--;
            if (i >= j)
                break;
            swap_doc(&d[i], &d[j]);
            i++;
            j--;
        }
        size_t left = j + 1;
        if (left < n - left) {
            quick_sort(d, left, depth);
            d += left;
            n -= left;
        } else {
            quick_sort(d + left, n - left, depth);
            n = left;
        }
    }
    insertion_sort(d, n);
}

/* Insertion sort that gives up after about `budget` moves: 1 when d is sorted, 0 when it
 * gave up (d is then a permutation of what it was, to be sorted another way). */
static int insertion_sort_bounded(metrics_doc *d, size_t n, size_t budget)
{
    for (size_t i = 1; i < n; i++) {
        if (!doc_before(&d[i], &d[i - 1]))
            continue;
        metrics_doc x = d[i];
        size_t j = i;
        do {
            d[j] = d[j - 1];
            j--;
        } while (j > 0 && doc_before(&x, &d[j - 1]));
        d[j] = x;
        size_t moved = i - j;
        if (moved >= budget)
            return 0;
        budget -= moved;
    }
    return 1;
}

static void sort_docs(metrics_doc *d, size_t n)
{
    /* Runs are usually written in rank order already, but for the order of documents of
     * equal score (trec_eval breaks ties by docno): an insertion sort costs little more than
     * the check then, and a few moves per document are its limit. */
    if (insertion_sort_bounded(d, n, 4 * n + 16))
        return;
    int depth = 0;
    for (size_t m = n; m > 1; m >>= 1)
        depth += 2;
    quick_sort(d, n, depth);
}

void metrics_rank(metrics_doc *docs, size_t n, const metrics_params *p, long *rels_out,
                  metrics_topic *t)
{
    sort_docs(docs, n);
    size_t keep = n;
    if (p->max_docs >= 0 && (unsigned long)p->max_docs < keep)
        keep = (size_t)p->max_docs;
    if (p->max_docs < 0)
        keep = 0;
    t->rels = rels_out;
    t->num_rel_ret = t->num_nonpool = t->num_unjudged = 0;
    long k = 0;
    for (size_t i = 0; i < keep; i++) {
        long rel = docs[i].rel;
        if (p->judged_only) {
            /* Unjudged documents are dropped; the counts of dropped kinds stay zero. */
            if (rel < 0)
                continue;
        } else if (rel == METRICS_NONPOOL) {
            t->num_nonpool++;
        } else if (rel == METRICS_UNJUDGED) {
            t->num_unjudged++;
        }
        if (rel >= 0 && rel >= p->relevance_level)
            t->num_rel_ret++;
        rels_out[k++] = rel;
    }
    t->num_ret = k;
}

size_t metrics_levels_size(const long *grades, size_t n)
{
    long max = -1;
    for (size_t i = 0; i < n; i++)
        if (grades[i] > max)
            max = grades[i];
    return (size_t)(max + 1);
}

void metrics_levels(const long *grades, size_t n, const metrics_params *p, long *levels,
                    metrics_topic *t)
{
    size_t size = metrics_levels_size(grades, n);
    memset(levels, 0, size * sizeof *levels);
    for (size_t i = 0; i < n; i++)
        if (grades[i] >= 0)
            levels[grades[i]]++;
    t->rel_levels = levels;
    t->num_rel_levels = 0;
    t->num_rel = 0;
    for (size_t i = 0; i < size; i++) {
        if (levels[i] != 0) {
            t->num_rel_levels = (long)i + 1;
            if ((long)i >= p->relevance_level)
                t->num_rel += levels[i];
        }
    }
}
