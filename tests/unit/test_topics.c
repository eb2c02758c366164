/* test_topics.c: cmocka tests of the topic reader: formats, hostile XML, bad input, real files. */
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

static char dir[] = "/tmp/tj-test-topics-XXXXXX";

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

/* ---- a copy of what the reader hands over ---- */

typedef struct got_field {
    char *field, *lang, *text;
} got_field;

typedef struct got_topic {
    char *qid;
    long line;
    got_field *fields;
    size_t nfields;
} got_topic;

typedef struct got {
    got_topic *topics;
    size_t n;
    size_t stop_at;   /* the callback fails on this topic (1-based); 0 = never */
} got;

static int collect_cb(void *ctx, const formats_topic *t, util_error *err)
{
    got *g = ctx;
    if (g->stop_at != 0 && g->n + 1 == g->stop_at)
        return util_error_set(err, UTIL_EXIT_DATA, NULL, 0, "stopped at %s", t->qid);
    g->topics = realloc(g->topics, (g->n + 1) * sizeof *g->topics);
    assert_non_null(g->topics);
    got_topic *c = &g->topics[g->n++];
    c->qid = strdup(t->qid);
    c->line = t->line;
    c->nfields = t->nfields;
    c->fields = calloc(t->nfields + 1, sizeof *c->fields);
    for (size_t i = 0; i < t->nfields; i++) {
        c->fields[i].field = strdup(t->fields[i].field);
        c->fields[i].lang = strdup(t->fields[i].lang);
        c->fields[i].text = strdup(t->fields[i].text);
    }
    return 0;
}

static void got_free(got *g)
{
    for (size_t i = 0; i < g->n; i++) {
        for (size_t k = 0; k < g->topics[i].nfields; k++) {
            free(g->topics[i].fields[k].field);
            free(g->topics[i].fields[k].lang);
            free(g->topics[i].fields[k].text);
        }
        free(g->topics[i].fields);
        free(g->topics[i].qid);
    }
    free(g->topics);
    memset(g, 0, sizeof *g);
}

static int read_topics(const char *path, formats_topics_format fmt, got *g, util_error *err)
{
    got_free(g);
    err->code = 0;
    err->msg[0] = '\0';
    return formats_topics_read(path, fmt, collect_cb, g, err);
}

static const got_topic *topic(const got *g, const char *qid)
{
    for (size_t i = 0; i < g->n; i++)
        if (strcmp(g->topics[i].qid, qid) == 0)
            return &g->topics[i];
    fail_msg("topic '%s' not read", qid);
    return NULL;
}

/* The text of the first field called name (with language lang, unless NULL), or NULL. */
static const char *field(const got_topic *t, const char *name, const char *lang)
{
    for (size_t i = 0; i < t->nfields; i++)
        if (strcmp(t->fields[i].field, name) == 0 &&
            (lang == NULL || strcmp(t->fields[i].lang, lang) == 0))
            return t->fields[i].text;
    return NULL;
}

static void expect_ok(const char *path, formats_topics_format fmt, got *g, size_t ntopics)
{
    util_error err;
    if (read_topics(path, fmt, g, &err) != 0)
        fail_msg("%s: %s", path, err.msg);
    if (g->n != ntopics)
        fail_msg("%s: %zu topics, expected %zu", path, g->n, ntopics);
}

/* Fails unless reading text (as fmt) is refused with a message that names the file and
 * contains want. */
static void expect_error(const char *name, const char *text, size_t len, formats_topics_format fmt,
                         const char *want)
{
    const char *p = write_file(name, text, len);
    got g = { 0 };
    util_error err;
    if (read_topics(p, fmt, &g, &err) == 0)
        fail_msg("%s: accepted (%zu topics)", name, g.n);
    got_free(&g);
    if (err.code != UTIL_EXIT_INPUT)
        fail_msg("%s: exit code %d, message '%s'", name, err.code, err.msg);
    if (strstr(err.msg, want) == NULL)
        fail_msg("%s: message '%s' lacks '%s'", name, err.msg, want);
    if (strstr(err.msg, name) == NULL)
        fail_msg("%s: message '%s' does not name the file", name, err.msg);
}

#define BAD(name, text, fmt, want) expect_error(name, text, sizeof(text) - 1, fmt, want)

/* ---- formats ---- */

static void test_format_parse(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        formats_topics_format fmt;
    } ok[] = {
        { "auto", FORMATS_TOPICS_AUTO }, { "clef", FORMATS_TOPICS_CLEF_XML },
        { "covid", FORMATS_TOPICS_COVID_XML }, { "ehealth", FORMATS_TOPICS_EHEALTH_XML },
        { "trec", FORMATS_TOPICS_TREC_SGML }, { "tsv", FORMATS_TOPICS_TSV },
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        formats_topics_format f =
            ok[i].fmt == FORMATS_TOPICS_TSV ? FORMATS_TOPICS_AUTO : FORMATS_TOPICS_TSV;
        assert_int_equal(formats_topics_format_parse(ok[i].name, &f), 0);
        assert_int_equal(f, ok[i].fmt);
    }
    formats_topics_format f = FORMATS_TOPICS_CLEF_XML;
    assert_int_equal(formats_topics_format_parse("xml", &f), -1);
    assert_int_equal(formats_topics_format_parse("TREC", &f), -1);
    assert_int_equal(formats_topics_format_parse("", &f), -1);
    assert_int_equal(f, FORMATS_TOPICS_CLEF_XML);
}

static const char trec_text[] =
    "<top>\n"
    "\n"
    "<num> Number: 401 \n"
    "<title> foreign minorities, Germany \n"
    "\n"
    "<desc> Description: \n"
    "What language and cultural differences impede the integration \n"
    "of foreign minorities in Germany?\n"
    "\n"
    "<narr> Narrative: \n"
    "R&D is relevant when a < b; <i>italics</i>\n"
    "</top>\n"
    "\n"
    "<top>\n"
    "<num>402</num>\n"
    "<title>\n"
    "behavioral genetics\n"
    "</title>\n"
    "<desc> Description:\n"
    "What is happening?\n"
    "</desc>\n"
    "<narr> Narrative\n"
    "The label stands alone on its line.\n"
    "</narr>\n"
    "</top>\n"
    "<top>\n"
    "<head> Tipster Topic Description\n"
    "<num> Number:  051 \n"
    "<dom> Domain:  International Economics\n"
    "<title> Topic:  Airbus Subsidies\n"
    "<desc> Description:\n"
    "Document will discuss government assistance to Airbus Industrie.\n"
    "<smry> Summary:\n"
    "Document will discuss assistance to Airbus.\n"
    "<con> Concept(s)\n"
    "1. Airbus Industrie\n"
    "<fac> Factor(s):\n"
    "<nat> Nationality: U.S.\n"
    "</fac>\n"
    "<def> Definition(s):\n"
    "</top>\n"
    "<TOP LANG='hi'><NUM>176</NUM><TITLE>वाई एस आर रेड्डी की मौत</TITLE>"
    "<desc lang=\"en\">Death of YSR Reddy</desc></TOP>\n"
    "<top><num>C041</num><EN-title>Pesticides in Baby Food</EN-title>"
    "<FR-desc>Trouver des articles.</FR-desc></top>\n";

