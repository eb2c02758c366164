/* judgments.c: judgments made elsewhere: per-assessor qrels, CSV and JSONL. */
/* SPDX-License-Identifier: MIT */
#include "formats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { C_TOPIC, C_DOCNO, C_GRADE, C_ASSESSOR, C_SECONDS, C_NOTE, C_COUNT };
static const char *const column_names[C_COUNT] = {
    "topic", "docno", "grade", "assessor", "seconds", "note"
};

typedef struct reader {
    formats_judgments *j;
    const char *path;
    long line;
    util_map seen;           /* "qid\1assessor\1docno" -> row */
    size_t cap;
    int columns[C_COUNT];    /* CSV: the column of each field, -1 when absent */
    int ncolumns;
    char *val[C_COUNT];      /* the fields of the line being read (NULL: absent) */
    size_t len[C_COUNT];
    char *buf;               /* unescaped text of the line's fields */
    size_t bufcap;
} reader;

static int column_of(const char *name, size_t n)
{
    for (int c = 0; c < C_COUNT; c++)
        if (strlen(column_names[c]) == n && strncasecmp(column_names[c], name, n) == 0)
            return c;
    if ((n == 3 && strncasecmp(name, "qid", 3) == 0))
        return C_TOPIC;
    if (n == 4 && strncasecmp(name, "time", 4) == 0)
        return C_SECONDS;
    return -1;
}

/* Checks the line's fields and adds its judgment. */
static int add_row(reader *r, util_error *err)
{
    static const char *const what[C_COUNT] = { "topic id", "docno", "grade", "assessor",
                                               "seconds", "note" };
    for (int c = 0; c <= C_ASSESSOR; c++)
        if (r->val[c] == NULL)
            return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line, "no %s", what[c]);
    for (int c = 0; c <= C_ASSESSOR; c++) {
        if (c == C_GRADE)
            continue;
        const char *why = util_name_problem(r->val[c], r->len[c]);
        if (why != NULL)
            return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line, "%s %s", what[c], why);
    }
    if (r->len[C_TOPIC] > 256)
        return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line,
                              "topic id is longer than 256 bytes");
    formats_judgment row;
    memset(&row, 0, sizeof row);
    if (util_parse_long(r->val[C_GRADE], r->len[C_GRADE], &row.grade) != 0 ||
        row.grade < -1 || row.grade > 1000000)
        return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line,
                              "grade '%.40s' is not an integer from -1 up", r->val[C_GRADE]);
    if (r->val[C_SECONDS] != NULL && r->len[C_SECONDS] > 0 &&
        (util_parse_double(r->val[C_SECONDS], r->len[C_SECONDS], &row.seconds) != 0 ||
         !(row.seconds >= 0) || !isfinite(row.seconds)))
        return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line,
                              "seconds '%.40s' is not a number of seconds",
                              r->val[C_SECONDS]);
    if (r->val[C_NOTE] != NULL && r->len[C_NOTE] > 0) {
        /* a note is text: valid UTF-8 without control characters but tab and newline */
        const unsigned char *p = (const unsigned char *)r->val[C_NOTE];
        for (size_t i = 0, k; i < r->len[C_NOTE]; i += k) {
            uint32_t cp;
            k = util_utf8_decode(p + i, r->len[C_NOTE] - i, &cp);
            if (k == 0 || ((cp < 0x20 && cp != '\t' && cp != '\n') ||
                           (cp >= 0x7f && cp < 0xa0)))
                return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line,
                                      "note contains a control character or invalid UTF-8");
        }
        row.note = util_arena_copy(&r->j->strings, r->val[C_NOTE], r->len[C_NOTE]);
    }
    row.qid = util_arena_copy(&r->j->strings, r->val[C_TOPIC], r->len[C_TOPIC]);
    row.docno = util_arena_copy(&r->j->strings, r->val[C_DOCNO], r->len[C_DOCNO]);
    row.assessor = util_arena_copy(&r->j->strings, r->val[C_ASSESSOR], r->len[C_ASSESSOR]);
    row.line = r->line;
    size_t klen = r->len[C_TOPIC] + r->len[C_ASSESSOR] + r->len[C_DOCNO] + 2;
    char *key = util_malloc(klen + 1);
    snprintf(key, klen + 1, "%s\1%s\1%s", row.qid, row.assessor, row.docno);
    int added;
    size_t at = util_map_add(&r->seen, key, klen, &added);
    free(key);
    if (!added)
        return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line,
                              "duplicate judgment of docno '%s' by '%s' for topic '%s'"
                              " (first on line %ld)", row.docno, row.assessor, row.qid,
                              r->j->rows[at].line);
    util_grow(&r->j->rows, &r->cap, r->j->n + 1, sizeof *r->j->rows);
    r->j->rows[r->j->n++] = row;
    return 0;
}

