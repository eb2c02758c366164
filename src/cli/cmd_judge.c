/* cmd_judge.c: `trecjudge judge`: judgments from the command line or a stream. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"

/* A stdin line longer than this is refused (as the file readers do). */
#define JUDGE_MAX_LINE (1u << 20)

/* Answers a refused line on stdout (for the program at the other end of the pipe) and
 * says why on stderr. */
static void refuse(long lineno, const char *msg)
{
    printf("error %ld: %s\n", lineno, msg);
    fflush(stdout);
    util_warn("<stdin>:%ld: %s", lineno, msg);
}

/* Judges the lines of standard input as they arrive: getline returns a line as soon as
 * read() has it, where a buffered reader would wait for a block or the end of the input.
 * Returns an exit status. */
static int judge_batch(campaign_judge *c)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    long lineno = 0;
    int status = UTIL_EXIT_OK;
    while ((got = getline(&line, &cap, stdin)) >= 0) {
        size_t len = (size_t)got;
        lineno++;
        if (len > 0 && line[len - 1] == '\n')
            len--;
        util_error err = { 0, "" };
        char *f[3];
        size_t fl[3];
        int nf = len > JUDGE_MAX_LINE ? -2 : formats_split(line, len, f, fl, 3);
        if (nf == 0 || (nf > 0 && f[0][0] == '#'))
            continue;
        if (nf == -2)
            util_error_set(&err, UTIL_EXIT_INPUT, NULL, 0, "line longer than %u MiB",
                           JUDGE_MAX_LINE >> 20);
        else if (nf == -1)
            util_error_set(&err, UTIL_EXIT_INPUT, NULL, 0, "line contains a NUL byte");
        else if (nf != 3)
            util_error_set(&err, UTIL_EXIT_INPUT, NULL, 0, "expected TOPIC DOCNO GRADE");
        else if (campaign_judge_one(c, f[0], f[1], f[2], &err) == 0) {
            printf("%s %s %s %s\n", c->adjudicate ? "adjudicated" : "saved", f[0], f[1], f[2]);
            if (fflush(stdout) != 0) {
                util_warn("judge: cannot write to standard output");
                status = UTIL_EXIT_SYSTEM;
                break;
            }
            continue;
        }
        if (err.code == 0)
            err.code = UTIL_EXIT_SYSTEM;
        /* a bad line of standard input is bad input, not a bad command line */
        if (err.code == UTIL_EXIT_USAGE)
            err.code = UTIL_EXIT_INPUT;
        refuse(lineno, err.msg);
        if (status == UTIL_EXIT_OK)
            status = err.code;
        if (err.code == UTIL_EXIT_SYSTEM)
            break;
    }
    if (got < 0 && ferror(stdin)) {
        util_warn("<stdin>: cannot read");
        if (status == UTIL_EXIT_OK)
            status = UTIL_EXIT_SYSTEM;
    }
    free(line);
    return status;
}

int cli_judge(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("judge");
    enum { OPT_ADD = 'P' };   /* its key in the command table */
    const char *path = NULL;
    campaign_judge c;
    memset(&c, 0, sizeof c);
    int opt;
    optind = 1;
    /* options end at TOPIC, so that a GRADE of -1 is not taken for one */
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'd':
            path = optarg;
            break;
        case 'a':
            c.assessor = optarg;
            break;
        case 'n':
            c.note = optarg;
            break;
        case 's':
            if (util_parse_double(optarg, strlen(optarg), &c.seconds) != 0 || c.seconds < 0) {
                util_warn("judge: --seconds needs a number of seconds, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case OPT_ADD:
            c.add_to_pool = 1;
            break;
        case 'A':
            c.adjudicate = 1;
            break;
        case 'F':
            c.force = 1;
            break;
        default:
            return cli_usage_option(cmd, opt);
        }
    }
    int batch = argc - optind == 1 && strcmp(argv[optind], "-") == 0;
    if (!batch && argc - optind != 3) {
        return cli_usage_error(cmd);
    }
    if (c.force && !c.adjudicate) {
        util_warn("judge: --force goes with --adjudicate");
        return UTIL_EXIT_USAGE;
    }
    if (c.adjudicate && c.add_to_pool) {
        util_warn("judge: --adjudicate takes a document already judged; not --add-to-pool");
        return UTIL_EXIT_USAGE;
    }
    if (c.assessor == NULL)
        c.assessor = getenv("USER") != NULL ? getenv("USER") : "assessor";
    if (cli_name_check("judge", "assessor", c.assessor) != 0)
        return UTIL_EXIT_USAGE;
    int status = UTIL_EXIT_OK;
    util_error err = { 0, "" };
    c.s = cli_campaign_open(path, &status);
    if (c.s == NULL)
        return status;
    if (campaign_judge_scale(&c, &err) != 0) {
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    } else if (batch) {
        status = judge_batch(&c);
    } else if (campaign_judge_one(&c, argv[optind], argv[optind + 1], argv[optind + 2],
                                  &err) != 0) {
        util_warn("judge: %s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    free(c.grades);
    store_close(&c.s);
    return status;
}
