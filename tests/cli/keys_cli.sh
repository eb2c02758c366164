#!/usr/bin/env bash
# keys_cli.sh: `trecjudge init` refuses grade keys the assessment screen uses for something else.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
man=$tj_root/share/man/trecjudge.1

# Each reserved key is refused with exit 1, a message naming the key and what it does, and
# no campaign file left behind.
refused() {   # key, what the screen does with it, grades
    local c=$tmp/c$RANDOM.tjdb
    tj init -d "$c" --grades "$3" >"$tmp/out" 2>"$tmp/err"; local st=$?
    if [ $st -eq 1 ] && grep -qF "grade key '$1'" "$tmp/err" && grep -qF "'$2'" "$tmp/err" \
        && [ ! -e "$c" ]; then
        ok "grade key '$1' refused ($2)"
    else
        bad "grade key '$1'" "exit $st, $(cat "$tmp/err"), file $(ls "$c" 2>/dev/null)"
    fi
}
refused n "next / previous match" "0:Not relevant:n,1:Relevant:1"
refused r "live report" "0:Not relevant:0,1:Relevant:r"
refused q "quit (all is saved)" "0:Not relevant:0,1:Relevant:q"
refused j "scroll a line" "0:Not relevant:j,1:Relevant:1"
refused '?' "this help" "0:Not relevant:?,1:Relevant:1"
refused ' ' "scroll a page" "0:Not relevant: ,1:Relevant:1"
refused '/' "find in the document" "0:No:0,1:Yes:1,2:Very:/"
grep -qF "the screen uses: ? q ] [" "$tmp/err" && ok "the message lists the screen's keys" \
    || bad "list" "$(cat "$tmp/err")"

tj init -d "$tmp/dup.tjdb" --grades "0:No:x,1:Yes:x" 2>"$tmp/err"; st=$?
[ $st -eq 1 ] && grep -qF "both have the key 'x'" "$tmp/err" \
    && ok "two grades with one key refused" || bad "duplicate key" "exit $st, $(cat "$tmp/err")"
printf -v tab '\t'
tj init -d "$tmp/tab.tjdb" --grades "0:No:$tab,1:Yes:1" 2>"$tmp/err"; st=$?
[ $st -eq 1 ] && grep -qF "must be a visible character" "$tmp/err" \
    && ok "a control character refused" || bad "control key" "exit $st, $(cat "$tmp/err")"

# free keys are accepted, and the usage's example is one of them
tj init -d "$tmp/ok.tjdb" --grades "0:Not relevant:x,1:Relevant:y,2:Perfect:p" 2>"$tmp/err" \
    && ok "free letter keys accepted" || bad "free keys" "$(cat "$tmp/err")"
ex=$(tj init --help | grep -o '"0:[^"]*"' | tr -d '"')
tj init -d "$tmp/ex.tjdb" --grades "$ex" 2>"$tmp/err" \
    && ok "the usage's example is accepted ($ex)" || bad "usage example" "$ex: $(cat "$tmp/err")"
tj init -d "$tmp/g4.tjdb" --scale graded4 2>/dev/null && ok "graded4 accepted" \
    || bad "graded4" "refused"

# the man page lists the same reserved keys as the program
list=$(tj init -d "$tmp/x.tjdb" --grades "0:a:q,1:b:1" 2>&1 |
    sed 's/.*the screen uses: \(.*\))$/\1/')
if [ -r "$man" ]; then
    grep -qF -- "$list" "$man" && ok "the man page lists the reserved keys" \
        || bad "man page" "'$list' not in $man"
fi

tj_summary
