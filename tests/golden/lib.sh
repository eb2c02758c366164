# lib.sh: shared by the golden-output tests; sourced (bash), not run.
#
# Sets:
#   TRECJUDGE      the binary: $TRECJUDGE, else $abs_top_builddir/src/trecjudge,
#                  else <dir of this file>/../../src/trecjudge
#   tj_root        the source tree: $abs_top_srcdir, else $srcdir, else <dir of this file>/../..
#                  (with TJ_VALGRIND=1 it is wrapped in valgrind.sh: memory errors and
#                  definite or indirect leaks make it exit 99, so the case fails)
#   tj_shared      the reference data: $TRECJUDGE_SHARED, else $tj_root/../shared
#                  (it lives outside the project and is not shipped with it)
# Offers: tj_need, tj_need_binary, tj_case, tj_pass, tj_fail, tj_skip, tj_summary.
# Every case prints one line "PASS|FAIL|SKIP name" (a FAIL is followed by indented
# details); tj_summary prints "N passed, N failed, N skipped" and exits 1 if any case
# failed, 77 if every case was skipped, 0 otherwise.

tj_lib=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if [ -n "${abs_top_srcdir:-}" ] && [ -d "$abs_top_srcdir/tests/golden" ]; then
    tj_root=$abs_top_srcdir
elif [ -n "${srcdir:-}" ] && [ -d "$srcdir/tests/golden" ]; then
    tj_root=$(cd "$srcdir" && pwd)
else
    tj_root=$(cd "$tj_lib/../.." && pwd)
fi

if [ -z "${TRECJUDGE:-}" ]; then
    if [ -n "${abs_top_builddir:-}" ]; then
        TRECJUDGE=$abs_top_builddir/src/trecjudge
    else
        TRECJUDGE=$tj_lib/../../src/trecjudge
    fi
fi

if [ -n "${TJ_VALGRIND:-}" ]; then
    TJ_VALGRIND_BIN=$TRECJUDGE
    export TJ_VALGRIND_BIN
    TRECJUDGE=$tj_lib/valgrind.sh
fi

if [ -n "${TRECJUDGE_SHARED:-}" ]; then
    tj_shared=$TRECJUDGE_SHARED
    tj_shared_shown=$TRECJUDGE_SHARED
else
    tj_shared=$tj_root/../shared
    tj_shared_shown=../shared
fi

tj_tmp=$(mktemp -d "${TMPDIR:-/tmp}/tj-golden.XXXXXX") || exit 1
trap 'rm -rf "$tj_tmp"' EXIT
tj_npass=0 tj_nfail=0 tj_nskip=0

# tj_need PATH...: paths relative to the shared directory; skip the whole test (77)
# when one is missing.
tj_need() {
    local p
    for p in "$@"; do
        if [ ! -e "$tj_shared/$p" ]; then
            echo "SKIP: $tj_shared_shown/$p not found (reference data is not shipped with the project)"
            exit 77
        fi
    done
}

# tj_need_binary: the binary must exist (a build problem, so a failure, not a skip).
tj_need_binary() {
    if [ ! -x "${TJ_VALGRIND_BIN:-$TRECJUDGE}" ]; then
        echo "FAIL: no trecjudge binary at ${TJ_VALGRIND_BIN:-$TRECJUDGE} (build it, or set TRECJUDGE)"
        exit 1
    fi
}

tj_pass() { echo "PASS $1"; tj_npass=$((tj_npass + 1)); }

# tj_fail NAME [DETAIL...]: each DETAIL is printed indented, one per line.
tj_fail() {
    local d
    echo "FAIL $1"
    shift
    for d in "$@"; do printf '%s\n' "$d" | sed 's/^/    /'; done
    tj_nfail=$((tj_nfail + 1))
}

tj_skip() { echo "SKIP $1"; tj_nskip=$((tj_nskip + 1)); }

# tj_compare NAME EXPECTED ACTUAL: 0 when they match (see compare.awk), else prints
# the differences indented and returns 1.
tj_compare() {
    awk -v name="$1" -v expected="$2" -f "$tj_lib/compare.awk" "$3" >"$tj_tmp/cmp" 2>&1
}

# tj_case NAME EXPECTED ARG...: runs "$TRECJUDGE eval ARG..." and compares its standard
# output with the file EXPECTED. Exit status 1 with "not supported" on standard error is
# a skip (an option trecjudge does not offer yet); any other failure is a FAIL.
tj_case() {
    local name=$1 want=$2 st
    shift 2
    "$TRECJUDGE" eval "$@" </dev/null >"$tj_tmp/out" 2>"$tj_tmp/err"
    st=$?
    if [ "$st" -eq 1 ] && grep -q "not supported" "$tj_tmp/err"; then
        tj_skip "(not supported): $name"
    elif [ "$st" -ne 0 ]; then
        tj_fail "$name" "exit status $st; stderr:" "$(head -5 "$tj_tmp/err")"
    elif [ ! -r "$want" ]; then
        tj_fail "$name" "expected output $want is missing"
    elif tj_compare "$name" "$want" "$tj_tmp/out"; then
        tj_pass "$name"
    else
        tj_fail "$name" "$(cat "$tj_tmp/cmp")"
    fi
}

tj_summary() {
    if [ $((tj_npass + tj_nfail + tj_nskip)) -eq 0 ]; then
        tj_fail "no test case found"
    fi
    echo "$tj_npass passed, $tj_nfail failed, $tj_nskip skipped"
    if [ "$tj_nfail" -gt 0 ]; then exit 1; fi
    if [ "$tj_npass" -eq 0 ]; then exit 77; fi
    exit 0
}