static void check_trec_text(const got *g)
{
    assert_int_equal(g->n, 5);
    const got_topic *t = &g->topics[0];
    assert_string_equal(t->qid, "401");
    assert_int_equal(t->line, 1);
    assert_int_equal(t->nfields, 4);
    assert_string_equal(field(t, "title", ""), "foreign minorities, Germany");
    assert_string_equal(field(t, "description", ""),
                        "What language and cultural differences impede the integration of "
                        "foreign minorities in Germany?");
    assert_string_equal(field(t, "narrative", ""), "R&D is relevant when a < b;");
    assert_string_equal(field(t, "i", ""), "italics");
    assert_string_equal(t->fields[3].field, "i");

    t = &g->topics[1];
    assert_string_equal(t->qid, "402");
    assert_int_equal(t->line, 14);
    assert_int_equal(t->nfields, 3);
    assert_string_equal(field(t, "title", ""), "behavioral genetics");
    assert_string_equal(field(t, "description", ""), "What is happening?");
    assert_string_equal(field(t, "narrative", ""), "The label stands alone on its line.");

    /* Tipster: "051" is topic 51, as TREC's qrels have it; labels go, empty fields too. */
    t = &g->topics[2];
    assert_string_equal(t->qid, "51");
    assert_string_equal(field(t, "head", ""), "Tipster Topic Description");
    assert_string_equal(field(t, "dom", ""), "International Economics");
    assert_string_equal(field(t, "title", ""), "Airbus Subsidies");
    assert_string_equal(field(t, "description", ""),
                        "Document will discuss government assistance to Airbus Industrie.");
    assert_string_equal(field(t, "smry", ""), "Document will discuss assistance to Airbus.");
    assert_string_equal(field(t, "con", ""), "1. Airbus Industrie");
    assert_string_equal(field(t, "nat", ""), "U.S.");
    assert_null(field(t, "fac", NULL));
    assert_null(field(t, "def", NULL));
    assert_int_equal(t->nfields, 7);

    /* <top lang='hi'>: the topic's language, unless a field has its own. */
    t = &g->topics[3];
    assert_string_equal(t->qid, "176");
    assert_string_equal(field(t, "title", "hi"), "वाई एस आर रेड्डी की मौत");
    assert_string_equal(field(t, "description", "en"), "Death of YSR Reddy");

    /* Old CLEF: "EN-title" is an English title. */
    t = &g->topics[4];
    assert_string_equal(t->qid, "C041");
    assert_string_equal(field(t, "title", "en"), "Pesticides in Baby Food");
    assert_string_equal(field(t, "description", "fr"), "Trouver des articles.");
}

static void test_trec_sgml(void **state)
{
    (void)state;
    got g = { 0 };
    const char *p = WRITE("trec.txt", trec_text);
    expect_ok(p, FORMATS_TOPICS_AUTO, &g, 5);
    check_trec_text(&g);
    expect_ok(p, FORMATS_TOPICS_TREC_SGML, &g, 5);
    check_trec_text(&g);

    /* The same, gzip-compressed. */
    char path[256];
    snprintf(path, sizeof path, "%s/trec.txt.gz", dir);
    gzFile gz = gzopen(path, "wb");
    assert_non_null(gz);
    assert_int_equal(gzwrite(gz, trec_text, sizeof trec_text - 1), (int)(sizeof trec_text - 1));
    gzclose(gz);
    expect_ok(path, FORMATS_TOPICS_AUTO, &g, 5);
    check_trec_text(&g);

    /* A <top> ends a topic left open (FIRE 2012 Hindi); a wrapper element and an XML
     * declaration around the topics are allowed; CRLF line ends too. */
    p = WRITE("open.txt", "<?xml version='1.0'?>\r\n<topics>\r\n<top>\r\n<num>1</num>\r\n"
                          "<title>one\r\n<top lang='en'>\r\n<num>2</num><title>two</title>\r\n"
                          "</top>\r\n</topics>\r\n");
    expect_ok(p, FORMATS_TOPICS_AUTO, &g, 2);
    assert_string_equal(field(topic(&g, "1"), "title", ""), "one");
    assert_string_equal(field(topic(&g, "2"), "title", "en"), "two");
    assert_int_equal(topic(&g, "2")->line, 6);

    /* Tag names keep '_' (folding it like a letter made it DEL: "query\x7Findex"). */
    p = WRITE("underscore.txt", "<top>\n<num>7</num>\n<QUERY_INDEX>q7</QUERY_INDEX>\n"
                                "<title>seven</title>\n</top>\n");
    expect_ok(p, FORMATS_TOPICS_TREC_SGML, &g, 1);
    const got_topic *t7 = topic(&g, "7");
    for (size_t i = 0; i < t7->nfields; i++)
        assert_null(strchr(t7->fields[i].field, 0x7F));
    assert_string_equal(field(t7, "title", NULL), "seven");
    assert_non_null(field(t7, "query_index", NULL));
    assert_string_equal(field(t7, "query_index", NULL), "q7");
    got_free(&g);
}

static void test_tsv(void **state)
{
    (void)state;
    got g = { 0 };
    const char *p = WRITE("t.tsv", "301-AH\tNestl\xc3\xa9 Brands\n"
                                   "302\t  Consumer \t  Boycotts \r\n\n   \n"
                                   "ACLIA2-CS-0002\t\xe5\x8d\x83\xe9\x87\x8c\n");
    expect_ok(p, FORMATS_TOPICS_AUTO, &g, 3);
    const got_topic *t = topic(&g, "301-AH");
    assert_int_equal(t->nfields, 1);
    assert_string_equal(t->fields[0].field, "title");
    assert_string_equal(t->fields[0].lang, "");
    assert_string_equal(t->fields[0].text, "Nestl\xc3\xa9 Brands");
    assert_string_equal(field(topic(&g, "302"), "title", ""), "Consumer Boycotts");
    assert_int_equal(topic(&g, "302")->line, 2);
    assert_int_equal(topic(&g, "ACLIA2-CS-0002")->line, 5);
    /* Numbers are kept as written in TSV. */
    p = WRITE("z.tsv", "007\tbond\n");
    expect_ok(p, FORMATS_TOPICS_TSV, &g, 1);
    assert_string_equal(g.topics[0].qid, "007");
    got_free(&g);

    BAD("notab.tsv", "1\tone\n2 two\n", FORMATS_TOPICS_TSV, ":2: expected id<TAB>text");
    BAD("notext.tsv", "1\tone\n2\t  \n", FORMATS_TOPICS_TSV, ":2: topic '2' has no text");
    BAD("noid.tsv", "\tone\n", FORMATS_TOPICS_TSV, ":1: empty topic id");
    BAD("spaceid.tsv", "1 2\tone\n", FORMATS_TOPICS_TSV, ":1: topic id '1 2' contains white space");
    BAD("dup.tsv", "1\tone\n2\ttwo\n1\tagain\n", FORMATS_TOPICS_AUTO,
        ":3: topic '1' appears twice (first at line 1)");
    BAD("ctlid.tsv", "a\x1b[31m\tone\n", FORMATS_TOPICS_TSV,
        ":1: topic id contains a control character");
}

