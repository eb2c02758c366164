# compare.awk: compare an evaluation output in trec_eval's format with the expected one.
# SPDX-License-Identifier: MIT
#
# usage: awk -v expected=FILE -v name=CASE [-v tol=0.00005] [-v max=10] -f compare.awk ACTUAL
#
# Each line is "MEASURE<TAB>TOPIC<TAB>VALUE" (MEASURE padded with spaces to 22 columns).
# The outputs match when they have the same number of lines and, line by line, the same
# MEASURE (padding included) and TOPIC in the same order, and values that are equal:
# within tol (absolute) when both are numbers, byte for byte otherwise (runid,
# relstring '0101..', nan). A line without exactly three fields must be identical.
# Prints a diff-like report naming CASE (at most max differing lines in detail) and
# exits 1 when they differ, 0 when they match, 2 when EXPECTED cannot be read.
# Plain POSIX awk (mawk, gawk, busybox).

function isnum(s) {
    sub(/^[ ]+/, "", s)
    sub(/[ ]+$/, "", s)
    return s ~ /^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$/
}

# header(): the first line of the report, printed once.
function header() {
    if (!headed)
        printf "%s: output differs from %s (- expected, + actual)\n", name, expected
    headed = 1
}

function absval(x) { return x < 0 ? -x : x }

# report(I, WHY): one differing line, expected and actual lines shown diff-style.
function report(i, why) {
    ndiff++
    if (ndiff > max)
        return
    if (ndiff == 1)
        header()
    printf "line %d: %s\n", i, why
    printf "  - %s\n", exp_line[i]
    printf "  + %s\n", act_line[i]
}

BEGIN {
    if (name == "") name = "output"
    if (tol == "") tol = 0.00005
    if (max == "") max = 10
    tol += 0
    max += 0
    if (expected == "") {
        print "compare.awk: no expected file (-v expected=FILE)" > "/dev/stderr"
        bad = 2
        exit 2
    }
    nexp = 0
    while ((st = (getline l < expected)) > 0)
        exp_line[++nexp] = l
    if (st < 0) {
        printf "%s: cannot read expected file %s\n", name, expected
        bad = 2
        exit 2
    }
    close(expected)
    FS = "\t"
}

{ act_line[++nact] = $0 }

END {
    if (bad)
        exit bad
    n = nexp < nact ? nexp : nact
    ndiff = 0
    for (i = 1; i <= n; i++) {
        e = exp_line[i]
        a = act_line[i]
        if (e == a)
            continue
        ne = split(e, ef, "\t")
        na = split(a, af, "\t")
        if (ne != 3 || na != 3) {
            report(i, "line differs")
            continue
        }
        if (ef[1] != af[1]) {
            report(i, "measure differs: expected '" ef[1] "', got '" af[1] "'")
            continue
        }
        if (ef[2] != af[2]) {
            report(i, "topic differs: expected '" ef[2] "', got '" af[2] "'")
            continue
        }
        if (isnum(ef[3]) && isnum(af[3])) {
            d = absval((ef[3] + 0) - (af[3] + 0))
            # A difference of exactly tol (0.12345 vs 0.1234) is within it despite rounding.
            if (d > tol * (1 + 1e-9))
                report(i, sprintf("value differs by %.6g (tolerance %g): expected %s, got %s",
                                  d, tol, ef[3], af[3]))
        } else if (ef[3] != af[3]) {
            report(i, "value differs: expected " ef[3] ", got " af[3])
        }
    }
    if (ndiff > max)
        printf "... %d more differing lines not shown\n", ndiff - max
    if (nexp != nact) {
        header()
        printf "expected %d lines, got %d\n", nexp, nact
        for (i = n + 1; i <= nexp && i <= n + 3; i++)
            printf "  - %s  (line %d, missing)\n", exp_line[i], i
        for (i = n + 1; i <= nact && i <= n + 3; i++)
            printf "  + %s  (line %d, extra)\n", act_line[i], i
        if (nexp > n + 3 || nact > n + 3)
            printf "  ... %d more\n", (nexp > nact ? nexp : nact) - n - 3
    }
    if (ndiff > 0 || nexp != nact) {
        printf "%d differing lines of %d compared%s\n", ndiff, n,
               nexp != nact ? "; line counts differ" : ""
        exit 1
    }
    exit 0
}
