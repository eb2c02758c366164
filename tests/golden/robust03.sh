#!/usr/bin/env bash
# robust03.sh: the 17 TREC 2003 Robust track runs against trec_eval v10.0's outputs.
# SPDX-License-Identifier: MIT
#
# Each file ../shared/golden/trec2003_robust/RUN.MEASURE[.FLAG]...txt is the expected
# output of
#     trecjudge eval [-FLAG]... -m MEASURE ../shared/data/trec2003_robust/robust03_qrels.txt \
#         ../shared/data/trec2003_robust/runs/RUN.gz
# where a FLAG is q, c, J, n, lN or MN (e.g. input.InexpC2.all_trec.c.M100.txt:
# -c -M100 -m all_trec). The cases are found from the file names, so the golden directory
# decides what is tested (17 runs x 5 flag sets). One more case gives every run with a
# plain RUN.all_trec.txt to a single call, in reverse name order: the output must be
# those files concatenated in that order.
# Outputs are compared by tests/golden/compare.awk (same lines, values within 0.00005).
# The reference data is not part of the project: without it the test is skipped (77).
# Environment: TRECJUDGE (the binary), TRECJUDGE_SHARED (the shared directory).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

tj_need golden/trec2003_robust data/trec2003_robust/robust03_qrels.txt data/trec2003_robust/runs
tj_need_binary
golden=$tj_shared/golden/trec2003_robust
qrels=$tj_shared/data/trec2003_robust/robust03_qrels.txt
runs=$tj_shared/data/trec2003_robust/runs

# flag_option TOKEN: the option a file-name token stands for; fails on an unknown token.
flag_option() {
    case $1 in
    q | c | J | n) echo "-$1" ;;
    l[0-9]* | M[0-9]*) [[ ${1:1} =~ ^[0-9]+$ ]] && echo "-$1" ;;
    *) return 1 ;;
    esac
}

multi_runs=() multi_want=() multi_names=()
while IFS= read -r file; do
    base=${file%.txt}
    IFS=. read -r -a parts <<<"$base"
    # The run is the longest prefix of the name with a RUN.gz beside the qrels.
    run='' k=0
    for ((i = 1; i < ${#parts[@]}; i++)); do
        prefix=$(IFS=.; echo "${parts[*]:0:i}")
        if [ -f "$runs/$prefix.gz" ]; then run=$prefix k=$i; fi
    done
    if [ -z "$run" ]; then
        bad "$file" "no run file $runs/RUN.gz matches this golden file's name"
        continue
    fi
    measure=${parts[k]}
    opts=() ok=1
    for tok in "${parts[@]:k+1}"; do
        if o=$(flag_option "$tok"); then opts+=("$o"); else ok=0; fi
    done
    if [ "$ok" -eq 0 ]; then
        bad "$file" "cannot tell the trec_eval flags from the name (known: q c J n lN MN)"
        continue
    fi
    tj_case "$run ${opts[*]}${opts[*]:+ }-m $measure" "$golden/$file" \
        "${opts[@]}" -m "$measure" "$qrels" "$runs/$run.gz"
    if [ "$measure" = all_trec ] && [ "${#opts[@]}" -eq 0 ]; then
        multi_runs=("$runs/$run.gz" "${multi_runs[@]}")
        multi_want=("$golden/$file" "${multi_want[@]}")
        multi_names=("$run" "${multi_names[@]}")
    fi
done < <(cd "$golden" && shopt -s nullglob && for f in *.txt; do echo "$f"; done | LC_ALL=C sort)

if [ "${#multi_runs[@]}" -ge 2 ]; then
    cat "${multi_want[@]}" >"$tmp/multi.expected"
    tj_case "all ${#multi_runs[@]} runs in one call, reverse name order: -m all_trec QRELS ${multi_names[0]}.gz ... ${multi_names[${#multi_names[@]} - 1]}.gz" \
        "$tmp/multi.expected" -m all_trec "$qrels" "${multi_runs[@]}"
fi

tj_summary
