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

typedef enum write_kind { WRITE_NONE, WRITE_JUDGE, WRITE_NOTE, WRITE_UNDO, WRITE_POOL } write_kind;

/* A write of the session not committed yet: another program held the campaign's write
 * lock when it was tried. While it waits, keys that would write or change the document
 * shown are dropped (and counted). */
typedef struct pending {
    write_kind kind;
    size_t topic;
    char *docno;
    long grade;         /* the grade to set (an undo: the old grade) */
    double seconds;
    char *note;
    int had;            /* an undo: the assessor had a row before */
    int64_t position;   /* a pool addition: its position */
    double since;       /* when the key was pressed */
    size_t ignored;     /* keys dropped while it waits */
    int quit;           /* q was pressed once while it waits */
} pending;

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
    pending pending;
    char waiting[512];          /* what the pending write waits for, and since when */
    char display[1100];         /* the message line: waiting, then message */
    char unsaved[512];          /* a write given up when the session ended */
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
    a->items[a->nitems++] = (assess_item){ .docno = util_strdup(docno), .source = util_strdup(source) };
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
    a->items[a->cur].no_text = found == 0;
    if (found == 0) {
        char missing[256];
        snprintf(missing, sizeof missing, " NO TEXT: %s is not in the campaign's collection ", it->docno);
        assess_text_add(t, missing, strlen(missing), ASSESS_ATTR_WARNING | ASSESS_ATTR_HEADING);
        const char *more = "\n\nIts text was never imported (trecjudge docs import): only its docno can be "
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
    for (size_t i = 0; i < a->nitems; i++) {
        int has = store_doc_exists(a->s, a->items[i].docno, err);
        if (has < 0)
            return -1;
        a->items[i].no_text = has == 0;
    }
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

/* ---- writes: tried without waiting for another program's lock, retried at each tick ---- */

static int write_step(assess_session *a, double now, util_error *err);

/* How long one attempt at a write may wait for another program's write lock: long enough
 * for another assessor's commit, short enough that the screen never seems stuck. */
#define WRITE_SLICE 0.05

static int write_gives_up(void *ctx, double waited)
{
    (void)ctx;
    return waited >= WRITE_SLICE;
}

static void pending_clear(assess_session *a)
{
    util_free(&a->pending.docno);
    util_free(&a->pending.note);
    a->pending = (pending){ 0 };
}

/* Starts a write described by a->pending (kind, topic, docno...): tried at once; when
 * another program holds the write lock, it waits as pending and assess_tick tries again. */
static int write_start(assess_session *a, double now, util_error *err)
{
    a->pending.since = now;
    a->pending.ignored = 0;
    a->pending.quit = 0;
    return write_step(a, now, err);
}

/* Runs the pending write in one transaction. Returns 1 when it is committed, 0 when the
 * lock is still held (nothing written), -1 on another failure (err set). */
static int write_try(assess_session *a, util_error *err)
{
    pending *p = &a->pending;
    int64_t tid = a->topics[p->topic].id;
    store_set_wait(a->s, write_gives_up, NULL);
    int rc = store_begin(a->s, err);
    if (rc == 0) {
        switch (p->kind) {
        case WRITE_JUDGE:
            rc = store_judgment_set(a->s, tid, p->docno, a->assessor_id, p->grade, NULL, p->seconds,
                                    p->note, err);
            break;
        case WRITE_NOTE:
            rc = store_judgment_set(a->s, tid, p->docno, a->assessor_id, p->grade, NULL, 0, p->note, err);
            break;
        case WRITE_UNDO:
            rc = p->had ? store_judgment_set(a->s, tid, p->docno, a->assessor_id, p->grade, NULL, 0, NULL, err)
                        : store_judgment_withdraw(a->s, tid, p->docno, a->assessor_id, "undo", err);
            break;
        case WRITE_POOL:
            rc = store_pool_add(a->s, tid, p->docno, p->position, "search", err);
            break;
        case WRITE_NONE:
            break;
        }
    }
    if (rc == 0)
        rc = store_commit(a->s, err);
    int busy = rc != 0 && store_busy(a->s);
    if (rc != 0)
        store_rollback(a->s);
    store_set_wait(a->s, NULL, NULL);
    if (busy) {
        err->code = 0;
        err->msg[0] = '\0';
        return 0;
    }
    return rc == 0 ? 1 : -1;
}

/* What the pending write does, for the screen: "Saving 'Relevant' for D1". */
static void pending_what(const assess_session *a, char *out, size_t size)
{
    const pending *p = &a->pending;
    const char *label = assess_grade_label(a, p->grade);
    switch (p->kind) {
    case WRITE_JUDGE:
        snprintf(out, size, "Saving '%s' for %s", label ? label : "?", p->docno);
        break;
    case WRITE_NOTE:
        snprintf(out, size, "Saving the note on %s", p->docno);
        break;
    case WRITE_UNDO:
        snprintf(out, size, "Undoing the judgment of %s", p->docno);
        break;
    case WRITE_POOL:
        snprintf(out, size, "Adding %s to the pool", p->docno);
        break;
    case WRITE_NONE:
        out[0] = '\0';
        break;
    }
}

static void say_waiting(assess_session *a, double now)
{
    pending *p = &a->pending;
    char what[256];
    pending_what(a, what, sizeof what);
    double waited = now > p->since ? now - p->since : 0;
    char ignored[96] = "";
    if (p->ignored > 0)
        snprintf(ignored, sizeof ignored, " %zu key%s typed while saving %s ignored.", p->ignored,
                 p->ignored == 1 ? "" : "s", p->ignored == 1 ? "was" : "were");
    snprintf(a->waiting, sizeof a->waiting,
             "%s: waiting for the campaign's write lock (another program is writing) %.1f s.%s%s", what,
             waited, ignored, p->quit ? " Not saved yet: q again quits without it." : "");
}

/* The effects of a committed write on the session, and what the screen says. */
static int write_done(assess_session *a, double now, util_error *err);

static int write_step(assess_session *a, double now, util_error *err)
{
    int rc = write_try(a, err);
    if (rc == 0) {
        say_waiting(a, now);
        return 0;
    }
    a->waiting[0] = '\0';
    if (rc < 0) {
        static const char *const failed[] = { "", "NOT SAVED", "NOT SAVED", "NOT UNDONE", "NOT ADDED" };
        say(a, 1, "%s: %s", failed[a->pending.kind], err->msg);
        pending_clear(a);
        return -1;
    }
    char after[192] = "";
    pending p = a->pending;
    if (now - p.since >= 0.5)
        snprintf(after, sizeof after, " It waited %.1f s for the write lock.", now - p.since);
    if (p.ignored > 0)
        snprintf(after + strlen(after), sizeof after - strlen(after), " %zu key%s typed while saving %s ignored.",
                 p.ignored, p.ignored == 1 ? "" : "s", p.ignored == 1 ? "was" : "were");
    rc = write_done(a, now, err);
    pending_clear(a);
    if (rc == 0 && after[0] != '\0' && strlen(a->message) + strlen(after) < sizeof a->message)
        strcat(a->message, after);
    return rc;
}

/* A write that could not be made before the session ended, for the command to report. */
static void pending_drop(assess_session *a)
{
    if (a->pending.kind == WRITE_NONE)
        return;
    char what[256];
    pending_what(a, what, sizeof what);
    snprintf(a->unsaved, sizeof a->unsaved, "%s (topic %s)", what + (strncmp(what, "Saving ", 7) == 0 ? 7 : 0),
             a->topics[a->pending.topic].qid);
    a->waiting[0] = '\0';
    pending_clear(a);
}

/* Opens the selected result, adding it to the topic's pool as found by search. */
static int open_result(assess_session *a, double now, util_error *err)
{
    const char *docno = a->results[a->selected];
    long i = find_item(a, docno);
    a->mode = ASSESS_MODE_JUDGE;
    if (i < 0) {
        pending_clear(a);
        a->pending = (pending){ .kind = WRITE_POOL, .topic = a->cur_topic, .docno = util_strdup(docno),
                                .position = (int64_t)a->nitems + 1000000 };
        return write_start(a, now, err);
    }
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
    case ASSESS_KEY_ESCAPE:
        a->mode = ASSESS_MODE_JUDGE;
        return 0;
    default:
        return 0;
    }
}

