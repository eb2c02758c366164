#!/usr/bin/env bash
# cal_tmux.sh: the assessment screen under continuous active learning, in detached tmux.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux_lib.sh"
# The docno on the document panel's top line (" DOCNO (i of n, ...").
shown() { screen | sed -n 's/.* \([A-Za-z0-9-]*\) ([0-9]* of [0-9]*,.*/\1/p' | head -1; }

demo=$tj_root/share/demo
c=$tmp/c.tjdb
{ tj init -d "$c" && tj docs import -d "$c" "$demo/docs.sgml" &&
  tj topics import -d "$c" "$demo/topics.xml"; } >"$tmp/setup.log" 2>&1 ||
    tj_bail "setup: $(cat "$tmp/setup.log")"
{ tj index -d "$c" && tj pool -d "$c" --strategy cal --budget 20; } >>"$tmp/setup.log" 2>&1 ||
    tj_bail "index: $(cat "$tmp/setup.log")"
# with the index gone the screen does not open: it says what to do
mv "$c.index" "$tmp/index.kept"
tj assess -d "$c" --assessor ann >/dev/null 2>"$tmp/err" </dev/null
st=$?
[ $st -eq 3 ] && grep -q "run \`trecjudge index -d $c\` first" "$tmp/err" \
    && ok "no index: assess exits 3 saying to run trecjudge index" ||
    bad "no index" "exit $st" "$(cat "$tmp/err")"
mv "$tmp/index.kept" "$c.index"

# ---- 80x24: the first proposal is pool --next's; the status line ----
start 80 24 ann
wait_for "0/20 of budget, 0 rel" && ok "status line: judged of the budget, relevant found" \
    || bad "status" "$(screen | head -1)"
screen | head -1 | grep -q "topic D1 (1/4) | ann | 0/20 of budget, 0 rel, left: ? until 3 rel " \
    && ok "status line at 80 columns: topic, assessor, what the estimate waits for" \
    || bad "status line" "$(screen | head -1)"
# The bar's cells filled: judged of the budget (30 cells at most; here what is left of 80).
bar_cells() { screen | head -1 | grep -o '[█░]*' | tr -d '\n' | wc -m; }
bar_full() { screen | head -1 | grep -o '█*' | tr -d '\n' | wc -m; }
want=$(tj pool -d "$c" --next D1 2>/dev/null)
[ -n "$want" ] && [ "$(shown)" = "$want" ] && ok "first document: pool --next's ($want)" \
    || bad "first" "shown '$(shown)', pool --next '$want'" "$(screen)"
compare_screen cal-80x24

# ---- judging: every next document is the one pool --next proposes after those judgments ----
grade_of() {
    awk -v d="$1" '$1 == "D1" && $3 == d { g = $4 } END { print (g != "" && g >= 1) ? 1 : 0 }' \
        "$demo/qrels.txt"
}
same=0 rel=0
for i in $(seq 1 8); do
    d=$(shown)
    g=$(grade_of "$d")
    rel=$((rel + g))
    tmx send-keys -t tj "$g"
    wait_for "$i/20 of budget, $rel rel" || bad "judgment $i" "$(screen | head -1)"
    sleep 0.2
    want=$(tj pool -d "$c" --next D1 2>/dev/null)
    [ "$(shown)" = "$want" ] && same=$((same + 1)) ||
        bad "proposal $i" "shown '$(shown)', pool --next '$want'"
done
[ "$same" -eq 8 ] && ok "8 judgments: each next document is pool --next's" ||
    bad "proposals" "$same of 8"
before=$(shown)
status_before=$(screen | head -1 | sed -E 's/ +[0-9]+:[0-9][0-9] *$//')
tj pool -d "$c" --export list 2>/dev/null | grep -c "^D1 " | grep -qx 8 &&
    ok "the 8 judged documents are pooled" \
    || bad "pooled" "$(tj pool -d "$c" --export list)"
tj status -d "$c" 2>/dev/null | grep -qx "pooled by source: cal 8" &&
    ok "status: the 8 are pooled with the source cal" || bad "source" "$(tj status -d "$c")"
