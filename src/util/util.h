/* util.h: the util module's interface: errors, memory, hashing, parsing, output, UTF-8, names. */
/* SPDX-License-Identifier: MIT */
#ifndef TJ_UTIL_H
#define TJ_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Exit codes shared by every command (documented in trecjudge.1). */
enum {
    UTIL_EXIT_OK = 0,
    UTIL_EXIT_USAGE = 1,   /* bad command line */
    UTIL_EXIT_INPUT = 2,   /* bad input file */
    UTIL_EXIT_DATA = 3,    /* input is well formed but cannot be evaluated */
    UTIL_EXIT_SYSTEM = 4   /* out of memory, I/O failure */
};

/* An error with the place it happened: file and line (0 when not known). */
typedef struct util_error {
    int code;          /* one of UTIL_EXIT_*; 0 when no error */
    char msg[512];     /* "FILE:LINE: problem" */
} util_error;

/* Records an error; the message is prefixed with "path:line: " when path is non-NULL
 * (and line > 0). The path and the message are escaped as util_shown does, so the message
 * holds no control character whatever it quotes. Returns -1 so callers can
 * `return util_error_set(...)`. */
int util_error_set(util_error *err, int code, const char *path, long line,
                   const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* The name the program was called by, for messages ("trecjudge"). */
extern const char *util_progname;

/* What a message shows of a name that came from outside (a file name, a run tag, an
 * assessor, a topic id): s itself when it is harmless, which is the usual case, else a copy
 * with every byte that could act on a terminal written as \xNN (C0 controls, newline
 * included, DEL, C1 controls, invalid UTF-8) and BiDi and other format characters as
 * \uXXXX, so that it stays on one line and moves no cursor. The copy is in one of 8
 * buffers of the calling thread, reused in turn: valid until 8 more calls, enough for the
 * names of one message. The one escaping of names in messages (util_error_set and util_warn
 * escape the same way); data written for programs (TSV, JSON) keeps its own rules. */
const char *util_shown(const char *s);

/* Prints "trecjudge: message" on stderr, escaped as util_shown does. */
void util_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Hook run before a fatal exit (the TUI restores the terminal here). */
extern void (*util_fatal_hook)(void);

/* Prints "trecjudge: message" and exits with UTIL_EXIT_SYSTEM, after running the hook. */
void util_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* Allocation that never returns NULL: on failure the program dies with a message. */
void *util_malloc(size_t n);
void *util_calloc(size_t n, size_t size);
void *util_realloc(void *p, size_t n);
/* Grows *p (an array of elem-sized items with capacity *cap) to hold at least need items. */
void util_grow(void *pp, size_t *cap, size_t need, size_t elem);
char *util_strdup(const char *s);
char *util_strndup(const char *s, size_t n);
/* Frees *p and sets it to NULL. */
void util_free(void *pp);

/* Runs fn(a) on this thread and fn(b) on a second one at once, and returns when both are
 * done (when no thread can be started, fn(b) then fn(a) on this one); b NULL: fn(a) alone. */
void util_both(void *(*fn)(void *), void *a, void *b);

/* A chunked arena of strings: pointers into it stay valid until it is reset or freed.
 * A zeroed util_arena is empty and ready. */
typedef struct util_arena_block {
    struct util_arena_block *next;
    size_t used, cap;
    char data[];
} util_arena_block;

typedef struct util_arena {
    util_arena_block *head;   /* block being filled */
    util_arena_block *first;
} util_arena;

/* Copies s[0..n) and a NUL into the arena; returns the copy. */
char *util_arena_copy(util_arena *a, const char *s, size_t n);
/* Forgets the strings but keeps the blocks for reuse. */
/* Moves every string of from into a (pointers stay valid); from is left empty. */
void util_arena_take(util_arena *a, util_arena *from);
void util_arena_reset(util_arena *a);
void util_arena_free(util_arena *a);

/* 64-bit hash of a byte string (wyhash-style mixing; not cryptographic). */
uint64_t util_hash(const void *data, size_t len);

/* The map from strings to numbers every module uses: each key added gets the next index
 * (0, 1, 2, ... in the order of first appearance); open addressing with linear probing,
 * kept under half full, each slot holding the high 32 bits of the key's hash beside the
 * index so that most probes compare no string. Keys are copied into the map's arena
 * (util_map_add) or borrowed from the caller, who keeps them alive as long as the map
 * (util_map_add_ref). A zeroed util_map is empty and ready. */
typedef struct util_map_key {
    const char *s;            /* NUL-terminated */
    size_t len;
    uint64_t hash;            /* util_hash(s, len) */
} util_map_key;

typedef struct util_map {
    uint64_t *slots;          /* hash >> 32 << 32 | index + 1; 0: empty */
    size_t mask;              /* number of slots - 1; 0 before the first key */
    util_map_key *keys;       /* index -> key */
    size_t n, cap;
    util_arena arena;
} util_map;

/* The index of s[0..len), or -1. The _hash form takes util_hash(s, len) already known. */
long util_map_find(const util_map *m, const char *s, size_t len);
long util_map_find_hash(const util_map *m, const char *s, size_t len, uint64_t hash);
/* The index of s[0..len), added when absent (*added, when not NULL, says which). s must be
 * NUL-terminated at len for util_map_add_ref, which keeps the pointer, not a copy. */
size_t util_map_add(util_map *m, const char *s, size_t len, int *added);
size_t util_map_add_ref(util_map *m, const char *s, size_t len, uint64_t hash, int *added);
/* The key of index i (0 <= i < m->n), NUL-terminated. */
static inline const char *util_map_key_of(const util_map *m, size_t i)
{
    return m->keys[i].s;
}
/* Forgets every key but keeps the memory, for a map filled again and again. */
void util_map_clear(util_map *m);
void util_map_free(util_map *m);

/* trec_eval's order of a topic's documents: higher score first; on equal scores the larger
 * docno (strcmp) first. The one definition every ranking of the program follows, for any
 * two pointers to structs with a double `score` and a string `docno`.
 * UTIL_DOC_BEFORE(a, b) says whether *a comes strictly before *b; UTIL_DOC_CMP(a, b) is the
 * same order as a qsort comparison (-1, 0, 1). Macros rather than functions taking the
 * fields: the docnos are then read only on equal scores, which keeps eval's sort as fast
 * as code written for its struct. */
#define UTIL_DOC_BEFORE(a, b)                                                               \
    ((a)->score != (b)->score ? (a)->score > (b)->score : strcmp((a)->docno, (b)->docno) > 0)
#define UTIL_DOC_CMP(a, b) (UTIL_DOC_BEFORE(a, b) ? -1 : UTIL_DOC_BEFORE(b, a) ? 1 : 0)

/* Names of the values of an enum, for its name and parse functions: a table ended by
 * { NULL, 0 }. */
typedef struct util_enum_name {
    const char *name;
    int value;
} util_enum_name;

/* The value named s: 0 with *out set, or -1 when no entry has that name. */
int util_enum_parse(const util_enum_name *names, const char *s, int *out);
/* The name of value v, or "?" when the table has none. */
const char *util_enum_name_of(const util_enum_name *names, int v);

/* Strict number parsing of the bytes [s, s+len): the whole span must be the number.
 * Doubles accept what strtod accepts for finite decimal numbers (no hex, no inf/nan);
 * the value is exactly the double strtod would give. Return 0 on success, -1 otherwise. */
int util_parse_double(const char *s, size_t len, double *out);
int util_parse_long(const char *s, size_t len, long *out);

/* Powers of ten that are exact doubles, and those that fit 32 bits (util_parse_plain). */
static const double util_pow10_exact[] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

static const uint64_t util_pow10_u64[] = { 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
                                           100000000 };

/* The value of the last k (1 to 8) of the 8 bytes in w (loaded little-endian from memory)
 * when they are ASCII digits; returns 0 when one of them is not. */
static inline int util_digits8(uint64_t w, unsigned k, uint32_t *value)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t zeros = 0x3030303030303030ULL;
    uint64_t keep = ~0ULL << (8 * (8 - k));        /* the top k bytes: the last k in memory */
    w = (w & keep) | (zeros & ~keep);              /* the others read as leading zeros */
    /* every byte 0x30 to 0x39: high nibble 3, and still 3 once 6 is added */
    if (((w & 0xF0F0F0F0F0F0F0F0ULL) | (((w + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL)
                                        >> 4)) != 0x3333333333333333ULL)
        return 0;
    w -= zeros;
    w = w * 10 + (w >> 8);                         /* pairs of digits, in the low byte of 16 */
    w = (((w & 0x000000FF000000FFULL) * (100 + (1000000ULL << 32))) +
         (((w >> 16) & 0x000000FF000000FFULL) * (1 + (10000ULL << 32)))) >> 32;
    *value = (uint32_t)w;
    return 1;
#else
    (void)w;
    (void)k;
    (void)value;
    return 0;
#endif
}

/* The common form of a score, [-]digits[.digits] with at most 19 digits in all and at
 * most 22 after the point, whose digits make at most 2^53: the digits and the power of ten
 * are then exact doubles, and one correctly rounded division gives strtod's value (the
 * general path of util_parse_double computes the same quotient). Returns 1 with *out set,
 * 0 when s has another form. Inline: the readers call it on every line of a run. */
static inline int util_parse_plain(const char *s, size_t len, double *out)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    int neg = p < end && *p == '-';
    p += neg;
    const unsigned char *digits = p;
    uint64_t mant = 0;
    unsigned d;
    while (p < end && (d = (unsigned)*p - '0') < 10) {
        mant = mant * 10 + d;
        p++;
    }
    size_t ndig = (size_t)(p - digits), frac = 0;
    if (p < end && *p == '.') {
        const unsigned char *point = ++p;
        size_t rest = (size_t)(end - point);
        if (rest >= 1 && rest <= 8 && len >= 8) {
            /* The usual fraction ("21.336678"): its digits are the top bytes of the field's
             * last 8, read and converted at once. */
            uint64_t w;
            memcpy(&w, end - 8, 8);
            uint32_t f;
            if (util_digits8(w, (unsigned)rest, &f)) {
                mant = mant * util_pow10_u64[rest] + f;
                p = end;
            }
        }
        while (p < end && (d = (unsigned)*p - '0') < 10) {
            mant = mant * 10 + d;
            p++;
        }
        frac = (size_t)(p - point);
        ndig += frac;
    }
    if (p != end || ndig == 0 || ndig > 19 || frac > 22 || mant > (1ULL << 53))
        return 0;
    double v = (double)mant;
    if (frac > 0)
        v /= util_pow10_exact[frac];
    *out = neg ? -v : v;
    return 1;
}

