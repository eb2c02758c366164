/* frame.c: what the judging and results screens share: the layout, the status line, topic panel, pool list, legend and message line, and safe drawing of text. */
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

tui_layout tui_layout_compute(void)
{
    tui_layout l;
    l.rows = LINES < 8 ? 8 : LINES;
    l.cols = COLS < 30 ? 30 : COLS;
    l.topic_y = 1;
    l.topic_h = l.rows / 4 < 3 ? 3 : l.rows / 4;
    l.body_y = l.topic_y + l.topic_h + 1;
    l.body_h = l.rows - l.body_y - 2;
    if (l.body_h < 1)
        l.body_h = 1;
    l.list_w = l.cols / 4 > 24 ? 24 : l.cols / 4;
    l.doc_x = l.list_w + 1;
    l.doc_w = l.cols - l.doc_x;
    return l;
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
    char left[512];
    snprintf(left, sizeof left, " %s | topic %s (%zu/%zu) | %s | %zu/%zu judged ",
             slash ? slash + 1 : campaign, assess_qid(a), ti + 1, ntopics, assess_assessor(a),
             judged, n);
    char right[32];
    snprintf(right, sizeof right, " %d:%02d ", secs / 60, secs % 60);
    attr_t st = COLOR_PAIR(PAIR_STATUS) | A_REVERSE;
    tui_fill(0, 0, l->cols, st);
    int used = tui_draw_safe(0, 0, left, l->cols - 8, st);
    int bar = l->cols - used - (int)strlen(right) - 2;
    if (bar > 30)
        bar = 30;
    if (bar >= 6) {
        int full = n > 0 ? (int)((double)judged / (double)n * bar + 0.5) : 0;
        move(0, used);
        attrset(st);
        for (int i = 0; i < bar; i++)
            addstr(i < full ? "\u2588" : "\u2591");
        used += bar;
    }
    tui_draw_safe(0, l->cols - (int)strlen(right), right, (int)strlen(right), st);
}

static void tui_draw_topic(assess_session *a, const tui_layout *l)
{
    const assess_text *t = assess_topic_text(a);
    size_t top = assess_topic_top(a);
    for (int r = 0; r < l->topic_h; r++)
        tui_draw_line(t, top + (size_t)r, l->topic_y + r, 0, l->cols);
    if (t->nlines > top + (size_t)l->topic_h)
        tui_draw_safe(l->topic_y + l->topic_h - 1, l->cols - 3, " \u2193 ", 3, A_BOLD);
}

static void tui_draw_separator(assess_session *a, const tui_layout *l)
{
    int y = l->body_y - 1;
    /* box characters as Unicode: terminals differ in the alternate character set */
    attrset(A_DIM);
    move(y, 0);
    for (int x = 0; x < l->cols; x++)
        addstr("\u2500");
    for (int r = 0; r < l->body_h; r++)
        mvaddstr(l->body_y + r, l->list_w, "\u2502");
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
        int pct = d->nlines > (size_t)l->body_h ? (int)((top + (size_t)l->body_h) * 100 / d->nlines) : 100;
        snprintf(label, sizeof label, " %s (%ld of %zu, %s%s%s) %d%% ", it->docno, cur + 1, n, state,
                 strcmp(it->source, "pool") ? ", found by search" : "", it->no_text ? ", NO TEXT" : "",
                 pct > 100 ? 100 : pct);
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
    for (int r = 0; r < l->body_h && first + r < (long)n; r++) {
        const assess_item *it = &items[first + r];
        char mark[24];
        attr_t at = A_NORMAL;
        if (it->judged) {
            snprintf(mark, sizeof mark, "%ld", it->grade);
            at = COLOR_PAIR(it->grade >= assess_relevance_level(a) ? PAIR_REL : PAIR_NONREL) | A_BOLD;
        } else if (it->no_text) {
            /* no text to judge by: the list says so before the document is opened */
            snprintf(mark, sizeof mark, "%s", "\u2205");
            at = COLOR_PAIR(PAIR_ERROR) | A_BOLD;
        } else {
            snprintf(mark, sizeof mark, "%s", it->later ? "~" : "\u00b7");
            if (it->later)
                at = COLOR_PAIR(PAIR_LATER);
        }
        attr_t row = first + r == cur ? A_REVERSE : A_NORMAL;
        tui_fill(l->body_y + r, 0, l->list_w, row);
        tui_draw_safe(l->body_y + r, 0, first + r == cur ? "\u25b8" : " ", 1, row);
        int mw = tui_draw_safe(l->body_y + r, 1, mark, 3, at | row);
        tui_draw_safe(l->body_y + r, 1 + mw + 1, it->docno, l->list_w - mw - 2, row);
    }
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

/* The cells the first n bytes of a message take on the screen. */
static int message_cells_n(const char *msg, size_t n)
{
    assess_text t = { 0 };
    assess_text_add(&t, msg, n, 0);
    int cells = 0;
    for (size_t k = 0; k < t.n; k++)
        cells += (t.attr[k] & ASSESS_ATTR_PLACEHOLDER) ? 1 : assess_char_width(t.ch[k]);
    assess_text_free(&t);
    return cells;
}

static int message_cells(const char *msg)
{
    return message_cells_n(msg, strlen(msg));
}

static void tui_draw_message(assess_session *a, const tui_layout *l)
{
    int y = l->rows - 2;
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
            int cw = (t.attr[first - 1] & ASSESS_ATTR_PLACEHOLDER) ? 1 : assess_char_width(t.ch[first - 1]);
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
    size_t len = strlen(msg);
    if (message_cells(msg) <= l->cols) {
        tui_draw_safe(y, 0, msg, l->cols, at);
        return;
    }
    /* a message longer than the line goes on in the legend's row, broken at a space */
    size_t cut = len;
    while (cut > 0 && (msg[cut - 1] != ' ' || message_cells_n(msg, cut - 1) > l->cols))
        cut--;
    if (cut == 0)
        cut = len;
    char *first = util_strndup(msg, cut);
    tui_fill(y + 1, 0, l->cols, A_NORMAL);
    tui_draw_safe(y, 0, first, l->cols, at);
    tui_draw_safe(y + 1, 0, msg + (cut < len ? cut : len), l->cols, at);
    free(first);
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
