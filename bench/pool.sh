#!/usr/bin/env bash
# pool.sh: times `trecjudge pool --depth 100` on 200 synthetic runs beside two baselines.
# SPDX-License-Identifier: MIT
# The baselines: the shell pipeline an organizer would write, and reading the files alone.
#
# Usage: bench/pool.sh
# Environment:
#   TRECJUDGE     trecjudge binary (default: src/trecjudge in the source tree; build it
#                 without --enable-debug, which turns optimization off)
#   BENCH_DIR     work directory for the generator, data and outputs (default /tmp/trecjudge-bench)
#   BENCH_REPEAT  runs per measurement, the best is kept (default 3)
#   BENCH_SEED    generator seed (default 20240601)
#   POOL_RUNS, POOL_TOPICS, POOL_DOCS, POOL_DEPTH   the data and the depth (200, 50, 1000, 100)
#   CC, CFLAGS    compiler and flags for the generator and the reader (default cc, -O2)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
trecjudge=${TRECJUDGE:-$root/src/trecjudge}
work=${BENCH_DIR:-/tmp/trecjudge-bench}
repeat=${BENCH_REPEAT:-3}
seed=${BENCH_SEED:-20240601}
nruns=${POOL_RUNS:-200}
ntopics=${POOL_TOPICS:-50}
ndocs=${POOL_DOCS:-1000}
depth=${POOL_DEPTH:-100}
cc=${CC:-cc}
cflags=${CFLAGS:--O2}

die() {
    echo "pool.sh: $*" >&2
    exit 2
}
log() { echo "$*" >&2; }

for v in repeat seed nruns ntopics ndocs depth; do
    [[ ${!v} =~ ^[0-9]+$ && ${!v} -gt 0 ]] || die "$v must be a positive integer, not '${!v}'"
done
[[ -x $trecjudge ]] \
    || die "no trecjudge binary at $trecjudge: build it first (make), or set TRECJUDGE"
if grep -q -- '-O0' "$root/Makefile" 2>/dev/null && [[ -z ${TRECJUDGE:-} ]]; then
    log "warning: the build tree is configured with -O0 (--enable-debug): times will be poor"
fi

data=$work/pool-data
bin=$work/pool-bin
out=$work/pool-out
mkdir -p "$data" "$bin" "$out"

# ---- the generator and the reader ----
gen=$bin/gen_pool_data
reader=$bin/pool_read
# shellcheck disable=SC2086 # CC and CFLAGS may hold several words
if [[ ! -x $gen || $root/bench/gen_pool_data.c -nt $gen ]]; then
    log "compiling $gen"
    $cc $cflags -o "$gen.tmp" "$root/bench/gen_pool_data.c"
    mv -f "$gen.tmp" "$gen"
fi
sources=("$root/bench/pool_read.c" "$root/src/formats/run.c" "$root/src/formats/input.c"
    "$root"/src/util/*.c)
stale=
for s in "${sources[@]}"; do [[ $s -nt $reader ]] && stale=1; done
if [[ ! -x $reader || -n $stale ]]; then
    log "compiling $reader ($cc $cflags)"
    # shellcheck disable=SC2086
    $cc -std=c11 -D_GNU_SOURCE $cflags -I"$root/src" -o "$reader.tmp" "${sources[@]}" -lz -lm
    mv -f "$reader.tmp" "$reader"
fi

# ---- data ----
stamp="gen=$(cksum <"$root/bench/gen_pool_data.c" | cut -d' ' -f1) $nruns $ntopics $ndocs $seed"
if [[ -f $data/.stamp && $(<"$data/.stamp") == "$stamp" ]]; then
    log "reusing the runs in $data"
else
    rm -f "$data"/.stamp "$data"/run.*
    log "generating $nruns runs x $ntopics topics x $ndocs documents in $data"
    "$gen" "$data" "$nruns" "$ntopics" "$ndocs" "$seed"
    echo "$stamp" >"$data/.stamp"
fi
runs=("$data"/run.*)
bytes=$(cat "${runs[@]}" | wc -c)

# ---- measuring ----
# best SECONDS of $repeat runs of CMD (stdout to $1)
best=
measure() {
    local dest=$1 s0 s1 t r
    shift
    best=
    for ((r = 0; r < repeat; r++)); do
        s0=$(date +%s.%N)
        "$@" >"$dest"
        s1=$(date +%s.%N)
        t=$(awk -v a="$s0" -v b="$s1" 'BEGIN { printf "%.3f", b - a }')
        if [[ -z $best ]] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    done
}

# What an organizer would otherwise write: each run sorted by topic, then score
# (descending, general numeric: scores may have exponents), then docno (descending, as
# trec_eval breaks ties), its first $depth lines per topic, then the union.
pipeline() {
    local f
    for f in "$@"; do
        LC_ALL=C sort -k1,1 -k5,5gr -k3,3r "$f" |
            awk -v k="$depth" '{ if ($1 != q) { q = $1; n = 0 } if (++n <= k) print $1, $3 }'
    done | LC_ALL=C sort -u
}

log "cat (best of $repeat)"
measure /dev/null cat "${runs[@]}"
cat_s=$best
log "the run reader alone (best of $repeat)"
measure "$out/read.out" "$reader" "${runs[@]}"
read_s=$best
log "trecjudge pool --depth $depth (best of $repeat)"
measure "$out/pool.out" "$trecjudge" pool --depth "$depth" "${runs[@]}"
pool_s=$best
log "shell pipeline (best of $repeat)"
measure "$out/pipeline.out" pipeline "${runs[@]}"
pipe_s=$best

LC_ALL=C sort "$out/pool.out" >"$out/pool.sorted"
if cmp -s "$out/pool.sorted" "$out/pipeline.out"; then
    verdict=identical
else
    verdict=DIFFERENT
fi
pooled=$(wc -l <"$out/pool.out")

# ---- report ----
cpu=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
echo
echo "trecjudge: $trecjudge"
echo "host: $(uname -sm), ${cpu:-unknown CPU}," \
    "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') CPUs;" \
    "load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'); best of $repeat"
echo "data: $nruns runs x $ntopics topics x $ndocs documents, $((bytes / 1000000)) MB;" \
    "depth $depth; $pooled documents pooled"
echo
printf '%-38s %9s %9s\n' "what" seconds "MB/s"
row() {
    printf '%-38s %9s %9s\n' "$1" "$2" \
        "$(awk -v b="$bytes" -v s="$2" 'BEGIN {
            if (s > 0) printf "%.0f", b / 1e6 / s; else print "-" }')"
}
row "cat (the bytes alone)" "$cat_s"
row "run reader alone (parse, no work)" "$read_s"
row "trecjudge pool --depth $depth" "$pool_s"
row "shell pipeline (sort, head, sort -u)" "$pipe_s"
echo
awk -v p="$pool_s" -v q="$pipe_s" -v r="$read_s" -v c="$cat_s" 'BEGIN {
    sp = q / p; rr = p / r
    printf "pipeline / pool = %.1fx (target >= 5x: %s)\n", sp, (sp >= 5 ? "met" : "MISSED")
    printf "pool / read     = %.2fx (target <= 2x: %s)\n", rr, (rr <= 2 ? "met" : "MISSED")
    printf "pool / cat      = %.1fx\n", p / c }'
echo "pools: $verdict"
[[ $verdict == identical ]]
