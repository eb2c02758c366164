#!/usr/bin/env bash
# bad_input.sh: every file of the bad input catalogue (tests/bad/MANIFEST.tsv) is refused with its exit status, file:line message, and an unchanged campaign.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
tj_allow_valgrind
bad=$tj_root/tests/bad

if [ ! -r "$bad/MANIFEST.tsv" ]; then tj_bail "$bad/MANIFEST.tsv not found"; fi

# The campaign: some good data of every kind, imported once.
c=$tmp/c.tjdb
printf 'q1\tfirst topic\nq2\tsecond topic\n' >"$tmp/topics.tsv"
printf 'g01\tgood document one\ng02\tgood document two\n' >"$tmp/docs.tsv"
{ tj init -d "$c" && tj topics import -d "$c" "$tmp/topics.tsv" && tj docs import -d "$c" "$tmp/docs.tsv" \
    && tj runs import -d "$c" "$data/small_a.run" && tj qrels import -d "$c" "$data/small.qrels"; } 2>"$tmp/err" \
    || tj_bail "cannot make the campaign: $(cat "$tmp/err")"

# What "unchanged" means. A refused import rolls its transaction back, so the campaign's
# content must be identical: the qrels export, status --tsv, and, when the sqlite3 shell is
# there, a dump of every table (all of SQLite's data, whatever the commands show). The bytes
# of the file are compared too: the campaign is in WAL mode, and each process, when it closes
# the last connection, checkpoints the WAL into the main file and removes it; after a
# rollback there is nothing to checkpoint, so the main file must not change by one byte
# (and no -wal file may be left). A checkpoint of earlier, committed work could legitimately
# rewrite pages, which is why the state is taken after the good imports, whose processes
# have all exited, and the content comparisons are the ones that must hold in any case.
# The snapshots are taken without valgrind (TJ_VALGRIND_BIN is the plain binary): they
# are the measure here, not the subject, and would triple the time under valgrind.
snapshot() {
    "${TJ_VALGRIND_BIN:-$TRECJUDGE}" qrels export -d "$c" >"$1.qrels" 2>&1
    "${TJ_VALGRIND_BIN:-$TRECJUDGE}" status -d "$c" --tsv >"$1.status" 2>&1
    if command -v sqlite3 >/dev/null 2>&1; then sqlite3 "$c" .dump >"$1.dump" 2>&1; else : >"$1.dump"; fi
    cksum <"$c" >"$1.bytes"
    if [ -e "$c-wal" ] && [ -s "$c-wal" ]; then echo "wal left" >>"$1.bytes"; fi
}
# Under valgrind an import runs some fifty times slower, so it commits its first batch
# (about 100 ms of work) before it reaches the bad line; the import is then removed, which
# gives back every row but not the same bytes. There the contents are compared, not the bytes.
parts="qrels status dump bytes"
[ -z "${TJ_VALGRIND:-}" ] || parts="qrels status dump"
snapshot "$tmp/before"
[ -s "$tmp/before.qrels" ] && [ -s "$tmp/before.status" ] || tj_bail "empty export or status"

# Files made here rather than stored: lines of over 1 MB, and directories.
gen=$tmp/gen
mkdir -p "$gen"
mb() { head -c 1100000 /dev/zero | tr '\0' "$1"; }   # 1.1 MB of one character, no newline
{ printf 'b1 Q0 e01 1 9.0 bad\nb1 Q0 '; mb x; printf ' 2 8.0 bad\n'; } >"$gen/run_1mb_docno.txt"
{ printf 'b1 0 e01 1\nb1 0 '; mb x; printf ' 1\n'; } >"$gen/qrels_1mb_docno.txt"
{ printf 'b1\tfirst\n'; mb x; printf '\tsecond\n'; } >"$gen/topics_1mb_id.tsv"
{ printf 'x01\tfirst\n'; mb x; printf '\tsecond\n'; } >"$gen/docs_1mb_docno.tsv"
{ printf 'b1 Q0 e01 1 9.0 bad\nb1 Q0 e02 2 '; mb 9; printf ' bad\n'; } >"$gen/run_1mb_score.txt"
mkdir "$gen/run_is_directory" "$gen/qrels_is_directory" "$gen/topics_is_directory" "$gen/docs_is_directory"
# Special files: FIFOs nobody writes to (an import must not wait for a writer) and /dev/zero
# (eval must stop at the line-length bound, not hang or fill the memory); every call below
# runs under `timeout`, so a regression fails rather than hangs.
for k in run qrels topics docs; do mkfifo "$gen/${k}_is_fifo"; done
for k in run qrels prefs; do ln -s /dev/zero "$gen/${k}_dev_zero"; done
# Gzip bombs: 300 MB of zeros in 300 KB. The readers must stop early (line bound, NUL byte).
head -c 300M /dev/zero | gzip -1 >"$gen/qrels_gzip_bomb.txt.gz"
cp "$gen/qrels_gzip_bomb.txt.gz" "$gen/topics_gzip_bomb.xml.gz"

