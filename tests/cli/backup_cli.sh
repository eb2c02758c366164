#!/usr/bin/env bash
# backup_cli.sh: `trecjudge backup` while 8 writers judge: every copy is whole and up to date.
# SPDX-License-Identifier: MIT
# Every copy opens, passes check, and holds every judgment acknowledged before it began.
set -u
. "$(dirname "$0")/../lib.sh"
pids=()
tj_at_exit 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done'

c=$tmp/c.tjdb
tj init -d "$c" --grades "0:Not:0,1:Yes:1,2:Key:2" 2>/dev/null
printf 't1\tfirst\nt2\tsecond\nt3\tthird\nt4\tfourth\n' >"$tmp/topics.tsv"
tj topics import -d "$c" "$tmp/topics.tsv" 2>/dev/null

# Usage and refusals.
tj backup -d "$c" 2>/dev/null; [ $? -eq 1 ] && ok "backup without DEST: exit 1" \
    || bad "no DEST" "wrong status"
tj backup --help | grep -q -- "--force" && ok "backup --help" || bad "help" "no --force"
tj backup -d "$c" "$tmp/first.tjdb" 2>"$tmp/err" \
    && grep -q "copied to .*first.tjdb: 0 judgments" "$tmp/err" \
    && ok "backup of an idle campaign" || bad "idle backup" "$(cat "$tmp/err")"
tj backup -d "$c" "$tmp/first.tjdb" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "already exists" "$tmp/err" \
    && ok "an existing DEST is kept" || bad "existing DEST" "$(cat "$tmp/err")"
tj backup -d "$c" --force "$tmp/first.tjdb" 2>"$tmp/err" && ok "--force replaces DEST" \
    || bad "--force" "$(cat "$tmp/err")"
tj backup -d "$c" --force "$c" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "is the campaign itself" "$tmp/err" \
    && ok "DEST is never the campaign" || bad "DEST = campaign" "$(cat "$tmp/err")"
[ -z "$(ls "$tmp" | grep '\.tmp-')" ] && ok "no temporary file left" \
    || bad "temporary file" "$(ls "$tmp")"

# Eight writers, 400 judgments each (each saved and acknowledged on its own), while
# backups are taken one after the other.
for w in 1 2 3 4 5 6 7 8; do
    awk -v w="$w" 'BEGIN { for (i = 1; i <= 400; i++)
        printf "t%d doc%d %d\n", 1 + (i + w) % 4, i, (i + w) % 3 }' >"$tmp/w$w.in"
done
for w in 1 2 3 4 5 6 7 8; do
    "$TRECJUDGE" judge -d "$c" --assessor "writer$w" --add-to-pool - <"$tmp/w$w.in" \
        >"$tmp/w$w.out" 2>"$tmp/w$w.err" &
    pids+=($!)
done
# saved lines as the per-assessor export prints them: "TOPIC ASSESSOR DOCNO GRADE"
acknowledged() {
    for w in 1 2 3 4 5 6 7 8; do
        awk -v a="writer$w" '$1 == "saved" { print $2, a, $3, $4 }' "$tmp/w$w.out"
    done | sort
}
b=0 during=0 complete=1 opened=1 checked=1
while [ $b -lt 6 ]; do
    b=$((b + 1))
    acknowledged >"$tmp/ack.$b"          # read before the backup begins
    running=0
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && running=1; done
    if ! tj backup -d "$c" "$tmp/b$b.tjdb" 2>"$tmp/berr.$b"; then
        opened=0; bad "backup $b" "$(cat "$tmp/berr.$b")"; continue
    fi
    [ $running -eq 1 ] && during=$((during + 1))
    [ -e "$tmp/b$b.tjdb-wal" ] && { complete=0; bad "backup $b" "has a -wal file"; }
    # the copy alone: moved away from where it was made before it is opened
    mkdir -p "$tmp/alone$b" && mv "$tmp/b$b.tjdb" "$tmp/alone$b/b.tjdb"
    if ! tj check -d "$tmp/alone$b/b.tjdb" >"$tmp/check.$b" 2>&1; then
        checked=0; bad "check of backup $b" "$(cat "$tmp/check.$b")"
    fi
    tj qrels export -d "$tmp/alone$b/b.tjdb" --per-assessor | sort >"$tmp/have.$b"
    missing=$(comm -23 "$tmp/ack.$b" "$tmp/have.$b" | wc -l)
    if [ "$missing" -ne 0 ]; then
        complete=0
        bad "backup $b" "$missing of $(wc -l <"$tmp/ack.$b") acknowledged judgments missing"
    fi
    sleep 0.2
done
wait
pids=()
[ $opened -eq 1 ] && [ $checked -eq 1 ] \
    && ok "6 backups while writing: each opens and passes check" || true
[ $complete -eq 1 ] && ok "each backup holds every judgment acknowledged before it began" || true
[ $during -ge 2 ] && ok "$during backups taken while writers were running" \
    || bad "backups during writes" "only $during"
saved=$(cat "$tmp"/w?.out | grep -c '^saved ')
[ "$saved" -eq 3200 ] && ! grep -qi "locked" "$tmp"/w?.err \
    && ok "the writers saved all 3200 judgments" \
    || bad "writers" "saved $saved; $(cat "$tmp"/w?.err | head -3)"
tj backup -d "$c" "$tmp/last.tjdb" 2>/dev/null \
    && [ "$(tj qrels export -d "$tmp/last.tjdb" --per-assessor | wc -l)" -eq 3200 ] \
    && ok "a backup after the writers holds all 3200" \
    || bad "final backup" "$(tj qrels export -d "$tmp/last.tjdb" --per-assessor | wc -l)"

tj_summary
