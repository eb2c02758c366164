/* merge.c: another copy of a campaign brought in: its assessors, judgments and history. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct merge_keys {
    char **v;              /* qid, docno, assessor, three by three */
    size_t n, cap;
} merge_keys;

static int key_cb(void *vctx, const char *qid, const char *docno, const char *assessor)
{
    merge_keys *k = vctx;
    util_grow(&k->v, &k->cap, k->n + 3, sizeof *k->v);
    k->v[k->n++] = util_strdup(qid);
    k->v[k->n++] = util_strdup(docno);
    k->v[k->n++] = util_strdup(assessor);
    return 0;
}

char *campaign_merge_stem(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base != NULL ? base + 1 : path;
    char *stem = util_strdup(*base ? base : "other");
    char *dot = strrchr(stem, '.');
    if (dot != NULL && dot != stem)
        *dot = '\0';
    for (unsigned char *p = (unsigned char *)stem; *p; p++)
        if (*p <= ' ' || *p == 0x7f)
            *p = '_';
    return stem;
}

int campaign_merge(store *s, const char *other, campaign_merged *r, util_error *err)
{
    merge_keys k;
    memset(&k, 0, sizeof k);
    memset(r, 0, sizeof *r);
    char *what = NULL, *stem = campaign_merge_stem(other), *name = NULL;
    int rc = -1, open = 0;
    struct stat a, b;
    if (stat(other, &b) != 0) {
        util_error_set(err, UTIL_EXIT_INPUT, other, 0, "cannot be read");
        goto out;
    }
    if (stat(store_path(s), &a) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
        util_error_set(err, UTIL_EXIT_DATA, other, 0, "is the campaign itself");
        goto out;
    }
    if (store_merge_attach(s, other, err) != 0)
        goto out;
    int missing = store_merge_missing(s, &what, err);
    if (missing < 0)
        goto out;
    if (missing > 0) {
        util_error_set(err, UTIL_EXIT_DATA, other, 0, "has %s that %s lacks: merge copies of one"
                       " campaign (import the topics and pool the runs first)", what,
                       store_path(s));
        goto out;
    }
    if (store_merge_keys_each(s, key_cb, &k, err) != 0 || store_batch_begin(s, err) != 0)
        goto out;
    open = 1;
    if (store_merge_assessors(s, &r->assessors, err) != 0)
        goto out;
    for (size_t i = 0; i < k.n; i += 3) {
        size_t len = strlen(k.v[i + 2]) + strlen(stem) + 2;
        name = util_realloc(name, len);
        snprintf(name, len, "%s@%s", k.v[i + 2], stem);
        const char *problem = util_name_problem(name, strlen(name));
        if (problem != NULL) {
            util_error_set(err, UTIL_EXIT_DATA, other, 0, "assessor name '%s' %s", name,
                           problem);
            goto out;
        }
        int outcome;
        if (store_merge_key(s, k.v[i], k.v[i + 1], k.v[i + 2], name, &outcome, err) != 0)
            goto out;
        if (outcome == STORE_MERGE_ADDED)
            r->added++;
        else if (outcome == STORE_MERGE_CONFLICT)
            r->conflicts++;
        else if (outcome == STORE_MERGE_CONFLICT_KEPT)
            r->conflicts_before++;
        else
            r->unchanged++;
        if (outcome == STORE_MERGE_CONFLICT && r->conflicts == 1)
            r->first_conflict = util_strdup(name);
        if (store_batch_yield(s, err) != 0)
            goto out;
    }
    open = 0;
    if (store_batch_end(s, err) != 0)
        goto out;
    r->conflict_suffix = stem;
    stem = NULL;
    rc = 0;
out:
    if (open)
        store_rollback(s);
    for (size_t i = 0; i < k.n; i++)
        free(k.v[i]);
    free(k.v);
    free(what);
    free(stem);
    free(name);
    return rc;
}

void campaign_merged_free(campaign_merged *r)
{
    util_free(&r->conflict_suffix);
    util_free(&r->first_conflict);
}
