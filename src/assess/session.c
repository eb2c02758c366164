/* session.c: the assessment session: topics, the pool shown one document at a time, and what every key does and saves. */
#include "assess/assess.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

typedef struct field {
    char *field, *lang, *text;
} field;

typedef struct topic {
    int64_t id;
    char *qid;
} topic;

/* One judgment this session made, to undo it. */
typedef struct undo {
    size_t topic;
    char *docno;
    int had;        /* this assessor had a row for the document (old: its grade, maybe -1) */
    long old;
} undo;

typedef struct grade_entry {
    long grade;
    char *label, *key;
} grade_entry;

typedef enum input_kind { INPUT_FIND, INPUT_JUMP, INPUT_NOTE, INPUT_SEARCH } input_kind;

/* How many results a collection search shows. */
#define SEARCH_MAX 50

struct assess_session {
    store *s;
    char *assessor;
    int64_t assessor_id;
    topic *topics;
    size_t ntopics, cur_topic;
    field *fields;
    size_t nfields, capfields;
    char langs[256];
    char *lang;                 /* the language shown */
    char *pref_lang;            /* the language asked for; shown whenever a topic has it */
    assess_item *items;
    size_t nitems, capitems;
    size_t *by_docno;           /* item indexes sorted by docno */
    long cur;
    assess_text topic_text, doc_text;
    size_t doc_top, topic_top;
    int doc_width, doc_height, topic_width;
    wchar_t **terms;
    size_t nterms;
    int desc_terms;
    grade_entry *grades;
    size_t ngrades;
    long relevance_level;
    assess_keyinfo *keys;
    size_t nkeys;
    assess_mode mode;
    input_kind input;
    const char *prompt;
    char line[512];
    size_t line_len;
    wchar_t find[128];
    char message[512];
    int message_error;
    undo *undos;
    size_t nundo, capundo;
    double doc_started;
    int confirm;                /* the key that, pressed again, leaves despite unsaved notes */
    assess_strategy strategy;
    int has_strategy;
    assess_searcher searcher;
    int has_searcher;
    char *results[SEARCH_MAX];
    size_t nresults, selected;
    assess_text results_text;
};

static void say(assess_session *a, int error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void say(assess_session *a, int error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->message, sizeof a->message, fmt, ap);
    va_end(ap);
    a->message_error = error;
}

/* ---- loading ---- */

static int on_topic(void *ctx, int64_t id, const char *qid)
{
    assess_session *a = ctx;
    a->topics = util_realloc(a->topics, (a->ntopics + 1) * sizeof *a->topics);
    a->topics[a->ntopics++] = (topic){ id, util_strdup(qid) };
    return 0;
}

static int on_field(void *ctx, const char *name, const char *lang, const char *text)
{
    assess_session *a = ctx;
    /* a field without a language (or with a name unfit for a list) is shown as "und" */
    if (lang[0] == '\0' || strpbrk(lang, " \t\n") != NULL || strlen(lang) > 32)
        lang = "und";
    util_grow(&a->fields, &a->capfields, a->nfields + 1, sizeof *a->fields);
    a->fields[a->nfields++] = (field){ util_strdup(name), util_strdup(lang), util_strdup(text) };
    return 0;
}

static void add_item(assess_session *a, const char *docno, const char *source)
{
    util_grow(&a->items, &a->capitems, a->nitems + 1, sizeof *a->items);
    a->items[a->nitems++] = (assess_item){ util_strdup(docno), util_strdup(source), 0, 0, 0, 0, NULL, 0, 0 };
}

static int on_pool(void *ctx, const char *docno, int64_t position, const char *source)
{
    (void)position;
    add_item(ctx, docno, source);
    return 0;
}

static const assess_item *sort_items;

static int docno_cmp(const void *x, const void *y)
{
    return strcmp(sort_items[*(const size_t *)x].docno, sort_items[*(const size_t *)y].docno);
}

/* Sorts the items' indexes by docno, for find_item. */
static void index_items(assess_session *a)
{
    a->by_docno = util_realloc(a->by_docno, (a->nitems + 1) * sizeof *a->by_docno);
    for (size_t i = 0; i < a->nitems; i++)
        a->by_docno[i] = i;
    sort_items = a->items;
    qsort(a->by_docno, a->nitems, sizeof *a->by_docno, docno_cmp);
}

