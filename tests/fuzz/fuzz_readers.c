/* fuzz_readers.c: libFuzzer targets of the formats module's readers (FUZZ_TARGET). */
/* SPDX-License-Identifier: MIT */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "formats/formats.h"
#include "metrics/metrics.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Puts the input in an anonymous file so the readers open it by path like any file. */
static int input_path(const uint8_t *data, size_t size, char *path, size_t n)
{
    int fd = memfd_create("fuzz-input", 0);
    if (fd < 0)
        return -1;
    if (size > 0 && write(fd, data, size) != (ssize_t)size) {
        close(fd);
        return -1;
    }
    snprintf(path, n, "/proc/self/fd/%d", fd);
    return fd;
}

#if FUZZ_TARGET == 1
static int count_topic(void *ctx, formats_run_topic *t, util_error *err)
{
    (void)err;
    size_t *n = ctx;
    /* Rank the topic the way eval does, to reach the sort with arbitrary scores. */
    metrics_doc docs[64];
    long rels[64];
    size_t k = t->ndocs < 64 ? t->ndocs : 64;
    for (size_t i = 0; i < k; i++) {
        docs[i].score = t->docs[i].score;
        docs[i].docno = t->docs[i].docno;
        docs[i].rel = (long)(t->docs[i].hash % 4) - 2;
    }
    metrics_params p;
    metrics_params_init(&p);
    metrics_topic mt;
    memset(&mt, 0, sizeof mt);
    metrics_rank(docs, k, &p, rels, &mt);
    *n += t->ndocs;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = input_path(data, size, path, sizeof path);
    if (fd < 0)
        return 0;
    for (int mode = 0; mode < 2; mode++) {
        size_t n = 0;
        formats_run_info info;
        util_error err = { 0, "" };
        formats_run_read(path, (enum formats_run_mode)mode, count_topic, &n, &info, &err);
        formats_run_info_free(&info);
    }
    close(fd);
    return 0;
}
#elif FUZZ_TARGET == 4
/* Whether s[0, n) is well-formed UTF-8: what the document reader promises. */
static int utf8_ok(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned char c = s[i];
        size_t k = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
                 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        if (k == 0 || i + k > n)
            return 0;
        uint32_t cp = k == 1 ? c : (uint32_t)(c & (0x7F >> k));
        for (size_t j = 1; j < k; j++) {
            if ((s[i + j] & 0xC0) != 0x80)
                return 0;
            cp = (cp << 6) | (s[i + j] & 0x3F);
        }
        if ((k == 3 && cp < 0x800) || (k == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return 0;
        i += k;
    }
    return 1;
}

static int check_doc(void *ctx, const formats_doc *d, util_error *err)
{
    (void)err;
    size_t *n = ctx;
    size_t docno_len = strlen(d->docno);
    if (docno_len == 0 || strlen(d->body) != d->body_len ||
        !utf8_ok((const unsigned char *)d->docno, docno_len) ||
        !utf8_ok((const unsigned char *)d->title, strlen(d->title)) ||
        !utf8_ok((const unsigned char *)d->body, d->body_len))
        __builtin_trap();
    (*n)++;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = input_path(data, size, path, sizeof path);
    if (fd < 0)
        return 0;
    for (int fmt = FORMATS_DOCS_AUTO; fmt <= FORMATS_DOCS_TSV; fmt++) {
        size_t n = 0;
        formats_docs_stats st;
        util_error err = { 0, "" };
        int rc = formats_docs_read(path, (formats_docs_format)fmt, check_doc, &n, &st, &err);
        if (n != st.docs || (rc == 0 && n == 0) || (rc != 0 && err.msg[0] == '\0'))
            __builtin_trap();
    }
    close(fd);
    return 0;
}
#elif FUZZ_TARGET == 5
/* The preference reader (the first byte chooses -R prefs or -R qrels_prefs), then the
 * preference counts of every topic against a ranking of its own documents. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    char path[64];
    int fd = input_path(data + 1, size - 1, path, sizeof path);
    if (fd < 0)
        return 0;
    util_error err = { 0, "" };
    formats_prefs *pr = formats_prefs_read(path, data[0] & 1, &err);
    metrics_params params;
    metrics_params_init(&params);
    for (size_t i = 0; pr != NULL && i < pr->ntopics; i++) {
        const formats_prefs_topic *t = &pr->topics[i];
        if (formats_prefs_find(pr, t->qid) != t)
            __builtin_trap();
        metrics_pref *prefs = util_calloc(t->n + 1, sizeof *prefs);
        metrics_doc *docs = util_calloc(t->n + 1, sizeof *docs);
        for (size_t k = 0; k < t->n; k++) {
            prefs[k] = (metrics_pref){ t->prefs[k].jg, t->prefs[k].jsg, t->prefs[k].docno,
                                       t->prefs[k].level };
            docs[k] = (metrics_doc){ (double)(k % 7), t->prefs[k].docno, 0 };
        }
        /* every other document retrieved, so ret, imp and notoccur all occur */
        size_t ndocs = 0;
        for (size_t k = 0; k < t->n; k += 2)
            docs[ndocs++] = docs[k];
        metrics_prefs counts;
        util_error me = { 0, "" };
        if (metrics_prefs_count(prefs, t->n, docs, ndocs, &params, &counts, &me) == 0) {
            volatile double sum = 0;
            for (int m = 0; m <= METRICS_PREFS_AVGJG_IMP; m++)
                sum += metrics_prefs_value(&counts, (metrics_prefs_measure)m);
            (void)sum;
            metrics_prefs_free(&counts);
        }
        free(prefs);
        free(docs);
    }
    formats_prefs_free(&pr);
    close(fd);
    return 0;
}
#elif FUZZ_TARGET == 3
/* Whether s is what the topic reader promises: UTF-8 with no control character and, for a
 * field's text, no white space at either end nor two spaces in a row. */
