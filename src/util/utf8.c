/* utf8.c: what the readers need besides util_utf8_decode: the length of an ill-formed UTF-8 sequence, to replace it as Unicode recommends. */
#include "util/util.h"

size_t util_utf8_invalid_len(const unsigned char *s, size_t n)
{
    if (n == 0 || s[0] < 0x80)
        return 0;
    unsigned c = s[0];
    unsigned lo = 0x80, hi = 0xBF;
    size_t need;
    if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        if (c == 0xE0)
            lo = 0xA0;    /* overlong */
        if (c == 0xED)
            hi = 0x9F;    /* surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        if (c == 0xF0)
            lo = 0x90;    /* overlong */
        if (c == 0xF4)
            hi = 0x8F;    /* beyond U+10FFFF */
    } else {
        return 1;
    }
    for (size_t i = 1; i <= need; i++) {
        if (i >= n || s[i] < lo || s[i] > hi)
            return i;
        lo = 0x80;
        hi = 0xBF;
    }
    return 0;   /* well-formed */
}
