/* gen_pool_data.c: deterministic synthetic runs for the pooling benchmark (bench/pool.sh). */
/* SPDX-License-Identifier: MIT */

/*
 * Usage: gen_pool_data OUTDIR [RUNS [TOPICS [DOCS [SEED]]]]
 *
 * Writes OUTDIR/run.000 ... (RUNS files, default 200), each with TOPICS topics (default
 * 50) of DOCS documents (default 1000), tab-separated "qid Q0 docno rank score tag" like
 * TREC's own files. The same arguments give byte-identical files: the generator uses its
 * own PRNG (splitmix64) and integer arithmetic for everything random.
 *
 * Model, per topic: 4000 candidate documents with a latent quality; a run draws its
 * documents from them, better ones more often, so runs overlap most at the top and
 * least deep down (like real runs: a depth-100 pool of 200 runs holds a few thousand
 * documents per topic). Scores fall with rank; about 2 % of adjacent pairs share a score,
 * written in arbitrary docno order, and about 1 run in 20 lists its topics' lines in
 * reverse rank order, so a pooler that trusts the file's order gets it wrong.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CANDIDATES 4000
#define COLLECTION 10000000u

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

typedef struct cand {
    uint32_t docno;
    uint32_t key;      /* this run's noisy score of the candidate */
} cand;

static int cand_cmp(const void *a, const void *b)
{
    const cand *x = a, *y = b;
    if (x->key != y->key)
        return x->key > y->key ? -1 : 1;
    return x->docno < y->docno ? -1 : x->docno > y->docno;
}

static long arg(int argc, char **argv, int i, long def)
{
    if (argc <= i)
        return def;
    char *end;
    long v = strtol(argv[i], &end, 10);
    if (*end != '\0' || v <= 0) {
        fprintf(stderr, "gen_pool_data: bad argument '%s'\n", argv[i]);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: gen_pool_data OUTDIR [RUNS [TOPICS [DOCS [SEED]]]]\n");
        return 2;
    }
    long runs = arg(argc, argv, 2, 200), topics = arg(argc, argv, 3, 50);
    long docs = arg(argc, argv, 4, 1000), seed = arg(argc, argv, 5, 20240601);
    if (docs > CANDIDATES)
        docs = CANDIDATES;
    uint32_t (*docnos)[CANDIDATES] = malloc(sizeof *docnos * (size_t)topics);
    uint32_t (*quality)[CANDIDATES] = malloc(sizeof *quality * (size_t)topics);
    cand *c = malloc(sizeof *c * CANDIDATES);
    char *buf = malloc(1 << 20);
    if (docnos == NULL || quality == NULL || c == NULL || buf == NULL) {
        fprintf(stderr, "gen_pool_data: out of memory\n");
        return 4;
    }
    uint64_t s = (uint64_t)seed;
    for (long t = 0; t < topics; t++) {
        /* distinct within a topic: 4435761 is prime to the collection size */
        uint64_t offset = splitmix(&s) % COLLECTION;
        for (int i = 0; i < CANDIDATES; i++) {
            docnos[t][i] = (uint32_t)((offset + (uint64_t)i * 4435761u) % COLLECTION);
            quality[t][i] = (uint32_t)(splitmix(&s) % 1000000);
        }
    }
    for (long r = 0; r < runs; r++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/run.%03ld", argv[1], r);
        FILE *fp = fopen(path, "w");
        if (fp == NULL) {
            perror(path);
            return 4;
        }
        setvbuf(fp, buf, _IOFBF, 1 << 20);
        uint64_t rs = (uint64_t)seed * 1000003u + (uint64_t)r;
        int reversed = splitmix(&rs) % 20 == 0;
        for (long t = 0; t < topics; t++) {
            for (int i = 0; i < CANDIDATES; i++) {
                c[i].docno = docnos[t][i];
                /* quality plus noise: runs agree on the best candidates, less below */
                c[i].key = quality[t][i] + (uint32_t)(splitmix(&rs) % 1500000);
            }
            qsort(c, CANDIDATES, sizeof *c, cand_cmp);
            long score = 1000000;
            long lines[CANDIDATES];
            for (long i = 0; i < docs; i++) {
                if (i > 0 && splitmix(&rs) % 50 != 0)
                    score -= 1 + (long)(splitmix(&rs) % 900);
                lines[i] = score;
            }
            /* tied scores are written in arbitrary docno order: shuffle within a tie */
            for (long i = 1; i < docs; i++)
                if (lines[i] == lines[i - 1] && splitmix(&rs) % 2) {
                    cand x = c[i];
                    c[i] = c[i - 1];
                    c[i - 1] = x;
                }
            for (long k = 0; k < docs; k++) {
                long i = reversed ? docs - 1 - k : k;
                fprintf(fp, "%ld\tQ0\tDOC-%010u\t%ld\t%ld.%04ld\tpoolrun%03ld\n", t + 1, c[i].docno,
                        i + 1, lines[i] / 10000, lines[i] % 10000, r);
            }
        }
        if (fclose(fp) != 0) {
            perror(path);
            return 4;
        }
    }
    free(docnos);
    free(quality);
    free(c);
    free(buf);
    return 0;
}
