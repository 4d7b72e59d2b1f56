#!/usr/bin/env bash
# Usage: bench/kill.sh [WORKDIR]        (default /tmp/pwaudit-bench-kill)
#   env KILLS=N            SIGKILLs (default 50)
#   env ROWS=N             rows of the import that is killed (default 200000; gen_corpus.py --seed 7)
#   env PWAUDIT=PATH       the pwaudit binary (default: build .build/release/pwaudit)
#   env PWAUDIT_SHARED=DIR the shared/ folder (default: ../shared beside the repo, else ../../shared, else /work/shared)
# Starts `pwaudit import` of a ROWS-row CSV against 3 policy versions KILLS times and SIGKILLs it at a random moment
# between its start and the end of a full import (timed once up front). After each kill:
#   - PRAGMA integrity_check is ok and PRAGMA foreign_key_check finds no orphan;
#   - no run is complete with fewer candidates (or rows) than the file has;
#   - a run the kill interrupted is listed as stale by `pwaudit runs` and `runs delete` removes it as stale;
#   - the next import (a small file) succeeds.
# Prints one line per kill, the pass count and the runtime; exits 1 unless every kill passed.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/bench/shared-dir.sh"
command -v sqlite3 > /dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3 > /dev/null; }
work=${1:-/tmp/pwaudit-bench-kill}
rm -rf "$work" && mkdir -p "$work"
kills=${KILLS:-50}
rows=${ROWS:-200000}
if [ -z "${PWAUDIT:-}" ]; then
    (cd "$repo" && swift build -c release --product pwaudit 2>&1 | tail -1) >&2
    pwaudit=$repo/.build/release/pwaudit
else
    pwaudit=$PWAUDIT
fi
started=$(date +%s.%N)
big=$work/big.csv
small=$work/small.csv
python3 "$shared/bench/gen_corpus.py" --rows "$rows" --seed 7 -o "$big" 2> /dev/null
python3 "$shared/bench/gen_corpus.py" --rows 1000 --seed 8 -o "$small" 2> /dev/null
db=$work/audit.db
"$pwaudit" init --db "$db" > /dev/null
for policy in seed nist strict; do "$pwaudit" policy add "$repo/examples/$policy.json" --db "$db" > /dev/null 2>&1; done

# A full import's duration bounds the kill moments; the run is then deleted.
t0=$(date +%s.%N)
"$pwaudit" import "$big" --db "$db" > /dev/null 2>&1
t1=$(date +%s.%N)
full=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
"$pwaudit" runs delete "$(sqlite3 "$db" 'SELECT max(id) FROM import_run')" --db "$db" > /dev/null
echo "a full import of $rows rows takes ${full} s; killing $kills imports at random moments within it"

q() { sqlite3 -readonly "$db" "$1"; }
passed=0
for i in $(seq 1 "$kills"); do
    delay=$(awk -v f="$full" -v r="$RANDOM" 'BEGIN { printf "%.3f", f * 0.95 * r / 32767 }')
    "$pwaudit" import "$big" --db "$db" --again > /dev/null 2>&1 &
    pid=$!
    sleep "$delay"
    kill -9 "$pid" 2> /dev/null || true
    status=0
    wait "$pid" 2> /dev/null || status=$?
    failures=()
    [ "$(q 'PRAGMA integrity_check')" = ok ] || failures+=("integrity_check")
    [ -z "$(q 'PRAGMA foreign_key_check')" ] || failures+=("orphans")
    short=$(q "SELECT count(*) FROM import_run r WHERE r.status = 'complete' AND (r.rows_read != $rows
        OR r.rows_accepted != (SELECT count(*) FROM candidate c WHERE c.id BETWEEN r.id << 32
            AND (r.id << 32) + 4294967295))")
    [ "$short" = 0 ] || failures+=("complete run missing rows")
    run=$(q 'SELECT max(id) FROM import_run')
    outcome=none
    if [ -n "$run" ]; then
        state=$(q "SELECT status FROM import_run WHERE id = $run")
        if [ "$state" = running ]; then
            outcome=stale
            "$pwaudit" runs --db "$db" | awk -v id="$run" '$1 == id' | grep -q ' stale ' || failures+=("not listed stale")
            "$pwaudit" runs delete "$run" --db "$db" | grep -q "stale" || failures+=("stale delete")
        else
            outcome=$state
            "$pwaudit" runs delete "$run" --db "$db" > /dev/null || failures+=("delete")
        fi
    fi
    if "$pwaudit" import "$small" --db "$db" --again > /dev/null 2>&1; then
        next=$(q 'SELECT max(id) FROM import_run')
        [ "$(q "SELECT status FROM import_run WHERE id = $next")" = complete ] || failures+=("next import")
        "$pwaudit" runs delete "$next" --db "$db" > /dev/null || failures+=("delete next")
    else
        failures+=("next import")
    fi
    [ -z "$(q 'SELECT 1 FROM candidate LIMIT 1')" ] || failures+=("rows left after delete")
    if [ ${#failures[@]} -eq 0 ]; then
        passed=$((passed + 1))
        echo "kill $i: after ${delay} s (exit $status, run $outcome): ok"
    else
        echo "kill $i: after ${delay} s (exit $status, run $outcome): FAILED: ${failures[*]}"
    fi
done
ended=$(date +%s.%N)
runtime=$(awk -v a="$started" -v b="$ended" 'BEGIN { printf "%.1f", b - a }')
echo "passed $passed/$kills in ${runtime} s"
[ "$passed" -eq "$kills" ]
