#!/usr/bin/env bash
# docs_import.sh: times `docs import` and `index` on a generated collection beside their readers.
# SPDX-License-Identifier: MIT
#
# Usage: bench/docs_import.sh [CASE...]     (cases: import index; default: both)
# Environment:
#   TRECJUDGE     the binary (default src/trecjudge; build it optimised: ./configure && make)
#   BENCH_DIR     work directory (default /tmp/trecjudge-bench)
#   BENCH_REPEAT  pairs of runs (default 5); the figures are medians
#   BENCH_SEED    generator seed (default 20240601)
#   DOCS_MB       size of the generated TREC SGML collection in MB of 10^6 bytes (default 100)
#   CC, CFLAGS    compiler and flags for the readers and the generator (default cc, -O2)
#
# import: `trecjudge docs import` of the collection into a fresh campaign (a copy of one made
# by `trecjudge init`, whose time is shown apart) against bench/docs_read.c, the document
# reader alone on the same file. index: `trecjudge index --rebuild` of that campaign against
# bench/index_read.c, which reads the same documents out of the campaign with the index's
# query (store_docs_each); against `index_read --split`, which also splits them into words
# (text_split, what any index of them does); and against `index_read --analyze`, which makes
# every word its term (text_tokenize: the reading and the analysis without the postings).
# The commands run in turn, path then reader, BENCH_REPEAT times after one run of each that
# is not counted; wall time is the shell's clock around the process, CPU time (user +
# system) GNU time's, 0.01 s resolution. A ratio is the median of the pairs' ratios, so that
# a change in the machine's load during the runs moves both sides of a pair alike.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tj=${TRECJUDGE:-$root/src/trecjudge}
work=${BENCH_DIR:-/tmp/trecjudge-bench}/docs-import
repeat=${BENCH_REPEAT:-5}
seed=${BENCH_SEED:-20240601}
size_mb=${DOCS_MB:-100}
cc=${CC:-cc}
cflags=${CFLAGS:--O2}
timer=/usr/bin/time

die() {
    echo "docs_import.sh: $*" >&2
    exit 2
}
log() { echo "$*" >&2; }

[ -x "$tj" ] || die "no binary at $tj (run make)"
[[ $repeat =~ ^[1-9][0-9]*$ ]] || die "BENCH_REPEAT must be a positive integer, not '$repeat'"
[[ $seed =~ ^[0-9]+$ ]] || die "BENCH_SEED must be an unsigned integer, not '$seed'"
[[ $size_mb =~ ^[1-9][0-9]*$ ]] || die "DOCS_MB must be a positive integer, not '$size_mb'"
if ! { [ -x "$timer" ] && "$timer" -f '%U' -o /dev/null true 2>/dev/null; }; then
    die "GNU time is needed at $timer (Debian/Ubuntu: apt-get install time)"
fi
[ -n "${EPOCHREALTIME:-}" ] || die "bash 5 is needed (EPOCHREALTIME)"

cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(import index)
for c in "${cases[@]}"; do
    [[ $c == import || $c == index ]] || die "unknown case '$c' (import, index)"
done

