#!/usr/bin/env bash
# options_cli.sh: the command table, the committed bash completion and the man page agree.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
tj_need_binary
man=$tj_root/share/man/trecjudge.1
completion=$tj_root/share/bash-completion/trecjudge

# The committed completion is the binary's (regenerate: trecjudge --completion-bash).
"$TRECJUDGE" --completion-bash >"$tmp/completion" || bad "--completion-bash" "exit $?"
cmp -s "$tmp/completion" "$completion" && ok "share/bash-completion/trecjudge is up to date" \
    || bad "completion" "differs from 'trecjudge --completion-bash':" \
           "$(diff "$completion" "$tmp/completion" | head -5)"

# It completes commands, options and their values.
complete_words() {
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _trecjudge
             printf "%s\n" "${COMPREPLY[@]}"' _ "$completion" "$@"
}
complete_words trecjudge po | grep -qx pool && ok "completes a command" || bad "command" "no pool"
complete_words trecjudge pool --str | grep -qx -- --strategy && ok "completes an option" \
    || bad "option" "no --strategy"
complete_words trecjudge pool --strategy r | grep -qx rbp-max \
    && ok "completes an option's values" || bad "values" "no rbp-max"
complete_words trecjudge eval -m "" | grep -q . && bad "free argument" "completed -m's argument" \
    || ok "leaves a free argument alone"
complete_words trecjudge qrels e | grep -qx export && ok "completes a command's word" \
    || bad "word" "no export"

# The man page's option lists are the table's (regenerate: make man-options).
"$TRECJUDGE" --man-options >"$tmp/man-options" || bad "--man-options" "exit $?"
if awk -f "$tj_root/tests/man_options.awk" "$tmp/man-options" "$man" >"$tmp/man" 2>"$tmp/err"
then
    cmp -s "$tmp/man" "$man" && ok "the man page's option lists are up to date" \
        || bad "man page option lists" "differ from 'trecjudge --man-options' (make man-options):" \
               "$(diff "$man" "$tmp/man" | head -5)"
else
    bad "man page option lists" "$(cat "$tmp/err")"
fi

# Every option of every command (from the table) is in the man page's section (.SH) that
# has the command's synopsis (".B trecjudge COMMAND ...", or ".SY trecjudge" then
# ".B COMMAND"). -h and -d (every command's) are described once for all.
section() {
    awk -v c="$1" '
        /^\.SH/ { n++ }
        { text[n] = text[n] $0 "\n" }
        $0 ~ "^\\.B trecjudge " c "( |$)" { has[n] = 1 }
        prev ~ /^\.SY trecjudge/ && $0 == ".B " c { has[n] = 1 }
        { prev = $0 }
        END { for (k = 0; k <= n; k++) if (k in has) printf "%s", text[k] }' "$man"
}
missing=
while read -r cmd opt; do
    esc=$(printf '%s' "$opt" | sed 's/-/\\\\-/g')
    case $opt in
    -h|--help|-d|--campaign)
        grep -q -- "$esc" "$man" || missing="$missing $cmd:$opt"
        continue ;;
    esac
    section "$cmd" | grep -q -- "$esc\\($\\|[^a-z_-]\\)" || missing="$missing $cmd:$opt"
done < <("$TRECJUDGE" --options-list)
[ -z "$missing" ] && ok "the man page describes every option" \
    || bad "man page" "not in the command's section:$missing"

# ... and every option a command's synopsis line in the man page names is in the table.
"$TRECJUDGE" --options-list >"$tmp/options"
extra=
while read -r cmd; do
    synopsis=$(grep "^\.B trecjudge $cmd\b" "$man")
    for opt in $(printf '%s\n' "$synopsis" | grep -o '\\-\\-[a-z0-9]\+\(\\-[a-z0-9]\+\)*' |
                 sed 's/\\-/-/g' | sort -u); do
        grep -qx "$cmd $opt" "$tmp/options" || extra="$extra $cmd:$opt"
    done
done < <(cut -d' ' -f1 "$tmp/options" | uniq)
[ -z "$extra" ] && ok "the man page's synopses name only options in the table" \
    || bad "synopses" "not in the table:$extra"

tj_summary
