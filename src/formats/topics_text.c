/* topics_text.c: the strings of the topic reader: a growable buffer, UTF-8 repair and cleaning. */
/* SPDX-License-Identifier: MIT */
#include "topics_private.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void topics_sb_bytes(strbuf *b, const char *s, size_t n)
{
    util_grow(&b->p, &b->cap, b->len + n + 1, 1);
    if (n > 0)
        memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

int topics_is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

int topics_is_alpha(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

int topics_is_blank(const char *s, const char *end)
{
    while (s < end && topics_is_space((unsigned char)*s))
        s++;
    return s == end;
}

void topics_trim(const char **s, size_t *n)
{
    const char *p = *s, *end = p + *n;
    while (p < end && topics_is_space((unsigned char)*p))
        p++;
    while (end > p && topics_is_space((unsigned char)end[-1]))
        end--;
    *s = p;
    *n = (size_t)(end - p);
}

/* Case-insensitive comparison of s[0, n) with the NUL-terminated word w. */
int topics_word_is(const char *s, size_t n, const char *w)
{
    return strlen(w) == n && strncasecmp(s, w, n) == 0;
}

/* Length of the valid UTF-8 sequence at s (1-4), with its code point in *cp; or 0 when it is
 * invalid, and then *skip is the length of its maximal invalid prefix, which Unicode's
 * recommended practice replaces with one U+FFFD. */
size_t topics_utf8_seq(const unsigned char *s, size_t n, uint32_t *cp, size_t *skip)
{
    size_t k = util_utf8_decode(s, n, cp);
    if (k == 0)
        *skip = util_utf8_invalid_len(s, n);
    return k;
}

int topics_is_control(uint32_t cp)
{
    return cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0);
}

#define REPLACEMENT "\xef\xbf\xbd"

/* Appends s[0, n) to b as a NUL-terminated string of clean text: invalid UTF-8 and control
 * characters become U+FFFD (a topic is shown on a terminal), runs of white space become
 * one space, none at either end. Returns its offset in b; *len gets its length. */
size_t topics_sb_clean(strbuf *b, const char *s, size_t n, size_t *len)
{
    size_t off = b->len;
    util_grow(&b->p, &b->cap, b->len + n * 3 + 1, 1);
    char *start = b->p + b->len, *d = start;
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    int space = 0;
    while (p < end) {
        if (topics_is_space(*p)) {
            space = 1;
            p++;
            continue;
        }
        if (space && d > start)
            *d++ = ' ';
        space = 0;
        uint32_t cp = 0;
        size_t skip = 1;
        size_t k = topics_utf8_seq(p, (size_t)(end - p), &cp, &skip);
        if (k == 0 || topics_is_control(cp)) {
            memcpy(d, REPLACEMENT, 3);
            d += 3;
            p += k != 0 ? k : skip;
        } else {
            memcpy(d, p, k);
            d += k;
            p += k;
        }
    }
    *d = '\0';
    *len = (size_t)(d - start);
    b->len += *len + 1;
    return off;
}

/* Copies s[0, n) to out with every invalid UTF-8 sequence replaced by U+FFFD; returns 0 (and
 * leaves out alone) when there is none. */
int topics_utf8_repair(const char *s, size_t n, strbuf *out)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n, *done = p;
    int repaired = 0;
    while (p < end) {
        if (*p < 0x80) {
            p++;
            continue;
        }
        uint32_t cp;
        size_t skip = 1;
        size_t k = topics_utf8_seq(p, (size_t)(end - p), &cp, &skip);
        if (k != 0) {
            p += k;
            continue;
        }
        topics_sb_bytes(out, (const char *)done, (size_t)(p - done));
        topics_sb_bytes(out, REPLACEMENT, 3);
        p += skip;
        done = p;
        repaired = 1;
    }
    if (repaired)
        topics_sb_bytes(out, (const char *)done, (size_t)(end - done));
    return repaired;
}

/* Copies s[0, n) to out with every '&' that cannot start a reference ("cold & flu", as the
 * CLEF eHealth 2016 queries write) escaped as "&amp;"; returns 0 (and leaves out alone) when
 * there is none. CDATA sections, comments and processing instructions are left as they are.
 * Columns in libxml2's messages shift by 4 after such an '&' on its line; lines do not. */
int topics_xml_fix_amp(const char *s, size_t n, strbuf *out)
{
    static const struct {
        const char *open, *close;
    } verbatim[] = { { "<![CDATA[", "]]>" }, { "<!--", "-->" }, { "<?", "?>" } };
    const char *p = s, *end = s + n, *done = s;
    int fixed = 0;
    while (p < end) {
        const char *q = p;
        while (q < end && *q != '&' && *q != '<')
            q++;
        if (q == end)
            break;
        p = q + 1;
        if (*q == '<') {
            for (size_t i = 0; i < sizeof verbatim / sizeof verbatim[0]; i++) {
                size_t k = strlen(verbatim[i].open);
                if ((size_t)(end - q) >= k && memcmp(q, verbatim[i].open, k) == 0) {
                    const char *c = memmem(q + k, (size_t)(end - q) - k, verbatim[i].close,
                                           strlen(verbatim[i].close));
                    p = c != NULL ? c + strlen(verbatim[i].close) : end;
                    break;
                }
            }
            continue;
        }
        /* A reference: &name; &#digits; &#xhex; (names may hold any non-ASCII byte). */
        const char *r = p;
        if (r < end && *r == '#') {
            r++;
            int hex = r < end && *r == 'x';
            r += hex;
            const char *digits = r;
            while (r < end && ((*r >= '0' && *r <= '9') ||
                               (hex && ((*r >= 'a' && *r <= 'f') || (*r >= 'A' && *r <= 'F')))))
                r++;
            if (r == digits)
                r = p;
        } else if (r < end && (topics_is_alpha((unsigned char)*r) || *r == '_' || *r == ':' ||
                               (unsigned char)*r >= 0x80)) {
            while (r < end && (topics_is_alpha((unsigned char)*r) || (*r >= '0' && *r <= '9') ||
                               *r == '_' || *r == ':' || *r == '.' || *r == '-' ||
                               (unsigned char)*r >= 0x80))
                r++;
        }
        if (r > p && r < end && *r == ';')
            continue;
        topics_sb_bytes(out, done, (size_t)(p - done));
        topics_sb_bytes(out, "amp;", 4);
        done = p;
        fixed = 1;
    }
    if (fixed)
        topics_sb_bytes(out, done, (size_t)(end - done));
    return fixed;
}
