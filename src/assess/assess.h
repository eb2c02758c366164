/* assess.h: the assessment session's interface: what is shown, what keys do, what is saved. */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_ASSESS_H
#define TJ_ASSESS_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#include "store/store.h"
#include "util/util.h"

/* ---- display text: untrusted UTF-8 made safe, highlighted and wrapped ---- */

/* Attributes of one displayed character (bits). */
enum {
    ASSESS_ATTR_TERM = 1,         /* a query term */
    ASSESS_ATTR_PLACEHOLDER = 2,  /* a visible stand-in for a control or invisible character */
    ASSESS_ATTR_FOUND = 4,        /* a match of the search inside the document */
    ASSESS_ATTR_HEADING = 8,      /* a label or a title */
    ASSESS_ATTR_WARNING = 16,     /* a notice the assessor must not miss */
};

/* Text decoded into printable characters only: every control character, escape sequence
 * byte, C1 control, BiDi override, invisible format character and invalid UTF-8 byte is
 * replaced by a visible placeholder ("^[", "<U+202E>", "<\xff>"), so nothing in it can
 * reach the terminal as a command. Wrapped to a width in display cells. */
typedef struct assess_text {
    wchar_t *ch;
    unsigned char *attr;
    size_t n, cap;
    size_t *line;                 /* line i is ch[line[i] .. line[i] + len[i]) */
    size_t *len;
    size_t nlines, capl;
    int width;                    /* the width it is wrapped to */
} assess_text;

/* Appends UTF-8 text with an attribute; '\n' starts a new paragraph. */
void assess_text_add(assess_text *t, const char *utf8, size_t len, unsigned char attr);
/* Clears the text (keeps its memory). */
void assess_text_clear(assess_text *t);
void assess_text_free(assess_text *t);
/* Marks the words whose term (in the terms' language) is one of terms, as
 * assess_terms_split made them: "trees" marks "Tree"; CJK terms match anywhere. */
void assess_text_mark_terms(assess_text *t, const wchar_t *const *terms, size_t nterms);
/* Marks case-insensitive matches of needle with ASSESS_ATTR_FOUND (clearing earlier
 * marks); returns the number of matches. */
size_t assess_text_mark_found(assess_text *t, const wchar_t *needle);
/* Wraps to width display cells (at spaces, between CJK characters, or anywhere in a word
 * longer than the width). */
void assess_text_wrap(assess_text *t, int width);
/* The display width of one character (placeholders are plain ASCII). */
int assess_char_width(wchar_t c);
/* The first line after `after` (or at or before it when backward) holding an attribute
 * bit; -1 when none. */
long assess_text_find_line(const assess_text *t, long after, unsigned char bit, int backward);

/* Splits a topic's text in the language lang (an ISO 639-1 code; NULL or "" for English)
 * into the terms to highlight, analysed as the index analyses text (the text module:
 * case folding, the language's Snowball stemmer and stop words): terms of 3 characters or
 * more that are not words topics use about themselves (share/stopwords/topic-words.txt),
 * and character bigrams of CJK runs. Appends the new ones to *terms (allocated, each
 * "<lang>\x1f<term>") and returns their number. */
size_t assess_terms_split(const char *utf8, const char *lang, wchar_t ***terms, size_t nterms);

/* ---- keys ---- */

/* Keys that are not characters (characters are their Unicode code point). */
enum {
    ASSESS_KEY_UP = 0x110000, ASSESS_KEY_DOWN, ASSESS_KEY_LEFT, ASSESS_KEY_RIGHT,
    ASSESS_KEY_PGUP, ASSESS_KEY_PGDN, ASSESS_KEY_HOME, ASSESS_KEY_END,
    ASSESS_KEY_ENTER, ASSESS_KEY_BACKSPACE, ASSESS_KEY_ESCAPE, ASSESS_KEY_TAB,
    ASSESS_KEY_BTAB, ASSESS_KEY_INTERRUPT, ASSESS_KEY_LAST
};

/* One row of the key table, from which the legend, the help screen, the man page's key
 * list and the check of grade keys are made. */
