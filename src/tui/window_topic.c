/* window_topic.c: the whole topic on the screen (v); any key goes back. */
/* SPDX-License-Identifier: MIT */
#include "tui/tui_private.h"

#include <stdio.h>

static void *topic_init(assess_session *a, const tui_report *report)
{
    (void)a, (void)report;
    return NULL;
}

static void topic_draw(void *data, assess_session *a, const tui_layout *l, double now)
{
    (void)data, (void)now;
    char head[300];
    snprintf(head, sizeof head, " Topic %s (any key returns) ", assess_qid(a));
    tui_fill(0, 0, l->cols, A_REVERSE);
    tui_draw_safe(0, 0, head, l->cols, A_REVERSE | A_BOLD);
    const assess_text *t = assess_topic_text(a);
    for (int r = 0; r + 2 < l->rows && (size_t)r < t->nlines; r++)
        tui_draw_line(t, (size_t)r, r + 2, 0, l->topic_w);
    if (t->nlines + 2 > (size_t)l->rows)
        tui_draw_safe(l->rows - 1, 0, "(cut to the screen: a larger terminal shows the rest)",
                      l->cols, A_DIM);
}

static void topic_free(void *data)
{
    (void)data;
}

const tui_window tui_window_topic = { "topic", topic_init, topic_draw, tui_window_key, topic_free };
