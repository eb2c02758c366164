/* window_help.c: the help screen: the session's key table, and the keys no grade may use. */
/* SPDX-License-Identifier: MIT */
#include "tui/tui_private.h"

#include <stdio.h>

static void *help_init(assess_session *a, const tui_report *report)
{
    (void)a, (void)report;
    return NULL;
}

static void help_draw(void *data, assess_session *a, const tui_layout *l, double now)
{
    (void)data, (void)now;
    size_t n;
    const assess_keyinfo *keys = assess_keys(a, &n);
    tui_draw_safe(0, 0, " trecjudge: keys of the assessment screen (any key returns) ", l->cols,
                  A_REVERSE | A_BOLD);
    int rows = l->rows - 4;
    int columns = (int)n > rows && l->cols >= 80 ? 2 : 1;
    int colw = l->cols / columns;
    for (size_t i = 0; i < n; i++) {
        int c = (int)i / rows, y = 2 + (int)i % rows;
        if (c >= columns)
            break;
        int x = c * colw + 1;
        tui_draw_safe(y, x, keys[i].keys, 16, A_BOLD);
        tui_draw_safe(y, x + 16, keys[i].what, colw - 17, A_NORMAL);
    }
    char reserved[256], line[300];
    assess_reserved_list(reserved, sizeof reserved);
    snprintf(line, sizeof line, "Not grade keys: %s", reserved);
    tui_draw_safe(l->rows - 2, 0,
                  "Grade keys judge the document shown; \"Saved\" means committed. Ctrl-C quits.",
                  l->cols, A_DIM);
    tui_draw_safe(l->rows - 1, 0, line, l->cols, A_DIM);
}

static void help_free(void *data)
{
    (void)data;
}

const tui_window tui_window_help = { "help", help_init, help_draw, tui_window_key, help_free };
