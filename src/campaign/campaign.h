/* campaign.h: what the commands do with a campaign (replay, pooling, imports, search). */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_CAMPAIGN_H
#define TJ_CAMPAIGN_H

#include "assess/assess.h"
#include "formats/formats.h"
#include "index/index.h"
#include "learn/learn.h"
#include "pool/pool.h"
#include "report/report.h"
#include "store/store.h"
#include "util/util.h"

/* How several assessors' grades of a document become one (as `qrels export --policy`). */
typedef enum campaign_policy {
    CAMPAIGN_POLICY_MAX, CAMPAIGN_POLICY_MAJORITY, CAMPAIGN_POLICY_MEAN, CAMPAIGN_POLICY_PRIMARY
} campaign_policy;
/* Parses max, majority, mean or primary=NAME (primary then points into name); -1 when
 * name is none of them. */
int campaign_policy_parse(const char *name, campaign_policy *p, const char **primary);
/* 0 when primary (NULL: none) is an assessor of the campaign; else -1, err set (exit 3). */
int campaign_policy_check(store *s, const char *primary, util_error *err);
/* The grade a policy gives a document from its n grades: -1 only when no one gave a grade
 * of 0 or more; max; majority (ties to the higher grade); mean (rounded, halves up);
 * primary (primary_grade when it is 0 or more, else max). */
long campaign_policy_grade(campaign_policy p, const long *grades, size_t n, long primary_grade);

/* Writes the campaign's judgments as TREC qrels ("qid iter docno grade"; iter 0 when
 * several assessors judged the document, whose grade the policy gives), or with
 * per_assessor every assessor's judgment ("qid assessor docno grade"); per_assessor 2 adds
 * the iteration column as a fifth field ("qid assessor docno grade iter"), the form
 * `qrels import --per-assessor` reads back whole. */
int campaign_qrels_write(store *s, campaign_policy pol, const char *primary, int per_assessor,
                         util_out *out, util_error *err);

typedef struct campaign_report_opts {
    const char *command;          /* for messages */
    const char *measures;         /* comma-separated -m specs, NULL: the leaderboard's */
    double rbp_p;
    long relevance_level;
    int relevance_level_set;      /* else the campaign's (1 for files) */
    long checkpoint_every;        /* a checkpoint every N history entries (0: none) */
    campaign_policy policy;       /* default max, as qrels export */
    const char *primary;
} campaign_report_opts;

typedef struct campaign_live {
    report_live *live;
    store *store;                 /* NULL for files */
    struct campaign_replay *replay;
    int64_t last;                 /* the last history entry replayed */
    long changes, checkpoint_every;
    campaign_policy policy;
    const char *primary;
    long *checkpoint_at;          /* judgments at each checkpoint */
    size_t ncheckpoints, checkpoint_cap;
} campaign_live;

/* The defaults: the leaderboard's measures, RBP's p 0.8, the campaign's level, max. */
void campaign_report_opts_init(campaign_report_opts *o, const char *command);
/* Opens the live report of the campaign s (taken over: closed by campaign_live_close), its
 * rankings loaded and its history replayed, or, with s NULL, of files: QRELS then RUN files
 * (nfiles >= 2). Returns 0, or -1 with err set (err->code is the exit status; c is then
 * closed already). */
int campaign_live_open(campaign_live *c, store *s, char **files, int nfiles,
                       const campaign_report_opts *o, util_error *err);
/* Replays the history entries written since the last call (campaign only). */
int campaign_live_update(campaign_live *c, util_error *err);
void campaign_live_close(campaign_live *c);
/* The whole report as one self-contained HTML page (report_html.c): the leaderboard by
 * measure sort, runs lettered, each value with the letters of the runs it is significantly
 * better than (test, corr, p < 0.05, as the text leaderboard), every plot of every run
 * (curves to depth), a section per run (its value of the sort measure on each topic beside
 * the best, median and worst over the runs), and,
 * for a campaign, the pool and the judging progress per topic and assessor (grades of at
 * least relevance_level relevant; CAMPAIGN_LEVEL_DEFAULT: the campaign's). Returns 0, or -1
 * with err set. */
#define CAMPAIGN_LEVEL_DEFAULT (-1000000L)
int campaign_report_html(campaign_live *c, size_t sort, size_t depth, long relevance_level,
                         metrics_test test, metrics_correction corr, const char *title,
                         util_out *o, util_error *err);

/* ---- Pooling (pool.c): run files or a campaign's runs pooled, per topic ---- */