/* The index of the item with this docno, or -1. */
static long find_item(const assess_session *a, const char *docno)
{
    size_t lo = 0, hi = a->nitems;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(a->items[a->by_docno[mid]].docno, docno);
        if (c == 0)
            return (long)a->by_docno[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

static int on_mine(void *ctx, const char *docno, long grade, const char *note, double seconds)
{
    (void)note;
    (void)seconds;
    assess_session *a = ctx;
    long i = find_item(a, docno);
    if (i >= 0) {
        a->items[i].has_row = 1;
        a->items[i].row_grade = grade;
    }
    if (i >= 0 && grade >= 0) {
        a->items[i].judged = 1;
        a->items[i].grade = grade;
    }
    return 0;
}

static void free_topic_state(assess_session *a)
{
    for (size_t i = 0; i < a->nfields; i++) {
        free(a->fields[i].field);
        free(a->fields[i].lang);
        free(a->fields[i].text);
    }
    a->nfields = 0;
    for (size_t i = 0; i < a->nitems; i++) {
        free(a->items[i].docno);
        free(a->items[i].source);
        free(a->items[i].note);
    }
    a->nitems = 0;
    util_free(&a->by_docno);
    for (size_t i = 0; i < a->nterms; i++)
        free(a->terms[i]);
    util_free(&a->terms);
    a->nterms = 0;
    a->cur = -1;
}

/* Whether lang is one of the space-separated languages of list. */
static int lang_listed(const char *list, const char *lang)
{
    size_t ll = strlen(lang);
    for (const char *p = list; *p != '\0';) {
        size_t n = strcspn(p, " ");
        if (n == ll && strncmp(p, lang, n) == 0)
            return 1;
        p += n;
        while (*p == ' ')
            p++;
    }
    return 0;
}

static const char *field_text(const assess_session *a, const char *name, const char *lang)
{
    for (size_t i = 0; i < a->nfields; i++)
        if (strcmp(a->fields[i].field, name) == 0 && strcmp(a->fields[i].lang, lang) == 0)
            return a->fields[i].text;
    return NULL;
}

static int has_lang(const assess_session *a, const char *lang)
{
    for (size_t i = 0; i < a->nfields; i++)
        if (strcmp(a->fields[i].lang, lang) == 0)
            return 1;
    return 0;
}

static void add_label(assess_text *t, const char *label)
{
    assess_text_add(t, label, strlen(label), ASSESS_ATTR_HEADING);
}

/* The topic panel: title, description, narrative, then any other field, in one language. */
static void build_topic_text(assess_session *a)
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
static void build_terms(assess_session *a)
{
    for (size_t i = 0; i < a->nterms; i++)
        free(a->terms[i]);
    util_free(&a->terms);
    a->nterms = 0;
    for (size_t i = 0; i < a->nfields; i++) {
        const field *f = &a->fields[i];
        if (strcmp(f->field, "title") == 0 || strcmp(f->field, "query") == 0 ||
            (a->desc_terms && strcmp(f->field, "description") == 0))
            a->nterms = assess_terms_split(f->text, &a->terms, a->nterms);
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
        int blank_before = i > 0 && (text[i - 1] == '\n' || (text[i - 1] == '\r' && i > 1 && text[i - 2] == '\n'));
        if (j < len && text[j] != '\n' && text[j] != ' ' && text[j] != '\t' && !blank_before && i > 0) {
            text[i] = ' ';
            if (text[i - 1] == '\r')
                text[i - 1] = ' ';
        }
    }
}

/* The document panel for the current item. */
static int build_doc_text(assess_session *a, util_error *err)
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
    if (found == 0) {
        const char *missing = "(this document is not in the campaign's collection)";
        assess_text_add(t, missing, strlen(missing), ASSESS_ATTR_HEADING);
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

/* Moves to item i (-1: none), counting the time spent on the one left. */
static int show_item(assess_session *a, long i, double now, util_error *err)
{
    if (a->cur >= 0 && a->doc_started >= 0 && now > a->doc_started)
        a->items[a->cur].seconds += now - a->doc_started;
    a->doc_started = now;
    a->cur = i;
    return build_doc_text(a, err);
}

/* The next document to judge after from in direction dir (+1/-1): unjudged and not set
 * aside first, then those set aside; -1 when every document is judged. */
static long next_unjudged(const assess_session *a, long from, int dir)
{
    long n = (long)a->nitems;
    if (n == 0)
        return -1;
    for (int pass = 0; pass < 2; pass++)
        for (long k = 1; k <= n; k++) {
            long i = ((from + dir * k) % n + n) % n;
            if (!a->items[i].judged && (pass == 1 || !a->items[i].later))
                return i;
        }
    return -1;
}

static long advance(assess_session *a)
{
    if (a->has_strategy && a->strategy.next != NULL) {
        long i = a->strategy.next(a->strategy.ctx, a);
        if (i == ASSESS_STRATEGY_DONE)
            return -1;
        if (i >= 0 && (size_t)i < a->nitems && !a->items[i].judged)
            return i;
    }
    return next_unjudged(a, a->cur < 0 ? -1 : a->cur, 1);
}

static int load_topic(assess_session *a, size_t index, double now, util_error *err)
{
    if (a->cur >= 0 && a->doc_started >= 0 && now > a->doc_started)
        a->items[a->cur].seconds += now - a->doc_started;
    free_topic_state(a);
    a->cur_topic = index;
    int64_t tid = a->topics[index].id;
    if (store_topic_fields_each(a->s, tid, on_field, a, err) != 0 ||
        store_pool_each(a->s, tid, on_pool, a, err) != 0) {
        free_topic_state(a);   /* an empty topic rather than half of one */
        assess_text_clear(&a->topic_text);
        assess_text_clear(&a->doc_text);
        return -1;
    }
    index_items(a);
    if (store_topic_judgments_each(a->s, tid, a->assessor_id, on_mine, a, err) != 0)
        return -1;
    a->langs[0] = '\0';
    for (size_t i = 0; i < a->nfields; i++)
        if (!lang_listed(a->langs, a->fields[i].lang)) {
            size_t have = strlen(a->langs);
            if (have + strlen(a->fields[i].lang) + 2 < sizeof a->langs)
                snprintf(a->langs + have, sizeof a->langs - have, "%s%s", have ? " " : "",
                         a->fields[i].lang);
        }
    {
        const char *pick = has_lang(a, a->pref_lang) ? a->pref_lang
                           : has_lang(a, "en")       ? "en"
                           : a->nfields > 0          ? a->fields[0].lang
                                                     : a->pref_lang;
        char *keep = util_strdup(pick);
        free(a->lang);
        a->lang = keep;
    }
    build_terms(a);
    build_topic_text(a);
    if (a->has_strategy && a->strategy.topic != NULL)
        a->strategy.topic(a->strategy.ctx, a);
    a->cur = -1;
    a->doc_started = now;
    return show_item(a, advance(a), now, err);
}

/* ---- searching the collection ---- */

static void clear_results(assess_session *a)
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
        long in_pool = find_item(a, a->results[i]);
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
        if (store_doc_get(a->s, a->results[i], &title, &body, &len, &err) == 1 && title != NULL) {
            assess_text_add(t, "  ", 2, 0);
            /* the title alone, cut at a line break: one result is one line */
            assess_text_add(t, title, strcspn(title, "\r\n"), 0);
        }
        free(title);
        free(body);
    }
    assess_text_wrap(t, 100000);
}

static int run_search(assess_session *a, const char *query, util_error *err)
{
    clear_results(a);
    long n = a->searcher.search(a->searcher.ctx, query, a->results, SEARCH_MAX, err);
    if (n < 0) {
        say(a, 1, "Search failed: %s", err->msg);
        err->code = 0;
        err->msg[0] = '\0';
        return 0;
    }
    a->nresults = (size_t)n;
    if (n == 0) {
        say(a, 0, "Nothing in the collection matches '%s'.", query);
        return 0;
    }
    build_results_text(a);
    a->mode = ASSESS_MODE_RESULTS;
    say(a, 0, "%ld documents for '%s': Enter opens one (added to the pool as found by search), Esc goes back.",
        n, query);
    return 0;
}

/* Opens the selected result, adding it to the topic's pool as found by search. */
static int open_result(assess_session *a, double now, util_error *err)
{
    const char *docno = a->results[a->selected];
    long i = find_item(a, docno);
    if (i < 0) {
        int64_t tid = a->topics[a->cur_topic].id;
        int64_t position = (int64_t)a->nitems + 1000000;
        if (store_begin(a->s, err) != 0)
            return -1;
        if (store_pool_add(a->s, tid, docno, position, "search", err) != 0 || store_commit(a->s, err) != 0) {
            store_rollback(a->s);
            say(a, 1, "NOT ADDED: %s", err->msg);
            return -1;
        }
        add_item(a, docno, "search");
        index_items(a);
        i = (long)a->nitems - 1;
        say(a, 0, "%s added to the pool of topic %s as found by search.", docno, a->topics[a->cur_topic].qid);
    }
    a->mode = ASSESS_MODE_JUDGE;
    return show_item(a, i, now, err);
}

static int results_key(assess_session *a, int key, double now, util_error *err)
{
    switch (key) {
    case 'j':
    case ASSESS_KEY_DOWN:
        if (a->selected + 1 < a->nresults)
            a->selected++;
        return 0;
    case 'k':
    case ASSESS_KEY_UP:
        if (a->selected > 0)
            a->selected--;
        return 0;
    case ASSESS_KEY_ENTER:
        return open_result(a, now, err);
    case 'q':
    case ASSESS_KEY_INTERRUPT:
    case ASSESS_KEY_ESCAPE:
        a->mode = ASSESS_MODE_JUDGE;
        return 0;
    default:
        return 0;
    }
}

/* ---- keys ---- */

static const assess_keyinfo fixed_keys[] = {
    { "?", "this help", "help", 0 },
    { "q", "quit (all is saved)", "quit", 0 },
    { "Tab ]", "next unjudged document", "next", 0 },
    { "S-Tab [", "previous unjudged", NULL, 0 },
    { "\u2192 .", "next document in pool", NULL, 0 },
    { "\u2190 ,", "previous document", NULL, 0 },
    { "u", "undo the last judgment", "undo", 0 },
    { "s", "judge later (set aside)", "later", 0 },
    { "c", "note on this judgment", "note", 0 },
    { "j \u2193  k \u2191", "scroll a line", NULL, 0 },
    { "Spc PgDn b PgUp", "scroll a page", NULL, 0 },
    { "g Home  G End", "top / end of document", NULL, 0 },
    { "/", "find in the document", "find", 0 },
    { "n  N", "next / previous match", NULL, 0 },
    { "h  H", "next / previous term", NULL, 0 },
    { "D", "highlight description", NULL, 0 },
    { "L", "next topic language", "lang", 0 },
    { "J  K", "scroll the topic", NULL, 0 },
    { ":", "go to a docno", NULL, 0 },
    { "t  T", "next / previous topic", "topic", 0 },
    { "S", "search the collection", "search", 0 },
    { "r", "live report", "report", 0 },
};

static void build_keys(assess_session *a)
{
    size_t n = a->ngrades + sizeof fixed_keys / sizeof *fixed_keys;
    a->keys = util_calloc(n, sizeof *a->keys);
    a->nkeys = 0;
    for (size_t i = 0; i < a->ngrades; i++)
        a->keys[a->nkeys++] = (assess_keyinfo){ a->grades[i].key, a->grades[i].label, a->grades[i].label, 1 };
    for (size_t i = 0; i < sizeof fixed_keys / sizeof *fixed_keys; i++)
        a->keys[a->nkeys++] = fixed_keys[i];
}

static int on_grade(void *ctx, const store_grade *g)
{
    assess_session *a = ctx;
    a->grades = util_realloc(a->grades, (a->ngrades + 1) * sizeof *a->grades);
    a->grades[a->ngrades++] = (grade_entry){ g->grade, util_strdup(g->label), util_strdup(g->key) };
    return 0;
}

const char *assess_grade_label(const assess_session *a, long grade)
{
    for (size_t i = 0; i < a->ngrades; i++)
        if (a->grades[i].grade == grade)
            return a->grades[i].label;
    return NULL;
}

static int judge(assess_session *a, long grade, double now, util_error *err)
{
    if (a->cur < 0) {
        say(a, 1, "No document to judge.");
        return 0;
    }
    assess_item *it = &a->items[a->cur];
    double seconds = it->seconds + (a->doc_started >= 0 && now > a->doc_started ? now - a->doc_started : 0);
    int64_t tid = a->topics[a->cur_topic].id;
    if (store_begin(a->s, err) != 0)
        return -1;
    if (store_judgment_set(a->s, tid, it->docno, a->assessor_id, grade, NULL, seconds,
                           it->note, err) != 0 ||
        store_commit(a->s, err) != 0) {
        store_rollback(a->s);
        say(a, 1, "NOT SAVED: %s", err->msg);
        return -1;
    }
    util_grow(&a->undos, &a->capundo, a->nundo + 1, sizeof *a->undos);
    a->undos[a->nundo++] = (undo){ a->cur_topic, util_strdup(it->docno), it->has_row, it->row_grade };
    it->judged = 1;
    it->grade = grade;
    it->has_row = 1;
    it->row_grade = grade;
    it->later = 0;
    it->seconds = 0;
    a->doc_started = now;
    util_free(&it->note);
    const char *label = assess_grade_label(a, grade);
    char saved[256];
    snprintf(saved, sizeof saved, "Saved %s = %ld%s%s.", it->docno, grade, label ? " " : "",
             label ? label : "");
    if (a->has_strategy && a->strategy.judged != NULL)
        a->strategy.judged(a->strategy.ctx, it->docno, grade >= a->relevance_level);
    long next = advance(a);
    if (next < 0) {
        if (assess_judged_count(a) == a->nitems)
            say(a, 0, "%s Every document of topic %s is judged; t goes to the next topic.", saved,
                a->topics[a->cur_topic].qid);
        else
            say(a, 0, "%s The judging budget of topic %s is spent; t goes to the next topic.", saved,
                a->topics[a->cur_topic].qid);
        return 0;
    }
    if (show_item(a, next, now, err) != 0)
        return -1;
    say(a, 0, "%s", saved);
    return 0;
}

static int do_undo(assess_session *a, double now, util_error *err)
{
    if (a->nundo == 0) {
        say(a, 0, "Nothing to undo in this session.");
        return 0;
    }
    undo *u = &a->undos[a->nundo - 1];
    if (u->topic != a->cur_topic && load_topic(a, u->topic, now, err) != 0)
        return -1;
    long i = find_item(a, u->docno);
    int64_t tid = a->topics[a->cur_topic].id;
    if (store_begin(a->s, err) != 0)
        return -1;
    int rc = u->had ? store_judgment_set(a->s, tid, u->docno, a->assessor_id, u->old, NULL, 0, NULL, err)
                    : store_judgment_withdraw(a->s, tid, u->docno, a->assessor_id, "undo", err);
    if (rc != 0 || store_commit(a->s, err) != 0) {
        store_rollback(a->s);
        say(a, 1, "NOT UNDONE: %s", err->msg);
        return -1;
    }
    if (i >= 0) {
        a->items[i].has_row = u->had;
        a->items[i].row_grade = u->old;
        a->items[i].judged = u->had && u->old >= 0;
        a->items[i].grade = u->old;
        if (a->has_strategy && a->strategy.topic != NULL)
            a->strategy.topic(a->strategy.ctx, a);   /* the strategy forgets the judgment */
        if (show_item(a, i, now, err) != 0)
            return -1;
    }
    if (u->had && u->old >= 0)
        say(a, 0, "Undone: %s is back to %ld.", u->docno, u->old);
    else if (u->had)
        say(a, 0, "Undone: %s is pooled and unjudged again.", u->docno);
    else
        say(a, 0, "Undone: %s is unjudged again.", u->docno);
    free(u->docno);
    a->nundo--;
    return 0;
}

static void scroll_doc(assess_session *a, long by)
{
    long max = (long)a->doc_text.nlines - (a->doc_height > 0 ? a->doc_height : 1);
    if (max < 0)
        max = 0;
    long top = (long)a->doc_top + by;
    a->doc_top = (size_t)(top < 0 ? 0 : top > max ? max : top);
}

static void scroll_topic(assess_session *a, long by)
{
    long top = (long)a->topic_top + by;
    long max = (long)a->topic_text.nlines - 1;
    a->topic_top = (size_t)(top < 0 ? 0 : top > max ? (max < 0 ? 0 : max) : top);
}

static void goto_line(assess_session *a, long line, const char *what)
{
    if (line < 0) {
        say(a, 0, "No more %s in this document.", what);
        return;
    }
    a->doc_top = (size_t)line;
    scroll_doc(a, 0);
}

static void start_input(assess_session *a, input_kind kind, const char *prompt)
{
    a->mode = ASSESS_MODE_INPUT;
    a->input = kind;
    a->prompt = prompt;
    a->line_len = 0;
    a->line[0] = '\0';
}

/* Encodes a typed character as UTF-8; returns its length (0 for a control character or
 * what cannot be a character). */
static size_t utf8_encode(long c, char *out)
{
    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
        return 0;
    return util_utf8_encode((uint32_t)c, out);
}

static int finish_input(assess_session *a, double now, util_error *err)
{
    a->mode = ASSESS_MODE_JUDGE;
    const char *text = a->line;
    switch (a->input) {
    case INPUT_FIND: {
        size_t n = mbstowcs(a->find, text, sizeof a->find / sizeof *a->find - 1);
        if (n == (size_t)-1)
            n = 0;
        a->find[n] = L'\0';
        for (size_t i = 0; i < n; i++)
            a->find[i] = (wchar_t)towlower((wint_t)a->find[i]);
        size_t hits = assess_text_mark_found(&a->doc_text, a->find);
        if (n == 0) {
            say(a, 0, "Search cleared.");
        } else if (hits == 0) {
            say(a, 0, "'%s' is not in this document.", text);
        } else {
            long line = assess_text_find_line(&a->doc_text, (long)a->doc_top - 1, ASSESS_ATTR_FOUND, 0);
            if (line < 0)
                line = assess_text_find_line(&a->doc_text, -1, ASSESS_ATTR_FOUND, 0);
            goto_line(a, line, "matches");
            say(a, 0, "%zu match%s of '%s' (n: next, N: previous).", hits, hits == 1 ? "" : "es", text);
        }
        return 0;
    }
    case INPUT_JUMP: {
        if (a->line_len == 0)
            return 0;
        long i = find_item(a, text);
        if (i < 0) {
            say(a, 1, "%s is not in the pool of topic %s.", text, a->topics[a->cur_topic].qid);
            return 0;
        }
        return show_item(a, i, now, err);
    }
    case INPUT_SEARCH:
        if (a->line_len == 0)
            return 0;
        return run_search(a, text, err);
    case INPUT_NOTE: {
        if (a->cur < 0)
            return 0;
        assess_item *it = &a->items[a->cur];
        if (!it->judged) {
            free(it->note);
            it->note = util_strdup(text);
            say(a, 0, "The note will be saved with %s's judgment.", it->docno);
            return 0;
        }
        int64_t tid = a->topics[a->cur_topic].id;
        if (store_begin(a->s, err) != 0)
            return -1;
        if (store_judgment_set(a->s, tid, it->docno, a->assessor_id, it->grade, NULL, 0, text, err) != 0 ||
            store_commit(a->s, err) != 0) {
            store_rollback(a->s);
            say(a, 1, "NOT SAVED: %s", err->msg);
            return -1;
        }
        say(a, 0, "Note saved on %s.", it->docno);
        return 0;
    }
    }
    return 0;
}

static int input_key(assess_session *a, int key, double now, util_error *err)
{
    if (key == ASSESS_KEY_ENTER)
        return finish_input(a, now, err);
    if (key == ASSESS_KEY_ESCAPE || key == ASSESS_KEY_INTERRUPT) {
        a->mode = ASSESS_MODE_JUDGE;
        say(a, 0, "Cancelled.");
        return 0;
    }
    if (key == ASSESS_KEY_BACKSPACE) {
        while (a->line_len > 0 && ((unsigned char)a->line[--a->line_len] & 0xc0) == 0x80)
            ;
        a->line[a->line_len] = '\0';
        return 0;
    }
    char buf[4];
    size_t n = key >= 0 && key < ASSESS_KEY_UP ? utf8_encode(key, buf) : 0;
    if (n > 0 && a->line_len + n < sizeof a->line) {
        memcpy(a->line + a->line_len, buf, n);
        a->line_len += n;
        a->line[a->line_len] = '\0';
    }
    return 0;
}

static void next_lang(assess_session *a)
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
        return;
    char *l = util_strndup(next, strcspn(next, " "));
    free(a->lang);
    a->lang = l;
    free(a->pref_lang);
    a->pref_lang = util_strdup(l);
    build_topic_text(a);
    say(a, 0, "Topic shown in %s (languages: %s).", a->lang, a->langs);
}

