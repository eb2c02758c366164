/* frame.c: what the judging and results screens share: layout, status, panels, safe drawing. */
/* SPDX-License-Identifier: MIT */
#include "tui/tui_private.h"

#include <stdlib.h>
#include <string.h>

attr_t tui_attr(unsigned char a)
{
    attr_t r = A_NORMAL;
    if (a & ASSESS_ATTR_HEADING)
        r |= A_BOLD;
    if (a & ASSESS_ATTR_WARNING)
        r |= has_colors() ? COLOR_PAIR(PAIR_ERROR) | A_BOLD : A_REVERSE | A_BOLD;
    else if (a & ASSESS_ATTR_FOUND)
        r |= COLOR_PAIR(PAIR_FOUND) | A_BOLD;
    else if (a & ASSESS_ATTR_TERM)
        r |= COLOR_PAIR(PAIR_TERM) | A_BOLD;
    else if (a & ASSESS_ATTR_PLACEHOLDER)
        r |= COLOR_PAIR(PAIR_PLACEHOLDER) | A_DIM;
    if (!has_colors() && (a & (ASSESS_ATTR_TERM | ASSESS_ATTR_FOUND)))
        r |= A_UNDERLINE;
    return r;
}

/* Draws line i of t at (y, x), at most width cells, with its attributes. */
void tui_draw_line(const assess_text *t, size_t i, int y, int x, int width)
{
    if (i >= t->nlines)
        return;
    size_t a = t->line[i], n = t->len[i];
    wchar_t run[256];
    size_t rl = 0;
    int used = 0;
    unsigned char cur = n > 0 ? t->attr[a] : 0;
    move(y, x);
    for (size_t k = a; k <= a + n; k++) {
        int end = k == a + n;
        int cw = end ? 0 : (t->attr[k] & ASSESS_ATTR_PLACEHOLDER) ? 1 : assess_char_width(t->ch[k]);
        if (end || t->attr[k] != cur || rl + 1 >= sizeof run / sizeof *run || used + cw > width) {
            if (rl > 0) {
                attrset(tui_attr(cur));
                addnwstr(run, (int)rl);
                rl = 0;
            }
            if (end || used + cw > width)
                break;
            cur = t->attr[k];
        }
        run[rl++] = t->ch[k];
        used += cw;
    }
    attrset(A_NORMAL);
}

/* Writes plain text made safe, cut to width cells; returns the cells used. */
int tui_draw_safe(int y, int x, const char *text, int width, attr_t attr)
{
    assess_text t = { 0 };
    assess_text_add(&t, text, strlen(text), 0);
    int used = 0;
    move(y, x);
    attrset(attr);
    for (size_t k = 0; k < t.n; k++) {
        if (t.ch[k] == L'\n')
            continue;
        int cw = (t.attr[k] & ASSESS_ATTR_PLACEHOLDER) ? 1 : assess_char_width(t.ch[k]);
        if (used + cw > width)
            break;
        addnwstr(&t.ch[k], 1);
        used += cw;
    }
    attrset(A_NORMAL);
    assess_text_free(&t);
    return used;
}

void tui_fill(int y, int x, int width, attr_t attr)
{
    attrset(attr);
    mvhline(y, x, ' ', width);
    attrset(A_NORMAL);
}

/* The cells text takes on the screen. */
static int text_cells(const char *text)
{
    /* printable ASCII is a cell a byte, as assess_text_add takes it: every draw measures
     * every docno of the pool (13,451 of them took 12 M instructions a draw this way) */
    const unsigned char *p = (const unsigned char *)text;
    size_t ascii = 0;
    while (p[ascii] >= 0x20 && p[ascii] < 0x7f)
        ascii++;
    if (p[ascii] == '\0')
        return (int)ascii;
    assess_text t = { 0 };
    assess_text_add(&t, text, strlen(text), 0);
    int cells = 0;
    for (size_t k = 0; k < t.n; k++)
        cells += (t.attr[k] & ASSESS_ATTR_PLACEHOLDER) ? 1 : assess_char_width(t.ch[k]);
    assess_text_free(&t);
    return cells;
}

