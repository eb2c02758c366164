/* topics.c: the topic reader: fields, format detection, the entry point (formats: topics_*.c). */
/* SPDX-License-Identifier: MIT */
#include "formats.h"
#include "topics_private.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/entities.h>
#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlversion.h>

/* ---- the topic being read, and every id seen ---- */

static void reader_free(reader *r)
{
    free(r->text.p);
    free(r->raw.p);
    free(r->refs);
    free(r->fields);
    util_map_free(&r->seen);
    free(r->seen_line);
}

/* Adds a clean string to the topic; returns its offset. */
size_t topics_topic_str(reader *r, const char *s, size_t n)
{
    size_t len;
    return topics_sb_clean(&r->text, s, n, &len);
}

void topics_topic_begin(reader *r, long line)
{
    r->text.len = 0;
    r->nrefs = 0;
    r->has_qid = 0;
    r->line = line;
    r->empty = topics_topic_str(r, "", 0);
}

/* Sets the topic's id from s[0, n), trimmed; TREC SGML numbers lose their leading zeros. */
int topics_topic_id(reader *r, const char *s, size_t n, long line, int strip_zeros)
{
    topics_trim(&s, &n);
    if (r->has_qid)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line, "topic has a second id");
    if (n == 0)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line, "empty topic id");
    if (n > TOPICS_MAX_ID)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                              "topic id longer than %d bytes", TOPICS_MAX_ID);
    const char *why = util_name_problem(s, n);
    int space = 0, digits = 1;
    for (size_t i = 0; i < n; i++) {
        if (topics_is_space((unsigned char)s[i]))
            space = 1;
        if (s[i] < '0' || s[i] > '9')
            digits = 0;
    }
    if (why != NULL && !space)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line, "topic id %s", why);
    if (space) {
        /* s may be in r->raw (XML), never in r->text */
        size_t off = topics_topic_str(r, s, n);
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                              "topic id '%s' contains white space", r->text.p + off);
    }
    /* TREC's own qrels number topics 51-200 "51", where the topic files write "051". */
    if (strip_zeros && digits)
        while (n > 1 && *s == '0') {
            s++;
            n--;
        }
    r->qid = topics_topic_str(r, s, n);
    r->has_qid = 1;
    return 0;
}

/* Adds a field; one whose text is empty (or only a label such as "Factor(s):") is left out. */
void topics_topic_field(reader *r, const char *name, size_t name_len, size_t lang,
                        const char *text, size_t text_len)
{
    size_t len;
    size_t off = topics_sb_clean(&r->text, text, text_len, &len);
    if (len == 0) {
        r->text.len = off;
        return;
    }
    util_grow(&r->refs, &r->refs_cap, r->nrefs + 1, sizeof *r->refs);
    field_ref *f = &r->refs[r->nrefs++];
    f->text = off;
    f->lang = lang;
    f->name = topics_topic_str(r, name, name_len);
}

/* Checks the topic and hands it to the caller. */
int topics_topic_end(reader *r, const char *missing_id)
{
    if (!r->has_qid)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->line, "%s", missing_id);
    const char *qid = r->text.p + r->qid;
    size_t n = strlen(qid);
    int added;
    size_t k = util_map_add(&r->seen, qid, n, &added);
    if (!added)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->line,
                              "topic '%s' appears twice (first at line %ld)", qid,
                              r->seen_line[k]);
    util_grow(&r->seen_line, &r->seen_line_cap, k + 1, sizeof *r->seen_line);
    r->seen_line[k] = r->line;

    util_grow(&r->fields, &r->fields_cap, r->nrefs + 1, sizeof *r->fields);
    for (size_t i = 0; i < r->nrefs; i++) {
        r->fields[i].field = r->text.p + r->refs[i].name;
        r->fields[i].lang = r->text.p + r->refs[i].lang;
        r->fields[i].text = r->text.p + r->refs[i].text;
    }
    formats_topic t = { qid, r->line, r->fields, r->nrefs };
    r->ntopics++;
    return r->fn(r->ctx, &t, r->err) != 0 ? -1 : 0;
}

