/* import.c: imports in short transactions: lock, pending rows, publishing, recovery from a kill. */
/* SPDX-License-Identifier: MIT */
#include "store_private.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

/* How long one transaction of an import may last before it commits and lets a waiting
 * writer in; the pause is longer than the busy handler's poll (about 1 ms). */
#define BATCH_SECONDS 0.1
#define PAUSE_NS 3000000L
/* Rows deleted by one statement when an import is removed. */
#define DELETE_ROWS 256

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int store_batch_begin(store *s, util_error *err)
{
    if (store_begin(s, err) != 0)
        return -1;
    s->batch_start = now_seconds();
    return 0;
}

int store_batch_yield(store *s, util_error *err)
{
    if (now_seconds() - s->batch_start < BATCH_SECONDS)
        return 0;
    if (store_commit(s, err) != 0)
        return -1;
    struct timespec pause = { 0, PAUSE_NS };
    nanosleep(&pause, NULL);
    return store_batch_begin(s, err);
}

int store_batch_end(store *s, util_error *err)
{
    return store_commit(s, err);
}

static char *lock_path(const store *s)
{
    size_t n = strlen(s->path) + sizeof ".import-lock";
    char *p = util_malloc(n);
    snprintf(p, n, "%s.import-lock", s->path);
    return p;
}

static const char sql_unfinished[] =
    "SELECT id, state FROM imports WHERE state <> 'done' ORDER BY id";

/* Finishes (committed) or removes (pending) what imports killed before they were done left;
 * only the holder of the import lock calls it, so none of them is still running. */
static int recover(store *s, store_recovery *r, util_error *err)
{
    for (;;) {
        sqlite3_stmt *st = store_sql(s, sql_unfinished, err);
        if (st == NULL)
            return -1;
        int rc = sqlite3_step(st);
        if (rc == SQLITE_DONE) {
            sqlite3_reset(st);
            return 0;
        }
        if (rc != SQLITE_ROW) {
            sqlite3_reset(st);
            return store_db_error(s, err, "cannot read the imports");
        }
        int64_t id = sqlite3_column_int64(st, 0);
        int committed = strcmp((const char *)sqlite3_column_text(st, 1), "committed") == 0;
        sqlite3_reset(st);
        if (committed) {
            if (store_qrels_apply(s, id, err) != 0)
                return -1;
            r->finished++;
        } else {
            if (store_import_remove(s, id, err) != 0)
                return -1;
            r->removed++;
        }
    }
}

int store_import_lock(store *s, int wait, store_recovery *r, util_error *err)
{
    memset(r, 0, sizeof *r);
    if (s->lock_fd >= 0)
        return 0;
    char *path = lock_path(s);
    int rc = -1;
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) {
        util_error_set(err, UTIL_EXIT_SYSTEM, path, 0, "cannot open the import lock: %s",
                       strerror(errno));
        goto out;
    }
    double start = now_seconds();
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK && errno != EINTR) {
            util_error_set(err, UTIL_EXIT_SYSTEM, path, 0, "cannot take the import lock: %s",
                           strerror(errno));
            close(fd);
            goto out;
        }
        if (!wait) {
            close(fd);
            rc = 1;
            goto out;
        }
        if (s->wait_fn != NULL && s->wait_fn(s->wait_ctx, now_seconds() - start) != 0) {
            s->gave_up = 1;
            util_error_set(err, UTIL_EXIT_SYSTEM, path, 0, "another import is running");
            close(fd);
            goto out;
        }
        struct timespec pause = { 0, 10000000L };
        nanosleep(&pause, NULL);
    }
    s->lock_fd = fd;
    if (recover(s, r, err) != 0) {
        store_import_unlock(s);
        goto out;
    }
    rc = 0;
out:
    free(path);
    return rc;
}

void store_import_unlock(store *s)
{
    if (s->lock_fd < 0)
        return;
    close(s->lock_fd);   /* releases the flock */
    s->lock_fd = -1;
}

int store_import_running(store *s)
{
    if (s->lock_fd >= 0)
        return 0;
    char *path = lock_path(s);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    free(path);
    if (fd < 0)
        return 0;
    int running = flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    close(fd);
    return running;
}

static const char sql_import_find[] =
    "SELECT id FROM imports WHERE kind = ?1 AND checksum = ?2 AND state <> 'pending'";
