#!/usr/bin/env bash
# Usage: bench/postgres.sh [WORKDIR]     (default /tmp/pwaudit-bench-postgres)
#   env PWAUDIT_PG=URI       a server to use: a libpq URI naming a database the bench may drop and recreate as its
#                            `<name>_bench` siblings (a superuser's or a CREATEDB, CREATEROLE role's); default: a
#                            throwaway cluster (initdb in WORKDIR as an unprivileged user, socket in WORKDIR, no TCP,
#                            the server's default durability: fsync and synchronous_commit on), removed at the end
#   env ROWS=N               rows of the corpus imported in alternating rounds (default 1000000; gen_corpus.py --seed 42)
#   env RUNS=N               rounds (default 3): each round imports into a fresh SQLite file and a fresh PostgreSQL
#                            database, taking turns
#   env BIG=N                candidates of the database that `report` and `history` are timed on (default 10000000;
#                            0 skips it), imported as BIG/ROWS runs of the same corpus (`import --again`)
#   env READS=N              timings of each read command (default 5; the best and the worst are printed)
#   env KEEP=1               leaves the throwaway cluster running at the end (and prints how to stop it) and keeps
#                            the big database, for a look with psql
#   env PWAUDIT=PATH         a pwaudit binary to measure (default: build .build/release/pwaudit)
#   env PWAUDIT_SHARED=DIR   the shared/ folder (default: ../shared beside the repo, else ../../shared, else /work/shared)
# Prints, per round, both imports' seconds; then each store's best, median and worst, the ratio PostgreSQL/SQLite of
# the medians (target <= 2) and of the bests; then the big database's size and the timings of `report` and
# `history` on it (target <= 0.1 s each). Warm cache; compare figures within one run.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/bench/shared-dir.sh"
work=${1:-/tmp/pwaudit-bench-postgres}
mkdir -p "$work"
work=$(cd "$work" && pwd)
rows=${ROWS:-1000000}
runs=${RUNS:-3}
big=${BIG:-10000000}
reads=${READS:-5}
if [ -z "${PWAUDIT:-}" ]; then
    (cd "$repo" && swift build -c release --product pwaudit 2>&1 | tail -1) >&2
    pwaudit=$repo/.build/release/pwaudit
else
    pwaudit=$PWAUDIT
fi
policies=$work/policies
mkdir -p "$policies"
cp "$repo/examples/seed.json" "$repo/examples/nist.json" "$repo/examples/strict.json" "$policies/"

