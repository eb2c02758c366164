/* tui.c: the assessment screen drawn with ncursesw: status line, topic, pool list, document, legend, help and report screens. */
#include "tui/tui.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { PAIR_TERM = 1, PAIR_PLACEHOLDER, PAIR_FOUND, PAIR_STATUS, PAIR_REL, PAIR_NONREL,
       PAIR_ERROR, PAIR_LATER };

static volatile sig_atomic_t stop_signal;
static int screen_up;

static void on_signal(int sig)
{
    stop_signal = sig;
}

static void restore_terminal(void)
{
    if (screen_up) {
        endwin();
        screen_up = 0;
    }
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static attr_t attr_of(unsigned char a)
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
static void draw_line(const assess_text *t, size_t i, int y, int x, int width)
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
                attrset(attr_of(cur));
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
static int draw_safe(int y, int x, const char *text, int width, attr_t attr)
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

static void fill(int y, int x, int width, attr_t attr)
{
    attrset(attr);
    mvhline(y, x, ' ', width);
    attrset(A_NORMAL);
}

/* The geometry of the judging screen for the current terminal size. */
typedef struct layout {
    int rows, cols;
    int topic_y, topic_h;
    int body_y, body_h;
    int list_w, doc_x, doc_w;
} layout;

static layout compute_layout(void)
{
    layout l;
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

static void draw_status(assess_session *a, const layout *l, double now)
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
    fill(0, 0, l->cols, st);
    int used = draw_safe(0, 0, left, l->cols - 8, st);
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
    draw_safe(0, l->cols - (int)strlen(right), right, (int)strlen(right), st);
}

static void draw_topic(assess_session *a, const layout *l)
{
    const assess_text *t = assess_topic_text(a);
    size_t top = assess_topic_top(a);
    for (int r = 0; r < l->topic_h; r++)
        draw_line(t, top + (size_t)r, l->topic_y + r, 0, l->cols);
    if (t->nlines > top + (size_t)l->topic_h)
        draw_safe(l->topic_y + l->topic_h - 1, l->cols - 3, " \u2193 ", 3, A_BOLD);
}

static void draw_separator(assess_session *a, const layout *l)
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
    draw_safe(y, l->doc_x + 1, label, l->doc_w - 2, A_BOLD);
    draw_safe(y, 1, " pool ", l->list_w - 1, A_BOLD);
}

static void draw_pool(assess_session *a, const layout *l)
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
        fill(l->body_y + r, 0, l->list_w, row);
        draw_safe(l->body_y + r, 0, first + r == cur ? "\u25b8" : " ", 1, row);
        int mw = draw_safe(l->body_y + r, 1, mark, 3, at | row);
        draw_safe(l->body_y + r, 1 + mw + 1, it->docno, l->list_w - mw - 2, row);
    }
}

static void draw_doc(assess_session *a, const layout *l)
{
    const assess_text *t = assess_doc_text(a);
    size_t top = assess_doc_top(a);
    for (int r = 0; r < l->body_h; r++)
        draw_line(t, top + (size_t)r, l->body_y + r, l->doc_x + 1, l->doc_w - 1);
}

/* The one-line key legend, from the session's key table. */
static void draw_legend(assess_session *a, const layout *l)
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
        x += draw_safe(y, x, keys[i].keys, l->cols - x, A_REVERSE);
        x += draw_safe(y, x, " ", 1, A_NORMAL);
        x += draw_safe(y, x, word, l->cols - x, A_NORMAL);
        x += draw_safe(y, x, i + 1 < ngrades ? " " : "  ", l->cols - x, A_NORMAL);
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

static void draw_message(assess_session *a, const layout *l)
{
    int y = l->rows - 2;
    if (assess_get_mode(a) == ASSESS_MODE_INPUT) {
        const char *prompt;
        const char *text = assess_input(a, &prompt);
        int x = draw_safe(y, 0, prompt, l->cols, A_BOLD);
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
        draw_safe(y, 0, msg, l->cols, at);
        return;
    }
    /* a message longer than the line goes on in the legend's row, broken at a space */
    size_t cut = len;
    while (cut > 0 && (msg[cut - 1] != ' ' || message_cells_n(msg, cut - 1) > l->cols))
        cut--;
    if (cut == 0)
        cut = len;
    char *first = util_strndup(msg, cut);
    fill(y + 1, 0, l->cols, A_NORMAL);
    draw_safe(y, 0, first, l->cols, at);
    draw_safe(y + 1, 0, msg + (cut < len ? cut : len), l->cols, at);
    free(first);
}

