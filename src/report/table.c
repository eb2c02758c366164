/* table.c: tables of text cells written as aligned text, TSV, JSON, Markdown or LaTeX. */
/* SPDX-License-Identifier: MIT */
#include "report.h"

#include <stdlib.h>
#include <string.h>

struct report_table {
    size_t ncols;
    char **header;
    int *numeric;
    char **cells;        /* rows x ncols */
    size_t nrows, cap;
    /* Per cell, same shape as cells (allocated on first use): bold (the best of its
     * column) and a superscript (letters of the runs it is significantly better than). */
    struct cell_mark {
        int bold;
        char *sup;
    } *marks;
    size_t markcap;
};

static const util_enum_name table_formats[] = {
    { "text", REPORT_TABLE_TEXT }, { "tsv", REPORT_TABLE_TSV }, { "json", REPORT_TABLE_JSON },
    { "md", REPORT_TABLE_MD }, { "latex", REPORT_TABLE_LATEX }, { NULL, 0 }
};

int report_table_format_parse(const char *name, report_table_format *f)
{
    int v;
    if (util_enum_parse(table_formats, name, &v) != 0)
        return -1;
    *f = (report_table_format)v;
    return 0;
}

report_table *report_table_new(size_t ncols, const char *const *header, const int *numeric)
{
    report_table *t = util_calloc(1, sizeof *t);
    t->ncols = ncols;
    t->header = util_calloc(ncols ? ncols : 1, sizeof *t->header);
    t->numeric = util_calloc(ncols ? ncols : 1, sizeof *t->numeric);
    for (size_t c = 0; c < ncols; c++) {
        t->header[c] = util_strdup(header[c]);
        t->numeric[c] = numeric != NULL && numeric[c];
    }
    return t;
}

void report_table_add(report_table *t, const char *const *cells)
{
    util_grow(&t->cells, &t->cap, (t->nrows + 1) * t->ncols, sizeof *t->cells);
    if (t->marks != NULL) {
        util_grow(&t->marks, &t->markcap, (t->nrows + 1) * t->ncols, sizeof *t->marks);
        memset(t->marks + t->nrows * t->ncols, 0, t->ncols * sizeof *t->marks);
    }
    for (size_t c = 0; c < t->ncols; c++)
        t->cells[t->nrows * t->ncols + c] = cells[c] != NULL ? util_strdup(cells[c]) : NULL;
    t->nrows++;
}

size_t report_table_rows(const report_table *t)
{
    return t->nrows;
}

size_t report_table_cols(const report_table *t)
{
    return t->ncols;
}

const char *report_table_header(const report_table *t, size_t col)
{
    return t->header[col];
}

const char *report_table_cell(const report_table *t, size_t row, size_t col)
{
    return t->cells[row * t->ncols + col];
}

int report_table_numeric(const report_table *t, size_t col)
{
    return t->numeric[col];
}

/* The marks, allocated for every row so far on first use. */
static void marks_alloc(report_table *t)
{
    if (t->marks != NULL)
        return;
    t->markcap = t->nrows * t->ncols + 1;
    t->marks = util_calloc(t->markcap, sizeof *t->marks);
}

void report_table_bold(report_table *t, size_t row, size_t col)
{
    if (row >= t->nrows || col >= t->ncols)
        return;
    marks_alloc(t);
    t->marks[row * t->ncols + col].bold = 1;
}

void report_table_superscript(report_table *t, size_t row, size_t col, const char *sup)
{
    if (row >= t->nrows || col >= t->ncols)
        return;
    marks_alloc(t);
    free(t->marks[row * t->ncols + col].sup);
    t->marks[row * t->ncols + col].sup = sup != NULL && *sup ? util_strdup(sup) : NULL;
}

int report_table_is_bold(const report_table *t, size_t row, size_t col)
{
    return t->marks != NULL && t->marks[row * t->ncols + col].bold;
}

const char *report_table_sup(const report_table *t, size_t row, size_t col)
{
    return t->marks != NULL ? t->marks[row * t->ncols + col].sup : NULL;
}

void report_table_free(report_table **tp)
{
    report_table *t = *tp;
    if (t == NULL)
        return;
    for (size_t c = 0; c < t->ncols; c++)
        free(t->header[c]);
    for (size_t i = 0; i < t->nrows * t->ncols; i++) {
        free(t->cells[i]);
        if (t->marks != NULL)
            free(t->marks[i].sup);
    }
    free(t->marks);
    free(t->header);
    free(t->numeric);
    free(t->cells);
    free(t);
    *tp = NULL;
}

