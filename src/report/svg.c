/* svg.c: figures for papers as SVG: curves, per-topic differences, box plots, heatmaps. */
/* SPDX-License-Identifier: MIT */
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Okabe and Ito's eight colours, safe for the common colour blindnesses (the yellow
 * darkened, to be seen on white); with a marker
 * (7 shapes) and a dash pattern (5) per series, which cycle at other periods, two of the
 * first 280 series never look alike, in colour or in greyscale. */
static const char *const okabe_ito[] = { "#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                         "#E69F00", "#56B4E9", "#000000", "#B59F00" };
#define NCOLORS 8
#define NMARKERS 7
static const char *const dashes[] = { "", "7 3", "2 2", "9 3 2 3", "4 2 1 2 1 2" };
#define NDASHES 5

#define FONT 12.0
#define CHAR_W 6.8        /* about the advance of a character at 12 px sans-serif */

static void xml(util_out *o, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': util_out_str(o, "&lt;"); break;
        case '>': util_out_str(o, "&gt;"); break;
        case '&': util_out_str(o, "&amp;"); break;
        case '"': util_out_str(o, "&quot;"); break;
        default: util_out_char(o, (unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s);
        }
    }
}

static void text(util_out *o, double x, double y, const char *anchor, double size, const char *s)
{
    util_out_printf(o, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%g\">", x, y,
                    anchor, size);
    xml(o, s);
    util_out_str(o, "</text>\n");
}

static void text_up(util_out *o, double x, double y, const char *s)
{
    util_out_printf(o, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                       "transform=\"rotate(-90 %.1f %.1f)\">", x, y, x, y);
    xml(o, s);
    util_out_str(o, "</text>\n");
}

static void begin(util_out *o, const report_figure *f, double w, double h, const char *title)
{
    if (!f->inline_svg)
        util_out_str(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    util_out_printf(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                       "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\" "
                       "role=\"img\">\n<title>", w, h, w, h);
    xml(o, title);
    util_out_printf(o, "</title>\n<rect width=\"%.0f\" height=\"%.0f\" fill=\"white\"/>\n", w, h);
    text(o, w / 2, 20, "middle", 14, title);
}

static int fig_width(const report_figure *f)
{
    return f != NULL && f->width > 0 ? f->width : 720;
}

static int fig_height(const report_figure *f)
{
    return f != NULL && f->height > 0 ? f->height : 440;
}

/* A marker of shape k centred on (x, y), radius r. */
static void marker(util_out *o, int k, double x, double y, double r, const char *color)
{
    switch (k % NMARKERS) {
    case 0:
        util_out_printf(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>", x, y, r,
                        color);
        break;
    case 1:
        util_out_printf(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                           "fill=\"%s\"/>", x - r, y - r, 2 * r, 2 * r, color);
        break;
    case 2:
        util_out_printf(o, "<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fZ\" fill=\"%s\"/>", x,
                        y - 1.2 * r, x + 1.1 * r, y + r, x - 1.1 * r, y + r, color);
        break;
    case 3:
        util_out_printf(o, "<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fL%.1f %.1fZ\" fill=\"white\" "
                           "stroke=\"%s\" stroke-width=\"1.5\"/>", x, y - 1.3 * r, x + 1.3 * r, y,
                        x, y + 1.3 * r, x - 1.3 * r, y, color);
        break;
    case 4:
        util_out_printf(o, "<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fZ\" fill=\"white\" "
                           "stroke=\"%s\" stroke-width=\"1.5\"/>", x, y + 1.2 * r, x + 1.1 * r,
                        y - r, x - 1.1 * r, y - r, color);
        break;
    case 5:
        util_out_printf(o, "<path d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1f\" stroke=\"%s\" "
                           "stroke-width=\"2\"/>", x - 1.3 * r, y, x + 1.3 * r, x, y - 1.3 * r,
                        y + 1.3 * r, color);
        break;
    default:
        util_out_printf(o, "<path d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\" stroke=\"%s\" "
                           "stroke-width=\"2\"/>", x - r, y - r, x + r, y + r, x - r, y + r,
                        x + r, y - r, color);
    }
}

/* A tick step of 1, 2 or 5 times a power of ten giving about n intervals over span. */
static double nice_step(double span, int n)
{
    if (!(span > 0))
        return 0.1;
    double raw = span / n, p = pow(10.0, floor(log10(raw))), m = raw / p;
    return (m <= 1.0 ? 1.0 : m <= 2.0 ? 2.0 : m <= 5.0 ? 5.0 : 10.0) * p;
}

/* The y axis: from the data (lo..hi widened to whole ticks), or the measure's whole range
 * with full (0 to full_max, or from 0 when full_max is NAN). */
typedef struct axis {
    double lo, hi, step;
} axis;

static axis axis_make(double lo, double hi, int full, double full_max)
{
    axis a;
    if (!isfinite(lo) || !isfinite(hi)) {
        lo = 0;
        hi = 1;
    }
    if (full) {
        lo = lo < 0 ? lo : 0;
        if (isfinite(full_max) && hi <= full_max)
            hi = full_max;
    }
    if (hi - lo < 1e-9) {
        double pad = fabs(hi) > 0 ? fabs(hi) * 0.1 : 0.1;
        lo -= pad;
        hi += pad;
    }
    a.step = nice_step(hi - lo, 5);
    a.lo = floor(lo / a.step + 1e-9) * a.step;
    a.hi = ceil(hi / a.step - 1e-9) * a.step;
    return a;
}

static int axis_decimals(const axis *a)
{
    int d = (int)ceil(-log10(a->step) - 1e-9);
    return d < 0 ? 0 : d > 6 ? 6 : d;
}

/* The plot area of one panel. */
typedef struct area {
    double x, y, w, h;
} area;

static double area_y(const area *p, const axis *a, double v)
{
    if (v < a->lo)
        v = a->lo;
    if (v > a->hi)
        v = a->hi;
    return p->y + p->h - p->h * (v - a->lo) / (a->hi - a->lo);
}

/* Grid lines and labels of the y axis, left of p. */
static void y_ticks(util_out *o, const area *p, const axis *a, double size)
{
    int dec = axis_decimals(a);
    for (double v = a->lo; v <= a->hi + a->step * 1e-6; v += a->step) {
        double py = area_y(p, a, v);
        util_out_printf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                           "stroke=\"%s\"/>\n", p->x, py, p->x + p->w, py,
                        fabs(v) < a->step * 1e-6 ? "#999" : "#e4e4e4");
        util_out_printf(o, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"%g\">"
                           "%.*f</text>\n", p->x - 4, py + size / 3, size, dec, fabs(v) < a->step
                        * 1e-6 ? 0.0 : v);
    }
}

