#!/usr/bin/env bash
# pool_cli.sh: command-line tests of `trecjudge pool` on small runs made here and the robust03 runs.
# SPDX-License-Identifier: MIT
# The small runs' pools are worked out by hand.
set -u
. "$(dirname "$0")/../lib.sh"

# Run A, in trec_eval order: q1 d1 (3.0), d3 and d2 (tied at 2.0: the larger docno first),
# d4; q2 e1, e2. The lines are scrambled and the rank column lies.
printf '%s\n' "q1 Q0 d4 1 1.0 A" "q2 Q0 e2 1 0.5 A" "q1 Q0 d2 2 2.0 A" "q1 Q0 d1 9 3.0 A" \
    "q1 Q0 d3 4 2.0 A" "q2 Q0 e1 7 1.0 A" >"$tmp/A.run"
# Run B: q1 d5, d3, d1; q2 e3, e2.
printf 'q1\tQ0\td5\t1\t9\tB\nq1\tQ0\td3\t2\t8\tB\nq1\tQ0\td1\t3\t7\tB\n' >"$tmp/B.run"
printf 'q2\tQ0\te3\t1\t1.0\tB\nq2\tQ0\te2\t2\t0.9\tB\n' >>"$tmp/B.run"
# The same lines as A in another order.
sort -r "$tmp/A.run" >"$tmp/A2.run"

tj pool --help | grep -q "^usage: trecjudge pool" && ok "--help" || bad "--help" "no usage"

# Depth 2: q1 gets d1 d3 (A) and d5 d3 (B); q2 gets e1 e2 (A) and e3 e2 (B).
printf 'q1 d1\nq1 d3\nq1 d5\nq2 e1\nq2 e2\nq2 e3\n' >"$tmp/want"
tj pool --depth 2 "$tmp/A.run" "$tmp/B.run" >"$tmp/got" 2>"$tmp/err" \
    && cmp -s "$tmp/got" "$tmp/want" \
    && ok "depth 2 from run files (ties, scrambled lines)" \
    || bad "depth 2" "$(cat "$tmp/got" "$tmp/err")"
tj pool --depth 2 "$tmp/B.run" "$tmp/A2.run" | cmp -s - "$tmp/got" \
    && ok "byte-identical whatever the order of lines and runs" || bad "stable" "outputs differ"
tj pool --depth 2 --export qrels "$tmp/A.run" "$tmp/B.run" | head -1 | grep -qx "q1 0 d1 -1" \
    && ok "--export qrels (grade -1)" \
    || bad "--export qrels" "$(tj pool --depth 2 --export qrels "$tmp/A.run" "$tmp/B.run" |
        head -1)"
tj pool --depth 2 --export run --order priority "$tmp/A.run" "$tmp/B.run" -o "$tmp/pool.run" \
    && head -3 "$tmp/pool.run" | tr '\n' '|' \
    | grep -qx "q1 Q0 d1 1 3 pool|q1 Q0 d5 2 2 pool|q1 Q0 d3 3 1 pool|" \
    && ok "--export run -o, priority order" || bad "--export run" "$(head -3 "$tmp/pool.run")"
# The run-like export reads back as a run: its pool at any depth is the same pool.
tj pool --depth 0 "$tmp/pool.run" | cmp -s - "$tmp/want" && ok "the exported run reads back" \
    || bad "export reads back" "$(tj pool --depth 0 "$tmp/pool.run" 2>&1)"

# Statistics: q1 pools 3 (d1 only from A, d5 only from B), q2 pools 3 (e1 A, e3 B).
# TSV is one table with one header line (--table, default topics): what pandas and R read.
tj pool --depth 2 --stats --format tsv "$tmp/A.run" "$tmp/B.run" >"$tmp/got"
printf 'topic\tpooled\truns\tunique\nq1\t3\t2\t2\nq2\t3\t2\t2\nall\t6\t2\t4\n' >"$tmp/want.stats"
cmp -s "$tmp/got" "$tmp/want.stats" && ok "--stats --format tsv: the topics" \
    || bad "--stats tsv" "$(diff "$tmp/got" "$tmp/want.stats")"
tj pool --depth 2 --stats --format tsv --table topics "$tmp/A.run" "$tmp/B.run" \
    | cmp -s - "$tmp/want.stats" \
    && ok "--table topics is the default" || bad "--table topics" "differs from the default"
