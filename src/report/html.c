/* html.c: pieces of a self-contained HTML report: page, sections, tables; inline CSS. */
/* SPDX-License-Identifier: MIT */
#include "report.h"

#include <string.h>

void report_html_text(util_out *o, const char *s)
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

/* An id for a fragment: letters, digits, '-' and '_' kept, anything else as '_'. */
void report_html_id(util_out *o, const char *prefix, const char *s)
{
    util_out_str(o, prefix);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        int keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                   c == '-' || c == '_';
        util_out_char(o, keep ? (char)c : '_');
    }
}

static const char css[] =
    "body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;color:#222;"
    "background:#fff}\n"
    "header,main{max-width:1200px;margin:0 auto;padding:0 16px}\n"
    "header{border-bottom:1px solid #ddd;padding-bottom:8px}\n"
    "h1{font-size:1.6em;margin:16px 0 4px}h2{font-size:1.3em;margin-top:32px;"
    "border-bottom:1px solid #eee}h3{font-size:1.1em;margin-top:24px}\n"
    "nav ul{list-style:none;padding:0;margin:8px 0;display:flex;flex-wrap:wrap;gap:4px 16px}\n"
    ".scroll{overflow-x:auto;max-width:100%}\n"
    "table{border-collapse:collapse;margin:8px 0;font-variant-numeric:tabular-nums}\n"
    "caption{text-align:left;font-size:.9em;color:#555;padding-bottom:4px;position:sticky;"
    "left:0;max-width:calc(100vw - 4.5em)}\n"
    "th,td{padding:3px 10px;border-bottom:1px solid #e6e6e6;white-space:nowrap}\n"
    "thead th{border-bottom:2px solid #333;text-align:left}\n"
    "td.n,th.n{text-align:right}\n"
    "tbody tr:nth-child(even){background:#f7f7f7}\n"
    "figure{margin:16px 0}figure svg{max-width:100%;height:auto;display:block}\n"
    "figcaption{font-size:.9em;color:#555}\n"
    ".runs{display:flex;flex-wrap:wrap;gap:4px 14px;font-size:.9em}\n"
    ".bar{display:inline-block;height:.7em;background:#0072B2;vertical-align:middle}\n"
    ".note{color:#555;font-size:.9em}\n"
    "@media print{nav{display:none}section{break-inside:avoid-page}}\n";

void report_html_begin(util_out *o, const char *title)
{
    util_out_str(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                    "<title>");
    report_html_text(o, title);
    util_out_str(o, "</title>\n<style>\n");
    util_out_str(o, css);
    util_out_str(o, "</style>\n</head>\n<body>\n<header>\n<h1>");
    report_html_text(o, title);
    util_out_str(o, "</h1>\n");
}

void report_html_end(util_out *o)
{
    util_out_str(o, "</main>\n</body>\n</html>\n");
}

void report_html_table(util_out *o, const report_table *t, const char *caption)
{
    size_t nc = report_table_cols(t);
    util_out_str(o, "<div class=\"scroll\">\n<table>\n");
    if (caption != NULL) {
        util_out_str(o, "<caption>");
        report_html_text(o, caption);
        util_out_str(o, "</caption>\n");
    }
    util_out_str(o, "<thead><tr>");
    for (size_t c = 0; c < nc; c++) {
        util_out_str(o, report_table_numeric(t, c) ? "<th class=\"n\">" : "<th>");
        report_html_text(o, report_table_header(t, c));
        util_out_str(o, "</th>");
    }
    util_out_str(o, "</tr></thead>\n<tbody>\n");
    for (size_t r = 0; r < report_table_rows(t); r++) {
        util_out_str(o, "<tr>");
        for (size_t c = 0; c < nc; c++) {
            const char *s = report_table_cell(t, r, c), *sup = report_table_sup(t, r, c);
            int bold = report_table_is_bold(t, r, c);
            util_out_str(o, report_table_numeric(t, c) ? "<td class=\"n\">" : "<td>");
            if (bold)
                util_out_str(o, "<strong>");
            report_html_text(o, s != NULL ? s : "");
            if (bold)
                util_out_str(o, "</strong>");
            if (sup != NULL) {
                util_out_str(o, "<sup>");
                report_html_text(o, sup);
                util_out_str(o, "</sup>");
            }
            util_out_str(o, "</td>");
        }
        util_out_str(o, "</tr>\n");
    }
    util_out_str(o, "</tbody>\n</table>\n</div>\n");
}
