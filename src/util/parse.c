/* parse.c: strict parsing of decimal numbers, exactly as strtod but without its laxness. */
/* SPDX-License-Identifier: MIT */
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const double pow10_exact[] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

static const uint64_t pow10_u64[] = { 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
                                      100000000 };

/* The value of the last k (1 to 8) of the 8 bytes in w (loaded little-endian from memory)
 * when they are ASCII digits; returns 0 when one of them is not. */
static inline int digits8(uint64_t w, unsigned k, uint32_t *value)
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

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* The common form of a score, [-]digits[.digits] with at most 19 digits in all and at
 * most 22 after the point, whose digits make at most 2^53: the digits and the power of ten
 * are then exact doubles, and one correctly rounded division gives strtod's value (the
 * general path below computes the same quotient). Returns 0 when s has another form. */
static int parse_plain(const char *s, size_t len, double *out)
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
            if (digits8(w, (unsigned)rest, &f)) {
                mant = mant * pow10_u64[rest] + f;
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
        v /= pow10_exact[frac];
    *out = neg ? -v : v;
    return 1;
}

int util_parse_double(const char *s, size_t len, double *out)
{
    if (parse_plain(s, len, out))
        return 0;
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
