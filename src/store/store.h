/* store.h: the store module's interface: one SQLite file per campaign (the only SQL). */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_STORE_H
#define TJ_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

typedef struct store store;

/* The schema version this build writes; older files are migrated on open. */
#define STORE_SCHEMA_VERSION 7

/* Creates a new campaign file (fails if path exists). */
int store_create(const char *path, store **out, util_error *err);
/* Opens an existing campaign file, migrating its schema if it is older. Nothing is changed
 * in a file that is not a campaign (it is refused before any write). */
int store_open(const char *path, store **out, util_error *err);
/* Opens a campaign for reading only (a read-only file or directory works too); every
 * write through it fails. */
int store_open_readonly(const char *path, store **out, util_error *err);
void store_close(store **s);
const char *store_path(const store *s);

/* Waiting for the write lock of another process: there is no time limit. The hook, when
 * set, is called during a wait with the seconds waited so far (from about every
 * millisecond); it returns non-zero to give up, and the operation then fails with
 * store_busy() true. */
typedef int (*store_wait_fn)(void *ctx, double waited);
void store_set_wait(store *s, store_wait_fn fn, void *ctx);
/* Whether the last failure came from the wait hook giving up (reset by store_begin). */
int store_busy(const store *s);

/* Transactions: every import is one; store_rollback leaves the file as it was. */
int store_begin(store *s, util_error *err);
int store_commit(store *s, util_error *err);
void store_rollback(store *s);

/* One grade of the campaign's judgment scale. */
typedef struct store_grade {
    long grade;
    const char *label;
    const char *key;      /* the key that gives this grade on the assessment screen */
} store_grade;

/* Replaces the judgment scale and sets the grade from which a document counts as relevant. */
int store_scale_set(store *s, const store_grade *grades, size_t n, long relevance_level,
                    util_error *err);

/* Imports already done, recognised by content checksum. */
int store_import_find(store *s, const char *kind, const char *checksum, int64_t *import_id,
                      util_error *err);
int store_import_add(store *s, const char *kind, const char *path, const char *checksum,
                     int64_t lines, int64_t *import_id, util_error *err);

/* Sets the number of lines an import read. */
int store_import_lines(store *s, int64_t import_id, int64_t lines, util_error *err);

/* Topics by their qid; created when create is set. Return 1 found, 0 absent, -1 error. */
int store_topic_id(store *s, const char *qid, int create, int64_t *id, util_error *err);

/* Sets one field of a topic in one language (replacing an earlier text). */
int store_topic_field_set(store *s, int64_t topic_id, const char *field, const char *lang,
                          const char *text, util_error *err);

/* Adds a document; a docno already in the campaign is an error. */
int store_doc_add(store *s, const char *docno, const char *title, const char *body,
                  size_t body_len, int64_t import_id, util_error *err);
int store_doc_count(store *s, int64_t *n, util_error *err);

/* A run and its ranking for one topic, in trec_eval order (score descending, then docno
 * descending). */
int store_run_add(store *s, const char *tag, int64_t import_id, int64_t *run_id, util_error *err);
int store_run_ranking_add(store *s, int64_t run_id, int64_t topic_id, const char *const *docnos,
                          const double *scores, size_t n, util_error *err);
int store_run_count(store *s, int64_t *n, util_error *err);

/* ---- runs (src/store/runs.c) ---- */

/* One stored run as `runs list` shows it; valid during the callback only. */
typedef struct store_run_info {
    int64_t id;
    const char *tag;
    int64_t topics, docs, lines;   /* rankings, documents ranked, lines of its file */
    const char *path, *at;         /* the file imported, and when (UTC, ISO 8601) */
    const char *pooled_at;         /* when it last fed a pool written to the campaign, or NULL */
} store_run_info;
typedef int (*store_run_fn)(void *ctx, const store_run_info *r);
/* Every run, by tag. */
int store_runs_each(store *s, store_run_fn fn, void *ctx, util_error *err);
/* A run's id by tag: 1 found, 0 absent, -1 error. */
int store_run_find(store *s, const char *tag, int64_t *run_id, util_error *err);
/* Removes the run tagged tag (its rankings and its import, so that its file can be imported
 * again); judgments and the pool stay. 1 removed, 0 absent, -1 error. */
