/* store.c: the campaign file: schema, migrations, and every SQL statement of the project. */
/* SPDX-License-Identifier: MIT */
#include "store.h"
#include "store_private.h"

#include <errno.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Schema version 1, created in one transaction. */
static const char schema_v1[] =
    "CREATE TABLE schema_version(version INTEGER NOT NULL);"
    "CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE grades(grade INTEGER PRIMARY KEY, label TEXT NOT NULL, key TEXT NOT NULL UNIQUE);"
    "CREATE TABLE imports(id INTEGER PRIMARY KEY, kind TEXT NOT NULL, path TEXT NOT NULL,"
    " checksum TEXT NOT NULL, lines INTEGER NOT NULL,"
    " at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')), UNIQUE(kind, checksum));"
    "CREATE TABLE topics(id INTEGER PRIMARY KEY, qid TEXT NOT NULL UNIQUE);"
    "CREATE TABLE topic_fields(topic_id INTEGER NOT NULL REFERENCES topics(id),"
    " lang TEXT NOT NULL, field TEXT NOT NULL, text TEXT NOT NULL,"
    " PRIMARY KEY(topic_id, lang, field)) WITHOUT ROWID;"
    "CREATE TABLE documents(id INTEGER PRIMARY KEY, docno TEXT NOT NULL UNIQUE, title TEXT,"
    " body TEXT NOT NULL, import_id INTEGER REFERENCES imports(id));"
    "CREATE TABLE runs(id INTEGER PRIMARY KEY, tag TEXT NOT NULL UNIQUE,"
    " import_id INTEGER REFERENCES imports(id));"
    "CREATE TABLE run_rankings(run_id INTEGER NOT NULL REFERENCES runs(id),"
    " topic_id INTEGER NOT NULL REFERENCES topics(id), n INTEGER NOT NULL,"
    " docnos TEXT NOT NULL, scores BLOB NOT NULL, PRIMARY KEY(run_id, topic_id)) WITHOUT ROWID;"
    "CREATE TABLE pool(topic_id INTEGER NOT NULL REFERENCES topics(id), docno TEXT NOT NULL,"
    " position INTEGER NOT NULL, source TEXT NOT NULL DEFAULT 'pool'"
    " CHECK(source IN ('pool','search')), PRIMARY KEY(topic_id, docno)) WITHOUT ROWID;"
    "CREATE TABLE assessors(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);"
    "CREATE TABLE assignments(assessor_id INTEGER NOT NULL REFERENCES assessors(id),"
    " topic_id INTEGER NOT NULL REFERENCES topics(id), PRIMARY KEY(assessor_id, topic_id))"
    " WITHOUT ROWID;"
    "CREATE TABLE judgments(topic_id INTEGER NOT NULL REFERENCES topics(id), docno TEXT NOT NULL,"
    " assessor_id INTEGER NOT NULL REFERENCES assessors(id), grade INTEGER NOT NULL,"
    " iter TEXT NOT NULL DEFAULT '0', seconds REAL NOT NULL DEFAULT 0, note TEXT,"
    " updated_at TEXT NOT NULL, PRIMARY KEY(topic_id, docno, assessor_id)) WITHOUT ROWID;"
    "CREATE TABLE judgment_history(id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " topic_id INTEGER NOT NULL REFERENCES topics(id), docno TEXT NOT NULL,"
    " assessor_id INTEGER NOT NULL REFERENCES assessors(id), old_grade INTEGER,"
    " new_grade INTEGER NOT NULL, seconds REAL NOT NULL, note TEXT, at TEXT NOT NULL);"
    "INSERT INTO grades(grade, label, key) VALUES (0, 'Not relevant', '0'), (1, 'Relevant', '1');"
    "INSERT INTO settings(key, value) VALUES ('relevance_level', '1');"
    "INSERT INTO schema_version(version) VALUES (1);";

/* The migrations: migrations[v] takes a file from version v to v + 1, in the transaction
 * that opens it; a new file is created as version 1, then migrated, so that a new file and
 * a migrated one are the same. */
