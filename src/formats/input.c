/* input.c: buffered line input from plain files, gzip files and stdin, and field splitting. */
#include "formats.h"

#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdlib.h>
#include <zlib.h>

#define INPUT_CHUNK (1u << 20)
#define INPUT_MAX_LINE (64u << 20)

struct formats_input {
    const char *path;    /* for messages; "-" is shown as "<stdin>" */
    int fd;
    gzFile gz;
    char *buf;
    size_t cap;          /* allocated bytes */
    size_t start, end;   /* unread bytes are buf[start, end) */
    int eof;
    long lineno;
    uint64_t size;
    int is_stdin;
};

static const char *input_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

formats_input *formats_input_open(const char *path, util_error *err)
{
    int is_stdin = strcmp(path, "-") == 0;
    int fd = is_stdin ? 0 : open(path, O_RDONLY);
    if (fd < 0) {
        util_error_set(err, UTIL_EXIT_INPUT, input_name(path), 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        util_error_set(err, UTIL_EXIT_INPUT, input_name(path), 0, "is a directory, not a file");
        if (!is_stdin)
            close(fd);
        return NULL;
    }
    formats_input *in = util_calloc(1, sizeof *in);
    in->path = input_name(path);
    in->fd = fd;
    in->is_stdin = is_stdin;
    in->size = S_ISREG(st.st_mode) ? (uint64_t)st.st_size : 0;
    in->cap = INPUT_CHUNK;
    in->buf = util_malloc(in->cap + 1);
    /* Detect gzip by its magic bytes, whatever the file is called. */
    unsigned char magic[2];
    int gzip = 0;
    if (!is_stdin && S_ISREG(st.st_mode)) {
        gzip = pread(fd, magic, 2, 0) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
    } else {
        gzip = 1; /* zlib reads plain text transparently from pipes */
    }
    if (gzip) {
        int fd2 = dup(fd);
        in->gz = fd2 >= 0 ? gzdopen(fd2, "rb") : NULL;
        if (in->gz == NULL) {
            if (fd2 >= 0)
                close(fd2);
            util_error_set(err, UTIL_EXIT_SYSTEM, in->path, 0, "cannot read");
            formats_input_close(&in);
            return NULL;
        }
        gzbuffer(in->gz, 1u << 18);
    }
    return in;
}

/* Reads more bytes after in->end; returns bytes read, 0 at end, -1 on error. */
static long input_fill(formats_input *in, util_error *err)
{
    if (in->eof)
        return 0;
    if (in->start > 0 && in->start == in->end) {
        in->start = in->end = 0;
    } else if (in->start > 0 && in->end == in->cap) {
        memmove(in->buf, in->buf + in->start, in->end - in->start);
        in->end -= in->start;
        in->start = 0;
    }
    if (in->end == in->cap) {
        if (in->cap >= INPUT_MAX_LINE)
            return util_error_set(err, UTIL_EXIT_INPUT, in->path, in->lineno + 1,
                                  "line longer than %u MiB", INPUT_MAX_LINE >> 20);
        in->cap *= 2;
        in->buf = util_realloc(in->buf, in->cap + 1);
    }
    size_t want = in->cap - in->end;
    long got;
    if (in->gz != NULL) {
        int n = gzread(in->gz, in->buf + in->end, (unsigned)(want > (1u << 30) ? (1u << 30) : want));
        if (n < 0) {
            int zerr;
            const char *msg = gzerror(in->gz, &zerr);
            return util_error_set(err, UTIL_EXIT_INPUT, in->path, 0, "cannot decompress: %s", msg);
        }
        if (n == 0) {
            int zerr;
            const char *msg = gzerror(in->gz, &zerr);
            if (zerr != Z_OK && zerr != Z_STREAM_END)
                return util_error_set(err, UTIL_EXIT_INPUT, in->path, 0,
                                      "truncated or corrupt gzip data: %s", msg);
        }
        got = n;
    } else {
        ssize_t n;
        do {
            n = read(in->fd, in->buf + in->end, want);
        } while (n < 0 && errno == EINTR);
        if (n < 0)
            return util_error_set(err, UTIL_EXIT_INPUT, in->path, 0, "read error: %s", strerror(errno));
        got = (long)n;
    }
    if (got == 0)
        in->eof = 1;
    in->end += (size_t)got;
    return got;
}

int formats_input_line(formats_input *in, char **line, size_t *len, util_error *err)
{
    size_t scan = in->start;
    for (;;) {
        char *nl = memchr(in->buf + scan, '\n', in->end - scan);
        if (nl != NULL) {
            char *s = in->buf + in->start;
            size_t n = (size_t)(nl - s);
            in->start += n + 1;
            if (n > 0 && s[n - 1] == '\r')
                n--;
            s[n] = '\0';
            in->lineno++;
            *line = s;
            *len = n;
            return 1;
        }
        size_t pending = in->end - in->start;
        long got = input_fill(in, err);
        if (got < 0)
            return -1;
        if (got == 0) {
            if (in->start == in->end)
                return 0;
            /* Last line without a newline. */
            char *s = in->buf + in->start;
            size_t n = in->end - in->start;
            in->start = in->end;
            if (n > 0 && s[n - 1] == '\r')
                n--;
            s[n] = '\0';
            in->lineno++;
            *line = s;
            *len = n;
            return 1;
        }
        scan = in->start + pending;
    }
}

long formats_input_lineno(const formats_input *in)
{
    return in->lineno;
}

uint64_t formats_input_offset(const formats_input *in)
{
    if (in->gz != NULL)
        return (uint64_t)gzoffset(in->gz);
    off_t off = lseek(in->fd, 0, SEEK_CUR);
    return off < 0 ? 0 : (uint64_t)off;
}

uint64_t formats_input_size(const formats_input *in)
{
    return in->size;
}

int formats_input_is_stdin(const formats_input *in)
{
    return in->is_stdin;
}

void formats_input_close(formats_input **pin)
{
    formats_input *in = *pin;
    if (in == NULL)
        return;
    if (in->gz != NULL)
        gzclose(in->gz);
    if (!in->is_stdin && in->fd >= 0)
        close(in->fd);
    free(in->buf);
    free(in);
    *pin = NULL;
}

int formats_slurp(const char *path, char **data, size_t *len, util_error *err)
{
    formats_input *in = formats_input_open(path, err);
    if (in == NULL)
        return -1;
    for (;;) {
        long got = input_fill(in, err);
        if (got < 0) {
            formats_input_close(&in);
            return -1;
        }
        if (got == 0)
            break;
        if (in->end == in->cap) {
            in->cap *= 2;
            in->buf = util_realloc(in->buf, in->cap + 1);
        }
    }
    in->buf[in->end] = '\0';
    *data = in->buf;
    *len = in->end;
    in->buf = NULL;
    formats_input_close(&in);
    return 0;
}

/* Character classes for field splitting: 1 = blank, 2 = NUL, 0 = part of a field. */
static const unsigned char split_class[256] = {
    [0] = 2, [' '] = 1, ['\t'] = 1, ['\r'] = 1, ['\v'] = 1, ['\f'] = 1,
};

int formats_split(char *line, size_t len, char **fields, size_t *lens, int max)
{
    unsigned char *p = (unsigned char *)line, *end = p + len;
    line[len] = '\0'; /* scanning stops there */
    int n = 0;
    for (;;) {
        while (split_class[*p] == 1)
            p++;
        if (p >= end) {
            if (p > end || *p != '\0')
                n = -1;
            break;
        }
        if (*p == '\0') {
            n = -1; /* a NUL byte inside the line */
            break;
        }
        if (n == max) {
            n = max + 1;
            break;
        }
        unsigned char *s = p;
        while (split_class[*p] == 0)
            p++;
        fields[n] = (char *)s;
        lens[n] = (size_t)(p - s);
        n++;
        if (p < end && split_class[*p] == 1)
            *p++ = '\0';
    }
    return n;
}

/* A name (topic id, docno, run tag) must be valid UTF-8 without C0 or C1 controls or DEL. */
static int name_clean(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        size_t k = util_utf8_decode(u + i, n - i, &cp);
        if (k == 0 || cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F))
            return 0;
        i += k;
    }
    return 1;
}