/* One run's full ranking of one topic (kept for the bias report). */
typedef struct campaign_pool_ranking {
    uint32_t run;
    size_t n;
    char **docnos;
} campaign_pool_ranking;

typedef struct campaign_pool_topic {
    char *qid;
    int64_t topic_id;
    pool_topic *pool;
    campaign_pool_ranking *saved;
    size_t nsaved, capsaved;
} campaign_pool_topic;

/* Per-topic depths ("qid K"). */
typedef struct campaign_pool_depth {
    char *qid;
    size_t depth;
} campaign_pool_depth;

typedef struct campaign_pool {
    pool_params params;
    campaign_pool_depth *depths;
    size_t ndepths, capdepths;
    campaign_pool_topic *topics;
    size_t ntopics, captopics;
    size_t last;                 /* topic found last (runs list topics in the same order) */
    char **tags;                 /* run number -> tag */
    size_t nruns, capruns;
    int64_t *run_ids;            /* campaign: run number -> run id */
    char **only;                 /* campaign: the runs that feed the pool (NULL: all) */
    size_t nonly;
    int keep;                    /* keep full rankings (--bias) */
    uint32_t cur_run;
    pool_scored *scored;
    size_t capscored;
    const char **docnos;
    size_t capdocnos;
    store *s;                    /* campaign mode */
    util_error *err;
} campaign_pool;

/* Which parameters the command line gave (the others come from the campaign's settings). */
typedef struct campaign_pool_given {
    int strategy, depth, budget, rbp_p, order, seed, runs;
} campaign_pool_given;

/* Frees what c holds (not c->s, the campaign, which the caller closes). */
void campaign_pool_free(campaign_pool *c);
/* Sets topic qid's depth (a later call for the same topic wins). */
int campaign_pool_set_depth(campaign_pool *c, const char *qid, size_t depth);
/* Sets the campaign's runs that feed the pool: tags separated by commas ("all" or "": every
 * run); a tag that is not a name is an error (exit 1). Recorded as pool.runs when the pool
 * is written; reading the campaign fails (exit 3) when one of them is not a run of it. */
int campaign_pool_set_runs(campaign_pool *c, const char *tags, util_error *err);
/* Reads run files into the pools (and keeps full rankings under c->keep). */
int campaign_pool_read_files(campaign_pool *c, char **paths, int npaths, util_error *err);
/* Reads the campaign's runs (c->s; c->only when set) into the pools. */
int campaign_pool_read_campaign(campaign_pool *c, util_error *err);
/* Takes the campaign's pool.* settings for what g says the command line did not give. */
int campaign_pool_load_settings(campaign_pool *c, const campaign_pool_given *g, util_error *err);
/* Takes the campaign's pool.depth.QID settings for the topics with no depth yet. */
int campaign_pool_topic_depths(campaign_pool *c, util_error *err);
/* Finishes every topic's pool and orders the topics by qid. */
void campaign_pool_finish(campaign_pool *c);
/* Adds to the campaign's pool the documents not pooled yet (after each topic's last
 * position), in short transactions, then records the settings; with dry_run only counts.
 * added: documents added (or that would be); before: documents pooled before. */
int campaign_pool_persist(campaign_pool *c, int dry_run, size_t *added, size_t *before,
                          util_error *err);
/* The document a live strategy (c->params) proposes next for topic qid after the
 * campaign's judgments (relevant: grade >= level), as the assessment screen gets it:
 * *docno (to free) or NULL when none is left; judged of candidates. */
int campaign_pool_next(campaign_pool *c, const char *qid, long level, char **docno,
                       size_t *judged, size_t *candidates, util_error *err);

/* `pool --strategy cal` on a campaign: nothing is pooled (documents join the pool as they
 * are judged); checks that the campaign has a search index (else -1, err saying to build
 * it, exit 3) and records the settings unless dry_run. */
int campaign_pool_cal(campaign_pool *c, int dry_run, util_error *err);

/* What pool writes: the forms of its documents, and the formats of its reports. */
enum {
    CAMPAIGN_EXPORT_NONE, CAMPAIGN_EXPORT_LIST, CAMPAIGN_EXPORT_QRELS, CAMPAIGN_EXPORT_RUN,
    CAMPAIGN_EXPORT_JSONL
};
enum { CAMPAIGN_FMT_TABLE, CAMPAIGN_FMT_TSV, CAMPAIGN_FMT_JSON };

