/* test_docs.c: cmocka unit tests of the document readers (TREC SGML, JSONL, TSV, gzip). */
/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "formats/formats.h"

static char dir[] = "/tmp/tj-test-docs-XXXXXX";

static const char *write_file(const char *name, const char *text, size_t len)
{
    static char path[4][256];
    static int k;
    char *p = path[k++ % 4];
    snprintf(p, 256, "%s/%s", dir, name);
    FILE *fp = fopen(p, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(text, 1, len, fp), len);
    fclose(fp);
    return p;
}

#define WRITE(name, text) write_file(name, text, sizeof(text) - 1)

/* ---- a callback that keeps what it is given ---- */

typedef struct kept_doc {
    char *docno, *title, *body;
    size_t body_len;
    long line;
} kept_doc;

typedef struct collect {
    kept_doc docs[32];          /* the first 32 */
    size_t n;                   /* every document */
    const char *find;           /* a docno to keep wherever it comes */
    kept_doc found;
    size_t stop_at;             /* fail on this document (1-based); 0 = never */
    size_t with_markup;         /* bodies or titles still holding "<" followed by a letter */
} collect;

static void keep(kept_doc *k, const formats_doc *d)
{
    k->docno = strdup(d->docno);
    k->title = strdup(d->title);
    k->body = malloc(d->body_len + 1);
    memcpy(k->body, d->body, d->body_len + 1);
    k->body_len = d->body_len;
    k->line = d->line;
}

static void kept_free(kept_doc *k)
{
    free(k->docno);
    free(k->title);
    free(k->body);
    memset(k, 0, sizeof *k);
}

static int has_markup(const char *s)
{
    for (const char *p = strchr(s, '<'); p != NULL; p = strchr(p + 1, '<'))
        if ((p[1] >= 'A' && p[1] <= 'Z') || (p[1] >= 'a' && p[1] <= 'z') || p[1] == '/' ||
            p[1] == '!')
            return 1;
    return 0;
}

static int collect_cb(void *ctx, const formats_doc *d, util_error *err)
{
    collect *c = ctx;
    c->n++;
    if (c->stop_at > 0 && c->n == c->stop_at)
        return util_error_set(err, UTIL_EXIT_DATA, NULL, 0, "stopped");
    /* The body is a C string of body_len bytes. */
    assert_int_equal(strlen(d->body), d->body_len);
    assert_true(d->docno[0] != '\0');
    if (has_markup(d->body) || has_markup(d->title))
        c->with_markup++;
    if (c->n <= 32)
        keep(&c->docs[c->n - 1], d);
    if (c->find != NULL && strcmp(d->docno, c->find) == 0)
        keep(&c->found, d);
    return 0;
}

static void collect_free(collect *c)
{
    for (size_t i = 0; i < 32; i++)
        kept_free(&c->docs[i]);
    kept_free(&c->found);
    memset(c, 0, sizeof *c);
}

static int read_ok(const char *path, formats_docs_format fmt, collect *c, formats_docs_stats *st)
{
    util_error err = { 0, "" };
    int rc = formats_docs_read(path, fmt, collect_cb, c, st, &err);
    if (rc != 0)
        fail_msg("%s: %s", path, err.msg);
    return rc;
}

/* ---- made-up files ---- */

static void test_format_parse(void **state)
{
    (void)state;
    formats_docs_format f = FORMATS_DOCS_TREC;
    assert_int_equal(formats_docs_format_parse("auto", &f), 0);
    assert_int_equal(f, FORMATS_DOCS_AUTO);
    assert_int_equal(formats_docs_format_parse("trec", &f), 0);
    assert_int_equal(f, FORMATS_DOCS_TREC);
    assert_int_equal(formats_docs_format_parse("jsonl", &f), 0);
    assert_int_equal(f, FORMATS_DOCS_JSONL);
    assert_int_equal(formats_docs_format_parse("tsv", &f), 0);
    assert_int_equal(f, FORMATS_DOCS_TSV);
    assert_int_equal(formats_docs_format_parse("json", &f), -1);
    assert_int_equal(formats_docs_format_parse("TREC", &f), -1);
    assert_int_equal(formats_docs_format_parse("", &f), -1);
}

