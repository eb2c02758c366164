#!/usr/bin/env bash
# tsv_tables_cli.sh: every TSV output of trecjudge is one rectangular table (the project's files).
# SPDX-License-Identifier: MIT
#
# A campaign made from the project's four report runs and their qrels, with two assessors
# who judged a little and an assignment. Each TSV output (every command's, every --table
# and the defaults) is read as pandas and R read it (tj_tsv_table, ../lib.sh): one header
# line, rows as wide as the header, numeric columns a number or NA on every row.
# tests/golden/tsv_tables.sh does the same on TREC 2003 Robust when the reference data is
# there; this one needs nothing outside the project.
set -u
. "$(dirname "$0")/../lib.sh"
tj_need_binary
command -v python3 >/dev/null || tj_skip_all "python3 not found (it reads the tables)"
table() { tj_tsv_table "$@"; }

runs="$data/report_alpha.run $data/report_beta.run $data/report_delta.run $data/report_gamma.run"
q=$data/report.qrels
c=$tmp/c.tjdb
# shellcheck disable=SC2086
tj init -d "$c" --scale graded4 2>/dev/null && tj runs import -d "$c" $runs 2>/dev/null \
    && tj pool -d "$c" --depth 5 2>/dev/null && tj qrels import -d "$c" "$q" 2>/dev/null \
    && tj assign -d "$c" ann r01 r02 2>/dev/null && tj assign -d "$c" bob r02 2>/dev/null \
    || tj_bail "cannot build the campaign"
tj pool -d "$c" --export list | awk '$1 == "r01" && n++ < 5 { print $1, $2, n % 3 }' \
    | tj judge -d "$c" --assessor ann --seconds 20 - >/dev/null 2>&1
tj pool -d "$c" --export list | awk '$1 == "r02" && n++ < 4 { print $1, $2, 1 }' \
    | tj judge -d "$c" --assessor bob - >/dev/null 2>&1

# 8 topics and "all"; 4 runs, 6 pairs; the assessors ann, bob, qrels and "all"
table "pool --stats tsv" 9 2,3,4 tj pool -d "$c" --stats --format tsv
table "pool --stats tsv --table runs" 4 2,3 tj pool -d "$c" --stats --format tsv --table runs
table "pool --overlap tsv" 6 3 tj pool -d "$c" --overlap --format tsv
table "pool --bias tsv" 5 2,3,4,5,6,7,8 tj pool -d "$c" --bias --format tsv
# shellcheck disable=SC2086
table "pool --bias tsv on run files" 5 2,3,4,5,6,7,8 \
    tj pool --depth 5 --bias --qrels "$q" --format tsv $runs
table "status --tsv" 9 2,3,4,5 tj status -d "$c" --tsv
table "status --tsv --table judgments" 3 2,3 tj status -d "$c" --tsv --table judgments
table "status --tsv --table assessors" 4 2,3,4,5,6,7,8,9 tj status -d "$c" --tsv --table assessors
table "runs list tsv" 4 2,3,4 tj runs list -d "$c" --format tsv
table "assign --list tsv" 2 2 tj assign -d "$c" --list --format tsv
table "assign --list tsv --table topics" 8 2 tj assign -d "$c" --list --format tsv --table topics
table "report tsv" 4 1,3,4,5,6,7,8,9,10,11,12,13 tj report -d "$c" --format tsv
table "report tsv --stability" - 3,4,5 tj report -d "$c" --format tsv --stability
table "report tsv --table leaderboard --stability" 4 1,3,4 \
    tj report -d "$c" --format tsv --table leaderboard --stability
table "report tsv --table wtl" - 4,5,6,7 tj report -d "$c" --format tsv --table wtl
table "report tsv --topic" 4 1,3,4 tj report -d "$c" --format tsv --topic r01
table "report tsv --run" 9 2,3,4 tj report -d "$c" --format tsv --run beta
table "report tsv --run --stability" - 3,4,5 tj report -d "$c" --format tsv --run beta --stability
table "compare tsv" 6 4,5,6,7,8,10,11,12 tj compare -d "$c" --format tsv
table "agreement tsv" - 3,4,5,6,7 tj agreement -d "$c" --format tsv
table "agreement tsv --table adjudication" 0 2,3 \
    tj agreement -d "$c" --format tsv --table adjudication
table "agreement tsv on a file" 4 3,4,5,6,7 \
    tj agreement --format tsv "$data/report_assessors.qrels_jg"
table "simulate tsv" 4 2,3,4,5,6,7,8 \
    tj simulate -d "$c" --qrels "$q" --strategies depth,rrf --budgets 5,10 --format tsv
# shellcheck disable=SC2086
table "eval tsv" 8 4 tj eval --format tsv -m map -m P.10 "$q" $runs
# shellcheck disable=SC2086
table "eval tsv -q" - 4 tj eval --format tsv -q -m map -m ndcg "$q" $runs
# shellcheck disable=SC2086
table "report tsv on files, --stability" - 3,4,5 tj report --format tsv --stability "$q" $runs

tj_summary