/* "qid assessor docno grade [iter]" (what `qrels export --per-assessor` writes). */
static int qrels_line(reader *r, char *line, size_t len, util_error *err)
{
    char *f[5];
    size_t fl[5];
    int nf = formats_split(line, len, f, fl, 5);
    if (nf == 0)
        return 0;
    if (nf < 0)
        return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line, "line contains a NUL byte");
    if (nf != 4 && nf != 5)
        return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line,
                              "expected 4 or 5 fields (qid assessor docno grade [iter]), "
                              "found %s%d", nf > 5 ? "more than " : "", nf > 5 ? 5 : nf);
    memset(r->val, 0, sizeof r->val);
    int order[4] = { C_TOPIC, C_ASSESSOR, C_DOCNO, C_GRADE };
    for (int i = 0; i < 4; i++) {
        r->val[order[i]] = f[i];
        r->len[order[i]] = fl[i];
    }
    const char *iter = "0";
    if (nf == 5) {
        const char *why = util_name_problem(f[4], fl[4]);
        if (why != NULL)
            return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line, "iter %s", why);
        iter = f[4];
    }
    if (add_row(r, err) != 0)
        return -1;
    r->j->rows[r->j->n - 1].iter = util_arena_copy(&r->j->strings, iter, strlen(iter));
    return 0;
}

static char *buf_room(reader *r, size_t need)
{
    if (need > r->bufcap) {
        r->bufcap = need;
        r->buf = util_realloc(r->buf, need);
    }
    return r->buf;
}

/* One CSV line (RFC 4180 quoting; a quoted field does not span lines). The fields are
 * unescaped into r->buf, each NUL-terminated; returns the number of fields, -1 on error. */
static int csv_fields(reader *r, const char *line, size_t len, char **f, size_t *fl, int max,
                      util_error *err)
{
    char *out = buf_room(r, len + (size_t)max + 2);
    size_t o = 0, i = 0;
    int n = 0;
    for (;;) {
        if (n == max)
            return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line,
                                  "more than %d fields", max);
        f[n] = out + o;
        if (i < len && line[i] == '"') {
            for (i++;; i++) {
                if (i >= len)
                    return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line,
                                          "unterminated quoted field (a field may not span "
                                          "lines)");
                if (line[i] == '"') {
                    if (i + 1 < len && line[i + 1] == '"')
                        i++;
                    else
                        break;
                }
                out[o++] = line[i];
            }
            i++;
            if (i < len && line[i] != ',')
                return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line,
                                      "text after a quoted field");
        } else {
            while (i < len && line[i] != ',') {
                if (line[i] == '"')
                    return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line,
                                          "a quote inside an unquoted field");
                out[o++] = line[i++];
            }
        }
        fl[n] = (size_t)(out + o - f[n]);
        out[o++] = '\0';
        n++;
        if (i >= len)
            return n;
        i++;   /* the comma */
    }
}

