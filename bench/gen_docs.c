/* gen_docs.c: writes deterministic synthetic TREC SGML and JSONL collections for bench/docs.sh. */
/* SPDX-License-Identifier: MIT */

/*
 * Usage: gen_docs OUTDIR [MEGABYTES] [SEED]
 *
 * Writes OUTDIR/docs.trec and OUTDIR/docs.jsonl, each about MEGABYTES * 10^6 bytes
 * (default 200), holding the same documents. The same seed gives the same bytes: the
 * generator uses its own PRNG (splitmix64) and integer arithmetic only.
 *
 * A document looks like a newswire story in the LA Times layout: DOCNO, DOCID, DATE,
 * a HEADLINE of 4-12 words, and a TEXT of 2-12 paragraphs of 30-120 words each (about
 * 4 KB on average), lines of at most 72 columns, every paragraph wrapped in <P>..</P>.
 * About 2 % of the words are non-ASCII (2- to 4-byte UTF-8), 0.5 % are written with an
 * entity (&amp;, &lt;, &#233;) in the TREC file and with escapes (\", \\, \u00e9,
 * \ud83d\ude00) in the JSONL file. JSONL paragraphs are joined with "\n\n".
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MB 200
#define DEFAULT_SEED 20240601u
#define VOCAB 5000

static uint64_t rng_state;

static uint64_t rng(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static unsigned below(unsigned n)
{
    return (unsigned)(rng() % n);
}

static char vocab[VOCAB][16];

static void make_vocab(void)
{
    static const char *const syl[] = {
        "ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ber", "con", "dor", "fen", "gal",
        "hus", "lin", "mor", "pat", "quen", "ris", "sto", "tra", "und", "ves", "wal", "zer",
        "a", "e", "i", "o", "u", "an", "el", "is", "on", "ur",
    };
    size_t nsyl = sizeof syl / sizeof syl[0];
    for (int i = 0; i < VOCAB; i++) {
        char *w = vocab[i];
        w[0] = '\0';
        unsigned k = 1 + below(4);
        for (unsigned j = 0; j < k; j++)
            strcat(w, syl[below((unsigned)nsyl)]);
    }
}

/* A word as the TREC file and as the JSONL file write it. */
typedef struct word {
    const char *trec, *json;
} word;

static void next_word(word *w)
{
    static const char *const utf8[][2] = {
        { "caf\xC3\xA9", "caf\xC3\xA9" },
        { "Z\xC3\xBCrich", "Z\xC3\xBCrich" },
        { "\xE2\x82\xAC" "5", "\xE2\x82\xAC" "5" },
        { "\xE6\x9D\xB1\xE4\xBA\xAC", "\xE6\x9D\xB1\xE4\xBA\xAC" },
        { "\xF0\x9F\x98\x80", "\xF0\x9F\x98\x80" },
    };
    static const char *const special[][2] = {
        { "AT&amp;T", "AT&T" },
        { "&lt;b&gt;", "<b>" },
        { "r&#233;sum&#xE9;", "r\\u00e9sum\\u00E9" },
        { "&quot;quoted&quot;", "\\\"quoted\\\"" },
        { "back\\slash", "back\\\\slash" },
        { "&#128512;", "\\ud83d\\ude00" },
    };
    unsigned r = below(1000);
    if (r < 20) {
        unsigned k = below(sizeof utf8 / sizeof utf8[0]);
        w->trec = utf8[k][0];
        w->json = utf8[k][1];
    } else if (r < 25) {
        unsigned k = below(sizeof special / sizeof special[0]);
        w->trec = special[k][0];
        w->json = special[k][1];
    } else {
        /* Zipf-like: small ranks are much more frequent. */
        unsigned a = below(VOCAB), b = below(VOCAB);
        w->trec = w->json = vocab[a < b ? a : b];
    }
}

typedef struct out {
    FILE *fp;
    char *buf;
    size_t len, cap;
} out;