ncase=0
while IFS=$'\t' read -r file kind want line msg; do
    case $file in '#'* | '') continue ;; esac
    ncase=$((ncase + 1))
    f=$bad/$file
    [ -e "$f" ] || f=$gen/$file
    if [ ! -e "$f" ]; then bad "$file" "no such file in tests/bad or made by this script"; continue; fi
    case $kind in
    eval-run) timeout 60 "$TRECJUDGE" eval "$data/small.qrels" "$f" >"$tmp/out" 2>"$tmp/err" ;;
    eval-qrels) timeout 60 "$TRECJUDGE" eval "$f" "$data/small_a.run" >"$tmp/out" 2>"$tmp/err" ;;
    eval-prefs) timeout 60 "$TRECJUDGE" eval -R prefs -m all_prefs "$f" "$data/small_a.run" >"$tmp/out" 2>"$tmp/err" ;;
    runs | qrels | topics | docs | judgments)
        timeout 60 "$TRECJUDGE" "$kind" import -d "$c" "$f" >"$tmp/out" 2>"$tmp/err" ;;
    qrels-per-assessor)
        timeout 60 "$TRECJUDGE" qrels import --per-assessor -d "$c" "$f" >"$tmp/out" 2>"$tmp/err" ;;
    *) bad "$file" "unknown kind '$kind' in the manifest"; continue ;;
    esac
    st=$?
    where="$f:"
    [ "$line" != - ] && where="$f:$line:"
    name="$kind $file"
    if [ "$st" -ne "$want" ]; then
        bad "$name" "exit status $st, wanted $want: $(head -c 300 "$tmp/err")"
    elif ! grep -qF -- "trecjudge: $where" "$tmp/err"; then
        bad "$name" "stderr does not name '$where': $(head -c 300 "$tmp/err")"
    elif ! grep -qF -- "$msg" "$tmp/err"; then
        bad "$name" "stderr lacks '$msg': $(head -c 300 "$tmp/err")"
    elif [ "$line" = - ] && grep -qE "^trecjudge: $(printf '%s' "$f" | sed 's/[][\.*^$/]/\\&/g'):[0-9]+:" "$tmp/err"; then
        bad "$name" "a line number where the manifest has none: $(head -c 300 "$tmp/err")"
    elif LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$tmp/err"; then
        bad "$name" "a control character reached standard error"
    else
        ok "$name"
    fi
    case $kind in eval-*) continue ;; esac
    snapshot "$tmp/after"
    for part in $parts; do
        cmp -s "$tmp/before.$part" "$tmp/after.$part" || bad "$name" "the campaign changed ($part)"
    done
done <"$bad/MANIFEST.tsv"

# Bounded memory: the gzip bombs and /dev/zero are refused within a few hundred MB of address
# space (the whole input was read into memory once: "out of memory", exit 4). ulimit -v
# cannot hold the sanitizers' or valgrind's reservations: skipped there.
if [ -z "${TJ_VALGRIND:-}" ] && (ulimit -v 400000 && "$TRECJUDGE" eval --help) >/dev/null 2>&1; then
    for k in "eval $gen/qrels_gzip_bomb.txt.gz $data/small_a.run" "eval $gen/qrels_dev_zero $data/small_a.run" \
        "eval $data/small.qrels $gen/run_dev_zero" "topics import -d $c $gen/topics_gzip_bomb.xml.gz"; do
        # shellcheck disable=SC2086
        (ulimit -v 400000 && timeout 60 "$TRECJUDGE" $k) >/dev/null 2>"$tmp/err"; st=$?
        [ "$st" -eq 2 ] && ok "bounded memory: $k" || bad "bounded memory: $k" "status $st: $(head -c 300 "$tmp/err")"
    done
else
    skip "bounded memory" "ulimit -v is not usable with this build"
fi

# A file name with control characters is shown escaped in messages, never raw.
esc=$tmp/$'esc\033]2;pwned\007name.run'
printf 'b1 Q0 e01 1 x bad\n' >"$esc"
for k in "runs import -d $c" "eval $data/small.qrels"; do
    # shellcheck disable=SC2086
    timeout 60 "$TRECJUDGE" $k "$esc" >/dev/null 2>"$tmp/err"; st=$?
    if [ "$st" -ne 2 ]; then
        bad "escaped file name ($k)" "status $st"
    elif LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$tmp/err"; then
        bad "escaped file name ($k)" "a control character reached standard error"
    elif ! grep -qF 'esc\x1b]2;pwned\x07name.run:1: score' "$tmp/err"; then
        bad "escaped file name ($k)" "$(head -c 300 "$tmp/err")"
    else
        ok "escaped file name ($k)"
    fi
