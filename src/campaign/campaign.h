/* campaign.h: a campaign's judgments as the reports see them: several assessors' grades merged by a policy, and the judgment history replayed into a live report (or qrels and run files loaded into one). */
#ifndef TJ_CAMPAIGN_H
#define TJ_CAMPAIGN_H

#include "report/report.h"
#include "store/store.h"
#include "util/util.h"

/* How several assessors' grades of a document become one (as `qrels export --policy`). */
typedef enum campaign_policy {
    CAMPAIGN_POLICY_MAX, CAMPAIGN_POLICY_MAJORITY, CAMPAIGN_POLICY_MEAN, CAMPAIGN_POLICY_PRIMARY
} campaign_policy;
/* Parses max, majority, mean or primary=NAME (primary then points into name); -1 when
 * name is none of them. */
int campaign_policy_parse(const char *name, campaign_policy *p, const char **primary);
/* The grade a policy gives a document from its n grades: -1 only when no one gave a grade
 * of 0 or more; max; majority (ties to the higher grade); mean (rounded, halves up);
 * primary (primary_grade when it is 0 or more, else max). */
long campaign_policy_grade(campaign_policy p, const long *grades, size_t n, long primary_grade);

typedef struct campaign_report_opts {
    const char *command;          /* for messages */
    const char *measures;         /* comma-separated -m specs, NULL: the leaderboard's */
    double rbp_p;
    long relevance_level;
    int relevance_level_set;      /* else the campaign's (1 for files) */
    long checkpoint_every;        /* a checkpoint every N history entries (0: none) */
    campaign_policy policy;       /* default max, as qrels export */
    const char *primary;
} campaign_report_opts;

typedef struct campaign_live {
    report_live *live;
    store *store;                 /* NULL for files */
    struct campaign_replay *replay;
    int64_t last;                 /* the last history entry replayed */
    long changes, checkpoint_every;
    campaign_policy policy;
    const char *primary;
    long *checkpoint_at;          /* judgments at each checkpoint */
    size_t ncheckpoints, checkpoint_cap;
} campaign_live;

/* The defaults: the leaderboard's measures, RBP's p 0.8, the campaign's level, max. */
void campaign_report_opts_init(campaign_report_opts *o, const char *command);
/* Opens the live report of the campaign s (taken over: closed by campaign_live_close), its
 * rankings loaded and its history replayed, or, with s NULL, of files: QRELS then RUN files
 * (nfiles >= 2). Returns 0, or -1 with err set (err->code is the exit status; c is then
 * closed already). */
int campaign_live_open(campaign_live *c, store *s, char **files, int nfiles,
                       const campaign_report_opts *o, util_error *err);
/* Replays the history entries written since the last call (campaign only). */
int campaign_live_update(campaign_live *c, util_error *err);
void campaign_live_close(campaign_live *c);

#endif
