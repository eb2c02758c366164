/* tui.h: the public interface of the terminal screens (the only module that includes curses). */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_TUI_H
#define TJ_TUI_H

#include <stddef.h>
#include <stdio.h>

#include "assess/assess.h"
#include "util/util.h"

/* The live report screen's content: lines of plain UTF-8 text for a width, allocated
 * (the array and each line); the screen frees them. Untrusted text in them (run tags) is
 * made safe before it is drawn. */
typedef struct tui_report {
    void *ctx;
    size_t (*lines)(void *ctx, assess_session *a, int width, char ***lines);
} tui_report;

/* Sets the character type from the environment, falling back to C.UTF-8 when it is not
 * UTF-8, so that widths and case of text are known; call it before a session builds its
 * text. Only LC_CTYPE changes (numbers keep the C format). */
void tui_locale(void);

/* Runs the assessment screen until the assessor quits, or Ctrl-C, SIGTERM or SIGHUP
 * arrives; the terminal is restored in every case, also on a fatal error. report may be
 * NULL. Returns an exit status; err is set when a judgment could not be saved. */
int tui_assess(assess_session *a, const tui_report *report, util_error *err);

/* A screen drawn into a stream instead of the terminal, for benchmarks: rows x cols cells
 * of xterm-256color output. Draw renders the session's current state once. */
typedef struct tui_screen tui_screen;
tui_screen *tui_screen_open(FILE *out, int rows, int cols, util_error *err);
void tui_screen_draw(tui_screen *sc, assess_session *a, const tui_report *report, double now);
void tui_screen_close(tui_screen **sc);

#endif
