/* cmd_init.c: `trecjudge init`, which creates an empty campaign file with its judgment scale. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assess/assess.h"
#include "cli/cli.h"

static const char graded4[] =
    "0:Not relevant:0,1:Partially relevant:1,2:Fairly relevant:2,3:Highly relevant:3";

/* Refuses a grade key the assessment screen cannot give a grade with: a control character,
 * a key of another grade, or one of the screen's own keys (from its key table), which
 * would shadow it (n after a search, q to quit). Returns 0, or -1 after a message. */
static int check_keys(const store_grade *grades, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)grades[i].key[0];
        const char *what = assess_key_reserved(c);
        if (what != NULL) {
            char list[256];
            assess_reserved_list(list, sizeof list);
            util_warn("init: grade key '%c' (%s) is the assessment screen's key for '%s'; choose "
                      "another (the screen uses: %s)", c, grades[i].label, what, list);
            return -1;
        }
        if (c <= ' ' || c >= 0x7f) {
            util_warn("init: the key of grade %ld (%s) must be a visible character", grades[i].grade,
                      grades[i].label);
            return -1;
        }
        for (size_t j = 0; j < i; j++)
            if (grades[j].key[0] == grades[i].key[0]) {
                util_warn("init: grades %ld and %ld both have the key '%c'", grades[j].grade,
                          grades[i].grade, c);
                return -1;
            }
    }
    return 0;
}

/* Parses a GRADE:LABEL:KEY list into grades (strings point into text, which is modified). */
static int parse_grades(char *text, store_grade *grades, size_t max, size_t *n)
{
    *n = 0;
    for (char *item = strtok(text, ","); item != NULL; item = strtok(NULL, ",")) {
        char *c1 = strchr(item, ':'), *c2 = c1 != NULL ? strchr(c1 + 1, ':') : NULL;
        if (c1 == NULL || c2 == NULL || *n == max)
            return -1;
        *c1 = *c2 = '\0';
        long g;
        if (util_parse_long(item, strlen(item), &g) != 0 || g < 0 || g > 1000000 ||
            c1[1] == '\0' || strlen(c2 + 1) != 1)
            return -1;
        grades[*n] = (store_grade){ g, c1 + 1, c2 + 1 };
        (*n)++;
    }
    return *n >= 2 ? 0 : -1;
}

int cli_init(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("init");
    const char *lang = NULL;
    const char *path = NULL, *spec = "0:Not relevant:0,1:Relevant:1";
    long level = 1;
    int opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'h':
            cli_usage(cmd, stdout);
            return UTIL_EXIT_OK;
        case 'd':
            path = optarg;
            break;
        case 's':
            if (strcmp(optarg, "graded4") == 0) {
                spec = graded4;
            } else if (strcmp(optarg, "binary") != 0) {
                util_warn("init: unknown scale '%s' (binary or graded4)", optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 'g':
            spec = optarg;
            break;
        case 'l':
            if (util_parse_long(optarg, strlen(optarg), &level) != 0 || level < 0) {
                util_warn("init: --relevance-level needs a grade, not '%s'", optarg);
                return UTIL_EXIT_USAGE;
            }
            break;
        case 'L':
            lang = optarg;
            break;
        default:
            cli_usage(cmd, stderr);
            return UTIL_EXIT_USAGE;
        }
    }
    if (optind != argc) {
        cli_usage(cmd, stderr);
        return UTIL_EXIT_USAGE;
    }
    char *text = util_strdup(spec);
    store_grade grades[64];
    size_t n;
    if (parse_grades(text, grades, 64, &n) != 0) {
        util_warn("init: bad --grades '%s': give at least two GRADE:LABEL:KEY items, "
                  "with one-character keys", spec);
        free(text);
        return UTIL_EXIT_USAGE;
    }
    if (check_keys(grades, n) != 0) {
        free(text);
        return UTIL_EXIT_USAGE;
    }
    path = cli_campaign_path(path);
    util_error err = { 0, "" };
    store *s = NULL;
    int status = UTIL_EXIT_OK;
    if (store_create(path, &s, &err) != 0) {
        util_warn("%s", err.msg);
        free(text);
        return err.code ? err.code : UTIL_EXIT_SYSTEM;
    }
    if (store_begin(s, &err) != 0 || store_scale_set(s, grades, n, level, &err) != 0 ||
        (lang != NULL && store_setting_set(s, "lang", lang, &err) != 0) || store_commit(s, &err) != 0) {
        store_rollback(s);
        util_warn("%s", err.msg);
        status = err.code ? err.code : UTIL_EXIT_SYSTEM;
        store_close(&s);
        remove(path);
    } else {
        store_close(&s);
        fprintf(stderr, "created campaign %s (%zu grades, relevant from %ld)\n", path, n, level);
    }
    free(text);
    return status;
}
