#!/usr/bin/env bash
# figures_cli.sh: command-line tests of the report's figures: LaTeX, SVG plots, the HTML report.
# SPDX-License-Identifier: MIT
set -u
. "$(dirname "$0")/../lib.sh"
tj_need_binary

q=$data/report.qrels
runs="$data/report_alpha.run $data/report_beta.run $data/report_delta.run $data/report_gamma.run"

# ---- LaTeX ----
tj report --format latex "$q" $runs >"$tmp/board.tex"
tj compare --test all --baseline delta --format latex "$q" $runs >"$tmp/compare.tex"
tj agreement --format latex "$data/report_assessors.qrels_jg" >"$tmp/agree.tex"
grep -q '\\toprule' "$tmp/board.tex" && grep -q '\\midrule' "$tmp/board.tex" \
    && grep -q '\\bottomrule' "$tmp/board.tex" && ok "latex: booktabs rules" \
    || bad "latex: booktabs rules" "$(head -8 "$tmp/board.tex")"
# 13 columns do not fit an article's text width: scaled to it, the brace closed after tabular
grep -q '^\\resizebox{\\textwidth}{!}{%$' "$tmp/board.tex" \
    && grep -q '^\\end{tabular}}$' "$tmp/board.tex" \
    && ok "latex: a wide table is scaled to the text width" \
    || bad "latex: resizebox" "$(grep -n 'resizebox\|end{tabular' "$tmp/board.tex")"
tj report --format latex -m map "$q" $runs | grep -q resizebox \
    && bad "latex: a narrow table is left alone" "resized" \
    || ok "latex: a narrow table is left alone"
grep -q 'grade \$\\geq\$ 1' "$tmp/agree.tex" && ok "latex: >= in math mode" \
    || bad "latex: >= in math mode" "$(grep caption "$tmp/agree.tex" | head -1)"
cat "$tmp"/*.tex | grep -v '^%' | sed 's/\$[^$]*\$//g' | grep -q '[<>]' \
    && bad "latex: no bare < or >" "$(grep -n '[<>]' "$tmp"/*.tex | head -3)" \
    || ok "latex: no bare < or >"
grep -q '\$7.766 \\times 10^{-5}\$' "$tmp/compare.tex" \
    && ! grep -q '[0-9]e-[0-9]' "$tmp/compare.tex" \
    && ok "latex: exponents as x 10^{n}" \
    || bad "latex: exponents" "$(grep -n 'e-0\|times' "$tmp/compare.tex" | head -3)"
# the best of each measure in bold: beta has the best MAP (0.3153), residuals are not ranked
# (the letter column comes second)
grep -q '^1 & a & beta & \\textbf{0.3153}\$^{d}\$ & ' "$tmp/board.tex" \
    && ok "latex: best value bold" \
    || bad "latex: best value bold" "$(grep '^1 &' "$tmp/board.tex")"
[ "$(grep -o "\\textbf" "$tmp/board.tex" | wc -l)" -ge 9 ] && ok "latex: a bold value per measure" \
    || bad "latex: bold per measure" "$(grep -o "\\textbf" "$tmp/board.tex" | wc -l) bold cells"
awk -F' & ' '/^[0-9]+ & / { for (i = 1; i <= NF; i++) if ($i ~ /textbf/) n[i]++ }
             END { for (i in n) if (i == 12) exit 1 }' "$tmp/board.tex" \
    && ok "latex: residual not bold" || bad "latex: residual bold" "$(grep '^1 &' "$tmp/board.tex")"
# compiled when pdflatex is here (texlive-latex-base, texlive-latex-recommended for booktabs)
if command -v pdflatex >/dev/null && kpsewhich booktabs.sty >/dev/null 2>&1; then
    { printf '\\documentclass{article}\n\\usepackage{booktabs}\n\\usepackage{graphicx}\n'
      printf '\\begin{document}\n'
      cat "$tmp/board.tex" "$tmp/compare.tex" "$tmp/agree.tex"
      printf '\\end{document}\n'; } >"$tmp/doc.tex"
    if (cd "$tmp" && pdflatex -interaction=nonstopmode -halt-on-error doc.tex >/dev/null 2>&1); then
        grep -q 'Overfull \\hbox' "$tmp/doc.log" && bad "latex: compiles" "an overfull box" \
            || ok "latex: compiles with pdflatex, nothing overfull"
    else
        bad "latex: compiles" "$(grep -A2 '^!' "$tmp/doc.log" | head -5)"
    fi
else
    skip "latex: compiles" "pdflatex or booktabs.sty is not installed"
fi

# ---- SVG plots ----
# twelve runs: the four, and each again under two other tags with its scores shuffled a little
many=$runs
for r in $runs; do
    for k in 1 2; do
        awk -v k=$k '{ $5 = $5 + ((NR * 7 * k) % 13) / 10; $6 = $6 "_" k; print }' "$r" \
            >"$tmp/$(basename "$r" .run)_$k.run"
        many="$many $tmp/$(basename "$r" .run)_$k.run"
    done
done
svg_ok() { # name file
    if command -v xmllint >/dev/null; then
        xmllint --noout "$2" 2>"$tmp/xmlerr" && ok "$1: well-formed SVG" \
            || bad "$1: well-formed SVG" "$(head -3 "$tmp/xmlerr")"
    else
        grep -q '</svg>$' "$2" && ok "$1: SVG written" || bad "$1: SVG written" "$(tail -2 "$2")"
    fi
}
tj report --plot pr --runs all --svg "$tmp/pr4.svg" "$q" $runs
svg_ok "pr" "$tmp/pr4.svg"
# every run drawn, each with its own colour and dash, and markers
awk '/<polyline/ { n++ } END { exit n != 4 }' "$tmp/pr4.svg" && ok "pr: four runs, four curves" \
    || bad "pr: four curves" "$(grep -c '<polyline' "$tmp/pr4.svg")"
[ "$(grep '<polyline' "$tmp/pr4.svg" | sed 's/ points=.*//' | sort -u | wc -l)" -eq 4 ] \
    && ok "pr: a style per run" \
    || bad "pr: a style per run" "$(grep '<polyline' "$tmp/pr4.svg" | cut -c1-90)"