/* The lines the message takes, wrapped to the width (1 to 4). */
static int message_lines(assess_session *a, int width)
{
    if (assess_get_mode(a) == ASSESS_MODE_INPUT)
        return 1;
    const char *msg = assess_message(a, NULL);
    assess_text t = { 0 };
    assess_text_add(&t, msg, strlen(msg), 0);
    assess_text_wrap(&t, width);
    int n = (int)t.nlines;
    assess_text_free(&t);
    return n < 1 ? 1 : n > 4 ? 4 : n;
}

tui_layout tui_layout_compute(assess_session *a)
{
    tui_layout l;
    l.rows = LINES < 8 ? 8 : LINES;
    l.cols = COLS < 30 ? 30 : COLS;
    int reading = assess_reading_width(a);
    /* the pool list: at least its docnos (up to half the screen); on a wide screen, what
     * the reading width leaves, for titles and snippets */
    size_t n;
    const assess_item *items = assess_items(a, &n);
    int docno_w = 4;
    for (size_t i = 0; i < n; i++) {
        int w = text_cells(items[i].docno);
        docno_w = w > docno_w ? w : docno_w;
    }
    l.docno_w = docno_w;
    l.list_w = l.cols / 4 > 24 ? 24 : l.cols / 4;
    if (l.cols >= 100)
        l.list_w = l.cols * 3 / 10;
    if (l.cols - l.list_w - 2 > reading)
        l.list_w = l.cols - reading - 2;
    if (l.list_w < docno_w + 5)
        l.list_w = docno_w + 5 < l.cols / 2 ? docno_w + 5 : l.cols / 2;
    l.doc_x = l.list_w + 1;
    l.doc_w = l.cols - l.doc_x;
    l.text_w = l.doc_w - 1 < reading ? l.doc_w - 1 : reading;
    l.topic_w = l.cols < reading ? l.cols : reading;
    l.msg_h = message_lines(a, l.cols);
    /* the topic panel fits its text, up to a third of the screen */
    assess_layout(a, l.text_w, 1, l.topic_w);
    int share = (l.rows - 6) / 3 < 3 ? 3 : (l.rows - 6) / 3;
    int lines = (int)assess_topic_text(a)->nlines;
    l.topic_y = 1;
    l.topic_h = lines < 1 ? 1 : lines > share ? share : lines;
    l.body_y = l.topic_y + l.topic_h + 1;
    l.body_h = l.rows - l.body_y - 1 - l.msg_h;
    if (l.body_h < 1)
        l.body_h = 1;
    assess_layout(a, l.text_w, l.body_h, l.topic_w);
    return l;
}

/* Minutes as "1h05" or "12 min". */
static void format_left(double seconds, char *out, size_t size)
{
    long m = (long)(seconds / 60 + 0.5);
    if (m >= 60)
        snprintf(out, size, "%ldh%02ld", m / 60, m % 60);
    else
        snprintf(out, size, "%ld min", m);
}

