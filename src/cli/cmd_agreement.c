/* cmd_agreement.c: `trecjudge agreement`: how far assessors who judged the same documents agree (raw agreement, Cohen's and Fleiss' kappa, confusion matrices). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static void fmt4(char *buf, size_t size, double v)
{
    snprintf(buf, size, "%.4f", v);
}

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
static size_t print_agreement(util_out *o, const metrics_agreement *ag, const campaign_votes *c,
                              long level, report_table_format format, int confusion)
{
    const char *header[] = { "assessor_a", "assessor_b", "documents", "agreement", "kappa",
                             "agreement_bin", "kappa_bin" };
    const int numeric[] = { 0, 0, 1, 1, 1, 1, 1 };
    report_table *t = report_table_new(7, header, numeric);
    for (size_t i = 0; i < ag->npairs; i++) {
        const metrics_agreement_pair *p = &ag->pairs[i];
        char cells[5][32];
        snprintf(cells[0], 32, "%ld", p->n);
        fmt4(cells[1], 32, p->agreement);
        fmt4(cells[2], 32, p->kappa);
        fmt4(cells[3], 32, p->agreement_bin);
        fmt4(cells[4], 32, p->kappa_bin);
        const char *row[] = { c->assessors[p->a], c->assessors[p->b], cells[0], cells[1],
                              cells[2], cells[3], cells[4] };
        report_table_add(t, row);
    }
    if (ag->multi > 0) {
        char cells[5][32];
        snprintf(cells[0], 32, "%ld", ag->multi);
        fmt4(cells[1], 32, ag->agreement);
        fmt4(cells[2], 32, ag->kappa);
        fmt4(cells[3], 32, ag->agreement_bin);
        fmt4(cells[4], 32, ag->kappa_bin);
        const char *row[] = { "all", "(Fleiss)", cells[0], cells[1], cells[2], cells[3], cells[4] };
        report_table_add(t, row);
    }
    char title[128];
    snprintf(title, sizeof title, "%zu assessors, %zu judged documents; binary: grade >= %ld",
             c->nassessors, c->nitems, level);
    report_table_write(t, format, title, o);
    int human = format == REPORT_TABLE_TEXT || format == REPORT_TABLE_MD ||
                format == REPORT_TABLE_LATEX;
    for (size_t i = 0; confusion && human && i < ag->npairs; i++) {
        const metrics_agreement_pair *p = &ag->pairs[i];
        size_t tl = strlen(c->assessors[p->a]) + strlen(c->assessors[p->b]) + 64;
        char *mt = util_malloc(tl);
        snprintf(mt, tl, "confusion: %s (rows) by %s (columns)", c->assessors[p->a],
                 c->assessors[p->b]);
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

int cli_agreement(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("agreement");
    const char *campaign = NULL;
    report_table_format format = REPORT_TABLE_TEXT;
    long level = 1;
    int level_set = 0, confusion = 1, status = UTIL_EXIT_USAGE, opt;
    campaign_votes c;
    memset(&c, 0, sizeof c);
    store *s = NULL;
    metrics_agreement ag;
    memset(&ag, 0, sizeof ag);
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'h':
            cli_usage(cmd, stdout);
            status = UTIL_EXIT_OK;
            goto out;
        case 'd':
            campaign = optarg;
            break;
        case 'l':
            if (util_parse_long(optarg, strlen(optarg), &level) != 0) {
                util_warn("agreement: -l needs an integer, not '%s'", optarg);
                goto out;
            }
            level_set = 1;
            break;
        case 'F':
            if (report_table_format_parse(optarg, &format) != 0) {
                util_warn("agreement: unknown --format '%s' (text, tsv, json, md or latex)", optarg);
                goto out;
            }
            break;
        case 'N':
            confusion = 0;
            break;
        default:
            cli_usage(cmd, stderr);
            goto out;
        }
    }
    if (argc - optind > 1 || (argc - optind == 1 && campaign != NULL)) {
        cli_usage(cmd, stderr);
        goto out;
    }
    util_error err = { 0, "" };
    if (argc - optind == 1) {
        if (campaign_votes_read_file(&c, argv[optind], &err) != 0) {
            util_warn("%s", err.msg);
            status = err.code ? err.code : UTIL_EXIT_INPUT;
            goto out;
        }
    } else {
        if ((s = cli_campaign_open_readonly(campaign, &status)) == NULL)
            goto out;
        char *value = NULL;
        long v;
        if (!level_set && store_setting_get(s, "relevance_level", &value, &err) > 0 &&
            util_parse_long(value, strlen(value), &v) == 0)
            level = v;
        free(value);
        if (campaign_votes_read_campaign(&c, s, &err) != 0) {
            util_warn("%s", err.msg);
            status = err.code ? err.code : UTIL_EXIT_SYSTEM;
            goto out;
        }
    }
    campaign_votes_finish(&c);
    metrics_agreement_compute(c.grade_of, c.nitems, c.nassessors, level, &ag);
    util_out o;
    util_out_init(&o, stdout);
    size_t rows = print_agreement(&o, &ag, &c, level, format, confusion);
    status = UTIL_EXIT_OK;
    if (rows == 0)
        util_warn("agreement: no document was judged by two assessors");
    if (util_out_flush(&o) != 0 || fflush(stdout) != 0) {
        util_warn("agreement: cannot write the output");
        status = UTIL_EXIT_SYSTEM;
    }
    util_out_free(&o);
out:
    metrics_agreement_free(&ag);
    campaign_votes_free(&c);
    store_close(&s);
    return status;
}
