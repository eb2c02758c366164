/* cmd_assign.c: `trecjudge assign`: topics to an assessor, a balanced assignment, the list. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
#include "cli/cli.h"

/* One topic and the assessors it has, for --list. */
typedef struct list_topic {
    int64_t id;
    char *qid;
    size_t n;
    char *who;            /* the assessors' names, space-separated */
} list_topic;

/* A copy of one assignment. */
typedef struct list_assignment {
    int64_t topic_id;
    char *assessor, *qid;
} list_assignment;

typedef struct list_ctx {
    list_topic *t;
    size_t nt, capt;
    list_assignment *g;
    size_t ng, capg;
} list_ctx;

static int list_topic_add(void *vctx, int64_t id, const char *qid)
{
    list_ctx *c = vctx;
    util_grow(&c->t, &c->capt, c->nt + 1, sizeof *c->t);
    list_topic lt = { id, util_strdup(qid), 0, NULL };
    c->t[c->nt++] = lt;
    return 0;
}

static int list_assignment_add(void *vctx, const store_assignment *g)
{
    list_ctx *c = vctx;
    util_grow(&c->g, &c->capg, c->ng + 1, sizeof *c->g);
    list_assignment copy = { g->topic_id, util_strdup(g->assessor), util_strdup(g->qid) };
    c->g[c->ng++] = copy;
    return 0;
}

static int list_topic_cmp(const void *x, const void *y)
{
    const list_topic *a = x, *b = y;
    int c = util_natural_cmp(a->qid, b->qid);
    return c != 0 ? c : strcmp(a->qid, b->qid);
}

static int list_assignment_cmp(const void *x, const void *y)
{
    const list_assignment *a = x, *b = y;
    int c = strcmp(a->assessor, b->assessor);
    if (c == 0)
        c = util_natural_cmp(a->qid, b->qid);
    return c != 0 ? c : strcmp(a->qid, b->qid);
}

static void append(char **s, const char *word)
{
    size_t n = *s ? strlen(*s) : 0;
    *s = realloc(*s, n + strlen(word) + 2);
    if (*s == NULL)
        util_die("out of memory");
    if (n > 0)
        (*s)[n++] = ' ';
    strcpy(*s + n, word);
}

/* --table's values, in their order in the command table; BOTH: text without --table. */
enum { LIST_BOTH = -1, LIST_ASSESSORS, LIST_TOPICS };

