/* file.c: the index file beside a campaign ("<campaign>.index"): checked reads, atomic writes. */
/* SPDX-License-Identifier: MIT */
#include "index_private.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define INDEX_VERSION 2   /* 2: Snowball's stemmers and stop lists, with their language */
#define INDEX_BOM 0x01020304u   /* written in native order: a foreign byte order is refused */

static const char index_magic[8] = { 'T', 'J', 'I', 'N', 'D', 'E', 'X', '\n' };
static const char index_trailer[8] = { 'T', 'J', 'I', 'X', 'E', 'N', 'D', '\n' };

/* The header, written as it is in memory: every field 8 bytes wide or paired. */
typedef struct header {
    char magic[8];
    uint32_t version, bom;
    uint32_t stem, reserved;     /* a text_stem */
    char lang[8], stopwords[8];  /* the stemmer's and the stop list's language, NUL-padded */
    uint64_t ndocs, nterms, tokens, docnos_len, names_len, npostings;
    int64_t max_rowid;
} header;

/* One term as written: its name's offset and length, and its document frequency. */
typedef struct term_rec {
    uint64_t name;
    uint32_t name_len, n;
} term_rec;

char *index_path_for(const char *campaign)
{
    size_t n = strlen(campaign);
    char *p = util_malloc(n + 7);
    memcpy(p, campaign, n);
    memcpy(p + n, ".index", 7);
    return p;
}

/* ---- writing ---- */

typedef struct writer {
    FILE *fp;
    int failed;
} writer;

static void put(writer *w, const void *p, size_t size)
{
    if (!w->failed && size > 0 && fwrite(p, 1, size, w->fp) != size)
        w->failed = 1;
}

/* Removes the temporary files that writers of this index killed before their rename left
 * ("<index>.tmp.XXXXXX", 110 MB after 30 kills of a large index). Called only while holding
 * the writers' lock exclusively: no writer is alive, so every such file is stale. */
static void remove_stale(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? util_strdup(path) : util_strdup(".");
    if (slash)
        dir[slash - path + (slash == path)] = '\0';
    const char *base = slash ? slash + 1 : path;
    size_t blen = strlen(base);
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, base, blen) != 0 || strncmp(e->d_name + blen, ".tmp.", 5) != 0 ||
            strlen(e->d_name + blen + 5) != 6)
            continue;
        size_t n = strlen(dir) + strlen(e->d_name) + 2;
        char *stale = util_malloc(n);
        snprintf(stale, n, "%s/%s", dir, e->d_name);
        unlink(stale);
        free(stale);
    }
    if (d != NULL)
        closedir(d);
    free(dir);
}

/* Every writer holds "<index>.lock" shared while its temporary file exists; one that gets
 * it exclusively first knows that no other writer is alive, and removes what killed ones
 * left. Returns the lock's descriptor (-1 when it cannot be made: no clean-up then). */
static int writers_lock(const char *path)
{
    size_t n = strlen(path) + sizeof ".lock";
    char *lock = util_malloc(n);
    snprintf(lock, n, "%s.lock", path);
    int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    free(lock);
    if (fd < 0)
        return -1;
    if (flock(fd, LOCK_EX | LOCK_NB) == 0)
        remove_stale(path);
    while (flock(fd, LOCK_SH) != 0 && errno == EINTR)
        ;
    return fd;
}

