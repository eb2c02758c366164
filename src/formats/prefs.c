/* prefs.c: the reader of preference judgments (eval -R prefs) and of qrels as preferences. */
/* SPDX-License-Identifier: MIT */
#include "formats.h"

#include <stdlib.h>
#include <string.h>

static int pref_cmp(const void *a, const void *b)
{
    const formats_pref *x = a, *y = b;
    int c = strcmp(x->qid, y->qid);
    if (c == 0)
        c = x->line < y->line ? -1 : x->line > y->line;
    return c;
}

formats_prefs *formats_prefs_read(const char *path, int from_qrels, util_error *err)
{
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    char *text = NULL;
    size_t len = 0;
    formats_pref *all = NULL;
    size_t n = 0, cap = 0;
    formats_prefs *pr = NULL;
    int want = from_qrels ? 4 : 5;
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
        char *f[5];
        size_t fl[5];
        int nf = formats_split(line, (size_t)(le - line), f, fl, want);
        if (nf < 0) {
            util_error_set(err, UTIL_EXIT_INPUT, name, lineno, "NUL byte in line");
            goto out;
        }
        if (nf == 0 || f[0][0] == '#')
            continue;
        if (nf != want) {
            util_error_set(err, UTIL_EXIT_INPUT, name, lineno,
                           "expected %d fields (%s), found %s%d", want,
                           from_qrels ? "qid jg docno level" : "qid jg jsg docno level",
                           nf > want ? "more than " : "", nf > want ? want : nf);
            goto out;
        }
        double level;
        if (util_parse_double(f[want - 1], fl[want - 1], &level) != 0) {
            util_error_set(err, UTIL_EXIT_INPUT, name, lineno, "level '%s' is not a finite number",
                           f[want - 1]);
            goto out;
        }
        util_grow(&all, &cap, n + 1, sizeof *all);
        all[n].qid = f[0];
        all[n].jg = f[1];
        all[n].jsg = from_qrels ? "0" : f[2];
        all[n].docno = f[want - 2];
        all[n].level = level;
        all[n].line = (uint32_t)lineno;
        n++;
    }
    if (n == 0) {
        util_error_set(err, UTIL_EXIT_INPUT, name, 0, "no judgments (empty file)");
        goto out;
    }
    qsort(all, n, sizeof *all, pref_cmp);
    pr = util_calloc(1, sizeof *pr);
    for (size_t i = 0; i < n; i++)
        if (i == 0 || strcmp(all[i].qid, all[i - 1].qid) != 0)
            pr->ntopics++;
    pr->topics = util_calloc(pr->ntopics, sizeof *pr->topics);
    size_t t = 0;
    for (size_t i = 0; i < n; i++) {
        if (i == 0 || strcmp(all[i].qid, all[i - 1].qid) != 0) {
            pr->topics[t].qid = all[i].qid;
            pr->topics[t].prefs = &all[i];
            t++;
        }
        pr->topics[t - 1].n++;
    }
    pr->path = util_strdup(name);
    pr->all = all;
    pr->n = n;
    pr->text = text;
    all = NULL;
    text = NULL;
out:
    free(all);
    free(text);
    return pr;
}

const formats_prefs_topic *formats_prefs_find(const formats_prefs *pr, const char *qid)
{
    size_t lo = 0, hi = pr->ntopics;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(pr->topics[mid].qid, qid);
        if (c == 0)
            return &pr->topics[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

void formats_prefs_free(formats_prefs **ppr)
{
    formats_prefs *pr = *ppr;
    if (pr == NULL)
        return;
    free(pr->topics);
    free(pr->all);
    free(pr->text);
    free(pr->path);
    free(pr);
    *ppr = NULL;
}
