/* scale.c: init's judgment scale (GRADE:LABEL:KEY,...) parsed and checked. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <stdlib.h>
#include <string.h>

/* Refuses a grade key the assessment screen cannot give a grade with: a control character,
 * a key of another grade, or one of the screen's own keys (from its key table), which
 * would shadow it (n after a search, q to quit). */
static int check_keys(const store_grade *grades, size_t n, util_error *err)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)grades[i].key[0];
        const char *what = assess_key_reserved(c);
        if (what != NULL) {
            char list[256];
            assess_reserved_list(list, sizeof list);
            return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "grade key '%c' (%s) is the "
                                  "assessment screen's key for '%s'; choose another (the "
                                  "screen uses: %s)", c, grades[i].label, what, list);
        }
        if (c <= ' ' || c >= 0x7f) {
            return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "the key of grade %ld (%s) must "
                                  "be a visible character", grades[i].grade, grades[i].label);
        }
        for (size_t j = 0; j < i; j++)
            if (grades[j].key[0] == grades[i].key[0]) {
                return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "grades %ld and %ld both "
                                      "have the key '%c'", grades[j].grade, grades[i].grade, c);
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

int campaign_scale_parse(char *text, store_grade *grades, size_t max, size_t *n,
                         util_error *err)
{
    char *spec = util_strdup(text);
    int rc = 0;
    if (parse_grades(text, grades, max, n) != 0)
        rc = util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "bad --grades '%s': give at least "
                            "two GRADE:LABEL:KEY items, with one-character keys", spec);
    else
        rc = check_keys(grades, *n, err);
    free(spec);
    return rc;
}
