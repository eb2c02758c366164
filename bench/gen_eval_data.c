/* gen_eval_data.c: deterministic synthetic qrels and runs for the eval benchmark (eval.sh). */
/* SPDX-License-Identifier: MIT */

/*
 * Usage: gen_eval_data OUTDIR PRESET [SEED]
 *
 *   PRESET a: OUTDIR/a.qrels and OUTDIR/a.run (one run, 5000 topics x 1000 docs)
 *   PRESET b: OUTDIR/b.qrels and OUTDIR/b.run.00 .. b.run.49 (50 runs, 50 topics x 1000 docs)
 *
 * The same seed gives byte-identical files on every platform: the generator
 * uses its own PRNG (splitmix64), integer arithmetic for everything random,
 * and total orders for every sort.
 *
 * Model, per topic:
 *   - 150..250 judged docs (mean 200), grades 0/1/2 with probability 70/20/10 %;
 *   - a pool of 2000 unjudged candidate docs shared by all runs of the topic,
 *     so the runs of preset b retrieve overlapping documents;
 *   - each run retrieves a judged doc with probability 45/65/80 % (grade 0/1/2),
 *     about 105 of its 1000 docs, and fills up with the pool docs it scores
 *     highest; judged docs, and more so relevant ones, tend to rank higher;
 *   - scores fall with rank, the gaps shrinking down the list; about 2 % of
 *     adjacent pairs share exactly the same score, in arbitrary docno order,
 *     which exercises the tie-breaking of the evaluator.
 * Docnos (DOC-0001234567) come from a collection of 10 million documents, so
 * documents recur across topics. Each docno is unique within a topic of a
 * run and of the qrels. Topics are numbered 1..N and written in that order;
 * qrels lines of a topic are sorted by docno, run lines by rank.
 * Runs are tab-separated (qid Q0 docno rank score tag), qrels
 * space-separated (qid 0 docno grade), like TREC's own files.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COLLECTION_SIZE 10000000u
#define DOCS_PER_RUN_TOPIC 1000
#define POOL_SIZE 2000
#define JUDGED_MIN 150
#define JUDGED_SPAN 101 /* judged docs per topic: JUDGED_MIN .. JUDGED_MIN + JUDGED_SPAN - 1 */
#define JUDGED_MAX (JUDGED_MIN + JUDGED_SPAN - 1)
#define SET_SLOTS 8192 /* power of two, at least twice JUDGED_MAX + POOL_SIZE */
#define DEFAULT_SEED 20240601u
#define MAX_RUNS 50

/* Latent relevance scores: noise() has mean 0 and sd about 37800. */
#define JUDGED_OFFSET 19000 /* judged docs came from the top of pooled runs */
#define GRADE_STEP 30000
#define TIE_PERMILLE 20 /* adjacent pairs with exactly equal scores */

struct preset {
    char name;
    int topics;
    int runs;
};

static const struct preset presets[] = {
    {'a', 5000, 1},
    {'b', 50, 50},
};

/* ---- PRNG: splitmix64 ---- */

typedef struct {
    uint64_t s;
} rng_t;

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t rng_next(rng_t *r)
{
    r->s += 0x9e3779b97f4a7c15ULL;
    return mix64(r->s);
}

