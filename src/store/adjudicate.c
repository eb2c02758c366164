/* adjudicate.c: the store's side of adjudication: disputed documents, final grades. */
/* SPDX-License-Identifier: MIT */
#include "store_private.h"

static const char sql_set[] =
    "INSERT INTO adjudications(topic_id, docno, grade, note, adjudicator, updated_at)"
    " VALUES (?1, ?2, ?3, ?4, ?5, strftime('%Y-%m-%dT%H:%M:%fZ','now'))"
    " ON CONFLICT(topic_id, docno) DO UPDATE SET grade = excluded.grade,"
    " note = coalesce(excluded.note, adjudications.note),"
    " adjudicator = excluded.adjudicator, updated_at = excluded.updated_at";
static const char sql_remove[] = "DELETE FROM adjudications WHERE topic_id = ?1 AND docno = ?2";

int store_adjudication_set(store *s, int64_t topic_id, const char *docno, long grade,
                           const char *note, const char *adjudicator, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, grade < 0 ? sql_remove : sql_set, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    sqlite3_bind_text(st, 2, docno, -1, SQLITE_STATIC);
    if (grade >= 0) {
        sqlite3_bind_int64(st, 3, grade);
        store_bind_text(st, 4, note);
        sqlite3_bind_text(st, 5, adjudicator, -1, SQLITE_STATIC);
    }
    return store_exec_done(s, st, err, "cannot store an adjudication");
}

/* A document is disputed when its grades (0 or more) are not all the same. */
static const char sql_disagreements[] =
    "SELECT j.topic_id, t.qid, j.docno, a.name, j.grade, j.note FROM judgments j"
    " JOIN topics t ON t.id = j.topic_id JOIN assessors a ON a.id = j.assessor_id"
    " WHERE j.grade >= 0 AND (?1 = 0 OR j.topic_id = ?1) AND (j.topic_id, j.docno) IN"
    "  (SELECT topic_id, docno FROM judgments WHERE grade >= 0 AND (?1 = 0 OR topic_id = ?1)"
    "   GROUP BY topic_id, docno HAVING count(DISTINCT grade) >= 2)"
    " ORDER BY t.qid, j.docno, a.name";

int store_disagreements_each(store *s, int64_t topic_id, store_opinion_fn fn, void *ctx,
                             util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_disagreements, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_opinion o = { sqlite3_column_int64(st, 0), (const char *)sqlite3_column_text(st, 1),
                            (const char *)sqlite3_column_text(st, 2),
                            (const char *)sqlite3_column_text(st, 3), sqlite3_column_int(st, 4),
                            (const char *)sqlite3_column_text(st, 5) };
        if (fn(ctx, &o) != 0)
            break;
    }
    return store_rows_end(s, st, rc, err, "cannot read the disagreements");
}

static const char sql_adjudications[] =
    "SELECT j.topic_id, t.qid, j.docno, j.grade, j.note, j.adjudicator FROM adjudications j"
    " JOIN topics t ON t.id = j.topic_id WHERE ?1 = 0 OR j.topic_id = ?1"
    " ORDER BY t.qid, j.docno";

int store_adjudications_each(store *s, int64_t topic_id, store_adjudication_fn fn, void *ctx,
                             util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_adjudications, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_adjudication j = { sqlite3_column_int64(st, 0),
                                 (const char *)sqlite3_column_text(st, 1),
                                 (const char *)sqlite3_column_text(st, 2),
                                 sqlite3_column_int(st, 3),
                                 (const char *)sqlite3_column_text(st, 4),
                                 (const char *)sqlite3_column_text(st, 5) };
        if (fn(ctx, &j) != 0)
            break;
    }
    return store_rows_end(s, st, rc, err, "cannot read the adjudications");
}
