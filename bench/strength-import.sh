#!/usr/bin/env bash
# Usage: bench/strength-import.sh [WORKDIR]     (default /tmp/pwaudit-bench-strength-import)
#   env ROWS=1000000   corpus size (gen_corpus.py --seed 42)
#   env RUNS=1         rounds; each round imports without and then with --strength (3 versions: seed, nist, strict)
#   env PWAUDIT=PATH   a pwaudit binary (default: build .build/release/pwaudit)
# Issue 23's import target: `import --strength` of 1M rows x 3 versions within 3x the import without it, on the
# machine's cores (2 here). Prints both times (best of the rounds), the ratio, the machine's load before each import,
# and each import's CPU seconds (user + system: on a machine shared with other work, the CPU ratio is the steadier
# figure); then each round's own ratio (its --strength import over its plain one, run just before it) and their
# median: this machine's speed drifts within a minute, so the pairs' median is the figure to quote. The estimate cache's effect is in the times (a repeated password is estimated once per scoring thread,
# whoever typed it, when its user inputs cannot change the estimate).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/bench/shared-dir.sh"
work=${1:-/tmp/pwaudit-bench-strength-import}; mkdir -p "$work"
rows=${ROWS:-1000000}; runs=${RUNS:-1}
if [ -z "${PWAUDIT:-}" ]; then
    (cd "$repo" && swift build -c release --product pwaudit 2>&1 | tail -1) >&2
    pwaudit=$repo/.build/release/pwaudit
else
    pwaudit=$PWAUDIT
fi
csv=$work/corpus-$rows.csv
if [ ! -s "$csv" ]; then
    python3 "$shared/bench/gen_corpus.py" --rows "$rows" --seed 42 -o "$csv.tmp" 2> "$work/gen.log" \
        || { cat "$work/gen.log" >&2; exit 1; }
    mv "$csv.tmp" "$csv"
fi
cat "$csv" > /dev/null
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
best() { if [ -z "$1" ]; then echo "$2"; else awk -v a="$1" -v b="$2" 'BEGIN { print (b < a ? b : a) }'; fi; }
plain=""; strength=""; plaincpu=""; strengthcpu=""; pairs=""; roundplain=""
echo "machine: $(nproc) cores; $rows rows x 3 versions; best of $runs rounds"
for round in $(seq "$runs"); do
    for mode in plain strength; do
        db=$work/$mode.db; rm -f "$db" "$db-wal" "$db-shm" "$db.key"
        "$pwaudit" init --db "$db" > /dev/null
        for p in seed nist strict; do "$pwaudit" policy add "$repo/examples/$p.json" --db "$db" > /dev/null; done
        flag=(); [ "$mode" = strength ] && flag=(--strength)
        echo "round $round $mode: load before $(cut -d' ' -f1-3 /proc/loadavg)"
        t0=$EPOCHREALTIME
        /usr/bin/time -f "%U %S" -o "$work/$mode.cpu" \
            "$pwaudit" import "$csv" --db "$db" --policy seed --policy nist --policy strict "${flag[@]}" \
            > "$work/$mode.txt" 2>&1 || { cat "$work/$mode.txt" >&2; exit 1; }
        t1=$EPOCHREALTIME
        seconds=$(elapsed "$t0" "$t1")
        cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$work/$mode.cpu")
        echo "  $mode: $seconds s, $cpu CPU-s"
        if [ "$mode" = plain ]; then
            plain=$(best "$plain" "$seconds"); plaincpu=$(best "$plaincpu" "$cpu"); roundplain=$seconds
        else
            strength=$(best "$strength" "$seconds"); strengthcpu=$(best "$strengthcpu" "$cpu")
            pairs="$pairs $(awk -v p="$roundplain" -v s="$seconds" 'BEGIN { printf "%.2f", s / p }')"
        fi
    done
done
awk -v p="$plain" -v s="$strength" 'BEGIN { printf "import %s s, import --strength %s s: %.2fx (target <= 3x)\n", p, s, s / p }'
awk -v p="$plaincpu" -v s="$strengthcpu" 'BEGIN { printf "CPU: %s s and %s s: %.2fx\n", p, s, s / p }'
median=$(tr ' ' '\n' <<< "$pairs" | sed '/^$/d' | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }')
echo "each round's ratio:$pairs; median ${median}x (target <= 3x)"
