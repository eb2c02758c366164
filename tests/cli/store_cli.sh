#!/usr/bin/env bash
# store_cli.sh: tests of the campaign commands: init, runs/qrels import, export, status, judge.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
tj_allow_valgrind

c=$tmp/c.tjdb
tj init -d "$c" --grades "0:Not:0,1:Yes:1,2:Key:2" 2>"$tmp/err" && [ -s "$c" ] \
    && grep -qF "created campaign $c (3 grades, relevant from 1)" "$tmp/err" \
    && ok "init" || bad "init" "$(cat "$tmp/err")"
tj init -d "$c" 2>"$tmp/err"; [ $? -ne 0 ] \
    && grep -q "already exists" "$tmp/err" && ok "init refuses to overwrite" \
    || bad "init overwrite" "$(cat "$tmp/err")"
tj init -d "$tmp/g.tjdb" --scale graded4 --relevance-level 2 2>"$tmp/err" \
    && grep -q "4 grades, relevant from 2" "$tmp/err" \
    && ok "init --scale graded4" || bad "init graded4" "$(cat "$tmp/err")"
tj init -d "$tmp/h.tjdb" --grades "0:Not:x,1:Yes:y,2:Key:p" 2>"$tmp/err" \
    && grep -q "3 grades" "$tmp/err" \
    && ok "init --grades" || bad "init --grades" "$(cat "$tmp/err")"
tj init -d "$tmp/i.tjdb" --grades "0:Not:n,1:Yes" 2>"$tmp/err"; [ $? -eq 1 ] \
    && [ ! -e "$tmp/i.tjdb" ] \
    && grep -qF "bad --grades '0:Not:n,1:Yes'" "$tmp/err" \
    && ok "bad --grades creates nothing" || bad "bad --grades" "$(cat "$tmp/err")"
tj init -d "$tmp/j.tjdb" --grades "0:Not:x,1:Yes:x" 2>"$tmp/err"; [ $? -eq 1 ] \
    && [ ! -e "$tmp/j.tjdb" ] \
    && grep -qF "grades 0 and 1 both have the key 'x'" "$tmp/err" \
    && ok "duplicate keys refused" || bad "duplicate keys" "$(cat "$tmp/err")"
tj status -d "$tmp/none.tjdb" >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] \
    && grep -q "no such campaign" "$tmp/err" && ok "missing campaign" \
    || bad "missing campaign" "$(cat "$tmp/err")"

# qrels round trip on the project's small file: comments are dropped, the rest comes back sorted.
tj qrels import -d "$c" "$data/small.qrels" 2>"$tmp/err" \
    && grep -qF "small.qrels: imported 9 judgments for 3 topics as assessor 'qrels'" "$tmp/err" \
    && ok "qrels import" || bad "qrels import" "$(cat "$tmp/err")"
tj qrels export -d "$c" >"$tmp/export" 2>"$tmp/err"
grep -v '^#' "$data/small.qrels" | LC_ALL=C sort -k1,1 -k3,3 >"$tmp/want"
cmp -s "$tmp/export" "$tmp/want" && ok "qrels export" \
    || bad "qrels export" "$(diff "$tmp/export" "$tmp/want" | head -5)"
tj qrels import -d "$c" "$data/small.qrels" 2>"$tmp/err" && grep -q "imported before" "$tmp/err" \
    && ok "re-import is a no-op" || bad "re-import" "$(cat "$tmp/err")"
tj qrels export -d "$c" | cmp -s - "$tmp/want" && ok "re-import doubled nothing" \
    || bad "re-import doubled" "export changed"

# A bad qrels file changes nothing.
cp "$c" "$tmp/before.tjdb"
printf 'q1 0 dA 1\nq1 0 dB x\n' >"$tmp/bad.qrels"
tj qrels import -d "$c" "$tmp/bad.qrels" 2>"$tmp/err"; st=$?
tj qrels export -d "$c" | cmp -s - "$tmp/want" && [ $st -eq 2 ] \
    && grep -q "bad.qrels:2:" "$tmp/err" && grep -q "unchanged" "$tmp/err" \
    && ok "bad qrels leaves the campaign unchanged" \
    || bad "bad qrels" "status $st: $(cat "$tmp/err")"

