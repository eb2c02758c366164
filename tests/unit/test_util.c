/* test_util.c: unit tests of util: parsing, formatting, hashing, maps, output, JSON. */
/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

static int parse(const char *s, double *v)
{
    return util_parse_double(s, strlen(s), v);
}

static void test_parse_double_matches_strtod(void **state)
{
    (void)state;
    static const char *cases[] = {
        "0", "-0", "1", "+1", "1.5", "-2.25", ".5", "5.", "  2.129133" + 2, "49.19109429178723",
        "48.709379764952565", "1e10", "1E-5", "-3.4028235e38", "123456789012345678901234567890",
        "0.000000000000000000000000001", "9007199254740993", "2.2250738585072014e-308",
        "1.7976931348623157e308", "0.1", "0.30000000000000004", "-12.345678", "1000000.000001",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double v = -1.0;
        assert_int_equal(parse(cases[i], &v), 0);
        double ref = strtod(cases[i], NULL);
        assert_memory_equal(&v, &ref, sizeof v);
    }
    /* Random decimal strings must round exactly like strtod. */
    srand(42);
    for (int i = 0; i < 100000; i++) {
        char buf[64];
        int digits = 1 + rand() % 20, point = rand() % (digits + 1);
        size_t k = 0;
        if (rand() % 2)
            buf[k++] = '-';
        for (int d = 0; d < digits; d++) {
            if (d == point && d > 0)
                buf[k++] = '.';
            buf[k++] = (char)('0' + rand() % 10);
        }
        if (rand() % 4 == 0)
            k += (size_t)sprintf(buf + k, "e%d", rand() % 60 - 30);
        buf[k] = '\0';
        double v, ref = strtod(buf, NULL);
        assert_int_equal(parse(buf, &v), 0);
        if (memcmp(&v, &ref, sizeof v) != 0)
            fail_msg("'%s' parsed as %.17g, strtod gives %.17g", buf, v, ref);
    }
}

/* Scores as runs write them, [-]digits.digits, which the parser reads without strtod: the
 * same double as strtod, bit for bit, on millions of them. */
static void test_parse_double_plain_forms(void **state)
{
    (void)state;
    uint64_t x = 88172645463325252ULL;
    for (int i = 0; i < 3000000; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        char buf[64];
        int digits = 1 + (int)(x % 19), point = (int)((x >> 8) % (uint64_t)(digits + 1));
        uint64_t r = x >> 16;
        size_t k = 0;
        if (r & 1)
            buf[k++] = '-';
        r >>= 1;
        for (int d = 0; d < digits; d++) {
            if (d == point)
                buf[k++] = '.';
            buf[k++] = (char)('0' + (r % 10));
            r = r / 10 ? r / 10 : x * 2654435761u + (uint64_t)d;
        }
        buf[k] = '\0';
        double v, ref = strtod(buf, NULL);
        assert_int_equal(parse(buf, &v), 0);
        if (memcmp(&v, &ref, sizeof v) != 0)
            fail_msg("'%s' parsed as %.17g, strtod gives %.17g", buf, v, ref);
    }
}

static void test_parse_double_rejects(void **state)
{
    (void)state;
    static const char *bad[] = { "", "-", "+", ".", "abc", "1.5abc", "nan", "inf", "-inf",
                                 "0x10", "1e", "1e+", "1..2", "1e999", " 1", "1 ",
                                 "1.23456a8", "1.2.345678", "12.3456-8", "1.234567:",
                                 "1.23/4567", "21.33667 ", "-0.123456\x7f", "9.\xb0" "234567" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        double v;
        if (parse(bad[i], &v) == 0)
            fail_msg("'%s' was accepted as %g", bad[i], v);
    }
}

static void test_parse_long(void **state)
{
    (void)state;
    long v;
    assert_int_equal(util_parse_long("42", 2, &v), 0);
    assert_int_equal(v, 42);
    assert_int_equal(util_parse_long("-1", 2, &v), 0);
    assert_int_equal(v, -1);
    assert_int_equal(util_parse_long("+7", 2, &v), 0);
    assert_int_equal(v, 7);
    assert_int_equal(util_parse_long("1.0", 3, &v), -1);
    assert_int_equal(util_parse_long("x", 1, &v), -1);
    assert_int_equal(util_parse_long("", 0, &v), -1);
    assert_int_equal(util_parse_long("99999999999999999999999", 23, &v), -1);
}

