/* tui_private.h: what the screens share: colours, the layout, the frame's drawing helpers. */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_TUI_PRIVATE_H
#define TJ_TUI_PRIVATE_H

#include "tui/tui.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>

enum { PAIR_TERM = 1, PAIR_PLACEHOLDER, PAIR_FOUND, PAIR_STATUS, PAIR_REL, PAIR_NONREL,
       PAIR_ERROR, PAIR_LATER };

/* The geometry of the judging screen for the current terminal size. */
typedef struct tui_layout {
    int rows, cols;
    int topic_y, topic_h;
    int topic_w;                  /* the topic's reading width */
    int body_y, body_h;
    int list_w, doc_x, doc_w;
    int text_w;                   /* the document's reading width (at most doc_w - 1) */
    int docno_w;                  /* the pool list's docno column */
    int msg_h;                    /* rows of the message line (long messages wrap) */
} tui_layout;

/* Set by tui_locale: the terminal's locale is not UTF-8, so lines, bars and marks are drawn
 * in ASCII. */
extern int tui_ascii;
/* A glyph, or its ASCII stand-in when tui_ascii is set. */
const char *tui_glyph(const char *utf8, const char *ascii);

/* One screen (as tmux's window modes): made when it is first shown, drawn from the
 * session's state, given the keys typed while it is shown, freed when another replaces it. */
typedef struct tui_window {
    const char *name;
    void *(*init)(assess_session *a, const tui_report *report);
    void (*draw)(void *data, assess_session *a, const tui_layout *l, double now);
    /* Returns what the key changed (ASSESS_CHANGED_* bits): nothing to redraw when 0. */
    unsigned (*key)(void *data, assess_session *a, int key, double now, util_error *err);
    void (*free)(void *data);
} tui_window;

extern const tui_window tui_window_judge;     /* window_judge.c: judging, and the input line */
extern const tui_window tui_window_help;      /* window_help.c: the key table */
extern const tui_window tui_window_report;    /* window_report.c: the live report */
extern const tui_window tui_window_results;   /* window_results.c: a collection search's results */
extern const tui_window tui_window_topic;     /* window_topic.c: the whole topic */

/* What a screen without its own keys does with one: the session's key table handles it. */
unsigned tui_window_key(void *data, assess_session *a, int key, double now, util_error *err);

/* frame.c: the layout and what the judging and results screens share */
/* The layout for the terminal's size and the session's text; tells the session its panels'
 * sizes (assess_layout). */
tui_layout tui_layout_compute(assess_session *a);
attr_t tui_attr(unsigned char a);
/* Draws line i of t at (y, x), at most width cells, with its attributes. */
void tui_draw_line(const assess_text *t, size_t i, int y, int x, int width);
/* Writes plain text made safe, cut to width cells; returns the cells used. */
int tui_draw_safe(int y, int x, const char *text, int width, attr_t attr);
void tui_fill(int y, int x, int width, attr_t attr);
/* The frame around the document panel: status line, topic, separator and pool list. */
void tui_draw_frame(assess_session *a, const tui_layout *l, double now);
/* The legend and the message line (or the input line, where it leaves the cursor): drawn
 * last. */
void tui_draw_footer(assess_session *a, const tui_layout *l);

#endif
