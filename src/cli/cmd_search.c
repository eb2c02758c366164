/* cmd_search.c: `trecjudge search`: a run of the campaign's documents for its topics or a query. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
#include "cli/cli.h"
#include "formats/formats.h"

typedef struct options {
    const char *campaign, *topic_file, *topic_format, *tag, *out, *query, *pool_qid;
    index_model model;
    index_params params;
    long depth;
    int import;
} options;

static int parse_number(const char *name, const char *arg, double *v)
{
    if (util_parse_double(arg, strlen(arg), v) != 0 || *v < 0) {
        util_warn("search: %s needs a non-negative number, not '%s'", name, arg);
        return -1;
    }
    return 0;
}

static int run_search(store *s, const options *o, campaign_queries *tc)
{
    util_error err = { 0, "" };
    int status = UTIL_EXIT_OK;
    index_inverted *idx = NULL;
    campaign_ranking *r = NULL;
    FILE *fp = NULL;
    util_out out;
    util_out_init(&out, stdout);
    if (campaign_index_update(s, NULL, 0, 0, &idx, &err) != 0)
        goto fail;
    size_t k = (size_t)o->depth;
    if (o->query != NULL) {
        index_hit *hits = util_malloc((k + 1) * sizeof *hits);
        size_t n;
        int64_t added;
        campaign_search_query(idx, o->query, o->model, &o->params, k, hits, &n);
        char buf[64];
        for (size_t i = 0; i < n; i++) {
            campaign_search_score(buf, sizeof buf, hits[i].score);
            util_out_printf(&out, "%zu\t%s\t%s\n", i + 1, hits[i].docno, buf);
        }
        if (util_out_flush(&out) != 0)
            util_error_set(&err, UTIL_EXIT_SYSTEM, NULL, 0, "cannot write the results");
        else if (o->pool_qid != NULL &&
                 (added = campaign_pool_add_found(s, o->pool_qid, hits, n, &err)) >= 0)
            fprintf(stderr, "topic %s: %lld of %zu documents found by search added to its pool\n",
                    util_shown(o->pool_qid), (long long)added, n);
        free(hits);
        goto done;
    }
    if (o->topic_file != NULL) {
        if (campaign_queries_read_file(tc, o->topic_file, o->topic_format, &err) != 0)
            goto fail;
    } else if (campaign_queries_read_campaign(s, tc, &err) != 0) {
        goto fail;
    }
    if (tc->n == 0) {
        util_error_set(&err, UTIL_EXIT_DATA, o->topic_file ? o->topic_file : store_path(s), 0,
                       "no topics to search for");
        goto fail;
    }
    r = util_calloc(tc->n, sizeof *r);
    uint64_t checksum;
    size_t lines;
    char tag[256];
    snprintf(tag, sizeof tag, "%s", o->tag);
    if (o->out != NULL) {
        fp = fopen(o->out, "w");
        if (fp == NULL) {
            util_error_set(&err, UTIL_EXIT_SYSTEM, o->out, 0, "cannot write");
            goto fail;
        }
        out.fp = fp;
    }
    int print = o->out != NULL || !o->import;
    if (campaign_search_run(idx, tc, o->model, &o->params, k, tag, r, print ? &out : NULL,
                            &checksum, &lines) != 0) {
        util_error_set(&err, UTIL_EXIT_SYSTEM, o->out, 0, "cannot write the run");
        goto fail;
    }
    if (fp != NULL) {
        int bad = fclose(fp) != 0;
        fp = NULL;
        out.fp = stdout;
        if (bad) {
            util_error_set(&err, UTIL_EXIT_SYSTEM, o->out, 0, "cannot write the run");
            goto fail;
        }
    }
    if (o->import && campaign_search_import(s, tag, tc, r, checksum, lines, &err) != 0)
        goto fail;
    goto done;
fail:
    if (status == UTIL_EXIT_OK) {
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
done:
    if (err.code != 0 && status == UTIL_EXIT_OK) {
        util_warn("%s", err.msg);
        status = err.code;
    }
    if (fp != NULL)
        fclose(fp);
    if (r != NULL)
        for (size_t i = 0; i < tc->n; i++)
            free(r[i].hits);
    free(r);
    out.fp = stdout;
    util_out_free(&out);
    index_free(&idx);
    return status;
}

int cli_search(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("search");
    options o;
    memset(&o, 0, sizeof o);
    o.model = INDEX_BM25;
    o.depth = 1000;
    index_params_init(&o.params);
    campaign_queries tc = { NULL, 0, 0, "title", NULL };
    int opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'd': o.campaign = optarg; break;
        case 'm':
            if (index_model_parse(optarg, &o.model) != 0) {
                util_warn("search: unknown model '%s' (jaccard, tf, logtf, tfidf, cosine, bm25)",
                          optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 'K':
            if (parse_number("--k1", optarg, &o.params.k1) != 0)
                return UTIL_EXIT_USAGE;
            break;
        case 'B':
            if (parse_number("--b", optarg, &o.params.b) != 0 || o.params.b > 1) {
                util_warn("search: --b is between 0 and 1");
                return UTIL_EXIT_USAGE;
            }
            break;
        case 'n':
            if (util_parse_long(optarg, strlen(optarg), &o.depth) != 0 || o.depth < 1 ||
                o.depth > 1000000) {
                util_warn("search: --depth needs a number from 1 to 1000000, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 't': tc.fields = optarg; break;
        case 'l': tc.lang = optarg; break;
        case 'f': o.topic_file = optarg; break;
        case 'F': o.topic_format = optarg; break;
        case 'T': o.tag = optarg; break;
        case 'o': o.out = optarg; break;
        case 'i': o.import = 1; break;
        case 'q': o.query = optarg; break;
        case 'P': o.pool_qid = optarg; break;
        default:
            return cli_usage_option(cmd, opt);
        }
    }
    if (optind != argc || (o.query != NULL && (o.import || o.topic_file || o.out)) ||
        (o.pool_qid != NULL && o.query == NULL)) {
        return cli_usage_error(cmd);
    }
    char deftag[32];
    if (o.tag == NULL) {
        snprintf(deftag, sizeof deftag, "tj-%s", index_model_name(o.model));
        o.tag = deftag;
    }
    if (cli_name_check("search", "run tag", o.tag) != 0 ||
        cli_name_check("search", "topic", o.pool_qid) != 0)
        return UTIL_EXIT_USAGE;
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(o.campaign, &status);
    if (s == NULL)
        return status;
    status = run_search(s, &o, &tc);
    campaign_queries_free(&tc);
    store_close(&s);
    return status;
}