static void put(out *o, const char *s, size_t n)
{
    if (o->len + n > o->cap) {
        while (o->len + n > o->cap)
            o->cap = o->cap ? o->cap * 2 : 1 << 16;
        o->buf = realloc(o->buf, o->cap);
        if (o->buf == NULL) {
            fprintf(stderr, "gen_docs: out of memory\n");
            exit(1);
        }
    }
    memcpy(o->buf + o->len, s, n);
    o->len += n;
}

static void puts_(out *o, const char *s)
{
    put(o, s, strlen(s));
}

static void flush(out *o)
{
    if (fwrite(o->buf, 1, o->len, o->fp) != o->len) {
        perror("gen_docs: write");
        exit(1);
    }
    o->len = 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: gen_docs OUTDIR [MEGABYTES] [SEED]\n");
        return 2;
    }
    unsigned long long mb = argc > 2 ? strtoull(argv[2], NULL, 10) : DEFAULT_MB;
    rng_state = argc > 3 ? strtoull(argv[3], NULL, 10) : DEFAULT_SEED;
    if (mb == 0) {
        fprintf(stderr, "gen_docs: MEGABYTES must be a positive integer\n");
        return 2;
    }
    make_vocab();
    char path[4096];
    snprintf(path, sizeof path, "%s/docs.trec", argv[1]);
    out trec = { fopen(path, "wb"), NULL, 0, 0 };
    snprintf(path, sizeof path, "%s/docs.jsonl", argv[1]);
    out json = { fopen(path, "wb"), NULL, 0, 0 };
    if (trec.fp == NULL || json.fp == NULL) {
        perror("gen_docs: cannot create the output files");
        return 1;
    }
    unsigned long long target = mb * 1000000ULL, written = 0;
    static const char *const months[] = { "January", "February", "March", "April", "May", "June",
                                          "July", "August", "September", "October", "November",
                                          "December" };
    char tmp[256];
    for (unsigned long n = 1; written < target; n++) {
        snprintf(tmp, sizeof tmp, "<DOC>\n<DOCNO> BENCH-%07lu </DOCNO>\n<DOCID> %lu </DOCID>\n"
                                  "<DATE>\n<P>\n%s %u, 19%02u\n</P>\n</DATE>\n<HEADLINE>\n<P>\n",
                 n, n, months[below(12)], 1 + below(28), 80 + below(20));
        puts_(&trec, tmp);
        snprintf(tmp, sizeof tmp, "{\"id\": \"BENCH-%07lu\", \"title\": \"", n);
        puts_(&json, tmp);
        unsigned nw = 4 + below(9);
        word w;
        for (unsigned i = 0; i < nw; i++) {
            next_word(&w);
            if (i > 0) {
                put(&trec, " ", 1);
                put(&json, " ", 1);
            }
            puts_(&trec, w.trec);
            puts_(&json, w.json);
        }
        puts_(&trec, "\n</P>\n</HEADLINE>\n<TEXT>\n");
        puts_(&json, "\", \"contents\": \"");
        unsigned np = 2 + below(11);
        for (unsigned p = 0; p < np; p++) {
            puts_(&trec, "<P>\n");
            if (p > 0)
                puts_(&json, "\\n\\n");
            unsigned words = 30 + below(91), col = 0;
            for (unsigned i = 0; i < words; i++) {
                next_word(&w);
                size_t l = strlen(w.trec);
                if (col > 0 && col + 1 + l > 72) {
                    put(&trec, "\n", 1);
                    col = 0;
                } else if (col > 0) {
                    put(&trec, " ", 1);
                    col++;
                }
                puts_(&trec, w.trec);
                col += (unsigned)l;
                if (i > 0)
                    put(&json, " ", 1);
                puts_(&json, w.json);
            }
            puts_(&trec, "\n</P>\n");
        }
        puts_(&trec, "</TEXT>\n</DOC>\n");
        puts_(&json, "\"}\n");
        written += trec.len;
        flush(&trec);
        flush(&json);
    }
    if (fclose(trec.fp) != 0 || fclose(json.fp) != 0) {
        perror("gen_docs: close");
        return 1;
    }
    free(trec.buf);
    free(json.buf);
    return 0;
}