static int csv_line(reader *r, char *line, size_t len, util_error *err)
{
    char *f[16];
    size_t fl[16];
    if (len == 0 && r->ncolumns > 0)
        return 0;
    int nf = csv_fields(r, line, len, f, fl, 16, err);
    if (nf < 0)
        return -1;
    if (r->ncolumns == 0) {
        /* the header names the columns */
        for (int c = 0; c < C_COUNT; c++)
            r->columns[c] = -1;
        for (int i = 0; i < nf; i++) {
            int c = column_of(f[i], fl[i]);
            if (c < 0)
                return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line,
                                      "unknown column '%.40s' (topic, docno, grade, assessor, "
                                      "seconds, note)", f[i]);
            if (r->columns[c] >= 0)
                return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line,
                                      "column '%s' twice", column_names[c]);
            r->columns[c] = i;
        }
        for (int c = 0; c <= C_ASSESSOR; c++)
            if (r->columns[c] < 0)
                return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line,
                                      "the header has no column '%s'", column_names[c]);
        r->ncolumns = nf;
        return 0;
    }
    if (nf != r->ncolumns)
        return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line,
                              "%d fields where the header has %d", nf, r->ncolumns);
    for (int c = 0; c < C_COUNT; c++) {
        r->val[c] = r->columns[c] >= 0 ? f[r->columns[c]] : NULL;
        r->len[c] = r->columns[c] >= 0 ? fl[r->columns[c]] : 0;
    }
    return add_row(r, err);
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* A JSON string at s[*i] (the opening quote) unescaped into out; -1 when malformed. */
static int json_string(const char *s, size_t len, size_t *i, char *out, size_t *olen)
{
    size_t o = 0, k = *i + 1;
    for (;; k++) {
        if (k >= len)
            return -1;
        unsigned char ch = (unsigned char)s[k];
        if (ch == '"')
            break;
        if (ch < 0x20)
            return -1;
        if (ch != '\\') {
            out[o++] = (char)ch;
            continue;
        }
        if (++k >= len)
            return -1;
        const char *esc = strchr("\"\\/bfnrt", s[k]);
        if (esc != NULL && s[k] != '\0') {
            out[o++] = "\"\\/\b\f\n\r\t"[esc - "\"\\/bfnrt"];
            continue;
        }
        if (s[k] != 'u')
            return -1;
        uint32_t cp = 0;
        for (int h = 0; h < 2; h++) {
            /* by hand: sscanf measures the whole rest of the line first, which made a line
             * of many \u escapes quadratic */
            unsigned v = 0;
            if (k + 4 >= len)
                return -1;
            for (int d = 1; d <= 4; d++) {
                int x = hex_digit(s[k + d]);
                if (x < 0)
                    return -1;
                v = v << 4 | (unsigned)x;
            }
            k += 4;
            if (h == 0 && v >= 0xd800 && v < 0xdc00) {
                cp = v;
                if (k + 2 >= len || s[k + 1] != '\\' || s[k + 2] != 'u')
                    return -1;
                k += 2;   /* at the second \u */
                continue;
            }
            if (h == 1) {
                if (v < 0xdc00 || v >= 0xe000)
                    return -1;
                cp = 0x10000 + ((cp - 0xd800) << 10) + (v - 0xdc00);
            } else {
                if (v >= 0xdc00 && v < 0xe000)
                    return -1;
                cp = v;
            }
            break;
        }
        if (cp == 0)
            return -1;
        o += util_utf8_encode(cp, out + o);
    }
    *i = k + 1;
    *olen = o;
    return 0;
}

static void json_ws(const char *s, size_t len, size_t *i)
{
    while (*i < len && (s[*i] == ' ' || s[*i] == '\t' || s[*i] == '\r'))
        (*i)++;
}

