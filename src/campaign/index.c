/* index.c: the campaign's search index, built or brought up to date. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct add_ctx {
    index_inverted *idx;
    size_t added;
    uint64_t bytes;
    util_progress bar;
} add_ctx;

static int add_cb(void *vctx, int64_t rowid, const char *docno, const char *title,
                  const char *body, size_t body_len)
{
    add_ctx *c = vctx;
    index_add(c->idx, rowid, docno, title, body, body_len);
    c->added++;
    c->bytes += body_len + (title ? strlen(title) : 0);
    if ((c->added & 1023) == 0)
        util_progress_update(&c->bar, c->added);
    return 0;
}

static int same_analyzer(const index_analyzer *a, const index_analyzer *b)
{
    return a->stem == b->stem && strcmp(a->lang, b->lang) == 0 &&
           strcmp(a->stopwords, b->stopwords) == 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int campaign_index_update(store *s, const index_analyzer *want, int rebuild, int verbose,
                          index_inverted **out, util_error *err)
{
    int rc = -1;
    *out = NULL;
    char *path = index_path_for(store_path(s));
    index_inverted *idx = NULL;
    int64_t ndocs = 0;
    double t0 = now();
    if (!rebuild && index_open(path, &idx, err) < 0)
        goto out;
    if (idx != NULL && want != NULL && !same_analyzer(index_analyzer_of(idx), want)) {
        if (verbose)
            fprintf(stderr, "%s: built with other analysis options; rebuilding\n",
                    util_shown(path));
        index_free(&idx);
    }
    if (store_doc_count(s, &ndocs, err) != 0)
        goto out;
    /* A campaign never loses documents; an index with more is of another file. */
    if (idx != NULL && index_doc_count(idx) > (size_t)ndocs)
        index_free(&idx);
    int fresh = idx == NULL;
    if (fresh) {
        index_analyzer def;
        text_options_default(&def, NULL);
        idx = index_new(want != NULL ? want : &def, err);
        if (idx == NULL)
            goto out;
    }
    add_ctx c = { idx, 0, 0, { .enabled = 0 } };
    if (verbose)
        util_progress_start(&c.bar, "index", (uint64_t)ndocs);
    int st = store_docs_each(s, index_max_rowid(idx), add_cb, &c, err);
    util_progress_end(&c.bar);
    if (st != 0)
        goto out;
    if (index_doc_count(idx) != (size_t)ndocs) {
        util_error_set(err, UTIL_EXIT_DATA, path, 0,
                       "the index does not match the campaign's documents; "
                       "run 'trecjudge index --rebuild'");
        goto out;
    }
    if ((fresh || c.added > 0) && index_write(idx, path, err) != 0)
        goto out;
    if (!verbose && c.added > 0)
        fprintf(stderr, "%s: %zu documents indexed (%zu in all)\n", util_shown(path), c.added,
                index_doc_count(idx));
    if (verbose) {
        double secs = now() - t0;
        fprintf(stderr,
                "%s: %zu documents (%zu added, %.1f MB in %.2f s), %zu terms, %llu tokens\n",
                util_shown(path), index_doc_count(idx), c.added, (double)c.bytes / 1e6, secs,
                index_term_count(idx), (unsigned long long)index_token_count(idx));
    }
    *out = idx;
    idx = NULL;
    rc = 0;
out:
    index_free(&idx);
    free(path);
    return rc;
}
