/* progress.c: the progress bar drawn on stderr when it is a terminal. */
/* SPDX-License-Identifier: MIT */
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void util_progress_start(util_progress *p, const char *label, uint64_t total)
{
    memset(p, 0, sizeof *p);
    snprintf(p->label, sizeof p->label, "%s", util_shown(label));
    p->total = total;
    p->enabled = isatty(2) && getenv("TERM") != NULL && strcmp(getenv("TERM"), "dumb") != 0;
}

void util_progress_update(util_progress *p, uint64_t done)
{
    if (!p->enabled)
        return;
    double t = now_seconds();
    if (p->drawn && t - p->last < 0.1)
        return;
    p->last = t;
    p->drawn = 1;
    if (p->total > 0) {
        int width = 30;
        double frac = done >= p->total ? 1.0 : (double)done / (double)p->total;
        int fill = (int)(frac * width);
        char bar[64];
        for (int i = 0; i < width; i++)
            bar[i] = i < fill ? '#' : '.';
        bar[width] = '\0';
        fprintf(stderr, "\r%.40s [%s] %3d%%", p->label, bar, (int)(frac * 100.0));
    } else {
        fprintf(stderr, "\r%.40s %llu", p->label, (unsigned long long)done);
    }
    fflush(stderr);
}

void util_progress_end(util_progress *p)
{
    if (p->enabled && p->drawn)
        fprintf(stderr, "\r\033[K");
    p->drawn = 0;
}
