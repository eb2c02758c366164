/* cmd_status.c: `trecjudge status`: pooled, judged and relevant documents per topic. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"

/* A topic's pooled documents without text, looked up by qid. */
typedef struct no_text_entry {
    char *qid;
    int64_t n;
} no_text_entry;

typedef struct status_ctx {
    util_out *out;
    int tsv;
    int64_t pooled, judged, relevant, topics, no_text;
    no_text_entry *nt;
    size_t nnt, capnt;
} status_ctx;

static void status_row(status_ctx *c, const char *qid, int64_t p, int64_t j, int64_t r, int64_t nt)
{
    if (c->tsv)
        util_out_printf(c->out, "%s\t%lld\t%lld\t%lld\t%lld\n", qid, (long long)p, (long long)j,
                        (long long)r, (long long)nt);
    else
        util_out_printf(c->out, "%-12s %8lld %8lld %8lld %6.1f%% %8lld\n", qid, (long long)p,
                        (long long)j, (long long)r, p > 0 ? 100.0 * (double)j / (double)p : 0.0,
                        (long long)nt);
}

static int no_text_cb(void *vctx, const char *qid, int64_t pooled, int64_t no_text)
{
    (void)pooled;
    status_ctx *c = vctx;
    util_grow(&c->nt, &c->capnt, c->nnt + 1, sizeof *c->nt);
    c->nt[c->nnt].qid = util_strdup(qid);
    c->nt[c->nnt++].n = no_text;
    return 0;
}

static int no_text_cmp(const void *key, const void *entry)
{
    return strcmp(key, ((const no_text_entry *)entry)->qid);
}

static int status_cb(void *vctx, const store_topic_status *st)
{
    status_ctx *c = vctx;
    /* both lists are in qid order, but a topic imported between the two reads is not in
     * the first: looked up, not zipped */
    const no_text_entry *e = c->nnt ? bsearch(st->qid, c->nt, c->nnt, sizeof *c->nt, no_text_cmp)
                                    : NULL;
    int64_t nt = e != NULL ? e->n : 0;
    status_row(c, st->qid, st->pooled, st->judged, st->relevant, nt);
    c->no_text += nt;
    c->pooled += st->pooled;
    c->judged += st->judged;
    c->relevant += st->relevant;
    c->topics++;
    return 0;
}

static int assessor_cb(void *vctx, const store_topic_status *st)
{
    status_ctx *c = vctx;
    if (c->tsv)
        util_out_printf(c->out, "%s\t%lld\t%lld\n", st->qid, (long long)st->judged,
                        (long long)st->relevant);
    else
        util_out_printf(c->out, "%-12s %8lld %8lld\n", st->qid, (long long)st->judged,
                        (long long)st->relevant);
    return 0;
}

/* "pooled by source: pool 120, cal 30, search 2", when not every document came from runs. */
typedef struct sources_ctx {
    char line[256];
    size_t len;
    int other;
} sources_ctx;

static int source_cb(void *vctx, const char *source, int64_t n)
{
    sources_ctx *c = vctx;
    c->other |= strcmp(source, "pool") != 0;
    if (c->len < sizeof c->line)
        c->len += (size_t)snprintf(c->line + c->len, sizeof c->line - c->len, "%s%s %lld",
                                   c->len ? ", " : "", source, (long long)n);
    return 0;
}

/* Seconds as H:MM:SS (text) or whole seconds (TSV); "-" (TSV: NA, what pandas and R read
 * as missing) when unknown (< 0). */
static void duration(char *buf, size_t n, double seconds, int tsv)
{
    if (seconds < 0)
        snprintf(buf, n, tsv ? "NA" : "-");
    else if (tsv)
        snprintf(buf, n, "%.0f", seconds);
    else {
        long long t = (long long)(seconds + 0.5);
        snprintf(buf, n, "%lld:%02lld:%02lld", t / 3600, t / 60 % 60, t % 60);
    }
}

static int assessor_stats_row(void *vctx, const campaign_assessor_stats *st)
{
    status_ctx *c = vctx;
    char active[32], eta[32], rate[32], relevant[32];
    duration(active, sizeof active, st->seconds, c->tsv);
    duration(eta, sizeof eta, campaign_assessor_eta(st), c->tsv);
    double r = campaign_assessor_rate(st);
    /* people: a decimal of the rate and three of the relevant rate; programs: every digit */
    const char *na = c->tsv ? "NA" : "-";
    snprintf(rate, sizeof rate, r < 0 ? na : c->tsv ? "%.17g" : "%.1f", r);
    snprintf(relevant, sizeof relevant, st->judged == 0 ? na : c->tsv ? "%.17g" : "%.3f",
             st->judged ? (double)st->relevant / (double)st->judged : 0.0);
    const char *who = st->assessor != NULL ? st->assessor : "all";
    util_out_printf(c->out, c->tsv ? "%s\t%lld\t%lld\t%lld\t%lld\t%s\t%s\t%s\t%s\n"
                                   : "%-12s %8lld %8lld %8lld %9lld %10s %8s %8s %10s\n",
                    who, (long long)st->judged, (long long)st->topics, (long long)st->pooled,
                    (long long)st->remaining, active, rate, relevant, eta);
    return 0;
}

