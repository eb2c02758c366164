/* cmd_eval.c: `trecjudge eval`, evaluation of run files against qrels, compatible with trec_eval. */
#include <getopt.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "formats/formats.h"
#include "metrics/metrics.h"
#include "report/report.h"
#include "util/util.h"

static const char eval_usage[] =
    "usage: trecjudge eval [OPTIONS] QRELS RUN [RUN...]\n"
    "Evaluates each RUN against QRELS and prints trec_eval's output format.\n"
    "  -q                 also print each topic's values\n"
    "  -c                 average over every qrels topic (a missing topic retrieved nothing)\n"
    "  -J                 drop retrieved documents that are not judged\n"
    "  -M N               evaluate only the top N documents of each topic\n"
    "  -l N               a grade >= N counts as relevant (default 1)\n"
    "  -N N               number of documents in the collection (for utility)\n"
    "  -n                 no summary lines\n"
    "  -m MEASURE[.PARAMS]  select measures (official, all_trec, set, trecjudge, all, qrels_jg,\n"
    "                     all_prefs, prefs,\n"
    "                     or a name)\n"
    "  -R qrels_jg        QRELS has judgment groups (\"qid jg docno rel\"): use -m qrels_jg\n"
    "  -R prefs           QRELS has preferences (\"qid jg jsg docno level\"): use -m all_prefs\n"
    "  -R qrels_prefs     QRELS is read as preferences, one judgment group per jg column\n"
    "  -Z FILE            print z-scores against FILE's \"qid measure mean stddev\" lines\n"
    "  --format FMT       trec (default), tsv or json\n"
    "  --jk-base B        log base of Jarvelin-Kekalainen DCG (default 2)\n"
    "Files may be gzip-compressed; '-' reads a run from standard input.\n";

/* Per qrels topic: what the measures need besides the ranking. */
typedef struct eval_topic {
    const char *qid;
    const formats_qrels_topic *qt;
    /* preference judgments (-R prefs, qrels_prefs): the topic's lines */
    metrics_pref *prefs;
    size_t nprefs;
    long *levels;
    metrics_topic base;       /* rel_levels, num_rel_levels, num_rel */
    /* judgment-group qrels: the same for each group (base.groups points here) */
    long **group_levels;
    metrics_topic *group_base;
} eval_topic;

/* A retrieved document's lookup key, kept in rank order for the second and later groups. */
typedef struct eval_key {
    size_t len;
    uint64_t hash;
} eval_key;

typedef struct eval_ctx {
    const formats_qrels *qrels;
    const metrics_set *set;
    const metrics_params *params;
    const formats_zscores *zscores;   /* -Z, or NULL */
    const formats_prefs *prefs;       /* -R prefs or qrels_prefs, or NULL */
    eval_topic *topics;
    size_t ntopics, nvalues;
    long num_rel_all;         /* judgments with grade > 0 in the whole qrels (num_rel under -c) */
    /* per run */
    double *values;           /* ntopics x nvalues */
    char **strings;
    unsigned char *done;
    /* scratch of the reading thread (judgment-group qrels) */
    metrics_doc *docs;
    size_t docs_cap;
    eval_key *keys;
    size_t keys_cap;
    /* the pipeline: the reading thread ranks each topic into a slot, a second thread
     * computes the measures from it */
    struct eval_slot *slots;
    size_t head, tail;        /* slots [tail, head) are full */
    int closing;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    pthread_t worker;
} eval_ctx;

#define EVAL_SLOTS 64

/* One ranked topic on its way to the measures. */
typedef struct eval_slot {
    size_t topic;
    metrics_topic t;
    long *rels;
    size_t rels_cap;
    metrics_topic *groups;    /* judgment-group qrels: t.groups points here */
    size_t groups_cap;
    /* Plain qrels: the run's documents, copied, ranked by the worker thread (which has
     * spare time) rather than by the reading thread. */
    int to_rank;
    const formats_qrels_topic *qt;
    formats_run_doc *rdocs;
    size_t rdocs_cap, nrdocs;
    char *text;
    size_t text_cap;
    metrics_doc *mdocs;
    size_t mdocs_cap;
} eval_slot;

static long eval_grade(const formats_qrel *j);