static void test_xml_formats(void **state)
{
    (void)state;
    got g = { 0 };
    const char *p = WRITE("covid.xml",
                          "<topics task=\"COVIDSearch 2020\" batch=\"5\">\n"
                          "  <topic number=\"1\">\n"
                          "    <query>coronavirus origin</query>\n"
                          "    <question>what is the origin of COVID-19</question>\n"
                          "    <narrative>seeking range of information</narrative>\n"
                          "  </topic>\n"
                          "  <topic number=\"2\"><query>weather</query></topic>\n"
                          "</topics>\n");
    for (int fmt = 0; fmt < 2; fmt++) {
        expect_ok(p, fmt == 0 ? FORMATS_TOPICS_AUTO : FORMATS_TOPICS_COVID_XML, &g, 2);
        const got_topic *t = topic(&g, "1");
        assert_int_equal(t->line, 2);
        assert_int_equal(t->nfields, 3);
        assert_string_equal(t->fields[0].field, "title");
        assert_string_equal(t->fields[0].text, "coronavirus origin");
        assert_string_equal(t->fields[1].field, "description");
        assert_string_equal(t->fields[1].text, "what is the origin of COVID-19");
        assert_string_equal(t->fields[2].field, "narrative");
        assert_string_equal(field(topic(&g, "2"), "title", ""), "weather");
    }
    /* Read as CLEF, the same file keeps TREC-COVID's own names. */
    expect_ok(p, FORMATS_TOPICS_CLEF_XML, &g, 2);
    assert_string_equal(field(topic(&g, "1"), "query", ""), "coronavirus origin");

    /* CLEF eHealth, with the bare '&' of the real 2016 queries. */
    p = WRITE("ehealth.xml", "<queries>\n<query>\n\t<id> 101001 </id>\n\t<title>cold & flu &amp; "
                             "fever</title>\n\t<url>https://example.org/?a=1&b=2</url>\n</query>\n"
                             "<query><id>101002-cs</id><title>kýla</title></query>\n</queries>\n");
    expect_ok(p, FORMATS_TOPICS_AUTO, &g, 2);
    assert_string_equal(field(topic(&g, "101001"), "title", ""), "cold & flu & fever");
    assert_string_equal(field(topic(&g, "101001"), "url", ""), "https://example.org/?a=1&b=2");
    assert_string_equal(field(topic(&g, "101002-cs"), "title", ""), "kýla");
    expect_ok(p, FORMATS_TOPICS_EHEALTH_XML, &g, 2);
    BAD("ehealth2.xml", "<queries><query><id>1</id><title>t</title></query></queries>",
        FORMATS_TOPICS_CLEF_XML, ":1: unexpected element <query> (expected <topic>)");

    /* A file of one topic; a DTD of its own, entities declared in it and expanded. */
    p = WRITE("one.xml", "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
                         "<!DOCTYPE topic [ <!ENTITY who \"the &lt;WHO&gt;\"> "
                         "<!ENTITY two \"&who; and &who;\"> ]>\n"
                         "<topic><identifier>7</identifier><title lang='en'>report by &two;"
                         "</title></topic>\n");
    expect_ok(p, FORMATS_TOPICS_AUTO, &g, 1);
    assert_string_equal(field(&g.topics[0], "title", "en"), "report by the <WHO> and the <WHO>");
    assert_int_equal(g.topics[0].line, 3);
    got_free(&g);
}

/* Every field of topic 41 of the project's CLEF fixture, in file order. */
static const struct {
    const char *field, *lang, *text;
} topic41[] = {
    { "title", "en", "Pesticides in Baby Food" },
    { "title", "fr", "Pesticides dans les aliments pour bébés" },
    { "title", "it", "Pesticidi negli alimenti per l'infanzia" },
    { "title", "ru", "Пестициды в детском питании" },
    { "title", "zh", "婴儿食品中的农药" },
    { "title", "ja", "ベビーフードに含まれる農薬" },
    { "title", "th", "สารกำจัดศัตรูพืชในอาหารทารก" },
    { "title", "so", "Sunta cayayaanka ee cuntada ilmaha" },
    { "title", "sw", "Viuatilifu katika chakula cha watoto wachanga" },
    { "description", "en", "Find reports on pesticides found in baby food." },
    { "description", "fr",
      "Trouver des articles sur les pesticides découverts dans les aliments pour bébés." },
    { "description", "it",
      "Trovare articoli sui pesticidi scoperti negli alimenti per l'infanzia." },
    { "description", "ru", "Найти сообщения о пестицидах, обнаруженных в детском питании." },
    { "description", "zh", "查找有关在婴儿食品中发现农药的报道。" },
    { "description", "ja", "ベビーフードから検出された農薬に関する報道を探す。" },
    { "description", "th", "ค้นหารายงานเกี่ยวกับสารกำจัดศัตรูพืชที่พบในอาหารทารก" },
    { "description", "so",
      "Raadi warbixinnada ku saabsan sunta cayayaanka laga helay cuntada ilmaha." },
    { "description", "sw",
      "Tafuta ripoti kuhusu viuatilifu vilivyogunduliwa katika chakula cha watoto wachanga." },
    { "narrative", "en",
      "Relevant documents report on pesticide residues discovered in baby food, name the "
      "brands, shops or companies concerned, or discuss measures taken to protect infants "
      "from contaminated food." },
    { "narrative", "fr",
      "Les documents pertinents signalent des résidus de pesticides découverts dans des "
      "aliments pour bébés, citent les marques, magasins ou entreprises concernés, ou "
      "traitent des mesures prises pour protéger les nourrissons contre les aliments "
      "contaminés." },
    { "narrative", "it",
      "I documenti rilevanti riferiscono di residui di pesticidi scoperti negli alimenti per "
      "l'infanzia, citano le marche, i negozi o le aziende coinvolte, oppure discutono le "
      "misure adottate per proteggere i neonati dagli alimenti contaminati." },
    { "narrative", "ru",
      "Релевантные документы сообщают об остатках пестицидов, обнаруженных в детском питании, "
      "называют соответствующие марки, магазины или компании либо обсуждают меры по защите "
      "младенцев от загрязнённых продуктов." },
    { "narrative", "zh",
      "相关文件报道在婴儿食品中发现的农药残留，指出涉及的品牌、商店或公司，或讨论为保护婴儿免"
      "受受污染食品危害而采取的措施。" },
    { "narrative", "ja",
      "適合する文書は、ベビーフードから検出された残留農薬について報じ、関係するブランド、店舗"
      "、企業を挙げるか、汚染された食品から乳児を守るための対策を論じている。" },
    { "narrative", "th",
      "เอกสารที่เกี่ยวข้องรายงานถึงสารกำจัดศัตรูพืชตกค้างที่พบในอาหารทารก ระบุยี่ห้อ ร้านค้า "
      "หรือบริษัทที่เกี่ยวข้อง หรือกล่าวถึงมาตรการที่ใช้เพื่อปกป้องทารกจากอาหารที่ปนเปื้อน" },
    { "narrative", "so",
      "Dukumentiyada khuseeya waxay ka warramaan haraaga sunta cayayaanka ee laga helay "
      "cuntada ilmaha, waxay magacaabaan noocyada, dukaamada ama shirkadaha ay khuseyso, ama "
      "waxay ka hadlaan tallaabooyinka la qaaday si loo ilaaliyo dhallaanka cuntada "
      "wasakhaysan." },
    { "narrative", "sw",
      "Nyaraka husika zinaripoti mabaki ya viuatilifu yaliyogunduliwa katika chakula cha "
      "watoto wachanga, zinataja chapa, maduka au makampuni yanayohusika, au zinajadili hatua "
      "zilizochukuliwa kuwalinda watoto wachanga dhidi ya chakula kilichochafuliwa." },
};

