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
int cli_topics(int argc, char **argv);
int cli_docs(int argc, char **argv);

/* The campaign file: the -d option, else $TRECJUDGE_CAMPAIGN, else "campaign.tjdb". */
const char *cli_campaign_path(const char *opt);
/* Opens the campaign or prints why not; returns NULL then. */
store *cli_campaign_open(const char *opt, int *status);

#endif