/* Document i of n of topic qid's pool in form: list "qid docno", qrels "qid 0 docno -1",
 * run "qid Q0 docno rank score pool" (score n - i). */
void campaign_pool_write_doc(util_out *o, int form, const char *qid, const char *docno, size_t i,
                             size_t n);
/* Every topic's pool (finished) in form. */
void campaign_pool_write(util_out *o, const campaign_pool *c, int form);
/* The campaign's pool table in form, topic by topic in position order. qrels carries each
 * document's grade under the default policy (max; -1: nobody graded it); jsonl writes one
 * object a document: topic, fields (by field, then language), docno, title, text (null:
 * no text in the campaign) and grade (null: unjudged). unjudged keeps only documents
 * nobody graded. */
int campaign_pool_write_campaign(store *s, util_out *o, int form, int unjudged, util_error *err);
/* The tables of the pool's statistics. */
enum {
    CAMPAIGN_STATS_ALL,      /* every table (the only choice in JSON) */
    CAMPAIGN_STATS_TOPICS,   /* per topic, then "all" */
    CAMPAIGN_STATS_RUNS,     /* per run */
    CAMPAIGN_STATS_OVERLAP   /* per pair of runs */
};
/* Per topic: pooled documents, contributing runs, documents one run only contributed; per
 * run: documents contributed and unique ones; with overlap, each pair of runs' shared
 * documents. fmt: CAMPAIGN_FMT_*. table (CAMPAIGN_STATS_*) chooses one of the tables; TSV
 * is always one table with one header line (ALL: the topics), JSON always every table.
 * The overlap table is computed when chosen, even without overlap. */
void campaign_pool_write_stats(util_out *o, const campaign_pool *c, int fmt, int overlap,
                               int table);

/* Docnos, owned. */
typedef struct campaign_docnos {
    char **docnos;
    size_t n, cap;
} campaign_docnos;
/* Appends the documents of the campaign's pool of a topic, in position order, to list. */
int campaign_pool_list(store *s, int64_t topic_id, campaign_docnos *list, util_error *err);

/* A campaign's (or a qrels file's) judgments by topic, several assessors' grades of a
 * document merged by the policy. */
typedef struct campaign_judged_topic {
    char *qid;
    char **docnos;     /* sorted by strcmp */
    long *grades;      /* negative: pooled, not judged */
    size_t n, capd, capg;
} campaign_judged_topic;

typedef struct campaign_judged {
    campaign_judged_topic *t;
    size_t n, cap;
    /* several assessors' grades of a document merged by the policy (pool --policy, as
     * `qrels export`): the last document's grades so far */
    campaign_policy policy;
    const char *primary;
    long *votes;
    size_t nvotes, capvotes;
    long primary_grade;
} campaign_judged;

/* The campaign's judgments (merged by j->policy, j->primary). */
int campaign_judged_read_campaign(campaign_judged *j, store *s, util_error *err);
/* A qrels file's judgments. */
int campaign_judged_read_file(campaign_judged *j, const char *path, util_error *err);
const campaign_judged_topic *campaign_judged_find(const campaign_judged *j, const char *qid);
void campaign_judged_free(campaign_judged *j);
/* The leave-one-run-out report of the pool c (with its full rankings kept) against j
 * (relevant: grade >= level): each run's MAP with and without its unique documents, and
 * its rank before and after. */
int campaign_pool_write_bias(util_out *o, const campaign_pool *c, const campaign_judged *j,
                             long level, int fmt);

/* ---- Search (search.c): the queries of a campaign's topics, a search run stored ---- */

/* One topic's query text. */
typedef struct campaign_query {
    char *qid;
    char *text;
} campaign_query;

typedef struct campaign_queries {
    campaign_query *t;
    size_t n, cap;
    const char *fields;   /* "title+description" */
    const char *lang;     /* NULL: en when present, else the first */
} campaign_queries;

/* The ranking of one topic, scores rounded to what is printed. */
typedef struct campaign_ranking {
    index_hit *hits;
    size_t n;
} campaign_ranking;


/* The queries of the campaign's topics: the fields c->fields ("title+description") in
 * c->lang (NULL: en when there, else the first); a topic with none is skipped, with a
 * warning. */
int campaign_queries_read_campaign(store *s, campaign_queries *c, util_error *err);
/* The same from a topic file in format (NULL: auto; "docs": a TREC document file whose
 * DOCNO is the topic id and whose title and text are the query). */
