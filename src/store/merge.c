/* merge.c: the store's side of `merge`: another copy of a campaign attached read-only. */
/* SPDX-License-Identifier: MIT */
#include "store_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The other copy is attached as "merged", read-only (a URI: the main file is opened with
 * URI names allowed; the path is percent-encoded so that '?' or '#' stay in the name). */
int store_merge_attach(store *s, const char *other, util_error *err)
{
    size_t n = strlen(other);
    char *uri = util_malloc(3 * n + 32);
    char *p = uri + sprintf(uri, "file:");
    for (const unsigned char *c = (const unsigned char *)other; *c; c++) {
        if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')
            || strchr("/-_.~", *c) != NULL)
            *p++ = (char)*c;
        else
            p += sprintf(p, "%%%02X", *c);
    }
    strcpy(p, "?mode=ro");
    sqlite3_stmt *st = NULL;
    int rc = -1;
    if (sqlite3_prepare_v2(s->db, "ATTACH ?1 AS merged", -1, &st, NULL) != SQLITE_OK
        || (sqlite3_bind_text(st, 1, uri, -1, SQLITE_STATIC), sqlite3_step(st)) != SQLITE_DONE) {
        util_error_set(err, UTIL_EXIT_INPUT, other, 0, "cannot open: %s", sqlite3_errmsg(s->db));
        goto out;
    }
    int64_t version = 0;
    if (store_count(s, "SELECT coalesce(max(version), 0) FROM merged.schema_version", &version,
                    err, "not a campaign") != 0) {
        util_error_set(err, UTIL_EXIT_INPUT, other, 0, "not a trecjudge campaign");
        goto out;
    }
    if (version != STORE_SCHEMA_VERSION) {
        util_error_set(err, UTIL_EXIT_DATA, other, 0, "a campaign of schema version %lld, this "
                       "one is %d: open it once with this trecjudge (e.g. 'trecjudge check') "
                       "to migrate it", (long long)version, STORE_SCHEMA_VERSION);
        goto out;
    }
    rc = 0;
out:
    sqlite3_finalize(st);
    free(uri);
    return rc;
}

static const char sql_missing_topic[] =
    "SELECT t.qid FROM merged.topics t WHERE NOT EXISTS"
    " (SELECT 1 FROM main.topics m WHERE m.qid = t.qid) ORDER BY t.qid LIMIT 1";
static const char sql_missing_pool[] =
    "SELECT t.qid, p.docno, count(*) OVER () FROM merged.pool p"
    " JOIN merged.topics t ON t.id = p.topic_id WHERE NOT EXISTS"
    " (SELECT 1 FROM main.pool mp JOIN main.topics mt ON mt.id = mp.topic_id"
    "  WHERE mt.qid = t.qid AND mp.docno = p.docno) ORDER BY t.qid, p.docno LIMIT 1";

int store_merge_missing(store *s, char **what, util_error *err)
{
    *what = NULL;
    sqlite3_stmt *st = store_sql(s, sql_missing_topic, err);
    if (st == NULL)
        return -1;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *what = util_strdup((const char *)sqlite3_column_text(st, 0));
    if (store_rows_end(s, st, rc == SQLITE_ROW ? SQLITE_DONE : rc, err,
                       "cannot read the other copy's topics") != 0)
        return -1;
    if (*what != NULL) {
        char *m = util_malloc(strlen(*what) + 16);
        sprintf(m, "topic '%s'", *what);
        free(*what);
        *what = m;
        return 1;
    }
    if ((st = store_sql(s, sql_missing_pool, err)) == NULL)
        return -1;
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const char *qid = (const char *)sqlite3_column_text(st, 0);
        const char *docno = (const char *)sqlite3_column_text(st, 1);
        long long n = sqlite3_column_int64(st, 2);
        size_t len = strlen(qid) + strlen(docno) + 96;
        *what = util_malloc(len);
        snprintf(*what, len, "%lld pooled document%s (first: '%s' of topic '%s')", n,
                 n > 1 ? "s" : "", docno, qid);
    }
    if (store_rows_end(s, st, rc == SQLITE_ROW ? SQLITE_DONE : rc, err,
                       "cannot read the other copy's pool") != 0)
        return -1;
    return *what != NULL;
}

static const char sql_assessors[] =
    "INSERT INTO main.assessors(name) SELECT name FROM merged.assessors"
    " WHERE name NOT IN (SELECT name FROM main.assessors) ORDER BY id";
