#!/usr/bin/env bash
# tsv_tables.sh: every TSV output of trecjudge is one rectangular table (robust03).
# SPDX-License-Identifier: MIT
#
# A campaign made in a temporary directory from the 17 TREC 2003 Robust runs, the
# robust04 topics and the robust03 qrels, with two assessors who judged a little. Each TSV
# output (every command's, every --table, and the defaults) is read with Python's csv module
# as pandas.read_csv(sep='\t') and R's read.delim read it (tj_tsv_table, ../lib.sh): one
# header line, then rows with as many fields as the header, the numeric columns a number
# or NA on every row (a second table's header in the stream would not be).
# tests/cli/tsv_tables_cli.sh checks the same on the project's small files, always.
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

table() { tj_tsv_table "$@"; }
r=$robust/robust03_qrels.txt

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
table "runs list tsv" 17 2,3,4 tj runs list -d "$c" --format tsv
table "assign --list tsv" 2 2 tj assign -d "$c" --list --format tsv
table "assign --list tsv --table assessors" 2 2 \
    tj assign -d "$c" --list --format tsv --table assessors
table "assign --list tsv --table topics" 250 2 tj assign -d "$c" --list --format tsv --table topics
# the 17 runs over the 100 judged topics; 9 effectiveness measures (not judged@10, resid) * 136
table "report tsv" 17 1,3,4,5,6,7,8,9,10,11,12,13 tj report -d "$c" --format tsv
table "report tsv --stability" - 3,4,5 tj report -d "$c" --format tsv --stability
table "report tsv --stability --checkpoint-every" - 3,4,5 \
    tj report -d "$c" --format tsv --stability --checkpoint-every 20000
table "report tsv --table leaderboard --stability" 17 1,3,4 \
    tj report -d "$c" --format tsv --table leaderboard --stability
table "report tsv --table stability" 10 3,4,5 tj report -d "$c" --format tsv --table stability
table "report tsv --table wtl" 1224 4,5,6,7 tj report -d "$c" --format tsv --table wtl
table "report tsv --topic" 17 1,3,4 tj report -d "$c" --format tsv --topic 303
table "report tsv --run" 101 2,3,4 tj report -d "$c" --format tsv --run pircRBa1
table "report tsv --run --stability" 10 3,4,5 \
    tj report -d "$c" --format tsv --run pircRBa1 --stability
table "compare tsv" 136 4,5,6,7,8,10,11,12 tj compare -d "$c" --format tsv
table "compare tsv, two measures" 272 4,5,6,7,8,10,11,12 \
    tj compare -d "$c" --format tsv -m map -m P.10
table "agreement tsv" 3 3,4,5,6,7 tj agreement -d "$c" --format tsv
table "agreement tsv --table pairs" 3 3,4,5,6,7 tj agreement -d "$c" --format tsv --table pairs
table "agreement tsv --table adjudication" 0 2,3 \
    tj agreement -d "$c" --format tsv --table adjudication
table "simulate tsv" 4 2,3,4,5,6,7,8 \
    tj simulate -d "$c" --qrels "$r" --strategies depth,rrf --budgets 10,20 --format tsv
runs3=$(ls "$robust"/runs/input.*.gz | head -3)
# shellcheck disable=SC2086
table "eval tsv" - 4 tj eval --format tsv -m map -m P.10 -m num_q "$r" $runs3
# shellcheck disable=SC2086
table "eval tsv -q" - 4 tj eval --format tsv -q -m map -m ndcg -m P.10 "$r" $runs3

# The files given instead of a campaign: the same tables.
runs=$(ls "$robust"/runs/input.*.gz | head -5)
# shellcheck disable=SC2086
table "pool --stats tsv on run files" 101 2,3,4 tj pool --depth 5 --stats --format tsv $runs
# shellcheck disable=SC2086
table "pool --stats tsv --table overlap on run files" 10 3 \
    tj pool --depth 5 --stats --format tsv --table overlap $runs

tj_summary