/* Notes typed on documents not judged yet are lost when the topic is left: the first press
 * of a leaving key says so, a second press leaves. Returns 1 when the key may act. */
static int may_leave(assess_session *a, int key)
{
    size_t waiting = 0;
    for (size_t i = 0; i < a->nitems; i++)
        waiting += a->items[i].note != NULL;
    if (waiting == 0 || a->confirm == key) {
        a->confirm = 0;
        return 1;
    }
    a->confirm = key;
    say(a, 1, "%zu note%s wait%s for a judgment and would be lost: judge %s, or press %c again.",
        waiting, waiting == 1 ? "" : "s", waiting == 1 ? "s" : "", waiting == 1 ? "it" : "them",
        key == ASSESS_KEY_INTERRUPT ? 'q' : key);
    return 0;
}

static int judge_key(assess_session *a, int key, double now, util_error *err)
{
    char buf[4];
    size_t n = key >= 0 && key < ASSESS_KEY_UP ? utf8_encode(key, buf) : 0;
    for (size_t i = 0; n > 0 && i < a->ngrades; i++)
        if (strlen(a->grades[i].key) == n && memcmp(a->grades[i].key, buf, n) == 0)
            return judge(a, a->grades[i].grade, now, err);
    long page = a->doc_height > 2 ? a->doc_height - 1 : 1;
    switch (key) {
    case 'q':
    case ASSESS_KEY_INTERRUPT:
        if (key == 'q' && !may_leave(a, key))
            return 0;
        if (a->cur >= 0 && now > a->doc_started)
            a->items[a->cur].seconds += now - a->doc_started;
        a->doc_started = now;
        a->mode = ASSESS_MODE_QUIT;
        return 0;
    case '?':
        a->mode = ASSESS_MODE_HELP;
        return 0;
    case 'r':
        a->mode = ASSESS_MODE_REPORT;
        return 0;
    case 'j':
    case ASSESS_KEY_DOWN:
        scroll_doc(a, 1);
        return 0;
    case 'k':
    case ASSESS_KEY_UP:
        scroll_doc(a, -1);
        return 0;
    case ' ':
    case ASSESS_KEY_PGDN:
        scroll_doc(a, page);
        return 0;
    case 'b':
    case ASSESS_KEY_PGUP:
        scroll_doc(a, -page);
        return 0;
    case 'g':
    case ASSESS_KEY_HOME:
        a->doc_top = 0;
        return 0;
    case 'G':
    case ASSESS_KEY_END:
        scroll_doc(a, (long)a->doc_text.nlines);
        return 0;
    case 'J':
        scroll_topic(a, 1);
        return 0;
    case 'K':
        scroll_topic(a, -1);
        return 0;
    case ASSESS_KEY_TAB:
    case ']':
    case ASSESS_KEY_BTAB:
    case '[': {
        int dir = key == ASSESS_KEY_TAB || key == ']' ? 1 : -1;
        long i = next_unjudged(a, a->cur < 0 ? (dir > 0 ? -1 : 0) : a->cur, dir);
        if (i < 0) {
            say(a, 0, "Every document of this topic is judged.");
            return 0;
        }
        return show_item(a, i, now, err);
    }
    case ASSESS_KEY_RIGHT:
    case '.':
    case ASSESS_KEY_LEFT:
    case ',': {
        if (a->nitems == 0)
            return 0;
        long dir = key == ASSESS_KEY_RIGHT || key == '.' ? 1 : -1;
        long n2 = (long)a->nitems;
        long i = a->cur < 0 ? 0 : ((a->cur + dir) % n2 + n2) % n2;
        return show_item(a, i, now, err);
    }
    case 'u':
        return do_undo(a, now, err);
    case 's': {
        if (a->cur < 0)
            return 0;
        assess_item *it = &a->items[a->cur];
        if (it->judged) {
            say(a, 0, "%s is judged already; a grade key changes it.", it->docno);
            return 0;
        }
        it->later = 1;
        char docno[128];
        snprintf(docno, sizeof docno, "%s", it->docno);
        long next = next_unjudged(a, a->cur, 1);
        if (next >= 0 && next != a->cur && show_item(a, next, now, err) != 0)
            return -1;
        say(a, 0, "%s set aside; it comes back when the rest is judged.", docno);
        return 0;
    }
    case 'c':
        if (a->cur >= 0)
            start_input(a, INPUT_NOTE, "Note: ");
        return 0;
    case '/':
        start_input(a, INPUT_FIND, "Find: ");
        return 0;
    case ':':
        start_input(a, INPUT_JUMP, "Go to docno: ");
        return 0;
    case 'S':
        if (!a->has_searcher) {
            say(a, 0, "No search index: build it with 'trecjudge index'.");
            return 0;
        }
        start_input(a, INPUT_SEARCH, "Search the collection: ");
        return 0;
    case 'n':
    case 'N':
        if (a->find[0] == L'\0') {
            say(a, 0, "No search yet: / finds text in the document.");
            return 0;
        }
        goto_line(a, assess_text_find_line(&a->doc_text, (long)a->doc_top, ASSESS_ATTR_FOUND, key == 'N'),
                  "matches");
        return 0;
    case 'h':
    case 'H':
        goto_line(a, assess_text_find_line(&a->doc_text, (long)a->doc_top, ASSESS_ATTR_TERM, key == 'H'),
                  "topic terms");
        return 0;
    case 'D':
        a->desc_terms = !a->desc_terms;
        build_terms(a);
        build_topic_text(a);
        {
            size_t top = a->doc_top;
            if (build_doc_text(a, err) != 0)
                return -1;
            a->doc_top = top;
            scroll_doc(a, 0);
        }
        say(a, 0, "Highlighting the title%s.", a->desc_terms ? " and the description" : "");
        return 0;
    case 'L':
        next_lang(a);
        return 0;
    case 't':
    case 'T':
        if (a->ntopics >= 2 && !may_leave(a, key))
            return 0;
        if (a->ntopics < 2) {
            say(a, 0, "This is the only topic for %s.", a->assessor);
            return 0;
        }
        return load_topic(a, key == 't' ? (a->cur_topic + 1) % a->ntopics
                                        : (a->cur_topic + a->ntopics - 1) % a->ntopics, now, err);
    default:
        return 0;
    }
}