static void test_trec(void **state)
{
    (void)state;
    static const char text[] =
        "<DOC id=\"a1\" lang=en>\n"
        "<DOCNO> D-1 </DOCNO>\n"
        "<DOCID> 77 </DOCID>\n"
        "<HEADLINE>\n"
        "<P>Big   news &amp; more</P>\n"
        "</HEADLINE>\n"
        "<TITLE>Not this one</TITLE>\n"
        "<TEXT type=\"main\">\n"
        "<P>\n"
        "First   paragraph,\twith tabs  \n"
        "and a second line.\n"
        "</P>\n"
        "<!-- a comment\n"
        "over two lines -->\n"
        "\n"
        "<P>Second &lt;para&gt; &quot;q&quot; &apos;s&apos; &#65;&#x42;&#X43; &#233; &#x1F600; "
        "&#0; &#xD800; &unknown; AT&T 3 < 4 \x1b[31m</P>\n"
        "</TEXT>\n"
        "<text>\n"
        "Third block.\n"
        "</text>\n"
        "</DOC>\n"
        "\n"
        "<doc><docno>D-2</docno><title>Only\n title</title>Body without text\n"
        "line two</doc>   <DOC>\n"
        "<DOCNO>D-3</DOCNO>\n"
        "<HL>hl title</HL>\n"
        "<HEAD>head title</HEAD>\n"
        "</DOC >\n";
    const char *p = WRITE("fixture.trec", text);
    collect c;
    memset(&c, 0, sizeof c);
    formats_docs_stats st;
    for (int fmt = FORMATS_DOCS_AUTO; fmt <= FORMATS_DOCS_TREC; fmt++) {
        read_ok(p, (formats_docs_format)fmt, &c, &st);
        assert_int_equal(c.n, 3);
        assert_int_equal(st.docs, 3);
        assert_int_equal(st.bytes, sizeof text - 1);
        /* &#0; and &#xD800; are not characters. */
        assert_int_equal(st.repaired, 2);
        assert_int_equal(c.with_markup, 1); /* "<para>", written &lt;para&gt; */
        kept_doc *d = &c.docs[0];
        assert_string_equal(d->docno, "D-1");
        assert_int_equal(d->line, 1);
        /* The first of HEADLINE, TITLE, HEAD, HL; markup stripped, spaces collapsed. */
        assert_string_equal(d->title, "Big news & more");
        /* The TEXT elements, a blank line between them; control characters kept. */
        assert_string_equal(d->body,
                            "First paragraph, with tabs\n"
                            "and a second line.\n"
                            "\n"
                            "Second <para> \"q\" 's' ABC \xC3\xA9 \xF0\x9F\x98\x80 "
                            "\xEF\xBF\xBD \xEF\xBF\xBD &unknown; AT&T 3 < 4 \x1b[31m\n"
                            "\n"
                            "Third block.");
        d = &c.docs[1];
        assert_string_equal(d->docno, "D-2");
        assert_int_equal(d->line, 23);
        assert_string_equal(d->title, "Only title");
        /* No TEXT: the content less the docno and the title. */
        assert_string_equal(d->body, "Body without text\nline two");
        d = &c.docs[2];
        assert_string_equal(d->docno, "D-3");
        assert_int_equal(d->line, 25);
        assert_string_equal(d->title, "head title");
        assert_string_equal(d->body, "hl title");
        collect_free(&c);
    }
}

static void test_trec_crlf(void **state)
{
    (void)state;
    const char *p = WRITE("crlf.trec", "<DOC>\r\n<DOCNO>C1</DOCNO>\r\n<TITLE>A\r\ntitle</TITLE>\r\n"
                                       "<TEXT>\r\nline one\r\nline two\r\n</TEXT>\r\n</DOC>\r\n");
    collect c;
    memset(&c, 0, sizeof c);
    formats_docs_stats st;
    read_ok(p, FORMATS_DOCS_AUTO, &c, &st);
    assert_int_equal(c.n, 1);
    assert_string_equal(c.docs[0].docno, "C1");
    assert_string_equal(c.docs[0].title, "A title");
    assert_string_equal(c.docs[0].body, "line one\nline two");
    collect_free(&c);
}