int index_write(const index_inverted *idx, const char *path, util_error *err)
{
    int rc = -1;
    int lock = writers_lock(path);
    size_t plen = strlen(path);
    char *tmp = util_malloc(plen + 16);
    snprintf(tmp, plen + 16, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(tmp);
    writer w = { NULL, 0 };
    if (fd < 0) {
        util_error_set(err, UTIL_EXIT_SYSTEM, path, 0, "cannot create a temporary file: %s",
                       strerror(errno));
        goto out;
    }
    /* mkstemp makes the file private; give it the mode a new file would have. */
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0) {
        close(fd);
        unlink(tmp);
        util_error_set(err, UTIL_EXIT_SYSTEM, path, 0, "cannot write: %s", strerror(errno));
        goto out;
    }
    w.fp = fdopen(fd, "wb");
    if (w.fp == NULL) {
        close(fd);
        unlink(tmp);
        util_error_set(err, UTIL_EXIT_SYSTEM, path, 0, "cannot write: %s", strerror(errno));
        goto out;
    }
    header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, index_magic, sizeof h.magic);
    h.version = INDEX_VERSION;
    h.bom = INDEX_BOM;
    h.stem = (uint32_t)idx->a.stem;
    memcpy(h.lang, idx->a.lang, sizeof h.lang);
    memcpy(h.stopwords, idx->a.stopwords, sizeof h.stopwords);
    h.ndocs = idx->ndocs;
    h.nterms = idx->nterms;
    h.tokens = idx->tokens;
    h.docnos_len = idx->docnos_len;
    h.names_len = idx->names_len;
    for (size_t t = 0; t < idx->nterms; t++)
        h.npostings += idx->terms[t].n;
    h.max_rowid = index_max_rowid(idx);
    put(&w, &h, sizeof h);
    put(&w, idx->rowid, idx->ndocs * sizeof *idx->rowid);
    put(&w, idx->docno, idx->ndocs * sizeof *idx->docno);
    put(&w, idx->len, idx->ndocs * sizeof *idx->len);
    put(&w, idx->distinct, idx->ndocs * sizeof *idx->distinct);
    put(&w, idx->docnos, idx->docnos_len);
    put(&w, idx->names, idx->names_len);
    for (size_t t = 0; t < idx->nterms; t++) {
        term_rec r = { idx->terms[t].name, idx->terms[t].name_len, idx->terms[t].n };
        put(&w, &r, sizeof r);
    }
    for (size_t t = 0; t < idx->nterms; t++)
        put(&w, idx->terms[t].p, idx->terms[t].n * sizeof *idx->terms[t].p);
    put(&w, index_trailer, sizeof index_trailer);
    if (fflush(w.fp) != 0 || fsync(fileno(w.fp)) != 0)
        w.failed = 1;
    if (fclose(w.fp) != 0)
        w.failed = 1;
    if (w.failed || rename(tmp, path) != 0) {
        util_error_set(err, UTIL_EXIT_SYSTEM, path, 0, "cannot write the index: %s",
                       strerror(errno));
        unlink(tmp);
        goto out;
    }
    rc = 0;
out:
    if (lock >= 0)
        close(lock);   /* after the rename or unlink: releases the lock */
    free(tmp);
    return rc;
}

/* ---- reading ---- */

typedef struct reader {
    FILE *fp;
    uint64_t left;     /* bytes not read yet: no section may claim more */
    int failed;
} reader;

/* Reads count items of size bytes into a new array (NULL when count is 0). */
static void *take(reader *r, uint64_t count, size_t size)
{
    if (r->failed || count == 0)
        return NULL;
    if (count > r->left / size) {
        r->failed = 1;
        return NULL;
    }
    void *p = util_malloc((size_t)count * size);
    if (fread(p, size, (size_t)count, r->fp) != count) {
        free(p);
        r->failed = 1;
        return NULL;
    }
    r->left -= count * size;
    return p;
}

static int damaged(const char *path, util_error *err, const char *what)
{
    return util_error_set(err, UTIL_EXIT_INPUT, path, 0,
                          "the index file is damaged (%s); run 'trecjudge index --rebuild'", what);
}

