/* table.c: tables of text cells written as aligned text, TSV, JSON, Markdown or LaTeX. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

struct report_table {
    size_t ncols;
    char **header;
    int *numeric;
    char **cells;        /* rows x ncols */
    size_t nrows, cap;
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
    for (size_t c = 0; c < t->ncols; c++)
        t->cells[t->nrows * t->ncols + c] = cells[c] != NULL ? util_strdup(cells[c]) : NULL;
    t->nrows++;
}

size_t report_table_rows(const report_table *t)
{
    return t->nrows;
}

void report_table_free(report_table **tp)
{
    report_table *t = *tp;
    if (t == NULL)
        return;
    for (size_t c = 0; c < t->ncols; c++)
        free(t->header[c]);
    for (size_t i = 0; i < t->nrows * t->ncols; i++)
        free(t->cells[i]);
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

static void write_json(const report_table *t, util_out *o)
{
    util_out_str(o, "[");
    for (size_t r = 0; r < t->nrows; r++) {
        util_out_str(o, r ? ",\n  {" : "\n  {");
        for (size_t c = 0; c < t->ncols; c++) {
            if (c)
                util_out_str(o, ", ");
            util_out_json(o, t->header[c]);
            util_out_str(o, ": ");
            const char *s = t->cells[r * t->ncols + c];
            if (s == NULL || (t->numeric[c] && *s == '\0'))
                util_out_str(o, "null");
            else if (t->numeric[c] && is_number(s))
                util_out_str(o, s);
            else
                util_out_json(o, s);
        }
        util_out_str(o, "}");
    }
    util_out_str(o, t->nrows ? "\n]\n" : "]\n");
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
        default:
            util_out_char(o, (unsigned char)*s < 0x20 ? '?' : *s);
        }
    }
}

static void write_latex(const report_table *t, const char *title, util_out *o)
{
    util_out_str(o, "\\begin{table}\n\\centering\n");
    if (title != NULL) {
        util_out_str(o, "\\caption{");
        latex_cell(o, title);
        util_out_str(o, "}\n");
    }
    util_out_str(o, "\\begin{tabular}{");
    for (size_t c = 0; c < t->ncols; c++)
        util_out_char(o, t->numeric[c] ? 'r' : 'l');
    util_out_str(o, "}\n\\toprule\n");
    for (size_t r = 0; r <= t->nrows; r++) {
        for (size_t c = 0; c < t->ncols; c++) {
            if (c)
                util_out_str(o, " & ");
            latex_cell(o, r == 0 ? t->header[c] : cell(t, r - 1, c));
        }
        util_out_str(o, r == 0 ? " \\\\\n\\midrule\n" : " \\\\\n");
    }
    util_out_str(o, "\\bottomrule\n\\end{tabular}\n\\end{table}\n");
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
