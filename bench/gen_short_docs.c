/* gen_short_docs.c: a deterministic collection of short documents and queries for search.sh. */
/* SPDX-License-Identifier: MIT */

/*
 * Usage: gen_short_docs OUTDIR [DOCUMENTS] [SEED]
 *
 * Writes OUTDIR/docs.tsv, DOCUMENTS lines (default 1,000,000) "S0000001<TAB>text", and
 * OUTDIR/queries.tsv, 1,000 lines "qN<TAB>text". A document has 8 to 24 words drawn from
 * a vocabulary of 100,000 made-up words with Zipf-distributed frequencies (exponent 1),
 * so a few words are in most documents and most words in few, as in text. A query has 2
 * to 4 words drawn the same way. The same seed gives the same bytes (splitmix64, and
 * integer arithmetic except for the Zipf table, computed once in double precision).
 */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VOCAB 100000
#define QUERIES 1000

static uint64_t rng_state;

static uint64_t rng(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint32_t cumulative[VOCAB];   /* Zipf's cumulative distribution, scaled to 2^32 - 1 */

static void zipf_init(void)
{
    double total = 0, run = 0;
    for (int r = 1; r <= VOCAB; r++)
        total += 1.0 / r;
    for (int r = 1; r <= VOCAB; r++) {
        run += 1.0 / r;
        cumulative[r - 1] = (uint32_t)(run / total * 4294967295.0);
    }
    cumulative[VOCAB - 1] = UINT32_MAX;
}

static int zipf_word(void)
{
    uint32_t u = (uint32_t)(rng() >> 32);
    int lo = 0, hi = VOCAB - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (cumulative[mid] >= u)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* The word of a rank: consonant-vowel syllables spelling the rank in base 95. */
static int word(int rank, char *out)
{
    static const char cons[] = "bcdfghjklmnprstvwxyz";
    static const char vow[] = "aeiou";
    int n = 0, r = rank + 1;
    do {
        int syl = r % 95;
        out[n++] = cons[syl / 5];
        out[n++] = vow[syl % 5];
        r /= 95;
    } while (r > 0);
    out[n++] = cons[rank % 19];
    return n;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: gen_short_docs OUTDIR [DOCUMENTS] [SEED]\n");
        return 1;
    }
    long ndocs = argc > 2 ? strtol(argv[2], NULL, 10) : 1000000;
    rng_state = argc > 3 ? strtoull(argv[3], NULL, 10) : 20240601u;
    if (ndocs < 1) {
        fprintf(stderr, "gen_short_docs: DOCUMENTS must be positive\n");
        return 1;
    }
    zipf_init();
    char path[4096], w[32];
    snprintf(path, sizeof path, "%s/docs.tsv", argv[1]);
    FILE *fp = fopen(path, "w");
    if (fp == NULL) {
        perror(path);
        return 1;
    }
    for (long d = 1; d <= ndocs; d++) {
        fprintf(fp, "S%07ld\t", d);
        int words = 8 + (int)(rng() % 17);
        for (int i = 0; i < words; i++) {
            int n = word(zipf_word(), w);
            if (i > 0)
                fputc(' ', fp);
            fwrite(w, 1, (size_t)n, fp);
        }
        fputc('\n', fp);
    }
    if (fclose(fp) != 0) {
        perror(path);
        return 1;
    }
    snprintf(path, sizeof path, "%s/queries.tsv", argv[1]);
    fp = fopen(path, "w");
    if (fp == NULL) {
        perror(path);
        return 1;
    }
    for (int q = 1; q <= QUERIES; q++) {
        fprintf(fp, "q%d\t", q);
        int words = 2 + (int)(rng() % 3);
        for (int i = 0; i < words; i++) {
            int n = word(zipf_word(), w);
            if (i > 0)
                fputc(' ', fp);
            fwrite(w, 1, (size_t)n, fp);
        }
        fputc('\n', fp);
    }
    return fclose(fp) != 0;
}
