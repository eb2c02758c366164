#!/usr/bin/env bash
# check.sh: times `trecjudge check` (integrity and judgment history) on N judgments (default 1M).
# SPDX-License-Identifier: MIT
#
# Usage: bench/check.sh [N]     Environment: TRECJUDGE, BENCH_DIR as in eval.sh;
#                               BENCH_REPEAT (default 3, the best is kept).
# Target: under 5 s for 1,000,000 judgments. The campaign is made by a qrels import of a
# generated file (1,000 judgments per topic, one history entry each), then 10 % of the
# judgments are revised by a second import (same assessor), so that the history
# has more entries than there are judgments.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
trecjudge=${TRECJUDGE:-$root/src/trecjudge}
work=${BENCH_DIR:-/tmp/trecjudge-bench}/check
n=${1:-1000000}
repeat=${BENCH_REPEAT:-3}
[ -x "$trecjudge" ] || { echo "check.sh: build trecjudge first (make)" >&2; exit 2; }
mkdir -p "$work"
camp=$work/check-$n.tjdb
if [ ! -f "$camp" ]; then
    awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++)
        printf "t%d 0 DOC-%09d %d\n", int(i / 1000) + 1, (i * 7919) % 1000000007, i % 2 }' \
        >"$work/q1.txt"
    awk -v n="$n" 'BEGIN { for (i = 0; i < n; i += 10)
        printf "t%d 0 DOC-%09d %d\n", int(i / 1000) + 1, (i * 7919) % 1000000007, (i + 1) % 2 }' \
        >"$work/q2.txt"
    rm -f "$camp.tmp"
    "$trecjudge" init -d "$camp.tmp" 2>/dev/null
    t0=$(date +%s.%N)
    "$trecjudge" qrels import -d "$camp.tmp" "$work/q1.txt" 2>/dev/null
    "$trecjudge" qrels import -d "$camp.tmp" "$work/q2.txt" 2>/dev/null
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "built the campaign in %.1f s\n", b - a }'
    mv "$camp.tmp" "$camp"
    rm -f "$work/q1.txt" "$work/q2.txt"
fi
best=
for r in $(seq 1 "$repeat"); do
    t0=$(date +%s.%N)
    "$trecjudge" check -d "$camp" >"$work/out"
    t1=$(date +%s.%N)
    s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
    if [ -z "$best" ] || awk -v s="$s" -v b="$best" 'BEGIN { exit !(s < b) }'; then best=$s; fi
done
judgments=$(awk '$1 == "judgments" { print $2 }' "$work/out")
history=$(awk '$1 == "history" { print $2 }' "$work/out")
grep -qx "disagreements 0" "$work/out" \
    || { echo "check.sh: check found disagreements" >&2; cat "$work/out" >&2; exit 1; }
printf "check: %s judgments, %s history entries: %s s (best of %s)\n" \
    "$judgments" "$history" "$best" "$repeat"
awk -v s="$best" -v n="$judgments" 'BEGIN { if (n >= 1000000)
    printf "target (under 5 s on 1,000,000 judgments): %s\n", (s < 5 ? "met" : "MISSED") }'
