#!/usr/bin/env bash
# style.sh: checks the layout rules of docs/CONVENTIONS.md on the C files and scripts of the tree.
# SPDX-License-Identifier: MIT
#
# Rules, one check each (every file named by its path from the top of the tree):
#   tab       a tab in a C file (.c, .h)
#   long      a line over 100 columns (UTF-8 characters)
#   trailing  white space at the end of a line
#   crlf      a CR before the line end
#   header    the first line (after a #! line) is not the file's one-line comment:
#             "/* name.c: what it is for. */" in C, "# name.sh: ..." in scripts
#   licence   the line after it does not name the licence ("SPDX-License-Identifier: MIT")
# over the C files under src/, tests/ and bench/, the scripts (tests/ and bench/ *.sh and
# *.awk, .ci/run, share/demo/make_runs.sh), Makefile.am and configure.ac.
#
# tests/style-allow.txt lists the violations that were there when the check came in, as
# "RULE COUNT FILE" lines: a file may have up to COUNT violations of RULE, and a check fails
# only when a file has more (a new one). Fix lines rather than raise a count; when a count
# can be lowered the check says so. `tests/style.sh --list` prints the current counts in
# that format.
set -u
. "$(dirname "$0")/lib.sh"
allow=$tj_root/tests/style-allow.txt
AWK=${AWK:-awk}

cd "$tj_root" || tj_bail "cannot enter $tj_root"
{
    find src tests bench -path tests/fuzz/corpus -prune -o -type f -name '*.[ch]' -print
    find tests bench -path tests/fuzz/corpus -prune \
        -o -type f \( -name '*.sh' -o -name '*.awk' \) -print
    for f in .ci/run share/demo/make_runs.sh Makefile.am configure.ac; do
        if [ -f "$f" ]; then echo "$f"; fi
    done
} | LC_ALL=C sort >"$tmp/files"
[ -s "$tmp/files" ] || tj_bail "no file to check under $tj_root"

# One line "RULE FILE LINE TEXT" per violation.
tr '\n' '\0' <"$tmp/files" | xargs -0 env LC_ALL=C "$AWK" '
    FNR == 1 {
        name = FILENAME; sub(/.*\//, "", name)
        c = FILENAME ~ /\.[ch]$/
        header_line = 1
    }
    FNR == 1 && /^#!/ { header_line = 2 }
    FNR == header_line {
        line = $0; sub(/\r$/, "", line)
        if (c) good = index(line, "/* " name ": ") == 1 && line ~ /\*\/$/
        else good = index(line, "# " name ": ") == 1 || index(line, "# " FILENAME ": ") == 1 ||
                    index(line, "dnl " name ": ") == 1
        if (!good) print "header", FILENAME, FNR, substr(line, 1, 80)
    }
    FNR == header_line + 1 && index($0, "SPDX-License-Identifier: MIT") == 0 {
        print "licence", FILENAME, FNR, substr($0, 1, 80)
    }
    {
        line = $0
        if (line ~ /\r$/) { print "crlf", FILENAME, FNR, ""; sub(/\r$/, "", line) }
        if (c && index(line, "\t")) print "tab", FILENAME, FNR, substr(line, 1, 80)
        if (line ~ /[ \t]$/) print "trailing", FILENAME, FNR, substr(line, 1, 80)
        s = line
        cont = gsub(/[\200-\277]/, "", s)   # UTF-8 continuation bytes take no column
        if (length(line) - cont > 100)
            print "long", FILENAME, FNR, "(" length(line) - cont " columns)"
    }' >"$tmp/found"

# Counts per rule and file.
"$AWK" '{ n[$1 " " $2]++ }
        END { for (k in n) { split(k, p, " "); print p[1], n[k], p[2] } }' "$tmp/found" \
    | LC_ALL=C sort -k1,1 -k3,3 >"$tmp/counts"

if [ "${1:-}" = --list ]; then
    echo "# style-allow.txt: violations of tests/style.sh that were there when it came in."
    echo "# RULE COUNT FILE: FILE may have COUNT violations of RULE; lower the counts, never raise."
    cat "$tmp/counts"
    exit 0
fi

if [ -r "$allow" ]; then grep -v '^#' "$allow" >"$tmp/allow"; else : >"$tmp/allow"; fi
nfiles=$(wc -l <"$tmp/files")
for rule in tab long trailing crlf header licence; do
    # Files with more violations than allowed, and files whose allowance can be lowered.
    "$AWK" -v rule="$rule" 'NR == FNR { if ($1 == rule) allowed[$3] = $2; next }
        $1 == rule { seen[$3] = $2 }
        END {
            for (f in seen) if (seen[f] > allowed[f] + 0) print "over", f, seen[f], allowed[f] + 0
            for (f in allowed)
                if (seen[f] + 0 < allowed[f]) print "under", f, seen[f] + 0, allowed[f]
        }' "$tmp/allow" "$tmp/counts" | LC_ALL=C sort >"$tmp/cmp.$rule"
    details=()
    while read -r what f n a; do
        if [ "$what" = over ]; then
            details+=("$f: $n, $a allowed:")
            details+=("$("$AWK" -v r="$rule" -v f="$f" '$1 == r && $2 == f {
                n = $3; $1 = $2 = $3 = ""; sub(/^ +/, ""); print "  " f ":" n ": " $0
            }' "$tmp/found")")
        else
            echo "# $f: $n $rule, $a allowed: lower it in tests/style-allow.txt"
        fi
    done <"$tmp/cmp.$rule"
    if [ ${#details[@]} -eq 0 ]; then
        ok "$rule: no new violation in $nfiles files"
    else
        bad "$rule: new violations" "${details[@]}"
    fi
done
tj_summary
