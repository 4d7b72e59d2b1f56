#!/usr/bin/env bash
# Usage: bench/ntds.sh [WORKDIR]     (default /tmp/pwaudit-bench-ntds)
#   env ACCOUNTS=N       accounts in the extract (default 1000000)
#   env POTFILE=N        potfile lines (default 300000)
#   env CORPUS=N         hibp-ntlm corpus lines (default 10000000)
#   env ROWS=N           rows of the CSV import it is compared with (default 1000000, gen_corpus.py --seed 42)
#   env RUNS=N           alternating rounds (default 3); medians are reported
#   env PWAUDIT=PATH     a pwaudit binary to measure (default: build .build/release/pwaudit)
#   env PWAUDIT_SHARED=DIR  the shared/ folder (see bench/shared-dir.sh)
# Issue 27's target, in one run: `import --ntds` of ACCOUNTS accounts with a POTFILE-line potfile and every NT hash
# looked up in a CORPUS-line hibp-ntlm corpus takes at most 2x the time of a ROWS-row CSV import scored against the
# same versions (seed, nist, strict). The two take turns for RUNS rounds, each into a fresh database; prints each
# one's median wall and CPU seconds and peak RSS, the ratio of each round's pair and their median (target <= 2.00).
# Inputs are generated once into WORKDIR (bench/ntds-gen.py, seeded). Figures are warm-cache; compare within a run.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/bench/shared-dir.sh"
work=${1:-/tmp/pwaudit-bench-ntds}; mkdir -p "$work"
accounts=${ACCOUNTS:-1000000}; potfile=${POTFILE:-300000}; corpus=${CORPUS:-10000000}; rows=${ROWS:-1000000}
runs=${RUNS:-3}
command -v /usr/bin/time > /dev/null || { apt-get update -qq && apt-get install -y -qq time > /dev/null; }
if [ -z "${PWAUDIT:-}" ]; then
    (cd "$repo" && swift build -c release --product pwaudit 2>&1 | tail -1) >&2
    pwaudit=$repo/.build/release/pwaudit
else
    pwaudit=$PWAUDIT
fi
inputs=$work/ntds-$accounts-$potfile-$corpus
if [ ! -s "$inputs/ntlm-corpus.txt" ]; then
    python3 "$repo/bench/ntds-gen.py" --accounts "$accounts" --potfile "$potfile" --corpus "$corpus" "$inputs.tmp"
    rm -rf "$inputs"; mv "$inputs.tmp" "$inputs"
fi
csv=$work/corpus-$rows.csv
if [ ! -s "$csv" ]; then
    python3 "$shared/bench/gen_corpus.py" --rows "$rows" --seed 42 -o "$csv.tmp" 2> "$work/gen.log" \
        || { cat "$work/gen.log" >&2; exit 1; }
    mv "$csv.tmp" "$csv"
fi
cat "$inputs"/* "$csv" > /dev/null  # warm the page cache

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END {
    if (NR == 0) { print "-"; exit } if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# timed OUT CMD…: runs CMD under /usr/bin/time, writes "wall cpu rss_kib" to OUT, returns CMD's status.
timed() {
    local out=$1; shift
    local status=0
    /usr/bin/time -o "$out.raw" -f '%e %U %S %M' "$@" || status=$?
    tail -1 "$out.raw" | awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' > "$out"
    return "$status"
}
fresh() {  # fresh DB: a new database with the three versions
    rm -f "$1" "$1-wal" "$1-shm" "$1.key"
    "$pwaudit" init --db "$1" > /dev/null
    for p in seed nist strict; do "$pwaudit" policy add "$repo/examples/$p.json" --db "$1" > /dev/null; done
}
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $accounts accounts, $potfile potfile lines," \
    "$corpus corpus lines vs $rows CSV rows; median of $runs alternating rounds"
w_csv=""; c_csv=""; w_ntds=""; c_ntds=""; pairs=""; rss_csv=0; rss_ntds=0
for round in $(seq "$runs"); do
    db=$work/csv.db; fresh "$db"
    timed "$work/t-csv" "$pwaudit" import "$csv" --db "$db" --policy seed --policy nist --policy strict \
        > "$work/csv.txt" 2>&1 || { echo "CSV import failed:" >&2; cat "$work/csv.txt" >&2; exit 1; }
    read -r wc cc rc < "$work/t-csv"
    db=$work/ntds.db; fresh "$db"
    status=0
    timed "$work/t-ntds" "$pwaudit" import --ntds "$inputs/corp.ntds" --potfile "$inputs/hashcat.potfile" \
        --hibp-ntlm "$inputs/ntlm-corpus.txt" --db "$db" --policy seed --policy nist --policy strict \
        > "$work/ntds.txt" 2>&1 || status=$?
    [ "$status" -eq 0 ] || { echo "import --ntds exited $status:" >&2; cat "$work/ntds.txt" >&2; exit 1; }
    read -r wn cn rn < "$work/t-ntds"
    w_csv+=" $wc"; c_csv+=" $cc"; w_ntds+=" $wn"; c_ntds+=" $cn"
    rss_csv=$(( rc > rss_csv ? rc : rss_csv )); rss_ntds=$(( rn > rss_ntds ? rn : rss_ntds ))
    pairs+=" $(awk -v n="$wn" -v c="$wc" 'BEGIN { printf "%.2f", n / c }')"
    echo "round $round: csv ${wc}s (cpu ${cc}s), ntds ${wn}s (cpu ${cn}s)"
done
printf '%-22s %9s %9s %9s\n' import seconds cpu_s peak_MiB
printf '%-22s %9s %9s %9s\n' "csv ($rows rows)" "$(median <<< "$w_csv")" "$(median <<< "$c_csv")" $((rss_csv / 1024))
printf '%-22s %9s %9s %9s\n' "ntds ($accounts accts)" "$(median <<< "$w_ntds")" "$(median <<< "$c_ntds")" \
    $((rss_ntds / 1024))
echo "ntds/csv wall ratios:$pairs; median $(median <<< "$pairs") (target <= 2.00)"
echo "last ntds summary: $(head -c 400 "$work/ntds.txt")"
