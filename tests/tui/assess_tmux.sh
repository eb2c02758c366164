#!/usr/bin/env bash
# assess_tmux.sh: end-to-end tests of the assessment screen: the real binary in a detached tmux session, driven with send-keys and read with capture-pane.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tmux_lib.sh"

# ---- a small campaign: the 9-language topics, three documents (one hostile), a pool ----
c=$tmp/c.tjdb
esc=$(printf '\033')
{
    printf '<DOC>\n<DOCNO>D1</DOCNO>\n<HEADLINE>Pesticide residues found in baby food jars</HEADLINE>\n<TEXT>\n'
    printf 'A study of baby food sold in Europe found pesticide residues in a third of the samples.\n'
    for i in $(seq 1 60); do printf 'Paragraph %d says more about food safety rules for infants.\n\n' "$i"; done
    printf 'The last line of D1.\n</TEXT>\n</DOC>\n'
    printf '<DOC>\n<DOCNO>D2</DOCNO>\n<HEADLINE>\xe5\xa9\xb4\xe5\x84\xbf\xe9\xa3\x9f\xe5\x93\x81\xe4\xb8\xad\xe7\x9a\x84\xe5\x86\x9c\xe8\x8d\xaf\xe6\xae\x8b\xe7\x95\x99</HEADLINE>\n<TEXT>\n'
    printf '\xe7\xa0\x94\xe7\xa9\xb6\xe5\x8f\x91\xe7\x8e\xb0\xe9\x83\xa8\xe5\x88\x86\xe5\xa9\xb4\xe5\x84\xbf\xe9\xa3\x9f\xe5\x93\x81\xe5\x90\xab\xe6\x9c\x89\xe5\x86\x9c\xe8\x8d\xaf\xe3\x80\x82\n</TEXT>\n</DOC>\n'
    printf '<DOC>\n<DOCNO>D3</DOCNO>\n<HEADLINE>Hostile</HEADLINE>\n<TEXT>\n'
    printf 'T%s]0;pwned\a C%s[2J R%s[31mRED%s[0m H%s[?25l O%s]2;x%s\\ C1 \xc2\x9b B \xe2\x80\xaeevil\xe2\x80\xac end\n' \
        "$esc" "$esc" "$esc" "$esc" "$esc" "$esc" "$esc"
    printf 'long %s\n</TEXT>\n</DOC>\n' "$(head -c 3000 /dev/zero | tr '\0' x)"
} >"$tmp/docs.sgml"
printf '41 0 D1 -1\n41 0 D2 -1\n41 0 D3 -1\n42 0 D1 -1\n' >"$tmp/pool.qrels"
if ! { tj init -d "$c" --scale graded4 && tj topics import -d "$c" "$data/topics_clef_multilingual.xml" &&
       tj docs import -d "$c" "$tmp/docs.sgml" && tj qrels import -d "$c" --assessor pooler "$tmp/pool.qrels"; } \
       >"$tmp/setup.log" 2>&1; then
    tj_bail "setup: $(cat "$tmp/setup.log")"
fi
judged_by() { tj qrels export -d "$c" --per-assessor 2>/dev/null | awk -v a="$1" '$2 == a && $4 >= 0' | wc -l; }

# ---- 80x24: the layout, the topic, highlighted terms ----
start 80 24
if wait_for "Pesticides in Baby Food"; then ok "screen opens on topic 41"; else bad "open" "$(screen)"; fi
screen | head -1 | grep -q "topic 41 (1/2) | alice | 0/3 judged" && ok "status line" || bad "status line" "$(screen | head -1)"
[ "$(screen | wc -l)" -eq 24 ] && ok "24 rows" || bad "rows" "$(screen | wc -l)"
screen | grep -q "│ Pesticide residues found in baby food jars" && ok "document panel" || bad "document" "$(screen)"
screen | tail -1 | grep -q "0 Not 1 Partially 2 Fairly 3 Highly  ? help  q quit" && ok "legend from the key table" \
    || bad "legend" "$(screen | tail -1)"
# a topic term is drawn with the highlight colours (black on yellow: 30 and 43)
tmx capture-pane -e -p -t tj | grep -a "A study" | grep -aq "$esc\[[0-9;]*43m[^$esc]*baby" \
    && ok "topic terms highlighted" || bad "highlight" "$(tmx capture-pane -e -p -t tj | grep -a 'A study' | od -c | head -5)"

# ---- scrolling and the next-term key ----
tmx send-keys -t tj G
wait_for "The last line of D1." && ok "End shows the end of the document" || bad "end" "$(screen)"
tmx send-keys -t tj g
wait_for "A study of baby food" && ok "Home goes back to the top" || bad "home" "$(screen)"

# ---- languages: cycle to Chinese, whose title is double width ----
for _ in 1 2 3 4 5 6 7 8 9; do
    screen | grep -q "Topic 41 \[zh\]" && break
    tmx send-keys -t tj L
    sleep 0.2
done
wait_for "婴儿食品中的农药" && ok "Chinese title shown" || bad "zh title" "$(screen | head -4)"

# ---- judging: saved before the screen says so, then kill -9 ----
tmx send-keys -t tj 2
if wait_for "Saved D1 = 2 Fairly relevant"; then
    pkill -9 -P "$(tmx list-panes -t tj -F '#{pane_pid}')"
    ok "judgment shown as saved"
