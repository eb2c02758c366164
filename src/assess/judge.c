/* judge.c: what the session saves: grades, undo, judge later, notes, a committed write's effect. */
/* SPDX-License-Identifier: MIT */
#include "assess/assess_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A grade key: the document on screen gets the grade (after a second press when it has no
 * text in the campaign). */
int assess_judge(assess_session *a, long grade, int key, double now, util_error *err)
{
    if (a->cur < 0) {
        assess_say(a, 1, "No document to judge.");
        return 0;
    }
    assess_item *it = &a->items[a->cur];
    if (it->no_text && a->confirm != key) {
        char k[8] = "";
        util_utf8_encode((uint32_t)key, k);
        a->confirm = key;
        assess_say(a, 1, "%s has no text in the campaign: press %s again to judge it anyway.",
                   it->docno, k);
        return 0;
    }
    a->confirm = 0;
    assess_credit(a, now);
    it = &a->items[a->cur];
    assess_pending_clear(a);
    /* a document opened from a collection search joins the pool when it is judged */
    a->pending = (pending){ .kind = WRITE_JUDGE,
                            .topic = a->cur_topic,
                            .docno = util_strdup(it->docno),
                            .grade = grade,
                            .seconds = it->seconds,
                            .wall = it->wall,
                            .note = it->note ? util_strdup(it->note) : NULL,
                            .pool = it->unpooled,
                            .source = assess_pool_source(it),
                            .position = (int64_t)a->nitems + 1000000 };
    return assess_write_start(a, now, err);
}

static int later_done(assess_session *a, double now, util_error *err);

static int judge_done(assess_session *a, double now, util_error *err)
{
    const pending *p = &a->pending;
    long i = assess_find_item(a, p->docno);
    const char *label = assess_grade_label(a, p->grade);
    char saved[256];
    snprintf(saved, sizeof saved, "Saved %s = %ld%s%s%s.", p->docno, p->grade, label ? " " : "",
             label ? label : "", a->adjudicate ? " (adjudicated)" : "");
    util_grow(&a->undos, &a->capundo, a->nundo + 1, sizeof *a->undos);
    a->undos[a->nundo++] = (undo){ .topic = p->topic,
                                   .docno = util_strdup(p->docno),
                                   .had = i >= 0 && a->items[i].has_row,
                                   .old = i >= 0 ? a->items[i].row_grade : -1,
                                   .later = i >= 0 && a->items[i].later };
    if (i < 0) {
        assess_say(a, 0, "%s", saved);
        return ASSESS_CHANGED_JUDGED;
    }
    assess_item *it = &a->items[i];
    if (p->seconds > 0 && !it->judged) {
        a->seconds_done += p->seconds;
        a->timed++;
    }
    it->judged = 1;
    it->grade = p->grade;
    it->has_row = 1;
    it->row_grade = p->grade;
    it->later = 0;
    it->seconds = 0;
    it->wall = 0;
    it->unpooled = 0;
    a->doc_started = now;
    if (it->note != NULL) {
        free(it->saved_note);
        it->saved_note = it->note;
        it->note = NULL;
    }
    if (a->has_strategy && a->strategy.judged != NULL)
        a->strategy.judged(a->strategy.ctx, it->docno, p->grade >= a->relevance_level);
    long next = assess_advance(a);
    if (next < 0) {
        if (assess_judged_count(a) == a->nitems)
            assess_say(a, 0, "%s Topic %s is done: t goes to the next topic.", saved,
                a->topics[a->cur_topic].qid);
        else
            assess_say(a, 0,
                       "%s The judging budget of topic %s is spent: t goes to the next topic.",
                       saved, a->topics[a->cur_topic].qid);
        return ASSESS_CHANGED_JUDGED;
    }
    if (assess_show_item(a, next, now, err) < 0)
        return -1;
    assess_say(a, 0, "%s", saved);
    return ASSESS_CHANGED_JUDGED | ASSESS_CHANGED_MOVED;
}

int assess_undo(assess_session *a, double now, util_error *err)
{
    if (a->nundo == 0) {
        assess_say(a, 0, "Nothing to undo in this session.");
        return 0;
    }
    undo *u = &a->undos[a->nundo - 1];
    int changed = 0;
    if (u->topic != a->cur_topic && (changed = assess_load_topic(a, u->topic, now, err)) < 0)
        return -1;
    assess_pending_clear(a);
    a->pending = (pending){ .kind = WRITE_UNDO, .topic = u->topic, .docno = util_strdup(u->docno),
                            .had = u->had, .grade = u->old, .aside = u->aside,
                            .later = u->later };
    int rc = assess_write_start(a, now, err);
    return rc < 0 ? -1 : rc | changed;
}

