/* save.c: the session's writes: short transactions that never wait, retried at each tick. */
/* SPDX-License-Identifier: MIT */
#include "assess/assess_private.h"

#include <stdio.h>
#include <string.h>

/* How long one attempt at a write may wait for another program's write lock: long enough
 * for another assessor's commit, short enough that the screen never seems stuck. */
#define WRITE_SLICE 0.05

static int write_gives_up(void *ctx, double waited)
{
    (void)ctx;
    return waited >= WRITE_SLICE;
}

const char *assess_pool_source(const assess_item *it)
{
    return strcmp(it->source, "cal") == 0 ? "cal" : "search";
}

void assess_pending_clear(assess_session *a)
{
    util_free(&a->pending.docno);
    util_free(&a->pending.note);
    a->pending = (pending){ 0 };
}

/* Starts a write described by a->pending (kind, topic, docno...): tried at once; when
 * another program holds the write lock, it waits as pending and assess_tick tries again.
 * Returns what the write changed once committed (0 while it waits), or -1. */
int assess_write_start(assess_session *a, double now, util_error *err)
{
    a->pending.since = now;
    a->pending.ignored = 0;
    a->pending.quit = 0;
    return assess_write_step(a, now, err);
}

/* Runs the pending write in one transaction. Returns 1 when it is committed, 0 when the
 * lock is still held (nothing written), -1 on another failure (err set). */
static int write_try(assess_session *a, util_error *err)
{
    pending *p = &a->pending;
    int64_t tid = a->topics[p->topic].id;
    store_set_wait(a->s, write_gives_up, NULL);
    int rc = store_begin(a->s, err);
    if (rc == 0 && a->adjudicate) {
        /* the final grade, kept apart from the assessors' judgments; set aside is the
         * session's own */
        switch (p->kind) {
        case WRITE_JUDGE:
        case WRITE_NOTE:
            rc = store_adjudication_set(a->s, tid, p->docno, p->grade, p->note, a->assessor, err);
            break;
        case WRITE_UNDO:
            if (!p->aside)
                rc = store_adjudication_set(a->s, tid, p->docno, p->had ? p->grade : -1, NULL,
                                            a->assessor, err);
            break;
        default:
            break;
        }
    } else if (rc == 0) {
        switch (p->kind) {
        case WRITE_JUDGE:
            rc = p->pool ? store_pool_add(a->s, tid, p->docno, p->position, p->source, err) : 0;
            if (rc == 0)
                rc = store_judgment_set(a->s, tid, p->docno, a->assessor_id, p->grade, NULL,
                                        p->seconds, p->note, err);
            if (rc == 0)
                rc = store_judgment_wall_add(a->s, tid, p->docno, a->assessor_id, p->wall, err);
            if (rc == 0)
                rc = store_set_aside_set(a->s, tid, p->docno, a->assessor_id, 0, err);
            break;
        case WRITE_LATER:
            rc = store_set_aside_set(a->s, tid, p->docno, a->assessor_id, 1, err);
            break;
        case WRITE_NOTE:
            rc = store_judgment_set(a->s, tid, p->docno, a->assessor_id, p->grade, NULL, 0, p->note,
                                    err);
            break;
        case WRITE_UNDO:
            if (!p->aside)
                rc = p->had ? store_judgment_set(a->s, tid, p->docno, a->assessor_id, p->grade,
                                                 NULL, 0, NULL, err)
                            : store_judgment_withdraw(a->s, tid, p->docno, a->assessor_id,
                                                      "undo", err);
            /* the document is set aside again, or no longer, as it was before */
            if (rc == 0)
                rc = store_set_aside_set(a->s, tid, p->docno, a->assessor_id, p->later, err);
            break;
        case WRITE_POOL:
            rc = store_pool_add(a->s, tid, p->docno, p->position, p->source, err);
            break;
        case WRITE_NONE:
            break;
        }
    }
    if (rc == 0)
        rc = store_commit(a->s, err);
    int busy = rc != 0 && store_busy(a->s);
    if (rc != 0)
        store_rollback(a->s);
    store_set_wait(a->s, NULL, NULL);
    if (busy) {
        err->code = 0;
        err->msg[0] = '\0';
        return 0;
    }
    return rc == 0 ? 1 : -1;
}

