/* hash.c: the 64-bit string hash every hash table of the program uses. */
/* SPDX-License-Identifier: MIT */
#include "util.h"

#include <string.h>

static inline uint64_t hash_mix(uint64_t a, uint64_t b)
{
    __uint128_t r = (__uint128_t)a * b;
    return (uint64_t)r ^ (uint64_t)(r >> 64);
}

uint64_t util_hash(const void *data, size_t len)
{
    const unsigned char *p = data;
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (len * 0xa0761d6478bd642fULL);
    while (len >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = hash_mix(h ^ w, 0xe7037ed1a0b428dbULL);
        p += 8;
        len -= 8;
    }
    uint64_t w = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (len > 0 && (const unsigned char *)data + 8 <= p) {
        /* The last bytes, loaded with the 8 before them and shifted down: the same word as
         * the loop below builds, without a byte at a time. */
        memcpy(&w, p + len - 8, 8);
        w >>= 8 * (8 - len);
        len = 0;
    }
#endif
    for (size_t i = 0; i < len; i++)
        w |= (uint64_t)p[i] << (8 * i);
    h = hash_mix(h ^ w ^ 0x8ebc6af09c88c6e3ULL, 0x589965cc75374cc3ULL);
    return hash_mix(h, 0x1d8e4e27c47d124fULL);
}
