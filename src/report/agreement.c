/* agreement.c: the agreement between assessors written as tables. */
/* SPDX-License-Identifier: MIT */
#include "report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One pair's confusion matrix as a table: rows a's grade, columns b's. */
static report_table *confusion_table(const metrics_agreement_pair *p, size_t k)
{
    const char **mh = util_malloc((k + 1) * sizeof *mh);
    int *mn = util_malloc((k + 1) * sizeof *mn);
    char (*names)[24] = util_malloc((k + 1) * sizeof *names);
    snprintf(names[0], 24, "%s\\%s", "a", "b");
    mh[0] = names[0];
    mn[0] = 0;
    for (size_t g = 0; g < k; g++) {
        snprintf(names[g + 1], 24, "%zu", g);
        mh[g + 1] = names[g + 1];
        mn[g + 1] = 1;
    }
    report_table *m = report_table_new(k + 1, mh, mn);
    char (*vals)[24] = util_malloc((k + 1) * sizeof *vals);
    const char **vr = util_malloc((k + 1) * sizeof *vr);
    for (size_t g = 0; g < k; g++) {
        vr[0] = names[g + 1];
        for (size_t h = 0; h < k; h++) {
            snprintf(vals[h + 1], 24, "%ld", p->confusion[g * k + h]);
            vr[h + 1] = vals[h + 1];
        }
        report_table_add(m, vr);
    }
    free(mh);
    free(mn);
    free(names);
    free(vals);
    free(vr);
    return m;
}

/* Prints the pairs' table, then (text, md, latex) each pair's confusion matrix; returns
 * the number of rows of the table. */
size_t report_agreement_write(util_out *o, const metrics_agreement *ag,
                              const char *const *assessors, size_t nassessors, size_t nitems,
                              long level, report_table_format format, int confusion)
{
    const char *header[] = { "assessor_a", "assessor_b", "documents", "agreement", "kappa",
                             "agreement_bin", "kappa_bin" };
    const int numeric[] = { 0, 0, 1, 1, 1, 1, 1 };
    report_table *t = report_table_new(7, header, numeric);
    int machine = format == REPORT_TABLE_TSV || format == REPORT_TABLE_JSON;
    for (size_t i = 0; i < ag->npairs; i++) {
        const metrics_agreement_pair *p = &ag->pairs[i];
        char cells[5][32];
        snprintf(cells[0], 32, "%ld", p->n);
        report_cell_format(cells[1], 32, p->agreement, machine);
        report_cell_format(cells[2], 32, p->kappa, machine);
        report_cell_format(cells[3], 32, p->agreement_bin, machine);
        report_cell_format(cells[4], 32, p->kappa_bin, machine);
        const char *row[] = { assessors[p->a], assessors[p->b], cells[0], cells[1],
                              cells[2], cells[3], cells[4] };
        report_table_add(t, row);
    }
    if (ag->multi > 0) {
        char cells[5][32];
        snprintf(cells[0], 32, "%ld", ag->multi);
        report_cell_format(cells[1], 32, ag->agreement, machine);
        report_cell_format(cells[2], 32, ag->kappa, machine);
        report_cell_format(cells[3], 32, ag->agreement_bin, machine);
        report_cell_format(cells[4], 32, ag->kappa_bin, machine);
        const char *row[] = { "all", "(Fleiss)", cells[0], cells[1], cells[2], cells[3], cells[4] };
        report_table_add(t, row);
    }
    char title[128];
    snprintf(title, sizeof title, "%zu assessors, %zu judged documents; binary: grade >= %ld",
             nassessors, nitems, level);
    report_table_write(t, format, title, o);
    int human = format == REPORT_TABLE_TEXT || format == REPORT_TABLE_MD ||
                format == REPORT_TABLE_LATEX;
    for (size_t i = 0; confusion && human && i < ag->npairs; i++) {
        const metrics_agreement_pair *p = &ag->pairs[i];
        size_t tl = strlen(assessors[p->a]) + strlen(assessors[p->b]) + 64;
        char *mt = util_malloc(tl);
        snprintf(mt, tl, "confusion: %s (rows) by %s (columns)", assessors[p->a],
                 assessors[p->b]);
        report_table *m = confusion_table(p, ag->k);
        util_out_char(o, '\n');
        report_table_write(m, format, mt, o);
        report_table_free(&m);
        free(mt);
    }
    size_t rows = report_table_rows(t);
    report_table_free(&t);
    return rows;
}