/* Looks up the grades of a slot's documents and ranks them (on the worker thread). */
static void eval_slot_rank(eval_ctx *c, eval_slot *sl)
{
    util_grow(&sl->mdocs, &sl->mdocs_cap, sl->nrdocs, sizeof *sl->mdocs);
    util_grow(&sl->rels, &sl->rels_cap, sl->nrdocs, sizeof *sl->rels);
    for (size_t i = 0; i < sl->nrdocs; i++) {
        const formats_run_doc *d = &sl->rdocs[i];
        sl->mdocs[i].score = d->score;
        sl->mdocs[i].docno = d->docno;
        sl->mdocs[i].rel = eval_grade(formats_qrels_lookup(sl->qt, d->docno, d->docno_len, d->hash));
    }
    sl->t = c->topics[sl->topic].base;
    metrics_rank(sl->mdocs, sl->nrdocs, c->params, sl->rels, &sl->t);
    sl->to_rank = 0;
}

static void *eval_worker(void *vctx)
{
    eval_ctx *c = vctx;
    pthread_mutex_lock(&c->lock);
    for (;;) {
        while (c->tail == c->head && !c->closing)
            pthread_cond_wait(&c->changed, &c->lock);
        if (c->tail == c->head)
            break;
        eval_slot *sl = &c->slots[c->tail % EVAL_SLOTS];
        pthread_mutex_unlock(&c->lock);
        if (sl->to_rank)
            eval_slot_rank(c, sl);
        double *row = c->values + sl->topic * c->nvalues;
        char **srow = c->strings + sl->topic * c->nvalues;
        for (size_t i = 0; i < c->nvalues; i++)
            util_free(&srow[i]);
        metrics_set_compute(c->set, c->params, &sl->t, row, srow);
        pthread_mutex_lock(&c->lock);
        c->tail++;
        pthread_cond_broadcast(&c->changed);
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

static void eval_pipeline_start(eval_ctx *c)
{
    c->head = c->tail = 0;
    c->closing = 0;
    if (pthread_create(&c->worker, NULL, eval_worker, c) != 0)
        util_die("cannot start a thread");
}

static void eval_pipeline_stop(eval_ctx *c)
{
    pthread_mutex_lock(&c->lock);
    c->closing = 1;
    pthread_cond_broadcast(&c->changed);
    pthread_mutex_unlock(&c->lock);
    pthread_join(c->worker, NULL);
}

static long eval_grade(const formats_qrel *j)
{
    return j == NULL ? METRICS_NONPOOL : j->rel < 0 ? METRICS_UNJUDGED : j->rel;
}

/* Ranks a topic of judgment-group qrels once per group. The ranking is the same for every
 * group (only the grades differ), so after the first group the documents are already in
 * rank order and each further metrics_rank only checks it. */
static void eval_rank_groups(eval_ctx *c, const eval_topic *et, const formats_run_topic *rt,
                             eval_slot *sl)
{
    const formats_qrels_topic *qt = et->qt;
    size_t n = rt->ndocs, ng = qt->ngroups;
    util_grow(&sl->rels, &sl->rels_cap, n * ng + 1, sizeof *sl->rels);
    util_grow(&sl->groups, &sl->groups_cap, ng + 1, sizeof *sl->groups);
    util_grow(&c->keys, &c->keys_cap, n + 1, sizeof *c->keys);
    util_grow(&c->docs, &c->docs_cap, n + 1, sizeof *c->docs);
    for (size_t g = 0; g < ng; g++) {
        const formats_qrels_topic *gt = &qt->groups[g];
        for (size_t i = 0; i < n; i++) {
            if (g == 0) {
                const formats_run_doc *d = &rt->docs[i];
                c->docs[i].score = d->score;
                c->docs[i].docno = d->docno;
                c->docs[i].rel = eval_grade(formats_qrels_lookup(gt, d->docno, d->docno_len, d->hash));
            } else {
                c->docs[i].rel = eval_grade(formats_qrels_lookup(gt, c->docs[i].docno, c->keys[i].len,
                                                                 c->keys[i].hash));
            }
        }
        sl->groups[g] = et->group_base[g];
        metrics_rank(c->docs, n, c->params, sl->rels + g * n, &sl->groups[g]);
        if (g == 0 && ng > 1) {
            for (size_t i = 0; i < n; i++) {
                c->keys[i].len = strlen(c->docs[i].docno);
                c->keys[i].hash = util_hash(c->docs[i].docno, c->keys[i].len);
            }
        }
    }
    sl->t = et->base;
    sl->t.groups = sl->groups;
}

static int eval_topic_cb(void *vctx, formats_run_topic *rt, util_error *err)
{
    (void)err;
    eval_ctx *c = vctx;
    const formats_qrels_topic *qt = formats_qrels_find(c->qrels, rt->qid);
    if (qt == NULL)
        return 0; /* trec_eval ignores topics that have no judgments */
    size_t ti = (size_t)(qt - c->qrels->topics);
    eval_topic *et = &c->topics[ti];
    /* Wait for a free slot. */
    pthread_mutex_lock(&c->lock);
    while (c->head - c->tail == EVAL_SLOTS)
        pthread_cond_wait(&c->changed, &c->lock);
    eval_slot *sl = &c->slots[c->head % EVAL_SLOTS];
    pthread_mutex_unlock(&c->lock);
    sl->topic = ti;
    if (c->qrels->judgment_groups) {
        eval_rank_groups(c, et, rt, sl);
    } else {
        /* Copy the documents; the worker looks their grades up and ranks them. */
        size_t bytes = 0;
        for (size_t i = 0; i < rt->ndocs; i++)
            bytes += rt->docs[i].docno_len + 1;
        util_grow(&sl->rdocs, &sl->rdocs_cap, rt->ndocs, sizeof *sl->rdocs);
        util_grow(&sl->text, &sl->text_cap, bytes, 1);
        char *p = sl->text;
        for (size_t i = 0; i < rt->ndocs; i++) {
            sl->rdocs[i] = rt->docs[i];
            memcpy(p, rt->docs[i].docno, rt->docs[i].docno_len + 1);
            sl->rdocs[i].docno = p;
            p += rt->docs[i].docno_len + 1;
        }
        sl->nrdocs = rt->ndocs;
        sl->qt = qt;
        sl->to_rank = 1;
    }
    c->done[ti] = 1;
    pthread_mutex_lock(&c->lock);
    c->head++;
    pthread_cond_broadcast(&c->changed);
    pthread_mutex_unlock(&c->lock);
    return 0;
}

/* Scores one topic of a run against preference judgments (no pipeline: the counting
 * dominates). ndocs may be 0 (a topic missing from the run, under -c). */
static int eval_prefs_topic(eval_ctx *c, size_t ti, const formats_run_doc *docs, size_t ndocs,
                            util_error *err)
{
    eval_topic *et = &c->topics[ti];
    util_grow(&c->docs, &c->docs_cap, ndocs + 1, sizeof *c->docs);
    for (size_t i = 0; i < ndocs; i++) {
        c->docs[i].score = docs[i].score;
        c->docs[i].docno = docs[i].docno;
        c->docs[i].rel = 0;
    }
    metrics_prefs counts;
    char msg[256];
    if (metrics_prefs_count(et->prefs, et->nprefs, c->docs, ndocs, c->params, &counts, msg, sizeof msg) != 0)
        return util_error_set(err, UTIL_EXIT_DATA, c->prefs->path, 0, "topic '%s': %s", et->qid, msg);
    metrics_topic t;
    memset(&t, 0, sizeof t);
    t.prefs = &counts;
    double *row = c->values + ti * c->nvalues;
    char **srow = c->strings + ti * c->nvalues;
    for (size_t i = 0; i < c->nvalues; i++)
        util_free(&srow[i]);
    metrics_set_compute(c->set, c->params, &t, row, srow);
    metrics_prefs_free(&counts);
    c->done[ti] = 1;
    return 0;
}

static int eval_prefs_topic_cb(void *vctx, formats_run_topic *rt, util_error *err)
{
    eval_ctx *c = vctx;
    const formats_prefs_topic *pt = formats_prefs_find(c->prefs, rt->qid);
    if (pt == NULL)
        return 0; /* trec_eval ignores topics that have no judgments */
    return eval_prefs_topic(c, (size_t)(pt - c->prefs->topics), rt->docs, rt->ndocs, err);
}

/* Reads a run against preference judgments: 0, FORMATS_RUN_UNGROUPED or -1. */
static int eval_read_prefs(eval_ctx *c, const char *path, enum formats_run_mode mode,
                           formats_run_info *info, util_error *err)
{
    return formats_run_read(path, mode | FORMATS_ANY_BYTES, eval_prefs_topic_cb, c, info, err);
}

static void eval_reset(eval_ctx *c)
{
    memset(c->done, 0, c->ntopics);
}

/* trec_eval's value for a topic or measure that the z-score file has no reference for. */
#define EVAL_Z_MISSING (-1000000.0)

/* -Z: every topic's values become z-scores, (value - mean) / stddev, before the summary is
 * computed from them as usual (so num_q, and num_rel under -c, stay counts). As in
 * trec_eval, a value with no reference in the file becomes -1000000, and with a standard
 * deviation of 0 it becomes 0 when it equals the mean and -1000000 otherwise. */
static void eval_zscores(eval_ctx *c)
{
    for (size_t q = 0; q < c->ntopics; q++) {
        const char *qid = c->topics[q].qid;
        double *row = c->values + q * c->nvalues;
        for (size_t i = 0; i < c->nvalues; i++) {
            const formats_zscore *z = formats_zscores_find(c->zscores, qid, metrics_set_name(c->set, i));
            if (z == NULL)
                row[i] = EVAL_Z_MISSING;
            else if (z->stddev != 0.0)
                row[i] = (row[i] - z->mean) / z->stddev;
            else
                row[i] = row[i] == z->mean ? 0.0 : EVAL_Z_MISSING;
        }
    }
}

static void z_line(util_out *o, const char *name, const char *qid, double v)
{
    util_out_char(o, 'Z');
    util_out_padded(o, name, 22);
    util_out_char(o, '\t');
    util_out_str(o, qid);
    util_out_char(o, '\t');
    util_out_fixed4(o, v);
    util_out_char(o, '\n');
}

/* trec_eval's text output under -Z: a 'Z' before each value's name and every value,
 * integer counts included, printed %6.4f; relstring and runid are printed as usual. */
static void eval_print_zscores(const report_eval *rep, const report_run *run)
{
    const metrics_set *s = rep->set;
    size_t nv = metrics_set_size(s);
    util_out *o = rep->out;
    if (rep->per_topic) {
        for (size_t q = 0; q < run->ntopics; q++) {
            for (size_t i = 0; i < nv; i++) {
                if (!metrics_set_per_topic(s, i))
                    continue;
                if (metrics_set_kind(s, i) == METRICS_STRING) {
                    const char *str = run->strings[q * nv + i];
                    util_out_padded(o, metrics_set_name(s, i), 22);
                    util_out_printf(o, "\t%s\t'%s'\n", run->qids[q], str != NULL ? str : "");
                } else {
                    z_line(o, metrics_set_name(s, i), run->qids[q], run->per_topic[q * nv + i]);
                }
            }
        }
    }
    if (rep->summary) {
        for (size_t i = 0; i < nv; i++) {
            if (!metrics_set_in_summary(s, i))
                continue;
            if (metrics_set_is_runid(s, i)) {
                util_out_padded(o, "runid", 22);
                util_out_printf(o, "\tall\t%s\n", run->tag);
            } else {
                z_line(o, metrics_set_name(s, i), "all", run->summary[i]);
            }
        }
    }
}

/* Evaluates one run file; returns an exit status. */
static int eval_run(eval_ctx *c, const char *path, report_eval *rep)
{
    util_error err = { 0, "" };
    formats_run_info info;
    eval_reset(c);
    /* A run whose topics are interleaved is read a second time; standard input, a pipe
     * (eval QRELS <(cmd)) or a device cannot be: those are kept whole at once. */
    struct stat st;
    enum formats_run_mode mode = strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode)
                                     ? FORMATS_RUN_STREAM : FORMATS_RUN_GROUP;
    int rc;
    if (c->prefs != NULL) {
        rc = eval_read_prefs(c, path, mode, &info, &err);
    } else {
        eval_pipeline_start(c);
        rc = formats_run_read(path, mode | FORMATS_ANY_BYTES, eval_topic_cb, c, &info, &err);
        eval_pipeline_stop(c);
    }
    if (rc == FORMATS_RUN_UNGROUPED) {
        /* The topics' lines are interleaved: read again, keeping the whole run. */
        formats_run_info_free(&info);
        eval_reset(c);
        if (c->prefs != NULL) {
            rc = eval_read_prefs(c, path, FORMATS_RUN_GROUP, &info, &err);
        } else {
            eval_pipeline_start(c);
            rc = formats_run_read(path, FORMATS_RUN_GROUP | FORMATS_ANY_BYTES, eval_topic_cb, c,
                                  &info, &err);
            eval_pipeline_stop(c);
        }
    }
    if (rc != 0) {
        util_warn("%s", err.msg);
        formats_run_info_free(&info);
        return err.code ? err.code : UTIL_EXIT_INPUT;
    }
    const char **qids = util_malloc(c->ntopics * sizeof *qids);
    for (size_t i = 0; i < c->ntopics; i++) {
        qids[i] = c->topics[i].qid;
        if (c->done[i])
            continue;
        if (!c->params->average_complete) {
            util_warn("%s: topic '%s' is in the qrels but not in the run "
                      "(use -c to score it as retrieving nothing)", path, qids[i]);
            free(qids);
            formats_run_info_free(&info);
            return UTIL_EXIT_DATA;
        }
        if (c->prefs != NULL) {
            /* Nothing retrieved: every preference is one that does not occur. */
            if (eval_prefs_topic(c, i, NULL, 0, &err) != 0) {
                util_warn("%s", err.msg);
                free(qids);
                formats_run_info_free(&info);
                return err.code;
            }
            continue;
        }
        char **srow = c->strings + i * c->nvalues;
        for (size_t k = 0; k < c->nvalues; k++)
            util_free(&srow[k]);
        metrics_set_compute_missing(c->set, c->params, &c->topics[i].base,
                                    c->values + i * c->nvalues, srow);
    }
    if (c->zscores != NULL)
        eval_zscores(c);
    double *summary = util_malloc((c->nvalues ? c->nvalues : 1) * sizeof *summary);
    metrics_set_summarize(c->set, c->params, c->values, c->ntopics, c->num_rel_all, summary);
    report_run run = { info.tag, qids, c->ntopics, c->values, c->strings, summary };
    if (c->zscores != NULL)
        eval_print_zscores(rep, &run);
    else
        report_eval_run(rep, &run);
    free(summary);
    free(qids);
    formats_run_info_free(&info);
    return UTIL_EXIT_OK;
}

static int parse_long_opt(const char *opt, const char *arg, long *out)
{
    if (util_parse_long(arg, strlen(arg), out) != 0) {
        util_warn("eval: option -%s needs an integer, not '%s'", opt, arg);
        return -1;
    }
    return 0;
}

int cli_eval(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "help", no_argument, NULL, 'h' },
        { "format", required_argument, NULL, 'F' },
        { "jk-base", required_argument, NULL, 'B' },
        { "query_eval_wanted", no_argument, NULL, 'q' },
        { "measure", required_argument, NULL, 'm' },
        { "complete_rel_info_wanted", no_argument, NULL, 'c' },
        { "level_for_rel", required_argument, NULL, 'l' },
        { "nosummary", no_argument, NULL, 'n' },
        { "Judged_docs_only", no_argument, NULL, 'J' },
        { "Number_docs_in_coll", required_argument, NULL, 'N' },
        { "Max_retrieved_per_topic", required_argument, NULL, 'M' },
        { "Rel_info_format", required_argument, NULL, 'R' },
        { "Results_format", required_argument, NULL, 'T' },
        { "Zscore", required_argument, NULL, 'Z' },
        { NULL, 0, NULL, 0 }
    };
    metrics_params params;
    metrics_params_init(&params);
    metrics_set *set = metrics_set_new();
    report_format format = REPORT_TREC;
    int per_topic = 0, summary = 1, judgment_groups = METRICS_QRELS_PLAIN, prefs_from_qrels = 0;
    const char *zscores_path = NULL;
    char msg[512];
    int status = UTIL_EXIT_USAGE;
    formats_qrels *qrels = NULL;
    formats_zscores *zscores = NULL;
    formats_prefs *prefs = NULL;
    eval_ctx c;
    memset(&c, 0, sizeof c);
    optind = 1;
    int opt;
    while ((opt = getopt_long(argc, argv, "hqm:cl:nD:JN:M:R:T:Z:", longopts, NULL)) != -1) {
        long v;
        switch (opt) {
        case 'h':
            fputs(eval_usage, stdout);
            status = UTIL_EXIT_OK;
            goto out;
        case 'q':
            per_topic = 1;
            break;
        case 'c':
            params.average_complete = 1;
            break;
        case 'J':
            params.judged_only = 1;
            break;
        case 'n':
            summary = 0;
            break;
        case 'D':
            break; /* trec_eval's debug level: accepted and ignored */
        case 'l':
            if (parse_long_opt("l", optarg, &v) != 0)
                goto out;
            params.relevance_level = v;
            break;
        case 'M':
            if (parse_long_opt("M", optarg, &v) != 0)
                goto out;
            params.max_docs = v;
            break;
        case 'N':
            if (parse_long_opt("N", optarg, &v) != 0)
                goto out;
            params.num_docs_in_coll = v;
            break;
        case 'm':
            if (metrics_set_select(set, optarg, msg, sizeof msg) != 0) {
                util_warn("eval: %s", msg);
                goto out;
            }
            break;
        case 'R':
            if (strcmp(optarg, "qrels") == 0) {
                judgment_groups = 0;
            } else if (strcmp(optarg, "qrels_jg") == 0) {
                judgment_groups = METRICS_QRELS_GROUPS;
            } else if (strcmp(optarg, "prefs") == 0) {
                judgment_groups = METRICS_QRELS_PREFS;
                prefs_from_qrels = 0;
            } else if (strcmp(optarg, "qrels_prefs") == 0) {
                judgment_groups = METRICS_QRELS_PREFS;
                prefs_from_qrels = 1;
            } else {
                util_warn("eval: qrels format '%s' is not supported "
                          "(only 'qrels', 'qrels_jg', 'prefs' and 'qrels_prefs')", optarg);
                goto out;
            }
            break;
        case 'T':
            if (strcmp(optarg, "trec_results") != 0) {
                util_warn("eval: results format '%s' is not supported (only 'trec_results')", optarg);
                goto out;
            }
            break;
        case 'Z':
            zscores_path = optarg;
            break;
        case 'F':
            if (report_format_parse(optarg, &format) != 0) {
                util_warn("eval: unknown --format '%s' (trec, tsv or json)", optarg);
                goto out;
            }
            break;
        case 'B': {
            double b;
            if (util_parse_double(optarg, strlen(optarg), &b) != 0 || !(b > 1.0)) {
                util_warn("eval: --jk-base needs a number greater than 1, not '%s'", optarg);
                goto out;
            }
            params.jk_base = b;
            break;
        }
        default:
            fputs(eval_usage, stderr);
            goto out;
        }
    }
    if (argc - optind < 2) {
        fputs(eval_usage, stderr);
        goto out;
    }
    if (metrics_set_empty(set))
        metrics_set_select(set, "official", msg, sizeof msg);
    if (metrics_set_finish(set, msg, sizeof msg) != 0 ||
        metrics_set_check_qrels(set, judgment_groups, msg, sizeof msg) != 0) {
        util_warn("eval: %s", msg);
        goto out;
    }
    if (zscores_path != NULL && format != REPORT_TREC) {
        util_warn("eval: -Z works only with --format trec");
        goto out;
    }
    util_error err = { 0, "" };
    if (judgment_groups == METRICS_QRELS_PREFS) {
        if ((prefs = formats_prefs_read(argv[optind], prefs_from_qrels, &err)) == NULL) {
            util_warn("%s", err.msg);
            status = err.code ? err.code : UTIL_EXIT_INPUT;
            goto out;
        }
    } else {
        /* trec_eval takes names as any bytes: so does eval (a campaign has the name rule) */
        qrels = formats_qrels_read_flags(argv[optind], FORMATS_ANY_BYTES |
                                         (judgment_groups ? FORMATS_QRELS_JG : 0), &err);
    }
    if (qrels == NULL && prefs == NULL) {
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_INPUT;
        goto out;
    }
    if (zscores_path != NULL && (zscores = formats_zscores_read(zscores_path, &err)) == NULL) {
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_INPUT;
        goto out;
    }
    c.qrels = qrels;
    c.prefs = prefs;
    c.zscores = zscores;
    c.set = set;
    c.params = &params;
    c.ntopics = prefs != NULL ? prefs->ntopics : qrels->ntopics;
    c.nvalues = metrics_set_size(set);
    c.topics = util_calloc(c.ntopics ? c.ntopics : 1, sizeof *c.topics);
    for (size_t i = 0; prefs != NULL && i < c.ntopics; i++) {
        const formats_prefs_topic *pt = &prefs->topics[i];
        eval_topic *et = &c.topics[i];
        et->qid = pt->qid;
        et->nprefs = pt->n;
        et->prefs = util_malloc((pt->n ? pt->n : 1) * sizeof *et->prefs);
        for (size_t k = 0; k < pt->n; k++) {
            et->prefs[k].jg = pt->prefs[k].jg;
            et->prefs[k].jsg = pt->prefs[k].jsg;
            et->prefs[k].docno = pt->prefs[k].docno;
            et->prefs[k].level = pt->prefs[k].level;
        }
    }
    for (size_t i = 0; qrels != NULL && i < qrels->nlines; i++)
        if (qrels->all[i].rel > 0)
            c.num_rel_all++;
    long *grades = NULL;
    size_t grades_cap = 0;
    for (size_t i = 0; qrels != NULL && i < c.ntopics; i++) {
        const formats_qrels_topic *qt = &qrels->topics[i];
        eval_topic *et = &c.topics[i];
        et->qt = qt;
        et->qid = qt->qid;
        /* Ordinary qrels: the topic itself; judgment-group qrels: each of its groups. */
        size_t ng = qrels->judgment_groups ? qt->ngroups : 0;
        if (ng > 0) {
            et->group_levels = util_calloc(ng, sizeof *et->group_levels);
            et->group_base = util_calloc(ng, sizeof *et->group_base);
            et->base.groups = et->group_base;
            et->base.ngroups = (long)ng;
        }
        for (size_t g = 0; g < (ng > 0 ? ng : 1); g++) {
            const formats_qrels_topic *jt = ng > 0 ? &qt->groups[g] : qt;
            util_grow(&grades, &grades_cap, jt->n + 1, sizeof *grades);
            for (size_t k = 0; k < jt->n; k++)
                grades[k] = jt->qrels[k].rel;
            size_t nl = metrics_levels_size(grades, jt->n);
            long *levels = util_calloc(nl ? nl : 1, sizeof *levels);
            if (ng > 0) {
                et->group_levels[g] = levels;
                metrics_levels(grades, jt->n, &params, levels, &et->group_base[g]);
            } else {
                et->levels = levels;
                metrics_levels(grades, jt->n, &params, levels, &et->base);
            }
        }
    }
    free(grades);
    size_t cells = c.ntopics * (c.nvalues ? c.nvalues : 1);
    c.values = util_calloc(cells, sizeof *c.values);
    c.strings = util_calloc(cells, sizeof *c.strings);
    c.done = util_calloc(c.ntopics ? c.ntopics : 1, 1);
    c.slots = util_calloc(EVAL_SLOTS, sizeof *c.slots);
    pthread_mutex_init(&c.lock, NULL);
    pthread_cond_init(&c.changed, NULL);
    util_out out;
    util_out_init(&out, stdout);
    report_eval rep = { &out, format, set, per_topic, summary, 0 };
    report_eval_begin(&rep);
    status = UTIL_EXIT_OK;
    for (int a = optind + 1; a < argc && status == UTIL_EXIT_OK; a++)
        status = eval_run(&c, argv[a], &rep);
    if (status == UTIL_EXIT_OK)
        report_eval_end(&rep);
    if (util_out_flush(&out) != 0 || fflush(stdout) != 0) {
        util_warn("eval: cannot write the output");
        if (status == UTIL_EXIT_OK)
            status = UTIL_EXIT_SYSTEM;
    }
    util_out_free(&out);
out:
    if (c.topics != NULL) {
        for (size_t i = 0; i < c.ntopics; i++) {
            eval_topic *et = &c.topics[i];
            free(et->levels);
            free(et->prefs);
            for (long g = 0; et->group_levels != NULL && g < et->base.ngroups; g++)
                free(et->group_levels[g]);
            free(et->group_levels);
            free(et->group_base);
        }
    }
    if (c.strings != NULL)
        for (size_t i = 0; i < c.ntopics * c.nvalues; i++)
            free(c.strings[i]);
    free(c.topics);
    free(c.values);
    free(c.strings);
    free(c.done);
    free(c.docs);
    free(c.keys);
    if (c.slots != NULL) {
        for (size_t i = 0; i < EVAL_SLOTS; i++) {
            free(c.slots[i].rels);
            free(c.slots[i].groups);
            free(c.slots[i].rdocs);
            free(c.slots[i].text);
            free(c.slots[i].mdocs);
        }
        free(c.slots);
        pthread_mutex_destroy(&c.lock);
        pthread_cond_destroy(&c.changed);
    }
    formats_zscores_free(&zscores);
    formats_qrels_free(&qrels);
    formats_prefs_free(&prefs);
    metrics_set_free(&set);
    return status;
}