done
timeout 60 "$TRECJUDGE" topics import -d "$c" "$tmp"/$'no\033[2Jsuch' >/dev/null 2>"$tmp/err"
LC_ALL=C grep -q $'\033' "$tmp/err" && bad "escaped missing file name" "raw ESC on stderr" || ok "escaped missing file name"

nfiles=$(find "$bad" -type f ! -name MANIFEST.tsv | wc -l)
unlisted=$(cd "$bad" && for f in *; do [ "$f" = MANIFEST.tsv ] || grep -q "^$f	" MANIFEST.tsv || echo "$f"; done)
[ -z "$unlisted" ] && ok "manifest lists every file" || bad "manifest" "files not in MANIFEST.tsv: $unlisted"
[ "$nfiles" -ge 50 ] && ok "catalogue of $nfiles files" || bad "catalogue" "only $nfiles files"
echo "catalogue: $nfiles files, $ncase cases"

# No external DTD is read at all, http: or file:. A DTD on disk that defines the entity
# must not be loaded either: if it were, the topic would import.
printf '<!ENTITY fromdtd "loaded">\n' >"$tmp/defs.dtd"
printf '<?xml version="1.0"?>\n<!DOCTYPE topics SYSTEM "file://%s">\n<topics>\n<topic number="9"><query>&fromdtd;</query></topic>\n</topics>\n' \
    "$tmp/defs.dtd" >"$tmp/local_dtd.xml"
tj topics import -d "$c" "$tmp/local_dtd.xml" >/dev/null 2>"$tmp/err"; st=$?
[ "$st" -eq 2 ] && grep -qF "local_dtd.xml:4:" "$tmp/err" && grep -qF "Entity 'fromdtd' not defined" "$tmp/err" \
    && ok "external DTD on disk" \
    || bad "external DTD on disk" "status $st: $(cat "$tmp/err")"
# ... and the http ones open no socket (when strace is there to see it).
if command -v strace >/dev/null 2>&1 && strace -f -o /dev/null true 2>/dev/null; then
    for x in topics_xml_network_dtd.xml topics_xml_network_entity.xml; do
        # (LeakSanitizer cannot run under ptrace: off for this call in a sanitizer build)
        ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 strace -f -e trace=socket,connect -o "$tmp/trace" \
            "${TJ_VALGRIND_BIN:-$TRECJUDGE}" topics import -d "$c" "$bad/$x" >/dev/null 2>&1
        grep -qE 'socket\(|connect\(' "$tmp/trace" && bad "$x" "a socket was opened: $(grep -E 'socket|connect' "$tmp/trace" | head -2)" || ok "$x: no socket"
    done
else
    skip "network DTD cases: no socket" "strace not available (the messages are checked above)"
fi
snapshot "$tmp/after"
for part in $parts; do
    cmp -s "$tmp/before.$part" "$tmp/after.$part" && ok "DTD cases: campaign unchanged ($part)" || bad "DTD cases" "the campaign changed ($part)"
done

# Weird but acceptable: CRLF line ends, alone or mixed with LF, are accepted by every reader.
printf 'c1 Q0 g01 1 2.0 crlf\r\nc1 Q0 g02 2 1.0 crlf\nc2 Q0 g01 1 1.0 crlf\r\n' >"$tmp/crlf.run"
printf 'c1 0 g01 1\r\nc1 0 g02 0\nc2 0 g01 1\r\n' >"$tmp/crlf.qrels"
printf 'c1\tcrlf topic\r\nc2\tmixed\n' >"$tmp/crlf_topics.tsv"
printf '<DOC>\r\n<DOCNO> c01 </DOCNO>\r\n<TEXT>crlf\r\n</TEXT>\n</DOC>\r\n' >"$tmp/crlf_docs.trec"
for k in runs:crlf.run qrels:crlf.qrels topics:crlf_topics.tsv docs:crlf_docs.trec; do
    tj "${k%%:*}" import -d "$c" "$tmp/${k#*:}" >/dev/null 2>"$tmp/err" && ok "CRLF ${k%%:*} accepted" || bad "CRLF ${k%%:*} accepted" "$(cat "$tmp/err")"
done
tj eval "$tmp/crlf.qrels" "$tmp/crlf.run" >"$tmp/out" 2>"$tmp/err" && grep -q "^num_rel_ret" "$tmp/out" && ok "CRLF eval accepted" \
    || bad "CRLF eval accepted" "$(cat "$tmp/err")"
tj qrels export -d "$c" | grep -q "^c2 0 g01 1$" && ok "CRLF qrels content" || bad "CRLF qrels content" "c2 g01 missing"

tj_summary
