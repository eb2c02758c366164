#!/usr/bin/env bash
# assess_first.sh: times the first screen of `assess` on a 200-run campaign beside its reads alone.
# SPDX-License-Identifier: MIT
#
# Builds (once, under BENCH_DIR) a campaign of 50 topics, a generated collection
# (ASSESS_DOCS_MB, default 100) and 200 runs of 100 documents a topic, pooled to depth 100;
# then starts `trecjudge assess` in a detached tmux pane of 120x40 and measures the time
# from the start of the process to the first drawn status line, and to the status line with
# the totals of every topic ("| all J/N"), ASSESS_REPEAT times (default 5). Beside it, the
# same rows read by the sqlite3 shell alone: the first topic's pool in order with each
# document's title, and the first document's text; and what the screen reads of them: the
# pool's docnos in order, the titles of the 35 rows drawn and the first document's text.
# Prints best and median.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
trecjudge=${TRECJUDGE:-$root/src/trecjudge}
work=${BENCH_DIR:-/tmp/trecjudge-bench}/assess_first
mb=${ASSESS_DOCS_MB:-100}
repeat=${ASSESS_REPEAT:-5}
for tool in tmux sqlite3; do
    command -v "$tool" >/dev/null || { echo "assess_first.sh: $tool is needed" >&2; exit 1; }
done
mkdir -p "$work"
gen=$work/gen_docs
[ -x "$gen" ] || "${CC:-cc}" -O2 -o "$gen" "$root/bench/gen_docs.c"
camp=$work/c$mb.tjdb
if [ ! -f "$camp" ]; then
    data=$work/data-$mb
    mkdir -p "$data"
    "$gen" "$data" "$mb" >/dev/null
    rm -f "$data/docs.jsonl"
    ndocs=$(grep -c '<DOCNO>' "$data/docs.trec")
    awk 'BEGIN { for (t = 1; t <= 50; t++) printf "%d\ttopic %d about the news\n", t, t }' \
        >"$work/topics.tsv"
    mkdir -p "$work/runs"
    for r in $(seq 1 200); do
        awk -v r="$r" -v n="$ndocs" 'BEGIN { for (t = 1; t <= 50; t++) for (k = 1; k <= 100; k++)
            printf "%d Q0 BENCH-%07d %d %.4f run%03d\n", t,
                1 + (k * 7919 + r * 104729 + t * 31) % n, k, 1000 - k, r }' >"$work/runs/r$r.run"
    done
    "$trecjudge" init -d "$camp.tmp" 2>/dev/null
    "$trecjudge" topics import -d "$camp.tmp" "$work/topics.tsv" 2>/dev/null
    "$trecjudge" docs import -d "$camp.tmp" "$data/docs.trec" 2>/dev/null
    "$trecjudge" runs import -d "$camp.tmp" "$work"/runs/r*.run 2>/dev/null
    "$trecjudge" pool -d "$camp.tmp" --depth 100 2>/dev/null
    mv "$camp.tmp" "$camp"
fi
pooled=$(sqlite3 -readonly "$camp" \
    "SELECT count(*) FROM pool p JOIN topics t ON t.id = p.topic_id WHERE t.qid = '1'")

sock=assess-first-$$
trap 'tmux -L "$sock" kill-server 2>/dev/null || true' EXIT
first_screen() {   # prints the milliseconds to the first status line, and to its totals
    tmux -L "$sock" kill-server 2>/dev/null || true
    local t0=$EPOCHREALTIME t1= t2= line
    tmux -L "$sock" -f /dev/null new-session -d -s b -x 120 -y 40 \
        "env LANG=C.UTF-8 TERM=xterm-256color '$trecjudge' assess -d '$camp' --assessor bench"
    while [ -z "$t2" ]; do
        line=$(tmux -L "$sock" capture-pane -p -t b 2>/dev/null | head -1)
        case $line in *judged*) [ -n "$t1" ] || t1=$EPOCHREALTIME ;; esac
        case $line in *"| all "*) t2=$EPOCHREALTIME ;; *) sleep 0.005 ;; esac
    done
    tmux -L "$sock" kill-server 2>/dev/null || true
    echo $(( (${t1/./} - ${t0/./}) / 1000 )) $(( (${t2/./} - ${t0/./}) / 1000 ))
}
reads_alone() {
    local t0=$EPOCHREALTIME t1
    sqlite3 -readonly "$camp" "SELECT p.docno, d.title FROM pool p
        JOIN topics t ON t.id = p.topic_id LEFT JOIN documents d ON d.docno = p.docno
        WHERE t.qid = '1' ORDER BY p.position;
        SELECT length(d.body) FROM pool p JOIN topics t ON t.id = p.topic_id
        JOIN documents d ON d.docno = p.docno WHERE t.qid = '1' ORDER BY p.position
        LIMIT 1;" >/dev/null
    t1=$EPOCHREALTIME
    echo $(( (${t1/./} - ${t0/./}) / 1000 ))
}
drawn_alone() {   # what the screen reads: the pool's docnos, the titles of the 35 rows drawn
    local t0=$EPOCHREALTIME t1
    sqlite3 -readonly "$camp" "SELECT p.docno, p.source FROM pool p
        JOIN topics t ON t.id = p.topic_id WHERE t.qid = '1' ORDER BY p.position, p.docno;
        SELECT d.title FROM (SELECT p.docno, p.position FROM pool p JOIN topics t
        ON t.id = p.topic_id WHERE t.qid = '1' ORDER BY p.position, p.docno LIMIT 35) r
        LEFT JOIN documents d ON d.docno = r.docno ORDER BY r.position;
        SELECT length(d.body) FROM pool p JOIN topics t ON t.id = p.topic_id
        JOIN documents d ON d.docno = p.docno WHERE t.qid = '1' ORDER BY p.position
        LIMIT 1;" >/dev/null
    t1=$EPOCHREALTIME
    echo $(( (${t1/./} - ${t0/./}) / 1000 ))
}
summary() { sort -n | awk '{ v[NR] = $1 } END { printf "%6d %6d", v[1], v[int((NR + 1) / 2)] }'; }
for _ in $(seq 1 "$repeat"); do first_screen; done >"$work/screens.$$"
screen=$(cut -d' ' -f1 "$work/screens.$$" | summary)
totals=$(cut -d' ' -f2 "$work/screens.$$" | summary)
rm -f "$work/screens.$$"
alone=$(for _ in $(seq 1 "$repeat"); do reads_alone; done | summary)
drawn=$(for _ in $(seq 1 "$repeat"); do drawn_alone; done | summary)
printf "campaign: 200 runs, 50 topics, %s documents pooled for topic 1, %s MB of documents\n" \
    "$pooled" "$mb"
printf "%-34s %6s %6s\n" "ms (best, median of $repeat)" best median
printf "%-34s %s\n" "assess: start to first screen" "$screen"
printf "%-34s %s\n" "assess: start to the totals" "$totals"
printf "%-34s %s\n" "sqlite3: the same rows alone" "$alone"
printf "%-34s %s\n" "sqlite3: the rows drawn alone" "$drawn"