static void test_invalid_utf8(void **state)
{
    (void)state;
    /* A stray continuation byte, a truncated sequence, an overlong '/', a surrogate, a value
     * above U+10FFFF, an invalid lead byte; then valid 2-, 3- and 4-byte characters. */
    const char *p = WRITE("utf8.trec", "<DOC><DOCNO>U\xE9</DOCNO><TEXT>a\x80"
                                       "b \xE2\x82 c \xC0\xAF d "
                                       "\xED\xA0\x80 e \xF4\x90\x80\x80 f \xFF g "
                                       "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80</TEXT></DOC>\n");
    collect c;
    memset(&c, 0, sizeof c);
    formats_docs_stats st;
    read_ok(p, FORMATS_DOCS_TREC, &c, &st);
    assert_int_equal(c.n, 1);
    assert_string_equal(c.docs[0].docno, "U\xEF\xBF\xBD");
#define R "\xEF\xBF\xBD"
    assert_string_equal(c.docs[0].body, "a" R "b " R " c " R R " d " R R R " e " R R R R " f " R
                                        " g \xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80");
    assert_int_equal(st.repaired, 1 + 1 + 1 + 2 + 3 + 4 + 1);
    collect_free(&c);

    /* The same in JSONL and TSV, where the bytes are repaired before parsing. */
    p = WRITE("utf8.jsonl", "{\"id\": \"j\xFF\", \"text\": \"x\xC0\xAFy\"}\n");
    read_ok(p, FORMATS_DOCS_AUTO, &c, &st);
    assert_string_equal(c.docs[0].docno, "j" R);
    assert_string_equal(c.docs[0].body, "x" R R "y");
    assert_int_equal(st.repaired, 3);
    collect_free(&c);
    p = WRITE("utf8.tsv", "t\xED\xBF\xBF\tz\xF8z\n");
    read_ok(p, FORMATS_DOCS_TSV, &c, &st);
    assert_string_equal(c.docs[0].docno, "t" R R R);
    assert_string_equal(c.docs[0].body, "z" R "z");
    assert_int_equal(st.repaired, 4);
    collect_free(&c);
#undef R
}

static void test_jsonl(void **state)
{
    (void)state;
    static const char text[] =
        "{\"id\": \"j1\", \"title\": \"T\\u00e9st\", \"contents\": \"caf\\u00E9 \\ud83d\\ude00 "
        "\\\"q\\\" \\\\ \\/ \\n\\t\\b\\f\\r\\u001b\", \"extra\": {\"a\": [1, 2.5e3, -0.5, "
        "-0, 1E+2, true, false, null, {\"b\": \"}\"}, []], \"c\": {}}, \"more\": [[[]]]}\n"
        "{\"docno\": 42, \"text\": \"numeric id\"}\r\n"
        "   \n"
        "\t{ \"_id\" : \"j3\" , \"body\" : \"x\" , \"title\" : null }  \n"
        "{\"id\": \"j4\", \"contents\": \"lone \\ud800 high, \\udc00 low, \\ud800\\u0041\"}\n"
        "{\"id\":\"j5\",\"docno\":\"ignored\",\"text\":\"t\",\"contents\":\"c\",\"body\":null}\n"
        "{\"\\u0069d\": \"j6\"}";
    const char *p = WRITE("fixture.jsonl", text);
    collect c;
    memset(&c, 0, sizeof c);
    formats_docs_stats st;
    for (int fmt = FORMATS_DOCS_AUTO; fmt <= FORMATS_DOCS_JSONL; fmt += FORMATS_DOCS_JSONL) {
        read_ok(p, (formats_docs_format)fmt, &c, &st);
        assert_int_equal(c.n, 6);
        assert_int_equal(st.repaired, 3);
        /* One byte per line end: the CR of line 2 is not counted, the missing newline
         * of the last line is. */
        assert_int_equal(st.bytes, sizeof text - 1);
        kept_doc *d = c.docs;
        assert_string_equal(d[0].docno, "j1");
        assert_string_equal(d[0].title, "T\xC3\xA9st");
        assert_string_equal(d[0].body, "caf\xC3\xA9 \xF0\x9F\x98\x80 \"q\" \\ / \n\t\b\f\r\x1b");
        assert_int_equal(d[0].line, 1);
        assert_string_equal(d[1].docno, "42");
        assert_string_equal(d[1].body, "numeric id");
        assert_string_equal(d[1].title, "");
        assert_string_equal(d[2].docno, "j3");
        assert_int_equal(d[2].line, 4);
        assert_string_equal(d[2].title, "");
        assert_string_equal(d[2].body, "x");
        assert_string_equal(d[3].body,
                            "lone \xEF\xBF\xBD high, \xEF\xBF\xBD low, \xEF\xBF\xBD" "A");
        /* id before docno before _id; contents before text before body. */
        assert_string_equal(d[4].docno, "j5");
        assert_string_equal(d[4].body, "c");
        assert_string_equal(d[5].docno, "j6");
        assert_string_equal(d[5].body, "");
        collect_free(&c);
    }
}

