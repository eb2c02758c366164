/* name.c: the one rule for names (topic ids, docnos, assessors, tags), and enum value names. */
/* SPDX-License-Identifier: MIT */
#include "util.h"

#include <string.h>

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

int util_enum_parse(const util_enum_name *names, const char *s, int *out)
{
    for (const util_enum_name *e = names; e->name != NULL; e++)
        if (strcmp(e->name, s) == 0) {
            *out = e->value;
            return 0;
        }
    return -1;
}

const char *util_enum_name_of(const util_enum_name *names, int v)
{
    for (const util_enum_name *e = names; e->name != NULL; e++)
        if (e->value == v)
            return e->name;
    return "?";
}

int util_natural_cmp(const char *x, const char *y)
{
    while (*x != '\0' && *y != '\0') {
        if (*x >= '0' && *x <= '9' && *y >= '0' && *y <= '9') {
            while (*x == '0' && x[1] >= '0' && x[1] <= '9')
                x++;
            while (*y == '0' && y[1] >= '0' && y[1] <= '9')
                y++;
            size_t nx = strspn(x, "0123456789"), ny = strspn(y, "0123456789");
            if (nx != ny)
                return nx < ny ? -1 : 1;
            int c = strncmp(x, y, nx);
            if (c != 0)
                return c;
            x += nx;
            y += ny;
            continue;
        }
        if (*x != *y)
            return (unsigned char)*x < (unsigned char)*y ? -1 : 1;
        x++;
        y++;
    }
    return *x == *y ? 0 : *x == '\0' ? -1 : 1;
}