/* One object of scalars a line: {"topic": "1", "docno": "d", "grade": 1, ...}. */
static int jsonl_line(reader *r, char *line, size_t len, util_error *err)
{
    size_t i = 0;
    json_ws(line, len, &i);
    if (i == len)
        return 0;
    char *out = buf_room(r, 2 * len + 8);
    size_t o = 0;
    memset(r->val, 0, sizeof r->val);
    const char *bad = NULL;
    if (line[i++] != '{') {
        bad = "not a JSON object";
        goto fail;
    }
    json_ws(line, len, &i);
    if (i < len && line[i] == '}') {
        i++;
        goto end;
    }
    for (;;) {
        size_t klen, vlen;
        char *key = out + o;
        if (i >= len || line[i] != '"' || json_string(line, len, &i, key, &klen) != 0) {
            bad = "malformed JSON (a key string expected)";
            goto fail;
        }
        key[klen] = '\0';
        o += klen + 1;
        json_ws(line, len, &i);
        if (i >= len || line[i++] != ':') {
            bad = "malformed JSON (':' expected)";
            goto fail;
        }
        json_ws(line, len, &i);
        char *v = out + o;
        int isnull = 0;
        if (i < len && line[i] == '"') {
            if (json_string(line, len, &i, v, &vlen) != 0) {
                bad = "malformed JSON string";
                goto fail;
            }
        } else if (i + 4 <= len && strncmp(line + i, "null", 4) == 0) {
            i += 4;
            isnull = 1;
            vlen = 0;
        } else {
            size_t st = i;
            while (i < len && strchr("+-.0123456789eE", line[i]) != NULL && line[i] != '\0')
                i++;
            if (i == st) {
                bad = "a value is not a string, a number or null";
                goto fail;
            }
            vlen = i - st;
            memcpy(v, line + st, vlen);
        }
        v[vlen] = '\0';
        o += vlen + 1;
        int c = column_of(key, klen);
        if (c < 0 || strlen(key) != klen) {
            util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line,
                           "unknown key '%.40s' (topic, docno, grade, assessor, seconds, note)",
                           key);
            return -1;
        }
        if (r->val[c] != NULL) {
            util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line, "key '%s' twice",
                           column_names[c]);
            return -1;
        }
        if (!isnull) {
            r->val[c] = v;
            r->len[c] = vlen;
        }
        json_ws(line, len, &i);
        if (i < len && line[i] == ',') {
            i++;
            json_ws(line, len, &i);
            continue;
        }
        if (i < len && line[i] == '}') {
            i++;
            break;
        }
        bad = "malformed JSON (',' or '}' expected)";
        goto fail;
    }
end:
    json_ws(line, len, &i);
    if (i != len) {
        bad = "text after the JSON object";
        goto fail;
    }
    return add_row(r, err);
fail:
    return util_error_set(err, UTIL_EXIT_INPUT, r->path, r->line, "%s", bad);
}

static int row_cmp(const void *a, const void *b)
{
    const formats_judgment *x = a, *y = b;
    int c = strcmp(x->qid, y->qid);
    return c != 0 ? c : (x->line > y->line) - (x->line < y->line);
}

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcasecmp(s + n - m, tail) == 0;
}

int formats_judgments_form_of(const char *path)
{
    if (ends_with(path, ".csv") || ends_with(path, ".csv.gz"))
        return FORMATS_JUDGMENTS_CSV;
    if (ends_with(path, ".jsonl") || ends_with(path, ".jsonl.gz") || ends_with(path, ".json") ||
        ends_with(path, ".ndjson"))
        return FORMATS_JUDGMENTS_JSONL;
    return -1;
}

formats_judgments *formats_judgments_read(const char *path, int form, util_error *err)
{
    reader r;
    memset(&r, 0, sizeof r);
    r.path = strcmp(path, "-") == 0 ? "<stdin>" : path;
    r.j = util_calloc(1, sizeof *r.j);
    formats_input *in = formats_input_open(path, err);
    int rc = in == NULL ? -1 : 0;
    char *line;
    size_t len;
    int got = 0;
    while (rc == 0 && (got = formats_input_line(in, &line, &len, err)) == 1) {
        r.line = formats_input_lineno(in);
        if (memchr(line, '\0', len) != NULL) {
            rc = util_error_set(err, UTIL_EXIT_INPUT, r.path, r.line, "line contains a NUL byte");
            break;
        }
        rc = form == FORMATS_JUDGMENTS_CSV     ? csv_line(&r, line, len, err)
             : form == FORMATS_JUDGMENTS_JSONL ? jsonl_line(&r, line, len, err)
                                               : qrels_line(&r, line, len, err);
    }
    if (got < 0)
        rc = -1;
    if (rc == 0 && r.j->n == 0)
        rc = util_error_set(err, UTIL_EXIT_INPUT, r.path, 0, "no judgments (empty file)");
    for (size_t i = 0; i < r.j->n; i++)
        if (r.j->rows[i].iter == NULL)
            r.j->rows[i].iter = "0";
    if (rc == 0)
        qsort(r.j->rows, r.j->n, sizeof *r.j->rows, row_cmp);
    formats_input_close(&in);
    util_map_free(&r.seen);
    free(r.buf);
    if (rc != 0)
        formats_judgments_free(&r.j);
    return r.j;
}

void formats_judgments_free(formats_judgments **j)
{
    if (*j == NULL)
        return;
    free((*j)->rows);
    util_arena_free(&(*j)->strings);
    free(*j);
    *j = NULL;
}
