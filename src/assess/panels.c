/* panels.c: the topic and document panels: text, marked terms, languages, wrapping, scrolling. */
/* SPDX-License-Identifier: MIT */
#include "assess/assess_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *field_text(const assess_session *a, const char *name, const char *lang)
{
    for (size_t i = 0; i < a->nfields; i++)
        if (strcmp(a->fields[i].field, name) == 0 && strcmp(a->fields[i].lang, lang) == 0)
            return a->fields[i].text;
    return NULL;
}

static void add_label(assess_text *t, const char *label)
{
    assess_text_add(t, label, strlen(label), ASSESS_ATTR_HEADING);
}

/* The topic panel: title, description, narrative, then any other field, in one language. */
void assess_build_topic_text(assess_session *a)
{
    assess_text *t = &a->topic_text;
    assess_text_clear(t);
    static const char *const known[] = { "title", "description", "narrative" };
    static const char *const labels[] = { "", "Description: ", "Narrative: " };
    char head[128];
    snprintf(head, sizeof head, "Topic %s [%s] ", a->topics[a->cur_topic].qid, a->lang);
    add_label(t, head);
    int first = 1;
    for (size_t k = 0; k < 3; k++) {
        const char *text = field_text(a, known[k], a->lang);
        if (text == NULL)
            continue;
        if (!first)
            assess_text_add(t, "\n", 1, 0);
        first = 0;
        if (k == 0) {
            assess_text_add(t, text, strlen(text), ASSESS_ATTR_HEADING);
        } else {
            add_label(t, labels[k]);
            assess_text_add(t, text, strlen(text), 0);
        }
    }
    for (size_t i = 0; i < a->nfields; i++) {
        const field *f = &a->fields[i];
        if (strcmp(f->lang, a->lang) != 0 || strcmp(f->field, "title") == 0 ||
            strcmp(f->field, "description") == 0 || strcmp(f->field, "narrative") == 0)
            continue;
        assess_text_add(t, "\n", 1, 0);
        add_label(t, f->field);
        add_label(t, ": ");
        assess_text_add(t, f->text, strlen(f->text), 0);
    }
    assess_text_mark_terms(t, (const wchar_t *const *)a->terms, a->nterms);
    assess_text_wrap(t, a->topic_width);
    a->topic_top = 0;
}

/* The terms to highlight: the title in every language the topic has, and the description
 * when asked for. */
void assess_build_terms(assess_session *a)
{
    for (size_t i = 0; i < a->nterms; i++)
        free(a->terms[i]);
    util_free(&a->terms);
    a->nterms = 0;
    for (size_t i = 0; i < a->nitems; i++)
        util_free(&a->items[i].snippet);   /* made again with the new terms */
    for (size_t i = 0; i < a->nfields; i++) {
        const field *f = &a->fields[i];
        if (strcmp(f->field, "title") == 0 || strcmp(f->field, "query") == 0 ||
            (a->desc_terms && strcmp(f->field, "description") == 0))
            a->nterms = assess_terms_split(f->text, f->lang, &a->terms, a->nterms);
    }
}

/* Joins the lines of each paragraph (collections break lines at a fixed width, which would
 * leave ragged lines once wrapped to the panel): a line break becomes a space, unless a
 * blank line or an indented line follows. */
static void reflow(char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (text[i] != '\n')
            continue;
        size_t j = i + 1;
        if (j < len && text[j] == '\r')
            j++;
        int blank_before =
            i > 0 && (text[i - 1] == '\n' || (text[i - 1] == '\r' && i > 1 && text[i - 2] == '\n'));
        if (j < len && text[j] != '\n' && text[j] != ' ' && text[j] != '\t' && !blank_before &&
            i > 0) {
            text[i] = ' ';
            if (text[i - 1] == '\r')
                text[i - 1] = ' ';
        }
    }
}

/* The document panel for the current item. */
int assess_build_doc_text(assess_session *a, util_error *err)
{
    assess_text *t = &a->doc_text;
    assess_text_clear(t);
    a->doc_top = 0;
    if (a->cur < 0) {
        const char *none = a->nitems == 0 ? "This topic has no pooled documents."
                                          : "No document is shown.";
        assess_text_add(t, none, strlen(none), ASSESS_ATTR_HEADING);
        assess_text_wrap(t, a->doc_width);
        return 0;
    }
    const assess_item *it = &a->items[a->cur];
    char *title = NULL, *body = NULL;
    size_t len = 0;
    int found = store_doc_get(a->s, it->docno, &title, &body, &len, err);
    if (found < 0)
        return -1;
    add_label(t, it->docno);
    assess_text_add(t, "\n", 1, 0);
    /* adjudication: what each assessor said of it, beside the document */
    if (it->opinions != NULL) {
        add_label(t, "Assessors disagree:\n");
        assess_text_add(t, it->opinions, strlen(it->opinions), 0);
        assess_text_add(t, "\n", 1, 0);
    }
    /* the note on it, under its docno (c edits it) */
    const char *note = it->note != NULL ? it->note : it->saved_note;
    if (note != NULL && note[0] != '\0') {
        add_label(t, it->note != NULL ? "Note (saved with the grade): "
                     : a->adjudicate  ? "Adjudication note: "
                                      : "Note: ");
        assess_text_add(t, note, strlen(note), 0);
        assess_text_add(t, "\n", 1, 0);
    }
    a->items[a->cur].no_text = found == 0;
    if (found == 0) {
        char missing[256];
        snprintf(missing, sizeof missing, " NO TEXT: %s is not in the campaign's collection ",
                 it->docno);
        assess_text_add(t, missing, strlen(missing), ASSESS_ATTR_WARNING | ASSESS_ATTR_HEADING);
        const char *more =
            "\n\nIts text was never imported (trecjudge docs import): only its docno can be "
            "judged here. A grade key asks to be pressed again before it judges it.";
        assess_text_add(t, more, strlen(more), 0);
    } else {
        if (title != NULL && title[0] != '\0') {
            assess_text_add(t, title, strlen(title), ASSESS_ATTR_HEADING);
            assess_text_add(t, "\n\n", 2, 0);
        }
        reflow(body, len);
        assess_text_add(t, body, len, 0);
    }
    free(title);
    free(body);
    assess_text_mark_terms(t, (const wchar_t *const *)a->terms, a->nterms);
    if (a->find[0] != L'\0')
        assess_text_mark_found(t, a->find);
    assess_text_wrap(t, a->doc_width);
    return 0;
}