grep -q 'stroke-dasharray' "$tmp/pr4.svg" && grep -q '<circle' "$tmp/pr4.svg" \
    && grep -q '<rect x=' "$tmp/pr4.svg" && ok "pr: dashes and markers" \
    || bad "pr: dashes and markers" "none"
grep -q '#1f77b4\|#d62728' "$tmp/pr4.svg" && bad "pr: colour-blind-safe palette" "old colours" \
    || ok "pr: colour-blind-safe palette"
# the legend right of every curve's point
maxx=$(grep -o 'points="[^"]*"' "$tmp/pr4.svg" | tr ' "' '\n\n' \
    | awk -F, 'NF == 2 && $1 > m { m = $1 } END { print m }')
legx=$(grep -o '<line x1="[0-9.]*" [^>]*stroke="#[0-9A-F]*" stroke-width="1.8"' "$tmp/pr4.svg" \
    | sed 's/<line x1="\([0-9.]*\)".*/\1/' | sort -n | head -1)
[ -n "$legx" ] && awk -v a="$legx" -v b="$maxx" 'BEGIN { exit !(a > b) }' \
    && ok "pr: legend outside the plot area" \
    || bad "pr: legend outside" "legend at $legx, curves to $maxx"
grep -q '>recall</text>' "$tmp/pr4.svg" \
    && grep -q 'rotate(-90.*>interpolated precision<' "$tmp/pr4.svg" \
    && ok "pr: axis labels" || bad "pr: axis labels" "missing"
# twelve runs named: all drawn, as small multiples of twelve panels
names=$(for f in $many; do awk 'NR == 1 { print $6 }' "$f"; done | paste -sd, -)
tj report --plot pr --runs "$names" --svg "$tmp/pr12.svg" "$q" $many
svg_ok "pr, 12 runs" "$tmp/pr12.svg"
n=$(grep '<polyline' "$tmp/pr12.svg" | grep -vc '#c8c8c8')
[ "$n" -eq 12 ] && ok "pr: all 12 runs drawn (small multiples)" || bad "pr: 12 runs" "$n drawn"
[ "$(grep '<polyline' "$tmp/pr12.svg" | grep -v '#c8c8c8' | sed 's/ points=.*//' | sort -u \
    | wc -l)" -eq 12 ] && ok "pr: 12 distinct styles" || bad "pr: 12 distinct styles" "repeated"
# the nDCG axis from the data, or 0-1 with --axis-full; --width and --height
tj report --plot ndcg --width 900 --height 500 --svg "$tmp/ndcg.svg" "$q" $runs
tj report --plot ndcg --axis-full --svg "$tmp/ndcgf.svg" "$q" $runs
grep -q '<svg [^>]*width="900" height="500"' "$tmp/ndcg.svg" && ok "--width --height" \
    || bad "--width --height" "$(grep '<svg' "$tmp/ndcg.svg")"
ylab() { grep -o 'text-anchor="end" font-size="11">[0-9.]*<' "$1" | sed 's/.*>\([0-9.]*\)</\1/'; }
[ "$(ylab "$tmp/ndcgf.svg" | head -1)" = 0.0 ] && [ "$(ylab "$tmp/ndcgf.svg" | tail -1)" = 1.0 ] \
    && ok "--axis-full: 0 to 1" || bad "--axis-full" "$(ylab "$tmp/ndcgf.svg" | paste -sd' ')"
