/* campaign.c: what the campaign commands share: opening the file, imports, report options. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "cli/cli.h"

int cli_name_check(const char *command, const char *what, const char *name)
{
    if (name == NULL)
        return 0;
    const char *why = util_name_problem(name, strlen(name));
    if (why == NULL)
        return 0;
    /* util_warn shows control characters escaped; a long name is cut. */
    size_t n = strlen(name);
    util_warn("%s: %s '%.*s%s' %s", command, what, n > 64 ? 64 : (int)n, name, n > 64 ? "..." : "",
              why);
    return -1;
}

const char *cli_campaign_path(const char *opt)
{
    if (opt != NULL)
        return opt;
    const char *env = getenv("TRECJUDGE_CAMPAIGN");
    return env != NULL && *env != '\0' ? env : "campaign.tjdb";
}

/* A command waits for another process's write lock as long as it takes, and says why
 * after a second, then every ten seconds. */
static int say_waiting(void *ctx, double waited)
{
    store *s = ctx;
    static double said_at = -1;
    if (waited < 1.0) {
        said_at = -1;
        return 0;
    }
    if (said_at < 0 || waited - said_at >= 10.0) {
        util_warn("%s: waiting for the campaign's write lock, held by another program "
                  "(an import, pooling or a judgment): %.0f s", store_path(s), waited);
        said_at = waited;
    }
    return 0;
}

static store *campaign_open(const char *opt, int readonly, int *status)
{
    util_error err = { 0, "" };
    store *s = NULL;
    const char *path = cli_campaign_path(opt);
    if ((readonly ? store_open_readonly(path, &s, &err) : store_open(path, &s, &err)) != 0) {
        util_warn("%s", err.msg);
        *status = err.code ? err.code : UTIL_EXIT_INPUT;
        return NULL;
    }
    store_set_wait(s, say_waiting, s);
    return s;
}

store *cli_campaign_open(const char *opt, int *status)
{
    return campaign_open(opt, 0, status);
}

store *cli_campaign_open_readonly(const char *opt, int *status)
{
    return campaign_open(opt, 1, status);
}

int cli_import_failed(const char *path, const util_error *err)
{
    /* the message names the file as util_error_set wrote it: escaped */
    const char *shown = util_shown(path);
    int named = strncmp(err->msg, shown, strlen(shown)) == 0;
    util_warn("%s%s%s", named ? "" : path, named ? "" : ": ", err->msg);
    util_warn("%s: not imported; the campaign is unchanged", path);
    return err->code ? err->code : UTIL_EXIT_INPUT;
}

