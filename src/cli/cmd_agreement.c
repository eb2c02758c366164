/* cmd_agreement.c: `trecjudge agreement`: how far assessors who judged the same documents agree (raw agreement, Cohen's and Fleiss' kappa, confusion matrices). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"

/* One judgment: item (document of a topic), assessor, grade. */
typedef struct vote {
    size_t item, assessor;
    long grade;
} vote;

typedef struct agree_ctx {
    char **items;          /* "qid\tdocno", in the order first seen */
    size_t nitems, items_cap;
    char **assessors;
    size_t nassessors, assessors_cap;
    vote *votes;
    size_t nvotes, votes_cap;
    char *last_item;
} agree_ctx;

static size_t assessor_index(agree_ctx *c, const char *name)
{
    for (size_t i = 0; i < c->nassessors; i++)
        if (strcmp(c->assessors[i], name) == 0)
            return i;
    util_grow(&c->assessors, &c->assessors_cap, c->nassessors + 1, sizeof *c->assessors);
    c->assessors[c->nassessors] = util_strdup(name);
    return c->nassessors++;
}

/* Votes arrive grouped by item (the store orders by topic and docno; the file reader's
 * topics are grouped, and each item is looked up in its topic). */
static void add_vote(agree_ctx *c, const char *qid, const char *docno, const char *assessor,
                     long grade)
{
    if (grade < 0)
        return; /* pooled, not judged */
    size_t ql = strlen(qid), dl = strlen(docno);
    char *key = util_malloc(ql + dl + 2);
    snprintf(key, ql + dl + 2, "%s\t%s", qid, docno);
    size_t item = c->nitems;
    for (size_t i = c->nitems; i-- > 0;) {
        if (strcmp(c->items[i], key) == 0) {
            item = i;
            break;
        }
        if (strncmp(c->items[i], key, ql + 1) != 0)
            break; /* items of another topic: this one is new */
    }
    if (item == c->nitems) {
        util_grow(&c->items, &c->items_cap, c->nitems + 1, sizeof *c->items);
        c->items[c->nitems++] = key;
    } else {
        free(key);
    }
    util_grow(&c->votes, &c->votes_cap, c->nvotes + 1, sizeof *c->votes);
    c->votes[c->nvotes++] = (vote){ item, assessor_index(c, assessor), grade };
}

static int judgment_cb(void *vctx, const store_judgment *j)
{
    add_vote(vctx, j->qid, j->docno, j->assessor, j->grade);
    return 0;
}

static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

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
static size_t print_agreement(util_out *o, const metrics_agreement *ag, const agree_ctx *c,
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
    agree_ctx c;
    memset(&c, 0, sizeof c);
    store *s = NULL;
    formats_qrels *q = NULL;
    long *grade_of = NULL;
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
        if ((q = formats_qrels_read_jg(argv[optind], &err)) == NULL) {
            util_warn("%s", err.msg);
            status = err.code ? err.code : UTIL_EXIT_INPUT;
            goto out;
        }
        for (size_t k = 0; k < q->ntopics; k++) {
            const formats_qrels_topic *qt = &q->topics[k];
            for (size_t g = 0; g < qt->ngroups; g++)
                for (size_t i = 0; i < qt->groups[g].n; i++)
                    add_vote(&c, qt->qid, qt->groups[g].qrels[i].docno, qt->groups[g].group,
                             qt->groups[g].qrels[i].rel);
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
        if (store_judgments_each(s, judgment_cb, &c, &err) != 0) {
            util_warn("%s", err.msg);
            status = err.code ? err.code : UTIL_EXIT_SYSTEM;
            goto out;
        }
    }
    /* Assessors in name order: renumber the votes. */
    char **sorted = util_malloc((c.nassessors + 1) * sizeof *sorted);
    memcpy(sorted, c.assessors, c.nassessors * sizeof *sorted);
    qsort(sorted, c.nassessors, sizeof *sorted, name_cmp);
    size_t *rank = util_malloc((c.nassessors + 1) * sizeof *rank);
    for (size_t a = 0; a < c.nassessors; a++)
        for (size_t b = 0; b < c.nassessors; b++)
            if (sorted[b] == c.assessors[a])
                rank[a] = b;
    for (size_t i = 0; i < c.nvotes; i++)
        c.votes[i].assessor = rank[c.votes[i].assessor];
    memcpy(c.assessors, sorted, c.nassessors * sizeof *sorted);
    free(sorted);
    free(rank);
    size_t na = c.nassessors, ni = c.nitems;
    /* grade_of[item * na + assessor], -1 when that assessor did not judge the item */
    grade_of = util_malloc((ni * na + 1) * sizeof *grade_of);
    for (size_t i = 0; i < ni * na; i++)
        grade_of[i] = -1;
    for (size_t i = 0; i < c.nvotes; i++)
        grade_of[c.votes[i].item * na + c.votes[i].assessor] = c.votes[i].grade;
    metrics_agreement_compute(grade_of, ni, na, level, &ag);
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
    free(grade_of);
    for (size_t i = 0; i < c.nitems; i++)
        free(c.items[i]);
    free(c.items);
    for (size_t i = 0; i < c.nassessors; i++)
        free(c.assessors[i]);
    free(c.assessors);
    free(c.votes);
    formats_qrels_free(&q);
    store_close(&s);
    return status;
}
