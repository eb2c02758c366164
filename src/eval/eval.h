/* eval.h: runs evaluated against qrels or preferences as trec_eval does. */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_EVAL_H
#define TJ_EVAL_H

#include "formats/formats.h"
#include "metrics/metrics.h"
#include "report/report.h"

/* The judgments, measures and parameters that every run of one `eval` is scored with. */
typedef struct eval_judge eval_judge;

/* Prepares the judgments: qrels (plain or with judgment groups) or prefs, exactly one of
 * them non-NULL; zscores (-Z) may be NULL. Everything handed in must outlive the result,
 * which is freed with eval_free. */
eval_judge *eval_new(const formats_qrels *qrels, const formats_prefs *prefs,
                     const formats_zscores *zscores, const metrics_set *set,
                     const metrics_params *params);
/* Scores the run file at path ('-' is standard input; a pipe is read once): every topic of
 * the judgments (a topic missing from the run is an error with code UTIL_EXIT_DATA, or,
 * under params->average_complete, retrieved nothing), then the summary; under zscores the
 * topics' values are z-scores. Fills run, which stays valid until the next call or
 * eval_free. Returns 0, or -1 with err set (err->code is the exit status). */
int eval_file(eval_judge *e, const char *path, report_run *run, util_error *err);
void eval_free(eval_judge **e);

#endif
