/* input.c: buffered line input from plain files, gzip files and stdin, and field splitting. */
/* SPDX-License-Identifier: MIT */
#include "formats.h"

#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdlib.h>
#include <zlib.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
/* formats_input_fields has a variant for AVX-512 processors, chosen when the input opens. */
#include <immintrin.h>
#define FIELDS_WIDE 1
static int fields_wide_ok(void);
#endif

#define INPUT_CHUNK (1u << 20)
#define INPUT_MAX_LINE (64u << 20)
/* Bytes after the buffer's capacity, zeroed, so that formats_input_fields may read a line's
 * 64 bytes at once wherever it starts (the NUL at in->end stops it before them). */
#define INPUT_PAD 64

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
    int bom_done;        /* the start was checked for a byte-order mark */
    uint64_t left;       /* formats_input_open_range: bytes of the range not read yet */
    int ranged;
    int wide;            /* formats_input_fields may use AVX-512 (fields_short_wide) */
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
        util_error_set(err, UTIL_EXIT_INPUT, input_name(path), 0, "cannot open: %s",
                       strerror(errno));
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
    in->buf = util_calloc(1, in->cap + INPUT_PAD);
#ifdef FIELDS_WIDE
    in->wide = fields_wide_ok();
#endif
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

formats_input *formats_input_open_range(const char *path, uint64_t begin, uint64_t end,
                                        util_error *err)
{
    formats_input *in = formats_input_open(path, err);
    if (in == NULL)
        return NULL;
    if (in->gz != NULL || in->is_stdin || end < begin || end > in->size ||
        lseek(in->fd, (off_t)begin, SEEK_SET) != (off_t)begin) {
        util_error_set(err, UTIL_EXIT_INPUT, in->path, 0,
                       "a range can only be read from a plain regular file");
        formats_input_close(&in);
        return NULL;
    }
    in->ranged = 1;
    in->left = end - begin;
    in->bom_done = begin > 0;  /* a byte-order mark is only at the start of the file */
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
        in->buf = util_realloc(in->buf, in->cap + INPUT_PAD);
        memset(in->buf + in->end, 0, in->cap + INPUT_PAD - in->end);
    }
    size_t want = in->cap - in->end;
    long got;
    if (in->gz != NULL) {
        int n =
            gzread(in->gz, in->buf + in->end, (unsigned)(want > (1u << 30) ? (1u << 30) : want));
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
        if (in->ranged && want > in->left)
            want = (size_t)in->left;
        do {
            n = want == 0 ? 0 : read(in->fd, in->buf + in->end, want);
        } while (n < 0 && errno == EINTR);
        if (in->ranged && n > 0)
            in->left -= (uint64_t)n;
        if (n < 0)
            return util_error_set(err, UTIL_EXIT_INPUT, in->path, 0, "read error: %s",
                                  strerror(errno));
        got = (long)n;
    }
    if (got == 0)
        in->eof = 1;
    in->end += (size_t)got;
    in->buf[in->end] = '\0'; /* stops formats_input_fields at the end of the bytes read */
    return got;
}

/* The byte-order mark at the start of s[0..n): its length, with the encoding it names in
 * *enc ("UTF-8", "UTF-16LE", ...); 0 when there is none. UTF-32LE before UTF-16LE: its mark
 * begins with the other's. */
static size_t bom_detect(const char *s, size_t n, const char **enc)
{
    static const struct {
        const char *bytes;
        size_t len;
        const char *name;
    } marks[] = {
        { "\xEF\xBB\xBF", 3, "UTF-8" },       { "\xFF\xFE\0\0", 4, "UTF-32LE" },
        { "\0\0\xFE\xFF", 4, "UTF-32BE" },   { "\xFF\xFE", 2, "UTF-16LE" },
        { "\xFE\xFF", 2, "UTF-16BE" },
    };
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        if (n >= marks[i].len && memcmp(s, marks[i].bytes, marks[i].len) == 0) {
            *enc = marks[i].name;
            return marks[i].len;
        }
    *enc = NULL;
    return 0;
}

static int bom_refuse(const char *path, const char *enc, util_error *err)
{
    return util_error_set(err, UTIL_EXIT_INPUT, path, 0,
                          "%s text (it starts with a byte-order mark): convert it to UTF-8 first "
                          "(e.g. iconv -f %s -t UTF-8)", enc, enc);
}