static const char sql_import_add[] =
    "INSERT INTO imports(kind, path, checksum, lines, state, assessor)"
    " VALUES (?1, ?2, ?3, 0, 'pending', ?4)";

int store_import_seen(store *s, store_import *im, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_import_find, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_text(st, 1, im->kind, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, im->key, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        im->id = sqlite3_column_int64(st, 0);
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return store_db_error(s, err, "cannot read the imports");
    return rc == SQLITE_ROW;
}

int store_import_begin(store *s, store_import *im, util_error *err)
{
    if (store_batch_begin(s, err) != 0)
        return -1;
    sqlite3_stmt *st = store_sql(s, sql_import_add, err);
    if (st == NULL)
        goto fail;
    sqlite3_bind_text(st, 1, im->kind, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, im->path, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, im->key, -1, SQLITE_STATIC);
    store_bind_text(st, 4, im->assessor);
    if (store_exec_done(s, st, err, "cannot record the import") != 0)
        goto fail;
    im->id = sqlite3_last_insert_rowid(s->db);
    return 0;
fail:
    store_rollback(s);
    return -1;
}

static const char sql_import_state[] = "UPDATE imports SET state = ?2, lines = ?3 WHERE id = ?1";

static int set_state(store *s, int64_t import_id, const char *state, int64_t lines,
                     util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_import_state, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, import_id);
    sqlite3_bind_text(st, 2, state, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, lines);
    return store_exec_done(s, st, err, "cannot record the import");
}

int store_import_publish(store *s, int64_t import_id, int64_t lines, util_error *err)
{
    if (sqlite3_get_autocommit(s->db) == 0)
        return set_state(s, import_id, "done", lines, err);
    if (store_begin(s, err) != 0 || set_state(s, import_id, "done", lines, err) != 0 ||
        store_commit(s, err) != 0) {
        store_rollback(s);
        return -1;
    }
    return 0;
}

/* What removing an import deletes, children first, each a bounded number of rows. */
static const char *const sql_remove[] = {
    "DELETE FROM qrels_staged WHERE (import_id, seq) IN (SELECT import_id, seq FROM qrels_staged"
    " WHERE import_id = ?1 LIMIT 64)",
    "DELETE FROM documents WHERE id IN (SELECT id FROM documents WHERE import_id = ?1 LIMIT 256)",
    "DELETE FROM run_rankings WHERE (run_id, topic_id) IN (SELECT k.run_id, k.topic_id"
    " FROM run_rankings k JOIN runs r ON r.id = k.run_id WHERE r.import_id = ?1 LIMIT 256)",
    "DELETE FROM runs WHERE id IN (SELECT id FROM runs WHERE import_id = ?1 LIMIT 256)",
    "DELETE FROM topics WHERE id IN (SELECT id FROM topics WHERE import_id = ?1 LIMIT 256)",
    "DELETE FROM imports WHERE id = ?1 AND state = 'pending'",
};

int store_import_remove(store *s, int64_t import_id, util_error *err)
{
    if (store_batch_begin(s, err) != 0)
        return -1;
    for (size_t i = 0; i < sizeof sql_remove / sizeof *sql_remove; i++) {
        int changed;
        do {
            sqlite3_stmt *st = store_sql(s, sql_remove[i], err);
            if (st == NULL)
                goto fail;
            sqlite3_bind_int64(st, 1, import_id);
            if (store_exec_done(s, st, err, "cannot remove an unfinished import") != 0)
                goto fail;
            changed = sqlite3_changes(s->db);
            if (store_batch_yield(s, err) != 0)
                goto fail;
        } while (changed > 0);
    }
    if (store_batch_end(s, err) != 0)
        goto fail;
    return 0;
fail:
    store_rollback(s);
    return -1;
}

static const char sql_topic_pending[] =
    "INSERT INTO topics(qid, import_id) VALUES (?1, ?2)";