# Runs: import, re-import, a second run with the same tag, a bad run.
tj runs import -d "$c" "$data/small_a.run" "$data/small_b.run" 2>"$tmp/err" \
    && grep -q "imported run 'sysB'" "$tmp/err" && ok "runs import" \
    || bad "runs import" "$(cat "$tmp/err")"
tj runs import -d "$c" "$data/small_a.run" 2>"$tmp/err" && grep -q "imported before" "$tmp/err" \
    && ok "run re-import is a no-op" || bad "run re-import" "$(cat "$tmp/err")"
sed 's/9.0/9.5/' "$data/small_a.run" >"$tmp/a2.run"
tj runs import -d "$c" "$tmp/a2.run" 2>"$tmp/err"; [ $? -eq 3 ] \
    && grep -q "already has a run tagged 'sysA'" "$tmp/err" && ok "duplicate tag refused" \
    || bad "duplicate tag" "$(cat "$tmp/err")"
tj runs import -d "$c" --tag sysA2 "$tmp/a2.run" 2>"$tmp/err" \
    && grep -qF "imported run 'sysA2'" "$tmp/err" \
    && ok "--tag" || bad "--tag" "$(cat "$tmp/err")"
printf 'q1 Q0 d1 1 1.0 sysC\nq1 Q0 d2 2 NaN sysC\n' >"$tmp/bad.run"
tj runs import -d "$c" "$tmp/bad.run" 2>"$tmp/err"; [ $? -eq 2 ] \
    && grep -q "bad.run:2: score 'NaN'" "$tmp/err" && ok "bad run refused" \
    || bad "bad run" "$(cat "$tmp/err")"

# judge, status, policies and the per-assessor export.
tj judge -d "$c" --assessor ann q2 d13 2 >"$tmp/out" \
    && tj judge -d "$c" --assessor bob q2 d13 0 >>"$tmp/out" \
    && tj judge -d "$c" --assessor cid q2 d13 0 >>"$tmp/out" && [ ! -s "$tmp/out" ] \
    && [ "$(tj qrels export -d "$c" --per-assessor | grep -E '^q2 (ann|bob|cid) d13 ' |
        sort | tr '\n' ,)" = "q2 ann d13 2,q2 bob d13 0,q2 cid d13 0," ] \
    && ok "judge" \
    || bad "judge" "$(cat "$tmp/out"; tj qrels export -d "$c" --per-assessor | grep ' d13 ')"
tj judge -d "$c" q77 d1 1 2>"$tmp/err"; [ $? -eq 3 ] && grep -q "no topic 'q77'" "$tmp/err" \
    && ok "judge unknown topic" || bad "judge unknown topic" "$(cat "$tmp/err")"
tj judge -d "$c" q2 d1 x 2>"$tmp/err"; [ $? -eq 1 ] \
    && grep -qF "grade 'x' is not an integer" "$tmp/err" \
    && ok "judge bad grade" || bad "judge bad grade" "$(cat "$tmp/err")"
g() { tj qrels export -d "$c" "$@" | awk '$1 == "q2" && $3 == "d13" {print $4}'; }
[ "$(g)" = 2 ] && [ "$(g --policy majority)" = 0 ] && [ "$(g --policy mean)" = 1 ] \
    && [ "$(g --policy primary=bob)" = 0 ] \
    && ok "export policies" \
    || bad "export policies" "max $(g) majority $(g --policy majority) mean $(g --policy mean)"
tj qrels export -d "$c" --per-assessor | grep -q "^q2 ann d13 2$" \
    && ok "per-assessor export" || bad "per-assessor export" "missing line"
