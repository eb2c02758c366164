#!/usr/bin/env bash
# settings_cli.sh: tests of `trecjudge settings`: the settings, their defaults, values refused.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
tj_need_binary
c=$tmp/c.tjdb
tj init -d "$c" >/dev/null 2>&1 || tj_bail "init failed"

tj settings -d "$c" >"$tmp/out" 2>"$tmp/err"; st=$?
printf '%s (default)\n' "report_for_assessors no" "reading_width 100" "idle_threshold 60" \
    | cmp -s - "$tmp/out" && [ $st -eq 0 ] && ok "lists the settings and their defaults" \
    || bad "list" "exit $st, $(cat "$tmp/out" "$tmp/err")"
[ "$(tj settings -d "$c" report_for_assessors)" = no ] \
    && ok "the report is hidden from assessors by default" \
    || bad "default" "$(tj settings -d "$c" report_for_assessors 2>&1)"

for kv in "report_for_assessors yes" "reading_width 72" "idle_threshold 90.5"; do
    set -- $kv
    tj settings -d "$c" "$1" "$2" 2>"$tmp/err" && [ "$(tj settings -d "$c" "$1")" = "$2" ] \
        && ok "sets $1 to $2" || bad "set $1" "$(cat "$tmp/err")"
done
tj settings -d "$c" | grep -qx "reading_width 72" && ok "a value set is listed without (default)" \
    || bad "listed" "$(tj settings -d "$c")"
command -v sqlite3 >/dev/null 2>&1 && {
    [ "$(sqlite3 "$c" "SELECT value FROM settings WHERE key = 'report_for_assessors'")" = yes ] \
        && ok "stored in the campaign's settings table" \
        || bad "stored" "$(sqlite3 "$c" 'SELECT * FROM settings')"
}

refused() {   # key, value, what the message says
    local before
    before=$(tj settings -d "$c")
    tj settings -d "$c" "$1" "$2" >"$tmp/out" 2>"$tmp/err"; local st=$?
    if [ $st -eq 1 ] && grep -qF "$3" "$tmp/err" &&
       [ "$(tj settings -d "$c")" = "$before" ]; then
        ok "settings $1 '$2' refused, nothing changed"
    else
        bad "refused $1 $2" "exit $st, $(cat "$tmp/err")"
    fi
}
refused report_for_assessors maybe "report_for_assessors is yes or no, not 'maybe'"
refused reading_width 19 "from 20 to 10000"
refused reading_width wide "from 20 to 10000"
refused idle_threshold 0 "above 0"
refused idle_threshold 1e9 "at most 86400"
refused colour blue "unknown setting 'colour'"
tj settings -d "$c" a b c >/dev/null 2>&1; st=$?
[ $st -eq 1 ] && ok "too many arguments: usage" || bad "usage" "exit $st"
tj settings -d "$tmp/none.tjdb" >/dev/null 2>"$tmp/err"; st=$?
[ $st -ne 0 ] && [ ! -e "$tmp/none.tjdb" ] && ok "no campaign: refused, none created" \
    || bad "missing" "exit $st"

tj_summary