/* Uniform in [0, n), n < 2^32. */
static uint32_t rng_below(rng_t *r, uint32_t n)
{
    return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Roughly normal (sum of four 16-bit uniforms), mean 0, sd about 37800. */
static int32_t rng_noise(rng_t *r)
{
    uint64_t x = rng_next(r);
    int32_t sum = (int32_t)(x & 0xffff) + (int32_t)((x >> 16) & 0xffff) +
                  (int32_t)((x >> 32) & 0xffff) + (int32_t)(x >> 48);
    return sum - 131070;
}

/* An independent stream for (seed, preset, purpose, topic). */
static rng_t rng_stream(uint64_t seed, uint64_t preset, uint64_t purpose, uint64_t topic)
{
    rng_t r;
    r.s = mix64(mix64(mix64(mix64(seed) ^ preset) + purpose) ^ (topic * 0x9e3779b97f4a7c15ULL));
    return r;
}

/* ---- per-topic set of docids (stamped, so it is cleared in O(1)) ---- */

static uint32_t set_id[SET_SLOTS];
static uint32_t set_stamp[SET_SLOTS];
static uint32_t cur_stamp;

static void set_clear(void)
{
    cur_stamp++;
}

/* Returns 1 if id was added, 0 if it was already present. */
static int set_add(uint32_t id)
{
    uint32_t h = (uint32_t)mix64(id) & (SET_SLOTS - 1);
    while (set_stamp[h] == cur_stamp) {
        if (set_id[h] == id)
            return 0;
        h = (h + 1) & (SET_SLOTS - 1);
    }
    set_stamp[h] = cur_stamp;
    set_id[h] = id;
    return 1;
}

static uint32_t draw_new_doc(rng_t *r)
{
    uint32_t id;
    do
        id = rng_below(r, COLLECTION_SIZE);
    while (!set_add(id));
    return id;
}

/* ---- documents and their orders ---- */

struct doc {
    uint32_t id;
    int32_t key;  /* latent relevance: the run ranks by it */
    int32_t base; /* pool docs: the topic's share of the key, common to all runs */
    int grade;    /* -1 when unjudged */
};

static int by_id(const void *pa, const void *pb)
{
    const struct doc *a = pa, *b = pb;
    return (a->id > b->id) - (a->id < b->id);
}

/* Key descending, then docid ascending: a total order, as ids are unique. */
static int by_key_desc(const void *pa, const void *pb)
{
    const struct doc *a = pa, *b = pb;
    if (a->key != b->key)
        return a->key < b->key ? 1 : -1;
    return (a->id > b->id) - (a->id < b->id);
}

/* ---- output ---- */

struct out {
    FILE *f;
    char *path;
    char *tmp;
};

static char *path_join(const char *dir, const char *name, const char *suffix)
{
    size_t n = strlen(dir) + strlen(name) + strlen(suffix) + 2;
    char *p = malloc(n);
    if (!p) {
        fputs("gen_eval_data: out of memory\n", stderr);
        exit(1);
    }
    sprintf(p, "%s/%s%s", dir, name, suffix);
    return p;
}

static int out_open(struct out *o, const char *dir, const char *name)
{
    o->path = path_join(dir, name, "");
    o->tmp = path_join(dir, name, ".tmp");
    o->f = fopen(o->tmp, "wb");
    if (!o->f) {
        perror(o->tmp);
        return -1;
    }
    setvbuf(o->f, NULL, _IOFBF, 1 << 18);
    return 0;
}

/* Writes the file under its final name; on failure removes it. */
static int out_close(struct out *o, int ok)
{
    if (o->f) {
        if (ferror(o->f))
            ok = 0;
        if (fclose(o->f) != 0)
            ok = 0;
        o->f = NULL;
        if (!ok) {
            fprintf(stderr, "gen_eval_data: failed to write %s\n", o->tmp);
            remove(o->tmp);
        } else if (rename(o->tmp, o->path) != 0) {
            perror(o->path);
            remove(o->tmp);
            ok = 0;
        }
    }
    free(o->path);
    free(o->tmp);
    o->path = o->tmp = NULL;
    return ok;
}

/* ---- generation ---- */

static struct doc judged[JUDGED_MAX];
static struct doc pool[POOL_SIZE];
static struct doc cand[POOL_SIZE];
static struct doc ranked[DOCS_PER_RUN_TOPIC];

static int gen_topic_judgments(uint64_t seed, const struct preset *p, int topic, int *nj)
{
    rng_t r = rng_stream(seed, (uint64_t)p->name, 0, (uint64_t)topic);
    int i;

    set_clear();
    *nj = JUDGED_MIN + (int)rng_below(&r, JUDGED_SPAN);
    for (i = 0; i < *nj; i++) {
        uint32_t u = rng_below(&r, 100);
        judged[i].id = draw_new_doc(&r);
        judged[i].grade = u < 70 ? 0 : u < 90 ? 1 : 2;
        judged[i].base = 0;
        judged[i].key = 0;
    }
    for (i = 0; i < POOL_SIZE; i++) {
        pool[i].id = draw_new_doc(&r);
        pool[i].grade = -1;
        pool[i].base = rng_noise(&r);
        pool[i].key = 0;
    }
    /* qrels lines come sorted by docno; the fixed-width docnos sort like the ids */
    qsort(judged, (size_t)*nj, sizeof judged[0], by_id);
    return 0;
}

static void write_run_topic(FILE *f, uint64_t seed, const struct preset *p, int run, int topic,
                            int nj, const char *tag)
{
    static const uint32_t retrieve_pct[3] = {45, 65, 80};
    rng_t r = rng_stream(seed, (uint64_t)p->name, 1 + (uint64_t)run, (uint64_t)topic);
    int i, n = 0, need;
    int64_t score, gap;

    for (i = 0; i < nj; i++) {
        uint32_t u = rng_below(&r, 100);
        int32_t noise = rng_noise(&r);
        if (u < retrieve_pct[judged[i].grade] && n < DOCS_PER_RUN_TOPIC) {
            ranked[n] = judged[i];
            ranked[n].key = JUDGED_OFFSET + GRADE_STEP * judged[i].grade + noise;
            n++;
        }
    }
    for (i = 0; i < POOL_SIZE; i++) {
        cand[i] = pool[i];
        cand[i].key = (int32_t)(((int64_t)pool[i].base + rng_noise(&r)) * 7 / 10);
    }
    qsort(cand, POOL_SIZE, sizeof cand[0], by_key_desc);
    need = DOCS_PER_RUN_TOPIC - n;
    for (i = 0; i < need; i++)
        ranked[n++] = cand[i];
    qsort(ranked, (size_t)n, sizeof ranked[0], by_key_desc);

    /* scores in millionths: top 15..25, gaps shrinking down the list */
    score = 15000000 + (int64_t)rng_below(&r, 10000001);
    for (i = 0; i < n; i++) {
        fprintf(f, "%d\tQ0\tDOC-%010lu\t%d\t%.6f\t%s\n", topic, (unsigned long)ranked[i].id,
                i + 1, (double)score / 1e6, tag);
        if (rng_below(&r, 1000) < TIE_PERMILLE)
            gap = 0;
        else
            gap = 1 + (int64_t)rng_below(&r, (uint32_t)(120000 * 20 / (20 + i)));
        score -= gap;
    }
}

static int generate(const char *dir, const struct preset *p, uint64_t seed)
{
    struct out qrels = {NULL, NULL, NULL};
    struct out runs[MAX_RUNS];
    char name[64], tag[32];
    int ok = 1, topic, run, i, nj;

    memset(runs, 0, sizeof runs);
    sprintf(name, "%c.qrels", p->name);
    if (out_open(&qrels, dir, name) != 0)
        ok = 0;
    for (run = 0; ok && run < p->runs; run++) {
        if (p->runs == 1)
            sprintf(name, "%c.run", p->name);
        else
            sprintf(name, "%c.run.%02d", p->name, run);
        if (out_open(&runs[run], dir, name) != 0)
            ok = 0;
    }

    for (topic = 1; ok && topic <= p->topics; topic++) {
        gen_topic_judgments(seed, p, topic, &nj);
        for (i = 0; i < nj; i++)
            fprintf(qrels.f, "%d 0 DOC-%010lu %d\n", topic, (unsigned long)judged[i].id,
                    judged[i].grade);
        for (run = 0; run < p->runs; run++) {
            if (p->runs == 1)
                sprintf(tag, "bench%c", p->name - 'a' + 'A');
            else
                sprintf(tag, "bench%c%02d", p->name - 'a' + 'A', run);
            write_run_topic(runs[run].f, seed, p, run, topic, nj, tag);
        }
    }

    if (!out_close(&qrels, ok))
        ok = 0;
    for (run = 0; run < p->runs; run++)
        if (!out_close(&runs[run], ok))
            ok = 0;
    return ok ? 0 : 1;
}

static void usage(void)
{
    fputs("usage: gen_eval_data OUTDIR PRESET [SEED]\n"
          "  PRESET a: a.qrels, a.run (1 run x 5000 topics x 1000 docs)\n"
          "  PRESET b: b.qrels, b.run.00 .. b.run.49 (50 runs x 50 topics x 1000 docs)\n"
          "  OUTDIR must exist; SEED is an unsigned integer (default 20240601)\n",
          stderr);
}

int main(int argc, char **argv)
{
    const struct preset *p = NULL;
    uint64_t seed = DEFAULT_SEED;
    size_t i;

    if (argc < 3 || argc > 4) {
        usage();
        return 2;
    }
    for (i = 0; i < sizeof presets / sizeof presets[0]; i++)
        if (argv[2][0] == presets[i].name && argv[2][1] == '\0')
            p = &presets[i];
    if (!p) {
        fprintf(stderr, "gen_eval_data: unknown preset '%s'\n", argv[2]);
        usage();
        return 2;
    }
    if (argc == 4) {
        char *end;
        if (argv[3][0] == '-' || argv[3][0] == '\0') {
            fprintf(stderr, "gen_eval_data: bad seed '%s'\n", argv[3]);
            return 2;
        }
        seed = (uint64_t)strtoull(argv[3], &end, 0);
        if (*end != '\0') {
            fprintf(stderr, "gen_eval_data: bad seed '%s'\n", argv[3]);
            return 2;
        }
    }
    return generate(argv[1], p, seed);
}
