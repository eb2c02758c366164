/* cli.h: the subcommands of the trecjudge command line (one file each) and what they share. */
#ifndef TJ_CLI_H
#define TJ_CLI_H

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
int cli_pool(int argc, char **argv);

/* How one kind of file is imported: the work done inside the file's transaction (it
 * returns the number of items stored, or -1 with err set) and the summary printed after
 * the commit. bar is started for path; the body may update it. */
typedef struct cli_importer {
    const char *kind;
    int64_t (*body)(store *s, const char *path, int64_t import_id, util_progress *bar, void *ctx,
                    util_error *err);
    void (*done)(const char *path, int64_t items, void *ctx);
} cli_importer;

/* Imports one file in one transaction, unless the same bytes were imported before; on any
 * error the campaign is left as it was. Returns an exit status. */
int cli_import_file(store *s, const cli_importer *imp, const char *path, void *ctx);
/* Reports a failed import of path (err's message, then that nothing changed). */
int cli_import_failed(const char *path, const util_error *err);

/* Parses the options of a command whose only option is -d CAMPAIGN (and --help). Returns
 * -1 to go on, or the exit status to return at once. */
int cli_campaign_only(int argc, char **argv, const char *usage, const char **path);

/* The campaign file: the -d option, else $TRECJUDGE_CAMPAIGN, else "campaign.tjdb". */
const char *cli_campaign_path(const char *opt);
/* Opens the campaign or prints why not; returns NULL then. */
store *cli_campaign_open(const char *opt, int *status);

#endif
