/* docs_jsonl.c: the reader of JSONL collections (one JSON object a line: id, contents, title). */
/* SPDX-License-Identifier: MIT */
#include "docs_private.h"

#include <stdlib.h>
#include <string.h>

static const char *const json_field_names[F_COUNT] = {
    "id", "docno", "_id", "contents", "text", "body", "title"
};

/* ---- JSONL ---- */

typedef struct json {
    const char *p, *end, *start;
    docs_reader *r;
} json;

static int json_error(json *j, const char *what)
{
    return util_error_set(j->r->err, UTIL_EXIT_INPUT, j->r->name, j->r->lineno,
                          "malformed JSON at column %ld: %s", (long)(j->p - j->start) + 1, what);
}

static void json_ws(json *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\r' || *j->p == '\n'))
        j->p++;
}

static int hex4(const char *s, uint32_t *out)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (uint32_t)(c - '0');
        else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
            v |= (uint32_t)((c | 0x20) - 'a' + 10);
        else
            return -1;
    }
    *out = v;
    return 0;
}

/* Bytes that end a run of plain string content: the quote, the backslash, and control
 * characters, which JSON requires to be escaped. */
static const unsigned char json_special[256] = {
    [0] = 1, [1] = 1, [2] = 1, [3] = 1, [4] = 1, [5] = 1, [6] = 1, [7] = 1, [8] = 1, [9] = 1,
    [10] = 1, [11] = 1, [12] = 1, [13] = 1, [14] = 1, [15] = 1, [16] = 1, [17] = 1, [18] = 1,
    [19] = 1, [20] = 1, [21] = 1, [22] = 1, [23] = 1, [24] = 1, [25] = 1, [26] = 1, [27] = 1,
    [28] = 1, [29] = 1, [30] = 1, [31] = 1, ['"'] = 1, ['\\'] = 1,
};

/* Reads the string at *p == '"', decoding it into out (NULL: only checked). */
static int json_string(json *j, dbuf *out)
{
    j->p++;
    for (;;) {
        const char *s = j->p;
        while (j->p < j->end && !json_special[(unsigned char)*j->p])
            j->p++;
        if (out != NULL && j->p > s)
            docs_dbuf_add(out, s, (size_t)(j->p - s));
        if (j->p >= j->end)
            return json_error(j, "unterminated string");
        char c = *j->p;
        if (c == '"') {
            j->p++;
            return 0;
        }
        if (c != '\\')
            return json_error(j, "control character in a string (it must be escaped)");
        if (j->end - j->p < 2)
            return json_error(j, "unterminated string");
        char e = j->p[1], lit;
        switch (e) {
        case '"': lit = '"'; break;
        case '\\': lit = '\\'; break;
        case '/': lit = '/'; break;
        case 'b': lit = '\b'; break;
        case 'f': lit = '\f'; break;
        case 'n': lit = '\n'; break;
        case 'r': lit = '\r'; break;
        case 't': lit = '\t'; break;
        case 'u': lit = 0; break;
        default:
            return json_error(j, "invalid escape in a string");
        }
        if (e != 'u') {
            if (out != NULL)
                docs_dbuf_add(out, &lit, 1);
            j->p += 2;
            continue;
        }
        uint32_t cp, lo;
        if (j->end - j->p < 6 || hex4(j->p + 2, &cp) != 0)
            return json_error(j, "\\u must be followed by 4 hexadecimal digits");
        j->p += 6;
        if (cp >= 0xD800 && cp <= 0xDBFF && j->end - j->p >= 6 && j->p[0] == '\\' &&
            j->p[1] == 'u' && hex4(j->p + 2, &lo) == 0 && lo >= 0xDC00 && lo <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            j->p += 6;
        } else if (cp >= 0xD800 && cp <= 0xDFFF) {
            cp = 0xFFFD; /* a surrogate without its other half */
            if (out != NULL)
                j->r->stats->repaired++;
        } else if (cp == 0 && out != NULL) {
            j->p -= 6;
            return json_error(j, "\\u0000 (NUL) in a string");
        }
        if (out != NULL) {
            char u[4];
            docs_dbuf_add(out, u, util_utf8_encode(cp, u));
        }
    }
}

static int json_number(json *j, dbuf *out)
{
    const char *s = j->p, *p = j->p, *end = j->end;
    if (p < end && *p == '-')
        p++;
    if (p < end && *p == '0') {
        p++;
    } else if (p < end && *p >= '1' && *p <= '9') {
        while (p < end && *p >= '0' && *p <= '9')
            p++;
    } else {
        return json_error(j, "invalid number");
    }
    if (p < end && *p == '.') {
        p++;
        if (p >= end || *p < '0' || *p > '9')
            return json_error(j, "invalid number");
        while (p < end && *p >= '0' && *p <= '9')
            p++;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < end && (*p == '+' || *p == '-'))
            p++;
        if (p >= end || *p < '0' || *p > '9')
            return json_error(j, "invalid number");
        while (p < end && *p >= '0' && *p <= '9')
            p++;
    }
    if (out != NULL)
        docs_dbuf_add(out, s, (size_t)(p - s));
    j->p = p;
    return 0;
}

/* true, false or null; returns the literal's first letter, or -1. */
static int json_literal(json *j)
{
    static const char *const words[] = { "true", "false", "null" };
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(words[i]);
        if ((size_t)(j->end - j->p) >= n && memcmp(j->p, words[i], n) == 0) {
            j->p += n;
            return words[i][0];
        }
    }
    return json_error(j, "expected a value");
}

