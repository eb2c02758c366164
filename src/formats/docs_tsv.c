/* docs_tsv.c: the reader of TSV collections ("docno<TAB>text" a line). */
/* SPDX-License-Identifier: MIT */
#include "docs_private.h"

#include <stdlib.h>
#include <string.h>

/* ---- TSV ---- */

int docs_tsv_line(docs_reader *r, const char *line, size_t len)
{
    size_t i = 0;
    while (i < len && docs_is_space(line[i]))
        i++;
    if (i == len)
        return 0;
    const char *tab = memchr(line, '\t', len);
    if (tab == NULL)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->lineno,
                              "expected id<TAB>text, found no tab");
    size_t id_len = (size_t)(tab - line);
    if (docs_docno_check(r, line, id_len, r->lineno) != 0)
        return -1;
    docs_dbuf_clear(&r->docno);
    docs_dbuf_add(&r->docno, line, id_len);
    return docs_reader_emit(r, r->docno.p, "", tab + 1, len - id_len - 1, r->lineno);
}
