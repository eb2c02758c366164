/* parse.c: strict parsing of decimal numbers, exactly as strtod but without its laxness. */
/* SPDX-License-Identifier: MIT */
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

int util_parse_double(const char *s, size_t len, double *out)
{
    if (util_parse_plain(s, len, out))
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
        v = exp10 < 0 ? v / util_pow10_exact[-exp10] : v * util_pow10_exact[exp10];
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
