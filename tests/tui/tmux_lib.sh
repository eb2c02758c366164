# tmux_lib.sh: what the screen tests share: a detached tmux session per start, read and waited on.
# SPDX-License-Identifier: MIT
# Sourced after tests/lib.sh. start W H [ASSESSOR] opens `trecjudge assess -d "$c"` in a
# session of W x H (lang, extra and keep change it); its exit status goes to $tmp/exit.
if ! command -v tmux >/dev/null 2>&1; then
    tj_skip_all "tmux is not installed (apt-get install tmux)"
fi
n_start=0
sock="tj-test-$$-0"
tmx() { tmux -L "$sock" -f /dev/null "$@"; }
# every start has a server of its own, so that a server still exiting is never reused
tj_at_exit 'for i in $(seq 0 "$n_start"); do tmux -L "tj-test-$$-$i" kill-server 2>/dev/null; done'
# and no screen of this test outlives it (one hung up while a sanitizer's leak check ran at
# its exit was seen spinning for good, reparented to init)
tj_at_exit 'pkill -KILL -f -- "assess -d $tmp/" 2>/dev/null'
screen() { tmx capture-pane -p -t tj; }

# Waits until the screen shows a text (grep -F), up to 10 s; 0 when it did.
wait_for() {
    for _ in $(seq 1 100); do
        screen 2>/dev/null | grep -qF -- "$1" && return 0
        sleep 0.1
    done
    return 1
}

# Waits until a shell condition holds, up to 5 s; 0 when it did.
until_ok() { for _ in $(seq 1 50); do eval "$1" && return 0; sleep 0.1; done; return 1; }

# The cursor shown and the main screen back (tmux may take a moment to read the last output).
restored() {
    for _ in $(seq 1 30); do
        tmx display-message -p -t tj '#{cursor_flag} #{alternate_on}' | grep -q "^1 0" && return 0
        sleep 0.1
    done
    return 1
}

# The screen's exit status ("EXIT=N"), once the program has ended (up to 5 s).
exit_status() {
    for _ in $(seq 1 50); do [ -s "$tmp/exit" ] && break; sleep 0.1; done
    cat "$tmp/exit" 2>/dev/null
}

# Starts the screen in a detached session of the given size.
start() {
    if [ -z "${keep:-}" ]; then
        # the screen before, when it was told to quit, ends before its terminal goes (up
        # to 2 s): a hangup during the exit of a sanitizer build can leave it spinning
        if [ "$n_start" -gt 0 ]; then
            for _ in $(seq 1 20); do [ -s "$tmp/exit" ] && break; sleep 0.1; done
        fi
        tmx kill-server 2>/dev/null
    fi
    rm -f "$tmp/exit"
    n_start=$((n_start + 1))
    sock="tj-test-$$-$n_start"
    tmx new-session -d -s tj -x "$1" -y "$2" \
        "env -u LC_ALL LANG=${lang:-C.UTF-8} TERM=xterm-256color '$TRECJUDGE' assess -d '$c' \
         --assessor ${3:-alice} ${extra:-}; echo \"EXIT=\$?\" >'$tmp/exit'; sleep 60"
}

# A whole screen, its clock masked, compared with tests/tui/screens/NAME.txt; with
# TJ_UPDATE_SCREENS=1 the stored screen is written instead (review it before committing).
masked() { screen | sed -E '1s/[0-9]+:[0-9][0-9] *$/M:SS/'; }
compare_screen() {
    local want="$tj_root/tests/tui/screens/$1.txt"
    sleep 0.3
    # a loaded machine may draw late: look again for up to 5 s before calling it different
    if [ -z "${TJ_UPDATE_SCREENS:-}" ]; then
        for _ in $(seq 1 50); do masked | cmp -s "$want" - && break; sleep 0.1; done
    fi
    if [ -n "${TJ_UPDATE_SCREENS:-}" ]; then
        masked >"$want"
        ok "screen $1 written"
    elif masked | diff -u "$want" - >"$tmp/screen.diff"; then
        ok "screen $1 as stored"
    else
        bad "screen $1" "$(cat "$tmp/screen.diff")"
    fi
}