static void tui_draw_status(assess_session *a, const tui_layout *l, double now)
{
    size_t ntopics, n;
    size_t ti = assess_topic_index(a, &ntopics);
    assess_items(a, &n);
    size_t judged = assess_judged_count(a);
    const char *campaign = assess_campaign(a);
    const char *slash = strrchr(campaign, '/');
    int secs = (int)assess_doc_seconds(a, now);
    assess_progress pg;
    assess_get_progress(a, &pg);
    char eta[64] = "";
    if (pg.seconds_left >= 0 && pg.judged < pg.assigned) {
        char t[32];
        format_left(pg.seconds_left, t, sizeof t);
        snprintf(eta, sizeof eta, ", ~%s left", t);
    }
    /* a strategy of the whole collection says what was judged, found and is left */
    char strategy[128] = "";
    int has_strategy = assess_strategy_status(a, strategy, sizeof strategy) && strategy[0];
    /* the most that fits, the least needed dropped first */
    char left[768];
    const char *name = slash ? slash + 1 : campaign;
    for (int v = 0; v < 4; v++) {
        char topic[300], overall[128] = "", rel[48] = "";
        int adj = assess_adjudicating(a);
        if (has_strategy && v < 3)
            snprintf(topic, sizeof topic, "topic %s (%zu/%zu) | %s | %s", assess_qid(a), ti + 1,
                     ntopics, assess_assessor(a), strategy);
        else if (has_strategy)
            snprintf(topic, sizeof topic, "topic %s | %s", assess_qid(a), strategy);
        else
            snprintf(topic, sizeof topic, "topic %s (%zu/%zu) | %s%s | %zu/%zu %s", assess_qid(a),
                     ti + 1, ntopics, adj ? "adjudication by " : "", assess_assessor(a), judged, n,
                     adj ? "adjudicated" : "judged");
        if (v < 3 && !has_strategy)
            snprintf(rel, sizeof rel, ", %ld rel", pg.relevant);
        /* the totals of every topic are shown once read (just after the first screen) */
        if (v < 2 && !has_strategy && pg.totals)
            snprintf(overall, sizeof overall, " | all %ld/%ld%s", pg.judged, pg.assigned, eta);
        snprintf(left, sizeof left, " %s%s%s%s%s ", v < 1 ? name : "", v < 1 ? " | " : "", topic,
                 rel, overall);
        if (text_cells(left) + 8 <= l->cols)
            break;
    }
    char right[32];
    snprintf(right, sizeof right, " %d:%02d ", secs / 60, secs % 60);
    attr_t st = COLOR_PAIR(PAIR_STATUS) | A_REVERSE;
    tui_fill(0, 0, l->cols, st);
    int used = tui_draw_safe(0, 0, left, l->cols - 8, st);
    int bar = l->cols - used - (int)strlen(right) - 2;
    if (bar > 30)
        bar = 30;
    /* judged of the pool, or of the strategy's budget (as its words before the bar say) */
    size_t done = judged, of = n;
    if (!assess_strategy_progress(a, &done, &of)) {
        done = judged;
        of = n;
    }
    if (done > of)
        done = of;
    if (bar >= 6) {
        int full = of > 0 ? (int)((double)done / (double)of * bar + 0.5) : 0;
        move(0, used);
        attrset(st);
        for (int i = 0; i < bar; i++)
            addstr(i < full ? tui_glyph("\u2588", "#") : tui_glyph("\u2591", "-"));
        used += bar;
    }
    tui_draw_safe(0, l->cols - (int)strlen(right), right, (int)strlen(right), st);
}

static void tui_draw_topic(assess_session *a, const tui_layout *l)
{
    const assess_text *t = assess_topic_text(a);
    size_t top = assess_topic_top(a);
    int more = t->nlines > top + (size_t)l->topic_h;
    /* what does not fit is said plainly on the panel's last row */
    int rows = more ? l->topic_h - 1 : l->topic_h;
    for (int r = 0; r < rows; r++)
        tui_draw_line(t, top + (size_t)r, l->topic_y + r, 0, l->topic_w);
    if (more) {
        size_t rest = t->nlines - top - (size_t)rows;
        char say[128];
        snprintf(say, sizeof say, "%s %zu more line%s: J scrolls, v shows the whole topic",
                 tui_glyph("\u25bc", "v"), rest, rest == 1 ? "" : "s");
        tui_draw_safe(l->topic_y + rows, 0, say, l->cols, A_BOLD);
    }
}