static void draw_help(assess_session *a, const layout *l)
{
    size_t n;
    const assess_keyinfo *keys = assess_keys(a, &n);
    draw_safe(0, 0, " trecjudge: keys of the assessment screen (any key returns) ", l->cols,
              A_REVERSE | A_BOLD);
    int rows = l->rows - 4;
    int columns = (int)n > rows && l->cols >= 80 ? 2 : 1;
    int colw = l->cols / columns;
    for (size_t i = 0; i < n; i++) {
        int c = (int)i / rows, y = 2 + (int)i % rows;
        if (c >= columns)
            break;
        int x = c * colw + 1;
        draw_safe(y, x, keys[i].keys, 16, A_BOLD);
        draw_safe(y, x + 16, keys[i].what, colw - 17, A_NORMAL);
    }
    char reserved[256], line[300];
    assess_reserved_list(reserved, sizeof reserved);
    snprintf(line, sizeof line, "Not grade keys: %s", reserved);
    draw_safe(l->rows - 2, 0, "Grade keys judge the document shown; \"Saved\" means committed. Ctrl-C quits.",
              l->cols, A_DIM);
    draw_safe(l->rows - 1, 0, line, l->cols, A_DIM);
}

static void draw_report(assess_session *a, const tui_report *report, const layout *l)
{
    draw_safe(0, 0, " Live report (any key returns) ", l->cols, A_REVERSE | A_BOLD);
    if (report == NULL || report->lines == NULL) {
        draw_safe(2, 2, "No report is available for this campaign.", l->cols - 4, A_NORMAL);
        return;
    }
    char **lines = NULL;
    size_t n = report->lines(report->ctx, a, l->cols - 2, &lines);
    for (size_t i = 0; i < n; i++) {
        if ((int)i + 2 < l->rows)
            draw_safe((int)i + 2, 1, lines[i], l->cols - 2, i == 0 ? A_BOLD : A_NORMAL);
        free(lines[i]);
    }
    free(lines);
}

static void draw_results(assess_session *a, const layout *l)
{
    size_t sel;
    const assess_text *t = assess_results(a, &sel);
    size_t first = sel >= (size_t)l->body_h ? sel - (size_t)l->body_h + 1 : 0;
    for (int r = 0; r < l->body_h && first + (size_t)r < t->nlines; r++) {
        if (first + (size_t)r == sel)
            fill(l->body_y + r, l->doc_x + 1, l->doc_w - 1, A_REVERSE);
        draw_line(t, first + (size_t)r, l->body_y + r, l->doc_x + 1, l->doc_w - 1);
        if (first + (size_t)r == sel)
            mvchgat(l->body_y + r, l->doc_x + 1, l->doc_w - 1, A_REVERSE, 0, NULL);
    }
}

static void draw(assess_session *a, const tui_report *report, double now)
{
    layout l = compute_layout();
    assess_layout(a, l.doc_w - 1, l.body_h, l.cols);
    erase();
    curs_set(0);
    switch (assess_get_mode(a)) {
    case ASSESS_MODE_HELP:
        draw_help(a, &l);
        break;
    case ASSESS_MODE_REPORT:
        draw_report(a, report, &l);
        break;
    default:
        draw_status(a, &l, now);
        draw_topic(a, &l);
        draw_separator(a, &l);
        draw_pool(a, &l);
        if (assess_get_mode(a) == ASSESS_MODE_RESULTS)
            draw_results(a, &l);
        else
            draw_doc(a, &l);
        draw_legend(a, &l);
        draw_message(a, &l);
        if (assess_get_mode(a) == ASSESS_MODE_INPUT)
            curs_set(1);
        break;
    }
    refresh();
}

/* The document on the screen, to know when another one appears. */
typedef struct shown_doc {
    size_t topic;
    long cur;
    char docno[1100];   /* a copy: the session frees its items when the topic changes */
} shown_doc;

