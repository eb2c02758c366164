/* names.c: a measure's spellings that reports accept, and the one label they print (pure). */
/* SPDX-License-Identifier: MIT */
#include "metrics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ir_measures' names (and the labels printed by label_of) with the trec_eval family each
 * stands for: bare, then with an @cutoff. NULL: that form does not exist. */
static const struct {
    const char *name, *bare, *cut;
} aliases[] = {
    { "P", NULL, "P" },           { "R", NULL, "recall" },       { "AP", "map", "map_cut" },
    { "MAP", "map", "map_cut" },  { "GMAP", "gm_map", NULL },     { "RR", "recip_rank", NULL },
    { "MRR", "recip_rank", NULL }, { "nDCG", "ndcg", "ndcg_cut" }, { "NDCG", "ndcg", "ndcg_cut" },
    { "ERR", NULL, "err_cut" },   { "Judged", NULL, "judged" },   { "judged", NULL, "judged" },
    { "Success", NULL, "success" }, { "Bpref", "bpref", NULL },
    { "bpref", "bpref", NULL },{ "R-prec", "Rprec", NULL },
    { "Rprec", "Rprec", NULL },   { "infAP", "infAP", NULL },     { "NumRet", "num_ret", NULL },
    { "NumRel", "num_rel", NULL }, { "NumRelRet", "num_rel_ret", NULL },
    { "NumQ", "num_q", NULL },    { "SetP", "set_P", NULL },      { "SetR", "set_recall", NULL },
    { "SetF", "set_F", NULL },    { "IPrec", NULL, "iprec_at_recall" },
    { "CG", NULL, "cg_cut" },     { "DCG", NULL, "dcg_cut" },     { "nCG", NULL, "ncg_cut" },
    { "RBP", "rbp", NULL },       { "resid", "rbp_resid", NULL },
};

#define NALIASES (sizeof aliases / sizeof aliases[0])

/* The label of each trec_eval family: bare name, or prefix before "@cutoff". */
static const struct {
    const char *family, *label;
    int cut;
} labels[] = {
    { "map", "MAP", 0 },          { "gm_map", "GMAP", 0 },        { "recip_rank", "MRR", 0 },
    { "Rprec", "R-prec", 0 },     { "ndcg", "nDCG", 0 },          { "P", "P", 1 },
    { "recall", "R", 1 },         { "map_cut", "AP", 1 },         { "ndcg_cut", "nDCG", 1 },
    { "err_cut", "ERR", 1 },      { "judged", "judged", 1 },      { "success", "Success", 1 },
    { "iprec_at_recall", "IPrec", 1 }, { "cg_cut", "CG", 1 },     { "dcg_cut", "DCG", 1 },
    { "ncg_cut", "nCG", 1 },
};

static int valid_spec(const char *spec)
{
    metrics_set *s = metrics_set_new();
    int ok = metrics_set_select(s, spec, NULL) == 0 && metrics_set_finish(s, NULL) == 0;
    metrics_set_free(&s);
    return ok;
}

/* Reads "rel=N" and "p=X" inside the parentheses of an ir_measures name. */
static int read_params(const char *p, size_t len, long *rel, char *persist, size_t psize,
                       util_error *err)
{
    char buf[128];
    if (len >= sizeof buf)
        return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "parameters too long");
    memcpy(buf, p, len);
    buf[len] = '\0';
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
        char *end;
        if (strncmp(tok, "rel=", 4) == 0) {
            long v = strtol(tok + 4, &end, 10);
            if (end == tok + 4 || *end != '\0' || v < 0)
                return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                                      "rel= needs a grade, not '%s'", tok + 4);
            *rel = v;
        } else if (strncmp(tok, "p=", 2) == 0 || strchr(tok, '=') == NULL) {
            const char *v = tok[0] == 'p' && tok[1] == '=' ? tok + 2 : tok;
            double d = strtod(v, &end);
            if (end == v || *end != '\0' || !(d > 0.0 && d < 1.0))
                return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                                      "p= needs a number between 0 and 1, not '%s'", v);
            snprintf(persist, psize, "%s", v);
        } else {
            return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                                  "unsupported parameter '%s' (rel=N, p=X)", tok);
        }
    }
    return 0;
}

