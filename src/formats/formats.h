/* formats.h: the formats module's interface: strict readers of runs, qrels, topics, documents. */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_FORMATS_H
#define TJ_FORMATS_H

#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

/* ---- Line input: plain files, gzip files (detected by content) and "-" for stdin. ---- */

typedef struct formats_input formats_input;

/* Opens path for line reading; returns NULL with err set when it cannot. */
formats_input *formats_input_open(const char *path, util_error *err);
/* The next line without its line terminator (LF, or CRLF); *line stays valid until the
 * next call. Returns 1 for a line, 0 at the end, -1 on an error (err set). */
int formats_input_line(formats_input *in, char **line, size_t *len, util_error *err);
/* Opens the bytes [begin, end) of a plain (not compressed) regular file for line reading,
 * as if they were the whole file: lines are numbered from 1 at begin. */
formats_input *formats_input_open_range(const char *path, uint64_t begin, uint64_t end,
                                        util_error *err);
/* The fast path of the line readers: when the next line, already in the buffer, is exactly
 * n fields separated by spaces and tabs and ended by LF, with no NUL, CR, VT or FF, takes it,
 * sets fields[0..n) (NUL-terminated in place) and lens[0..n) and returns 1. Returns 0 and
 * takes nothing otherwise: the caller then reads the line with formats_input_line and
 * formats_split, which are the rule; this only saves their work on ordinary lines. Either
 * way the line is in the input's buffer, which can be read 8 bytes at a time from any byte
 * of the line (zeroed bytes follow the data read). */
int formats_input_fields(formats_input *in, char **fields, size_t *lens, int n);
/* Makes formats_input_fields use only the instructions every processor of its kind has (on
 * x86-64, SSE2 rather than AVX-512): the same results, for tests and speed comparisons. */
void formats_input_narrow(formats_input *in);
/* Number of the line last returned (1-based). */
long formats_input_lineno(const formats_input *in);
/* A name the readers compare with a field of every line (a topic id, a run tag): its first
 * 8 bytes as a word, so that a short name takes one comparison. s is the reader's copy. */
typedef struct formats_name {
    const char *s;
    size_t len;
    uint64_t head;
} formats_name;

static inline void formats_name_set(formats_name *n, const char *s, size_t len)
{
    n->s = s;
    n->len = len;
    n->head = 0;
    memcpy(&n->head, s, len < 8 ? len : 8);
}

/* Whether field f of a line of formats_input (len bytes, which can be read 8 at a time) is
 * the name n; never for a name not set. */
static inline int formats_name_is(const formats_name *n, const char *f, size_t len)
{
    if (n->s == NULL || len != n->len)
        return 0;
    uint64_t w;
    memcpy(&w, f, 8);
    if (len < 8) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        uint64_t mask = ~(~0ULL >> (8 * len));
#else
        uint64_t mask = (1ULL << (8 * len)) - 1;
#endif
        return ((w ^ n->head) & mask) == 0;
    }
    return w == n->head && memcmp(n->s + 8, f + 8, len - 8) == 0;
}

/* Bytes of input consumed so far (compressed bytes for gzip input) and the total size
 * when known (0 otherwise), for progress bars. */
uint64_t formats_input_offset(const formats_input *in);
uint64_t formats_input_size(const formats_input *in);
int formats_input_is_stdin(const formats_input *in);
void formats_input_close(formats_input **in);

/* A checksum of a file's bytes as 32 hex digits (out must hold 33), to recognise a file
 * imported before. */
int formats_checksum(const char *path, char *out, util_error *err);

/* Reads a whole file (or stdin, or a gzip file) into memory, NUL-terminated, for the readers
 * that need all of it. At most max bytes once decompressed (FORMATS_SLURP_MAX for the
 * readers); a NUL byte is an error naming its line; a UTF-8 byte-order mark is dropped, and
 * UTF-16 or UTF-32 text with a byte-order mark is converted to UTF-8, *encoding (when not
 * NULL) then naming the encoding it had ("UTF-16LE", ...; NULL for UTF-8). The caller
 * frees *data. The line readers (formats_input_line) skip a UTF-8 mark and refuse the
 * others. */
#define FORMATS_SLURP_MAX ((size_t)1 << 30)
int formats_slurp(const char *path, size_t max, char **data, size_t *len, const char **encoding,
                  util_error *err);

