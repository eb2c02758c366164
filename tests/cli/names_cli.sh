#!/usr/bin/env bash
# names_cli.sh: file names and other names in messages are shown escaped, on one line.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
tj_allow_valgrind

esc=$(printf '\033')
nl='
'
# a file name that clears the screen and forges a second message line
evil="$tmp/x${esc}[2J${nl}trecjudge: all good"
shown="$tmp/x\\x1b[2J\\x0atrecjudge: all good"
bidi="$tmp/run$(printf '\342\200\256')txt.run"
c=$tmp/c.tjdb

# No byte of stderr is a control character but the newline ending each message.
clean() { ! LC_ALL=C grep -q '[[:cntrl:]]' "$1"; }
# The file holds exactly one line.
one_line() { [ "$(wc -l <"$1")" -eq 1 ]; }

printf 'q1 Q0 d1 1 3.0 A\nq1 Q0 d2 2 2.0 A\n' >"$evil"
tj init -d "$c" 2>"$tmp/err" && ok "campaign" || bad "campaign" "$(cat "$tmp/err")"

# ---- success lines ----
tj runs import -d "$c" "$evil" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && one_line "$tmp/err" && clean "$tmp/err" \
    && grep -qxF "$shown: imported run 'A': 1 topics, 2 documents" "$tmp/err" \
    && ok "runs import: the file name escaped, on one line" \
    || bad "runs import" "status $st: $(cat -v "$tmp/err")"
tj runs import -d "$c" "$evil" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && one_line "$tmp/err" && clean "$tmp/err" \
    && grep -qF "$shown: imported before" "$tmp/err" \
    && ok "runs import again: imported before, escaped" || bad "again" "$(cat -v "$tmp/err")"
tj pool -d "$c" --depth 2 >/dev/null 2>&1
printf 'topic,docno,grade,assessor\nq1,d1,1,bob\nq1,d2,0,bob\n' >"$evil"
tj judgments import -d "$c" --format csv "$evil" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && one_line "$tmp/err" && clean "$tmp/err" \
    && grep -qxF "$shown: imported 2 judgments of 1 assessor for 1 topic" "$tmp/err" \
    && ok "judgments import: the file name escaped" || bad "judgments import" "$(cat -v "$tmp/err")"
printf 'q1 0 d1 1\n' >"$evil"
tj qrels import -d "$c" --assessor carol "$evil" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && clean "$tmp/err" && grep -qF "$shown: imported 1 judgments" "$tmp/err" \
    && ok "qrels import: the file name escaped" || bad "qrels import" "$(cat -v "$tmp/err")"

# ---- errors (FILE:LINE: ...) and what they quote ----
printf 'q1 0 d1 1\nq1 0 d2 x\n' >"$evil"
tj qrels import -d "$c" --assessor dave "$evil" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && clean "$tmp/err" && grep -qF "$shown:2: " "$tmp/err" \
    && ! grep -q "^trecjudge: all good" "$tmp/err" \
    && ok "an error names the file escaped, forging no line" || bad "error" "$(cat -v "$tmp/err")"
tj judgments import -d "$c" "$tmp/missing${esc}[2J.jsonl" 2>"$tmp/err"; st=$?
[ $st -ne 0 ] && clean "$tmp/err" && grep -qF 'missing\x1b[2J.jsonl' "$tmp/err" \
    && ok "a missing file: its name escaped" || bad "missing" "$(cat -v "$tmp/err")"
printf '{"topic": "q1", "docno": "d1", "grade": 1, "assessor": "a", "%s": 1}\n' \
    'no\u001b[2Jte' >"$tmp/key.jsonl"
tj judgments import -d "$c" "$tmp/key.jsonl" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && clean "$tmp/err" && grep -qF "unknown key 'no\\x1b[2Jte'" "$tmp/err" \
    && ok "a field quoted in an error: escaped" || bad "quoted field" "$(cat -v "$tmp/err")"

# ---- BiDi controls in a file name are shown as \u escapes ----
printf 'q1 Q0 d1 1 3.0 B\n' >"$bidi"
tj runs import -d "$c" "$bidi" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && grep -qF 'run\u202etxt.run: imported run' "$tmp/err" \
    && ok "a BiDi override in a file name is shown as \\u202e" || bad "bidi" "$(cat -v "$tmp/err")"

# ---- ordinary names: unchanged ----
printf 'q1 Q0 d1 1 3.0 C\n' >"$tmp/plain é.run"
tj runs import -d "$c" "$tmp/plain é.run" 2>"$tmp/err"
grep -qxF "$tmp/plain é.run: imported run 'C': 1 topics, 1 documents" "$tmp/err" \
    && ok "an ordinary file name is shown as it is" || bad "plain" "$(cat -v "$tmp/err")"

tj_summary