# ---- the readers and the generator, compiled from the tree with optimisation whatever the
# build tree was configured with ----
bin=$work/bin
data=$work/data
mkdir -p "$bin" "$data"
# shellcheck disable=SC2086 # CC and CFLAGS may hold several words
{
    log "compiling docs_read, index_read and gen_docs ($cc $cflags)"
    $cc -std=c11 -D_GNU_SOURCE $cflags -I"$root/src" -o "$bin/docs_read" \
        "$root/bench/docs_read.c" "$root"/src/formats/docs*.c "$root/src/formats/input.c" \
        "$root"/src/util/*.c -lz -lm -lpthread
    $cc -std=c11 -D_GNU_SOURCE $cflags -I"$root/src" -DTJ_SRCDIR="\"$root\"" \
        -o "$bin/index_read" "$root/bench/index_read.c" "$root"/src/store/*.c \
        "$root"/src/text/*.c "$root"/src/util/*.c -lsqlite3 -lutf8proc -lstemmer -lm -lpthread
    $cc $cflags -o "$bin/gen_docs" "$root/bench/gen_docs.c"
}

# ---- the collection: made again when the generator, the size or the seed changes ----
stamp="gen=$(cksum <"$root/bench/gen_docs.c" | cut -d' ' -f1) mb=$size_mb seed=$seed"
file=$data/docs.trec
if [[ -f $data/.stamp && $(<"$data/.stamp") == "$stamp" ]]; then
    log "reusing $file"
else
    rm -f "$data/.stamp"
    log "generating $size_mb MB of TREC SGML in $data (seed $seed)"
    "$bin/gen_docs" "$data" "$size_mb" "$seed" >/dev/null
    rm -f "$data/docs.jsonl"
    echo "$stamp" >"$data/.stamp"
fi

# timed CMD...: runs CMD with its output thrown away; prints "wall cpu" in seconds.
timed() {
    local t0=$EPOCHREALTIME t1 cpu
    "$timer" -f '%U %S' -o "$bin/.time" "$@" >/dev/null 2>&1 || die "failed: $*"
    t1=$EPOCHREALTIME
    cpu=$(awk 'END { print $1 + $2 }' "$bin/.time")
    awk -v a="$t0" -v b="$t1" -v c="$cpu" 'BEGIN { printf "%.3f %.2f\n", b - a, c }'
}
median() {   # "-" when there is no value (a CPU time under GNU time's 0.01 s)
    sort -g | awk '{ v[NR] = $1 }
        END { print (NR == 0 ? "-" : NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

camp=$work/c.tjdb
empty=$work/empty.tjdb
fresh() {   # an empty campaign at $camp
    rm -f "$camp" "$camp-wal" "$camp-shm" "$camp.import-lock" "$camp.index"
    cp "$empty" "$camp"
}
rm -f "$empty" "$empty-wal" "$empty-shm"
"$tj" init -d "$empty" 2>/dev/null

# pairs NAME CMD_A... -- CMD_B...: BENCH_REPEAT pairs (after one of each not counted); sets
# row[NAME]="A-wall A-cpu B-wall B-cpu ratio-wall ratio-cpu" (medians).
declare -A row
pairs() {
    local name=$1
    shift
    local a=() b=() seen=0 arg
    for arg in "$@"; do
        if [[ $arg == -- && $seen == 0 ]]; then seen=1; continue; fi
        if ((seen)); then b+=("$arg"); else a+=("$arg"); fi
    done
    local r out_a out_b list=''
    for ((r = 0; r <= repeat; r++)); do
        [[ $name == import ]] && fresh
        out_a=$(timed "${a[@]}")
        out_b=$(timed "${b[@]}")
        ((r > 0)) && list+="$out_a $out_b"$'\n'
    done
    row[$name]="$(for k in 1 2 3 4; do
        printf '%s' "$list" | awk -v k="$k" 'NF { print $k }' | median
    done | tr '\n' ' ')$(printf '%s' "$list" | awk 'NF { print $1 / $3 }' | median) $(
        printf '%s' "$list" | awk 'NF && $4 > 0 { print $2 / $4 }' | median)"
}

inits=''
for ((r = 0; r < repeat; r++)); do
    rm -f "$work/i.tjdb" "$work/i.tjdb-wal" "$work/i.tjdb-shm"
    inits+="$(timed "$tj" init -d "$work/i.tjdb")"$'\n'
done
rm -f "$work/i.tjdb" "$work/i.tjdb-wal" "$work/i.tjdb-shm"
init_wall=$(printf '%s' "$inits" | awk 'NF { print $1 }' | median)
init_cpu=$(printf '%s' "$inits" | awk 'NF { print $2 }' | median)

want_index=0
for c in "${cases[@]}"; do [[ $c == index ]] && want_index=1; done
for c in "${cases[@]}"; do
    [[ $c == import ]] || continue
    log "import: docs import against docs_read ($repeat pairs)"
    pairs import "$tj" docs import -d "$camp" "$file" -- "$bin/docs_read" trec "$file"
done
if ((want_index)); then
    if [[ " ${cases[*]} " != *" import "* || ! -f $camp ]]; then
        fresh
        "$tj" docs import -d "$camp" "$file" 2>/dev/null
    fi
    log "index: index --rebuild against index_read, --split and --analyze ($repeat pairs each)"
    pairs index "$tj" index -d "$camp" --rebuild -- "$bin/index_read" "$camp"
    pairs split "$tj" index -d "$camp" --rebuild -- "$bin/index_read" --split "$camp"
    pairs analyze "$tj" index -d "$camp" --rebuild -- "$bin/index_read" --analyze "$camp"
    # the reader and the index saw the same documents and the same terms
    built=$("$tj" index -d "$camp" --rebuild 2>&1)
    read -r _ docs _ _ _ terms _ <<<"$("$bin/index_read" --analyze "$camp")"
    [[ $built == *" $docs documents ("*" $terms tokens"* ]] \
        || die "index_read read $docs documents, $terms terms; the index says: $built"
fi

# ---- report ----
cpu=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')
mb=$(awk -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.1f", b / 1e6 }')
ndocs=$(grep -c '<DOCNO>' "$file")
echo
echo "host: $(uname -sm), ${cpu:-unknown CPU}, $ncpu CPUs; load $load"
echo "collection: $file, $mb MB, $ndocs documents; medians of $repeat pairs; $cc $cflags"
echo
printf '%-22s %7s %6s  %-22s %7s %6s  %7s %6s\n' path wall CPU "reader alone" wall CPU \
    "ratio" "CPU"
printf '%-22s %7.3f %6.2f  %-22s %7s %6s  %7s %6s\n' "init (empty campaign)" "$init_wall" \
    "$init_cpu" "-" "" "" "" ""
line() {   # LABEL READER NAME
    read -r aw ac bw bc rw rc <<<"${row[$3]}"
    [[ $rc == - ]] || rc=$(printf '%5.2fx' "$rc")
    printf '%-22s %7.3f %6.2f  %-22s %7.3f %6.2f  %6.2fx %6s\n' "$1" "$aw" "$ac" "$2" "$bw" \
        "$bc" "$rw" "$rc"
}
[[ -n ${row[import]:-} ]] && line "docs import" "docs_read trec" import
if [[ -n ${row[index]:-} ]]; then
    line "index --rebuild" "index_read" index
    line "index --rebuild" "index_read --split" split
    line "index --rebuild" "index_read --analyze" analyze
fi
exit 0