int store_run_remove(store *s, const char *tag, util_error *err);
/* In the open transaction: removes the run tagged tag (if any) and gives run_id that tag. */
int store_run_replace(store *s, int64_t run_id, const char *tag, util_error *err);
/* Records that the run fed a pool written to the campaign now. */
int store_run_pooled(store *s, int64_t run_id, util_error *err);

/* Adds a document to a topic's pool (no change if it is there already). */
int store_pool_add(store *s, int64_t topic_id, const char *docno, int64_t position,
                   const char *source, util_error *err);

/* Assessors by name; created when create is set. Return 1 found, 0 absent, -1 error. */
int store_assessor_id(store *s, const char *name, int create, int64_t *id, util_error *err);

/* Assigns a topic to an assessor (on) or takes it back (off). */
int store_assign(store *s, int64_t assessor_id, int64_t topic_id, int on, util_error *err);

/* Sets a judgment (grade -1: pooled, not judged) and appends the change to the history.
 * iter is the qrels iteration column to export it with (NULL: "0" for a new judgment, the
 * one it had for a revision). */
int store_judgment_set(store *s, int64_t topic_id, const char *docno, int64_t assessor_id,
                       long grade, const char *iter, double seconds, const char *note,
                       util_error *err);

/* One judgment as the store reports it. */
typedef struct store_judgment {
    const char *qid;
    const char *docno;
    const char *assessor;
    long grade;
    const char *iter;      /* the qrels iteration column it was imported with, or "0" */
} store_judgment;

typedef int (*store_judgment_fn)(void *ctx, const store_judgment *j);

/* Every judgment, ordered by topic (qid), then docno, then assessor. */
int store_judgments_each(store *s, store_judgment_fn fn, void *ctx, util_error *err);

/* Number of rows of the judgment history, and of judgments. */
int store_history_count(store *s, int64_t *history, int64_t *judgments, util_error *err);
/* Runs SQLite's integrity check; 0 when the file is sound. */
int store_integrity_check(store *s, util_error *err);

/* Checks that every judgment has history and that its latest history entry holds its
 * grade, and that every history whose latest grade is 0 or more still has its judgment;
 * returns the number of disagreements (0 when consistent), -1 on error. Linear in the
 * judgments and the history (index lookups, no scan per judgment). */
int64_t store_history_check(store *s, util_error *err);

/* Per topic counts for `status`. */
typedef struct store_topic_status {
    const char *qid;
    int64_t pooled, judged, relevant;
} store_topic_status;

typedef int (*store_status_fn)(void *ctx, const store_topic_status *st);

/* Per assessor counts: st->qid holds the assessor's name, pooled is 0. */
int store_assessor_status_each(store *s, long relevance_level, store_status_fn fn, void *ctx,
                               util_error *err);
int store_status_each(store *s, long relevance_level, store_status_fn fn, void *ctx,
                      util_error *err);

/* ---- the read side (src/store/read.c) ---- */

/* Every topic, ordered by qid. Callbacks here return non-zero to stop early (the
 * function then returns -1 with err untouched). */
typedef int (*store_topic_fn)(void *ctx, int64_t topic_id, const char *qid);
int store_topics_each(store *s, store_topic_fn fn, void *ctx, util_error *err);

/* The fields of one topic (title, description, narrative, ...) in every language. */
typedef int (*store_field_fn)(void *ctx, const char *field, const char *lang, const char *text);
int store_topic_fields_each(store *s, int64_t topic_id, store_field_fn fn, void *ctx,
                            util_error *err);

/* One run's ranking for one topic, in trec_eval order; valid during the callback only. */
typedef struct store_ranking {
    int64_t run_id;
    const char *tag;
    int64_t topic_id;
    const char *qid;
    size_t n;
    const char *const *docnos;
    const double *scores;
} store_ranking;
typedef int (*store_ranking_fn)(void *ctx, const store_ranking *r);

/* Every stored ranking ordered by qid then run tag; topic_id > 0 gives one topic's. */
int store_rankings_each(store *s, int64_t topic_id, store_ranking_fn fn, void *ctx,
                        util_error *err);
/* One run's rankings, by qid (trec_eval order within each). */
int store_run_rankings_each(store *s, int64_t run_id, store_ranking_fn fn, void *ctx,
                            util_error *err);

/* A document's title (may be NULL) and body, allocated; 1 found, 0 absent, -1 error. */
int store_doc_get(store *s, const char *docno, char **title, char **body, size_t *body_len,
                  util_error *err);

