/* error.c: errors with their place, warnings and fatal exits, with control bytes escaped. */
/* SPDX-License-Identifier: MIT */
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char *util_progname = "trecjudge";
void (*util_fatal_hook)(void) = NULL;

/* Characters that change how a terminal shows the text around them or are invisible:
 * BiDi controls, zero-width and other format characters, line and paragraph separators (the
 * set the assessment screen shows as placeholders). */
static int is_format(uint32_t c)
{
    return c == 0x061c || c == 0x180e || (c >= 0x200b && c <= 0x200f) ||
           (c >= 0x2028 && c <= 0x202e) || (c >= 0x2060 && c <= 0x206f) || c == 0xfeff ||
           (c >= 0xfff9 && c <= 0xfffb) || (c >= 0xe0000 && c <= 0xe007f);
}

/* Appends s to buf[*off, size) with every byte that could act on a terminal written as
 * \xNN: C0 controls, DEL, the C1 controls (U+0080 to U+009F) and invalid UTF-8; BiDi and
 * other format characters as \uXXXX (\UXXXXXXXX past U+FFFF). Paths, names and messages go
 * through here, so a file name with an escape sequence is shown, not obeyed. A backslash
 * stays as it is: what is escaped once has nothing left to escape. */
static void escape_append(char *buf, size_t size, size_t *off, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n && *off + 1 < size;) {
        uint32_t cp = 0;
        size_t k = u[i] < 0x80 ? 1 : util_utf8_decode(u + i, n - i, &cp);
        if (u[i] < 0x80)
            cp = u[i];
        if (k == 0 || cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F)) {
            size_t bad = k == 0 ? 1 : k;
            for (size_t j = 0; j < bad && *off + 5 < size; j++) {
                snprintf(buf + *off, size - *off, "\\x%02x", u[i + j]);
                *off += 4;
            }
            if (*off + 5 >= size)
                break;
            i += bad;
            continue;
        }
        if (is_format(cp)) {
            size_t w = cp > 0xFFFF ? 10 : 6;
            if (*off + w >= size)
                break;
            snprintf(buf + *off, size - *off, cp > 0xFFFF ? "\\U%08x" : "\\u%04x", (unsigned)cp);
            *off += w;
            i += k;
            continue;
        }
        if (*off + k >= size)
            break;
        memcpy(buf + *off, u + i, k);
        *off += k;
        i += k;
    }
    buf[*off < size ? *off : size - 1] = '\0';
}

/* Whether escape_append would change s. */
static int needs_escape(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        if (u[i] >= 0x20 && u[i] < 0x7F) {
            i++;
            continue;
        }
        uint32_t cp;
        size_t k = util_utf8_decode(u + i, n - i, &cp);
        if (k == 0 || cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) || is_format(cp))
            return 1;
        i += k;
    }
    return 0;
}

/* Enough for the longest path (PATH_MAX) with every byte escaped. */
#define SHOWN_SIZE (4 * 4096 + 8)
#define SHOWN_SLOTS 8

const char *util_shown(const char *s)
{
    static _Thread_local char ring[SHOWN_SLOTS][SHOWN_SIZE];
    static _Thread_local unsigned next;
    if (s == NULL)
        return "(null)";
    if (!needs_escape(s))
        return s;
    char *buf = ring[next++ % SHOWN_SLOTS];
    size_t off = 0;
    escape_append(buf, SHOWN_SIZE, &off, s, strlen(s));
    return buf;
}

int util_error_set(util_error *err, int code, const char *path, long line, const char *fmt, ...)
{
    if (err == NULL)
        return -1;
    size_t off = 0;
    err->code = code;
    err->msg[0] = '\0';
    if (path != NULL) {
        escape_append(err->msg, sizeof err->msg, &off, path, strlen(path));
        int n = line > 0 ? snprintf(err->msg + off, sizeof err->msg - off, ":%ld: ", line)
                         : snprintf(err->msg + off, sizeof err->msg - off, ": ");
        off += n > 0 ? (size_t)n : 0;
        if (off >= sizeof err->msg)
            off = sizeof err->msg - 1;
    }
    /* what the message quotes (a name, a field) is escaped like the path */
    char raw[sizeof err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    escape_append(err->msg, sizeof err->msg, &off, raw, strlen(raw));
    return -1;
}

/* Prints "trecjudge: message" with the message escaped as in escape_append: whatever a
 * message quotes (a path, a name from the command line) cannot reach the terminal raw. */
static void warn_escaped(const char *fmt, va_list ap)
{
    char raw[2048], safe[4096];
    size_t off = 0;
    vsnprintf(raw, sizeof raw, fmt, ap);
    escape_append(safe, sizeof safe, &off, raw, strlen(raw));
    fprintf(stderr, "%s: %s\n", util_progname, safe);
}

void util_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    warn_escaped(fmt, ap);
    va_end(ap);
}

void util_die(const char *fmt, ...)
{
    if (util_fatal_hook != NULL)
        util_fatal_hook();
    va_list ap;
    va_start(ap, fmt);
    warn_escaped(fmt, ap);
    va_end(ap);
    exit(UTIL_EXIT_SYSTEM);
}
