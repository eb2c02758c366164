/* cli.h: the subcommands of the trecjudge command line, one function per file. */
#ifndef TJ_CLI_H
#define TJ_CLI_H

/* Each returns the process exit status (UTIL_EXIT_*). argv[0] is the subcommand name. */
int cli_eval(int argc, char **argv);

#endif
