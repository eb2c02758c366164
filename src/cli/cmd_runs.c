/* cmd_runs.c: `trecjudge runs import|list|remove|export`: the campaign's runs. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

enum { RUNS_TEXT, RUNS_TSV, RUNS_JSON };
enum { OPT_REPLACE = 'R', OPT_FORMAT = 'f' };

/* Imports one file; returns an exit status. */
static int runs_import_one(store *s, const char *path, const char *tag, int replace)
{
    util_error err = { 0, "" };
    campaign_run_imported r;
    if (strcmp(path, "-") == 0) {
        util_warn("runs import: give run files by name (standard input cannot be recognised "
                  "on re-import)");
        return UTIL_EXIT_USAGE;
    }
    int status = cli_import_lock(s, 1);
    if (status != UTIL_EXIT_OK)
        return status;
    if (campaign_run_import(s, path, tag, replace, &r, &err) != 0)
        return cli_import_failed(path, &err);
    if (r.before != 0)
        fprintf(stderr, "%s: imported before (import %lld); nothing changed\n",
                util_shown(path),
                (long long)r.before);
    else
        fprintf(stderr, "%s: imported run '%s': %zu topics, %zu documents\n",
                util_shown(path), util_shown(r.tag),
                r.ntopics, r.ndocs);
    return UTIL_EXIT_OK;
}

typedef struct list_ctx {
    util_out *out;
    int fmt;
    size_t n;
    util_json json;          /* RUNS_JSON: the array of runs */
} list_ctx;

static int list_cb(void *vctx, const store_run_info *r)
{
    list_ctx *c = vctx;
    util_out *o = c->out;
    const char *pooled = r->pooled_at != NULL ? r->pooled_at : "";
    if (c->fmt == RUNS_JSON) {
        util_json *j = &c->json;
        util_json_object(j, NULL);
        util_json_key(j, "tag");
        util_json_str(j, r->tag);
        util_json_key(j, "topics");
        util_json_int(j, r->topics);
        util_json_key(j, "documents");
        util_json_int(j, r->docs);
        util_json_key(j, "lines");
        util_json_int(j, r->lines);
        util_json_key(j, "file");
        util_json_str(j, r->path);
        util_json_key(j, "imported");
        util_json_str(j, r->at);
        util_json_key(j, "pooled");
        util_json_str(j, r->pooled_at);
        util_json_end(j);
    } else if (c->fmt == RUNS_TSV) {
        if (c->n == 0)
            util_out_str(o, "tag\ttopics\tdocuments\tlines\tfile\timported\tpooled\n");
        util_out_printf(o, "%s\t%lld\t%lld\t%lld\t%s\t%s\t%s\n", r->tag, (long long)r->topics,
                        (long long)r->docs, (long long)r->lines, r->path, r->at, pooled);
    } else {
        if (c->n == 0)
            util_out_printf(o, "%-20s %6s %9s %9s  %-24s  %-24s  %s\n", "tag", "topics",
                            "documents", "lines", "imported", "pooled", "file");
        util_out_printf(o, "%-20s %6lld %9lld %9lld  %-24s  %-24s  %s\n", r->tag,
                        (long long)r->topics, (long long)r->docs, (long long)r->lines, r->at,
                        r->pooled_at != NULL ? r->pooled_at : "no", r->path);
    }
    c->n++;
    return 0;
}

static int export_cb(void *vctx, const store_ranking *r)
{
    util_out *o = vctx;
    for (size_t i = 0; i < r->n; i++) {
        char buf[40];
        snprintf(buf, sizeof buf, "%.15g", r->scores[i]);
        if (strtod(buf, NULL) != r->scores[i])
            snprintf(buf, sizeof buf, "%.17g", r->scores[i]);
        util_out_printf(o, "%s Q0 %s %zu %s %s\n", r->qid, r->docnos[i], i + 1, buf, r->tag);
    }
    return 0;
}

