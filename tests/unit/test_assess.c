/* test_assess.c: unit tests of the session: safe text, wrapping, marks, every key. */
/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "assess/assess.h"

static char dir[] = "/tmp/tj-test-assess-XXXXXX";

/* The text of a whole assess_text as UTF-8, lines joined by '|'. */
static const char *lines_of(const assess_text *t)
{
    static char out[8192];
    size_t o = 0;
    for (size_t l = 0; l < t->nlines; l++) {
        if (l > 0)
            out[o++] = '|';
        for (size_t i = t->line[l]; i < t->line[l] + t->len[l]; i++) {
            char mb[8];
            int n = wctomb(mb, t->ch[i]);
            assert_true(n > 0);
            memcpy(out + o, mb, (size_t)n);
            o += (size_t)n;
        }
    }
    out[o] = '\0';
    return out;
}

static const char *text_of(const char *in, int width)
{
    static assess_text t;
    assess_text_clear(&t);
    assess_text_add(&t, in, strlen(in), 0);
    assess_text_wrap(&t, width);
    return lines_of(&t);
}

static void test_text_is_safe(void **state)
{
    (void)state;
    /* ESC, CSI, OSC with BEL, C0 controls, DEL */
    assert_string_equal(text_of("a\x1b[2Jb\x1b]0;t\x07" "c\x7f", 80), "a^[[2Jb^[]0;t^Gc^?");
    /* C1 CSI (U+009B), BiDi override, zero width space, invalid bytes, lone CR */
    assert_string_equal(text_of("x\xc2\x9by\xe2\x80\xaez\xe2\x80\x8bw", 80),
                        "x<U+009B>y<U+202E>z<U+200B>w");
    assert_string_equal(text_of("bad\xff\xc0\x80!", 80), "bad<FF><C0><80>!");
    assert_string_equal(text_of("over\rwrite", 80), "over^Mwrite");
    assert_string_equal(text_of("crlf\r\nnext", 80), "crlf|next");
    /* no character of the result is a control character */
    static assess_text t;
    const char all[] = "\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x1b\x1f\x7f";
    assess_text_add(&t, all, sizeof all - 1, 0);
    for (size_t i = 0; i < t.n; i++) {
        assert_true(t.ch[i] >= 0x20 && t.ch[i] < 0x7f);
        assert_true(t.attr[i] & ASSESS_ATTR_PLACEHOLDER);
    }
    assess_text_free(&t);
}

static void test_wrap(void **state)
{
    (void)state;
    assert_string_equal(text_of("the quick brown fox jumps", 10), "the quick|brown fox|jumps");
    assert_string_equal(text_of("abcdefghijklmnop", 6), "abcdef|ghijkl|mnop");
    assert_string_equal(text_of("one\n\ntwo", 10), "one||two");
    assert_string_equal(text_of("abc \nx", 3), "abc|x");
    assert_string_equal(text_of("abcd\n\nx", 3), "abc|d||x");
    /* CJK is two cells wide and may break between any two characters */
    assert_int_equal(assess_char_width(L'\u519c'), 2);
    assert_string_equal(text_of("\xe5\xa9\xb4\xe5\x84\xbf\xe9\xa3\x9f\xe5\x93\x81", 5),
                        "\xe5\xa9\xb4\xe5\x84\xbf|\xe9\xa3\x9f\xe5\x93\x81");
    /* a combining accent takes no cell */
    assert_string_equal(text_of("e\xcc\x81t\xc3\xa9 abc", 5), "e\xcc\x81t\xc3\xa9|abc");
    /* every line fits the width, in cells */
    static assess_text t;
    const char *mixed =
        "Пестициды в детском питании \xe5\xa9\xb4\xe5\x84\xbf\xe9\xa3\x9f\xe5\x93\x81 "
        "\xe0\xb8\xaa\xe0\xb8\xb2\xe0\xb8\xa3\xe0\xb9\x80\xe0\xb8\x84\xe0\xb8\xa1\xe0\xb8\xb5 "
        "averyveryveryverylongwordwithoutspaces";
    assess_text_add(&t, mixed, strlen(mixed), 0);
    for (int w = 3; w < 40; w++) {
        assess_text_wrap(&t, w);
        for (size_t l = 0; l < t.nlines; l++) {
            int cells = 0;
            for (size_t i = t.line[l]; i < t.line[l] + t.len[l]; i++)
                cells += assess_char_width(t.ch[i]);
            assert_true(cells <= w);
        }
    }
    assess_text_free(&t);
}

static void test_terms(void **state)
{
    (void)state;
    wchar_t **terms = NULL;
    size_t n = assess_terms_split("Pesticides in the Baby Food", "en", &terms, 0);
    assert_int_equal(n, 3);
    /* the language, then the term as the index has it (Snowball's English stemmer) */
    assert_true(wcscmp(terms[0], L"en\x1f" L"pesticid") == 0);
    assert_true(wcscmp(terms[1], L"en\x1f" L"babi") == 0);
    assert_true(wcscmp(terms[2], L"en\x1f" L"food") == 0);
    /* CJK runs become bigrams */
    n = assess_terms_split("\xe5\xa9\xb4\xe5\x84\xbf\xe9\xa3\x9f", "zh", &terms, n);
    assert_int_equal(n, 5);
    assert_true(wcscmp(terms[3], L"zh\x1f\u5a74\u513f") == 0);
    assert_true(wcscmp(terms[4], L"zh\x1f\u513f\u98df") == 0);

    static assess_text t;
    const char *doc = "PESTICIDES and foods; baby-food, seafood. "
                      "\xe5\xa9\xb4\xe5\x84\xbf\xe9\xa3\x9f\xe5\x93\x81";
    assess_text_add(&t, doc, strlen(doc), 0);
    assess_text_mark_terms(&t, (const wchar_t *const *)terms, n);
    char marks[128];
    size_t i;
    for (i = 0; i < t.n && i + 1 < sizeof marks; i++)
        marks[i] = (t.attr[i] & ASSESS_ATTR_TERM) ? '^' : '.';
    marks[i] = '\0';
    /* "foods" has food's stem; "seafood" is another word; CJK matches inside a run */
    assert_string_equal(marks, "^^^^^^^^^^.....^^^^^..^^^^.^^^^...........^^^.");
    for (size_t k = 0; k < n; k++)
        free(terms[k]);
    free(terms);

    assert_int_equal(assess_text_mark_found(&t, L"food"), 3);
    assess_text_wrap(&t, 12);
    /* lines: "PESTICIDES", "and foods;", "baby-food,", "seafood. CJK", "CJK" */
    assert_string_equal(lines_of(&t), "PESTICIDES|and foods;|baby-food,|seafood. "
                                      "\xe5\xa9\xb4|\xe5\x84\xbf\xe9\xa3\x9f\xe5\x93\x81");
    assert_int_equal(assess_text_find_line(&t, -1, ASSESS_ATTR_FOUND, 0), 1);
    assert_int_equal(assess_text_find_line(&t, 1, ASSESS_ATTR_FOUND, 0), 2);
    assert_int_equal(assess_text_find_line(&t, 3, ASSESS_ATTR_FOUND, 0), -1);
    assert_int_equal(assess_text_find_line(&t, 2, ASSESS_ATTR_FOUND, 1), 1);
    assert_int_equal(assess_text_find_line(&t, 4, ASSESS_ATTR_TERM, 1), 3);
    assess_text_free(&t);
}

/* The marks of text for the topic text topic in language lang: '^' under marked characters. */
static const char *marks_of(const char *topic, const char *lang, const char *text)
{
    static char marks[256];
    wchar_t **terms = NULL;
    size_t n = assess_terms_split(topic, lang, &terms, 0);
    static assess_text t;
    assess_text_clear(&t);
    assess_text_add(&t, text, strlen(text), 0);
    assess_text_mark_terms(&t, (const wchar_t *const *)terms, n);
    size_t i;
    for (i = 0; i < t.n && i + 1 < sizeof marks; i++)
        marks[i] = (t.attr[i] & ASSESS_ATTR_TERM) ? '^' : '.';
    marks[i] = '\0';
    for (size_t k = 0; k < n; k++)
        free(terms[k]);
    free(terms);
    assess_text_free(&t);
    return marks;
}

