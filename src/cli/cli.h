/* cli.h: the subcommands of the trecjudge command line (one file each) and what they share. */
#ifndef TJ_CLI_H
#define TJ_CLI_H

#include "assess/assess.h"
#include "report/report.h"
#include "index/index.h"
#include "store/store.h"

/* Each returns the process exit status (UTIL_EXIT_*). argv[0] is the subcommand name. */
int cli_eval(int argc, char **argv);
int cli_init(int argc, char **argv);
int cli_runs(int argc, char **argv);
int cli_qrels(int argc, char **argv);
int cli_status(int argc, char **argv);
int cli_judge(int argc, char **argv);
int cli_check(int argc, char **argv);
int cli_assign(int argc, char **argv);
int cli_topics(int argc, char **argv);
int cli_docs(int argc, char **argv);
int cli_assess(int argc, char **argv);
int cli_demo(int argc, char **argv);
int cli_report(int argc, char **argv);
int cli_compare(int argc, char **argv);
int cli_agreement(int argc, char **argv);
int cli_index(int argc, char **argv);
int cli_search(int argc, char **argv);
int cli_pool(int argc, char **argv);
int cli_backup(int argc, char **argv);

/* How one kind of file is imported: the body reads the file (what it can check before
 * writing, it checks first), starts the import with store_import_begin when it has rows to
 * write, stores them under im->id (invisible until the import is published) with
 * store_batch_yield between rows, and returns, with the last transaction still open, the
 * number of items stored, or -1 with err set. done prints the summary once the import is
 * published. bar is started for path; the body may update it. assessor (qrels) is part of
 * what recognises a file imported before; staged: the body stages qrels, which are
 * committed then applied (store_qrels_commit, store_qrels_apply). */
typedef struct cli_importer {
    const char *kind;
    int64_t (*body)(store *s, const char *path, store_import *im, util_progress *bar, void *ctx,
                    util_error *err);
    void (*done)(const char *path, int64_t items, void *ctx);
    const char *assessor;
    int staged;
} cli_importer;

/* Imports one file, unless the same bytes were imported before; on any error, or when the
 * process is killed, the campaign is left as it was. Takes the import lock first
 * (cli_import_lock). Returns an exit status. */
int cli_import_file(store *s, const cli_importer *imp, const char *path, void *ctx);
/* Takes the campaign's import lock (kept until the store is closed), saying what it
 * recovered from imports that were killed; returns an exit status. Without wait, an import
 * running elsewhere is left alone (UTIL_EXIT_OK, nothing done). */
int cli_import_lock(store *s, int wait);
/* Reports a failed import of path (err's message, then that nothing changed). */
int cli_import_failed(const char *path, const util_error *err);

/* Parses the options of a command whose only option is -d CAMPAIGN (and --help). Returns
 * -1 to go on, or the exit status to return at once. */
int cli_campaign_only(int argc, char **argv, const char *usage, const char **path);

/* Checks a name given on the command line (util_name_problem, the rule every id follows):
 * 0 when it is fine; else prints "trecjudge: COMMAND: WHAT 'NAME' PROBLEM" and returns -1,
 * and the command exits with UTIL_EXIT_USAGE. A NULL name is fine (the option is absent). */
int cli_name_check(const char *command, const char *what, const char *name);

/* The campaign file: the -d option, else $TRECJUDGE_CAMPAIGN, else "campaign.tjdb". */
const char *cli_campaign_path(const char *opt);
/* Opens the campaign or prints why not; returns NULL then. A wait for another process's
 * write lock has no limit and is reported on stderr after a second. */
store *cli_campaign_open(const char *opt, int *status);
/* The same for commands that only read (status, report, export, ...): a read-only file
 * or directory works. */
store *cli_campaign_open_readonly(const char *opt, int *status);

/* Runs the assessment screen on an open session (with the live report); an exit status. */
int cli_assess_screen(assess_session *a, util_error *err);
/* The live report of a campaign (its judgment history replayed, several assessors merged
 * as `qrels export` does by default: the highest grade) or of QRELS RUN... files
 * (cmd_report.c; report and compare use it). */
/* How several assessors' grades of a document become one (as `qrels export --policy`). */
typedef enum cli_policy {
    CLI_POLICY_MAX, CLI_POLICY_MAJORITY, CLI_POLICY_MEAN, CLI_POLICY_PRIMARY
} cli_policy;
/* Parses max, majority, mean or primary=NAME (primary then points into name). */
int cli_policy_parse(const char *name, cli_policy *p, const char **primary);
/* The grade a policy gives a document from its n grades (policy.c): -1 only when no one
 * gave a grade of 0 or more; max; majority (ties to the higher grade); mean (rounded,
 * halves up); primary (primary_grade when it is 0 or more, else max). */
long cli_policy_grade(cli_policy p, const long *grades, size_t n, long primary_grade);

typedef struct cli_report_opts {
    const char *command;          /* for messages */
    const char *measures;         /* comma-separated -m specs, NULL: the leaderboard's */
    double rbp_p;
    long relevance_level;
    int relevance_level_set;      /* else the campaign's (1 for files) */
    long checkpoint_every;        /* a checkpoint every N history entries (0: none) */
    cli_policy policy;            /* default max, as qrels export */
    const char *primary;
} cli_report_opts;

typedef struct cli_live {
    report_live *live;
    store *store;                 /* NULL for files */
    struct cli_replay *replay;
    int64_t last;                 /* the last history entry replayed */
    long changes, checkpoint_every;
    cli_policy policy;
    const char *primary;
    long *checkpoint_at;          /* judgments at each checkpoint */
    size_t ncheckpoints, checkpoint_cap;
} cli_live;

void cli_report_opts_init(cli_report_opts *o, const char *command);
/* files: QRELS then RUN files (nfiles >= 2), or none for the campaign. Returns an exit
 * status; on success c is to be closed with cli_report_close. */
int cli_report_open(cli_live *c, const char *campaign, char **files, int nfiles,
                    const cli_report_opts *o);
/* Replays the history entries written since the last call (campaign only). */
int cli_report_update(cli_live *c);
void cli_report_close(cli_live *c);
/* Opens the campaign's search index, building it or adding the documents imported since
 * (want: the analysis required, NULL to keep the index's); writes it when it changed. */
int cli_index_update(store *s, const index_analyzer *want, int rebuild, int verbose,
                     index_inverted **out, util_error *err);

#endif
