#!/usr/bin/env bash
# simulate_cli.sh: `trecjudge simulate` on a small campaign made here, and on robust03.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
tj_need_binary

# Three runs of two topics (scores falling with rank); q1 is the example worked out by hand
# in tests/unit/test_pool.c. q3 of the qrels has no run: it is not simulated.
mk() {
    local qid=$1 tag=$2 s=10
    shift 2
    for d in "$@"; do
        printf '%s Q0 %s 0 %d %s\n' "$qid" "$d" "$s" "$tag"
        s=$((s - 1))
    done
}
{ mk q1 A d1 d2 d3; mk q2 A e1 e2 e3 e4; } >"$tmp/A.run"
{ mk q1 B d2 d4 d1; mk q2 B e5 e2 e1; } >"$tmp/B.run"
{ mk q1 C d3 d6 d7 d5; mk q2 C e2 e6 e5; } >"$tmp/C.run"
printf '%s\n' "q1 0 d1 1" "q1 0 d2 0" "q1 0 d3 1" "q1 0 d4 1" "q1 0 d5 2" \
    "q2 0 e1 0" "q2 0 e2 1" "q2 0 e5 1" "q2 0 e6 0" "q2 0 e9 1" "q3 0 x1 1" >"$tmp/qrels"
c=$tmp/c.tjdb
tj init -d "$c" >/dev/null 2>&1 && tj runs import -d "$c" "$tmp/A.run" "$tmp/B.run" "$tmp/C.run" \
    >/dev/null 2>&1 || tj_bail "cannot build the campaign"
sum_before=$(cksum <"$c")

tj simulate --help | grep -q "^usage: trecjudge simulate" && ok "--help" || bad "--help" "no usage"

# The golden outputs.
sim() { tj simulate -d "$c" --qrels "$tmp/qrels" --budgets 1,2,4,10 --depth 2 "$@"; }
for f in table json; do
    sim --format "$f" >"$tmp/got.$f" 2>"$tmp/err"
    st=$?
    [ $st -eq 0 ] && cmp -s "$tmp/got.$f" "$data/simulate_$f.expected" && [ ! -s "$tmp/err" ] \
        && ok "--format $f: the expected output" \
        || bad "--format $f" "exit $st" "$(diff "$data/simulate_$f.expected" "$tmp/got.$f")" \
               "$(cat "$tmp/err")"
done
sim --format tsv >"$tmp/got.tsv"
head -1 "$tmp/got.tsv" | grep -qx \
    "strategy	budget	judged	relevant_found	recall	tau	tau_ap	max_drop" \
    && [ "$(wc -l <"$tmp/got.tsv")" -eq 17 ] \
    && grep -qx "maxmean	4	8	4	0.80000000000000004	0.33333333333333331	0	1" "$tmp/got.tsv" \
    && ok "--format tsv: a header and a row per strategy and budget" \
    || bad "--format tsv" "$(cat "$tmp/got.tsv")"
# Budgets in any order, repeated: the same rows.
tj simulate -d "$c" --qrels "$tmp/qrels" --budgets 10,4,1,2,4 --depth 2 --format tsv \
    | cmp -s - "$tmp/got.tsv" && ok "budgets sorted, duplicates dropped" \
    || bad "budget order" "differs"
# The same seed, the same output; one strategy alone gives its rows of the whole.
sim --format tsv --seed 7 | cmp -s - "$tmp/got.tsv" && ok "deterministic" || bad "seed" "differs"
sim --format tsv --strategies mtf | tail -n +2 | cmp -s - <(grep "^mtf" "$tmp/got.tsv") \
    && ok "a strategy alone: its rows" || bad "--strategies mtf" "differs"
# -l 2: only q1's d5 is relevant, and no strategy reaches it at depth 2: every run's MAP is 0
# on the simulated judgments, tied (tau 0; tau_AP breaks ties by run order: C, first on the
# whole qrels, comes last, -1); recall has no denominator.
sim --format tsv -l 2 --strategies depth | grep -qx "depth	10	9	0	nan	0	-1	0" \
    && ok "-l 2" || bad "-l 2" "$(sim --format tsv -l 2 --strategies depth)"

# The trace, and the plots.
sim --trace --strategies depth | head -5 | tr '\n' '|' \
    | grep -qx "depth	q1	1	d1	1|depth	q1	2	d2	0|depth	q1	3	d3	1|depth	q1	4	d4	1|depth	q1	5	d6	0|" \
    && ok "--trace: depth-k grown one rank at a time" || bad "--trace" "$(sim --trace | head -5)"
sim --plot >"$tmp/plot" && grep -q "^Relevant documents found" "$tmp/plot" \
    && grep -q "judgments per topic" "$tmp/plot" && ok "--plot: a chart after the table" \
    || bad "--plot" "$(cat "$tmp/plot")"
sim --plot "$tmp/plot.svg" >"$tmp/out" && grep -q "<svg" "$tmp/plot.svg" \
    && grep -q ">maxmean<" "$tmp/plot.svg" && cmp -s "$tmp/out" "$tmp/got.table" \
    && ok "--plot FILE.svg: an SVG figure, the table on standard output" \
    || bad "--plot svg" "$(head -3 "$tmp/plot.svg")"