static const char *data_dir(char *buf, size_t n)
{
    const char *d = getenv("TJ_TESTDATA");
    const char *top = getenv("abs_top_srcdir");
    if (d != NULL)
        snprintf(buf, n, "%s", d);
    else if (top != NULL)
        snprintf(buf, n, "%s/tests/data", top);
    else
        snprintf(buf, n, "tests/data");
    return buf;
}

static void test_clef_multilingual(void **state)
{
    (void)state;
    char d[512], path[600];
    snprintf(path, sizeof path, "%s/topics_clef_multilingual.xml", data_dir(d, sizeof d));
    got g = { 0 };
    for (int fmt = 0; fmt < 2; fmt++) {
        expect_ok(path, fmt == 0 ? FORMATS_TOPICS_AUTO : FORMATS_TOPICS_CLEF_XML, &g, 2);
        const got_topic *t = &g.topics[0];
        assert_string_equal(t->qid, "41");
        assert_int_equal(t->line, 4);
        assert_int_equal(t->nfields, sizeof topic41 / sizeof topic41[0]);
        for (size_t i = 0; i < t->nfields; i++) {
            assert_string_equal(t->fields[i].field, topic41[i].field);
            assert_string_equal(t->fields[i].lang, topic41[i].lang);
            assert_string_equal(t->fields[i].text, topic41[i].text);
        }
        t = &g.topics[1];
        assert_string_equal(t->qid, "42");
        assert_int_equal(t->nfields, 5);
        assert_string_equal(field(t, "title", ""), "Genetically Modified Crops & Labelling");
        assert_string_equal(field(t, "title", "fr"),
                            "Cultures génétiquement modifiées et étiquetage");
        assert_string_equal(field(t, "description", "en"),
                            "Find reports on the labelling of food made from genetically "
                            "modified crops.");
        assert_string_equal(field(t, "narrative", "de"),
                            "Relevante Dokumente <berichten> über Kennzeichnungspflichten.");
        assert_string_equal(field(t, "note", ""), "written for trecjudge");
    }
    got_free(&g);
}

/* ---- hostile and broken input ---- */

static void test_xml_malformed(void **state)
{
    (void)state;
    /* libxml2's line and column, and its message. */
    BAD("bad.xml",
        "<topics>\n  <topic number=\"1\">\n    <query>a</querx>\n  </topic>\n</topics>\n",
        FORMATS_TOPICS_AUTO, "bad.xml:3: column 21: Opening and ending tag mismatch: query");
    BAD("trunc.xml", "<topics>\n<topic number=\"1\"><query>a</query></topic>\n",
        FORMATS_TOPICS_AUTO, "trunc.xml:3: column 1: ");
    BAD("undeclared.xml", "<topics>\n<topic number=\"1\"><query>&nbsp;</query></topic></topics>",
        FORMATS_TOPICS_AUTO, ":2: column ");
    /* The first error is reported, not what it led to. */
    BAD("first.xml", "<topics>\n<topic number=\"1\"><query a=1>x</query></topic>\n</topics>\n",
        FORMATS_TOPICS_AUTO, "first.xml:2: column ");
    /* Two parses in a row: the second's error is its own. */
    BAD("second.xml", "<topics>\n\n\n\n<topic number=\"1\"><query>x</query></topic>\n</topic>\n",
        FORMATS_TOPICS_AUTO, "second.xml:6: column ");
    /* libxml2 quotes 50 bytes of the CDATA section, cutting the UTF-8 of 农 in two: the
     * message gets '?' for the broken byte (and for its line break), never the byte itself. */
    BAD("cut.xml", "<topics><topic number=\"1\"><query><![CDATA["
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xe5\x86\x9cxyz", FORMATS_TOPICS_AUTO,
        "cut.xml:1: column 96: CData section not finished?aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        "aaaaaaaaaaaa?");
    BAD("text.xml", "<topics>\n<topic number=\"1\"><query>x</query></topic>\nstray\n</topics>\n",
        FORMATS_TOPICS_AUTO, "text.xml:3: text outside <topic>");
    BAD("loose.xml", "<topics>\n<topic number=\"1\">\nloose<query>x</query></topic>\n</topics>\n",
        FORMATS_TOPICS_AUTO, "loose.xml:3: text outside the fields of <topic>");
}

static void test_xml_external_entity(void **state)
{
    (void)state;
    char secret[300], text[1200];
    snprintf(secret, sizeof secret, "%s/secret.txt", dir);
    FILE *fp = fopen(secret, "w");
    assert_non_null(fp);
    fputs("SECRET-MARKER\n", fp);
    fclose(fp);

    /* A general entity: the reference is refused, the file is not read. */
    snprintf(text, sizeof text,
             "<?xml version=\"1.0\"?>\n<!DOCTYPE topics [ <!ENTITY x SYSTEM \"file://%s\"> ]>\n"
             "<topics><topic number=\"1\"><query>a &x; b</query></topic></topics>\n", secret);
    expect_error("ext.xml", text, strlen(text), FORMATS_TOPICS_AUTO,
                 "ext.xml:3: external entity '&x;' is not loaded");
    expect_error("ext-attr.xml", text, strlen(text), FORMATS_TOPICS_COVID_XML, "external entity");
    snprintf(text, sizeof text,
             "<?xml version=\"1.0\"?>\n<!DOCTYPE topics [ <!ENTITY x SYSTEM \"file://%s\"> ]>\n"
             "<topics><topic number=\"&x;\"><query>a</query></topic></topics>\n", secret);
    expect_error("ext-attr.xml", text, strlen(text), FORMATS_TOPICS_AUTO, "external entity");

    /* An external parameter entity is refused where it is declared: libxml2 would skip its
     * reference and read the document without that part of its DTD. */
    snprintf(text, sizeof text,
             "<?xml version=\"1.0\"?>\n<!DOCTYPE topics [\n <!ENTITY %% p SYSTEM \"file://%s\"> "
             "%%p; ]>\n"
             "<topics><topic number=\"1\"><query>a</query></topic></topics>\n",
             secret);
    expect_error("pe.xml", text, strlen(text), FORMATS_TOPICS_AUTO,
                 "pe.xml:3: column");
    expect_error("pe.xml", text, strlen(text), FORMATS_TOPICS_AUTO,
                 "external parameter entity '%p;' is not loaded");

    /* An external DTD is not loaded (real topic files name theirs): the topics read,
     * without the file's text anywhere. */
    const char *forms[] = {
        "<!DOCTYPE topics SYSTEM \"file://%s\">",
        "<!DOCTYPE topics PUBLIC \"-//x//y\" \"http://127.0.0.1:9/%s\">",
    };
    got g = { 0 };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        char doctype[400];
        snprintf(doctype, sizeof doctype, forms[i], secret);
        snprintf(text, sizeof text, "<?xml version=\"1.0\"?>\n%s\n"
                 "<topics><topic number=\"1\"><query>a</query></topic></topics>\n", doctype);
        const char *p = write_file("dtd.xml", text, strlen(text));
        expect_ok(p, FORMATS_TOPICS_AUTO, &g, 1);
        assert_int_equal(g.topics[0].nfields, 1);
        assert_string_equal(g.topics[0].fields[0].text, "a");
    }
    got_free(&g);
}

