/* fuzz_keys.c: libFuzzer target of the session: key sequences, untrusted bytes shown. */
/* SPDX-License-Identifier: MIT */
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "assess/assess.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static store *campaign;
static char dir[] = "/tmp/tj-fuzz-keys-XXXXXX";

static void remove_campaign(void)
{
    char path[300];
    store_close(&campaign);
    const char *const suffix[] = { "", "-wal", "-shm", "-journal" };
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/k.tjdb%s", dir, suffix[i]);
        unlink(path);
    }
    rmdir(dir);
}

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_keys: %s\n", what);
    abort();
}

/* A campaign with two topics, hostile and wide text, made once per process. */
static void make_campaign(void)
{
    if (mkdtemp(dir) == NULL)
        fail("mkdtemp");
    atexit(remove_campaign);
    char path[256];
    snprintf(path, sizeof path, "%s/k.tjdb", dir);
    util_error err = { 0, "" };
    int64_t t1, t2, imp;
    store_grade g[] = { { 0, "No", "0" }, { 1, "Yes", "1" }, { 2, "Key", "2" } };
    if (store_create(path, &campaign, &err) != 0 || store_begin(campaign, &err) != 0 ||
        store_scale_set(campaign, g, 3, 1, &err) != 0 ||
        store_topic_id(campaign, "A", 1, &t1, &err) < 0 ||
        store_topic_id(campaign, "B", 1, &t2, &err) < 0 ||
        store_topic_field_set(campaign, t1, "title", "en", "bees \x1b[31m hive", &err) != 0 ||
        store_topic_field_set(campaign, t1, "title", "zh", "\xe8\x9c\x9c\xe8\x9c\x82", &err) != 0 ||
        store_topic_field_set(campaign, t2, "title", "en", "bread", &err) != 0 ||
        store_topic_field_set(campaign, t2, "title", "", "no language", &err) != 0 ||
        store_topic_field_set(campaign, t2, "narrative", "e n", "odd language", &err) != 0 ||
        store_import_add(campaign, "docs", "d", "c", 1, &imp, &err) != 0)
        fail(err.msg);
    const char *bodies[] = { "bees and hives\nhoney \xe8\x9c\x9c\xe8\x9c\x82 bees",
                             "\x1b]0;x\x07\xc2\x9b\xe2\x80\xae bread \xff\xfe", "",
                             "a very long line without any space at all aaaaaaaaaaaaaaaaaaaaaaaa" };
    for (int i = 0; i < 4; i++) {
        char docno[8];
        snprintf(docno, sizeof docno, "d%d", i);
        if (store_doc_add(campaign, docno, i == 1 ? "\x1b[2J" : "t", bodies[i], strlen(bodies[i]),
                          imp, &err) != 0 ||
            store_pool_add(campaign, t1, docno, i, "pool", &err) != 0 ||
            (i < 2 && store_pool_add(campaign, t2, docno, i, "pool", &err) != 0))
            fail(err.msg);
    }
    if (store_pool_add(campaign, t1, "missing", 9, "pool", &err) != 0 ||
        store_commit(campaign, &err) != 0)
        fail(err.msg);
}

/* Nothing displayed may be a control character, and no line may pass its width. */
static void check_text(const assess_text *t)
{
    for (size_t i = 0; i < t->n; i++) {
        wchar_t c = t->ch[i];
        if ((c < 0x20 && c != L'\n') || (c >= 0x7f && c < 0xa0) || (c >= 0x202a && c <= 0x202e) ||
            (c >= 0x2066 && c <= 0x2069))
            fail("a control character would reach the terminal");
    }
    for (size_t l = 0; l < t->nlines; l++) {
        int cells = 0;
        for (size_t i = t->line[l]; i < t->line[l] + t->len[l]; i++) {
            if (t->ch[i] == L'\n')
                fail("a line holds a line break");
            cells += (t->attr[i] & ASSESS_ATTR_PLACEHOLDER) ? 1 : assess_char_width(t->ch[i]);
        }
        if (cells > t->width && t->len[l] > 1)
            fail("a line is wider than its panel");
    }
}