static void test_tsv(void **state)
{
    (void)state;
    const char *p = WRITE("fixture.tsv", "t1\tbody one\r\n\nt2\tbody\twith a tab\nt3\t\n");
    collect c;
    memset(&c, 0, sizeof c);
    formats_docs_stats st;
    read_ok(p, FORMATS_DOCS_AUTO, &c, &st);
    assert_int_equal(c.n, 3);
    assert_string_equal(c.docs[0].docno, "t1");
    assert_string_equal(c.docs[0].body, "body one");
    assert_string_equal(c.docs[0].title, "");
    assert_string_equal(c.docs[1].docno, "t2");
    assert_string_equal(c.docs[1].body, "body\twith a tab");
    assert_int_equal(c.docs[1].line, 3);
    assert_string_equal(c.docs[2].body, "");
    collect_free(&c);
}

static void expect_error(const char *name, const char *text, size_t len,
                         formats_docs_format fmt, const char *want)
{
    const char *p = write_file(name, text, len);
    collect c;
    memset(&c, 0, sizeof c);
    util_error err = { 0, "" };
    int rc = formats_docs_read(p, fmt, collect_cb, &c, NULL, &err);
    collect_free(&c);
    if (rc != -1)
        fail_msg("%s: accepted", name);
    assert_int_equal(err.code, UTIL_EXIT_INPUT);
    if (strstr(err.msg, want) == NULL)
        fail_msg("%s: message '%s' lacks '%s'", name, err.msg, want);
    if (strstr(err.msg, name) == NULL)
        fail_msg("%s: message '%s' does not name the file", name, err.msg);
}

#define BAD(name, fmt, text, want) expect_error(name, text, sizeof(text) - 1, fmt, want)