static void tui_draw_separator(assess_session *a, const tui_layout *l)
{
    int y = l->body_y - 1;
    /* box characters as Unicode: terminals differ in the alternate character set */
    attrset(A_DIM);
    move(y, 0);
    for (int x = 0; x < l->cols; x++)
        addstr(tui_glyph("\u2500", "-"));
    for (int r = 0; r < l->body_h; r++)
        mvaddstr(l->body_y + r, l->list_w, tui_glyph("\u2502", "|"));
    attrset(A_NORMAL);
    size_t n;
    const assess_item *items = assess_items(a, &n);
    long cur = assess_current(a);
    char label[256];
    if (cur >= 0) {
        const assess_item *it = &items[cur];
        const char *gl = it->judged ? assess_grade_label(a, it->grade) : NULL;
        char state[160];
        if (it->judged)
            snprintf(state, sizeof state, "judged %ld%s%s", it->grade, gl ? " " : "", gl ? gl : "");
        else
            snprintf(state, sizeof state, "%s", it->later ? "set aside" : "not judged");
        const assess_text *d = assess_doc_text(a);
        size_t top = assess_doc_top(a);
        int pct = d->nlines > (size_t)l->body_h ? (int)((top + (size_t)l->body_h) * 100 / d->nlines)
                                                : 100;
        snprintf(label, sizeof label, " %s (%ld of %zu, %s%s%s) %d%% ", it->docno, cur + 1, n,
                 state,
                 strcmp(it->source, "cal") == 0 ? (it->unpooled ? ", proposed by CAL"
                                                                : ", pooled by CAL")
                 : it->unpooled                 ? ", from search, not pooled"
                 : strcmp(it->source, "pool")   ? ", found by search"
                                                : "",
                 it->no_text ? ", NO TEXT" : "", pct > 100 ? 100 : pct);
    } else {
        snprintf(label, sizeof label, " no document ");
    }
    tui_draw_safe(y, l->doc_x + 1, label, l->doc_w - 2, A_BOLD);
    tui_draw_safe(y, 1, " pool ", l->list_w - 1, A_BOLD);
}

static void tui_draw_pool(assess_session *a, const tui_layout *l)
{
    size_t n;
    const assess_item *items = assess_items(a, &n);
    long cur = assess_current(a);
    long first = 0;
    if (cur >= l->body_h / 2)
        first = cur - l->body_h / 2;
    if (first + l->body_h > (long)n)
        first = (long)n - l->body_h;
    if (first < 0)
        first = 0;
    /* the pool was read without its documents: the rows drawn are read now */
    assess_items_summarize(a, (size_t)first, (size_t)l->body_h);
    assess_text line = { 0 };
    for (int r = 0; r < l->body_h && first + r < (long)n; r++) {
        const assess_item *it = &items[first + r];
        char mark[24];
        attr_t at = A_NORMAL;
        if (it->judged) {
            snprintf(mark, sizeof mark, "%ld", it->grade);
            at = COLOR_PAIR(it->grade >= assess_relevance_level(a) ? PAIR_REL : PAIR_NONREL) |
                 A_BOLD;
        } else if (it->no_text) {
            /* no text to judge by: the list says so before the document is opened */
            snprintf(mark, sizeof mark, "%s", tui_glyph("\u2205", "!"));
            at = COLOR_PAIR(PAIR_ERROR) | A_BOLD;
        } else {
            const char *m = it->later ? "~" : it->unpooled ? "+" : tui_glyph("\u00b7", ".");
            snprintf(mark, sizeof mark, "%s", m);
            if (it->later)
                at = COLOR_PAIR(PAIR_LATER);
        }
        attr_t row = first + r == cur ? A_REVERSE : A_NORMAL;
        int y = l->body_y + r;
        tui_fill(y, 0, l->list_w, row);
        tui_draw_safe(y, 0, first + r == cur ? tui_glyph("\u25b8", ">") : " ", 1, row);
        int mw = tui_draw_safe(y, 1, mark, 3, at | row);
        /* a document with a note is marked after its grade */
        if (it->note != NULL || it->saved_note != NULL)
            mw += tui_draw_safe(y, 1 + mw, tui_glyph("\u270e", "*"), 1, A_BOLD | row);
        int x = 1 + mw + 1;
        tui_draw_safe(y, x, it->docno, l->list_w - x, row);
        /* the title or first words, and on a wide list the passage with the most terms */
        x += l->docno_w + 2;
        if (x + 8 <= l->list_w) {
            assess_item_line(a, (size_t)(first + r), l->list_w - x >= 60, &line);
            tui_draw_line(&line, 0, y, x, l->list_w - x);
            if (first + r == cur)
                mvchgat(y, x, l->list_w - x, A_REVERSE, 0, NULL);
        }
    }
    assess_text_free(&line);
}