/* ---- field names ---- */

/* The project's name for a field: TREC's short tags and TREC-COVID's query/question are
 * mapped on title, description and narrative; NULL keeps the name as found. */
static const char *field_canon(const char *s, size_t n, formats_topics_format fmt)
{
    if (topics_word_is(s, n, "title"))
        return "title";
    if (topics_word_is(s, n, "desc") || topics_word_is(s, n, "description"))
        return "description";
    if (topics_word_is(s, n, "narr") || topics_word_is(s, n, "narrative"))
        return "narrative";
    if (fmt == FORMATS_TOPICS_COVID_XML && topics_word_is(s, n, "query"))
        return "title";
    if (fmt == FORMATS_TOPICS_COVID_XML && topics_word_is(s, n, "question"))
        return "description";
    return NULL;
}

/* Adds a field named after its tag; old CLEF files name fields "EN-title", "FR-desc": the
 * prefix is the language when the element gives none. lang is an offset in r->text, or
 * (size_t)-1 when the element has no language of its own; inherited is used then. */
void topics_topic_tag_field(reader *r, const char *tag, size_t n, formats_topics_format fmt,
                            size_t lang, size_t inherited, const char *text, size_t text_len)
{
    const char *canon = field_canon(tag, n, fmt);
    size_t k = n > 3 && tag[2] == '-' ? 2 : n > 4 && tag[3] == '-' ? 3 : 0;
    for (size_t i = 0; i < k; i++)
        if (!topics_is_alpha((unsigned char)tag[i]))
            k = 0;
    if (canon == NULL && k > 0) {
        canon = field_canon(tag + k + 1, n - k - 1, FORMATS_TOPICS_CLEF_XML);
        if (canon != NULL && lang == (size_t)-1) {
            char code[3];
            for (size_t i = 0; i < k; i++)
                code[i] = (char)(tag[i] | 0x20);
            lang = topics_topic_str(r, code, k);
        }
    }
    if (lang == (size_t)-1)
        lang = inherited;
    if (canon != NULL)
        topics_topic_field(r, canon, strlen(canon), lang, text, text_len);
    else
        topics_topic_field(r, tag, n, lang, text, text_len);
}

/* ---- the entry points ---- */

/* The format from the first bytes: text that does not start with a tag is TSV; a <top> as
 * first or second element (after <topics>) is TREC SGML; anything else is XML, told apart
 * once parsed. A <DOC> then <DOCNO> (topics written as TREC documents) sets *doc to 2.
 * *xml is set when the file presents itself as an XML document: a declaration, or a root
 * element around the <top>s (CLEF's <topics><top>), which TREC's SGML files do not have. */
static formats_topics_format detect(const char *s, size_t n, int *doc, int *xml)
{
    const char *p = s, *end = s + n;
    sgml_scan sc = { end, NULL, NULL };
    while (p < end && topics_is_space((unsigned char)*p))
        p++;
    if (p == end || *p != '<')
        return FORMATS_TOPICS_TSV;
    *xml = (size_t)(end - p) >= 5 && memcmp(p, "<?xml", 5) == 0;
    for (int tags = 0; tags < 2 && p < end;) {
        const char *lt = memchr(p, '<', (size_t)(end - p));
        if (lt == NULL)
            break;
        sgml_tag t;
        size_t tl = topics_sgml_tag_at(&sc, lt, &t);
        if (tl == 0 || t.markup || t.end) {
            p = lt + (tl != 0 ? tl : 1);
            continue;
        }
        if (strcmp(t.name, "top") == 0) {
            *xml |= tags == 1;
            return FORMATS_TOPICS_TREC_SGML;
        }
        if (tags == 0 && strcasecmp(t.name, "doc") == 0)
            *doc = 1;
        else if (tags == 1 && *doc && strcasecmp(t.name, "docno") == 0)
            *doc = 2;
        tags++;
        p = lt + tl;
    }
    return FORMATS_TOPICS_AUTO;
}