/* Splits a line into whitespace-separated fields (space, tab, CR, VT, FF). line[len] must
 * be writable: it is set to NUL, and fields are NUL-terminated in place. Returns the number
 * of fields found, at most max; max + 1 when the line has more than max fields; -1 when the
 * line contains a NUL byte. */
int formats_split(char *line, size_t len, char **fields, size_t *lens, int max);

/* ---- Qrels: "qid iter docno rel" ---- */

typedef struct formats_qrel {
    const char *docno;
    const char *iter;  /* the second column as written */
    uint32_t docno_len;
    uint32_t line;     /* line in the qrels file */
    long rel;          /* grade; negative means pooled but not judged */
} formats_qrel;

typedef struct formats_qrels_topic {
    const char *qid;
    formats_qrel *qrels;  /* in file order (judgment-group qrels: by group, then file order) */
    size_t n;
    uint32_t *index;      /* open addressing: the top bits of the docno hash's high half
                             (a tag), then index_bits bits of entry number + 1 (0 = empty);
                             NULL for a topic of judgment-group qrels, whose groups are
                             indexed instead */
    uint32_t index_mask;
    uint32_t index_bits;
    /* Judgment-group qrels only: the name of this group (a topic's group), and a topic's
     * groups, sorted by name (strcmp), each a slice of the topic's qrels with its own
     * index and the topic's qid. NULL and 0 in ordinary qrels. */
    const char *group;
    struct formats_qrels_topic *groups;
    size_t ngroups;
} formats_qrels_topic;

typedef struct formats_qrels {
    char *path;
    formats_qrels_topic *topics;  /* sorted by qid (strcmp) */
    size_t ntopics;
    size_t nlines;
    struct util_arena *strings; /* the qids, groups and docnos */
    formats_qrel *blocks[3];      /* the arrays the topics' judgments are in */
    int judgment_groups;          /* read by formats_qrels_read_jg */
} formats_qrels;

/* Reads a qrels file strictly: 4 fields per line, an integer grade, no duplicate docno
 * within a topic, not empty. Lines whose first non-blank character is '#' and blank lines
 * are skipped. Returns NULL with err set (naming file and line) on any problem. */
formats_qrels *formats_qrels_read(const char *path, util_error *err);
/* Reads judgment-group qrels ("qid jg docno rel", trec_eval's -R qrels_jg) with the same
 * rules, except that a docno may be judged once per group of a topic. Each topic gets
 * its groups; look documents up in the groups, not in the topic. */
formats_qrels *formats_qrels_read_jg(const char *path, util_error *err);
/* Flags of formats_qrels_read_flags and (OR'd into the mode) formats_run_read. */
enum {
    FORMATS_QRELS_JG = 1,     /* judgment-group qrels, as formats_qrels_read_jg */
    FORMATS_ANY_BYTES = 4,    /* names are any bytes but white space, as trec_eval takes
                               * them (eval), instead of the name rule of a campaign */
    FORMATS_QRELS_ONE_THREAD = 8, /* read a large file on the calling thread alone, not in
                                   * two parts at once (the result is the same) */
};
formats_qrels *formats_qrels_read_flags(const char *path, int flags, util_error *err);
const formats_qrels_topic *formats_qrels_find(const formats_qrels *q, const char *qid);
/* The number of topics, from the first, that hold at least half of q's judgments, to share
 * work on them between two threads; q->ntopics (all of them, for one thread) when q is
 * too small for a second thread to pay. */
size_t formats_qrels_half(const formats_qrels *q);
/* Whether the len bytes at a and at b are the same; for docnos, which are mostly 8 to 16
 * bytes: those take two overlapping words. */
static inline int formats_same_bytes(const char *a, const char *b, size_t len)
{
    if (len < 8 || len > 16)
        return memcmp(a, b, len) == 0;
    uint64_t x0, x1, y0, y1;
    memcpy(&x0, a, 8);
    memcpy(&y0, b, 8);
    memcpy(&x1, a + len - 8, 8);
    memcpy(&y1, b + len - 8, 8);
    return ((x0 ^ y0) | (x1 ^ y1)) == 0;
}

/* The judgment of docno (len bytes, util_hash hash) in topic (or group) t, or NULL when t
 * does not judge it. Inline: eval looks up every document of a run. */
