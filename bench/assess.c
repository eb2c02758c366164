/* assess.c: benchmark of the assessment screen: key to redraw on a 1 MB document, saves. */
/* SPDX-License-Identifier: MIT */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "assess/assess.h"
#include "tui/tui.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void report(const char *what, double *ms, size_t n, double target)
{
    qsort(ms, n, sizeof *ms, cmp_double);
    double p50 = ms[n / 2], p99 = ms[(size_t)((double)n * 0.99)], max = ms[n - 1];
    printf("%-44s n=%-5zu p50 %7.3f ms  p99 %7.3f ms  max %7.3f ms  target %4.0f ms  p99/target "
           "%.2f\n",
           what, n, p50, p99, max, target, p99 / target);
}

static void die(const char *msg)
{
    fprintf(stderr, "bench/assess: %s\n", msg);
    exit(1);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "/tmp/trecjudge-bench-assess";
    setlocale(LC_ALL, "C.UTF-8");   /* as the screen runs */
    char path[512], cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", dir, dir);
    if (system(cmd) != 0)
        die("cannot make the folder");
    snprintf(path, sizeof path, "%s/a.tjdb", dir);
    util_error err = { 0, "" };
    store *s = NULL;
    int64_t topic, imp;
    const size_t npool = 1000;
    if (store_create(path, &s, &err) != 0 || store_begin(s, &err) != 0 ||
        store_topic_id(s, "B1", 1, &topic, &err) < 0 ||
        store_topic_field_set(s, topic, "title", "en", "honey bee colony losses", &err) != 0 ||
        store_topic_field_set(s, topic, "description", "en", "Why do hives die in winter?",
                              &err) != 0 ||
        store_import_add(s, "docs", "gen", "x", 1, &imp, &err) != 0)
        die(err.msg);
    /* one document of 1 MB: paragraphs of words, some of them the topic's, some CJK */
    size_t big = 1 << 20, len = 0;
    char *body = util_malloc(big + 256);
    static const char *const words[] = { "the", "colony", "bees", "winter", "honey", "mites",
                                         "hive", "keeper", "report", "\xe8\x9c\x9c\xe8\x9c\x82",
                                         "losses", "varroa", "queen", "forage", "pesticide" };
    unsigned seed = 1;
    while (len < big) {
        seed = seed * 1103515245u + 12345u;
        const char *w = words[(seed >> 16) % (sizeof words / sizeof *words)];
        size_t wl = strlen(w);
        memcpy(body + len, w, wl);
        len += wl;
        body[len++] = (seed >> 8) % 97 == 0 ? '\n' : ' ';
    }
    if (store_doc_add(s, "BIG", "A very long report", body, len, imp, &err) != 0 ||
        store_pool_add(s, topic, "BIG", 0, "pool", &err) != 0)
        die(err.msg);
    for (size_t i = 1; i < npool; i++) {
        char docno[32];
        snprintf(docno, sizeof docno, "DOC-%05zu", i);
        if (store_doc_add(s, docno, "short", "bees and hives in winter", 24, imp, &err) != 0 ||
            store_pool_add(s, topic, docno, (int64_t)i, "pool", &err) != 0)
            die(err.msg);
    }
    if (store_commit(s, &err) != 0)
        die(err.msg);
    free(body);

    FILE *sink = fopen("/dev/null", "w");
    tui_screen *sc = tui_screen_open(sink, 50, 200, &err);
    if (sc == NULL)
        die(err.msg);
    assess_options o = { "bench", NULL, NULL, now_ms() / 1e3, 0, 0, 0 };
    assess_session *a = NULL;
    if (assess_open(s, &o, &a, &err) != 0)
        die(err.msg);

    /* opening the 1 MB document: read from the file, made safe, terms marked, wrapped, drawn */
    double open_ms[20];
    for (int i = 0; i < 20; i++) {
        const char *jump = i % 2 == 0 ? ":DOC-00001\r" : ":BIG\r";
        for (const char *k = jump; *k; k++) {
            double t0 = now_ms();
            if (assess_key(a, *k == '\r' ? ASSESS_KEY_ENTER : *k, t0 / 1e3, &err) != 0)
                die(err.msg);
            tui_screen_draw(sc, a, NULL, t0 / 1e3);
            if (*k == '\r' && i % 2 == 1)
                open_ms[i / 2] = now_ms() - t0;
        }
    }
    printf("document: %zu bytes, %zu lines at 200x50\n", len, assess_doc_text(a)->nlines);
    {
        /* where the time of opening goes */
        char *title, *text;
        size_t tl;
        double t = now_ms();
        store_doc_get(s, "BIG", &title, &text, &tl, &err);
        double t1 = now_ms();
        assess_text at = { 0 };
        assess_text_add(&at, text, tl, 0);
        double t2 = now_ms();
        wchar_t **terms = NULL;
        size_t nt = assess_terms_split("honey bee colony losses", "en", &terms, 0);
        assess_text_mark_terms(&at, (const wchar_t *const *)terms, nt);
        double t3 = now_ms();
        assess_text_wrap(&at, 199);
        double t4 = now_ms();
        printf("opening, by step: read %.2f ms, decode %.2f ms, terms %.2f ms, wrap %.2f ms\n",
               t1 - t, t2 - t1, t3 - t2, t4 - t3);
        for (size_t i = 0; i < nt; i++)
            free(terms[i]);
        free(terms);
        assess_text_free(&at);
        free(title);
        free(text);
    }
    report("open a 1 MB document and draw it", open_ms, 10, 16);

    /* keys on the 1 MB document: scrolling, paging, end, home, next term, find next */
    static const int keys[] = { 'j', 'j', 'k', ' ', 'b', 'G', 'g', 'h', 'h', 'H', ASSESS_KEY_PGDN,
                                ASSESS_KEY_DOWN, 'n', 'N' };
    double t0 = now_ms();
    for (const char *k = "/varroa\r"; *k; k++)
        assess_key(a, *k == '\r' ? ASSESS_KEY_ENTER : *k, t0 / 1e3, &err);
    printf("find 'varroa' in the 1 MB document: %.3f ms (%s)\n", now_ms() - t0,
           assess_message(a, NULL));
    size_t nkeys = 2000;
    double *ms = util_malloc(nkeys * sizeof *ms);
    for (size_t i = 0; i < nkeys; i++) {
        double t = now_ms();
        if (assess_key(a, keys[i % (sizeof keys / sizeof *keys)], t / 1e3, &err) != 0)
            die(err.msg);
        tui_screen_draw(sc, a, NULL, t / 1e3);
        ms[i] = now_ms() - t;
    }
    report("key press to finished redraw (1 MB doc)", ms, nkeys, 16);

    /* judgments: each key commits and syncs before the screen says saved */
    size_t njudge = 300;
    for (size_t i = 0; i < njudge; i++) {
        double t = now_ms();
        if (assess_key(a, i % 3 == 0 ? '1' : '0', t / 1e3, &err) != 0)
            die(err.msg);
        ms[i] = now_ms() - t;
    }
    report("judgment saved (commit + fsync), no redraw", ms, njudge, 10);
    for (size_t i = 0; i < 50; i++) {
        double t = now_ms();
        if (assess_key(a, 'u', t / 1e3, &err) != 0)
            die(err.msg);
        tui_screen_draw(sc, a, NULL, t / 1e3);
        ms[i] = now_ms() - t;
    }
    report("undo, saved and redrawn", ms, 50, 10);
    free(ms);
    assess_close(&a);
    tui_screen_close(&sc);
    fclose(sink);
    store_close(&s);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : 1;
}
