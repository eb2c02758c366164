/* main.c: trecjudge's entry point: dispatches to the subcommand named by the first argument. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "config.h"
#include "util/util.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    { "init", cli_init, "create a campaign file" },
    { "topics", cli_topics, "import topic files into the campaign" },
    { "docs", cli_docs, "import document collections into the campaign" },
    { "runs", cli_runs, "import run files into the campaign" },
    { "qrels", cli_qrels, "import judgments from qrels, or export the campaign's qrels" },
    { "pool", cli_pool, "build the pool (depth-k, Take@N, live), its statistics and bias" },
    { "assign", cli_assign, "give topics to an assessor" },
    { "assess", cli_assess, "judge the pool on the assessment screen" },
    { "demo", cli_demo, "build the demo campaign and open the assessment screen" },
    { "judge", cli_judge, "record one judgment (for scripts)" },
    { "status", cli_status, "pooled, judged and relevant documents per topic" },
    { "check", cli_check, "verify a campaign file (integrity, judgment history)" },
    { "backup", cli_backup, "copy a campaign consistently while others write to it" },
    { "index", cli_index, "build or update the search index of the campaign's documents" },
    { "search", cli_search, "rank the campaign's documents for its topics (baseline runs)" },
    { "eval", cli_eval, "evaluate runs against qrels (a drop-in for trec_eval)" },
    { "report", cli_report, "leaderboard of every run over the judged topics, curves, plots" },
    { "compare", cli_compare, "significance tests between runs (t, Wilcoxon, sign, ...)" },
    { "agreement", cli_agreement, "agreement between assessors (Cohen's and Fleiss' kappa)" },
};

static void usage(FILE *fp)
{
    fprintf(fp, "usage: trecjudge COMMAND [OPTIONS] [ARGS]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(fp, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(fp, "\n'trecjudge COMMAND --help' describes a command; 'man trecjudge' has the details.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return UTIL_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage(stdout);
        return UTIL_EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("trecjudge %s\n", PACKAGE_VERSION);
        return UTIL_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(cmd, commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    util_warn("unknown command '%s'", cmd);
    usage(stderr);
    return UTIL_EXIT_USAGE;
}
