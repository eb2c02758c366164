#!/usr/bin/env bash
# adjudicate_cli.sh: tests of adjudication: judge --adjudicate, --policy adjudicated, agreement.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
tj_need_binary
command -v sqlite3 >/dev/null 2>&1 || tj_skip_all "sqlite3 is not installed"
c=$tmp/c.tjdb
# two assessors: D1 and D3 disputed, D2 agreed, D4 judged by alice alone
printf '41 0 D1 2\n41 0 D2 0\n41 0 D3 1\n42 0 D4 3\n' >"$tmp/a.qrels"
printf '41 0 D1 0\n41 0 D2 0\n41 0 D3 3\n' >"$tmp/b.qrels"
{ tj init -d "$c" --scale graded4 && tj qrels import -d "$c" --assessor alice "$tmp/a.qrels" &&
  tj qrels import -d "$c" --assessor bob "$tmp/b.qrels"; } >"$tmp/setup" 2>&1 \
    || tj_bail "setup: $(cat "$tmp/setup")"
# what the assessment screen records (assess --adjudicate), written directly: D1 sides with
# bob, D3 with neither; X9 was adjudicated, then its judgments withdrawn
sqlite3 "$c" "INSERT INTO adjudications(topic_id, docno, grade, note, adjudicator, updated_at)
  SELECT id, 'D1', 0, 'off topic', 'judy', 'now' FROM topics WHERE qid = '41';
  INSERT INTO adjudications(topic_id, docno, grade, note, adjudicator, updated_at)
  SELECT id, 'D3', 2, NULL, 'judy', 'now' FROM topics WHERE qid = '41';
  INSERT INTO adjudications(topic_id, docno, grade, note, adjudicator, updated_at)
  SELECT id, 'X9', 1, NULL, 'judy', 'now' FROM topics WHERE qid = '42';" \
    || tj_bail "sqlite3 insert"

tj qrels export -d "$c" --policy adjudicated >"$tmp/out" 2>"$tmp/err"; st=$?
printf '41 0 D1 0\n41 0 D2 0\n41 0 D3 2\n42 0 D4 3\n42 0 X9 1\n' | cmp -s - "$tmp/out" &&
    [ $st -eq 0 ] \
    && ok "--policy adjudicated: adjudicated grades, max for the others" \
    || bad "adjudicated" "exit $st, $(cat "$tmp/out" "$tmp/err")"
# without adjudication the default policy (max) is unchanged
tj qrels export -d "$c" >"$tmp/max"
printf '41 0 D1 2\n41 0 D2 0\n41 0 D3 3\n42 0 D4 3\n' | cmp -s - "$tmp/max" \
    && ok "the default policy ignores adjudications" || bad "max" "$(cat "$tmp/max")"
# the fallback grades the documents not adjudicated
printf '41 0 D5 1\n' >"$tmp/a2.qrels"
printf '41 0 D5 2\n' >"$tmp/b2.qrels"
printf '41 0 D5 0\n' >"$tmp/c2.qrels"
{ tj qrels import -d "$c" --assessor alice "$tmp/a2.qrels" &&
  tj qrels import -d "$c" --assessor bob "$tmp/b2.qrels" &&
  tj qrels import -d "$c" --assessor cy "$tmp/c2.qrels"; } >/dev/null 2>&1 || bad "import D5" ""
fallback() {   # policy, D5's grade
    tj qrels export -d "$c" --policy "$1" >"$tmp/out" 2>"$tmp/err"
    grep -qx "41 0 D5 $2" "$tmp/out" && grep -qx "41 0 D1 0" "$tmp/out" \
        && ok "--policy $1: D5 (not adjudicated) gets $2" || bad "$1" "$(cat "$tmp/out" "$tmp/err")"
}
fallback adjudicated 2
fallback adjudicated,max 2
fallback adjudicated,mean 1
fallback adjudicated,primary=cy 0
tj qrels export -d "$c" --policy adjudicated,median >/dev/null 2>"$tmp/err"; st=$?
[ $st -eq 1 ] && grep -q "unknown fallback policy in 'adjudicated,median'" "$tmp/err" \
    && ok "an unknown fallback is refused" || bad "bad fallback" "exit $st, $(cat "$tmp/err")"
tj qrels export -d "$c" --policy adjudicatedx >/dev/null 2>"$tmp/err"; st=$?
[ $st -eq 1 ] && ok "a policy that only begins with adjudicated is refused" \
    || bad "adjudicatedx" "exit $st"
# the per-assessor export and status never show the adjudicator
tj qrels export -d "$c" --per-assessor | grep -q judy && bad "per-assessor" "judy exported" \
    || ok "the adjudicator is not an assessor in --per-assessor"
tj status -d "$c" | grep -q judy && bad "status" "judy listed" \
    || ok "status does not list the adjudicator"

# agreement: how often adjudication sided with each assessor, never an assessor itself
tj agreement -d "$c" >"$tmp/ag" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && grep -qx "adjudication: 3 documents adjudicated" "$tmp/ag" \
    && grep -qx "adjudication sided with alice: 0 of 2 (0.0%)" "$tmp/ag" \
    && grep -qx "adjudication sided with bob: 1 of 2 (50.0%)" "$tmp/ag" \
    && ok "agreement: adjudication sided with each assessor" \
    || bad "agreement" "exit $st, $(cat "$tmp/ag" "$tmp/err")"