/* ---- keys ---- */

/* What a fixed key does. */
typedef enum action {
    ACT_NONE, ACT_HELP, ACT_QUIT, ACT_NEXT_UNJUDGED, ACT_PREV_UNJUDGED, ACT_NEXT_DOC, ACT_PREV_DOC,
    ACT_UNDO, ACT_LATER, ACT_NOTE, ACT_LINE_DOWN, ACT_LINE_UP, ACT_PAGE_DOWN, ACT_PAGE_UP, ACT_TOP,
    ACT_END, ACT_FIND, ACT_MATCH_NEXT, ACT_MATCH_PREV, ACT_TERM_NEXT, ACT_TERM_PREV, ACT_DESC,
    ACT_LANG, ACT_TOPIC_DOWN, ACT_TOPIC_UP, ACT_JUMP, ACT_TOPIC_NEXT, ACT_TOPIC_PREV, ACT_SEARCH,
    ACT_REPORT,
} action;

/* The screen's fixed keys: the one table that dispatch reads, the help screen shows and
 * the grade keys of a scale are checked against (assess_key_reserved). */
static const struct fixed_key {
    assess_keyinfo info;
    struct {
        int key;
        action act;
    } k[4];
} fixed_keys[] = {
    { { "?", "this help", "help", 0 }, { { '?', ACT_HELP } } },
    { { "q", "quit (all is saved)", "quit", 0 }, { { 'q', ACT_QUIT } } },
    { { "Tab ]", "next unjudged document", "next", 0 },
      { { ASSESS_KEY_TAB, ACT_NEXT_UNJUDGED }, { ']', ACT_NEXT_UNJUDGED } } },
    { { "S-Tab [", "previous unjudged", NULL, 0 },
      { { ASSESS_KEY_BTAB, ACT_PREV_UNJUDGED }, { '[', ACT_PREV_UNJUDGED } } },
    { { "\u2192 .", "next document in pool", NULL, 0 },
      { { ASSESS_KEY_RIGHT, ACT_NEXT_DOC }, { '.', ACT_NEXT_DOC } } },
    { { "\u2190 ,", "previous document", NULL, 0 },
      { { ASSESS_KEY_LEFT, ACT_PREV_DOC }, { ',', ACT_PREV_DOC } } },
    { { "u", "undo the last judgment", "undo", 0 }, { { 'u', ACT_UNDO } } },
    { { "s", "judge later (set aside)", "later", 0 }, { { 's', ACT_LATER } } },
    { { "c", "note on this judgment", "note", 0 }, { { 'c', ACT_NOTE } } },
    { { "j \u2193  k \u2191", "scroll a line", NULL, 0 },
      { { 'j', ACT_LINE_DOWN }, { ASSESS_KEY_DOWN, ACT_LINE_DOWN }, { 'k', ACT_LINE_UP },
        { ASSESS_KEY_UP, ACT_LINE_UP } } },
    { { "Spc PgDn b PgUp", "scroll a page", NULL, 0 },
      { { ' ', ACT_PAGE_DOWN }, { ASSESS_KEY_PGDN, ACT_PAGE_DOWN }, { 'b', ACT_PAGE_UP },
        { ASSESS_KEY_PGUP, ACT_PAGE_UP } } },
    { { "g Home  G End", "top / end of document", NULL, 0 },
      { { 'g', ACT_TOP }, { ASSESS_KEY_HOME, ACT_TOP }, { 'G', ACT_END }, { ASSESS_KEY_END, ACT_END } } },
    { { "/", "find in the document", "find", 0 }, { { '/', ACT_FIND } } },
    { { "n  N", "next / previous match", NULL, 0 }, { { 'n', ACT_MATCH_NEXT }, { 'N', ACT_MATCH_PREV } } },
    { { "h  H", "next / previous term", NULL, 0 }, { { 'h', ACT_TERM_NEXT }, { 'H', ACT_TERM_PREV } } },
    { { "D", "highlight description", NULL, 0 }, { { 'D', ACT_DESC } } },
    { { "L", "next topic language", "lang", 0 }, { { 'L', ACT_LANG } } },
    { { "J  K", "scroll the topic", NULL, 0 }, { { 'J', ACT_TOPIC_DOWN }, { 'K', ACT_TOPIC_UP } } },
    { { ":", "go to a docno", NULL, 0 }, { { ':', ACT_JUMP } } },
    { { "t  T", "next / previous topic", "topic", 0 }, { { 't', ACT_TOPIC_NEXT }, { 'T', ACT_TOPIC_PREV } } },
    { { "S", "search the collection", "search", 0 }, { { 'S', ACT_SEARCH } } },
    { { "r", "live report", "report", 0 }, { { 'r', ACT_REPORT } } },
};

