/* campaign_private.h: what the campaign module's own files share (never included elsewhere). */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_CAMPAIGN_PRIVATE_H
#define TJ_CAMPAIGN_PRIVATE_H

#include "campaign/campaign.h"

/* Grades given in place of the policy's while the qrels are written (the adjudicated
 * export): before is told each document about to be written (qid NULL: the end), so that
 * it may write lines of its own that come first; grade gives a document's grade (1) or
 * leaves it to the policy (0). */
typedef struct campaign_export_override {
    void *ctx;
    void (*before)(void *ctx, util_out *out, const char *qid, const char *docno);
    int (*grade)(void *ctx, const char *qid, const char *docno, long *grade);
} campaign_export_override;

/* campaign_qrels_write without the check of the primary assessor, with an override (or
 * NULL). */
int campaign_qrels_export(store *s, campaign_policy pol, const char *primary, int per_assessor,
                          const campaign_export_override *ov, util_out *out, util_error *err);

#endif
