/* keys.c: the key table (key, handler, help, legend, man text) and each key's dispatch by mode. */
/* SPDX-License-Identifier: MIT */
#include "assess/assess_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A key's handler: returns what it changed (ASSESS_CHANGED_* bits), or -1 when a save
 * failed (err set). */
typedef int (*handler)(assess_session *a, int key, double now, util_error *err);

static void start_input(assess_session *a, input_kind kind, const char *prompt);
static int quit_key(assess_session *a, double now);
static int may_leave(assess_session *a, int key);

/* ---- the handlers of the fixed keys ---- */

static int key_help(assess_session *a, int key, double now, util_error *err)
{
    (void)key, (void)now, (void)err;
    a->mode = ASSESS_MODE_HELP;
    return ASSESS_CHANGED_MODE;
}

static int key_report(assess_session *a, int key, double now, util_error *err)
{
    (void)key, (void)now, (void)err;
    if (!a->report_allowed) {
        /* the runs' scores would tell the assessor which documents the systems favour */
        assess_say(a, 0, "The report is hidden from assessors in this campaign.");
        return 0;
    }
    a->mode = ASSESS_MODE_REPORT;
    return ASSESS_CHANGED_MODE;
}

static int key_quit(assess_session *a, int key, double now, util_error *err)
{
    (void)key, (void)err;
    return quit_key(a, now);
}

static int key_unjudged(assess_session *a, int key, double now, util_error *err)
{
    int dir = key == ASSESS_KEY_TAB || key == ']' ? 1 : -1;
    long i = assess_next_unjudged(a, a->cur < 0 ? (dir > 0 ? -1 : 0) : a->cur, dir);
    if (i < 0) {
        assess_say(a, 0, "Every document of this topic is judged.");
        return 0;
    }
    return assess_show_item(a, i, now, err);
}

static int key_doc(assess_session *a, int key, double now, util_error *err)
{
    if (a->nitems == 0)
        return 0;
    long dir = key == ASSESS_KEY_RIGHT || key == '.' ? 1 : -1;
    long n = (long)a->nitems;
    long i = a->cur < 0 ? 0 : ((a->cur + dir) % n + n) % n;
    return assess_show_item(a, i, now, err);
}

static int key_undo(assess_session *a, int key, double now, util_error *err)
{
    (void)key;
    return assess_undo(a, now, err);
}

static int key_later(assess_session *a, int key, double now, util_error *err)
{
    (void)key;
    return assess_later(a, now, err);
}

static int key_note(assess_session *a, int key, double now, util_error *err)
{
    (void)key, (void)now, (void)err;
    if (a->cur < 0)
        return 0;
    start_input(a, INPUT_NOTE, "Note: ");
    /* the note the document has is edited, not replaced by an empty one */
    const assess_item *it = &a->items[a->cur];
    const char *old = it->note != NULL ? it->note : it->saved_note;
    if (old != NULL) {
        snprintf(a->line, sizeof a->line, "%s", old);
        a->line_len = strlen(a->line);
        while (a->line_len > 0 && ((unsigned char)a->line[a->line_len - 1] & 0xc0) == 0x80 &&
               a->line_len < strlen(old))
            a->line[--a->line_len] = '\0';
    }
    return ASSESS_CHANGED_MODE;
}

static int key_whole_topic(assess_session *a, int key, double now, util_error *err)
{
    (void)key, (void)now, (void)err;
    a->mode = ASSESS_MODE_TOPIC;
    return ASSESS_CHANGED_MODE;
}

static int key_pool(assess_session *a, int key, double now, util_error *err)
{
    (void)key;
    if (a->cur < 0 || !a->items[a->cur].unpooled) {
        assess_say(a, 0, "P pools a document opened from a search (S); this one is pooled.");
        return 0;
    }
    assess_pending_clear(a);
    a->pending = (pending){ .kind = WRITE_POOL, .topic = a->cur_topic,
                            .docno = util_strdup(a->items[a->cur].docno),
                            .source = assess_pool_source(&a->items[a->cur]),
                            .position = (int64_t)a->nitems + 1000000 };
    return assess_write_start(a, now, err);
}