static const char *cell(const report_table *t, size_t r, size_t c)
{
    const char *s = t->cells[r * t->ncols + c];
    return s != NULL ? s : "";
}

/* Cells are the program's own text (run tags, numbers); control characters from a run
 * tag are still kept off the terminal. */
static void put_clean(util_out *o, const char *s)
{
    for (; *s; s++)
        util_out_char(o, (unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s);
}

static void write_text(const report_table *t, const char *title, util_out *o)
{
    size_t *w = util_calloc(t->ncols ? t->ncols : 1, sizeof *w);
    for (size_t c = 0; c < t->ncols; c++) {
        w[c] = strlen(t->header[c]);
        for (size_t r = 0; r < t->nrows; r++)
            if (strlen(cell(t, r, c)) > w[c])
                w[c] = strlen(cell(t, r, c));
    }
    if (title != NULL) {
        put_clean(o, title);
        util_out_char(o, '\n');
    }
    for (size_t r = 0; r <= t->nrows; r++) {
        /* the header line first, then the rows */
        for (size_t c = 0; c < t->ncols; c++) {
            const char *s = r == 0 ? t->header[c] : cell(t, r - 1, c);
            size_t len = strlen(s), pad = w[c] - len;
            if (c > 0)
                util_out_str(o, "  ");
            int last = c + 1 == t->ncols;
            if (t->numeric[c])
                for (size_t k = 0; k < pad; k++)
                    util_out_char(o, ' ');
            put_clean(o, s);
            if (!t->numeric[c] && !last)
                for (size_t k = 0; k < pad; k++)
                    util_out_char(o, ' ');
        }
        util_out_char(o, '\n');
    }
    free(w);
}

static int is_number(const char *s)
{
    double v;
    return *s != '\0' && util_parse_double(s, strlen(s), &v) == 0;
}

void report_table_json(const report_table *t, util_json *j)
{
    util_json_array(j, &util_json_lines);
    for (size_t r = 0; r < t->nrows; r++) {
        util_json_object(j, NULL);
        for (size_t c = 0; c < t->ncols; c++) {
            util_json_key(j, t->header[c]);
            const char *s = t->cells[r * t->ncols + c];
            if (s == NULL || (t->numeric[c] && *s == '\0'))
                util_json_null(j);
            else if (t->numeric[c] && is_number(s))
                util_json_number(j, s);
            else
                util_json_str(j, s);
        }
        util_json_end(j);
    }
    util_json_end(j);
}

static void write_json(const report_table *t, util_out *o)
{
    util_json j;
    util_json_init(&j, o);
    report_table_json(t, &j);
    util_out_char(o, '\n');
}

static void md_cell(util_out *o, const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            util_out_char(o, '\\');
        util_out_char(o, (unsigned char)*s < 0x20 ? '?' : *s);
    }
}

static void write_md(const report_table *t, const char *title, util_out *o)
{
    if (title != NULL) {
        md_cell(o, title);
        util_out_str(o, "\n\n");
    }
    util_out_char(o, '|');
    for (size_t c = 0; c < t->ncols; c++) {
        util_out_char(o, ' ');
        md_cell(o, t->header[c]);
        util_out_str(o, " |");
    }
    util_out_str(o, "\n|");
    for (size_t c = 0; c < t->ncols; c++)
        util_out_str(o, t->numeric[c] ? " ---: |" : " --- |");
    util_out_char(o, '\n');
    for (size_t r = 0; r < t->nrows; r++) {
        util_out_char(o, '|');
        for (size_t c = 0; c < t->ncols; c++) {
            util_out_char(o, ' ');
            md_cell(o, cell(t, r, c));
            util_out_str(o, " |");
        }
        util_out_char(o, '\n');
    }
}

/* Text for LaTeX: its special characters escaped, and comparisons in math mode (in the
 * default OT1 encoding a bare '>' prints as an inverted question mark). */
static void latex_cell(util_out *o, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': case '%': case '$': case '#': case '_': case '{': case '}':
            util_out_char(o, '\\');
            util_out_char(o, *s);
            break;
        case '~':
            util_out_str(o, "\\textasciitilde{}");
            break;
        case '^':
            util_out_str(o, "\\textasciicircum{}");
            break;
        case '\\':
            util_out_str(o, "\\textbackslash{}");
            break;
        case '<':
        case '>':
            if (s[1] == '=') {
                util_out_str(o, *s == '<' ? "$\\leq$" : "$\\geq$");
                s++;
            } else {
                util_out_str(o, *s == '<' ? "$<$" : "$>$");
            }
            break;
        default:
            util_out_char(o, (unsigned char)*s < 0x20 ? '?' : *s);
        }
    }
}

