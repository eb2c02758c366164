/* search.c: finding text in the document shown, and searching the collection for missed ones. */
/* SPDX-License-Identifier: MIT */
#include "assess/assess_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

/* ---- searching the collection ---- */

void assess_results_clear(assess_session *a)
{
    for (size_t i = 0; i < a->nresults; i++)
        free(a->results[i]);
    a->nresults = 0;
    a->selected = 0;
    assess_text_clear(&a->results_text);
}

static void build_results_text(assess_session *a)
{
    assess_text *t = &a->results_text;
    assess_text_clear(t);
    for (size_t i = 0; i < a->nresults; i++) {
        long in_pool = assess_find_item(a, a->results[i]);
        char head[64];
        const char *mark = "new";
        if (in_pool >= 0)
            mark = a->items[in_pool].judged ? "judged" : "in pool";
        snprintf(head, sizeof head, "%2zu. [%s] ", i + 1, mark);
        if (i > 0)
            assess_text_add(t, "\n", 1, 0);
        assess_text_add(t, head, strlen(head), ASSESS_ATTR_HEADING);
        assess_text_add(t, a->results[i], strlen(a->results[i]), 0);
        char *title = NULL, *body = NULL;
        size_t len;
        util_error err = { 0, "" };
        if (store_doc_get(a->s, a->results[i], &title, &body, &len, &err) == 1) {
            /* one result is one line: the title (else the first words), then the passage
             * with the most topic terms */
            char *summary = title != NULL && title[strspn(title, " \t\r\n")] != '\0'
                                ? util_strndup(title, strcspn(title, "\r\n"))
                                : assess_first_words(body, len, 12);
            size_t blen = len < SUMMARY_PREFIX ? len : SUMMARY_PREFIX;
            char *snippet = assess_snippet(a, body, blen, 90);
            assess_text_add(t, "  ", 2, 0);
            size_t from = t->n;
            assess_text_add(t, summary, strlen(summary), 0);
            if (snippet[0] != '\0') {
                assess_text_add(t, " \u2014 ", 5, 0);
                assess_text_add(t, snippet, strlen(snippet), 0);
            }
            for (size_t k = from; k < t->n; k++)
                if (t->ch[k] == L'\n')
                    t->ch[k] = L' ';
            free(summary);
            free(snippet);
        }
        free(title);
        free(body);
    }
    assess_text_mark_terms(t, (const wchar_t *const *)a->terms, a->nterms);
    assess_text_wrap(t, 100000);
}

int assess_search_run(assess_session *a, const char *query, util_error *err)
{
    assess_results_clear(a);
    long n = a->searcher.search(a->searcher.ctx, query, a->results, SEARCH_MAX, err);
    if (n < 0) {
        assess_say(a, 1, "Search failed: %s", err->msg);
        err->code = 0;
        err->msg[0] = '\0';
        return 0;
    }
    a->nresults = (size_t)n;
    if (n == 0) {
        assess_say(a, 0, "Nothing in the collection matches '%s'.", query);
        return 0;
    }
    build_results_text(a);
    a->mode = ASSESS_MODE_RESULTS;
    assess_say(a, 0, "%ld documents for '%s': Enter opens one (pooled once judged, or with P), "
               "Esc goes back.", n, query);
    return ASSESS_CHANGED_MODE;
}

long assess_add_unpooled(assess_session *a, const char *docno, const char *source,
                         util_error *err)
{
    char *title = NULL, *body = NULL;
    size_t len = 0;
    if (store_doc_get(a->s, docno, &title, &body, &len, err) < 0)
        return -1;
    assess_add_item(a, docno, source);
    assess_item *it = &a->items[a->nitems - 1];
    it->unpooled = 1;
    it->summary_read = 1;
    it->no_text = body == NULL;
    it->summary = title != NULL ? util_strndup(title, strcspn(title, "\r\n"))
                  : body != NULL ? assess_first_words(body, len, 12) : NULL;
    if (body != NULL)
        it->text = util_strndup(body, len < SUMMARY_PREFIX ? len : SUMMARY_PREFIX);
    free(title);
    free(body);
    assess_index_items(a);
    return assess_find_item(a, docno);
}