static inline const formats_qrel *formats_qrels_lookup(const formats_qrels_topic *t,
                                                       const char *docno, size_t len,
                                                       uint64_t hash)
{
    uint32_t h = (uint32_t)hash & t->index_mask, bits = t->index_bits;
    uint32_t tag = (uint32_t)(hash >> 32) >> bits;
    for (;;) {
        uint32_t v = t->index[h];
        if (v == 0)
            return NULL;
        if (v >> bits == tag) {
            const formats_qrel *r = &t->qrels[(v & ((1u << bits) - 1)) - 1];
            if (r->docno_len == len && formats_same_bytes(r->docno, docno, len))
                return r;
        }
        h = (h + 1) & t->index_mask;
    }
}
/* Asks the processor to bring topic t's judgments and index into its cache, before a run's
 * documents are looked up in them (they were read long before). */
void formats_qrels_prefetch(const formats_qrels_topic *t);
void formats_qrels_free(formats_qrels **q);

/* ---- Preference judgments: "qid jg jsg docno level" (trec_eval's -R prefs) ---- */

typedef struct formats_pref {
    const char *qid;
    const char *jg;      /* judgment group */
    const char *jsg;     /* judgment sub-group ("0" for qrels read as preferences) */
    const char *docno;
    double level;        /* higher is preferred within a sub-group; 0 means nonrelevant */
    uint32_t line;
} formats_pref;

typedef struct formats_prefs_topic {
    const char *qid;
    const formats_pref *prefs;   /* the topic's lines, in file order */
    size_t n;
} formats_prefs_topic;

typedef struct formats_prefs {
    char *path;
    formats_prefs_topic *topics; /* sorted by qid (strcmp) */
    size_t ntopics;
    formats_pref *all;
    size_t n;
    char *text;                  /* the file's text; strings point into it */
} formats_prefs;

/* Reads preference judgments: 5 fields per line with a finite number as level; or, when
 * from_qrels, a qrels file "qid jg docno level" whose second column is the judgment
 * group (trec_eval's -R qrels_prefs). Blank lines and lines whose first field starts with
 * '#' are skipped. Returns NULL with err set (naming file and line) on any problem. */
formats_prefs *formats_prefs_read(const char *path, int from_qrels, util_error *err);
const formats_prefs_topic *formats_prefs_find(const formats_prefs *pr, const char *qid);
void formats_prefs_free(formats_prefs **pr);

/* ---- Z-score references: "qid measure mean stddev" (trec_eval's -Z) ---- */

typedef struct formats_zscore {
    const char *qid;
    const char *measure;   /* a printed value name: map, P_10, iprec_at_recall_0.10 */
    double mean;
    double stddev;         /* >= 0 */
    uint32_t line;
} formats_zscore;

typedef struct formats_zscores {
    char *path;
    formats_zscore *entries;  /* sorted by qid, then measure (strcmp) */
    size_t n;
    char *text;               /* the file's text; strings point into it */
} formats_zscores;

/* Reads a z-score file strictly: 4 fields per line, finite numbers, a standard deviation
 * that is not negative, one line per (qid, measure), not empty. Blank lines and lines
 * whose first field starts with '#' are skipped. Returns NULL with err set (naming file
 * and line) on any problem. */
formats_zscores *formats_zscores_read(const char *path, util_error *err);
/* The reference of measure for topic qid, or NULL when the file has none. */
const formats_zscore *formats_zscores_find(const formats_zscores *z, const char *qid,
                                           const char *measure);
void formats_zscores_free(formats_zscores **z);

/* ---- Runs: "qid iter docno rank score tag" ---- */

typedef struct formats_run_doc {
    const char *docno;
    uint32_t docno_len;
    uint32_t line;     /* line in the run file */
    double score;
    uint64_t hash;     /* util_hash of docno */
} formats_run_doc;

