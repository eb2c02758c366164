#!/usr/bin/env bash
# merge_cli.sh: `trecjudge merge`: two copies of a campaign judged apart, brought together.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
tj_need_binary

c=$tmp/c.tjdb
printf 'q1\tfirst topic\nq2\tsecond topic\n' >"$tmp/topics.tsv"
printf '%s\n' "q1 Q0 d1 1 3 A" "q1 Q0 d2 2 2 A" "q2 Q0 e1 1 2 A" "q2 Q0 e2 2 1 A" >"$tmp/A.run"
{ tj init -d "$c" && tj topics import -d "$c" "$tmp/topics.tsv" \
    && tj runs import -d "$c" "$tmp/A.run" && tj pool -d "$c" --depth 10 \
    && tj backup -d "$c" "$tmp/a.tjdb" && tj backup -d "$c" "$tmp/b.tjdb"
} >/dev/null 2>"$tmp/err" \
    || tj_bail "cannot make the campaign: $(cat "$tmp/err")"

tj merge --help | grep -q "^usage: trecjudge merge" && ok "--help" || bad "--help" "no usage"

# q1 judged in a, q2 in b; the same judgments in c alone.
for x in a c; do
    tj judge -d "$tmp/$x.tjdb" --assessor ann q1 d1 1
    tj judge -d "$tmp/$x.tjdb" --assessor ann q1 d2 0
done >/dev/null 2>&1
for x in b c; do
    tj judge -d "$tmp/$x.tjdb" --assessor bob q2 e1 0
    tj judge -d "$tmp/$x.tjdb" --assessor bob q2 e2 1
    tj judge -d "$tmp/$x.tjdb" --assessor bob q2 e2 0
done >/dev/null 2>&1
tj merge -d "$tmp/a.tjdb" "$tmp/b.tjdb" >/dev/null 2>"$tmp/err" \
    && grep -q "2 judgments added, 0 unchanged, 0 conflicts, 1 assessors added" "$tmp/err" \
    && ok "merge: summary" || bad "merge" "$(cat "$tmp/err")"
tj qrels export -d "$tmp/c.tjdb" --per-assessor >"$tmp/want" 2>/dev/null
tj qrels export -d "$tmp/a.tjdb" --per-assessor >"$tmp/got" 2>/dev/null
cmp -s "$tmp/want" "$tmp/got" && ok "the export equals judging in one campaign" \
    || bad "export" "$(diff "$tmp/want" "$tmp/got")"
tj check -d "$tmp/a.tjdb" >/dev/null 2>"$tmp/err" && ok "check passes after the merge" \
    || bad "check" "$(cat "$tmp/err")"
hist() { tj status -d "$1" --tsv 2>/dev/null; tj qrels export -d "$1" --per-assessor 2>/dev/null
    if command -v sqlite3 >/dev/null; then
        sqlite3 "$1" "SELECT count(*) FROM judgment_history; SELECT count(*) FROM assessors;"
    fi; }
hist "$tmp/a.tjdb" >"$tmp/before"
tj merge -d "$tmp/a.tjdb" "$tmp/b.tjdb" >/dev/null 2>"$tmp/err" \
    && grep -q "0 judgments added, 2 unchanged, 0 conflicts" "$tmp/err" \
    && hist "$tmp/a.tjdb" | cmp -s - "$tmp/before" \
    && ok "merging twice changes nothing" || bad "twice" "$(cat "$tmp/err")"

# A conflict: ann grades q1 d2 1 in b while a says 0.
tj judge -d "$tmp/b.tjdb" --assessor ann q1 d2 1 >/dev/null 2>&1
tj merge -d "$tmp/a.tjdb" "$tmp/b.tjdb" >/dev/null 2>"$tmp/err" \
    && grep -q "1 conflicts" "$tmp/err" && grep -q "NAME@b (first: ann@b)" "$tmp/err" \
    && ok "conflict: said so" || bad "conflict" "$(cat "$tmp/err")"
tj qrels export -d "$tmp/a.tjdb" --per-assessor 2>/dev/null | grep -q "^q1 ann d2 0$" \
    && tj qrels export -d "$tmp/a.tjdb" --per-assessor 2>/dev/null | grep -q "^q1 ann@b d2 1$" \
    && ok "conflict: both judgments visible (ann, ann@b)" \
    || bad "conflict rows" "$(tj qrels export -d "$tmp/a.tjdb" --per-assessor)"
hist "$tmp/a.tjdb" >"$tmp/before"
tj merge -d "$tmp/a.tjdb" "$tmp/b.tjdb" >/dev/null 2>"$tmp/err" \
    && grep -q "0 conflicts" "$tmp/err" && grep -q "1 conflicts merged before" "$tmp/err" \
    && hist "$tmp/a.tjdb" | cmp -s - "$tmp/before" && tj check -d "$tmp/a.tjdb" >/dev/null 2>&1 \
    && ok "a conflict merged twice changes nothing" || bad "conflict twice" "$(cat "$tmp/err")"

# A copy with a topic the campaign lacks is refused (exit 3), the campaign unchanged.
tj backup -d "$c" "$tmp/d.tjdb" >/dev/null 2>&1
printf 'q3\tthird topic\n' >"$tmp/t3.tsv"
tj topics import -d "$tmp/d.tjdb" "$tmp/t3.tsv" >/dev/null 2>&1
tj merge -d "$tmp/a.tjdb" "$tmp/d.tjdb" >/dev/null 2>"$tmp/err"; st=$?
[ $st -eq 3 ] && grep -q "topic 'q3'" "$tmp/err" && hist "$tmp/a.tjdb" | cmp -s - "$tmp/before" \
    && ok "a copy with another topic: exit 3, nothing changed" \
    || bad "refused" "[$st] $(cat "$tmp/err")"
tj merge -d "$tmp/a.tjdb" "$tmp/a.tjdb" >/dev/null 2>&1; [ $? -eq 3 ] \
    && ok "merging a campaign into itself: exit 3" || bad "itself" "not refused"

tj_summary
