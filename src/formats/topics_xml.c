/* topics_xml.c: XML topics (CLEF, TREC-COVID, CLEF eHealth) read with libxml2, no network. */
/* SPDX-License-Identifier: MIT */
#include "topics_private.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/entities.h>
#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlversion.h>

/* ---- XML ---- */

#if LIBXML_VERSION >= 21200
typedef const xmlError *xml_error_ptr;
#else
typedef xmlErrorPtr xml_error_ptr;
#endif

/* The first error of one parse, kept by a handler set on that parse's context only. */
typedef struct xml_error_state {
    xmlParserCtxtPtr ctxt;   /* the document's context (entities are parsed in others) */
    int have;
    int line, column;
    char msg[256];
} xml_error_state;

/* Keeps the first error, and stops the document's parse at its first error: libxml2 2.9
 * goes on after a fatal error, and some inputs ("<!--<!--<!--...") then cost it quadratic
 * time (each error copies the comment so far). The parse of an entity's text, in a context
 * of its own, is not stopped: libxml2 would then lose the "entity loop" error that its own
 * guard against a billion laughs relies on; the document's parse stops right after it. */
static void xml_on_error(void *data, xml_error_ptr e)
{
    xmlParserCtxtPtr ctxt = data;
    xml_error_state *st = ctxt != NULL ? ctxt->_private : NULL;
    if (st == NULL || e == NULL || e->level < XML_ERR_ERROR)
        return;
    if (ctxt == st->ctxt && ctxt->instate != XML_PARSER_EOF)
        xmlStopParser(ctxt);
    if (st->have)
        return;
    st->have = 1;
    st->line = e->line;
    st->column = e->int2;
    /* Messages quote the document, cut anywhere: no control character, no broken UTF-8. */
    const unsigned char *m = (const unsigned char *)(e->message != NULL ? e->message : "");
    size_t n = strlen((const char *)m), k = 0;
    while (n > 0 && topics_is_space(m[n - 1]))
        n--;
    for (size_t i = 0; i < n && k + 5 < sizeof st->msg;) {
        uint32_t cp = 0;
        size_t skip = 1;
        size_t len = topics_utf8_seq(m + i, n - i, &cp, &skip);
        if (len == 0 || topics_is_control(cp)) {
            st->msg[k++] = '?';
            i += len != 0 ? len : skip;
        } else {
            memcpy(st->msg + k, m + i, len);
            k += len;
            i += len;
        }
    }
    st->msg[k] = '\0';
    if (k == 0)
        snprintf(st->msg, sizeof st->msg, "malformed XML");
}

/* Refuses entities whose text is long: libxml2 parses an entity's text in a context that
 * cannot be stopped safely, and some errors there cost time quadratic in its length. */
static xmlEntityPtr xml_get_entity(void *ctx, const xmlChar *name)
{
    xmlParserCtxtPtr ctxt = ctx;
    xmlEntityPtr ent = xmlSAX2GetEntity(ctx, name);
    xml_error_state *st = ctxt != NULL ? ctxt->_private : NULL;
    if (ent == NULL || ent->etype != XML_INTERNAL_GENERAL_ENTITY || ent->content == NULL ||
        strlen((const char *)ent->content) <= TOPICS_ENTITY_MAX)
        return ent;
    if (st != NULL && !st->have) {
        st->have = 1;
        st->line = st->ctxt->input != NULL ? st->ctxt->input->line : 0;
        st->column = st->ctxt->input != NULL ? st->ctxt->input->col : 0;
        snprintf(st->msg, sizeof st->msg, "entity '&%.64s;' is longer than %u bytes",
                 (const char *)name, TOPICS_ENTITY_MAX);
    }
    /* libxml2 looks the entity up itself when this returns NULL in a well-formed document. */
    if (ctxt != NULL)
        ctxt->wellFormed = 0;
    return NULL;
}

/* Nothing is ever loaded from outside the document: no external entity, no external DTD. */
static xmlParserInputPtr xml_no_entity(void *ctx, const xmlChar *public_id,
                                       const xmlChar *system_id)
{
    (void)ctx;
    (void)public_id;
    (void)system_id;
    return NULL;
}

/* Refuses a document that declares an external parameter entity: libxml2 skips its
 * reference silently (nothing is loaded), so the document would be read without part of
 * its DTD; say so instead. External general entities are refused where they are used. */
