#!/usr/bin/env bash
# Usage: bench/kill.sh [WORKDIR]                      SQLite: a database file in WORKDIR (default /tmp/pwaudit-bench-kill)
#        bench/kill.sh --postgres [URI] [WORKDIR]     PostgreSQL: the database URI names (it is emptied of pwaudit's
#                                                     runs), or without URI a throwaway cluster in WORKDIR/pg
#   env KILLS=N            SIGKILLs (default 50)
#   env ROWS=N             rows of the import that is killed (default 200000; gen_corpus.py --seed 7)
#   env PWAUDIT=PATH       the pwaudit binary (default: build .build/release/pwaudit)
#   env PWAUDIT_SHARED=DIR the shared/ folder (default: ../shared beside the repo, else ../../shared, else /work/shared)
# Starts `pwaudit import` of a ROWS-row CSV against 3 policy versions KILLS times and SIGKILLs it at a random moment
# between its start and the end of a full import (timed once up front). After each kill:
#   - SQLite: PRAGMA integrity_check is ok and PRAGMA foreign_key_check finds no orphan; PostgreSQL: no candidate,
#     attempt row, rejected row or run-policy row without its run (or candidate), and pg_amcheck finds every table and
#     index sound (when the role is a superuser, which it is in the throwaway cluster);
#   - PostgreSQL: within 10 s of the kill no backend of the killed client is left and no advisory lock (its run lease)
#     is held; the time this took is printed;
#   - no run is complete with fewer candidates (or rows) than the file has;
#   - a run the kill interrupted is listed as stale by `pwaudit runs` and `runs delete` removes it as stale;
#   - the next import (a small file) succeeds.
# Prints one line per kill, the pass count and the runtime; exits 1 unless every kill passed.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/bench/shared-dir.sh"
store=sqlite
uri=
if [ "${1:-}" = --postgres ]; then
    store=postgres
    shift
    case "${1:-}" in postgresql://* | postgres://*) uri=$1; shift ;; esac
fi
work=${1:-/tmp/pwaudit-bench-kill}
kills=${KILLS:-50}
rows=${ROWS:-200000}
if [ -z "${PWAUDIT:-}" ]; then
    (cd "$repo" && swift build -c release --product pwaudit 2>&1 | tail -1) >&2
    pwaudit=$repo/.build/release/pwaudit
else
    pwaudit=$PWAUDIT
fi
rm -rf "$work" && mkdir -p "$work"

if [ "$store" = sqlite ]; then
    command -v sqlite3 > /dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3 > /dev/null; }
    db=$work/audit.db
    q() { sqlite3 -readonly "$db" "$1"; }
    sound() { [ "$(q 'PRAGMA integrity_check')" = ok ] && [ -z "$(q 'PRAGMA foreign_key_check')" ]; }
