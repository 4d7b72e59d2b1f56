#!/usr/bin/env bash
# Usage: bench/import-tally.sh [WORKDIR]     (default /tmp/pwaudit-bench-tally)
#   env ROWS=1000000   rows of the corpus (gen_corpus.py --seed 42; WORKDIR/corpus-ROWS.csv is reused when present)
#   env RUNS=5         alternating rounds, each one import with the tuning tally and one without
#                      (PWAUDIT_BENCH_SKIP_TUNING=1: no tuning features computed, no cells tallied nor stored), the
#                      order swapped every round
#   env PWAUDIT=PATH   a pwaudit binary to measure (default: build .build/release/pwaudit)
#   env PWAUDIT_SHARED=DIR   the shared/ folder (see bench/shared-dir.sh)
#   env COUNT=callgrind      count each import's instructions under valgrind's callgrind instead (user space, every
#                            thread; ~50x slower, so take ROWS=100000 and RUNS=1): the same count for the same binary and
#                            input whatever the machine's load, where perf has no hardware counters (this VM)
# What the tuning summary costs an import: ROWS rows x 3 versions (seed, nist, strict) into a fresh SQLite file
# (init and three `policy add` first, untimed), whole-process wall and CPU seconds (user + system, /usr/bin/time).
# Prints each round's pair, then the medians and the median of the pairs' ratios, with/without (target: CPU <= 1.05).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/pwaudit-bench-tally}; mkdir -p "$work"
rows=${ROWS:-1000000}
runs=${RUNS:-5}
command -v /usr/bin/time > /dev/null || { apt-get update -qq && apt-get install -y -qq time > /dev/null; }
command -v sqlite3 > /dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3 > /dev/null; }
if [ -z "${PWAUDIT:-}" ]; then
    (cd "$repo" && swift build -c release --product pwaudit 2>&1 | tail -1) >&2
    pwaudit=$repo/.build/release/pwaudit
else
    pwaudit=$PWAUDIT
fi
csv=$work/corpus-$rows.csv
if [ ! -s "$csv" ]; then
    . "$repo/bench/shared-dir.sh"
    python3 "$shared/bench/gen_corpus.py" --rows "$rows" --seed 42 -o "$csv.tmp" 2> "$work/gen.log" \
        || { cat "$work/gen.log" >&2; exit 1; }
    mv "$csv.tmp" "$csv"
fi
cat "$csv" > /dev/null

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END {
    if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# Where perf can count them (not in a VM without hardware counters), the instructions retired are counted too: unlike
# CPU seconds, they do not grow with the machine's load.
perf=()
counter=perf
if [ "${COUNT:-}" = callgrind ]; then
    command -v valgrind > /dev/null || { apt-get update -qq && apt-get install -y -qq valgrind > /dev/null; }
    perf=(valgrind --tool=callgrind --callgrind-out-file=/dev/null --log-file="$work/perf.txt" --)
    counter=callgrind
elif command -v perf > /dev/null && perf stat -x, -e instructions -o "$work/perf.txt" true 2> /dev/null \
    && grep -q '^[0-9]' "$work/perf.txt"; then
    perf=(perf stat -x, -e instructions -o "$work/perf.txt" --)
fi
import_once() {  # import_once with|without: one import into a fresh file; prints "wall cpu instructions"
    local db=$work/tally.db status=0
    rm -f "$db" "$db-wal" "$db-shm" "$db.key"
    "$pwaudit" init --db "$db" > /dev/null
    for p in seed nist strict; do "$pwaudit" policy add "$repo/examples/$p.json" --db "$db" > /dev/null; done
    local skip=()
    [ "$1" = with ] || skip=(env PWAUDIT_BENCH_SKIP_TUNING=1)
    "${skip[@]}" /usr/bin/time -o "$work/time.txt" -f '%e %U %S' "${perf[@]}" "$pwaudit" import "$csv" --db "$db" \
        --policy seed --policy nist --policy strict > "$work/import.txt" 2>&1 || status=$?
    # 65: rows rejected, the run complete all the same.
    if [ "$status" -ne 0 ] && [ "$status" -ne 65 ]; then cat "$work/import.txt" >&2; exit 1; fi
    local cells
    # Each import is checked to have done what it is timed for: cells stored with the tally, none without.
    cells=$(sqlite3 "$db" 'SELECT count(*) FROM run_tuning_cell') \
        || { echo "could not count the run's cells" >&2; exit 1; }
    if [ "$1" = with ] && [ "$cells" = 0 ]; then echo "the import with the tally stored no cells" >&2; exit 1; fi
    if [ "$1" = without ] && [ "$cells" != 0 ]; then echo "the import without the tally stored cells" >&2; exit 1; fi
    local instructions=-
    if [ "$counter" = callgrind ]; then
        instructions=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/perf.txt" | head -1)
    elif [ ${#perf[@]} != 0 ]; then
        instructions=$(grep instructions "$work/perf.txt" | cut -d, -f1)
    fi
    tail -1 "$work/time.txt" | awk -v i="$instructions" '{ printf "%s %.2f %s\n", $1, $2 + $3, i }'
}
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $rows rows x 3 versions, $runs rounds"
printf '%-6s %10s %10s %12s %12s %8s %8s\n' round with_s with_cpu without_s without_cpu wall_x cpu_x
w_with=""; c_with=""; w_without=""; c_without=""; wall_pairs=""; cpu_pairs=""; i_with=""; i_without=""; i_pairs=""
for round in $(seq "$runs"); do
    if [ $((round % 2)) = 1 ]; then
        read -r ww cw iw <<< "$(import_once with)"; read -r wo co io <<< "$(import_once without)"
    else
        read -r wo co io <<< "$(import_once without)"; read -r ww cw iw <<< "$(import_once with)"
    fi
    if [ "$iw" != - ]; then
        i_with+=" $iw"; i_without+=" $io"; i_pairs+=" $(awk -v a="$iw" -v b="$io" 'BEGIN { printf "%.4f", a / b }')"
    fi
    wx=$(awk -v a="$ww" -v b="$wo" 'BEGIN { printf "%.3f", a / b }')
    cx=$(awk -v a="$cw" -v b="$co" 'BEGIN { printf "%.3f", a / b }')
    printf '%-6s %10s %10s %12s %12s %8s %8s\n' "$round" "$ww" "$cw" "$wo" "$co" "$wx" "$cx"
    w_with+=" $ww"; c_with+=" $cw"; w_without+=" $wo"; c_without+=" $co"; wall_pairs+=" $wx"; cpu_pairs+=" $cx"
done
echo "median: with the tally $(median <<< "$w_with") s, $(median <<< "$c_with") CPU-s; without" \
    "$(median <<< "$w_without") s, $(median <<< "$c_without") CPU-s; ratio of the pairs: wall" \
    "$(median <<< "$wall_pairs"), CPU $(median <<< "$cpu_pairs") (target <= 1.05)"
if [ -n "$i_pairs" ]; then
    what="perf stat, user and kernel"; [ "$counter" = perf ] || what="callgrind, user space"
    echo "instructions ($what, every thread): with $(median <<< "$i_with"), without" \
        "$(median <<< "$i_without"); ratio of the pairs $(median <<< "$i_pairs") (rounds:$i_pairs)"
fi
echo "load now $(cut -d' ' -f1-3 /proc/loadavg)"
rm -f "$work/tally.db" "$work/tally.db-wal" "$work/tally.db-shm" "$work/tally.db.key"