static void xml_entity_decl(void *ctx, const xmlChar *name, int type, const xmlChar *public_id,
                            const xmlChar *system_id, xmlChar *content)
{
    xmlParserCtxtPtr ctxt = ctx;
    xml_error_state *st = ctxt != NULL ? ctxt->_private : NULL;
    if (type == XML_EXTERNAL_PARAMETER_ENTITY && st != NULL) {
        if (!st->have) {
            st->have = 1;
            st->line = st->ctxt->input != NULL ? st->ctxt->input->line : 0;
            st->column = st->ctxt->input != NULL ? st->ctxt->input->col : 0;
            snprintf(st->msg, sizeof st->msg,
                     "external parameter entity '%%%.64s;' is not loaded", (const char *)name);
        }
        ctxt->wellFormed = 0;
        xmlStopParser(ctxt);
        return;
    }
    xmlSAX2EntityDecl(ctx, name, type, public_id, system_id, content);
}

static void xml_no_subset(void *ctx, const xmlChar *name, const xmlChar *external_id,
                          const xmlChar *system_id)
{
    (void)ctx;
    (void)name;
    (void)external_id;
    (void)system_id;
}

static const char *xml_name(const xmlNode *node)
{
    return (const char *)node->name;
}

static int xml_name_is(const xmlNode *node, const char *name)
{
    return node->type == XML_ELEMENT_NODE && strcasecmp(xml_name(node), name) == 0;
}

static long xml_line(const xmlNode *node)
{
    return (long)xmlGetLineNo(node);
}

/* The line of the first non-blank character of a text node: libxml2 gives a text node the
 * line where (the first chunk of) its text ends. */
static long xml_text_line(const xmlNode *node)
{
    long line = xml_line(node);
    const char *s = (const char *)node->content;
    if (s == NULL || node->type != XML_TEXT_NODE)
        return line;
    while (topics_is_space((unsigned char)*s))
        s++;
    for (; *s != '\0'; s++)
        if (*s == '\n')
            line--;
    return line > 0 ? line : xml_line(node);
}

static int xml_charge(reader *r, size_t n, long line)
{
    if (n > r->entity_budget)
        return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                              "entities expand to more than %u bytes", TOPICS_ENTITY_BUDGET);
    r->entity_budget -= n;
    return 0;
}

/* Appends the text of a node list to r->raw. libxml2 leaves references to the document's
 * own entities unexpanded (no XML_PARSE_NOENT); they are expanded here, within a budget per
 * file, so that a billion laughs cannot blow up; external entities are refused. */
static int xml_text(reader *r, const xmlNode *list, int depth, long line)
{
    for (const xmlNode *c = list; c != NULL; c = c->next) {
        if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) {
            size_t n = c->content != NULL ? strlen((const char *)c->content) : 0;
            if (depth > 0 && xml_charge(r, n, line) != 0)
                return -1;
            topics_sb_bytes(&r->raw, (const char *)c->content, n);
        } else if (c->type == XML_ELEMENT_NODE) {
            if (xml_text(r, c->children, depth, line) != 0)
                return -1;
        } else if (c->type == XML_ENTITY_REF_NODE) {
            xmlEntityPtr ent = xmlGetDocEntity(r->doc, c->name);
            if (ent == NULL)
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                      "undeclared entity '&%s;'", xml_name(c));
            if (xml_charge(r, 1, line) != 0)
                return -1;
            if (ent->etype == XML_INTERNAL_PREDEFINED_ENTITY && ent->content != NULL) {
                topics_sb_bytes(&r->raw, (const char *)ent->content,
                                strlen((const char *)ent->content));
            } else if (ent->etype != XML_INTERNAL_GENERAL_ENTITY) {
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                      "external entity '&%s;' is not loaded", xml_name(c));
            } else if (depth >= TOPICS_ENTITY_DEPTH) {
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                      "entity '&%s;' nested too deeply", xml_name(c));
            } else if (ent->children != NULL) {
                if (xml_text(r, ent->children, depth + 1, line) != 0)
                    return -1;
            } else if (ent->content != NULL && strpbrk((const char *)ent->content, "<&") == NULL) {
                size_t n = strlen((const char *)ent->content);
                if (xml_charge(r, n, line) != 0)
                    return -1;
                topics_sb_bytes(&r->raw, (const char *)ent->content, n);
            } else if (ent->content != NULL && ent->content[0] != '\0') {
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, line,
                                      "entity '&%s;' cannot be expanded", xml_name(c));
            }
        }
    }
    return 0;
}

/* The language of a node (its lang or xml:lang attribute), else, when up is set, of its
 * nearest ancestor that has one: an offset in r->text, or (size_t)-1 when there is none. */
static int xml_lang(reader *r, const xmlNode *node, int up, long line, size_t *lang)
{
    *lang = (size_t)-1;
    for (const xmlNode *n = node; n != NULL && n->type == XML_ELEMENT_NODE;
         n = up ? n->parent : NULL)
        for (const xmlAttr *a = n->properties; a != NULL; a = a->next)
            if (strcasecmp((const char *)a->name, "lang") == 0 &&
                (a->ns == NULL || (a->ns->href != NULL &&
                                   strcmp((const char *)a->ns->href,
                                          (const char *)XML_XML_NAMESPACE) == 0))) {
                r->raw.len = 0;
                if (xml_text(r, a->children, 0, line) != 0)
                    return -1;
                *lang = topics_topic_str(r, r->raw.p != NULL ? r->raw.p : "", r->raw.len);
                return 0;
            }
    return 0;
}