/* Whether an XML error is one the SGML reader resolves by design: an element left open
 * that the end of its <top> or of <topics> closes (FIRE 2012's Hindi topics leave a <top>
 * open). An end tag that closes nothing open (a misspelled </EN-titel>) is not. Clears
 * err when so. */
static int sgml_closes(util_error *err)
{
    const char *m = strstr(err->msg, "tag mismatch: ");
    const char *and = m != NULL ? strstr(m, " and ") : NULL;
    if (and == NULL || (strcmp(and + 5, "top") != 0 && strcmp(and + 5, "topics") != 0))
        return 0;
    err->code = 0;
    err->msg[0] = '\0';
    return 1;
}

int formats_topics_read(const char *path, formats_topics_format fmt, formats_topic_fn fn,
                        void *ctx, util_error *err)
{
    reader r;
    memset(&r, 0, sizeof r);
    r.name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    r.fn = fn;
    r.ctx = ctx;
    r.err = err;
    char *data = NULL;
    size_t len = 0;
    int rc = -1;
    if ((int)fmt < FORMATS_TOPICS_AUTO || (int)fmt > FORMATS_TOPICS_TSV) {
        util_error_set(err, UTIL_EXIT_USAGE, NULL, 0, "unknown topic file format %d", (int)fmt);
        goto out;
    }
    const char *encoding = NULL;
    if (formats_slurp(path, FORMATS_SLURP_MAX, &data, &len, &encoding, err) != 0)
        goto out;
    /* UTF-16 and UTF-32 files are UTF-8 from here on: libxml2 must not follow their
     * declaration (encoding="UTF-16") any more. */
    r.utf8_forced = encoding != NULL;
    const char *s = data;
    size_t n = len;
    if (topics_is_blank(s, s + n)) {
        util_error_set(err, UTIL_EXIT_INPUT, r.name, 0, "no topics (empty file)");
        goto out;
    }
    if (fmt == FORMATS_TOPICS_AUTO) {
        int doc = 0, xml = 0;
        fmt = detect(s, n, &doc, &xml);
        if (doc == 2) {
            util_error_set(err, UTIL_EXIT_INPUT, r.name, 0,
                           "topics written as TREC documents (<DOC><DOCNO>): read them with "
                           "--format docs (search: --topic-format docs)");
            goto out;
        }
        /* <top>s in an XML document are read by the SGML reader, which takes them as they
         * are, but only once the file is known to be well-formed: a broken tag is an XML
         * error with its line and column, not a topic silently cut short */
        if (fmt == FORMATS_TOPICS_TREC_SGML && xml && topics_xml_check(&r, s, n) != 0 &&
            !sgml_closes(err)) {
            size_t used = strlen(err->msg);
            snprintf(err->msg + used, sizeof err->msg - used,
                     " (--format trec reads its <top>s as TREC SGML all the same)");
            goto out;
        }
    }
    if (fmt == FORMATS_TOPICS_TREC_SGML)
        rc = topics_sgml_read(&r, s, n);
    else if (fmt == FORMATS_TOPICS_TSV)
        rc = topics_tsv_read(&r, s, n);
    else
        rc = topics_xml_read(&r, s, n, fmt);
    if (rc == 0 && r.ntopics == 0)
        rc = util_error_set(err, UTIL_EXIT_INPUT, r.name, 0, "no topics found");
out:
    reader_free(&r);
    free(data);
    return rc;
}

int formats_topics_format_parse(const char *name, formats_topics_format *fmt)
{
    static const util_enum_name names[] = {
        { "auto", FORMATS_TOPICS_AUTO }, { "clef", FORMATS_TOPICS_CLEF_XML },
        { "covid", FORMATS_TOPICS_COVID_XML }, { "ehealth", FORMATS_TOPICS_EHEALTH_XML },
        { "trec", FORMATS_TOPICS_TREC_SGML }, { "tsv", FORMATS_TOPICS_TSV }, { NULL, 0 }
    };
    int v;
    if (util_enum_parse(names, name, &v) != 0)
        return -1;
    *fmt = (formats_topics_format)v;
    return 0;
}
