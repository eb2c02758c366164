/* cmd_judge.c: `trecjudge judge`, which records judgments from the command line or a stream of lines (for scripts). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "formats/formats.h"

/* A stdin line longer than this is refused (as the file readers do). */
#define JUDGE_MAX_LINE (1u << 20)

typedef struct judge_ctx {
    store *s;
    const char *assessor;
    const char *note;
    double seconds;
    int add_to_pool;
    long *grades;            /* the campaign's scale, by grade */
    size_t ngrades, capgrades;
    char scale[256];         /* "0, 1" for messages */
} judge_ctx;

static int grade_cb(void *vctx, const store_grade *g)
{
    judge_ctx *c = vctx;
    util_grow(&c->grades, &c->capgrades, c->ngrades + 1, sizeof *c->grades);
    c->grades[c->ngrades++] = g->grade;
    size_t len = strlen(c->scale);
    if (len + 32 < sizeof c->scale)
        snprintf(c->scale + len, sizeof c->scale - len, "%s%ld", len ? ", " : "", g->grade);
    return 0;
}

/* Whether the judgment scale or -1 (pooled, not judged) has grade. */
static int grade_known(const judge_ctx *c, long grade)
{
    if (grade == -1)
        return 1;
    for (size_t i = 0; i < c->ngrades; i++)
        if (c->grades[i] == grade)
            return 1;
    return 0;
}

/* Saves one judgment in its own transaction, after checking the grade against the scale
 * and the document against the topic's pool. */
static int judge_one(judge_ctx *c, const char *qid, const char *docno, const char *gs,
                     util_error *err)
{
    store *s = c->s;
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
    if (!grade_known(c, grade))
        return util_error_set(err, UTIL_EXIT_DATA, NULL, 0,
                              "grade %ld is not in the campaign's scale (%s; -1: not judged)",
                              grade, c->scale);
    int64_t topic_id, assessor_id, count, maxpos;
    int found;
    if (store_begin(s, err) != 0)
        return -1;
    if ((found = store_topic_id(s, qid, 0, &topic_id, err)) < 0)
        goto fail;
    if (found == 0) {
        util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0, "no topic '%s' in the campaign", qid);
        goto fail;
    }
    if ((found = store_pool_has(s, topic_id, docno, err)) < 0)
        goto fail;
    if (found == 0 && !c->add_to_pool) {
        util_error_set(err, UTIL_EXIT_DATA, store_path(s), 0,
                       "document '%s' is not in the pool of topic '%s' (--add-to-pool adds it)",
                       docno, qid);
        goto fail;
    }
    if (found == 0 && (store_pool_info(s, topic_id, &count, &maxpos, err) != 0 ||
                       store_pool_add(s, topic_id, docno, maxpos + 1, "manual", err) != 0))
        goto fail;
    if (store_assessor_id(s, c->assessor, 1, &assessor_id, err) < 0 ||
        store_judgment_set(s, topic_id, docno, assessor_id, grade, NULL, c->seconds, c->note,
                           err) != 0 ||
        store_commit(s, err) != 0)
        goto fail;
    return 0;
fail:
    store_rollback(s);
    return -1;
}

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
static int judge_batch(judge_ctx *c)
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
        else if (judge_one(c, f[0], f[1], f[2], &err) == 0) {
            printf("saved %s %s %s\n", f[0], f[1], f[2]);
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
    judge_ctx c;
    memset(&c, 0, sizeof c);
    int opt;
    optind = 1;
    /* options end at TOPIC, so that a GRADE of -1 is not taken for one */
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'h':
            cli_usage(cmd, stdout);
            return UTIL_EXIT_OK;
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
        default:
            cli_usage(cmd, stderr);
            return UTIL_EXIT_USAGE;
        }
    }
    int batch = argc - optind == 1 && strcmp(argv[optind], "-") == 0;
    if (!batch && argc - optind != 3) {
        cli_usage(cmd, stderr);
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
    if (store_grades_each(c.s, grade_cb, &c, &err) != 0) {
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    } else if (batch) {
        status = judge_batch(&c);
    } else if (judge_one(&c, argv[optind], argv[optind + 1], argv[optind + 2], &err) != 0) {
        util_warn("judge: %s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    free(c.grades);
    store_close(&c.s);
    return status;
}