/* Skips a UTF-8 byte-order mark at the start of the input; refuses UTF-16 and UTF-32,
 * which a line reader cannot split. */
static int input_bom(formats_input *in, util_error *err)
{
    in->bom_done = 1;
    while (in->end - in->start < 4) {
        long got = input_fill(in, err);
        if (got < 0)
            return -1;
        if (got == 0)
            break;
    }
    const char *enc;
    size_t n = bom_detect(in->buf + in->start, in->end - in->start, &enc);
    if (n > 0 && strcmp(enc, "UTF-8") != 0)
        return bom_refuse(in->path, enc, err);
    in->start += n;
    return 0;
}

int formats_input_line(formats_input *in, char **line, size_t *len, util_error *err)
{
    if (!in->bom_done && input_bom(in, err) != 0)
        return -1;
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

/* Byte classes of formats_input_fields: 0 a byte of a field, 1 a blank between fields (space,
 * tab), 2 a byte that ends the fast path (LF, and NUL, CR, VT, FF, left to formats_split). */
static const unsigned char fields_class[256] = {
    [0] = 2, ['\n'] = 2, ['\r'] = 2, ['\v'] = 2, ['\f'] = 2, [' '] = 1, ['\t'] = 1,
};

#ifdef __SSE2__
/* Bit i of *ctl set when p[i] is a byte up to ' ' (a blank or a control byte), of *blank when
 * it is a space or a tab, for i < 64. */
static inline void fields_masks(const unsigned char *p, uint64_t *ctl, uint64_t *blank)
{
    const __m128i sp = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t');
    uint64_t c = 0, b = 0;
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * i));
        __m128i low = _mm_cmpeq_epi8(_mm_min_epu8(x, sp), x);
        __m128i bl = _mm_or_si128(_mm_cmpeq_epi8(x, sp), _mm_cmpeq_epi8(x, tab));
        c |= (uint64_t)(uint16_t)_mm_movemask_epi8(low) << (16 * i);
        b |= (uint64_t)(uint16_t)_mm_movemask_epi8(bl) << (16 * i);
    }
    *ctl = c;
    *blank = b;
}

/* The bits set in x; hw: the POPCNT instruction may be used (a constant, the branch goes). */
static inline __attribute__((always_inline)) int fields_count(uint64_t x, int hw)
{
    if (hw)
        return __builtin_popcountll(x);
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* formats_input_fields on a line of less than 64 bytes at p, its fields found from the masks
 * of its 64 bytes (see fields_masks): 1 taken, 0 not an ordinary line, -1 no line end within
 * 64 bytes (the byte loop decides). */
static inline __attribute__((always_inline)) int
fields_short(formats_input *in, unsigned char *p, uint64_t ctl, uint64_t blank, char **fields,
             size_t *lens, int n, int hw)
{
    uint64_t stop = ctl & ~blank;
    if (stop == 0)
        return -1;
    int end = __builtin_ctzll(stop);
    if (p[end] != '\n')
        return 0;
    uint64_t line = (1ULL << end) - 1;
    uint64_t field = ~blank & line;
    uint64_t starts = field & ~(field << 1);
    uint64_t ends = ~field & (field << 1);   /* the byte after each field; bit end included */
    if ((field & 1) == 0 || (ends >> end & 1) == 0 || fields_count(starts, hw) != n)
        return 0;
#pragma GCC unroll 8
    for (int k = 0; k < n; k++) {
        int s = __builtin_ctzll(starts), e = __builtin_ctzll(ends);
        starts &= starts - 1;
        ends &= ends - 1;
        p[e] = '\0';
        fields[k] = (char *)p + s;
        lens[k] = (size_t)(e - s);
    }
    in->start = (size_t)((char *)p + end + 1 - in->buf);
    in->lineno++;
    return 1;
}

/* fields_short with the masks of the SSE2 instructions every x86-64 processor has; the run's
 * and the qrels' number of fields each get their own unrolled copy. */
static inline __attribute__((always_inline)) int
fields_short_sse2(formats_input *in, unsigned char *p, char **fields, size_t *lens, int n)
{
    uint64_t ctl, blank;
    fields_masks(p, &ctl, &blank);
    return n == 6   ? fields_short(in, p, ctl, blank, fields, lens, 6, 0)
           : n == 4 ? fields_short(in, p, ctl, blank, fields, lens, 4, 0)
                    : fields_short(in, p, ctl, blank, fields, lens, n, 0);
}
#endif

#ifdef FIELDS_WIDE
/* fields_short on processors with AVX-512BW: the masks of the 64 bytes come from one load and
 * three comparisons, and the fields are counted with POPCNT. */
__attribute__((target("avx512bw,popcnt,bmi"))) static int
fields_short_wide(formats_input *in, unsigned char *p, char **fields, size_t *lens, int n)
{
    __m512i x = _mm512_loadu_si512((const void *)p);
    uint64_t ctl = _mm512_cmple_epu8_mask(x, _mm512_set1_epi8(' '));
    uint64_t blank = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(' ')) |
                     _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('\t'));
    return n == 6   ? fields_short(in, p, ctl, blank, fields, lens, 6, 1)
           : n == 4 ? fields_short(in, p, ctl, blank, fields, lens, 4, 1)
                    : fields_short(in, p, ctl, blank, fields, lens, n, 1);
}