typedef struct formats_run_topic {
    const char *qid;
    const char *tag;          /* run tag of the topic's last line */
    formats_run_doc *docs;    /* in file order; the callee may reorder them */
    size_t ndocs;
    uint64_t offset, size;    /* input bytes read so far and in all (0: unknown), for progress */
    /* FORMATS_RUN_STREAM only (else 0 and NULL): the callee may keep the documents and
     * their docnos after the call by exchanging them for storage of its own, an array of
     * docs_cap documents (or NULL and 0) in docs and an arena in *strings, which the reader
     * then empties and fills with the next topic. */
    size_t docs_cap;
    util_arena *strings;
    /* FORMATS_RUN_STREAM: the topic whose first line ended this one, read already (NULL
     * at the end of the input), so that the callee may prepare for it. */
    const char *next_qid;
} formats_run_topic;

/* Called once per topic; the topic and its strings are valid only during the call.
 * Returns 0 to go on, -1 to stop (with err set). */
typedef int (*formats_run_fn)(void *ctx, formats_run_topic *topic, util_error *err);

enum formats_run_mode {
    /* Hands each topic over as soon as its lines end: little memory, but needs the
     * lines of a topic to be contiguous; formats_run_read returns FORMATS_RUN_UNGROUPED
     * when they are not (after topics were already handed over). */
    FORMATS_RUN_STREAM = 0,
    /* Keeps the whole run, then hands topics over in qid order. */
    FORMATS_RUN_GROUP = 1
};

#define FORMATS_RUN_UNGROUPED 1

typedef struct formats_run_info {
    char *tag;        /* run tag of the file's last line (as trec_eval reports it) */
    size_t nlines;
    size_t ntopics;
} formats_run_info;

/* Reads a run strictly: at least 6 fields per line (more are ignored), a finite numeric
 * score, no duplicate docno within a topic, not empty. Returns 0, FORMATS_RUN_UNGROUPED, or
 * -1 with err set. */
int formats_run_read(const char *path, enum formats_run_mode mode, formats_run_fn fn,
                     void *ctx, formats_run_info *info, util_error *err);
/* formats_run_read on the lines in the bytes [begin, end) of a plain regular file, numbered
 * from 1 at begin (to read pieces of a large run in parallel; see formats_run_cuts). */
int formats_run_read_range(const char *path, enum formats_run_mode mode, uint64_t begin,
                           uint64_t end, formats_run_fn fn, void *ctx, formats_run_info *info,
                           util_error *err);
/* Where a run file of size bytes may be cut into about `pieces` pieces, read apart: cuts[0]
 * is 0, then come the offsets of result lines at or after about each k/pieces of the file
 * whose topic id differs from the one of the result line before them (comment and blank
 * lines between the two aside), where there is one close by, then size. Returns the number
 * of pieces n (cuts[0..n] set; cuts must hold pieces + 1); 1 when the file cannot be cut,
 * as a file that is not a plain regular file of that size. */
size_t formats_run_cuts(const char *path, uint64_t size, size_t pieces, uint64_t *cuts);
void formats_run_info_free(formats_run_info *info);

/* ---- Documents: TREC SGML, JSONL, TSV (each optionally gzip-compressed) ---- */

typedef enum formats_docs_format {
    FORMATS_DOCS_AUTO,  /* detected from the content */
    FORMATS_DOCS_TREC,  /* <DOC><DOCNO>..</DOCNO> with <TEXT>, <HEADLINE>, <TITLE>, ... */
    FORMATS_DOCS_JSONL, /* {"id"|"docno"|"_id": .., "contents"|"text"|"body": .., "title": ..} */
    FORMATS_DOCS_TSV    /* id<TAB>text */
} formats_docs_format;

typedef struct formats_doc {
    const char *docno;
    const char *title;       /* "" when the document has none */
    const char *body;        /* UTF-8 (invalid sequences replaced by U+FFFD) */
    size_t body_len;
    long line;               /* where the document starts */
} formats_doc;

typedef struct formats_docs_stats {
    size_t docs;
    size_t repaired;         /* invalid UTF-8 sequences replaced */
    uint64_t bytes;          /* input bytes read (uncompressed) */
} formats_docs_stats;

/* Called once per document; valid only during the call. Return 0 to go on, -1 to stop. */
typedef int (*formats_doc_fn)(void *ctx, const formats_doc *d, util_error *err);

/* Reads a document collection; returns 0, or -1 with err naming file and line. A document
 * without a docno, or an unterminated <DOC>, is an error; the same docno twice is reported
 * by the caller (the store), not here. */