/* A growable output buffer flushed to a FILE. */
typedef struct util_out {
    FILE *fp;
    char *buf;
    size_t len, cap;
} util_out;

void util_out_init(util_out *o, FILE *fp);
void util_out_bytes(util_out *o, const char *s, size_t n);
void util_out_str(util_out *o, const char *s);
void util_out_char(util_out *o, char c);
void util_out_printf(util_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends s left-aligned in a field of width w (printf "%-*s"). */
void util_out_padded(util_out *o, const char *s, int w);
/* Appends v exactly as printf("%6.4f", v) would, faster. */
void util_out_fixed4(util_out *o, double v);
void util_out_long(util_out *o, long v);
/* Writes s as a JSON string: quoted, with quote, backslash and control characters escaped. */
void util_out_json(util_out *o, const char *s);
/* Writes the buffer out; returns -1 on a write error. */
int util_out_flush(util_out *o);
void util_out_free(util_out *o);

/* The one JSON writer (json.c): values written in order into a util_out, with the commas
 * between items and the ": " after keys put in by the writer, so that no command spells
 * JSON punctuation in a format string. Where the white space goes is each container's
 * style; a NULL style writes it on one line, items separated by ", " ({"a": 1, "b": [1, 2]}).
 * A zeroed style writes none at all. */
typedef struct util_json_style {
    const char *first;       /* before the first item */
    const char *next;        /* after the comma, before each other item */
    const char *close;       /* before the closing bracket of a container with items */
    const char *empty;       /* between the brackets of a container without items */
} util_json_style;

/* One item a line, indented by two spaces, the closing bracket on a line of its own; an empty
 * container on one line ([]). */
extern const util_json_style util_json_lines;

#define UTIL_JSON_DEPTH 16

typedef struct util_json {
    util_out *o;
    int depth;               /* open containers */
    int after_key;           /* a key was written: the value follows without a separator */
    const char *next_ws;     /* white space for the next separator instead of the style's */
    struct {
        util_json_style style;
        char close;          /* '}' or ']' */
        size_t items;
    } level[UTIL_JSON_DEPTH];
} util_json;

void util_json_init(util_json *j, util_out *o);
/* Opens an object or an array (as a value: after a key, in an array, or at the top) with
 * style (NULL: on one line); util_json_end closes the innermost one. Nesting deeper than
 * UTIL_JSON_DEPTH is a bug and dies. */
void util_json_object(util_json *j, const util_json_style *style);
void util_json_array(util_json *j, const util_json_style *style);
void util_json_end(util_json *j);
/* A member's key; its value is written next. */
void util_json_key(util_json *j, const char *key);
/* Values. A NULL string is null; a double is written at full precision ("%.17g": 17
 * significant digits read back as the same double) or fixed with that many decimals
 * ("%.*f"), a double that is not finite as null. util_json_number writes text already
 * formatted as a JSON number; util_json_raw a JSON value written elsewhere (an object
 * reused for many lines), as is. */
void util_json_str(util_json *j, const char *s);
void util_json_int(util_json *j, long long v);
void util_json_uint(util_json *j, unsigned long long v);
void util_json_double(util_json *j, double v);
void util_json_fixed(util_json *j, double v, int decimals);
void util_json_null(util_json *j);
void util_json_number(util_json *j, const char *text);
void util_json_raw(util_json *j, const char *json, size_t len);
/* White space: util_json_space writes ws now (between a value and what follows it);
 * util_json_break makes ws the white space after the next comma (or before the next item or
 * the closing bracket) in place of the style's, once. */
void util_json_space(util_json *j, const char *ws);
void util_json_break(util_json *j, const char *ws);

/* A progress bar on stderr, drawn only when stderr is a terminal. */
typedef struct util_progress {
    char label[64];
    uint64_t total;      /* 0 when unknown: only the count is shown */
    int enabled;
    double last;         /* when it was last drawn (seconds) */
    int drawn;
} util_progress;

void util_progress_start(util_progress *p, const char *label, uint64_t total);
/* Redraws at most ten times a second. */
void util_progress_update(util_progress *p, uint64_t done);
/* Clears the bar's line. */
void util_progress_end(util_progress *p);

/* UTF-8: decodes one sequence of s[0..n) into *cp and returns its length, or 0 when it is
 * invalid (overlong, a surrogate, past U+10FFFF, truncated); encodes a code point (at most
 * U+10FFFF) into out (4 bytes of room) and returns the length. */
size_t util_utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);
size_t util_utf8_encode(uint32_t cp, char *out);
/* The length of the maximal ill-formed subpart at s[0..n) (1 to 3 bytes), which Unicode's
 * recommended practice replaces with one U+FFFD; 0 when s starts with a well-formed
 * sequence (or n is 0). In utf8.c. */
size_t util_utf8_invalid_len(const unsigned char *s, size_t n);

/* The one rule for every name that enters the program from a file, a command line or
 * standard input and is kept, printed or written into a whitespace-separated file: topic
 * ids, docnos, assessor names, run tags, qrels iteration columns, judgment groups.
 * A name is not empty, at most UTIL_NAME_MAX bytes, valid UTF-8, and has no white space
 * and no control character (C0, DEL, C1). Returns NULL when s[0..n) is fine, else what is
 * wrong ("contains white space", "contains a control character or invalid UTF-8",
 * "is longer than 1024 bytes", "is empty"), to follow the name of the thing. */
#define UTIL_NAME_MAX 1024
const char *util_name_problem(const char *s, size_t n);
/* Names (topic ids) in natural order: runs of digits compare as numbers ("2" before "10"),
 * leading zeros aside; strcmp order otherwise. In name.c. */
int util_natural_cmp(const char *x, const char *y);

#endif