static void check_fixed4(double v)
{
    util_out o;
    util_out_init(&o, NULL);
    util_out_fixed4(&o, v);
    util_out_char(&o, '\0');
    char ref[512];
    snprintf(ref, sizeof ref, "%6.4f", v);
    if (strcmp(o.buf, ref) != 0)
        fail_msg("fixed4(%.17g) gave '%s', printf gives '%s'", v, o.buf, ref);
    util_out_free(&o);
}

static void test_fixed4_matches_printf(void **state)
{
    (void)state;
    static const double cases[] = { 0.0, -0.0, 1.0, 0.5, 0.03125, 0.00005, 0.00015, 0.12345,
                                     -412.6667, 99999.99995, 123456.789, 1e300, -1e-300,
                                     0.99995, 2.5e-5, NAN, INFINITY, -INFINITY };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_fixed4(cases[i]);
    srand(7);
    for (int i = 0; i < 200000; i++) {
        double v = (double)rand() / RAND_MAX;
        if (i % 3 == 0)
            v = (double)(rand() % 100000) / 100000.0; /* many near-ties */
        if (i % 5 == 0)
            v *= -1000.0;
        check_fixed4(v);
    }
    for (int n = 0; n < 100000; n++)
        check_fixed4((double)n / 20000.0); /* exact .5 ties at the fifth decimal */
}

static void test_hash(void **state)
{
    (void)state;
    assert_true(util_hash("abc", 3) == util_hash("abc", 3));
    assert_true(util_hash("abc", 3) != util_hash("abd", 3));
    assert_true(util_hash("abcdefgh1", 9) != util_hash("abcdefgh2", 9));
    assert_true(util_hash("", 0) != util_hash("a", 1));
    /* The value is the definition's, whatever the length and the alignment: it is kept in
     * campaign files (checksums of imported files). */
    unsigned char buf[80];
    for (size_t i = 0; i < sizeof buf; i++)
        buf[i] = (unsigned char)(i * 37 + 11);
    for (size_t off = 0; off < 8; off++) {
        for (size_t len = 0; len + off <= 64; len++) {
            const unsigned char *p = buf + off;
            size_t n = len;
            uint64_t h = 0x9e3779b97f4a7c15ULL ^ (len * 0xa0761d6478bd642fULL);
            for (; n >= 8; p += 8, n -= 8) {
                uint64_t w = 0;
                for (int b = 0; b < 8; b++)
                    w |= (uint64_t)p[b] << (8 * b);
                __uint128_t m = (__uint128_t)(h ^ w) * 0xe7037ed1a0b428dbULL;
                h = (uint64_t)m ^ (uint64_t)(m >> 64);
            }
            uint64_t w = 0;
            for (size_t b = 0; b < n; b++)
                w |= (uint64_t)p[b] << (8 * b);
            __uint128_t m = (__uint128_t)(h ^ w ^ 0x8ebc6af09c88c6e3ULL) * 0x589965cc75374cc3ULL;
            h = (uint64_t)m ^ (uint64_t)(m >> 64);
            m = (__uint128_t)h * 0x1d8e4e27c47d124fULL;
            h = (uint64_t)m ^ (uint64_t)(m >> 64);
            assert_true(util_hash(buf + off, len) == h);
        }
    }
}

static void test_out_and_errors(void **state)
{
    (void)state;
    util_out o;
    util_out_init(&o, NULL);
    util_out_padded(&o, "map", 6);
    util_out_long(&o, -1234567);
    util_out_printf(&o, "|%s|", "x");
    for (int i = 0; i < 100000; i++)
        util_out_char(&o, 'z');
    util_out_char(&o, '\0');
    assert_int_equal(strncmp(o.buf, "map   -1234567|x|zz", 19), 0);
    assert_int_equal(strlen(o.buf), 6 + 8 + 3 + 100000);
    util_out_free(&o);
    util_error e = { 0, "" };
    assert_int_equal(util_error_set(&e, UTIL_EXIT_INPUT, "f.txt", 12, "bad %s", "thing"), -1);
    assert_string_equal(e.msg, "f.txt:12: bad thing");
    assert_int_equal(e.code, UTIL_EXIT_INPUT);
    util_error_set(&e, UTIL_EXIT_INPUT, "f.txt", 0, "empty");
    assert_string_equal(e.msg, "f.txt: empty");
    char *p = util_strdup("x");
    util_free(&p);
    assert_null(p);
}