static void test_trec_bad(void **state)
{
    (void)state;
    const formats_docs_format T = FORMATS_DOCS_TREC, A = FORMATS_DOCS_AUTO;
    BAD("nodocno.trec", A, "<DOC>\n<DOCNO>a</DOCNO>\n</DOC>\n<DOC>\n<TEXT>x</TEXT>\n</DOC>\n",
        ":4: document without a docno");
    BAD("emptydocno.trec", A, "<DOC><DOCNO> \n </DOCNO></DOC>\n", ":1: document without a docno");
    BAD("spacedocno.trec", A, "<DOC>\n<DOCNO>a b</DOCNO></DOC>\n",
        ":2: docno 'a b' contains white space");
    BAD("ctrldocno.trec", A, "<DOC>\n<DOCNO>a\x1b[2Jb\tc</DOCNO></DOC>\n",
        ":2: docno 'a?[2Jb?c' contains white space");
    BAD("twodocno.trec", A, "<DOC>\n<DOCNO>a</DOCNO>\n<DOCNO>b</DOCNO>\n</DOC>\n",
        ":3: second <DOCNO> in a document (the first is at line 2)");
    BAD("opendocno.trec", A, "<DOC>\n<DOCNO>a\n</DOC>\n", ":2: <DOCNO> without </DOCNO>");
    BAD("unterminated.trec", A, "<DOC>\n<DOCNO>a</DOCNO>\nsome text\n",
        ":1: <DOC> without </DOC> (the file ends first)");
    BAD("newdoc.trec", A, "<DOC>\n<DOCNO>a</DOCNO>\n</DOC>\n<DOC>\n<DOCNO>b</DOCNO>\n"
        "<DOC>\n<DOCNO>c</DOCNO>\n</DOC>\n",
        ":4: <DOC> without </DOC> (a new <DOC> starts at line 6)");
    BAD("opentext.trec", A, "<DOC>\n<DOCNO>a</DOCNO>\n<TEXT>\nx\n</DOC>\n",
        ":3: <TEXT> without </TEXT>");
    BAD("outside.trec", T, "junk\n<DOC>\n<DOCNO>a</DOCNO>\n</DOC>\n",
        ":1: text outside <DOC>...</DOC>: 'junk'");
    /* Messages show no control characters and no invalid UTF-8, and stay short. */
    BAD("outside8.trec", T,
        "\x9b" "31m \x1b[2J junk \xC2\x9b\xC3\xA9 and a long tail to be cut short\n",
        ":1: text outside <DOC>...</DOC>: '?31m ?[2J junk ?\xC3\xA9 and a long tail to be...'");
    BAD("after.trec", T, "<DOC>\n<DOCNO>a</DOCNO>\n</DOC> trailing\n", ":3: text outside <DOC>");
    BAD("close.trec", T, "</DOC>\n", ":1: </DOC> without <DOC>");
    BAD("splittag.trec", T, "<DOC\nid=1>\n<DOCNO>a</DOCNO>\n</DOC>\n",
        ":1: <DOC> tag does not end on its line");
    BAD("nul.trec", A, "<DOC>\n<DOCNO>a</DOCNO>\nx\0y\n</DOC>\n", ":3: NUL byte");
    BAD("empty.trec", A, "", "no documents");
    BAD("blank.trec", A, "\n  \n\r\n", "no documents");
    BAD("unknown.txt", A, "\nhello world\n", ":2: cannot tell the format");
    BAD("nodocs.trec", T, "\n\n", "no documents");

    collect c;
    memset(&c, 0, sizeof c);
    util_error err = { 0, "" };
    assert_int_equal(formats_docs_read(dir, FORMATS_DOCS_AUTO, collect_cb, &c, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "is a directory"));
    assert_int_equal(formats_docs_read("/nonexistent/docs.trec", FORMATS_DOCS_AUTO, collect_cb, &c,
                                       NULL, &err), -1);
    assert_non_null(strstr(err.msg, "/nonexistent/docs.trec: cannot open"));
    collect_free(&c);
}