/* One page: the panel's height less one line kept in view. */
static long page(const assess_session *a)
{
    return a->doc_height > 2 ? a->doc_height - 1 : 1;
}

static int key_line(assess_session *a, int key, double now, util_error *err)
{
    (void)now, (void)err;
    return assess_scroll_doc(a, key == 'j' || key == ASSESS_KEY_DOWN ? 1 : -1);
}

static int key_page(assess_session *a, int key, double now, util_error *err)
{
    (void)now, (void)err;
    return assess_scroll_doc(a, key == ' ' || key == ASSESS_KEY_PGDN ? page(a) : -page(a));
}

static int key_ends(assess_session *a, int key, double now, util_error *err)
{
    (void)now, (void)err;
    if (key == 'g' || key == ASSESS_KEY_HOME)
        return assess_scroll_to(a, 0);
    return assess_scroll_doc(a, (long)a->doc_text.nlines);
}

static int key_find(assess_session *a, int key, double now, util_error *err)
{
    (void)key, (void)now, (void)err;
    start_input(a, INPUT_FIND, "Find: ");
    return ASSESS_CHANGED_MODE;
}

static int key_match(assess_session *a, int key, double now, util_error *err)
{
    (void)now, (void)err;
    return assess_find_next(a, key == 'N');
}

static int key_term(assess_session *a, int key, double now, util_error *err)
{
    (void)now, (void)err;
    return assess_term_next(a, key == 'H');
}

static int key_desc(assess_session *a, int key, double now, util_error *err)
{
    (void)key, (void)now;
    return assess_desc_terms(a, err);
}

static int key_lang(assess_session *a, int key, double now, util_error *err)
{
    (void)key, (void)now, (void)err;
    return assess_next_lang(a);
}

static int key_topic_scroll(assess_session *a, int key, double now, util_error *err)
{
    (void)now, (void)err;
    return assess_scroll_topic(a, key == 'J' ? 1 : -1);
}

static int key_jump(assess_session *a, int key, double now, util_error *err)
{
    (void)key, (void)now, (void)err;
    start_input(a, INPUT_JUMP, "Go to docno: ");
    return ASSESS_CHANGED_MODE;
}

/* t and T: the next topic with something left to judge; the ones passed over are counted. */
static int key_topic(assess_session *a, int key, double now, util_error *err)
{
    if (a->ntopics >= 2 && !may_leave(a, key))
        return 0;
    if (a->ntopics < 2) {
        assess_say(a, 0, "This is the only topic for %s.", a->assessor);
        return 0;
    }
    size_t n = a->ntopics, step = key == 't' ? 1 : n - 1, next = (a->cur_topic + step) % n;
    size_t skipped = 0;
    while (next != a->cur_topic &&
           a->topics[next].progress.judged >= a->topics[next].progress.pooled) {
        skipped++;
        next = (next + step) % n;
    }
    int all_done = next == a->cur_topic;
    if (all_done)
        next = (a->cur_topic + step) % n;
    int rc = assess_load_topic(a, next, now, err);
    if (rc < 0)
        return -1;
    if (all_done)
        assess_say(a, 0, "No other topic has documents left to judge; this is topic %s.",
                   a->topics[next].qid);
    else if (skipped > 0)
        assess_say(a, 0, "Topic %s; %zu topic%s with nothing left to judge skipped.",
                   a->topics[next].qid, skipped, skipped == 1 ? "" : "s");
    return rc;
}

static int key_search(assess_session *a, int key, double now, util_error *err)
{
    (void)key, (void)now, (void)err;
    if (!a->has_searcher) {
        assess_say(a, 0, "No search index: build it with 'trecjudge index'.");
        return 0;
    }
    start_input(a, INPUT_SEARCH, "Search the collection: ");
    return ASSESS_CHANGED_MODE;
}

/* ---- the table ---- */

/* The screen's fixed keys: the one table that dispatch reads, the help screen, the legend
 * and the man page show, and the grade keys of a scale are checked against
 * (assess_key_reserved). info.codes[i] is handled by fn[i]. Keys that only change what is
 * seen ("reads") work while a save waits. */