tj status -d "$c" --tsv >"$tmp/status"
grep -q "^q2	3	3	2	3$" "$tmp/status" && grep -q "^all	9	8	6	9$" "$tmp/status" && ok "status" \
    || bad "status" "$(cat "$tmp/status")"
# TSV is one table: the topics unless --table names another
[ "$(head -1 "$tmp/status")" = "topic	pooled	judged	relevant	no_text" ] \
    && [ "$(awk -F'\t' 'NF != 5' "$tmp/status" | wc -l)" = 0 ] \
    && ok "status --tsv: one table" || bad "status --tsv" "$(cat "$tmp/status")"
tj status -d "$c" --tsv --table judgments >"$tmp/status"
[ "$(head -1 "$tmp/status")" = "assessor	judged	relevant" ] && grep -q "^ann	1	1$" "$tmp/status" \
    && [ "$(awk -F'\t' 'NF != 3' "$tmp/status" | wc -l)" = 0 ] \
    && ok "status --table judgments" || bad "status --table judgments" "$(cat "$tmp/status")"
tj status -d "$c" >"$tmp/status"
grep -q "^q2  *3  *3  *2 " "$tmp/status" && grep -q "^ann  *1  *1$" "$tmp/status" \
    && tj status -d "$c" --table judgments | grep -q "^ann  *1  *1$" \
    && ! tj status -d "$c" --table judgments | grep -q "^q2 " \
    && ok "status text: both tables, or the one named" || bad "status text" "$(cat "$tmp/status")"
tj status -d "$c" --table topic 2>"$tmp/err" >/dev/null; st=$?
[ $st -eq 1 ] && grep -q "table 'topic' is not one of: topics, judgments, assessors" "$tmp/err" \
    && ok "status --table: an unknown table names the allowed ones" \
    || bad "status --table" "status $st: $(cat "$tmp/err")"

# Two processes judging the same campaign at once lose nothing.
for who in p1 p2; do
    ( for i in $(seq 1 60); do
        tj judge -d "$c" --assessor "$who" --add-to-pool q1 "doc$i" $((i % 3)) \
            || echo "lost $who $i"
    done ) >"$tmp/$who.log" 2>&1 &
done
wait
n=$(tj qrels export -d "$c" --per-assessor | grep -c '^q1 p[12] ')
# (a writer kept waiting over a second says so on stderr: that notice is not a failure)
others=$(grep -hv "waiting for the campaign's write lock" "$tmp/p1.log" "$tmp/p2.log")
if [ "$n" -eq 120 ] && [ -z "$others" ]; then ok "two writers, 120 judgments"
else bad "two writers" "$n judgments; $(cat "$tmp/p1.log" "$tmp/p2.log" | head -3)"; fi

# Topics and documents.
tj topics import -d "$c" "$data/topics_clef_multilingual.xml" 2>"$tmp/err" \
    && grep -q "imported 2 topics" "$tmp/err" \
    && ok "topics import (CLEF XML, 9 languages)" || bad "topics import" "$(cat "$tmp/err")"
printf '<topics>\n<topic><identifier>50</identifier><title lang="en">broken\n</topics>\n' \
    >"$tmp/bad.xml"
cp "$c" "$tmp/before2.tjdb"
tj topics import -d "$c" "$tmp/bad.xml" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "bad.xml:[0-9]*:" "$tmp/err" && grep -q "unchanged" "$tmp/err" \
    && ok "malformed XML refused with its line" \
    || bad "malformed XML" "status $st: $(cat "$tmp/err")"
printf '<DOC>\n<DOCNO> D1 </DOCNO>\n<TEXT>first</TEXT>\n</DOC>\n' >"$tmp/docs.trec"
printf '<DOC>\n<DOCNO>D2</DOCNO>\n<TEXT>second \xff bad byte</TEXT>\n</DOC>\n' >>"$tmp/docs.trec"
tj docs import -d "$c" "$tmp/docs.trec" 2>"$tmp/err" && grep -q "imported 2 documents" "$tmp/err" \
    && grep -q "1 invalid UTF-8" "$tmp/err" \
    && ok "docs import, UTF-8 repaired and counted" || bad "docs import" "$(cat "$tmp/err")"
