/* memory.c: allocation that never returns NULL, growing arrays, and the string arena. */
/* SPDX-License-Identifier: MIT */
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

/* Blocks start small (most arenas hold a few names) and double up to 1 MiB. */
char *util_arena_copy(util_arena *a, const char *s, size_t n)
{
    util_arena_block *b = a->head;
    if (b == NULL || b->used + n + 1 > b->cap) {
        util_arena_block *next = b != NULL ? b->next : NULL;
        if (next != NULL && next->cap >= n + 1) {
            next->used = 0;
            b = next;
        } else {
            size_t cap = b != NULL ? b->cap * 2 : 4096;
            if (cap > (1u << 20))
                cap = 1u << 20;
            if (cap < n + 1)
                cap = n + 1;
            util_arena_block *nb = util_malloc(sizeof *nb + cap);
            nb->cap = cap;
            nb->used = 0;
            nb->next = next;
            if (b != NULL)
                b->next = nb;
            else
                a->first = nb;
            b = nb;
        }
        a->head = b;
    }
    char *d = b->data + b->used;
    memcpy(d, s, n);
    d[n] = '\0';
    b->used += n + 1;
    return d;
}

void util_arena_take(util_arena *a, util_arena *from)
{
    if (from->first == NULL)
        return;
    if (a->first == NULL) {
        *a = *from;
    } else {
        /* from's blocks go after a's last one; a goes on filling from's last block */
        util_arena_block *last = a->head;
        while (last->next != NULL)
            last = last->next;
        last->next = from->first;
        a->head = from->head;
    }
    from->first = from->head = NULL;
}

void util_arena_reset(util_arena *a)
{
    a->head = a->first;
    if (a->head != NULL)
        a->head->used = 0;
}

void util_arena_free(util_arena *a)
{
    util_arena_block *b = a->first;
    while (b != NULL) {
        util_arena_block *n = b->next;
        free(b);
        b = n;
    }
    a->head = a->first = NULL;
}