static int xml_is_id(const char *name)
{
    static const char *const ids[] = { "identifier", "num", "number", "id", "qid" };
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (strcasecmp(name, ids[i]) == 0)
            return 1;
    return 0;
}

static int xml_record(reader *r, const xmlNode *rec, formats_topics_format fmt)
{
    long line = xml_line(rec);
    topics_topic_begin(r, line);
    for (const xmlAttr *a = rec->properties; a != NULL; a = a->next) {
        if (strcasecmp((const char *)a->name, "number") != 0 &&
            strcasecmp((const char *)a->name, "id") != 0)
            continue;
        r->raw.len = 0;
        if (xml_text(r, a->children, 0, line) != 0 ||
            topics_topic_id(r, r->raw.p != NULL ? r->raw.p : "", r->raw.len, line, 0) != 0)
            return -1;
    }
    size_t inherited;
    if (xml_lang(r, rec, 1, line, &inherited) != 0)
        return -1;
    if (inherited == (size_t)-1)
        inherited = r->empty;
    for (const xmlNode *c = rec->children; c != NULL; c = c->next) {
        long cline = c->type == XML_ELEMENT_NODE ? xml_line(c) : line;
        if (c->type == XML_ELEMENT_NODE) {
            size_t lang;
            if (xml_lang(r, c, 0, cline, &lang) != 0)
                return -1;
            r->raw.len = 0;
            if (xml_text(r, c->children, 0, cline) != 0)
                return -1;
            const char *text = r->raw.p != NULL ? r->raw.p : "";
            if (xml_is_id(xml_name(c))) {
                if (topics_topic_id(r, text, r->raw.len, cline, 0) != 0)
                    return -1;
            } else {
                topics_topic_tag_field(r, xml_name(c), strlen(xml_name(c)), fmt, lang, inherited,
                                text, r->raw.len);
            }
        } else if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE ||
                   c->type == XML_ENTITY_REF_NODE) {
            const char *t = c->content != NULL ? (const char *)c->content : "";
            if (c->type == XML_ENTITY_REF_NODE || !topics_is_blank(t, t + strlen(t)))
                return util_error_set(r->err, UTIL_EXIT_INPUT, r->name, xml_text_line(c),
                                      "text outside the fields of <%s>", xml_name(rec));
        }
    }
    return topics_topic_end(r, fmt == FORMATS_TOPICS_COVID_XML
                            ? "topic without an id (attribute number)"
                        : fmt == FORMATS_TOPICS_EHEALTH_XML
                            ? "query without an id (<id>)"
                            : "topic without an id (<identifier>)");
}

/* The kind of XML file, from its first record: <query> is CLEF eHealth; <topic number=..>
 * or a topic with <query> or <question> is TREC-COVID; any other <topic> is CLEF. */
static formats_topics_format xml_detect(const xmlNode *root)
{
    const xmlNode *first = NULL;
    if (xml_name_is(root, "topic") || xml_name_is(root, "query"))
        first = root;
    for (const xmlNode *c = root->children; c != NULL && first == NULL; c = c->next)
        if (c->type == XML_ELEMENT_NODE)
            first = c;
    if (first == NULL)
        return FORMATS_TOPICS_CLEF_XML;
    if (xml_name_is(first, "query"))
        return FORMATS_TOPICS_EHEALTH_XML;
    for (const xmlAttr *a = first->properties; a != NULL; a = a->next)
        if (strcasecmp((const char *)a->name, "number") == 0)
            return FORMATS_TOPICS_COVID_XML;
    for (const xmlNode *c = first->children; c != NULL; c = c->next)
        if (xml_name_is(c, "query") || xml_name_is(c, "question"))
            return FORMATS_TOPICS_COVID_XML;
    return FORMATS_TOPICS_CLEF_XML;
}

/* Whether the document is in UTF-8 (no declaration, or one saying so), and so may be repaired. */
static int xml_is_utf8(const char *s, size_t n)
{
    if (n >= 2 && ((unsigned char)s[0] == 0xfe || (unsigned char)s[0] == 0xff))
        return 0;   /* UTF-16 byte order mark */
    if (n < 5 || memcmp(s, "<?xml", 5) != 0)
        return 1;
    const char *end = memmem(s, n < 512 ? n : 512, "?>", 2);
    if (end == NULL)
        return 1;
    const char *enc = memmem(s, (size_t)(end - s), "encoding", 8);
    if (enc == NULL)
        return 1;
    const char *q = enc + 8;
    while (q < end && (topics_is_space((unsigned char)*q) || *q == '='))
        q++;
    if (q < end && (*q == '"' || *q == '\''))
        q++;
    return (size_t)(end - q) >= 5 &&
           (strncasecmp(q, "utf-8", 5) == 0 || strncasecmp(q, "utf8", 4) == 0);
}