/* The screen marks what the index would match: words with the topic term's stem, in the
 * topic's language, whatever their case. */
static void test_terms_stemmed(void **state)
{
    (void)state;
    assert_string_equal(marks_of("trees", "en", "A tree, Trees, treetop"),
                        "..^^^^..^^^^^.........");
    assert_string_equal(marks_of("systems", "en", "System of systematic"), "^^^^^^..............");
    assert_string_equal(marks_of("optimization", "en", "Optimizers optimize optics"),
                        "^^^^^^^^^^.^^^^^^^^.......");
    /* no language given: English */
    assert_string_equal(marks_of("running", NULL, "He runs."), "...^^^^.");
    /* German: "Häuser" and "Haus" share Snowball's German stem; "und" is a stop word */
    assert_string_equal(marks_of("Häuser und Gärten", "de", "Das Haus und der Garten"),
                        "....^^^^.........^^^^^^");
    /* French: "économiques" and "Économie" */
    assert_string_equal(marks_of("politiques économiques", "fr", "La politique de l'Économie"),
                        "...^^^^^^^^^......^^^^^^^^");
    /* words topics use about themselves are not marked */
    assert_string_equal(marks_of("Relevant documents discuss trees", "en", "relevant tree"),
                        ".........^^^^");
}

/* ---- the session on a small campaign ---- */

static const char *campaign(const char *name)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

/* Two topics (T1 in en and fr, T2 in en), four pooled documents for T1, one for T2. */
static store *make_campaign(const char *name)
{
    util_error err = { 0, "" };
    store *s = NULL;
    assert_int_equal(store_create(campaign(name), &s, &err), 0);
    store_grade g[] = { { 0, "Not relevant", "0" },
                        { 1, "Relevant", "1" },
                        { 2, "Highly relevant", "2" } };
    int64_t imp, t1, t2;
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_scale_set(s, g, 3, 1, &err), 0);
    assert_int_equal(store_topic_id(s, "T1", 1, &t1, &err), 1);
    assert_int_equal(store_topic_id(s, "T2", 1, &t2, &err), 1);
    assert_int_equal(store_topic_field_set(s, t1, "title", "en", "Honey bees", &err), 0);
    assert_int_equal(
        store_topic_field_set(s, t1, "description", "en", "Why colonies collapse.", &err), 0);
    assert_int_equal(store_topic_field_set(s, t1, "title", "fr", "Abeilles", &err), 0);
    assert_int_equal(store_topic_field_set(s, t2, "title", "en", "Sourdough", &err), 0);
    assert_int_equal(store_topic_field_set(s, t2, "title", "", "No language", &err), 0);
    assert_int_equal(store_import_add(s, "docs", "d", "c", 1, &imp, &err), 0);
    const char *docs[] = { "d1", "d2", "d3", "d4" };
    for (int i = 0; i < 4; i++) {
        char body[64];
        snprintf(body, sizeof body, "Document %d about honey bees and hives.", i + 1);
        assert_int_equal(store_doc_add(s, docs[i], "A title", body, strlen(body), imp, &err), 0);
        assert_int_equal(store_pool_add(s, t1, docs[i], i + 1, "pool", &err), 0);
    }
    assert_int_equal(store_pool_add(s, t2, "d1", 1, "pool", &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    return s;
}

struct mine {
    char text[512];
};

static int on_mine(void *ctx, const char *docno, long grade, const char *note, double seconds)
{
    struct mine *m = ctx;
    char one[128];
    snprintf(one, sizeof one, "%s=%ld%s%s@%.0f;", docno, grade, note ? "/" : "", note ? note : "",
             seconds);
    strcat(m->text, one);
    return 0;
}

/* This assessor's judgments of a topic, as "docno=grade[/note]@seconds;". */
static const char *judged(store *s, const char *qid, const char *assessor)
{
    static struct mine m;
    util_error err = { 0, "" };
    int64_t tid, aid;
    m.text[0] = '\0';
    assert_int_equal(store_topic_id(s, qid, 0, &tid, &err), 1);
    assert_int_equal(store_assessor_id(s, assessor, 0, &aid, &err), 1);
    assert_int_equal(store_topic_judgments_each(s, tid, aid, on_mine, &m, &err), 0);
    return m.text;
}

static void keys(assess_session *a, const char *k, double now)
{
    util_error err = { 0, "" };
    for (; *k; k++)
        assert_int_equal(assess_key(a, (unsigned char)*k, now, &err), 0);
}

static const char *shown(assess_session *a)
{
    size_t n;
    const assess_item *it = assess_items(a, &n);
    long cur = assess_current(a);
    return cur < 0 ? "-" : it[cur].docno;
}

static void test_judge_undo_later(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("judge.tjdb");
    assess_options o = { "ann", NULL, NULL, 100.0, 0, 0, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    assert_string_equal(assess_qid(a), "T1");
    assert_string_equal(shown(a), "d1");
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_JUDGE);

    keys(a, "2", 107.0);            /* 7 seconds on d1 */
    assert_string_equal(judged(s, "T1", "ann"), "d1=2@7;");
    assert_string_equal(shown(a), "d2");
    assert_non_null(strstr(assess_message(a, NULL), "Saved d1 = 2 Highly relevant"));
    assert_int_equal(assess_judged_count(a), 1);

    keys(a, "s", 108.0);            /* d2 set aside */
    assert_string_equal(shown(a), "d3");
    keys(a, "0", 110.0);
    assert_string_equal(shown(a), "d4");
    keys(a, "1", 111.0);
    assert_string_equal(shown(a), "d2");   /* the one set aside comes back last */
    assert_string_equal(judged(s, "T1", "ann"), "d1=2@7;d3=0@2;d4=1@1;");

    keys(a, "u", 112.0);            /* undo d4: it was new, so it is withdrawn */
    assert_string_equal(shown(a), "d4");
    assert_string_equal(judged(s, "T1", "ann"), "d1=2@7;d3=0@2;");
    keys(a, "u", 112.0);
    assert_string_equal(judged(s, "T1", "ann"), "d1=2@7;");
    assert_string_equal(shown(a), "d3");

    /* revising, then undoing the revision, gives the old grade back */
    keys(a, ":", 113.0);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_INPUT);
    keys(a, "d1", 113.0);
    assert_int_equal(assess_key(a, ASSESS_KEY_ENTER, 113.0, &err), 0);
    assert_string_equal(shown(a), "d1");
    keys(a, "0", 114.0);
    assert_string_equal(judged(s, "T1", "ann"), "d1=0@8;");
    keys(a, "u", 115.0);
    assert_string_equal(judged(s, "T1", "ann"), "d1=2@8;");
    int64_t hist, nj;
    assert_int_equal(store_history_count(s, &hist, &nj, &err), 0);
    assert_int_equal(hist, 7);   /* 3 judgments, 2 undone, a revision and its undo */
    assert_int_equal(store_history_check(s, &err), 0);

    /* then d2's setting aside, then the first judgment of d1; then nothing is left */
    keys(a, "u", 116.0);
    assert_string_equal(shown(a), "d2");
    assert_false(assess_items(a, &(size_t){ 0 })[1].later);
    assert_non_null(strstr(assess_message(a, NULL), "d2 is no longer set aside"));
    keys(a, "u", 116.0);
    assert_string_equal(judged(s, "T1", "ann"), "");
    keys(a, "u", 116.0);
    assert_non_null(strstr(assess_message(a, NULL), "Nothing to undo"));
    keys(a, "2", 116.0);
    assert_string_equal(judged(s, "T1", "ann"), "d1=2@1;");
    keys(a, "q", 117.0);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_QUIT);
    assess_close(&a);

    /* a new session starts at the first unjudged document and knows what is judged; d2's
     * setting aside was undone */
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    assert_string_equal(shown(a), "d2");
    assert_false(assess_items(a, &(size_t){ 0 })[1].later);
    assert_int_equal(assess_judged_count(a), 1);
    assess_close(&a);
    store_close(&s);
}

