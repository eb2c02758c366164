/* window_judge.c: the judging screen: the frame, the document panel, an open prompt's line. */
/* SPDX-License-Identifier: MIT */
#include "tui/tui_private.h"

static void *judge_init(assess_session *a, const tui_report *report)
{
    (void)a, (void)report;
    return NULL;
}

static void judge_draw(void *data, assess_session *a, const tui_layout *l, double now)
{
    (void)data;
    tui_draw_frame(a, l, now);
    const assess_text *t = assess_doc_text(a);
    size_t top = assess_doc_top(a);
    for (int r = 0; r < l->body_h; r++)
        tui_draw_line(t, top + (size_t)r, l->body_y + r, l->doc_x + 1, l->doc_w - 1);
    tui_draw_footer(a, l);
    if (assess_get_mode(a) == ASSESS_MODE_INPUT)
        curs_set(1);
}

static void judge_free(void *data)
{
    (void)data;
}

unsigned tui_window_key(void *data, assess_session *a, int key, double now, util_error *err)
{
    (void)data;
    return assess_handle_key(a, key, now, err);
}

const tui_window tui_window_judge = { "judge", judge_init, judge_draw, tui_window_key, judge_free };