/* Parses the file as XML (with the refusals above) and, unless check_only, reads its topics. */
static int xml_read(reader *r, const char *data, size_t n, formats_topics_format fmt,
                    int check_only)
{
    int rc = -1;
    strbuf fixed = { NULL, 0, 0 };
    strbuf amp = { NULL, 0, 0 };
    xml_error_state st;
    memset(&st, 0, sizeof st);
    xmlParserCtxtPtr ctxt = NULL;
    xmlDocPtr doc = NULL;
    if ((r->utf8_forced || xml_is_utf8(data, n)) && topics_utf8_repair(data, n, &fixed)) {
        data = fixed.p;
        n = fixed.len;
    }
    if (topics_xml_fix_amp(data, n, &amp)) {
        data = amp.p;
        n = amp.len;
    }
    if (n > INT_MAX) {
        util_error_set(r->err, UTIL_EXIT_INPUT, r->name, 0, "too large for an XML topic file");
        goto out;
    }
    ctxt = xmlNewParserCtxt();
    if (ctxt == NULL || ctxt->sax == NULL)
        util_die("out of memory");
    /* A context of its own: the error handler and the refusals below hold for this parse
     * only, nothing global is changed. */
    st.ctxt = ctxt;
    ctxt->_private = &st;
    ctxt->sax->serror = xml_on_error;
    ctxt->sax->getEntity = xml_get_entity;
    ctxt->sax->resolveEntity = xml_no_entity;
    ctxt->sax->externalSubset = xml_no_subset;
    ctxt->sax->entityDecl = xml_entity_decl;
    /* No XML_PARSE_NOENT, DTDLOAD, DTDATTR or HUGE: entities stay references (expanded by
     * xml_text within a budget), no DTD is loaded, libxml2 keeps its size limits. */
    doc = xmlCtxtReadMemory(ctxt, data, (int)n, r->name, r->utf8_forced ? "UTF-8" : NULL,
                            XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                                XML_PARSE_BIG_LINES);
    if (doc == NULL || st.have || !ctxt->wellFormed) {
        if (st.have)
            util_error_set(r->err, UTIL_EXIT_INPUT, r->name, st.line, "column %d: %s",
                           st.column, st.msg);
        else
            util_error_set(r->err, UTIL_EXIT_INPUT, r->name, 0, "not well-formed XML");
        goto out;
    }
    if (check_only) {
        rc = 0;
        goto out;
    }
    const xmlNode *root = xmlDocGetRootElement(doc);
    if (root == NULL) {
        util_error_set(r->err, UTIL_EXIT_INPUT, r->name, 0, "no root element");
        goto out;
    }
    r->doc = doc;
    r->entity_budget = TOPICS_ENTITY_BUDGET;
    if (fmt == FORMATS_TOPICS_AUTO)
        fmt = xml_detect(root);
    const char *rec = fmt == FORMATS_TOPICS_EHEALTH_XML ? "query" : "topic";
    if (xml_name_is(root, rec)) {
        rc = xml_record(r, root, fmt);
        goto out;
    }
    for (const xmlNode *c = root->children; c != NULL; c = c->next) {
        if (c->type == XML_ELEMENT_NODE) {
            if (!xml_name_is(c, rec)) {
                util_error_set(r->err, UTIL_EXIT_INPUT, r->name, xml_line(c),
                               "unexpected element <%s> (expected <%s>)", xml_name(c), rec);
                goto out;
            }
            if (xml_record(r, c, fmt) != 0)
                goto out;
        } else if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE ||
                   c->type == XML_ENTITY_REF_NODE) {
            const char *t = c->content != NULL ? (const char *)c->content : "";
            if (c->type == XML_ENTITY_REF_NODE || !topics_is_blank(t, t + strlen(t))) {
                util_error_set(r->err, UTIL_EXIT_INPUT, r->name, xml_text_line(c),
                               "text outside <%s>", rec);
                goto out;
            }
        }
    }
    rc = 0;
out:
    r->doc = NULL;
    xmlFreeDoc(doc);
    xmlFreeParserCtxt(ctxt);
    free(amp.p);
    free(fixed.p);
    return rc;
}

int topics_xml_read(reader *r, const char *data, size_t n, formats_topics_format fmt)
{
    return xml_read(r, data, n, fmt, 0);
}

int topics_xml_check(reader *r, const char *data, size_t n)
{
    return xml_read(r, data, n, FORMATS_TOPICS_AUTO, 1);
}