# The server: PWAUDIT_PG, else a throwaway cluster.
bin=$(ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -1 || true)
[ -n "$bin" ] && [ -x "$bin/initdb" ] || bin=$(dirname "$(command -v initdb || command -v psql || echo /usr/bin/psql)")
[ -x "$bin/psql" ] || { echo "bench/postgres.sh: no psql; install postgresql (apt install postgresql)" >&2; exit 69; }
cluster=""
stop_cluster() {
    [ -n "$cluster" ] || return 0
    if [ -n "${KEEP:-}" ]; then
        echo "cluster kept: psql '${prefix}postgres$query'; stop: runuser -u postgres -- $bin/pg_ctl -D $cluster/data stop" >&2
        return 0
    fi
    as_owner "$bin/pg_ctl" -D "$cluster/data" -m fast -w stop > /dev/null 2>&1 || true
    rm -rf "$cluster"
}
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        local owner=postgres
        id "$owner" > /dev/null 2>&1 || owner=nobody
        runuser -u "$owner" -- "$@"
    else
        "$@"
    fi
}
if [ -n "${PWAUDIT_PG:-}" ]; then
    base=${PWAUDIT_PG%%\?*}
    query=${PWAUDIT_PG#"$base"}
    admin_db=${base##*/}
    prefix=${base%/*}/
else
    [ -x "$bin/initdb" ] || { echo "bench/postgres.sh: no initdb in $bin; install postgresql" >&2; exit 69; }
    cluster=$(mktemp -d "$work/cluster.XXXXXX")
    trap stop_cluster EXIT
    chmod 755 "$cluster"
    [ "$(id -u)" -ne 0 ] || chown "$(id -u postgres 2> /dev/null || id -u nobody)" "$cluster"
    as_owner "$bin/initdb" -D "$cluster/data" -U bench --auth=trust -E UTF8 --no-locale > "$cluster/initdb.log" 2>&1 \
        || { cat "$cluster/initdb.log" >&2; exit 1; }
    # Defaults as initdb writes them (fsync, synchronous_commit, full_page_writes on); only where it listens changes.
    as_owner "$bin/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w -t 60 \
        -o "-k $cluster -h '' -p 5433" start > /dev/null \
        || { cat "$cluster/server.log" >&2; exit 1; }
    prefix="postgresql://bench@/"
    query="?host=$cluster&port=5433"
    admin_db=postgres
fi
sql() { PGOPTIONS='-c client_min_messages=warning' "$bin/psql" -X -q -At -v ON_ERROR_STOP=1 -d "$prefix$admin_db$query" -c "$1"; }
fresh_db() {  # fresh_db NAME: drops and creates database NAME, prints its URI
    sql "DROP DATABASE IF EXISTS $1 WITH (FORCE)" > /dev/null
    sql "CREATE DATABASE $1" > /dev/null
    echo "$prefix$1$query"
}
setup() {  # setup DB KEY: init (a new key) and the three policies
    rm -f "$2"
    "$pwaudit" init --db "$1" --key-file "$2" > /dev/null
    for p in seed nist strict; do "$pwaudit" policy add "$policies/$p.json" --db "$1" > /dev/null; done
}
corpus() {  # corpus ROWS SEED: the generated CSV's path (made once)
    local csv=$work/corpus-$1-$2.csv
    if [ ! -s "$csv" ]; then
        python3 "$shared/bench/gen_corpus.py" --rows "$1" --seed "$2" -o "$csv.tmp" 2> "$work/gen.log" \
            || { cat "$work/gen.log" >&2; exit 1; }
        mv "$csv.tmp" "$csv"
    fi
    echo "$csv"
}
import_timed() {  # import_timed CSV DB KEY [OPTION…]: seconds of one import against the three versions
    local t0 t1 status=0 csv=$1 db=$2 key=$3
    shift 3
    t0=$EPOCHREALTIME
    "$pwaudit" import "$csv" --db "$db" --key-file "$key" --policy seed --policy nist --policy strict "$@" \
        > "$work/import.txt" 2>&1 || status=$?
    t1=$EPOCHREALTIME
    if [ "$status" -ne 0 ]; then echo "pwaudit import exited $status:" >&2; cat "$work/import.txt" >&2; exit 1; fi
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'
}
stats() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{ v[NR] = $1 } END {
    printf "%.3f %.3f %.3f", v[1], (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), v[NR] }'; }

settings=$(sql "SELECT string_agg(name || '=' || setting, ' ' ORDER BY name) FROM pg_settings
    WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes', 'shared_buffers', 'wal_level', 'max_wal_size')")
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(sql 'SHOW server_version' | cut -d' ' -f1)" \
    "($([ -n "$cluster" ] && echo "throwaway cluster in $cluster" || echo PWAUDIT_PG): $settings)"

# 1. Alternating rounds: the same file into SQLite and into PostgreSQL.
csv=$(corpus "$rows" 42)
cat "$csv" > /dev/null
echo "import of $rows rows x 3 versions, $runs rounds, SQLite and PostgreSQL in turn"
printf '%-6s %10s %12s\n' round sqlite_s postgres_s
s_sqlite=""; s_postgres=""
for round in $(seq "$runs"); do
    db=$work/sqlite.db
    rm -f "$db" "$db-wal" "$db-shm"
    setup "$db" "$db.key"
    a=$(import_timed "$csv" "$db" "$db.key")
    uri=$(fresh_db pwaudit_bench_import)
    setup "$uri" "$work/postgres.key"
    b=$(import_timed "$csv" "$uri" "$work/postgres.key")
    printf '%-6s %10s %12s\n' "$round" "$a" "$b"
    s_sqlite="$s_sqlite $a"; s_postgres="$s_postgres $b"
done
read -r sq_min sq_med sq_max <<< "$(echo "$s_sqlite" | stats)"
read -r pg_min pg_med pg_max <<< "$(echo "$s_postgres" | stats)"
printf '%-10s best %8s  median %8s  worst %8s  spread %5.1f%%  %9.0f rows/s (median)\n' \
    sqlite "$sq_min" "$sq_med" "$sq_max" "$(awk -v a="$sq_min" -v b="$sq_max" -v m="$sq_med" 'BEGIN { print 100 * (b - a) / m }')" \
    "$(awk -v n="$rows" -v s="$sq_med" 'BEGIN { print n / s }')"
printf '%-10s best %8s  median %8s  worst %8s  spread %5.1f%%  %9.0f rows/s (median)\n' \
    postgresql "$pg_min" "$pg_med" "$pg_max" "$(awk -v a="$pg_min" -v b="$pg_max" -v m="$pg_med" 'BEGIN { print 100 * (b - a) / m }')" \
    "$(awk -v n="$rows" -v s="$pg_med" 'BEGIN { print n / s }')"
awk -v p="$pg_med" -v s="$sq_med" -v pb="$pg_min" -v sb="$sq_min" \
    'BEGIN { printf "ratio postgresql/sqlite: median %.2f, best %.2f (target <= 2)\n", p / s, pb / sb }'
rm -f "$work/sqlite.db" "$work/sqlite.db-wal" "$work/sqlite.db-shm" "$work/sqlite.db.key"
sql "DROP DATABASE IF EXISTS pwaudit_bench_import WITH (FORCE)" > /dev/null

# 2. The big database: BIG candidates in runs of ROWS, then `report`, `history` and `compare` (stored; then the
# latest run without its stored comparisons, counted, and after init --backfill).
[ "$big" -gt 0 ] || exit 0
uri=$(fresh_db pwaudit_bench_big)
setup "$uri" "$work/big.key"
t0=$EPOCHREALTIME
for ((i = 0; i < big / rows; i++)); do
    s=$(import_timed "$csv" "$uri" "$work/big.key" --again)
    echo "big database: run $((i + 1)) of $((big / rows)) imported in $s s" >&2
done
t1=$EPOCHREALTIME
sql_big() { "$bin/psql" -X -q -At -v ON_ERROR_STOP=1 -d "$uri" -c "$1"; }
sql_big "VACUUM ANALYZE" > /dev/null
echo "big database: $(sql_big 'SELECT count(*) FROM candidate') candidates in $((big / rows)) runs," \
    "imported in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", b - a }') s;" \
    "size $(sql_big "SELECT pg_size_pretty(pg_database_size(current_database()))")" \
    "($(sql_big "SELECT round(pg_database_size(current_database())::numeric / (SELECT count(*) FROM candidate))") bytes a candidate;" \
    "candidate $(sql_big "SELECT pg_size_pretty(pg_total_relation_size('candidate'))") with its indexes)"
time_read() {  # time_read NAME ARGS…: best and worst of READS timings
    local name=$1 t0 t1 all=""
    shift
    for _ in $(seq "$reads"); do
        t0=$EPOCHREALTIME
        "$pwaudit" "$@" --db "$uri" > "$work/read.txt" 2>&1 || { echo "pwaudit $* failed:" >&2; cat "$work/read.txt" >&2; exit 1; }
        t1=$EPOCHREALTIME
        all="$all $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')"
    done
    read -r lo med hi <<< "$(echo "$all" | stats)"
    printf '%-34s best %6s  median %6s  worst %6s s (target <= 0.1)\n' "$name" "$lo" "$med" "$hi"
}
time_read "report (latest run)" report
time_read "report --format json" report --format json
time_read "history --policy seed" history --policy seed
time_read "history --policy seed --in-force" history --policy seed --in-force
time_read "history --policy nist --by month" history --policy nist --by month
time_read "compare seed nist" compare seed nist
time_read "compare strict seed --format json" compare strict seed --format json
if [ "${COMPARE_COUNTED:-1}" = 1 ]; then
    # The latest run as an older pwaudit left it (no stored comparisons): compare counts its candidates, with a note;
    # init --backfill stores them again.
    latest=$(sql_big "SELECT max(id) FROM import_run")
    sql_big "DELETE FROM run_comparison_blocked_summary WHERE run_id = $latest;
        DELETE FROM run_comparison_summary WHERE run_id = $latest" > /dev/null
    time_read "compare seed nist (counted)" compare seed nist
    t0=$EPOCHREALTIME
    "$pwaudit" init --backfill --db "$uri" --key-file "$work/big.key" | tail -1
    t1=$EPOCHREALTIME
    printf 'init --backfill: %.1f s\n' "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
    time_read "compare seed nist (backfilled)" compare seed nist
fi