/* Topics written as TREC documents (<DOC><DOCNO>, as CACM's): the one reader of search
 * --topic-format docs and topics import --format docs; a topic's text is the document's
 * title and text (allocated). */
int campaign_doc_topics_read(const char *path, formats_doc_fn fn, void *ctx, util_error *err);
char *campaign_doc_topic_text(const formats_doc *d);
int campaign_queries_read_file(campaign_queries *c, const char *path, const char *format,
                               util_error *err);
void campaign_queries_free(campaign_queries *c);
/* The top k documents for the query text (hits has room for k), their scores rounded to
 * what a run file prints ("%.10g") and ranked again on them (score, then docno,
 * descending), so that trec_eval's order of the printed run is exactly its ranks. */
void campaign_search_query(index_inverted *idx, const char *text, index_model m,
                           const index_params *p, size_t k, index_hit *hits, size_t *n);
/* A score as a run file prints it, into buf (32 bytes at least). */
void campaign_search_score(char *buf, size_t size, double score);
/* Ranks each query of tc as campaign_search_query does into r (tc->n entries; each hits
 * allocated, freed by the caller), writes its run lines ("qid Q0 docno rank score tag") to
 * o unless o is NULL, and sets *checksum and *lines as campaign_search_import wants them.
 * Returns 0, or -1 when o cannot be written. */
int campaign_search_run(index_inverted *idx, const campaign_queries *tc, index_model m,
                        const index_params *p, size_t k, const char *tag, campaign_ranking *r,
                        util_out *o, uint64_t *checksum, size_t *lines);
/* Stores the rankings r (one per query of tc) as run tag, as `runs import` does: under the
 * import lock, in short transactions, invisible until published; checksum recognises it
 * when imported again (then nothing changes). Says what it stored on stderr. */
int campaign_search_import(store *s, const char *tag, const campaign_queries *tc,
                           const campaign_ranking *r, uint64_t checksum, size_t lines,
                           util_error *err);
/* Adds the hits to topic qid's pool after what it holds, with the source "search" (a
 * document pooled already keeps its place and source); returns the number added, or -1. */
int64_t campaign_pool_add_found(store *s, const char *qid, const index_hit *hits, size_t n,
                                util_error *err);

/* ---- The search index (index.c) ---- */

/* Opens the campaign's search index, building it or adding the documents imported since
 * (want: the analysis required, NULL to keep the index's; rebuild: start over); writes it
 * when it changed, saying so on stderr (verbose: with its figures and a progress bar). */
int campaign_index_update(store *s, const index_analyzer *want, int rebuild, int verbose,
                          index_inverted **out, util_error *err);

/* ---- Importing runs (import.c) ---- */

typedef struct campaign_run_imported {
    int64_t before;               /* the same bytes were imported before (that import), or 0 */
    char tag[UTIL_NAME_MAX + 1];  /* the run's tag: --tag, else its first line's */
    size_t ntopics, ndocs;
} campaign_run_imported;

/* Stores the run file at path (not standard input: it is recognised by its checksum when
 * imported again, which changes nothing) as `runs import` does; tag_opt (NULL: the file's)
 * names the run; with replace, a run of that tag is replaced (in the transaction that
 * publishes the new one). The caller holds the import lock. Rankings are stored in trec_eval order;
 * a run whose topics are interleaved is read a second time. On an error the campaign is
 * left as it was. */
int campaign_run_import(store *s, const char *path, const char *tag_opt, int replace,
                        campaign_run_imported *res, util_error *err);

/* ---- The settings a user may set (settings.c) ---- */

typedef struct campaign_setting {
    const char *key;
    const char *fallback;      /* the value when the campaign has none */
    const char *values;        /* the allowed values, space-separated, or NULL */
    const char *about;         /* one line */
} campaign_setting;

/* Setting i (NULL past the last), and the setting of a key (NULL: not one of them). */
const campaign_setting *campaign_setting_at(size_t i);
const campaign_setting *campaign_setting_find(const char *key);
/* 0 when value is one the setting accepts, else -1 with err saying which it accepts. */
int campaign_setting_check(const campaign_setting *st, const char *value, util_error *err);

/* ---- Assessors' judgments for their agreement (agreement.c) ---- */

/* One judgment: item (document of a topic), assessor, grade. */
typedef struct campaign_vote {
    size_t item, assessor;
    long grade;
} campaign_vote;