tj pool --depth 2 --stats --format tsv --table runs "$tmp/A.run" "$tmp/B.run" >"$tmp/got"
printf 'run\tcontributed\tunique\nA\t4\t2\nB\t4\t2\n' | cmp -s - "$tmp/got" \
    && ok "--table runs" || bad "--table runs" "$(cat "$tmp/got")"
tj pool --depth 2 --overlap --format tsv "$tmp/A.run" "$tmp/B.run" >"$tmp/got"
printf 'run_a\trun_b\tshared\nA\tB\t2\n' | cmp -s - "$tmp/got" \
    && ok "--overlap (d3 and e2 shared): its table" || bad "--overlap" "$(cat "$tmp/got")"
tj pool --depth 2 --stats --format tsv --table overlap "$tmp/A.run" "$tmp/B.run" \
    | cmp -s - "$tmp/got" \
    && ok "--table overlap without --overlap" || bad "--table overlap" "differs from --overlap"
# the text format: every table unless one is named
tj pool --depth 2 --stats --overlap "$tmp/A.run" "$tmp/B.run" >"$tmp/got"
[ "$(grep -c '^run ' "$tmp/got")" = 2 ] && grep -q '^all  *6  *2  *4$' "$tmp/got" \
    && tj pool --depth 2 --stats --table runs "$tmp/A.run" "$tmp/B.run" >"$tmp/got" \
    && [ "$(wc -l <"$tmp/got")" = 3 ] && grep -q '^run  *contributed' "$tmp/got" \
    && ok "--stats text: every table, or the one named" || bad "--stats text" "$(cat "$tmp/got")"
tj pool --depth 2 --stats --table pairs "$tmp/A.run" 2>"$tmp/err"; st=$?
[ $st -eq 1 ] && grep -q "table 'pairs' is not one of: topics, runs, overlap" "$tmp/err" \
    && ok "--table: an unknown table names the allowed ones" \
    || bad "--table pairs" "status $st: $(cat "$tmp/err")"
tj pool --depth 2 --table runs "$tmp/A.run" >/dev/null 2>&1; st1=$?
tj pool --depth 2 --stats --table runs --format json "$tmp/A.run" >/dev/null 2>&1; st2=$?
[ $st1 -eq 1 ] && [ $st2 -eq 1 ] && ok "--table needs --stats, and not json" \
    || bad "--table" "status $st1 $st2"
if command -v python3 >/dev/null; then
    tj pool --depth 2 --overlap --format json "$tmp/A.run" "$tmp/B.run" \
        | python3 -m json.tool >/dev/null \
        && ok "--stats --format json is JSON" || bad "json" "not JSON"
fi
tj pool --depth 2 --stats "$tmp/A.run" "$tmp/A.run" | grep -q "^A  *4  *0 " \
    && ok "a run given twice has no unique documents" \
    || bad "duplicate run" "$(tj pool --depth 2 --stats "$tmp/A.run" "$tmp/A.run")"

# Take@N and per-topic depth.
# RRF at candidate depth 3: q1 d1 = 1/61 + 1/63, d3 = 1/62 + 1/62, d5 = 1/61, d2 = 1/63:
# Take@2 keeps d1 and d3; q2 e2 = 1/62 + 1/62, e1 = 1/61, e3 = 1/61: e2, then e1 (docno).
tj pool --strategy rrf --depth 3 --budget 2 "$tmp/A.run" "$tmp/B.run" | tr '\n' '|' \
    | grep -qx "q1 d1|q1 d3|q2 e1|q2 e2|" \
    && ok "Take@2 by RRF" \
    || bad "rrf" "$(tj pool --strategy rrf --depth 3 --budget 2 "$tmp/A.run" "$tmp/B.run" |
        tr '\n' ' ')"
printf 'q2 1\n' >"$tmp/depths"
tj pool --depth 2 --depth-file "$tmp/depths" "$tmp/A.run" "$tmp/B.run" | tr '\n' '|' \
    | grep -qx "q1 d1|q1 d3|q1 d5|q2 e1|q2 e3|" \
    && ok "--depth-file" \
    || bad "--depth-file" "$(tj pool --depth 2 --depth-file "$tmp/depths" "$tmp/A.run" \
        "$tmp/B.run" | tr '\n' ' ')"