else
    bin=$(ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -t/ -k4 -n | tail -1)
    [ -n "$bin" ] || bin=$(dirname "$(command -v psql)")
    [ -x "$bin/psql" ] || { echo "bench/kill.sh: no PostgreSQL client (psql) found; install postgresql" >&2; exit 69; }
    if [ -z "$uri" ]; then
        # A throwaway cluster, as the tests start one: initdb refuses root, so as root it belongs to `postgres`.
        pg=$work/pg
        mkdir -p "$pg" && chmod 755 "$work" "$pg"
        as=()
        if [ "$(id -u)" = 0 ]; then chown postgres: "$pg" && as=(runuser -u postgres --); fi
        "${as[@]}" "$bin/initdb" -D "$pg/data" -U pwaudit_kill --auth=trust -E UTF8 --no-locale > "$pg/initdb.log"
        "${as[@]}" "$bin/pg_ctl" -D "$pg/data" -l "$pg/server.log" -w -o "-k $pg -h '' -p 5432" start > /dev/null
        trap '"${as[@]}" "$bin/pg_ctl" -D "$pg/data" -m immediate stop > /dev/null 2>&1 || true' EXIT
        "$bin/createdb" -h "$pg" -p 5432 -U pwaudit_kill killtest
        uri="postgresql://pwaudit_kill@/killtest?host=$pg&port=5432"
    fi
    db=$uri
    q() { "$bin/psql" -X -q -At -v ON_ERROR_STOP=1 -d "$uri" -c "$1"; }
    superuser=$(q "SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
    [ "$superuser" = t ] || echo "not a superuser: pg_amcheck is skipped (the orphan checks still run)"
    sound() {
        [ "$(q "SELECT (SELECT count(*) FROM candidate c WHERE NOT EXISTS (SELECT 1 FROM import_run r WHERE r.id = c.run_id))
            + (SELECT count(*) FROM attempt_row a WHERE NOT EXISTS (SELECT 1 FROM candidate c WHERE c.id = a.candidate_id))
            + (SELECT count(*) FROM rejected_row x WHERE NOT EXISTS (SELECT 1 FROM import_run r WHERE r.id = x.run_id))
            + (SELECT count(*) FROM import_run_policy p WHERE NOT EXISTS (SELECT 1 FROM import_run r WHERE r.id = p.run_id))
            + (SELECT count(*) FROM candidate c WHERE c.id NOT BETWEEN c.run_id << 32 AND (c.run_id << 32) + 4294967295)")" = 0 ] ||
            return 1
        [ "$superuser" != t ] || "$bin/pg_amcheck" --install-missing "$uri" > "$work/amcheck.out" 2>&1
    }
    # The killed client's backends and its run lease (a session advisory lock) are gone: prints the seconds it took.
    released() {
        local t0 t1
        t0=$(date +%s.%N)
        for _ in $(seq 1 100); do
            left=$(q "SELECT (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
                    AND application_name = 'pwaudit')
                + (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'
                    AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))")
            if [ "$left" = 0 ]; then
                t1=$(date +%s.%N)
                awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'
                return 0
            fi
            sleep 0.1
        done
        return 1
    }
    export PWAUDIT_KEY_FILE=$work/audit.key
fi

started=$(date +%s.%N)
big=$work/big.csv
small=$work/small.csv
python3 "$shared/bench/gen_corpus.py" --rows "$rows" --seed 7 -o "$big" 2> /dev/null
python3 "$shared/bench/gen_corpus.py" --rows 1000 --seed 8 -o "$small" 2> /dev/null
"$pwaudit" init --db "$db" > /dev/null
for policy in seed nist strict; do "$pwaudit" policy add "$repo/examples/$policy.json" --db "$db" > /dev/null 2>&1; done
if [ "$store" = postgres ]; then
    # A database URI given may hold runs of earlier rounds: the checks below expect none.
    for run in $(q "SELECT id FROM import_run ORDER BY id"); do "$pwaudit" runs delete "$run" --db "$db" > /dev/null; done
fi

# A full import's duration bounds the kill moments; the run is then deleted.
t0=$(date +%s.%N)
"$pwaudit" import "$big" --db "$db" > /dev/null 2>&1
t1=$(date +%s.%N)
full=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
"$pwaudit" runs delete "$(q 'SELECT max(id) FROM import_run')" --db "$db" > /dev/null
echo "$store: a full import of $rows rows takes ${full} s; killing $kills imports at random moments within it"

passed=0
slowest=0
for i in $(seq 1 "$kills"); do
    delay=$(awk -v f="$full" -v r="$RANDOM" 'BEGIN { printf "%.3f", f * 0.95 * r / 32767 }')
    "$pwaudit" import "$big" --db "$db" --again > /dev/null 2>&1 &
    pid=$!
    sleep "$delay"
    kill -9 "$pid" 2> /dev/null || true
    status=0
    wait "$pid" 2> /dev/null || status=$?
    failures=()
    gone=
    if [ "$store" = postgres ]; then
        if gone=$(released); then
            slowest=$(awk -v a="$slowest" -v b="$gone" 'BEGIN { print (b > a ? b : a) }')
            gone=", released in ${gone} s"
        else
            failures+=("backend or lease left after 10 s")
        fi
    fi
    sound || failures+=("integrity or orphans")
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
        echo "kill $i: after ${delay} s (exit $status, run $outcome$gone): ok"
    else
        echo "kill $i: after ${delay} s (exit $status, run $outcome$gone): FAILED: ${failures[*]}"
    fi
done
ended=$(date +%s.%N)
runtime=$(awk -v a="$started" -v b="$ended" 'BEGIN { printf "%.1f", b - a }')
[ "$store" = sqlite ] || echo "the killed client's backends and lease were gone within ${slowest} s of each kill"
echo "passed $passed/$kills in ${runtime} s"
[ "$passed" -eq "$kills" ]
