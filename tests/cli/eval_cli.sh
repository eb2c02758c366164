#!/usr/bin/env bash
# eval_cli.sh: command-line tests of `trecjudge eval` on small files made for the project.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
tj_allow_valgrind

# same_output NAME EXPECTED-FILE ARGS...: stdout must equal the file, exit status 0.
same_output() {
    local name=$1 want=$2
    shift 2
    if "$TRECJUDGE" eval "$@" >"$tmp/out" 2>"$tmp/err"; then
        if cmp -s "$tmp/out" "$want"; then ok "$name"; else bad "$name" "output differs: $(diff "$tmp/out" "$want" | head -5)"; fi
    else
        bad "$name" "exit status $? ($(head -2 "$tmp/err"))"
    fi
}

# fails NAME STATUS PATTERN ARGS...: must exit with STATUS, print nothing on stdout,
# and say PATTERN on stderr.
fails() {
    local name=$1 want=$2 pattern=$3
    shift 3
    "$TRECJUDGE" eval "$@" >"$tmp/out" 2>"$tmp/err"
    local st=$?
    if [ "$st" -ne "$want" ]; then bad "$name" "exit status $st, wanted $want ($(head -2 "$tmp/err"))"
    elif ! grep -q -- "$pattern" "$tmp/err"; then bad "$name" "stderr lacks '$pattern': $(head -2 "$tmp/err")"
    elif [ -s "$tmp/out" ] && [ "$want" -ne 3 ]; then bad "$name" "printed output: $(head -2 "$tmp/out")"
    else ok "$name"; fi
}

q=$data/small.qrels
same_output "all_trec -q -c" "$data/small_a.aqc.expected" -q -c -m all_trec "$q" "$data/small_a.run"
same_output "interleaved topics, tabs, CRLF, unjudged topic" "$data/small_b.ac.expected" -c -m all_trec "$q" "$data/small_b.run"
same_output "default measures" "$data/small_a.expected" "$q" "$data/small_a.run"
same_output "options after files" "$data/small_a.expected" "$q" "$data/small_a.run" -m official

cat "$data/small_a.aqc.expected" >"$tmp/both"
grep -v -P '^\S+\s+q\d' "$data/small_a.aqc.expected" >"$tmp/a_summary"
cat "$tmp/a_summary" "$data/small_b.ac.expected" >"$tmp/both"
same_output "two runs in one call" "$tmp/both" -c -m all_trec "$q" "$data/small_a.run" "$data/small_b.run"

"$TRECJUDGE" eval "$q" - <"$data/small_a.run" >"$tmp/out" 2>&1 && cmp -s "$tmp/out" "$data/small_a.expected" \
    && ok "run on stdin" || bad "run on stdin" "$(head -3 "$tmp/out")"
gzip -c "$data/small_a.run" >"$tmp/a.run.gz"
gzip -c "$q" >"$tmp/q.gz"
same_output "gzip run and qrels" "$data/small_a.expected" "$tmp/q.gz" "$tmp/a.run.gz"

