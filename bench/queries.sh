#!/usr/bin/env bash
# Usage: bench/queries.sh [WORKDIR]     (default /tmp/pwaudit-bench-queries)
#   env CANDIDATES=10000000  candidates in the run (bench/report.sh's builder)
#   env USERS=200000         distinct usernames (user-<n mod USERS>, ~50 candidates per account)
#   env REPEAT=3             timed runs of each query; the best is printed
#   env PWAUDIT=BINARY       skip the release build and time BINARY instead
# Builds (or reuses) bench/report.sh's database in WORKDIR — one complete run of CANDIDATES candidates submitted over
# 2026, with usernames, scored under seed@1, nist@1 and strict@1 (in force from 2026-01-01) and seed@2 (from
# 2026-07-01) — migrates it to the binary's schema, then times every worked query of docs/queries.md (each ```sql
# block, in order) through `pwaudit query --format csv`, and next to each, in the same run, a full scan of the
# candidate table: `SELECT count(*), sum(length) FROM candidate`. Target: each query <= 2x the scan.
# The account of the per-account query ('moorei' in the demo database) is user-42 here.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/pwaudit-bench-queries}; mkdir -p "$work"
repeat=${REPEAT:-3}
if [ -z "${PWAUDIT:-}" ]; then (cd "$repo" && swift build -c release --product pwaudit 2>&1 | tail -1); fi
pwaudit=${PWAUDIT:-$repo/.build/release/pwaudit}
built=$(PWAUDIT=$pwaudit CANDIDATES=${CANDIDATES:-10000000} USERS=${USERS:-200000} EFFECTIVE=2026-01-01 \
    SEED2=2026-07-01 REPORT=0 "$repo/bench/report.sh" "$work" | tail -1)
db=${built#database }
# A command that writes migrates an older schema (policy add of a stored definition adds nothing).
"$pwaudit" policy add "$repo/examples/seed.json" --db "$db" > /dev/null 2>&1

queries=()
while IFS= read -r -d '' block; do queries+=("$block"); done < <(
    awk '/^```sql$/ { inside = 1; text = ""; next }
        /^```$/ && inside { inside = 0; printf "%s%c", text, 0; next }
        inside { text = text (text == "" ? "" : "\n") $0 }' "$repo/docs/queries.md")
scan='SELECT count(*), sum(length) FROM candidate'

best() {  # best wall time in seconds of REPEAT runs of `pwaudit query "$1"`
    local sql=$1 best='' t0 t1 t
    for _ in $(seq "$repeat"); do
        t0=$EPOCHREALTIME
        "$pwaudit" query "$sql" --db "$db" --format csv --timeout 600 > "$work/out.csv"
        t1=$EPOCHREALTIME
        t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
        if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
    done
    echo "$best"
}

printf 'database %s: %s candidates, %s MiB\n' "$db" \
    "$("$pwaudit" query "SELECT count(*) FROM candidate" --db "$db" --format csv | tail -1 | tr -d '\r')" \
    "$(( $(stat -c %s "$db") / 1048576 ))"
best "$scan" > /dev/null   # warm the page cache once
printf '%-3s %-60s %9s %9s %7s\n' '#' 'worked query (docs/queries.md)' 'query s' 'scan s' 'ratio'
number=0; worst=0
for sql in "${queries[@]}"; do
    number=$((number + 1))
    sql=${sql//\'moorei\'/\'user-42\'}
    q=$(best "$sql")
    s=$(best "$scan")
    ratio=$(awk -v q="$q" -v s="$s" 'BEGIN { printf "%.2f", q / s }')
    worst=$(awk -v r="$ratio" -v w="$worst" 'BEGIN { print (r > w ? r : w) }')
    first=$(echo "$sql" | tr '\n' ' ' | sed 's/  */ /g' | cut -c1-60)
    printf '%-3s %-60s %9s %9s %6sx\n' "$number" "$first" "$q" "$s" "$ratio"
done
echo "full scan: $scan; worst ratio ${worst}x (target <= 2x)"