int assess_key(assess_session *a, int key, double now, util_error *err)
{
    if (a->doc_started < 0)
        a->doc_started = now;
    switch (a->mode) {
    case ASSESS_MODE_QUIT:
        return 0;
    case ASSESS_MODE_HELP:
    case ASSESS_MODE_REPORT:
        a->mode = key == 'q' || key == ASSESS_KEY_INTERRUPT ? ASSESS_MODE_QUIT : ASSESS_MODE_JUDGE;
        return 0;
    case ASSESS_MODE_INPUT:
    case ASSESS_MODE_RESULTS: {
        int rc = a->mode == ASSESS_MODE_INPUT ? input_key(a, key, now, err) : results_key(a, key, now, err);
        if (rc != 0 && (a->message[0] == '\0' || !a->message_error))
            say(a, 1, "ERROR, NOT SAVED: %s", err->msg);
        return rc;
    }
    case ASSESS_MODE_JUDGE: {
        int confirm = a->confirm;
        a->message[0] = '\0';
        a->message_error = 0;
        int rc = judge_key(a, key, now, err);
        if (a->confirm == confirm && confirm != 0 && key != confirm)
            a->confirm = 0;
        if (rc != 0 && (a->message[0] == '\0' || !a->message_error))
            say(a, 1, "ERROR, NOT SAVED: %s", err->msg);
        return rc;
    }
    }
    return 0;
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
    scroll_doc(a, 0);
}