static const char *const migrations[STORE_SCHEMA_VERSION] = {
    [1] =
    /* documents added by hand (judge --add-to-pool) join the pool as 'manual' */
    "CREATE TABLE pool_v2(topic_id INTEGER NOT NULL REFERENCES topics(id), docno TEXT NOT NULL,"
    " position INTEGER NOT NULL, source TEXT NOT NULL DEFAULT 'pool'"
    " CHECK(source IN ('pool','search','manual')), PRIMARY KEY(topic_id, docno)) WITHOUT ROWID;"
    "INSERT INTO pool_v2 SELECT topic_id, docno, position, source FROM pool;"
    "DROP TABLE pool;"
    "ALTER TABLE pool_v2 RENAME TO pool;"
    /* a judgment's latest history entry found without a scan (check, undo) */
    "CREATE INDEX judgment_history_key ON judgment_history(topic_id, docno, assessor_id, id);"
    "UPDATE schema_version SET version = 2;",
    [2] =
    /* imports in short steps (import.c): an import's rows are invisible until it is done;
     * qrels wait in qrels_staged until their import is committed, then are applied */
    "ALTER TABLE imports ADD COLUMN state TEXT NOT NULL DEFAULT 'done'"
    " CHECK(state IN ('pending','committed','done'));"
    "ALTER TABLE imports ADD COLUMN assessor TEXT;"
    "ALTER TABLE topics ADD COLUMN import_id INTEGER REFERENCES imports(id);"
    "CREATE INDEX documents_import ON documents(import_id);"
    "CREATE INDEX runs_import ON runs(import_id);"
    /* a chunk of one topic's judgments a row: "docno\titer\tgrade\tline\n" each */
    "CREATE TABLE qrels_staged(import_id INTEGER NOT NULL REFERENCES imports(id),"
    " seq INTEGER NOT NULL, qid TEXT NOT NULL, n INTEGER NOT NULL, rows TEXT NOT NULL,"
    " PRIMARY KEY(import_id, seq)) WITHOUT ROWID;"
    "UPDATE schema_version SET version = 3;",
    [3] =
    /* the assessment screen (screen.c): documents set aside stay set aside across sessions;
     * a judgment's seconds are the active time (idle gaps left out), wall_seconds the time
     * the document was open; rows made before this version only know the wall time */
    "CREATE TABLE set_aside(topic_id INTEGER NOT NULL REFERENCES topics(id),"
    " docno TEXT NOT NULL, assessor_id INTEGER NOT NULL REFERENCES assessors(id),"
    " PRIMARY KEY(topic_id, docno, assessor_id)) WITHOUT ROWID;"
    "ALTER TABLE judgments ADD COLUMN wall_seconds REAL NOT NULL DEFAULT 0;"
    "ALTER TABLE judgment_history ADD COLUMN wall_seconds REAL NOT NULL DEFAULT 0;"
    "UPDATE judgments SET wall_seconds = seconds;"
    "UPDATE judgment_history SET wall_seconds = seconds;"
    "UPDATE schema_version SET version = 4;",
    [4] =
    /* runs (runs.c): when a run last fed a pool written to the campaign (NULL: never) */
    "ALTER TABLE runs ADD COLUMN pooled_at TEXT;"
    /* adjudication (adjudicate.c): the final grade of a document assessors disagree on,
     * kept apart from the assessors' judgments so that it is never counted as one of them */
    "CREATE TABLE adjudications(topic_id INTEGER NOT NULL REFERENCES topics(id),"
    " docno TEXT NOT NULL, grade INTEGER NOT NULL, note TEXT, adjudicator TEXT NOT NULL,"
    " updated_at TEXT NOT NULL, PRIMARY KEY(topic_id, docno)) WITHOUT ROWID;"
    "UPDATE schema_version SET version = 5;",
    [5] =
    /* documents continuous active learning proposed join the pool as 'cal'. SQLite changes
     * a CHECK only by rebuilding the table: one copy of the pool's rows, in the migration's
     * transaction, under the write lock: 1.8 s for a million pooled documents measured on a
     * loaded 2-core machine (docs/POOLING.md) */
    "CREATE TABLE pool_v6(topic_id INTEGER NOT NULL REFERENCES topics(id), docno TEXT NOT NULL,"
    " position INTEGER NOT NULL, source TEXT NOT NULL DEFAULT 'pool'"
    " CHECK(source IN ('pool','search','manual','cal')), PRIMARY KEY(topic_id, docno))"
    " WITHOUT ROWID;"
    "INSERT INTO pool_v6 SELECT topic_id, docno, position, source FROM pool;"
    "DROP TABLE pool;"
    "ALTER TABLE pool_v6 RENAME TO pool;"
    "UPDATE schema_version SET version = 6;",
    [6] =
    /* The same CHECK on the pool's source, written as comparisons: SQLite evaluates an IN
     * list of more than two values by building a temporary b-tree, at every insert (about
     * 40,000 instructions, half the cost of a judgment imported). Rebuilt as in [5]. */
    "CREATE TABLE pool_v7(topic_id INTEGER NOT NULL REFERENCES topics(id), docno TEXT NOT NULL,"
    " position INTEGER NOT NULL, source TEXT NOT NULL DEFAULT 'pool'"
    " CHECK(source = 'pool' OR source = 'search' OR source = 'manual' OR source = 'cal'),"
    " PRIMARY KEY(topic_id, docno)) WITHOUT ROWID;"
    "INSERT INTO pool_v7 SELECT topic_id, docno, position, source FROM pool;"
    "DROP TABLE pool;"
    "ALTER TABLE pool_v7 RENAME TO pool;"
    "UPDATE schema_version SET version = 7;",
};

/* Every statement the program runs, prepared once per open file. */
enum stmt_id {
    ST_BEGIN, ST_COMMIT, ST_ROLLBACK,
    ST_IMPORT_FIND, ST_IMPORT_ADD, ST_IMPORT_LINES, ST_POOL_ADD,
    ST_TOPIC_FIND, ST_TOPIC_FIND_ANY, ST_TOPIC_ADOPT, ST_TOPIC_ADD,
    ST_FIELD_SET, ST_DOC_ADD, ST_DOC_COUNT,
    ST_RUN_FIND, ST_RUN_ADD, ST_RANKING_ADD, ST_RUN_COUNT,
    ST_ASSESSOR_FIND, ST_ASSESSOR_ADD,
    ST_JUDGMENT_OLD, ST_JUDGMENT_SET, ST_HISTORY_ADD,
    ST_ASSIGN, ST_UNASSIGN, ST_GRADES_CLEAR, ST_GRADE_ADD, ST_SETTING_SET, ST_ASSESSOR_STATUS,
    ST_JUDGMENTS_ALL, ST_STATUS, ST_COUNTS, ST_INTEGRITY, ST_HISTORY_CHECK,
    ST_COUNT
};

