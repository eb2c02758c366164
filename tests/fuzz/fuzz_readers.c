/* fuzz_readers.c: libFuzzer targets for the run and qrels readers (one binary per target via FUZZ_TARGET). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "formats/formats.h"
#include "metrics/metrics.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Puts the input in an anonymous file so the readers open it by path like any file. */
static int input_path(const uint8_t *data, size_t size, char *path, size_t n)
{
    int fd = memfd_create("fuzz-input", 0);
    if (fd < 0)
        return -1;
    if (size > 0 && write(fd, data, size) != (ssize_t)size) {
        close(fd);
        return -1;
    }
    snprintf(path, n, "/proc/self/fd/%d", fd);
    return fd;
}

#if FUZZ_TARGET == 1
static int count_topic(void *ctx, formats_run_topic *t, util_error *err)
{
    (void)err;
    size_t *n = ctx;
    /* Rank the topic the way eval does, to reach the sort with arbitrary scores. */
    metrics_doc docs[64];
    long rels[64];
    size_t k = t->ndocs < 64 ? t->ndocs : 64;
    for (size_t i = 0; i < k; i++) {
        docs[i].score = t->docs[i].score;
        docs[i].docno = t->docs[i].docno;
        docs[i].rel = (long)(t->docs[i].hash % 4) - 2;
    }
    metrics_params p;
    metrics_params_init(&p);
    metrics_topic mt;
    memset(&mt, 0, sizeof mt);
    metrics_rank(docs, k, &p, rels, &mt);
    *n += t->ndocs;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = input_path(data, size, path, sizeof path);
    if (fd < 0)
        return 0;
    for (int mode = 0; mode < 2; mode++) {
        size_t n = 0;
        formats_run_info info;
        util_error err = { 0, "" };
        formats_run_read(path, (enum formats_run_mode)mode, count_topic, &n, &info, &err);
        formats_run_info_free(&info);
    }
    close(fd);
    return 0;
}
#else
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = input_path(data, size, path, sizeof path);
    if (fd < 0)
        return 0;
    util_error err = { 0, "" };
    formats_qrels *q = formats_qrels_read(path, &err);
    if (q != NULL) {
        for (size_t i = 0; i < q->ntopics; i++) {
            const formats_qrels_topic *t = formats_qrels_find(q, q->topics[i].qid);
            for (size_t k = 0; t != NULL && k < t->n; k++)
                if (formats_qrels_lookup(t, t->qrels[k].docno, t->qrels[k].docno_len,
                                         t->qrels[k].hash) == NULL)
                    __builtin_trap();
        }
        formats_qrels_free(&q);
    }
    close(fd);
    return 0;
}
#endif
