# man_options.awk: puts the lists of `trecjudge --man-options` (file 1) into the man page (file 2).
# SPDX-License-Identifier: MIT
#
# Each command's list replaces the lines between '.\" begin options: NAME' and
# '.\" end options: NAME' of the man page; the rest of the page is copied as it is. A list
# the page has no place for, or a place with no list, is an error (exit 1), named on stderr.
# Used by `make man-options` (to regenerate) and tests/cli/options_cli.sh (to check).
NR == FNR {
    if ($0 ~ /^\.\\" begin options: /) { name = $4; lists[name] = ""; order[++n] = name }
    else if ($0 ~ /^\.\\" end options: /) name = ""
    else if (name != "") lists[name] = lists[name] $0 "\n"
    next
}
/^\.\\" begin options: / {
    name = $4
    if (name in lists) {
        placed[name] = 1
    } else {
        print "man_options.awk: no list for '" name "'" >"/dev/stderr"
        bad = 1
    }
    print
    printf "%s", lists[name]
    skip = 1
    next
}
/^\.\\" end options: / { skip = 0 }
!skip { print }
END {
    for (i = 1; i <= n; i++)
        if (!(order[i] in placed)) {
            print "man_options.awk: no place for the options of '" order[i] "'" >"/dev/stderr"
            bad = 1
        }
    exit bad
}
