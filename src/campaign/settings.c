/* settings.c: the settings a user may set (`trecjudge settings`), their defaults and values. */
/* SPDX-License-Identifier: MIT */
#include "campaign/campaign.h"

#include <string.h>

static const campaign_setting settings[] = {
    { "report_for_assessors", "no", "yes no",
      "whether assessors may see the live report (r) on the assessment screen" },
    { "reading_width", "100", NULL,
      "the width documents and topics are wrapped to, in columns (20 to 10000)" },
    { "idle_threshold", "60", NULL,
      "seconds: a longer gap between two keys counts as this long in active time" },
};

#define NSETTINGS (sizeof settings / sizeof *settings)

const campaign_setting *campaign_setting_at(size_t i)
{
    return i < NSETTINGS ? &settings[i] : NULL;
}

const campaign_setting *campaign_setting_find(const char *key)
{
    for (size_t i = 0; i < NSETTINGS; i++)
        if (strcmp(settings[i].key, key) == 0)
            return &settings[i];
    return NULL;
}

int campaign_setting_check(const campaign_setting *st, const char *value, util_error *err)
{
    size_t len = strlen(value);
    if (strcmp(st->key, "report_for_assessors") == 0) {
        if (strcmp(value, "yes") == 0 || strcmp(value, "no") == 0)
            return 0;
        return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "%s is yes or no, not '%s'", st->key,
                              value);
    }
    if (strcmp(st->key, "reading_width") == 0) {
        long w = 0;
        if (util_parse_long(value, len, &w) == 0 && w >= 20 && w <= 10000)
            return 0;
        return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                              "%s is a number of columns from 20 to 10000, not '%s'", st->key,
                              value);
    }
    double d = 0;
    if (util_parse_double(value, len, &d) == 0 && d > 0 && d <= 86400)
        return 0;
    return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                          "%s is a number of seconds above 0 (at most 86400), not '%s'", st->key,
                          value);
}
