#!/usr/bin/env bash
# Usage: bench/import.sh [WORKDIR]     (default /tmp/pwaudit-bench-import)
#   env ROWS="100000 1000000"   corpus sizes (gen_corpus.py --seed 42)
#   env PWAUDIT_SHARED=DIR       the shared/ folder (default: ../shared beside the repo, else ../../shared, else
#                                /work/shared)
#   env PWAUDIT=PATH             a pwaudit binary to measure (default: build .build/release/pwaudit)
#   env RUNS=N                   alternating rounds per size (default 5); medians are reported
#   env PYTHON=0                 skip the stdlib Python pipeline (slow at 10M rows)
# In one run, per corpus size: sqlite3 `.import` of the CSV (WAL, the like-for-like floor), the stdlib
# Python pipeline, and `pwaudit import` against 3 policy versions, taking turns for RUNS rounds. Prints each
# tool's median wall time and CPU seconds (user + system), pwaudit's peak RSS (/usr/bin/time), then one line per
# size with the ratio pwaudit/sqlite3 of each round's pair and their median (target <= 1.00), and finally the peak
# RSS of the smallest and largest size. Figures are warm-cache; compare ratios within a run.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/bench/shared-dir.sh"
work=${1:-/tmp/pwaudit-bench-import}; mkdir -p "$work"
sizes=${ROWS:-"100000 1000000"}
for tool in sqlite3 /usr/bin/time python3; do
    command -v "$tool" > /dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3 time > /dev/null; }
done
if [ -z "${PWAUDIT:-}" ]; then
    (cd "$repo" && swift build -c release --product pwaudit 2>&1 | tail -1) >&2
    pwaudit=$repo/.build/release/pwaudit
else
    pwaudit=$PWAUDIT
fi
policies=$work/policies; mkdir -p "$policies"
cp "$repo/examples/seed.json" "$repo/examples/nist.json" "$repo/examples/strict.json" "$policies/"

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END {
    if (NR == 0) { print "-"; exit } if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# timed OUT CMD…: runs CMD under /usr/bin/time, writes "wall cpu rss_kib" to OUT, returns CMD's status.
timed() {
    local out=$1; shift
    local status=0
    /usr/bin/time -o "$out.raw" -f '%e %U %S %M' "$@" || status=$?
    # /usr/bin/time writes "Command exited with non-zero status N" before the figures on failure: last line.
    tail -1 "$out.raw" | awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' > "$out"
    return "$status"
}
runs=${RUNS:-5}
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); sqlite3 $(sqlite3 --version | cut -d' ' -f1);" \
    "median of $runs alternating rounds"
printf '%-9s %-16s %9s %9s %12s %10s\n' rows tool seconds cpu_s rows_per_s peak_MiB
rss_first=""; rss_last=""
for n in $sizes; do
    csv=$work/corpus-$n.csv
    if [ ! -s "$csv" ]; then
        python3 "$shared/bench/gen_corpus.py" --rows "$n" --seed 42 -o "$csv.tmp" 2> "$work/gen-$n.log" \
            || { cat "$work/gen-$n.log" >&2; exit 1; }
        mv "$csv.tmp" "$csv"
    fi
    cat "$csv" > /dev/null
    w_sqlite=""; c_sqlite=""; w_python=""; c_python=""; w_pwaudit=""; c_pwaudit=""; pairs=""; cpairs=""; rss=0
    for round in $(seq "$runs"); do
        timed "$work/t-sqlite" "$shared/bench/peer_sqlite_import.sh" "$csv" "$work/sqlite.db" --wal > /dev/null
        read -r ws cs _ < "$work/t-sqlite"
        w_sqlite+=" $ws"; c_sqlite+=" $cs"
        if [ "${PYTHON:-1}" != 0 ]; then
            timed "$work/t-python" python3 "$shared/bench/peer_python_pipeline.py" "$csv" "$work/python.db" > /dev/null
            read -r wy cy _ < "$work/t-python"
            w_python+=" $wy"; c_python+=" $cy"
        fi
        db=$work/pwaudit-$n.db; rm -f "$db" "$db-wal" "$db-shm" "$db.key"
        "$pwaudit" init --db "$db" > /dev/null
        for p in seed nist strict; do "$pwaudit" policy add "$policies/$p.json" --db "$db" > /dev/null; done
        status=0
        timed "$work/t-pwaudit" "$pwaudit" import "$csv" --db "$db" \
            --policy seed --policy nist --policy strict > "$work/import-$n.txt" 2>&1 || status=$?
        if [ "$status" -ne 0 ]; then echo "pwaudit import exited $status:" >&2; cat "$work/import-$n.txt" >&2; fi
        read -r wp cp r < "$work/t-pwaudit"
        w_pwaudit+=" $wp"; c_pwaudit+=" $cp"; rss=$(( r > rss ? r : rss ))
        pairs+=" $(awk -v p="$wp" -v s="$ws" 'BEGIN { printf "%.2f", p / s }')"
        cpairs+=" $(awk -v p="$cp" -v s="$cs" 'BEGIN { printf "%.2f", p / s }')"
    done
    [ -n "$rss_first" ] || rss_first=$rss; rss_last=$rss
    for row in "sqlite_import_wal $(median <<< "$w_sqlite") $(median <<< "$c_sqlite") -" \
               "python_pipeline $(median <<< "$w_python") $(median <<< "$c_python") -" \
               "pwaudit_import $(median <<< "$w_pwaudit") $(median <<< "$c_pwaudit") $((rss / 1024))"; do
        set -- $row
        [ "$2" = - ] && continue
        printf '%-9s %-16s %9s %9s %12.0f %10s\n' "$n" "$1" "$2" "$3" \
            "$(awk -v n="$n" -v s="$2" 'BEGIN { print n / s }')" "$4"
    done
    echo "$n rows: pwaudit/sqlite3 .import = $(median <<< "$pairs") wall (rounds:$pairs)," \
        "$(median <<< "$cpairs") cpu (rounds:$cpairs), peak $((rss / 1024)) MiB; target <= 1.00, <= 128 MiB"
    tail -1 "$work/import-$n.txt"
done
awk -v a="$rss_first" -v b="$rss_last" 'BEGIN {
    printf "peak RSS first/last size: %.0f / %.0f MiB, last/first=%.2f (target 0.80-1.20, each <= 128 MiB)\n",
        a / 1024, b / 1024, b / a }'