/* Whether the campaign has a document's text: 1 yes, 0 no, -1 error. */
int store_doc_exists(store *s, const char *docno, util_error *err);

/* A topic's pool in presentation order. */
typedef int (*store_pool_fn)(void *ctx, const char *docno, int64_t position, const char *source);
int store_pool_each(store *s, int64_t topic_id, store_pool_fn fn, void *ctx, util_error *err);
/* The same rows by docno (byte order, as strcmp), read without a sort. */
int store_pool_by_docno_each(store *s, int64_t topic_id, store_pool_fn fn, void *ctx,
                             util_error *err);

/* The judgment scale, by grade. */
typedef int (*store_grade_fn)(void *ctx, const store_grade *g);
int store_grades_each(store *s, store_grade_fn fn, void *ctx, util_error *err);

/* Campaign settings (key/value); get returns 1 found (value allocated), 0 absent. */
int store_setting_get(store *s, const char *key, char **value, util_error *err);
int store_setting_set(store *s, const char *key, const char *value, util_error *err);

/* ---- pool (src/store/pool.c) ---- */

/* The number of documents in a topic's pool and their largest position (0 when empty). */
int store_pool_info(store *s, int64_t topic_id, int64_t *count, int64_t *max_position,
                    util_error *err);
/* A topic's judged documents (grade >= 0), each with its highest grade over the assessors,
 * in the order they were first judged (then by docno); what the live pooling strategies
 * replay before a session. fn returns non-zero to stop (then -1 is returned with err
 * untouched). */
typedef int (*store_pool_judgment_fn)(void *ctx, const char *docno, long grade);
int store_pool_judgments_each(store *s, int64_t topic_id, store_pool_judgment_fn fn, void *ctx,
                              util_error *err);
/* The last entry of the judgments' history (its id; 0 when there is none). */
int store_history_last(store *s, int64_t *id, util_error *err);
/* A topic's judged documents for CAL, with first, the history id of the document's first
 * judgment with grade >= 0 (0: none recorded), and grade, its highest grade over the
 * assessors (-1: none left), in the order of first (then docno). *upto is set first to
 * store_history_last. With after < 0: every judged document (grade >= 0), the order and
 * grades of store_pool_judgments_each. With after >= 0: the documents of the history
 * entries after `after` up to *upto, judged or no longer judged: a range of the history's
 * rowid, cheap however long the history (nothing when *upto <= after). fn returns
 * non-zero to stop (then -1 is returned with err untouched). */
typedef int (*store_judged_fn)(void *ctx, const char *docno, int64_t first, long grade);
int store_judged_since_each(store *s, int64_t topic_id, int64_t after, int64_t *upto,
                            store_judged_fn fn, void *ctx, util_error *err);
/* The pool's documents of every topic counted by source ("pool", "cal", "search",
 * "manual", in that order). */
typedef int (*store_pool_source_fn)(void *ctx, const char *source, int64_t n);
int store_pool_sources_each(store *s, store_pool_source_fn fn, void *ctx, util_error *err);


/* ---- assessment sessions (src/store/assess.c) ---- */

/* The topics assigned to an assessor, by qid. */
int store_assigned_each(store *s, int64_t assessor_id, store_topic_fn fn, void *ctx,
                        util_error *err);
/* Number of (assessor, topic) assignments in the campaign. */
int store_assignment_count(store *s, int64_t *n, util_error *err);

/* One assessor's judgments of one topic, by docno (note may be NULL). */
typedef int (*store_mine_fn)(void *ctx, const char *docno, long grade, const char *note,
                             double seconds);
int store_topic_judgments_each(store *s, int64_t topic_id, int64_t assessor_id,
                               store_mine_fn fn, void *ctx, util_error *err);

/* Withdraws a judgment (undo of a first judgment): the row goes, and the history records
 * the change to -1. No change when there is no such judgment. */
int store_judgment_withdraw(store *s, int64_t topic_id, const char *docno, int64_t assessor_id,
                            const char *note, util_error *err);


/* ---- assignments (src/store/assign.c) ---- */

/* Every assessor of the campaign (judged, assigned or imported), by name. */
typedef int (*store_assessor_fn)(void *ctx, int64_t assessor_id, const char *name);
int store_assessors_each(store *s, store_assessor_fn fn, void *ctx, util_error *err);