static const struct fixed_key {
    assess_keyinfo info;
    handler fn[4];
    int reads;
} fixed_keys[] = {
    { { "?", "this help", "help", 0, { '?' }, "the help screen: every key (any key returns)." },
      { key_help }, 1 },
    { { "q", "quit (all is saved)", "quit", 0, { 'q' },
        "quit. Ctrl\\-C (on every screen: help, report, search results, a prompt, while a save\n"
        "waits), SIGTERM and SIGHUP also end the session; the terminal is restored in every "
        "case." },
      { key_quit }, 0 },
    { { "Tab ]", "next unjudged document", "next", 0, { ASSESS_KEY_TAB, ']' }, NULL },
      { key_unjudged, key_unjudged }, 0 },
    { { "S-Tab [", "previous unjudged", NULL, 0, { ASSESS_KEY_BTAB, '[' },
        "previous unjudged document." },
      { key_unjudged, key_unjudged }, 0 },
    { { "\u2192 .", "next document in pool", NULL, 0, { ASSESS_KEY_RIGHT, '.' },
        "next document in the pool." },
      { key_doc, key_doc }, 0 },
    { { "\u2190 ,", "previous document", NULL, 0, { ASSESS_KEY_LEFT, ',' },
        "previous document in the pool." },
      { key_doc, key_doc }, 0 },
    { { "u", "undo the last judgment", "undo", 0, { 'u' },
        "undo the last judgment or setting aside of the session (a first judgment is\n"
        "withdrawn; a revision gets its old grade back; a document set aside before it was\n"
        "judged is set aside again); repeatable." },
      { key_undo }, 0 },
    { { "s", "judge later (set aside)", "later", 0, { 's' },
        "judge later: the document is set aside and comes back when the rest is judged." },
      { key_later }, 0 },
    { { "c", "note on this judgment", "note", 0, { 'c' },
        "a note on the document's judgment (kept with the judgment; before the document\n"
        "is judged, it is saved with its grade)." },
      { key_note }, 0 },
    { { "j \u2193  k \u2191", "scroll a line", NULL, 0,
        { 'j', ASSESS_KEY_DOWN, 'k', ASSESS_KEY_UP },
        "scroll the document a line." },
      { key_line, key_line, key_line, key_line }, 1 },
    { { "Spc PgDn b PgUp", "scroll a page", NULL, 0, { ' ', ASSESS_KEY_PGDN, 'b', ASSESS_KEY_PGUP },
        "scroll the document a page (Spc is the space bar)." },
      { key_page, key_page, key_page, key_page }, 1 },
    { { "g Home  G End", "top / end of document", NULL, 0,
        { 'g', ASSESS_KEY_HOME, 'G', ASSESS_KEY_END },
        "the top / the end of the document." },
      { key_ends, key_ends, key_ends, key_ends }, 1 },
    { { "/", "find in the document", "find", 0, { '/' },
        "find text in the document (case\\-insensitive)." },
      { key_find }, 1 },
    { { "n  N", "next / previous match", NULL, 0, { 'n', 'N' }, NULL },
      { key_match, key_match }, 1 },
    { { "h  H", "next / previous term", NULL, 0, { 'h', 'H' },
        "next / previous passage with topic terms." },
      { key_term, key_term }, 1 },
    { { "D", "highlight description", NULL, 0, { 'D' },
        "highlight the terms of the description too (again: the title's only)." },
      { key_desc }, 1 },
    { { "L", "next topic language", "lang", 0, { 'L' }, "the topic's next language." },
      { key_lang }, 1 },
    { { "J  K", "scroll the topic", NULL, 0, { 'J', 'K' },
        "scroll the topic panel (its last line says how many lines follow)." },
      { key_topic_scroll, key_topic_scroll }, 1 },
    { { "v", "the whole topic", NULL, 0, { 'v' },
        "the whole topic on the screen (any key returns)." },
      { key_whole_topic }, 1 },
    { { ":", "go to a docno", NULL, 0, { ':' }, "go to a docno of the pool." }, { key_jump }, 0 },
    { { "t  T", "next / previous topic", "topic", 0, { 't', 'T' }, NULL },
      { key_topic, key_topic }, 0 },
    { { "S", "search the collection", "search", 0, { 'S' },
        "search the whole collection for documents the pool missed (see\n"
        ".BR \"Search while judging\" )." },
      { key_search }, 0 },
    { { "P", "pool the search result", NULL, 0, { 'P' },
        "add the document shown, opened from a search, to the topic's pool\n"
        "(judging it does too)." },
      { key_pool }, 0 },
    { { "r", "live report", "report", 0, { 'r' },
        "the live report, for the organizer\n"
        ".RB ( \"assess \\-\\-organizer\" )\n"
        "or when the campaign lets assessors see it\n"
        ".RB ( \"settings report_for_assessors yes\" );\n"
        "else it says that the report is hidden, and the help and legend do not offer it." },
      { key_report }, 1 },
};

