/* plot.c: curves, per-topic differences, box plots, heatmaps in block characters (SVG: svg.c). */
/* SPDX-License-Identifier: MIT */
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Lower eighth blocks U+2581..U+2588, index 1..8 (0 is a space). */
static const char *const lower[] = { " ", "\u2581", "\u2582", "\u2583", "\u2584",
                                     "\u2585", "\u2586", "\u2587", "\u2588" };

static void clean_str(util_out *o, const char *s)
{
    for (; *s; s++)
        util_out_char(o, (unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s);
}

static double series_max(const report_series *s, size_t ns, size_t nx)
{
    double m = 0.0;
    for (size_t k = 0; k < ns; k++)
        for (size_t i = 0; i < nx; i++)
            if (isfinite(s[k].y[i]) && s[k].y[i] > m)
                m = s[k].y[i];
    return m > 0.0 ? m : 1.0;
}

void report_plot_lines_text(util_out *o, const char *title, const char *xlabel, const double *x,
                            size_t nx, const report_series *s, size_t ns, int width, int height)
{
    if (nx == 0)
        return;
    double ymax = series_max(s, ns, nx);
    size_t col = width > 0 ? (size_t)width / nx : 1;
    if (col < 1)
        col = 1;
    size_t bar = col > 2 ? col - 1 : col;
    if (height < 2)
        height = 2;
    /* the y axis's two labels, right-aligned in one width: counts without decimals */
    int counts = 1;
    for (size_t k = 0; k < ns; k++)
        for (size_t i = 0; i < nx; i++)
            if (isfinite(s[k].y[i]) && s[k].y[i] != floor(s[k].y[i]))
                counts = 0;
    char top[32], zero[32];
    snprintf(top, sizeof top, counts ? "%.0f" : "%.3f", ymax);
    snprintf(zero, sizeof zero, counts ? "%.0f" : "%.3f", 0.0);
    int lw = (int)strlen(top) > 7 ? (int)strlen(top) : 7;
    clean_str(o, title);
    util_out_char(o, '\n');
    for (size_t k = 0; k < ns; k++) {
        util_out_str(o, "\n");
        clean_str(o, s[k].name);
        util_out_char(o, '\n');
        for (int r = 0; r < height; r++) {
            if (r == 0)
                util_out_printf(o, "%*s \u2502", lw, top);
            else if (r == height - 1)
                util_out_printf(o, "%*s \u2502", lw, zero);
            else
                util_out_printf(o, "%*s \u2502", lw, "");
            long base = (long)(height - 1 - r) * 8;
            for (size_t i = 0; i < nx; i++) {
                double v = isfinite(s[k].y[i]) && s[k].y[i] > 0 ? s[k].y[i] : 0.0;
                long eighths = lround(v / ymax * height * 8.0) - base;
                if (eighths < 0)
                    eighths = 0;
                if (eighths > 8)
                    eighths = 8;
                for (size_t c = 0; c < bar; c++)
                    util_out_str(o, lower[eighths]);
                for (size_t c = bar; c < col; c++)
                    util_out_char(o, ' ');
            }
            util_out_char(o, '\n');
        }
        util_out_printf(o, "%*s \u2514", lw, "");
        for (size_t i = 0; i < nx * col; i++)
            util_out_str(o, "\u2500");
        util_out_char(o, '\n');
        /* x labels: the first, the middle and the last point */
        size_t marks[3] = { 0, nx / 2, nx - 1 };
        char line[512];
        size_t left = (size_t)lw + 2;   /* the label, a space and the axis */
        size_t len = nx * col + left < sizeof line - 1 ? nx * col + left : sizeof line - 1;
        memset(line, ' ', len);
        line[len] = '\0';
        for (int m = 0; m < 3; m++) {
            char num[32];
            int w = snprintf(num, sizeof num, x[marks[m]] == floor(x[marks[m]]) ? "%.0f" : "%.1f",
                             x[marks[m]]);
            size_t at = left + marks[m] * col;
            if (at + (size_t)w < len)
                memcpy(line + at, num, (size_t)w);
        }
        util_out_str(o, line);
        util_out_char(o, ' ');
        clean_str(o, xlabel);
        util_out_char(o, '\n');
    }
}

void report_plot_bars_text(util_out *o, const char *title, const char *const *labels,
                           const double *v, size_t n, int half)
{
    size_t *order = util_malloc((n ? n : 1) * sizeof *order);
    size_t lw = 5;
    double vmax = 0.0;
    for (size_t i = 0; i < n; i++) {
        order[i] = i;
        if (strlen(labels[i]) > lw)
            lw = strlen(labels[i]);
        if (fabs(v[i]) > vmax)
            vmax = fabs(v[i]);
    }
    if (lw > 16)
        lw = 16;
    /* by value, largest first (insertion sort: topics are few) */
    for (size_t i = 1; i < n; i++) {
        size_t x = order[i], j = i;
        while (j > 0 && v[order[j - 1]] < v[x]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = x;
    }
    if (vmax == 0.0)
        vmax = 1.0;
    clean_str(o, title);
    util_out_char(o, '\n');
    for (size_t k = 0; k < n; k++) {
        size_t i = order[k];
        char lab[17];
        snprintf(lab, sizeof lab, "%s", labels[i]);
        clean_str(o, lab);
        for (size_t p = strlen(lab); p < lw + 1; p++)
            util_out_char(o, ' ');
        long halves = lround(fabs(v[i]) / vmax * half * 2.0);
        long full = halves / 2, part = halves % 2;
        long left = v[i] < 0 ? full + part : 0;
        for (long c = 0; c < half - left; c++)
            util_out_char(o, ' ');
        if (v[i] < 0) {
            if (part)
                util_out_str(o, "\u2590"); /* right half block */
            for (long c = 0; c < full; c++)
                util_out_str(o, "\u2588");
        }
        util_out_str(o, "\u2502");
        if (v[i] > 0) {
            for (long c = 0; c < full; c++)
                util_out_str(o, "\u2588");
            if (part)
                util_out_str(o, "\u258c"); /* left half block */
        }
        long right = v[i] > 0 ? full + part : 0;
        for (long c = right; c < half; c++)
            util_out_char(o, ' ');
        util_out_printf(o, " %+.4f\n", v[i]);
    }
    free(order);
}

static int value_cmp(const void *va, const void *vb)
{
    double a = *(const double *)va, b = *(const double *)vb;
    return (a > b) - (a < b);
}

/* What a per-topic text plot (box plots, heatmap) scales to: the largest finite value
 * (1 when there is none above 0) and the width of the run names' column (5 to 16). */
static void topic_plot_scale(const double *v, size_t n, const char *const *names, size_t nruns,
                             double *hi, size_t *lw)
{
    *hi = 0.0;
    *lw = 5;
    for (size_t i = 0; i < n; i++)
        if (isfinite(v[i]) && v[i] > *hi)
            *hi = v[i];
    for (size_t r = 0; r < nruns; r++)
        if (strlen(names[r]) > *lw)
            *lw = strlen(names[r]);
    if (*lw > 16)
        *lw = 16;
    if (*hi <= 0.0)
        *hi = 1.0;
}

void report_plot_box_text(util_out *o, const char *title, const char *const *names,
                          const double *v, size_t nruns, size_t ntopics, int width)
{
    double hi;
    size_t lw;
    topic_plot_scale(v, nruns * ntopics, names, nruns, &hi, &lw);
    if (width < 10)
        width = 10;
    clean_str(o, title);
    util_out_printf(o, "\n%*s  0%*s%.4f   min q1 median q3 max\n", (int)lw, "", width - 1, "",
                    hi);
    double *sorted = util_malloc((ntopics ? ntopics : 1) * sizeof *sorted);
    char *line = util_malloc((size_t)width + 1);
    for (size_t r = 0; r < nruns; r++) {
        size_t n = 0;
        for (size_t t = 0; t < ntopics; t++)
            if (isfinite(v[r * ntopics + t]))
                sorted[n++] = v[r * ntopics + t];
        qsort(sorted, n, sizeof *sorted, value_cmp);
        char lab[17];
        snprintf(lab, sizeof lab, "%s", names[r]);
        clean_str(o, lab);
        for (size_t p = strlen(lab); p < lw + 2; p++)
            util_out_char(o, ' ');
        if (n == 0) {
            util_out_str(o, "(no topics)\n");
            continue;
        }
        double q[5] = { sorted[0], sorted[n / 4], sorted[n / 2], sorted[(3 * n) / 4],
                        sorted[n - 1] };
        int at[5];
        for (int k = 0; k < 5; k++)
            at[k] = (int)lround(q[k] / hi * (width - 1));
        memset(line, ' ', (size_t)width);
        line[width] = '\0';
        for (int c = at[0]; c <= at[4] && c < width; c++)
            line[c] = '-';
        for (int c = at[1]; c <= at[3] && c < width; c++)
            line[c] = '=';
        util_out_char(o, '|');
        for (int c = 0; c < width; c++) {
            if (c == at[2])
                util_out_str(o, "\u2503");
            else if (line[c] == '=')
                util_out_str(o, "\u2588");
            else if (line[c] == '-')
                util_out_str(o, "\u2500");
            else
                util_out_char(o, ' ');
        }
        util_out_printf(o, "| %.3f %.3f %.3f %.3f %.3f\n", q[0], q[1], q[2], q[3], q[4]);
    }
    free(line);
    free(sorted);
}

void report_plot_heatmap_text(util_out *o, const char *title, const char *const *runs,
                              size_t nruns, size_t ntopics, const double *v)
{
    static const char *const shade[] = { " ", "\u2591", "\u2592", "\u2593", "\u2588" };
    double hi;
    size_t lw;
    topic_plot_scale(v, nruns * ntopics, runs, nruns, &hi, &lw);
    clean_str(o, title);
    util_out_printf(o, "\n(shades: 0 to %.4f)\n", hi);
    for (size_t r = 0; r < nruns; r++) {
        char lab[17];
        snprintf(lab, sizeof lab, "%s", runs[r]);
        clean_str(o, lab);
        for (size_t p = strlen(lab); p < lw + 1; p++)
            util_out_char(o, ' ');
        for (size_t t = 0; t < ntopics; t++) {
            double x = isfinite(v[r * ntopics + t]) ? v[r * ntopics + t] / hi : 0.0;
            long k = lround(x * 4.0);
            util_out_str(o, shade[k < 0 ? 0 : k > 4 ? 4 : k]);
        }
        util_out_char(o, '\n');
    }
}
