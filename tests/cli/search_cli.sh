#!/usr/bin/env bash
# search_cli.sh: tests of `trecjudge index` and `trecjudge search` on a small collection made here.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"

c=$tmp/c.tjdb
tj init -d "$c" 2>/dev/null
cat >"$tmp/docs.trec" <<'EOF'
<DOC><DOCNO>d1</DOCNO><TEXT>Pesticides found in baby food samples.</TEXT></DOC>
<DOC><DOCNO>d2</DOCNO><TEXT>Baby food prices rose; the pesticide trade fell. Pesticides again.</TEXT></DOC>
<DOC><DOCNO>d3</DOCNO><TEXT>Football results of the weekend.</TEXT></DOC>
<DOC><DOCNO>d4</DOCNO><TEXT>婴儿食品中的农药残留超标</TEXT></DOC>
<DOC><DOCNO>d5</DOCNO><TEXT>Пестициды в детском питании</TEXT></DOC>
EOF
tj docs import -d "$c" "$tmp/docs.trec" 2>/dev/null
tj topics import -d "$c" "$data/topics_clef_multilingual.xml" 2>/dev/null

tj index --help | grep -q "usage: trecjudge index" && ok "index --help" \
    || bad "index --help" "no usage"
tj search --help | grep -q "bm25" && ok "search --help" || bad "search --help" "no usage"
tj search -d "$c" --model okapi 2>"$tmp/err"; [ $? -eq 1 ] && grep -q "unknown model" "$tmp/err" \
    && ok "unknown model: usage error" || bad "unknown model" "$(cat "$tmp/err")"
tj search -d "$c" --depth 0 2>/dev/null; [ $? -eq 1 ] \
    && ok "--depth 0 refused" || bad "--depth 0" "accepted"
tj index -d "$tmp/none.tjdb" 2>/dev/null; [ $? -eq 2 ] \
    && ok "index: missing campaign" || bad "missing campaign" "status"

tj index -d "$c" --stem porter --stopwords en 2>"$tmp/err" && [ -s "$c.index" ] \
    && grep -q "5 documents (5 added" "$tmp/err" \
    && ok "index builds CAMPAIGN.index" || bad "index" "$(cat "$tmp/err")"
tj index -d "$c" 2>"$tmp/err" && grep -q "(0 added" "$tmp/err" && ok "index again: nothing to add" \
    || bad "index again" "$(cat "$tmp/err")"
printf '<DOC><DOCNO>d6</DOCNO><TEXT>Organic baby food without pesticides</TEXT></DOC>\n' \
    >"$tmp/more.trec"
tj docs import -d "$c" "$tmp/more.trec" 2>/dev/null
tj index -d "$c" 2>"$tmp/err" && grep -q "6 documents (1 added" "$tmp/err" \
    && ok "index adds new documents only" \
    || bad "incremental index" "$(cat "$tmp/err")"

# Topic 41's English title; the Porter stemmer matches "pesticide" and "Pesticides".
tj search -d "$c" --depth 10 >"$tmp/run" 2>"$tmp/err" || bad "search" "$(cat "$tmp/err")"
awk 'NF != 6 || $2 != "Q0" || $6 != "tj-bm25" { bad = 1 } END { exit bad }' "$tmp/run" \
    && grep -q "^41 Q0 d1 " "$tmp/run" && grep -q "^41 Q0 d2 " "$tmp/run" \
    && grep -q "^41 Q0 d6 " "$tmp/run" \
    && ! grep -q " d3 " "$tmp/run" && ok "search writes a TREC run" \
    || bad "search run" "$(cat "$tmp/run" "$tmp/err")"
# Ranks follow trec_eval's order: score descending, docno descending on ties.
sort -s -k1,1 -k5,5gr -k3,3r "$tmp/run" | cmp -s - "$tmp/run" \
    && awk '{ if ($1 != q) { q = $1; r = 0 } if ($4 != ++r) exit 1 }' "$tmp/run" \
    && ok "ranks in trec_eval order" || bad "order" "$(cat "$tmp/run")"
# The same run evaluated by trecjudge eval keeps the ranks printed.
printf '41 0 d2 1\n41 0 d3 1\n' >"$tmp/qrels"
tj eval -m num_rel_ret "$tmp/qrels" "$tmp/run" | grep -q "num_rel_ret.*all.*1" \
    && ok "eval reads the run" \
    || bad "eval" "$(tj eval "$tmp/qrels" "$tmp/run" 2>&1 | head -3)"
for m in jaccard tf logtf tfidf cosine bm25; do
    tj search -d "$c" --model $m --depth 3 >"$tmp/run.$m" 2>"$tmp/err" \
        && grep -q "tj-$m$" "$tmp/run.$m" \
        || bad "model $m" "$(cat "$tmp/err")"
done
ok "all six models run"

# Other languages: the Russian and Chinese titles of topic 41.
tj search -d "$c" --lang ru --depth 5 | grep -q "^41 Q0 d5 1 " && ok "search --lang ru (Cyrillic)" \
    || bad "--lang ru" "$(tj search -d "$c" --lang ru 2>&1 | head -3)"