static const char sql_assignments[] =
    "INSERT OR IGNORE INTO main.assignments(assessor_id, topic_id) SELECT ma.id, mt.id"
    " FROM merged.assignments x JOIN merged.assessors oa ON oa.id = x.assessor_id"
    " JOIN merged.topics ot ON ot.id = x.topic_id JOIN main.assessors ma ON ma.name = oa.name"
    " JOIN main.topics mt ON mt.qid = ot.qid";

int store_merge_assessors(store *s, int64_t *added, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_assessors, err);
    if (st == NULL || store_exec_done(s, st, err, "cannot add the assessors") != 0)
        return -1;
    *added = sqlite3_changes(s->db);
    if ((st = store_sql(s, sql_assignments, err)) == NULL)
        return -1;
    return store_exec_done(s, st, err, "cannot add the assignments");
}

static const char sql_keys[] =
    "SELECT DISTINCT t.qid, h.docno, a.name FROM merged.judgment_history h"
    " JOIN merged.topics t ON t.id = h.topic_id JOIN merged.assessors a ON a.id = h.assessor_id"
    " ORDER BY 1, 2, 3";

int store_merge_keys_each(store *s, store_merge_key_fn fn, void *ctx, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_keys, err);
    if (st == NULL)
        return -1;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (fn(ctx, (const char *)sqlite3_column_text(st, 0),
               (const char *)sqlite3_column_text(st, 1),
               (const char *)sqlite3_column_text(st, 2)) != 0)
            break;
    return store_rows_end(s, st, rc, err, "cannot read the other copy's history");
}

/* ?1 ?2 ?3: main's topic, the docno, main's assessor; ?4 ?5: the other's topic and
 * assessor. An entry of the history is recognised by (topic, docno, assessor, at,
 * new_grade). */
static const char sql_new_entries[] =
    "SELECT count(*) FROM merged.judgment_history h WHERE h.topic_id = ?4 AND h.docno = ?2"
    " AND h.assessor_id = ?5 AND NOT EXISTS (SELECT 1 FROM main.judgment_history m"
    "  WHERE m.topic_id = ?1 AND m.docno = ?2 AND m.assessor_id = ?3 AND m.at = h.at"
    "  AND m.new_grade = h.new_grade)";
static const char sql_own_entries[] =
    "SELECT count(*) FROM main.judgment_history m WHERE m.topic_id = ?1 AND m.docno = ?2"
    " AND m.assessor_id = ?3 AND NOT EXISTS (SELECT 1 FROM merged.judgment_history h"
    "  WHERE h.topic_id = ?4 AND h.docno = ?2 AND h.assessor_id = ?5 AND h.at = m.at"
    "  AND h.new_grade = m.new_grade)";
static const char sql_grade_main[] =
    "SELECT coalesce((SELECT grade FROM main.judgments WHERE topic_id = ?1 AND docno = ?2"
    " AND assessor_id = ?3), -1)";
static const char sql_grade_other[] =
    "SELECT coalesce((SELECT grade FROM merged.judgments WHERE topic_id = ?4 AND docno = ?2"
    " AND assessor_id = ?5), -1)";
static const char sql_copy_history[] =
    "INSERT INTO main.judgment_history(topic_id, docno, assessor_id, old_grade, new_grade,"
    " seconds, note, at, wall_seconds) SELECT ?1, h.docno, ?3, h.old_grade, h.new_grade,"
    " h.seconds, h.note, h.at, h.wall_seconds FROM merged.judgment_history h"
    " WHERE h.topic_id = ?4 AND h.docno = ?2 AND h.assessor_id = ?5 AND NOT EXISTS"
    " (SELECT 1 FROM main.judgment_history m WHERE m.topic_id = ?1 AND m.docno = ?2"
    "  AND m.assessor_id = ?3 AND m.at = h.at AND m.new_grade = h.new_grade) ORDER BY h.id";
static const char sql_drop_judgment[] =
    "DELETE FROM main.judgments WHERE topic_id = ?1 AND docno = ?2 AND assessor_id = ?3";
static const char sql_copy_judgment[] =
    "INSERT INTO main.judgments(topic_id, docno, assessor_id, grade, iter, seconds, note,"
    " updated_at, wall_seconds) SELECT ?1, docno, ?3, grade, iter, seconds, note, updated_at,"
    " wall_seconds FROM merged.judgments WHERE topic_id = ?4 AND docno = ?2 AND assessor_id = ?5";