static void frame(util_out *o, const area *p)
{
    util_out_printf(o, "<path d=\"M%.1f %.1fV%.1fH%.1f\" stroke=\"black\" fill=\"none\"/>\n",
                    p->x, p->y, p->y + p->h, p->x + p->w);
}

static double data_min(const report_series *s, size_t ns, size_t nx)
{
    double m = INFINITY;
    for (size_t k = 0; k < ns; k++)
        for (size_t i = 0; i < nx; i++)
            if (isfinite(s[k].y[i]) && s[k].y[i] < m)
                m = s[k].y[i];
    return m;
}

static double data_max(const report_series *s, size_t ns, size_t nx)
{
    double m = -INFINITY;
    for (size_t k = 0; k < ns; k++)
        for (size_t i = 0; i < nx; i++)
            if (isfinite(s[k].y[i]) && s[k].y[i] > m)
                m = s[k].y[i];
    return m;
}

/* Series k's line (its colour and dash, or grey context) and, unless context, its
 * markers: every point up to 12 points, else about ten, staggered so that series do not
 * put theirs on the same x. */
static void series_draw(util_out *o, const area *p, const axis *a, const double *x, size_t nx,
                        double xmin, double xmax, const double *y, size_t k, int context)
{
    const char *color = context ? "#c8c8c8" : okabe_ito[k % NCOLORS];
    util_out_printf(o, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s%s%s "
                       "points=\"", color, context ? "1" : "1.8",
                    !context && *dashes[k % NDASHES] ? " stroke-dasharray=\"" : "",
                    context ? "" : dashes[k % NDASHES],
                    !context && *dashes[k % NDASHES] ? "\"" : "");
    for (size_t i = 0; i < nx; i++) {
        double yv = isfinite(y[i]) ? y[i] : 0.0;
        util_out_printf(o, "%s%.1f,%.1f", i ? " " : "", p->x + p->w * (x[i] - xmin) /
                        (xmax - xmin), area_y(p, a, yv));
    }
    util_out_str(o, "\"/>\n");
    if (context)
        return;
    size_t every = nx <= 12 ? 1 : (nx + 9) / 10;
    for (size_t i = every > 1 ? k % every : 0; i < nx; i += every) {
        double yv = isfinite(y[i]) ? y[i] : 0.0;
        marker(o, (int)(k % NMARKERS), p->x + p->w * (x[i] - xmin) / (xmax - xmin),
               area_y(p, a, yv), 3.5, color);
    }
    util_out_char(o, '\n');
}

