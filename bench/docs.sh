#!/usr/bin/env bash
# docs.sh: measures the read throughput (MB/s) of the document readers on synthetic collections.
# SPDX-License-Identifier: MIT
#
# Usage: bench/docs.sh [CASE...]      (cases: trec jsonl trec.gz; default: all; see bench/README.md)
# Environment:
#   BENCH_DIR     work directory for the binaries and data (default /tmp/trecjudge-bench)
#   BENCH_REPEAT  runs per case, the best is kept (default 3)
#   BENCH_SEED    generator seed (default 20240601)
#   DOCS_MB       size of each generated collection in MB of 10^6 bytes (default 200)
#   CC, CFLAGS    compiler and flags for the reader and the generator (default cc, -O2)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${BENCH_DIR:-/tmp/trecjudge-bench}
repeat=${BENCH_REPEAT:-3}
seed=${BENCH_SEED:-20240601}
size_mb=${DOCS_MB:-200}
cc=${CC:-cc}
cflags=${CFLAGS:--O2}
target_mbps=50
timer=/usr/bin/time

die() {
    echo "docs.sh: $*" >&2
    exit 2
}

log() {
    echo "$*" >&2
}

[[ $repeat =~ ^[1-9][0-9]*$ ]] || die "BENCH_REPEAT must be a positive integer, not '$repeat'"
[[ $seed =~ ^[0-9]+$ ]] || die "BENCH_SEED must be an unsigned integer, not '$seed'"
[[ $size_mb =~ ^[1-9][0-9]*$ ]] || die "DOCS_MB must be a positive integer, not '$size_mb'"

cases=(trec jsonl trec.gz)
selected=()
if (($# == 0)); then
    selected=("${cases[@]}")
else
    for arg in "$@"; do
        [[ " ${cases[*]} " == *" $arg "* ]] || die "unknown case '$arg' (cases: ${cases[*]})"
        selected+=("$arg")
    done
fi

# ---- binaries: the reader is compiled from the sources with optimization, whatever the
# build tree was configured with (--enable-debug builds -O0) ----
bin=$work/docs-bin
data=$work/docs-data
mkdir -p "$bin" "$data"
sources=("$root/bench/docs_read.c" "$root"/src/formats/docs*.c "$root/src/formats/input.c"
    "$root"/src/util/*.c)
reader=$bin/docs_read
gen=$bin/gen_docs
# shellcheck disable=SC2086 # CC and CFLAGS may hold several words
{
    log "compiling $reader ($cc $cflags)"
    $cc -std=c11 -D_GNU_SOURCE $cflags -I"$root/src" -o "$reader.tmp" "${sources[@]}" \
        -lz -lm -lpthread
    mv -f "$reader.tmp" "$reader"
    if [[ ! -x $gen || $root/bench/gen_docs.c -nt $gen ]]; then
        log "compiling $gen"
        $cc $cflags -o "$gen.tmp" "$root/bench/gen_docs.c"
        mv -f "$gen.tmp" "$gen"
    fi
}

# ---- data: rebuilt when the generator, the size or the seed changes ----
stamp="gen=$(cksum <"$root/bench/gen_docs.c" | cut -d' ' -f1) mb=$size_mb seed=$seed"
if [[ -f $data/.stamp && $(<"$data/.stamp") == "$stamp" ]]; then
    log "reusing the collections in $data"
else
    rm -f "$data/.stamp" "$data/docs.trec.gz"
    log "generating two collections of about $size_mb MB in $data (seed $seed)"
    "$gen" "$data" "$size_mb" "$seed"
    echo "$stamp" >"$data/.stamp"
fi
if [[ " ${selected[*]} " == *" trec.gz "* && ! -f $data/docs.trec.gz ]]; then
    command -v gzip >/dev/null || die "gzip is needed for the trec.gz case"
    log "compressing docs.trec (gzip -6)"
    gzip -6 -c "$data/docs.trec" >"$data/docs.trec.gz.tmp"
    mv -f "$data/docs.trec.gz.tmp" "$data/docs.trec.gz"
fi

use_timer=
if [[ -x $timer ]] && "$timer" -f '%M' -o /dev/null true 2>/dev/null; then
    use_timer=1
else
    log "no GNU time at $timer: peak memory is not measured (Debian/Ubuntu: apt-get install time)"
fi

# ---- measuring: the reader times the read itself (clock_gettime), GNU time gives the
# peak RSS; the best of $repeat runs is kept ----
rows=()
declare -A best_mbps
for c in "${selected[@]}"; do
    file=$data/docs.$c
    fmt=${c%.gz}
    best='' best_line='' best_kb=''
    log "$c: reading $file (best of $repeat)"
    for ((r = 0; r < repeat; r++)); do
        if [[ -n $use_timer ]]; then
            line=$("$timer" -f '%M' -o "$bin/.time" "$reader" "$fmt" "$file")
            kb=$(tail -n 1 "$bin/.time")
        else
            line=$("$reader" "$fmt" "$file")
            kb=
        fi
        read -r _ docs _ bytes _ _ _ secs _ mbps _ <<<"$line"
        if [[ -z $best ]] || awk -v a="$mbps" -v b="$best" 'BEGIN { exit !(a > b) }'; then
            best=$mbps best_line="$docs $bytes $secs"
        fi
        if [[ -n $kb ]] && { [[ -z $best_kb ]] || ((kb < best_kb)); }; then
            best_kb=$kb
        fi
    done
    read -r docs bytes secs <<<"$best_line"
    best_mbps[$c]=$best
    mem=-
    [[ -n $best_kb ]] && mem=$(awk -v kb="$best_kb" 'BEGIN { printf "%.1f", kb / 1024 }')
    rows+=("$(printf '%-8s %10s %9s %9s %9s %9s %8s' "$c" \
        "$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')" \
        "$(awk -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.1f", b / 1e6 }')" \
        "$docs" "$secs" "$best" "$mem")")
done

# ---- report ----
echo
cpu=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')
echo "host: $(uname -sm), ${cpu:-unknown CPU}, $ncpu CPUs; load $load; best of $repeat; $cc $cflags"
echo
printf '%-8s %10s %9s %9s %9s %9s %8s\n' case "input MB" "file MB" docs seconds "MB/s" "RSS MB"
printf '%s\n' "${rows[@]}"
echo
for c in trec jsonl; do
    [[ -n ${best_mbps[$c]:-} ]] || continue
    if awk -v a="${best_mbps[$c]}" -v t="$target_mbps" 'BEGIN { exit !(a >= t) }'; then
        echo "target met: $c at ${best_mbps[$c]} MB/s (>= $target_mbps MB/s)"
    else
        echo "target MISSED: $c at ${best_mbps[$c]} MB/s (< $target_mbps MB/s)"
    fi
done
