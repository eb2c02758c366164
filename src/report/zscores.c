/* zscores.c: trec_eval's text output of a run's values under -Z (z-scores). */
/* SPDX-License-Identifier: MIT */
#include "report/report.h"

static void z_line(util_out *o, const char *name, const char *qid, double v)
{
    util_out_char(o, 'Z');
    util_out_padded(o, name, 22);
    util_out_char(o, '\t');
    util_out_str(o, qid);
    util_out_char(o, '\t');
    util_out_fixed4(o, v);
    util_out_char(o, '\n');
}

/* trec_eval's text output under -Z: a 'Z' before each value's name and every value,
 * integer counts included, printed %6.4f; relstring and runid are printed as usual. */
void report_eval_run_zscores(const report_eval *rep, const report_run *run)
{
    const metrics_set *s = rep->set;
    size_t nv = metrics_set_size(s);
    util_out *o = rep->out;
    if (rep->per_topic) {
        for (size_t q = 0; q < run->ntopics; q++) {
            for (size_t i = 0; i < nv; i++) {
                if (!metrics_set_per_topic(s, i))
                    continue;
                if (metrics_set_kind(s, i) == METRICS_STRING) {
                    const char *str = report_string(run, q, i);
                    util_out_padded(o, metrics_set_name(s, i), 22);
                    util_out_printf(o, "\t%s\t'%s'\n", run->qids[q], str != NULL ? str : "");
                } else {
                    z_line(o, metrics_set_name(s, i), run->qids[q], run->per_topic[q * nv + i]);
                }
            }
        }
    }
    if (rep->summary) {
        for (size_t i = 0; i < nv; i++) {
            if (!metrics_set_in_summary(s, i))
                continue;
            if (metrics_set_is_runid(s, i)) {
                util_out_padded(o, "runid", 22);
                util_out_printf(o, "\tall\t%s\n", run->tag);
            } else {
                z_line(o, metrics_set_name(s, i), "all", run->summary[i]);
            }
        }
    }
}