static void test_utf8(void **state)
{
    (void)state;
    uint32_t cp;
    char out[4];
    /* every length, round trip */
    const uint32_t cps[] = { 0x41, 0xe9, 0x5a74, 0x1f600, 0x10ffff };
    const size_t lens[] = { 1, 2, 3, 4, 4 };
    for (size_t i = 0; i < 5; i++) {
        size_t n = util_utf8_encode(cps[i], out);
        assert_int_equal(n, lens[i]);
        assert_int_equal(util_utf8_decode((const unsigned char *)out, n, &cp), n);
        assert_int_equal(cp, cps[i]);
        if (n > 1)   /* truncated */
            assert_int_equal(util_utf8_decode((const unsigned char *)out, n - 1, &cp), 0);
    }
    /* overlong, surrogate, past U+10FFFF, stray continuation, bad continuation */
    const char *bad[] = { "\xc0\x80",         "\xe0\x80\x80", "\xed\xa0\x80",
                          "\xf4\x90\x80\x80", "\x80",         "\xe4\x41\x41" };
    /* the maximal ill-formed subparts Unicode's recommended practice replaces (one U+FFFD
     * each): C0 alone, E0 alone (80 is not a second byte of it), ED alone, F4 alone,
     * the stray 80, E4 before A */
    const size_t invalid[] = { 1, 1, 1, 1, 1, 1 };
    for (size_t i = 0; i < 6; i++) {
        size_t n = strlen(bad[i]);
        assert_int_equal(util_utf8_decode((const unsigned char *)bad[i], n, &cp), 0);
        assert_int_equal(util_utf8_invalid_len((const unsigned char *)bad[i], n), invalid[i]);
    }
    assert_int_equal(util_utf8_invalid_len((const unsigned char *)"\xe4\xb8", 2), 2);
    assert_int_equal(util_utf8_invalid_len((const unsigned char *)"\xf0\x9f\x98", 3), 3);
    assert_int_equal(util_utf8_invalid_len((const unsigned char *)"\xe4\xb8\xad", 3), 0);
    assert_int_equal(util_utf8_invalid_len((const unsigned char *)"a", 1), 0);
}

/* The one name rule: what readers and command lines accept as an id. */
static void test_name_problem(void **state)
{
    (void)state;
    assert_null(util_name_problem("FBIS3-10082", 11));
    assert_null(util_name_problem("caf\xc3\xa9-\xe2\x82\xac-\xf0\x9f\x98\x80", 14));
    assert_null(util_name_problem("a'b;--\"c", 8));
    assert_string_equal(util_name_problem("", 0), "is empty");
    const char *bad[] = { "a\x1b[2Jb", "a\tb", "a\nb", "a\x7f", "a\xc2\x85", "\xc2\x9b", "\xff",
                          "\xc3", "\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
                          "\xf8\x88\x80\x80\x80", "\x1b]2;title\x07" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *why = util_name_problem(bad[i], strlen(bad[i]));
        if (why == NULL || strstr(why, "control character or invalid UTF-8") == NULL)
            fail_msg("name %zu accepted", i);
    }
    assert_string_equal(util_name_problem("a b", 3), "contains white space");
    char nul[] = { 'a', '\0', 'b' };
    assert_non_null(util_name_problem(nul, 3));
    char *big = malloc(UTIL_NAME_MAX + 2000);
    memset(big, 'x', UTIL_NAME_MAX + 2000);
    assert_null(util_name_problem(big, UTIL_NAME_MAX));
    assert_string_equal(util_name_problem(big, UTIL_NAME_MAX + 1), "is longer than 1024 bytes");
    assert_string_equal(util_name_problem(big, 3000), "is longer than 1024 bytes");
    free(big);
}

/* A path with control characters is shown escaped in a message, never raw. */
static void test_error_path_escaped(void **state)
{
    (void)state;
    util_error err = { 0, "" };
    util_error_set(&err, UTIL_EXIT_INPUT, "a\x1b]2;x\x07\nb\xc2\x9b.txt", 3, "bad %s", "thing");
    assert_string_equal(err.msg, "a\\x1b]2;x\\x07\\x0ab\\xc2\\x9b.txt:3: bad thing");
    util_error_set(&err, UTIL_EXIT_INPUT, "caf\xc3\xa9", 0, "empty");
    assert_string_equal(err.msg, "caf\xc3\xa9: empty");
}

