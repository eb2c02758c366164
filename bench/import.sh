#!/usr/bin/env bash
# import.sh: lines per second of `trecjudge runs import` and `qrels import` on synthetic runs.
# SPDX-License-Identifier: MIT
#
# Usage: bench/import.sh        Environment: TRECJUDGE, BENCH_DIR, BENCH_SEED, CC as in eval.sh;
#                               DOCS_MB, size of the generated collection (default 100).
# Targets: at least 1 million run lines per second, and 50 MB/s of documents, into the
# campaign file.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
trecjudge=${TRECJUDGE:-$root/src/trecjudge}
work=${BENCH_DIR:-/tmp/trecjudge-bench}
seed=${BENCH_SEED:-20240601}
[ -x "$trecjudge" ] || { echo "import.sh: build trecjudge first (make)" >&2; exit 2; }
mkdir -p "$work/import"
gen=$work/gen_eval_data
[ -x "$gen" ] || "${CC:-cc}" -O2 -o "$gen" "$root/bench/gen_eval_data.c"
data=$work/import/data
if [ ! -f "$data/b.qrels" ]; then
    mkdir -p "$data"
    "$gen" "$data" b "$seed" >/dev/null
fi
runs=("$data"/b.run.*)
lines=$(cat "${runs[@]}" | wc -l)
qlines=$(wc -l <"$data/b.qrels")
camp=$work/import/bench.tjdb
rm -f "$camp" "$camp"-wal "$camp"-shm
"$trecjudge" init -d "$camp" 2>/dev/null
t0=$(date +%s.%N)
"$trecjudge" runs import -d "$camp" "${runs[@]}" 2>/dev/null
t1=$(date +%s.%N)
"$trecjudge" qrels import -d "$camp" "$data/b.qrels" 2>/dev/null
t2=$(date +%s.%N)
docs_mb=${DOCS_MB:-100}
[ -x "$work/import/gen_docs" ] \
    || "${CC:-cc}" -O2 -o "$work/import/gen_docs" "$root/bench/gen_docs.c"
[ -f "$data/docs.trec" ] || "$work/import/gen_docs" "$data" "$docs_mb" "$seed" >/dev/null
dbytes=$(stat -c %s "$data/docs.trec")
t3=$(date +%s.%N)
"$trecjudge" docs import -d "$camp" "$data/docs.trec" 2>/dev/null
t4=$(date +%s.%N)
awk -v n="$lines" -v f="${#runs[@]}" -v q="$qlines" -v t0="$t0" -v t1="$t1" -v t2="$t2" \
    -v t3="$t3" -v t4="$t4" -v db="$dbytes" 'BEGIN {
    r = t1 - t0; j = t2 - t1
    printf "%-28s %10s %10s %14s\n", "case", "lines", "seconds", "lines/s"
    printf "%-28s %10d %10.3f %14.0f\n", "runs import (" f " files)", n, r, n / r
    printf "%-28s %10d %10.3f %14.0f\n", "qrels import", q, j, q / j
    d = t4 - t3
    printf "%-28s %10.1f %10.3f %14s\n", "docs import (TREC SGML, MB)", db / 1e6, d,
           sprintf("%.1f MB/s", db / 1e6 / d)
    printf "runs import target (1,000,000 lines/s): %s\n", (n / r >= 1e6 ? "met" : "MISSED")
    printf "docs import target (50 MB/s): %s\n", (db / 1e6 / d >= 50 ? "met" : "MISSED")
}'