static int on_aside(void *ctx, const char *docno)
{
    strcat(ctx, docno);
    strcat(ctx, ";");
    return 0;
}

/* The documents this assessor set aside in the campaign, as "docno;docno;". */
static const char *set_aside(store *s, const char *qid, const char *assessor)
{
    static char text[256];
    util_error err = { 0, "" };
    int64_t tid, aid;
    text[0] = '\0';
    assert_int_equal(store_topic_id(s, qid, 0, &tid, &err), 1);
    assert_int_equal(store_assessor_id(s, assessor, 0, &aid, &err), 1);
    assert_int_equal(store_set_aside_each(s, tid, aid, on_aside, text, &err), 0);
    return text;
}

/* Undo gives a document back exactly its state before: a setting aside is undone on its
 * own, and undoing the judgment of a document set aside sets it aside again. */
static void test_undo_set_aside(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("undo_aside.tjdb");
    assess_options o = { "ann", NULL, NULL, 100.0, 0, 0, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    assert_string_equal(shown(a), "d1");
    keys(a, "s", 101.0);
    assert_string_equal(shown(a), "d2");
    assert_string_equal(set_aside(s, "T1", "ann"), "d1;");
    keys(a, "u", 102.0);
    assert_string_equal(shown(a), "d1");
    assert_false(assess_items(a, &(size_t){ 0 })[0].later);
    assert_string_equal(set_aside(s, "T1", "ann"), "");
    assert_string_equal(judged(s, "T1", "ann"), "");
    assert_non_null(strstr(assess_message(a, NULL), "d1 is no longer set aside"));

    /* set aside again, judged when it comes back last, then the judgment undone */
    keys(a, "s", 103.0);
    keys(a, "012", 104.0);
    assert_string_equal(shown(a), "d1");
    keys(a, "1", 105.0);
    assert_false(assess_items(a, &(size_t){ 0 })[0].later);
    assert_string_equal(set_aside(s, "T1", "ann"), "");
    keys(a, "u", 106.0);
    assert_string_equal(shown(a), "d1");
    assert_true(assess_items(a, &(size_t){ 0 })[0].later);
    assert_false(assess_items(a, &(size_t){ 0 })[0].judged);
    assert_string_equal(set_aside(s, "T1", "ann"), "d1;");
    assert_string_equal(judged(s, "T1", "ann"), "d2=0@2;d3=1@0;d4=2@0;");
    assert_non_null(strstr(assess_message(a, NULL), "d1 is unjudged and set aside again"));

    /* undoing a judgment of a document that was not set aside leaves it not set aside */
    keys(a, "u", 107.0);
    assert_string_equal(shown(a), "d4");
    assert_false(assess_items(a, &(size_t){ 0 })[3].later);
    assert_string_equal(set_aside(s, "T1", "ann"), "d1;");
    assert_int_equal(store_history_check(s, &err), 0);
    assess_close(&a);

    /* a new session finds the campaign in the same state */
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    assert_true(assess_items(a, &(size_t){ 0 })[0].later);
    assert_false(assess_items(a, &(size_t){ 0 })[3].later);
    assert_string_equal(shown(a), "d4");
    assess_close(&a);
    store_close(&s);
}

static void test_navigation_and_input(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("nav.tjdb");
    assess_options o = { "bob", NULL, NULL, 0.0, 0, 1, 0 };   /* organizer: r shows the report */
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    assess_layout(a, 20, 3, 40);
    keys(a, ".", 1);
    assert_string_equal(shown(a), "d2");
    keys(a, ",,", 1);
    assert_string_equal(shown(a), "d4");   /* wraps around */
    assert_int_equal(assess_key(a, ASSESS_KEY_TAB, 1, &err), 0);
    assert_string_equal(shown(a), "d1");
    assert_int_equal(assess_key(a, ASSESS_KEY_BTAB, 1, &err), 0);
    assert_string_equal(shown(a), "d4");

    /* a note typed before the grade is saved with it */
    keys(a, "c", 2);
    keys(a, "ok", 2);
    assert_int_equal(assess_key(a, ASSESS_KEY_BACKSPACE, 2, &err), 0);
    keys(a, "K!", 2);
    assert_int_equal(assess_key(a, ASSESS_KEY_ENTER, 2, &err), 0);
    keys(a, "1", 3);
    assert_string_equal(judged(s, "T1", "bob"), "d4=1/oK!@2;");
    /* a note on a judged document changes the note and keeps the grade */
    keys(a, ":", 3);
    keys(a, "d4", 3);
    assert_int_equal(assess_key(a, ASSESS_KEY_ENTER, 3, &err), 0);
    keys(a, "c", 3);
    /* the prompt holds the note it has, to edit */
    const char *prompt;
    assert_string_equal(assess_input(a, &prompt), "oK!");
    assert_non_null(strstr(lines_of(assess_doc_text(a)), "Note: oK!"));
    keys(a, " second", 3);
    assert_int_equal(assess_key(a, ASSESS_KEY_ENTER, 3, &err), 0);
    assert_string_equal(judged(s, "T1", "bob"), "d4=1/oK! second@2;");
    assert_non_null(strstr(lines_of(assess_doc_text(a)), "Note: oK! second"));
    /* a note typed on an unjudged document waits on that document, not on the screen */
    keys(a, ":", 3);
    keys(a, "d2", 3);
    assert_int_equal(assess_key(a, ASSESS_KEY_ENTER, 3, &err), 0);
    keys(a, "c", 3);
    keys(a, "later", 3);
    assert_int_equal(assess_key(a, ASSESS_KEY_ENTER, 3, &err), 0);
    keys(a, ".,", 3);
    assert_string_equal(shown(a), "d2");
    /* leaving the topic with it asks first */
    keys(a, "q", 3);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_JUDGE);
    assert_non_null(strstr(assess_message(a, NULL), "1 note waits for a judgment"));
    keys(a, "0", 3);
    assert_string_equal(judged(s, "T1", "bob"), "d2=0/later@0;d4=1/oK! second@2;");
    /* Escape cancels an input */
    keys(a, ":", 3);
    keys(a, "d4", 3);
    assert_int_equal(assess_key(a, ASSESS_KEY_ENTER, 3, &err), 0);
    keys(a, ":", 3);
    keys(a, "d2", 3);
    assert_int_equal(assess_key(a, ASSESS_KEY_ESCAPE, 3, &err), 0);
    assert_string_equal(shown(a), "d4");
    keys(a, ":", 3);
    keys(a, "nope", 3);
    assert_int_equal(assess_key(a, ASSESS_KEY_ENTER, 3, &err), 0);
    assert_non_null(strstr(assess_message(a, NULL), "not in the pool"));

    /* find in the document, and scrolling stays inside it */
    keys(a, "/", 4);
    keys(a, "HIVES", 4);
    assert_int_equal(assess_key(a, ASSESS_KEY_ENTER, 4, &err), 0);
    assert_non_null(strstr(assess_message(a, NULL), "1 match"));
    const assess_text *d = assess_doc_text(a);
    assert_true(assess_text_find_line(d, -1, ASSESS_ATTR_FOUND, 0) >= 0);
    keys(a, "G", 4);
    assert_int_equal(assess_doc_top(a), d->nlines - 3);
    keys(a, "jjjj", 4);
    assert_int_equal(assess_doc_top(a), d->nlines - 3);
    keys(a, "g", 4);
    assert_int_equal(assess_doc_top(a), 0);
    keys(a, "kk", 4);
    assert_int_equal(assess_doc_top(a), 0);

    /* languages and topics */
    assert_string_equal(assess_lang(a), "en");
    assert_string_equal(assess_langs(a), "en fr");
    keys(a, "L", 5);
    assert_string_equal(assess_lang(a), "fr");
    keys(a, "L", 5);
    assert_string_equal(assess_lang(a), "en");
    keys(a, "L", 5);
    assert_string_equal(assess_lang(a), "fr");
    keys(a, "t", 5);
    assert_string_equal(assess_lang(a), "en");   /* T2 has no French */
    keys(a, "T", 5);
    assert_string_equal(assess_lang(a), "fr");   /* back to the language asked for */
    keys(a, "L", 5);
    keys(a, "t", 5);
    assert_string_equal(assess_qid(a), "T2");
    assert_string_equal(shown(a), "d1");
    /* a field with no language is listed as "und" */
    assert_string_equal(assess_langs(a), "und en");
    keys(a, "L", 5);
    assert_string_equal(assess_lang(a), "und");
    keys(a, "L", 5);
    assert_string_equal(assess_lang(a), "en");
    keys(a, "T", 5);
    assert_string_equal(assess_qid(a), "T1");

    /* help and report screens give way to any key */
    keys(a, "?", 6);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_HELP);
    keys(a, "x", 6);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_JUDGE);
    keys(a, "r", 6);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_REPORT);
    assert_int_equal(assess_key(a, ASSESS_KEY_INTERRUPT, 6, &err), 0);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_QUIT);
    assess_close(&a);
    store_close(&s);
}