static void test_jsonl_bad(void **state)
{
    (void)state;
    const formats_docs_format J = FORMATS_DOCS_JSONL, A = FORMATS_DOCS_AUTO;
    BAD("comma.jsonl", A, "{\"id\":\"a\",}\n",
        ":1: malformed JSON at column 11: expected a string key");
    BAD("second.jsonl", A, "{\"id\":\"a\"}\n{\"id\": \"b\" \"text\": \"x\"}\n",
        ":2: malformed JSON at column 12: expected ',' or '}'");
    BAD("string.jsonl", A, "{\"id\":\"a\n", ":1: malformed JSON at column 9: unterminated string");
    BAD("escape.jsonl", A, "{\"id\":\"a\\q\"}\n", "invalid escape");
    BAD("hex.jsonl", A, "{\"id\":\"\\u12G4\"}\n", "4 hexadecimal digits");
    BAD("ctrl.jsonl", A, "{\"id\":\"a\",\"text\":\"x\ty\"}\n", "control character in a string");
    BAD("after.jsonl", A, "{\"id\":\"a\"} x\n", "text after the object");
    BAD("array.jsonl", J, "[\"a\"]\n", ":1: malformed JSON at column 1: expected an object");
    BAD("noid.jsonl", A, "{\"contents\":\"x\"}\n", ":1: document without a docno");
    BAD("nullid.jsonl", A, "{\"id\":null,\"text\":\"x\"}\n", ":1: document without a docno");
    BAD("objid.jsonl", A, "{\"id\":{}}\n", "\"id\" must be a string or a number");
    BAD("booltext.jsonl", A, "{\"id\":\"a\",\"text\":true}\n", "\"text\" must be a string");
    BAD("twice.jsonl", A, "{\"id\":\"a\",\"id\":\"b\"}\n", "key \"id\" given twice");
    BAD("nul.jsonl", A, "{\"id\":\"a\",\"text\":\"x\\u0000\"}\n", "(NUL) in a string");
    BAD("rawnul.jsonl", A, "{\"id\":\"a\",\"text\":\"x\0\"}\n", ":1: NUL byte");
    BAD("number.jsonl", A, "{\"id\":\"a\",\"n\":01}\n", "expected ',' or '}'");
    BAD("number2.jsonl", A, "{\"id\":\"a\",\"n\":1.}\n", "invalid number");
    BAD("number3.jsonl", A, "{\"id\":\"a\",\"n\":+1}\n", "expected a value");
    BAD("literal.jsonl", A, "{\"id\":\"a\",\"n\":nul}\n", "expected a value");
    BAD("array2.jsonl", A, "{\"id\":\"a\",\"x\":[1,2}\n", "expected ',' or ']'");
    BAD("open.jsonl", A, "{\"id\":\"a\",\"x\":[1,2\n", "expected ',' or ']'");
    BAD("colon.jsonl", A, "{\"id\" \"a\"}\n", "expected ':' after a key");
    BAD("space.jsonl", A, "{\"id\":\"a b\"}\n", "docno 'a b' contains white space");
    char deep[700];
    int n = snprintf(deep, sizeof deep, "{\"id\":\"a\",\"x\":");
    memset(deep + n, '[', 300);
    memcpy(deep + n + 300, "\n", 2);
    expect_error("deep.jsonl", deep, strlen(deep), A, "nested too deeply");
    BAD("notab.tsv", FORMATS_DOCS_TSV, "a\tb\nnoid\n", ":2: expected id<TAB>text");
    BAD("emptyid.tsv", FORMATS_DOCS_TSV, "\tbody\n", ":1: document without a docno");
}

static void test_gzip(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s/docs.trec.gz", dir);
    gzFile gz = gzopen(path, "wb");
    assert_non_null(gz);
    uint64_t bytes = 0;
    for (int i = 0; i < 5000; i++)
        bytes += (uint64_t)gzprintf(gz, "<DOC>\n<DOCNO>GZ-%05d</DOCNO>\n"
                                         "<HEADLINE>Headline %d</HEADLINE>\n<TEXT>\n"
                                         "Body of document %d.\n</TEXT>\n</DOC>\n", i, i, i);
    gzclose(gz);
    collect c;
    memset(&c, 0, sizeof c);
    c.find = "GZ-04321";
    formats_docs_stats st;
    read_ok(path, FORMATS_DOCS_AUTO, &c, &st);
    assert_int_equal(c.n, 5000);
    assert_int_equal(st.bytes, bytes);
    assert_string_equal(c.found.title, "Headline 4321");
    assert_string_equal(c.found.body, "Body of document 4321.");
    assert_int_equal(c.found.line, 4321 * 7 + 1);
    collect_free(&c);

    snprintf(path, sizeof path, "%s/docs.jsonl", dir); /* gzip whatever the name says */
    gz = gzopen(path, "wb");
    for (int i = 0; i < 3000; i++)
        gzprintf(gz, "{\"id\": \"J%d\", \"contents\": \"text %d\"}\n", i, i);
    gzclose(gz);
    memset(&c, 0, sizeof c);
    c.find = "J2999";
    read_ok(path, FORMATS_DOCS_AUTO, &c, &st);
    assert_int_equal(c.n, 3000);
    assert_string_equal(c.found.body, "text 2999");
    collect_free(&c);
}

