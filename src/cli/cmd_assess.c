/* cmd_assess.c: `trecjudge assess`, which opens the assessment screen on a campaign. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "assess/assess.h"
#include "cli/cli.h"
#include "tui/tui.h"

static double monotonic_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int cli_assess(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("assess");
    const char *path = NULL;
    assess_options o = { 0 };
    int remember = 0, opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'd': path = optarg; break;
        case 'a': o.assessor = optarg; break;
        case 't': o.topic = optarg; break;
        case 'l': o.lang = optarg; break;
        case 'r': remember = 1; break;
        case 'O': o.organizer = 1; break;
        case 'A': o.adjudicate = 1; break;
        case 'w': {
            long w = 0;
            if (util_parse_long(optarg, strlen(optarg), &w) != 0 || w < 20 || w > 10000) {
                util_warn("assess: --width wants a number of columns from 20 on, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            o.width = (int)w;
            break;
        }
        default:
            return cli_usage_option(cmd, opt);
        }
    }
    if (optind != argc || (remember && o.lang == NULL)) {
        return cli_usage_error(cmd);
    }
    if (cli_name_check("assess", "assessor", o.assessor) != 0 ||
        cli_name_check("assess", "topic", o.topic) != 0)
        return UTIL_EXIT_USAGE;
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    tui_locale();
    util_error err = { 0, "" };
    assess_session *a = NULL;
    o.now = monotonic_now();
    if (assess_open(s, &o, &a, &err) != 0) {
        util_warn("assess: %s", err.msg);
        store_close(&s);
        return err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    if (remember) {
        char key[300];
        snprintf(key, sizeof key, "lang.%s", assess_assessor(a));
        if (store_setting_set(s, key, o.lang, &err) != 0)
            util_warn("assess: cannot remember the language: %s", err.msg);
    }
    /* adjudication walks the disputes: no search, no pooling strategy */
    if (!o.adjudicate && campaign_assess_attach(s, a, &err) != 0) {
        util_warn("assess: %s", err.msg);
        assess_close(&a);
        store_close(&s);
        return err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    status = cli_assess_screen(a, &err);
    if (status != UTIL_EXIT_OK)
        util_warn("assess: %s", err.msg);
    assess_close(&a);
    store_close(&s);
    return status;
}

/* The report screen: the campaign's live report, brought up to date with the judgments
 * made since it was last shown (by anyone), runs sorted by MAP. */
static size_t report_lines(void *ctx, assess_session *a, int width, char ***lines)
{
    (void)a;
    campaign_live *c = ctx;
    cli_report_update(c);
    long col = report_live_column(c->live, "map");
    char **body = NULL;
    size_t n = report_live_lines(c->live, width, col < 0 ? 0 : (size_t)col, NULL, &body);
    char **all = util_calloc(n + 2, sizeof *all);
    char head[256];
    snprintf(head, sizeof head, "%ld judgments, %zu topics judged so far, %zu runs, sorted by %s",
             report_live_judgments(c->live), report_live_ntopics(c->live),
             report_live_nruns(c->live), col < 0 ? report_live_label(c->live, 0) : "MAP");
    all[0] = util_strdup(head);
    all[1] = util_strdup("");
    for (size_t i = 0; i < n; i++)
        all[i + 2] = body[i];
    free(body);
    *lines = all;
    return n + 2;
}

int cli_assess_screen(assess_session *a, util_error *err)
{
    campaign_report_opts o;
    campaign_report_opts_init(&o, "assess");
    campaign_live live;
    /* a report hidden from the assessor is not even computed */
    int have_report = assess_report_allowed(a) &&
                      cli_report_open(&live, assess_campaign(a), NULL, 0, &o) == UTIL_EXIT_OK;
    tui_report report = { &live, report_lines };
    int status = tui_assess(a, have_report ? &report : NULL, err);
    if (have_report)
        campaign_live_close(&live);
    return status;
}