typedef struct assess_keyinfo {
    const char *keys;             /* as shown: "j ↓" */
    const char *what;             /* "scroll a line" (at most 23 columns) */
    const char *legend;           /* the word in the one-line legend, or NULL */
    int is_grade;                 /* a grade key (what is the grade's label) */
    int codes[4];                 /* the keys as assess_key takes them (0 ends the list) */
    const char *man;              /* what the man page says of them (roff), or NULL: what */
} assess_keyinfo;

/* What the screen does with a character key that is not a grade key ("quit"), or NULL
 * when it does nothing with it: a grade key must not be one of these. Read from the same
 * table as the keys' dispatch and the help screen. */
const char *assess_key_reserved(int key);
/* The character keys reserved that way, separated by spaces ("? q ] ..."); returns the
 * length written (cut to size). */
size_t assess_reserved_list(char *out, size_t size);
/* Row i of the screen's own keys (the table without the campaign's grade keys), NULL past
 * its end. */
const assess_keyinfo *assess_fixed_key(size_t i);
/* The man page's list of those keys, as roff (".TP", ".B keys", what they do), allocated. */
char *assess_keys_roff(void);

/* What a key changed (bits), for the screen to redraw from: nothing when it is 0. */
enum {
    ASSESS_CHANGED_JUDGED = 1,    /* a judgment was stored or undone: marks, counts */
    ASSESS_CHANGED_MOVED = 2,     /* another document is shown (or the pool list changed) */
    ASSESS_CHANGED_DOC = 4,       /* the document's text changed: highlights, matches */
    ASSESS_CHANGED_TOPIC = 8,     /* another topic, or the topic panel's text changed */
    ASSESS_CHANGED_MODE = 16,     /* another screen: help, input, report, results, quit */
    ASSESS_CHANGED_REDRAW = 32,   /* what is shown moved otherwise: scrolling, input, selection */
    ASSESS_CHANGED_MESSAGE = 64,  /* the message line */
    ASSESS_CHANGED_ALL = 127,
    ASSESS_CHANGED_FAILED = 128,  /* a save failed: err is set and the message says so */
};

/* ---- the session ---- */

typedef enum assess_mode {
    ASSESS_MODE_JUDGE,            /* the normal screen */
    ASSESS_MODE_HELP,             /* the help screen; any key goes back */
    ASSESS_MODE_INPUT,            /* a line of input at the bottom (search, jump, note) */
    ASSESS_MODE_REPORT,           /* the live report */
    ASSESS_MODE_RESULTS,          /* results of a search over the whole collection */
    ASSESS_MODE_TOPIC,            /* the whole topic on the screen; any key goes back */
    ASSESS_MODE_QUIT,             /* the session is over; everything is saved */
} assess_mode;

/* One pooled document of the current topic as the pool list shows it. */
typedef struct assess_item {
    const char *docno;            /* the session's copy, kept while its topic is open */
    const char *source;           /* "pool", "search" or "cal" (a static string) */
    long grade;                   /* this assessor's grade; meaningful when judged */
    int judged;
    int later;                    /* set aside with "judge later" */
    double seconds;               /* time spent on it in this session, not yet saved */
    char *note;                   /* a note typed before it is judged, saved with its grade */
    int has_row;                  /* this assessor has a row for it (grade -1 included) */
    long row_grade;               /* that row's grade */
    int no_text;                  /* its text is not in the campaign (only the docno is known);
                                   * known once summary_read, or once it was shown */
    double wall;                  /* wall time on it in this session (seconds counts active time) */
    char *saved_note;             /* the note stored with its judgment, or NULL */
    char *summary;                /* its title, or its first words when it has none */
    int summary_read;             /* summary and no_text are read (assess_items_summarize: a
                                   * topic opens with its pool's docnos alone) */
    char *text;                   /* the first bytes of its text, for its snippet (read when
                                   * a snippet is first drawn, if the pool's query did not) */
    int text_read;                /* text was read, or cannot be */
    char *snippet;                /* the passage with the most topic terms ("": none, NULL: not
                                   * made yet) */
    int unpooled;                 /* opened from a collection search, not in the pool yet */
    char *opinions;               /* adjudication: each assessor's grade and note, a line
                                   * each; NULL otherwise */
} assess_item;

typedef struct assess_session assess_session;

