#!/usr/bin/env bash
# cal_cli.sh: command-line tests of CAL: pool --strategy cal, --next across processes, simulate.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
tj_need_binary

demo=$tj_root/share/demo
c=$tmp/c.tjdb
{ tj init -d "$c" --scale graded4 && tj docs import -d "$c" "$demo/docs.sgml" &&
  tj topics import -d "$c" "$demo/topics.xml" && tj runs import -d "$c" "$demo"/runs/*.run; } \
    >"$tmp/setup.log" 2>&1 || tj_bail "setup: $(cat "$tmp/setup.log")"

# ---- without a search index: a clear error, exit 3 ----
tj pool -d "$c" --strategy cal --budget 12 >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 3 ] && grep -q "run \`trecjudge index -d $c\` first" "$tmp/err" \
    && ok "pool --strategy cal without an index: exit 3, says to run trecjudge index" \
    || bad "no index" "exit $st" "$(cat "$tmp/err")"
tj pool --strategy cal "$demo/runs/bm25-td.run" >/dev/null 2>"$tmp/err"
st=$?
[ $st -eq 1 ] && grep -q "works on a campaign" "$tmp/err" && ok "cal on run files: exit 1" \
    || bad "cal on files" "exit $st" "$(cat "$tmp/err")"

tj index -d "$c" >/dev/null 2>&1 || tj_bail "index"
tj pool -d "$c" --strategy cal --budget 12 >"$tmp/out" 2>"$tmp/err" &&
    grep -q "pool: cal, budget 12: nothing added" "$tmp/err" && [ ! -s "$tmp/out" ] \
    && ok "pool --strategy cal records the settings and pools nothing" \
    || bad "pool cal" "$(cat "$tmp/err")"
[ -z "$(tj pool -d "$c" --export list 2>/dev/null)" ] && ok "the pool table is empty" \
    || bad "pool table" "$(tj pool -d "$c" --export list | head -3)"
tj pool -d "$c" --stats >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] && ok "--stats with cal: exit 1" || bad "--stats cal" "$(cat "$tmp/err")"

# ---- judging what pool --next proposes, one process after another, the qrels answering ----
grade_of() { awk -v q="$1" -v d="$2" '$1 == q && $3 == d { g = $4 } END { print g == "" ? 0 : g }' \
    "$demo/qrels.txt"; }
: >"$tmp/next.seq"
for _ in $(seq 1 12); do
    d=$(tj pool -d "$c" --next D1 2>/dev/null)
    [ -n "$d" ] || break
    g=$(grade_of D1 "$d")
    printf '%s %s\n' "$d" "$([ "$g" -ge 1 ] && echo 1 || echo 0)" >>"$tmp/next.seq"
    tj judge -d "$c" --assessor oracle --add-to-pool D1 "$d" "$g" >/dev/null 2>&1 ||
        bad "judge $d" "failed"
done
[ "$(wc -l <"$tmp/next.seq")" -eq 12 ] && ok "pool --next proposed 12 documents" \
    || bad "12 proposals" "$(cat "$tmp/next.seq")"
[ "$(sort -u "$tmp/next.seq" | wc -l)" -eq 12 ] && ok "never a document judged before" \
    || bad "repeats" "$(sort "$tmp/next.seq" | uniq -d)"
tj pool -d "$c" --next D1 >"$tmp/out" 2>"$tmp/err"
[ ! -s "$tmp/out" ] &&
    grep -q "the budget is spent: 12/12 of budget judged (152 candidates)" "$tmp/err" \
    && ok "the budget spent: nothing proposed (12/12 of budget, 152 candidates)" \
    || bad "budget" "$(cat "$tmp/out" "$tmp/err")"

# simulate replays the same classifier in one process: the same documents in the same order
c2=$tmp/c2.tjdb
{ tj init -d "$c2" --scale graded4 && tj docs import -d "$c2" "$demo/docs.sgml" &&
  tj topics import -d "$c2" "$demo/topics.xml" && tj runs import -d "$c2" "$demo"/runs/*.run &&
  tj index -d "$c2"; } >/dev/null 2>&1 || tj_bail "second campaign"
tj simulate -d "$c2" --qrels "$demo/qrels.txt" --strategies cal --budgets 12 --trace 2>/dev/null |
    awk '$2 == "D1" { print $4, $5 }' >"$tmp/sim.seq"
diff "$tmp/next.seq" "$tmp/sim.seq" >"$tmp/diff" &&
    ok "simulate's cal proposes what pool --next did" \
    || bad "simulate = pool --next" "$(cat "$tmp/diff")"
# judged documents join the pool, and the history order is the replay's order
[ "$(tj pool -d "$c" --export list 2>/dev/null | wc -l)" -eq 12 ] &&
    ok "judged documents are pooled" \
    || bad "pooled" "$(tj pool -d "$c" --export list | wc -l)"

# a relabelled document: the proposal is the one of a classifier that saw the new label
first=$(head -1 "$tmp/next.seq" | cut -d' ' -f1)
tj judge -d "$c" --assessor oracle D1 "$first" 0 >/dev/null 2>&1
tj pool -d "$c" --budget 13 --next D1 >"$tmp/a" 2>/dev/null
tj pool -d "$c" --budget 13 --next D1 >"$tmp/b" 2>/dev/null
[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b" &&
    ok "after a revision: one proposal, the same each time" \
    || bad "revision" "$(cat "$tmp/a" "$tmp/b")"

# simulate: cal finds more relevant documents than depth on the demo at 12 judgments a topic
tj simulate -d "$c2" --qrels "$demo/qrels.txt" --strategies depth,cal --budgets 12 \
    --format tsv >"$tmp/sim.tsv" 2>/dev/null
awk -F'\t' 'NR > 1 { f[$1] = $4 } END { exit !(f["cal"] > f["depth"]) }' "$tmp/sim.tsv" \
    && ok "simulate: cal finds more than depth at 12 a topic" ||
    bad "cal vs depth" "$(cat "$tmp/sim.tsv")"

tj_summary
