#!/usr/bin/env bash
# Usage: bench/report-screenshot.sh [WORKDIR]     (default $TMPDIR/pwaudit-report-screenshot, else /tmp/…)
#   env ROWS=20000               demo rows (pwaudit demo --rows)
#   env WIDTHS=1280,400          widths in CSS pixels
#   env PWAUDIT=BINARY           skip the release build and use BINARY
# Renders every HTML report kind a person reads (run report, compare, history by month, history --in-force by month,
# compliance of every version, tune's curve and heat map when the binary has 'tune', and a directory audit's report
# when it has 'import --ntds') from one demo store, and
# checks each in headless Chromium with bench/html-check.py at every width: the page never scrolls sideways
# (scrollWidth <= innerWidth), no SVG text lies outside its chart or is drawn under 10 px. The PNGs stay in WORKDIR for a person to
# look at. The compliance report is also printed to PDF and pdftotext must find every clause row of every version in
# it (print CSS opens the <details>). Needs chromium and poppler-utils (apt-get install -y chromium poppler-utils).
# Exit status 0 when everything holds, 1 when a check fails, 69 without chromium or pdftotext.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-${TMPDIR:-/tmp}/pwaudit-report-screenshot}
mkdir -p "$work"
command -v chromium > /dev/null || { echo "needs chromium: apt-get install -y chromium" >&2; exit 69; }
command -v pdftotext > /dev/null || { echo "needs pdftotext: apt-get install -y poppler-utils" >&2; exit 69; }
if [ -z "${PWAUDIT:-}" ]; then (cd "$repo" && swift build -c release --product pwaudit 2>&1 | tail -1); fi
pwaudit=${PWAUDIT:-$repo/.build/release/pwaudit}
demo=$work/demo
rm -rf "$demo"
"$pwaudit" demo --dir "$demo" --rows "${ROWS:-20000}" > "$work/demo.txt" 2>&1
db=(--db "$demo/pwaudit.db")
pages=()
render() {  # NAME ARGS…: writes WORKDIR/NAME.html
    local name=$1
    shift
    "$pwaudit" "$@" "${db[@]}" --format html --output "$work/$name.html" 2> "$work/$name.err" || {
        local status=$?
        # compliance exits 1 when a clause fails (the report is still written); anything else is a failure.
        [ "$status" = 1 ] && [ -s "$work/$name.html" ] || { cat "$work/$name.err" >&2; exit 1; }
    }
    pages+=("$work/$name.html")
}
render report report
render compare compare corp@1 corp@2
render history history --policy corp --by month   # every version its own series
render history-in-force history --policy corp --by month --in-force
render compliance compliance --all-versions
if "$pwaudit" tune --help > /dev/null 2>&1; then
    render tune tune --from corp@1 --vary min-length=8..16                                # a curve
    render tune-grid tune --from corp@1 --vary min-length=8..16 --vary classes=0..4   # a heat map
fi
if "$pwaudit" import --help 2>&1 | grep -q -- --ntds; then
    # A directory audit (bench/ntds-gen.py's seeded extract, potfile and hibp-ntlm corpus, small) as the newest run:
    # the run report then carries the directory section and its charts.
    python3 "$repo/bench/ntds-gen.py" --accounts 3000 --potfile 1200 --corpus 20000 "$work/ntds" > "$work/ntds-gen.txt"
    "$pwaudit" import --ntds "$work/ntds/corp.ntds" --potfile "$work/ntds/hashcat.potfile" \
        --hibp-ntlm "$work/ntds/ntlm-corpus.txt" --policy corp "${db[@]}" > "$work/ntds.txt" 2>&1 \
        || { cat "$work/ntds.txt" >&2; exit 1; }
    render directory report
fi
status=0
python3 "$repo/bench/html-check.py" --widths "${WIDTHS:-1280,400}" --out "$work" --pdf "${pages[@]}" || status=1
# Every clause row of every version is in the printed compliance report: each clause id of the JSON report at least
# as often in the PDF's text (whitespace removed: a long id may wrap inside its cell).
"$pwaudit" compliance --all-versions "${db[@]}" --format json > "$work/compliance.json" || [ $? = 1 ]
pdftotext "$work/compliance.pdf" "$work/compliance.txt"
python3 - "$work/compliance.json" "$work/compliance.txt" << 'PY' || status=1
import collections, json, re, sys
report = json.load(open(sys.argv[1]))
text = re.sub(r"\s+", "", open(sys.argv[2], encoding="utf-8").read())
wanted = collections.Counter(f["clause"] for v in report["versions"] for r in v["results"] for f in r["findings"])
missing = {clause: (count, text.count(clause)) for clause, count in wanted.items() if text.count(clause) < count}
rows = sum(wanted.values())
if missing:
    print(f"FAIL printed compliance report: {len(missing)} of {len(wanted)} clauses short of their {rows} rows")
    for clause, (count, found) in sorted(missing.items())[:20]:
        print(f"    {clause}: {found} of {count} rows in the PDF")
    sys.exit(1)
print(f"ok printed compliance report: all {rows} clause rows ({len(wanted)} clauses) are in the PDF")
PY
echo "PNGs and PDFs in $work"
exit $status
