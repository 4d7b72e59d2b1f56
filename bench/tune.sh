#!/usr/bin/env bash
# Usage: bench/tune.sh [WORKDIR]     (default /tmp/pwaudit-bench-tune)
#   env CANDIDATES=10000000  candidates of the one run measured, each scored under seed, nist and strict (inline
#                            masks): CANDIDATES candidates, 3 x CANDIDATES attempts
#   env READS=5              timings of each read command; the best and the median are printed
#   env STORES="sqlite postgresql"   the stores to measure
#   env PWAUDIT_PG=URI       a server to use (a database the bench may drop and recreate as `pwaudit_tune`); default: a
#                            throwaway cluster as bench/postgres.sh starts one (initdb in WORKDIR, socket only, no TCP,
#                            the server's defaults), removed at the end
#   env PWAUDIT=PATH         a pwaudit binary to measure (default: build .build/release/pwaudit)
# Times are whole-process (/usr/bin/time, at its 0.01 s resolution): wall best, median and worst, and the client's
# median CPU (user + system; PostgreSQL's server works in its own process, not counted).
# The run is synthetic, as bench/report.sh builds it (no CSV is imported): SQLite's is bench/report.sh's database
# (REPORT=0, reused when built), PostgreSQL's the same rows made by generate_series; neither has stored comparisons
# nor tuning cells, as a run an older pwaudit imported. `init --backfill` stores both (timed), then the bench times,
# beside the floor of a bare `pwaudit --version`: `tune --from seed@1` with a 17-value min-length sweep (8..24) and a
# 17 x 5 grid (min-length 8..24 x classes 0..4), and `compare` (seed nist; strict seed as JSON), each against a target
# of 0.1 s. Warm cache; compare figures within one run of the script.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/pwaudit-bench-tune}
mkdir -p "$work"
work=$(cd "$work" && pwd)
candidates=${CANDIDATES:-10000000}
reads=${READS:-5}
stores=${STORES:-sqlite postgresql}
if [ -z "${PWAUDIT:-}" ]; then
    (cd "$repo" && swift build -c release --product pwaudit 2>&1 | tail -1) >&2
    pwaudit=$repo/.build/release/pwaudit
else
    pwaudit=$PWAUDIT
fi
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); one run of $candidates candidates" \
    "x 3 versions = $((3 * candidates)) attempts"

backfill() {  # backfill DB KEY: init --backfill (timed), with what it stored
    local t0 t1
    t0=$EPOCHREALTIME
    "$pwaudit" init --backfill --db "$1" --key-file "$2" | grep -v '^database\|^key' | tr '\n' ' '
    t1=$EPOCHREALTIME
    printf '\ninit --backfill: %.1f s\n' "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
}
stats() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{ v[NR] = $1 } END {
    printf "%.3f %.3f %.3f", v[1], (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), v[NR] }'; }
# time_read STORE NAME DB KEY ARGS…: wall best, median, worst and median CPU of READS runs ("-" DB: no --db)
time_read() {
    local store=$1 name=$2 db=$3 key=$4 all="" cpu="" wall c where=()
    shift 4
    [ "$db" = - ] || where=(--db "$db" --key-file "$key")
    for _ in $(seq "$reads"); do
        /usr/bin/time -o "$work/time.txt" -f '%e %U %S' "$pwaudit" "$@" "${where[@]}" > "$work/read.txt" 2>&1 \
            || { echo "pwaudit $* failed:" >&2; cat "$work/read.txt" >&2; exit 1; }
        read -r wall c <<< "$(tail -1 "$work/time.txt" | awk '{ printf "%s %.2f", $1, $2 + $3 }')"
        all="$all $wall"; cpu="$cpu $c"
    done
    read -r lo med hi <<< "$(echo "$all" | stats)"
    read -r _ cmed _ <<< "$(echo "$cpu" | stats)"
    printf '%-10s %-52s best %5s  median %5s  worst %5s s, CPU %4s s (target <= 0.1)\n' \
        "$store" "$name" "$lo" "$med" "$hi" "$cmed"
}
reads_of() {  # reads_of STORE DB KEY: every timed read, after one warming read
    local store=$1 db=$2 key=$3
    "$pwaudit" tune --from seed@1 --vary min-length=8..24 --db "$db" --key-file "$key" > "$work/tune-$store.txt"
    time_read "$store" "pwaudit --version (process floor)" - - --version
    time_read "$store" "tune --vary min-length=8..24 (17 settings)" "$db" "$key" \
        tune --from seed@1 --vary min-length=8..24
    time_read "$store" "tune --vary min-length=8..24 --vary classes=0..4 (85)" "$db" "$key" \
        tune --from seed@1 --vary min-length=8..24 --vary classes=0..4 --format json
    printf '%-10s (the grid: %s settings in its JSON)\n' "$store" "$(grep -c '"unlocked"' "$work/read.txt" || true)"
    time_read "$store" "compare seed nist" "$db" "$key" compare seed nist
    time_read "$store" "compare strict seed --format json" "$db" "$key" compare strict seed --format json
}

