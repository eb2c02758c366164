#!/usr/bin/env bash
# assign_cli.sh: command-line tests of assign --auto and --list, and status --assessors.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
tj_allow_valgrind

c=$tmp/c.tjdb
tj init -d "$c" 2>/dev/null
for i in 1 2 3 4 5 6 7 8 9 10; do printf '%s\ttopic %s\n' "$i" "$i"; done >"$tmp/t.tsv"
tj topics import -d "$c" --format tsv "$tmp/t.tsv" 2>/dev/null

# check NAME WANTED-STATUS: the last command's status ($st) and the files out and err
check() {
    if [ "$st" -eq "$2" ]; then
        ok "$1"
    else
        bad "$1" "status $st" "$(cat "$tmp/out" "$tmp/err")"
    fi
}

tj assign -d "$c" --auto --per-topic 2 ann bob cat dan >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q "20 new assignment(s); 5 to 5 topic(s) per assessor" "$tmp/err" || st=99
check "assign --auto --per-topic 2: balanced" 0

tj assign -d "$c" --list --format tsv >"$tmp/out" 2>"$tmp/err"; st=$?
[ "$(cat "$tmp/out")" = "assessor	topics	assigned
ann	5	1 3 5 7 9
bob	5	1 4 6 7 10
cat	5	2 3 6 8 9
dan	5	2 4 5 8 10" ] || st=99
check "assign --list --format tsv: one table, the assessors'" 0
tj assign -d "$c" --list --format tsv --table topics >"$tmp/out" 2>"$tmp/err"; st=$?
[ "$(cat "$tmp/out")" = "topic	assessors	who
1	2	ann bob
2	2	cat dan
3	2	ann cat
4	2	bob dan
5	2	ann dan
6	2	bob cat
7	2	ann bob
8	2	cat dan
9	2	ann cat
10	2	bob dan" ] || st=99
check "assign --list --format tsv: deterministic, natural order, pairs spread" 0
tj assign -d "$c" --list >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q '^ann  *5  1 3 5 7 9$' "$tmp/out" && grep -q '^10  *2  bob dan$' "$tmp/out" || st=99
check "assign --list" 0
tj assign -d "$c" --list --table topics >"$tmp/out" 2>"$tmp/err"; st=$?
head -1 "$tmp/out" | grep -q '^topic ' && grep -q '^10  *2  bob dan$' "$tmp/out" \
    && ! grep -q '^ann' "$tmp/out" || st=99
check "assign --list --table topics" 0
tj assign -d "$c" --table topics ann 1 >"$tmp/out" 2>"$tmp/err"; st=$?
check "assign: --table needs --list" 1

tj assign -d "$c" --auto --per-topic 5 ann bob cat dan >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q "needs at least 5 assessors, 4 named" "$tmp/err" || st=99
check "assign --auto: K above the number of assessors is refused" 1
tj assign -d "$c" --auto --per-topic 2 ann ann >"$tmp/out" 2>"$tmp/err"; st=$?
check "assign --auto: an assessor named twice is refused" 1
tj assign -d "$c" --auto --per-topic 2 ann $'b\nx' >"$tmp/out" 2>"$tmp/err"; st=$?
check "assign --auto: the name rule" 1
tj assign -d "$c" --list --format xml >"$tmp/out" 2>"$tmp/err"; st=$?
check "assign --list: a bad format" 1
tj assign -d "$c" --replace ann 1 >"$tmp/out" 2>"$tmp/err"; st=$?
check "assign: --replace needs --auto" 1

tj assign -d "$c" --auto --per-topic 2 ann bob cat dan >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q " 0 new assignment(s)" "$tmp/err" || st=99
check "assign --auto: existing assignments kept" 0
tj assign -d "$c" --auto --per-topic 3 --replace ann bob cat >"$tmp/out" 2>"$tmp/err"; st=$?
tj assign -d "$c" --list --format tsv --table topics >"$tmp/out" 2>>"$tmp/err"
grep -q "^dan" "$tmp/out" && st=99
[ "$(grep -c '	3	ann bob cat$' "$tmp/out")" = 10 ] || st=99
check "assign --auto --replace" 0
tj assign -d "$c" --auto --per-topic 1 --replace a b c >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q "3 to 4 topic(s) per assessor" "$tmp/err" || st=99
check "assign --auto: +-1 when topics do not divide" 0

# status --assessors: active time, rate, relevant rate, time left
tj assign -d "$c" --auto --per-topic 2 --replace ann bob >/dev/null 2>&1
for d in a b c d; do
    for t in 1 2; do tj judge -d "$c" --assessor x --add-to-pool $t $d -1 >/dev/null 2>&1; done
done
tj judge -d "$c" --assessor ann --seconds 30 1 a 1 >/dev/null 2>&1
tj judge -d "$c" --assessor ann --seconds 90 1 b 0 >/dev/null 2>&1
tj judge -d "$c" --assessor bob --seconds 60 2 a 1 >/dev/null 2>&1
tj status -d "$c" --assessors --tsv >"$tmp/out" 2>"$tmp/err"; st=$?
h="assessor	judged	topics	assigned	remaining	active_seconds	per_hour	relevant_rate"
[ "$(head -1 "$tmp/out")" = "$h	seconds_left" ] || st=99
grep -q "^ann	2	10	8	6	120	60	0.5	360$" "$tmp/out" || st=99
grep -q "^bob	1	10	8	7	60	60	1	420$" "$tmp/out" || st=99
grep -q "^x	0	0	0	0	0	NA	NA	0$" "$tmp/out" || st=99
[ "$(tail -1 "$tmp/out")" = "all	3	20	16	13	180	60	0.66666666666666663	780" ] || st=99
check "status --assessors --tsv: every digit, NA when unknown" 0
tj status -d "$c" --assessors >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q '^ann  *2  *10  *8  *6  *0:02:00  *60.0  *0.500  *0:06:00$' "$tmp/out" || st=99
check "status --assessors" 0

# topics import --format docs: topics written as TREC documents (CACM's)
{
    printf '<DOC>\n<DOCNO> 7 </DOCNO>\n\n time  sharing\nsystems\n</DOC>\n'
    printf '<DOC>\n<DOCNO> 8 </DOCNO>\nx\n</DOC>\n'
} >"$tmp/q.txt"
tj init -d "$tmp/d.tjdb" 2>/dev/null
tj topics import -d "$tmp/d.tjdb" "$tmp/q.txt" >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q "read them with --format docs" "$tmp/err" || st=99
check "topics import: a docs file detected, --format docs suggested" 2
tj topics import -d "$tmp/d.tjdb" --format docs "$tmp/q.txt" >"$tmp/out" 2>"$tmp/err"; st=$?
grep -q "imported 2 topics" "$tmp/err" || st=99
check "topics import --format docs" 0
if [ -f "$tj_shared/data/cacm/topics.cacm.txt" ]; then
    tj init -d "$tmp/cacm.tjdb" 2>/dev/null
    tj topics import -d "$tmp/cacm.tjdb" --format docs "$tj_shared/data/cacm/topics.cacm.txt" \
        >"$tmp/out" 2>"$tmp/err"; st=$?
    grep -q "imported 64 topics" "$tmp/err" || st=99
    check "topics import --format docs: CACM's 64 topics" 0
else
    skip "topics import --format docs: CACM's topics" "no $tj_shared/data/cacm"
fi

tj_summary
