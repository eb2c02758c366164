#!/usr/bin/env bash
# figures_cli.sh: command-line tests of the report's figures: LaTeX, SVG plots, the HTML report.
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
grep -q '^1 & beta & \\textbf{0.3153} & ' "$tmp/board.tex" && ok "latex: best value bold" \
    || bad "latex: best value bold" "$(grep '^1 &' "$tmp/board.tex")"
[ "$(grep -o "\\textbf" "$tmp/board.tex" | wc -l)" -ge 9 ] && ok "latex: a bold value per measure" \
    || bad "latex: bold per measure" "$(grep -o "\\textbf" "$tmp/board.tex" | wc -l) bold cells"
awk -F' & ' '/^[0-9]+ & / { for (i = 1; i <= NF; i++) if ($i ~ /textbf/) n[i]++ }
             END { for (i in n) if (i == 11) exit 1 }' "$tmp/board.tex" \
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

tj_summary
