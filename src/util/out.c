/* out.c: the buffered output writer (text, fixed-point numbers, JSON strings). */
/* SPDX-License-Identifier: MIT */
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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
