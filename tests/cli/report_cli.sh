#!/usr/bin/env bash
# report_cli.sh: command-line tests of `trecjudge report`, `compare` and `agreement`.
# SPDX-License-Identifier: MIT
# The live leaderboard equals `eval` on the exported qrels after every judgment; golden outputs.
set -u
. "$(dirname "$0")/../lib.sh"

runs="$data/report_alpha.run $data/report_beta.run $data/report_delta.run $data/report_gamma.run"
measures="map gm_map P.10 Rprec bpref recip_rank ndcg_cut.10"
measures+=" rbp.p=0.8 rbp_resid.p=0.8 err_cut.20 judged.10"

# eval's name of each label the report's columns carry.
label_names='MAP=map GMAP=gm_map P@10=P_10 R-prec=Rprec bpref=bpref MRR=recip_rank
 nDCG@10=ndcg_cut_10 RBP(0.8)=rbp_p=0.8 resid(0.8)=rbp_resid_p=0.8 ERR@20=err_cut_20
 judged@10=judged_10'
# "run measure value" lines from the report's TSV (every digit), rounded as eval prints them.
report_lines() {
    awk -F'\t' -v names="$label_names" '
        BEGIN {
            n = split(names, kv, /[ \n]+/)
            for (i = 1; i <= n; i++) {
                j = index(kv[i], "=")
                ev[substr(kv[i], 1, j - 1)] = substr(kv[i], j + 1)
            }
        }
        NR == 1 { for (i = 3; i <= NF; i++) name[i] = ($i in ev) ? ev[$i] : $i; next }
        { for (i = 3; i <= NF; i++) printf "%s %s %.4f\n", $2, name[i], $i }' | LC_ALL=C sort
}
# The same from `trecjudge eval` on the campaign's exported qrels, one run file at a time.
eval_lines() { # level
    tj qrels export -d "$c" >"$tmp/export.qrels" || return 1
    local m args=()
    for m in $measures; do args+=(-m "$m"); done
    for r in $runs; do
        tag=$(awk 'NR == 1 { print $6 }' "$r")
        tj eval -l "$1" "${args[@]}" "$tmp/export.qrels" "$r" \
            | awk -v t="$tag" '{ print t, $1, $3 }'
    done | LC_ALL=C sort
}

# ---- the report equals eval after every judgment ----
c=$tmp/c.tjdb
tj init -d "$c" --scale graded4 --relevance-level 2 2>/dev/null \
    && tj runs import -d "$c" $runs 2>/dev/null \
    && ok "campaign" || bad "campaign" "init or runs import failed"
# 36 judgments in a fixed order: the first qrels lines of each topic by ann, a few of them
# judged again by bob (higher or lower: the export keeps the highest), and changes of mind.
grep -v '^#' "$data/report.qrels" | awk 'NR % 6 == 1 || NR % 9 == 4 { print $1, $3, $4, "ann" }' \
    | head -30 >"$tmp/steps"
grep -v '^#' "$data/report.qrels" | awk 'NR % 11 == 1 { print $1, $3, ($4 + 2) % 4, "bob" }' \
    | head -4 >>"$tmp/steps"
head -2 "$tmp/steps" | awk '{ print $1, $2, 3 - $3, "ann" }' >>"$tmp/steps"
steps=0 equal=0 first_diff=""
while read -r q d g a; do
    tj judge -d "$c" --assessor "$a" --add-to-pool "$q" "$d" "$g" \
        || { bad "judge $q $d" "failed"; break; }
    steps=$((steps + 1))
    tj report -d "$c" -m map -m gm_map -m P.10 -m Rprec -m bpref -m recip_rank -m ndcg_cut.10 \
        -m rbp.p=0.8 -m rbp_resid.p=0.8 -m err_cut.20 -m judged.10 --format tsv \
        | report_lines >"$tmp/rep"
    eval_lines 2 >"$tmp/ev"
    if cmp -s "$tmp/rep" "$tmp/ev"; then
        equal=$((equal + 1))
    elif [ -z "$first_diff" ]; then
        first_diff="step $steps ($q $d $g $a): $(diff "$tmp/rep" "$tmp/ev" | head -4 | tr '\n' ' ')"
    fi