static void test_assignments(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("assign.tjdb");
    int64_t cat, t2;
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_assessor_id(s, "cat", 1, &cat, &err), 1);
    assert_int_equal(store_topic_id(s, "T2", 0, &t2, &err), 1);
    assert_int_equal(store_assign(s, cat, t2, 1, &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    assess_session *a = NULL;
    assess_options o = { "cat", NULL, "fr", 0.0, 0, 0, 0 };
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    size_t n;
    assert_int_equal(assess_topic_index(a, &n), 0);
    assert_int_equal(n, 1);
    assert_string_equal(assess_qid(a), "T2");
    assert_string_equal(assess_lang(a), "en");   /* T2 has no French */
    keys(a, "t", 1);
    assert_non_null(strstr(assess_message(a, NULL), "only topic"));
    assess_close(&a);
    /* someone with no topics while others have some is told so */
    assess_options o2 = { "dan", NULL, NULL, 0.0, 0, 0, 0 };
    assert_int_equal(assess_open(s, &o2, &a, &err), -1);
    assert_non_null(strstr(err.msg, "no topics are assigned to 'dan'"));
    assert_null(a);
    assess_options o3 = { "cat", "T1", NULL, 0.0, 0, 0, 0 };
    assert_int_equal(assess_open(s, &o3, &a, &err), -1);
    assert_non_null(strstr(err.msg, "topic 'T1' is not among"));
    store_close(&s);
}

/* Undoing the first judgment of a document that had a "pooled, not judged" (-1) row gives
 * the -1 row back instead of deleting it. */
static void test_undo_keeps_pooled_row(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("row.tjdb");
    int64_t tid, aid;
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_topic_id(s, "T1", 0, &tid, &err), 1);
    assert_int_equal(store_assessor_id(s, "rob", 1, &aid, &err), 1);
    assert_int_equal(store_judgment_set(s, tid, "d1", aid, -1, NULL, 0, NULL, &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    assess_options o = { "rob", NULL, NULL, 0.0, 0, 0, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    assert_string_equal(shown(a), "d1");
    keys(a, "1", 1);
    assert_string_equal(judged(s, "T1", "rob"), "d1=1@1;");
    keys(a, "u", 2);
    assert_string_equal(judged(s, "T1", "rob"), "d1=-1@1;");
    assert_non_null(strstr(assess_message(a, NULL), "pooled and unjudged again"));
    assert_int_equal(assess_judged_count(a), 0);
    assert_int_equal(store_history_check(s, &err), 0);
    assess_close(&a);
    store_close(&s);
}

/* Every key on every screen leaves a consistent state (no crash, top within the text). */
static void test_every_key(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("keys.tjdb");
    assess_options o = { "eve", NULL, NULL, 0.0, 0, 0, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    assess_layout(a, 10, 2, 10);
    unsigned seed = 7;
    for (int i = 0; i < 5000 && assess_get_mode(a) != ASSESS_MODE_QUIT; i++) {
        seed = seed * 1103515245u + 12345u;
        int k = (int)((seed >> 8) % 140);
        int key = k < 128 ? k : ASSESS_KEY_UP + (k - 128);
        if (key == 'q' || key == ASSESS_KEY_INTERRUPT)
            continue;
        assert_int_equal(assess_key(a, key, (double)i, &err), 0);
        const assess_text *d = assess_doc_text(a);
        assert_true(assess_doc_top(a) <= d->nlines);
    }
    assert_int_equal(store_history_check(s, &err), 0);
    assess_close(&a);
    store_close(&s);
}

static long fake_search(void *ctx, const char *query, char **docnos, size_t max, util_error *err)
{
    (void)err;
    (void)max;
    strcpy(ctx, query);
    if (strcmp(query, "none") == 0)
        return 0;
    docnos[0] = strdup("d3");
    docnos[1] = strdup("extra");
    return 2;
}

static int on_pool_row(void *ctx, const char *docno, int64_t position, const char *source)
{
    (void)position;
    char one[64];
    snprintf(one, sizeof one, "%s:%s;", docno, source);
    strcat(ctx, one);
    return 0;
}

static void test_search_collection(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("search.tjdb");
    assess_options o = { "sam", NULL, NULL, 0.0, 0, 0, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    keys(a, "S", 1);
    assert_non_null(strstr(assess_message(a, NULL), "No search index"));
    static char asked[64];
    assess_set_searcher(a, (assess_searcher){ asked, fake_search, NULL });
    keys(a, "Snone", 1);
    assert_int_equal(assess_key(a, ASSESS_KEY_ENTER, 1, &err), 0);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_JUDGE);
    assert_non_null(strstr(assess_message(a, NULL), "Nothing in the collection"));
    keys(a, "Sbees", 1);
    assert_int_equal(assess_key(a, ASSESS_KEY_ENTER, 1, &err), 0);
    assert_string_equal(asked, "bees");
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_RESULTS);
    size_t sel;
    const assess_text *r = assess_results(a, &sel);
    assert_int_equal(sel, 0);
    assert_string_equal(lines_of(r), " 1. [in pool] d3  A title \u2014 Document 3 about honey bees"
                                     " and hives.| 2. [new] extra");
    assert_int_equal(assess_key(a, ASSESS_KEY_DOWN, 1, &err), 0);
    assert_int_equal(assess_key(a, ASSESS_KEY_ENTER, 2, &err), 0);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_JUDGE);
    assert_string_equal(shown(a), "extra");
    assert_int_equal(assess_item_index(a, "extra"), 4);
    /* opened, not pooled: it joins the pool when it is judged */
    assert_true(assess_items(a, &(size_t){ 0 })[4].unpooled);
    {
        char before[256] = "";
        int64_t t1;
        assert_int_equal(store_topic_id(s, "T1", 0, &t1, &err), 1);
        assert_int_equal(store_pool_each(s, t1, on_pool_row, before, &err), 0);
        assert_string_equal(before, "d1:pool;d2:pool;d3:pool;d4:pool;");
    }
    /* it has no text in the campaign: the first grade key asks, the second judges */
    assert_true(assess_items(a, &(size_t){ 0 })[4].no_text);
    keys(a, "1", 3);
    assert_non_null(
        strstr(assess_message(a, NULL), "extra has no text in the campaign: press 1 again"));
    assert_string_equal(judged(s, "T1", "sam"), "");
    keys(a, "1", 3);
    assert_string_equal(judged(s, "T1", "sam"), "extra=1@1;");
    char rows[256] = "";
    int64_t tid;
    assert_int_equal(store_topic_id(s, "T1", 0, &tid, &err), 1);
    assert_int_equal(store_pool_each(s, tid, on_pool_row, rows, &err), 0);
    assert_string_equal(rows, "d1:pool;d2:pool;d3:pool;d4:pool;extra:search;");
    /* a result already in the pool is opened, not added again */
    keys(a, "Sbees", 4);
    assert_int_equal(assess_key(a, ASSESS_KEY_ENTER, 4, &err), 0);
    assert_int_equal(assess_key(a, ASSESS_KEY_ENTER, 4, &err), 0);
    assert_string_equal(shown(a), "d3");
    size_t n;
    assess_items(a, &n);
    assert_int_equal(n, 5);
    assess_close(&a);
    store_close(&s);
}

/* A strategy that proposes the pool backwards and stops after two judgments. */
struct backwards {
    int topics, judged, relevant;
};

static long back_next(void *ctx, const assess_session *a)
{
    struct backwards *b = ctx;
    if (b->judged >= 2)
        return ASSESS_STRATEGY_DONE;
    size_t n;
    const assess_item *it = assess_items(a, &n);
    for (long i = (long)n - 1; i >= 0; i--)
        if (!it[i].judged)
            return i;
    return -1;
}

static void back_judged(void *ctx, const char *docno, int relevant)
{
    (void)docno;
    struct backwards *b = ctx;
    b->judged++;
    b->relevant += relevant;
}

static void back_topic(void *ctx, assess_session *a)
{
    (void)a;
    ((struct backwards *)ctx)->topics++;
}

/* The screen opens its campaign twice (the live report has its own connection). Opening
 * the second must not drop the first one's locks: another program closing the campaign
 * would then remove the -wal file under it, and the judgments saved after that would be
 * seen by no one else. */
static void test_second_connection_keeps_locks(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("twice.tjdb");
    store *report = NULL;
    assert_int_equal(store_open(campaign("twice.tjdb"), &report, &err), 0);
    char wal[300];
    snprintf(wal, sizeof wal, "%s-wal", campaign("twice.tjdb"));
    assert_int_equal(access(wal, F_OK), 0);
    /* another program (not a fork, which would share this one's idea of its locks) opens
     * the campaign and closes it */
    const char *tj = getenv("TRECJUDGE");
    if (tj == NULL) {
        store_close(&report);
        store_close(&s);
        skip();
    }
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' check -d '%s' >/dev/null 2>&1", tj, campaign("twice.tjdb"));
    assert_int_equal(system(cmd), 0);
    assert_int_equal(access(wal, F_OK), 0);
    store_close(&report);
    store_close(&s);
}

/* A grade key while another program holds the campaign's write lock: the save waits as
 * pending (the session never blocks), keys that would judge or move are dropped and
 * counted, reading keys work, and once the lock goes exactly the document that was on
 * screen is judged. */
static void test_pending_save(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("pending.tjdb");
    store *other = NULL;
    assert_int_equal(store_open(campaign("pending.tjdb"), &other, &err), 0);
    assess_options o = { "pat", NULL, NULL, 0.0, 0, 0, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    assess_layout(a, 10, 2, 40);
    assert_string_equal(shown(a), "d1");

    assert_int_equal(store_begin(other, &err), 0);   /* the lock is held */
    keys(a, "1", 10.0);
    assert_true(assess_pending(a));
    assert_string_equal(judged(s, "T1", "pat"), "");
    int is_error = 0;
    assert_non_null(strstr(assess_message(a, &is_error),
                           "Saving 'Relevant' for d1: waiting for the campaign's write lock "
                           "(another program is writing) 0.0 s."));
    assert_true(is_error);
    keys(a, "001.", 10.5);           /* three grades and a move: dropped */
    assert_int_equal(assess_key(a, ASSESS_KEY_TAB, 10.5, &err), 0);
    keys(a, "u:", 10.5);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_JUDGE);
    assert_string_equal(shown(a), "d1");
    assert_non_null(strstr(assess_message(a, NULL), "7 keys typed while saving were ignored."));
    keys(a, "j", 11.0);              /* reading keys work */
    assert_int_equal(assess_doc_top(a), 1);
    keys(a, "?", 11.0);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_HELP);
    keys(a, "x", 11.0);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_JUDGE);
    assert_int_equal(assess_tick(a, 12.4, &err), 0);
    assert_true(assess_pending(a));
    assert_non_null(strstr(assess_message(a, NULL), "(another program is writing) 2.4 s."));
    assert_string_equal(judged(s, "T1", "pat"), "");

    store_rollback(other);           /* the lock goes */
    assert_int_equal(assess_tick(a, 13.0, &err), 0);
    assert_false(assess_pending(a));
    assert_string_equal(judged(s, "T1", "pat"), "d1=1@10;");
    assert_string_equal(shown(a), "d2");
    assert_non_null(strstr(assess_message(a, &is_error),
                           "Saved d1 = 1 Relevant. It waited 3.0 s for the write lock."));
    assert_non_null(strstr(assess_message(a, NULL), "7 keys typed while saving were ignored."));
    assert_false(is_error);

    /* undo waits the same way */
    assert_int_equal(store_begin(other, &err), 0);
    keys(a, "u", 14.0);
    assert_true(assess_pending(a));
    assert_non_null(strstr(assess_message(a, NULL), "Undoing the judgment of d1: waiting"));
    store_rollback(other);
    assert_int_equal(assess_tick(a, 14.1, &err), 0);
    assert_string_equal(judged(s, "T1", "pat"), "");
    assert_string_equal(shown(a), "d1");

    /* q while a save waits asks first; a second q leaves without it, which is told */
    assert_int_equal(store_begin(other, &err), 0);
    keys(a, "0", 15.0);
    keys(a, "q", 15.1);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_JUDGE);
    assert_non_null(strstr(assess_message(a, NULL), "Not saved yet: q again quits without it."));
    assert_null(assess_unsaved(a));
    keys(a, "q", 15.2);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_QUIT);
    assert_string_equal(assess_unsaved(a), "'Not relevant' for d1 (topic T1)");
    assess_close(&a);

    /* Ctrl-C leaves at once, from any screen, and the save given up is told */
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    keys(a, "2/", 20.0);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_INPUT);
    assert_int_equal(assess_key(a, ASSESS_KEY_INTERRUPT, 20.5, &err), 0);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_QUIT);
    assert_string_equal(assess_unsaved(a), "'Highly relevant' for d1 (topic T1)");
    store_rollback(other);
    assert_string_equal(judged(s, "T1", "pat"), "");
    assert_int_equal(store_history_check(s, &err), 0);
    assess_close(&a);
    store_close(&other);
    store_close(&s);
}

