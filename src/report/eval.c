/* eval.c: writes evaluation results in trec_eval's text format, as TSV, or as JSON. */
/* SPDX-License-Identifier: MIT */
#include "report.h"

#include <math.h>
#include <string.h>

static const util_enum_name format_names[] = {
    { "trec", REPORT_TREC }, { "tsv", REPORT_TSV }, { "json", REPORT_JSON }, { NULL, 0 }
};

int report_format_parse(const char *name, report_format *f)
{
    int v;
    if (util_enum_parse(format_names, name, &v) != 0)
        return -1;
    *f = (report_format)v;
    return 0;
}

/* One value in trec_eval's text form. */
static void trec_line(util_out *o, const char *name, const char *qid, metrics_kind kind, double v,
                      const char *str)
{
    util_out_padded(o, name, 22);
    util_out_char(o, '\t');
    util_out_str(o, qid);
    util_out_char(o, '\t');
    if (kind == METRICS_STRING) {
        util_out_char(o, '\'');
        util_out_str(o, str != NULL ? str : "");
        util_out_char(o, '\'');
    } else if (kind == METRICS_LONG) {
        util_out_long(o, (long)v);
    } else {
        util_out_fixed4(o, v);
    }
    util_out_char(o, '\n');
}

static void tsv_value(util_out *o, metrics_kind kind, double v, const char *str)
{
    if (kind == METRICS_STRING)
        util_out_str(o, str != NULL ? str : "");
    else if (kind == METRICS_LONG)
        util_out_long(o, (long)v);
    else if (isfinite(v))
        util_out_printf(o, "%.17g", v);
    else
        util_out_str(o, "NA");      /* what pandas and R read as missing */
}

void report_eval_begin(report_eval *r)
{
    r->nruns = 0;
    if (r->format == REPORT_TSV)
        util_out_str(r->out, "run\tmeasure\ttopic\tvalue\n");
    else if (r->format == REPORT_JSON) {
        /* one run a line */
        static const util_json_style runs = { "\n ", "\n ", "\n", "\n" };
        util_json_init(&r->json, r->out);
        util_json_array(&r->json, &runs);
    }
}

void report_eval_run(report_eval *r, const report_run *run)
{
    const metrics_set *s = r->set;
    size_t nv = metrics_set_size(s);
    util_out *o = r->out;
    if (r->format == REPORT_TREC) {
        if (r->per_topic) {
            for (size_t q = 0; q < run->ntopics; q++)
                for (size_t i = 0; i < nv; i++)
                    if (metrics_set_per_topic(s, i))
                        trec_line(o, metrics_set_name(s, i), run->qids[q], metrics_set_kind(s, i),
                                  run->per_topic[q * nv + i], report_string(run, q, i));
        }
        if (r->summary) {
            for (size_t i = 0; i < nv; i++) {
                if (!metrics_set_in_summary(s, i))
                    continue;
                if (metrics_set_is_runid(s, i)) {
                    util_out_padded(o, "runid", 22);
                    util_out_str(o, "\tall\t");
                    util_out_str(o, run->tag);
                    util_out_char(o, '\n');
                } else
                    trec_line(o, metrics_set_name(s, i), "all", metrics_set_kind(s, i),
                              run->summary[i], NULL);
            }
        }
    } else if (r->format == REPORT_TSV) {
        if (r->per_topic)
            for (size_t q = 0; q < run->ntopics; q++)
                for (size_t i = 0; i < nv; i++)
                    if (metrics_set_per_topic(s, i)) {
                        util_out_printf(o, "%s\t%s\t%s\t", run->tag, metrics_set_name(s, i),
                                        run->qids[q]);
                        tsv_value(o, metrics_set_kind(s, i), run->per_topic[q * nv + i],
                                  report_string(run, q, i));
                        util_out_char(o, '\n');
                    }
        if (r->summary)
            for (size_t i = 0; i < nv; i++)
                if (metrics_set_in_summary(s, i) && !metrics_set_is_runid(s, i)) {
                    util_out_printf(o, "%s\t%s\tall\t", run->tag, metrics_set_name(s, i));
                    tsv_value(o, metrics_set_kind(s, i), run->summary[i], NULL);
                    util_out_char(o, '\n');
                }
    } else {
        /* a topic a line */
        static const util_json_style topics = { "\n  ", "\n  ", "", "" };
        util_json *j = &r->json;
        util_json_object(j, NULL);
        util_json_key(j, "run");
        util_json_str(j, run->tag);
        util_json_key(j, "num_topics");
        util_json_uint(j, run->ntopics);
        if (r->summary) {
            util_json_key(j, "summary");
            util_json_object(j, NULL);
            for (size_t i = 0; i < nv; i++) {
                if (!metrics_set_in_summary(s, i) || metrics_set_is_runid(s, i))
                    continue;
                util_json_key(j, metrics_set_name(s, i));
                util_json_double(j, run->summary[i]);
            }
            util_json_end(j);
        }
        if (r->per_topic) {
            util_json_key(j, "topics");
            util_json_object(j, &topics);
            for (size_t q = 0; q < run->ntopics; q++) {
                util_json_key(j, run->qids[q]);
                util_json_object(j, NULL);
                for (size_t i = 0; i < nv; i++) {
                    if (!metrics_set_per_topic(s, i))
                        continue;
                    util_json_key(j, metrics_set_name(s, i));
                    const char *str = report_string(run, q, i);
                    if (metrics_set_kind(s, i) == METRICS_STRING)
                        util_json_str(j, str != NULL ? str : "");
                    else
                        util_json_double(j, run->per_topic[q * nv + i]);
                }
                util_json_end(j);
            }
            util_json_end(j);
        }
        util_json_end(j);
    }
    r->nruns++;
}

void report_eval_end(report_eval *r)
{
    if (r->format == REPORT_JSON) {
        util_json_end(&r->json);
        util_out_char(r->out, '\n');
    }
}
