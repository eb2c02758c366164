/* error.c: errors with their place, warnings and fatal exits, with control bytes escaped. */
/* SPDX-License-Identifier: MIT */
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char *util_progname = "trecjudge";
void (*util_fatal_hook)(void) = NULL;

/* Appends s to buf[*off, size) with every byte that could act on a terminal written as
 * \xNN: C0 controls, DEL, the C1 controls (U+0080 to U+009F) and invalid UTF-8. Paths and
 * messages go through here, so a file name with an escape sequence is shown, not obeyed. */
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
        if (*off + k >= size)
            break;
        memcpy(buf + *off, u + i, k);
        *off += k;
        i += k;
    }
    buf[*off < size ? *off : size - 1] = '\0';
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
