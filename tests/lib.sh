# lib.sh: shared by every test script (tests/cli, tests/tui, tests/golden); sourced, not run.
# SPDX-License-Identifier: MIT
#
# Output is TAP (the Test Anything Protocol), one line per check:
#     ok 3 - name
#     not ok 4 - name # first line of the details
#     #   further lines of the details
#     ok 5 - name # SKIP why
# then, from tj_summary, the plan "1..N" and the line "N passed, N failed, N skipped".
# A script skipped as a whole prints "1..0 # SKIP why" and exits 77.
#
# Sets:
#   tj_root        the source tree: $abs_top_srcdir, else $srcdir, else <dir of this file>/..
#   TRECJUDGE      the binary: $TRECJUDGE, else $abs_top_builddir/src/trecjudge, else
#                  <dir of this file>/../src/trecjudge
#   tj_shared      the reference data: $TRECJUDGE_SHARED, else $tj_root/../shared (outside
#                  the project, never shipped with it); tj_shared_shown is its name in messages
#   data           the project's small test files: $TJ_TESTDATA, else $tj_root/tests/data
#   tmp            a temporary directory, removed on exit
# Offers:
#   ok NAME                 a check passed
#   bad NAME DETAIL...      a check failed; each DETAIL may span lines
#   skip NAME WHY           a check not run
#   tj ARG...               runs "$TRECJUDGE ARG..."
#   tj_allow_valgrind       with TJ_VALGRIND=1, every call through $TRECJUDGE runs under
#                           valgrind (tests/golden/valgrind.sh: a memory error or a definite
#                           or indirect leak exits 99); TJ_VALGRIND_BIN is the plain binary
#   tj_need_binary          fails the script when the binary is missing (a build problem)
#   tj_tsv_table NAME ...   checks that a command's TSV is one table (see below)
#   tj_need PATH...         skips the whole script unless every PATH exists under tj_shared
#   tj_skip_all WHY...      skips the whole script (77)
#   tj_bail WHY             stops the script on a failure that leaves nothing to check (1)
#   tj_at_exit COMMAND      runs COMMAND (eval'd) on exit, before the temporary directory
#                           is removed
#   tj_summary              prints the plan and the summary line; exits 1 if a check
#                           failed, 77 if nothing passed and nothing failed, else 0
# The counters live in files under $tmp, so checks made in a subshell or a pipeline count.

tj_lib=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if [ -n "${abs_top_srcdir:-}" ] && [ -d "$abs_top_srcdir/tests" ]; then
    tj_root=$abs_top_srcdir
elif [ -n "${srcdir:-}" ] && [ -d "$srcdir/tests" ]; then
    tj_root=$(cd "$srcdir" && pwd)
else
    tj_root=$(cd "$tj_lib/.." && pwd)
fi

if [ -z "${TRECJUDGE:-}" ]; then
    if [ -n "${abs_top_builddir:-}" ]; then
        TRECJUDGE=$abs_top_builddir/src/trecjudge
    else
        TRECJUDGE=$tj_lib/../src/trecjudge
    fi
fi

if [ -n "${TRECJUDGE_SHARED:-}" ]; then
    tj_shared=$TRECJUDGE_SHARED
    tj_shared_shown=$TRECJUDGE_SHARED
else
    tj_shared=$tj_root/../shared
    tj_shared_shown=../shared
fi

data=${TJ_TESTDATA:-$tj_root/tests/data}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tj-test.XXXXXX") || exit 1
tj_exit_hooks=()
tj_on_exit() {
    local h
    for h in "${tj_exit_hooks[@]}"; do eval "$h"; done
    rm -rf "$tmp"
}
trap tj_on_exit EXIT
tj_at_exit() { tj_exit_hooks+=("$1"); }

mkdir "$tmp/.tap"
echo 0 >"$tmp/.tap/n"
: >"$tmp/.tap/pass"
: >"$tmp/.tap/fail"
: >"$tmp/.tap/skip"

# tj_count KIND: the next check number; one byte appended to the file of its kind.
tj_count() {
    local n
    read -r n <"$tmp/.tap/n"
    n=$((n + 1))
    echo "$n" >"$tmp/.tap/n"
    printf . >>"$tmp/.tap/$1"
    tj_n=$n
}