#define NFIXED (sizeof fixed_keys / sizeof *fixed_keys)

/* The action of a fixed key, and the row of the table it is on. */
static action fixed_action(int key, size_t *row)
{
    for (size_t i = 0; i < NFIXED; i++)
        for (size_t j = 0; j < 4 && fixed_keys[i].k[j].key != 0; j++)
            if (fixed_keys[i].k[j].key == key) {
                if (row != NULL)
                    *row = i;
                return fixed_keys[i].k[j].act;
            }
    return ACT_NONE;
}

/* Whether an action only changes what is seen (it works while a save waits): scrolling,
 * finding, highlighting, the help and the report. */
static int action_reads(action act)
{
    switch (act) {
    case ACT_HELP: case ACT_LINE_DOWN: case ACT_LINE_UP: case ACT_PAGE_DOWN: case ACT_PAGE_UP:
    case ACT_TOP: case ACT_END: case ACT_FIND: case ACT_MATCH_NEXT: case ACT_MATCH_PREV:
    case ACT_TERM_NEXT: case ACT_TERM_PREV: case ACT_DESC: case ACT_LANG: case ACT_TOPIC_DOWN:
    case ACT_TOPIC_UP: case ACT_REPORT:
        return 1;
    default:
        return 0;
    }
}

const char *assess_key_reserved(int key)
{
    size_t row;
    return fixed_action(key, &row) == ACT_NONE ? NULL : fixed_keys[row].info.what;
}

