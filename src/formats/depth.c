/* depth.c: the reader of per-topic pool depth files ("qid K"), for pool --depth-file. */
/* SPDX-License-Identifier: MIT */
#include "formats/formats.h"

#include <string.h>

int formats_depths_read(const char *path, int (*cb)(void *ctx, const char *qid, size_t depth),
                        void *ctx, util_error *err)
{
    formats_input *in = formats_input_open(path, err);
    if (in == NULL)
        return -1;
    char *line;
    size_t len;
    int got, rc = 0;
    while ((got = formats_input_line(in, &line, &len, err)) == 1) {
        char *f[3];
        size_t fl[3];
        int nf = formats_split(line, len, f, fl, 2);
        if (nf == 0 || f[0][0] == '#')
            continue;
        long d;
        if (nf != 2 || util_parse_long(f[1], strlen(f[1]), &d) != 0 || d < 1) {
            rc = util_error_set(err, UTIL_EXIT_INPUT, path, formats_input_lineno(in),
                                "expected \"qid depth\" with a depth >= 1");
            break;
        }
        if ((rc = cb(ctx, f[0], (size_t)d)) != 0)
            break;
    }
    formats_input_close(&in);
    return got < 0 ? -1 : rc;
}