int index_open(const char *path, index_inverted **out, util_error *err)
{
    *out = NULL;
    int rc = -1;
    index_inverted *idx = NULL;
    term_rec *recs = NULL;
    uint64_t *tf_sum = NULL;
    uint32_t *n_terms = NULL;
    reader r = { fopen(path, "rb"), 0, 0 };
    if (r.fp == NULL) {
        if (errno == ENOENT)
            return 0;
        return util_error_set(err, UTIL_EXIT_SYSTEM, path, 0, "cannot open: %s", strerror(errno));
    }
    struct stat st;
    header h;
    memset(&h, 0, sizeof h);
    size_t got = fstat(fileno(r.fp), &st) == 0 ? fread(&h, 1, sizeof h, r.fp) : 0;
    if (got < 16 || memcmp(h.magic, index_magic, sizeof h.magic) != 0) {
        util_error_set(err, UTIL_EXIT_INPUT, path, 0, "not a trecjudge index file");
        goto out;
    }
    if (h.version == 1 && h.bom == INDEX_BOM) {
        rc = 0;   /* analysed by the stemmer of version 1, which is gone: built again */
        goto out;
    }
    if (got != sizeof h || h.version != INDEX_VERSION || h.bom != INDEX_BOM ||
        h.stem > TEXT_STEM_PORTER || h.lang[sizeof h.lang - 1] != '\0' ||
        h.stopwords[sizeof h.stopwords - 1] != '\0') {
        util_error_set(err, UTIL_EXIT_INPUT, path, 0,
                       "an index of another version or machine; run 'trecjudge index --rebuild'");
        goto out;
    }
    r.left = (uint64_t)st.st_size - sizeof h;
    if (h.ndocs > UINT32_MAX || h.nterms > UINT32_MAX / 2) {
        damaged(path, err, "sizes");
        goto out;
    }
    index_analyzer a;
    memset(&a, 0, sizeof a);
    a.stem = (int)h.stem;
    memcpy(a.lang, h.lang, sizeof a.lang);
    memcpy(a.stopwords, h.stopwords, sizeof a.stopwords);
    idx = index_new(&a, err);
    if (idx == NULL)
        goto out;
    idx->ndocs = idx->cap_docs = (size_t)h.ndocs;
    idx->rowid = take(&r, h.ndocs, sizeof *idx->rowid);
    idx->docno = take(&r, h.ndocs, sizeof *idx->docno);
    idx->len = take(&r, h.ndocs, sizeof *idx->len);
    idx->distinct = take(&r, h.ndocs, sizeof *idx->distinct);
    idx->docnos = take(&r, h.docnos_len, 1);
    idx->docnos_len = idx->docnos_cap = (size_t)h.docnos_len;
    idx->names = take(&r, h.names_len, 1);
    idx->names_len = idx->names_cap = (size_t)h.names_len;
    idx->tokens = h.tokens;
    recs = take(&r, h.nterms, sizeof *recs);
    if (r.failed) {
        damaged(path, err, "truncated");
        goto out;
    }
    uint64_t tokens = 0;
    for (size_t d = 0; d < idx->ndocs; d++) {
        if (idx->docno[d] >= h.docnos_len ||
            memchr(idx->docnos + idx->docno[d], '\0', h.docnos_len - idx->docno[d]) == NULL ||
            (d > 0 && idx->rowid[d] <= idx->rowid[d - 1])) {
            damaged(path, err, "documents");
            goto out;
        }
        tokens += idx->len[d];
    }
    if (tokens != h.tokens || (idx->ndocs > 0 && idx->rowid[idx->ndocs - 1] != h.max_rowid)) {
        damaged(path, err, "counts");
        goto out;
    }
    uint64_t npostings = 0;
    for (size_t t = 0; t < h.nterms; t++) {
        const term_rec *rec = &recs[t];
        if (rec->name_len == 0 || rec->name >= h.names_len ||
            rec->name_len >= h.names_len - rec->name ||
            idx->names[rec->name + rec->name_len] != '\0' || rec->n == 0 ||
            index_term_find(idx, idx->names + rec->name, rec->name_len, 0) >= 0) {
            damaged(path, err, "terms");
            goto out;
        }
        long id = index_term_insert(idx, rec->name, rec->name_len);
        index_term *te = &idx->terms[id];
        te->p = take(&r, rec->n, sizeof *te->p);
        te->n = te->cap = rec->n;
        if (r.failed) {
            te->n = te->cap = 0;
            damaged(path, err, "truncated postings");
            goto out;
        }
        for (uint32_t i = 0; i < te->n; i++)
            if (te->p[i].doc >= idx->ndocs || te->p[i].tf == 0 ||
                (i > 0 && te->p[i].doc <= te->p[i - 1].doc)) {
                damaged(path, err, "postings");
                goto out;
            }
        npostings += rec->n;
    }
    char trailer[8];
    if (npostings != h.npostings || fread(trailer, 1, sizeof trailer, r.fp) != sizeof trailer ||
        memcmp(trailer, index_trailer, sizeof trailer) != 0) {
        damaged(path, err, "end");
        goto out;
    }
    /* Each document's length and distinct terms must be what its postings say, as the
     * models divide by them. */
    tf_sum = util_calloc(idx->ndocs + 1, sizeof *tf_sum);
    n_terms = util_calloc(idx->ndocs + 1, sizeof *n_terms);
    for (size_t t = 0; t < idx->nterms; t++)
        for (uint32_t i = 0; i < idx->terms[t].n; i++) {
            tf_sum[idx->terms[t].p[i].doc] += idx->terms[t].p[i].tf;
            n_terms[idx->terms[t].p[i].doc]++;
        }
    for (size_t d = 0; d < idx->ndocs; d++)
        if (tf_sum[d] != idx->len[d] || n_terms[d] != idx->distinct[d]) {
            damaged(path, err, "document lengths");
            goto out;
        }
    *out = idx;
    idx = NULL;
    rc = 1;
out:
    free(recs);
    free(tf_sum);
    free(n_terms);
    index_free(&idx);
    fclose(r.fp);
    return rc;
}