static void fuzz_text(const uint8_t *data, size_t size)
{
    static assess_text t;
    assess_text_clear(&t);
    int width = size > 0 ? 1 + data[0] % 50 : 10;
    assess_text_add(&t, (const char *)data, size, 0);
    wchar_t **terms = NULL;
    char title[64];
    size_t tl = size < sizeof title - 1 ? size : sizeof title - 1;
    memcpy(title, data, tl);
    title[tl] = '\0';
    size_t n = assess_terms_split(title, "en", &terms, 0);
    assess_text_mark_terms(&t, (const wchar_t *const *)terms, n);
    for (size_t i = 0; i < n; i++)
        free(terms[i]);
    free(terms);
    assess_text_wrap(&t, width);
    check_text(&t);
}

/* What the screen shows of the session, as one line. */
static void seen(assess_session *a, char *out, size_t size)
{
    size_t nt, n;
    int is_error;
    const char *prompt;
    assess_items(a, &n);
    size_t topic = assess_topic_index(a, &nt);
    const char *msg = assess_message(a, &is_error);
    const char *input = assess_input(a, &prompt);
    size_t selected;
    assess_results(a, &selected);
    snprintf(out, size, "%d %zu %zu %ld %zu %zu %zu %zu %s %d %.600s|%s|%.600s",
             (int)assess_get_mode(a), topic, n, assess_current(a), assess_judged_count(a),
             assess_doc_top(a), assess_topic_top(a), selected, assess_lang(a), is_error, msg,
             prompt, input);
}

static void fuzz_session(const uint8_t *data, size_t size)
{
    util_error err = { 0, "" };
    assess_options o = { "fuzz", NULL, NULL, 0.0, 0, 0, 0 };
    assess_session *a = NULL;
    if (assess_open(campaign, &o, &a, &err) != 0)
        fail(err.msg);
    assess_layout(a, 12, 3, 20);
    for (size_t i = 0; i < size && assess_get_mode(a) != ASSESS_MODE_QUIT; i++) {
        int key = data[i] >= 0xf0
                      ? ASSESS_KEY_UP + (data[i] - 0xf0) % (ASSESS_KEY_LAST - ASSESS_KEY_UP)
                  : data[i] == 0xef ? 0x5a74 /* a CJK character */
                                    : data[i];
        if (key == 0xe0 && i + 2 < size) {   /* resize */
            assess_layout(a, 1 + data[i + 1] % 90, 1 + data[i + 2] % 40, 1 + data[i + 1] % 120);
            i += 2;
            continue;
        }
        char before[2048], after[2048];
        seen(a, before, sizeof before);
        unsigned changed = assess_handle_key(a, key, (double)i, &err);
        if (changed & ASSESS_CHANGED_FAILED)
            fail(err.msg);
        seen(a, after, sizeof after);
        /* the screen skips its redraw when a key reports no change */
        if (changed == 0 && strcmp(before, after) != 0)
            fail("a key changed what is shown but reported no change");
        size_t nitems;
        assess_items(a, &nitems);
        if (assess_current(a) >= (long)nitems)
            fail("the current document is outside the pool");
        if (assess_doc_top(a) > assess_doc_text(a)->nlines)
            fail("the document is scrolled past its end");
        check_text(assess_doc_text(a));
        check_text(assess_topic_text(a));
    }
    assess_close(&a);
    if (store_history_check(campaign, &err) != 0)
        fail("judgments and history disagree");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (campaign == NULL) {
        setlocale(LC_ALL, "C.UTF-8");
        make_campaign();
    }
    if (size == 0)
        return 0;
    if (data[0] & 1)
        fuzz_text(data + 1, size - 1);
    else
        fuzz_session(data + 1, size - 1);
    return 0;
}