/* One assignment: a topic given to an assessor. */
typedef struct store_assignment {
    int64_t assessor_id;
    const char *assessor;
    int64_t topic_id;
    const char *qid;
} store_assignment;
typedef int (*store_assignment_fn)(void *ctx, const store_assignment *g);
/* Every assignment, by assessor name then qid; fn returns non-zero to stop (then -1). */
int store_assignments_each(store *s, store_assignment_fn fn, void *ctx, util_error *err);
/* Removes every assignment of the campaign. */
int store_assignments_clear(store *s, util_error *err);


/* ---- live report (src/store/report.c) ---- */

/* One change of a judgment, as the history recorded it. */
typedef struct store_history {
    int64_t id;            /* increasing: the order the changes were made in */
    const char *qid;
    const char *docno;
    const char *assessor;
    long grade;            /* the new grade (-1: pooled, not judged) */
} store_history;
typedef int (*store_history_fn)(void *ctx, const store_history *h);

/* Every change with an id above after, oldest first; replaying them all gives the
 * current judgments. fn returns non-zero to stop (the function then returns -1). */
int store_history_each(store *s, int64_t after, store_history_fn fn, void *ctx, util_error *err);

/* The grade of a document as `qrels export` gives it by default (the highest of the
 * assessors' grades; -1 when it is pooled and no one graded it), for the live report
 * after a judgment: 1 found, 0 no judgment at all (report_live's REPORT_LIVE_REMOVE),
 * -1 error. */
int store_report_grade(store *s, const char *qid, const char *docno, long *grade, util_error *err);


/* ---- search index (src/store/search.c) ---- */

/* Every document whose rowid is greater than after_rowid, in rowid order (title may be
 * NULL); valid during the callback only, which returns non-zero to stop (then -1). */
typedef int (*store_doc_fn)(void *ctx, int64_t rowid, const char *docno, const char *title,
                            const char *body, size_t body_len);
int store_docs_each(store *s, int64_t after_rowid, store_doc_fn fn, void *ctx, util_error *err);

/* ---- imports in short transactions (src/store/import.c) ----
 *
 * No import holds the write lock for more than about a tenth of a second at a time, so a
 * judgment never waits longer than that. An import's rows (documents, runs and their
 * rankings, the topics a run brings, staged qrels) carry its id and are invisible to every
 * reader while it is pending; one short commit publishes them. Imports are serialised by
 * the import lock (CAMPAIGN.import-lock, flock(2)); an unfinished import found by the
 * holder of that lock belongs to a process that is gone. */

/* What store_import_lock found of imports that were killed. */
typedef struct store_recovery {
    int64_t removed;      /* pending imports whose rows were removed */
    int64_t finished;     /* qrels imports killed after their commit point, applied */
} store_recovery;

/* Takes the import lock (waiting for another import when wait is set, the wait hook told
 * as for the write lock), then removes what killed pending imports left and finishes
 * committed ones. It is held until store_import_unlock or store_close. Returns 0 when
 * taken, 1 when another import holds it and wait is not set, -1 on error. */
int store_import_lock(store *s, int wait, store_recovery *r, util_error *err);
void store_import_unlock(store *s);

/* One import: what recognises it (kind and key: the file's checksum, for qrels with the
 * assessor), the file, and for qrels the assessor whose judgments they are (else NULL). */
typedef struct store_import {
    const char *kind, *path, *key, *assessor;
    int64_t id;           /* set by store_import_seen (found) or store_import_begin */
} store_import;

/* Whether the same import was done before (1, im->id is that one), 0 if not, -1 error. */
int store_import_seen(store *s, store_import *im, util_error *err);
/* Starts the import's first batch: a transaction that records it as pending (im->id). An
 * import that fails before its first batch is committed has changed nothing at all. */
int store_import_begin(store *s, store_import *im, util_error *err);

/* Batches: store_batch_begin starts a transaction; store_batch_yield, called between two
 * rows, commits it and starts the next once it has lasted about 100 ms (pausing a few
 * milliseconds in between so that a waiting writer gets the lock); store_batch_end commits.
 * After an error, store_rollback. */
int store_batch_begin(store *s, util_error *err);
int store_batch_yield(store *s, util_error *err);
int store_batch_end(store *s, util_error *err);

/* Makes a pending import's rows visible in one short transaction (the import is done);
 * inside an open transaction, as part of it. */
int store_import_publish(store *s, int64_t import_id, int64_t lines, util_error *err);
/* Removes a pending import and its rows, in short transactions (a failed import). */
int store_import_remove(store *s, int64_t import_id, util_error *err);
/* A topic for the rows of a pending import: an existing visible one (0), or a new one that
 * belongs to the import, invisible until it is published (0); -1 on error. */