static const char *const stmt_sql[ST_COUNT] = {
    [ST_BEGIN] = "BEGIN IMMEDIATE",
    [ST_COMMIT] = "COMMIT",
    [ST_ROLLBACK] = "ROLLBACK",
    [ST_IMPORT_FIND] = "SELECT id FROM imports WHERE kind = ?1 AND checksum = ?2",
    [ST_IMPORT_ADD] = "INSERT INTO imports(kind, path, checksum, lines) VALUES (?1, ?2, ?3, ?4)",
    [ST_IMPORT_LINES] = "UPDATE imports SET lines = ?2 WHERE id = ?1",
    [ST_POOL_ADD] = "INSERT OR IGNORE INTO pool(topic_id, docno, position, source)"
                    " VALUES (?1, ?2, ?3, ?4)",
    [ST_TOPIC_FIND] = "SELECT id FROM topics WHERE qid = ?1 AND " STORE_VISIBLE("import_id"),
    [ST_TOPIC_FIND_ANY] = "SELECT id, import_id FROM topics WHERE qid = ?1",
    [ST_TOPIC_ADOPT] = "UPDATE topics SET import_id = NULL WHERE id = ?1",
    [ST_TOPIC_ADD] = "INSERT INTO topics(qid) VALUES (?1)",
    [ST_FIELD_SET] = "INSERT INTO topic_fields(topic_id, lang, field, text) VALUES (?1, ?2, ?3, ?4)"
                     " ON CONFLICT(topic_id, lang, field) DO UPDATE SET text = excluded.text",
    [ST_DOC_ADD] = "INSERT INTO documents(docno, title, body, import_id) VALUES (?1, ?2, ?3, ?4)",
    [ST_DOC_COUNT] = "SELECT (SELECT count(*) FROM documents) - (SELECT count(*) FROM documents"
                     " WHERE import_id IN " STORE_PENDING ")",
    [ST_RUN_FIND] = "SELECT id FROM runs WHERE tag = ?1",
    [ST_RUN_ADD] = "INSERT INTO runs(tag, import_id) VALUES (?1, ?2)",
    [ST_RANKING_ADD] = "INSERT INTO run_rankings(run_id, topic_id, n, docnos, scores)"
                       " VALUES (?1, ?2, ?3, ?4, ?5)",
    [ST_RUN_COUNT] = "SELECT count(*) FROM runs WHERE " STORE_VISIBLE("import_id"),
    [ST_ASSESSOR_FIND] = "SELECT id FROM assessors WHERE name = ?1",
    [ST_ASSESSOR_ADD] = "INSERT INTO assessors(name) VALUES (?1)",
    [ST_JUDGMENT_OLD] = "SELECT grade FROM judgments WHERE topic_id = ?1 AND docno = ?2"
                        " AND assessor_id = ?3",
    [ST_JUDGMENT_SET] = "INSERT INTO judgments(topic_id, docno, assessor_id, grade, iter, seconds,"
                        " note, updated_at) VALUES (?1, ?2, ?3, ?4, coalesce(?5, '0'), ?6, ?7,"
                        " strftime('%Y-%m-%dT%H:%M:%fZ','now'))"
                        " ON CONFLICT(topic_id, docno, assessor_id) DO UPDATE SET"
                        " grade = excluded.grade, iter = coalesce(?5, judgments.iter),"
                        " seconds = judgments.seconds + excluded.seconds,"
                        " note = coalesce(excluded.note, judgments.note),"
                        " updated_at = excluded.updated_at",
    [ST_HISTORY_ADD] = "INSERT INTO judgment_history(topic_id, docno, assessor_id, old_grade,"
                       " new_grade, seconds, note, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7,"
                       " strftime('%Y-%m-%dT%H:%M:%fZ','now'))",
    [ST_ASSIGN] = "INSERT OR IGNORE INTO assignments(assessor_id, topic_id) VALUES (?1, ?2)",
    [ST_UNASSIGN] = "DELETE FROM assignments WHERE assessor_id = ?1 AND topic_id = ?2",
    [ST_GRADES_CLEAR] = "DELETE FROM grades",
    [ST_GRADE_ADD] = "INSERT INTO grades(grade, label, key) VALUES (?1, ?2, ?3)",
    [ST_SETTING_SET] = "INSERT INTO settings(key, value) VALUES (?1, ?2)"
                       " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
    [ST_ASSESSOR_STATUS] =
        "SELECT a.name, 0,"
        " (SELECT count(*) FROM judgments j WHERE j.assessor_id = a.id AND j.grade >= 0),"
        " (SELECT count(*) FROM judgments j WHERE j.assessor_id = a.id AND j.grade >= ?1)"
        " FROM assessors a ORDER BY a.name",
    [ST_JUDGMENTS_ALL] =
        "SELECT t.qid, j.docno, a.name, j.grade, j.iter FROM judgments j"
        " JOIN topics t ON t.id = j.topic_id JOIN assessors a ON a.id = j.assessor_id"
        " ORDER BY t.qid, j.docno, a.name",
    [ST_COUNTS] =
        "SELECT (SELECT count(*) FROM judgment_history), (SELECT count(*) FROM judgments)",
    [ST_INTEGRITY] = "PRAGMA integrity_check",
    /* Both directions, each one pass with a lookup in an index (judgment_history_key, the
     * judgments' primary key) per row: a judgment whose grade is not its latest history
     * entry's (or that has none), and a history whose latest grade (0 or more) has lost its
     * judgment; -1 without a row is a withdrawn judgment. */
    [ST_HISTORY_CHECK] = "SELECT"
                         " (SELECT count(*) FROM judgments j WHERE j.grade IS NOT"
                         "  (SELECT h.new_grade FROM judgment_history h"
                         "   WHERE h.topic_id = j.topic_id AND h.docno = j.docno"
                         "   AND h.assessor_id = j.assessor_id ORDER BY h.id DESC LIMIT 1)) +"
                         " (SELECT count(*) FROM (SELECT topic_id, docno, assessor_id, new_grade,"
                         "   max(id) FROM judgment_history"
                         "   GROUP BY topic_id, docno, assessor_id) l WHERE l.new_grade >= 0"
                         "  AND NOT EXISTS (SELECT 1 FROM judgments j WHERE j.topic_id = l.topic_id"
                         "   AND j.docno = l.docno AND j.assessor_id = l.assessor_id))",
    [ST_STATUS] = "SELECT t.qid,"
                  " (SELECT count(*) FROM pool p WHERE p.topic_id = t.id),"
                  " (SELECT count(DISTINCT docno) FROM judgments j WHERE j.topic_id = t.id"
                  "  AND j.grade >= 0),"
                  " (SELECT count(DISTINCT docno) FROM judgments j WHERE j.topic_id = t.id"
                  "  AND j.grade >= ?1)"
                  " FROM topics t WHERE " STORE_VISIBLE("t.import_id") " ORDER BY t.qid",
};

int store_db_error(store *s, util_error *err, const char *what)
{
    if (s->gave_up)
        return util_error_set(err, UTIL_EXIT_SYSTEM, s->path, 0,
                              "%s: another program holds the campaign's write lock", what);
    return util_error_set(err, UTIL_EXIT_SYSTEM, s->path, 0, "%s: %s", what, sqlite3_errmsg(s->db));
}

static sqlite3_stmt *stmt(store *s, enum stmt_id id, util_error *err)
{
    if (s->stmts[id] == NULL &&
        sqlite3_prepare_v3(s->db, stmt_sql[id], -1, SQLITE_PREPARE_PERSISTENT, &s->stmts[id],
                           NULL) != SQLITE_OK) {
        store_db_error(s, err, "cannot prepare a statement");
        return NULL;
    }
    sqlite3_reset(s->stmts[id]);
    sqlite3_clear_bindings(s->stmts[id]);
    return s->stmts[id];
}