/* A number in C's exponent notation ("3.201e-05") as $3.201 \times 10^{-5}$; 1 if it was
 * one, 0 (nothing written) otherwise. */
static int latex_exponent(util_out *o, const char *s)
{
    const char *e = strpbrk(s, "eE");
    double v;
    if (e == NULL || e == s || util_parse_double(s, strlen(s), &v) != 0)
        return 0;
    char *end;
    long x = strtol(e + 1, &end, 10);
    if (*end != '\0')
        return 0;
    util_out_str(o, "$");
    util_out_printf(o, "%.*s \\times 10^{%ld}$", (int)(e - s), s, x);
    return 1;
}

/* A cell: bold when marked (the best of its column), then its superscript, if any. */
static void latex_value(util_out *o, const report_table *t, size_t r, size_t c)
{
    const char *s = cell(t, r, c), *sup = report_table_sup(t, r, c);
    int bold = report_table_is_bold(t, r, c);
    if (bold)
        util_out_str(o, "\\textbf{");
    if (!t->numeric[c] || !latex_exponent(o, s))
        latex_cell(o, s);
    if (bold)
        util_out_str(o, "}");
    if (sup != NULL) {
        util_out_str(o, "$^{");
        latex_cell(o, sup);
        util_out_str(o, "}$");
    }
}

/* About the width the table takes, in points at 10 pt: 5 pt a character, 12 pt between
 * columns. */
static double latex_width(const report_table *t)
{
    double w = 0;
    for (size_t c = 0; c < t->ncols; c++) {
        size_t cw = strlen(t->header[c]);
        for (size_t r = 0; r < t->nrows; r++) {
            size_t len = strlen(cell(t, r, c));
            if (report_table_sup(t, r, c) != NULL)
                len += strlen(report_table_sup(t, r, c));
            if (len > cw)
                cw = len;
        }
        w += 5.0 * (double)cw + 12.0;
    }
    return w;
}

/* An article's text width at 10 pt is 345 pt: a wider table is scaled down to it. */
#define LATEX_TEXTWIDTH 345.0

static void write_latex(const report_table *t, const char *title, util_out *o)
{
    int fit = latex_width(t) > LATEX_TEXTWIDTH;
    util_out_printf(o, "%% needs \\usepackage{booktabs}%s\n",
                    fit ? " and \\usepackage{graphicx}" : "");
    util_out_str(o, "\\begin{table}\n\\centering\n");
    if (title != NULL) {
        util_out_str(o, "\\caption{");
        latex_cell(o, title);
        util_out_str(o, "}\n");
    }
    if (fit)
        util_out_str(o, "\\resizebox{\\textwidth}{!}{%\n");
    util_out_str(o, "\\begin{tabular}{");
    for (size_t c = 0; c < t->ncols; c++)
        util_out_char(o, t->numeric[c] ? 'r' : 'l');
    util_out_str(o, "}\n\\toprule\n");
    for (size_t r = 0; r <= t->nrows; r++) {
        for (size_t c = 0; c < t->ncols; c++) {
            if (c)
                util_out_str(o, " & ");
            if (r == 0)
                latex_cell(o, t->header[c]);
            else
                latex_value(o, t, r - 1, c);
        }
        util_out_str(o, r == 0 ? " \\\\\n\\midrule\n" : " \\\\\n");
    }
    util_out_str(o, "\\bottomrule\n\\end{tabular}");
    util_out_str(o, fit ? "}\n" : "\n");
    util_out_str(o, "\\end{table}\n");
}

void report_table_write(const report_table *t, report_table_format f, const char *title,
                        util_out *o)
{
    switch (f) {
    case REPORT_TABLE_TEXT:
        write_text(t, title, o);
        break;
    case REPORT_TABLE_TSV:
        for (size_t r = 0; r <= t->nrows; r++) {
            for (size_t c = 0; c < t->ncols; c++) {
                if (c)
                    util_out_char(o, '\t');
                put_clean(o, r == 0 ? t->header[c] : cell(t, r - 1, c));
            }
            util_out_char(o, '\n');
        }
        break;
    case REPORT_TABLE_JSON:
        write_json(t, o);
        break;
    case REPORT_TABLE_MD:
        write_md(t, title, o);
        break;
    case REPORT_TABLE_LATEX:
        write_latex(t, title, o);
        break;
    }
}