/* A legend entry: a short line in the series' style with its marker, then the name. */
static void legend_entry(util_out *o, double x, double y, size_t k, const char *name)
{
    const char *color = okabe_ito[k % NCOLORS];
    const char *dash = dashes[k % NDASHES];
    util_out_printf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                       "stroke-width=\"1.8\"%s%s%s/>", x, y, x + 30, y, color,
                    *dash ? " stroke-dasharray=\"" : "", dash, *dash ? "\"" : "");
    marker(o, (int)(k % NMARKERS), x + 15, y, 3.5, color);
    text(o, x + 36, y + 4, "start", FONT, name);
}

/* Labels under the x axis: as many as fit, about one every 45 px. */
static void x_ticks(util_out *o, const area *p, const double *x, size_t nx, double xmin,
                    double xmax, double size)
{
    int whole = 1;
    for (size_t i = 0; i < nx; i++)
        whole &= x[i] == floor(x[i]);
    size_t fit = (size_t)(p->w / 45.0) + 1, step = 1;
    while ((nx + step - 1) / step > fit && step < nx)
        step = step == 1 ? 2 : step == 2 ? 5 : step * 2;
    for (size_t i = 0; i < nx; i++) {
        if (whole ? (long)x[i] % (long)step != 0 && i != 0 : i % step != 0)
            continue;
        char num[32];
        snprintf(num, sizeof num, whole ? "%.0f" : "%.1f", x[i]);
        text(o, p->x + p->w * (x[i] - xmin) / (xmax - xmin), p->y + p->h + size + 3, "middle",
             size, num);
    }
}

void report_plot_lines_svg(util_out *o, const report_figure *f, const char *title,
                           const char *xlabel, const char *ylabel, const double *x, size_t nx,
                           const report_series *s, size_t ns, double full_max)
{
    double w = fig_width(f), h = fig_height(f);
    axis a = axis_make(data_min(s, ns, nx), data_max(s, ns, nx), f != NULL && f->axis_full,
                       full_max);
    double xmin = nx ? x[0] : 0, xmax = nx ? x[nx - 1] : 1;
    if (xmax <= xmin)
        xmax = xmin + 1;
    if (ns <= REPORT_FIGURE_OVERLAY) {
        size_t longest = 4;
        for (size_t k = 0; k < ns; k++)
            if (strlen(s[k].name) > longest)
                longest = strlen(s[k].name);
        double legend_w = 48 + CHAR_W * (double)longest;
        area p = { 64, 36, w - 64 - legend_w - 16, h - 36 - 52 };
        if (p.w < 120) {
            p.w = 120;
            w = p.x + p.w + legend_w + 16;
        }
        begin(o, f, w, h, title);
        y_ticks(o, &p, &a, 11);
        frame(o, &p);
        x_ticks(o, &p, x, nx, xmin, xmax, 11);
        text(o, p.x + p.w / 2, h - 12, "middle", FONT, xlabel);
        text_up(o, 16, p.y + p.h / 2, ylabel);
        for (size_t k = 0; k < ns; k++)
            series_draw(o, &p, &a, x, nx, xmin, xmax, s[k].y, k, 0);
        /* the legend right of the plot area, never over the curves */
        for (size_t k = 0; k < ns; k++)
            legend_entry(o, p.x + p.w + 16, p.y + 8 + 18.0 * (double)k, k, s[k].name);
    } else {
        /* small multiples: one panel a run, in its style, over the others in grey */
        size_t cols = w >= 900 ? 5 : w >= 600 ? 4 : w >= 420 ? 3 : 2;
        size_t rows = (ns + cols - 1) / cols;
        double pw = (w - 56) / (double)cols, ph = pw * 0.72;
        h = 36 + ph * (double)rows + 40;
        begin(o, f, w, h, title);
        for (size_t k = 0; k < ns; k++) {
            double cx = 56 + pw * (double)(k % cols), cy = 36 + ph * (double)(k / cols);
            area p = { cx + 30, cy + 18, pw - 42, ph - 40 };
            text(o, p.x + p.w / 2, cy + 12, "middle", 11, s[k].name);
            y_ticks(o, &p, &a, 9);
            frame(o, &p);
            x_ticks(o, &p, x, nx, xmin, xmax, 9);
            for (size_t j = 0; j < ns; j++)
                if (j != k)
                    series_draw(o, &p, &a, x, nx, xmin, xmax, s[j].y, j, 1);
            series_draw(o, &p, &a, x, nx, xmin, xmax, s[k].y, k, 0);
        }
        text(o, 56 + (w - 56) / 2, h - 10, "middle", FONT, xlabel);
        text_up(o, 16, 36 + ph * (double)rows / 2, ylabel);
    }
    util_out_str(o, "</svg>\n");
}

