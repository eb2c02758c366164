#!/usr/bin/env bash
# organizer_cli.sh: command-line tests of an organizer's campaign: runs, pools, topics, assessors.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
tj_allow_valgrind

c=$tmp/c.tjdb
tj init -d "$c" 2>/dev/null
tj runs import -d "$c" "$data/small_a.run" "$data/small_b.run" 2>/dev/null

# check NAME WANTED-STATUS: the last command's status ($st) and the files out and err
check() {
    if [ "$st" -eq "$2" ]; then
        ok "$1"
    else
        bad "$1" "status $st" "$(cat "$tmp/out" "$tmp/err")"
    fi
}

# runs list
tj runs list -d "$c" --format tsv >"$tmp/out" 2>"$tmp/err"; st=$?
[ "$(cut -f1-4 "$tmp/out" | tr '\t' ' ')" = "tag topics documents lines
sysA 3 8 8
sysB 3 5 5" ] || st=99
check "runs list --format tsv" 0
tj runs list -d "$c" --format json >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q '"tag": "sysA"' "$tmp/out" && grep -q '"pooled": null' "$tmp/out" || st=99
check "runs list --format json" 0
tj runs list -d "$c" >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q '^sysB ' "$tmp/out" || st=99
check "runs list" 0
tj runs list -d "$c" --format xml >"$tmp/out" 2>"$tmp/err"; st=$?
check "runs list: a bad format is a usage error" 1
tj runs list -d "$c" --tag x >"$tmp/out" 2>"$tmp/err"; st=$?
check "runs list: --tag does not apply" 1

# runs export: the run back in trec_eval order
tj runs export -d "$c" sysA >"$tmp/out" 2>"$tmp/err"; st=$?
[ "$(head -3 "$tmp/out")" = "q1 Q0 d01 1 9 sysA
q1 Q0 d09 2 8 sysA
q1 Q0 d03 3 8 sysA" ] && [ "$(wc -l <"$tmp/out")" -eq 8 ] || st=99
check "runs export" 0
tj eval "$data/small.qrels" "$tmp/out" >"$tmp/e1" 2>/dev/null
tj eval "$data/small.qrels" "$data/small_a.run" >"$tmp/e2" 2>/dev/null
cmp -s "$tmp/e1" "$tmp/e2" && ok "runs export evaluates as the file" \
    || bad "runs export eval" "$(diff "$tmp/e1" "$tmp/e2" | head -4)"
tj runs export -d "$c" nope >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q "no run 'nope'" "$tmp/err" || st=99
check "runs export: unknown tag" 3

# pool --runs: only the chosen runs feed the pool; runs list says which fed it
tj pool -d "$c" --depth 2 --runs sysB >"$tmp/out" 2>"$tmp/err"; st=$?
tj pool -d "$c" --export run >"$tmp/pool" 2>/dev/null
! grep -q ' d09 ' "$tmp/pool" && grep -q ' d05 ' "$tmp/pool" || st=99
check "pool --runs" 0
tj runs list -d "$c" --format tsv >"$tmp/out" 2>"$tmp/err"; st=$?
awk -F'\t' '$1 == "sysA" && $7 == "" { a = 1 } $1 == "sysB" && $7 != "" { b = 1 }
    END { exit !(a && b) }' "$tmp/out" || st=99
check "runs list: pooled or not" 0
tj pool -d "$c" --runs sysX >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q "no run 'sysX'" "$tmp/err" || st=99
check "pool --runs: an unknown run" 3
tj pool --runs sysA "$data/small_a.run" >"$tmp/out" 2>"$tmp/err"; st=$?
check "pool --runs needs a campaign" 1
tj pool -d "$c" --depth 2 --stats >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q sysA "$tmp/out" && st=99
check "pool.runs is kept for the next pool" 0

# runs remove; judgments stay; the file can be imported again
tj judge -d "$c" --assessor ann q1 d01 1 2>/dev/null
tj runs remove -d "$c" sysA >"$tmp/out" 2>"$tmp/err"; st=$?
tj runs list -d "$c" | grep -q '^sysA ' && st=99
tj qrels export -d "$c" | grep -q 'q1 0 d01 1' || st=99
check "runs remove keeps judgments" 0
tj runs remove -d "$c" sysA >"$tmp/out" 2>"$tmp/err"; st=$?
check "runs remove: unknown tag" 3
tj runs import -d "$c" "$data/small_a.run" >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q "imported run 'sysA'" "$tmp/err" || st=99
check "a removed run's file imports again" 0

# runs import --replace: a resubmitted run takes the place of the old one
printf 'q1 Q0 d77 1 5 sysA\n' >"$tmp/new.run"
tj runs import -d "$c" "$tmp/new.run" >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q "already has a run tagged 'sysA'" "$tmp/err" || st=99
check "the same tag is refused without --replace" 3
tj runs import -d "$c" --replace "$tmp/new.run" >"$tmp/out" 2>"$tmp/err"; st=$?
[ "$(tj runs export -d "$c" sysA)" = "q1 Q0 d77 1 5 sysA" ] || st=99
check "runs import --replace" 0
printf 'q1 Q0 d78 1 5 sysA\nq1 Q0 d79 2 x5 sysA\n' >"$tmp/broken.run"
tj runs import -d "$c" --replace "$tmp/broken.run" >"$tmp/out" 2>"$tmp/err"; st=$?
[ "$(tj runs export -d "$c" sysA)" = "q1 Q0 d77 1 5 sysA" ] || st=99
check "a refused --replace keeps the old run" 2

# topics import --lang: translations without a language attribute coexist
printf 'q1\tstromy\n' >"$tmp/cs.tsv"
printf 'q1\tB\xc3\xa4ume\n' >"$tmp/de.tsv"
tj topics import -d "$c" --lang cs "$tmp/cs.tsv" >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q "imported 1 topics (1 fields; languages: cs)" "$tmp/err" || st=99
check "topics import --lang says the language stored" 0
tj topics import -d "$c" --lang de "$tmp/de.tsv" >"$tmp/out" 2>"$tmp/err"; st=$?
if command -v sqlite3 >/dev/null; then
    [ "$(sqlite3 "$c" "SELECT group_concat(lang || '=' || text, ' ') FROM (SELECT * FROM
         topic_fields ORDER BY lang)")" = "cs=stromy de=Bäume" ] || st=99
fi
check "fields of two languages coexist" 0
tj topics import -d "$c" "$tmp/de.tsv" >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q "languages: none (see --lang)" "$tmp/err" || st=99
check "the same file without --lang is another import, and says it has no language" 0
tj topics import -d "$c" --lang 'a b' "$tmp/de.tsv" >"$tmp/out" 2>"$tmp/err"; st=$?
check "topics import --lang: a bad name" 1

# report: nothing judged, or an unknown topic, is an error (exit 3), as in compare
tj init -d "$tmp/e.tjdb" 2>/dev/null
tj runs import -d "$tmp/e.tjdb" "$data/small_a.run" 2>/dev/null
tj report -d "$tmp/e.tjdb" >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q "no judged topic" "$tmp/err" || st=99
check "report with no judged topic" 3
tj report -d "$c" --topic NOPE >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q "topic 'NOPE'" "$tmp/err" && [ ! -s "$tmp/out" ] || st=99
check "report --topic of no judged topic" 3

# --policy primary=NAME: an assessor the campaign does not have is refused (exit 3)
for cmd in "report" "qrels export" "pool --bias"; do
    # shellcheck disable=SC2086
    tj $cmd -d "$c" --policy primary=nobody >"$tmp/out" 2>"$tmp/err"; st=$?
    grep -q "no assessor 'nobody'" "$tmp/err" || st=99
    check "$cmd --policy primary=nobody" 3
done
tj qrels export -d "$c" --policy primary=ann >"$tmp/out" 2>"$tmp/err"; st=$?
check "qrels export --policy primary=ann" 0

tj_summary
