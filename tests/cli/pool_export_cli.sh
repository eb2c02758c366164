#!/usr/bin/env bash
# pool_export_cli.sh: `trecjudge pool --export jsonl|qrels [--unjudged]` on a small campaign.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
tj_need_binary

# Two topics; q1 pools d1 d2 d3 (d3 has no text), q2 pools e1 e2.
c=$tmp/c.tjdb
printf 'q1\tfirst "topic"\nq2\tsecond topic\n' >"$tmp/topics.tsv"
printf 'd1\tdocument one\nd2\tdocument two\ne1\tdocument e one\ne2\tdocument e two\n' \
    >"$tmp/docs.tsv"
printf '%s\n' "q1 Q0 d1 1 3 A" "q1 Q0 d2 2 2 A" "q1 Q0 d3 3 1 A" "q2 Q0 e1 1 2 A" \
    "q2 Q0 e2 2 1 A" >"$tmp/A.run"
{ tj init -d "$c" && tj topics import -d "$c" "$tmp/topics.tsv" \
    && tj docs import -d "$c" "$tmp/docs.tsv" && tj runs import -d "$c" "$tmp/A.run" \
    && tj pool -d "$c" --depth 10 && tj judge -d "$c" q1 d1 1 && tj judge -d "$c" q1 d2 0 \
    && tj judge -d "$c" --assessor bob q1 d2 1; } >/dev/null 2>"$tmp/err" \
    || tj_bail "cannot make the campaign: $(cat "$tmp/err")"

tj pool -d "$c" --export jsonl >"$tmp/all" 2>"$tmp/err" && [ "$(wc -l <"$tmp/all")" -eq 5 ] \
    && ok "jsonl: one line a pooled document" || bad "jsonl" "$(cat "$tmp/all" "$tmp/err")"
if command -v python3 >/dev/null; then
    python3 -c '
import json, sys
rows = [json.loads(l) for l in sys.stdin]
d = {(r["topic"], r["docno"]): r for r in rows}
assert set(rows[0]) == {"topic", "fields", "docno", "source", "title", "text", "grade"}, rows[0]
assert all(r["source"] == "pool" for r in rows), rows
assert d["q1", "d1"]["grade"] == 1 and d["q1", "d2"]["grade"] == 1, d
assert d["q1", "d3"]["grade"] is None and d["q1", "d3"]["text"] is None
assert d["q1", "d1"]["text"] == "document one", d["q1", "d1"]
assert d["q1", "d1"]["fields"] == {"": {"title": "first \"topic\""}}, d["q1", "d1"]
assert d["q2", "e1"]["grade"] is None and d["q2", "e1"]["text"] == "document e one"
' <"$tmp/all" 2>"$tmp/err" && ok "jsonl: valid JSON, fields, source, text (null without), grade" \
        || bad "jsonl fields" "$(cat "$tmp/err")"
else
    skip "jsonl fields" "python3 not found"
fi
tj pool -d "$c" --export jsonl --unjudged >"$tmp/unj" 2>"$tmp/err" \
    && [ "$(wc -l <"$tmp/unj")" -eq 3 ] && ! grep -q '"d1"\|"d2"' "$tmp/unj" \
    && ok "jsonl --unjudged: only documents nobody graded" || bad "--unjudged" "$(cat "$tmp/unj")"

printf 'q1 0 d1 1\nq1 0 d2 1\nq1 0 d3 -1\nq2 0 e1 -1\nq2 0 e2 -1\n' >"$tmp/want"
tj pool -d "$c" --export qrels | cmp -s - "$tmp/want" \
    && ok "qrels: judged documents carry their grade (max), the others -1" \
    || bad "qrels grades" "$(tj pool -d "$c" --export qrels)"
grep -- ' -1$' "$tmp/want" >"$tmp/want_unj"
tj pool -d "$c" --export qrels --unjudged | cmp -s - "$tmp/want_unj" && ok "qrels --unjudged" \
    || bad "qrels --unjudged" "$(tj pool -d "$c" --export qrels --unjudged)"

tj pool -d "$c" --unjudged >/dev/null 2>&1; [ $? -eq 1 ] \
    && ok "--unjudged without --export: usage (1)" || bad "--unjudged alone" "not refused"
tj pool --export jsonl "$tmp/A.run" >/dev/null 2>&1; [ $? -eq 1 ] \
    && ok "--export jsonl on run files: usage (1)" || bad "jsonl files" "not refused"

tj_summary