done <"$tmp/steps"
[ "$steps" -eq 36 ] && [ "$equal" -eq "$steps" ] && [ -s "$tmp/rep" ] \
    && ok "report equals eval on the exported qrels after each of $steps judgments" \
    || bad "report vs eval" "$equal of $steps equal; $first_diff"
# the default columns are the same measures
tj report -d "$c" --format tsv | report_lines | cmp -s - "$tmp/rep" && ok "default measures" \
    || bad "default measures" "differ from the explicit list"

# Other policies for several assessors: the report follows qrels export --policy.
for pol in majority mean primary=bob; do
    tj report -d "$c" -m map -m P.10 -m ndcg_cut.10 --policy $pol --format tsv \
        | report_lines >"$tmp/repp"
    tj qrels export -d "$c" --policy $pol >"$tmp/pol.qrels"
    for r in $runs; do
        tj eval -l 2 -m map -m P.10 -m ndcg_cut.10 "$tmp/pol.qrels" "$r" \
            | awk -v t="$(awk 'NR == 1 { print $6 }' "$r")" '{ print t, $1, $3 }'
    done | LC_ALL=C sort >"$tmp/evp"
    [ -s "$tmp/repp" ] && cmp -s "$tmp/repp" "$tmp/evp" \
        && ok "report --policy $pol" \
        || bad "report --policy $pol" "$(diff "$tmp/repp" "$tmp/evp" | head -3)"
done
cmp -s "$tmp/pol.qrels" "$tmp/export.qrels" \
    && bad "policies" "primary=bob exports what max does: the test proves nothing" \
    || ok "policies differ"

# JSON with the stability table is one object.
tj report -d "$c" -m map -m P.10 --stability --format json >"$tmp/j"
if command -v python3 >/dev/null; then
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1]))
assert len(d["leaderboard"]) == 4 and len(d["stability"]) == 1
assert d["relevance_level"] == 2 and d["policy"] == "max" and d["topics_judged"] > 0
assert d["measures"] == [{"label": "MAP", "trec_eval": "map"},
                         {"label": "P@10", "trec_eval": "P_10"}]
' "$tmp/j" 2>/dev/null
else
    head -1 "$tmp/j" | grep -q '^{"topics_judged": ' && grep -q '^ "leaderboard": \[$' "$tmp/j" \
        && tail -1 "$tmp/j" | grep -q '^}$'
fi && ok "json with stability" \
    || bad "json with stability" "not one JSON object: $(head -3 "$tmp/j")"

# Relevance level from the command line overrides the campaign's.
tj report -d "$c" -l 1 -m map -m P.10 --format tsv | report_lines >"$tmp/rep1"
tj eval -l 1 -m map -m P.10 "$tmp/export.qrels" $data/report_alpha.run \
    | awk '{ print "alpha", $1, $3 }' >"$tmp/ev1"
grep '^alpha ' "$tmp/rep1" | cmp -s - <(LC_ALL=C sort "$tmp/ev1") \
    && ok "report -l" || bad "report -l" "$(cat "$tmp/rep1")"

# Drill-down: a topic's values are eval -q's.
tj report -d "$c" -m map --topic r01 --format tsv \
    | awk -F'\t' 'NR > 1 { printf "%s %.4f\n", $2, $3 }' | LC_ALL=C sort >"$tmp/t1"
for r in $runs; do
    tj eval -q -l 2 -m map "$tmp/export.qrels" "$r" \
        | awk -v t="$(awk 'NR == 1 { print $6 }' "$r")" '$2 == "r01" { print t, $3 }'
done | LC_ALL=C sort >"$tmp/t2"
[ -s "$tmp/t1" ] && cmp -s "$tmp/t1" "$tmp/t2" \
    && ok "report --topic" || bad "report --topic" "$(diff "$tmp/t1" "$tmp/t2" | head -3)"

# The other drill-down: one run's topics, as eval -q prints them.
tj report -d "$c" -m map -m P.10 --run beta --format tsv \
    | awk -F'\t' 'NR > 1 { printf "%s map %.4f\n%s P_10 %.4f\n", $1, $2, $1, $3 }' \
    | LC_ALL=C sort >"$tmp/r1"
