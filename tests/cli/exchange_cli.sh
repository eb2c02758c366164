#!/usr/bin/env bash
# exchange_cli.sh: judgments exchanged with other copies and tools (qrels, CSV, JSONL, merge, pool).
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
tj_allow_valgrind

# ---- qrels --per-assessor: export, import, export gives the same bytes ----
a=$tmp/a.tjdb
printf '1 4.5 d1 2\n1 0 d2 0\n2 3 d3 1\n2 0 d4 -1\n' >"$tmp/alice.qrels"
printf '1 0 d1 1\n2 7 d3 3\n' >"$tmp/bob.qrels"
tj init -d "$a" --scale graded4 >/dev/null 2>&1 \
    && tj qrels import -d "$a" --assessor alice "$tmp/alice.qrels" 2>/dev/null \
    && tj qrels import -d "$a" --assessor bob "$tmp/bob.qrels" 2>/dev/null \
    && tj judge -d "$a" --assessor carol --note 'a note' 1 d2 3 \
    >/dev/null && ok "per-assessor: campaign" || bad "per-assessor: campaign" "setup failed"
tj qrels export -d "$a" --per-assessor --iter >"$tmp/e1"
printf '%s\n' '1 alice d1 2 4.5' '1 bob d1 1 0' '1 alice d2 0 0' '1 carol d2 3 0' \
    '2 alice d3 1 3' '2 bob d3 3 7' '2 alice d4 -1 0' \
    | cmp -s - "$tmp/e1" && ok "export --per-assessor --iter: fifth field" \
    || bad "export --iter" "$(cat "$tmp/e1")"
for form in "--iter" ""; do
    b=$tmp/b$form.tjdb
    tj qrels export -d "$a" --per-assessor $form >"$tmp/x1"
    tj init -d "$b" --scale graded4 >/dev/null 2>&1
    tj qrels import -d "$b" --per-assessor "$tmp/x1" 2>"$tmp/err" \
        && grep -q "imported 7 judgments of 3 assessors for 2 topics" "$tmp/err" \
        && tj qrels export -d "$b" --per-assessor $form >"$tmp/x2" && cmp -s "$tmp/x1" "$tmp/x2" \
        && ok "per-assessor ${form:-4 fields}: export, import, export is byte-identical" \
        || bad "round trip ${form:-4}" "$(cat "$tmp/err"; diff "$tmp/x1" "$tmp/x2")"
    tj qrels import -d "$b" --per-assessor "$tmp/x1" 2>"$tmp/err" \
        && grep -q "imported before" "$tmp/err" && ok "per-assessor ${form:-4}: imported before" \
        || bad "again ${form:-4}" "$(cat "$tmp/err")"
done
tj qrels export -d "$a" >"$tmp/p1"; tj qrels export -d "$tmp/b--iter.tjdb" >"$tmp/p2"
cmp -s "$tmp/p1" "$tmp/p2" && ok "per-assessor --iter: the merged qrels are the same too" \
    || bad "merged qrels" "$(diff "$tmp/p1" "$tmp/p2")"
tj check -d "$tmp/b--iter.tjdb" >"$tmp/out" 2>&1 && grep -q "disagreements 0" "$tmp/out" \
    && ok "per-assessor import: history consistent" || bad "check" "$(cat "$tmp/out")"
printf '1 alice d1 2\n1 alice d1 1\n' >"$tmp/dup"
tj qrels import -d "$a" --per-assessor "$tmp/dup" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] \
    && grep -q "dup:2: duplicate judgment of docno 'd1' by 'alice' for topic '1'" \
    "$tmp/err" \
    && ok "per-assessor: a duplicate is refused with file:line" || bad "dup" "$st $(cat "$tmp/err")"
tj qrels import -d "$a" --per-assessor --assessor x "$tmp/dup" 2>/dev/null; st=$?
[ $st -eq 1 ] && ok "--per-assessor with --assessor: usage" || bad "usage" "$st"
tj qrels export -d "$a" --iter >/dev/null 2>&1; st=$?
[ $st -eq 1 ] && ok "--iter without --per-assessor: usage" || bad "iter usage" "$st"

