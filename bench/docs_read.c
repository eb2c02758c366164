/* docs_read.c: reads a document collection and prints the throughput, for bench/docs.sh. */
/* SPDX-License-Identifier: MIT */

/*
 * Usage: docs_read FORMAT FILE
 *
 * Prints one line: "docs DOCS bytes BYTES repaired N seconds S mbps R", where BYTES are
 * the (uncompressed) input bytes the reader counted, S the wall time of the read alone
 * and R = BYTES / 10^6 / S. The callback copies each document and hashes the copy, as a
 * consumer that stores the documents would.
 */

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "formats/formats.h"

typedef struct sink {
    char *copy;
    size_t cap;
    uint64_t sum;
} sink;

static int take(void *ctx, const formats_doc *d, util_error *err)
{
    (void)err;
    sink *s = ctx;
    size_t need = strlen(d->docno) + strlen(d->title) + d->body_len + 3;
    if (need > s->cap) {
        s->cap = need * 2;
        s->copy = util_realloc(s->copy, s->cap);
    }
    size_t o = 0, n = strlen(d->docno);
    memcpy(s->copy, d->docno, n + 1);
    o += n + 1;
    n = strlen(d->title);
    memcpy(s->copy + o, d->title, n + 1);
    o += n + 1;
    memcpy(s->copy + o, d->body, d->body_len + 1);
    s->sum += util_hash(s->copy, need);
    return 0;
}

int main(int argc, char **argv)
{
    formats_docs_format fmt;
    if (argc != 3 || formats_docs_format_parse(argv[1], &fmt) != 0) {
        fprintf(stderr, "usage: docs_read auto|trec|jsonl|tsv FILE\n");
        return 1;
    }
    sink s = { NULL, 0, 0 };
    formats_docs_stats st;
    util_error err = { 0, "" };
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = formats_docs_read(argv[2], fmt, take, &s, &st, &err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (rc != 0) {
        fprintf(stderr, "docs_read: %s\n", err.msg);
        return 2;
    }
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("docs %zu bytes %llu repaired %zu seconds %.3f mbps %.1f checksum %016llx\n", st.docs,
           (unsigned long long)st.bytes, st.repaired, secs, (double)st.bytes / 1e6 / secs,
           (unsigned long long)s.sum);
    util_free(&s.copy);
    return 0;
}