tj eval -q -l 2 -m map -m P.10 "$tmp/export.qrels" "$data/report_beta.run" \
    | awk '{ print $2, $1, $3 }' | LC_ALL=C sort >"$tmp/r2"
[ -s "$tmp/r1" ] && cmp -s "$tmp/r1" "$tmp/r2" \
    && ok "report --run" || bad "report --run" "$(diff "$tmp/r1" "$tmp/r2" | head -3)"

# Checkpoints and stability: the last checkpoint is the current state (tau 1).
tj report -d "$c" --stability --checkpoint-every 12 --format tsv >"$tmp/stab"
[ "$(grep -c '@checkpoint' "$tmp/stab")" -ge 3 ] \
    && grep -q "^MAP@checkpoint	MAP	[0-9]*	1	1$" "$tmp/stab" \
    && ok "stability checkpoints" || bad "stability" "$(cat "$tmp/stab")"

# --watch with --count redraws from the campaign (no clear-screen when not a terminal).
tj report -d "$c" -m map --watch 1 --count 2 >"$tmp/watch"
[ "$(grep -c '^rank' "$tmp/watch")" -eq 2 ] && ! grep -q $'\033' "$tmp/watch" \
    && ok "--watch" || bad "--watch" "$(head -3 "$tmp/watch")"

# ---- files: golden outputs ----
golden() { # name expected command...
    local name=$1 exp=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    if cmp -s "$tmp/out" "$exp"; then
        ok "$name"
    else
        bad "$name" "$(diff "$tmp/out" "$exp" | head -5) $(cat "$tmp/err")"
    fi
}
q=$data/report.qrels
golden "report text" "$data/report_board.expected" tj report "$q" $runs
golden "report md" "$data/report_board_md.expected" \
    tj report --format md -m map -m P.10 --sort P_10 "$q" $runs
golden "report latex" "$data/report_board_latex.expected" \
    tj report --format latex -m map -m ndcg_cut.10 "$q" $runs
golden "report json" "$data/report_board_json.expected" \
    tj report --format json -m map -m recip_rank "$q" $runs
# The t-test row beta/delta was checked against SciPy's ttest_rel on eval -q's per-topic
# MAP (printed to 4 decimals): t = 8.2020, p = 7.77e-05; here (full precision) t = 8.2028,
# p = 7.766e-05. Wilcoxon and sign: p = 0.0078125 both (all eight topics favour beta).
golden "compare all tests" "$data/report_compare.expected" \
    tj compare --test all --baseline delta "$q" $runs
golden "compare pairs tsv" "$data/report_compare_pairs.expected" \
    tj compare --format tsv --correction bonferroni --sided 1 "$q" $runs
golden "agreement" "$data/report_agreement.expected" tj agreement "$data/report_assessors.qrels_jg"
golden "agreement json" "$data/report_agreement_json.expected" \
    tj agreement --format json -l 2 "$data/report_assessors.qrels_jg"
golden "plot pr" "$data/report_plot_pr.expected" tj report --plot pr --runs beta,delta "$q" $runs
golden "plot rpdiff" "$data/report_plot_rpdiff.expected" tj report --plot rpdiff "$q" $runs
# The leaderboard's JSON gives each run and measure the 95% interval of its mean by t and by
# the percentile bootstrap, and each pair of runs its wins, ties and losses over topics,
# recomputed here from the per-topic values 'report --run' prints (t(0.975, 7) =
# 2.3646242515927853, from mpmath's incomplete beta at 40 digits).
if command -v python3 >/dev/null; then
    tj report --format json -m map -m P.10 -m num_rel_ret "$q" $runs >"$tmp/j" 2>"$tmp/err"
    for r in alpha beta gamma delta; do
        tj report --run $r --format tsv -m map -m P.10 "$q" $runs | sed "s/^/$r\t/"
    done >"$tmp/per"
    python3 - "$tmp/j" "$tmp/per" >"$tmp/why" 2>&1 <<'EOF2'
import json, math, sys
d = json.load(open(sys.argv[1]))
per = {}
for line in open(sys.argv[2]):
    run, topic, ap, p10 = line.rstrip("\n").split("\t")
    if topic not in ("topic", "all"):
        per.setdefault(run, {"MAP": [], "P@10": []})
        per[run]["MAP"].append(float(ap))
        per[run]["P@10"].append(float(p10))