[ "$(ylab "$tmp/ndcg.svg" | head -1)" != 0.0 ] && ok "ndcg: y axis from the data" \
    || bad "ndcg: axis from the data" "$(ylab "$tmp/ndcg.svg" | paste -sd' ')"
tj report --plot rpdiff --svg "$tmp/rp.svg" "$q" $runs
svg_ok "rpdiff" "$tmp/rp.svg"
grep -q '>topic (sorted by the difference)</text>' "$tmp/rp.svg" \
    && grep -q 'rotate(-90.*>R-prec(' "$tmp/rp.svg" \
    && ok "rpdiff: axis labels" || bad "rpdiff: axis labels" "missing"
# box plots and heatmap of a measure, every run
tj report -m map --plot box --svg "$tmp/box.svg" "$q" $many
svg_ok "box" "$tmp/box.svg"
[ "$(grep -c 'fill="#cfe3f1"' "$tmp/box.svg")" -eq 12 ] && ok "box: a box per run" \
    || bad "box: a box per run" "$(grep -c 'fill="#cfe3f1"' "$tmp/box.svg")"
tj report -m map --plot heatmap --svg "$tmp/heat.svg" "$q" $many
svg_ok "heatmap" "$tmp/heat.svg"
[ "$(grep -c '<rect [^>]*><title>' "$tmp/heat.svg")" -eq 96 ] && ok "heatmap: 12 runs x 8 topics" \
    || bad "heatmap: cells" "$(grep -c '<rect [^>]*><title>' "$tmp/heat.svg")"
tj report -m map --plot box "$q" $runs | grep -c '┃' | grep -qx 4 && ok "box: text" \
    || bad "box: text" "$(tj report -m map --plot box "$q" $runs | head -3)"
tj report -m map --plot heatmap "$q" $runs >"$tmp/heat.txt" \
    && [ "$(wc -l <"$tmp/heat.txt")" -eq 6 ] \
    && ok "heatmap: text" || bad "heatmap: text" "$(cat "$tmp/heat.txt")"

# ---- the HTML report ----
c=$tmp/c.tjdb
tj init -d "$c" --scale graded4 2>/dev/null && tj runs import -d "$c" $runs 2>/dev/null \
    && tj qrels import -d "$c" "$q" 2>/dev/null && ok "html: campaign" \
    || bad "html: campaign" "failed"
tj report -d "$c" --format html -o "$tmp/report.html" 2>"$tmp/err" && [ -s "$tmp/report.html" ] \
    && ok "html: written" || bad "html: written" "$(cat "$tmp/err")"
h=$tmp/report.html
# self-contained: nothing from the network, no script; the SVG namespace is the one URL
grep -o 'https\?://[^"]*' "$h" | grep -v '^http://www.w3.org/2000/svg$' | grep -q . \
    && bad "html: nothing from the network" "$(grep -o 'https\?://[^"]*' "$h" | head -3)" \
    || ok "html: no http(s) resource"
grep -qi '<script\|src=\|<link \|@import\|url(' "$h" \
    && bad "html: no outside resource or script" \
    "$(grep -io '<script\|src=[^ ]*\|<link [^>]*' "$h" | head -3)" \
    || ok "html: no src=, link, import or script"
for id in leaderboard plots runs pool progress plot-pr plot-ndcg plot-cg plot-dcg plot-rpdiff \
          plot-box plot-heatmap run-alpha run-beta run-gamma run-delta; do
    grep -q "id=\"$id\"" "$h" || missing="${missing:-} $id"
done
[ -z "${missing:-}" ] && ok "html: every section and plot" \
    || bad "html: sections" "missing:$missing"
unbalanced=""
for tag in html head body header main section table thead tbody tr figure svg nav ul p h2 h3; do
    o=$(grep -o "<$tag[ >]" "$h" | wc -l) cl=$(grep -o "</$tag>" "$h" | wc -l)
    [ "$o" -eq "$cl" ] && [ "$o" -gt 0 ] || unbalanced="$unbalanced $tag($o/$cl)"
done
[ -z "$unbalanced" ] && ok "html: balanced tags" || bad "html: balanced tags" "$unbalanced"
head -1 "$h" | grep -qx '<!DOCTYPE html>' && grep -q '<meta charset="utf-8">' "$h" \
    && grep -q 'name="viewport"' "$h" && ok "html: doctype, charset, viewport" \
    || bad "html: head" "$(head -4 "$h")"