static int status_assessors(store *s, long level, int tsv)
{
    util_out out;
    util_out_init(&out, stdout);
    status_ctx c;
    memset(&c, 0, sizeof c);
    c.out = &out;
    c.tsv = tsv;
    if (tsv)
        util_out_str(&out, "assessor\tjudged\ttopics\tassigned\tremaining\tactive_seconds"
                     "\tper_hour\trelevant_rate\tseconds_left\n");
    else
        util_out_printf(&out, "%-12s %8s %8s %8s %9s %10s %8s %8s %10s\n", "assessor", "judged",
                        "topics", "assigned", "remaining", "active", "per hour", "relevant",
                        "left");
    util_error err = { 0, "" };
    int status = UTIL_EXIT_OK;
    if (campaign_assessor_stats_each(s, level, assessor_stats_row, &c, &err) != 0) {
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    util_out_free(&out);
    return status;
}

/* status's tables, in the order of --table's values in the command table. */
enum { TABLE_BOTH = -1, TABLE_TOPICS, TABLE_JUDGMENTS, TABLE_ASSESSORS };

int cli_status(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("status");
    const char *path = NULL;
    long level = 1;
    int tsv = 0, assessors = 0, table = TABLE_BOTH, opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'd':
            path = optarg;
            break;
        case 'l':
            if (util_parse_long(optarg, strlen(optarg), &level) != 0) {
                util_warn("status: -l needs an integer, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 't':
            tsv = 1;
            break;
        case 'A':
            assessors = 1;
            break;
        case 'T':
            if ((table = cli_option_value(cmd, 'T', optarg)) < 0)
                return cli_usage_error(cmd);
            break;
        default:
            return cli_usage_option(cmd, opt);
        }
    }
    if (optind != argc) {
        return cli_usage_error(cmd);
    }
    if (assessors && table != TABLE_BOTH && table != TABLE_ASSESSORS) {
        util_warn("status: --assessors is --table assessors, not another table");
        return cli_usage_error(cmd);
    }
    if (assessors)
        table = TABLE_ASSESSORS;
    /* one table a TSV stream, with one header line: programs read it as it is */
    if (tsv && table == TABLE_BOTH)
        table = TABLE_TOPICS;
    int status = UTIL_EXIT_OK;
    /* looked at before opening, which may leave an empty -wal file of its own */
    char *wal = util_malloc(strlen(cli_campaign_path(path)) + 5);
    sprintf(wal, "%s-wal", cli_campaign_path(path));
    struct stat wst;
    int has_wal = stat(wal, &wst) == 0 && wst.st_size > 0;
    store *s = cli_campaign_open_readonly(path, &status);
    if (s != NULL && has_wal)
        util_warn("%s: the campaign is open (or was not closed cleanly): its latest judgments "
                  "may be only in this file; copy the campaign with 'trecjudge backup', "
                  "not by copying the file", wal);
    free(wal);
    if (s == NULL)
        return status;
    if (table == TABLE_ASSESSORS) {
        status = status_assessors(s, level, tsv);
        store_close(&s);
        return status;
    }
    util_out out;
    util_out_init(&out, stdout);
    status_ctx c;
    memset(&c, 0, sizeof c);
    c.out = &out;
    c.tsv = tsv;
    util_error err = { 0, "" };
    if (table != TABLE_JUDGMENTS) {
        if (tsv)
            util_out_str(&out, "topic\tpooled\tjudged\trelevant\tno_text\n");
        else
            util_out_printf(&out, "%-12s %8s %8s %8s %7s %8s\n", "topic", "pooled", "judged",
                            "relevant", "done", "no text");
        if (store_pool_text_each(s, no_text_cb, &c, &err) != 0 ||
            store_status_each(s, level, status_cb, &c, &err) != 0) {
            util_warn("%s", err.msg);
            status = err.code ? err.code : UTIL_EXIT_SYSTEM;
        } else {
            char label[32];
            snprintf(label, sizeof label, "all (%lld)", (long long)c.topics);
            status_row(&c, tsv ? "all" : label, c.pooled, c.judged, c.relevant, c.no_text);
            sources_ctx sc = { "", 0, 0 };
            if (!tsv && store_pool_sources_each(s, source_cb, &sc, &err) == 0 && sc.other)
                util_out_printf(&out, "pooled by source: %s\n", sc.line);
        }
    }
    /* Then per assessor. */
    if (status == UTIL_EXIT_OK && table != TABLE_TOPICS) {
        if (tsv)
            util_out_str(&out, "assessor\tjudged\trelevant\n");
        else
            util_out_printf(&out, "%s%-12s %8s %8s\n", table == TABLE_BOTH ? "\n" : "",
                            "assessor", "judged", "relevant");
        if (store_assessor_status_each(s, level, assessor_cb, &c, &err) != 0) {
            util_warn("%s", err.msg);
            status = err.code ? err.code : UTIL_EXIT_SYSTEM;
        }
    }
    util_out_free(&out);
    for (size_t i = 0; i < c.nnt; i++)
        free(c.nt[i].qid);
    free(c.nt);
    store_close(&s);
    return status;
}
