#!/usr/bin/env bash
# make_runs.sh: remakes the demo's five runs with trecjudge search (five ranking functions).
# SPDX-License-Identifier: MIT
# The runs rank the demo's own documents.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
TRECJUDGE=${TRECJUDGE:-$here/../../src/trecjudge}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
c=$tmp/demo.tjdb
"$TRECJUDGE" init -d "$c" --scale graded4 2>/dev/null
"$TRECJUDGE" topics import -d "$c" "$here/topics.xml" 2>/dev/null
"$TRECJUDGE" docs import -d "$c" "$here/docs.sgml" 2>/dev/null
mkdir -p "$here/runs"
while read -r model fields tag; do
    "$TRECJUDGE" search -d "$c" --model "$model" --topics "$fields" --depth 60 --tag "$tag" \
        -o "$here/runs/$tag.run"
done <<'RUNS'
bm25 title+description bm25-td
tfidf title tfidf-t
cosine title+description cosine-td
logtf title logtf-t
jaccard title jaccard-t
RUNS