printf '<DOC>\n<DOCNO>D3</DOCNO>\n<TEXT>third</TEXT>\n</DOC>\n' >"$tmp/dup.trec"
printf '<DOC>\n<DOCNO>D1</DOCNO>\n<TEXT>again</TEXT>\n</DOC>\n' >>"$tmp/dup.trec"
tj docs import -d "$c" "$tmp/dup.trec" 2>"$tmp/err"; st=$?
[ $st -eq 3 ] && grep -q "document 'D1' is already in the campaign" "$tmp/err" \
    && ok "duplicate docno refused" || bad "duplicate docno" "status $st: $(cat "$tmp/err")"
printf '{"id": "J1", "contents": "x"}\n{"id": "J2", "contents": \n' >"$tmp/bad.jsonl"
tj docs import -d "$c" "$tmp/bad.jsonl" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "bad.jsonl:2" "$tmp/err" \
    && ok "malformed JSONL refused with its line" \
    || bad "malformed JSONL" "status $st: $(cat "$tmp/err")"

# Assignments.
tj assign -d "$c" ann q1 q2 2>"$tmp/err" \
    && grep -q "assigned 2 topic(s) to 'ann'" "$tmp/err" && ok "assign" \
    || bad "assign" "$(cat "$tmp/err")"
tj assign -d "$c" ann q1 q77 2>"$tmp/err"; [ $? -eq 3 ] && grep -q "no topic 'q77'" "$tmp/err" \
    && ok "assign unknown topic" || bad "assign unknown" "$(cat "$tmp/err")"
tj assign -d "$c" --remove ann q2 2>"$tmp/err" \
    && grep -q "took back 1 topic(s) from 'ann'" "$tmp/err" && ok "assign --remove" \
    || bad "assign --remove" "$(cat "$tmp/err")"

# Batch judging and the check command.
printf 'q1 b1 1\nq1 b2 0\n# comment\nq1 b3 1\n' \
    | tj judge -d "$c" --assessor batch --add-to-pool - >"$tmp/out" 2>"$tmp/err"
[ "$(grep -c '^saved ' "$tmp/out")" = 3 ] && ok "judge - (batch)" \
    || bad "judge batch" "$(cat "$tmp/out" "$tmp/err")"
printf 'q1 b4 1\nq1 b5\nq1 b6 0\n' \
    | tj judge -d "$c" --assessor batch --add-to-pool - >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "<stdin>:2:" "$tmp/err" \
    && [ "$(cat "$tmp/out")" \
        = "$(printf 'saved q1 b4 1\nerror 2: expected TOPIC DOCNO GRADE\nsaved q1 b6 0')" ] \
    && ok "judge - answers a bad line and goes on" \
    || bad "judge batch bad line" "status $st: $(cat "$tmp/out" "$tmp/err")"
tj check -d "$c" >"$tmp/out" 2>&1 && grep -q "disagreements 0" "$tmp/out" \
    && ok "check" || bad "check" "$(cat "$tmp/out")"

# Real data: the robust03 qrels survive import then export byte for byte.
if [ -f "$tj_shared/data/trec2003_robust/robust03_qrels.txt" ]; then
    r=$tmp/r.tjdb
    tj init -d "$r" 2>/dev/null
    if tj qrels import -d "$r" "$tj_shared/data/trec2003_robust/robust03_qrels.txt" 2>"$tmp/err" \
        && tj topics import -d "$r" "$tj_shared/data/trec_adhoc/topics.robust04.txt" 2>>"$tmp/err" \
        && tj runs import -d "$r" "$tj_shared"/data/trec2003_robust/runs/input.*.gz 2>>"$tmp/err" \
        && tj qrels export -d "$r" >"$tmp/robust.qrels" \
        && cmp -s "$tmp/robust.qrels" "$tj_shared/data/trec2003_robust/robust03_qrels.txt"; then
        ok "robust03: topics, 17 runs and qrels imported; qrels export byte-identical"
    else
        bad "robust03 round trip" "$(tail -3 "$tmp/err")"
    fi