static void sort_desc(size_t *order, const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    for (size_t i = 1; i < n; i++) {
        size_t x = order[i], j = i;
        while (j > 0 && v[order[j - 1]] < v[x]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = x;
    }
}

void report_plot_bars_svg(util_out *o, const report_figure *f, const char *title,
                          const char *xlabel, const char *ylabel, const char *const *labels,
                          const double *v, size_t n, const char *above, const char *below)
{
    double w = fig_width(f), h = fig_height(f);
    size_t *order = util_malloc((n ? n : 1) * sizeof *order);
    sort_desc(order, v, n);
    double vmax = 0.0;
    for (size_t i = 0; i < n; i++)
        if (isfinite(v[i]) && fabs(v[i]) > vmax)
            vmax = fabs(v[i]);
    axis a = axis_make(-vmax, vmax, f != NULL && f->axis_full, 1.0);
    if (f != NULL && f->axis_full)
        a = axis_make(-1, 1, 0, NAN);
    area p = { 64, 48, w - 64 - 20, h - 48 - 78 };
    double bw = n ? p.w / (double)n : p.w;
    begin(o, f, w, h, title);
    y_ticks(o, &p, &a, 11);
    frame(o, &p);
    /* which way is which, in the bars' colours */
    util_out_printf(o, "<rect x=\"%.1f\" y=\"30\" width=\"10\" height=\"10\" fill=\"%s\"/>",
                    p.x, okabe_ito[0]);
    text(o, p.x + 14, 39, "start", 11, above);
    double bx = p.x + 30 + CHAR_W * 0.92 * (double)strlen(above);
    util_out_printf(o, "<rect x=\"%.1f\" y=\"30\" width=\"10\" height=\"10\" fill=\"%s\"/>", bx,
                    okabe_ito[1]);
    text(o, bx + 14, 39, "start", 11, below);
    double zero = area_y(&p, &a, 0.0);
    for (size_t k = 0; k < n; k++) {
        size_t i = order[k];
        double val = isfinite(v[i]) ? v[i] : 0.0, py = area_y(&p, &a, val);
        double px = p.x + bw * (double)k;
        util_out_printf(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                           "fill=\"%s\"><title>", px + bw * 0.1, val >= 0 ? py : zero,
                        bw * 0.8, fabs(py - zero), val >= 0 ? okabe_ito[0] : okabe_ito[1]);
        xml(o, labels[i]);
        util_out_printf(o, " %+.4f</title></rect>\n", val);
        if (n <= 60 || k % ((n + 59) / 60) == 0) {
            double tx = px + bw / 2.0 + 3, ty = p.y + p.h + 6.0;
            util_out_printf(o, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" text-anchor=\"end\" "
                               "transform=\"rotate(-60 %.1f %.1f)\">", tx, ty, tx, ty);
            xml(o, labels[i]);
            util_out_str(o, "</text>\n");
        }
    }
    text(o, p.x + p.w / 2, h - 8, "middle", FONT, xlabel);
    text_up(o, 16, p.y + p.h / 2, ylabel);
    util_out_str(o, "</svg>\n");
    free(order);
}

static int dbl_cmp(const void *va, const void *vb)
{
    double a = *(const double *)va, b = *(const double *)vb;
    return (a > b) - (a < b);
}

/* The q-quantile of sorted v (linear between order statistics). */
static double quantile(const double *v, size_t n, double q)
{
    if (n == 0)
        return NAN;
    double at = q * (double)(n - 1);
    size_t i = (size_t)floor(at);
    double frac = at - (double)i;
    return i + 1 < n ? v[i] + frac * (v[i + 1] - v[i]) : v[i];
}

void report_plot_box_svg(util_out *o, const report_figure *f, const char *title,
                         const char *ylabel, const char *const *names, const double *v,
                         size_t nruns, size_t ntopics)
{
    double w = fig_width(f), h = fig_height(f);
    size_t longest = 4;
    for (size_t r = 0; r < nruns; r++)
        if (strlen(names[r]) > longest)
            longest = strlen(names[r]);
    double below = 20 + CHAR_W * 0.75 * (double)longest;
    area p = { 64, 40, w - 64 - 20, h - 40 - below - 24 };
    if (p.h < 120) {
        p.h = 120;
        h = p.y + p.h + below + 24;
    }
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < nruns * ntopics; i++)
        if (isfinite(v[i])) {
            lo = v[i] < lo ? v[i] : lo;
            hi = v[i] > hi ? v[i] : hi;
        }
    axis a = axis_make(lo, hi, f != NULL && f->axis_full, 1.0);
    begin(o, f, w, h, title);
    y_ticks(o, &p, &a, 11);
    frame(o, &p);
    double bw = nruns ? p.w / (double)nruns : p.w;
    double *sorted = util_malloc((ntopics ? ntopics : 1) * sizeof *sorted);
    for (size_t r = 0; r < nruns; r++) {
        size_t n = 0;
        double sum = 0;
        for (size_t t = 0; t < ntopics; t++)
            if (isfinite(v[r * ntopics + t])) {
                sorted[n++] = v[r * ntopics + t];
                sum += v[r * ntopics + t];
            }
        qsort(sorted, n, sizeof *sorted, dbl_cmp);
        double cx = p.x + bw * ((double)r + 0.5), half = bw * 0.3 < 18 ? bw * 0.3 : 18;
        if (n > 0) {
            double q1 = quantile(sorted, n, 0.25), med = quantile(sorted, n, 0.5);
            double q3 = quantile(sorted, n, 0.75), iqr = q3 - q1;
            double wlo = q1, whi = q3;
            for (size_t i = 0; i < n; i++) {
                if (sorted[i] >= q1 - 1.5 * iqr && sorted[i] < wlo)
                    wlo = sorted[i];
                if (sorted[i] <= q3 + 1.5 * iqr && sorted[i] > whi)
                    whi = sorted[i];
            }
            util_out_printf(o, "<g><title>");
            xml(o, names[r]);
            util_out_printf(o, ": median %.4f, quartiles %.4f and %.4f, mean %.4f, %zu topics"
                               "</title>\n", med, q1, q3, sum / (double)n, n);
            util_out_printf(o, "<path d=\"M%.1f %.1fV%.1fM%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f "
                               "%.1fH%.1f\" stroke=\"#333\"/>\n", cx, area_y(&p, &a, whi),
                            area_y(&p, &a, q3), cx,
                            area_y(&p, &a, q1), area_y(&p, &a, wlo), cx - half / 2,
                            area_y(&p, &a, whi), cx + half / 2, cx - half / 2,
                            area_y(&p, &a, wlo), cx + half / 2);
            util_out_printf(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                               "fill=\"#cfe3f1\" stroke=\"#333\"/>\n", cx - half,
                            area_y(&p, &a, q3), 2 * half,
                            area_y(&p, &a, q1) - area_y(&p, &a, q3));
            util_out_printf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                               "stroke=\"black\" stroke-width=\"2.5\"/>\n", cx - half,
                            area_y(&p, &a, med), cx + half, area_y(&p, &a, med));
            for (size_t i = 0; i < n; i++)
                if (sorted[i] < wlo || sorted[i] > whi)
                    util_out_printf(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.2\" fill=\"none\" "
                                       "stroke=\"#555\"/>", cx, area_y(&p, &a, sorted[i]));
            marker(o, 3, cx, area_y(&p, &a, sum / (double)n), 3.2, okabe_ito[1]);
            util_out_str(o, "</g>\n");
        }
        double ty = p.y + p.h + 8;
        util_out_printf(o, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\" "
                           "transform=\"rotate(-45 %.1f %.1f)\">", cx + 3, ty, cx + 3, ty);
        xml(o, names[r]);
        util_out_str(o, "</text>\n");
    }
    marker(o, 3, w - 150, 30, 3.2, okabe_ito[1]);
    text(o, w - 142, 34, "start", 11, "mean; bar: median");
    text(o, p.x + p.w / 2, h - 8, "middle", FONT, "run");
    text_up(o, 16, p.y + p.h / 2, ylabel);
    util_out_str(o, "</svg>\n");
    free(sorted);
}