int assess_scroll_doc(assess_session *a, long by)
{
    size_t was = a->doc_top;
    long max = (long)a->doc_text.nlines - (a->doc_height > 0 ? a->doc_height : 1);
    if (max < 0)
        max = 0;
    long top = (long)a->doc_top + by;
    a->doc_top = (size_t)(top < 0 ? 0 : top > max ? max : top);
    return a->doc_top != was ? ASSESS_CHANGED_REDRAW : 0;
}

int assess_scroll_to(assess_session *a, size_t top)
{
    size_t was = a->doc_top;
    a->doc_top = top;
    assess_scroll_doc(a, 0);
    return a->doc_top != was ? ASSESS_CHANGED_REDRAW : 0;
}

int assess_scroll_topic(assess_session *a, long by)
{
    size_t was = a->topic_top;
    long top = (long)a->topic_top + by;
    long max = (long)a->topic_text.nlines - 1;
    a->topic_top = (size_t)(top < 0 ? 0 : top > max ? (max < 0 ? 0 : max) : top);
    return a->topic_top != was ? ASSESS_CHANGED_REDRAW : 0;
}

int assess_goto_line(assess_session *a, long line, const char *what)
{
    if (line < 0) {
        assess_say(a, 0, "No more %s in this document.", what);
        return 0;
    }
    return assess_scroll_to(a, (size_t)line);
}

int assess_desc_terms(assess_session *a, util_error *err)
{
    a->desc_terms = !a->desc_terms;
    assess_build_terms(a);
    assess_build_topic_text(a);
    size_t top = a->doc_top;
    if (assess_build_doc_text(a, err) != 0)
        return -1;
    a->doc_top = top;
    assess_scroll_doc(a, 0);
    assess_say(a, 0, "Highlighting the title%s.", a->desc_terms ? " and the description" : "");
    return ASSESS_CHANGED_TOPIC | ASSESS_CHANGED_DOC;
}

int assess_next_lang(assess_session *a)
{
    /* the language after the current one in the list, wrapping around */
    const char *p = a->langs, *first = NULL, *next = NULL;
    size_t ll = strlen(a->lang);
    int found = 0;
    while (*p != '\0' && next == NULL) {
        size_t n = strcspn(p, " ");
        if (first == NULL)
            first = p;
        if (found)
            next = p;
        else if (n == ll && strncmp(p, a->lang, n) == 0)
            found = 1;
        p += n;
        while (*p == ' ')
            p++;
    }
    if (next == NULL)
        next = first;
    if (next == NULL)
        return 0;
    char *l = util_strndup(next, strcspn(next, " "));
    free(a->lang);
    a->lang = l;
    free(a->pref_lang);
    a->pref_lang = util_strdup(l);
    assess_build_topic_text(a);
    assess_say(a, 0, "Topic shown in %s (languages: %s).", a->lang, a->langs);
    return ASSESS_CHANGED_TOPIC;
}

void assess_layout(assess_session *a, int doc_width, int doc_height, int topic_width)
{
    if (doc_width < 1)
        doc_width = 1;
    if (topic_width < 1)
        topic_width = 1;
    a->doc_height = doc_height;
    if (doc_width != a->doc_width) {
        /* keep the first character shown in view across the rewrap */
        size_t first = a->doc_top < a->doc_text.nlines ? a->doc_text.line[a->doc_top] : 0;
        a->doc_width = doc_width;
        assess_text_wrap(&a->doc_text, doc_width);
        a->doc_top = 0;
        while (a->doc_top + 1 < a->doc_text.nlines && a->doc_text.line[a->doc_top + 1] <= first)
            a->doc_top++;
    }
    if (topic_width != a->topic_width) {
        a->topic_width = topic_width;
        assess_text_wrap(&a->topic_text, topic_width);
        a->topic_top = 0;
    }
    assess_scroll_doc(a, 0);
}