fails "qrels topic missing without -c" 3 "topic 'q3' is in the qrels but not in the run" "$q" "$data/small_b.run"
fails "missing run file" 2 "$tmp/nope.run: cannot open" "$q" "$tmp/nope.run"
fails "missing qrels file" 2 "$tmp/nope.qrels: cannot open" "$tmp/nope.qrels" "$data/small_a.run"
fails "directory as run" 2 "is a directory" "$q" "$tmp"
fails "unknown measure" 1 "illegal measure 'bogus'" -m bogus "$q" "$data/small_a.run"
fails "preference measures need preference judgments" 1 "is not supported without preference judgments (-R prefs or -R qrels_prefs)" -m all_prefs "$q" "$data/small_a.run"
jg=$data/small.qrels_jg
same_output "judgment groups -q" "$data/small_a.jg.q.expected" -q -R qrels_jg -m qrels_jg "$jg" "$data/small_a.run"
same_output "judgment groups -c, cut-offs" "$data/small_b.jg.c.expected" -c -R qrels_jg -m qrels_jg -m P_avgjg.1,2 "$jg" "$data/small_b.run"
fails "judgment groups need their measures" 1 "measure 'num_ret' cannot be computed from judgment-group qrels" -R qrels_jg "$jg" "$data/small_a.run"
fails "avgjg measure on plain qrels" 1 "measure 'map_avgjg' needs judgment-group qrels" -m map_avgjg "$q" "$data/small_a.run"
fails "preference judgments need their measures" 1 "measure 'num_ret' is not supported with preference judgments" -R prefs "$q" "$data/small_a.run"
printf 'q1 ann d01 1\nq1 bob d01 0\nq1 ann d01 2\n' >"$tmp/dup.jg"
fails "duplicate within a judgment group" 2 "dup.jg:3: duplicate judgment of document 'd01' for topic 'q1' in judgment group 'ann'" \
    -R qrels_jg -m qrels_jg "$tmp/dup.jg" "$data/small_a.run"
zargs=(-q -m num_ret -m num_rel_ret -m map -m gm_map -m P.5 -m num_q -m relstring.3 -m runid)
same_output "z-scores, a topic missing from the z-score file" "$data/small_a.z.expected" "${zargs[@]}" -Z "$data/small.zscores" "$q" "$data/small_a.run"
printf 'q1 map 0.5 0.25\n\nq1 P_5 0.4 -0.1\n' >"$tmp/neg.z"
fails "negative standard deviation" 2 "neg.z:3: standard deviation '-0.1' is negative" -Z "$tmp/neg.z" "$q" "$data/small_a.run"
fails "qrels as z-scores" 2 "small.qrels:2: mean 'd01' is not a finite number" -Z "$q" "$q" "$data/small_a.run"
fails "missing z-score file" 2 "nope.z: cannot open" -Z "$tmp/nope.z" "$q" "$data/small_a.run"
fails "z-scores need trec output" 1 "-Z works only with --format trec" --format tsv -Z "$data/small.zscores" "$q" "$data/small_a.run"
fails "bad -M" 1 "needs an integer" -M ten "$q" "$data/small_a.run"
fails "one file only" 1 "usage" "$q"
printf 'q1 Q0 d01 1 9.0 sysA\nq1 Q0 d02 2 x7 sysA\n' >"$tmp/badscore.run"
fails "bad score names file and line" 2 "badscore.run:2: score 'x7'" "$q" "$tmp/badscore.run"
printf 'q1 0 d01 1\nq1 0 d01 2\n' >"$tmp/dup.qrels"
fails "duplicate qrels line" 2 "dup.qrels:2: duplicate judgment" "$tmp/dup.qrels" "$data/small_a.run"
head -c 40 "$tmp/a.run.gz" >"$tmp/trunc.gz"
fails "truncated gzip" 2 "trunc.gz" "$q" "$tmp/trunc.gz"

"$TRECJUDGE" eval --format tsv -q "$q" "$data/small_a.run" >"$tmp/out" 2>&1
if head -1 "$tmp/out" | grep -q "^run	measure	topic	value$" && grep -q "^sysA	map	all	0.68518518518518512$" "$tmp/out" \
    && grep -q "^sysA	P_5	q1	0.40000000000000002$" "$tmp/out"; then ok "tsv output"; else bad "tsv output" "$(head -3 "$tmp/out")"; fi
"$TRECJUDGE" eval --format json -q "$q" "$data/small_a.run" "$data/small_a.run" >"$tmp/out" 2>&1
if grep -q '"run": "sysA"' "$tmp/out" && grep -q "\"map\": 0.6851851851" "$tmp/out" && [ "$(grep -c '"run"' "$tmp/out")" = 2 ] \
    && { ! command -v python3 >/dev/null || python3 -m json.tool "$tmp/out" >/dev/null; }; then ok "json output"
