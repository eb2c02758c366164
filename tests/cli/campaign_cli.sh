#!/usr/bin/env bash
# campaign_cli.sh: command-line tests of opening a campaign.
# SPDX-License-Identifier: MIT
# Files that are not campaigns stay untouched, read-only campaigns are read, older schemas are
# migrated, a held write lock is waited for.
set -u
. "$(dirname "$0")/../lib.sh"
tj_allow_valgrind
chmod 755 "$tmp"
command -v sqlite3 >/dev/null || tj_skip_all "the sqlite3 command is not installed"

# Another program's SQLite file (rollback journal) is refused and left byte for byte as it
# was: its journal mode is not switched to WAL.
sqlite3 "$tmp/other.db" "CREATE TABLE x(a); INSERT INTO x VALUES (1);"
before=$(md5sum <"$tmp/other.db")
for cmd in status check "qrels export" judge; do
    # shellcheck disable=SC2086
    tj $cmd -d "$tmp/other.db" $([ "$cmd" = judge ] && echo q1 d1 1) >/dev/null 2>"$tmp/err"; st=$?
    [ $st -eq 2 ] && grep -q "other.db: not a trecjudge campaign file" "$tmp/err" \
        && [ "$(md5sum <"$tmp/other.db")" = "$before" ] && [ ! -e "$tmp/other.db-wal" ] \
        && ok "$cmd refuses another program's database unchanged" \
        || bad "$cmd on other.db" "status $st: $(cat "$tmp/err")"
done
[ "$(sqlite3 "$tmp/other.db" 'PRAGMA journal_mode')" = delete ] \
    && ok "its journal mode is unchanged" \
    || bad "journal mode" "$(sqlite3 "$tmp/other.db" 'PRAGMA journal_mode')"

# An empty file stays empty; a text file is not read as a database.
: >"$tmp/empty.tjdb"
tj judge -d "$tmp/empty.tjdb" q1 d1 1 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && [ ! -s "$tmp/empty.tjdb" ] \
    && grep -q "is empty: not a trecjudge campaign" "$tmp/err" \
    && ok "an empty file stays empty" \
    || bad "empty file" "status $st, $(wc -c <"$tmp/empty.tjdb") bytes: $(cat "$tmp/err")"
printf 'q1 0 d1 1\n' >"$tmp/qrels.txt"
tj status -d "$tmp/qrels.txt" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && [ "$(cat "$tmp/qrels.txt")" = "q1 0 d1 1" ] \
    && ok "a text file is refused" || bad "text file" "$(cat "$tmp/err")"
tj status -d "$tmp" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "is a directory" "$tmp/err" && ok "a directory is refused" \
    || bad "directory" "$(cat "$tmp/err")"

# A campaign of schema 1 (as an earlier trecjudge wrote it) is read as it was and migrated.
sqlite3 "$tmp/v1.tjdb" <"$data/campaign_v1.sql"
tj qrels export -d "$tmp/v1.tjdb" >"$tmp/export" 2>"$tmp/err"
printf 'q1 0 D1 2\nq1 0 D2 0\n' | cmp -s - "$tmp/export" \
    && ok "schema 1: judgments read" || bad "schema 1 export" "$(cat "$tmp/export" "$tmp/err")"
current=7   # STORE_SCHEMA_VERSION
[ "$(sqlite3 "$tmp/v1.tjdb" 'SELECT max(version) FROM schema_version')" = $current ] \
    && ok "schema 1 migrated to $current" \
    || bad "migration" "version $(sqlite3 "$tmp/v1.tjdb" 'SELECT max(version) FROM schema_version')"
sqlite3 "$tmp/v1.tjdb" "SELECT count(*) FROM pool" | grep -qx 3 \
    && ok "the pool kept its rows" \
    || bad "pool rows" "$(sqlite3 "$tmp/v1.tjdb" 'SELECT * FROM pool')"
sqlite3 "$tmp/v1.tjdb" 2>"$tmp/err" \
    "INSERT INTO pool(topic_id, docno, position, source) VALUES (1, 'D9', 9, 'manual')" \
    && ok "the migrated pool takes manual documents" || bad "manual source" "$(cat "$tmp/err")"
tj check -d "$tmp/v1.tjdb" >/dev/null 2>"$tmp/err" && ok "the migrated campaign passes check" \
    || bad "check after migration" "$(cat "$tmp/err")"

