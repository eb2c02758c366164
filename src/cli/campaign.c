/* campaign.c: what the campaign subcommands share: finding and opening the file, the import transaction. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/formats.h"

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
    int named = strncmp(err->msg, path, strlen(path)) == 0;
    util_warn("%s%s%s", named ? "" : path, named ? "" : ": ", err->msg);
    util_warn("%s: not imported; the campaign is unchanged", path);
    return err->code ? err->code : UTIL_EXIT_INPUT;
}

int cli_import_file(store *s, const cli_importer *imp, const char *path, void *ctx)
{
    util_error err = { 0, "" };
    char checksum[33];
    int64_t import_id, items;
    util_progress bar;
    if (strcmp(path, "-") == 0) {
        util_warn("%s import: give the file by name (standard input cannot be recognised "
                  "when imported again)", imp->kind);
        return UTIL_EXIT_USAGE;
    }
    if (formats_checksum(path, checksum, &err) != 0 || store_begin(s, &err) != 0)
        return cli_import_failed(path, &err);
    int seen = store_import_find(s, imp->kind, checksum, &import_id, &err);
    if (seen > 0) {
        store_rollback(s);
        fprintf(stderr, "%s: imported before (import %lld); nothing changed\n", path,
                (long long)import_id);
        return UTIL_EXIT_OK;
    }
    util_progress_start(&bar, path, 0);
    if (seen < 0 || store_import_add(s, imp->kind, path, checksum, 0, &import_id, &err) != 0 ||
        (items = imp->body(s, path, import_id, &bar, ctx, &err)) < 0 ||
        store_import_lines(s, import_id, items, &err) != 0 || store_commit(s, &err) != 0) {
        util_progress_end(&bar);
        store_rollback(s);
        return cli_import_failed(path, &err);
    }
    util_progress_end(&bar);
    imp->done(path, items, ctx);
    return UTIL_EXIT_OK;
}

int cli_campaign_only(int argc, char **argv, const char *usage, const char **path)
{
    static const struct option longopts[] = {
        { "help", no_argument, NULL, 'h' }, { "campaign", required_argument, NULL, 'd' },
        { NULL, 0, NULL, 0 } };
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "hd:", longopts, NULL)) != -1) {
        if (opt == 'h') {
            fputs(usage, stdout);
            return UTIL_EXIT_OK;
        }
        if (opt != 'd') {
            fputs(usage, stderr);
            return UTIL_EXIT_USAGE;
        }
        *path = optarg;
    }
    if (optind != argc) {
        fputs(usage, stderr);
        return UTIL_EXIT_USAGE;
    }
    return -1;
}