static shown_doc doc_on_screen(assess_session *a)
{
    size_t ntopics, n;
    shown_doc d = { assess_topic_index(a, &ntopics), assess_current(a), "" };
    const assess_item *items = assess_items(a, &n);
    if (d.cur >= 0 && (size_t)d.cur < n)
        snprintf(d.docno, sizeof d.docno, "%s", items[d.cur].docno);
    return d;
}

/* Draws the screen; when it now shows another document, keys already waiting in the input
 * were typed before the assessor saw it: they are dropped (a grade among them would judge a
 * document never seen), except Ctrl-C, and the message says how many. */
static void show(assess_session *a, const tui_report *report, shown_doc *last)
{
    draw(a, report, now_seconds());
    shown_doc d = doc_on_screen(a);
    int changed = d.topic != last->topic || d.cur != last->cur || strcmp(d.docno, last->docno) != 0;
    *last = d;
    if (!changed || assess_get_mode(a) != ASSESS_MODE_JUDGE)
        return;
    size_t dropped = 0;
    int interrupt = 0;
    wint_t ch;
    int rc;
    timeout(0);
    while ((rc = get_wch(&ch)) != ERR) {
        if (rc == KEY_CODE_YES && ch == KEY_RESIZE)
            continue;
        if (rc == OK && ch == 3)
            interrupt = 1;
        else
            dropped++;
    }
    if (interrupt)
        ungetch(3);
    if (dropped > 0) {
        assess_keys_ignored(a, dropped);
        draw(a, report, now_seconds());
    }
}

static int map_key(int rc, wint_t ch)
{
    if (rc == KEY_CODE_YES) {
        switch (ch) {
        case KEY_UP: return ASSESS_KEY_UP;
        case KEY_DOWN: return ASSESS_KEY_DOWN;
        case KEY_LEFT: return ASSESS_KEY_LEFT;
        case KEY_RIGHT: return ASSESS_KEY_RIGHT;
        case KEY_PPAGE: return ASSESS_KEY_PGUP;
        case KEY_NPAGE: return ASSESS_KEY_PGDN;
        case KEY_HOME: return ASSESS_KEY_HOME;
        case KEY_END: return ASSESS_KEY_END;
        case KEY_ENTER: return ASSESS_KEY_ENTER;
        case KEY_BACKSPACE: return ASSESS_KEY_BACKSPACE;
        case KEY_BTAB: return ASSESS_KEY_BTAB;
        default: return -1;
        }
    }
    switch (ch) {
    case '\n':
    case '\r':
        return ASSESS_KEY_ENTER;
    case '\t':
        return ASSESS_KEY_TAB;
    case 27:
        return ASSESS_KEY_ESCAPE;
    case 127:
    case 8:
        return ASSESS_KEY_BACKSPACE;
    case 3:
        return ASSESS_KEY_INTERRUPT;
    default:
        return (int)ch;
    }
}

void tui_locale(void)
{
    setlocale(LC_CTYPE, "");
    /* only the plain C/POSIX locale is replaced: another 8-bit terminal gets its own
     * encoding, and what it cannot show becomes a placeholder */
    const char *cs = nl_langinfo(CODESET);
    if (cs == NULL || strcmp(cs, "ANSI_X3.4-1968") == 0)
        if (setlocale(LC_CTYPE, "C.UTF-8") == NULL)
            setlocale(LC_CTYPE, "en_US.UTF-8");
}