#define NFIXED (sizeof fixed_keys / sizeof *fixed_keys)

/* The row of the table a fixed key is on, and its handler; NULL when it is none. */
static const struct fixed_key *fixed_key(int key, handler *fn)
{
    for (size_t i = 0; i < NFIXED; i++)
        for (size_t j = 0; j < 4 && fixed_keys[i].info.codes[j] != 0; j++)
            if (fixed_keys[i].info.codes[j] == key) {
                if (fn != NULL)
                    *fn = fixed_keys[i].fn[j];
                return &fixed_keys[i];
            }
    return NULL;
}

const assess_keyinfo *assess_fixed_key(size_t i)
{
    return i < NFIXED ? &fixed_keys[i].info : NULL;
}

const char *assess_key_reserved(int key)
{
    const struct fixed_key *row = fixed_key(key, NULL);
    return row == NULL ? NULL : row->info.what;
}

size_t assess_reserved_list(char *out, size_t size)
{
    size_t used = 0;
    if (size > 0)
        out[0] = '\0';
    for (size_t i = 0; i < NFIXED; i++)
        for (size_t j = 0; j < 4 && fixed_keys[i].info.codes[j] != 0; j++) {
            int key = fixed_keys[i].info.codes[j];
            if (key >= ASSESS_KEY_UP)
                continue;
            char one[16];
            int n = snprintf(one, sizeof one, "%s%s", used > 0 ? " " : "",
                             key == ' ' ? "Space" : (char[]){ (char)key, 0 });
            if (used + (size_t)n < size) {
                memcpy(out + used, one, (size_t)n + 1);
                used += (size_t)n;
            }
        }
    return used;
}

/* The keys as roff: arrows as roff's special characters, hyphens as minus signs. */
static void roff_keys(FILE *out, const char *keys)
{
    static const struct {
        const char *utf8, *roff;
    } special[] = { { "\u2192", "\\(->" }, { "\u2190", "\\(<-" }, { "\u2193", "\\(da" },
                    { "\u2191", "\\(ua" }, { "-", "\\-" }, { "\\", "\\e" } };
    const size_t nspecial = sizeof special / sizeof *special;
    for (const char *p = keys; *p != '\0';) {
        size_t k = 0;
        while (k < nspecial && strncmp(p, special[k].utf8, strlen(special[k].utf8)) != 0)
            k++;
        if (k < nspecial) {
            fputs(special[k].roff, out);
            p += strlen(special[k].utf8);
        } else {
            fputc(*p++, out);
        }
    }
}

char *assess_keys_roff(void)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (out == NULL)
        util_die("cannot make the key list: %s", "out of memory");
    for (size_t i = 0; i < NFIXED; i++) {
        const assess_keyinfo *k = &fixed_keys[i].info;
        fputs(".TP\n.B \"", out);   /* quoted: the spaces between keys are kept */
        roff_keys(out, k->keys);
        if (k->man != NULL)
            fprintf(out, "\"\n%s\n", k->man);
        else
            fprintf(out, "\"\n%s.\n", k->what);
    }
    if (fclose(out) != 0 || text == NULL)
        util_die("cannot make the key list: %s", "out of memory");
    return text;
}

/* ---- grade keys ---- */

/* Encodes a typed character as UTF-8; returns its length (0 for a control character or
 * what cannot be a character). */
static size_t utf8_encode(long c, char *out)
{
    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || (c >= 0xd800 && c <= 0xdfff) ||
        c > 0x10ffff)
        return 0;
    return util_utf8_encode((uint32_t)c, out);
}