typedef struct campaign_votes {
    char **items;          /* "qid\tdocno", in the order first seen */
    size_t nitems, items_cap;
    char **assessors;      /* in name order after campaign_votes_finish */
    size_t nassessors, assessors_cap;
    campaign_vote *votes;
    size_t nvotes, votes_cap;
    long *grade_of;        /* after finish: [item * nassessors + assessor], -1: not judged */
} campaign_votes;

/* Adds the campaign's judgments (grade -1, pooled but not judged, is not a vote). */
int campaign_votes_read_campaign(campaign_votes *v, store *s, util_error *err);
/* Adds a per-assessor qrels file's ("qid assessor docno grade", qrels export
 * --per-assessor). */
int campaign_votes_read_file(campaign_votes *v, const char *path, util_error *err);
/* Orders the assessors by name and fills grade_of. */
void campaign_votes_finish(campaign_votes *v);
void campaign_votes_free(campaign_votes *v);

/* ---- Adjudication (adjudicate.c): the organizer's final grades of disputed documents,
 * kept apart from the assessors' judgments (store_adjudication_set) ---- */

/* Parses "adjudicated" or "adjudicated,FALLBACK" (FALLBACK as campaign_policy_parse, for
 * documents without adjudication; default max): 1 when name is one, 0 when it is not
 * (another policy), -1 when FALLBACK is not a policy. */
int campaign_policy_parse_adjudicated(const char *name, campaign_policy *fallback,
                                      const char **primary);
/* campaign_qrels_write with the adjudicated grade of every adjudicated document, and the
 * fallback policy's for the others. */
int campaign_qrels_write_adjudicated(store *s, campaign_policy fallback, const char *primary,
                                     util_out *out, util_error *err);

/* How often adjudication sided with each assessor of votes (by index). */
typedef struct campaign_adjudication_tally {
    size_t adjudicated;           /* adjudicated documents */
    size_t *judged;               /* [assessor]: of them, judged by the assessor */
    size_t *sided;                /* [assessor]: of those, given the assessor's grade */
} campaign_adjudication_tally;
/* Reads the campaign's adjudications against votes (campaign_votes_finish done). */
int campaign_adjudication_tally_read(campaign_adjudication_tally *t, store *s,
                                     const campaign_votes *v, util_error *err);
void campaign_adjudication_tally_free(campaign_adjudication_tally *t);

/* ---- The assessment screen's campaign (assess.c) ---- */

/* Gives the session the collection search (when the campaign has an index, brought up to
 * date first; a warning when it cannot be used) and the live strategy the campaign was
 * pooled with (pool.strategy mtf, maxmean or cal, pool.budget). Returns 0, or -1 with err
 * set when the strategy is cal and the campaign has no search index (exit 3). */
int campaign_assess_attach(store *s, assess_session *a, util_error *err);

/* ---- The bodies of the docs, topics and qrels imports (import.c) ----
 * Each reads the file at path, starts the import with store_import_begin when it has rows
 * to write, stores them under im->id with store_batch_yield between rows, and returns, with
 * the last transaction still open, the number of items stored (documents, topics,
 * judgments), or -1 with err set; bar is updated as the file is read. ctx is the kind's
 * struct below, its format (or assessor) set by the caller. */

typedef struct campaign_docs_import {
    store *s;
    const char *path;
    formats_docs_format fmt;
    store_import *im;
    uint64_t count;
    util_progress *bar;
    formats_docs_stats stats;
} campaign_docs_import;

/* One field of a topic, kept from the file until it is written (NULL field: the topic). */
typedef struct campaign_topic_field {
    char *qid, *field, *lang, *text;
} campaign_topic_field;

typedef struct campaign_topics_import {
    formats_topics_format fmt;
    size_t topics, fields;
    campaign_topic_field *kept;
    size_t nkept, capkept;
    const char *lang;        /* the language of the fields the file gives none (NULL: '') */
    char **langs;            /* the languages stored by the last import, sorted ('' first) */
    size_t nlangs, caplangs;
    int docs;                /* a TREC document file: DOCNO the id, the text the title */
} campaign_topics_import;
/* Frees c->langs. */
void campaign_topics_import_free(campaign_topics_import *c);

typedef struct campaign_qrels_import {
    const char *assessor;
    size_t topics;
    long *scale;             /* the campaign's grades, ascending */
    size_t nscale, capscale;
    long *outside;           /* grades of the file not in the scale, ascending */
    size_t noutside, capoutside;
} campaign_qrels_import;


int64_t campaign_docs_body(store *s, const char *path, store_import *im, util_progress *bar,
                           void *ctx, util_error *err);