else
    why="$tj_shared_shown/data/trec2003_robust not found"
    why+=" (reference data is not shipped with the project)"
    skip "robust03 round trip" "$why"
fi

# Names: every id that comes from a command line, standard input or a file follows one rule
# (no white space, no control character, valid UTF-8, at most 1024 bytes), and a refused
# name changes nothing.
n=$tmp/names.tjdb
printf '301\tfirst\n302\tsecond\n' >"$tmp/names_topics.tsv"
tj init -d "$n" 2>/dev/null && tj topics import -d "$n" "$tmp/names_topics.tsv" 2>/dev/null \
    && tj judge -d "$n" --assessor ann --add-to-pool 301 DOC-B 1 2>/dev/null \
    || bad "names campaign" "cannot make it"
names_state() { tj qrels export -d "$n" --per-assessor 2>&1; tj status -d "$n" --tsv 2>&1; }
names_state >"$tmp/names_before"
names_refused() {  # NAME WANTED-STATUS MESSAGE COMMAND...
    local name=$1 want=$2 msg=$3
    shift 3
    "$@" </dev/null >/dev/null 2>"$tmp/err"; local st=$?
    names_state >"$tmp/names_after"
    if [ "$st" -ne "$want" ]; then
        bad "$name" "status $st, wanted $want: $(head -c 300 "$tmp/err")"
    elif ! grep -qF -- "$msg" "$tmp/err"; then
        bad "$name" "stderr lacks '$msg': $(head -c 300 "$tmp/err")"
    elif LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$tmp/err"; then
        bad "$name" "a control character reached standard error"
    elif ! cmp -s "$tmp/names_before" "$tmp/names_after"; then
        bad "$name" "the campaign changed: $(diff "$tmp/names_before" "$tmp/names_after" | head -5)"
    else
        ok "$name"
    fi
}
names_refused "judge: a docno with a newline (a forged qrels line)" 1 "judge: docno contains" \
    tj judge -d "$n" --assessor ann 301 $'DOC-A 1\n302 0 FORGED' 1
names_refused "judge: a docno with only a newline" 1 "docno contains a control character" \
    tj judge -d "$n" 301 $'DOC-A\nFORGED' 1
tj qrels export -d "$n" | grep -q FORGED && bad "no forged judgment" "$(tj qrels export -d "$n")" \
    || ok "no forged judgment"
names_refused "judge: a docno with a space" 1 "docno contains white space" \
    tj judge -d "$n" 301 'DOC A' 1
names_refused "judge: --assessor with ESC" 1 "assessor 'ann\x1b[31m' contains a control character" \
    tj judge -d "$n" --assessor $'ann\e[31m' 301 DOC-C 1
names_refused "judge: a 3000-byte assessor" 1 "is longer than 1024 bytes" \
    tj judge -d "$n" --assessor "$(head -c 3000 /dev/zero | tr '\0' a)" 301 DOC-C 1
names_refused "judge -: a docno with ESC on standard input" 2 \
    "<stdin>:1: docno contains a control character" \
    sh -c 'printf "301 DOC-\033]2;t\007 1\n" | "$0" judge -d "$1" -' "$TRECJUDGE" "$n"
names_refused "assign: an assessor with a newline" 1 "assessor 'bob\x0aeve' contains a control" \
    tj assign -d "$n" $'bob\neve' 301
names_refused "assess: --topic with ESC" 1 "topic '301\x1b]2;x\x07' contains a control character" \
    tj assess -d "$n" --assessor ann --topic $'301\e]2;x\a'