else
    bad "judge" "$(screen)"
fi
[ "$(judged_by alice)" -eq 1 ] && ok "kill -9 after 'Saved': the judgment is in the file" || bad "kill -9" "$(judged_by alice)"
tj check -d "$c" >"$tmp/check" 2>&1 && grep -q "integrity ok" "$tmp/check" && ok "campaign sound after kill -9" \
    || bad "check" "$(cat "$tmp/check")"

# ---- a new session resumes; the hostile document stays on the screen ----
start 80 24
wait_for "1/3 judged" && ok "resumes with 1/3 judged" || bad "resume" "$(screen | head -1)"
screen | grep -q "▸· D2" && ok "opens at the first unjudged document" || bad "first unjudged" "$(screen)"
tmx send-keys -t tj : D3 Enter
wait_for "T^[]0;pwned^G" && ok "ESC and BEL shown as ^[ and ^G" || bad "placeholders" "$(screen)"
screen | grep -qF "<U+009B>" && screen | grep -qF "<U+202E>evil<U+202C>" && ok "C1 and BiDi controls shown as <U+...>" \
    || bad "C1/BiDi" "$(screen)"
screen | grep -qF "R^[[31mRED^[[0m" && ok "CSI shown, not obeyed" || bad "CSI" "$(screen)"
title=$(tmx display-message -p -t tj '#{pane_title}')
[ "${title#*pwned}" = "$title" ] && [ "$title" != "x" ] && ok "terminal title unchanged" || bad "title" "$title"
screen | grep -q "Pesticides in Baby Food\|婴儿食品中的农药\|Topic 41" && ok "screen not cleared by the document" \
    || bad "cleared" "$(screen)"
tmx send-keys -t tj '?'
wait_for "keys of the assessment screen" && ok "help on ?" || bad "help" "$(screen)"
tmx send-keys -t tj x
wait_for "│ Hostile" && ok "any key leaves the help" || bad "leave help" "$(screen)"

# ---- resize mid-session: to 200x50 and back ----
tmx resize-window -t tj -x 200 -y 50
until_ok '[ "$(screen | wc -l)" -eq 50 ] && screen | tail -1 | grep -q "S search *$"'
[ "$(screen | wc -l)" -eq 50 ] && screen | head -1 | grep -q "topic 41" &&
    screen | tail -1 | grep -q "S search *$" \
    && ok "resize to 200x50 redraws" || bad "resize" "$(screen | head -3; screen | tail -2)"
# blind judging: the legend, wide enough for every key, does not offer the hidden report
screen | tail -1 | grep -q "report" && bad "legend offers the report" "$(screen | tail -1)" \
    || ok "the legend does not offer the report to an assessor"
tmx send-keys -t tj 0
wait_for "Saved D3 = 0 Not relevant" && ok "judging after the resize" || bad "judge after resize" "$(screen | tail -3)"
tmx resize-window -t tj -x 80 -y 24
until_ok '[ "$(screen | wc -l)" -eq 24 ] && screen | head -1 | grep -q "2/3 judged"'
[ "$(screen | wc -l)" -eq 24 ] && screen | head -1 | grep -q "2/3 judged" && ok "resize back to 80x24" \
    || bad "resize back" "$(screen | head -2)"

# ---- undo, then quit with q restores the terminal ----
tmx send-keys -t tj u
wait_for "Undone: D3 is unjudged again." && ok "undo" || bad "undo" "$(screen | tail -3)"
tmx send-keys -t tj q
for _ in $(seq 1 50); do [ -s "$tmp/exit" ] && break; sleep 0.1; done
grep -q "EXIT=0" "$tmp/exit" 2>/dev/null && ok "q quits with status 0" || bad "quit" "$(cat "$tmp/exit" 2>/dev/null)"
[ "$(judged_by alice)" -eq 1 ] && ok "the undone judgment is gone from the file" || bad "undo in file" "$(judged_by alice)"
restored && ok "cursor and main screen restored" \
    || bad "terminal restored" "$(tmx display-message -p -t tj '#{cursor_flag} #{alternate_on}')"

# ---- SIGTERM ends the session cleanly ----
start 200 50
wait_for "1/3 judged" || bad "restart" "$(screen | head -1)"
pkill -TERM -P "$(tmx list-panes -t tj -F '#{pane_pid}')"
for _ in $(seq 1 50); do [ -s "$tmp/exit" ] && break; sleep 0.1; done
grep -q "EXIT=0" "$tmp/exit" 2>/dev/null && ok "SIGTERM quits cleanly" || bad "SIGTERM" "$(cat "$tmp/exit" 2>/dev/null)"
tmx display-message -p -t tj '#{alternate_on}' | grep -q "^0" && ok "terminal restored after SIGTERM" || bad "restore after TERM" "alternate screen still on"

