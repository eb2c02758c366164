/* cli.h: the subcommands of the trecjudge command line (one file each) and what they share. */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_CLI_H
#define TJ_CLI_H

#include <stdio.h>

#include "assess/assess.h"
#include "campaign/campaign.h"
#include "report/report.h"
#include "index/index.h"
#include "store/store.h"

/* ---- The command table (commands.c): every command, its options, their help, argument
 * names and allowed values in one place. --help, the option parsing, the bash completion
 * and the man page check are made from it (options.c). ---- */

typedef struct cli_option {
    int key;               /* what cli_getopt returns for it: its letter, or another code */
    const char *spec;      /* as --help shows it: "-l", "--format", "-n, --dry-run" */
    const char *arg;       /* its argument's name, NULL for a flag */
    const char *help;      /* lines separated by '\n'; NULL: accepted but not shown */
    const char *values;    /* the allowed values, space-separated (completion), or NULL */
    const char *alias;     /* another long name, accepted but not shown (trec_eval's) */
} cli_option;

typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);   /* returns the exit status; argv[0] is name */
    const char *summary;   /* one line, for `trecjudge --help` */
    const char *usage;     /* the usage lines, "usage: trecjudge NAME ..." */
    const char *about;     /* what it does, before the options */
    const cli_option *options;   /* ended by an entry with key 0 */
    const char *notes;     /* after the options, or NULL */
    const char *words;     /* the first operand's words ("import export"), or NULL: files */
    int in_order;          /* options stop at the first operand (judge) */
} cli_command;

extern const cli_command *const cli_commands[];
extern const size_t cli_ncommands;
const cli_command *cli_command_find(const char *name);

/* getopt_long over the command's options: the key of the next option, -1 at the end, '?'
 * for an unknown option or a missing argument (getopt_long has said which). The caller
 * sets optind to 1 first, as for getopt_long. */
int cli_getopt(const cli_command *c, int argc, char **argv);
/* Prints the command's help: usage, about, options, notes. */
void cli_usage(const cli_command *c, FILE *fp);
/* The usage on stderr; returns UTIL_EXIT_USAGE. */
int cli_usage_error(const cli_command *c);
/* The position of arg among the allowed values of the command's option key (its table
 * entry's values: "topics runs overlap" gives topics 0); -1 after saying on standard error
 * which values are allowed. */
int cli_option_value(const cli_command *c, int key, const char *arg);
/* What every command does with an option its switch has no case for: -h prints the help on
 * stdout (returns UTIL_EXIT_OK), anything else the usage on stderr (UTIL_EXIT_USAGE). */
int cli_usage_option(const cli_command *c, int opt);
/* The bash completion script of every command and option (share/bash-completion/). */
void cli_completion_bash(FILE *fp);
/* Every command's options, one "COMMAND OPTION" line each, short and long forms. */
void cli_options_list(FILE *fp);
/* Every command's options as the man page lists them (roff .TP items), each command's
 * between the lines '.\" begin options: NAME' and '.\" end options: NAME'. */
void cli_man_options(FILE *fp);

/* ---- What report and compare share (campaign.c) ---- */

/* The options both take: -d, -m (repeatable), -l, --policy and --correction. */
typedef struct cli_report_args {
    campaign_report_opts ro;
    const char *campaign;
    char *measures;            /* the -m options, comma-separated; freed by the caller */
    size_t mlen;
    const char *policy;        /* as given (for JSON) */
    metrics_correction corr;
} cli_report_args;

/* Takes an option of cmd (report or compare) that is one of those into a: returns -1 to go
 * on; else, after a message, the exit status (a bad value: UTIL_EXIT_USAGE; an option that
 * is not one of those is left to cli_usage_option). */
int cli_report_option(const cli_command *cmd, int opt, const char *arg, cli_report_args *a);

/* Each returns the process exit status (UTIL_EXIT_*). argv[0] is the subcommand name. */
int cli_eval(int argc, char **argv);
int cli_init(int argc, char **argv);
int cli_runs(int argc, char **argv);
int cli_qrels(int argc, char **argv);
int cli_status(int argc, char **argv);
int cli_judge(int argc, char **argv);
int cli_judgments(int argc, char **argv);
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
int cli_simulate(int argc, char **argv);
int cli_backup(int argc, char **argv);
int cli_merge(int argc, char **argv);
int cli_settings(int argc, char **argv);

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
    const char *(*variant)(void *ctx);   /* see campaign_import's variant; NULL: none */
} cli_importer;

/* Imports one file, unless the same bytes were imported before; on any error, or when the
 * process is killed, the campaign is left as it was. Takes the import lock first
 * (cli_import_lock). Returns an exit status. */
int cli_import_file(store *s, const cli_importer *imp, const char *path, void *ctx);
/* Takes the campaign's import lock (kept until the store is closed), saying what it
 * recovered from imports that were killed; returns an exit status. Without wait, an import
 * running elsewhere is left alone (UTIL_EXIT_OK, nothing done). */
int cli_import_lock(store *s, int wait);
/* `COMMAND import [-d CAMPAIGN] [OPTION...] FILE...` (docs, topics; argv[0] names the
 * command): each file imported with imp; option takes every option but -h and -d (its key
 * in the command table, its argument) into ctx: 0, or -1 after saying what is wrong (a
 * usage error). Returns an exit status: the first failure's. */
int cli_import_command(int argc, char **argv, const cli_importer *imp,
                       int (*option)(void *ctx, int key, const char *arg), void *ctx);
/* Reports a failed import of path (err's message, then that nothing changed). */
int cli_import_failed(const char *path, const util_error *err);

/* Parses the options of a command whose only option is -d CAMPAIGN (and --help); argv[0]
 * names it in the command table. Returns -1 to go on, or the exit status to return at once. */
int cli_campaign_only(int argc, char **argv, const char **path);

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
/* The live report of a campaign (campaign_live_open on the campaign opened read-only) or
 * of QRELS RUN... files; says why not on stderr. Returns an exit status; on success c is to
 * be closed with campaign_live_close. report, compare and the screen use it. */
int cli_report_open(campaign_live *c, const char *campaign, char **files, int nfiles,
                    const campaign_report_opts *o);
/* campaign_live_update, saying why not on stderr; returns an exit status. */
int cli_report_update(campaign_live *c);

#endif