int cli_import_lock(store *s, int wait)
{
    util_error err = { 0, "" };
    store_recovery r;
    int rc = store_import_lock(s, wait, &r, &err);
    if (rc > 0)
        return UTIL_EXIT_OK;
    if (rc < 0) {
        util_warn("%s", err.msg);
        return err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    if (r.removed > 0)
        util_warn("%s: removed what %lld import%s killed before it finished had stored "
                  "(never visible)", store_path(s), (long long)r.removed, r.removed > 1 ? "s" : "");
    if (r.finished > 0)
        util_warn("%s: finished %lld qrels import%s killed after %s commit point",
                  store_path(s), (long long)r.finished, r.finished > 1 ? "s" : "",
                  r.finished > 1 ? "their" : "its");
    return UTIL_EXIT_OK;
}

int cli_import_file(store *s, const cli_importer *imp, const char *path, void *ctx)
{
    util_error err = { 0, "" };
    if (strcmp(path, "-") == 0) {
        util_warn("%s import: give the file by name (standard input cannot be recognised "
                  "when imported again)", imp->kind);
        return UTIL_EXIT_USAGE;
    }
    int status = cli_import_lock(s, 1);
    if (status != UTIL_EXIT_OK)
        return status;
    campaign_import im = { imp->kind, imp->body, imp->assessor, imp->staged,
                           imp->variant != NULL ? imp->variant(ctx) : NULL };
    campaign_imported r;
    if (campaign_import_file(s, &im, path, ctx, &r, &err) != 0)
        return cli_import_failed(path, &err);
    if (r.before != 0) {
        fprintf(stderr, "%s: imported before (import %lld); nothing changed\n", util_shown(path),
                (long long)r.before);
        return UTIL_EXIT_OK;
    }
    if (r.unapplied) {
        util_warn("%s", err.msg);
        util_warn("%s: imported (every line was read and stored); its judgments will be "
                  "set by the next import, pool or check", path);
        return err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    imp->done(path, r.items, ctx);
    return UTIL_EXIT_OK;
}

int cli_campaign_only(int argc, char **argv, const char **path)
{
    const cli_command *cmd = cli_command_find(argv[0]);
    int opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        if (opt == 'h') {
            cli_usage(cmd, stdout);
            return UTIL_EXIT_OK;
        }
        if (opt != 'd')
            return cli_usage_error(cmd);
        *path = optarg;
    }
    if (optind != argc)
        return cli_usage_error(cmd);
    return -1;
}

int cli_report_open(campaign_live *c, const char *campaign, char **files, int nfiles,
                    const campaign_report_opts *o)
{
    int status = UTIL_EXIT_OK;
    store *s = NULL;
    util_error err = { 0, "" };
    if (nfiles == 0 && (s = cli_campaign_open_readonly(campaign, &status)) == NULL) {
        memset(c, 0, sizeof *c);
        return status;
    }
    if (campaign_live_open(c, s, files, nfiles, o, &err) != 0) {
        util_warn("%s", err.msg);
        return err.code;
    }
    return UTIL_EXIT_OK;
}

int cli_report_update(campaign_live *c)
{
    util_error err = { 0, "" };
    if (campaign_live_update(c, &err) != 0) {
        util_warn("%s", err.msg);
        return err.code;
    }
    return UTIL_EXIT_OK;
}

int cli_import_command(int argc, char **argv, const cli_importer *imp,
                       int (*option)(void *ctx, int key, const char *arg), void *ctx)
{
    const cli_command *cmd = cli_command_find(argv[0]);
    if (argc < 2 || strcmp(argv[1], "import") != 0) {
        int help = argc >= 2 && strcmp(argv[1], "--help") == 0;
        cli_usage(cmd, help ? stdout : stderr);
        return help ? UTIL_EXIT_OK : UTIL_EXIT_USAGE;
    }
    argc--;
    argv++;
    const char *path = NULL;
    int opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        if (opt == 'h') {
            cli_usage(cmd, stdout);
            return UTIL_EXIT_OK;
        } else if (opt == 'd') {
            path = optarg;
        } else if (opt != '?') {
            if (option(ctx, opt, optarg) != 0)
                return UTIL_EXIT_USAGE;
        } else {
            return cli_usage_error(cmd);
        }
    }
    if (optind == argc)
        return cli_usage_error(cmd);
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    for (int a = optind; a < argc; a++) {
        int st = cli_import_file(s, imp, argv[a], ctx);
        if (st != UTIL_EXIT_OK && status == UTIL_EXIT_OK)
            status = st;
    }
    store_close(&s);
    return status;
}

int cli_report_option(const cli_command *cmd, int opt, const char *arg, cli_report_args *a)
{
    long v;
    switch (opt) {
    case 'd':
        a->campaign = arg;
        return -1;
    case 'm': {
        size_t add = strlen(arg);
        a->measures = util_realloc(a->measures, a->mlen + add + 2);
        if (a->mlen)
            a->measures[a->mlen++] = ',';
        memcpy(a->measures + a->mlen, arg, add + 1);
        a->mlen += add;
        return -1;
    }
    case 'l':
        if (util_parse_long(arg, strlen(arg), &v) != 0) {
            util_warn("%s: -l needs an integer, not '%s'", cmd->name, arg);
            return UTIL_EXIT_USAGE;
        }
        a->ro.relevance_level = v;
        a->ro.relevance_level_set = 1;
        return -1;
    case 'Q':
        if (campaign_policy_parse(arg, &a->ro.policy, &a->ro.primary) != 0) {
            util_warn("%s: unknown --policy '%s' (max, majority, mean, primary=NAME)", cmd->name,
                      arg);
            return UTIL_EXIT_USAGE;
        }
        a->policy = arg;
        return -1;
    case 'c':
        if (metrics_correction_parse(arg, &a->corr) != 0) {
            util_warn("%s: unknown --correction '%s' (none, holm, bonferroni)", cmd->name, arg);
            return UTIL_EXIT_USAGE;
        }
        return -1;
    default:
        return cli_usage_option(cmd, opt);
    }
}