# the per-run appendix: a row per judged topic with best, median and worst
[ "$(sed -n '/<section id="run-beta">/,/<\/section>/p' "$h" | grep -c '^<tr><td>r[0-9]')" -eq 8 ] \
    && grep -q '<th class="n">median</th>' "$h" \
    && ok "html: per-run topics beside best, median, worst" \
    || bad "html: per-run section" "$(grep -A5 '<section id="run-beta">' "$h")"
# the leaderboard lettered, with the same significance marks as the text leaderboard
sed -n '/<section id="leaderboard">/,/<div id="intervals">/p' "$h" >"$tmp/board"
marks_text=$(tj report -d "$c" | grep -o '\^[a-zA-Z]*' | tr '\n' ' ')
marks_html=$(grep -o '<sup>[a-zA-Z]*</sup>' "$tmp/board" | sed 's/<sup>/^/; s/<\/sup>//' |
    tr '\n' ' ')
grep -q '<th>letter</th>' "$tmp/board" && grep -q 'significantly better than (t test' "$tmp/board" \
    && [ "$marks_text" = "$marks_html" ] \
    && ok "html: leaderboard lettered, marks as in text (${marks_html:-none})" \
    || bad "html: leaderboard marks" "text '$marks_text' html '$marks_html'"
# the sort measure's intervals beside the leaderboard
sed -n '/<div id="intervals">/,/<\/div>/p' "$h" >"$tmp/ci"
grep -q '95% confidence intervals of the mean MAP' "$tmp/ci" \
    && [ "$(grep -c '^<tr><td>[a-z]*</td><td>MAP</td><td class="n">8</td>' "$tmp/ci")" -eq 4 ] \
    && grep -q '<th class="n">bootstrap_low</th>' "$tmp/ci" \
    && ok "html: intervals of the leaderboard's measure" || bad "html: intervals" "$(cat "$tmp/ci")"
grep -q '<td>all</td><td class="n">[0-9]*</td>' "$h" && grep -q '>Per assessor<' "$h" \
    && ok "html: pool and progress" || bad "html: pool and progress" "missing rows"
# files rather than a campaign: the same page, the pool sections say there is none
tj report --format html "$q" $runs >"$tmp/files.html" && grep -q 'id="pool"' "$tmp/files.html" \
    && grep -q 'no pool' "$tmp/files.html" && ok "html: of files" || bad "html: of files" "failed"
tj report -d "$c" --format html --plot pr >/dev/null 2>&1; [ $? -eq 1 ] \
    && ok "html: not with --plot (usage)" || bad "html with --plot" "accepted"
if command -v xmllint >/dev/null; then
    xmllint --html --noout "$h" 2>"$tmp/xerr"
    # HTML's parser knows no SVG element: those messages, and their context lines, are left out
    grep -v 'Tag [a-z]* invalid\|^\s*$\|^ *\^\|<svg\|<polyline\|<path\|<circle\|<line\|<rect' \
        "$tmp/xerr" | grep -v '<text\|<title\|<g>' | grep -q 'error' \
        && bad "html: xmllint --html" "$(head -3 "$tmp/xerr")" \
        || ok "html: xmllint --html finds no error but SVG tags"
fi
# a screenshot in headless Chromium is not blank
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
    skip "html: screenshot in headless Chromium" \
        "chromium is not installed (apt-get install chromium)"
else
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --screenshot="$tmp/shot.png" --window-size=1280,2000 "file://$h" >/dev/null 2>&1
    if [ ! -s "$tmp/shot.png" ]; then
        bad "html: screenshot" "no PNG written by $browser"
    elif command -v python3 >/dev/null && python3 -c 'import zlib' 2>/dev/null; then
        # decode the PNG (8-bit RGB or RGBA, as Chromium writes) and count non-white pixels
        python3 - "$tmp/shot.png" >"$tmp/ink" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
pos, idat, w, h, ct = 8, b"", 0, 0, 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ct = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
bpp = {2: 3, 6: 4}[ct]
raw, stride, prev, ink = zlib.decompress(idat), w * bpp, bytearray(w * bpp), 0
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    ink += sum(1 for x in range(0, stride, bpp) if min(line[x:x + 3]) < 200)
    prev = line
print(ink, w * h)
PY
        read -r ink total <"$tmp/ink"
        [ "${ink:-0}" -gt $((total / 50)) ] \
            && ok "html: Chromium's screenshot is not blank ($ink of $total pixels inked)" \
            || bad "html: screenshot blank" "${ink:-?} of ${total:-?} pixels inked"
    else
        [ "$(wc -c <"$tmp/shot.png")" -gt 20000 ] && ok "html: Chromium's screenshot is not blank" \
            || bad "html: screenshot blank" "$(wc -c <"$tmp/shot.png") bytes"
    fi
fi

tj_summary
