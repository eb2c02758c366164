/* assess_private.h: what the session's files share: its state and each file's helpers. */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_ASSESS_PRIVATE_H
#define TJ_ASSESS_PRIVATE_H

#include "assess/assess.h"

typedef struct field {
    char *field, *lang, *text;
} field;

/* A topic's counts for the assessor, as the store had them when they were read
 * (assess_load_totals; the current topic's are the items'). */
typedef struct topic_progress {
    long pooled, judged, relevant;
} topic_progress;

typedef struct topic {
    int64_t id;
    char *qid;
    topic_progress progress;
} topic;

/* One judgment or setting aside this session made, to undo it. */
typedef struct undo {
    size_t topic;
    char *docno;
    int aside;      /* the document was set aside (not judged): only that is undone */
    int had;        /* this assessor had a row for the document (old: its grade, maybe -1) */
    long old;
    int later;      /* the document was set aside before: undoing sets it aside again */
} undo;

typedef struct grade_entry {
    long grade;
    char *label, *key;
} grade_entry;

typedef enum input_kind { INPUT_FIND, INPUT_JUMP, INPUT_NOTE, INPUT_SEARCH } input_kind;

typedef enum write_kind {
    WRITE_NONE, WRITE_JUDGE, WRITE_NOTE, WRITE_UNDO, WRITE_POOL, WRITE_LATER
} write_kind;

/* A write of the session not committed yet: another program held the campaign's write
 * lock when it was tried. While it waits, keys that would write or change the document
 * shown are dropped (and counted). */
/* The pool source of an unpooled item once pooled: "cal" for CAL's proposals, else
 * "search" (a static string). */
const char *assess_pool_source(const assess_item *it);

typedef struct pending {
    write_kind kind;
    size_t topic;
    char *docno;
    long grade;         /* the grade to set (an undo: the old grade) */
    double seconds;     /* active seconds */
    double wall;        /* wall seconds */
    char *note;
    int had;            /* an undo: the assessor had a row before */
    int aside;          /* an undo of a setting aside: the grade is left alone */
    int later;          /* an undo: the document is set aside again */
    int64_t position;   /* a pool addition (also of a judgment of an unpooled document) */
    int pool;           /* a judgment: the document joins the pool first */
    const char *source; /* with which pool source ("search" or "cal": a static string) */
    double since;       /* when the key was pressed */
    size_t ignored;     /* keys dropped while it waits */
    int quit;           /* q was pressed once while it waits */
} pending;

/* How many bytes of each pooled document are read for its first words and snippet. */
#define SUMMARY_PREFIX 3000

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
    util_arena docnos;          /* the items' docnos, until the topic is left */
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
    double doc_started;         /* when the time on the document was last counted */
    double idle;                /* a gap between keys longer than this counts as this long */
    int reading_width;
    int report_allowed;         /* r shows the live report (assess_report_allowed) */
    int adjudicate;             /* the session adjudicates (adjudicate.c) */
    int totals_known;           /* the topics' counts were read (assess_load_totals) */
    double seconds_done;        /* the assessor's active seconds on judgments with a time */
    long timed;                 /* the number of those judgments */
    int confirm;                /* the key that, pressed again, leaves despite unsaved notes */
    assess_strategy strategy;
    int has_strategy;
    assess_searcher searcher;
    int has_searcher;
    char *results[SEARCH_MAX];
    size_t nresults, selected;
    assess_text results_text;
};

/* Functions below that act on a key's behalf return what they changed (ASSESS_CHANGED_*
 * bits), or -1 when a save failed (err set). */

