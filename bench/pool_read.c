/* pool_read.c: only reads run files with the run reader: the time bench/pool.sh compares with. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "formats/formats.h"

static int count_topic(void *ctx, formats_run_topic *t, util_error *err)
{
    (void)err;
    *(size_t *)ctx += t->ndocs;
    return 0;
}

int main(int argc, char **argv)
{
    size_t docs = 0;
    for (int i = 1; i < argc; i++) {
        util_error err = { 0, "" };
        formats_run_info info;
        if (formats_run_read(argv[i], FORMATS_RUN_GROUP, count_topic, &docs, &info, &err) != 0) {
            fprintf(stderr, "pool_read: %s\n", err.msg);
            return 2;
        }
        formats_run_info_free(&info);
    }
    printf("%zu\n", docs);
    return 0;
}
