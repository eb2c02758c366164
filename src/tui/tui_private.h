/* tui_private.h: what the files of the terminal screens share: colours, the layout, the drawing helpers of the frame, and the interface every screen has. */
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
    int body_y, body_h;
    int list_w, doc_x, doc_w;
} tui_layout;

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

/* What a screen without its own keys does with one: the session's key table handles it. */
unsigned tui_window_key(void *data, assess_session *a, int key, double now, util_error *err);

/* frame.c: the layout and what the judging and results screens share */
tui_layout tui_layout_compute(void);
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