# ---- another program holds the campaign's write lock: the screen goes on, one judgment ----
# The lock is held by the sqlite3 shell until the test releases it (a file appears), so
# that a slow machine cannot end it early.
hold_lock() {
    rm -f "$tmp/release"
    ( echo '.timeout 5000'; echo 'BEGIN IMMEDIATE;'
      for _ in $(seq 1 300); do [ -e "$tmp/release" ] && break; sleep 0.1; done
      echo 'COMMIT;' ) | sqlite3 "$c" &
    holder=$!
    for _ in $(seq 1 50); do
        sqlite3 "$c" 'BEGIN IMMEDIATE; ROLLBACK;' >/dev/null 2>&1 || return 0
        sleep 0.1
    done
    return 1
}
release_lock() { touch "$tmp/release"; wait "$holder"; }
# the grade and docno of each judgment of an assessor, one "docno grade" a line
judgments_of() { tj qrels export -d "$c" --per-assessor 2>/dev/null | awk -v a="$1" '$2 == a && $4 >= 0 { print $3, $4 }'; }
if command -v sqlite3 >/dev/null 2>&1; then
    c0=$c
    c=$tmp/lock.tjdb
    printf '41 0 D1 -1\n41 0 D2 -1\n41 0 D3 -1\n41 0 D9 -1\n' >"$tmp/lock.qrels"
    { tj init -d "$c" --scale graded4 && tj topics import -d "$c" "$data/topics_clef_multilingual.xml" &&
      tj docs import -d "$c" "$tmp/docs.sgml" && tj qrels import -d "$c" --assessor pooler "$tmp/lock.qrels"; } \
        >"$tmp/lsetup.log" 2>&1 || bad "lock setup" "$(cat "$tmp/lsetup.log")"
    start 80 24 locky
    wait_for "0/4 judged" || bad "lock start" "$(screen | head -2)"
    screen | grep -q "▸· D1 .*│ D1$" || bad "lock start on D1" "$(screen)"
    if hold_lock; then
        tmx send-keys -t tj 1
        wait_for "Saving 'Partially relevant' for D1: waiting for the campaign's write lock" \
            && ok "lock held: the message line says what the save waits for" || bad "waiting shown" "$(screen | tail -3)"
        tmx send-keys -t tj 0
        tmx send-keys -t tj 0
        tmx send-keys -t tj 1
        wait_for "3 keys typed while saving were ignored." && ok "grade keys typed during the wait are dropped, and counted" \
            || bad "dropped keys" "$(screen | tail -3)"
        t1=$(screen | tr '\n' ' ' | grep -o 'writing) [0-9.]* s' | head -1)
        sleep 0.6
        t2=$(screen | tr '\n' ' ' | grep -o 'writing) [0-9.]* s' | head -1)
        [ -n "$t1" ] && [ "$t1" != "$t2" ] && ok "the time waited goes on ($t1, $t2)" || bad "wait clock" "'$t1' '$t2'"
        tmx send-keys -t tj j
        first_row() { screen | grep -A1 "^─ pool" | tail -1; }
        for _ in $(seq 1 50); do
            first_row | grep -q "│ Pesticide residues" && break
            sleep 0.1
        done
        first_row | grep -q "│ Pesticide residues" && ok "j scrolls the document during the wait" \
            || bad "scroll during wait" "$(first_row)"
        tmx send-keys -t tj '?'
        wait_for "keys of the assessment screen" && ok "help during the wait" || bad "help during wait" "$(screen | head -3)"
        tmx send-keys -t tj x
        wait_for "│ A study of baby food" || bad "back from help" "$(screen)"
        [ -z "$(judgments_of locky)" ] && ok "nothing saved while the lock is held" || bad "saved early" "$(judgments_of locky)"
        release_lock
        wait_for "Saved D1 = 1 Partially relevant." && ok "saved once the lock went" || bad "saved after" "$(screen | tail -3)"
        sleep 0.5
        [ "$(judgments_of locky)" = "D1 1" ] && ok "exactly one judgment, for the document on screen (D1 1)" \
            || bad "one judgment" "$(judgments_of locky | tr "\n" ";") all: $(tj qrels export -d "$c" --per-assessor 2>&1 | tr "\n" ";")"
        wait_for "▸· D2" && ok "then the next document" || bad "next after wait" "$(screen | sed -n 9,11p)"
    else
        bad "hold the lock" "sqlite3 could not take the write lock"
    fi
    # keys typed before a document is drawn do not judge it: "2" judges D2, "0" came with it
    tmx send-keys -t tj 2 0
    wait_for "1 key typed before D3 was shown was ignored." && ok "type-ahead dropped when the next document appears" \
        || bad "type-ahead" "$(screen | tail -3)"
    sleep 0.3
    [ "$(judgments_of locky | tr '\n' ';')" = "D1 1;D2 2;" ] && ok "the type-ahead judged nothing" \
        || bad "type-ahead judged" "$(judgments_of locky | tr '\n' ';')"
    # a document without text: marked in the list and the panel, a grade key asks first
    screen | grep -q "∅ D9" && ok "pool list marks the document without text" || bad "no-text mark" "$(screen | sed -n 9,14p)"
    tmx send-keys -t tj : D9 Enter
    wait_for "NO TEXT: D9 is not in the campaign's collection" && ok "document panel says NO TEXT" || bad "no-text panel" "$(screen)"
    screen | grep -q "D9 (4 of 4, not judged, NO TEXT)" && ok "its label says NO TEXT" || bad "no-text label" "$(screen | sed -n 8p)"
    tmx send-keys -t tj 0
    wait_for "D9 has no text in the campaign: press 0 again to judge it anyway." && ok "a grade key on it asks first" \
        || bad "no-text ask" "$(screen | tail -3)"
    tmx send-keys -t tj x
    sleep 0.3
    tmx send-keys -t tj 0
    wait_for "press 0 again" || bad "no-text ask again" "$(screen | tail -3)"
    [ "$(judgments_of locky | wc -l)" -eq 2 ] && ok "another key cancels: not judged" || bad "no-text cancel" "$(judgments_of locky)"
    tmx send-keys -t tj 0
    wait_for "Saved D9 = 0 Not relevant." && ok "the same key again judges it" || bad "no-text judge" "$(screen | tail -3)"
    # Ctrl-C while a save waits ends the screen, restores the terminal and says what was not saved
    wait_for "▸· D3" || bad "D3 next" "$(screen | sed -n 9,13p)"
    if hold_lock; then
        tmx send-keys -t tj 3
        wait_for "waiting for the campaign's write lock" || bad "wait 2" "$(screen | tail -3)"
        tmx send-keys -t tj C-c
        st=$(exit_status)
        [ "$st" = "EXIT=4" ] && restored && ok "Ctrl-C during the wait quits and restores the terminal" \
            || bad "Ctrl-C during wait" "$st $(tmx display-message -p -t tj '#{cursor_flag} #{alternate_on}')"
        screen | tr -d '\n' | grep -q "NOT SAVED: 'Highly relevant' for D3 (topic 41)" && ok "the save given up is told" \
            || bad "unsaved told" "$(screen | tail -5)"
        release_lock
        # q while a save waits asks, a second q leaves without it
        start 80 24 locky
        wait_for "▸· D3" || bad "restart on D3" "$(screen | sed -n 9,13p)"
        hold_lock || bad "hold 3" "no lock"
        tmx send-keys -t tj 3
        wait_for "waiting for the campaign's write lock" || bad "wait 3" "$(screen | tail -3)"
        tmx send-keys -t tj q
        wait_for "Not saved yet: q again quits without it." && ok "q during the wait asks first" || bad "q asks" "$(screen | tail -3)"
        tmx send-keys -t tj q
        st=$(exit_status)
        [ "$st" = "EXIT=4" ] && restored && ok "a second q quits without it" || bad "q q" "$st"
        release_lock
        [ "$(judgments_of locky | tr '\n' ';')" = "D1 1;D2 2;D9 0;" ] && ok "nothing given up was saved" \
            || bad "after give-up" "$(judgments_of locky | tr '\n' ';')"
    else
        bad "hold the lock again" "sqlite3 could not take the write lock"
    fi
    tj check -d "$c" >"$tmp/check3" 2>&1 && grep -q "disagreements 0" "$tmp/check3" && ok "campaign sound after the waits" \
        || bad "check after waits" "$(cat "$tmp/check3")"
    c=$c0