/* What the pending write does, for the screen: "Saving 'Relevant' for D1". */
static void pending_what(const assess_session *a, char *out, size_t size)
{
    const pending *p = &a->pending;
    const char *label = assess_grade_label(a, p->grade);
    switch (p->kind) {
    case WRITE_JUDGE:
        snprintf(out, size, "Saving '%s' for %s", label ? label : "?", p->docno);
        break;
    case WRITE_NOTE:
        snprintf(out, size, "Saving the note on %s", p->docno);
        break;
    case WRITE_UNDO:
        snprintf(out, size, p->aside ? "Undoing the setting aside of %s"
                                     : "Undoing the judgment of %s", p->docno);
        break;
    case WRITE_POOL:
        snprintf(out, size, "Adding %s to the pool", p->docno);
        break;
    case WRITE_LATER:
        snprintf(out, size, "Setting %s aside", p->docno);
        break;
    case WRITE_NONE:
        out[0] = '\0';
        break;
    }
}

void assess_say_waiting(assess_session *a, double now)
{
    pending *p = &a->pending;
    char what[256];
    pending_what(a, what, sizeof what);
    double waited = now > p->since ? now - p->since : 0;
    char ignored[96] = "";
    if (p->ignored > 0)
        snprintf(ignored, sizeof ignored, " %zu key%s typed while saving %s ignored.", p->ignored,
                 p->ignored == 1 ? "" : "s", p->ignored == 1 ? "was" : "were");
    snprintf(a->waiting, sizeof a->waiting,
             "%s: waiting for the campaign's write lock (another program is writing) %.1f s.%s%s",
             what, waited, ignored, p->quit ? " Not saved yet: q again quits without it." : "");
}

int assess_write_step(assess_session *a, double now, util_error *err)
{
    int rc = write_try(a, err);
    if (rc == 0) {
        assess_say_waiting(a, now);
        return 0;
    }
    a->waiting[0] = '\0';
    if (rc < 0) {
        static const char *const failed[] = { "", "NOT SAVED", "NOT SAVED", "NOT UNDONE",
                                               "NOT ADDED", "NOT SET ASIDE" };
        assess_say(a, 1, "%s: %s", failed[a->pending.kind], err->msg);
        assess_pending_clear(a);
        return -1;
    }
    char after[192] = "";
    pending p = a->pending;
    if (now - p.since >= 0.5)
        snprintf(after, sizeof after, " It waited %.1f s for the write lock.", now - p.since);
    if (p.ignored > 0)
        snprintf(after + strlen(after), sizeof after - strlen(after),
                 " %zu key%s typed while saving %s ignored.", p.ignored, p.ignored == 1 ? "" : "s",
                 p.ignored == 1 ? "was" : "were");
    rc = assess_write_done(a, now, err);
    assess_pending_clear(a);
    if (rc >= 0 && after[0] != '\0' && strlen(a->message) + strlen(after) < sizeof a->message)
        strcat(a->message, after);
    return rc;
}

/* A write that could not be made before the session ended, for the command to report. */
void assess_pending_drop(assess_session *a)
{
    if (a->pending.kind == WRITE_NONE)
        return;
    char what[256];
    pending_what(a, what, sizeof what);
    snprintf(a->unsaved, sizeof a->unsaved, "%s (topic %s)",
             what + (strncmp(what, "Saving ", 7) == 0 ? 7 : 0), a->topics[a->pending.topic].qid);
    a->waiting[0] = '\0';
    assess_pending_clear(a);
}

int assess_tick(assess_session *a, double now, util_error *err)
{
    int rc = 0;
    if (a->pending.kind != WRITE_NONE && a->mode != ASSESS_MODE_QUIT)
        rc = assess_write_step(a, now, err);
    assess_compose(a);
    return rc < 0 ? -1 : 0;
}

int assess_pending(const assess_session *a)
{
    return a->pending.kind != WRITE_NONE;
}

const char *assess_unsaved(const assess_session *a)
{
    return a->unsaved[0] != '\0' ? a->unsaved : NULL;
}