names_refused "qrels import: --assessor with a newline" 1 "assessor 'x\x0ay' contains a control" \
    tj qrels import -d "$n" --assessor $'x\ny' "$data/small.qrels"
names_refused "runs import: --tag with a newline" 1 "--tag 'run\x0a301 Q0' contains a control" \
    tj runs import -d "$n" --tag $'run\n301 Q0' "$data/small_a.run"
names_refused "runs import: --tag with a space" 1 "--tag 'my run' contains white space" \
    tj runs import -d "$n" --tag 'my run' "$data/small_a.run"
names_refused "pool --next with ESC" 1 "topic '\x1b[2J' contains a control character" \
    tj pool -d "$n" --next $'\e[2J'
names_refused "report --run with a newline" 1 "run 'a\x0ab' contains a control" \
    tj report -d "$n" --run $'a\nb'
printf '301 \033]2;pwned\007 DOC-Z 1\n' >"$tmp/esc_iter.qrels"
names_refused "qrels import: an iteration column with ESC" 2 \
    "esc_iter.qrels:1: iteration column contains a control" \
    tj qrels import -d "$n" "$tmp/esc_iter.qrels"
# The iteration column is kept as written.
printf '302 Q7 DOC-I 1\n' >"$tmp/iter.qrels"
tj qrels import -d "$n" "$tmp/iter.qrels" 2>/dev/null \
    && tj qrels export -d "$n" | grep -qx "302 Q7 DOC-I 1" \
    && ok "qrels import keeps the iteration column" \
    || bad "iteration column" "$(tj qrels export -d "$n")"

# Topic files in UTF-16 (either byte order) and UTF-32, with a byte-order mark, are converted
# (they were taken for TSV); a UTF-8 mark is skipped. A run in UTF-16 is refused clearly.
if command -v iconv >/dev/null 2>&1; then
    u=$tmp/utf16.tjdb
    tj init -d "$u" 2>/dev/null
    { printf '<?xml version="1.0" encoding="UTF-16"?>\n<topics>\n'
      printf '<topic number="7"><query>caf\xc3\xa9 \xe2\x82\xac</query></topic>\n</topics>\n'; } \
        | iconv -f UTF-8 -t UTF-16 >"$tmp/t16.xml"   # iconv writes a byte-order mark
    printf '\xef\xbb\xbf<topics><topic number="8"><query>bom</query></topic></topics>\n' \
        >"$tmp/t8.xml"
    printf '9\tnine \xf0\x9f\x98\x80\n' | iconv -f UTF-8 -t UTF-16BE \
        | { printf '\xfe\xff'; cat; } >"$tmp/t16be.tsv"
    printf '10\tten\n' | iconv -f UTF-8 -t UTF-32LE \
        | { printf '\xff\xfe\0\0'; cat; } >"$tmp/t32.tsv"
    for f in t16.xml t8.xml t16be.tsv t32.tsv; do
        tj topics import -d "$u" "$tmp/$f" >/dev/null 2>"$tmp/err" \
            && grep -qF "$f: imported 1 topics" "$tmp/err" \
            && ok "topics import $f" || bad "topics import $f" "$(cat "$tmp/err")"
    done
    tj status -d "$u" --tsv >"$tmp/out" 2>&1
    for q in 7 8 9 10; do
        grep -q "^$q	" "$tmp/out" || bad "topic $q" "missing: $(head -5 "$tmp/out")"
    done
    printf 'b1 Q0 e01 1 9.0 r\n' | iconv -f UTF-8 -t UTF-16 >"$tmp/r16.run"
    tj runs import -d "$u" "$tmp/r16.run" >/dev/null 2>"$tmp/err"; st=$?
    [ "$st" -eq 2 ] && grep -q "convert it to UTF-8" "$tmp/err" \
        && ok "UTF-16 run refused" || bad "UTF-16 run" "status $st: $(cat "$tmp/err")"
else
    skip "UTF-16 topics" "iconv not found"
fi

tj_summary
