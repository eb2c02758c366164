/* policy.c: how several assessors' grades of one document become one grade (qrels export --policy, the live report). */
#include <string.h>

#include "campaign/campaign.h"

int campaign_policy_parse(const char *name, campaign_policy *p, const char **primary)
{
    *primary = NULL;
    if (strcmp(name, "max") == 0)
        *p = CAMPAIGN_POLICY_MAX;
    else if (strcmp(name, "majority") == 0)
        *p = CAMPAIGN_POLICY_MAJORITY;
    else if (strcmp(name, "mean") == 0)
        *p = CAMPAIGN_POLICY_MEAN;
    else if (strncmp(name, "primary=", 8) == 0 && name[8] != '\0') {
        *p = CAMPAIGN_POLICY_PRIMARY;
        *primary = name + 8;
    } else {
        return -1;
    }
    return 0;
}

long campaign_policy_grade(campaign_policy p, const long *grades, size_t n, long primary_grade)
{
    long max = -1, sum = 0, count = 0, best = -1, best_votes = -1;
    for (size_t i = 0; i < n; i++) {
        long g = grades[i];
        if (g < 0)
            continue;
        if (g > max)
            max = g;
        sum += g;
        count++;
        long votes = 0;
        for (size_t k = 0; k < n; k++)
            votes += grades[k] == g;
        if (votes > best_votes || (votes == best_votes && g > best)) {
            best_votes = votes;
            best = g;
        }
    }
    if (count == 0)
        return -1;
    switch (p) {
    case CAMPAIGN_POLICY_MAJORITY:
        return best;   /* ties go to the higher grade */
    case CAMPAIGN_POLICY_MEAN:
        return (2 * sum + count) / (2 * count);   /* rounded, halves up */
    case CAMPAIGN_POLICY_PRIMARY:
        return primary_grade >= 0 ? primary_grade : max;
    default:
        return max;
    }
}
