#!/usr/bin/env bash
# Usage: bench/import.sh [WORKDIR]     (default /tmp/pwaudit-bench-import)
#   env ROWS="100000 1000000"   corpus sizes (gen_corpus.py --seed 42)
#   env PWAUDIT_SHARED=DIR       the shared/ folder (default: ../shared beside the repo, else ../../shared, else
#                                /work/shared)
#   env PWAUDIT=PATH             a pwaudit binary to measure (default: build .build/release/pwaudit)
#   env RUNS=N                   rounds per size (default 3); each tool's best time is reported
# In one run, per corpus size: sqlite3 `.import` of the CSV (WAL, the like-for-like floor), the stdlib
# Python pipeline, and `pwaudit import` against 3 policy versions, taking turns for RUNS rounds; prints each
# tool's best time, the ratios and pwaudit's peak RSS (/usr/bin/time -f %M), then compares the peak RSS of the
# smallest and largest size. Figures are warm-cache; compare ratios within a run.
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

elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
best() { if [ -z "$1" ]; then echo "$2"; else awk -v a="$1" -v b="$2" 'BEGIN { print (b < a ? b : a) }'; fi; }
runs=${RUNS:-3}
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); sqlite3 $(sqlite3 --version | cut -d' ' -f1); best of $runs rounds"
printf '%-9s %-16s %9s %12s %10s\n' rows tool seconds rows_per_s peak_MiB
rss_first=""; rss_last=""
for n in $sizes; do
    csv=$work/corpus-$n.csv
    if [ ! -s "$csv" ]; then
        python3 "$shared/bench/gen_corpus.py" --rows "$n" --seed 42 -o "$csv.tmp" 2> "$work/gen-$n.log" \
            || { cat "$work/gen-$n.log" >&2; exit 1; }
        mv "$csv.tmp" "$csv"
    fi
    cat "$csv" > /dev/null
    # Round-robin the three tools RUNS times and keep each one's best time (the least disturbed by other load on a
    # shared machine); peak RSS is the largest seen.
    s_sqlite=""; s_python=""; s_pwaudit=""; rss=0
    for round in $(seq "$runs"); do
        t0=$EPOCHREALTIME; "$shared/bench/peer_sqlite_import.sh" "$csv" "$work/sqlite.db" --wal > /dev/null; t1=$EPOCHREALTIME
        s_sqlite=$(best "$s_sqlite" "$(elapsed "$t0" "$t1")")
        t0=$EPOCHREALTIME; python3 "$shared/bench/peer_python_pipeline.py" "$csv" "$work/python.db" > /dev/null
        t1=$EPOCHREALTIME
        s_python=$(best "$s_python" "$(elapsed "$t0" "$t1")")
        db=$work/pwaudit-$n.db; rm -f "$db" "$db-wal" "$db-shm" "$db.key"
        "$pwaudit" init --db "$db" > /dev/null
        for p in seed nist strict; do "$pwaudit" policy add "$policies/$p.json" --db "$db" > /dev/null; done
        t0=$EPOCHREALTIME
        status=0
        /usr/bin/time -o "$work/time.txt" -f '%M' "$pwaudit" import "$csv" --db "$db" \
            --policy seed --policy nist --policy strict > "$work/import-$n.txt" 2>&1 || status=$?
        t1=$EPOCHREALTIME
        if [ "$status" -ne 0 ]; then echo "pwaudit import exited $status:" >&2; cat "$work/import-$n.txt" >&2; fi
        s_pwaudit=$(best "$s_pwaudit" "$(elapsed "$t0" "$t1")")
        # /usr/bin/time appends "Command exited with non-zero status N" before %M on failure: take the last line.
        rss=$(( $(tail -1 "$work/time.txt") > rss ? $(tail -1 "$work/time.txt") : rss ))
    done
    [ -n "$rss_first" ] || rss_first=$rss; rss_last=$rss
    for row in "sqlite_import_wal $s_sqlite -" "python_pipeline $s_python -" "pwaudit_import $s_pwaudit $((rss / 1024))"; do
        set -- $row
        printf '%-9s %-16s %9s %12.0f %10s\n' "$n" "$1" "$2" "$(awk -v n="$n" -v s="$2" 'BEGIN { print n / s }')" "$3"
    done
    awk -v p="$s_pwaudit" -v s="$s_sqlite" -v y="$s_python" -v n="$n" \
        'BEGIN { printf "%-9s ratios: pwaudit/sqlite=%.2f (target <= 1.5)  python/pwaudit=%.1f (target >= 5)\n", n, p / s, y / p }'
    tail -1 "$work/import-$n.txt"
done
awk -v a="$rss_first" -v b="$rss_last" 'BEGIN {
    printf "peak RSS first/last size: %.0f / %.0f MiB, last/first=%.2f (target 0.80-1.20, each <= 150 MiB)\n",
        a / 1024, b / 1024, b / a }'