static int assign_list(store *s, int tsv, int table)
{
    list_ctx c;
    memset(&c, 0, sizeof c);
    util_error err = { 0, "" };
    if (store_topics_each(s, list_topic_add, &c, &err) != 0 ||
        store_assignments_each(s, list_assignment_add, &c, &err) != 0) {
        util_warn("assign: %s", err.msg);
        return err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    qsort(c.t, c.nt, sizeof *c.t, list_topic_cmp);
    if (c.ng > 0)
        qsort(c.g, c.ng, sizeof *c.g, list_assignment_cmp);
    util_out out;
    util_out_init(&out, stdout);
    if (table != LIST_TOPICS)
        util_out_str(&out, tsv ? "assessor\ttopics\tassigned\n"
                               : "assessor     topics  assigned\n");
    for (size_t i = 0; i < c.ng && table != LIST_TOPICS;) {
        size_t j = i;
        char *list = NULL;
        for (; j < c.ng && strcmp(c.g[j].assessor, c.g[i].assessor) == 0; j++)
            append(&list, c.g[j].qid);
        util_out_printf(&out, tsv ? "%s\t%zu\t%s\n" : "%-12s %6zu  %s\n", c.g[i].assessor, j - i,
                        list);
        free(list);
        i = j;
    }
    for (size_t i = 0; i < c.ng; i++)
        for (size_t t = 0; t < c.nt; t++)
            if (c.t[t].id == c.g[i].topic_id) {
                c.t[t].n++;
                append(&c.t[t].who, c.g[i].assessor);
                break;
            }
    if (table == LIST_BOTH)
        util_out_char(&out, '\n');
    if (table != LIST_ASSESSORS)
        util_out_str(&out, tsv ? "topic\tassessors\twho\n" : "topic        assessors  who\n");
    for (size_t t = 0; t < c.nt && table != LIST_ASSESSORS; t++)
        util_out_printf(&out, tsv ? "%s\t%zu\t%s\n" : "%-12s %9zu  %s\n", c.t[t].qid, c.t[t].n,
                        c.t[t].who ? c.t[t].who : "");
    util_out_free(&out);
    for (size_t t = 0; t < c.nt; t++) {
        free(c.t[t].qid);
        free(c.t[t].who);
    }
    for (size_t i = 0; i < c.ng; i++) {
        free(c.g[i].assessor);
        free(c.g[i].qid);
    }
    free(c.t);
    free(c.g);
    return UTIL_EXIT_OK;
}

int cli_assign(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("assign");
    const char *path = NULL, *format = "text";
    int on = 1, list = 0, autoassign = 0, replace = 0, table = LIST_BOTH, opt;
    long per_topic = 1;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        if (opt == 'h') {
            cli_usage(cmd, stdout);
            return UTIL_EXIT_OK;
        } else if (opt == 'd') {
            path = optarg;
        } else if (opt == 'r') {
            on = 0;
        } else if (opt == 'l') {
            list = 1;
        } else if (opt == 'f') {
            format = optarg;
        } else if (opt == 'T') {
            if ((table = cli_option_value(cmd, 'T', optarg)) < 0)
                return UTIL_EXIT_USAGE;
        } else if (opt == 'a') {
            autoassign = 1;
        } else if (opt == 'R') {
            replace = 1;
        } else if (opt == 'k') {
            if (util_parse_long(optarg, strlen(optarg), &per_topic) != 0 || per_topic < 1) {
                util_warn("assign: --per-topic needs a positive integer, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
        } else {
            cli_usage(cmd, stderr);
            return UTIL_EXIT_USAGE;
        }
    }
    int tsv = strcmp(format, "tsv") == 0;
    if (!tsv && strcmp(format, "text") != 0) {
        util_warn("assign: --format is text or tsv, not '%s'", format);
        return UTIL_EXIT_USAGE;
    }
    if (table != LIST_BOTH && !list) {
        util_warn("assign: --table goes with --list");
        return UTIL_EXIT_USAGE;
    }
    /* one table a TSV stream, with one header line: programs read it as it is */
    if (tsv && table == LIST_BOTH)
        table = LIST_ASSESSORS;
    if (list + autoassign > 1 || (list && argc != optind) || (autoassign && argc == optind) ||
        (!list && !autoassign && argc - optind < 2) || ((list || autoassign) && !on) ||
        (replace && !autoassign)) {
        cli_usage(cmd, stderr);
        return UTIL_EXIT_USAGE;
    }
    for (int a = optind; a < argc; a++) {
        const char *what = a == optind || autoassign ? "assessor" : "topic";
        if (cli_name_check("assign", what, argv[a]) != 0)
            return UTIL_EXIT_USAGE;
    }
    if (autoassign && per_topic > argc - optind) {
        util_warn("assign: --per-topic %ld needs at least %ld assessors, %d named", per_topic,
                  per_topic, argc - optind);
        return UTIL_EXIT_USAGE;
    }
    int status = UTIL_EXIT_OK;
    store *s = list ? cli_campaign_open_readonly(path, &status) : cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    util_error err = { 0, "" };
    if (list) {
        status = assign_list(s, tsv, table);
        store_close(&s);
        return status;
    }
    if (autoassign) {
        campaign_assign_result r;
        if (campaign_assign_auto(s, (const char *const *)argv + optind, (size_t)(argc - optind),
                                 per_topic, replace, &r, &err) == 0) {
            fprintf(stderr, "assigned %lld topic(s) to %ld assessor(s) each: %lld new "
                    "assignment(s); %lld to %lld topic(s) per assessor\n", (long long)r.topics,
                    per_topic, (long long)r.added, (long long)r.min_topics,
                    (long long)r.max_topics);
        } else {
            util_warn("assign: %s", err.msg);
            status = err.code ? err.code : UTIL_EXIT_SYSTEM;
        }
        store_close(&s);
        return status;
    }
    int64_t assessor_id, topic_id;
    int ok = store_begin(s, &err) == 0 && store_assessor_id(s, argv[optind], 1, &assessor_id, &err) > 0;
    for (int a = optind + 1; ok && a < argc; a++) {
        int found = store_topic_id(s, argv[a], 0, &topic_id, &err);
        if (found == 0)
            util_error_set(&err, UTIL_EXIT_DATA, store_path(s), 0, "no topic '%s' in the campaign", argv[a]);
        ok = found > 0 && store_assign(s, assessor_id, topic_id, on, &err) == 0;
    }
    if (ok && store_commit(s, &err) == 0) {
        fprintf(stderr, "%s %d topic(s) %s '%s'\n", on ? "assigned" : "took back", argc - optind - 1,
                on ? "to" : "from", argv[optind]);
    } else {
        store_rollback(s);
        util_warn("assign: %s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    store_close(&s);
    return status;
}