int store_import_topic_id(store *s, int64_t import_id, const char *qid, int64_t *id,
                          util_error *err)
{
    int found = store_topic_id(s, qid, 0, id, err);
    if (found != 0)
        return found < 0 ? -1 : 0;
    sqlite3_stmt *st = store_sql(s, sql_topic_pending, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_text(st, 1, qid, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, import_id);
    if (store_exec_done(s, st, err, "cannot add a topic") != 0)
        return -1;
    *id = sqlite3_last_insert_rowid(s->db);
    return 0;
}

/* Copies text or writes a number in decimal at out; returns the bytes written (no NUL). */
static size_t put_text(char *out, const char *text)
{
    size_t len = strlen(text);
    memcpy(out, text, len);
    return len;
}

static size_t put_int(char *out, int64_t v)
{
    char digits[24];
    size_t n = 0, len = 0;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do {
        digits[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u > 0);
    if (v < 0)
        out[len++] = '-';
    while (n > 0)
        out[len++] = digits[--n];
    return len;
}

static const char sql_stage[] =
    "INSERT INTO qrels_staged(import_id, seq, qid, n, rows) VALUES (?1, ?2, ?3, ?4, ?5)";

int store_qrels_stage(store *s, int64_t import_id, int64_t seq, const char *qid,
                      const store_qrel *rows, size_t n, util_error *err)
{
    /* fields never hold a tab or newline: the reader splits lines on white space */
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += strlen(rows[i].docno) + strlen(rows[i].iter) + 48 +
               (rows[i].assessor ? strlen(rows[i].assessor) + 40 : 0) +
               (rows[i].note ? 2 * strlen(rows[i].note) : 0);
    char *text = util_malloc(len + 1);
    size_t off = 0;
    for (size_t i = 0; i < n; i++) {
        const store_qrel *r = &rows[i];
        off += put_text(text + off, r->docno);
        text[off++] = '\t';
        off += put_text(text + off, r->iter);
        text[off++] = '\t';
        off += put_int(text + off, r->grade);
        text[off++] = '\t';
        off += put_int(text + off, r->line);
        if (r->assessor != NULL) {
            /* "\tassessor\tseconds\tpool|manual\t-|+note" (the note escaped) */
            off += (size_t)snprintf(text + off, len + 1 - off, "\t%s\t%.17g\t%s\t%c",
                                    r->assessor, r->seconds, r->manual ? "manual" : "pool",
                                    r->note ? '+' : '-');
            for (const char *p = r->note; p != NULL && *p != '\0'; p++) {
                if (*p == '\\' || *p == '\t' || *p == '\n') {
                    text[off++] = '\\';
                    text[off++] = *p == '\t' ? 't' : *p == '\n' ? 'n' : '\\';
                } else {
                    text[off++] = *p;
                }
            }
        }
        text[off++] = '\n';
    }
    text[off] = '\0';
    int rc = -1;
    sqlite3_stmt *st = store_sql(s, sql_stage, err);
    if (st != NULL) {
        sqlite3_bind_int64(st, 1, import_id);
        sqlite3_bind_int64(st, 2, seq);
        sqlite3_bind_text(st, 3, qid, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 4, (sqlite3_int64)n);
        sqlite3_bind_text(st, 5, text, (int)off, SQLITE_STATIC);
        rc = store_exec_done(s, st, err, "cannot stage judgments");
    }
    free(text);
    return rc;
}

int store_qrels_commit(store *s, int64_t import_id, int64_t lines, util_error *err)
{
    if (sqlite3_get_autocommit(s->db) == 0)
        return set_state(s, import_id, "committed", lines, err);
    if (store_begin(s, err) != 0 || set_state(s, import_id, "committed", lines, err) != 0 ||
        store_commit(s, err) != 0) {
        store_rollback(s);
        return -1;
    }
    return 0;
}

static const char sql_staged_next[] =
    "SELECT seq, qid, rows FROM qrels_staged WHERE import_id = ?1 ORDER BY seq LIMIT 1";
static const char sql_staged_done[] =
    "DELETE FROM qrels_staged WHERE import_id = ?1 AND seq = ?2";
static const char sql_import_assessor[] =
    "SELECT coalesce(assessor, 'qrels'), lines FROM imports WHERE id = ?1";

/* A chunk is applied by a few statements over all its rows (qrels_chunk, chunk.c), each
 * row as `judge` would set it: ?1 the rows, ?2 the topic, ?3 the time, one for the chunk.
 * The history comes first, with each judgment's former grade (NULL: none), then the
 * judgments; no two rows of one run of these statements set the same judgment
 * (apply_rows), so that every row sees the grade the rows before it left.
 * OR FAIL: a statement that fails stops where it is instead of undoing its rows, which
 * SQLite does by first copying every page it changes to a statement journal (a temporary
 * file: 126 MB written for a million judgments); the caller rolls the whole transaction
 * back after any failure. An upsert's update has no such choice. */
static const char sql_now[] = "SELECT strftime('%Y-%m-%dT%H:%M:%fZ','now')";
static const char sql_chunk_pool[] =
    "INSERT OR IGNORE INTO pool(topic_id, docno, position, source)"
    " SELECT ?2, c.docno, c.position, c.source FROM qrels_chunk(?1) c ORDER BY c.rowid";
static const char sql_chunk_history[] =
    "INSERT OR FAIL INTO judgment_history(topic_id, docno, assessor_id, old_grade, new_grade,"
    " seconds, note, at) SELECT ?2, c.docno, c.assessor_id, j.grade, c.grade, c.seconds,"
    " c.note, ?3 FROM qrels_chunk(?1) c LEFT JOIN judgments j ON j.topic_id = ?2"
    " AND j.docno = c.docno AND j.assessor_id = c.assessor_id ORDER BY c.rowid";
static const char sql_chunk_judgments[] =
    "INSERT INTO judgments(topic_id, docno, assessor_id, grade, iter, seconds, note,"
    " updated_at) SELECT ?2, c.docno, c.assessor_id, c.grade, c.iter, c.seconds, c.note, ?3"
    " FROM qrels_chunk(?1) c WHERE true ORDER BY c.rowid"
    " ON CONFLICT(topic_id, docno, assessor_id) DO UPDATE SET grade = excluded.grade,"
    " iter = excluded.iter, seconds = judgments.seconds + excluded.seconds,"
    " note = coalesce(excluded.note, judgments.note), updated_at = excluded.updated_at";
/* The same when no row has a former grade, known when the topic has no judgment at all
 * between the first and the last docno of the rows (sql_judged_between, one lookup): no
 * lookup a row for the history (an eighth of the instructions of an import into a new
 * campaign), and the judgments are new ones, inserted without an upsert. */
static const char sql_judged_between[] =
    "SELECT EXISTS (SELECT 1 FROM judgments WHERE topic_id = ?1 AND docno >= ?2"
    " AND docno <= ?3)";
static const char sql_chunk_history_new[] =
    "INSERT OR FAIL INTO judgment_history(topic_id, docno, assessor_id, old_grade, new_grade,"
    " seconds, note, at) SELECT ?2, c.docno, c.assessor_id, NULL, c.grade, c.seconds, c.note,"
    " ?3 FROM qrels_chunk(?1) c ORDER BY c.rowid";
static const char sql_chunk_judgments_new[] =
    "INSERT OR FAIL INTO judgments(topic_id, docno, assessor_id, grade, iter, seconds, note,"
    " updated_at) SELECT ?2, c.docno, c.assessor_id, c.grade, c.iter, c.seconds, c.note, ?3"
    " FROM qrels_chunk(?1) c ORDER BY c.rowid";

/* Runs one of the statements above over rows. */
static int chunk_exec(store *s, const char *sql, const store_chunk *rows, int64_t topic_id,
                      const char *now, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql, err);
    if (st == NULL)
        return -1;
    store_chunk_bind(st, 1, rows);
    sqlite3_bind_int64(st, 2, topic_id);
    if (now != NULL)
        sqlite3_bind_text(st, 3, now, -1, SQLITE_STATIC);
    return store_exec_done(s, st, err, "cannot apply staged judgments");
}

/* Sets the judgments of rows and their history, in runs in which no judgment (docno and
 * assessor) comes twice: the readers refuse such a file, but a run is cut there all the
 * same rather than give a row the former grade of the wrong one. */
static int apply_run(store *s, const store_chunk_row *rows, size_t n, int64_t topic_id,
                     const char *now, util_error *err)
{
    if (n == 0)
        return 0;
    /* docnos compare as SQLite's BINARY collation does: bytes, as strcmp */
    const char *first = rows[0].docno, *last = rows[0].docno;
    for (size_t i = 1; i < n; i++) {
        if (strcmp(rows[i].docno, first) < 0)
            first = rows[i].docno;
        else if (strcmp(rows[i].docno, last) > 0)
            last = rows[i].docno;
    }
    sqlite3_stmt *st = store_sql(s, sql_judged_between, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    sqlite3_bind_text(st, 2, first, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, last, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    int judged = rc == SQLITE_ROW && sqlite3_column_int(st, 0) != 0;
    sqlite3_reset(st);
    if (rc != SQLITE_ROW)
        return store_db_error(s, err, "cannot read judgments");
    store_chunk run = { rows, n };
    if (chunk_exec(s, judged ? sql_chunk_history : sql_chunk_history_new, &run, topic_id, now,
                   err) != 0 ||
        chunk_exec(s, judged ? sql_chunk_judgments : sql_chunk_judgments_new, &run, topic_id,
                   now, err) != 0)
        return -1;
    return 0;
}

static int apply_rows(store *s, const store_chunk_row *rows, size_t n, int64_t topic_id,
                      const char *now, util_map *seen, util_error *err)
{
    size_t start = 0;
    util_map_clear(seen);
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(rows[i].docno);
        uint64_t h = util_hash(rows[i].docno, len) ^
                     (uint64_t)rows[i].assessor_id * 0x9e3779b97f4a7c15u;
        int added;
        util_map_add_ref(seen, rows[i].docno, len, h, &added);
        if (added)
            continue;
        /* (a docno seen with another assessor whose hash agrees cuts a run for nothing) */
        if (apply_run(s, rows + start, i - start, topic_id, now, err) != 0)
            return -1;
        start = i;
        util_map_clear(seen);
        util_map_add_ref(seen, rows[i].docno, len, h, NULL);
    }
    return apply_run(s, rows + start, n - start, topic_id, now, err);
}

/* Pool entries one row at a time: a document added by hand ('manual') joins after the
 * topic's last position, as judge --add-to-pool, counting the rows before it. */
static int pool_rows(store *s, store_chunk_row *rows, size_t n, int64_t topic_id,
                     util_error *err)
{
    for (size_t i = 0; i < n; i++) {
        store_chunk_row *r = &rows[i];
        int has = store_pool_has(s, topic_id, r->docno, err);
        if (has < 0)
            return -1;
        if (has == 0 && strcmp(r->source, "manual") == 0) {
            int64_t count;
            if (store_pool_info(s, topic_id, &count, &r->position, err) != 0)
                return -1;
            r->position++;
        }
        if (store_pool_add(s, topic_id, r->docno, r->position, r->source, err) != 0)
            return -1;
    }
    return 0;
}

/* What apply_chunk keeps from one chunk to the next. */
typedef struct applier {
    const char *assessor;     /* the import's (judgments that name none) */
    int64_t assessor_id;      /* 0 until its first judgment */
    store_chunk_row *rows;
    size_t caprows;
    util_map seen;
} applier;

/* Applies the next staged chunk and deletes it, in the current transaction: 1 done, 0 none
 * left, -1 error. */
static int apply_chunk(store *s, int64_t import_id, applier *a, util_error *err)
{
    sqlite3_stmt *st = store_sql(s, sql_staged_next, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, import_id);
    int rc = sqlite3_step(st);
    if (rc != SQLITE_ROW) {
        sqlite3_reset(st);
        return rc == SQLITE_DONE ? 0 : store_db_error(s, err, "cannot read staged judgments");
    }
    int64_t seq = sqlite3_column_int64(st, 0), topic_id;
    char *qid = util_strdup((const char *)sqlite3_column_text(st, 1));
    char *rows = util_strdup((const char *)sqlite3_column_text(st, 2));
    sqlite3_reset(st);
    int result = -1, manual = 0;
    size_t n = 0;
    const char *last_name = NULL;   /* the assessor the row before named, and its id */
    int64_t last_id = 0;
    if (store_topic_id(s, qid, 1, &topic_id, err) < 0)
        goto out;
    for (char *p = rows, *nl; *p != '\0'; p = nl + 1) {
        char *f[8];
        nl = strchr(p, '\n');
        if (nl == NULL)
            break;
        *nl = '\0';
        f[0] = p;
        int nf = 1;
        for (char *tab; nf < 8 && (tab = strchr(f[nf - 1], '\t')) != NULL; nf++) {
            *tab = '\0';
            f[nf] = tab + 1;
        }
        if (nf != 4 && nf != 8) {
            util_error_set(err, UTIL_EXIT_DATA, s->path, 0, "a staged judgment is damaged");
            goto out;
        }
        util_grow(&a->rows, &a->caprows, n + 1, sizeof *a->rows);
        store_chunk_row *r = &a->rows[n++];
        *r = (store_chunk_row){ f[0], f[1], strtol(f[2], NULL, 10), strtoll(f[3], NULL, 10),
                                "pool", 0, 0, NULL };
        if (nf == 4) {
            if (a->assessor_id == 0 && store_assessor_id(s, a->assessor, 1, &a->assessor_id,
                                                         err) < 0)
                goto out;
            r->assessor_id = a->assessor_id;
            continue;
        }
        if (last_name == NULL || strcmp(last_name, f[4]) != 0) {
            if (store_assessor_id(s, f[4], 1, &last_id, err) < 0)
                goto out;
            last_name = f[4];
        }
        r->assessor_id = last_id;
        r->seconds = strtod(f[5], NULL);
        r->source = f[6];
        manual |= strcmp(r->source, "manual") == 0;
        if (f[7][0] == '+') {
            /* unescaped in place */
            char *note = f[7] + 1, *w = note;
            for (const char *q = note; *q != '\0'; q++)
                *w++ = *q != '\\' || q[1] == '\0' ? *q
                       : *++q == 't' ? '\t' : *q == 'n' ? '\n' : *q;
            *w = '\0';
            r->note = note;
        }
    }
    /* one time for the chunk, as a statement has one */
    char now[64];
    if ((st = store_sql(s, sql_now, err)) == NULL)
        goto out;
    rc = sqlite3_step(st);
    snprintf(now, sizeof now, "%s", rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0)
                                                     : "");
    sqlite3_reset(st);
    if (rc != SQLITE_ROW || now[0] == '\0') {
        store_db_error(s, err, "cannot read the time");
        goto out;
    }
    /* A chunk with documents added by hand has its pool entries set a row at a time (the
     * position of each counts the documents added before it); else in one statement. */
    store_chunk all = { a->rows, n };
    if ((manual ? pool_rows(s, a->rows, n, topic_id, err)
                : chunk_exec(s, sql_chunk_pool, &all, topic_id, NULL, err)) != 0 ||
        apply_rows(s, a->rows, n, topic_id, now, &a->seen, err) != 0)
        goto out;
    if ((st = store_sql(s, sql_staged_done, err)) == NULL)
        goto out;
    sqlite3_bind_int64(st, 1, import_id);
    sqlite3_bind_int64(st, 2, seq);
    if (store_exec_done(s, st, err, "cannot apply staged judgments") != 0)
        goto out;
    result = 1;
out:
    free(qid);
    free(rows);
    return result;
}

/* The foreign keys of the rows apply_chunk writes hold by construction: their topic is
 * found or created in the same transaction, their assessors too (the import's own is kept
 * from one transaction to the next; no assessor is ever deleted). SQLite would check them
 * with a cursor opened on topics or assessors for every key of every row, a sixth of the
 * instructions of a qrels import: they are left unchecked while an import is applied. The
 * pragma takes effect between transactions only, and every statement is prepared again
 * after it, with the checks or without. */
static void foreign_keys(store *s, int on)
{
    sqlite3_exec(s->db, on ? "PRAGMA foreign_keys = ON" : "PRAGMA foreign_keys = OFF", NULL,
                 NULL, NULL);
}

int store_qrels_apply(store *s, int64_t import_id, util_error *err)
{
    char *assessor = NULL;
    int64_t lines = 0;
    int n;
    int rc = -1;
    applier a;
    memset(&a, 0, sizeof a);
    foreign_keys(s, 0);
    if (store_batch_begin(s, err) != 0)
        goto out;
    sqlite3_stmt *st = store_sql(s, sql_import_assessor, err);
    if (st == NULL)
        goto out;
    sqlite3_bind_int64(st, 1, import_id);
    if (sqlite3_step(st) == SQLITE_ROW) {
        assessor = util_strdup((const char *)sqlite3_column_text(st, 0));
        lines = sqlite3_column_int64(st, 1);
    }
    sqlite3_reset(st);
    if (assessor == NULL) {
        store_db_error(s, err, "cannot find a committed import");
        goto out;
    }
    /* the import's assessor is created with the first judgment of its own (not for
     * judgments that name theirs) */
    a.assessor = assessor;
    /* Each transaction applies judgments and deletes their staged rows together: a kill
     * between two leaves the rest for the next writer to apply, nothing twice. */
    while ((n = apply_chunk(s, import_id, &a, err)) > 0)
        if (store_batch_yield(s, err) != 0)
            goto out;
    if (n < 0 || set_state(s, import_id, "done", lines, err) != 0 || store_batch_end(s, err) != 0)
        goto out;
    rc = 0;
out:
    if (rc != 0)
        store_rollback(s);
    foreign_keys(s, 1);
    free(a.rows);
    util_map_free(&a.seen);
    free(assessor);
    return rc;
}
