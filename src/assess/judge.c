/* judge.c: what the session saves: a grade for the document on screen, undo, judge later, notes, and the effects of a committed write. */
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
        assess_say(a, 1, "%s has no text in the campaign: press %s again to judge it anyway.", it->docno, k);
        return 0;
    }
    a->confirm = 0;
    double seconds = it->seconds + (a->doc_started >= 0 && now > a->doc_started ? now - a->doc_started : 0);
    assess_pending_clear(a);
    a->pending = (pending){ .kind = WRITE_JUDGE, .topic = a->cur_topic, .docno = util_strdup(it->docno),
                            .grade = grade, .seconds = seconds,
                            .note = it->note ? util_strdup(it->note) : NULL };
    return assess_write_start(a, now, err);
}

static int judge_done(assess_session *a, double now, util_error *err)
{
    const pending *p = &a->pending;
    long i = assess_find_item(a, p->docno);
    const char *label = assess_grade_label(a, p->grade);
    char saved[256];
    snprintf(saved, sizeof saved, "Saved %s = %ld%s%s.", p->docno, p->grade, label ? " " : "", label ? label : "");
    util_grow(&a->undos, &a->capundo, a->nundo + 1, sizeof *a->undos);
    a->undos[a->nundo++] = (undo){ p->topic, util_strdup(p->docno), i >= 0 && a->items[i].has_row,
                                   i >= 0 ? a->items[i].row_grade : -1 };
    if (i < 0) {
        assess_say(a, 0, "%s", saved);
        return ASSESS_CHANGED_JUDGED;
    }
    assess_item *it = &a->items[i];
    it->judged = 1;
    it->grade = p->grade;
    it->has_row = 1;
    it->row_grade = p->grade;
    it->later = 0;
    it->seconds = 0;
    a->doc_started = now;
    util_free(&it->note);
    if (a->has_strategy && a->strategy.judged != NULL)
        a->strategy.judged(a->strategy.ctx, it->docno, p->grade >= a->relevance_level);
    long next = assess_advance(a);
    if (next < 0) {
        if (assess_judged_count(a) == a->nitems)
            assess_say(a, 0, "%s Every document of topic %s is judged; t goes to the next topic.", saved,
                a->topics[a->cur_topic].qid);
        else
            assess_say(a, 0, "%s The judging budget of topic %s is spent; t goes to the next topic.", saved,
                a->topics[a->cur_topic].qid);
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
                            .had = u->had, .grade = u->old };
    int rc = assess_write_start(a, now, err);
    return rc < 0 ? -1 : rc | changed;
}

static int undo_done(assess_session *a, double now, util_error *err)
{
    undo *u = &a->undos[a->nundo - 1];
    long i = assess_find_item(a, u->docno);
    int changed = ASSESS_CHANGED_JUDGED;
    if (i >= 0) {
        a->items[i].has_row = u->had;
        a->items[i].row_grade = u->old;
        a->items[i].judged = u->had && u->old >= 0;
        a->items[i].grade = u->old;
        if (a->has_strategy && a->strategy.topic != NULL)
            a->strategy.topic(a->strategy.ctx, a);   /* the strategy forgets the judgment */
        if (assess_show_item(a, i, now, err) < 0)
            return -1;
        changed |= ASSESS_CHANGED_MOVED;
    }
    if (u->had && u->old >= 0)
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
    case WRITE_NOTE:
        assess_say(a, 0, "Note saved on %s.", p->docno);
        return 0;
    case WRITE_UNDO:
        return undo_done(a, now, err);
    case WRITE_POOL:
        assess_add_item(a, p->docno, "search");
        assess_index_items(a);
        assess_say(a, 0, "%s added to the pool of topic %s as found by search.", p->docno,
                   a->topics[a->cur_topic].qid);
        return assess_show_item(a, (long)a->nitems - 1, now, err);
    case WRITE_NONE:
        break;
    }
    return 0;
}

/* s: the document is set aside, and the next unjudged one shown. */
int assess_later(assess_session *a, double now, util_error *err)
{
    if (a->cur < 0)
        return 0;
    assess_item *it = &a->items[a->cur];
    if (it->judged) {
        assess_say(a, 0, "%s is judged already; a grade key changes it.", it->docno);
        return 0;
    }
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
    a->pending = (pending){ .kind = WRITE_NOTE, .topic = a->cur_topic, .docno = util_strdup(it->docno),
                            .grade = it->grade, .note = util_strdup(text) };
    return assess_write_start(a, now, err);
}