sqlite3_stmt *store_sql(store *s, const char *sql, util_error *err)
{
    size_t i = 0;
    while (i < s->ncache && s->cache[i].sql != sql)
        i++;
    if (i == s->ncache) {
        sqlite3_stmt *st;
        if (sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, NULL) != SQLITE_OK) {
            store_db_error(s, err, "cannot prepare a statement");
            return NULL;
        }
        if (s->ncache == s->capcache)
            util_grow(&s->cache, &s->capcache, s->ncache + 1, sizeof *s->cache);
        s->cache[s->ncache++] = (store_cached){ sql, st };
    }
    sqlite3_reset(s->cache[i].st);
    sqlite3_clear_bindings(s->cache[i].st);
    return s->cache[i].st;
}

int store_rows_end(store *s, sqlite3_stmt *st, int rc, util_error *err, const char *what)
{
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? 0 : rc == SQLITE_ROW ? -1 : store_db_error(s, err, what);
}

int store_count(store *s, const char *sql, int64_t *n, util_error *err, const char *what)
{
    sqlite3_stmt *st = store_sql(s, sql, err);
    if (st == NULL)
        return -1;
    int rc = sqlite3_step(st);
    *n = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    sqlite3_reset(st);
    return rc == SQLITE_ROW ? 0 : store_db_error(s, err, what);
}

int store_bind_text(sqlite3_stmt *st, int i, const char *text)
{
    return text ? sqlite3_bind_text(st, i, text, -1, SQLITE_TRANSIENT) : sqlite3_bind_null(st, i);
}

/* Runs a statement that returns no rows. */
int store_exec_done(store *s, sqlite3_stmt *st, util_error *err, const char *what)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    if (rc != SQLITE_DONE)
        return store_db_error(s, err, what);
    return 0;
}

static double monotonic_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Waits for another process's write lock with short sleeps (the default handler sleeps up
 * to 100 ms at a time, which makes assessors on one file wait for nothing). There is no
 * time limit: "database is locked" never reaches a user. The wait hook is told how long
 * the wait has lasted and may end it (the screen, which must not freeze). */
static int busy_wait(void *ctx, int count)
{
    store *s = ctx;
    double now = monotonic_seconds();
    if (count == 0)
        s->wait_start = now;
    if (s->wait_fn != NULL && s->wait_fn(s->wait_ctx, now - s->wait_start) != 0) {
        s->gave_up = 1;
        return 0;
    }
    struct timespec ts = { 0, (count < 20 ? 100 + 50 * count : 1000) * 1000L };
    nanosleep(&ts, NULL);
    return 1;
}

void store_set_wait(store *s, store_wait_fn fn, void *ctx)
{
    s->wait_fn = fn;
    s->wait_ctx = ctx;
}

int store_busy(const store *s)
{
    return s->gave_up;
}

/* The campaign files this process has open. Reading a file's header opens and closes it,
 * and closing any descriptor of a file drops every POSIX lock the process holds on it,
 * SQLite's included: another program closing the campaign then takes it for unused and
 * removes the -wal under a connection still writing to it (the assessment screen opens
 * its campaign twice, for the live report). A file this process has open is not read. */
typedef struct open_file {
    dev_t dev;
    ino_t ino;
    size_t count;
} open_file;
static open_file *open_files;
static size_t nopen_files, capopen_files;
static pthread_mutex_t open_files_lock = PTHREAD_MUTEX_INITIALIZER;

/* Counts a connection to (dev, ino) up (by 1), down (by -1) or not (0); returns the count
 * before. */
static size_t open_count(dev_t dev, ino_t ino, int by)
{
    pthread_mutex_lock(&open_files_lock);
    size_t i = 0;
    while (i < nopen_files && (open_files[i].dev != dev || open_files[i].ino != ino))
        i++;
    size_t before = i < nopen_files ? open_files[i].count : 0;
    if (by > 0 && i == nopen_files) {
        util_grow(&open_files, &capopen_files, nopen_files + 1, sizeof *open_files);
        open_files[nopen_files++] = (open_file){ dev, ino, 0 };
    }
    if (by != 0 && i < nopen_files) {
        open_files[i].count = by > 0 ? before + 1 : before > 0 ? before - 1 : 0;
        if (open_files[i].count == 0)
            open_files[i] = open_files[--nopen_files];
    }
    pthread_mutex_unlock(&open_files_lock);
    return before;
}

/* What a file must start with to be an SQLite database; anything else is refused before
 * SQLite sees it, so that opening never turns another file into a database. */
static int check_header(const char *path, util_error *err)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return util_error_set(err, UTIL_EXIT_INPUT, path, 0,
                              "no such campaign file (create one with 'trecjudge init')");
    if (S_ISDIR(st.st_mode))
        return util_error_set(err, UTIL_EXIT_INPUT, path, 0,
                              "is a directory, not a campaign file");
    if (!S_ISREG(st.st_mode))
        return util_error_set(err, UTIL_EXIT_INPUT, path, 0,
                              "not a regular file, so not a campaign file");
    if (open_count(st.st_dev, st.st_ino, 0) > 0)
        return 0;   /* open here already, so checked: reading it would drop its locks */
    char head[16];
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return util_error_set(err, UTIL_EXIT_INPUT, path, 0, "cannot read: %s", strerror(errno));
    size_t got = fread(head, 1, sizeof head, f);
    fclose(f);
    if (got != sizeof head || memcmp(head, "SQLite format 3", 16) != 0)
        return util_error_set(err, UTIL_EXIT_INPUT, path, 0,
                              got == 0 ? "is empty: not a trecjudge campaign file"
                                       : "not a trecjudge campaign file");
    return 0;
}