# The simulated order of a live strategy is what `pool --next` proposes when the same
# judgments are entered one after the other (the assessment screen's replay).
for strategy in mtf maxmean; do
    l=$tmp/$strategy.tjdb
    tj init -d "$l" >/dev/null 2>&1 && tj runs import -d "$l" "$tmp/A.run" "$tmp/B.run" \
        "$tmp/C.run" >/dev/null 2>&1 \
        && tj pool -d "$l" --strategy "$strategy" --depth 2 2>/dev/null \
        || bad "$strategy campaign" "cannot build"
    wrong=
    while IFS=$'\t' read -r _ qid step docno _; do
        next=$(tj pool -d "$l" --next "$qid" 2>/dev/null)
        [ "$next" = "$docno" ] || wrong="$wrong $qid:$step:$docno/$next"
        grade=$(awk -v q="$qid" -v d="$docno" '$1 == q && $3 == d { g = $4 } END { print g + 0 }' \
            "$tmp/qrels")
        tj judge -d "$l" "$qid" "$docno" "$grade" >/dev/null 2>&1 || wrong="$wrong judge:$docno"
    done < <(sim --trace --strategies "$strategy")
    [ -z "$wrong" ] && [ -z "$(tj pool -d "$l" --next q1 2>/dev/null)" ] \
        && ok "$strategy: the simulated order is pool --next's" || bad "$strategy order" "$wrong"
done

# Bad input: a clear message, the project's exit status, nothing changed.
expect() {   # STATUS PATTERN NAME ARG...
    local want=$1 pattern=$2 name=$3
    shift 3
    tj simulate "$@" >"$tmp/out" 2>"$tmp/err"
    local st=$?
    [ $st -eq "$want" ] && grep -q -- "$pattern" "$tmp/err" && [ ! -s "$tmp/out" ] \
        && ok "$name: exit $want" || bad "$name" "exit $st" "$(cat "$tmp/err")"
}
expect 2 "nope.qrels" "missing qrels file" -d "$c" --qrels "$tmp/nope.qrels"
expect 1 "qrels FILE is required" "no --qrels" -d "$c"
expect 1 "at least 1, not '0'" "budget 0" -d "$c" --qrels "$tmp/qrels" --budgets 10,0
expect 1 "not 'ten'" "budget not a number" -d "$c" --qrels "$tmp/qrels" --budgets ten
expect 1 "not ''" "empty budget" -d "$c" --qrels "$tmp/qrels" --budgets 5,
expect 1 "unknown strategy 'bandit' (known: depth, rrf, mtf, maxmean, cal)" "unknown strategy" \
    -d "$c" --qrels "$tmp/qrels" --strategies depth,bandit
expect 3 "run \`trecjudge index -d $c\` first" "cal without a search index" \
    -d "$c" --qrels "$tmp/qrels" --strategies cal
expect 1 "unknown --format" "unknown format" -d "$c" --qrels "$tmp/qrels" --format xml
expect 1 "usage" "an operand without --plot" -d "$c" --qrels "$tmp/qrels" extra
printf 'q1 0 d1\n' >"$tmp/bad.qrels"
expect 2 "bad.qrels:1:" "malformed qrels" -d "$c" --qrels "$tmp/bad.qrels"
printf 'z1 0 d1 1\n' >"$tmp/other.qrels"
expect 3 "no topic of the qrels" "no topic in common" -d "$c" --qrels "$tmp/other.qrels"
e=$tmp/empty.tjdb
tj init -d "$e" >/dev/null 2>&1
expect 3 "no runs imported" "empty campaign" -d "$e" --qrels "$tmp/qrels"
expect 2 "" "missing campaign" -d "$tmp/none.tjdb" --qrels "$tmp/qrels"
[ ! -e "$tmp/none.tjdb" ] && ok "a missing campaign is not created" || bad "none.tjdb" "created"
[ "$(cksum <"$c")" = "$sum_before" ] && [ ! -s "$c-wal" ] && [ ! -e "$c-journal" ] \
    && ok "the campaign is only read (its file unchanged, nothing in its WAL)" \
    || bad "campaign changed" "$(ls -l "$tmp")"

# robust03: the runs' MAP on the whole qrels is eval's (trec_eval's map).
runs=$tj_shared/data/trec2003_robust/runs
qrels=$tj_shared/data/trec2003_robust/robust03_qrels.txt
if [ -d "$runs" ] && [ -f "$qrels" ]; then
    r=$tmp/r.tjdb
    tj init -d "$r" >/dev/null 2>&1 && tj runs import -d "$r" "$runs"/input.*.gz >/dev/null 2>&1
    tj simulate -d "$r" --qrels "$qrels" --budgets 10 --strategies depth --format json \
        | sed -n 's/^ "map_full": {\(.*\)},$/\1/p' | tr ',' '\n' | tr -d '" ' | tr ':' ' ' \
        | awk 'NF == 2 { printf "%s %.4f\n", $1, $2 }' | sort >"$tmp/sim.map"
    for f in "$runs"/input.*.gz; do
        tag=$(gzip -dc "$f" | head -1 | awk '{ print $6 }')
        printf '%s %s\n' "$tag" "$(tj eval -m map "$qrels" "$f" | awk '{ print $3 }')"
    done | sort >"$tmp/eval.map"
    [ "$(wc -l <"$tmp/eval.map")" -eq 17 ] && cmp -s "$tmp/sim.map" "$tmp/eval.map" \
        && ok "robust03: MAP on the whole qrels is eval's for the 17 runs" \
        || bad "robust03 map" "$(diff "$tmp/eval.map" "$tmp/sim.map" | head -5)"
else
    why="$tj_shared_shown/data/trec2003_robust not found"
    skip "robust03 simulate" "$why (reference data is not shipped with the project)"
fi
tj_summary
