#!/usr/bin/env bash
# reliability.sh: no judgment lost when the writer is killed (kill -9, 200 times) or when 8 writers share a campaign.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"

c=$tmp/c.tjdb
tj init -d "$c" --grades "0:Not:0,1:Yes:1,2:Key:2" 2>/dev/null
printf 't1\tfirst\nt2\tsecond\nt3\tthird\nt4\tfourth\n' >"$tmp/topics.tsv"
tj topics import -d "$c" "$tmp/topics.tsv" 2>/dev/null

# 1. Crash safety: a writer killed with SIGKILL at random moments, 200 times. Every
# judgment it reported as saved must be in the file afterwards.
kills=${RELIABILITY_KILLS:-200}
: >"$tmp/saved"
RANDOM=42
for k in $(seq 1 "$kills"); do
    awk -v k="$k" 'BEGIN { for (i = 1; i <= 400; i++) printf "t%d k%d-d%d %d\n", 1 + i % 4, k, i, i % 3 }' >"$tmp/in"
    "$TRECJUDGE" judge -d "$c" --assessor crash --add-to-pool - <"$tmp/in" >"$tmp/out.$k" 2>/dev/null &
    pid=$!
    sleep "0.0$((RANDOM % 30))"
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    cat "$tmp/out.$k" >>"$tmp/saved" 2>/dev/null  # absent when killed before it started
    rm -f "$tmp/out.$k"
done
tj qrels export -d "$c" --per-assessor | awk '$2 == "crash" { print "saved", $1, $3, $4 }' | sort >"$tmp/have"
grep '^saved ' "$tmp/saved" | sort >"$tmp/want"
missing=$(comm -23 "$tmp/want" "$tmp/have" | wc -l)
nsaved=$(wc -l <"$tmp/want")
if [ "$missing" -eq 0 ] && [ "$nsaved" -gt 0 ]; then ok "killed $kills times: all $nsaved judgments reported saved are there"
else bad "crash safety" "$missing of $nsaved saved judgments missing"; fi
tj check -d "$c" >"$tmp/check" 2>&1 && grep -q "disagreements 0" "$tmp/check" && ok "integrity and history after kills" \
    || bad "check after kills" "$(cat "$tmp/check")"

# 2. Eight writers at once on overlapping topics and the same documents: 10,000 judgments.
for w in 1 2 3 4 5 6 7 8; do
    awk -v w="$w" 'BEGIN { for (i = 1; i <= 1250; i++) printf "t%d doc%d %d\n", 1 + (i + w) % 4, i, (i + w) % 3 }' >"$tmp/w$w.in"
done
before=$(tj check -d "$c" | awk '$1 == "history" { print $2 }')
for w in 1 2 3 4 5 6 7 8; do
    "$TRECJUDGE" judge -d "$c" --assessor "writer$w" --add-to-pool - <"$tmp/w$w.in" >"$tmp/w$w.out" 2>"$tmp/w$w.err" &
done
wait
n=$(tj qrels export -d "$c" --per-assessor | awk '$2 ~ /^writer/' | wc -l)
saved=$(cat "$tmp"/w?.out | grep -c '^saved ')
after=$(tj check -d "$c" | awk '$1 == "history" { print $2 }')
# (a writer kept waiting over a second under load says so: that line is allowed, nothing else)
if [ "$n" -eq 10000 ] && [ "$saved" -eq 10000 ] && [ $((after - before)) -eq 10000 ] && ! grep -qi "locked" "$tmp"/w?.err \
    && ! grep -qv "waiting for the campaign's write lock" "$tmp"/w?.err; then
    ok "8 writers: 10000 judgments, 10000 history entries, no 'database is locked'"
else
    bad "8 writers" "judgments $n, saved $saved, history +$((after - before)); $(cat "$tmp"/w?.err | head -3)"
fi
tj check -d "$c" >"$tmp/check" 2>&1 && ok "integrity after concurrent writers" || bad "check" "$(cat "$tmp/check")"

tj_summary
