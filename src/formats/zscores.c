/* zscores.c: the strict reader of z-score files ("qid measure mean stddev", for eval -Z). */
/* SPDX-License-Identifier: MIT */
#include "formats.h"

#include <stdlib.h>
#include <string.h>

static int zscore_cmp(const void *a, const void *b)
{
    const formats_zscore *x = a, *y = b;
    int c = strcmp(x->qid, y->qid);
    if (c == 0)
        c = strcmp(x->measure, y->measure);
    if (c == 0)
        c = x->line < y->line ? -1 : x->line > y->line;
    return c;
}

formats_zscores *formats_zscores_read(const char *path, util_error *err)
{
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    char *text = NULL;
    size_t len = 0;
    formats_zscore *all = NULL;
    size_t n = 0, cap = 0;
    formats_zscores *z = NULL;
    if (formats_slurp(path, FORMATS_SLURP_MAX, &text, &len, NULL, err) != 0)
        goto out;
    char *p = text, *end = text + len;
    long lineno = 0;
    while (p < end) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *le = nl != NULL ? nl : end;
        char *line = p;
        lineno++;
        p = nl != NULL ? nl + 1 : end;
        char *f[4];
        size_t fl[4];
        int nf = formats_split(line, (size_t)(le - line), f, fl, 4);
        if (nf < 0) {
            util_error_set(err, UTIL_EXIT_INPUT, name, lineno, "NUL byte in line");
            goto out;
        }
        if (nf == 0 || f[0][0] == '#')
            continue;
        if (nf != 4) {
            util_error_set(err, UTIL_EXIT_INPUT, name, lineno,
                           "expected 4 fields (qid measure mean stddev), found %s%d",
                           nf > 4 ? "more than " : "", nf > 4 ? 4 : nf);
            goto out;
        }
        double mean, stddev;
        if (util_parse_double(f[2], fl[2], &mean) != 0) {
            util_error_set(err, UTIL_EXIT_INPUT, name, lineno, "mean '%s' is not a finite number",
                           f[2]);
            goto out;
        }
        if (util_parse_double(f[3], fl[3], &stddev) != 0) {
            util_error_set(err, UTIL_EXIT_INPUT, name, lineno,
                           "standard deviation '%s' is not a finite number", f[3]);
            goto out;
        }
        if (stddev < 0) {
            util_error_set(err, UTIL_EXIT_INPUT, name, lineno,
                           "standard deviation '%s' is negative", f[3]);
            goto out;
        }
        util_grow(&all, &cap, n + 1, sizeof *all);
        all[n].qid = f[0];
        all[n].measure = f[1];
        all[n].mean = mean;
        all[n].stddev = stddev;
        all[n].line = (uint32_t)lineno;
        n++;
    }
    if (n == 0) {
        util_error_set(err, UTIL_EXIT_INPUT, name, 0, "no z-scores (empty z-score file)");
        goto out;
    }
    qsort(all, n, sizeof *all, zscore_cmp);
    for (size_t i = 1; i < n; i++) {
        if (strcmp(all[i].qid, all[i - 1].qid) == 0 &&
            strcmp(all[i].measure, all[i - 1].measure) == 0) {
            util_error_set(err, UTIL_EXIT_INPUT, name, (long)all[i].line,
                           "second z-score of measure '%s' for topic '%s' (first at line %u)",
                           all[i].measure, all[i].qid, all[i - 1].line);
            goto out;
        }
    }
    z = util_calloc(1, sizeof *z);
    z->path = util_strdup(name);
    z->entries = all;
    z->n = n;
    z->text = text;
    all = NULL;
    text = NULL;
out:
    free(all);
    free(text);
    return z;
}

const formats_zscore *formats_zscores_find(const formats_zscores *z, const char *qid,
                                           const char *measure)
{
    size_t lo = 0, hi = z->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const formats_zscore *e = &z->entries[mid];
        int c = strcmp(e->qid, qid);
        if (c == 0)
            c = strcmp(e->measure, measure);
        if (c == 0)
            return e;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

void formats_zscores_free(formats_zscores **pz)
{
    formats_zscores *z = *pz;
    if (z == NULL)
        return;
    free(z->entries);
    free(z->text);
    free(z->path);
    free(z);
    *pz = NULL;
}