/* Chooses the next document for a budgeted live strategy: returns the index of the item
 * to show next, -1 to fall back to the pool order, or ASSESS_STRATEGY_DONE when the
 * topic's budget is spent; told every judgment made. */
#define ASSESS_STRATEGY_DONE (-2)
typedef struct assess_strategy {
    void *ctx;
    long (*next)(void *ctx, const assess_session *a);
    void (*judged)(void *ctx, const char *docno, int relevant);
    void (*topic)(void *ctx, assess_session *a);   /* a topic was opened */
    void (*free)(void *ctx);
    /* Optional, for a strategy that chooses from the whole collection (next is then not
     * called): the document to show next, or NULL when the topic's budget is spent or
     * nothing is left. One the pool lacks is shown unpooled, its item's source below, and
     * joins the pool when it is judged, as a document found by search does. */
    const char *(*propose)(void *ctx);
    const char *source;           /* the item's source on the screen ("cal") */
    /* Optional: the status line's words for the topic ("30/100 of budget, 12 rel, ..."). */
    void (*status)(void *ctx, char *buf, size_t size);
    /* Optional: the topic's judgments made and the budget, for the progress bar; returns 0
     * when there is no budget (the bar then counts the pool's documents judged). */
    int (*progress)(void *ctx, size_t *judged, size_t *budget);
} assess_strategy;

/* Searches the whole collection (for documents the pool missed): fills up to max docnos
 * (allocated) for a query; returns how many, or -1 with err set. */
typedef struct assess_searcher {
    void *ctx;
    long (*search)(void *ctx, const char *query, char **docnos, size_t max, util_error *err);
    void (*free)(void *ctx);
} assess_searcher;

typedef struct assess_options {
    const char *assessor;         /* NULL: $USER, else "assessor" */
    const char *topic;            /* NULL: the first topic with unjudged documents */
    const char *lang;             /* NULL: the campaign's or assessor's default, else "en" */
    double now;                   /* the time the session starts (as assess_key's now) */
    int width;                    /* the reading width in columns; 0: the campaign's setting
                                   * reading_width, else 100 */
    int organizer;                /* the organizer: the live report is shown even when the
                                   * campaign hides it from assessors */
    int adjudicate;               /* adjudication: the documents assessors disagree on, whose
                                   * final grade is the campaign's adjudicated judgment */
} assess_options;

/* Opens a session on an open campaign. The topics are the ones assigned to the assessor,
 * or every topic when the campaign has no assignments at all. */
int assess_open(store *s, const assess_options *o, assess_session **out, util_error *err);
void assess_close(assess_session **a);
/* Installs a strategy (taken over; freed with the session); it is told the current topic
 * and chooses the document shown. */
void assess_set_strategy(assess_session *a, assess_strategy st);

/* The strategy's status line words (assess_strategy.status) into buf; 0 when it has none. */
int assess_strategy_status(const assess_session *a, char *buf, size_t size);
/* The strategy's judgments of the topic and its budget (assess_strategy.progress); 0 when
 * it has none. */
int assess_strategy_progress(const assess_session *a, size_t *judged, size_t *budget);

/* Installs a collection search (taken over; freed with the session); the key S uses it. */
void assess_set_searcher(assess_session *a, assess_searcher se);

/* The index of the pool item with this docno, or -1. */
long assess_item_index(const assess_session *a, const char *docno);

/* In ASSESS_MODE_RESULTS: the results as text (one line each) and the one selected. */
const assess_text *assess_results(const assess_session *a, size_t *selected);

/* Handles one key at time `now` (seconds, monotonic): the key table's handler for it.
 * Returns what changed (ASSESS_CHANGED_* bits); with ASSESS_CHANGED_FAILED, saving failed
 * (err set; the screen shows it and nothing is claimed saved). */
unsigned assess_handle_key(assess_session *a, int key, double now, util_error *err);
/* assess_handle_key for callers that only ask whether it saved: 0, or -1 when saving
 * failed. */
int assess_key(assess_session *a, int key, double now, util_error *err);
/* While a write of the session waits for another program's write lock (assess_pending),
 * the screen calls this often (every 50 ms): the write is tried again, and the message
 * says for how long it has waited. Keys meanwhile only read: a grade, undo, note, or a
 * move to another document is dropped and counted. Returns 0, or -1 as assess_key. */
