#!/usr/bin/env bash
# search_eval.sh: baseline runs of every scoring model on Vaswani/NPL and CACM (README's table).
# SPDX-License-Identifier: MIT
# The runs are evaluated by `trecjudge eval`.
#
# Usage: bench/search_eval.sh            (needs ../shared/data beside the source tree)
# Environment:
#   TRECJUDGE         the binary (default src/trecjudge)
#   TRECJUDGE_SHARED  the reference data directory (default ../shared)
#   BENCH_DIR         where campaigns and runs are kept (default /tmp/trecjudge-bench/search-eval)
#   SEARCH_ANALYSIS   options of `trecjudge index` (default: none, i.e. Snowball's English
#                     stemmer and stop words; "--stem porter --stopwords en" for Porter's)
# Every run uses the topics' title (Vaswani's and CACM's only field), depth 1000, and
# BM25's defaults (k1 0.9, b 0.4).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tj=${TRECJUDGE:-$root/src/trecjudge}
shared=${TRECJUDGE_SHARED:-$root/../shared}
work=${BENCH_DIR:-/tmp/trecjudge-bench}/search-eval
read -r -a analysis <<<"${SEARCH_ANALYSIS:-}"
d=$shared/data
for f in vaswani_npl/doc-text.trec vaswani_npl/query-text.trec vaswani_npl/qrels \
    cacm/cacm.jsonl cacm/topics.cacm.txt cacm/qrels.cacm.txt; do
    [ -f "$d/$f" ] || { echo "search_eval.sh: $d/$f not found" >&2; exit 2; }
done
[ -x "$tj" ] || { echo "search_eval.sh: no binary at $tj (run make)" >&2; exit 2; }
rm -rf "$work"
mkdir -p "$work"

# build NAME DOCS: a campaign of the collection, indexed.
build() {
    "$tj" init -d "$work/$1.tjdb" 2>/dev/null
    "$tj" docs import -d "$work/$1.tjdb" "$2" 2>/dev/null
    "$tj" index -d "$work/$1.tjdb" "${analysis[@]}" 2>/dev/null
}
build vaswani "$d/vaswani_npl/doc-text.trec"
build cacm "$d/cacm/cacm.jsonl"

# measures NAME QRELS MODEL TOPIC-OPTIONS...: "MAP P@10 nDCG@10" of one run.
measures() {
    local name=$1 qrels=$2 model=$3
    shift 3
    "$tj" search -d "$work/$name.tjdb" --model "$model" "$@" -o "$work/$name.$model.run" 2>/dev/null
    "$tj" eval -m map -m P.10 -m ndcg_cut.10 "$qrels" "$work/$name.$model.run" |
        awk '{ v[$1] = $3 } END { printf "%s | %s | %s", v["map"], v["P_10"], v["ndcg_cut_10"] }'
}

echo "| model | Vaswani MAP | P@10 | nDCG@10 | CACM MAP | P@10 | nDCG@10 |"
echo "|---|---|---|---|---|---|---|"
for m in jaccard tf logtf tfidf cosine bm25; do
    v=$(measures vaswani "$d/vaswani_npl/qrels" $m --topic-file "$d/vaswani_npl/query-text.trec")
    c=$(measures cacm "$d/cacm/qrels.cacm.txt" $m \
        --topic-file "$d/cacm/topics.cacm.txt" --topic-format docs)
    echo "| $m | $v | $c |"
done
echo
echo "(index: ${analysis[*]:-the default analysis}; runs and campaigns in $work)"