static void test_stop(void **state)
{
    (void)state;
    const char *p = WRITE("stop.tsv", "a\t1\nb\t2\nc\t3\n");
    collect c;
    memset(&c, 0, sizeof c);
    c.stop_at = 2;
    util_error err = { 0, "" };
    formats_docs_stats st;
    assert_int_equal(formats_docs_read(p, FORMATS_DOCS_AUTO, collect_cb, &c, &st, &err), -1);
    assert_string_equal(err.msg, "stopped");
    assert_int_equal(err.code, UTIL_EXIT_DATA);
    assert_int_equal(c.n, 2);
    collect_free(&c);
}

/* ---- the real files in ../shared (skipped when absent) ---- */

static int shared_path(char *out, size_t n, const char *rel)
{
    const char *top = getenv("abs_top_srcdir");
    snprintf(out, n, "%s/../shared/data/%s", top != NULL ? top : ".", rel);
    if (access(out, R_OK) != 0) {
        printf("SKIP: %s is absent (the shared data lives beside the source tree)\n", out);
        return -1;
    }
    return 0;
}

static void test_real_vaswani(void **state)
{
    (void)state;
    char path[4096];
    if (shared_path(path, sizeof path, "vaswani_npl/doc-text.trec") != 0)
        skip();
    collect c;
    memset(&c, 0, sizeof c);
    c.find = "11429";
    formats_docs_stats st;
    read_ok(path, FORMATS_DOCS_AUTO, &c, &st);
    assert_int_equal(c.n, 11429);
    assert_int_equal(st.docs, 11429);
    assert_int_equal(st.repaired, 0);
    assert_int_equal(c.with_markup, 0);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal(st.bytes, (uint64_t)sb.st_size);
    assert_string_equal(c.docs[0].docno, "1");
    assert_string_equal(c.docs[0].title, "");
    assert_string_equal(c.docs[0].body,
                        "compact memories have flexible capacities a digital data storage\n"
                        "system with capacity up to bits and random and or sequential access\n"
                        "is described");
    assert_string_equal(c.docs[1].docno, "2");
    assert_int_equal(c.docs[1].line, 7);
    assert_non_null(c.found.docno);
    collect_free(&c);
}

static void test_real_cacm(void **state)
{
    (void)state;
    char path[4096];
    if (shared_path(path, sizeof path, "cacm/cacm.jsonl") != 0)
        skip();
    collect c;
    memset(&c, 0, sizeof c);
    c.find = "CACM-2274";
    formats_docs_stats st;
    read_ok(path, FORMATS_DOCS_AUTO, &c, &st);
    assert_int_equal(c.n, 3204);
    assert_int_equal(st.repaired, 0);
    assert_string_equal(c.docs[0].docno, "CACM-2636");
    assert_string_equal(c.docs[0].title, "");
    const char *want = "Generation of Random Correlated Normal Variables";
    assert_true(strncmp(c.docs[0].body, want, strlen(want)) == 0);
    assert_true(c.docs[0].body[c.docs[0].body_len - 1] == '\n');
    want = "Generating English Discourse from Semantic Networks";
    assert_true(strncmp(c.found.body, want, strlen(want)) == 0);
    collect_free(&c);
    read_ok(path, FORMATS_DOCS_JSONL, &c, &st);
    assert_int_equal(c.n, 3204);
    collect_free(&c);
}