const char *formats_name_problem(const char *s, size_t n)
{
    if (n > FORMATS_NAME_MAX)
        return "is longer than 1024 bytes";
    return name_clean(s, n) ? NULL : "contains a control character or invalid UTF-8";
}

int formats_checksum(const char *path, char *out, util_error *err)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return util_error_set(err, UTIL_EXIT_INPUT, input_name(path), 0, "cannot open: %s",
                              strerror(errno));
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(fd);
        return util_error_set(err, UTIL_EXIT_INPUT, input_name(path), 0,
                              "is a directory, not a file");
    }
    size_t cap = 1u << 20;
    char *buf = util_malloc(cap);
    uint64_t h1 = 0x243f6a8885a308d3ULL, h2 = 0x13198a2e03707344ULL, total = 0;
    int rc = 0;
    for (;;) {
        ssize_t n = read(fd, buf, cap);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            rc = util_error_set(err, UTIL_EXIT_INPUT, input_name(path), 0, "read error: %s",
                                strerror(errno));
            break;
        }
        if (n == 0)
            break;
        uint64_t c = util_hash(buf, (size_t)n);
        h1 = util_hash(&(uint64_t[2]){ h1, c }, 16);
        h2 = util_hash(&(uint64_t[2]){ h2 ^ total, c }, 16);
        total += (uint64_t)n;
    }
    close(fd);
    free(buf);
    if (rc == 0)
        snprintf(out, 33, "%016llx%016llx", (unsigned long long)h1,
                 (unsigned long long)(h2 ^ total));
    return rc;
}
