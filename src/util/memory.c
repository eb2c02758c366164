/* memory.c: allocation that never returns NULL, and growing arrays. */
#include "util.h"

#include <stdlib.h>
#include <string.h>

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