/* ---- opening and closing ---- */

int assess_open(store *s, const assess_options *o, assess_session **out, util_error *err)
{
    assess_session *a = util_calloc(1, sizeof *a);
    a->s = s;
    a->cur = -1;
    a->doc_started = -1;
    a->doc_width = 80;
    a->topic_width = 80;
    a->doc_height = 20;
    const char *who = o->assessor ? o->assessor : getenv("USER") ? getenv("USER") : "assessor";
    a->assessor = util_strdup(who);
    a->lang = util_strdup(o->lang ? o->lang : "en");
    a->pref_lang = util_strdup(a->lang);
    *out = a;
    char *level = NULL;
    int64_t nassign;
    if (store_begin(s, err) != 0)
        goto fail;
    if (store_assessor_id(s, a->assessor, 1, &a->assessor_id, err) < 0 || store_commit(s, err) != 0) {
        store_rollback(s);
        goto fail;
    }
    if (store_grades_each(s, on_grade, a, err) != 0 ||
        store_setting_get(s, "relevance_level", &level, err) < 0 ||
        store_assignment_count(s, &nassign, err) != 0) {
        free(level);
        goto fail;
    }
    a->relevance_level = 1;
    if (level != NULL && util_parse_long(level, strlen(level), &a->relevance_level) != 0)
        a->relevance_level = 1;
    free(level);
    if (o->lang == NULL) {
        char key[300], *lang = NULL;
        snprintf(key, sizeof key, "lang.%s", a->assessor);
        if (store_setting_get(s, key, &lang, err) < 0 ||
            (lang == NULL && store_setting_get(s, "lang", &lang, err) < 0))
            goto fail;
        if (lang != NULL) {
            free(a->lang);
            a->lang = lang;
            free(a->pref_lang);
            a->pref_lang = util_strdup(lang);
        }
    }
    if (store_assigned_each(s, a->assessor_id, on_topic, a, err) != 0)
        goto fail;
    if (a->ntopics == 0 && nassign > 0) {
        util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0,
                       "no topics are assigned to '%s' (see trecjudge assign)", a->assessor);
        goto fail;
    }
    if (a->ntopics == 0 && store_topics_each(s, on_topic, a, err) != 0)
        goto fail;
    if (a->ntopics == 0) {
        util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0,
                       "the campaign has no topics (see trecjudge topics import)");
        goto fail;
    }
    build_keys(a);
    size_t start = 0;
    if (o->topic != NULL) {
        while (start < a->ntopics && strcmp(a->topics[start].qid, o->topic) != 0)
            start++;
        if (start == a->ntopics) {
            util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0,
                           "topic '%s' is not among the topics of '%s'", o->topic, a->assessor);
            goto fail;
        }
    }
    if (load_topic(a, start, o->now, err) != 0)
        goto fail;
    /* without a topic asked for, open the first one that still has work */
    if (o->topic == NULL)
        for (size_t k = 1; a->cur < 0 && k < a->ntopics; k++)
            if (load_topic(a, k, o->now, err) != 0)
                goto fail;
    if (a->cur < 0 && o->topic == NULL && a->cur_topic != start && load_topic(a, start, o->now, err) != 0)
        goto fail;
    return 0;