/* The one character of a grade key, or -1 when it is not one character. */
static int key_char(const char *key)
{
    if (key[0] == '\0')
        return -1;
    if ((unsigned char)key[0] < 0x80)
        return key[1] == '\0' ? (unsigned char)key[0] : -1;
    wchar_t wc;
    mbstate_t st = { 0 };
    size_t n = mbrtowc(&wc, key, strlen(key), &st);
    return n == strlen(key) ? (int)wc : -1;
}

/* A campaign made before grade keys were checked may give a grade a key the screen uses
 * for something else: that key keeps its screen meaning, and the grade gets its number as
 * key when the number is free (else it has no key); the opening message says so. */
static void fix_grade_keys(assess_session *a)
{
    char said[512] = "";
    for (size_t i = 0; i < a->ngrades; i++) {
        int c = key_char(a->grades[i].key);
        const char *what = c >= 0 ? assess_key_reserved(c) : NULL;
        if (what == NULL)
            continue;
        char digit[2] = { 0 };
        if (a->grades[i].grade >= 0 && a->grades[i].grade <= 9) {
            digit[0] = (char)('0' + a->grades[i].grade);
            for (size_t j = 0; j < a->ngrades; j++)
                if (strcmp(a->grades[j].key, digit) == 0)
                    digit[0] = '\0';
        }
        char one[200];
        snprintf(one, sizeof one, "%sgrade key '%s' is the screen's '%s' key: %s%s%s",
                 said[0] ? "; " : "", a->grades[i].key, what, digit[0] ? "press " : "",
                 digit[0] ? digit : "no key gives", digit[0] ? " for it" : " it here");
        if (strlen(said) + strlen(one) < sizeof said)
            strcat(said, one);
        free(a->grades[i].key);
        a->grades[i].key = util_strdup(digit);
    }
    if (said[0] != '\0')
        assess_say(a, 1, "This campaign's %s.", said);
}

void assess_build_keys(assess_session *a)
{
    fix_grade_keys(a);
    size_t n = a->ngrades + NFIXED;
    a->keys = util_calloc(n, sizeof *a->keys);
    a->nkeys = 0;
    for (size_t i = 0; i < a->ngrades; i++)
        if (a->grades[i].key[0] != '\0')
            a->keys[a->nkeys++] = (assess_keyinfo){ a->grades[i].key,
                                                    a->grades[i].label,
                                                    a->grades[i].label,
                                                    1,
                                                    { key_char(a->grades[i].key) },
                                                    NULL };
    for (size_t i = 0; i < NFIXED; i++)
        if (fixed_keys[i].fn[0] != key_report || a->report_allowed)
            a->keys[a->nkeys++] = fixed_keys[i].info;
}

const assess_keyinfo *assess_keys(const assess_session *a, size_t *n)
{
    *n = a->nkeys;
    return a->keys;
}

/* ---- the input line (find, go to, note, search) ---- */

static void start_input(assess_session *a, input_kind kind, const char *prompt)
{
    a->mode = ASSESS_MODE_INPUT;
    a->input = kind;
    a->prompt = prompt;
    a->line_len = 0;
    a->line[0] = '\0';
}

static int finish_input(assess_session *a, double now, util_error *err)
{
    a->mode = ASSESS_MODE_JUDGE;
    const char *text = a->line;
    int rc = 0;
    switch (a->input) {
    case INPUT_FIND:
        rc = assess_find(a, text);
        break;
    case INPUT_JUMP: {
        if (a->line_len == 0)
            break;
        long i = assess_find_item(a, text);
        if (i < 0)
            assess_say(a, 1, "%s is not in the pool of topic %s.", text,
                       a->topics[a->cur_topic].qid);
        else
            rc = assess_show_item(a, i, now, err);
        break;
    }
    case INPUT_SEARCH:
        if (a->line_len > 0)
            rc = assess_search_run(a, text, err);
        break;
    case INPUT_NOTE:
        rc = assess_note(a, text, now, err);
        break;
    }
    return rc < 0 ? -1 : rc | ASSESS_CHANGED_MODE;
}