size_t assess_reserved_list(char *out, size_t size)
{
    size_t used = 0;
    if (size > 0)
        out[0] = '\0';
    for (size_t i = 0; i < NFIXED; i++)
        for (size_t j = 0; j < 4 && fixed_keys[i].k[j].key != 0; j++) {
            int key = fixed_keys[i].k[j].key;
            if (key >= ASSESS_KEY_UP)
                continue;
            char one[16];
            int n = snprintf(one, sizeof one, "%s%s", used > 0 ? " " : "", key == ' ' ? "Space" : (char[]){ (char)key, 0 });
            if (used + (size_t)n < size) {
                memcpy(out + used, one, (size_t)n + 1);
                used += (size_t)n;
            }
        }
    return used;
}

/* Encodes a typed character as UTF-8; returns its length (0 for a control character or
 * what cannot be a character). */
static size_t utf8_encode(long c, char *out)
{
    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
        return 0;
    return util_utf8_encode((uint32_t)c, out);
}

/* The one character of a grade key, or -1 when it is not one character. */
static int key_char(const char *key)
{
    if (key[0] == '\0')
        return -1;
    if ((unsigned char)key[0] < 0x80)
        return key[1] == '\0' ? (unsigned char)key[0] : -1;
    wchar_t wc;
    mbstate_t st = { 0 };
    size_t n = mbrtowc(&wc, key, strlen(key), &st);
    return n == strlen(key) ? (int)wc : -1;
}

/* A campaign made before grade keys were checked may give a grade a key the screen uses
 * for something else: that key keeps its screen meaning, and the grade gets its number as
 * key when the number is free (else it has no key); the opening message says so. */
static void fix_grade_keys(assess_session *a)
{
    char said[512] = "";
    for (size_t i = 0; i < a->ngrades; i++) {
        int c = key_char(a->grades[i].key);
        const char *what = c >= 0 ? assess_key_reserved(c) : NULL;
        if (what == NULL)
            continue;
        char digit[2] = { 0 };
        if (a->grades[i].grade >= 0 && a->grades[i].grade <= 9) {
            digit[0] = (char)('0' + a->grades[i].grade);
            for (size_t j = 0; j < a->ngrades; j++)
                if (strcmp(a->grades[j].key, digit) == 0)
                    digit[0] = '\0';
        }
        char one[200];
        snprintf(one, sizeof one, "%sgrade key '%s' is the screen's '%s' key: %s%s%s", said[0] ? "; " : "",
                 a->grades[i].key, what, digit[0] ? "press " : "", digit[0] ? digit : "no key gives",
                 digit[0] ? " for it" : " it here");
        if (strlen(said) + strlen(one) < sizeof said)
            strcat(said, one);
        free(a->grades[i].key);
        a->grades[i].key = util_strdup(digit);
    }
    if (said[0] != '\0')
        say(a, 1, "This campaign's %s.", said);
}

