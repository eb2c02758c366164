/* util.c: error reporting, checked allocation, hashing, strict number parsing, buffered output. */
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg + off, sizeof err->msg - off, fmt, ap);
    va_end(ap);
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

void *util_malloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (p == NULL)
        util_die("out of memory (%zu bytes)", n);
    return p;
}

void *util_calloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (p == NULL)
        util_die("out of memory (%zu x %zu bytes)", n, size);
    return p;
}

void *util_realloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (q == NULL)
        util_die("out of memory (%zu bytes)", n);
    return q;
}

void util_grow(void *pp, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return;
    size_t c = *cap ? *cap : 16;
    while (c < need) {
        if (c > SIZE_MAX / 2 / elem)
            util_die("out of memory (array of %zu items)", need);
        c *= 2;
    }
    void **p = pp;
    *p = util_realloc(*p, c * elem);
    *cap = c;
}

char *util_strndup(const char *s, size_t n)
{
    char *d = util_malloc(n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *util_strdup(const char *s)
{
    return util_strndup(s, strlen(s));
}

void util_free(void *pp)
{
    void **p = pp;
    free(*p);
    *p = NULL;
}

static inline uint64_t hash_mix(uint64_t a, uint64_t b)
{
    __uint128_t r = (__uint128_t)a * b;
    return (uint64_t)r ^ (uint64_t)(r >> 64);
}

uint64_t util_hash(const void *data, size_t len)
{
    const unsigned char *p = data;
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (len * 0xa0761d6478bd642fULL);
    while (len >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = hash_mix(h ^ w, 0xe7037ed1a0b428dbULL);
        p += 8;
        len -= 8;
    }
    uint64_t w = 0;
    for (size_t i = 0; i < len; i++)
        w |= (uint64_t)p[i] << (8 * i);
    h = hash_mix(h ^ w ^ 0x8ebc6af09c88c6e3ULL, 0x589965cc75374cc3ULL);
    return hash_mix(h, 0x1d8e4e27c47d124fULL);
}

static const double pow10_exact[] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

int util_parse_double(const char *s, size_t len, double *out)
{
    size_t i = 0;
    int neg = 0;
    if (len == 0)
        return -1;
    if (s[0] == '+' || s[0] == '-') {
        neg = s[0] == '-';
        i++;
    }
    uint64_t mant = 0;
    int ndig = 0;          /* significant digits kept in mant */
    int exp10 = 0;
    int any = 0, exact = 1;
    while (i < len && is_digit(s[i])) {
        any = 1;
        if (mant == 0 && s[i] == '0') {
            i++;
            continue;
        }
        if (ndig < 19) {
            mant = mant * 10 + (uint64_t)(s[i] - '0');
            ndig++;
        } else {
            exact = 0;
            exp10++;
        }
        i++;
    }
    if (i < len && s[i] == '.') {
        i++;
        while (i < len && is_digit(s[i])) {
            any = 1;
            if (mant == 0 && s[i] == '0') {
                exp10--;
            } else if (ndig < 19) {
                mant = mant * 10 + (uint64_t)(s[i] - '0');
                ndig++;
                exp10--;
            } else {
                exact = 0;
            }
            i++;
        }
    }
    if (!any)
        return -1;
    if (i < len && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        int eneg = 0;
        long e = 0;
        if (i < len && (s[i] == '+' || s[i] == '-')) {
            eneg = s[i] == '-';
            i++;
        }
        if (i >= len || !is_digit(s[i]))
            return -1;
        while (i < len && is_digit(s[i])) {
            if (e < 100000)
                e = e * 10 + (s[i] - '0');
            i++;
        }
        exp10 += (int)(eneg ? -e : e);
    }
    if (i != len)
        return -1;
    if (mant == 0) {
        *out = neg ? -0.0 : 0.0;
        return 0;
    }
    if (exact && mant <= (1ULL << 53) && exp10 >= -22 && exp10 <= 22) {
        double v = (double)mant;
        v = exp10 < 0 ? v / pow10_exact[-exp10] : v * pow10_exact[exp10];
        *out = neg ? -v : v;
        return 0;
    }
    /* Slow path: let the C library round it. */
    char tmp[128];
    char *heap = NULL, *buf = tmp;
    if (len >= sizeof tmp)
        buf = heap = util_malloc(len + 1);
    memcpy(buf, s, len);
    buf[len] = '\0';
    char *end;
    errno = 0;
    double v = strtod(buf, &end);
    int ok = end == buf + len && isfinite(v);
    free(heap);
    if (!ok)
        return -1;
    *out = v;
    return 0;
}

int util_parse_long(const char *s, size_t len, long *out)
{
    size_t i = 0;
    int neg = 0;
    if (len == 0)
        return -1;
    if (s[0] == '+' || s[0] == '-') {
        neg = s[0] == '-';
        i++;
    }
    if (i == len)
        return -1;
    long v = 0;
    for (; i < len; i++) {
        if (!is_digit(s[i]))
            return -1;
        if (v > (LONG_MAX - 9) / 10)
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    *out = neg ? -v : v;
    return 0;
}

void util_out_init(util_out *o, FILE *fp)
{
    o->fp = fp;
    o->cap = 1 << 16;
    o->len = 0;
    o->buf = util_malloc(o->cap);
}

static void out_reserve(util_out *o, size_t n)
{
    if (o->len + n <= o->cap)
        return;
    if (o->fp != NULL) {
        util_out_flush(o);
        if (n <= o->cap)
            return;
    }
    util_grow(&o->buf, &o->cap, o->len + n, 1);
}

void util_out_bytes(util_out *o, const char *s, size_t n)
{
    out_reserve(o, n);
    memcpy(o->buf + o->len, s, n);
    o->len += n;
}

void util_out_str(util_out *o, const char *s)
{
    util_out_bytes(o, s, strlen(s));
}

void util_out_char(util_out *o, char c)
{
    out_reserve(o, 1);
    o->buf[o->len++] = c;
}

void util_out_printf(util_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    out_reserve(o, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(o->buf + o->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    o->len += (size_t)n;
}

void util_out_padded(util_out *o, const char *s, int w)
{
    size_t n = strlen(s);
    util_out_bytes(o, s, n);
    for (; (int)n < w; n++)
        util_out_char(o, ' ');
}

void util_out_long(util_out *o, long v)
{
    char tmp[24];
    int i = (int)sizeof tmp;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do {
        tmp[--i] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        tmp[--i] = '-';
    util_out_bytes(o, tmp + i, sizeof tmp - (size_t)i);
}

void util_out_fixed4(util_out *o, double v)
{
    double a = fabs(v);
    if (!(a < 1e5)) {
        util_out_printf(o, "%6.4f", v);
        return;
    }
    double x = a * 10000.0;
    double f = floor(x);
    double frac = x - f;
    if (fabs(frac - 0.5) < 1e-6) {
        /* Too close to a rounding boundary for the fast path: ask printf. */
        util_out_printf(o, "%6.4f", v);
        return;
    }
    unsigned long n = (unsigned long)f + (frac > 0.5 ? 1UL : 0UL);
    char tmp[32];
    int i = (int)sizeof tmp;
    unsigned long fr = n % 10000, ip = n / 10000;
    for (int k = 0; k < 4; k++) {
        tmp[--i] = (char)('0' + fr % 10);
        fr /= 10;
    }
    tmp[--i] = '.';
    do {
        tmp[--i] = (char)('0' + ip % 10);
        ip /= 10;
    } while (ip);
    if (signbit(v))
        tmp[--i] = '-';
    util_out_bytes(o, tmp + i, sizeof tmp - (size_t)i);
}

int util_out_flush(util_out *o)
{
    int rc = 0;
    if (o->fp != NULL && o->len > 0) {
        if (fwrite(o->buf, 1, o->len, o->fp) != o->len)
            rc = -1;
        o->len = 0;
    }
    return rc;
}

void util_out_free(util_out *o)
{
    util_out_flush(o);
    util_free(&o->buf);
    o->cap = o->len = 0;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void util_progress_start(util_progress *p, const char *label, uint64_t total)
{
    memset(p, 0, sizeof *p);
    snprintf(p->label, sizeof p->label, "%s", label);
    p->total = total;
    p->enabled = isatty(2) && getenv("TERM") != NULL && strcmp(getenv("TERM"), "dumb") != 0;
}

void util_progress_update(util_progress *p, uint64_t done)
{
    if (!p->enabled)
        return;
    double t = now_seconds();
    if (p->drawn && t - p->last < 0.1)
        return;
    p->last = t;
    p->drawn = 1;
    if (p->total > 0) {
        int width = 30;
        double frac = done >= p->total ? 1.0 : (double)done / (double)p->total;
        int fill = (int)(frac * width);
        char bar[64];
        for (int i = 0; i < width; i++)
            bar[i] = i < fill ? '#' : '.';
        bar[width] = '\0';
        fprintf(stderr, "\r%.40s [%s] %3d%%", p->label, bar, (int)(frac * 100.0));
    } else {
        fprintf(stderr, "\r%.40s %llu", p->label, (unsigned long long)done);
    }
    fflush(stderr);
}

void util_progress_end(util_progress *p)
{
    if (p->enabled && p->drawn)
        fprintf(stderr, "\r\033[K");
    p->drawn = 0;
}

size_t util_utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
    unsigned c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    size_t need;
    uint32_t v, min;
    if (c >= 0xC2 && c <= 0xDF) {
        need = 2;
        v = c & 0x1F;
        min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 3;
        v = c & 0x0F;
        min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 4;
        v = c & 0x07;
        min = 0x10000;
    } else {
        return 0;
    }
    if (n < need)
        return 0;
    for (size_t i = 1; i < need; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = (v << 6) | (s[i] & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return need;
}

size_t util_utf8_encode(uint32_t cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

void util_out_json(util_out *o, const char *s)
{
    util_out_char(o, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            util_out_char(o, '\\');
            util_out_char(o, (char)*p);
        } else if (*p < 0x20) {
            util_out_printf(o, "\\u%04x", *p);
        } else {
            util_out_char(o, (char)*p);
        }
    }
    util_out_char(o, '"');
}

const char *util_name_problem(const char *s, size_t n)
{
    if (n == 0)
        return "is empty";
    if (n > UTIL_NAME_MAX)
        return "is longer than 1024 bytes";
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        unsigned c = u[i];
        if (c < 0x80) {
            if (c > 0x20 && c < 0x7F) {
                i++;
                continue;
            }
            return c == ' ' ? "contains white space"
                            : "contains a control character or invalid UTF-8";
        }
        uint32_t cp;
        size_t k = util_utf8_decode(u + i, n - i, &cp);
        if (k == 0 || cp <= 0x9F)
            return "contains a control character or invalid UTF-8";
        i += k;
    }
    return NULL;
}