int store_import_topic_id(store *s, int64_t import_id, const char *qid, int64_t *id,
                          util_error *err);

/* Qrels: the rows are staged while the file is read; store_qrels_commit is the commit
 * point (the whole file is staged; inside an open transaction, as part of it);
 * store_qrels_apply then sets the judgments (pool entries and history as `judge` would) in
 * short transactions and marks the import done.
 * An apply interrupted by a kill is finished by the next holder of the import lock. */
typedef struct store_qrel {
    const char *docno, *iter;     /* no white space in either */
    long grade;
    int64_t line;                 /* in the file: the position it joins the pool at */
    /* Judgments of several assessors (judgments import, qrels import --per-assessor): the
     * assessor (NULL: the import's), the seconds spent, a note (NULL: none), and whether a
     * document not in the pool joins it as 'manual' after its last position. */
    const char *assessor;
    double seconds;
    const char *note;
    int manual;
} store_qrel;
/* Stages a chunk of one topic's judgments (seq: increasing, the order they are applied in). */
int store_qrels_stage(store *s, int64_t import_id, int64_t seq, const char *qid,
                      const store_qrel *rows, size_t n, util_error *err);
int store_qrels_commit(store *s, int64_t import_id, int64_t lines, util_error *err);
int store_qrels_apply(store *s, int64_t import_id, util_error *err);

/* ---- judge, status, check and backup (src/store/judge.c) ---- */

/* Whether docno is in the topic's pool: 1 yes, 0 no, -1 error. */
int store_pool_has(store *s, int64_t topic_id, const char *docno, util_error *err);

/* Every topic (by qid) with the number of documents in its pool and how many of them have
 * no text in the campaign (no document of that docno was imported). fn returns non-zero
 * to stop (then -1 is returned with err untouched). */
typedef int (*store_pool_text_fn)(void *ctx, const char *qid, int64_t pooled, int64_t no_text);
int store_pool_text_each(store *s, store_pool_text_fn fn, void *ctx, util_error *err);

/* What a backup copied. */
typedef struct store_backup_info {
    int64_t judgments, history, documents;
    int64_t bytes;                /* the size of the copy */
} store_backup_info;

/* Copies the open campaign to dest with SQLite's online backup: one consistent snapshot
 * (every transaction committed before it began, the -wal file's included) while others
 * write. The copy is written as dest.tmp-PID, set to a rollback journal (one
 * self-contained file), checked (quick_check), synced, then renamed to dest. An existing
 * dest is refused unless force is set; dest is never the campaign itself. */
int store_backup(store *s, const char *dest, int force, store_backup_info *info,
                 util_error *err);


/* ---- adjudication (src/store/adjudicate.c) ----
 *
 * When assessors disagree on a document, the organizer's final grade is the campaign's
 * adjudicated judgment: a table of its own, never one of the assessors' judgments (it is
 * not in store_judgments_each, the history, agreement or the live report). */

/* Sets the adjudicated grade of a document (grade -1: the adjudication is withdrawn); note
 * may be NULL. */
int store_adjudication_set(store *s, int64_t topic_id, const char *docno, long grade,
                           const char *note, const char *adjudicator, util_error *err);

/* One assessor's grade (and note, or NULL) of a document assessors disagree on. */
typedef struct store_opinion {
    int64_t topic_id;
    const char *qid, *docno, *assessor;
    long grade;
    const char *note;
} store_opinion;
typedef int (*store_opinion_fn)(void *ctx, const store_opinion *o);
/* The judgments (grade >= 0) of the documents that have different grades from two or more
 * assessors, by qid, docno and assessor; topic_id > 0 gives one topic's. fn returns
 * non-zero to stop (then -1 with err untouched). */
int store_disagreements_each(store *s, int64_t topic_id, store_opinion_fn fn, void *ctx,
                             util_error *err);

/* One adjudicated document. */
typedef struct store_adjudication {
    int64_t topic_id;
    const char *qid, *docno;
    long grade;
    const char *note;          /* NULL when none */
    const char *adjudicator;
} store_adjudication;
typedef int (*store_adjudication_fn)(void *ctx, const store_adjudication *j);
/* Every adjudication by qid then docno; topic_id > 0 gives one topic's. */
int store_adjudications_each(store *s, int64_t topic_id, store_adjudication_fn fn, void *ctx,
                             util_error *err);