/* Viridis (perceptually uniform, readable in greyscale and by the colour blind), from
 * nine of its stops. */
static void viridis(double t, char *out)
{
    static const unsigned char stops[9][3] = {
        { 68, 1, 84 }, { 71, 44, 122 }, { 59, 81, 139 }, { 44, 113, 142 }, { 33, 144, 141 },
        { 39, 173, 129 }, { 92, 200, 99 }, { 170, 220, 50 }, { 253, 231, 37 }
    };
    t = !isfinite(t) || t < 0 ? 0 : t > 1 ? 1 : t;
    double at = t * 8;
    int i = at >= 8 ? 7 : (int)at;
    double fr = at - i;
    int c[3];
    for (int k = 0; k < 3; k++)
        c[k] = (int)lround(stops[i][k] + fr * (stops[i + 1][k] - stops[i][k]));
    snprintf(out, 8, "#%02x%02x%02x", c[0], c[1], c[2]);
}

void report_plot_heatmap_svg(util_out *o, const report_figure *f, const char *title,
                             const char *measure, const char *const *runs, size_t nruns,
                             const char *const *topics, size_t ntopics, const double *v)
{
    double w = fig_width(f);
    size_t longest = 4;
    for (size_t r = 0; r < nruns; r++)
        if (strlen(runs[r]) > longest)
            longest = strlen(runs[r]);
    double left = 14 + CHAR_W * 0.95 * (double)longest;
    area p = { left, 40, w - left - 70, 0 };
    double cw = ntopics ? p.w / (double)ntopics : p.w;
    double ch = nruns > 0 && 16.0 * (double)nruns > 600 ? 600.0 / (double)nruns : 16.0;
    p.h = ch * (double)nruns;
    double h = p.y + p.h + 70;
    double hi = 0;
    for (size_t i = 0; i < nruns * ntopics; i++)
        if (isfinite(v[i]) && v[i] > hi)
            hi = v[i];
    if (f != NULL && f->axis_full && hi <= 1.0)
        hi = 1.0;
    if (!(hi > 0))
        hi = 1.0;
    begin(o, f, w, h, title);
    char color[8];
    for (size_t r = 0; r < nruns; r++) {
        double y = p.y + ch * (double)r;
        util_out_printf(o, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"%g\">",
                        p.x - 4, y + ch * 0.75, ch < 12 ? ch * 0.85 : 10.0);
        xml(o, runs[r]);
        util_out_str(o, "</text>\n");
        for (size_t t = 0; t < ntopics; t++) {
            double val = v[r * ntopics + t];
            viridis(val / hi, color);
            util_out_printf(o, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
                               "fill=\"%s\"><title>", p.x + cw * (double)t, y, cw + 0.05,
                            ch + 0.05, color);
            xml(o, runs[r]);
            util_out_str(o, ", topic ");
            xml(o, topics[t]);
            util_out_printf(o, ": %.4f</title></rect>\n", val);
        }
    }
    size_t every = ntopics > 0 && cw < 9 ? (size_t)ceil(9.0 / cw) : 1;
    for (size_t t = 0; t < ntopics; t += every) {
        double tx = p.x + cw * ((double)t + 0.5) + 3, ty = p.y + p.h + 6;
        util_out_printf(o, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" text-anchor=\"end\" "
                           "transform=\"rotate(-90 %.1f %.1f)\">", tx, ty, tx, ty);
        xml(o, topics[t]);
        util_out_str(o, "</text>\n");
    }
    text(o, p.x + p.w / 2, h - 8, "middle", FONT, "topic (easiest first: by mean over the runs)");
    /* the colour scale */
    double sx = p.x + p.w + 16;
    for (int i = 0; i < 50; i++) {
        viridis(1.0 - i / 49.0, color);
        util_out_printf(o, "<rect x=\"%.1f\" y=\"%.2f\" width=\"14\" height=\"%.2f\" "
                           "fill=\"%s\"/>", sx, p.y + p.h * i / 50.0, p.h / 50.0 + 0.05, color);
    }
    util_out_printf(o, "\n<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">%.2f</text>"
                       "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">0</text>\n", sx + 17,
                    p.y + 8, hi, sx + 17, p.y + p.h);
    text(o, sx + 7, p.y - 6, "middle", 10, measure);
    util_out_str(o, "</svg>\n");
}