/* Names shown in messages: unchanged when harmless, else escaped onto one line. */
static void test_shown(void **state)
{
    (void)state;
    const char *plain = "runs/caf\xc3\xa9 2.run";
    assert_ptr_equal(util_shown(plain), plain);
    assert_string_equal(util_shown("x\x1b[2J\nok"), "x\\x1b[2J\\x0aok");
    assert_string_equal(util_shown("a\xe2\x80\xae" "b\xf3\xa0\x80\x81"), "a\\u202eb\\U000e0001");
    assert_string_equal(util_shown("bad\xff\xc2\x85"), "bad\\xff\\xc2\\x85");
    assert_string_equal(util_shown(NULL), "(null)");
    /* eight at a time stay valid, enough for one message */
    const char *s[8];
    char in[8][8];
    for (int i = 0; i < 8; i++) {
        snprintf(in[i], sizeof in[i], "%d\t", i);
        s[i] = util_shown(in[i]);
    }
    for (int i = 0; i < 8; i++) {
        char want[16];
        snprintf(want, sizeof want, "%d\\x09", i);
        assert_string_equal(s[i], want);
    }
    /* what a message quotes is escaped like its path */
    util_error err = { 0, "" };
    util_error_set(&err, UTIL_EXIT_INPUT, "f", 1, "key '%s'", "a\x1b[2Jb");
    assert_string_equal(err.msg, "f:1: key 'a\\x1b[2Jb'");
}

static void test_map(void **state)
{
    (void)state;
    util_map m = { 0 };
    assert_int_equal(util_map_find(&m, "a", 1), -1);
    char key[32];
    int added = 0;
    for (int i = 0; i < 5000; i++) {
        int n = snprintf(key, sizeof key, "doc-%d", i);
        assert_int_equal(util_map_add(&m, key, (size_t)n, &added), i);
        assert_true(added);
    }
    assert_int_equal(m.n, 5000);
    for (int i = 0; i < 5000; i++) {
        int n = snprintf(key, sizeof key, "doc-%d", i);
        assert_int_equal(util_map_find(&m, key, (size_t)n), i);
        assert_int_equal(util_map_add(&m, key, (size_t)n, &added), i);
        assert_false(added);
        assert_string_equal(util_map_key_of(&m, (size_t)i), key);
    }
    assert_int_equal(util_map_find(&m, "doc-5000", 8), -1);
    assert_int_equal(util_map_find(&m, "doc-1", 4), -1);   /* a prefix is another key */
    static const char borrowed[] = "kept";
    util_map_clear(&m);
    assert_int_equal(util_map_find(&m, "doc-1", 5), -1);
    assert_int_equal(util_map_add_ref(&m, borrowed, 4, util_hash(borrowed, 4), &added), 0);
    assert_ptr_equal(util_map_key_of(&m, 0), borrowed);
    assert_int_equal(util_map_add(&m, "", 0, NULL), 1);
    assert_int_equal(util_map_find(&m, "", 0), 1);
    util_map_free(&m);
    assert_int_equal(m.n, 0);
}

typedef struct scored_doc {
    double score;
    const char *docno;
} scored_doc;

static void test_doc_order(void **state)
{
    (void)state;
    const scored_doc a2 = { 2.0, "a" }, b1 = { 1.0, "b" }, a1 = { 1.0, "a" }, a05 = { 0.5, "a" };
    assert_true(UTIL_DOC_BEFORE(&a2, &b1));
    assert_true(UTIL_DOC_BEFORE(&b1, &a1));
    assert_false(UTIL_DOC_BEFORE(&a1, &a1));
    assert_int_equal(UTIL_DOC_CMP(&b1, &a1), -1);
    assert_int_equal(UTIL_DOC_CMP(&a1, &b1), 1);
    assert_int_equal(UTIL_DOC_CMP(&a05, &a1), 1);
    assert_int_equal(UTIL_DOC_CMP(&a1, &a1), 0);
}

static void test_enum_names(void **state)
{
    (void)state;
    static const util_enum_name names[] = { { "one", 1 }, { "two", 2 }, { NULL, 0 } };
    int v = 0;
    assert_int_equal(util_enum_parse(names, "two", &v), 0);
    assert_int_equal(v, 2);
    assert_int_equal(util_enum_parse(names, "three", &v), -1);
    assert_string_equal(util_enum_name_of(names, 1), "one");
    assert_string_equal(util_enum_name_of(names, 7), "?");
}

static void test_arena(void **state)
{
    (void)state;
    util_arena a = { 0 };
    char big[10000];
    memset(big, 'x', sizeof big);
    const char *p = util_arena_copy(&a, "abc", 3);
    const char *q = util_arena_copy(&a, big, sizeof big);
    assert_string_equal(p, "abc");
    assert_int_equal(strlen(q), sizeof big);
    util_arena_reset(&a);
    assert_string_equal(util_arena_copy(&a, "de", 2), "de");
    util_arena_free(&a);
}

/* The JSON writer: commas and ": " where they belong, nested containers, numbers at full
 * precision, and each container's white space from its style or a break. */
