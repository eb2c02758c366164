/* cmd_status.c: `trecjudge status`: pooled, judged and relevant documents per topic. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static const char status_usage[] =
    "usage: trecjudge status [-d CAMPAIGN] [-l LEVEL] [--tsv]\n"
    "Prints, per topic, the documents in the pool, those judged (grade >= 0) and those\n"
    "relevant (grade >= LEVEL, default 1), then the totals, then each assessor's counts.\n";

typedef struct status_ctx {
    util_out *out;
    int tsv;
    int64_t pooled, judged, relevant, topics;
} status_ctx;

static void status_row(status_ctx *c, const char *qid, int64_t p, int64_t j, int64_t r)
{
    if (c->tsv)
        util_out_printf(c->out, "%s\t%lld\t%lld\t%lld\n", qid, (long long)p, (long long)j, (long long)r);
    else
        util_out_printf(c->out, "%-12s %8lld %8lld %8lld %6.1f%%\n", qid, (long long)p, (long long)j,
                        (long long)r, p > 0 ? 100.0 * (double)j / (double)p : 0.0);
}

static int status_cb(void *vctx, const store_topic_status *st)
{
    status_ctx *c = vctx;
    status_row(c, st->qid, st->pooled, st->judged, st->relevant);
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

int cli_status(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "help", no_argument, NULL, 'h' }, { "campaign", required_argument, NULL, 'd' },
        { "tsv", no_argument, NULL, 't' }, { NULL, 0, NULL, 0 } };
    const char *path = NULL;
    long level = 1;
    int tsv = 0, opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "hd:l:", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h':
            fputs(status_usage, stdout);
            return UTIL_EXIT_OK;
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
        default:
            fputs(status_usage, stderr);
            return UTIL_EXIT_USAGE;
        }
    }
    if (optind != argc) {
        fputs(status_usage, stderr);
        return UTIL_EXIT_USAGE;
    }
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open_readonly(path, &status);
    if (s == NULL)
        return status;
    util_out out;
    util_out_init(&out, stdout);
    status_ctx c = { &out, tsv, 0, 0, 0, 0 };
    if (tsv)
        util_out_str(&out, "topic\tpooled\tjudged\trelevant\n");
    else
        util_out_printf(&out, "%-12s %8s %8s %8s %7s\n", "topic", "pooled", "judged", "relevant", "done");
    util_error err = { 0, "" };
    if (store_status_each(s, level, status_cb, &c, &err) != 0) {
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    } else {
        char label[32];
        snprintf(label, sizeof label, "all (%lld)", (long long)c.topics);
        status_row(&c, tsv ? "all" : label, c.pooled, c.judged, c.relevant);
        /* Then per assessor. */
        if (tsv)
            util_out_str(&out, "\nassessor\tjudged\trelevant\n");
        else
            util_out_printf(&out, "\n%-12s %8s %8s\n", "assessor", "judged", "relevant");
        if (store_assessor_status_each(s, level, assessor_cb, &c, &err) != 0) {
            util_warn("%s", err.msg);
            status = err.code ? err.code : UTIL_EXIT_SYSTEM;
        }
    }
    util_out_free(&out);
    store_close(&s);
    return status;
}
