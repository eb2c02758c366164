/* cmd_judge.c: `trecjudge judge`, which records one judgment from the command line (for scripts). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static const char judge_usage[] =
    "usage: trecjudge judge [-d CAMPAIGN] [--assessor NAME] [--note TEXT] [--seconds S]\n"
    "                       TOPIC DOCNO GRADE\n"
    "Records a judgment (grade -1: pooled, not judged yet); the change goes to the history.\n";

int cli_judge(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "help", no_argument, NULL, 'h' }, { "campaign", required_argument, NULL, 'd' },
        { "assessor", required_argument, NULL, 'a' }, { "note", required_argument, NULL, 'n' },
        { "seconds", required_argument, NULL, 's' }, { NULL, 0, NULL, 0 } };
    const char *path = NULL, *assessor = NULL, *note = NULL;
    double seconds = 0;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "hd:", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h':
            fputs(judge_usage, stdout);
            return UTIL_EXIT_OK;
        case 'd':
            path = optarg;
            break;
        case 'a':
            assessor = optarg;
            break;
        case 'n':
            note = optarg;
            break;
        case 's':
            if (util_parse_double(optarg, strlen(optarg), &seconds) != 0 || seconds < 0) {
                util_warn("judge: --seconds needs a number of seconds, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        default:
            fputs(judge_usage, stderr);
            return UTIL_EXIT_USAGE;
        }
    }
    if (argc - optind != 3) {
        fputs(judge_usage, stderr);
        return UTIL_EXIT_USAGE;
    }
    const char *qid = argv[optind], *docno = argv[optind + 1], *gs = argv[optind + 2];
    long grade;
    if (util_parse_long(gs, strlen(gs), &grade) != 0 || grade < -1 || grade > 1000000) {
        util_warn("judge: grade '%s' is not an integer from -1 up", gs);
        return UTIL_EXIT_USAGE;
    }
    if (assessor == NULL)
        assessor = getenv("USER") != NULL ? getenv("USER") : "assessor";
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    util_error err = { 0, "" };
    int64_t topic_id, assessor_id;
    int found;
    if (store_begin(s, &err) != 0 ||
        (found = store_topic_id(s, qid, 0, &topic_id, &err)) < 0 ||
        (found == 0 && util_error_set(&err, UTIL_EXIT_DATA, store_path(s), 0,
                                      "no topic '%s' in the campaign", qid)) ||
        store_assessor_id(s, assessor, 1, &assessor_id, &err) < 0 ||
        store_judgment_set(s, topic_id, docno, assessor_id, grade, NULL, seconds, note, &err) != 0 ||
        store_commit(s, &err) != 0) {
        store_rollback(s);
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    store_close(&s);
    return status;
}