for store in $stores; do
    case $store in
    sqlite)
        db=$work/tune-$candidates.db
        if [ ! -s "$db" ]; then
            REPORT=0 CANDIDATES=$candidates PWAUDIT=$pwaudit "$repo/bench/report.sh" "$work/report" | tail -1
            cp "$work/report/report-$candidates.db" "$db.tmp"; cp "$work/report/report-$candidates.db.key" "$db.key"
            backfill "$db.tmp" "$db.key"
            mv "$db.tmp" "$db"
        fi
        echo "sqlite: $(sqlite3 "$db" 'SELECT count(*) FROM candidate') candidates in" \
            "$(sqlite3 "$db" 'SELECT count(*) FROM import_run') run, $(sqlite3 "$db" 'SELECT count(*) FROM attempt')" \
            "attempts; tuning cells per version: $(sqlite3 "$db" "SELECT group_concat(n, ' ') FROM
                (SELECT count(*) AS n FROM run_tuning_cell GROUP BY policy_version_id ORDER BY policy_version_id)");" \
            "$(( $(stat -c %s "$db") / 1048576 )) MiB"
        reads_of sqlite "$db" "$db.key"
        ;;
    postgresql)
        bin=$(ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -1 || true)
        [ -n "$bin" ] && [ -x "$bin/initdb" ] \
            || bin=$(dirname "$(command -v initdb || command -v psql || echo /usr/bin/psql)")
        cluster=""
        as_owner() {
            if [ "$(id -u)" -eq 0 ]; then
                local owner=postgres
                id "$owner" > /dev/null 2>&1 || owner=nobody
                runuser -u "$owner" -- "$@"
            else
                "$@"
            fi
        }
        stop_cluster() {
            [ -n "$cluster" ] || return 0
            as_owner "$bin/pg_ctl" -D "$cluster/data" -m fast -w stop > /dev/null 2>&1 || true
            rm -rf "$cluster"
        }
        if [ -n "${PWAUDIT_PG:-}" ]; then
            base=${PWAUDIT_PG%%\?*}; query=${PWAUDIT_PG#"$base"}; admin_db=${base##*/}; prefix=${base%/*}/
        else
            cluster=$(mktemp -d "$work/cluster.XXXXXX")
            trap stop_cluster EXIT
            chmod 755 "$cluster"
            [ "$(id -u)" -ne 0 ] || chown "$(id -u postgres 2> /dev/null || id -u nobody)" "$cluster"
            as_owner "$bin/initdb" -D "$cluster/data" -U bench --auth=trust -E UTF8 --no-locale \
                > "$cluster/initdb.log" 2>&1 || { cat "$cluster/initdb.log" >&2; exit 1; }
            as_owner "$bin/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w -t 60 \
                -o "-k $cluster -h '' -p 5434" start > /dev/null || { cat "$cluster/server.log" >&2; exit 1; }
            prefix="postgresql://bench@/"; query="?host=$cluster&port=5434"; admin_db=postgres
        fi
        sql() { PGOPTIONS='-c client_min_messages=warning' "$bin/psql" -X -q -At -v ON_ERROR_STOP=1 -d "$1" -c "$2"; }
        sql "$prefix$admin_db$query" "DROP DATABASE IF EXISTS pwaudit_tune WITH (FORCE)" > /dev/null
        sql "$prefix$admin_db$query" "CREATE DATABASE pwaudit_tune" > /dev/null
        uri=${prefix}pwaudit_tune$query
        key=$work/postgres.key
        rm -f "$key"
        "$pwaudit" init --db "$uri" --key-file "$key" > /dev/null
        for p in seed nist strict; do
            "$pwaudit" policy add "$repo/examples/$p.json" --db "$uri" --key-file "$key" > /dev/null
        done
        t0=$EPOCHREALTIME
        # bench/report.sh's rows (same lengths, class counts, days and masks; md5-made fingerprints, 1 in 8 from a
        # pool of 5,000), and the version summaries (total, unlocked, near misses) the backfill looks at.
        sql "$uri" "
BEGIN;
INSERT INTO import_run (id, source_name, source_bytes, source_sha256, label, started_at, finished_at, status,
    rows_read, rows_accepted, rows_rejected, pwaudit_version, pid)
VALUES (1, 'bench-synthetic.csv', $candidates * 24, md5('a') || md5('b'), 'bench', '2026-11-30T08:00:00Z',
    '2026-11-30T08:05:00Z', 'running', $candidates, $candidates, 0, 'bench', 0);
INSERT INTO import_run_policy (run_id, policy_version_id, slot)
SELECT 1, id, row_number() OVER (ORDER BY id) - 1 FROM policy_version;
CREATE TEMP TABLE full_mask AS
SELECT policy_version_id AS vid, (1::bigint << count(*)::int) - 1 AS fm FROM policy_rule GROUP BY policy_version_id;
INSERT INTO candidate (id, run_id, line, external_id, username, submitted_at, fingerprint, length, upper_count,
    lower_count, digit_count, special_count, other_letter_count, space_count, other_count, mask_0, mask_1, mask_2)
SELECT (1::bigint << 32) + n, 1, n + 1, NULL, NULL,
    timestamptz '2026-01-01T00:00:00Z' + (n * 7 % 365) * interval '1 day' + (n % 86400) * interval '1 second',
    CASE WHEN n % 8 = 0 THEN convert_to(lpad((n % 5000)::text, 32, '0'), 'UTF8')
        ELSE decode(md5(n::text) || md5((-n)::text), 'hex') END,
    4 + (n * 7919 % 20), n % 3, 2 + n % 9, (n / 3) % 4, CASE WHEN n % 5 = 0 THEN 1 ELSE 0 END, 0, 0, 0,
    CASE WHEN h1 < 340 THEN 0 ELSE (h1 * 7) & f.f1 END, CASE WHEN h2 < 340 THEN 0 ELSE (h2 * 7) & f.f2 END,
    CASE WHEN h3 < 340 THEN 0 ELSE (h3 * 7) & f.f3 END
FROM (SELECT n, ((n * 2654435761 + 1 * 40503) >> 5) & 1023 AS h1, ((n * 2654435761 + 2 * 40503) >> 5) & 1023 AS h2,
        ((n * 2654435761 + 3 * 40503) >> 5) & 1023 AS h3
    FROM generate_series(1::bigint, $candidates) AS n) AS s,
    (SELECT max(fm) FILTER (WHERE vid = 1) AS f1, max(fm) FILTER (WHERE vid = 2) AS f2,
        max(fm) FILTER (WHERE vid = 3) AS f3 FROM full_mask) AS f;
INSERT INTO run_version_summary (run_id, policy_version_id, total, unlocked, near_miss)
SELECT 1, v, count(*), count(*) FILTER (WHERE m = 0), count(*) FILTER (WHERE m <> 0 AND m & (m - 1) = 0)
FROM (SELECT unnest(ARRAY[1, 2, 3]::bigint[]) AS v, unnest(ARRAY[mask_0, mask_1, mask_2]) AS m FROM candidate) AS x
GROUP BY v;
UPDATE import_run SET status = 'complete' WHERE id = 1;
COMMIT;" > /dev/null
        sql "$uri" "VACUUM ANALYZE" > /dev/null
        t1=$EPOCHREALTIME
        printf 'postgresql: rows generated in %.1f s\n' "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
        backfill "$uri" "$key"
        sql "$uri" "VACUUM ANALYZE" > /dev/null
        echo "postgresql: $(sql "$uri" 'SELECT count(*) FROM candidate') candidates in" \
            "$(sql "$uri" 'SELECT count(*) FROM import_run') run, $(sql "$uri" 'SELECT count(*) FROM attempt')" \
            "attempts; tuning cells per version: $(sql "$uri" "SELECT string_agg(n::text, ' ' ORDER BY v) FROM
                (SELECT policy_version_id AS v, count(*) AS n FROM run_tuning_cell GROUP BY 1) AS c");" \
            "$(sql "$uri" "SELECT pg_size_pretty(pg_database_size(current_database()))")"
        reads_of postgresql "$uri" "$key"
        echo "postgresql: the server's time for tune's read of seed's cells: $(sql "$uri" "EXPLAIN (ANALYZE)
            SELECT policy_version_id, failed_mask, length, classes, strength_score, count FROM run_tuning_cell
            WHERE run_id = 1 AND policy_version_id = 1
            ORDER BY policy_version_id, failed_mask, length, classes, strength_score NULLS FIRST" | tail -1)"
        sql "$prefix$admin_db$query" "DROP DATABASE IF EXISTS pwaudit_tune WITH (FORCE)" > /dev/null
        stop_cluster
        cluster=""
        ;;
    *) echo "bench/tune.sh: unknown store '$store' (sqlite, postgresql)" >&2; exit 64 ;;
    esac
done
