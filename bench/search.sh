#!/usr/bin/env bash
# search.sh: index build throughput and query latency of `trecjudge index` and `search`.
# SPDX-License-Identifier: MIT
# Build throughput in MB/s and query latency (median, p99), on Vaswani and on 1M synthetic
# short documents.
#
# Usage: bench/search.sh [CASE...]     (cases: vaswani synthetic; default: both)
# Environment:
#   TRECJUDGE         the binary (default src/trecjudge; build it optimised: ./configure && make)
#   TRECJUDGE_SHARED  the reference data directory, for Vaswani (default ../shared)
#   BENCH_DIR         work directory (default /tmp/trecjudge-bench)
#   BENCH_REPEAT      index builds per case, the best is kept; query passes (default 3)
#   SEARCH_DOCS       documents of the synthetic collection (default 1000000)
#   CC, CFLAGS        compiler and flags for the generator and the query timer (default cc, -O2)
# The build time is the wall time of `trecjudge index --rebuild` (reading the documents
# from the campaign, tokenizing, writing the index file); MB/s counts the bytes of title
# and text indexed. Latency is index_query alone (BM25, depth 1000) on the index loaded
# in memory, timed by bench/search_query.c: Vaswani's 93 queries and 1,000 synthetic
# queries of 2-4 words, each run BENCH_REPEAT times.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tj=${TRECJUDGE:-$root/src/trecjudge}
shared=${TRECJUDGE_SHARED:-$root/../shared}
work=${BENCH_DIR:-/tmp/trecjudge-bench}/search
repeat=${BENCH_REPEAT:-3}
ndocs=${SEARCH_DOCS:-1000000}
cc=${CC:-cc}
cflags=${CFLAGS:--O2}

die() { echo "search.sh: $*" >&2; exit 2; }
[ -x "$tj" ] || die "no binary at $tj (run make)"
[[ $repeat =~ ^[1-9][0-9]*$ ]] || die "BENCH_REPEAT must be a positive integer"
[[ $ndocs =~ ^[1-9][0-9]*$ ]] || die "SEARCH_DOCS must be a positive integer"
mkdir -p "$work"

# The generator and the timer, compiled from the tree (the timer links the index module).
$cc $cflags -o "$work/gen_short_docs" "$root/bench/gen_short_docs.c" -lm
$cc $cflags -std=c11 -D_GNU_SOURCE -I"$root/src" \
    -o "$work/search_query" "$root/bench/search_query.c" \
    -DTJ_SRCDIR="\"$root\"" "$root"/src/text/chars.c "$root"/src/text/analyze.c \
    "$root"/src/text/tokenize.c "$root"/src/index/score.c "$root"/src/index/index.c \
    "$root"/src/index/file.c "$root"/src/util/*.c -lutf8proc -lstemmer -lm

# build NAME: the best of BENCH_REPEAT rebuilds; prints "seconds MB".
build() {
    local best='' out s mb
    for _ in $(seq "$repeat"); do
        out=$("$tj" index -d "$work/$1.tjdb" --rebuild 2>&1)
        # ".../x.tjdb.index: N documents (N added, X MB in S s), T terms, K tokens"
        mb=$(sed -n 's/.*added, \([0-9.]*\) MB in \([0-9.]*\) s.*/\1/p' <<<"$out")
        s=$(sed -n 's/.*added, \([0-9.]*\) MB in \([0-9.]*\) s.*/\2/p' <<<"$out")
        [ -n "$s" ] || die "unexpected output of trecjudge index: $out"
        if [ -z "$best" ] || awk -v a="$s" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$s; fi
    done
    echo "$best $mb"
}

report() {  # NAME DOCS
    local name=$1 r s mb size lat
    r=$(build "$name")
    s=${r% *}
    mb=${r#* }
    size=$(stat -c %s "$work/$name.tjdb.index")
    lat=$("$work/search_query" "$work/$name.tjdb.index" "$work/$name.queries.tsv" \
        bm25 1000 "$repeat")
    printf '%-10s %9s docs %8.1f MB  build %6.2f s  %6.1f MB/s  index %6.1f MB\n' \
        "$name" "$2" "$mb" "$s" \
        "$(awk -v m="$mb" -v s="$s" 'BEGIN { print (s > 0 ? m / s : 0) }')" \
        "$(awk -v b="$size" 'BEGIN { print b / 1e6 }')"
    printf '%-10s %s\n' "" "$lat"
}

cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(vaswani synthetic)
for c in "${cases[@]}"; do
    case $c in
    vaswani)
        d=$shared/data/vaswani_npl
        [ -f "$d/doc-text.trec" ] \
            || { echo "search.sh: $d not found; vaswani skipped" >&2; continue; }
        rm -f "$work/vaswani.tjdb" "$work/vaswani.tjdb.index"
        "$tj" init -d "$work/vaswani.tjdb" 2>/dev/null
        "$tj" docs import -d "$work/vaswani.tjdb" "$d/doc-text.trec" 2>/dev/null
        # <num>N</num><title> text </title>: one query a line.
        awk '/<num>/ { gsub(/.*<num>|<\/num>.*/, ""); q = $0; next }
             /<\/title>/ { print q "\t" t; t = ""; next }
             q != "" && !/<title>|<top>|<\/top>/ { t = t " " $0 }' "$d/query-text.trec" \
        >"$work/vaswani.queries.tsv"
        report vaswani 11429
        ;;
    synthetic)
        if [ ! -f "$work/synthetic.tjdb" ] \
            || [ "$(cat "$work/synthetic.n" 2>/dev/null)" != "$ndocs" ]; then
            rm -f "$work/synthetic.tjdb" "$work/synthetic.tjdb.index"
            "$work/gen_short_docs" "$work" "$ndocs"
            "$tj" init -d "$work/synthetic.tjdb" 2>/dev/null
            "$tj" docs import -d "$work/synthetic.tjdb" --format tsv "$work/docs.tsv" 2>/dev/null
            echo "$ndocs" >"$work/synthetic.n"
        fi
        cp "$work/queries.tsv" "$work/synthetic.queries.tsv"
        report synthetic "$ndocs"
        ;;
    *) die "unknown case '$c' (vaswani, synthetic)" ;;
    esac
done