# A campaign of schema 5 (before the pool source cal): the pool is rebuilt with its rows and
# sources, judgments and history unchanged, and takes documents CAL proposed.
sqlite3 "$tmp/v5.tjdb" <"$data/campaign_v5.sql"
rows() { sqlite3 "$tmp/v5.tjdb" "SELECT topic_id, docno, position, source FROM pool ORDER BY 1, 2;
    SELECT * FROM judgments ORDER BY 1, 2, 3; SELECT * FROM judgment_history ORDER BY id"; }
sqlite3 "$tmp/v5.tjdb" "INSERT INTO pool VALUES (1, 'D9', 9, 'cal')" 2>/dev/null &&
    bad "schema 5" "took the source cal before the migration"
before=$(rows)
tj status -d "$tmp/v5.tjdb" >"$tmp/out" 2>"$tmp/err"
[ "$(sqlite3 "$tmp/v5.tjdb" 'SELECT max(version) FROM schema_version')" = $current ] \
    && ok "schema 5 migrated to $current" || bad "migration 5" "$(cat "$tmp/err")"
[ "$(rows)" = "$before" ] && ok "schema 5: pool rows, sources, judgments and history kept" \
    || bad "schema 5 rows" "$(rows)"
grep -qx "pooled by source: pool 1, search 1, manual 2" "$tmp/out" \
    && ok "status counts the pool's documents by source" || bad "status sources" "$(cat "$tmp/out")"
sqlite3 "$tmp/v5.tjdb" "INSERT INTO pool VALUES (1, 'D9', 9, 'cal')" 2>"$tmp/err" \
    && ok "the migrated pool takes documents CAL proposed" || bad "cal source" "$(cat "$tmp/err")"
sqlite3 "$tmp/v5.tjdb" "INSERT INTO pool VALUES (1, 'D8', 8, 'other')" 2>/dev/null \
    && bad "source check" "took 'other'" || ok "the migrated pool still refuses other sources"
sqlite3 "$tmp/v5.tjdb" "SELECT count(*) FROM sqlite_master WHERE name LIKE 'pool_v%'" | grep -qx 0 \
    && ok "no table left over from the rebuild" \
    || bad "leftover" "$(sqlite3 "$tmp/v5.tjdb" .tables)"
tj check -d "$tmp/v5.tjdb" >/dev/null 2>"$tmp/err" && ok "the migrated schema 5 passes check" \
    || bad "check after migration 5" "$(cat "$tmp/err")"

# A new campaign is created at the current schema; its journal is WAL.
tj init -d "$tmp/c.tjdb" 2>/dev/null
[ "$(sqlite3 "$tmp/c.tjdb" 'SELECT max(version) FROM schema_version')" = $current ] \
    && [ "$(sqlite3 "$tmp/c.tjdb" 'PRAGMA journal_mode')" = wal ] \
    && ok "init writes schema $current in WAL mode" || bad "init schema" "?"
printf 'q1\ttrees\n' >"$tmp/t.tsv"
tj topics import -d "$tmp/c.tjdb" "$tmp/t.tsv" 2>/dev/null
tj judge -d "$tmp/c.tjdb" --assessor ann --add-to-pool q1 d1 1 2>/dev/null

# Read-only: a campaign in a directory nobody else may write is read by the commands that
# only read (as a user without write access: needs root to switch users).
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
    mkdir "$tmp/ro" && cp "$tmp/c.tjdb" "$tmp/ro/" \
        && chmod 755 "$tmp/ro" && chmod 644 "$tmp/ro/c.tjdb"
    as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$TRECJUDGE" "$@"; }
    for cmd in status report "qrels export" agreement; do
        # shellcheck disable=SC2086
        as_nobody $cmd -d "$tmp/ro/c.tjdb" >"$tmp/out" 2>"$tmp/err"; st=$?
        [ $st -eq 0 ] && ! grep -q "readonly" "$tmp/err" && ok "$cmd on a read-only campaign" \
            || bad "$cmd read-only" "status $st: $(cat "$tmp/err")"
    done
    as_nobody qrels export -d "$tmp/ro/c.tjdb" | grep -qx "q1 0 d1 1" \
        && ok "read-only export has the judgment" || bad "read-only export" "?"
    as_nobody judge -d "$tmp/ro/c.tjdb" q1 d1 0 >/dev/null 2>"$tmp/err"; st=$?
    [ $st -eq 2 ] \
        && grep -q "cannot be written (a read-only file or directory)" "$tmp/err" \
        && ok "a write to a read-only campaign fails clearly" \
        || bad "read-only write" "status $st: $(cat "$tmp/err")"
    [ "$(ls "$tmp/ro")" = c.tjdb ] && ok "nothing was written beside it" \
        || bad "read-only dir" "$(ls "$tmp/ro")"
else
    skip "read-only campaign" "needs root and setpriv to run as another user"
fi

# A held write lock: a writer waits for it without limit, says why after a second, and
# saves once it is free; "database is locked" never reaches the user.
{ echo "BEGIN IMMEDIATE; INSERT INTO settings VALUES ('held', '1');"; sleep 2.5; echo "COMMIT;"; } \
    | sqlite3 "$tmp/c.tjdb" &
holder=$!
sleep 0.5
tj judge -d "$tmp/c.tjdb" --assessor bob q1 d1 0 2>"$tmp/err"; st=$?
wait $holder
[ $st -eq 0 ] && grep -q "waiting for the campaign's write lock" "$tmp/err" \
    && ! grep -qi "locked" "$tmp/err" \
    && tj qrels export -d "$tmp/c.tjdb" --per-assessor 2>/dev/null | grep -q "bob" \
    && ok "a writer waits for the lock and says why" \
    || bad "lock wait" "status $st: $(cat "$tmp/err")"

tj_summary