static int topic_text_ok(const char *str, int text)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t n = strlen(str);
    if (text && n > 0 && (s[0] == ' ' || s[n - 1] == ' ' || strstr(str, "  ") != NULL))
        return 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = s[i];
        size_t k = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
                 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        if (k == 0 || i + k > n)
            return 0;
        uint32_t cp = k == 1 ? c : (uint32_t)(c & (0x7F >> k));
        for (size_t j = 1; j < k; j++) {
            if ((s[i + j] & 0xC0) != 0x80)
                return 0;
            cp = (cp << 6) | (s[i + j] & 0x3F);
        }
        if ((k == 3 && cp < 0x800) || (k == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF) || (text && (cp < 0x20 || (cp >= 0x7F && cp < 0xA0))))
            return 0;
        i += k;
    }
    return 1;
}

static int check_topic(void *ctx, const formats_topic *t, util_error *err)
{
    (void)err;
    size_t *n = ctx;
    if (t->qid[0] == '\0' || !topic_text_ok(t->qid, 1) || strchr(t->qid, ' ') != NULL)
        __builtin_trap();
    for (size_t i = 0; i < t->nfields; i++)
        if (t->fields[i].text[0] == '\0' || !topic_text_ok(t->fields[i].text, 1) ||
            !topic_text_ok(t->fields[i].lang, 1) || !topic_text_ok(t->fields[i].field, 0))
            __builtin_trap();
    (*n)++;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = input_path(data, size, path, sizeof path);
    if (fd < 0)
        return 0;
    for (int fmt = FORMATS_TOPICS_AUTO; fmt <= FORMATS_TOPICS_TSV; fmt++) {
        size_t n = 0;
        util_error err = { 0, "" };
        int rc = formats_topics_read(path, (formats_topics_format)fmt, check_topic, &n, &err);
        if ((rc == 0 && n == 0) || (rc != 0 && err.msg[0] == '\0'))
            __builtin_trap();
    }
    close(fd);
    return 0;
}
#elif FUZZ_TARGET == 6
/* Whether a message is what util_error_set promises: not empty, no control character. */
static int message_ok(const char *msg)
{
    if (msg[0] == '\0')
        return 0;
    for (const unsigned char *p = (const unsigned char *)msg; *p != '\0'; p++)
        if (*p < 0x20 || *p == 0x7f)
            return 0;
    return 1;
}

/* The judgments reader (the first byte chooses per-assessor qrels, CSV or JSONL), then what
 * it promises of every row: names by the one rule, grades and seconds in range, a note of
 * text, rows sorted by topic then line, one judgment per (topic, assessor, docno). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    char path[64];
    int fd = input_path(data + 1, size - 1, path, sizeof path);
    if (fd < 0)
        return 0;
    util_error err = { 0, "" };
    int form = data[0] % 3 == 0 ? FORMATS_JUDGMENTS_QRELS
             : data[0] % 3 == 1 ? FORMATS_JUDGMENTS_CSV : FORMATS_JUDGMENTS_JSONL;
    formats_judgments *j = formats_judgments_read(path, form, &err);
    if (j == NULL && (err.code != UTIL_EXIT_INPUT || !message_ok(err.msg)))
        __builtin_trap();
    util_map seen;
    memset(&seen, 0, sizeof seen);
    for (size_t i = 0; j != NULL && i < j->n; i++) {
        const formats_judgment *r = &j->rows[i];
        if (util_name_problem(r->qid, strlen(r->qid)) != NULL ||
            util_name_problem(r->docno, strlen(r->docno)) != NULL ||
            util_name_problem(r->assessor, strlen(r->assessor)) != NULL ||
            util_name_problem(r->iter, strlen(r->iter)) != NULL || strlen(r->qid) > 256 ||
            r->grade < -1 || r->grade > 1000000 || !(r->seconds >= 0) || r->line < 1 ||
            (r->note != NULL && strlen(r->note) == 0))
            __builtin_trap();
        for (const unsigned char *p = (const unsigned char *)r->note; p != NULL && *p; p++)
            if ((*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7f)
                __builtin_trap();
        if (i > 0) {
            int c = strcmp(j->rows[i - 1].qid, r->qid);
            if (c > 0 || (c == 0 && j->rows[i - 1].line >= r->line))
                __builtin_trap();
        }
        char key[3 * 1100];
        int klen = snprintf(key, sizeof key, "%s\1%s\1%s", r->qid, r->assessor, r->docno);
        int added;
        util_map_add(&seen, key, (size_t)klen, &added);
        if (!added)
            __builtin_trap();
    }
    if (j != NULL && j->n == 0)
        __builtin_trap();
    util_map_free(&seen);
    formats_judgments_free(&j);
    close(fd);
    return 0;
}
#else
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = input_path(data, size, path, sizeof path);
    if (fd < 0)
        return 0;
    util_error err = { 0, "" };
    formats_qrels *q = formats_qrels_read(path, &err);
    if (q != NULL) {
        for (size_t i = 0; i < q->ntopics; i++) {
            const formats_qrels_topic *t = formats_qrels_find(q, q->topics[i].qid);
            for (size_t k = 0; t != NULL && k < t->n; k++)
                if (formats_qrels_lookup(t, t->qrels[k].docno, t->qrels[k].docno_len,
                                         util_hash(t->qrels[k].docno,
                                                   t->qrels[k].docno_len)) == NULL)
                    __builtin_trap();
        }
        formats_qrels_free(&q);
    }
    close(fd);
    return 0;
}
#endif
