/* cmd_judge.c: `trecjudge judge`, which records one judgment from the command line (for scripts). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"

static const char judge_usage[] =
    "usage: trecjudge judge [-d CAMPAIGN] [--assessor NAME] [--note TEXT] [--seconds S]\n"
    "                       TOPIC DOCNO GRADE\n"
    "       trecjudge judge [-d CAMPAIGN] [--assessor NAME] -\n"
    "Records a judgment (grade -1: pooled, not judged yet); the change goes to the history.\n"
    "With '-', reads \"TOPIC DOCNO GRADE\" lines from standard input, saves each in its own\n"
    "transaction and prints \"saved TOPIC DOCNO GRADE\" once it is durable.\n";

/* Saves one judgment in its own transaction. */
static int judge_one(store *s, const char *assessor, const char *qid, const char *docno,
                     const char *gs, double seconds, const char *note, util_error *err)
{
    /* The names are written into qrels lines: one rule (util_name_problem) keeps a newline
     * or a space from forging another judgment there. */
    const char *why;
    if ((why = util_name_problem(qid, strlen(qid))) != NULL)
        return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "topic id %s", why);
    if ((why = util_name_problem(docno, strlen(docno))) != NULL)
        return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "docno %s", why);
    long grade;
    if (util_parse_long(gs, strlen(gs), &grade) != 0 || grade < -1 || grade > 1000000)
        return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                              "grade '%s' is not an integer from -1 up", gs);
    int64_t topic_id, assessor_id;
    int found;
    if (store_begin(s, err) != 0)
        return -1;
    if ((found = store_topic_id(s, qid, 0, &topic_id, err)) < 0 ||
        (found == 0 && util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0,
                                      "no topic '%s' in the campaign", qid)) ||
        store_assessor_id(s, assessor, 1, &assessor_id, err) < 0 ||
        store_judgment_set(s, topic_id, docno, assessor_id, grade, NULL, seconds, note, err) != 0 ||
        store_commit(s, err) != 0) {
        store_rollback(s);
        return -1;
    }
    return 0;
}

/* Judges every line of standard input; returns an exit status. */
static int judge_batch(store *s, const char *assessor, double seconds, const char *note)
{
    util_error err = { 0, "" };
    formats_input *in = formats_input_open("-", &err);
    if (in == NULL) {
        util_warn("%s", err.msg);
        return UTIL_EXIT_INPUT;
    }
    char *line;
    size_t len;
    int got, status = UTIL_EXIT_OK;
    while (status == UTIL_EXIT_OK && (got = formats_input_line(in, &line, &len, &err)) == 1) {
        char *f[3];
        size_t fl[3];
        int nf = formats_split(line, len, f, fl, 3);
        if (nf == 0 || f[0][0] == '#')
            continue;
        if (nf != 3) {
            util_warn("<stdin>:%ld: expected TOPIC DOCNO GRADE", formats_input_lineno(in));
            status = UTIL_EXIT_INPUT;
        } else if (judge_one(s, assessor, f[0], f[1], f[2], seconds, note, &err) != 0) {
            util_warn("<stdin>:%ld: %s", formats_input_lineno(in), err.msg);
            /* a bad line of standard input is bad input, not a bad command line */
            status = err.code == UTIL_EXIT_USAGE ? UTIL_EXIT_INPUT
                                                 : err.code ? err.code : UTIL_EXIT_SYSTEM;
        } else {
            printf("saved %s %s %s\n", f[0], f[1], f[2]);
            fflush(stdout);
        }
    }
    if (got < 0 && status == UTIL_EXIT_OK) {
        util_warn("%s", err.msg);
        status = UTIL_EXIT_INPUT;
    }
    formats_input_close(&in);
    return status;
}

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
    int batch = argc - optind == 1 && strcmp(argv[optind], "-") == 0;
    if (!batch && argc - optind != 3) {
        fputs(judge_usage, stderr);
        return UTIL_EXIT_USAGE;
    }
    if (assessor == NULL)
        assessor = getenv("USER") != NULL ? getenv("USER") : "assessor";
    if (cli_name_check("judge", "assessor", assessor) != 0)
        return UTIL_EXIT_USAGE;
    int status = UTIL_EXIT_OK;
    store *s = cli_campaign_open(path, &status);
    if (s == NULL)
        return status;
    if (batch) {
        status = judge_batch(s, assessor, seconds, note);
    } else {
        util_error err = { 0, "" };
        if (judge_one(s, assessor, argv[optind], argv[optind + 1], argv[optind + 2], seconds, note,
                      &err) != 0) {
            util_warn("judge: %s", err.msg);
            status = err.code ? err.code : UTIL_EXIT_SYSTEM;
        }
    }
    store_close(&s);
    return status;
}