# Leave-one-run-out (worked out by hand): A MAP (0.5 + 0.25) / 2; without d1 and e1 (its
# unique documents, d1 relevant) (0 + 0.25) / 2. B (5/6 + 1) / 2; without d5 and e3,
# (1/3 + 1/2) / 2.
printf 'q1 0 d1 1\nq1 0 d3 0\nq1 0 d5 1\nq2 0 e1 0\nq2 0 e2 1\nq2 0 e3 1\n' >"$tmp/q.qrels"
tj pool --depth 2 --bias --qrels "$tmp/q.qrels" --format tsv "$tmp/A.run" "$tmp/B.run" >"$tmp/got"
grep -qx "A	2	1	0.375	0.125	-0.25	2	2" "$tmp/got" \
    && grep -qx "B	2	2	0.91666666666666663	0.41666666666666663	-0.5	1	1" "$tmp/got" \
    && ok "--bias: every digit" || bad "--bias" "$(cat "$tmp/got")"
# The "all" row: the documents one run alone found, the mean MAPs and change; rank NA.
grep -qx "all	4	3	0.64583333333333326	0.27083333333333331	-0.375	NA	NA" "$tmp/got" \
    && ok "--bias: the all row has no empty cell" || bad "--bias all" "$(cat "$tmp/got")"
tj pool --depth 2 --bias --qrels "$tmp/q.qrels" --format json "$tmp/A.run" "$tmp/B.run" \
    | grep -q '"map": 0.91666666666666663, "map_loo": 0.41666666666666663, "change": -0.5,' \
    && ok "--bias --format json: every digit" || bad "--bias json" "not every digit"

# Errors.
tj pool --strategy nope "$tmp/A.run" 2>/dev/null; [ $? -eq 1 ] \
    && ok "unknown strategy: exit 1" || bad "unknown strategy" "wrong status"
tj pool --budget 5 "$tmp/A.run" 2>/dev/null; [ $? -eq 1 ] \
    && ok "--budget with depth-k: exit 1" || bad "budget depth" "wrong status"
printf 'q1 Q0 d1 1 1.0 A\nq1 Q0 d1 2 0.5 A\n' >"$tmp/dup.run"
tj pool "$tmp/dup.run" 2>"$tmp/err"; [ $? -eq 2 ] && grep -q "dup.run:2:" "$tmp/err" \
    && ok "bad run: exit 2 with file:line" \
    || bad "bad run" "$(cat "$tmp/err")"

# A campaign: depth 1, a judgment, then depth 2 adds only the new documents after the old.
c=$tmp/c.tjdb
tj init -d "$c" 2>/dev/null && tj runs import -d "$c" "$tmp/A.run" "$tmp/B.run" 2>/dev/null
tj pool -d "$c" --depth 1 2>"$tmp/err" && grep -q "4 documents added" "$tmp/err" \
    && ok "campaign pool depth 1" \
    || bad "campaign depth 1" "$(cat "$tmp/err")"
tj judge -d "$c" q1 d1 1 >/dev/null 2>&1
tj pool -d "$c" --depth 2 -n 2>"$tmp/err" && grep -q "2 documents would be added" "$tmp/err" \
    && ok "--dry-run" \
    || bad "--dry-run" "$(cat "$tmp/err")"
tj pool -d "$c" --depth 2 2>"$tmp/err" && grep -q "2 documents added (4 pooled before)" "$tmp/err" \
    && ok "extension to depth 2" || bad "extension" "$(cat "$tmp/err")"
tj pool -d "$c" --export list | tr '\n' '|' | grep -qx "q1 d1|q1 d5|q1 d3|q2 e1|q2 e3|q2 e2|" \
    && ok "old documents keep their place, new ones follow" \
    || bad "positions" "$(tj pool -d "$c" --export list | tr '\n' ' ')"
tj qrels export -d "$c" | grep -qx "q1 0 d1 1" \
    && ok "judgments kept" || bad "judgments kept" "$(tj qrels export -d "$c")"
tj pool -d "$c" 2>"$tmp/err" && grep -q "depth 2: 2 topics, 0 documents added" "$tmp/err" \
    && ok "settings remembered (pool.depth)" || bad "settings" "$(cat "$tmp/err")"
tj pool -d "$c" --bias --format tsv | grep -q "^A	" \
    && ok "--bias on the campaign's judgments" || bad "campaign bias" "no row"