tj search -d "$c" --lang zh --depth 5 | grep -q "^41 Q0 d4 1 " \
    && ok "search --lang zh (CJK bigrams)" \
    || bad "--lang zh" "$(tj search -d "$c" --lang zh 2>&1 | head -3)"
tj search -d "$c" --query "食品" | grep -q "^1	d4	" && ok "--query in Chinese" \
    || bad "--query zh" "no d4"
tj search -d "$c" --topics title+description --depth 3 | grep -q "^41 Q0 d1 " \
    && ok "--topics title+description" \
    || bad "--topics" "no d1"

# A topic file instead of the campaign's topics: TSV, and TREC documents used as queries.
printf 'q1\tfootball weekend\n' >"$tmp/topics.tsv"
tj search -d "$c" --topic-file "$tmp/topics.tsv" | grep -q "^q1 Q0 d3 1 " \
    && ok "--topic-file (tsv)" \
    || bad "--topic-file" "no d3"
printf '<DOC>\n<DOCNO> 7 </DOCNO>\nbaby food\n</DOC>\n' >"$tmp/queries.trec"
tj search -d "$c" --topic-file "$tmp/queries.trec" --topic-format docs | grep -q "^7 Q0 d" \
    && ok "--topic-format docs" || bad "--topic-format docs" "no results"

# --import stores the run; the same output again is recognised; another run needs another tag.
tj search -d "$c" --import --tag base 2>"$tmp/err" >"$tmp/out" && [ ! -s "$tmp/out" ] \
    && grep -q "imported run 'base'" "$tmp/err" \
    && ok "search --import" || bad "--import" "$(cat "$tmp/err")"
tj search -d "$c" --import --tag base 2>"$tmp/err" && grep -q "imported before" "$tmp/err" \
    && ok "search --import again: nothing changed" || bad "re-import" "$(cat "$tmp/err")"
tj search -d "$c" --import --tag base --model tf 2>"$tmp/err"; [ $? -ne 0 ] \
    && grep -q "already has a run" "$tmp/err" \
    && ok "a run tag is used once" || bad "tag twice" "$(cat "$tmp/err")"

# Documents found by a free-text search join a topic's pool, marked as found by search.
tj search -d "$c" --query "football" --add-to-pool 41 >/dev/null 2>"$tmp/err" \
    && grep -q "topic 41: 1 of 1 documents found by search added" "$tmp/err" \
    && tj status -d "$c" --tsv | grep -q "^41	1	0	0	0$" \
    && ok "--add-to-pool" || bad "--add-to-pool" "$(cat "$tmp/err")"
if command -v sqlite3 >/dev/null 2>&1; then
    [ "$(sqlite3 "$c" "SELECT source FROM pool WHERE docno = 'd3'")" = search ] \
        && ok "pooled by search, not by the pool" \
        || bad "pool source" "$(sqlite3 "$c" 'SELECT * FROM pool')"
fi
tj search -d "$c" --query "football" --add-to-pool 99 >/dev/null 2>"$tmp/err"; [ $? -eq 3 ] \
    && grep -q "no topic '99'" "$tmp/err" \
    && ok "--add-to-pool: unknown topic" || bad "pool unknown topic" "$(cat "$tmp/err")"

# A damaged index is reported, and --rebuild replaces it; other analysis options rebuild too.
head -c 100 "$c.index" >"$tmp/cut" && cp "$tmp/cut" "$c.index"
tj search -d "$c" >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] && grep -q "rebuild" "$tmp/err" \
    && ok "damaged index reported" || bad "damaged index" "$(cat "$tmp/err")"
tj index -d "$c" --rebuild --stem porter --stopwords en 2>"$tmp/err" \
    && tj search -d "$c" >/dev/null 2>&1 && ok "index --rebuild" \
    || bad "rebuild" "$(cat "$tmp/err")"
tj index -d "$c" --stem none 2>"$tmp/err" && grep -q "rebuilding" "$tmp/err" \
    && grep -q "(6 added" "$tmp/err" \
    && ok "other analysis options rebuild" || bad "analysis change" "$(cat "$tmp/err")"
tj search -d "$c" --query "pesticide" | grep -q "d2" \
    && ! tj search -d "$c" --query "pesticide" | grep -q "d1" \
    && ok "without stemming, pesticide is not pesticides" \
    || bad "no stem" "$(tj search -d "$c" --query pesticide)"

# Languages: Snowball's stemmer and stop words of the language asked for; a language
# without them, or a stop list that does not exist, is refused.
tj index -d "$c" --lang xx 2>"$tmp/err"; [ $? -eq 1 ] && grep -q "'xx'" "$tmp/err" \
    && ok "--lang: an unknown language is refused" || bad "--lang xx" "$(cat "$tmp/err")"
tj index -d "$c" --stopwords tlh 2>"$tmp/err"; [ $? -eq 1 ] && grep -q "'tlh'" "$tmp/err" \
    && ok "--stopwords: a list that does not exist is refused" \
    || bad "--stopwords tlh" "$(cat "$tmp/err")"
tj index -d "$c" --lang de 2>"$tmp/err" && grep -q "rebuilding" "$tmp/err" \
    && ok "--lang de rebuilds with German analysis" || bad "--lang de" "$(cat "$tmp/err")"

tj_summary