/* Ctrl-C ends the session from the help, input, results and report screens. */
static void test_interrupt_everywhere(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("interrupt.tjdb");
    static char asked[64];
    const char *const before[] = { "?", "/", ":", "c", "r", "Sbees\n" };
    for (size_t i = 0; i < sizeof before / sizeof *before; i++) {
        assess_options o = { "ivy", NULL, NULL, 0.0, 0, 1, 0 };
        assess_session *a = NULL;
        assert_int_equal(assess_open(s, &o, &a, &err), 0);
        assess_set_searcher(a, (assess_searcher){ asked, fake_search, NULL });
        for (const char *k = before[i]; *k; k++)
            assert_int_equal(assess_key(a, *k == '\n' ? ASSESS_KEY_ENTER : *k, 1, &err), 0);
        assert_int_not_equal(assess_get_mode(a), ASSESS_MODE_JUDGE);
        assert_int_equal(assess_key(a, ASSESS_KEY_INTERRUPT, 2, &err), 0);
        assert_int_equal(assess_get_mode(a), ASSESS_MODE_QUIT);
        assert_null(assess_unsaved(a));
        assess_close(&a);
    }
    store_close(&s);
}

/* The keys the screen uses are refused as grade keys; they come from the key table. */
static void test_reserved_keys(void **state)
{
    (void)state;
    assert_string_equal(assess_key_reserved('n'), "next / previous match");
    assert_string_equal(assess_key_reserved('q'), "quit (all is saved)");
    assert_string_equal(assess_key_reserved('j'), "scroll a line");
    assert_string_equal(assess_key_reserved('?'), "this help");
    assert_string_equal(assess_key_reserved(' '), "scroll a page");
    assert_string_equal(assess_key_reserved('r'), "live report");
    assert_null(assess_key_reserved('0'));
    assert_null(assess_key_reserved('x'));
    assert_null(assess_key_reserved('p'));
    char list[256];
    assess_reserved_list(list, sizeof list);
    assert_string_equal(list, "? q ] [ . , u s c j k Space b g G / n N h H D L J K v : t T S P r");
    /* every key listed is reserved, and the list is cut cleanly when short */
    for (char *p = list; *p; p++)
        if (*p != ' ' && (p[1] == ' ' || p[1] == '\0') && (p == list || p[-1] == ' '))
            assert_non_null(assess_key_reserved(*p));
    char small[4];
    assess_reserved_list(small, sizeof small);
    assert_string_equal(small, "? q");

    /* a campaign made before the check, with n and r as grade keys: n and r keep their
     * screen meaning, the grades get their numbers as keys, and the screen says so */
    util_error err = { 0, "" };
    store *s = make_campaign("oldkeys.tjdb");
    store_grade g[] = { { 0, "Not relevant", "n" }, { 1, "Relevant", "r" } };
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_scale_set(s, g, 2, 1, &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    assess_options o = { "old", NULL, NULL, 0.0, 0, 1, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    assert_non_null(
        strstr(assess_message(a, NULL),
               "grade key 'n' is the screen's 'next / previous match' key: press 0 for it"));
    size_t n;
    const assess_keyinfo *k = assess_keys(a, &n);
    assert_string_equal(k[0].keys, "0");
    assert_string_equal(k[1].keys, "1");
    keys(a, "n", 1);
    assert_non_null(strstr(assess_message(a, NULL), "No search yet"));
    keys(a, "r", 1);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_REPORT);
    keys(a, "x1", 2);
    assert_string_equal(judged(s, "T1", "old"), "d1=1@2;");
    assess_close(&a);
    store_close(&s);
}

static void test_strategy(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("strategy.tjdb");
    assess_options o = { "sue", NULL, NULL, 0.0, 0, 0, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    assert_string_equal(shown(a), "d1");
    static struct backwards b;
    assess_set_strategy(a, (assess_strategy){ .ctx = &b, .next = back_next, .judged = back_judged,
                                              .topic = back_topic });
    assert_int_equal(b.topics, 1);
    assert_string_equal(shown(a), "d4");
    keys(a, "2", 1);
    assert_string_equal(shown(a), "d3");
    keys(a, "0", 2);
    assert_int_equal(b.judged, 2);
    assert_int_equal(b.relevant, 1);
    assert_non_null(strstr(assess_message(a, NULL), "budget of topic T1 is spent"));
    assert_string_equal(judged(s, "T1", "sue"), "d3=0@1;d4=2@1;");
    keys(a, "t", 3);
    assert_int_equal(b.topics, 2);
    assess_close(&a);
    store_close(&s);
}

/* ---- what each key changed ---- */

static unsigned press(assess_session *a, int key, double now)
{
    util_error err = { 0, "" };
    unsigned changed = assess_handle_key(a, key, now, &err);
    assert_false(changed & ASSESS_CHANGED_FAILED);
    return changed;
}

/* A grade key judges and moves on; the last one judges without moving; undo judges back. */
static void test_changed_grade(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("changed_grade.tjdb");
    assess_options o = { "cg", NULL, NULL, 0.0, 0, 0, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    unsigned c = press(a, '1', 1);
    assert_int_equal(c, ASSESS_CHANGED_JUDGED | ASSESS_CHANGED_MOVED | ASSESS_CHANGED_MESSAGE);
    assert_string_equal(shown(a), "d2");
    c = press(a, 'u', 2);
    assert_int_equal(c & (ASSESS_CHANGED_JUDGED | ASSESS_CHANGED_MOVED),
                     ASSESS_CHANGED_JUDGED | ASSESS_CHANGED_MOVED);
    keys(a, "1111", 3);
    c = press(a, '0', 4);   /* d4 was judged last: nothing left to show */
    assert_int_equal(c, ASSESS_CHANGED_JUDGED | ASSESS_CHANGED_MESSAGE);
    assert_non_null(strstr(assess_message(a, NULL), "Topic T1 is done: t goes to the next topic."));
    /* moving between documents and topics */
    assert_int_equal(press(a, '.', 5) & ~ASSESS_CHANGED_MESSAGE, ASSESS_CHANGED_MOVED);
    assert_int_equal(press(a, 't', 6) & ~ASSESS_CHANGED_MESSAGE,
                     ASSESS_CHANGED_TOPIC | ASSESS_CHANGED_MOVED);
    assert_string_equal(assess_qid(a), "T2");
    assert_int_equal(press(a, 'L', 7) & ~ASSESS_CHANGED_MESSAGE, ASSESS_CHANGED_TOPIC);
    assert_int_equal(press(a, 'D', 8) & ~ASSESS_CHANGED_MESSAGE,
                     ASSESS_CHANGED_TOPIC | ASSESS_CHANGED_DOC);
    assess_close(&a);
    store_close(&s);
}

/* Scrolling only redraws, and not even that when the text does not move; an unknown key
 * only clears the message line (and changes nothing once it is clear). */
static void test_changed_scroll_and_unknown(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("changed_scroll.tjdb");
    assess_options o = { "cs", NULL, NULL, 0.0, 0, 0, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    assess_layout(a, 8, 2, 40);
    assert_true(assess_doc_text(a)->nlines > 4);
    assert_int_equal(press(a, 'x', 1), ASSESS_CHANGED_MESSAGE);   /* "'x' is not a key here" */
    assert_non_null(strstr(assess_message(a, NULL), "'x' is not a key here: ? for help."));
    assert_int_equal(press(a, 'x', 1), 0);                        /* the same message */
    assert_int_equal(press(a, 'j', 1), ASSESS_CHANGED_MESSAGE | ASSESS_CHANGED_REDRAW);
    assert_int_equal(press(a, ASSESS_KEY_DOWN, 1), ASSESS_CHANGED_REDRAW);
    assert_int_equal(press(a, 'k', 1), ASSESS_CHANGED_REDRAW);
    assert_int_equal(press(a, ASSESS_KEY_PGDN, 1), ASSESS_CHANGED_REDRAW);
    assert_int_equal(press(a, 'G', 1), ASSESS_CHANGED_REDRAW);
    assert_int_equal(press(a, 'j', 1), 0);          /* at the end already */
    assert_int_equal(press(a, 'g', 1), ASSESS_CHANGED_REDRAW);
    assert_int_equal(press(a, 'K', 1), 0);          /* the topic is at its top */
    assert_int_equal(press(a, 'J', 1), ASSESS_CHANGED_REDRAW);
    assert_int_equal(press(a, 'n', 1), ASSESS_CHANGED_MESSAGE);   /* "No search yet" */
    assert_int_equal(press(a, 'x', 1), ASSESS_CHANGED_MESSAGE);   /* another message */
    assert_int_equal(press(a, 'x', 1), 0);
    assert_int_equal(press(a, 0x5a74, 1), ASSESS_CHANGED_MESSAGE);
    assert_int_equal(press(a, ASSESS_KEY_ESCAPE, 1), ASSESS_CHANGED_MESSAGE);   /* clears it */
    assert_int_equal(press(a, ASSESS_KEY_ESCAPE, 1), 0);
    assess_close(&a);
    store_close(&s);
}

/* Screens and the input line change the mode; typing redraws the line only. */
static void test_changed_modes(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("changed_modes.tjdb");
    assess_options o = { "cm", NULL, NULL, 0.0, 0, 1, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    assess_layout(a, 8, 2, 40);
    assert_int_equal(press(a, '?', 1), ASSESS_CHANGED_MODE);
    assert_int_equal(press(a, 'x', 1), ASSESS_CHANGED_MODE);   /* any key returns */
    assert_int_equal(press(a, 'r', 1), ASSESS_CHANGED_MODE);
    assert_int_equal(press(a, ASSESS_KEY_ESCAPE, 1), ASSESS_CHANGED_MODE);
    assert_int_equal(press(a, '/', 1), ASSESS_CHANGED_MODE);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_INPUT);
    assert_int_equal(press(a, 'h', 1), ASSESS_CHANGED_REDRAW);
    assert_int_equal(press(a, ASSESS_KEY_BACKSPACE, 1), ASSESS_CHANGED_REDRAW);
    assert_int_equal(press(a, ASSESS_KEY_BACKSPACE, 1), 0);
    keys(a, "hives", 1);
    unsigned c = press(a, ASSESS_KEY_ENTER, 1);
    assert_true(c & ASSESS_CHANGED_MODE);
    assert_true(c & ASSESS_CHANGED_DOC);
    assert_true(c & ASSESS_CHANGED_MESSAGE);
    assert_int_equal(press(a, ':', 2), ASSESS_CHANGED_MODE | ASSESS_CHANGED_MESSAGE);
    assert_int_equal(press(a, ASSESS_KEY_ESCAPE, 2), ASSESS_CHANGED_MODE | ASSESS_CHANGED_MESSAGE);
    assert_int_equal(press(a, ASSESS_KEY_INTERRUPT, 3) & ASSESS_CHANGED_MODE, ASSESS_CHANGED_MODE);
    assert_int_equal(assess_get_mode(a), ASSESS_MODE_QUIT);
    assess_close(&a);
    store_close(&s);
}

/* What the screen shows, to check that a key reported as changing nothing changed nothing. */
typedef struct seen {
    assess_mode mode;
    size_t topic, judged, doc_top, topic_top, nitems;
    long cur;
    char message[1200], input[600];
    int error;
} seen;

static void look(assess_session *a, seen *v)
{
    size_t nt;
    const char *prompt;
    v->mode = assess_get_mode(a);
    v->topic = assess_topic_index(a, &nt);
    v->judged = assess_judged_count(a);
    v->doc_top = assess_doc_top(a);
    v->topic_top = assess_topic_top(a);
    assess_items(a, &v->nitems);
    v->cur = assess_current(a);
    snprintf(v->message, sizeof v->message, "%s", assess_message(a, &v->error));
    snprintf(v->input, sizeof v->input, "%s", assess_input(a, &prompt));
}

/* Random keys: the bits reported cover what the screen would show differently. */
static void test_changed_covers_state(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("changed_state.tjdb");
    assess_options o = { "cv", NULL, NULL, 0.0, 0, 0, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    assess_layout(a, 10, 2, 10);
    unsigned seed = 11;
    for (int i = 0; i < 5000 && assess_get_mode(a) != ASSESS_MODE_QUIT; i++) {
        seed = seed * 1103515245u + 12345u;
        int k = (int)((seed >> 8) % 140);
        int key = k < 128 ? k : ASSESS_KEY_UP + (k - 128);
        if (key == 'q' || key == ASSESS_KEY_INTERRUPT)
            continue;
        static seen before, after;
        look(a, &before);
        unsigned c = press(a, key, (double)i);
        look(a, &after);
        if (c == 0)
            assert_memory_equal(&before, &after, sizeof before);
        if (before.mode != after.mode)
            assert_true(c & ASSESS_CHANGED_MODE);
        if (before.cur != after.cur || before.nitems != after.nitems)
            assert_true(c & (ASSESS_CHANGED_MOVED | ASSESS_CHANGED_TOPIC));
        if (before.topic != after.topic)
            assert_true(c & ASSESS_CHANGED_TOPIC);
        if (before.judged != after.judged && before.topic == after.topic)
            assert_true(c & ASSESS_CHANGED_JUDGED);
        if (strcmp(before.message, after.message) != 0 || before.error != after.error)
            assert_true(c & ASSESS_CHANGED_MESSAGE);
        if (before.doc_top != after.doc_top || before.topic_top != after.topic_top ||
            strcmp(before.input, after.input) != 0)
            assert_true(c != 0);
    }
    assess_close(&a);
    store_close(&s);
}

/* The reserved keys, the session's key table and the man page's key list are one table. */
static void test_key_table(void **state)
{
    (void)state;
    char expect[256] = "", list[256];
    size_t used = 0, nfixed = 0;
    const assess_keyinfo *k;
    for (size_t i = 0; (k = assess_fixed_key(i)) != NULL; i++, nfixed++)
        for (size_t j = 0; j < 4 && k->codes[j] != 0; j++) {
            assert_string_equal(assess_key_reserved(k->codes[j]), k->what);
            if (k->codes[j] >= ASSESS_KEY_UP)
                continue;
            char one[2] = { (char)k->codes[j], 0 };
            used += (size_t)snprintf(expect + used, sizeof expect - used, "%s%s", used ? " " : "",
                                     k->codes[j] == ' ' ? "Space" : one);
        }
    assess_reserved_list(list, sizeof list);
    assert_string_equal(list, expect);

    /* the session's table: the grade keys, then the same rows */
    util_error err = { 0, "" };
    store *s = make_campaign("table.tjdb");
    assess_options o = { "kt", NULL, NULL, 0.0, 0, 1, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    size_t n;
    const assess_keyinfo *keys = assess_keys(a, &n);
    assert_int_equal(n, 3 + nfixed);
    for (size_t i = 0; i < 3; i++) {
        assert_true(keys[i].is_grade);
        assert_int_equal(keys[i].codes[0], '0' + (int)i);
        assert_null(assess_key_reserved(keys[i].codes[0]));
    }
    for (size_t i = 0; i < nfixed; i++)
        assert_memory_equal(&keys[3 + i], assess_fixed_key(i), sizeof *keys);
    assess_close(&a);
    store_close(&s);

    /* the man page lists the same rows, in the same order, with the same words */
    FILE *f = fopen(TJ_SRCDIR "/share/man/trecjudge.1", "r");
    assert_non_null(f);
    static char man[1 << 20];
    size_t len = fread(man, 1, sizeof man - 1, f);
    fclose(f);
    man[len] = '\0';
    const char *begin_mark = ".\\\" keys: begin\n", *end_mark = ".\\\" keys: end\n";
    char *begin = strstr(man, begin_mark), *end = strstr(man, end_mark);
    assert_non_null(begin);
    assert_non_null(end);
    begin += strlen(begin_mark);
    *end = '\0';
    char *roff = assess_keys_roff();
    if (strcmp(begin, roff) != 0)
        fprintf(stderr,
                "share/man/trecjudge.1: the key list differs from the key table; it is:\n%s", roff);
    assert_string_equal(begin, roff);
    free(roff);
}

/* Blind judging: the live report is hidden from assessors unless the campaign allows it;
 * r says why, and the help and legend (the session's key table) do not offer it. The
 * organizer sees it. */
static void test_report_hidden(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("blind.tjdb");
    size_t nfixed = 0;
    while (assess_fixed_key(nfixed) != NULL)
        nfixed++;
    for (int round = 0; round < 3; round++) {
        /* 0: an assessor by default; 1: the organizer; 2: a campaign that allows it */
        if (round == 2)
            assert_int_equal(store_setting_set(s, "report_for_assessors", "yes", &err), 0);
        assess_options o = { "blind", NULL, NULL, 0.0, 0, round == 1, 0 };
        assess_session *a = NULL;
        assert_int_equal(assess_open(s, &o, &a, &err), 0);
        int allowed = round > 0;
        assert_int_equal(assess_report_allowed(a), allowed);
        size_t n;
        const assess_keyinfo *k = assess_keys(a, &n);
        assert_int_equal(n, 3 + nfixed - (allowed ? 0 : 1));
        int offered = 0;
        for (size_t i = 0; i < n; i++)
            offered |= k[i].codes[0] == 'r';
        assert_int_equal(offered, allowed);
        keys(a, "r", 1);
        if (allowed) {
            assert_int_equal(assess_get_mode(a), ASSESS_MODE_REPORT);
        } else {
            assert_int_equal(assess_get_mode(a), ASSESS_MODE_JUDGE);
            assert_string_equal(assess_message(a, NULL),
                                "The report is hidden from assessors in this campaign.");
        }
        assess_close(&a);
    }
    store_close(&s);
}

/* The pool is shown in its order (position, then docno), whatever the docnos' order. */
static void test_pool_order(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("order.tjdb");
    int64_t t;
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_topic_id(s, "T0", 1, &t, &err), 1);
    const char *docnos[] = { "d4", "d2", "zz", "d1", "d3", "a" };
    const int64_t positions[] = { 1, 2, 2, 3, 9, 9 };
    for (int i = 0; i < 6; i++)
        assert_int_equal(store_pool_add(s, t, docnos[i], positions[i], "pool", &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    assess_options o = { "order", "T0", NULL, 0.0, 0, 0, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    size_t n;
    const assess_item *it = assess_items(a, &n);
    assert_int_equal(n, 6);
    const char *shown[] = { "d4", "d2", "zz", "d1", "a", "d3" };
    for (size_t i = 0; i < n; i++) {
        assert_string_equal(it[i].docno, shown[i]);
        assert_int_equal(assess_item_index(a, shown[i]), (long)i);
    }
    assert_int_equal(assess_item_index(a, "d5"), -1);
    assess_close(&a);
    store_close(&s);
}

/* A topic opens with its pool's docnos: what the list shows of a row (title or first words,
 * no text) is read when the row is drawn. */
static void test_rows_read_when_drawn(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("rows.tjdb");
    int64_t t1, imp;
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_topic_id(s, "T1", 0, &t1, &err), 1);
    assert_int_equal(store_import_add(s, "docs", "e", "e", 1, &imp, &err), 0);
    const char *body = "  Untitled text of five words";
    assert_int_equal(store_doc_add(s, "d6", " ", body, strlen(body), imp, &err), 0);
    assert_int_equal(store_pool_add(s, t1, "d5", 5, "pool", &err), 0);   /* no text */
    assert_int_equal(store_pool_add(s, t1, "d6", 6, "pool", &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    assess_options o = { "rows", NULL, NULL, 0.0, 0, 0, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    size_t n;
    const assess_item *it = assess_items(a, &n);
    assert_int_equal(n, 6);
    for (size_t i = 1; i < n; i++)
        assert_false(it[i].summary_read);
    assess_items_summarize(a, 3, 10);
    assert_false(it[2].summary_read);
    assert_true(it[3].summary_read && it[4].summary_read && it[5].summary_read);
    assert_string_equal(it[3].summary, "A title");
    assert_true(it[4].no_text);
    assert_null(it[4].summary);
    assert_false(it[5].no_text);
    assert_string_equal(it[5].summary, "Untitled text of five words");
    assess_text line = { 0 };
    assess_item_line(a, 1, 0, &line);
    assert_true(it[1].summary_read);
    assert_string_equal(lines_of(&line), "A title");
    assess_item_line(a, 4, 0, &line);
    assert_string_equal(lines_of(&line), "(no text)");
    assess_text_free(&line);
    assess_close(&a);
    store_close(&s);
}

/* A full day's details: active time leaves idle gaps out (the wall time is kept beside
 * it), set aside survives the session, topics in natural order, t skips finished topics,
 * progress over every topic, summaries and snippets. */
static void test_day_of_judging(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    store *s = make_campaign("day.tjdb");
    int64_t t10, t2, aid;
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_topic_id(s, "T10", 1, &t10, &err), 1);
    assert_int_equal(store_topic_id(s, "T2", 0, &t2, &err), 1);
    assert_int_equal(store_topic_field_set(s, t10, "title", "en", "Hives", &err), 0);
    assert_int_equal(store_pool_add(s, t10, "d2", 1, "pool", &err), 0);
    assert_int_equal(store_setting_set(s, "idle_threshold", "30", &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    assess_options o = { "day", NULL, NULL, 0.0, 0, 0, 0 };
    assess_session *a = NULL;
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    assert_int_equal(assess_reading_width(a), 100);
    /* the other topics' counts are read after the first screen, once */
    assess_progress first;
    assess_get_progress(a, &first);
    assert_int_equal(first.totals, 0);
    assert_int_equal(first.assigned, 4);   /* T1 alone */
    assert_true(first.seconds_left < 0);
    assert_int_equal(assess_load_totals(a, &err), 1);
    assess_get_progress(a, &first);
    assert_int_equal(first.totals, 1);
    assert_int_equal(first.assigned, 6);
    assert_int_equal(assess_load_totals(a, &err), 0);
    size_t nt;
    assess_topic_index(a, &nt);
    assert_int_equal(nt, 3);
    assert_string_equal(assess_qid(a), "T1");

    /* summaries: the title; the snippet has the topic's terms, matched by stem */
    assess_text line = { 0 };
    assess_item_line(a, 0, 1, &line);
    assert_string_equal(lines_of(&line), "A title \u2014 Document 1 about honey bees and hives.");
    size_t marked = 0;
    for (size_t k = 0; k < line.n; k++)
        marked += (line.attr[k] & ASSESS_ATTR_TERM) != 0;
    assert_int_equal(marked, strlen("honeybees"));   /* "honey" and "bees", once each */
    assess_text_free(&line);

    /* 20 s reading, then 500 s away from the screen: 20 + 30 active, 520 wall */
    keys(a, "j", 20.0);
    keys(a, "1", 520.0);
    double active = 0, wall = 0;
    assert_int_equal(store_assessor_id(s, "day", 0, &aid, &err), 1);
    assert_int_equal(store_topic_id(s, "T1", 0, &t2, &err), 1);
    assert_int_equal(store_judgment_times(s, t2, "d1", aid, &active, &wall, &err), 1);
    assert_true(active > 49.9 && active < 50.1);
    assert_true(wall > 519.9 && wall < 520.1);

    /* set aside is kept in the campaign */
    keys(a, "s", 521.0);
    assert_string_equal(shown(a), "d3");
    assess_progress pg;
    assess_get_progress(a, &pg);
    assert_int_equal(pg.judged, 1);
    assert_int_equal(pg.assigned, 6);   /* T1: 4, T2: 1, T10: 1 */
    assert_int_equal(pg.relevant, 1);
    assert_true(pg.seconds_left > 249 && pg.seconds_left < 251);   /* 5 left at 50 s each */
    keys(a, "q", 522.0);
    assess_close(&a);
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    assert_true(assess_items(a, &(size_t){ 0 })[1].later);

    /* T2 judged elsewhere: t from T1 skips it and opens T10 (natural order: T1 T2 T10); the
     * key reads the topics' counts first, as no screen did */
    assert_int_equal(store_topic_id(s, "T2", 0, &t2, &err), 1);
    assert_int_equal(store_begin(s, &err), 0);
    assert_int_equal(store_judgment_set(s, t2, "d1", aid, 0, NULL, 3, NULL, &err), 0);
    assert_int_equal(store_commit(s, &err), 0);
    assess_close(&a);
    assert_int_equal(assess_open(s, &o, &a, &err), 0);
    keys(a, "t", 530.0);
    assert_string_equal(assess_qid(a), "T10");
    assert_non_null(strstr(assess_message(a, NULL), "1 topic with nothing left to judge skipped"));
    keys(a, "T", 531.0);
    assert_string_equal(assess_qid(a), "T1");
    assess_close(&a);
    store_close(&s);
}

static int setup(void **state)
{
    (void)state;
    if (setlocale(LC_ALL, "C.UTF-8") == NULL)
        return -1;
    return mkdtemp(dir) == NULL ? -1 : 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_is_safe),
        cmocka_unit_test(test_wrap),
        cmocka_unit_test(test_terms),
        cmocka_unit_test(test_terms_stemmed),
        cmocka_unit_test(test_judge_undo_later),
        cmocka_unit_test(test_undo_set_aside),
        cmocka_unit_test(test_navigation_and_input),
        cmocka_unit_test(test_assignments),
        cmocka_unit_test(test_every_key),
        cmocka_unit_test(test_undo_keeps_pooled_row),
        cmocka_unit_test(test_search_collection),
        cmocka_unit_test(test_strategy),
        cmocka_unit_test(test_second_connection_keeps_locks),
        cmocka_unit_test(test_pending_save),
        cmocka_unit_test(test_interrupt_everywhere),
        cmocka_unit_test(test_reserved_keys),
        cmocka_unit_test(test_changed_grade),
        cmocka_unit_test(test_changed_scroll_and_unknown),
        cmocka_unit_test(test_changed_modes),
        cmocka_unit_test(test_changed_covers_state),
        cmocka_unit_test(test_key_table),
        cmocka_unit_test(test_day_of_judging),
        cmocka_unit_test(test_rows_read_when_drawn),
        cmocka_unit_test(test_pool_order),
        cmocka_unit_test(test_report_hidden),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
