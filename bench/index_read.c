/* index_read.c: reads the documents of a campaign as `trecjudge index` does, for benchmarks. */
/* SPDX-License-Identifier: MIT */

/*
 * Usage: index_read [--split | --analyze] CAMPAIGN
 *
 * Reads every document of the campaign with store_docs_each, the query the index is built
 * from, and hashes its docno, title and text, as a consumer that keeps them would. With
 * --split it also splits the title and the text into words (text_split), what any index
 * of them must do; with --analyze, into terms with the index's default analysis (Snowball's
 * English stemmer and English stop words: text_tokenize, every word's term looked up in the
 * analyzer's memo or worked out). Neither builds postings or writes a file.
 * Prints one line: "docs N bytes B terms T seconds S mbps R", T the words (--split) or
 * terms (--analyze), S the wall time of the read alone, B the bytes of title and text,
 * R = B / 10^6 / S.
 */

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "store/store.h"
#include "text/text.h"

typedef struct sink {
    int split;          /* count the words of text_split */
    text_analyzer *a;   /* count the terms of text_tokenize */
    size_t docs;
    uint64_t bytes, terms, sum;
} sink;

static int count_term(void *ctx, const char *term, size_t len)
{
    (void)term;
    (void)len;
    (*(uint64_t *)ctx)++;
    return 0;
}

static int count_piece(void *ctx, const char *s, size_t len, int word)
{
    (void)s;
    (void)len;
    (void)word;
    (*(uint64_t *)ctx)++;
    return 0;
}

static int take(void *ctx, int64_t rowid, const char *docno, const char *title, const char *body,
                size_t body_len)
{
    (void)rowid;
    sink *s = ctx;
    size_t tl = title != NULL ? strlen(title) : 0;
    s->docs++;
    s->bytes += tl + body_len;
    s->sum += util_hash(docno, strlen(docno)) ^ util_hash(body, body_len);
    if (title != NULL)
        s->sum += util_hash(title, tl);
    if (s->split) {
        if (title != NULL)
            text_split(title, tl, count_piece, &s->terms);
        text_split(body, body_len, count_piece, &s->terms);
    } else if (s->a != NULL) {
        if (title != NULL)
            text_tokenize(s->a, title, tl, count_term, &s->terms);
        text_tokenize(s->a, body, body_len, count_term, &s->terms);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int split = argc == 3 && strcmp(argv[1], "--split") == 0;
    int analyze = argc == 3 && strcmp(argv[1], "--analyze") == 0;
    if (argc != 2 + split + analyze) {
        fprintf(stderr, "usage: index_read [--split | --analyze] CAMPAIGN\n");
        return 1;
    }
    util_error err = { 0, "" };
    sink s;
    memset(&s, 0, sizeof s);
    s.split = split;
    store *st = NULL;
    int rc = 2;
    if (analyze) {
        text_options o;
        text_options_default(&o, NULL);
        if ((s.a = text_analyzer_new(&o, &err)) == NULL)
            goto out;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (store_open_readonly(argv[argc - 1], &st, &err) != 0 ||
        store_docs_each(st, 0, take, &s, &err) != 0)
        goto out;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("docs %zu bytes %llu terms %llu seconds %.3f mbps %.1f checksum %016llx\n", s.docs,
           (unsigned long long)s.bytes, (unsigned long long)s.terms, secs,
           (double)s.bytes / 1e6 / secs, (unsigned long long)s.sum);
    rc = 0;
out:
    if (rc != 0)
        fprintf(stderr, "index_read: %s\n", err.msg);
    store_close(&st);
    text_analyzer_free(&s.a);
    return rc;
}
