/* tui.c: the screen's terminal: setup and restore, signals, the key loop, a screen per mode. */
/* SPDX-License-Identifier: MIT */
#include "tui/tui_private.h"

#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

int tui_ascii;

const char *tui_glyph(const char *utf8, const char *ascii)
{
    return tui_ascii ? ascii : utf8;
}

static volatile sig_atomic_t stop_signal;
static int screen_up;

static void on_signal(int sig)
{
    stop_signal = sig;
}

/* The terminal is gone (its other side closed, as when a terminal window or a tmux server
 * goes away): reads would end at once, forever. */
static int terminal_gone(void)
{
    struct pollfd p = { .fd = STDIN_FILENO, .events = POLLIN };
    return poll(&p, 1, 0) > 0 && (p.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
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

/* The screen shown and its state. */
typedef struct view {
    const tui_report *report;
    const tui_window *window;
    void *data;
} view;

static const tui_window *window_for(assess_mode mode)
{
    switch (mode) {
    case ASSESS_MODE_HELP:
        return &tui_window_help;
    case ASSESS_MODE_REPORT:
        return &tui_window_report;
    case ASSESS_MODE_RESULTS:
        return &tui_window_results;
    case ASSESS_MODE_TOPIC:
        return &tui_window_topic;
    default:
        return &tui_window_judge;
    }
}

/* Makes the screen of the session's mode the one shown. */
static void view_switch(view *v, assess_session *a)
{
    const tui_window *w = window_for(assess_get_mode(a));
    if (w == v->window)
        return;
    if (v->window != NULL)
        v->window->free(v->data);
    v->window = w;
    v->data = w->init(a, v->report);
}

static void view_free(view *v)
{
    if (v->window != NULL)
        v->window->free(v->data);
    v->window = NULL;
    v->data = NULL;
}

static unsigned view_key(view *v, assess_session *a, int key, double now, util_error *err)
{
    view_switch(v, a);
    return v->window->key(v->data, a, key, now, err);
}

/* Draws the whole screen of the session's mode; the layout follows the terminal's size. */
static void draw(view *v, assess_session *a, double now)
{
    view_switch(v, a);
    tui_layout l = tui_layout_compute(a);
    erase();
    curs_set(0);
    v->window->draw(v->data, a, &l, now);
    refresh();
}

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
static void show(view *v, assess_session *a, shown_doc *last)
{
    draw(v, a, now_seconds());
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
    /* (bounded, and not past a hangup: a dead terminal must not keep this loop going) */
    for (size_t n = 0; n < 4096 && stop_signal == 0 && (rc = get_wch(&ch)) != ERR; n++) {
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
        draw(v, a, now_seconds());
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
    tui_ascii = cs == NULL || (strcasecmp(cs, "UTF-8") != 0 && strcasecmp(cs, "utf8") != 0);
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
    view v = { report, NULL, NULL };
    draw(&v, a, now);
    shown = doc_on_screen(a);
    /* the status line's totals count every topic's pool: read once the first screen is up,
     * before any key (a key may act on them); a failure ends the screen as it would have
     * kept it from opening */
    int totals = assess_load_totals(a, err);
    if (totals > 0)
        draw(&v, a, now_seconds());
    else if (totals < 0)
        status = err->code ? err->code : UTIL_EXIT_SYSTEM;
    while (status == UTIL_EXIT_OK && assess_get_mode(a) != ASSESS_MODE_QUIT) {
        wint_t ch;
        /* while a save waits for another program's lock, it is tried again every 50 ms and
         * the keys go on being read */
        int wait_ms = assess_pending(a) ? 50 : 1000;
        timeout(wait_ms);
        double asked = now_seconds();
        int rc = get_wch(&ch);
        now = now_seconds();
        util_error kerr = { 0, "" };
        if (stop_signal != 0 || terminal_gone()) {
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
            show(&v, a, &shown);   /* the clock, and the wait */
            continue;
        }
        fast_errors = 0;
        if (rc == KEY_CODE_YES && ch == KEY_RESIZE) {
            draw(&v, a, now);
            continue;
        }
        int key = map_key(rc, ch);
        if (key < 0)
            continue;
        /* a failed save is on the screen; the session goes on so that nothing typed is lost */
        unsigned changed = view_key(&v, a, key, now, &kerr);
        if (changed & ASSESS_CHANGED_FAILED)
            *err = kerr;
        if (changed != 0)
            show(&v, a, &shown);   /* nothing changed: nothing to draw */
    }
    view_free(&v);
    restore_terminal();
    const char *unsaved = assess_unsaved(a);
    if (unsaved != NULL)
        util_error_set(
            err, UTIL_EXIT_SYSTEM, assess_campaign(a), 0,
            "NOT SAVED: %s: another program held the campaign's write lock until the screen "
            "ended; judge it again",
            unsaved);
    restore_terminal();
    if (err->code != 0)
        status = err->code;
    return status;
}

struct tui_screen {
    SCREEN *screen;
    FILE *in;
    view view;
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
        util_error_set(err, UTIL_EXIT_SYSTEM, NULL, 0,
                       "cannot start a screen (terminfo xterm-256color)");
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
    sc->view.report = report;
    draw(&sc->view, a, now);
}

void tui_screen_close(tui_screen **psc)
{
    tui_screen *sc = *psc;
    if (sc == NULL)
        return;
    set_term(sc->screen);
    view_free(&sc->view);
    endwin();
    delscreen(sc->screen);
    fclose(sc->in);
    free(sc);
    *psc = NULL;
}
