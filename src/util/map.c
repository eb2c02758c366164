/* map.c: the string map (open addressing, keys in an arena or borrowed) every module uses. */
/* SPDX-License-Identifier: MIT */
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define TAG(h) ((h) >> 32 << 32)

long util_map_find_hash(const util_map *m, const char *s, size_t len, uint64_t hash)
{
    if (m->n == 0)
        return -1;
    uint64_t tag = TAG(hash);
    for (size_t i = (size_t)hash & m->mask;; i = (i + 1) & m->mask) {
        uint64_t v = m->slots[i];
        if (v == 0)
            return -1;
        if (TAG(v) == tag) {
            const util_map_key *k = &m->keys[(uint32_t)v - 1];
            if (k->hash == hash && k->len == len && memcmp(k->s, s, len) == 0)
                return (long)(uint32_t)v - 1;
        }
    }
}

long util_map_find(const util_map *m, const char *s, size_t len)
{
    return util_map_find_hash(m, s, len, util_hash(s, len));
}

static void map_place(uint64_t *slots, size_t mask, uint64_t hash, size_t idx)
{
    size_t i = (size_t)hash & mask;
    while (slots[i] != 0)
        i = (i + 1) & mask;
    slots[i] = TAG(hash) | ((uint64_t)idx + 1);
}

/* Keeps the table under half full after one more key. */
static void map_reserve(util_map *m)
{
    size_t nslots = m->slots != NULL ? m->mask + 1 : 0;
    if ((m->n + 1) * 2 <= nslots)
        return;
    size_t cap = nslots != 0 ? nslots * 2 : 16;
    if (cap / 2 > UINT32_MAX)
        util_die("a string map of more than 2^32 keys");
    free(m->slots);
    m->slots = util_calloc(cap, sizeof *m->slots);
    m->mask = cap - 1;
    for (size_t k = 0; k < m->n; k++)
        map_place(m->slots, m->mask, m->keys[k].hash, k);
}

static size_t map_insert(util_map *m, const char *s, size_t len, uint64_t hash, int copy,
                         int *added)
{
    long found = util_map_find_hash(m, s, len, hash);
    if (added != NULL)
        *added = found < 0;
    if (found >= 0)
        return (size_t)found;
    map_reserve(m);
    util_grow(&m->keys, &m->cap, m->n + 1, sizeof *m->keys);
    util_map_key *k = &m->keys[m->n];
    k->s = copy ? util_arena_copy(&m->arena, s, len) : s;
    k->len = len;
    k->hash = hash;
    map_place(m->slots, m->mask, hash, m->n);
    return m->n++;
}

size_t util_map_add(util_map *m, const char *s, size_t len, int *added)
{
    return map_insert(m, s, len, util_hash(s, len), 1, added);
}

size_t util_map_add_ref(util_map *m, const char *s, size_t len, uint64_t hash, int *added)
{
    return map_insert(m, s, len, hash, 0, added);
}

void util_map_clear(util_map *m)
{
    if (m->slots != NULL)
        memset(m->slots, 0, (m->mask + 1) * sizeof *m->slots);
    m->n = 0;
    util_arena_reset(&m->arena);
}

void util_map_free(util_map *m)
{
    free(m->slots);
    free(m->keys);
    util_arena_free(&m->arena);
    memset(m, 0, sizeof *m);
}