/* The file is read whole first (topic files are small), then written in one transaction. */
int64_t campaign_topics_body(store *s, const char *path, store_import *im, util_progress *bar,
                             void *ctx, util_error *err);
/* The file is read and checked whole, then staged in short transactions; the caller commits
 * them (store_qrels_commit, store_qrels_apply). Notes the grades the scale lacks. */
int64_t campaign_qrels_body(store *s, const char *path, store_import *im, util_progress *bar,
                            void *ctx, util_error *err);

/* Judgments of several assessors (formats_judgments_read): per-assessor qrels (form
 * FORMATS_JUDGMENTS_QRELS), read back as qrels import reads qrels (topics created, grades
 * outside the scale noted and stored); CSV and JSONL with the checks of `judge` (the topic
 * exists, the grade is in the scale or -1, the document is pooled unless add_to_pool), an
 * error naming file:line otherwise. Staged like qrels (ctx: campaign_judgments_import). */
typedef struct campaign_judgments_import {
    campaign_qrels_import q;   /* q.topics: topics; the scale and the grades outside it */
    int form;
    int add_to_pool;
    size_t assessors;
} campaign_judgments_import;
int64_t campaign_judgments_body(store *s, const char *path, store_import *im,
                                util_progress *bar, void *ctx, util_error *err);

/* ---- Recording judgments (judge.c) ---- */

typedef struct campaign_judge {
    store *s;
    const char *assessor;
    const char *note;
    double seconds;
    int add_to_pool;
    int adjudicate;          /* the final grade of a disputed document (as assess --adjudicate),
                                assessor naming the adjudicator */
    int force;               /* adjudicate a pooled document not in dispute */
    long *grades;            /* the campaign's scale, by grade */
    size_t ngrades, capgrades;
    char scale[256];         /* "0, 1" for messages */
} campaign_judge;

/* Reads the campaign's scale (c->s set). */
int campaign_judge_scale(campaign_judge *c, util_error *err);
/* Saves one judgment in its own transaction: qid and docno follow the name rule, gs is a
 * grade of the scale or -1 (pooled, not judged; UTIL_EXIT_USAGE or UTIL_EXIT_DATA
 * otherwise), the topic exists and the document is in its pool (added first, source
 * "manual", under add_to_pool). */
int campaign_judge_one(campaign_judge *c, const char *qid, const char *docno, const char *gs,
                       util_error *err);
/* Under c->adjudicate, campaign_judge_one records the adjudicated grade instead (-1 takes
 * it back), apart from the assessors' judgments: the document must be one assessors
 * disagree on (store_disagreements_each), or under c->force one in the topic's pool;
 * otherwise nothing changes and err says why (UTIL_EXIT_DATA). */

/* ---- The judgment scale (scale.c) ---- */

/* Parses "GRADE:LABEL:KEY,..." (at least two grades of 0 to 1000000, one-character keys)
 * into at most max grades, whose strings point into text (modified); refuses a key that is
 * not a visible character, one of another grade, or one the assessment screen uses for
 * something else. Returns 0, or -1 with err set (UTIL_EXIT_USAGE). */
int campaign_scale_parse(char *text, store_grade *grades, size_t max, size_t *n,
                         util_error *err);

/* ---- Importing a file (import.c) ---- */

/* How one kind of file is imported: body as the bodies above; assessor (qrels) is part of
 * what recognises a file imported before; staged: the body stages qrels, which are
 * committed then applied (store_qrels_commit, store_qrels_apply). */
typedef struct campaign_import {
    const char *kind;
    int64_t (*body)(store *s, const char *path, store_import *im, util_progress *bar, void *ctx,
                    util_error *err);
    const char *assessor;
    int staged;
    const char *variant;   /* another import of the same bytes (topics: the language given) */
} campaign_import;

typedef struct campaign_imported {
    int64_t before;        /* the same bytes were imported before: that import (nothing done) */
    int64_t items;         /* what the body stored */
    int unapplied;         /* staged qrels stored, but err says why they are not applied yet */
} campaign_imported;

/* Imports one file, unless the same bytes were imported before, with a progress bar; the
 * caller holds the import lock. Returns 0, or -1 with err set when the campaign is left as
 * it was (also when the process is killed). */
int campaign_import_file(store *s, const campaign_import *imp, const char *path, void *ctx,
                         campaign_imported *r, util_error *err);

/* ---- merge (merge.c) ---- */

