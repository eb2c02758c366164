/* report.h: the public interface of the report module: evaluation results as trec_eval text, TSV or JSON. */
#ifndef TJ_REPORT_H
#define TJ_REPORT_H

#include <stddef.h>

#include "metrics/metrics.h"
#include "util/util.h"

typedef enum report_format {
    REPORT_TREC,     /* trec_eval's lines: "%-22s\t%s\t%6.4f" */
    REPORT_TSV,      /* run, measure, topic, value with a header line */
    REPORT_JSON      /* one array of run objects */
} report_format;

/* One run's evaluation: per-topic rows (ntopics x metrics_set_size) and the summary. */
typedef struct report_run {
    const char *tag;
    const char *const *qids;
    size_t ntopics;
    const double *per_topic;
    char *const *strings;       /* same shape as per_topic; NULL where not a string */
    const double *summary;
} report_run;

typedef struct report_eval {
    util_out *out;
    report_format format;
    const metrics_set *set;
    int per_topic;              /* -q */
    int summary;                /* not -n */
    size_t nruns;               /* runs written so far */
} report_eval;

/* Parses "trec", "tsv" or "json"; returns -1 for anything else. */
int report_format_parse(const char *name, report_format *f);
void report_eval_begin(report_eval *r);
void report_eval_run(report_eval *r, const report_run *run);
void report_eval_end(report_eval *r);

#endif