static int store_connect(const char *path, int flags, store **out, util_error *err)
{
    store *s = util_calloc(1, sizeof *s);
    s->path = util_strdup(path);
    s->stmts = util_calloc(ST_COUNT, sizeof *s->stmts);
    s->readonly = (flags & SQLITE_OPEN_READONLY) != 0;
    s->lock_fd = -1;
    /* A connection is used by one thread at a time: SQLite's own locking of every call on
     * it (a tenth of the instructions of an import) is left out. */
    if (sqlite3_open_v2(path, &s->db, flags | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
        util_error_set(err, UTIL_EXIT_INPUT, path, 0, "cannot open the campaign: %s",
                       s->db ? sqlite3_errmsg(s->db) : "out of memory");
        store_close(&s);
        return -1;
    }
    struct stat st;
    if (stat(path, &st) == 0) {
        s->dev = st.st_dev;
        s->ino = st.st_ino;
        s->counted = 1;
        open_count(st.st_dev, st.st_ino, 1);
    }
    sqlite3_extended_result_codes(s->db, 1);
    sqlite3_busy_handler(s->db, busy_wait, s);
    if (store_chunk_register(s->db) != SQLITE_OK) {
        util_error_set(err, UTIL_EXIT_SYSTEM, path, 0, "cannot open the campaign: %s",
                       sqlite3_errmsg(s->db));
        store_close(&s);
        return -1;
    }
    *out = s;
    return 0;
}

/* Runs pragmas that set up a connection to a file known to be a campaign. */
static int store_setup(store *s, util_error *err)
{
    char *msg = NULL;
    const char *pragmas = s->readonly ? "PRAGMA foreign_keys = ON;"
                                      : "PRAGMA foreign_keys = ON; PRAGMA journal_mode = WAL;"
                                        " PRAGMA synchronous = FULL;";
    if (sqlite3_exec(s->db, pragmas, NULL, NULL, &msg) != SQLITE_OK) {
        util_error_set(err, UTIL_EXIT_INPUT, s->path, 0, "not a usable campaign file: %s",
                       msg ? msg : sqlite3_errmsg(s->db));
        sqlite3_free(msg);
        return -1;
    }
    return 0;
}

/* Applies the migrations from version `from` on, in one transaction. */
static int migrate(store *s, int from, util_error *err)
{
    char *msg = NULL;
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, &msg) != SQLITE_OK)
        goto fail;
    /* another process may have migrated the file while this one waited for the lock */
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db, "SELECT max(version) FROM schema_version", -1, &st, NULL)
        == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        from = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    for (int v = from; v < STORE_SCHEMA_VERSION; v++)
        if (sqlite3_exec(s->db, migrations[v], NULL, NULL, &msg) != SQLITE_OK)
            goto fail;
    if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, &msg) != SQLITE_OK)
        goto fail;
    return 0;
fail:
    util_error_set(err, UTIL_EXIT_SYSTEM, s->path, 0, "cannot bring the campaign to schema %d: %s",
                   STORE_SCHEMA_VERSION, msg ? msg : sqlite3_errmsg(s->db));
    sqlite3_free(msg);
    if (sqlite3_get_autocommit(s->db) == 0)
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

int store_create(const char *path, store **out, util_error *err)
{
    if (access(path, F_OK) == 0)
        return util_error_set(err, UTIL_EXIT_USAGE, path, 0, "already exists; not overwriting it");
    store *s;
    if (store_connect(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &s, err) != 0)
        return -1;
    char *msg = NULL;
    if (store_setup(s, err) != 0)
        goto fail;
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, &msg) != SQLITE_OK ||
        sqlite3_exec(s->db, schema_v1, NULL, NULL, &msg) != SQLITE_OK ||
        sqlite3_exec(s->db, "COMMIT", NULL, NULL, &msg) != SQLITE_OK) {
        util_error_set(err, UTIL_EXIT_SYSTEM, path, 0, "cannot create the schema: %s", msg);
        sqlite3_free(msg);
        goto fail;
    }
    if (migrate(s, 1, err) != 0)
        goto fail;
    *out = s;
    return 0;
fail:
    store_close(&s);
    unlink(path);
    return -1;
}

/* The schema version of an open file, read without changing anything: -1 when the file is
 * not a campaign (no schema_version table). */
static int schema_version(store *s)
{
    sqlite3_stmt *st = NULL;
    int version = -1;
    int rc = sqlite3_prepare_v2(s->db, "SELECT max(version) FROM schema_version", -1, &st, NULL);
    if (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW)
        version = sqlite3_column_int(st, 0);
    /* an SQLite file without the table is not a campaign; any other failure (no -shm can
     * be made, a file that is not a database) is said as SQLite says it */
    if (version < 0 && strstr(sqlite3_errmsg(s->db), "no such table") == NULL)
        version = -2;
    sqlite3_finalize(st);
    return version;
}

/* Whether the -wal and -shm files beside a campaign can be made: its directory can be
 * written. */
static int dir_writable(const char *path)
{
    char *dir = util_strdup(path);
    char *slash = strrchr(dir, '/');
    if (slash == NULL)
        strcpy(dir, ".");
    else
        slash[slash == dir ? 1 : 0] = '\0';
    int ok = access(dir, W_OK) == 0;
    free(dir);
    return ok;
}

/* Whether a campaign can be written: the file, and its directory. */
static int writable(const char *path)
{
    return access(path, W_OK) == 0 && dir_writable(path);
}