else
    skip "lock checks" "sqlite3 is not installed"
fi

# ---- an assessor without topics is told so, with no screen ----
tj assign -d "$c" bob 42 2>/dev/null
tj assess -d "$c" --assessor carol </dev/null >/dev/null 2>"$tmp/err"; st=$?
[ $st -eq 3 ] && grep -q "no topics are assigned to 'carol'" "$tmp/err" && ok "no assigned topics" || bad "unassigned" "$st $(cat "$tmp/err")"

# ---- terminal safety: every hostile document and topic of tests/data/hostile on the screen ----
h=$tmp/h.tjdb
hd=$data/hostile
if { tj init -d "$h" && tj topics import -d "$h" "$hd/topics.sgml" "$hd/topics.xml" &&
     tj docs import -d "$h" "$hd/docs.sgml" && tj runs import -d "$h" "$hd/run.txt" &&
     tj pool -d "$h" --depth 100; } >"$tmp/hsetup.log" 2>&1; then
    c=$h
    start 80 24 hostile
    wait_for "judged" || bad "hostile start" "$(screen | head -2)"
    title0=$(tmx display-message -p -t tj '#{pane_title}')
    shown_all=1
    for t in H1 H2 H3; do
        for _ in $(seq 1 12); do
            # the status line stays on the first row: nothing moved the cursor or cleared the screen
            screen | head -1 | grep -q "| hostile |" || { shown_all=0; bad "status line on $t" "$(screen | head -3)"; break 2; }
            tmx send-keys -t tj .
            sleep 0.15
        done
        tmx send-keys -t tj t
        sleep 0.3
    done
    [ "$shown_all" -eq 1 ] && ok "hostile documents and topics leave the layout intact"
    title1=$(tmx display-message -p -t tj '#{pane_title}')
    [ "$title0" = "$title1" ] && ok "hostile text does not change the terminal title" || bad "title" "'$title0' -> '$title1'"
    tmx send-keys -t tj q
    for _ in $(seq 1 50); do [ -s "$tmp/exit" ] && break; sleep 0.1; done
    restored \
        && ok "cursor shown and main screen back after hostile text" \
        || bad "cursor after hostile" "$(tmx display-message -p -t tj '#{cursor_flag} #{alternate_on}')"
    tmx capture-pane -e -p -t tj | grep -aq "$esc\[31m" && bad "colour" "red from a document reached the screen" \
        || ok "no colour from a document reached the screen"
else
    bad "hostile setup" "$(cat "$tmp/hsetup.log")"
fi