static void build_keys(assess_session *a)
{
    fix_grade_keys(a);
    size_t n = a->ngrades + NFIXED;
    a->keys = util_calloc(n, sizeof *a->keys);
    a->nkeys = 0;
    for (size_t i = 0; i < a->ngrades; i++)
        if (a->grades[i].key[0] != '\0')
            a->keys[a->nkeys++] = (assess_keyinfo){ a->grades[i].key, a->grades[i].label, a->grades[i].label, 1 };
    for (size_t i = 0; i < NFIXED; i++)
        a->keys[a->nkeys++] = fixed_keys[i].info;
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

/* A grade key: the document on screen gets the grade (after a second press when it has no
 * text in the campaign). */
static int judge(assess_session *a, long grade, int key, double now, util_error *err)
{
    if (a->cur < 0) {
        say(a, 1, "No document to judge.");
        return 0;
    }
    assess_item *it = &a->items[a->cur];
    if (it->no_text && a->confirm != key) {
        char k[8] = "";
        util_utf8_encode((uint32_t)key, k);
        a->confirm = key;
        say(a, 1, "%s has no text in the campaign: press %s again to judge it anyway.", it->docno, k);
        return 0;
    }
    a->confirm = 0;
    double seconds = it->seconds + (a->doc_started >= 0 && now > a->doc_started ? now - a->doc_started : 0);
    pending_clear(a);
    a->pending = (pending){ .kind = WRITE_JUDGE, .topic = a->cur_topic, .docno = util_strdup(it->docno),
                            .grade = grade, .seconds = seconds,
                            .note = it->note ? util_strdup(it->note) : NULL };
    return write_start(a, now, err);
}

static int judge_done(assess_session *a, double now, util_error *err)
{
    const pending *p = &a->pending;
    long i = find_item(a, p->docno);
    const char *label = assess_grade_label(a, p->grade);
    char saved[256];
    snprintf(saved, sizeof saved, "Saved %s = %ld%s%s.", p->docno, p->grade, label ? " " : "", label ? label : "");
    util_grow(&a->undos, &a->capundo, a->nundo + 1, sizeof *a->undos);
    a->undos[a->nundo++] = (undo){ p->topic, util_strdup(p->docno), i >= 0 && a->items[i].has_row,
                                   i >= 0 ? a->items[i].row_grade : -1 };
    if (i < 0) {
        say(a, 0, "%s", saved);
        return 0;
    }
    assess_item *it = &a->items[i];
    it->judged = 1;
    it->grade = p->grade;
    it->has_row = 1;
    it->row_grade = p->grade;
    it->later = 0;
    it->seconds = 0;
    a->doc_started = now;
    util_free(&it->note);
    if (a->has_strategy && a->strategy.judged != NULL)
        a->strategy.judged(a->strategy.ctx, it->docno, p->grade >= a->relevance_level);
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
    pending_clear(a);
    a->pending = (pending){ .kind = WRITE_UNDO, .topic = u->topic, .docno = util_strdup(u->docno),
                            .had = u->had, .grade = u->old };
    return write_start(a, now, err);
}

static int undo_done(assess_session *a, double now, util_error *err)
{
    undo *u = &a->undos[a->nundo - 1];
    long i = find_item(a, u->docno);
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

static int write_done(assess_session *a, double now, util_error *err)
{
    const pending *p = &a->pending;
    switch (p->kind) {
    case WRITE_JUDGE:
        return judge_done(a, now, err);
    case WRITE_NOTE:
        say(a, 0, "Note saved on %s.", p->docno);
        return 0;
    case WRITE_UNDO:
        return undo_done(a, now, err);
    case WRITE_POOL:
        add_item(a, p->docno, "search");
        index_items(a);
        say(a, 0, "%s added to the pool of topic %s as found by search.", p->docno, a->topics[a->cur_topic].qid);
        return show_item(a, (long)a->nitems - 1, now, err);
    case WRITE_NONE:
        break;
    }
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
        pending_clear(a);
        a->pending = (pending){ .kind = WRITE_NOTE, .topic = a->cur_topic, .docno = util_strdup(it->docno),
                                .grade = it->grade, .note = util_strdup(text) };
        return write_start(a, now, err);
    }
    }
    return 0;
}

