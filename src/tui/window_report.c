/* window_report.c: the live report screen: the report's lines for the width, made safe. */
/* SPDX-License-Identifier: MIT */
#include "tui/tui_private.h"

#include <stdlib.h>

/* The screen's state: the report callback it draws from (the caller of tui_assess owns it). */
typedef struct report_screen {
    const tui_report *report;
} report_screen;

static void *report_init(assess_session *a, const tui_report *report)
{
    (void)a;
    report_screen *r = util_malloc(sizeof *r);
    r->report = report;
    return r;
}

static void report_draw(void *data, assess_session *a, const tui_layout *l, double now)
{
    (void)now;
    const tui_report *report = ((const report_screen *)data)->report;
    tui_draw_safe(0, 0, " Live report (any key returns) ", l->cols, A_REVERSE | A_BOLD);
    if (report == NULL || report->lines == NULL) {
        tui_draw_safe(2, 2, "No report is available for this campaign.", l->cols - 4, A_NORMAL);
        return;
    }
    char **lines = NULL;
    size_t n = report->lines(report->ctx, a, l->cols - 2, &lines);
    for (size_t i = 0; i < n; i++) {
        if ((int)i + 2 < l->rows)
            tui_draw_safe((int)i + 2, 1, lines[i], l->cols - 2, i == 0 ? A_BOLD : A_NORMAL);
        free(lines[i]);
    }
    free(lines);
}

static void report_free(void *data)
{
    free(data);
}

const tui_window tui_window_report = { "report", report_init, report_draw, tui_window_key,
                                       report_free };