static int input_key(assess_session *a, int key, double now, util_error *err)
{
    if (key == ASSESS_KEY_ENTER)
        return finish_input(a, now, err);
    if (key == ASSESS_KEY_ESCAPE) {
        a->mode = ASSESS_MODE_JUDGE;
        assess_say(a, 0, "Cancelled.");
        return ASSESS_CHANGED_MODE;
    }
    if (key == ASSESS_KEY_BACKSPACE) {
        if (a->line_len == 0)
            return 0;
        while (a->line_len > 0 && ((unsigned char)a->line[--a->line_len] & 0xc0) == 0x80)
            ;
        a->line[a->line_len] = '\0';
        return ASSESS_CHANGED_REDRAW;
    }
    char buf[4];
    size_t n = key >= 0 && key < ASSESS_KEY_UP ? utf8_encode(key, buf) : 0;
    if (n == 0 || a->line_len + n >= sizeof a->line)
        return 0;
    memcpy(a->line + a->line_len, buf, n);
    a->line_len += n;
    a->line[a->line_len] = '\0';
    return ASSESS_CHANGED_REDRAW;
}

/* ---- leaving ---- */

/* Notes typed on documents not judged yet are lost when the topic is left: the first press
 * of a leaving key says so, a second press leaves. Returns 1 when the key may act. */
static int may_leave(assess_session *a, int key)
{
    size_t waiting = 0;
    for (size_t i = 0; i < a->nitems; i++)
        waiting += a->items[i].note != NULL;
    if (waiting == 0 || a->confirm == key) {
        a->confirm = 0;
        return 1;
    }
    a->confirm = key;
    assess_say(a, 1,
               "%zu note%s wait%s for a judgment and would be lost: judge %s, or press %c again.",
               waiting, waiting == 1 ? "" : "s", waiting == 1 ? "s" : "",
               waiting == 1 ? "it" : "them", key == ASSESS_KEY_INTERRUPT ? 'q' : key);
    return 0;
}

/* The session ends: the time on the document is counted; a write still waiting for the
 * lock is tried once more, then given up (assess_unsaved tells which). */
void assess_leave(assess_session *a, double now)
{
    if (a->pending.kind != WRITE_NONE) {
        util_error err = { 0, "" };
        if (assess_write_step(a, now, &err) < 0 || a->pending.kind != WRITE_NONE)
            assess_pending_drop(a);
    }
    assess_credit(a, now);
    a->mode = ASSESS_MODE_QUIT;
}

/* q: leaves; while a save waits for the lock, the first q tries it again and asks, a
 * second q leaves without it. */
static int quit_key(assess_session *a, double now)
{
    if (a->pending.kind != WRITE_NONE) {
        util_error err = { 0, "" };
        int asked = a->pending.quit;
        int rc = assess_write_step(a, now, &err);
        if (rc < 0)
            return ASSESS_CHANGED_ALL;   /* failed, which the screen shows: the next q leaves */
        if (a->pending.kind == WRITE_NONE)
            return rc;                   /* saved: the next q leaves */
        if (!asked) {
            a->pending.quit = 1;
            assess_say_waiting(a, now);
            return 0;
        }
    } else if (!may_leave(a, 'q')) {
        return 0;
    }
    assess_leave(a, now);
    return ASSESS_CHANGED_MODE;
}

/* ---- dispatch ---- */

/* A key on the judging screen: a grade key, or the table's handler. */
static int judge_key(assess_session *a, int key, double now, util_error *err)
{
    char buf[4];
    size_t n = key >= 0 && key < ASSESS_KEY_UP ? utf8_encode(key, buf) : 0;
    handler fn = NULL;
    const struct fixed_key *row = fixed_key(key, &fn);
    if (a->pending.kind != WRITE_NONE && (row == NULL || (fn != key_quit && !row->reads))) {
        /* a grade or a move typed while a save waits would act on what the assessor has not
         * seen acted on: it is dropped, and counted on the screen */
        a->pending.ignored++;
        assess_say_waiting(a, now);
        return 0;
    }
    for (size_t i = 0; n > 0 && i < a->ngrades; i++)
        if (strlen(a->grades[i].key) == n && memcmp(a->grades[i].key, buf, n) == 0)
            return assess_judge(a, a->grades[i].grade, key, now, err);
    if (fn != NULL)
        return fn(a, key, now, err);
    if (key != ASSESS_KEY_ESCAPE) {
        if (n > 0 && key != ' ')
            assess_say(a, 0, "'%.*s' is not a key here: ? for help.", (int)n, buf);
        else
            assess_say(a, 0, "That key does nothing here: ? for help.");
    }
    return 0;
}

