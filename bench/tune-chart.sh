#!/usr/bin/env bash
# Usage: bench/tune-chart.sh [WORKDIR]     (default $TMPDIR/pwaudit-tune-chart)
#   env ROWS=20000        demo rows
#   env PWAUDIT=BINARY    the pwaudit to use (default: .build/release/pwaudit, else .build/debug/pwaudit, else a
#                         release build)
# Runs the demo, writes pwaudit tune's HTML for a min-length curve (4..20, every standard's minimum length within
# it), a 17 × 5 grid (min-length 8..24 × classes 0..4) and a require sweep (bars), and checks each page in headless
# Chromium at 1280 and 400 px with bench/html-check.py (no sideways scroll, no SVG label clipped or drawn under
# 10 px; PNGs in WORKDIR/png). Exit 0 when every check holds.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-${TMPDIR:-/tmp}/pwaudit-tune-chart}
rm -rf "$work"; mkdir -p "$work"
if [ -n "${PWAUDIT:-}" ]; then pwaudit=$PWAUDIT
elif [ -x "$repo/.build/release/pwaudit" ]; then pwaudit=$repo/.build/release/pwaudit
elif [ -x "$repo/.build/debug/pwaudit" ]; then pwaudit=$repo/.build/debug/pwaudit
else (cd "$repo" && swift build -c release --product pwaudit 2>&1 | tail -1); pwaudit=$repo/.build/release/pwaudit
fi
"$pwaudit" demo --dir "$work/demo" --rows "${ROWS:-20000}" > "$work/demo.txt"
db=$work/demo/pwaudit.db
"$pwaudit" tune --db "$db" --from corp@1 --vary min-length=4..20 --format html -o "$work/curve.html" > /dev/null
"$pwaudit" tune --db "$db" --from corp@1 --vary min-length=8..24 --vary classes=0..4 --format html \
    -o "$work/grid.html" > /dev/null
"$pwaudit" tune --db "$db" --from corp@1 --vary 'require=upper,digit/lower/upper,lower,digit,special' \
    --format html -o "$work/require.html" > /dev/null
python3 "$repo/bench/html-check.py" --widths 1280,400 --out "$work/png" \
    "$work/demo/tune.html" "$work/curve.html" "$work/grid.html" "$work/require.html"