ci = d["intervals"]
assert ci["level"] == 0.95 and ci["bootstrap"]["method"] == "percentile", ci
assert ci["bootstrap"]["resamples"] == 10000 and ci["bootstrap"]["resampled"] == "topics"
rows = ci["rows"]
assert [(r["run"], r["measure"]) for r in rows] == [
    (run, m) for run in ("beta", "gamma", "alpha", "delta") for m in ("MAP", "P@10")], rows
for r in rows:
    x = per[r["run"]][r["measure"]]
    n = len(x)
    mean = sum(x) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in x) / (n - 1))
    half = 2.3646242515927853 * sd / math.sqrt(n)
    assert r["topics"] == n == 8 and abs(r["mean"] - mean) < 1e-12, r
    assert abs(r["t_low"] - (mean - half)) < 1e-12 and abs(r["t_high"] - (mean + half)) < 1e-12, r
    assert min(x) <= r["bootstrap_low"] <= mean <= r["bootstrap_high"] <= max(x), r
wtl = d["win_tie_loss"]
assert wtl["per"] == "topic" and wtl["tie_tolerance"] == 1e-10
assert len(wtl["rows"]) == 2 * 6, wtl  # MAP and P@10 (num_rel_ret is a count), 6 pairs
for r in wtl["rows"]:
    a, b = per[r["run_a"]][r["measure"]], per[r["run_b"]][r["measure"]]
    pairs = list(zip(a, b))
    want = (sum(x > y + 1e-10 for x, y in pairs), sum(abs(x - y) <= 1e-10 for x, y in pairs),
            sum(x < y - 1e-10 for x, y in pairs))
    assert (r["wins"], r["ties"], r["losses"]) == want, (r, want)
EOF2
    [ $? -eq 0 ] && ok "report json: intervals and wins, ties, losses" \
        || bad "report json intervals" "$(tail -2 "$tmp/why")" "$(head -c 300 "$tmp/err")"
else
    skip "report json intervals" "python3 not found"
fi
# The stability table gives programs every digit (MAP and MRR order the four runs with one
# discordant pair of six: tau = 4/6), people four decimals.
tj report --stability --format tsv -m map -m recip_rank "$q" $runs >"$tmp/out" 2>"$tmp/err"
grep -q "^MAP	MRR	200	0.6666666666666666	0.666666666666666[67]$" "$tmp/out" \
    && tj report --stability --format json -m map -m recip_rank "$q" $runs \
    | grep -q '"tau": 0.6666666666666666, "tau_ap": 0.666666666666666[67]}' \
    && tj report --stability -m map -m recip_rank "$q" $runs \
    | grep -q "^MAP  *MRR  *200  *0.6667  *0.6667$" \
    && ok "stability: every digit in tsv and json" \
    || bad "stability digits" "$(cat "$tmp/out" "$tmp/err")"

# TSV is one table: with --stability the stability table alone (--table chooses).
tj report --stability --format tsv -m map -m recip_rank "$q" $runs >"$tmp/out" 2>"$tmp/err"
[ "$(head -1 "$tmp/out")" = "reference	compared	judgments	tau	tau_ap" ] \
    && ! grep -q "^rank" "$tmp/out" \
    && ok "stability --format tsv: one table" || bad "stability tsv one table" "$(cat "$tmp/out")"
tj report --stability --table leaderboard --format tsv -m map "$q" $runs >"$tmp/out" 2>"$tmp/err"
tj report --format tsv -m map "$q" $runs | cmp -s - "$tmp/out" \
    && ok "--table leaderboard --stability: the leaderboard alone" \
    || bad "table leaderboard" "$(cat "$tmp/out")"
tj report --table stability -m map -m recip_rank "$q" $runs >"$tmp/out" 2>"$tmp/err"
[ "$(head -1 "$tmp/out")" = "stability of the ranking of the runs" ] \
    && grep -q "^MAP  *MRR  *200  *0.6667  *0.6667$" "$tmp/out" \
    && ok "--table stability: the stability table alone" \
    || bad "table stability" "$(cat "$tmp/out")"