void assess_compose(assess_session *a)
{
    if (a->pending.kind == WRITE_NONE)
        a->waiting[0] = '\0';
    if (a->waiting[0] == '\0')
        snprintf(a->display, sizeof a->display, "%s", a->message);
    else
        snprintf(a->display, sizeof a->display, "%s%s%s", a->waiting, a->message[0] ? " " : "",
                 a->message);
}

/* A failed save says so, unless the handler said why already. */
static int failed(assess_session *a, int rc, const util_error *err)
{
    if (rc < 0 && (a->message[0] == '\0' || !a->message_error))
        assess_say(a, 1, "ERROR, NOT SAVED: %s", err->msg);
    return rc;
}

static int key_in_mode(assess_session *a, int key, double now, util_error *err)
{
    if (key == ASSESS_KEY_INTERRUPT) {
        /* Ctrl-C ends the session from every screen */
        assess_leave(a, now);
        return ASSESS_CHANGED_MODE;
    }
    switch (a->mode) {
    case ASSESS_MODE_QUIT:
        return 0;
    case ASSESS_MODE_HELP:
    case ASSESS_MODE_REPORT:
    case ASSESS_MODE_TOPIC:
        /* any key goes back */
        a->mode = ASSESS_MODE_JUDGE;
        return ASSESS_CHANGED_MODE | (key == 'q' ? quit_key(a, now) : 0);
    case ASSESS_MODE_INPUT:
        return failed(a, input_key(a, key, now, err), err);
    case ASSESS_MODE_RESULTS:
        return failed(a, assess_results_key(a, key, now, err), err);
    case ASSESS_MODE_JUDGE: {
        int confirm = a->confirm;
        a->message[0] = '\0';
        a->message_error = 0;
        int rc = judge_key(a, key, now, err);
        if (a->confirm == confirm && confirm != 0 && key != confirm)
            a->confirm = 0;
        return failed(a, rc, err);
    }
    }
    return 0;
}

unsigned assess_handle_key(assess_session *a, int key, double now, util_error *err)
{
    /* a key acts on the counts of every topic (t skips finished ones): read first, if the
     * screen has not read them since it was drawn */
    if (!a->totals_known && assess_load_totals(a, err) < 0)
        return ASSESS_CHANGED_ALL | ASSESS_CHANGED_FAILED;
    if (a->doc_started < 0)
        a->doc_started = now;
    assess_credit(a, now);
    /* the message line is compared, not reported by each handler: many helpers say things */
    int was_error;
    char before[sizeof a->display];
    snprintf(before, sizeof before, "%s", assess_message(a, &was_error));
    int rc = key_in_mode(a, key, now, err);
    assess_compose(a);
    int is_error;
    unsigned changed = rc < 0 ? ASSESS_CHANGED_ALL | ASSESS_CHANGED_FAILED : (unsigned)rc;
    if (strcmp(before, assess_message(a, &is_error)) != 0 || was_error != is_error)
        changed |= ASSESS_CHANGED_MESSAGE;
    return changed;
}

int assess_key(assess_session *a, int key, double now, util_error *err)
{
    return (assess_handle_key(a, key, now, err) & ASSESS_CHANGED_FAILED) ? -1 : 0;
}

void assess_keys_ignored(assess_session *a, size_t n)
{
    if (n == 0)
        return;
    char one[200];
    const char *docno = a->cur >= 0 ? a->items[a->cur].docno : "the document";
    snprintf(one, sizeof one, "%s%zu key%s typed before %s was shown %s ignored.",
             a->message[0] ? " " : "", n, n == 1 ? "" : "s", docno, n == 1 ? "was" : "were");
    if (strlen(a->message) + strlen(one) < sizeof a->message)
        strcat(a->message, one);
    assess_compose(a);
}