/* Opens a file known to start as an SQLite database, read-write or read-only. */
static int store_open_as(const char *path, int readonly, store **out, util_error *err)
{
    store *s = NULL;
    if (check_header(path, err) != 0)
        return -1;
    if (!readonly && !writable(path))
        return util_error_set(err, UTIL_EXIT_INPUT, path, 0,
                              "cannot be written (a read-only file or directory): commands that "
                              "only read it (status, report, qrels export) still work");
    /* URI names allowed for ATTACH (merge.c); a path without "file:" is read as before */
    int uri_names = strncmp(path, "file:", 5) != 0 ? SQLITE_OPEN_URI : 0;
    int flags = (readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | uri_names;
    if (store_connect(path, flags, &s, err) != 0)
        return -1;
    /* Read the version before any pragma: a file that is not a campaign is left untouched
     * (journal_mode = WAL would rewrite its header). */
    int version = schema_version(s);
    if (version == -2 && readonly && !dir_writable(path) && access(path, R_OK) == 0) {
        /* a read-only WAL campaign in a directory where no -shm file can be made: read it
         * as an immutable file (no one can write it there either); never after a passing
         * failure elsewhere, since an immutable reader sees no later judgment */
        char *uri = sqlite3_mprintf("file:%s?immutable=1", path);
        store_close(&s);
        int rc = store_connect(uri, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, &s, err);
        sqlite3_free(uri);
        if (rc != 0)
            return -1;
        free(s->path);
        s->path = util_strdup(path);
        version = schema_version(s);
    }
    if (version == -2) {
        util_error_set(err, UTIL_EXIT_INPUT, path, 0, "cannot read the campaign: %s",
                       sqlite3_errmsg(s->db));
        goto fail;
    }
    if (version < 1) {
        util_error_set(err, UTIL_EXIT_INPUT, path, 0, "not a trecjudge campaign file");
        goto fail;
    }
    if (version > STORE_SCHEMA_VERSION) {
        util_error_set(err, UTIL_EXIT_INPUT, path, 0,
                       "written by a newer trecjudge (schema %d; this one knows %d)", version,
                       STORE_SCHEMA_VERSION);
        goto fail;
    }
    if (store_setup(s, err) != 0)
        goto fail;
    if (version < STORE_SCHEMA_VERSION) {
        if (readonly) {
            /* brought up to date where it can be written; else read as it is (every
             * version so far only adds to what the read side uses) */
            store *w = NULL;
            util_error ignored = { 0, "" };
            if (access(path, W_OK) == 0 && store_open_as(path, 0, &w, &ignored) == 0)
                store_close(&w);
        } else if (migrate(s, version, err) != 0) {
            goto fail;
        }
    }
    *out = s;
    return 0;
fail:
    store_close(&s);
    return -1;
}

int store_open(const char *path, store **out, util_error *err)
{
    return store_open_as(path, 0, out, err);
}

int store_open_readonly(const char *path, store **out, util_error *err)
{
    return store_open_as(path, 1, out, err);
}

void store_close(store **ps)
{
    store *s = *ps;
    if (s == NULL)
        return;
    for (int i = 0; s->stmts != NULL && i < ST_COUNT; i++)
        sqlite3_finalize(s->stmts[i]);
    for (size_t i = 0; i < s->ncache; i++)
        sqlite3_finalize(s->cache[i].st);
    free(s->cache);
    free(s->stmts);
    /* A clean close copies the judgments from the -wal file into the campaign file as far
     * as readers allow (a passive checkpoint never waits), so that the file alone is
     * current once everyone has closed it. The last connection also removes the -wal. Not
     * while another process imports: copying its frames made `judge` take 300 ms more. */
    if (s->db != NULL && !s->readonly && sqlite3_get_autocommit(s->db) && !store_import_running(s))
        sqlite3_wal_checkpoint_v2(s->db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
    sqlite3_close(s->db);
    store_import_unlock(s);
    if (s->counted)
        open_count(s->dev, s->ino, -1);
    free(s->path);
    free(s);
    *ps = NULL;
}

const char *store_path(const store *s)
{
    return s->path;
}

int store_begin(store *s, util_error *err)
{
    s->gave_up = 0;
    sqlite3_stmt *st = stmt(s, ST_BEGIN, err);
    return st == NULL ? -1 : store_exec_done(s, st, err, "cannot start a transaction");
}

int store_commit(store *s, util_error *err)
{
    sqlite3_stmt *st = stmt(s, ST_COMMIT, err);
    return st == NULL ? -1 : store_exec_done(s, st, err, "cannot commit");
}

void store_rollback(store *s)
{
    util_error ignored;
    sqlite3_stmt *st = stmt(s, ST_ROLLBACK, &ignored);
    if (st != NULL && sqlite3_get_autocommit(s->db) == 0)
        store_exec_done(s, st, &ignored, "rollback");
}

/* Looks up one id by a text key; 0 with *found = 0 when absent. */
static int find_id(store *s, enum stmt_id id, const char *a, const char *b, int64_t *out,
                   int *found, util_error *err)
{
    sqlite3_stmt *st = stmt(s, id, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_text(st, 1, a, -1, SQLITE_STATIC);
    if (b != NULL)
        sqlite3_bind_text(st, 2, b, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    *found = rc == SQLITE_ROW;
    if (*found)
        *out = sqlite3_column_int64(st, 0);
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return store_db_error(s, err, "lookup failed");
    return 0;
}

int store_import_find(store *s, const char *kind, const char *checksum, int64_t *import_id,
                      util_error *err)
{
    int found;
    *import_id = 0;
    if (find_id(s, ST_IMPORT_FIND, kind, checksum, import_id, &found, err) != 0)
        return -1;
    return found;
}

int store_import_add(store *s, const char *kind, const char *path, const char *checksum,
                     int64_t lines, int64_t *import_id, util_error *err)
{
    sqlite3_stmt *st = stmt(s, ST_IMPORT_ADD, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, path, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, checksum, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 4, lines);
    if (store_exec_done(s, st, err, "cannot record the import") != 0)
        return -1;
    *import_id = sqlite3_last_insert_rowid(s->db);
    return 0;
}

int store_import_lines(store *s, int64_t import_id, int64_t lines, util_error *err)
{
    sqlite3_stmt *st = stmt(s, ST_IMPORT_LINES, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, import_id);
    sqlite3_bind_int64(st, 2, lines);
    return store_exec_done(s, st, err, "cannot record the import");
}

int store_pool_add(store *s, int64_t topic_id, const char *docno, int64_t position,
                   const char *source, util_error *err)
{
    sqlite3_stmt *st = stmt(s, ST_POOL_ADD, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    sqlite3_bind_text(st, 2, docno, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, position);
    sqlite3_bind_text(st, 4, source, -1, SQLITE_STATIC);
    return store_exec_done(s, st, err, "cannot add to the pool");
}

/* Finds a row by name, or inserts it when create is set. */
static int find_or_add(store *s, enum stmt_id find, enum stmt_id add, const char *key, int create,
                       int64_t *id, util_error *err)
{
    int found;
    if (find_id(s, find, key, NULL, id, &found, err) != 0)
        return -1;
    if (found)
        return 1;
    if (!create)
        return 0;
    sqlite3_stmt *st = stmt(s, add, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    if (store_exec_done(s, st, err, "cannot insert") != 0)
        return -1;
    *id = sqlite3_last_insert_rowid(s->db);
    return 1;
}

int store_topic_id(store *s, const char *qid, int create, int64_t *id, util_error *err)
{
    if (!create)
        return find_or_add(s, ST_TOPIC_FIND, ST_TOPIC_ADD, qid, 0, id, err);
    /* A topic that a running (or killed) import created is taken over: it stays when that
     * import is removed. */
    sqlite3_stmt *st = stmt(s, ST_TOPIC_FIND_ANY, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_text(st, 1, qid, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    int tagged = rc == SQLITE_ROW && sqlite3_column_type(st, 1) != SQLITE_NULL;
    if (rc == SQLITE_ROW)
        *id = sqlite3_column_int64(st, 0);
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return store_db_error(s, err, "lookup failed");
    if (rc == SQLITE_DONE)
        return find_or_add(s, ST_TOPIC_FIND_ANY, ST_TOPIC_ADD, qid, 1, id, err);
    if (tagged) {
        if ((st = stmt(s, ST_TOPIC_ADOPT, err)) == NULL)
            return -1;
        sqlite3_bind_int64(st, 1, *id);
        if (store_exec_done(s, st, err, "cannot update a topic") != 0)
            return -1;
    }
    return 1;
}

int store_assessor_id(store *s, const char *name, int create, int64_t *id, util_error *err)
{
    return find_or_add(s, ST_ASSESSOR_FIND, ST_ASSESSOR_ADD, name, create, id, err);
}

int store_run_add(store *s, const char *tag, int64_t import_id, int64_t *run_id, util_error *err)
{
    int found;
    if (find_id(s, ST_RUN_FIND, tag, NULL, run_id, &found, err) != 0)
        return -1;
    if (found)
        return util_error_set(err, UTIL_EXIT_DATA, NULL, 0,
                              "the campaign already has a run tagged '%s'", tag);
    sqlite3_stmt *st = stmt(s, ST_RUN_ADD, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_text(st, 1, tag, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, import_id);
    if (store_exec_done(s, st, err, "cannot add the run") != 0)
        return -1;
    *run_id = sqlite3_last_insert_rowid(s->db);
    return 0;
}

int store_run_ranking_add(store *s, int64_t run_id, int64_t topic_id, const char *const *docnos,
                          const double *scores, size_t n, util_error *err)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += strlen(docnos[i]) + 1;
    char *joined = util_malloc(len + 1);
    size_t off = 0;
    for (size_t i = 0; i < n; i++) {
        size_t l = strlen(docnos[i]);
        memcpy(joined + off, docnos[i], l);
        off += l;
        joined[off++] = '\n';
    }
    joined[off] = '\0';
    sqlite3_stmt *st = stmt(s, ST_RANKING_ADD, err);
    int rc = -1;
    if (st != NULL) {
        sqlite3_bind_int64(st, 1, run_id);
        sqlite3_bind_int64(st, 2, topic_id);
        sqlite3_bind_int64(st, 3, (sqlite3_int64)n);
        sqlite3_bind_text(st, 4, joined, (int)off, SQLITE_STATIC);
        sqlite3_bind_blob(st, 5, scores, (int)(n * sizeof *scores), SQLITE_STATIC);
        rc = store_exec_done(s, st, err, "cannot store a ranking");
    }
    free(joined);
    return rc;
}

int store_run_count(store *s, int64_t *n, util_error *err)
{
    sqlite3_stmt *st = stmt(s, ST_RUN_COUNT, err);
    if (st == NULL)
        return -1;
    int rc = sqlite3_step(st);
    *n = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    sqlite3_reset(st);
    return rc == SQLITE_ROW ? 0 : store_db_error(s, err, "cannot count runs");
}

int store_judgment_get(store *s, int64_t topic_id, const char *docno, int64_t assessor_id,
                       long *grade, util_error *err)
{
    sqlite3_stmt *st = stmt(s, ST_JUDGMENT_OLD, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    sqlite3_bind_text(st, 2, docno, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, assessor_id);
    int rc = sqlite3_step(st);
    *grade = rc == SQLITE_ROW ? (long)sqlite3_column_int64(st, 0) : 0;
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return store_db_error(s, err, "cannot read a judgment");
    return rc == SQLITE_ROW;
}

int store_judgment_set(store *s, int64_t topic_id, const char *docno, int64_t assessor_id,
                       long grade, const char *iter, double seconds, const char *note,
                       util_error *err)
{
    long old;
    int had = store_judgment_get(s, topic_id, docno, assessor_id, &old, err);
    if (had < 0)
        return -1;
    sqlite3_stmt *st = stmt(s, ST_JUDGMENT_SET, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    sqlite3_bind_text(st, 2, docno, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, assessor_id);
    sqlite3_bind_int64(st, 4, grade);
    if (iter != NULL)   /* NULL: "0" for a new judgment, the imported one kept on a revision */
        sqlite3_bind_text(st, 5, iter, -1, SQLITE_STATIC);
    sqlite3_bind_double(st, 6, seconds);
    if (note != NULL)
        sqlite3_bind_text(st, 7, note, -1, SQLITE_STATIC);
    if (store_exec_done(s, st, err, "cannot save a judgment") != 0)
        return -1;
    st = stmt(s, ST_HISTORY_ADD, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    sqlite3_bind_text(st, 2, docno, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, assessor_id);
    if (had)
        sqlite3_bind_int64(st, 4, old);
    sqlite3_bind_int64(st, 5, grade);
    sqlite3_bind_double(st, 6, seconds);
    if (note != NULL)
        sqlite3_bind_text(st, 7, note, -1, SQLITE_STATIC);
    return store_exec_done(s, st, err, "cannot record the judgment's history");
}

int store_judgments_each(store *s, store_judgment_fn fn, void *ctx, util_error *err)
{
    sqlite3_stmt *st = stmt(s, ST_JUDGMENTS_ALL, err);
    if (st == NULL)
        return -1;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_judgment j = {
            (const char *)sqlite3_column_text(st, 0), (const char *)sqlite3_column_text(st, 1),
            (const char *)sqlite3_column_text(st, 2), (long)sqlite3_column_int64(st, 3),
            (const char *)sqlite3_column_text(st, 4),
        };
        if (fn(ctx, &j) != 0) {
            sqlite3_reset(st);
            return -1;
        }
    }
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? 0 : store_db_error(s, err, "cannot read judgments");
}

static int status_rows(store *s, enum stmt_id id, long relevance_level, store_status_fn fn,
                       void *ctx, util_error *err)
{
    sqlite3_stmt *st = stmt(s, id, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, relevance_level);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        store_topic_status ts = { (const char *)sqlite3_column_text(st, 0),
                                  sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2),
                                  sqlite3_column_int64(st, 3) };
        if (fn(ctx, &ts) != 0) {
            sqlite3_reset(st);
            return -1;
        }
    }
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? 0 : store_db_error(s, err, "cannot read the status");
}

int store_history_count(store *s, int64_t *history, int64_t *judgments, util_error *err)
{
    sqlite3_stmt *st = stmt(s, ST_COUNTS, err);
    if (st == NULL)
        return -1;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *history = sqlite3_column_int64(st, 0);
        *judgments = sqlite3_column_int64(st, 1);
    }
    sqlite3_reset(st);
    return rc == SQLITE_ROW ? 0 : store_db_error(s, err, "cannot count judgments");
}

int store_integrity_check(store *s, util_error *err)
{
    sqlite3_stmt *st = stmt(s, ST_INTEGRITY, err);
    if (st == NULL)
        return -1;
    int rc = sqlite3_step(st);
    int ok = rc == SQLITE_ROW && strcmp((const char *)sqlite3_column_text(st, 0), "ok") == 0;
    char first[256] = "";
    if (rc == SQLITE_ROW && !ok)
        snprintf(first, sizeof first, "%s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_reset(st);
    if (rc != SQLITE_ROW)
        return store_db_error(s, err, "cannot check integrity");
    if (!ok)
        return util_error_set(err, UTIL_EXIT_DATA, s->path, 0, "integrity check failed: %s", first);
    return 0;
}

int store_topic_field_set(store *s, int64_t topic_id, const char *field, const char *lang,
                          const char *text, util_error *err)
{
    sqlite3_stmt *st = stmt(s, ST_FIELD_SET, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, topic_id);
    sqlite3_bind_text(st, 2, lang, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, field, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, text, -1, SQLITE_STATIC);
    return store_exec_done(s, st, err, "cannot store a topic field");
}

int store_doc_add(store *s, const char *docno, const char *title, const char *body,
                  size_t body_len, int64_t import_id, util_error *err)
{
    sqlite3_stmt *st = stmt(s, ST_DOC_ADD, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_text(st, 1, docno, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, title, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, body, (int)body_len, SQLITE_STATIC);
    sqlite3_bind_int64(st, 4, import_id);
    /* The docno's UNIQUE constraint finds a document stored before: no lookup first. */
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    if (rc == SQLITE_CONSTRAINT_UNIQUE)
        return util_error_set(err, UTIL_EXIT_DATA, NULL, 0,
                              "document '%s' is already in the campaign", docno);
    return rc == SQLITE_DONE ? 0 : store_db_error(s, err, "cannot store a document");
}

int store_doc_count(store *s, int64_t *n, util_error *err)
{
    sqlite3_stmt *st = stmt(s, ST_DOC_COUNT, err);
    if (st == NULL)
        return -1;
    int rc = sqlite3_step(st);
    *n = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    sqlite3_reset(st);
    return rc == SQLITE_ROW ? 0 : store_db_error(s, err, "cannot count documents");
}

int64_t store_history_check(store *s, util_error *err)
{
    sqlite3_stmt *st = stmt(s, ST_HISTORY_CHECK, err);
    if (st == NULL)
        return -1;
    int rc = sqlite3_step(st);
    int64_t n = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
    sqlite3_reset(st);
    if (rc != SQLITE_ROW)
        return store_db_error(s, err, "cannot check the history");
    return n;
}

int store_status_each(store *s, long relevance_level, store_status_fn fn, void *ctx,
                      util_error *err)
{
    return status_rows(s, ST_STATUS, relevance_level, fn, ctx, err);
}

int store_assessor_status_each(store *s, long relevance_level, store_status_fn fn, void *ctx,
                               util_error *err)
{
    return status_rows(s, ST_ASSESSOR_STATUS, relevance_level, fn, ctx, err);
}

int store_scale_set(store *s, const store_grade *grades, size_t n, long relevance_level,
                    util_error *err)
{
    sqlite3_stmt *st = stmt(s, ST_GRADES_CLEAR, err);
    if (st == NULL || store_exec_done(s, st, err, "cannot clear the scale") != 0)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if ((st = stmt(s, ST_GRADE_ADD, err)) == NULL)
            return -1;
        sqlite3_bind_int64(st, 1, grades[i].grade);
        sqlite3_bind_text(st, 2, grades[i].label, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, grades[i].key, -1, SQLITE_STATIC);
        if (store_exec_done(s, st, err,
                            "cannot store the scale (grades and keys must be unique)") != 0)
            return -1;
    }
    char level[32];
    snprintf(level, sizeof level, "%ld", relevance_level);
    if ((st = stmt(s, ST_SETTING_SET, err)) == NULL)
        return -1;
    sqlite3_bind_text(st, 1, "relevance_level", -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, level, -1, SQLITE_TRANSIENT);
    return store_exec_done(s, st, err, "cannot store the relevance level");
}

int store_assign(store *s, int64_t assessor_id, int64_t topic_id, int on, util_error *err)
{
    sqlite3_stmt *st = stmt(s, on ? ST_ASSIGN : ST_UNASSIGN, err);
    if (st == NULL)
        return -1;
    sqlite3_bind_int64(st, 1, assessor_id);
    sqlite3_bind_int64(st, 2, topic_id);
    return store_exec_done(s, st, err, "cannot change an assignment");
}