# Wins, ties and losses: the table for people and programs, the same counts as the JSON.
tj report --table wtl --format tsv -m map -m P.10 "$q" $runs >"$tmp/wtl" 2>"$tmp/err"
[ "$(head -1 "$tmp/wtl")" = "measure	run_a	run_b	topics	wins	ties	losses" ] \
    && [ "$(wc -l <"$tmp/wtl")" -eq 13 ] \
    && awk -F'\t' 'NR > 1 && $5 + $6 + $7 != $4 { exit 1 }' "$tmp/wtl" \
    && ok "--table wtl --format tsv" || bad "wtl tsv" "$(cat "$tmp/wtl" "$tmp/err")"
if command -v python3 >/dev/null; then
    tj report --format json -m map -m P.10 "$q" $runs | python3 -c '
import json, sys
for r in json.load(sys.stdin)["win_tie_loss"]["rows"]:
    keys = ("measure", "run_a", "run_b", "topics", "wins", "ties", "losses")
    print("\t".join(str(r[k]) for k in keys))
' >"$tmp/wtl_json"
    tail -n +2 "$tmp/wtl" | cmp -s - "$tmp/wtl_json" && ok "--table wtl: the JSON's win_tie_loss" \
        || bad "wtl json" "$(diff "$tmp/wtl_json" "$tmp/wtl" | head -5)"
else
    skip "wtl json" "python3 not found"
fi
tj report --table wtl -m map "$q" $runs >"$tmp/out" 2>"$tmp/err"
[ "$(head -1 "$tmp/out")" = "wins, ties and losses of run_a against run_b over the topics" ] \
    && grep -q "^MAP  *[a-z]*  *[a-z]*  *8  *[0-9]  *[0-9]  *[0-9]$" "$tmp/out" \
    && ok "--table wtl: for people" || bad "wtl text" "$(cat "$tmp/out" "$tmp/err")"
tj report --table wtl --format json "$q" $runs >/dev/null 2>&1; st1=$?
tj report --table wtl --topic r01 "$q" $runs >/dev/null 2>&1; st2=$?
tj report --table nope "$q" $runs >/dev/null 2>&1; st3=$?
[ $st1 -eq 1 ] && [ $st2 -eq 1 ] && [ $st3 -eq 1 ] \
    && ok "--table: with json, --topic wtl, unknown: exit 1" \
    || bad "table errors" "$st1 $st2 $st3"

tj report --plot ndcg --svg "$tmp/n.svg" "$q" $runs && grep -q '^<svg ' "$tmp/n.svg" \
    && [ "$(grep -c '<polyline' "$tmp/n.svg")" -eq 3 ] \
    && tail -1 "$tmp/n.svg" | grep -q '^</svg>$' && ok "plot --svg" \
    || bad "plot --svg" "$(head -3 "$tmp/n.svg")"
tj report --plot rpdiff --svg "$tmp/r.svg" "$q" $runs \
    && [ "$(grep -c '<rect x=[^>]*><title>' "$tmp/r.svg")" -eq 8 ] \
    && ok "rpdiff --svg" || bad "rpdiff --svg" "$(grep -c '<rect' "$tmp/r.svg")"

# Agreement from the campaign equals agreement from its per-assessor export.
tj agreement -d "$c" >"$tmp/a1" && tj qrels export -d "$c" --per-assessor >"$tmp/pa" \
    && tj agreement -l 2 "$tmp/pa" >"$tmp/a2" \
    && cmp -s "$tmp/a1" "$tmp/a2" && grep -q "^ann " "$tmp/a1" \
    && ok "agreement campaign = export" \
    || bad "agreement campaign" "$(diff "$tmp/a1" "$tmp/a2" | head -4)"

# ---- errors ----
tj report -m nosuch "$q" $runs >/dev/null 2>"$tmp/err"; [ $? -eq 1 ] \
    && grep -q "nosuch" "$tmp/err" && ok "unknown measure" \
    || bad "unknown measure" "$(cat "$tmp/err")"
tj report --sort nope "$q" $runs >/dev/null 2>"$tmp/err"; [ $? -eq 1 ] \
    && ok "unknown sort" || bad "unknown sort" "$(cat "$tmp/err")"