static int json_scalar(json *j)
{
    if (*j->p == '"')
        return json_string(j, NULL);
    if (*j->p == '-' || (*j->p >= '0' && *j->p <= '9'))
        return json_number(j, NULL);
    return json_literal(j) < 0 ? -1 : 0;
}

/* Reads `"key" :`, decoding the key into out (NULL: only checked). */
static int json_key(json *j, dbuf *out)
{
    json_ws(j);
    if (j->p >= j->end || *j->p != '"')
        return json_error(j, "expected a string key");
    if (json_string(j, out) != 0)
        return -1;
    json_ws(j);
    if (j->p >= j->end || *j->p != ':')
        return json_error(j, "expected ':' after a key");
    j->p++;
    return 0;
}

/* Checks and skips any value, nested objects and arrays included, without recursion. */
static int json_skip(json *j)
{
    char stack[JSON_MAX_DEPTH];
    int depth = 0;
    for (;;) {
        json_ws(j);
        if (j->p >= j->end)
            return json_error(j, "expected a value");
        char c = *j->p;
        int closed = 0;
        if (c == '{' || c == '[') {
            if (depth == JSON_MAX_DEPTH)
                return json_error(j, "objects or arrays nested too deeply");
            stack[depth++] = c;
            j->p++;
            json_ws(j);
            if (j->p < j->end && *j->p == (c == '{' ? '}' : ']')) {
                j->p++;
                depth--;
                closed = 1;
            } else if (c == '{') {
                if (json_key(j, NULL) != 0)
                    return -1;
                continue;
            } else {
                continue;
            }
        }
        if (!closed && json_scalar(j) != 0)
            return -1;
        /* After a value: close containers until one goes on with a ','. */
        for (;;) {
            if (depth == 0)
                return 0;
            json_ws(j);
            char top = stack[depth - 1];
            if (j->p < j->end && *j->p == ',') {
                j->p++;
                if (top == '{' && json_key(j, NULL) != 0)
                    return -1;
                break;
            }
            if (j->p < j->end && *j->p == (top == '{' ? '}' : ']')) {
                j->p++;
                depth--;
                continue;
            }
            return json_error(j, top == '{' ? "expected ',' or '}'" : "expected ',' or ']'");
        }
    }
}

static int json_field_of(const dbuf *key)
{
    for (int f = 0; f < F_COUNT; f++)
        if (strcmp(key->p, json_field_names[f]) == 0 && strlen(json_field_names[f]) == key->len)
            return f;
    return -1;
}

int docs_jsonl_line(docs_reader *r, const char *line, size_t len)
{
    json j = { line, line + len, line, r };
    json_ws(&j);
    if (j.p == j.end)
        return 0;
    if (*j.p != '{')
        return json_error(&j, "expected an object ('{')");
    j.p++;
    unsigned present = 0;
    json_ws(&j);
    if (j.p < j.end && *j.p == '}') {
        j.p++;
    } else {
        for (;;) {
            docs_dbuf_clear(&r->key);
            if (json_key(&j, &r->key) != 0)
                return -1;
            int f = json_field_of(&r->key);
            json_ws(&j);
            if (f < 0) {
                if (json_skip(&j) != 0)
                    return -1;
            } else {
                char q[64];
                if (present & (1u << f))
                    return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->lineno,
                                          "key \"%s\" given twice",
                                          docs_quote(q, r->key.p, r->key.len));
                docs_dbuf_clear(&r->field[f]);
                int is_id = f <= F__ID;
                char c = j.p < j.end ? *j.p : '\0';
                if (c == '"') {
                    if (json_string(&j, &r->field[f]) != 0)
                        return -1;
                    present |= 1u << f;
                } else if (is_id && (c == '-' || (c >= '0' && c <= '9'))) {
                    if (json_number(&j, &r->field[f]) != 0)
                        return -1;
                    present |= 1u << f;
                } else if (c == 'n') {
                    if (json_literal(&j) != 'n')
                        return -1;
                    /* null: as if the key were absent */
                } else if (c == '{' || c == '[' || c == 't' || c == 'f') {
                    return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->lineno,
                                          "\"%s\" must be a string%s", json_field_names[f],
                                          is_id ? " or a number" : "");
                } else {
                    return json_error(&j, "expected a value");
                }
            }
            json_ws(&j);
            if (j.p < j.end && *j.p == ',') {
                j.p++;
                continue;
            }
            if (j.p < j.end && *j.p == '}') {
                j.p++;
                break;
            }
            return json_error(&j, "expected ',' or '}'");
        }
    }
    json_ws(&j);
    if (j.p != j.end)
        return json_error(&j, "text after the object");
    int id = -1, body = -1;
    for (int f = F__ID; f >= F_ID; f--)
        if (present & (1u << f))
            id = f;
    for (int f = F_BODY; f >= F_CONTENTS; f--)
        if (present & (1u << f))
            body = f;
    if (id < 0)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, r->lineno,
                              "document without a docno (no \"id\", \"docno\" or \"_id\")");
    dbuf *d = &r->field[id];
    if (docs_docno_check(r, d->p, d->len, r->lineno) != 0)
        return -1;
    const char *title = present & (1u << F_TITLE) ? r->field[F_TITLE].p : "";
    return docs_reader_emit(r, d->p, title, body >= 0 ? r->field[body].p : "",
                       body >= 0 ? r->field[body].len : 0, r->lineno);
}