/* Opens the selected result. One the pool does not have is shown without being pooled: it
 * joins the pool (as found by search) when it is judged, or when p asks for it. */
static int open_result(assess_session *a, double now, util_error *err)
{
    const char *docno = a->results[a->selected];
    long i = assess_find_item(a, docno);
    a->mode = ASSESS_MODE_JUDGE;
    if (i < 0) {
        i = assess_add_unpooled(a, docno, "search", err);
        if (i < 0)
            return -1;
        assess_say(a, 0, "%s is not in the pool: judging it pools it (P pools it without a grade).",
                   docno);
    }
    int rc = assess_show_item(a, i, now, err);
    return rc < 0 ? -1 : rc | ASSESS_CHANGED_MODE;
}

static int result_down(assess_session *a, double now, util_error *err)
{
    (void)now;
    (void)err;
    if (a->selected + 1 >= a->nresults)
        return 0;
    a->selected++;
    return ASSESS_CHANGED_REDRAW;
}

static int result_up(assess_session *a, double now, util_error *err)
{
    (void)now;
    (void)err;
    if (a->selected == 0)
        return 0;
    a->selected--;
    return ASSESS_CHANGED_REDRAW;
}

static int results_back(assess_session *a, double now, util_error *err)
{
    (void)now;
    (void)err;
    a->mode = ASSESS_MODE_JUDGE;
    return ASSESS_CHANGED_MODE;
}

/* The keys of the results list (any other key does nothing there). */
static const struct {
    int key;
    int (*fn)(assess_session *a, double now, util_error *err);
} result_keys[] = {
    { 'j', result_down },
    { ASSESS_KEY_DOWN, result_down },
    { 'k', result_up },
    { ASSESS_KEY_UP, result_up },
    { ASSESS_KEY_ENTER, open_result },
    { 'q', results_back },
    { ASSESS_KEY_ESCAPE, results_back },
};

int assess_results_key(assess_session *a, int key, double now, util_error *err)
{
    for (size_t i = 0; i < sizeof result_keys / sizeof *result_keys; i++)
        if (result_keys[i].key == key)
            return result_keys[i].fn(a, now, err);
    return 0;
}

const assess_text *assess_results(const assess_session *a, size_t *selected)
{
    *selected = a->selected;
    return &a->results_text;
}

/* The text typed after /: its matches are marked, and the first one from the top shown is
 * brought into view. */
int assess_find(assess_session *a, const char *text)
{
    size_t n = mbstowcs(a->find, text, sizeof a->find / sizeof *a->find - 1);
    if (n == (size_t)-1)
        n = 0;
    a->find[n] = L'\0';
    /* assess_text_mark_found folds the case of both sides (the text module's folding) */
    size_t hits = assess_text_mark_found(&a->doc_text, a->find);
    int changed = ASSESS_CHANGED_DOC;
    if (n == 0) {
        assess_say(a, 0, "Search cleared.");
    } else if (hits == 0) {
        assess_say(a, 0, "'%s' is not in this document.", text);
    } else {
        long line = assess_text_find_line(&a->doc_text, (long)a->doc_top - 1, ASSESS_ATTR_FOUND, 0);
        if (line < 0)
            line = assess_text_find_line(&a->doc_text, -1, ASSESS_ATTR_FOUND, 0);
        changed |= assess_goto_line(a, line, "matches");
        assess_say(a, 0, "%zu match%s of '%s' (n: next, N: previous).", hits, hits == 1 ? "" : "es",
                   text);
    }
    return changed;
}

/* n and N: the next or previous line with a match. */
int assess_find_next(assess_session *a, int backward)
{
    if (a->find[0] == L'\0') {
        assess_say(a, 0, "No search yet: / finds text in the document.");
        return 0;
    }
    return assess_goto_line(
        a, assess_text_find_line(&a->doc_text, (long)a->doc_top, ASSESS_ATTR_FOUND, backward),
        "matches");
}

/* h and H: the next or previous line with a term of the topic. */
int assess_term_next(assess_session *a, int backward)
{
    return assess_goto_line(
        a, assess_text_find_line(&a->doc_text, (long)a->doc_top, ASSESS_ATTR_TERM, backward),
        "topic terms");
}
