# lib.sh: what the golden-output tests add to ../lib.sh (sourced by them, with it; not run).
# SPDX-License-Identifier: MIT
#
# Every call may run under valgrind (TJ_VALGRIND=1, see ../lib.sh). Offers, besides ../lib.sh:
#   tj_compare NAME EXPECTED ACTUAL   0 when they match (see compare.awk: same lines, values
#                                     within 0.00005), else the differences are in $tmp/cmp
#   tj_case NAME EXPECTED ARG...      runs "$TRECJUDGE eval ARG..." and compares its standard
#                                     output with the file EXPECTED: one check
# The reference data (tj_shared) is not part of the project: tj_need skips without it.

. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../lib.sh"
tj_allow_valgrind

tj_compare() {
    awk -v name="$1" -v expected="$2" -f "$tj_lib/golden/compare.awk" "$3" >"$tmp/cmp" 2>&1
}

# Exit status 1 with "not supported" on standard error is a skip (an option trecjudge does
# not offer yet); any other failure is a failed check.
tj_case() {
    local name=$1 want=$2 st
    shift 2
    "$TRECJUDGE" eval "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
    st=$?
    if [ "$st" -eq 1 ] && grep -q "not supported" "$tmp/err"; then
        skip "$name" "not supported"
    elif [ "$st" -ne 0 ]; then
        bad "$name" "exit status $st; stderr:" "$(head -5 "$tmp/err")"
    elif [ ! -r "$want" ]; then
        bad "$name" "expected output $want is missing"
    elif tj_compare "$name" "$want" "$tmp/out"; then
        ok "$name"
    else
        bad "$name" "$(cat "$tmp/cmp")"
    fi
}
