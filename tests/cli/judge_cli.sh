#!/usr/bin/env bash
# judge_cli.sh: tests of judge, the qrels grade warning, documents without text and check.
# SPDX-License-Identifier: MIT
# judge answers as lines arrive and checks grades and the pool; documents without text show in
# pool and status; check finds disagreements.
set -u
. "$(dirname "$0")/../lib.sh"
tj_allow_valgrind

# A binary campaign with two runs pooled at depth 2: q1 pools d1 d2 d3, q2 pools e1 e2;
# only d1 has text.
c=$tmp/c.tjdb
printf 'q1 Q0 d1 1 3.0 A\nq1 Q0 d2 2 2.0 A\nq2 Q0 e1 1 3.0 A\nq2 Q0 e2 2 2.0 A\n' >"$tmp/A.run"
printf 'q1 Q0 d3 1 3.0 B\nq1 Q0 d1 2 2.0 B\nq1 Q0 d9 3 1.0 B\n' >"$tmp/B.run"
printf '<DOC>\n<DOCNO>d1</DOCNO>\n<TEXT>the only text</TEXT>\n</DOC>\n' >"$tmp/docs.trec"
tj init -d "$c" 2>/dev/null && tj runs import -d "$c" "$tmp/A.run" "$tmp/B.run" 2>/dev/null \
    && tj docs import -d "$c" "$tmp/docs.trec" 2>/dev/null \
    && ok "campaign" || bad "campaign" "setup failed"

# ---- documents without text: pool's summary, status's last column ----
notext="^pool: 4 of 5 pooled documents have no text in the campaign"
notext+=" (import them with 'trecjudge docs import'"
tj pool -d "$c" --depth 2 2>"$tmp/err" \
    && grep -q "$notext" "$tmp/err" \
    && ok "pool: pooled documents without text" || bad "pool no text" "$(cat "$tmp/err")"
tj status -d "$c" --tsv >"$tmp/st" 2>"$tmp/err"
head -1 "$tmp/st" | grep -qx "topic	pooled	judged	relevant	no_text" \
    && grep -qx "q1	3	0	0	2" "$tmp/st" \
    && grep -qx "q2	2	0	0	2" "$tmp/st" && grep -qx "all	5	0	0	4" "$tmp/st" \
    && ok "status --tsv: no_text column at the end" || bad "status no text" "$(cat "$tmp/st")"
tj status -d "$c" >"$tmp/st" 2>&1
head -1 "$tmp/st" | grep -q "done  no text$" && grep -q "^q1 .* 0.0%        2$" "$tmp/st" \
    && ok "status table: no text column" || bad "status table" "$(cat "$tmp/st")"

# ---- judge checks the grade against the scale and the document against the pool ----
tj judge -d "$c" q1 d1 9 2>"$tmp/err"; st=$?
[ $st -eq 3 ] \
    && grep -q "grade 9 is not in the campaign's scale (0, 1; -1: not judged)" "$tmp/err" \
    && ok "judge: grade outside the scale refused (exit 3)" \
    || bad "grade 9" "status $st: $(cat "$tmp/err")"
tj judge -d "$c" q1 d7 1 2>"$tmp/err"; st=$?
[ $st -eq 3 ] \
    && grep -q "document 'd7' is not in the pool of topic 'q1' (--add-to-pool adds it)" "$tmp/err" \
    && ok "judge: document not pooled refused (exit 3)" \
    || bad "not pooled" "status $st: $(cat "$tmp/err")"
tj qrels export -d "$c" | grep -q . && bad "refused judgments" "something was stored" \
    || ok "refused judgments store nothing"
tj judge -d "$c" q1 d1 1 && tj judge -d "$c" q1 d2 -1 && ok "judge: grades of the scale and -1" \
    || bad "judge" "refused"
tj judge -d "$c" --add-to-pool q1 d7 0 2>"$tmp/err" && tj pool -d "$c" --export list | tr '\n' '|' \
    | grep -qx "q1 d1|q1 d2|q1 d3|q1 d7|q2 e1|q2 e2|" \
    && ok "--add-to-pool: pooled after the last position" \
    || bad "--add-to-pool" "$(cat "$tmp/err"; tj pool -d "$c" --export list | tr '\n' ' ')"
if command -v sqlite3 >/dev/null 2>&1; then
    [ "$(sqlite3 "$c" "SELECT source FROM pool WHERE docno = 'd7'")" = manual ] \
        && ok "--add-to-pool: source 'manual'" \
        || bad "manual source" "$(sqlite3 "$c" 'SELECT * FROM pool')"