static void test_xml_billion_laughs(void **state)
{
    (void)state;
    char text[4096];
    size_t n = (size_t)snprintf(text, sizeof text, "<?xml version=\"1.0\"?>\n"
                                "<!DOCTYPE topics [\n<!ENTITY lol \"lol\">\n");
    for (int i = 1; i <= 9; i++) {
        n += (size_t)snprintf(text + n, sizeof text - n, "<!ENTITY lol%d \"", i);
        for (int k = 0; k < 10; k++)
            n += (size_t)snprintf(text + n, sizeof text - n, i == 1 ? "&lol;" : "&lol%d;", i - 1);
        n += (size_t)snprintf(text + n, sizeof text - n, "\">\n");
    }
    size_t prolog = n;
    n += (size_t)snprintf(text + n, sizeof text - n, "]>\n<topics><topic number=\"1\">"
                          "<query>&lol9;</query></topic></topics>\n");
    expect_error("laughs.xml", text, n, FORMATS_TOPICS_AUTO, "entit");
    n = prolog + (size_t)snprintf(text + prolog, sizeof text - prolog, "]>\n<topics><topic "
                                  "number=\"&lol9;\"><query>x</query></topic></topics>\n");
    expect_error("laughs-attr.xml", text, n, FORMATS_TOPICS_AUTO, "entit");

    /* Expansion that libxml2 lets through is bounded by the reader: 8 x 10 x 16 kB. */
    static char wide[(32u << 10) + 1000];
    char a[16001];
    memset(a, 'x', 16000);
    a[16000] = '\0';
    n = (size_t)snprintf(wide, sizeof wide, "<?xml version=\"1.0\"?>\n<!DOCTYPE topics [ "
                         "<!ENTITY a \"%s\"> <!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"> ]>\n"
                         "<topics><topic number=\"1\"><query>&b;&b;&b;&b;&b;&b;&b;&b;</query>"
                         "</topic></topics>\n", a);
    expect_error("wide.xml", wide, n, FORMATS_TOPICS_AUTO,
                 "wide.xml:3: entities expand to more than");
    /* 2 x 10 x 16 kB is fine. */
    n = (size_t)snprintf(wide, sizeof wide, "<?xml version=\"1.0\"?>\n<!DOCTYPE topics [ "
                         "<!ENTITY a \"%s\"> <!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"> ]>\n"
                         "<topics><topic number=\"1\"><query>&b;&b;</query></topic></topics>\n", a);
    got g = { 0 };
    expect_ok(write_file("wide-ok.xml", wide, n), FORMATS_TOPICS_AUTO, &g, 1);
    assert_int_equal(strlen(g.topics[0].fields[0].text), 2 * 10 * 16000);
    got_free(&g);

    /* An entity's text is at most 16 KiB: libxml2 2.9 parses it in a context that cannot be
     * stopped, where "<!--<!--..." would cost it quadratic time. Used directly, inside
     * another entity, or in an attribute. */
    static const char *const uses[] = { "<query>&e;</query>", "<query>&f;</query>",
                                        "<query lang=\"&e;\">x</query>" };
    for (size_t u = 0; u < sizeof uses / sizeof uses[0]; u++) {
        n = (size_t)snprintf(wide, sizeof wide, "<?xml version=\"1.0\"?>\n<!DOCTYPE topics [ "
                             "<!ENTITY e \"");
        for (int i = 0; i < 4200; i++)
            n += (size_t)snprintf(wide + n, sizeof wide - n, "<!--");
        n += (size_t)snprintf(wide + n, sizeof wide - n, "\"> <!ENTITY f \"a &e; b\"> ]>\n"
                              "<topics><topic number=\"1\">%s</topic></topics>\n", uses[u]);
        expect_error("long-entity.xml", wide, n, FORMATS_TOPICS_AUTO,
                     "long-entity.xml:2: column ");
        expect_error("long-entity.xml", wide, n, FORMATS_TOPICS_AUTO,
                     ": entity '&e;' is longer than 16384 bytes");
    }
}

static void test_bad_input(void **state)
{
    (void)state;
    /* No id. */
    BAD("noid.xml", "<topics>\n<topic><title>t</title></topic></topics>", FORMATS_TOPICS_AUTO,
        "noid.xml:2: topic without an id (<identifier>)");
    BAD("nonum.xml", "<topics>\n<topic><query>t</query></topic></topics>", FORMATS_TOPICS_AUTO,
        ":2: topic without an id (attribute number)");
    BAD("noqid.xml", "<queries>\n<query><title>t</title></query></queries>", FORMATS_TOPICS_AUTO,
        ":2: query without an id (<id>)");
    BAD("nonum.txt", "<top>\n<title> t\n</top>\n<top>\n<num> Number: \n<title> u\n</top>\n",
        FORMATS_TOPICS_AUTO, "nonum.txt:1: topic without a number (<num>)");
    BAD("emptynum.txt", "<top>\n<num> Number: \n<title> u\n</top>\n", FORMATS_TOPICS_AUTO,
        "emptynum.txt:2: empty topic id");
    BAD("twonum.txt", "<top>\n<num> 1\n<num> 2\n</top>\n", FORMATS_TOPICS_AUTO,
        ":3: topic has a second id");
    /* The same id twice. */
    BAD("dup.txt",
        "<top>\n<num> Number: 401\n<title> a\n</top>\n\n<top>\n<num> Number: 0401\n</top>\n",
        FORMATS_TOPICS_AUTO, "dup.txt:6: topic '401' appears twice (first at line 1)");
    BAD("spaceid.xml", "<queries>\n<query><id>\n 1 2\n</id><title>a</title></query></queries>",
        FORMATS_TOPICS_AUTO, "spaceid.xml:2: topic id '1 2' contains white space");
    BAD("dup.xml", "<topics>\n<topic number=\"1\"><query>a</query></topic>\n"
        "<topic number=\" 1 \"><query>b</query></topic>\n</topics>\n",
        FORMATS_TOPICS_AUTO, "dup.xml:3: topic '1' appears twice (first at line 2)");
    /* Empty, or not a file. */
    BAD("empty.txt", "", FORMATS_TOPICS_AUTO, "empty.txt: no topics (empty file)");
    BAD("blank.xml", " \n\t\r\n", FORMATS_TOPICS_CLEF_XML, "blank.xml: no topics (empty file)");
    BAD("none.xml", "<topics>\n</topics>\n", FORMATS_TOPICS_AUTO, "none.xml: no topics found");
    BAD("none.txt", "<topics>\n</topics>\n", FORMATS_TOPICS_TREC_SGML, "none.txt: no topics found");
    got g = { 0 };
    util_error err;
    assert_int_equal(read_topics(dir, FORMATS_TOPICS_AUTO, &g, &err), -1);
    assert_int_equal(err.code, UTIL_EXIT_INPUT);
    assert_non_null(strstr(err.msg, dir));
    assert_non_null(strstr(err.msg, "directory"));
    char missing[300];
    snprintf(missing, sizeof missing, "%s/missing.txt", dir);
    assert_int_equal(read_topics(missing, FORMATS_TOPICS_AUTO, &g, &err), -1);
    assert_non_null(strstr(err.msg, "missing.txt: cannot open"));
    assert_int_equal(read_topics(missing, (formats_topics_format)42, &g, &err), -1);
    assert_int_equal(err.code, UTIL_EXIT_USAGE);
    /* TREC SGML structure. */
    BAD("outside.txt", "<top>\n<num> 1\n</top>\nstray words\n", FORMATS_TOPICS_AUTO,
        "outside.txt:4: text outside <top> ... </top>");
    BAD("nofield.txt", "<top>\nloose\n<num> 1\n</top>\n", FORMATS_TOPICS_AUTO,
        ":2: text outside a field");
    BAD("noend.txt", "<top>\n<num> 1\n</top>\n<top>\n<num> 2\n<title> cut sh", FORMATS_TOPICS_AUTO,
        "noend.txt:4: topic has no </top>");
    BAD("stray.txt", "<top>\n<num> 1\n</top>\n</top>\n", FORMATS_TOPICS_AUTO,
        ":4: </top> without <top>");
    BAD("cacm.txt", "<DOC>\n<DOCNO> 1 </DOCNO>\ntext\n</DOC>\n", FORMATS_TOPICS_TREC_SGML,
        "cacm.txt:2: text outside <top>");
    BAD("after.txt", "<top>\n<num> 1\n<narr> a <i>b</i>\nc\n</top>\n", FORMATS_TOPICS_AUTO,
        "after.txt:4: text outside a field");

    /* Markup that never ends costs linear time, not quadratic: 4 MiB of "<!", of "<!--". */
    size_t big = 4u << 20;
    char *junk = malloc(big + 1);
    assert_non_null(junk);
    for (int kind = 0; kind < 2; kind++) {
        for (size_t i = 0; i < big; i++)
            junk[i] = kind == 0 ? "<!"[i % 2] : "<!--"[i % 4];
        expect_error("junk.txt", junk, big, FORMATS_TOPICS_TREC_SGML, "junk.txt:1: text outside");
        expect_error("junk.txt", junk, big, FORMATS_TOPICS_AUTO, "junk.txt:1: column ");
    }
    free(junk);

    /* The callback stops the reading; its error is passed on. */
    const char *p = WRITE("stop.tsv", "1\ta\n2\tb\n3\tc\n");
    g.stop_at = 2;
    err.code = 0;
    assert_int_equal(formats_topics_read(p, FORMATS_TOPICS_AUTO, collect_cb, &g, &err), -1);
    assert_int_equal(g.n, 1);
    assert_string_equal(err.msg, "stopped at 2");
    got_free(&g);
}

