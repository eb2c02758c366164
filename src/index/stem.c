/* stem.c: Porter's suffix-stripping algorithm (Program 14(3), 1980), written from the paper's description. */
#include "index.h"

#include <string.h>

/* Whether b[i] is a consonant: not a vowel, and y only after a vowel (or first). */
static int cons(const char *b, size_t i)
{
    switch (b[i]) {
    case 'a': case 'e': case 'i': case 'o': case 'u':
        return 0;
    case 'y':
        return i == 0 ? 1 : !cons(b, i - 1);
    default:
        return 1;
    }
}

/* m in [C](VC)^m[V] of b[0, n): the number of vowel-consonant transitions. */
static int measure(const char *b, size_t n)
{
    int m = 0;
    for (size_t i = 0; i + 1 < n; i++)
        if (!cons(b, i) && cons(b, i + 1))
            m++;
    return m;
}

static int has_vowel(const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!cons(b, i))
            return 1;
    return 0;
}

/* *d: ends with a double consonant. */
static int double_cons(const char *b, size_t n)
{
    return n >= 2 && b[n - 1] == b[n - 2] && cons(b, n - 1);
}

/* *o: ends consonant-vowel-consonant, the last not w, x or y. */
static int cvc(const char *b, size_t n)
{
    if (n < 3 || !cons(b, n - 1) || cons(b, n - 2) || !cons(b, n - 3))
        return 0;
    char c = b[n - 1];
    return c != 'w' && c != 'x' && c != 'y';
}

/* The length of the stem when b[0, n) ends with suffix, else -1. */
static long ends_n(const char *b, size_t n, const char *suffix, size_t s)
{
    /* The last letter first: it rules out nearly every suffix at once. */
    if (s > n || b[n - 1] != suffix[s - 1] || memcmp(b + n - s, suffix, s - 1) != 0)
        return -1;
    return (long)(n - s);
}

#define ends(b, n, suffix) ends_n(b, n, suffix, sizeof(suffix) - 1)

static void set_to(char *b, size_t *n, size_t stem, const char *rep, size_t r)
{
    memcpy(b + stem, rep, r);
    *n = stem + r;
}

typedef struct rule {
    const char *suffix, *rep;
    size_t len, rep_len;
} rule;

#define RULE(suffix, rep) { suffix, rep, sizeof(suffix) - 1, sizeof(rep) - 1 }

/* Applies the first rule whose suffix ends the word, when the stem's measure exceeds
 * min_m; the longest suffixes come first where suffixes overlap. */
static void apply_rules(char *b, size_t *n, const rule *rules, size_t nrules, int min_m)
{
    for (size_t i = 0; i < nrules; i++) {
        long stem = ends_n(b, *n, rules[i].suffix, rules[i].len);
        if (stem < 0)
            continue;
        if (measure(b, (size_t)stem) > min_m)
            set_to(b, n, (size_t)stem, rules[i].rep, rules[i].rep_len);
        return;
    }
}

static const rule step2[] = {
    RULE("ational", "ate"), RULE("tional", "tion"), RULE("enci", "ence"), RULE("anci", "ance"),
    RULE("izer", "ize"), RULE("abli", "able"), RULE("alli", "al"), RULE("entli", "ent"),
    RULE("eli", "e"), RULE("ousli", "ous"), RULE("ization", "ize"), RULE("ation", "ate"),
    RULE("ator", "ate"), RULE("alism", "al"), RULE("iveness", "ive"), RULE("fulness", "ful"),
    RULE("ousness", "ous"), RULE("aliti", "al"), RULE("iviti", "ive"), RULE("biliti", "ble"),
};

static const rule step3[] = {
    RULE("icate", "ic"), RULE("ative", ""), RULE("alize", "al"), RULE("iciti", "ic"),
    RULE("ical", "ic"), RULE("ful", ""), RULE("ness", ""),
};

static const rule step4[] = {
    RULE("al", ""), RULE("ance", ""), RULE("ence", ""), RULE("er", ""), RULE("ic", ""),
    RULE("able", ""), RULE("ible", ""), RULE("ant", ""), RULE("ement", ""), RULE("ment", ""),
    RULE("ent", ""), RULE("ion", ""), RULE("ou", ""), RULE("ism", ""), RULE("ate", ""),
    RULE("iti", ""), RULE("ous", ""), RULE("ive", ""), RULE("ize", ""),
};

static void step_4(char *b, size_t *n)
{
    /* The longest suffix that matches decides, whether or not its condition holds. */
    long best = -1;
    size_t best_len = 0;
    for (size_t i = 0; i < sizeof step4 / sizeof step4[0]; i++) {
        long stem = ends_n(b, *n, step4[i].suffix, step4[i].len);
        if (stem >= 0 && step4[i].len > best_len) {
            best = stem;
            best_len = step4[i].len;
        }
    }
    if (best < 0 || measure(b, (size_t)best) <= 1)
        return;
    if (best_len == 3 && memcmp(b + best, "ion", 3) == 0 &&
        (best == 0 || (b[best - 1] != 's' && b[best - 1] != 't')))
        return;
    *n = (size_t)best;
}

size_t index_stem(char *b, size_t n)
{
    if (n <= 2)
        return n;
    long st;
    /* Step 1a: plurals. */
    if ((st = ends(b, n, "sses")) >= 0)
        n = (size_t)st + 2;
    else if ((st = ends(b, n, "ies")) >= 0)
        n = (size_t)st + 1;
    else if (ends(b, n, "ss") < 0 && (st = ends(b, n, "s")) >= 0)
        n = (size_t)st;
    /* Step 1b: -ed and -ing. */
    int tidy = 0;
    if ((st = ends(b, n, "eed")) >= 0) {
        if (measure(b, (size_t)st) > 0)
            n--;
    } else if ((st = ends(b, n, "ed")) >= 0 && has_vowel(b, (size_t)st)) {
        n = (size_t)st;
        tidy = 1;
    } else if ((st = ends(b, n, "ing")) >= 0 && has_vowel(b, (size_t)st)) {
        n = (size_t)st;
        tidy = 1;
    }
    if (tidy) {
        if (ends(b, n, "at") >= 0 || ends(b, n, "bl") >= 0 || ends(b, n, "iz") >= 0) {
            b[n++] = 'e';
        } else if (double_cons(b, n) && b[n - 1] != 'l' && b[n - 1] != 's' && b[n - 1] != 'z') {
            n--;
        } else if (measure(b, n) == 1 && cvc(b, n)) {
            b[n++] = 'e';
        }
    }
    /* Step 1c: y to i after a vowel in the stem. */
    if ((st = ends(b, n, "y")) >= 0 && has_vowel(b, (size_t)st))
        b[n - 1] = 'i';
    apply_rules(b, &n, step2, sizeof step2 / sizeof step2[0], 0);
    apply_rules(b, &n, step3, sizeof step3 / sizeof step3[0], 0);
    step_4(b, &n);
    /* Step 5a: a final e. */
    if ((st = ends(b, n, "e")) >= 0) {
        int m = measure(b, (size_t)st);
        if (m > 1 || (m == 1 && !cvc(b, (size_t)st)))
            n = (size_t)st;
    }
    /* Step 5b: -ll to -l. */
    if (measure(b, n) > 1 && double_cons(b, n) && b[n - 1] == 'l')
        n--;
    return n;
}