tj report --format xml "$q" $runs >/dev/null 2>"$tmp/err"; [ $? -eq 1 ] \
    && ok "unknown format" || bad "unknown format" "$(cat "$tmp/err")"
tj compare --test z "$q" $runs >/dev/null 2>"$tmp/err"; [ $? -eq 1 ] \
    && ok "unknown test" || bad "unknown test" "$(cat "$tmp/err")"
tj compare --baseline nobody "$q" $runs >/dev/null 2>"$tmp/err"; [ $? -eq 1 ] \
    && grep -q "nobody" "$tmp/err" && ok "unknown baseline" \
    || bad "unknown baseline" "$(cat "$tmp/err")"
# The leaderboard's letters and significance marks: beta (a) beats delta (d) on MAP by t
# (holm) and by Tukey's HSD; the title says the test; tsv stays bare numbers.
tj report -m map "$q" $runs | grep -q '^ *1  a  *beta  *0.3153^d$' \
    && ok "report: ^letters in text" \
    || bad "report letters" "$(tj report -m map "$q" $runs)"
tj report -m map --test tukey --format latex "$q" $runs | grep -q 'tukey test' \
    && tj report -m map --test tukey --format latex "$q" $runs \
       | grep -q 'beta & \\textbf{0.3153}\$^{bcd}\$' && ok "report --test tukey latex" \
    || bad "report tukey" "$(tj report -m map --test tukey --format latex "$q" $runs)"
tj report --format tsv "$q" $runs | awk -F'\t' '{ if ($4 ~ /\^/) exit 1 }' \
    && ok "report tsv: no marks" || bad "report tsv" "marks in tsv"
tj report --test bootstrap "$q" $runs >/dev/null 2>&1; [ $? -eq 1 ] && ok "report: unknown test" \
    || bad "report unknown test" "accepted"
# Tests of all runs at once: one p per pair, not corrected further (p_adj = p), seeded.
for t in tukey randomized-mc; do
    tj compare --format tsv --test $t "$q" $runs >"$tmp/mc" \
        && awk -F'\t' -v t=$t 'NR > 1 { n++; if ($9 != t || $11 != $12) bad = 1 }
            END { exit !(n == 6 && !bad) }' "$tmp/mc" \
        && tj compare --format tsv --test $t "$q" $runs | cmp -s - "$tmp/mc" \
        && ok "compare --test $t" || bad "compare --test $t" "$(cat "$tmp/mc")"
done
tj compare --format tsv --test tukey "$q" $runs | awk -F'\t' '$2 == "beta" && $3 == "delta" {
    exit !($11 < 0.001) }' && ok "tukey: beta beats delta" || bad "tukey" "beta-delta p"
# Several measures: each is compared on its own, as if alone (-m P: every cutoff).
tj compare --format tsv -m map -m P.10 "$q" $runs >"$tmp/c2" \
    && tj compare --format tsv -m map "$q" $runs >"$tmp/c_map" \
    && tj compare --format tsv -m P.10 "$q" $runs >"$tmp/c_p10" \
    && { cat "$tmp/c_map"; tail -n +2 "$tmp/c_p10"; } | cmp -s - "$tmp/c2" \
    && ok "compare each measure" || bad "compare -m map -m P.10" "$(head -3 "$tmp/c2")"
tj compare --format tsv -m P "$q" $runs >"$tmp/cp" \
    && [ "$(cut -f1 "$tmp/cp" | sort -u | wc -l)" -eq 10 ] \
    && ok "compare -m P: every cutoff" || bad "compare -m P" "$(cut -f1 "$tmp/cp" | sort -u)"
tj report "$q" "$tmp/none.run" >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] \
    && ok "missing run file" || bad "missing run" "$(cat "$tmp/err")"
tj report --watch 1 "$q" $runs >/dev/null 2>"$tmp/err"; [ $? -eq 1 ] \
    && ok "--watch needs a campaign" || bad "--watch files" "$(cat "$tmp/err")"
for cmd in report compare agreement; do
    tj $cmd --help | grep -q "^usage: trecjudge $cmd" && ok "$cmd --help" \
        || bad "$cmd --help" "no usage"
done

tj_summary