/* What a merge did, per (topic, docno, assessor) of the other copy's history. */
typedef struct campaign_merged {
    int64_t assessors;         /* assessors added */
    int64_t added, unchanged;
    int64_t conflicts;         /* new conflicts: the copy's judgment stored as NAME@SUFFIX */
    int64_t conflicts_before;  /* conflicts merged before */
    char *conflict_suffix;     /* the copy's file name without directory and extension */
    char *first_conflict;      /* the first new conflict's assessor name, or NULL */
} campaign_merged;

/* The conflict suffix for a copy at path, allocated: its file name without directory and
 * extension, white space and control characters made '_'. */
char *campaign_merge_stem(const char *path);
/* Brings another copy of the campaign (a file, read-only) in: its assessors, assignments,
 * judgments and history, in batches of about 100 ms (the caller holds the import lock).
 * Refused (UTIL_EXIT_DATA) when the copy has topics or pooled documents the campaign
 * lacks. Never overwrites: an assessor's judgment both copies changed to different grades
 * is stored under NAME@SUFFIX. Merging again changes nothing. */
int campaign_merge(store *s, const char *other, campaign_merged *r, util_error *err);
void campaign_merged_free(campaign_merged *r);

/* ---- assignments (assign.c) ---- */

/* The assignments seen both ways (assign --list): each assessor with the topics assigned
 * to it, and each topic with its assessors. */
typedef struct campaign_assigned {
    char *name;                        /* the assessor's name, or the topic's qid */
    size_t n;
    char *list;                        /* the topics (or assessors), space-separated; NULL
                                        * when none */
} campaign_assigned;

typedef struct campaign_assignments {
    campaign_assigned *assessors;      /* those with an assignment, by name */
    size_t nassessors;
    campaign_assigned *topics;         /* every topic, in natural order */
    size_t ntopics;
} campaign_assignments;

/* Reads the campaign's assignments into a (free with campaign_assignments_free); the
 * topics of an assessor are in natural order, the assessors of a topic by name. */
int campaign_assignments_read(store *s, campaign_assignments *a, util_error *err);
void campaign_assignments_free(campaign_assignments *a);

/* What campaign_assign_auto did. */
typedef struct campaign_assign_result {
    int64_t added;                     /* assignments made */
    int64_t topics;                    /* topics of the campaign */
    int64_t min_topics, max_topics;    /* the fewest and most topics of a named assessor */
} campaign_assign_result;
/* Gives every topic of the campaign (in natural order) per_topic assessors among the n
 * named (created if new), in one transaction: each next assessor is the one with the
 * fewest topics, then the fewest topics shared with those the topic has, then the first
 * named; from no assignments every assessor gets the same number of topics +-1. Existing
 * assignments are kept and count towards per_topic, unless replace (every assignment of
 * the campaign is removed first). per_topic > n or a name given twice: -1, err exit 1. */
int campaign_assign_auto(store *s, const char *const *assessors, size_t n, long per_topic,
                         int replace, campaign_assign_result *r, util_error *err);

/* One assessor's progress (assessor NULL: the campaign's, the sum over assessors). */
typedef struct campaign_assessor_stats {
    const char *assessor;
    int64_t judged, relevant;   /* pooled documents judged (grade >= 0), relevant of them */
    double seconds;             /* the active time of those judgments */
    int64_t topics;             /* topics assigned */
    int64_t pooled;             /* pooled documents of the assigned topics */
    int64_t remaining;          /* of them, not judged by the assessor */
} campaign_assessor_stats;
typedef int (*campaign_assessor_stats_fn)(void *ctx, const campaign_assessor_stats *st);
/* Every assessor by name, then the campaign (assessor NULL). */
int campaign_assessor_stats_each(store *s, long relevance_level, campaign_assessor_stats_fn fn,
                                 void *ctx, util_error *err);
/* Judgments per hour of active time; -1 when there is no timed judgment. */
double campaign_assessor_rate(const campaign_assessor_stats *st);
/* The active seconds left (remaining / rate); 0 when nothing remains, -1 when unknown. */
double campaign_assessor_eta(const campaign_assessor_stats *st);

/* ---- Continuous active learning (cal.c): `pool --strategy cal`, the screen, simulate ---- */

/* What CAL needs of a campaign: its search index and every topic's text (title and
 * description), read once for all topics. */
typedef struct campaign_cal campaign_cal;
/* Opens it for the campaign s; with update the index is brought up to date first (else
 * it is only read). Without an index: -1, err saying to run `trecjudge index` (exit 3). */