int tui_assess(assess_session *a, const tui_report *report, util_error *err)
{
    if (!isatty(0) || !isatty(1)) {
        util_error_set(err, UTIL_EXIT_USAGE, NULL, 0,
                       "the assessment screen needs a terminal on standard input and output");
        return err->code;
    }
    tui_locale();
    if (getenv("ESCDELAY") == NULL)
        setenv("ESCDELAY", "25", 0);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    util_fatal_hook = restore_terminal;
    if (initscr() == NULL) {
        util_error_set(err, UTIL_EXIT_SYSTEM, NULL, 0, "cannot start the terminal screen");
        return err->code;
    }
    screen_up = 1;
    atexit(restore_terminal);
    raw();
    noecho();
    keypad(stdscr, TRUE);
    timeout(1000);
    if (has_colors()) {
        start_color();
        use_default_colors();
        init_pair(PAIR_TERM, COLOR_BLACK, COLOR_YELLOW);
        init_pair(PAIR_PLACEHOLDER, COLOR_MAGENTA, -1);
        init_pair(PAIR_FOUND, COLOR_BLACK, COLOR_CYAN);
        init_pair(PAIR_STATUS, -1, -1);
        init_pair(PAIR_REL, COLOR_GREEN, -1);
        init_pair(PAIR_NONREL, COLOR_RED, -1);
        init_pair(PAIR_ERROR, COLOR_WHITE, COLOR_RED);
        init_pair(PAIR_LATER, COLOR_YELLOW, -1);
    }
    int status = UTIL_EXIT_OK, fast_errors = 0;
    double now = now_seconds();
    shown_doc shown = { 0 };
    draw(a, report, now);
    shown = doc_on_screen(a);
    while (assess_get_mode(a) != ASSESS_MODE_QUIT) {
        wint_t ch;
        /* while a save waits for another program's lock, it is tried again every 50 ms and
         * the keys go on being read */
        int wait_ms = assess_pending(a) ? 50 : 1000;
        timeout(wait_ms);
        double asked = now_seconds();
        int rc = get_wch(&ch);
        now = now_seconds();
        util_error kerr = { 0, "" };
        if (stop_signal != 0) {
            assess_key(a, ASSESS_KEY_INTERRUPT, now, &kerr);
            break;
        }
        if (rc == ERR) {
            /* the wait for a key ends early again and again only when the terminal is gone
             * without a hangup signal: leave as on SIGHUP instead of spinning */
            fast_errors = now - asked < wait_ms / 2000.0 ? fast_errors + 1 : 0;
            if (fast_errors >= 20) {
                assess_key(a, ASSESS_KEY_INTERRUPT, now, &kerr);
                break;
            }
            if (assess_tick(a, now, &kerr) != 0)
                *err = kerr;
            show(a, report, &shown);   /* the clock, and the wait */
            continue;
        }
        fast_errors = 0;
        if (rc == KEY_CODE_YES && ch == KEY_RESIZE) {
            draw(a, report, now);
            continue;
        }
        int key = map_key(rc, ch);
        if (key < 0)
            continue;
        /* a failed save is on the screen; the session goes on so that nothing typed is lost */
        if (assess_key(a, key, now, &kerr) != 0)
            *err = kerr;
        show(a, report, &shown);
    }
    restore_terminal();
    const char *unsaved = assess_unsaved(a);
    if (unsaved != NULL)
        util_error_set(err, UTIL_EXIT_SYSTEM, assess_campaign(a), 0,
                       "NOT SAVED: %s: another program held the campaign's write lock until the screen "
                       "ended; judge it again", unsaved);
    restore_terminal();
    if (err->code != 0)
        status = err->code;
    return status;
}

struct tui_screen {
    SCREEN *screen;
    FILE *in;
};

tui_screen *tui_screen_open(FILE *out, int rows, int cols, util_error *err)
{
    tui_locale();
    tui_screen *sc = util_calloc(1, sizeof *sc);
    FILE *in = fopen("/dev/null", "r");
    sc->screen = in != NULL ? newterm("xterm-256color", out, in) : NULL;
    if (sc->screen == NULL) {
        if (in != NULL)
            fclose(in);
        free(sc);
        util_error_set(err, UTIL_EXIT_SYSTEM, NULL, 0, "cannot start a screen (terminfo xterm-256color)");
        return NULL;
    }
    sc->in = in;
    set_term(sc->screen);
    resizeterm(rows, cols);
    if (has_colors()) {
        start_color();
        init_pair(PAIR_TERM, COLOR_BLACK, COLOR_YELLOW);
        init_pair(PAIR_FOUND, COLOR_BLACK, COLOR_CYAN);
    }
    return sc;
}

void tui_screen_draw(tui_screen *sc, assess_session *a, const tui_report *report, double now)
{
    set_term(sc->screen);
    draw(a, report, now);
}

void tui_screen_close(tui_screen **psc)
{
    tui_screen *sc = *psc;
    if (sc == NULL)
        return;
    set_term(sc->screen);
    endwin();
    delscreen(sc->screen);
    fclose(sc->in);
    free(sc);
    *psc = NULL;
}