else
    skip "--add-to-pool: source 'manual'" "no sqlite3 shell"
fi

# ---- judge -: each line answered at once, from a pipe that stays open ----
# The answer to a line is read before the next is written: a reader that waited for more
# input (or its end) would time out here.
coproc J { exec timeout 60 "$TRECJUDGE" judge -d "$c" --assessor stream - 2>"$tmp/stream.err"; }
jin=${J[1]} jout=${J[0]}
answers=()
for line in "q1 d3 1" "q1 d8 1" "q2 e1 7" "q2 e2 0"; do
    echo "$line" >&"$jin"
    if read -r -t 20 ans <&"$jout"; then answers+=("$ans"); else answers+=("(no answer)"); break; fi
done
exec {jin}>&-
wait "$J_PID"; st=$?
want=("saved q1 d3 1"
      "error 2: $c: document 'd8' is not in the pool of topic 'q1' (--add-to-pool adds it)"
      "error 3: grade 7 is not in the campaign's scale (0, 1; -1: not judged)" "saved q2 e2 0")
got=$(printf '%s\n' "${answers[@]}") exp=$(printf '%s\n' "${want[@]}")
[ "$got" = "$exp" ] && ok "judge -: each line answered before the next is sent" \
    || bad "judge - stream" "$got"
[ $st -eq 3 ] && grep -q "<stdin>:2: " "$tmp/stream.err" \
    && grep -q "<stdin>:3: " "$tmp/stream.err" \
    && ok "judge -: refused lines on stderr, exit status 3" \
    || bad "judge - status" "status $st: $(cat "$tmp/stream.err")"
[ "$(tj qrels export -d "$c" --per-assessor | awk '$2 == "stream"' | wc -l)" -eq 2 ] \
    && ok "judge -: the lines after a refused one are saved" \
    || bad "judge - saved" "$(tj qrels export -d "$c" --per-assessor)"

# ---- qrels import: grades above the scale are stored, with a warning ----
printf 'q3 0 f1 2\nq3 0 f2 3\nq3 0 f3 0\nq3 0 f4 2\nq3 0 f5 -1\n' >"$tmp/graded.qrels"
tj qrels import -d "$c" "$tmp/graded.qrels" 2>"$tmp/err"; st=$?
warning="graded.qrels: grades 2, 3 are not in the campaign's scale (0, 1); stored as given"
[ $st -eq 0 ] && grep -q "$warning" "$tmp/err" \
    && tj qrels export -d "$c" | grep -qx "q3 0 f2 3" \
    && ok "qrels import: grades outside the scale warned, stored" \
    || bad "qrels grade warning" "status $st: $(cat "$tmp/err")"
printf 'q4 0 f1 1\nq4 0 f2 0\n' >"$tmp/binary.qrels"
tj qrels import -d "$c" "$tmp/binary.qrels" 2>"$tmp/err" && ! grep -q "scale" "$tmp/err" \
    && ok "qrels import: no warning within the scale" || bad "qrels no warning" "$(cat "$tmp/err")"

# ---- check finds a judgment that disagrees with its history, both ways ----
tj check -d "$c" >"$tmp/out" 2>&1 && grep -qx "disagreements 0" "$tmp/out" \
    && ok "check: consistent" || bad "check" "$(cat "$tmp/out")"
if command -v sqlite3 >/dev/null 2>&1; then
    cp "$c" "$tmp/t1.tjdb"
    sqlite3 "$tmp/t1.tjdb" "UPDATE judgments SET grade = 0 WHERE docno = 'd1'"
    tj check -d "$tmp/t1.tjdb" >"$tmp/out" 2>&1; st=$?
    [ $st -eq 3 ] && grep -qx "disagreements 1" "$tmp/out" \
        && ok "check: a tampered grade (exit 3)" \
        || bad "check tampered" "status $st: $(cat "$tmp/out")"
    cp "$c" "$tmp/t2.tjdb"
    sqlite3 "$tmp/t2.tjdb" "DELETE FROM judgments WHERE docno = 'd3'"
    tj check -d "$tmp/t2.tjdb" >"$tmp/out" 2>&1; st=$?
    [ $st -eq 3 ] && grep -qx "disagreements 1" "$tmp/out" \
        && ok "check: a lost judgment (exit 3)" \
        || bad "check lost" "status $st: $(cat "$tmp/out")"
else
    skip "check: a tampered grade (exit 3)" "no sqlite3 shell"
    skip "check: a lost judgment (exit 3)" "no sqlite3 shell"
fi

tj_summary