/* Whether this processor has what fields_short_wide needs (checked once per input; the
 * processor's features were read at start-up, before main). */
static int fields_wide_ok(void)
{
    return __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("popcnt") &&
           __builtin_cpu_supports("bmi");
}
#endif

int formats_input_fields(formats_input *in, char **fields, size_t *lens, int n)
{
    if (!in->bom_done || in->buf == NULL)
        return 0;
    unsigned char *p = (unsigned char *)in->buf + in->start;
#ifdef FIELDS_WIDE
    if (in->wide) {
        int got = fields_short_wide(in, p, fields, lens, n);
        if (got >= 0)
            return got;
    } else
#endif
    {
#ifdef __SSE2__
        int got = fields_short_sse2(in, p, fields, lens, n);
        if (got >= 0)
            return got;
#endif
    }
    for (int k = 0; k < n; k++) {
        unsigned char *b = p;
        while (fields_class[*p] == 0)
            p++;
        if (p == b)
            return 0;
        fields[k] = (char *)b;
        lens[k] = (size_t)(p - b);
        if (k + 1 < n) {
            if (fields_class[*p] != 1)
                return 0;
            do
                p++;
            while (fields_class[*p] == 1);
        }
    }
    /* The NUL after the bytes read is not an LF: a line cut by the end of the buffer is
     * left to formats_input_line, which reads on. */
    if (*p != '\n')
        return 0;
    for (int k = 0; k < n; k++)
        fields[k][lens[k]] = '\0';
    in->start = (size_t)((char *)p + 1 - in->buf);
    in->lineno++;
    return 1;
}