/* ---- the assessment screen (src/store/screen.c) ---- */

typedef int (*store_docno_fn)(void *ctx, const char *docno);

/* Sets a document aside for an assessor (on), or takes it back (off; a judgment does). */
int store_set_aside_set(store *s, int64_t topic_id, const char *docno, int64_t assessor_id,
                        int on, util_error *err);
/* The documents an assessor set aside in a topic, by docno. */
int store_set_aside_each(store *s, int64_t topic_id, int64_t assessor_id, store_docno_fn fn,
                         void *ctx, util_error *err);

/* What the pool list shows of a document; valid during the callback. */
typedef struct store_doc_summary {
    const char *docno;
    int has_text;              /* its text is in the campaign */
    const char *title;         /* NULL when it has none */
    const char *body;          /* the first bytes of its text when it has no title (NULL
                                * with a title, or without text) */
    size_t body_len;
} store_doc_summary;
typedef int (*store_doc_summary_fn)(void *ctx, const store_doc_summary *d);
/* Each document's title, or the first `prefix` bytes of its text when it has none, in the
 * order given (one without text is reported with has_text 0): the rows of the pool list,
 * read when they are drawn, a topic's pool being read first without its documents. */
int store_doc_summaries_each(store *s, const char *const *docnos, size_t n, size_t prefix,
                             store_doc_summary_fn fn, void *ctx, util_error *err);

/* One topic's progress for one assessor. */
typedef struct store_progress {
    int64_t topic_id;
    int64_t pooled;            /* documents in its pool */
    int64_t judged;            /* of them, judged by the assessor (grade >= 0) */
    int64_t relevant;          /* of them, judged relevant (grade >= the relevance level) */
    double seconds;            /* the assessor's active seconds on its judgments */
} store_progress;
typedef int (*store_progress_fn)(void *ctx, const store_progress *p);
/* Every topic's progress for an assessor (in no particular order). */
int store_progress_each(store *s, int64_t assessor_id, long relevance_level,
                        store_progress_fn fn, void *ctx, util_error *err);

/* A judgment's seconds (store_judgment_set) are its active time; this adds its wall time,
 * to the judgment and to its latest history entry (in the same transaction). */
int store_judgment_wall_add(store *s, int64_t topic_id, const char *docno, int64_t assessor_id,
                            double wall_seconds, util_error *err);
/* A judgment's active and wall seconds: 1 found, 0 none, -1 error. */
int store_judgment_times(store *s, int64_t topic_id, const char *docno, int64_t assessor_id,
                         double *active, double *wall, util_error *err);

/* ---- merge (src/store/merge.c) ---- */

/* Attaches another copy of a campaign (the path of its file) read-only, for what follows;
 * refused (exit 3) when it is of another schema version. */
int store_merge_attach(store *s, const char *other, util_error *err);
/* 1 when the attached copy has a topic or pooled documents the campaign lacks (*what
 * allocated, saying which), 0 when not, -1 on error. */
int store_merge_missing(store *s, char **what, util_error *err);
/* Adds the copy's assessors the campaign lacks (*added of them) and its assignments. */
int store_merge_assessors(store *s, int64_t *added, util_error *err);
/* Every (topic, docno, assessor) of the copy's judgment history, in that order; fn
 * returns non-zero to stop (then -1 with err untouched). */
typedef int (*store_merge_key_fn)(void *ctx, const char *qid, const char *docno,
                                  const char *assessor);
int store_merge_keys_each(store *s, store_merge_key_fn fn, void *ctx, util_error *err);

/* What merging one (topic, docno, assessor) did. */
enum {
    STORE_MERGE_UNCHANGED,     /* nothing new, or the same grade (new history kept) */
    STORE_MERGE_ADDED,         /* a judgment the campaign did not have, or the copy's later one */
    STORE_MERGE_CONFLICT,      /* both changed it to different grades: the copy's stored under
                                * conflict_name */
    STORE_MERGE_CONFLICT_KEPT  /* such a conflict, merged before */
};
/* Brings the copy's history of one (topic, docno, assessor) in, never overwriting: entries
 * are recognised by (topic, docno, assessor, at, new_grade). */
int store_merge_key(store *s, const char *qid, const char *docno, const char *assessor,
                    const char *conflict_name, int *outcome, util_error *err);

#endif