# A name must not carry a TAP directive: '#' is escaped, line ends become spaces.
tj_name() {
    local s=${1//$'\n'/ }
    printf '%s' "${s//#/\\#}"
}

ok() {
    tj_count pass
    printf 'ok %d - %s\n' "$tj_n" "$(tj_name "${1:-}")"
}

bad() {
    local name=$1 first rest d
    shift
    d=$(printf '%s\n' "$@")
    first=${d%%$'\n'*}
    rest=${d#"$first"}
    rest=${rest#$'\n'}
    # Details that begin like a directive would turn the failure into a skip or a todo.
    case $(printf '%s' "$first" | tr '[:upper:]' '[:lower:]') in
    skip* | todo* | " "*skip* | " "*todo*) first="- $first" ;;
    esac
    tj_count fail
    if [ -n "$first" ]; then
        printf 'not ok %d - %s # %s\n' "$tj_n" "$(tj_name "$name")" "$(tj_name "$first")"
    else
        printf 'not ok %d - %s\n' "$tj_n" "$(tj_name "$name")"
    fi
    if [ -n "$rest" ]; then printf '%s\n' "$rest" | sed 's/^/#   /'; fi
    return 0
}

skip() {
    tj_count skip
    printf 'ok %d - %s # SKIP %s\n' "$tj_n" "$(tj_name "$1")" "$(tj_name "${2:-}")"
}

tj() { "$TRECJUDGE" "$@"; }

tj_allow_valgrind() {
    if [ -n "${TJ_VALGRIND:-}" ] && [ -z "${TJ_VALGRIND_BIN:-}" ]; then
        TJ_VALGRIND_BIN=$TRECJUDGE
        export TJ_VALGRIND_BIN
        TRECJUDGE=$tj_lib/golden/valgrind.sh
    fi
}

tj_need_binary() {
    if [ ! -x "${TJ_VALGRIND_BIN:-$TRECJUDGE}" ]; then
        tj_bail "no trecjudge binary at ${TJ_VALGRIND_BIN:-$TRECJUDGE} (build it, or set TRECJUDGE)"
    fi
}

tj_skip_all() {
    echo "1..0 # SKIP $(tj_name "$*")"
    exit 77
}

tj_need() {
    local p
    for p in "$@"; do
        if [ ! -e "$tj_shared/$p" ]; then
            tj_skip_all "$tj_shared_shown/$p not found (reference data is not shipped with" \
                "the project)"
        fi
    done
}

tj_bail() {
    echo "Bail out! $(tj_name "$1")"
    exit 1
}

# tj_tsv_table NAME ROWS NUMERIC-COLUMNS COMMAND...: one check that the command's output is
# one table, as pandas.read_csv(sep='\t') and R's read.delim read it (Python's csv module
# here): one header line, then ROWS data rows (- for any) with as many fields as the header,
# the columns NUMERIC-COLUMNS (1-based, comma-separated) a number or NA on every row (a
# second table's header, a blank line, an empty cell or "-" would not be).
tj_tsv_table() {
    local name=$1 rows=$2 numeric=$3
    shift 3
    "$@" >"$tmp/tsv_out" 2>"$tmp/tsv_err"
    local st=$?
    if [ "$st" -ne 0 ]; then
        bad "$name" "exit status $st: $(head -1 "$tmp/tsv_err")"
        return
    fi
    if python3 - "$tmp/tsv_out" "$rows" "$numeric" >"$tmp/tsv_why" 2>&1 <<'EOF'; then
import csv, sys
path, rows, numeric = sys.argv[1], sys.argv[2], [int(c) - 1 for c in sys.argv[3].split(",")]
with open(path, newline="") as f:
    lines = list(csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
assert lines, "empty output"
header = lines[0]
assert all(h and not h[0].isdigit() for h in header), "header %r" % header
for i, row in enumerate(lines[1:], 2):
    assert len(row) == len(header), "line %d: %d fields, header %d" % (i, len(row), len(header))
    assert row != header, "line %d repeats the header" % i
    for c in numeric:
        if row[c] != "NA":
            float(row[c])  # a second header, a blank line or "-" would not be a number
if rows != "-":
    assert len(lines) - 1 == int(rows), "%d rows, want %s" % (len(lines) - 1, rows)
EOF
        local n cols
        n=$(($(wc -l <"$tmp/tsv_out") - 1))
        cols=$(head -1 "$tmp/tsv_out" | awk -F'\t' '{ print NF }')
        ok "$name: one table ($n rows, $cols columns)"
    else
        bad "$name" "$(tail -1 "$tmp/tsv_why")" "$(head -3 "$tmp/tsv_out")"
    fi
}

tj_summary() {
    local np nf ns
    np=$(wc -c <"$tmp/.tap/pass")
    nf=$(wc -c <"$tmp/.tap/fail")
    ns=$(wc -c <"$tmp/.tap/skip")
    if [ $((np + nf + ns)) -eq 0 ]; then
        bad "no check was made"
        nf=1
    fi
    echo "1..$((np + nf + ns))"
    echo "$np passed, $nf failed, $ns skipped"
    if [ "$nf" -gt 0 ]; then exit 1; fi
    if [ "$np" -eq 0 ]; then exit 77; fi
    exit 0
}