void formats_input_narrow(formats_input *in)
{
    in->wide = 0;
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

/* Converts UTF-16 or UTF-32 text (without its mark) to UTF-8; an unpaired surrogate, a
 * value past U+10FFFF or a trailing odd byte becomes U+FFFD. The caller frees *out. */
static void utf_convert(const unsigned char *s, size_t n, const char *enc, char **out,
                        size_t *out_len)
{
    int unit = enc[4] == '3' ? 4 : 2;
    int big = enc[strlen(enc) - 2] == 'B';
    char *d = util_malloc(n / unit * 4 + 8);
    size_t o = 0, i = 0;
    while (i < n) {
        uint32_t cp = 0xFFFD;
        if (n - i < (size_t)unit) {
            i = n;
        } else if (unit == 4) {
            cp = big ? (uint32_t)s[i] << 24 | (uint32_t)s[i + 1] << 16 | (uint32_t)s[i + 2] << 8 |
                           s[i + 3]
                     : (uint32_t)s[i + 3] << 24 | (uint32_t)s[i + 2] << 16 |
                           (uint32_t)s[i + 1] << 8 | s[i];
            i += 4;
        } else {
            uint32_t u = big ? (uint32_t)s[i] << 8 | s[i + 1] : (uint32_t)s[i + 1] << 8 | s[i];
            i += 2;
            cp = u;
            if (u >= 0xD800 && u <= 0xDBFF && n - i >= 2) {
                uint32_t v = big ? (uint32_t)s[i] << 8 | s[i + 1] : (uint32_t)s[i + 1] << 8 | s[i];
                if (v >= 0xDC00 && v <= 0xDFFF) {
                    cp = 0x10000 + ((u - 0xD800) << 10) + (v - 0xDC00);
                    i += 2;
                }
            }
        }
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            cp = 0xFFFD;
        o += util_utf8_encode(cp, d + o);
    }
    d[o] = '\0';
    *out = d;
    *out_len = o;
}

/* A NUL byte in s[from, n): -1 with err set naming its line, 0 when there is none. */
static int nul_check(const char *path, const char *s, size_t from, size_t n, util_error *err)
{
    const char *z = memchr(s + from, '\0', n - from);
    if (z == NULL)
        return 0;
    long line = 1;
    for (const char *p = s; (p = memchr(p, '\n', (size_t)(z - p))) != NULL; p++)
        line++;
    return util_error_set(err, UTIL_EXIT_INPUT, path, line, "NUL byte in line");
}

int formats_slurp(const char *path, size_t max, char **data, size_t *len, const char **encoding,
                  util_error *err)
{
    int rc = -1;
    const char *enc = NULL;
    size_t bom = 0, scanned = 0;
    int checked = 0;
    formats_input *in = formats_input_open(path, err);
    if (in == NULL)
        goto out;
    in->bom_done = 1;
    for (;;) {
        if (in->end == in->cap) {
            /* max + 8: room for a byte-order mark and one byte over the limit */
            in->cap = in->cap * 2 < max + 8 ? in->cap * 2 : max + 8;
            in->buf = util_realloc(in->buf, in->cap + INPUT_PAD);
        }
        long got = input_fill(in, err);
        if (got < 0)
            goto out;
        if (!checked && (in->end >= 4 || got == 0)) {
            bom = bom_detect(in->buf, in->end, &enc);
            checked = 1;
            scanned = bom;
        }
        /* Text files have no NUL byte: refusing it as it arrives also stops a file of
         * zeros (a device, a gzip bomb) after its first chunk. UTF-16 and UTF-32 are
         * checked once converted. */
        if (checked && (enc == NULL || strcmp(enc, "UTF-8") == 0)) {
            if (nul_check(in->path, in->buf, scanned, in->end, err) != 0)
                goto out;
            scanned = in->end;
        }
        if (got == 0)
            break;
        if (in->end - bom > max) {
            util_error_set(err, UTIL_EXIT_INPUT, in->path, 0,
                           "larger than %zu MiB once decompressed; a file this large is not "
                           "supported", max >> 20);
            goto out;
        }
    }
    if (enc != NULL && strcmp(enc, "UTF-8") != 0) {
        utf_convert((const unsigned char *)in->buf + bom, in->end - bom, enc, data, len);
        if (nul_check(in->path, *data, 0, *len, err) != 0) {
            util_free(data);
            goto out;
        }
    } else {
        memmove(in->buf, in->buf + bom, in->end - bom);
        in->end -= bom;
        in->buf[in->end] = '\0';
        *data = in->buf;
        *len = in->end;
        in->buf = NULL;
        enc = NULL;
    }
    if (encoding != NULL)
        *encoding = enc;
    rc = 0;
out:
    formats_input_close(&in);
    return rc;
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

int formats_checksum(const char *path, char *out, util_error *err)
{
    /* Looked at before it is opened: opening a FIFO blocks until someone writes to it. */
    struct stat pre;
    if (stat(path, &pre) == 0 && !S_ISREG(pre.st_mode) && !S_ISDIR(pre.st_mode))
        return util_error_set(err, UTIL_EXIT_INPUT, input_name(path), 0,
                              "not a regular file (a pipe or device cannot be imported; save it "
                              "to a file first)");
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return util_error_set(err, UTIL_EXIT_INPUT, input_name(path), 0, "cannot open: %s",
                              strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        return util_error_set(err, UTIL_EXIT_INPUT, input_name(path), 0, "cannot open: %s",
                              strerror(e));
    }
    if (S_ISDIR(st.st_mode)) {
        close(fd);
        return util_error_set(err, UTIL_EXIT_INPUT, input_name(path), 0,
                              "is a directory, not a file");
    }
    /* The file is read twice (here, then by its reader): a pipe or a device cannot be. */
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return util_error_set(err, UTIL_EXIT_INPUT, input_name(path), 0,
                              "not a regular file (a pipe or device cannot be imported; save it "
                              "to a file first)");
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
