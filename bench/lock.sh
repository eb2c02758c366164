#!/usr/bin/env bash
# lock.sh: judgment latency (p50, p99, max) while a docs import, a qrels import and pool run.
# SPDX-License-Identifier: MIT
# It also times each of those three beside the judgments.
#
# Usage: bench/lock.sh        Environment: TRECJUDGE (the binary, default src/trecjudge),
#   BENCH_DIR (default /tmp/trecjudge-bench), CC; LOCK_DOCS_MB, size of the generated TREC
#   SGML collection (default 1000); LOCK_QRELS, lines of the generated qrels (default
#   10000000); LOCK_EVERY, seconds between two judgments (default 0.05).
# Target: no judgment waits more than about 200 ms for an import (p99 and max).
#
# A judge process (`trecjudge judge`, one call per judgment, so the figures include starting
# the program, about 5 ms) judges once every LOCK_EVERY seconds while each command runs;
# the latency of a judgment is the wall time of its call.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
trecjudge=${TRECJUDGE:-$root/src/trecjudge}
work=${BENCH_DIR:-/tmp/trecjudge-bench}/lock
mb=${LOCK_DOCS_MB:-1000}
nq=${LOCK_QRELS:-10000000}
every=${LOCK_EVERY:-0.05}
[ -x "$trecjudge" ] || { echo "lock.sh: build trecjudge first (make)" >&2; exit 2; }
mkdir -p "$work"
gen=$work/gen_docs
[ -x "$gen" ] || "${CC:-cc}" -O2 -o "$gen" "$root/bench/gen_docs.c"
data=$work/data-$mb
if [ ! -f "$data/docs.trec" ]; then
    mkdir -p "$data"
    "$gen" "$data" "$mb" >/dev/null
    rm -f "$data/docs.jsonl"
fi
[ -f "$work/q$nq.qrels" ] || awk -v n="$nq" 'BEGIN { for (i = 1; i <= n; i++)
    printf "%d 0 D%d %d\n", 1 + i % 50, i, i % 3 }' >"$work/q$nq.qrels"
# 50 runs of 50 topics x 1000 documents for pool
if [ ! -f "$work/runs/r50.run" ]; then
    mkdir -p "$work/runs"
    for r in $(seq 1 50); do
        awk -v r="$r" 'BEGIN { for (t = 1; t <= 50; t++) for (k = 1; k <= 1000; k++)
            printf "%d Q0 D%d %d %.4f run%d\n", t, (k * 7919 + r * 104729 + t) % 200000,
                k, 1000 - k, r }' \
            >"$work/runs/r$r.run"
    done
fi
camp=$work/bench.tjdb
rm -f "$camp" "$camp"-wal "$camp"-shm "$camp".import-lock
"$trecjudge" init -d "$camp" 2>/dev/null
awk 'BEGIN { for (t = 1; t <= 50; t++) printf "%d\ttopic %d\n", t, t }' >"$work/topics.tsv"
"$trecjudge" topics import -d "$camp" "$work/topics.tsv" 2>/dev/null
"$trecjudge" runs import -d "$camp" "$work"/runs/r*.run 2>/dev/null

# Runs CMD... with a judge beside it; prints the command's seconds and the latencies.
beside() {
    local name=$1; shift
    local lat=$work/lat.$name
    : >"$lat"
    "$@" >/dev/null 2>&1 &
    local pid=$! t0=$EPOCHREALTIME i=0 a b
    while kill -0 "$pid" 2>/dev/null; do
        i=$((i + 1))
        a=$EPOCHREALTIME
        "$trecjudge" judge -d "$camp" --assessor bench --add-to-pool $((1 + i % 50)) \
            "J$name$i" 1 >/dev/null 2>&1 \
            || echo "judgment failed" >&2
        b=$EPOCHREALTIME
        echo $(( (${b/./} - ${a/./}) / 1000 )) >>"$lat"
        sleep "$every"
    done
    wait "$pid"
    local t1=$EPOCHREALTIME
    sort -n "$lat" | awk -v name="$name" -v secs="$(( (${t1/./} - ${t0/./}) / 1000 ))" '
        { v[NR] = $1 } END {
            p50 = v[int((NR - 1) * 0.50) + 1]; p99 = v[int((NR - 1) * 0.99) + 1]
            printf "%-14s %10.1f %8d %8d %8d %8d\n", name, secs / 1000, NR, p50, p99, v[NR] }'
}
printf "%-14s %10s %8s %8s %8s %8s\n" "beside" "seconds" "judged" "p50 ms" "p99 ms" "max ms"
beside "docs-${mb}MB" "$trecjudge" docs import -d "$camp" "$data/docs.trec"
beside "qrels-$nq" "$trecjudge" qrels import -d "$camp" "$work/q$nq.qrels"
beside "pool" "$trecjudge" pool -d "$camp" --depth 100
