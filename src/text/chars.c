/* chars.c: characters classified, folded and measured with utf8proc, whatever the locale. */
/* SPDX-License-Identifier: MIT */
#include "text/text.h"

#include <utf8proc.h>

static int is_cjk(uint32_t c)
{
    return (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x3FFFF) ||
           (c >= 0x3040 && c <= 0x30FF && c != 0x30FB) || (c >= 0x31F0 && c <= 0x31FF) ||
           (c >= 0xFF66 && c <= 0xFF9F) || (c >= 0xAC00 && c <= 0xD7AF) ||
           (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F) || c == 0x3005;
}

text_class text_char_class(uint32_t c)
{
    if (c < 0x80) {
        if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
            return TEXT_WORD;
        return TEXT_SEP;
    }
    if (c > 0x10FFFF)
        return TEXT_SEP;
    if (is_cjk(c))
        return TEXT_CJK;
    switch (utf8proc_category((utf8proc_int32_t)c)) {
    case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_LO:
    case UTF8PROC_CATEGORY_MN: case UTF8PROC_CATEGORY_MC: case UTF8PROC_CATEGORY_ME:
    case UTF8PROC_CATEGORY_ND: case UTF8PROC_CATEGORY_NL: case UTF8PROC_CATEGORY_NO:
        return TEXT_WORD;
    default:
        return TEXT_SEP;
    }
}

int text_char_unspaced(uint32_t c)
{
    return (c >= 0x0E00 && c <= 0x0EFF) || (c >= 0x1000 && c <= 0x109F) ||
           (c >= 0x1780 && c <= 0x17FF) || (c >= 0x2E80 && c <= 0x9FFF) ||
           (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF) ||
           (c >= 0xFF66 && c <= 0xFF9F) || (c >= 0x20000 && c <= 0x3FFFF);
}

uint32_t text_fold(uint32_t c)
{
    if (c < 0x80)
        return c >= 'A' && c <= 'Z' ? c + 32 : c;
    if (c > 0x10FFFF)
        return c;
    utf8proc_int32_t out[4];
    int last = 0;
    utf8proc_ssize_t n = utf8proc_decompose_char((utf8proc_int32_t)c, out, 4,
                                                 UTF8PROC_CASEFOLD, &last);
    if (n == 1)
        return (uint32_t)out[0];
    return (uint32_t)utf8proc_tolower((utf8proc_int32_t)c);
}

int text_char_width(uint32_t c)
{
    if (c < 0x80)
        return 1;
    if (c > 0x10FFFF)
        return 1;
    return utf8proc_charwidth((utf8proc_int32_t)c);
}

int text_char_printable(uint32_t c)
{
    if (c < 0x20 || c == 0x7F)
        return 0;
    if (c < 0x7F)
        return 1;
    if (c > 0x10FFFF)
        return 0;
    switch (utf8proc_category((utf8proc_int32_t)c)) {
    case UTF8PROC_CATEGORY_CN: case UTF8PROC_CATEGORY_CC: case UTF8PROC_CATEGORY_CS:
        return 0;
    default:
        return 1;
    }
}