static int input_key(assess_session *a, int key, double now, util_error *err)
{
    if (key == ASSESS_KEY_ENTER)
        return finish_input(a, now, err);
    if (key == ASSESS_KEY_ESCAPE) {
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


/* The session ends: the time on the document is counted; a write still waiting for the
 * lock is tried once more, then given up (assess_unsaved tells which). */
static void leave(assess_session *a, double now)
{
    if (a->pending.kind != WRITE_NONE) {
        util_error err = { 0, "" };
        if (write_step(a, now, &err) != 0 || a->pending.kind != WRITE_NONE)
            pending_drop(a);
    }
    if (a->cur >= 0 && now > a->doc_started)
        a->items[a->cur].seconds += now - a->doc_started;
    a->doc_started = now;
    a->mode = ASSESS_MODE_QUIT;
}

/* q: leaves; while a save waits for the lock, the first q tries it again and asks, a
 * second q leaves without it. */
static void quit_key(assess_session *a, double now)
{
    if (a->pending.kind != WRITE_NONE) {
        util_error err = { 0, "" };
        int asked = a->pending.quit;
        if (write_step(a, now, &err) != 0 || a->pending.kind == WRITE_NONE)
            return;   /* saved (or failed, which the screen shows): the next q leaves */
        if (!asked) {
            a->pending.quit = 1;
            say_waiting(a, now);
            return;
        }
    } else if (!may_leave(a, 'q')) {
        return;
    }
    leave(a, now);
}

static int judge_key(assess_session *a, int key, double now, util_error *err)
{
    char buf[4];
    size_t n = key >= 0 && key < ASSESS_KEY_UP ? utf8_encode(key, buf) : 0;
    action act = fixed_action(key, NULL);
    if (a->pending.kind != WRITE_NONE && act != ACT_QUIT && !action_reads(act)) {
        /* a grade or a move typed while a save waits would act on what the assessor has not
         * seen acted on: it is dropped, and counted on the screen */
        a->pending.ignored++;
        say_waiting(a, now);
        return 0;
    }
    for (size_t i = 0; n > 0 && i < a->ngrades; i++)
        if (strlen(a->grades[i].key) == n && memcmp(a->grades[i].key, buf, n) == 0)
            return judge(a, a->grades[i].grade, key, now, err);
    long page = a->doc_height > 2 ? a->doc_height - 1 : 1;
    switch (act) {
    case ACT_QUIT:
        quit_key(a, now);
        return 0;
    case ACT_HELP:
        a->mode = ASSESS_MODE_HELP;
        return 0;
    case ACT_REPORT:
        a->mode = ASSESS_MODE_REPORT;
        return 0;
    case ACT_LINE_DOWN:
        scroll_doc(a, 1);
        return 0;
    case ACT_LINE_UP:
        scroll_doc(a, -1);
        return 0;
    case ACT_PAGE_DOWN:
        scroll_doc(a, page);
        return 0;
    case ACT_PAGE_UP:
        scroll_doc(a, -page);
        return 0;
    case ACT_TOP:
        a->doc_top = 0;
        return 0;
    case ACT_END:
        scroll_doc(a, (long)a->doc_text.nlines);
        return 0;
    case ACT_TOPIC_DOWN:
        scroll_topic(a, 1);
        return 0;
    case ACT_TOPIC_UP:
        scroll_topic(a, -1);
        return 0;
    case ACT_NEXT_UNJUDGED:
    case ACT_PREV_UNJUDGED: {
        int dir = act == ACT_NEXT_UNJUDGED ? 1 : -1;
        long i = next_unjudged(a, a->cur < 0 ? (dir > 0 ? -1 : 0) : a->cur, dir);
        if (i < 0) {
            say(a, 0, "Every document of this topic is judged.");
            return 0;
        }
        return show_item(a, i, now, err);
    }
    case ACT_NEXT_DOC:
    case ACT_PREV_DOC: {
        if (a->nitems == 0)
            return 0;
        long dir = act == ACT_NEXT_DOC ? 1 : -1;
        long n2 = (long)a->nitems;
        long i = a->cur < 0 ? 0 : ((a->cur + dir) % n2 + n2) % n2;
        return show_item(a, i, now, err);
    }
    case ACT_UNDO:
        return do_undo(a, now, err);
    case ACT_LATER: {
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
    case ACT_NOTE:
        if (a->cur >= 0)
            start_input(a, INPUT_NOTE, "Note: ");
        return 0;
    case ACT_FIND:
        start_input(a, INPUT_FIND, "Find: ");
        return 0;
    case ACT_JUMP:
        start_input(a, INPUT_JUMP, "Go to docno: ");
        return 0;
    case ACT_SEARCH:
        if (!a->has_searcher) {
            say(a, 0, "No search index: build it with 'trecjudge index'.");
            return 0;
        }
        start_input(a, INPUT_SEARCH, "Search the collection: ");
        return 0;
    case ACT_MATCH_NEXT:
    case ACT_MATCH_PREV:
        if (a->find[0] == L'\0') {
            say(a, 0, "No search yet: / finds text in the document.");
            return 0;
        }
        goto_line(a, assess_text_find_line(&a->doc_text, (long)a->doc_top, ASSESS_ATTR_FOUND,
                                           act == ACT_MATCH_PREV), "matches");
        return 0;
    case ACT_TERM_NEXT:
    case ACT_TERM_PREV:
        goto_line(a, assess_text_find_line(&a->doc_text, (long)a->doc_top, ASSESS_ATTR_TERM,
                                           act == ACT_TERM_PREV), "topic terms");
        return 0;
    case ACT_DESC:
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
    case ACT_LANG:
        next_lang(a);
        return 0;
    case ACT_TOPIC_NEXT:
    case ACT_TOPIC_PREV:
        if (a->ntopics >= 2 && !may_leave(a, key))
            return 0;
        if (a->ntopics < 2) {
            say(a, 0, "This is the only topic for %s.", a->assessor);
            return 0;
        }
        return load_topic(a, act == ACT_TOPIC_NEXT ? (a->cur_topic + 1) % a->ntopics
                                                   : (a->cur_topic + a->ntopics - 1) % a->ntopics, now, err);
    case ACT_NONE:
        return 0;
    }
    return 0;
}

/* What the message line shows: the waiting save first, then the last message. */
static void compose(assess_session *a)
{
    if (a->pending.kind == WRITE_NONE)
        a->waiting[0] = '\0';
    if (a->waiting[0] == '\0')
        snprintf(a->display, sizeof a->display, "%s", a->message);
    else
        snprintf(a->display, sizeof a->display, "%s%s%s", a->waiting, a->message[0] ? " " : "", a->message);
}

static int key_in_mode(assess_session *a, int key, double now, util_error *err)
{
    if (key == ASSESS_KEY_INTERRUPT) {
        /* Ctrl-C ends the session from every screen */
        leave(a, now);
        return 0;
    }
    switch (a->mode) {
    case ASSESS_MODE_QUIT:
        return 0;
    case ASSESS_MODE_HELP:
    case ASSESS_MODE_REPORT:
        a->mode = ASSESS_MODE_JUDGE;
        if (key == 'q')
            quit_key(a, now);
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

int assess_key(assess_session *a, int key, double now, util_error *err)
{
    if (a->doc_started < 0)
        a->doc_started = now;
    int rc = key_in_mode(a, key, now, err);
    compose(a);
    return rc;
}

int assess_tick(assess_session *a, double now, util_error *err)
{
    int rc = 0;
    if (a->pending.kind != WRITE_NONE && a->mode != ASSESS_MODE_QUIT)
        rc = write_step(a, now, err);
    compose(a);
    return rc;
}

int assess_pending(const assess_session *a)
{
    return a->pending.kind != WRITE_NONE;
}

const char *assess_unsaved(const assess_session *a)
{
    return a->unsaved[0] != '\0' ? a->unsaved : NULL;
}

void assess_keys_ignored(assess_session *a, size_t n)
{
    if (n == 0)
        return;
    char one[200];
    const char *docno = a->cur >= 0 ? a->items[a->cur].docno : "the document";
    snprintf(one, sizeof one, "%s%zu key%s typed before %s was shown %s ignored.", a->message[0] ? " " : "", n,
             n == 1 ? "" : "s", docno, n == 1 ? "was" : "were");
    if (strlen(a->message) + strlen(one) < sizeof a->message)
        strcat(a->message, one);
    compose(a);
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
    /* looked up first: only a new assessor is a write (which may wait for the lock) */
    int known = store_assessor_id(s, a->assessor, 0, &a->assessor_id, err);
    if (known < 0)
        goto fail;
    if (known == 0) {
        if (store_begin(s, err) != 0)
            goto fail;
        if (store_assessor_id(s, a->assessor, 1, &a->assessor_id, err) < 0 || store_commit(s, err) != 0) {
            store_rollback(s);
            goto fail;
        }
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
    pending_clear(a);
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
    int waiting = a->pending.kind != WRITE_NONE && a->waiting[0] != '\0';
    if (is_error)
        *is_error = a->message_error || waiting;
    return waiting ? a->display : a->message;
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
