/* cmd_runs.c: `trecjudge runs import`, which stores run files in the campaign, in short transactions. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"
#include "metrics/metrics.h"

typedef struct runs_ctx {
    store *s;
    const char *path;
    int64_t run_id, import_id;
    metrics_doc *docs;
    size_t docs_cap;
    const char **docnos;
    double *scores;
    size_t cap;
    long *rels;
    size_t ndocs;
    util_progress bar;
} runs_ctx;

static int runs_topic_cb(void *vctx, formats_run_topic *t, util_error *err)
{
    runs_ctx *c = vctx;
    util_grow(&c->docs, &c->docs_cap, t->ndocs, sizeof *c->docs);
    size_t cap = c->cap;
    util_grow(&c->docnos, &cap, t->ndocs, sizeof *c->docnos);
    cap = c->cap;
    util_grow(&c->scores, &cap, t->ndocs, sizeof *c->scores);
    util_grow(&c->rels, &c->cap, t->ndocs, sizeof *c->rels);
    for (size_t i = 0; i < t->ndocs; i++) {
        c->docs[i].score = t->docs[i].score;
        c->docs[i].docno = t->docs[i].docno;
        c->docs[i].rel = METRICS_NONPOOL;
    }
    metrics_params p;
    metrics_params_init(&p);
    metrics_topic mt;
    metrics_rank(c->docs, t->ndocs, &p, c->rels, &mt);
    for (size_t i = 0; i < t->ndocs; i++) {
        c->docnos[i] = c->docs[i].docno;
        c->scores[i] = c->docs[i].score;
    }
    int64_t topic_id;
    /* a topic the run brings is invisible until the run is published */
    if (store_import_topic_id(c->s, c->import_id, t->qid, &topic_id, err) < 0)
        return -1;
    c->ndocs += t->ndocs;
    c->bar.total = t->size;
    util_progress_update(&c->bar, t->offset);
    if (store_run_ranking_add(c->s, c->run_id, topic_id, c->docnos, c->scores, t->ndocs, err) != 0)
        return -1;
    return store_batch_yield(c->s, err);
}

/* The tag on the run's first line. */
static int first_tag(const char *path, char *tag, size_t size, util_error *err)
{
    formats_input *in = formats_input_open(path, err);
    if (in == NULL)
        return -1;
    char *line;
    size_t len;
    int got;
    tag[0] = '\0';
    while ((got = formats_input_line(in, &line, &len, err)) == 1) {
        char *f[6];
        size_t fl[6];
        int nf = formats_split(line, len, f, fl, 6);
        if (nf == 0 || (nf > 0 && f[0][0] == '#'))
            continue;
        if (nf >= 6)
            snprintf(tag, size, "%s", f[5]);
        break;
    }
    formats_input_close(&in);
    return got < 0 ? -1 : 0;
}

/* Imports one file in short transactions (its run, topics and rankings invisible until one
 * last commit publishes them); returns an exit status. */
static int runs_import_one(store *s, const char *path, const char *tag_opt, runs_ctx *c)
{
    util_error err = { 0, "" };
    char checksum[33], tag[UTIL_NAME_MAX + 1];
    formats_run_info info;
    memset(&info, 0, sizeof info);
    if (strcmp(path, "-") == 0) {
        util_warn("runs import: give run files by name (standard input cannot be recognised on re-import)");
        return UTIL_EXIT_USAGE;
    }
    int status = cli_import_lock(s, 1);
    if (status != UTIL_EXIT_OK)
        return status;
    if (formats_checksum(path, checksum, &err) != 0 || first_tag(path, tag, sizeof tag, &err) != 0)
        goto fail;
    if (tag_opt != NULL)
        snprintf(tag, sizeof tag, "%s", tag_opt);
    store_import im = { "run", path, checksum, NULL, 0 };
    int seen = store_import_seen(s, &im, &err);
    if (seen < 0)
        goto fail;
    if (seen) {
        fprintf(stderr, "%s: imported before (import %lld); nothing changed\n", path,
                (long long)im.id);
        return UTIL_EXIT_OK;
    }
    if (tag[0] == '\0') {
        util_error_set(&err, UTIL_EXIT_INPUT, path, 0, "no results (empty run file)");
        goto fail;
    }
    for (enum formats_run_mode mode = FORMATS_RUN_STREAM;; mode = FORMATS_RUN_GROUP) {
        im.id = 0;
        c->s = s;
        c->path = path;
        c->ndocs = 0;
        util_progress_start(&c->bar, path, 0);
        if (store_import_begin(s, &im, &err) != 0 ||
            store_run_add(s, tag, im.id, &c->run_id, &err) != 0)
            goto fail_import;
        c->import_id = im.id;
        int rc = formats_run_read(path, mode, runs_topic_cb, c, &info, &err);
        if (rc == FORMATS_RUN_UNGROUPED && mode == FORMATS_RUN_STREAM) {
            /* read again grouped, as a new import */
            store_rollback(s);
            util_progress_end(&c->bar);
            if (store_import_remove(s, im.id, &err) != 0)
                goto fail;
            formats_run_info_free(&info);
            continue;
        }
        if (rc != 0 || store_import_publish(s, im.id, (int64_t)info.nlines, &err) != 0 ||
            store_batch_end(s, &err) != 0)
            goto fail_import;
        break;
    }
    util_progress_end(&c->bar);
    fprintf(stderr, "%s: imported run '%s': %zu topics, %zu documents\n", path, tag, info.ntopics,
            c->ndocs);
    formats_run_info_free(&info);
    return UTIL_EXIT_OK;
fail_import:
    util_progress_end(&c->bar);
    store_rollback(s);
    {
        util_error ignored = { 0, "" };
        if (im.id != 0)   /* else the next import removes it */
            store_import_remove(s, im.id, &ignored);
    }
fail:
    formats_run_info_free(&info);
    return cli_import_failed(path, &err);
}

int cli_runs(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("runs");
    const char *path = NULL, *tag = NULL;
    if (argc < 2 || strcmp(argv[1], "import") != 0) {
        cli_usage(cmd, argc >= 2 && strcmp(argv[1], "--help") == 0 ? stdout : stderr);
        return argc >= 2 && strcmp(argv[1], "--help") == 0 ? UTIL_EXIT_OK : UTIL_EXIT_USAGE;
    }
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
        } else if (opt == 't') {
            tag = optarg;
        } else {
            cli_usage(cmd, stderr);
            return UTIL_EXIT_USAGE;
        }
    }
    if (optind == argc || (tag != NULL && argc - optind > 1)) {
        cli_usage(cmd, stderr);
        return UTIL_EXIT_USAGE;
    }
    if (cli_name_check("runs import", "--tag", tag) != 0)
        return UTIL_EXIT_USAGE;
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    runs_ctx c;
    memset(&c, 0, sizeof c);
    for (int a = optind; a < argc; a++) {
        int st = runs_import_one(s, argv[a], tag, &c);
        if (st != UTIL_EXIT_OK && status == UTIL_EXIT_OK)
            status = st;
    }
    util_free(&c.docs);
    util_free(&c.docnos);
    util_free(&c.scores);
    util_free(&c.rels);
    store_close(&s);
    return status;
}