covid=$tj_shared/data/trec_covid/qrels.covid-complete.txt
if [ -f "$covid" ]; then
    c1=$tmp/covid1.tjdb; c2=$tmp/covid2.tjdb
    tj init -d "$c1" --scale graded4 >/dev/null 2>&1
    tj init -d "$c2" --scale graded4 >/dev/null 2>&1
    tj qrels import -d "$c1" --assessor nist "$covid" 2>/dev/null
    tj qrels export -d "$c1" --per-assessor --iter >"$tmp/cv1"
    tj qrels import -d "$c2" --per-assessor "$tmp/cv1" 2>/dev/null
    tj qrels export -d "$c2" --per-assessor --iter >"$tmp/cv2"
    tj qrels export -d "$c1" >"$tmp/cq1"; tj qrels export -d "$c2" >"$tmp/cq2"
    [ -s "$tmp/cv1" ] && cmp -s "$tmp/cv1" "$tmp/cv2" && cmp -s "$tmp/cq1" "$tmp/cq2" \
        && grep -q ' 4.5$' "$tmp/cv1" \
        && ok "TREC-COVID qrels: per-assessor round trip keeps the rounds (4.5)" \
        || bad "covid round trip" "$(diff "$tmp/cv1" "$tmp/cv2" | head)"
else
    skip "TREC-COVID per-assessor round trip" \
        "$tj_shared_shown/data/trec_covid not found (reference data is not shipped)"
fi

# ---- judgments import: CSV and JSONL with judge's checks, all or nothing ----
j=$tmp/j.tjdb
printf 'q1 Q0 d1 1 3.0 A\nq1 Q0 d2 2 2.0 A\nq2 Q0 e1 1 3.0 A\n' >"$tmp/A.run"
tj init -d "$j" --scale graded4 >/dev/null 2>&1 && tj runs import -d "$j" "$tmp/A.run" 2>/dev/null \
    && tj pool -d "$j" --depth 2 >/dev/null 2>&1 && ok "judgments: campaign" \
    || bad "judgments: campaign" "setup failed"
printf '%s\n' 'assessor,topic,docno,grade,seconds,note' 'ann,q1,d1,2,12.5,"quoted, ""note"""' \
    'bob,q1,d1,1,,' 'ann,q2,e1,0,3,' >"$tmp/j.csv"
tj judgments import -d "$j" "$tmp/j.csv" 2>"$tmp/err" \
    && grep -q "imported 3 judgments of 2 assessors for 2 topics" "$tmp/err" \
    && tj qrels export -d "$j" --per-assessor >"$tmp/out" \
    && printf '%s\n' 'q1 ann d1 2' 'q1 bob d1 1' 'q2 ann e1 0' | cmp -s - "$tmp/out" \
    && ok "judgments import: CSV" || bad "CSV" "$(cat "$tmp/err" "$tmp/out")"
printf '%s\n' '{"topic": "q1", "docno": "d2", "grade": 3, "assessor": "cy", "note": "a\nb"}' \
    '{"topic": "q1", "docno": "new9", "grade": 1, "assessor": "cy", "seconds": 4}' >"$tmp/j.jsonl"
tj judgments import -d "$j" "$tmp/j.jsonl" 2>"$tmp/err"; st=$?
[ $st -eq 3 ] && grep -q "j.jsonl:2: document 'new9' is not in the pool of topic 'q1'" "$tmp/err" \
    && [ "$(tj qrels export -d "$j" --per-assessor | grep -c ' cy ')" = 0 ] \
    && ok "judgments import: all or nothing, file:line" || bad "all or nothing" "$(cat "$tmp/err")"
tj judgments import -d "$j" --add-to-pool "$tmp/j.jsonl" 2>"$tmp/err" \
    && tj qrels export -d "$j" --per-assessor | grep -qx 'q1 cy new9 1' \
    && tj check -d "$j" 2>&1 | grep -q "disagreements 0" \
    && ok "judgments import: JSONL, --add-to-pool" || bad "JSONL" "$(cat "$tmp/err")"
tj judgments import -d "$j" "$tmp/j.csv" 2>"$tmp/err" && grep -q "imported before" "$tmp/err" \
    && ok "judgments import: a file imported before is skipped" || bad "again" "$(cat "$tmp/err")"
cp "$tmp/j.csv" "$tmp/j.txt"
tj judgments import -d "$j" "$tmp/j.txt" 2>/dev/null; st=$?
[ $st -eq 1 ] && ok "judgments import: format not told by the name: usage" || bad "format" "$st"

tj_summary