int assess_tick(assess_session *a, double now, util_error *err);
int assess_pending(const assess_session *a);
/* Tells the session that n keys typed before the document now shown was drawn were
 * dropped by the screen (they were meant for the one before); the message says so. */
void assess_keys_ignored(assess_session *a, size_t n);
/* A write given up when the session ended while it still waited for the lock (Ctrl-C, or
 * q twice), described as "'Relevant' for D1 (topic 41)"; NULL when there is none. */
const char *assess_unsaved(const assess_session *a);
/* Tells the session the size of the document panel and of the topic panel (in cells). */
void assess_layout(assess_session *a, int doc_width, int doc_height, int topic_width);

/* Whether the live report (r) may be shown: to the organizer, or to assessors when the
 * campaign's setting report_for_assessors is "yes" (by default it is hidden from them, as
 * TREC keeps the runs from its assessors). */
int assess_report_allowed(const assess_session *a);
/* Whether the session adjudicates (assess_options.adjudicate): a grade key records the
 * campaign's adjudicated grade of the document, "judged" means adjudicated. */
int assess_adjudicating(const assess_session *a);

/* The reading width: the document and topic are wrapped to at most this many columns. */
int assess_reading_width(const assess_session *a);

/* The assessor's progress, for the status line. */
typedef struct assess_progress {
    long judged, assigned;        /* pooled documents judged, of every topic assigned (of the
                                   * current topic only while totals is 0) */
    long relevant;                /* relevant found so far in the current topic */
    double seconds_left;          /* the time the rest would take at the assessor's own pace
                                   * (active seconds per judgment); -1 when unknown */
    int totals;                   /* the other topics' counts are read (assess_load_totals) */
} assess_progress;
void assess_get_progress(const assess_session *a, assess_progress *p);
/* Reads the assessor's counts of every topic (the totals of assess_get_progress, and what
 * t and T skip), once. assess_open reads only what the first screen shows; the screen calls
 * this once it is drawn, and a key calls it first. Returns 1 when it read them (the status
 * line changed), 0 when they were read already, -1 (err set) when they cannot be read. */
int assess_load_totals(assess_session *a, util_error *err);

/* The pool list's line for item i: its summary (title or first words), and with snippet
 * the passage of its text with the most topic terms, terms marked as in the document. */
void assess_item_line(assess_session *a, size_t i, int snippet, assess_text *out);
/* Reads what the pool list shows of items from .. from + n - 1 (summary, no_text) where it
 * was not read yet: the list calls it for the rows it draws. */
void assess_items_summarize(assess_session *a, size_t from, size_t n);

/* What the view reads. */
assess_mode assess_get_mode(const assess_session *a);
const char *assess_campaign(const assess_session *a);
const char *assess_assessor(const assess_session *a);
const char *assess_qid(const assess_session *a);
size_t assess_topic_index(const assess_session *a, size_t *ntopics);
const char *assess_lang(const assess_session *a);
/* The languages the current topic has, separated by spaces. */
const char *assess_langs(const assess_session *a);
/* Items of the current topic's pool, and which one is shown (-1: none). */
const assess_item *assess_items(const assess_session *a, size_t *n);
long assess_current(const assess_session *a);
size_t assess_judged_count(const assess_session *a);
/* Seconds spent on the current document so far. */
double assess_doc_seconds(const assess_session *a, double now);
const assess_text *assess_topic_text(const assess_session *a);
const assess_text *assess_doc_text(const assess_session *a);
/* The first document line shown, and the first topic line shown. */
size_t assess_doc_top(const assess_session *a);
size_t assess_topic_top(const assess_session *a);
/* A message for the status area (may be empty), and whether it reports an error. */
const char *assess_message(const assess_session *a, int *is_error);
/* The input line's prompt and text, in ASSESS_MODE_INPUT. */
const char *assess_input(const assess_session *a, const char **prompt);
/* The label of a grade ("Relevant"), or NULL. */
const char *assess_grade_label(const assess_session *a, long grade);
/* The key table (grade keys first). */
const assess_keyinfo *assess_keys(const assess_session *a, size_t *n);
/* The store the session writes to (for the report screen). */
store *assess_store(const assess_session *a);
long assess_relevance_level(const assess_session *a);

#endif
