#!/usr/bin/env bash
# tsv_tables.sh: every TSV output of pool --stats and status is one rectangular table (robust03).
# SPDX-License-Identifier: MIT
#
# A campaign made in a temporary directory from the 17 TREC 2003 Robust runs, the
# robust04 topics and the robust03 qrels, with two assessors who judged a little. Each TSV
# output of 'pool --stats' and 'status' (every --table, and the defaults) is read with
# Python's csv module as pandas.read_csv(sep='\t') and R's read.delim read it: one header
# line, then rows with as many fields as the header, the numeric columns numbers on every
# row (a second table's header in the stream would not be).
# The reference data is not part of the project: without it the test is skipped (77).
# Environment: TRECJUDGE (the binary), TRECJUDGE_SHARED (the shared directory).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

tj_need data/trec2003_robust/robust03_qrels.txt data/trec2003_robust/runs \
    data/trec_adhoc/topics.robust04.txt
tj_need_binary
command -v python3 >/dev/null || tj_skip_all "python3 not found (it reads the tables)"
robust=$tj_shared/data/trec2003_robust

c=$tmp/c.tjdb
tj init -d "$c" --scale graded4 2>/dev/null \
    && tj runs import -d "$c" "$robust"/runs/input.*.gz 2>/dev/null \
    && tj topics import -d "$c" "$tj_shared/data/trec_adhoc/topics.robust04.txt" 2>/dev/null \
    && tj pool -d "$c" --depth 10 2>/dev/null \
    && tj qrels import -d "$c" "$robust/robust03_qrels.txt" 2>/dev/null \
    && tj assign -d "$c" ann 303 307 2>/dev/null && tj assign -d "$c" bob 307 2>/dev/null \
    || tj_bail "cannot build the campaign"
tj pool -d "$c" --export list | awk '$1 == 303 && n++ < 5 { print $1, $2, n % 3 }' \
    | tj judge -d "$c" --assessor ann --seconds 20 - >/dev/null 2>&1
tj pool -d "$c" --export list | awk '$1 == 307 && n++ < 3 { print $1, $2, 1 }' \
    | tj judge -d "$c" --assessor bob --seconds 30 - >/dev/null 2>&1

# table NAME ROWS NUMERIC-COLUMNS COMMAND...: the command's output is one table of ROWS data
# rows (- for any) whose columns NUMERIC-COLUMNS (1-based, comma-separated) are numbers,
# "-" or empty (NA) on every row.
table() {
    local name=$1 rows=$2 numeric=$3
    shift 3
    "$@" >"$tmp/out" 2>"$tmp/err"
    local st=$?
    if [ "$st" -ne 0 ]; then
        bad "$name" "exit status $st: $(head -1 "$tmp/err")"
        return
    fi
    if python3 - "$tmp/out" "$rows" "$numeric" >"$tmp/why" 2>&1 <<'EOF'; then
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
        if row[c] not in ("-", ""):
            float(row[c])  # a second header or a blank line would not be a number
if rows != "-":
    assert len(lines) - 1 == int(rows), "%d rows, want %s" % (len(lines) - 1, rows)
EOF
        local rows cols
        rows=$(($(wc -l <"$tmp/out") - 1))
        cols=$(head -1 "$tmp/out" | awk -F'\t' '{ print NF }')
        ok "$name: one table ($rows rows, $cols columns)"
    else
        bad "$name" "$(tail -1 "$tmp/why")" "$(head -3 "$tmp/out")"
    fi
}

# 250 topics and "all"; 17 runs; 17 * 16 / 2 pairs
table "pool --stats tsv" 101 2,3,4 tj pool -d "$c" --stats --format tsv
table "pool --stats tsv --table topics" 101 2,3,4 \
    tj pool -d "$c" --stats --format tsv --table topics
table "pool --stats tsv --table runs" 17 2,3 tj pool -d "$c" --stats --format tsv --table runs
table "pool --stats tsv --table overlap" 136 3 tj pool -d "$c" --stats --format tsv --table overlap
table "pool --overlap tsv" 136 3 tj pool -d "$c" --overlap --format tsv
table "pool --bias tsv" 18 2,3,4,5,6,7,8 tj pool -d "$c" --bias --format tsv
table "status --tsv" 251 2,3,4,5 tj status -d "$c" --tsv
table "status --tsv --table topics" 251 2,3,4,5 tj status -d "$c" --tsv --table topics
table "status --tsv --table judgments" 3 2,3 tj status -d "$c" --tsv --table judgments
table "status --tsv --table assessors" 4 2,3,4,5,6,7,8,9 tj status -d "$c" --tsv --table assessors
table "status --tsv --assessors" 4 2,3,4,5,6,7,8,9 tj status -d "$c" --tsv --assessors

# The files given instead of a campaign: the same tables.
runs=$(ls "$robust"/runs/input.*.gz | head -5)
# shellcheck disable=SC2086
table "pool --stats tsv on run files" 101 2,3,4 tj pool --depth 5 --stats --format tsv $runs
# shellcheck disable=SC2086
table "pool --stats tsv --table overlap on run files" 10 3 \
    tj pool --depth 5 --stats --format tsv --table overlap $runs

tj_summary
