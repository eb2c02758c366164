/* topics_private.h: what the parts of the topic reader (topics*.c) share and no other file sees. */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_TOPICS_PRIVATE_H
#define TJ_TOPICS_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

#include <libxml/tree.h>

#include "formats.h"

#define TOPICS_MAX_ID 256                 /* bytes in a topic id */
#define TOPICS_ENTITY_BUDGET (1u << 20)   /* bytes and references from entities, per file */
#define TOPICS_ENTITY_DEPTH 16            /* entity references within entity references */
#define TOPICS_ENTITY_MAX (16u << 10)     /* bytes in the text of one entity */

/* A growable byte buffer; strings in it are kept by offset, as it moves when it grows. */
typedef struct strbuf {
    char *p;
    size_t len, cap;
} strbuf;

typedef struct field_ref {
    size_t name, lang, text;   /* offsets in reader.text */
} field_ref;

typedef struct reader {
    const char *name;          /* the file, for messages */
    formats_topic_fn fn;
    void *ctx;
    util_error *err;
    strbuf text;               /* strings of the topic being read */
    strbuf raw;                /* scratch */
    field_ref *refs;
    size_t nrefs, refs_cap;
    formats_topic_field *fields;
    size_t fields_cap;
    long line;
    size_t qid;
    int has_qid;
    int utf8_forced;           /* the file was UTF-16 or UTF-32, converted to UTF-8 */
    size_t empty;              /* offset of "" in text */
    util_map seen;             /* every topic id read so far */
    long *seen_line;           /* its line, by the map's index */
    size_t seen_line_cap;
    size_t ntopics;
    xmlDocPtr doc;
    size_t entity_budget;
} reader;

/* An SGML tag, and a scan of the text for tags (topics_sgml.c; detection reads it too). */
#define SGML_NAME_MAX 32

typedef struct sgml_tag {
    int end;            /* </name> */
    int markup;         /* <!...> or <?...?>, skipped between topics */
    char name[SGML_NAME_MAX]; /* lower case */
    const char *attrs;
    size_t attrs_len;
} sgml_tag;

/* Where the searches for the end of <!...> and <!--...--> found none: no later search can
 * find one, and remembering it keeps "<!<!<!..." from costing quadratic time. */
typedef struct sgml_scan {
    const char *end;
    const char *no_gt;        /* no '>' from here on; NULL until known */
    const char *no_comment;   /* no "-->" from here on */
} sgml_scan;

/* topics_text.c */
int topics_is_alpha(int c);
int topics_is_blank(const char *s, const char *end);
int topics_is_control(uint32_t cp);
int topics_is_space(int c);
void topics_sb_bytes(strbuf *b, const char *s, size_t n);
size_t topics_sb_clean(strbuf *b, const char *s, size_t n, size_t *len);
void topics_trim(const char **s, size_t *n);
int topics_utf8_repair(const char *s, size_t n, strbuf *out);
size_t topics_utf8_seq(const unsigned char *s, size_t n, uint32_t *cp, size_t *skip);
int topics_word_is(const char *s, size_t n, const char *w);
int topics_xml_fix_amp(const char *s, size_t n, strbuf *out);

/* topics.c */
void topics_topic_begin(reader *r, long line);
int topics_topic_end(reader *r, const char *missing_id);
void topics_topic_field(reader *r, const char *name, size_t name_len, size_t lang,
                        const char *text, size_t text_len);
int topics_topic_id(reader *r, const char *s, size_t n, long line, int strip_zeros);
size_t topics_topic_str(reader *r, const char *s, size_t n);
void topics_topic_tag_field(reader *r, const char *tag, size_t n, formats_topics_format fmt,
                            size_t lang, size_t inherited, const char *text, size_t text_len);

/* topics_sgml.c */
int topics_sgml_read(reader *r, const char *s, size_t n);
size_t topics_sgml_tag_at(sgml_scan *sc, const char *p, sgml_tag *t);

/* topics_tsv.c */
int topics_tsv_read(reader *r, const char *s, size_t n);

/* topics_xml.c */
int topics_xml_read(reader *r, const char *data, size_t n, formats_topics_format fmt);
/* Whether data is well-formed XML: 0, or -1 with the error (line and column) set. */
int topics_xml_check(reader *r, const char *data, size_t n);

#endif
