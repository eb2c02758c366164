/* window_results.c: a collection search's results in place of the document; Enter opens one. */
/* SPDX-License-Identifier: MIT */
#include "tui/tui_private.h"

static void *results_init(assess_session *a, const tui_report *report)
{
    (void)a, (void)report;
    return NULL;
}

static void results_draw(void *data, assess_session *a, const tui_layout *l, double now)
{
    (void)data;
    tui_draw_frame(a, l, now);
    size_t sel;
    const assess_text *t = assess_results(a, &sel);
    size_t first = sel >= (size_t)l->body_h ? sel - (size_t)l->body_h + 1 : 0;
    for (int r = 0; r < l->body_h && first + (size_t)r < t->nlines; r++) {
        if (first + (size_t)r == sel)
            tui_fill(l->body_y + r, l->doc_x + 1, l->doc_w - 1, A_REVERSE);
        tui_draw_line(t, first + (size_t)r, l->body_y + r, l->doc_x + 1, l->doc_w - 1);
        if (first + (size_t)r == sel)
            mvchgat(l->body_y + r, l->doc_x + 1, l->doc_w - 1, A_REVERSE, 0, NULL);
    }
    tui_draw_footer(a, l);
}

static void results_free(void *data)
{
    (void)data;
}

const tui_window tui_window_results = { "results", results_init, results_draw, tui_window_key,
                                        results_free };
