/* main.c: trecjudge's entry point: runs the command named by the first argument. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "config.h"
#include "util/util.h"

static void usage(FILE *fp)
{
    fprintf(fp, "usage: trecjudge COMMAND [OPTIONS] [ARGS]\n\ncommands:\n");
    for (size_t i = 0; i < cli_ncommands; i++)
        fprintf(fp, "  %-10s %s\n", cli_commands[i]->name, cli_commands[i]->summary);
    fprintf(fp,
            "\n'trecjudge COMMAND --help' describes a command; 'man trecjudge' has the details.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return UTIL_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
        usage(stdout);
        return UTIL_EXIT_OK;
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
        printf("trecjudge %s\n", PACKAGE_VERSION);
        return UTIL_EXIT_OK;
    }
    /* made from the command table, for share/bash-completion/trecjudge, the man page's
     * option lists and their test (tests/cli/options_cli.sh); not shown in the usage */
    if (strcmp(name, "--completion-bash") == 0 || strcmp(name, "--options-list") == 0 ||
        strcmp(name, "--man-options") == 0) {
        if (name[2] == 'c')
            cli_completion_bash(stdout);
        else if (name[2] == 'm')
            cli_man_options(stdout);
        else
            cli_options_list(stdout);
        return fflush(stdout) == 0 ? UTIL_EXIT_OK : UTIL_EXIT_SYSTEM;
    }
    const cli_command *c = cli_command_find(name);
    if (c != NULL)
        return c->run(argc - 1, argv + 1);
    util_warn("unknown command '%s'", name);
    usage(stderr);
    return UTIL_EXIT_USAGE;
}