static void test_real_fr94(void **state)
{
    (void)state;
    char path[4096];
    if (shared_path(path, sizeof path, "trec_sgml_docs/fr940106.2.head6docs.trec") != 0)
        skip();
    collect c;
    memset(&c, 0, sizeof c);
    c.find = "FR940106-2-00004";
    formats_docs_stats st;
    read_ok(path, FORMATS_DOCS_AUTO, &c, &st);
    assert_int_equal(c.n, 6);
    assert_int_equal(c.with_markup, 0);
    assert_string_equal(c.docs[0].docno, "FR940106-2-00001");
    assert_string_equal(c.docs[5].docno, "FR940106-2-00006");
    kept_doc *d = &c.found;
    assert_non_null(d->docno);
    assert_string_equal(d->title, "");
    const char *want = "Forest Service\n\nEnvironmental Impact Statement for the Mad River";
    assert_true(strncmp(d->body, want, strlen(want)) == 0);
    assert_non_null(strstr(d->body, "\n\nAGENCY:\n\nForest Service, USDA.\n"));
    assert_null(strstr(d->body, "PJG"));
    assert_null(strstr(d->body, "\n\n\n"));
    /* The first document has only the masthead. */
    assert_non_null(strstr(c.docs[0].body, "Federal Register"));
    collect_free(&c);
}

static void test_real_shakespeare(void **state)
{
    (void)state;
    char path[4096];
    size_t total = 0;
    for (int part = 1; part <= 2; part++) {
        char rel[128];
        snprintf(rel, sizeof rel,
                 "trec_sgml_docs/terrier_shakespeare/shakespeare-merchant.trec.%d", part);
        if (shared_path(path, sizeof path, rel) != 0)
            skip();
        collect c;
        memset(&c, 0, sizeof c);
        formats_docs_stats st;
        c.find = part == 1 ? "SHK-MOV-interval" : "SHK-MOV-V-I";
        read_ok(path, FORMATS_DOCS_AUTO, &c, &st);
        assert_int_equal(c.n, part == 1 ? 14 : 8);
        assert_int_equal(c.with_markup, 0);
        total += c.n;
        if (part == 1) {
            assert_string_equal(c.docs[0].docno, "SHK-MOV-0-0");
            assert_string_equal(c.docs[0].title, "THE MERCHANT OF VENICE");
            const char *want = "DRAMATIS PERSONAE\n\nThe DUKE OF VENICE. (DUKE:)\n\n";
            assert_true(strncmp(c.docs[0].body, want, strlen(want)) == 0);
            assert_string_equal(c.docs[1].docno, "SHK-MOV-I-I");
            assert_int_equal(c.docs[1].line, 61);
            assert_string_equal(c.docs[1].title, "ACT I SCENE I Venice. A street.");
            want = "[Enter ANTONIO, SALARINO, and SALANIO]\n\n"
                   "ANTONIO In sooth, I know not why I am so sad:\n"
                   "It wearies me;";
            assert_true(strncmp(c.docs[1].body, want, strlen(want)) == 0);
            /* An empty document: a comment only. */
            assert_string_equal(c.found.title, "");
            assert_string_equal(c.found.body, "");
        } else {
            assert_non_null(c.found.docno);
            assert_true(strncmp(c.found.title, "ACT V SCENE I", 13) == 0);
        }
        collect_free(&c);
    }
    assert_int_equal(total, 22);
}

static int setup(void **state)
{
    (void)state;
    return mkdtemp(dir) == NULL ? -1 : 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format_parse),
        cmocka_unit_test(test_trec),
        cmocka_unit_test(test_trec_crlf),
        cmocka_unit_test(test_invalid_utf8),
        cmocka_unit_test(test_jsonl),
        cmocka_unit_test(test_tsv),
        cmocka_unit_test(test_trec_bad),
        cmocka_unit_test(test_jsonl_bad),
        cmocka_unit_test(test_gzip),
        cmocka_unit_test(test_stop),
        cmocka_unit_test(test_real_vaswani),
        cmocka_unit_test(test_real_cacm),
        cmocka_unit_test(test_real_fr94),
        cmocka_unit_test(test_real_shakespeare),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