else bad "json output" "$(head -3 "$tmp/out")"; fi
"$TRECJUDGE" eval --help >"$tmp/out" 2>&1 && grep -q "usage: trecjudge eval" "$tmp/out" && ok "--help" || bad "--help" "$(head -2 "$tmp/out")"
"$TRECJUDGE" nosuchcommand >"$tmp/out" 2>&1
[ $? -eq 1 ] && grep -q "unknown command" "$tmp/out" && ok "unknown command" || bad "unknown command" "$(head -2 "$tmp/out")"

# Names are any bytes but white space, as trec_eval takes them (a campaign's name rule does
# not apply to eval): Latin-1 docnos and tags are evaluated, not refused.
printf 'q1 0 d\xe91 1\nq1 0 d2 0\n' >"$tmp/latin1.qrels"
printf 'q1 Q0 d\xe91 1 2.0 r\xfcn\nq1 Q0 d2 2 1.0 r\xfcn\n' >"$tmp/latin1.run"
"$TRECJUDGE" eval -m P.1 "$tmp/latin1.qrels" "$tmp/latin1.run" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q "^P_1[[:space:]]*all[[:space:]]*1.0000$" "$tmp/out" && ok "names as bytes (Latin-1 docno and tag)" \
    || bad "names as bytes" "$(cat "$tmp/out" "$tmp/err")"

# A run of over 16 MiB (this one: 18.7 MB) is read in pieces of about 4 MiB, cut between two
# topics, that two threads take in turn: the same output as the run read whole (from
# standard input).
awk 'BEGIN { OFS = "\t"; for (t = 1; t <= 450; t++) for (r = 1; r <= 1000; r++)
    print "t" t, "Q0", sprintf("DOC-%010d", (t * 7919 + r * 104729) % 10000000), r,
        sprintf("%.6f", 1000 - r + (r % 7 == 0)), "big" }' >"$tmp/big.run"
awk 'BEGIN { for (t = 1; t <= 450; t++) for (r = 1; r <= 300; r += 3)
    print "t" t, 0, sprintf("DOC-%010d", (t * 7919 + r * 104729) % 10000000), int(r / 3) % 3 }' \
    >"$tmp/big.qrels"
"$TRECJUDGE" eval -q -m all_trec "$tmp/big.qrels" - <"$tmp/big.run" >"$tmp/big.whole" 2>&1
same_output "a large run read in pieces" "$tmp/big.whole" -q -m all_trec "$tmp/big.qrels" \
    "$tmp/big.run"
# A topic in two pieces: read again whole, as any run whose topics are interleaved.
awk '!($1 == "t3" && $4 > 500)' "$tmp/big.run" >"$tmp/big2.run"
awk '$1 == "t3" && $4 > 500' "$tmp/big.run" >>"$tmp/big2.run"
"$TRECJUDGE" eval -q "$tmp/big.qrels" - <"$tmp/big2.run" >"$tmp/big2.whole" 2>&1
same_output "a large run with a topic in two pieces" "$tmp/big2.whole" -q "$tmp/big.qrels" \
    "$tmp/big2.run"
# A topic the qrels lack, in the first piece and the last, with one docno twice: refused as
# when the run is read whole, though eval ignores the topic otherwise.
{ printf 'zz\tQ0\tDUP\t1\t2.0\tbig\n'; cat "$tmp/big.run"; printf 'zz\tQ0\tDUP\t2\t1.0\tbig\n'; } \
    >"$tmp/big4.run"
fails "a topic outside the qrels in two pieces, a docno twice" 2 \
    "document 'DUP' retrieved twice for topic 'zz'" "$tmp/big.qrels" "$tmp/big4.run"
awk 'BEGIN { OFS = "\t" } NR == 350000 { $5 = "x7" } 1' "$tmp/big.run" >"$tmp/big3.run"
fails "an error in a later piece names its line" 2 "big3.run:350000: score 'x7'" \
    "$tmp/big.qrels" "$tmp/big3.run"
rm -f "$tmp"/big*

tj_summary