int campaign_cal_open(store *s, int update, campaign_cal **out, util_error *err);
/* The same over an index open already, taken over (closed with c; others may read it
 * meanwhile on the same thread: it is only read). */
int campaign_cal_open_index(store *s, index_inverted *idx, campaign_cal **out, util_error *err);
void campaign_cal_close(campaign_cal **c);
/* A new classifier for topic qid, seeded by its text ("" when the topic has none). */
learn_cal *campaign_cal_topic(campaign_cal *c, const char *qid);
/* Topic qid's classifier kept up to date with the campaign's judgments of every assessor:
 * made with the judgments replayed in the order they were first made (relevant: the
 * highest grade >= level); campaign_cal_live_update then learns those recorded since (a
 * read of the history after the last entry read), so that the model is always the one a
 * fresh replay gives (when a change cannot be learnt so, a revision or a withdrawal, the
 * replay is made again). c and s outlive it. */
typedef struct campaign_cal_live campaign_cal_live;
int campaign_cal_live_new(campaign_cal *c, store *s, const char *qid, long level,
                          campaign_cal_live **out, util_error *err);
int campaign_cal_live_update(campaign_cal_live *v, util_error *err);
learn_cal *campaign_cal_live_model(const campaign_cal_live *v);
void campaign_cal_live_free(campaign_cal_live **v);
/* The documents of the index (CAL's candidates). */
size_t campaign_cal_docs(const campaign_cal *c);
/* The next proposal, or NULL when budget (0: none) judgments are made or none is left. */
const char *campaign_cal_next(learn_cal *l, size_t budget);
/* The status line's text: "30/100 of budget, 12 rel, ~8 left" (judged of the budget, "30
 * judged" without one; the knee rule's estimate of the relevant documents left, or when
 * there is none yet, what it waits for: "left: ? until 3 rel", "left: ? until finds slow";
 * from 150 judgments on, the rule's ", go on" or ", stop"). */
void campaign_cal_status(const learn_cal *l, size_t budget, char *buf, size_t size);

/* ---- Simulated assessment (simulate.c): pooling strategies replayed on the campaign's
 * runs with a qrels file as the assessor (pool_sim_run; docs/POOLING.md) ---- */

/* Makes the strategy called name for a simulation of the campaign s (which a strategy may
 * read, e.g. documents' text; s outlives it): fills *out, returns 0, or -1 with err set.
 * The known strategies are a table in simulate.c: a new one is one line there. */
typedef int (*campaign_sim_make_fn)(store *s, const char *name, pool_sim_strategy *out,
                                    util_error *err);

typedef struct campaign_sim_opts {
    const char *qrels;         /* the oracle's qrels file */
    const char *strategies;    /* names separated by commas */
    const size_t *budgets;     /* per topic, ascending, each at least 1 */
    size_t nbudgets;
    size_t depth;              /* candidate depth (0: whole rankings) */
    long relevance_level;
    uint64_t seed;
    util_out *trace;           /* when not NULL: "strategy qid step docno relevant" lines */
} campaign_sim_opts;

typedef struct campaign_sim {
    char **tags;               /* the runs, by tag */
    size_t nruns;
    char **names;              /* the strategies, as given */
    size_t nstrategies;
    size_t ntopics;            /* topics both the qrels and some run have */
    size_t depth;
    long relevance_level;
    uint64_t seed;
    double seconds;            /* the replay's wall-clock time */
    pool_sim_result res;
} campaign_sim;

/* Checks names (separated by commas) against the known strategies: 0, or -1 with err
 * saying which one is unknown and listing the known ones (exit 1). */
int campaign_sim_check_strategies(const char *names, util_error *err);
/* Reads the campaign's runs (only reading) and the qrels and replays every strategy on the
 * topics both have. Returns 0, or -1 with err set (the exit status in err->code: no runs or
 * no topic in common is 3). */
int campaign_simulate(store *s, const campaign_sim_opts *o, campaign_sim *sim,
                      util_error *err);
/* The results: fmt CAMPAIGN_FMT_TABLE (aligned, 4 decimals), _TSV (a header line, one row
 * per strategy and budget), _JSON (every figure at full precision, each run's MAP). */
void campaign_sim_write(util_out *o, const campaign_sim *sim, int fmt);
/* Relevant documents found against the budget, one line per strategy: a terminal chart, or
 * (svg) an SVG figure. */
void campaign_sim_plot(util_out *o, const campaign_sim *sim, int svg);
void campaign_sim_free(campaign_sim *sim);

#endif
