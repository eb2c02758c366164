#!/usr/bin/env bash
# eval.sh: times `trecjudge eval` (wall, CPU, peak memory) beside its reader alone and trec_eval.
# SPDX-License-Identifier: MIT
#
# Usage: bench/eval.sh [CASE...]      (default: every case; see bench/README.md)
# Environment:
#   TRECJUDGE     trecjudge binary (default: src/trecjudge in the source tree)
#   TREC_EVAL     trec_eval binary to compare with (optional)
#   BENCH_DIR     work directory for the generator, data and outputs (default /tmp/trecjudge-bench)
#   BENCH_REPEAT  runs per measurement, the best is kept (default 3)
#   BENCH_SEED    generator seed (default 20240601)
#   CC, CFLAGS    compiler and flags for bench/gen_eval_data.c and bench/eval_read.c
#                 (default cc -O2)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
trecjudge=${TRECJUDGE:-$root/src/trecjudge}
trec_eval=${TREC_EVAL:-}
work=${BENCH_DIR:-/tmp/trecjudge-bench}
repeat=${BENCH_REPEAT:-3}
seed=${BENCH_SEED:-20240601}
timer=/usr/bin/time
gen_src=$root/bench/gen_eval_data.c
cc=${CC:-cc}
cflags=${CFLAGS:--O2}

# ---- the cases: name, data preset, flags ----
case_names=(a:default a:all_trec a:q-all_trec b:all_trec-50runs)
case_presets=(a a a b)
case_flags=("" "-m all_trec" "-q -m all_trec" "-m all_trec")

die() {
    echo "eval.sh: $*" >&2
    exit 2
}

log() {
    echo "$*" >&2
}

# ---- checks ----
[[ $repeat =~ ^[1-9][0-9]*$ ]] || die "BENCH_REPEAT must be a positive integer, not '$repeat'"
[[ $seed =~ ^[0-9]+$ ]] || die "BENCH_SEED must be an unsigned integer, not '$seed'"
[[ -x $trecjudge ]] || die "no trecjudge binary at $trecjudge: build it first (make), or set TRECJUDGE"
if [[ -n $trec_eval && ! -x $trec_eval ]]; then
    die "TREC_EVAL=$trec_eval is not an executable"
fi
if [[ ! -x $timer ]] || ! "$timer" -f '%e %M' -o /dev/null true 2>/dev/null; then
    die "GNU time is needed at $timer (Debian/Ubuntu: apt-get install time)"
fi

