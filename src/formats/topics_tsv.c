/* topics_tsv.c: the reader of "id<TAB>text" topics. */
/* SPDX-License-Identifier: MIT */
#include "topics_private.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- id<TAB>text ---- */

int topics_tsv_read(reader *r, const char *s, size_t n)
{
    const char *p = s, *end = s + n;
    long line = 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl != NULL ? nl : end;
        line++;
        if (e > p && e[-1] == '\r')
            e--;
        if (!topics_is_blank(p, e)) {
            const char *tab = memchr(p, '\t', (size_t)(e - p));
            if (tab == NULL)
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                      "expected id<TAB>text, found no tab");
            topics_topic_begin(r, line);
            if (topics_topic_id(r, p, (size_t)(tab - p), line, 0) != 0)
                return -1;
            topics_topic_field(r, "title", 5, r->empty, tab + 1, (size_t)(e - tab - 1));
            if (r->nrefs == 0)
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                      "topic '%s' has no text", r->text.p + r->qid);
            if (topics_topic_end(r, "") != 0)
                return -1;
        }
        p = nl != NULL ? nl + 1 : end;
    }
    return 0;
}