static int undo_done(assess_session *a, double now, util_error *err)
{
    undo *u = &a->undos[a->nundo - 1];
    long i = assess_find_item(a, u->docno);
    int changed = ASSESS_CHANGED_JUDGED;
    if (i >= 0) {
        a->items[i].later = u->later;
        if (!u->aside) {
            a->items[i].has_row = u->had;
            a->items[i].row_grade = u->old;
            a->items[i].judged = u->had && u->old >= 0;
            a->items[i].grade = u->old;
            if (a->has_strategy && a->strategy.topic != NULL)
                a->strategy.topic(a->strategy.ctx, a);   /* the strategy forgets the judgment */
        }
        if (assess_show_item(a, i, now, err) < 0)
            return -1;
        changed |= ASSESS_CHANGED_MOVED;
    }
    if (u->aside)
        assess_say(a, 0, "Undone: %s is no longer set aside.", u->docno);
    else if (u->later)
        assess_say(a, 0, "Undone: %s is unjudged and set aside again.", u->docno);
    else if (u->had && u->old >= 0)
        assess_say(a, 0, "Undone: %s is back to %ld.", u->docno, u->old);
    else if (u->had)
        assess_say(a, 0, "Undone: %s is pooled and unjudged again.", u->docno);
    else
        assess_say(a, 0, "Undone: %s is unjudged again.", u->docno);
    free(u->docno);
    a->nundo--;
    return changed;
}

int assess_write_done(assess_session *a, double now, util_error *err)
{
    const pending *p = &a->pending;
    switch (p->kind) {
    case WRITE_JUDGE:
        return judge_done(a, now, err);
    case WRITE_NOTE: {
        long i = assess_find_item(a, p->docno);
        if (i >= 0) {
            free(a->items[i].saved_note);
            a->items[i].saved_note = p->note[0] != '\0' ? util_strdup(p->note) : NULL;
        }
        assess_say(a, 0, "Note saved on %s.", p->docno);
        if (i >= 0 && i == a->cur) {
            size_t top = a->doc_top;
            if (assess_build_doc_text(a, err) != 0)
                return -1;
            a->doc_top = top;
            assess_scroll_doc(a, 0);
        }
        return ASSESS_CHANGED_DOC | ASSESS_CHANGED_REDRAW;
    }
    case WRITE_LATER:
        return later_done(a, now, err);
    case WRITE_UNDO:
        return undo_done(a, now, err);
    case WRITE_POOL: {
        long i = assess_find_item(a, p->docno);
        if (i >= 0)
            a->items[i].unpooled = 0;
        assess_say(a, 0, "%s added to the pool of topic %s as %s.", p->docno,
                   a->topics[a->cur_topic].qid,
                   strcmp(p->source, "cal") == 0 ? "proposed by CAL" : "found by search");
        return ASSESS_CHANGED_REDRAW;
    }
    case WRITE_NONE:
        break;
    }
    return 0;
}

/* s: the document is set aside (kept in the campaign for this assessor), and the next
 * unjudged one shown. */
int assess_later(assess_session *a, double now, util_error *err)
{
    if (a->cur < 0)
        return 0;
    assess_item *it = &a->items[a->cur];
    if (it->judged) {
        assess_say(a, 0, "%s is judged already; a grade key changes it.", it->docno);
        return 0;
    }
    if (it->unpooled) {
        assess_say(a, 0, "%s is not in the pool: judge it, or P pools it.", it->docno);
        return 0;
    }
    assess_pending_clear(a);
    a->pending = (pending){ .kind = WRITE_LATER, .topic = a->cur_topic,
                            .docno = util_strdup(it->docno) };
    return assess_write_start(a, now, err);
}

static int later_done(assess_session *a, double now, util_error *err)
{
    long i = assess_find_item(a, a->pending.docno);
    if (i < 0 || i != a->cur)
        return 0;
    assess_item *it = &a->items[i];
    util_grow(&a->undos, &a->capundo, a->nundo + 1, sizeof *a->undos);
    a->undos[a->nundo++] = (undo){ .topic = a->pending.topic,
                                   .docno = util_strdup(it->docno),
                                   .aside = 1,
                                   .later = it->later };
    it->later = 1;
    char docno[128];
    snprintf(docno, sizeof docno, "%s", it->docno);
    int changed = ASSESS_CHANGED_REDRAW;   /* its mark in the pool list */
    long next = assess_next_unjudged(a, a->cur, 1);
    if (next >= 0 && next != a->cur) {
        int rc = assess_show_item(a, next, now, err);
        if (rc < 0)
            return -1;
        changed |= rc;
    }
    assess_say(a, 0, "%s set aside; it comes back when the rest is judged.", docno);
    return changed;
}

/* A note typed on the document shown: kept until it is judged, or saved with its grade. */
int assess_note(assess_session *a, const char *text, double now, util_error *err)
{
    if (a->cur < 0)
        return 0;
    assess_item *it = &a->items[a->cur];
    if (!it->judged) {
        free(it->note);
        it->note = util_strdup(text);
        assess_say(a, 0, "The note will be saved with %s's judgment.", it->docno);
        return 0;
    }
    assess_pending_clear(a);
    a->pending = (pending){ .kind = WRITE_NOTE,
                            .topic = a->cur_topic,
                            .docno = util_strdup(it->docno),
                            .grade = it->grade,
                            .note = util_strdup(text) };
    return assess_write_start(a, now, err);
}