grep -q "adjudication sided with cy" "$tmp/ag" && bad "cy" "cy judged no adjudicated document" \
    || ok "an assessor who judged no adjudicated document has no line"
grep -v "^adjudication" "$tmp/ag" | grep -q judy && bad "judy in agreement" "$(cat "$tmp/ag")" \
    || ok "the adjudicator is not counted as an assessor"
tj agreement -d "$c" --format tsv --table adjudication >"$tmp/tsv" \
    && [ "$(cat "$tmp/tsv")" = "assessor	sided	judged
alice	0	2
bob	1	2" ] && ok "agreement --format tsv --table adjudication: one table" \
    || bad "tsv adjudication" "$(cat "$tmp/tsv")"
tj agreement -d "$c" --format tsv >"$tmp/tsv" && head -1 "$tmp/tsv" | grep -q "^assessor_a	" \
    && ! grep -q "adjudication\|^$" "$tmp/tsv" && ok "agreement --format tsv: the pairs alone" \
    || bad "tsv pairs" "$(cat "$tmp/tsv")"
tj agreement -d "$c" --table adjudication >"$tmp/ag1" && grep -q "^adjudication" "$tmp/ag" \
    && [ "$(grep "^adjudication" "$tmp/ag")" = "$(cat "$tmp/ag1")" ] \
    && ok "agreement --table adjudication: the lines alone" \
    || bad "text adjudication" "$(cat "$tmp/ag1")"
tj agreement -d "$c" --format json >"$tmp/json" && ! grep -q adjudication "$tmp/json" \
    && ok "json output is left as it is" || bad "json" "$(tail -3 "$tmp/json")"
sqlite3 "$c" "DELETE FROM adjudications"
tj agreement -d "$c" | grep -q adjudication && bad "no adjudication" "lines without adjudications" \
    || ok "no adjudication: no lines"

# ---- judge --adjudicate: the screen's adjudication from the command line ----
adjudicated() { tj qrels export -d "$c" --policy adjudicated 2>/dev/null; }
hist() { tj check -d "$c" 2>/dev/null | grep "^history"; }
h0=$(hist)
tj judge -d "$c" --adjudicate --assessor judy --note "read twice" 41 D1 1 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && adjudicated | grep -qx "41 0 D1 1" && [ "$(hist)" = "$h0" ] \
    && ok "judge --adjudicate: the final grade of a disputed document, no assessor's judgment" \
    || bad "judge --adjudicate" "exit $st, $(cat "$tmp/err")"
tj agreement -d "$c" | grep -q "adjudication sided with bob: 0 of 1" \
    && ok "agreement counts the adjudication" || bad "agreement" "$(tj agreement -d "$c")"
tj qrels export -d "$c" --per-assessor | grep -q judy && bad "judy" "exported as an assessor" \
    || ok "the adjudicator is not an assessor"
before=$(adjudicated)
refused() {   # what, exit wanted, message, judge's arguments
    local what=$1 want=$2 msg=$3
    shift 3
    tj judge -d "$c" --assessor judy "$@" 2>"$tmp/err"; st=$?
    [ $st -eq "$want" ] && grep -qF -- "$msg" "$tmp/err" && [ "$(adjudicated)" = "$before" ] \
        && ok "judge --adjudicate refuses $what, nothing changes" \
        || bad "refuses $what" "exit $st, $(cat "$tmp/err")"
}
refused "a document not in dispute" 3 "document 'D2' of topic '41' is not in dispute" \
    --adjudicate 41 D2 1
refused "an unknown topic" 3 "no topic '99' in the campaign" --adjudicate 99 D1 1
refused "a document not pooled, even forced" 3 "document 'ZZ' is not in the pool of topic '41'" \
    --adjudicate --force 41 ZZ 1
refused "a grade outside the scale" 3 "grade 7 is not in the campaign's scale" \
    --adjudicate 41 D1 7
refused "--force without --adjudicate" 1 "--force goes with --adjudicate" --force 41 D2 1
tj judge -d "$c" --adjudicate --force --assessor judy 41 D2 2 2>"$tmp/err" \
    && adjudicated | grep -qx "41 0 D2 2" \
    && ok "--force adjudicates a pooled document not in dispute" || bad "force" "$(cat "$tmp/err")"
tj judge -d "$c" --adjudicate --assessor judy 41 D1 -1 2>"$tmp/err" \
    && adjudicated | grep -qx "41 0 D1 2" \
    && ok "grade -1 takes the adjudication back (max again)" || bad "take back" "$(cat "$tmp/err")"
printf '41 D3 2\n41 D2 1\n' | tj judge -d "$c" --adjudicate --assessor judy - >"$tmp/out" \
    2>"$tmp/err"; st=$?
[ $st -eq 3 ] && head -1 "$tmp/out" | grep -qx "adjudicated 41 D3 2" \
    && sed -n 2p "$tmp/out" | grep -q "^error 2: .*'D2'.* is not in dispute" \
    && adjudicated | grep -qx "41 0 D3 2" \
    && ok "judge --adjudicate -: one answer a line" || bad "batch" "exit $st, $(cat "$tmp/out")"

tj_summary