# ---- which cases ----
selected=()
if (($# == 0)); then
    selected=("${!case_names[@]}")
else
    for arg in "$@"; do
        found=
        for i in "${!case_names[@]}"; do
            if [[ ${case_names[i]} == "$arg" ]]; then
                selected+=("$i")
                found=1
            fi
        done
        [[ -n $found ]] || die "unknown case '$arg' (cases: ${case_names[*]})"
    done
fi

# ---- data ----
data=$work/data
outdir=$work/out
mkdir -p "$data" "$outdir"

gen=$work/gen_eval_data
if [[ ! -x $gen || $gen_src -nt $gen ]]; then
    log "compiling $gen"
    # shellcheck disable=SC2086 # CC may hold several words
    $cc -O2 -o "$gen.tmp" "$gen_src"
    mv -f "$gen.tmp" "$gen"
fi

# The reader alone: eval's qrels and run readers, compiled from the source tree, reading
# the same files and doing nothing else.
reader=$work/eval_read
sources=("$root/bench/eval_read.c" "$root/src/formats/run.c" "$root/src/formats/qrels.c"
    "$root/src/formats/input.c" "$root"/src/util/*.c)
stale=
for src in "${sources[@]}"; do [[ $src -nt $reader ]] && stale=1; done
if [[ ! -x $reader || -n $stale ]]; then
    log "compiling $reader ($cc $cflags)"
    # shellcheck disable=SC2086 # CC and CFLAGS may hold several words
    $cc -std=c11 -D_GNU_SOURCE $cflags -I"$root/src" -o "$reader.tmp" "${sources[@]}" -lz -lm
    mv -f "$reader.tmp" "$reader"
fi

# The stamp ties the data to the generator's source and the seed; stale data is rebuilt.
stamp="gen=$(cksum <"$gen_src" | cut -d' ' -f1) seed=$seed"
needed=" "
for i in "${selected[@]}"; do
    [[ $needed == *" ${case_presets[i]} "* ]] || needed+="${case_presets[i]} "
done
for p in $needed; do
    if [[ -f $data/.stamp-$p && $(<"$data/.stamp-$p") == "$stamp" ]]; then
        log "reusing data set $p in $data"
        continue
    fi
    rm -f "$data/.stamp-$p"
    log "generating data set $p in $data (seed $seed)"
    start=$(date +%s)
    "$gen" "$data" "$p" "$seed"
    log "  done in $(($(date +%s) - start)) s"
    echo "$stamp" >"$data/.stamp-$p"
done

# ---- measuring ----
best_s=
best_cpu=
best_kb=

# measure OUT ERR CMD...: runs CMD $repeat times, stdout to OUT and stderr to ERR; sets
# best_s (least wall seconds), best_cpu (least user + system seconds) and best_kb (least
# peak RSS in KB) over the runs.
measure() {
    local out=$1 err=$2 tf=$outdir/.time s u y kb r
    shift 2
    best_s=
    best_cpu=
    best_kb=
    for ((r = 0; r < repeat; r++)); do
        if ! "$timer" -f '%e %U %S %M' -o "$tf" "$@" >"$out" 2>"$err"; then
            local cmd="$*"
            ((${#cmd} <= 300)) || cmd="${cmd:0:300} ..."
            echo "eval.sh: command failed: $cmd" >&2
            head -n 20 "$err" >&2
            grep -v '^[0-9.]* [0-9.]* [0-9.]* [0-9]*$' "$tf" >&2 || true
            exit 1
        fi
        read -r s u y kb < <(tail -n 1 "$tf")
        local cpu
        cpu=$(awk -v u="$u" -v y="$y" 'BEGIN { printf "%.2f", u + y }')
        if [[ -z $best_s ]] || awk -v a="$s" -v b="$best_s" 'BEGIN { exit !(a < b) }'; then
            best_s=$s
        fi
        if [[ -z $best_cpu ]] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then
            best_cpu=$cpu
        fi
        if [[ -z $best_kb ]] || ((kb < best_kb)); then
            best_kb=$kb
        fi
    done
}

# ratio A B: A / B with one decimal, a time of 0.00 counting as 0.01 (a bound, marked >)
ratio() {
    awk -v a="$1" -v b="$2" \
        'BEGIN { if (b < 0.01) printf ">%.1fx", a / 0.01; else printf "%.1fx", a / b }'
}

# Runs trec_eval once per run file and concatenates the outputs:
# each_run TREC_EVAL NFLAGS FLAG... QRELS RUN...
# shellcheck disable=SC2016 # expanded by the inner bash
each_run='te=$1 n=$2; shift 2; flags=("${@:1:n}"); shift "$n"; q=$1; shift
for r in "$@"; do "$te" ${flags[@]+"${flags[@]}"} "$q" "$r" || exit; done'

mb() { awk -v kb="$1" 'BEGIN { printf "%.1f", kb / 1024 }'; }

rows=()
status=0
fail_notes=()
declare -A speedup cpuratio memratio readratio

for i in "${selected[@]}"; do
    name=${case_names[i]}
    p=${case_presets[i]}
    read -r -a flags <<<"${case_flags[i]}"
    qrels=$data/$p.qrels
    if [[ $p == a ]]; then
        runs=("$data/a.run")
    else
        runs=()
        for ((r = 0; r < 50; r++)); do runs+=("$(printf '%s/%s.run.%02d' "$data" "$p" "$r")"); done
    fi
    base=$outdir/${name//:/_}

    log "$name: trecjudge eval${case_flags[i]:+ ${case_flags[i]}} (best of $repeat)"
    measure "$base.trecjudge" "$base.trecjudge.err" \
        "$trecjudge" eval ${flags[@]+"${flags[@]}"} "$qrels" "${runs[@]}"
    tj_s=$best_s tj_cpu=$best_cpu tj_kb=$best_kb

    log "$name: the readers alone (best of $repeat)"
    measure "$base.read" "$base.read.err" "$reader" "$qrels" "${runs[@]}"
    rd_s=$best_s rd_cpu=$best_cpu
    readratio[$name]="$(ratio "$tj_s" "$rd_s") $(ratio "$tj_cpu" "$rd_cpu")"

    te_s=- te_cpu=- te_mb=- ratio_s=- ratio_cpu=- mratio=- verdict=-
    if [[ -n $trec_eval ]]; then
        log "$name: trec_eval${case_flags[i]:+ ${case_flags[i]}} (best of $repeat)"
        if ((${#runs[@]} == 1)); then
            measure "$base.trec_eval" "$base.trec_eval.err" \
                "$trec_eval" ${flags[@]+"${flags[@]}"} "$qrels" "${runs[@]}"
        else
            measure "$base.trec_eval" "$base.trec_eval.err" \
                bash -c "$each_run" each_run "$trec_eval" "${#flags[@]}" \
                ${flags[@]+"${flags[@]}"} "$qrels" "${runs[@]}"
        fi
        te_s=$best_s
        te_cpu=$best_cpu
        te_mb=$(mb "$best_kb")
        ratio_s=$(ratio "$te_s" "$tj_s")
        ratio_cpu=$(ratio "$te_cpu" "$tj_cpu")
        mratio=$(awk -v te="$best_kb" -v tj="$tj_kb" 'BEGIN { printf "%.2f", tj / te }')
        speedup[$name]=$ratio_s
        cpuratio[$name]=$ratio_cpu
        memratio[$name]=$mratio
        if diff -- "$base.trec_eval" "$base.trecjudge" >"$base.diff"; then
            verdict=identical
        else
            verdict=FAIL
            status=1
            fail_notes+=("$name: outputs differ (< trec_eval, > trecjudge; all in $base.diff):")
            while IFS= read -r line; do fail_notes+=("  $line"); done < <(head -n 20 "$base.diff")
        fi
    fi
    rows+=("$(printf '%-18s %6s %6s %7s | %6s %6s | %6s %6s %7s | %7s %7s %6s  %s' "$name" \
        "$tj_s" "$tj_cpu" "$(mb "$tj_kb")" "$rd_s" "$rd_cpu" "$te_s" "$te_cpu" "$te_mb" \
        "$ratio_s" "$ratio_cpu" "$mratio" "$verdict")")
done

# ---- report ----
echo
echo "trecjudge: $trecjudge"
echo "reader alone: $reader"
if [[ -n $trec_eval ]]; then
    echo "trec_eval: $trec_eval"
else
    echo "trec_eval: absent (set TREC_EVAL to a trec_eval binary to compare with it)"
fi
cpu=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')
echo "host: $(uname -sm), ${cpu:-unknown CPU}, $ncpu CPUs; best of $repeat; data: $data"
echo
printf '%-18s %-22s | %-13s | %-22s | %-22s\n' "" "trecjudge eval" "reader alone" \
    "trec_eval" "speedup, memory ratio"
printf '%-18s %6s %6s %7s | %6s %6s | %6s %6s %7s | %7s %7s %6s  %s\n' case "wall" "cpu" "MB" \
    "wall" "cpu" "wall" "cpu" "MB" "wall" "cpu" "ratio" output
printf '%s\n' "${rows[@]}"
echo
echo "seconds: wall, and cpu = user + system; read = bench/eval_read.c, eval's readers alone"
echo "speedup = trec_eval / trecjudge; mem ratio = trecjudge peak RSS / trec_eval peak RSS"
echo
for name in "${!readratio[@]}"; do
    read -r w c <<<"${readratio[$name]}"
    # Target (bench/README.md): eval within 2x of the time to read its input.
    verdict=$(awk -v w="$w" 'BEGIN { sub(/^>/, "", w); sub(/x$/, "", w)
        print (w + 0 <= 2 ? "met" : "MISSED") }')
    echo "eval / read on $name: $w wall, $c cpu (target <= 2x wall: $verdict)"
done | sort
if [[ -n $trec_eval ]]; then
    # Targets (bench/README.md): >= 20x in wall time, >= 10x in CPU time, <= 0.2 of the memory.
    for name in a:default a:all_trec; do
        [[ -n ${speedup[$name]:-} ]] || continue
        verdict=$(awk -v s="${speedup[$name]}" -v c="${cpuratio[$name]}" \
            -v m="${memratio[$name]}" 'BEGIN {
            sub(/^>/, "", s); sub(/x$/, "", s); sub(/^>/, "", c); sub(/x$/, "", c)
            printf "wall %s, cpu %s, memory %s", (s + 0 >= 20 ? "met" : "MISSED"),
                (c + 0 >= 10 ? "met" : "MISSED"), (m + 0 <= 0.2 ? "met" : "MISSED") }')
        echo "target on $name (>= 20x wall, >= 10x cpu, <= 0.2 memory): $verdict"
    done
fi
if ((${#fail_notes[@]})); then
    echo
    printf '%s\n' "${fail_notes[@]}"
fi
exit "$status"