static void test_json(void **state)
{
    (void)state;
    util_out o;
    util_out_init(&o, NULL);
    util_json j;
    util_json_init(&j, &o);
    util_json_object(&j, NULL);
    util_json_key(&j, "a\"b");
    util_json_int(&j, -3);
    util_json_key(&j, "list");
    util_json_array(&j, NULL);
    util_json_uint(&j, 18446744073709551615ULL);
    util_json_double(&j, 0.1);
    util_json_double(&j, NAN);
    util_json_fixed(&j, 2.0 / 3.0, 6);
    util_json_str(&j, NULL);
    util_json_null(&j);
    util_json_number(&j, "1e-5");
    util_json_object(&j, NULL);
    util_json_end(&j);
    util_json_array(&j, &util_json_lines);
    util_json_end(&j);
    util_json_end(&j);
    util_json_key(&j, "raw");
    util_json_raw(&j, "{\"x\": 1}", 8);
    util_json_end(&j);
    util_out_char(&o, '\0');
    assert_string_equal(o.buf, "{\"a\\\"b\": -3, \"list\": [18446744073709551615, "
                               "0.10000000000000001, null, 0.666667, null, null, 1e-5, {}, "
                               "[]], \"raw\": {\"x\": 1}}");
    o.len = 0;

    /* One item a line; a break changes the white space of one separator, a space is
     * written where it is asked for. */
    static const util_json_style top = { "", "\n", "", "" };
    util_json_init(&j, &o);
    util_json_object(&j, &top);
    util_json_key(&j, "rows");
    util_json_array(&j, &util_json_lines);
    for (int i = 0; i < 2; i++) {
        util_json_object(&j, NULL);
        util_json_key(&j, "i");
        util_json_int(&j, i);
        util_json_end(&j);
    }
    util_json_end(&j);
    util_json_space(&j, "\n");
    util_json_break(&j, " ");
    util_json_key(&j, "empty");
    util_json_array(&j, NULL);
    util_json_end(&j);
    util_json_key(&j, "s");
    util_json_str(&j, "\x01\\");
    util_json_end(&j);
    util_out_char(&o, '\0');
    assert_string_equal(o.buf, "{\"rows\": [\n  {\"i\": 0},\n  {\"i\": 1}\n]\n, \"empty\": [],"
                               "\n\"s\": \"\\u0001\\\\\"}");
    util_out_free(&o);
}

/* util_both: each half once, the second on another thread; a NULL second half alone. */
static void *both_count(void *v)
{
    long *n = v;
    for (long i = 0; i < 1000; i++)
        n[0] += i;
    n[1]++;
    return NULL;
}

static void test_both(void **state)
{
    (void)state;
    long a[2] = { 0, 0 }, b[2] = { 0, 0 };
    util_both(both_count, a, b);
    assert_int_equal(a[0], 499500);
    assert_int_equal(b[0], 499500);
    assert_int_equal(a[1], 1);
    assert_int_equal(b[1], 1);
    util_both(both_count, a, NULL);
    assert_int_equal(a[1], 2);
    assert_int_equal(b[1], 1);
}

/* util_arena_take: the strings of both arenas stay where they are, and the arena fills on. */
static void test_arena_take(void **state)
{
    (void)state;
    util_arena a = { 0 }, b = { 0 }, c = { 0 };
    const char *x = util_arena_copy(&a, "first", 5);
    const char *y = util_arena_copy(&b, "second", 6);
    for (int i = 0; i < 3000; i++)
        util_arena_copy(&b, "0123456789", 10);   /* more than one block */
    util_arena_take(&a, &b);
    assert_null(b.first);
    const char *z = util_arena_copy(&a, "third", 5);
    assert_string_equal(x, "first");
    assert_string_equal(y, "second");
    assert_string_equal(z, "third");
    util_arena_take(&c, &a);   /* into an empty arena */
    assert_null(a.first);
    assert_string_equal(util_arena_copy(&c, "fourth", 6), "fourth");
    util_arena_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_utf8),
        cmocka_unit_test(test_name_problem),
        cmocka_unit_test(test_error_path_escaped),
        cmocka_unit_test(test_parse_double_matches_strtod),
        cmocka_unit_test(test_parse_double_plain_forms),
        cmocka_unit_test(test_parse_double_rejects),
        cmocka_unit_test(test_parse_long),
        cmocka_unit_test(test_fixed4_matches_printf),
        cmocka_unit_test(test_hash),
        cmocka_unit_test(test_out_and_errors),
        cmocka_unit_test(test_map),
        cmocka_unit_test(test_doc_order),
        cmocka_unit_test(test_enum_names),
        cmocka_unit_test(test_arena),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_shown),
        cmocka_unit_test(test_both),
        cmocka_unit_test(test_arena_take),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
