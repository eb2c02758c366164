/* eval_read.c: reads a qrels file and runs as eval does, nothing else: the read time of eval. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "formats/formats.h"

static int count_topic(void *ctx, formats_run_topic *t, util_error *err)
{
    (void)err;
    *(size_t *)ctx += t->ndocs;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: eval_read QRELS [RUN...]\n");
        return 1;
    }
    util_error err = { 0, "" };
    formats_qrels *q = formats_qrels_read_flags(argv[1], FORMATS_ANY_BYTES, &err);
    if (q == NULL) {
        fprintf(stderr, "eval_read: %s\n", err.msg);
        return 2;
    }
    size_t docs = 0;
    for (int i = 2; i < argc; i++) {
        /* The mode eval takes: a regular file streams topic by topic, and is read again
         * whole only when its topics are interleaved. */
        struct stat st;
        int mode = stat(argv[i], &st) == 0 && S_ISREG(st.st_mode) ? FORMATS_RUN_STREAM
                                                                   : FORMATS_RUN_GROUP;
        formats_run_info info;
        int rc = formats_run_read(argv[i], mode | FORMATS_ANY_BYTES, count_topic, &docs, &info,
                                  &err);
        if (rc == FORMATS_RUN_UNGROUPED) {
            formats_run_info_free(&info);
            rc = formats_run_read(argv[i], FORMATS_RUN_GROUP | FORMATS_ANY_BYTES, count_topic,
                                  &docs, &info, &err);
        }
        if (rc != 0) {
            fprintf(stderr, "eval_read: %s\n", err.msg);
            formats_qrels_free(&q);
            return 2;
        }
        formats_run_info_free(&info);
    }
    printf("%zu judgments, %zu documents retrieved\n", q->nlines, docs);
    formats_qrels_free(&q);
    return 0;
}
