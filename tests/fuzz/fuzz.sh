#!/usr/bin/env bash
# fuzz.sh: runs each libFuzzer target for N minutes (default 5) from a clang --enable-fuzzing build.
# SPDX-License-Identifier: MIT
set -euo pipefail
minutes=${1:-5}
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${FUZZ_BUILD:-$top/build-fuzz}
if [ ! -x "$build/tests/fuzz/fuzz_judgments" ]; then
    mkdir -p "$build"
    (cd "$build" && "$top/configure" --enable-fuzzing CC=clang >/dev/null \
        && make -j"$(nproc)" tests/fuzz/fuzz_run tests/fuzz/fuzz_qrels \
        tests/fuzz/fuzz_topics tests/fuzz/fuzz_docs tests/fuzz/fuzz_keys tests/fuzz/fuzz_prefs \
        tests/fuzz/fuzz_judgments)
fi
for t in run qrels topics docs keys prefs judgments; do
    work=$(mktemp -d)
    cp "$top/tests/fuzz/corpus/$t/"* "$work/"
    echo "== fuzzing the $t target for $minutes minute(s)"
    "$build/tests/fuzz/fuzz_$t" -max_total_time=$((minutes * 60)) -max_len=4096 -timeout=10 \
        "$work" 2>&1 | tail -3
    rm -rf "$work"
done