static sqlite3_stmt *key_sql(store *s, const char *sql, int64_t mt, const char *docno,
                             int64_t ma, int64_t ot, int64_t oa, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql, err);
    if (st == NULL)
        return NULL;
    sqlite3_bind_int64(st, 1, mt);
    sqlite3_bind_text(st, 2, docno, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, ma);
    sqlite3_bind_int64(st, 4, ot);
    sqlite3_bind_int64(st, 5, oa);
    return st;
}

static int key_count(store *s, const char *sql, int64_t mt, const char *docno, int64_t ma,
                     int64_t ot, int64_t oa, int64_t *n, util_error *err)
{
    sqlite3_stmt *st = key_sql(s, sql, mt, docno, ma, ot, oa, err);
    if (st == NULL)
        return -1;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *n = sqlite3_column_int64(st, 0);
    return store_rows_end(s, st, rc == SQLITE_ROW ? SQLITE_DONE : rc, err,
                          "cannot compare the histories");
}

static int key_exec(store *s, const char *sql, int64_t mt, const char *docno, int64_t ma,
                    int64_t ot, int64_t oa, util_error *err)
{
    sqlite3_stmt *st = key_sql(s, sql, mt, docno, ma, ot, oa, err);
    return st == NULL ? -1 : store_exec_done(s, st, err, "cannot merge a judgment");
}

static const char sql_other_topic[] = "SELECT coalesce((SELECT id FROM merged.topics"
                                      " WHERE qid = ?1), 0)";
static const char sql_other_assessor[] = "SELECT coalesce((SELECT id FROM merged.assessors"
                                         " WHERE name = ?1), 0)";

static int other_id(store *s, const char *sql, const char *name, int64_t *id, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *id = sqlite3_column_int64(st, 0);
    return store_rows_end(s, st, rc == SQLITE_ROW ? SQLITE_DONE : rc, err,
                          "cannot read the other copy");
}

/* Copies the other's history of the key not already under assessor ta, and makes ta's
 * judgment the other's. */
static int take_other(store *s, int64_t mt, const char *docno, int64_t ta, int64_t ot,
                      int64_t oa, int judgment, util_error *err)
{
    if (key_exec(s, sql_copy_history, mt, docno, ta, ot, oa, err) != 0)
        return -1;
    if (!judgment)
        return 0;
    if (key_exec(s, sql_drop_judgment, mt, docno, ta, ot, oa, err) != 0)
        return -1;
    return key_exec(s, sql_copy_judgment, mt, docno, ta, ot, oa, err);
}

int store_merge_key(store *s, const char *qid, const char *docno, const char *assessor,
                    const char *conflict_name, int *outcome, util_error *err)
{
    int64_t mt = 0, ma = 0, ot = 0, oa = 0, fresh = 0, own = 0, gm = -1, go = -1;
    if (store_topic_id(s, qid, 0, &mt, err) < 0 || store_assessor_id(s, assessor, 1, &ma, err) < 0
        || other_id(s, sql_other_topic, qid, &ot, err) != 0
        || other_id(s, sql_other_assessor, assessor, &oa, err) != 0)
        return -1;
    if (key_count(s, sql_new_entries, mt, docno, ma, ot, oa, &fresh, err) != 0)
        return -1;
    if (fresh == 0) {
        *outcome = STORE_MERGE_UNCHANGED;
        return 0;
    }
    if (key_count(s, sql_own_entries, mt, docno, ma, ot, oa, &own, err) != 0
        || key_count(s, sql_grade_main, mt, docno, ma, ot, oa, &gm, err) != 0
        || key_count(s, sql_grade_other, mt, docno, ma, ot, oa, &go, err) != 0)
        return -1;
    if (own == 0) {
        /* the campaign's history of it is all in the other's: the other went further */
        *outcome = gm == go ? STORE_MERGE_UNCHANGED : STORE_MERGE_ADDED;
        return take_other(s, mt, docno, ma, ot, oa, 1, err);
    }
    if (gm == go) {
        *outcome = STORE_MERGE_UNCHANGED;
        return take_other(s, mt, docno, ma, ot, oa, 0, err);
    }
    int64_t ca = 0;
    if (store_assessor_id(s, conflict_name, 1, &ca, err) < 0
        || key_count(s, sql_new_entries, mt, docno, ca, ot, oa, &fresh, err) != 0)
        return -1;
    if (fresh == 0) {
        *outcome = STORE_MERGE_CONFLICT_KEPT;
        return 0;
    }
    *outcome = STORE_MERGE_CONFLICT;
    return take_other(s, mt, docno, ca, ot, oa, 1, err);
}