[ "$(tj pool -d "$c" --export jsonl 2>/dev/null | grep -c '"source": "cal"')" -eq 8 ] &&
    ok "pool --export jsonl: source cal" || bad "jsonl source" "$(tj pool -d "$c" --export jsonl)"

# ---- a restart resumes exactly: the same proposal, the same status ----
tmx send-keys -t tj q
for _ in $(seq 1 50); do [ -s "$tmp/exit" ] && break; sleep 0.1; done
grep -q "EXIT=0" "$tmp/exit" 2>/dev/null && ok "q quits" ||
    bad "quit" "$(cat "$tmp/exit" 2>/dev/null)"
rm -f "$tmp/exit"
start 80 24 ann
wait_for "8/20 of budget" || bad "restart" "$(screen | head -1)"
[ "$(shown)" = "$before" ] && ok "after a restart the proposal is the one before ($before)" \
    || bad "restart proposal" "before '$before', now '$(shown)'"
[ "$(screen | head -1 | sed -E 's/ +[0-9]+:[0-9][0-9] *$//')" = "$status_before" ] \
    && ok "after a restart the status line is the one before" \
    || bad "restart status" "$status_before" "$(screen | head -1)"

# ---- 120x40: the same screen, wider ----
tmx send-keys -t tj q
for _ in $(seq 1 50); do [ -s "$tmp/exit" ] && break; sleep 0.1; done
rm -f "$tmp/exit"
start 120 40 ann
wait_for "8/20 of budget" && [ "$(shown)" = "$before" ] && ok "120x40: the same proposal" \
    || bad "120x40" "$(screen)"
compare_screen cal-120x40
cells=$(bar_cells) full=$(bar_full)
want_full=$(( (8 * cells * 2 + 20) / 40 ))
[ "$cells" -ge 6 ] && [ "$full" -eq "$want_full" ] &&
    ok "the bar: 8 of the budget's 20 ($full of $cells cells), not of the 9 pooled" ||
    bad "bar" "$full of $cells cells, want $want_full" "$(screen | head -1)"

# ---- another assessor on the same topic: the screen learns bob's judgments too ----
# bob judges, in another process, the document on ann's screen and the two pool --next
# proposes after it; ann then judges hers: the next is pool --next's (every judgment
# learnt, in the recorded order), never one bob judged
shown_ann=$(shown)
: >"$tmp/bob"
d=$shown_ann
for _ in 1 2 3; do
    tj judge -d "$c" --assessor bob --add-to-pool D1 "$d" "$(grade_of "$d")" >/dev/null 2>&1 ||
        bad "bob judges $d" "failed"
    echo "$d" >>"$tmp/bob"
    d=$(tj pool -d "$c" --next D1 2>/dev/null)
done
g=$(grade_of "$shown_ann")
tmx send-keys -t tj "$g"
wait_for "11/20 of budget" || bad "after bob" "$(screen | head -1)"
sleep 0.2
want=$(tj pool -d "$c" --next D1 2>/dev/null)
now=$(shown)
[ -n "$want" ] && [ "$now" = "$want" ] && ! grep -qx "$now" "$tmp/bob" &&
    ok "two assessors: the next is pool --next's, not one bob judged ($now)" ||
    bad "two assessors" "shown '$now', pool --next '$want', bob: $(tr '\n' ' ' <"$tmp/bob")"
status_before=$(screen | head -1 | sed -E 's/ +[0-9]+:[0-9][0-9] *$//')
tmx send-keys -t tj q
for _ in $(seq 1 50); do [ -s "$tmp/exit" ] && break; sleep 0.1; done
rm -f "$tmp/exit"
start 120 40 ann
wait_for "11/20 of budget" || bad "restart after bob" "$(screen | head -1)"
[ "$(shown)" = "$now" ] && ok "after a restart: the same proposal ($now)" ||
    bad "restart after bob" "before '$now', now '$(shown)'"
[ "$(screen | head -1 | sed -E 's/ +[0-9]+:[0-9][0-9] *$//')" = "$status_before" ] \
    && ok "after a restart: the same status line" \
    || bad "restart status after bob" "$status_before" "$(screen | head -1)"
tmx send-keys -t tj q

tj_summary