/* session.c: topics, the pool, the document shown */
void assess_say(assess_session *a, int error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Appends an item (source: a static string, "pool", "search" or "cal"). */
void assess_add_item(assess_session *a, const char *docno, const char *source);
void assess_index_items(assess_session *a);
long assess_find_item(const assess_session *a, const char *docno);
/* Adds a document that is not in the pool as an unpooled item (its summary and snippet
 * text read from the campaign) and returns its index, or -1 with err set. */
long assess_add_unpooled(assess_session *a, const char *docno, const char *source,
                         util_error *err);
/* Moves to item i (-1: none), counting the time spent on the one left: MOVED. */
int assess_show_item(assess_session *a, long i, double now, util_error *err);
/* The next unjudged document after from in direction dir (+1/-1), those set aside last;
 * -1 when every document is judged. */
long assess_next_unjudged(const assess_session *a, long from, int dir);
/* The document to show after a judgment (the strategy's choice first); -1: none. */
long assess_advance(assess_session *a);
/* Counts the time since the last count on the document shown (idle gaps capped). */
void assess_credit(assess_session *a, double now);
/* The summary and snippet of a document's text (UTF-8): the first words, and the passage
 * of about width characters with the most terms ("" when none); allocated. */
char *assess_first_words(const char *text, size_t len, size_t words);
char *assess_snippet(const assess_session *a, const char *text, size_t len, size_t width);
/* Opens topic index: TOPIC | MOVED. */
int assess_load_topic(assess_session *a, size_t index, double now, util_error *err);

/* panels.c: the topic and document panels, their scrolling */
void assess_build_topic_text(assess_session *a);
void assess_build_terms(assess_session *a);
int assess_build_doc_text(assess_session *a, util_error *err);
/* Scrolls (by 0: keeps the top inside the text); REDRAW when the top line moved. */
int assess_scroll_doc(assess_session *a, long by);
int assess_scroll_topic(assess_session *a, long by);
/* Scrolls the document to line top (kept inside the text). */
int assess_scroll_to(assess_session *a, size_t top);
/* Shows line (from a search) at the top, or says there is no more of what. */
int assess_goto_line(assess_session *a, long line, const char *what);
/* D: the description's terms highlighted too, or no longer: TOPIC | DOC. */
int assess_desc_terms(assess_session *a, util_error *err);
/* L: the topic in its next language: TOPIC. */
int assess_next_lang(assess_session *a);

/* save.c: writes tried without waiting for another program's lock, retried at each tick */
void assess_pending_clear(assess_session *a);
int assess_write_start(assess_session *a, double now, util_error *err);
int assess_write_step(assess_session *a, double now, util_error *err);
void assess_say_waiting(assess_session *a, double now);
void assess_pending_drop(assess_session *a);

/* judge.c: grades, undo, notes, and what a committed write changes */
int assess_judge(assess_session *a, long grade, int key, double now, util_error *err);
int assess_undo(assess_session *a, double now, util_error *err);
int assess_later(assess_session *a, double now, util_error *err);
int assess_note(assess_session *a, const char *text, double now, util_error *err);
int assess_write_done(assess_session *a, double now, util_error *err);

/* search.c: finding in the document, searching the collection */
int assess_find(assess_session *a, const char *text);
int assess_find_next(assess_session *a, int backward);
int assess_term_next(assess_session *a, int backward);
int assess_search_run(assess_session *a, const char *query, util_error *err);
int assess_results_key(assess_session *a, int key, double now, util_error *err);
void assess_results_clear(assess_session *a);

/* adjudicate.c: the documents assessors disagree on */
/* The topics with disputed documents, and how many of them are adjudicated; an error when
 * there is none. */
int assess_adjudication_topics(assess_session *a, util_error *err);
/* Keeps the disputed documents of the topic's pool, each with the assessors' grades and
 * notes, adjudicated ones judged. */
int assess_adjudication_load(assess_session *a, int64_t topic_id, util_error *err);
/* Frees what an item holds. */
void assess_item_free(assess_item *it);

/* keys.c: the key table */
void assess_build_keys(assess_session *a);
/* What the message line shows: the waiting save first, then the last message. */
void assess_compose(assess_session *a);
/* The session ends (Ctrl-C, q): a waiting write is tried once more, then given up. */
void assess_leave(assess_session *a, double now);

#endif