#define FFFD "\xef\xbf\xbd"

static void test_invalid_utf8(void **state)
{
    (void)state;
    /* Each maximal invalid subpart becomes one U+FFFD, as Unicode recommends; controls too. */
    static const char want[] = "caf" FFFD " " FFFD " x" FFFD " " FFFD FFFD " " FFFD FFFD FFFD
                               " " FFFD "[31m \xf0\x9f\x98\x80 end" FFFD;
#define BROKEN \
    "caf\xe9 \xff x\xe2\x82 \xc0\xaf \xed\xa0\x80 \x1b[31m \xf0\x9f\x98\x80 end\xf0\x9f\x98"
    got g = { 0 };
    const char *p = WRITE("utf8.txt", "<top>\n<num> 1\n<title> " BROKEN "\n</top>\n");
    expect_ok(p, FORMATS_TOPICS_AUTO, &g, 1);
    assert_string_equal(field(&g.topics[0], "title", ""), want);
    p = WRITE("utf8.tsv", "1\t" BROKEN "\n");
    expect_ok(p, FORMATS_TOPICS_AUTO, &g, 1);
    assert_string_equal(field(&g.topics[0], "title", ""), want);
    /* In XML, the bytes are repaired before libxml2 sees them (controls are malformed XML). */
    p = WRITE("utf8.xml", "<topics><topic number=\"1\"><query lang=\"e\xffn\">"
                          "caf\xe9 \xff x\xe2\x82 \xc0\xaf end\xf0\x9f\x98"
                          "</query></topic></topics>");
    expect_ok(p, FORMATS_TOPICS_AUTO, &g, 1);
    assert_string_equal(g.topics[0].fields[0].text,
                        "caf" FFFD " " FFFD " x" FFFD " " FFFD FFFD " end" FFFD);
    assert_string_equal(g.topics[0].fields[0].lang, "e" FFFD "n");
    /* A declared Latin-1 file is converted by libxml2, not "repaired". */
    p = WRITE("latin1.xml", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
                            "<topics><topic number=\"1\"><query>caf\xe9</query></topic></topics>");
    expect_ok(p, FORMATS_TOPICS_AUTO, &g, 1);
    assert_string_equal(g.topics[0].fields[0].text, "caf\xc3\xa9");
    /* An id must be clean: it keys judgments. */
    BAD("badid.txt", "<top>\n<num> 4\xff\n</top>\n", FORMATS_TOPICS_AUTO,
        ":2: topic id contains a control character or invalid UTF-8");
    got_free(&g);
#undef BROKEN
}

/* ---- the real files in ../shared/data ---- */

static const char *shared_dir(char *buf, size_t n)
{
    const char *s = getenv("TJ_SHARED");
    const char *top = getenv("abs_top_srcdir");
    if (s != NULL)
        snprintf(buf, n, "%s", s);
    else if (top != NULL)
        snprintf(buf, n, "%s/../shared", top);
    else
        snprintf(buf, n, "../shared");
    struct stat st;
    char data[600];
    snprintf(data, sizeof data, "%s/data", buf);
    return stat(data, &st) == 0 && S_ISDIR(st.st_mode) ? buf : NULL;
}

/* The real files: format, number of topics, first and last id. */
#define ADHOC "trec_adhoc/"
#define COVID "trec_covid/"
#define EHEALTH "clef_ehealth_2016_2017/queries/"
#define EHEALTH_ML EHEALTH "multilingual/"
#define ML "multilingual/"
#define MISC "misc_topic_formats/"
#define SGML FORMATS_TOPICS_TREC_SGML
#define COVID_XML FORMATS_TOPICS_COVID_XML
#define EHEALTH_XML FORMATS_TOPICS_EHEALTH_XML
#define TSV FORMATS_TOPICS_TSV