fail:
    assess_close(out);
    return -1;
}

void assess_set_strategy(assess_session *a, assess_strategy st)
{
    if (a->has_strategy && a->strategy.free != NULL)
        a->strategy.free(a->strategy.ctx);
    a->strategy = st;
    a->has_strategy = 1;
    /* the strategy chooses the document shown first too */
    if (st.topic != NULL)
        st.topic(st.ctx, a);
    util_error err = { 0, "" };
    long first = advance(a);
    if (first != a->cur && show_item(a, first, a->doc_started, &err) != 0)
        say(a, 1, "%s", err.msg);
}

void assess_set_searcher(assess_session *a, assess_searcher se)
{
    if (a->has_searcher && a->searcher.free != NULL)
        a->searcher.free(a->searcher.ctx);
    a->searcher = se;
    a->has_searcher = 1;
}

long assess_item_index(const assess_session *a, const char *docno)
{
    return find_item(a, docno);
}

const assess_text *assess_results(const assess_session *a, size_t *selected)
{
    *selected = a->selected;
    return &a->results_text;
}

void assess_close(assess_session **pa)
{
    assess_session *a = *pa;
    if (a == NULL)
        return;
    clear_results(a);
    assess_text_free(&a->results_text);
    if (a->has_searcher && a->searcher.free != NULL)
        a->searcher.free(a->searcher.ctx);
    free_topic_state(a);
    free(a->fields);
    free(a->items);
    for (size_t i = 0; i < a->ntopics; i++)
        free(a->topics[i].qid);
    free(a->topics);
    for (size_t i = 0; i < a->ngrades; i++) {
        free(a->grades[i].label);
        free(a->grades[i].key);
    }
    free(a->grades);
    free(a->keys);
    for (size_t i = 0; i < a->nundo; i++)
        free(a->undos[i].docno);
    free(a->undos);
    assess_text_free(&a->topic_text);
    assess_text_free(&a->doc_text);
    if (a->has_strategy && a->strategy.free != NULL)
        a->strategy.free(a->strategy.ctx);
    free(a->assessor);
    free(a->lang);
    free(a->pref_lang);
    free(a);
    *pa = NULL;
}