int formats_docs_read(const char *path, formats_docs_format fmt, formats_doc_fn fn, void *ctx,
                      formats_docs_stats *stats, util_error *err);
/* Parses "auto", "trec", "jsonl", "tsv"; -1 for anything else. */
int formats_docs_format_parse(const char *name, formats_docs_format *fmt);

/* ---- Topics: CLEF/TREC-COVID/CLEF eHealth XML, TREC SGML, "id<TAB>text" ---- */

typedef enum formats_topics_format {
    FORMATS_TOPICS_AUTO,        /* detected from the content */
    FORMATS_TOPICS_CLEF_XML,    /* <topic><identifier>, <title lang=..>, <description lang=..>,
                                 * <narrative lang=..> */
    FORMATS_TOPICS_COVID_XML,   /* <topic number=..><query><question><narrative> */
    FORMATS_TOPICS_EHEALTH_XML, /* <query><id><title> (CLEF eHealth) */
    FORMATS_TOPICS_TREC_SGML,   /* <top><num><title><desc><narr>, closed tags or not, Tipster
                                 * fields */
    FORMATS_TOPICS_TSV          /* id<TAB>text */
} formats_topics_format;

typedef struct formats_topic_field {
    const char *field;   /* "title", "description", "narrative", or another field name as found */
    const char *lang; /* language code as given (e.g. "en", "zh"), or "" when the file has none */
    const char *text;    /* UTF-8, whitespace runs collapsed to one space, trimmed */
} formats_topic_field;

typedef struct formats_topic {
    const char *qid;
    long line;                    /* where the topic starts */
    const formats_topic_field *fields;
    size_t nfields;
} formats_topic;

/* Called once per topic; valid only during the call. Return 0 to go on, -1 to stop. */
typedef int (*formats_topic_fn)(void *ctx, const formats_topic *t, util_error *err);

/* Reads a topic file; returns 0, or -1 with err naming file and line (XML errors carry
 * libxml2's line and column). Parses XML with no network access, no external entities and
 * bounded entity expansion. A topic without an id, or the same id twice, is an error. */
int formats_topics_read(const char *path, formats_topics_format fmt, formats_topic_fn fn,
                        void *ctx, util_error *err);
/* Parses "auto", "clef", "covid", "ehealth", "trec", "tsv"; -1 for anything else. */
int formats_topics_format_parse(const char *name, formats_topics_format *fmt);

/* ---- Per-topic pool depths (depth.c): lines "qid K", K >= 1; blank lines and lines
 * starting with '#' are skipped ---- */

/* Calls cb for each line in file order (a qid given twice: the caller keeps the last).
 * Returns 0, or -1 with err set ("path:line: expected ..."), or cb's non-zero return. */
int formats_depths_read(const char *path, int (*cb)(void *ctx, const char *qid, size_t depth),
                        void *ctx, util_error *err);

/* ---- Judgments made elsewhere (judgments.c) ----
 * Per-assessor qrels, what `qrels export --per-assessor` writes: "qid assessor docno grade"
 * with an optional fifth field, the qrels iteration column ("0" when absent); CSV with a
 * header naming the columns topic (or qid), docno, grade, assessor and, optionally, seconds
 * (or time: seconds spent judging) and note (RFC 4180 quotes; a field does not span lines);
 * JSONL, one object a line with the same keys (string, number or null values). Names
 * follow util_name_problem, a grade is an integer from -1, a note is text without control
 * characters but tab and newline; one judgment per (topic, assessor, docno). */
enum { FORMATS_JUDGMENTS_QRELS, FORMATS_JUDGMENTS_CSV, FORMATS_JUDGMENTS_JSONL };
typedef struct formats_judgment {
    const char *qid, *docno, *assessor;
    const char *iter;     /* the qrels iteration column, "0" when the file has none */
    const char *note;     /* NULL when none */
    long grade;
    double seconds;
    long line;
} formats_judgment;
typedef struct formats_judgments {
    formats_judgment *rows;   /* sorted by qid, then line */
    size_t n;
    util_arena strings;
} formats_judgments;
/* The form a file name says (.csv, .jsonl, .json, .ndjson, with .gz), or -1. */
int formats_judgments_form_of(const char *path);
formats_judgments *formats_judgments_read(const char *path, int form, util_error *err);
void formats_judgments_free(formats_judgments **j);

#endif
