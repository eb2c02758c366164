#!/usr/bin/env bash
# trec_eval_suite.sh: trec_eval's own test suite, run with `trecjudge eval`.
# SPDX-License-Identifier: MIT
#
# The commands come from ../shared/data/trec_eval_test/QUICKTEST_COMMANDS.txt (trec_eval's
# "make quicktest"), each written as
#     ./trec_eval ARGS | diff - test/OUT
# and are run as "$TRECJUDGE eval ARGS" with test/ meaning the data directory; the output
# must match test/OUT (tests/golden/compare.awk: same lines, values within 0.00005).
# A command trecjudge answers with exit status 1 and "not supported" is skipped.
# The reference data is not part of the project: without it the test is skipped (77).
# Environment: TRECJUDGE (the binary), TRECJUDGE_SHARED (the shared directory).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

tj_need data/trec_eval_test
tj_need_binary
data=$tj_shared/data/trec_eval_test
cmds=$data/QUICKTEST_COMMANDS.txt
if [ ! -r "$cmds" ]; then
    bad "QUICKTEST_COMMANDS.txt" "$cmds is missing"
    tj_summary
fi

re='^[[:space:]]*\./trec_eval[[:space:]]+(.*[^[:space:]])[[:space:]]*[|][[:space:]]*diff[[:space:]]+-[[:space:]]+([^[:space:]]+)[[:space:]]*$'
lineno=0
while IFS= read -r line || [ -n "$line" ]; do
    lineno=$((lineno + 1))
    line=${line%$'\r'}
    case $line in
    *./trec_eval*) ;;
    *) continue ;;
    esac
    if ! [[ $line =~ $re ]]; then
        bad "QUICKTEST_COMMANDS.txt line $lineno" "cannot read this command: $line"
        continue
    fi
    args=${BASH_REMATCH[1]}
    out=${BASH_REMATCH[2]}
    # Plain words only: the arguments are split on blanks, never given to a shell.
    if [[ $args == *[\'\"\$\`\;\&\<\>\(\)\\]* ]] || [[ $out != test/* ]]; then
        bad "QUICKTEST_COMMANDS.txt line $lineno" "cannot run this command: $line"
        continue
    fi
    read -r -a words <<<"$args"
    argv=()
    for w in "${words[@]}"; do
        case $w in
        test/*) argv+=("$data/${w#test/}") ;;
        *) argv+=("$w") ;;
        esac
    done
    tj_case "${out#test/}: eval ${words[*]}" "$data/${out#test/}" "${argv[@]}"
done <"$cmds"

tj_summary