int metrics_measure_spec(const char *in, char *out, size_t outsize, long *rel, util_error *err)
{
    *rel = -1;
    /* trec_eval's own spelling first: what eval -m takes is taken here unchanged. */
    if (valid_spec(in)) {
        snprintf(out, outsize, "%s", in);
        return 0;
    }
    /* ir_measures' NAME[(params)][@cutoff], and the labels the reports print. */
    const char *open = strchr(in, '('), *at = strrchr(in, '@');
    size_t nlen = open != NULL ? (size_t)(open - in) : at != NULL ? (size_t)(at - in) : strlen(in);
    char persist[64] = "";
    if (open != NULL) {
        const char *close = strchr(open, ')');
        if (close == NULL || (at != NULL && at < close) ||
            (close[1] != '\0' && close[1] != '@'))
            return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "unknown measure '%s'", in);
        if (read_params(open + 1, (size_t)(close - open - 1), rel, persist, sizeof persist,
                        err) != 0)
            return -1;
    }
    for (size_t i = 0; i < NALIASES; i++) {
        if (strlen(aliases[i].name) != nlen || strncmp(in, aliases[i].name, nlen) != 0)
            continue;
        const char *family = at != NULL ? aliases[i].cut : aliases[i].bare;
        if (family == NULL)
            break;
        if (at != NULL)
            snprintf(out, outsize, "%s.%s", family, at + 1);
        else if (persist[0] != '\0')
            snprintf(out, outsize, "%s.p=%s", family, persist);
        else
            snprintf(out, outsize, "%s", family);
        if (!valid_spec(out))
            break;
        return 0;
    }
    /* Any trec_eval name with ir_measures' parameters: bpref(rel=2). */
    if (open != NULL && at == NULL && nlen < outsize) {
        snprintf(out, outsize, "%.*s", (int)nlen, in);
        if (valid_spec(out))
            return 0;
    }
    /* trec_eval's printed names: P_10, ndcg_cut_10, rbp_p=0.8 (a '_' for the '.'). */
    if (open == NULL && at == NULL) {
        for (const char *u = strrchr(in, '_'); u != NULL && u > in;) {
            snprintf(out, outsize, "%.*s.%s", (int)(u - in), in, u + 1);
            if (valid_spec(out)) {
                *rel = -1;
                return 0;
            }
            const char *prev = u - 1;
            while (prev > in && *prev != '_')
                prev--;
            u = *prev == '_' ? prev : NULL;
        }
    }
    *rel = -1;
    return util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "unknown measure '%s'", in);
}

void metrics_measure_label(const char *name, long rel, char *buf, size_t size)
{
    char relpart[32] = "";
    if (rel >= 0)
        snprintf(relpart, sizeof relpart, "(rel=%ld)", rel);
    if (strncmp(name, "rbp_resid_p=", 12) == 0) {
        snprintf(buf, size, "resid(%s)%s", name + 12, relpart);
        return;
    }
    if (strncmp(name, "rbp_p=", 6) == 0) {
        snprintf(buf, size, "RBP(%s)%s", name + 6, relpart);
        return;
    }
    for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++) {
        size_t fl = strlen(labels[i].family);
        if (!labels[i].cut && strcmp(name, labels[i].family) == 0) {
            snprintf(buf, size, "%s%s", labels[i].label, relpart);
            return;
        }
        if (labels[i].cut && strncmp(name, labels[i].family, fl) == 0 && name[fl] == '_' &&
            ((name[fl + 1] >= '0' && name[fl + 1] <= '9') || name[fl + 1] == '.')) {
            snprintf(buf, size, "%s%s@%s", labels[i].label, relpart, name + fl + 1);
            return;
        }
    }
    snprintf(buf, size, "%s%s", name, relpart);
}