/* runs list, remove TAG, export TAG: returns the exit status. */
static int runs_other(const char *verb, const char *path, int fmt, int nargs, char **args)
{
    int status = UTIL_EXIT_OK;
    util_error err = { 0, "" };
    int list = strcmp(verb, "list") == 0, remove = strcmp(verb, "remove") == 0;
    if (list ? nargs != 0 : nargs != 1)
        return cli_usage_error(cli_command_find("runs"));
    if (!list && cli_name_check(remove ? "runs remove" : "runs export", "tag", args[0]) != 0)
        return UTIL_EXIT_USAGE;
    store *s = remove ? cli_campaign_open(path, &status) : cli_campaign_open_readonly(path,
                                                                                     &status);
    if (s == NULL)
        return status;
    util_out out;
    util_out_init(&out, stdout);
    int64_t run_id = 0;
    if (list) {
        list_ctx c = { &out, fmt, 0, { 0 } };
        util_json_init(&c.json, &out);
        if (fmt == RUNS_JSON)
            util_json_array(&c.json, &util_json_lines);
        if (store_runs_each(s, list_cb, &c, &err) != 0)
            goto fail;
        if (fmt == RUNS_JSON) {
            util_json_end(&c.json);
            util_out_char(&out, '\n');
        }
    } else if (remove) {
        int found = store_run_remove(s, args[0], &err);
        if (found < 0)
            goto fail;
        if (found == 0) {
            util_error_set(&err, UTIL_EXIT_DATA, store_path(s), 0, "no run '%s' in the campaign",
                           args[0]);
            goto fail;
        }
        fprintf(stderr, "removed run '%s' (its judgments and pooled documents stay)\n",
                util_shown(args[0]));
    } else {
        int found = store_run_find(s, args[0], &run_id, &err);
        if (found == 0)
            util_error_set(&err, UTIL_EXIT_DATA, store_path(s), 0, "no run '%s' in the campaign",
                           args[0]);
        if (found <= 0 || store_run_rankings_each(s, run_id, export_cb, &out, &err) != 0)
            goto fail;
    }
    if (util_out_flush(&out) != 0) {
        util_warn("standard output: write error");
        status = UTIL_EXIT_SYSTEM;
    }
    goto out;
fail:
    util_warn("runs %s: %s", verb, err.msg);
    status = err.code ? err.code : UTIL_EXIT_SYSTEM;
out:
    util_out_free(&out);
    store_close(&s);
    return status;
}

int cli_runs(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("runs");
    const char *path = NULL, *tag = NULL;
    int replace = 0, fmt = RUNS_TEXT;
    static const char *const verbs[] = { "import", "list", "remove", "export" };
    int known = 0;
    for (size_t i = 0; argc >= 2 && i < sizeof verbs / sizeof *verbs; i++)
        known |= strcmp(argv[1], verbs[i]) == 0;
    if (!known) {
        int help = argc >= 2 && strcmp(argv[1], "--help") == 0;
        cli_usage(cmd, help ? stdout : stderr);
        return help ? UTIL_EXIT_OK : UTIL_EXIT_USAGE;
    }
    const char *verb = argv[1];
    int import = strcmp(verb, "import") == 0;
    argc--;
    argv++;
    int opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        if (opt == 'h') {
            cli_usage(cmd, stdout);
            return UTIL_EXIT_OK;
        } else if (opt == 'd') {
            path = optarg;
        } else if (opt == 't' && import) {
            tag = optarg;
        } else if (opt == OPT_REPLACE && import) {
            replace = 1;
        } else if (opt == OPT_FORMAT && strcmp(verb, "list") == 0) {
            if (strcmp(optarg, "text") == 0) {
                fmt = RUNS_TEXT;
            } else if (strcmp(optarg, "tsv") == 0) {
                fmt = RUNS_TSV;
            } else if (strcmp(optarg, "json") == 0) {
                fmt = RUNS_JSON;
            } else {
                util_warn("runs list: unknown format '%s' (text, tsv or json)", optarg);
                return cli_usage_error(cmd);
            }
        } else {
            if (opt != '?')
                util_warn("runs %s: option %s does not apply", verb, argv[optind - 1]);
            return cli_usage_error(cmd);
        }
    }
    if (!import)
        return runs_other(verb, path, fmt, argc - optind, argv + optind);
    if (optind == argc || (tag != NULL && argc - optind > 1)) {
        return cli_usage_error(cmd);
    }
    if (cli_name_check("runs import", "--tag", tag) != 0)
        return UTIL_EXIT_USAGE;
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    for (int a = optind; a < argc; a++) {
        int st = runs_import_one(s, argv[a], tag, replace);
        if (st != UTIL_EXIT_OK && status == UTIL_EXIT_OK)
            status = st;
    }
    store_close(&s);
    return status;
}