# Live strategies: the campaign's pool holds the candidates in their initial order.
l=$tmp/l.tjdb
tj init -d "$l" 2>/dev/null && tj runs import -d "$l" "$tmp/A.run" "$tmp/B.run" 2>/dev/null
tj pool -d "$l" --strategy mtf --budget 3 --depth 2 2>/dev/null \
    && tj pool -d "$l" --export list | tr '\n' '|' \
    | grep -qx "q1 d1|q1 d5|q1 d3|q2 e1|q2 e3|q2 e2|" \
    && ok "mtf: candidates in the initial order" \
    || bad "mtf pool" "$(tj pool -d "$l" --export list | tr '\n' ' ')"
tj pool -d "$l" -n 2>&1 | grep -q "^pool: mtf, depth 2:" \
    && ok "mtf settings remembered" \
    || bad "mtf settings" "$(tj pool -d "$l" -n 2>&1)"
tj pool -d "$l" --strategy depth -n 2>&1 | grep -q "^pool: depth, depth 2:" \
    && ok "back to depth-k despite a recorded budget" \
    || bad "depth after mtf" "$(tj pool -d "$l" --strategy depth -n 2>&1)"

# --next: what the assessment screen is told. q1's candidates are A = [d1 d3], B = [d5 d3].
# Move-to-Front: A's d1 (relevant: A stays), A's d3 (not relevant: A drops), B's d5; then
# the budget of 3 is spent.
nx() { tj pool -d "$l" "$@" 2>"$tmp/err"; }
seq_got=$(nx --next q1; tj judge -d "$l" q1 d1 1 >/dev/null 2>&1;
    nx --next q1; tj judge -d "$l" q1 d3 0 >/dev/null 2>&1;
    nx --next q1; tj judge -d "$l" q1 d5 1 >/dev/null 2>&1; nx --next q1; echo "[$?]")
[ "$seq_got" = "$(printf 'd1\nd3\nd5\n[0]')" ] &&
    grep -q "the budget is spent: 3/3 of budget judged" "$tmp/err" \
    && ok "--next follows Move-to-Front across processes" || bad "--next mtf" "$seq_got"
# q2: A = [e1 e2], B = [e3 e2]; e3 judged relevant first. MTF still starts with A's e1;
# MaxMean sees B at 2/3 against A's 1/2 and proposes e2.
tj judge -d "$l" q2 e3 1 >/dev/null 2>&1
[ "$(nx --next q2)" = e1 ] && [ "$(nx --strategy maxmean --next q2)" = e2 ] \
    && ok "--next: MaxMean uses judgments made before" \
    || bad "--next maxmean" "$(nx --next q2) $(nx --strategy maxmean --next q2)"
nx --next q9 >/dev/null; [ $? -eq 3 ] && grep -q "no topic 'q9'" "$tmp/err" \
    && ok "--next unknown topic: exit 3" || bad "--next q9" "$(cat "$tmp/err")"
tj pool -d "$c" --next q1 >/dev/null 2>&1; [ $? -eq 1 ] \
    && ok "--next needs a live strategy" || bad "--next depth" "wrong status"

# Real data: the depth-100 pool of the 17 robust03 runs is the union of each run's top 100
# per topic in trec_eval order, as a plain script computes it from the files.
runs=$tj_shared/data/trec2003_robust/runs
if [ -d "$runs" ] && command -v zcat >/dev/null; then
    for f in "$runs"/input.*.gz; do
        zcat "$f" | awk '{ print $1, $3, $5 }' | LC_ALL=C sort -k1,1 -k3,3gr -k2,2r |
            awk '{ if ($1 != q) { q = $1; n = 0 } if (++n <= 100) print $1, $2 }'
    done | LC_ALL=C sort -u >"$tmp/robust.want"
    tj pool --depth 100 "$runs"/input.*.gz | LC_ALL=C sort >"$tmp/robust.got"
    if [ -s "$tmp/robust.want" ] && cmp -s "$tmp/robust.got" "$tmp/robust.want"; then
        ndocs=$(wc -l <"$tmp/robust.want")
        ok "robust03: depth-100 pool of 17 runs matches the script ($ndocs documents)"
    else
        bad "robust03 pool" "$(diff "$tmp/robust.got" "$tmp/robust.want" | head -5)"
    fi
else
    why="$tj_shared_shown/data/trec2003_robust not found"
    why+=" (reference data is not shipped with the project)"
    skip "robust03 pool" "$why"
fi

tj_summary