/* The one-line key legend, from the session's key table. */
static void tui_draw_legend(assess_session *a, const tui_layout *l)
{
    size_t n, ngrades = 0;
    const assess_keyinfo *keys = assess_keys(a, &n);
    while (ngrades < n && keys[ngrades].is_grade)
        ngrades++;
    int x = 0, y = l->rows - 1;
    for (size_t i = 0; i < n; i++) {
        if (keys[i].legend == NULL)
            continue;
        /* with more than two grades, each grade shows the first word of its label */
        char word[24];
        snprintf(word, sizeof word, "%s", keys[i].legend);
        if (keys[i].is_grade && ngrades > 2)
            word[strcspn(word, " ")] = '\0';
        int need = (int)strlen(keys[i].keys) + 1 + (int)strlen(word) + 1;
        if (x + need > l->cols)
            break;
        x += tui_draw_safe(y, x, keys[i].keys, l->cols - x, A_REVERSE);
        x += tui_draw_safe(y, x, " ", 1, A_NORMAL);
        x += tui_draw_safe(y, x, word, l->cols - x, A_NORMAL);
        x += tui_draw_safe(y, x, i + 1 < ngrades ? " " : "  ", l->cols - x, A_NORMAL);
    }
}

static void tui_draw_message(assess_session *a, const tui_layout *l)
{
    int y = l->rows - 1 - l->msg_h;
    if (assess_get_mode(a) == ASSESS_MODE_INPUT) {
        const char *prompt;
        const char *text = assess_input(a, &prompt);
        int x = tui_draw_safe(y, 0, prompt, l->cols, A_BOLD);
        int w = l->cols - x - 1;
        /* show the end of a long input: the most characters from the end that fit */
        assess_text t = { 0 };
        assess_text_add(&t, text, strlen(text), 0);
        size_t first = t.n;
        int cells = 0;
        while (first > 0) {
            int cw = (t.attr[first - 1] & ASSESS_ATTR_PLACEHOLDER)
                         ? 1
                         : assess_char_width(t.ch[first - 1]);
            if (cells + cw > w)
                break;
            cells += cw;
            first--;
        }
        move(y, x);
        int used = 0;
        for (size_t k = first; k < t.n; k++) {
            addnwstr(&t.ch[k], 1);
            used += (t.attr[k] & ASSESS_ATTR_PLACEHOLDER) ? 1 : assess_char_width(t.ch[k]);
        }
        assess_text_free(&t);
        move(y, x + used);
        return;
    }
    int is_error;
    const char *msg = assess_message(a, &is_error);
    attr_t at = is_error ? COLOR_PAIR(PAIR_ERROR) | A_BOLD : A_NORMAL;
    /* a message longer than the line wraps over the rows the layout gave it */
    assess_text t = { 0 };
    assess_text_add(&t, msg, strlen(msg), 0);
    assess_text_wrap(&t, l->cols);
    for (int r = 0; r < l->msg_h && (size_t)r < t.nlines; r++) {
        int row = l->rows - 1 - l->msg_h + r;
        move(row, 0);
        attrset(at);
        int used = 0;
        for (size_t k = t.line[r]; k < t.line[r] + t.len[r]; k++) {
            int cw = (t.attr[k] & ASSESS_ATTR_PLACEHOLDER) ? 1 : assess_char_width(t.ch[k]);
            if (used + cw > l->cols)
                break;
            addnwstr(&t.ch[k], 1);
            used += cw;
        }
        attrset(A_NORMAL);
    }
    assess_text_free(&t);
}

void tui_draw_frame(assess_session *a, const tui_layout *l, double now)
{
    tui_draw_status(a, l, now);
    tui_draw_topic(a, l);
    tui_draw_separator(a, l);
    tui_draw_pool(a, l);
}

void tui_draw_footer(assess_session *a, const tui_layout *l)
{
    tui_draw_legend(a, l);
    tui_draw_message(a, l);
}
