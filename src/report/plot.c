/* plot.c: charts of curves and per-topic differences, drawn with Unicode block characters or written as SVG. */
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

/* An axis label: with the given decimals, or as %g when decimals < 0. */
static void put_number(util_out *o, double v, int decimals)
{
    if (decimals < 0)
        util_out_printf(o, "%g", v);
    else
        util_out_printf(o, "%.*f", decimals, v);
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
    clean_str(o, title);
    util_out_char(o, '\n');
    for (size_t k = 0; k < ns; k++) {
        util_out_str(o, "\n");
        clean_str(o, s[k].name);
        util_out_char(o, '\n');
        for (int r = 0; r < height; r++) {
            if (r == 0)
                util_out_printf(o, "%7.3f \u2502", ymax);
            else if (r == height - 1)
                util_out_printf(o, "%7.3f \u2502", 0.0);
            else
                util_out_str(o, "        \u2502");
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
        util_out_str(o, "        \u2514");
        for (size_t i = 0; i < nx * col; i++)
            util_out_str(o, "\u2500");
        util_out_char(o, '\n');
        /* x labels: the first, the middle and the last point */
        size_t marks[3] = { 0, nx / 2, nx - 1 };
        char line[512];
        size_t len = nx * col + 9 < sizeof line - 1 ? nx * col + 9 : sizeof line - 1;
        memset(line, ' ', len);
        line[len] = '\0';
        for (int m = 0; m < 3; m++) {
            char num[32];
            int w = snprintf(num, sizeof num, x[marks[m]] == floor(x[marks[m]]) ? "%.0f" : "%.1f",
                             x[marks[m]]);
            size_t at = 9 + marks[m] * col;
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

/* ---- SVG ---- */

static const char *const palette[] = { "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                       "#8c564b", "#e377c2", "#7f7f7f" };

static void xml(util_out *o, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': util_out_str(o, "&lt;"); break;
        case '>': util_out_str(o, "&gt;"); break;
        case '&': util_out_str(o, "&amp;"); break;
        case '"': util_out_str(o, "&quot;"); break;
        default: util_out_char(o, (unsigned char)*s < 0x20 ? '?' : *s);
        }
    }
}

#define SVG_W 640
#define SVG_H 400
#define SVG_L 70
#define SVG_R 20
#define SVG_T 40
#define SVG_B 60

static void svg_begin(util_out *o, const char *title)
{
    util_out_printf(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                       "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                       "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
                       "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
                    SVG_W, SVG_H, SVG_W, SVG_H);
    util_out_printf(o, "<text x=\"%d\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">",
                    SVG_W / 2);
    xml(o, title);
    util_out_str(o, "</text>\n");
}

/* The axis' top: 1, 2, 2.5 or 5 times a power of ten, at or above v. */
static double nice_ceil(double v)
{
    double p = pow(10.0, floor(log10(v))), m = v / p;
    return (m <= 1.0 ? 1.0 : m <= 2.0 ? 2.0 : m <= 2.5 ? 2.5 : m <= 5.0 ? 5.0 : 10.0) * p;
}

void report_plot_lines_svg(util_out *o, const char *title, const char *xlabel, const char *ylabel,
                           const double *x, size_t nx, const report_series *s, size_t ns)
{
    double ymax = nice_ceil(series_max(s, ns, nx)), xmin = nx ? x[0] : 0, xmax = nx ? x[nx - 1] : 1;
    if (xmax <= xmin)
        xmax = xmin + 1;
    double pw = SVG_W - SVG_L - SVG_R, ph = SVG_H - SVG_T - SVG_B;
    svg_begin(o, title);
    util_out_printf(o, "<g stroke=\"black\" fill=\"none\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" "
                       "y2=\"%d\"/><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/></g>\n",
                    SVG_L, SVG_T, SVG_L, SVG_H - SVG_B, SVG_L, SVG_H - SVG_B, SVG_W - SVG_R,
                    SVG_H - SVG_B);
    for (int t = 0; t <= 5; t++) {
        double yv = ymax * t / 5.0, py = SVG_H - SVG_B - ph * t / 5.0;
        util_out_printf(o, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                           "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">",
                        SVG_L, py, SVG_L + pw, py, SVG_L - 6, py + 4);
        put_number(o, yv, ymax <= 10.0 ? 2 : ymax <= 100.0 ? 1 : -1);
        util_out_str(o, "</text>\n");
    }
    size_t step = nx > 11 ? (nx + 9) / 10 : 1;
    int whole = 1;
    for (size_t i = 0; i < nx; i++)
        whole &= x[i] == floor(x[i]);
    for (size_t i = 0; i < nx; i += step) {
        double px = SVG_L + pw * (x[i] - xmin) / (xmax - xmin);
        util_out_printf(o, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", px,
                        SVG_H - SVG_B + 18);
        put_number(o, x[i], whole ? -1 : 1);
        util_out_str(o, "</text>\n");
    }
    util_out_printf(o, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", SVG_L + (int)pw / 2,
                    SVG_H - 22);
    xml(o, xlabel);
    util_out_printf(o, "</text>\n<text x=\"16\" y=\"%d\" text-anchor=\"middle\" "
                       "transform=\"rotate(-90 16 %d)\">", SVG_T + (int)ph / 2, SVG_T + (int)ph / 2);
    xml(o, ylabel);
    util_out_str(o, "</text>\n");
    for (size_t k = 0; k < ns; k++) {
        const char *color = palette[k % (sizeof palette / sizeof palette[0])];
        util_out_printf(o, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", color);
        for (size_t i = 0; i < nx; i++) {
            double yv = isfinite(s[k].y[i]) ? s[k].y[i] : 0.0;
            util_out_printf(o, "%s%.1f,%.1f", i ? " " : "", SVG_L + pw * (x[i] - xmin) / (xmax - xmin),
                            SVG_H - SVG_B - ph * yv / ymax);
        }
        util_out_str(o, "\"/>\n");
        double ly = SVG_T + 8 + 16.0 * (double)k;
        util_out_printf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                           "stroke-width=\"2\"/><text x=\"%.1f\" y=\"%.1f\">",
                        SVG_W - SVG_R - 150.0, ly, SVG_W - SVG_R - 130.0, ly, color,
                        SVG_W - SVG_R - 124.0, ly + 4);
        xml(o, s[k].name);
        util_out_str(o, "</text>\n");
    }
    util_out_str(o, "</svg>\n");
}

void report_plot_bars_svg(util_out *o, const char *title, const char *const *labels,
                          const double *v, size_t n)
{
    size_t *order = util_malloc((n ? n : 1) * sizeof *order);
    double vmax = 0.0;
    for (size_t i = 0; i < n; i++) {
        order[i] = i;
        if (fabs(v[i]) > vmax)
            vmax = fabs(v[i]);
    }
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
    double pw = SVG_W - SVG_L - SVG_R, ph = SVG_H - SVG_T - SVG_B, zero = SVG_T + ph / 2.0;
    double bw = n ? pw / (double)n : pw;
    svg_begin(o, title);
    for (int t = -2; t <= 2; t++) {
        double py = zero - ph / 2.0 * t / 2.0;
        util_out_printf(o, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>"
                           "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%+.2f</text>\n",
                        SVG_L, py, SVG_L + pw, py, t == 0 ? "black" : "#ddd", SVG_L - 6, py + 4,
                        vmax * t / 2.0);
    }
    for (size_t k = 0; k < n; k++) {
        size_t i = order[k];
        double h = ph / 2.0 * fabs(v[i]) / vmax, px = SVG_L + bw * (double)k;
        util_out_printf(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                           "fill=\"%s\"><title>",
                        px + bw * 0.1, v[i] >= 0 ? zero - h : zero, bw * 0.8, h,
                        v[i] >= 0 ? palette[0] : palette[1]);
        xml(o, labels[i]);
        util_out_printf(o, " %+.4f</title></rect>\n", v[i]);
        if (n <= 60) {
            double tx = px + bw / 2.0, ty = SVG_H - SVG_B + 12.0;
            util_out_printf(o, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" text-anchor=\"end\" "
                               "transform=\"rotate(-60 %.1f %.1f)\">", tx, ty, tx, ty);
            xml(o, labels[i]);
            util_out_str(o, "</text>\n");
        }
    }
    util_out_str(o, "</svg>\n");
    free(order);
}