# ---- the demo campaign: the live report (r), collection search (S), Move-to-Front ----
demo=$tj_root/share/demo
if [ -d "$demo/runs" ] && "$TRECJUDGE" demo --dir "$tmp/demo" --no-assess >"$tmp/demo.log" 2>&1; then
    c=$tmp/demo/demo.tjdb
    start 100 30 rae
    wait_for "topic D1 (1/4) | rae | 0/31 judged" && ok "demo: opens on topic D1 with its depth-20 pool" || bad "demo" "$(screen | head -2)"
    # whole screens against the stored ones (tests/tui/screens; TJ_UPDATE_SCREENS=1 rewrites them)
    compare_screen demo-100x30
    tmx send-keys -t tj 3
    wait_for "Saved" || bad "demo judge" "$(screen | tail -3)"
    # blind judging: the demo keeps the campaign's default, the report hidden from assessors
    tmx send-keys -t tj r
    wait_for "The report is hidden from assessors in this campaign." \
        && ok "demo: r says the report is hidden from assessors" \
        || bad "hidden report" "$(screen | tail -3)"
    tmx send-keys -t tj '?'
    wait_for "keys of the assessment screen" || bad "demo help" "$(screen | head -3)"
    screen | grep -q "live report" && bad "help offers the report" "$(screen)" \
        || ok "demo: the help does not offer the report"
    tmx send-keys -t tj x S bees Enter
    wait_for "documents for 'bees'" && ok "S searches the collection" || bad "search" "$(screen | tail -3)"
    # no screen names a run: pool list, document header, search results, help
    runs_shown() { screen | grep -E "bm25-td|cosine-td|jaccard-t|logtf-t|tfidf-t"; }
    [ -z "$(runs_shown)" ] && ok "search results name no run" \
        || bad "runs on the results" "$(runs_shown)"
    tmx send-keys -t tj Enter
    wait_for "is not in the pool" || bad "demo open result" "$(screen | tail -3)"
    [ -z "$(runs_shown)" ] && ok "a document opened from a search names no run" \
        || bad "runs on a result" "$(runs_shown)"
    tmx send-keys -t tj Escape q
    # the organizer sees the report
    extra=--organizer start 100 30 rae
    wait_for "| rae |" || bad "organizer start" "$(screen | head -1)"
    [ -z "$(runs_shown)" ] && ok "the judging screen names no run" \
        || bad "runs on the screen" "$(runs_shown)"
    tmx send-keys -t tj r
    if wait_for "1 judgments, 1 topics judged so far, 5 runs, sorted by MAP"; then
        ok "--organizer: report screen: judgments, topics and runs"
        screen | grep -q "bm25-td" && screen | grep -q "jaccard-t" && ok "report screen lists the runs" || bad "report runs" "$(screen)"
    else
        bad "report screen" "$(screen | head -8)"
    fi
    tmx send-keys -t tj x q
    # a Japanese topic from the first screen, even under the C locale; lines and marks in ASCII
    lang=C extra="--lang ja" start 100 30 jan
    wait_for "都市の樹木と夏の暑さ" && ok "Japanese title on the first screen" || bad "ja first screen" "$(screen | head -3)"
    screen | grep -q "^- pool ---" && screen | grep -q "^>\. DEMO-0001 .*|" \
        && ! screen | grep -q "[─│▸·]" \
        && ok "a locale without UTF-8: lines and marks in ASCII" \
        || bad "ascii" "$(screen | sed -n 5,12p)"
    tmx send-keys -t tj C-c
    for _ in $(seq 1 50); do [ -s "$tmp/exit" ] && break; sleep 0.1; done
    grep -q "EXIT=0" "$tmp/exit" 2>/dev/null && restored \
        && ok "Ctrl-C quits and restores the terminal" || bad "Ctrl-C" "$(cat "$tmp/exit" 2>/dev/null)"
    # Ctrl-C on every screen: help, report, a prompt, search results
    for state in '?' r / : c 'S bees Enter'; do
        extra=--organizer start 100 30 cc
        wait_for "| cc |" || bad "Ctrl-C start" "$(screen | head -1)"
        # shellcheck disable=SC2086
        tmx send-keys -t tj $state
        sleep 0.5
        tmx send-keys -t tj C-c
        st=$(exit_status)
        [ "$st" = "EXIT=0" ] && restored && ok "Ctrl-C quits from '$state' and restores the terminal" \
            || bad "Ctrl-C from '$state'" "$st $(screen | tail -3)"
    done
    # Move-to-Front: the screen shows what the pooler proposes, before and after a judgment
    m=$tmp/mtf.tjdb
    { tj init -d "$m" --scale graded4 && tj topics import -d "$m" "$demo/topics.xml" &&
      tj docs import -d "$m" "$demo/docs.sgml" && tj runs import -d "$m" "$demo"/runs/*.run &&
      tj pool -d "$m" --strategy mtf --budget 5 --depth 30; } >"$tmp/mtf.log" 2>&1 || bad "mtf setup" "$(cat "$tmp/mtf.log")"
    c=$m
    start 100 30 mo
    want=$(tj pool -d "$m" --next D1 2>/dev/null)
    wait_for "─ $want (" && ok "mtf: the first document is the pooler's proposal ($want)" || bad "mtf first" "want $want; $(screen | sed -n 9p)"
    tmx send-keys -t tj 0
    wait_for "Saved $want = 0" || bad "mtf judge" "$(screen | tail -3)"
    want2=$(tj pool -d "$m" --next D1 2>/dev/null)
    wait_for "─ $want2 (" && ok "mtf: after a non-relevant judgment, the next proposal ($want2)" \
        || bad "mtf next" "want $want2; $(screen | sed -n 9p)"
    tmx send-keys -t tj 0
    wait_for "Saved $want2 = 0" || bad "mtf judge 2" "$(screen | tail -3)"
    tmx send-keys -t tj q
    want3=$(tj pool -d "$m" --next D1 2>/dev/null)
    start 100 30 mo
    wait_for "─ $want3 (" && ok "mtf: a new session goes on with the pooler's proposal ($want3)" \
        || bad "mtf restart" "want $want3; $(screen | sed -n 9p)"
    tmx send-keys -t tj q
    # ---- a day of judging: the stored screens at 80x24 and 120x40, then each change ----
    c=$tmp/demo/demo.tjdb
    start 80 24 day
    wait_for "| day |" || bad "day start" "$(screen | head -1)"
    compare_screen demo-80x24
    screen | grep -q "^▼ 6 more lines: J scrolls, v shows the whole topic" \
        && ok "the topic says how much more follows" \
        || bad "more lines" "$(screen | sed -n 2,8p)"
    tmx send-keys -t tj v
    wait_for "on winter heating" && screen | grep -q "Topic D1 (any key returns)" \
        && ok "v shows the whole topic" \
        || bad "whole topic" "$(screen)"
    tmx send-keys -t tj x
    wait_for "▼ 6 more lines" || bad "back from the topic" "$(screen | head -8)"
    tmx send-keys -t tj x
    wait_for "'x' is not a key here: ? for help." \
        && ok "an unknown key says ? for help" || bad "unknown key" "$(screen | tail -3)"
    # notes: on a judged document the prompt holds the note, the panel shows it, the list marks it
    tmx send-keys -t tj 2
    wait_for "Saved DEMO-0001 = 2" || bad "day judge" "$(screen | tail -3)"
    wait_for "▸· DEMO-0006" || bad "day next" "$(screen | sed -n 9,11p)"
    tmx send-keys -t tj : DEMO-0001 Enter
    wait_for "▸2 DEMO-0001" || bad "day back" "$(screen | sed -n 9,11p)"
    tmx send-keys -t tj c
    wait_for "Note:" || bad "note prompt" "$(screen | tail -2)"
    tmx send-keys -t tj -l "shade figures"
    tmx send-keys -t tj Enter
    wait_for "Note saved on DEMO-0001." || bad "note" "$(screen | tail -3)"
    tmx send-keys -t tj c
    # (the panel shows the note too: wait for the prompt on the bottom lines)
    until_ok 'screen | tail -2 | grep -q "^Note: shade figures"' \
        && ok "c on a judged document edits its note" || bad "note prefilled" "$(screen | tail -3)"
    tmx send-keys -t tj -l " p.4"
    tmx send-keys -t tj Enter
    wait_for "│ Note: shade figures p.4" \
        && ok "the note is shown in the document panel" \
        || bad "note shown" "$(screen | sed -n 9,12p)"
    screen | grep -q "▸2✎ DEMO-0001" \
        && ok "the pool list marks documents with notes" \
        || bad "note mark" "$(screen | sed -n 9,11p)"
    # set aside survives the session; the status line shows the overall progress
    tmx send-keys -t tj ']'
    wait_for "▸· DEMO-0006" || bad "day next unjudged" "$(screen | sed -n 9,11p)"
    tmx send-keys -t tj s
    wait_for "DEMO-0006 set aside" || bad "set aside" "$(screen | tail -3)"
    screen | head -1 | grep -q "1/31 judged, 1 rel | all 1/111" \
        && ok "progress: judged, relevant, all topics" \
        || bad "progress" "$(screen | head -1)"
    tmx send-keys -t tj q
    start 80 24 day
    wait_for "~ DEMO-0006" \
        && ok "set aside kept across sessions" || bad "set aside kept" "$(screen | sed -n 9,12p)"
    # a search result is pooled when it is judged, not when it is opened
    pooled_by_search() { sqlite3 "$c" "SELECT count(*) FROM pool WHERE source = 'search'"; }
    if command -v sqlite3 >/dev/null 2>&1; then
        before=$(pooled_by_search)
        tmx send-keys -t tj S bees Enter
        wait_for "documents for 'bees'" || bad "day search" "$(screen | tail -3)"
        screen | grep -q "\[new\] DEMO-[0-9]*  [A-Z]" \
            && ok "search results show titles" || bad "result titles" "$(screen)"
        tmx send-keys -t tj Enter
        wait_for "is not in the pool: judging it pools it" \
            || bad "open result" "$(screen | tail -3)"
        [ "$(pooled_by_search)" = "$before" ] \
            && ok "opening a result does not pool it" || bad "pooled on open" "$(pooled_by_search)"
        tmx send-keys -t tj 0
        wait_for "Saved" || bad "judge result" "$(screen | tail -3)"
        [ "$(pooled_by_search)" = $((before + 1)) ] \
            && ok "judging it pools it" || bad "pooled on judge" "$(pooled_by_search)"
    fi
    tmx send-keys -t tj q
    start 120 40 day2
    wait_for "| day2 |" || bad "day2 start" "$(screen | head -1)"
    compare_screen demo-120x40
    tmx send-keys -t tj q
    # a wide terminal: the document keeps its reading width, the list shows snippets
    start 300 60 wide
    wait_for "| wide |" || bad "wide start" "$(screen | head -1)"
    long=$(screen | grep "│" | awk -F'│' '{ print length($2) }' | sort -n | tail -1)
    [ "$long" -le 100 ] \
        && ok "300 columns: lines of at most 100 ($long)" || bad "reading width" "$long"
    screen | grep -q "DEMO-0001  Why some neighbourhoods are hotter than others — " \
        && ok "wide list: title and snippet" \
        || bad "snippet" "$(screen | sed -n 12,14p)"
    tmx send-keys -t tj q
    # 40x12: docnos are not cut, messages wrap
    start 40 12 small
    wait_for "| small" || wait_for "small |" || bad "small start" "$(screen | head -1)"
    screen | grep -q "DEMO-0001 *│" && ok "40x12: docnos whole" || bad "40x12 docno" "$(screen)"
    tmx send-keys -t tj x
    wait_for "? for help." \
        && ok "40x12: the message wraps" || bad "40x12 message" "$(screen | tail -4)"
    tmx send-keys -t tj q
    # two assessors' screens on one campaign file at once, judging the same topic
    c=$tmp/demo/demo.tjdb
    start 80 24 p1
    s1=$sock
    keep=1 start 80 24 p2
    s2=$sock
    wait_for "| p2 |" || bad "second screen" "$(screen | head -1)"
    sock=$s1
    wait_for "| p1 |" || bad "first screen" "$(screen | head -1)"
    # a key typed before the next document is drawn is discarded by design: wait for each save
    for i in 1 2 3 4 5 6; do
        tmux -L "$s1" send-keys -t tj 1
        tmux -L "$s2" send-keys -t tj 2
        sock=$s1; wait_for "| p1 | $i/" || break
        sock=$s2; wait_for "| p2 | $i/" || break
    done
    sleep 0.3
    n1=$(judged_by p1)
    n2=$(judged_by p2)
    [ "$n1" -eq 6 ] && [ "$n2" -eq 6 ] && ok "two screens on one file: 6 + 6 judgments saved" || bad "two screens" "p1 $n1, p2 $n2"
    tmux -L "$s1" send-keys -t tj q
    tmux -L "$s2" send-keys -t tj q
    tj check -d "$c" >"$tmp/check2" 2>&1 && grep -q "disagreements 0" "$tmp/check2" && ok "history agrees after two screens" \
        || bad "check after two screens" "$(cat "$tmp/check2")"
else
    skip "demo checks" "share/demo/runs missing or demo failed: $(cat "$tmp/demo.log" 2>/dev/null)"
fi

# ---- adjudication: two assessors who disagree, the organizer records the final grades ----
j=$tmp/adj.tjdb
for i in 1 2 3 4; do
    printf '<DOC>\n<DOCNO>A%d</DOCNO>\n<TEXT>\nDocument %d about honey bees.\n</TEXT>\n</DOC>\n' \
        "$i" "$i"
done >"$tmp/adj.trec"
printf '41 0 A1 2\n41 0 A2 0\n41 0 A3 1\n42 0 A4 3\n' >"$tmp/adj_a.qrels"
printf '41 0 A1 0\n41 0 A2 0\n41 0 A3 3\n42 0 A4 1\n' >"$tmp/adj_b.qrels"
if { tj init -d "$j" --scale graded4 &&
     tj topics import -d "$j" "$data/topics_clef_multilingual.xml" &&
     tj docs import -d "$j" "$tmp/adj.trec" &&
     tj qrels import -d "$j" --assessor alice "$tmp/adj_a.qrels" &&
     tj qrels import -d "$j" --assessor bob "$tmp/adj_b.qrels" &&
     tj judge -d "$j" --assessor bob --note "figures in table 2" 41 A3 3; } >"$tmp/adj.log" 2>&1
then
    c=$j extra=--adjudicate start 100 30 judy
    wait_for "adjudication by judy | 0/2 adjudicated" \
        && ok "adjudication: topic 41's two disputed documents of three" \
        || bad "adjudication start" "$(screen | head -2)"
    screen | grep -q "│ Assessors disagree:" && screen | grep -q "│ alice: 2 Fairly relevant" \
        && screen | grep -q "│ bob: 0 Not relevant" \
        && ok "each assessor's grade beside the document" \
        || bad "opinions" "$(screen | sed -n 9,16p)"
    screen | grep -q "A2 " && bad "agreed document shown" "$(screen | sed -n 9,12p)" \
        || ok "a document the assessors agree on is not in the walk"
    tmx send-keys -t tj 2
    wait_for "Saved A1 = 2 Fairly relevant (adjudicated)." \
        && ok "a grade key records the adjudicated grade" \
        || bad "adjudicate A1" "$(screen | tail -3)"
    wait_for "│ bob: 3 Highly relevant — figures in table 2" \
        && ok "the next disputed document, with the assessors' notes" \
        || bad "A3" "$(screen | sed -n 9,16p)"
    tmx send-keys -t tj 2
    wait_for "Topic 41 is done" || bad "topic done" "$(screen | tail -3)"
    tmx send-keys -t tj t
    wait_for "topic 42 (2/2) | adjudication by judy | 0/1 adjudicated" \
        && ok "t goes to the next topic with disputes" || bad "topic 42" "$(screen | head -1)"
    tmx send-keys -t tj 3
    wait_for "Saved A4 = 3" || bad "adjudicate A4" "$(screen | tail -3)"
    tmx send-keys -t tj u
    wait_for "Undone: A4 is unjudged again." && ok "u takes an adjudication back" \
        || bad "undo adjudication" "$(screen | tail -3)"
    tmx send-keys -t tj q
    st=$(exit_status)
    [ "$st" = "EXIT=0" ] && ok "adjudication: q quits" || bad "adjudication quit" "$st"
    tj qrels export -d "$j" --policy adjudicated >"$tmp/adj.out" 2>&1
    printf '41 0 A1 2\n41 0 A2 0\n41 0 A3 2\n42 0 A4 3\n' | cmp -s - "$tmp/adj.out" \
        && ok "qrels export --policy adjudicated: the final grades, max for the rest" \
        || bad "adjudicated export" "$(cat "$tmp/adj.out")"
    tj agreement -d "$j" >"$tmp/adj.ag" 2>&1
    grep -qx "adjudication sided with alice: 1 of 2 (50.0%)" "$tmp/adj.ag" \
        && grep -qx "adjudication sided with bob: 0 of 2 (0.0%)" "$tmp/adj.ag" \
        && ok "agreement: how often adjudication sided with each assessor" \
        || bad "agreement" "$(cat "$tmp/adj.ag")"
    tj qrels export -d "$j" --per-assessor | grep -q judy && bad "judy" "an assessor" \
        || ok "the adjudicator is not an assessor"
    # nothing to adjudicate: said at once
    tj judge -d "$j" --assessor alice 41 A1 0 >/dev/null 2>&1
    tj judge -d "$j" --assessor alice 41 A3 3 >/dev/null 2>&1
    tj judge -d "$j" --assessor bob 42 A4 3 >/dev/null 2>&1
    c=$j extra=--adjudicate start 100 30 judy
    st=$(exit_status)
    [ "$st" = "EXIT=3" ] && screen | grep -q "nothing to adjudicate" \
        && ok "no disagreement: nothing to adjudicate (exit 3)" \
        || bad "nothing" "$st $(screen | head -3)"
else
    bad "adjudication setup" "$(cat "$tmp/adj.log")"
fi

# ---- undo gives back the setting aside: undone alone, or restored with a judgment ----
c=$tmp/c.tjdb
tj assign -d "$c" sam 41 2>/dev/null
start 100 30 sam
if wait_for "D1 (1 of 3, not judged)"; then
    tmx send-keys -t tj s
    wait_for "D1 set aside; it comes back" || bad "set aside" "$(screen | tail -3)"
    tmx send-keys -t tj u
    wait_for "Undone: D1 is no longer set aside." && wait_for "D1 (1 of 3, not judged)" \
        && ok "u undoes a setting aside" || bad "undo set aside" "$(screen | tail -3)"
    tmx send-keys -t tj s
    wait_for "D2 (2 of 3, not judged)" || bad "set aside again" "$(screen | tail -3)"
    tmx send-keys -t tj 0
    wait_for "Saved D2 = 0" || bad "judge D2" "$(screen | tail -3)"
    tmx send-keys -t tj 0
    wait_for "D1 (1 of 3, set aside)" || bad "set aside comes back" "$(screen | tail -3)"
    tmx send-keys -t tj 1
    wait_for "Saved D1 = 1" || bad "judge D1" "$(screen | tail -3)"
    tmx send-keys -t tj u
    wait_for "Undone: D1 is unjudged and set aside again." && wait_for "D1 (1 of 3, set aside)" \
        && ok "undoing the judgment of a document set aside sets it aside again" \
        || bad "undo judgment of set aside" "$(screen | tail -3)"
    tmx send-keys -t tj q
    st=$(exit_status)
    [ "$st" = "EXIT=0" ] && ok "set aside: q quits" || bad "set aside quit" "$st"
    start 100 30 sam
    wait_for "D1 (1 of 3, set aside)" && screen | head -1 | grep -q "2/3 judged" \
        && ok "the next session finds D1 set aside and unjudged" \
        || bad "set aside stored" "$(screen | head -1; screen | tail -3)"
    tmx send-keys -t tj q
    exit_status >/dev/null
else
    bad "set aside session" "$(screen)"
fi

# ---- the terminal goes away (its tmux server killed) while the screen waits for a key, and
# while it is in the help: the program ends, it does not keep the processor busy ----
[ -f "$tmp/demo/demo.tjdb" ] && c=$tmp/demo/demo.tjdb   # (a campaign open to any assessor)
for state in judge help; do
    start 80 24 "gone$state"
    wait_for "| gone$state |" || bad "gone start" "$(screen | head -1)"
    [ "$state" = help ] && { tmx send-keys -t tj '?'; wait_for "keys of the assessment screen"; }
    tmx kill-server 2>/dev/null
    for _ in $(seq 1 50); do pgrep -f "assessor gone$state" >/dev/null || break; sleep 0.1; done
    if pgrep -f "assessor gone$state" >/dev/null; then
        bad "terminal gone ($state)" "still running: $(ps -o pid,pcpu,args -p \
            "$(pgrep -f "assessor gone$state" | tr '\n' ',' | sed 's/,$//')")"
        pkill -9 -f "assessor gone$state"
    else
        ok "the terminal gone ($state): the screen ends within 5 s"
    fi
done

tj_summary