static const struct {
    const char *path;
    formats_topics_format fmt;
    size_t n;
    const char *first, *last;
} real_files[] = {
    { ADHOC "topics.adhoc.51-100.txt", SGML, 50, "51", "100" },
    { ADHOC "topics.adhoc.101-150.txt", SGML, 50, "101", "150" },
    { ADHOC "topics.adhoc.151-200.txt", SGML, 50, "151", "200" },
    { ADHOC "topics.adhoc.301-350.txt", SGML, 50, "301", "350" },
    { ADHOC "topics.adhoc.351-400.txt", SGML, 50, "351", "400" },
    { ADHOC "topics.adhoc.401-450.txt", SGML, 50, "401", "450" },
    { ADHOC "topics.robust04.txt", SGML, 250, "301", "700" },
    { ADHOC "topics.robust05.txt", SGML, 50, "303", "689" },
    { ADHOC "topics.core17.txt", SGML, 50, "307", "690" },
    { ADHOC "topics.core18.txt", SGML, 50, "321", "825" },
    { ADHOC "topics.terabyte04.701-750.txt", SGML, 50, "701", "750" },
    { COVID "topics.covid-round1.xml", COVID_XML, 30, "1", "30" },
    { COVID "topics.covid-round2.xml", COVID_XML, 35, "1", "35" },
    { COVID "topics.covid-round3.xml", COVID_XML, 40, "1", "40" },
    { COVID "topics.covid-round4.xml", COVID_XML, 45, "1", "45" },
    { COVID "topics.covid-round5.xml", COVID_XML, 50, "1", "50" },
    { COVID "topics.covid-round5-udel.xml", COVID_XML, 50, "1", "50" },
    { EHEALTH "queries2016.xml", EHEALTH_XML, 300, "101001", "150006" },
    { EHEALTH "queries2016_with_url.xml", EHEALTH_XML, 300, "101001", "150006" },
    { EHEALTH_ML "queries2016cs.xml", EHEALTH_XML, 300, "101001-cs", "150006-cs" },
    { EHEALTH_ML "queries2016de.xml", EHEALTH_XML, 300, "101001-de", "150006-de" },
    { EHEALTH_ML "queries2016fr.xml", EHEALTH_XML, 300, "101001-fr", "150006-fr" },
    { EHEALTH_ML "queries2016hu.xml", EHEALTH_XML, 300, "101001-hu", "150006-hu" },
    { EHEALTH_ML "queries2016pl.xml", EHEALTH_XML, 300, "101001-pl", "150006-pl" },
    { EHEALTH_ML "queries2016sv.xml", EHEALTH_XML, 300, "101001-sv", "150006-sv" },
    { ML "fire12/topics.fire12bn.176-225.txt", SGML, 50, "176", "225" },
    { ML "fire12/topics.fire12en.176-225.txt", SGML, 50, "176", "225" },
    { ML "fire12/topics.fire12hi.176-225.txt", SGML, 50, "176", "225" },
    { ML "trec2002_arabic/topics.trec02ar-ar.txt", SGML, 50, "AR26", "AR75" },
    { ML "trec2002_arabic/topics.trec02ar-en.txt", SGML, 50, "AR26", "AR75" },
    { ML "clef06_fr/topics.clef06fr.mono.fr.txt", TSV, 49, "301-AH", "350-AH" },
    { ML "clef06_fr/topics.clef06fr.x2fr.bg.txt", TSV, 49, "301-AH", "350-AH" },
    { ML "clef06_fr/topics.clef06fr.x2fr.de.txt", TSV, 49, "301-AH", "350-AH" },
    { ML "clef06_fr/topics.clef06fr.x2fr.en.txt", TSV, 49, "301-AH", "350-AH" },
    { ML "clef06_fr/topics.clef06fr.x2fr.es.txt", TSV, 49, "301-AH", "350-AH" },
    { ML "clef06_fr/topics.clef06fr.x2fr.hi.txt", TSV, 49, "301-AH", "350-AH" },
    { ML "clef06_fr/topics.clef06fr.x2fr.hu.txt", TSV, 49, "301-AH", "350-AH" },
    { ML "clef06_fr/topics.clef06fr.x2fr.id.txt", TSV, 49, "301-AH", "350-AH" },
    { ML "clef06_fr/topics.clef06fr.x2fr.it.txt", TSV, 49, "301-AH", "350-AH" },
    { ML "clef06_fr/topics.clef06fr.x2fr.om.txt", TSV, 49, "301-AH", "350-AH" },
    { ML "clef06_fr/topics.clef06fr.x2fr.pt.txt", TSV, 49, "301-AH", "350-AH" },
    { ML "clef06_fr/topics.clef06fr.x2fr.te.txt", TSV, 49, "301-AH", "350-AH" },
    { ML "clef06_fr/topics.clef06fr.x2fr.zh.txt", TSV, 49, "301-AH", "350-AH" },
    { ML "ntcir8/topics.ntcir8en.eval.txt", TSV, 73, "ACLIA2-CS-0002", "ACLIA2-CS-0100" },
    { ML "ntcir8/topics.ntcir8zh.eval.txt", TSV, 73, "ACLIA2-CS-0002", "ACLIA2-CS-0100" },
    { ML "neuclir22/topics.neuclir22-en.original-desc_title.txt", TSV, 114, "0", "136" },
    { ML "neuclir22/topics.neuclir22-fa.ht-desc_title.txt", TSV, 114, "0", "136" },
    { ML "neuclir22/topics.neuclir22-fa.mt-desc_title.txt", TSV, 114, "0", "136" },
    { ML "neuclir22/topics.neuclir22-ru.ht-desc_title.txt", TSV, 114, "0", "136" },
    { ML "neuclir22/topics.neuclir22-zh.ht-desc_title.txt", TSV, 114, "0", "136" },
    { MISC "topics.web09.1-50.xml.txt", COVID_XML, 50, "1", "50" },
    { MISC "hical_core17_topics_closedtags.txt", SGML, 50, "321", "825" },
    { MISC "hical_decision2019_topics.xml", COVID_XML, 51, "1", "51" },
    { MISC "topics.microblog2011.txt", SGML, 50, "MB001", "MB050" },
    { MISC "topics.backgroundlinking20.txt", SGML, 50, "886", "935" },
    { MISC "topics.www2.english.xml.txt", EHEALTH_XML, 80, "0001", "0080" },
    { "vaswani_npl/query-text.trec", SGML, 93, "1", "93" },
};

#undef ADHOC
#undef COVID
#undef EHEALTH
#undef EHEALTH_ML
#undef ML
#undef MISC
#undef SGML
#undef COVID_XML
#undef EHEALTH_XML
#undef TSV