/* ---- what the view reads ---- */

assess_mode assess_get_mode(const assess_session *a) { return a->mode; }
const char *assess_campaign(const assess_session *a) { return store_path(a->s); }
const char *assess_assessor(const assess_session *a) { return a->assessor; }
const char *assess_qid(const assess_session *a) { return a->topics[a->cur_topic].qid; }
const char *assess_lang(const assess_session *a) { return a->lang; }
const char *assess_langs(const assess_session *a) { return a->langs; }
long assess_current(const assess_session *a) { return a->cur; }
const assess_text *assess_topic_text(const assess_session *a) { return &a->topic_text; }
const assess_text *assess_doc_text(const assess_session *a) { return &a->doc_text; }
size_t assess_doc_top(const assess_session *a) { return a->doc_top; }
size_t assess_topic_top(const assess_session *a) { return a->topic_top; }
store *assess_store(const assess_session *a) { return a->s; }
long assess_relevance_level(const assess_session *a) { return a->relevance_level; }

size_t assess_topic_index(const assess_session *a, size_t *ntopics)
{
    *ntopics = a->ntopics;
    return a->cur_topic;
}

const assess_item *assess_items(const assess_session *a, size_t *n)
{
    *n = a->nitems;
    return a->items;
}

size_t assess_judged_count(const assess_session *a)
{
    size_t n = 0;
    for (size_t i = 0; i < a->nitems; i++)
        n += a->items[i].judged != 0;
    return n;
}

double assess_doc_seconds(const assess_session *a, double now)
{
    if (a->cur < 0)
        return 0;
    double s = a->items[a->cur].seconds;
    if (a->doc_started >= 0 && now > a->doc_started)
        s += now - a->doc_started;
    return s;
}

const char *assess_message(const assess_session *a, int *is_error)
{
    if (is_error)
        *is_error = a->message_error;
    return a->message;
}

const char *assess_input(const assess_session *a, const char **prompt)
{
    *prompt = a->prompt ? a->prompt : "";
    return a->line;
}

const assess_keyinfo *assess_keys(const assess_session *a, size_t *n)
{
    *n = a->nkeys;
    return a->keys;
}
