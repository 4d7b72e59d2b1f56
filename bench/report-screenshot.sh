#!/usr/bin/env bash
# Usage: bench/report-screenshot.sh [WORKDIR]     (default /tmp/pwaudit-report-screenshot)
#   env ROWS=100000              corpus size (gen_corpus.py --seed 42)
#   env HEIGHT=5200              window height in CSS pixels (the whole 3-version report)
#   env PWAUDIT=BINARY           skip the release build and use BINARY
#   env PWAUDIT_SHARED=DIR       the shared/ folder (default: ../shared beside the repo)
# Imports a generated corpus against examples seed, nist and strict, writes the run report and a by-day history
# as HTML, and screenshots both with headless Chromium (apt-get install -y chromium) to PNG for a visual check.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
shared=${PWAUDIT_SHARED:-$repo/../shared}
work=${1:-/tmp/pwaudit-report-screenshot}; mkdir -p "$work"
rows=${ROWS:-100000}
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "needs chromium: apt-get install -y chromium" >&2; exit 69; }
if [ -z "${PWAUDIT:-}" ]; then (cd "$repo" && swift build -c release --product pwaudit 2>&1 | tail -1); fi
pwaudit=${PWAUDIT:-$repo/.build/release/pwaudit}
csv=$work/corpus-$rows.csv
[ -s "$csv" ] || python3 "$shared/bench/gen_corpus.py" --rows "$rows" --seed 42 -o "$csv" 2> /dev/null
db=$work/report.db; rm -f "$db" "$db-wal" "$db-shm" "$db.key"
"$pwaudit" init --db "$db" > /dev/null
for p in seed nist strict; do "$pwaudit" policy add "$repo/examples/$p.json" --db "$db" > /dev/null; done
"$pwaudit" import "$csv" --db "$db" --policy seed --policy nist --policy strict 2> /dev/null || true
"$pwaudit" report --db "$db" --format html --output "$work/report.html"
"$pwaudit" history --db "$db" --policy strict --by month --format html --output "$work/history.html"
for page in report history; do
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,${HEIGHT:-5200} \
        --screenshot="$work/$page.png" "file://$work/$page.html" 2> /dev/null
    echo "screenshot: $work/$page.png"
done