static void test_real_files(void **state)
{
    (void)state;
    char shared[512], path[1200];
    if (shared_dir(shared, sizeof shared) == NULL) {
        printf("SKIP: ../shared/data is absent (set TJ_SHARED): real topic files not read\n");
        skip();
    }
    got g = { 0 };
    for (size_t i = 0; i < sizeof real_files / sizeof real_files[0]; i++) {
        snprintf(path, sizeof path, "%s/data/%s", shared, real_files[i].path);
        /* Detected, then named: the same topics. */
        for (int named = 0; named < 2; named++) {
            expect_ok(path, named ? real_files[i].fmt : FORMATS_TOPICS_AUTO, &g, real_files[i].n);
            if (strcmp(g.topics[0].qid, real_files[i].first) != 0 ||
                strcmp(g.topics[g.n - 1].qid, real_files[i].last) != 0)
                fail_msg("%s: topics %s..%s, expected %s..%s", path, g.topics[0].qid,
                         g.topics[g.n - 1].qid, real_files[i].first, real_files[i].last);
            for (size_t k = 0; k < g.n; k++)
                if (g.topics[k].nfields == 0)
                    fail_msg("%s: topic %s has no field", path, g.topics[k].qid);
        }
    }

#define READ(file, fmt, n) \
    (snprintf(path, sizeof path, "%s/data/%s", shared, file), expect_ok(path, fmt, &g, n))
    READ("trec_adhoc/topics.adhoc.401-450.txt", FORMATS_TOPICS_AUTO, 50);
    for (size_t k = 0; k < g.n; k++) {
        char want[8];
        snprintf(want, sizeof want, "%zu", 401 + k);
        assert_string_equal(g.topics[k].qid, want);
    }
    const got_topic *t = topic(&g, "401");
    assert_int_equal(t->line, 1);
    assert_int_equal(t->nfields, 3);
    assert_string_equal(field(t, "title", ""), "foreign minorities, Germany");
    assert_string_equal(field(t, "description", ""),
                        "What language and cultural differences impede the integration of foreign "
                        "minorities in Germany?");
    assert_string_equal(field(t, "narrative", ""),
                        "A relevant document will focus on the causes of the lack of integration "
                        "in a significant way; that is, the mere mention of immigration "
                        "difficulties is not relevant. Documents that discuss immigration problems "
                        "unrelated to Germany are also not relevant.");
    assert_string_equal(field(topic(&g, "450"), "title", ""), "King Hussein, peace");

    READ("trec_adhoc/topics.robust04.txt", FORMATS_TOPICS_AUTO, 250);
    for (size_t k = 0; k < g.n; k++) {
        char want[8];
        snprintf(want, sizeof want, "%zu", k < 150 ? 301 + k : 601 + k - 150);
        assert_string_equal(g.topics[k].qid, want);
    }

    READ("trec_adhoc/topics.adhoc.51-100.txt", FORMATS_TOPICS_AUTO, 50);
    t = topic(&g, "51");
    assert_string_equal(field(t, "head", ""), "Tipster Topic Description");
    assert_string_equal(field(t, "dom", ""), "International Economics");
    assert_string_equal(field(t, "title", ""), "Airbus Subsidies");
    assert_string_equal(field(t, "smry", ""),
                        "Document will discuss government assistance to Airbus Industrie, or "
                        "mention a trade dispute between Airbus and a U.S. aircraft producer over "
                        "the issue of subsidies.");
    assert_non_null(field(t, "description", ""));
    assert_non_null(field(t, "narrative", ""));
    assert_non_null(strstr(field(t, "con", ""),
                           "1. Airbus Industrie 2. European aircraft consortium"));

    READ("trec_adhoc/topics.core18.txt", FORMATS_TOPICS_AUTO, 50);
    assert_string_equal(field(topic(&g, "321"), "title", ""), "Women in Parliaments");
    const char *narr = field(topic(&g, "321"), "narrative", "");
    assert_int_equal(strncmp(narr, "Pertinent documents relating", 28), 0);

    READ("trec_covid/topics.covid-round5.xml", FORMATS_TOPICS_AUTO, 50);
    t = topic(&g, "1");
    assert_string_equal(field(t, "title", ""), "coronavirus origin");
    assert_string_equal(field(t, "description", ""), "what is the origin of COVID-19");
    assert_string_equal(field(t, "narrative", ""),
                        "seeking range of information about the SARS-CoV-2 virus's origin, "
                        "including its evolution, animal source, and first transmission into "
                        "humans");

    READ("clef_ehealth_2016_2017/queries/queries2016.xml", FORMATS_TOPICS_AUTO, 300);
    assert_string_equal(field(topic(&g, "101001"), "title", ""),
                        "inguinal hernia repair laparoscopic mesh benefits risks");
    assert_string_equal(field(topic(&g, "117004"), "title", ""),
                        "mixing drugs \"tylenol\" cold & flu benylin extra strength");
    READ("clef_ehealth_2016_2017/queries/multilingual/queries2016cs.xml", FORMATS_TOPICS_AUTO, 300);
    assert_string_equal(field(topic(&g, "101001-cs"), "title", ""),
                        "korekce inguinální hernie laparoskopická síťka přínosy rizika");

    READ("multilingual/fire12/topics.fire12hi.176-225.txt", FORMATS_TOPICS_AUTO, 50);
    for (size_t k = 0; k < g.n; k++)
        for (size_t f = 0; f < g.topics[k].nfields; f++)
            assert_string_equal(g.topics[k].fields[f].lang, "hi");
    assert_string_equal(field(topic(&g, "176"), "title", "hi"), "वाई एस आर रेड्डी की मौत");
    t = topic(&g, "200");   /* the topic without </top> */
    assert_int_equal(t->nfields, 3);
    assert_string_equal(field(t, "title", "hi"), "2002 नेटवेस्ट शृंखला का परिणाम");
    READ("multilingual/fire12/topics.fire12en.176-225.txt", FORMATS_TOPICS_AUTO, 50);
    assert_string_equal(field(topic(&g, "176"), "title", "en"), "YSR Reddy death");

    READ("multilingual/trec2002_arabic/topics.trec02ar-ar.txt", FORMATS_TOPICS_AUTO, 50);
    assert_string_equal(field(topic(&g, "AR26"), "title", ""), "مجلس المقاومة الوطني الكردستاني");
    READ("multilingual/trec2002_arabic/topics.trec02ar-en.txt", FORMATS_TOPICS_AUTO, 50);
    assert_string_equal(field(topic(&g, "AR26"), "title", ""), "Kurdistan Independence");

    READ("multilingual/clef06_fr/topics.clef06fr.x2fr.en.txt", FORMATS_TOPICS_AUTO, 49);
    assert_string_equal(field(topic(&g, "301-AH"), "title", ""), "Nestlé Brands");
    READ("multilingual/ntcir8/topics.ntcir8en.eval.txt", FORMATS_TOPICS_AUTO, 73);
    assert_string_equal(field(topic(&g, "ACLIA2-CS-0005"), "title", ""),
                        "What is the definition of Aging Society?");

    READ("misc_topic_formats/topics.web09.1-50.xml.txt", FORMATS_TOPICS_AUTO, 50);
    t = topic(&g, "1");
    assert_string_equal(field(t, "title", ""), "obama family tree");
    assert_int_equal(t->nfields, 5);
    assert_string_equal(t->fields[2].field, "subtopic");
    assert_string_equal(t->fields[2].text,
                        "Find the TIME magazine photo essay \"Barack Obama's Family Tree\".");
    READ("misc_topic_formats/hical_core17_topics_closedtags.txt", FORMATS_TOPICS_AUTO, 50);
    assert_string_equal(field(topic(&g, "336"), "title", ""), "Black Bear Attacks");
    READ("misc_topic_formats/topics.microblog2011.txt", FORMATS_TOPICS_AUTO, 50);
    assert_string_equal(field(topic(&g, "MB001"), "title", ""), "BBC World Service staff cuts");
    assert_string_equal(field(topic(&g, "MB001"), "querytweettime", ""), "34952194402811904");
#undef READ
    got_free(&g);
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
        cmocka_unit_test(test_trec_sgml),
        cmocka_unit_test(test_tsv),
        cmocka_unit_test(test_xml_formats),
        cmocka_unit_test(test_clef_multilingual),
        cmocka_unit_test(test_xml_malformed),
        cmocka_unit_test(test_xml_external_entity),
        cmocka_unit_test(test_xml_billion_laughs),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_invalid_utf8),
        cmocka_unit_test(test_real_files),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
