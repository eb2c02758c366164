/* cmd_qrels.c: `trecjudge qrels import|export`: existing judgments in, TREC qrels out. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"

/* "2, 3" (the first ten, then "..."). */
static void grade_list(char *buf, size_t size, const long *g, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && i < 10 && len + 24 < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%ld", i ? ", " : "", g[i]);
    if (n > 10 || len + 24 >= size)
        snprintf(buf + len, size - len, ", ...");
}

static void qrels_done(const char *path, int64_t items, void *vctx)
{
    campaign_qrels_import *c = vctx;
    fprintf(stderr, "%s: imported %lld judgments for %zu topics as assessor '%s'\n",
            util_shown(path), (long long)items, c->topics, util_shown(c->assessor));
    if (c->noutside > 0) {
        /* stored as given (the file is the reference), but the assessors' screen and judge
         * only know the scale */
        char found[160], scale[160];
        grade_list(found, sizeof found, c->outside, c->noutside);
        grade_list(scale, sizeof scale, c->scale, c->nscale);
        util_warn("%s: grade%s %s %s not in the campaign's scale (%s); stored as given (the "
                  "scale is chosen when a campaign is made: 'trecjudge init --scale graded4' "
                  "or '--grades')", path, c->noutside > 1 ? "s" : "", found,
                  c->noutside > 1 ? "are" : "is", scale);
    }
}

static void per_assessor_done(const char *path, int64_t items, void *vctx)
{
    campaign_judgments_import *c = vctx;
    fprintf(stderr, "%s: imported %lld judgments of %zu assessor%s for %zu topics\n",
            util_shown(path),
            (long long)items, c->assessors, c->assessors == 1 ? "" : "s", c->q.topics);
    if (c->q.noutside > 0) {
        char found[160];
        grade_list(found, sizeof found, c->q.outside, c->q.noutside);
        util_warn("%s: grade%s %s not in the campaign's scale; stored as given", path,
                  c->q.noutside > 1 ? "s" : "", found);
    }
}

static int qrels_export(store *s, campaign_policy pol, const char *primary, int per_assessor,
                        int adjudicated)
{
    util_out out;
    util_out_init(&out, stdout);
    util_error err = { 0, "" };
    int rc = adjudicated && !per_assessor
                 ? campaign_qrels_write_adjudicated(s, pol, primary, &out, &err)
                 : campaign_qrels_write(s, pol, primary, per_assessor, &out, &err);
    int wrc = util_out_flush(&out);
    util_out_free(&out);
    if (rc != 0) {
        util_warn("%s", err.msg);
        return err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    if (wrc != 0 || fflush(stdout) != 0) {
        util_warn("qrels export: cannot write the output");
        return UTIL_EXIT_SYSTEM;
    }
    return UTIL_EXIT_OK;
}

int cli_qrels(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("qrels");
    if (argc < 2 || (strcmp(argv[1], "import") != 0 && strcmp(argv[1], "export") != 0)) {
        int help = argc >= 2 && strcmp(argv[1], "--help") == 0;
        cli_usage(cmd, help ? stdout : stderr);
        return help ? UTIL_EXIT_OK : UTIL_EXIT_USAGE;
    }
    int import = strcmp(argv[1], "import") == 0;
    argc--;
    argv++;
    const char *path = NULL, *assessor = "qrels", *primary = NULL;
    campaign_policy pol = CAMPAIGN_POLICY_MAX;
    int per_assessor = 0, with_iter = 0, assessor_given = 0, adjudicated = 0, opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'd':
            path = optarg;
            break;
        case 'a':
            assessor = optarg;
            assessor_given = 1;
            break;
        case 'j':
            per_assessor = 1;
            break;
        case 'I':
            with_iter = 1;
            break;
        case 'p':
            adjudicated = campaign_policy_parse_adjudicated(optarg, &pol, &primary);
            if (adjudicated < 0) {
                util_warn("qrels export: unknown fallback policy in '%s' (adjudicated,max, "
                          "majority, mean or primary=NAME)", optarg);
                return UTIL_EXIT_USAGE;
            }
            if (adjudicated == 0 && campaign_policy_parse(optarg, &pol, &primary) != 0) {
                util_warn("qrels export: unknown policy '%s' (max, majority, mean, primary=NAME)",
                          optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        default:
            return cli_usage_option(cmd, opt);
        }
    }
    if (argc - optind != (import ? 1 : 0)) {
        return cli_usage_error(cmd);
    }
    if (with_iter && (import || !per_assessor)) {
        util_warn("qrels: --iter goes with export --per-assessor");
        return UTIL_EXIT_USAGE;
    }
    if (import && per_assessor && assessor_given) {
        util_warn("qrels import: --per-assessor reads the assessors from the file; "
                  "--assessor does not go with it");
        return UTIL_EXIT_USAGE;
    }
    if (cli_name_check(import ? "qrels import" : "qrels export", "assessor", assessor) != 0 ||
        cli_name_check("qrels export", "primary assessor", primary) != 0)
        return UTIL_EXIT_USAGE;
    int status = UTIL_EXIT_OK;
    store *s =
        import ? cli_campaign_open(path, &status) : cli_campaign_open_readonly(path, &status);
    if (s == NULL)
        return status;
    campaign_qrels_import ic;
    memset(&ic, 0, sizeof ic);
    ic.assessor = assessor;
    cli_importer qrels_importer = { "qrels", campaign_qrels_body, qrels_done, assessor, 1, NULL };
    campaign_judgments_import jc;
    memset(&jc, 0, sizeof jc);
    jc.form = FORMATS_JUDGMENTS_QRELS;
    cli_importer per_importer = { "qrels", campaign_judgments_body, per_assessor_done, NULL, 1,
                                  NULL };
    if (import && per_assessor)
        status = cli_import_file(s, &per_importer, argv[optind], &jc);
    else
        status = import ? cli_import_file(s, &qrels_importer, argv[optind], &ic)
                        : qrels_export(s, pol, primary, per_assessor + with_iter,
                                       adjudicated);
    free(jc.q.scale);
    free(jc.q.outside);
    free(ic.scale);
    free(ic.outside);
    store_close(&s);
    return status;
}
