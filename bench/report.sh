#!/usr/bin/env bash
# Usage: bench/report.sh [WORKDIR]     (default /tmp/pwaudit-bench-report)
#   env CANDIDATES=3340000   candidates in the run (x 3 policy versions = attempts; default ~10.02M attempts)
#   env PWAUDIT=BINARY        skip the release build and time BINARY instead
#   env REPEAT=5             timed runs of `pwaudit report --format json`; the best and the median are printed
#   env USERS=0              distinct usernames (`user-<n mod USERS>`; 0: NULL usernames, as the default run)
#   env EFFECTIVE=           --effective of the three policies (default: today, the policy add default)
#   env SEED2=               if a date: also store seed@2 (seed with min length 12) in force from it, scored in slot 3
#   env REPORT=1             0: build (or reuse) the database only, no timed reports (bench/queries.sh)
#   env COMPARE=1            0: skip compare (timed counting the candidates, after init --backfill, then stored) and
#                            tune (its cells written by that init --backfill; bench/tune.sh times both stores)
# Builds, without importing a CSV, a database holding one complete run of CANDIDATES candidates scored under
# examples seed, nist and strict: `pwaudit init` + `policy add` for the schema and policies, then sqlite3 SQL
# (recursive CTEs) for the candidates, the attempts and every run_*_summary table — computed from the inserted
# rows with the importer's conventions (docs/schema.md). Then times the release `pwaudit report --format json`
# (target <= 0.2 s), `compare` (<= 0.1 s once `init --backfill` stored its counts) and `tune` (<= 0.1 s). CANDIDATES
# counts candidates; each is scored under 3 versions, so the default's ~10M are attempts (3.34M candidates).
# The database is kept and reused (delete WORKDIR to rebuild).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/pwaudit-bench-report}; mkdir -p "$work"
candidates=${CANDIDATES:-3340000}
repeat=${REPEAT:-5}
command -v sqlite3 > /dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3 > /dev/null; }
if [ -z "${PWAUDIT:-}" ]; then (cd "$repo" && swift build -c release --product pwaudit 2>&1 | tail -1); fi
pwaudit=${PWAUDIT:-$repo/.build/release/pwaudit}
users=${USERS:-0}
effective=${EFFECTIVE:-}
seed2=${SEED2:-}
tag=$candidates
if [ "$users" -gt 0 ]; then tag=$tag-u$users; fi
if [ -n "$effective" ]; then tag=$tag-e$effective; fi
if [ -n "$seed2" ]; then tag=$tag-s$seed2; fi
final=$work/report-$tag.db
db=$work/building.db

if [ ! -s "$final" ]; then
    rm -f "$db" "$db-wal" "$db-shm" "$db.key"
    "$pwaudit" init --db "$db" > /dev/null
    for p in seed nist strict; do
        "$pwaudit" policy add "$repo/examples/$p.json" --db "$db" ${effective:+--effective "$effective"} > /dev/null
    done
    if [ -n "$seed2" ]; then
        sed 's/"min": 8/"min": 12/' "$repo/examples/seed.json" > "$work/seed-2.json"
        "$pwaudit" policy add "$work/seed-2.json" --db "$db" --effective "$seed2" > /dev/null
    fi
    t0=$EPOCHREALTIME
    sqlite3 "$db" > /dev/null <<SQL
PRAGMA journal_mode = WAL;
PRAGMA synchronous = OFF;
PRAGMA cache_size = -262144;
BEGIN;
INSERT INTO import_run (id, source_name, source_bytes, source_sha256, label, started_at, finished_at, status,
    rows_read, rows_accepted, rows_rejected, pwaudit_version, pid)
VALUES (1, 'bench-synthetic.csv', $candidates * 24, lower(hex(randomblob(32))), 'bench', '2026-11-30T08:00:00Z',
    '2026-11-30T08:05:00Z', 'running', $candidates, $candidates, 0, 'bench', 0);
INSERT INTO import_run_policy (run_id, policy_version_id, slot)
SELECT 1, id, row_number() OVER (ORDER BY id) - 1 FROM policy_version;
-- Candidates: ids (1 << 32) + n; lengths 4..23, class counts from n, one submission day of 2026 per candidate,
-- fingerprints with ~1 in 8 reused (a small pool) so the reuse summary has groups.
-- Outcomes (schema 2: inline in candidate.mask_0..2, one per version slot): a pseudo-random failure mask per
-- candidate and version, about a third passing everything.
CREATE TEMP TABLE full_mask AS
SELECT policy_version_id AS vid, (1 << count(*)) - 1 AS full FROM policy_rule GROUP BY policy_version_id;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < $candidates),
h AS (SELECT n, ((n * 2654435761 + 1 * 40503) >> 5) & 1023 AS h1, ((n * 2654435761 + 2 * 40503) >> 5) & 1023 AS h2,
    ((n * 2654435761 + 3 * 40503) >> 5) & 1023 AS h3, ((n * 2654435761 + 4 * 40503) >> 5) & 1023 AS h4 FROM seq)
INSERT INTO candidate (id, run_id, line, external_id, username, submitted_at, fingerprint, length, upper_count,
    lower_count, digit_count, special_count, other_letter_count, space_count, other_count, mask_0, mask_1, mask_2,
    mask_3)
SELECT (1 << 32) + n, 1, n + 1, NULL, iif($users > 0, 'user-' || (n % max($users, 1)), NULL),
    strftime('%Y-%m-%dT%H:%M:%SZ', '2026-01-01', '+' || (n * 7 % 365) || ' days', '+' || (n % 86400) || ' seconds'),
    CASE WHEN n % 8 = 0 THEN CAST(printf('%032d', n % 5000) AS BLOB) ELSE randomblob(32) END,
    4 + (n * 7919 % 20), n % 3, 2 + n % 9, (n / 3) % 4, CASE WHEN n % 5 = 0 THEN 1 ELSE 0 END, 0, 0, 0,
    iif(h1 < 340, 0, (h1 * 7) & (SELECT full FROM full_mask WHERE vid = 1)),
    iif(h2 < 340, 0, (h2 * 7) & (SELECT full FROM full_mask WHERE vid = 2)),
    iif(h3 < 340, 0, (h3 * 7) & (SELECT full FROM full_mask WHERE vid = 3)),
    CASE WHEN EXISTS (SELECT 1 FROM full_mask WHERE vid = 4)
        THEN iif(h4 < 340, 0, (h4 * 7) & (SELECT full FROM full_mask WHERE vid = 4)) END
FROM h;
COMMIT;
SQL
    t1=$EPOCHREALTIME
    printf 'rows generated in %.1f s\n' "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
    t0=$EPOCHREALTIME
    sqlite3 "$db" > /dev/null <<'SQL'
PRAGMA cache_size = -262144;
PRAGMA temp_store = MEMORY;
BEGIN;
-- One pass over the attempts: counts per version, submission day and failure mask; the rest derives from it.
CREATE TEMP TABLE dm AS
SELECT a.policy_version_id AS vid, substr(c.submitted_at, 1, 10) AS day, a.failed_mask AS mask, count(*) AS n,
    sum(a.unlocks_reset) AS u
FROM attempt a JOIN candidate c ON c.id = a.candidate_id
WHERE a.candidate_id BETWEEN (1 << 32) + 1 AND (1 << 32) + 4294967295
GROUP BY 1, 2, 3;
INSERT INTO run_version_summary
SELECT 1, vid, sum(n), sum(u), sum(iif(mask != 0 AND (mask & (mask - 1)) = 0, n, 0)) FROM dm GROUP BY vid;
INSERT INTO run_rule_summary
SELECT 1, r.policy_version_id, r.bit, sum(iif((d.mask >> r.bit) & 1, d.n, 0)), sum(iif(d.mask = (1 << r.bit), d.n, 0))
FROM policy_rule r JOIN dm d ON d.vid = r.policy_version_id GROUP BY r.policy_version_id, r.bit;
INSERT INTO run_rule_pair_summary
SELECT * FROM (
    SELECT 1, a.policy_version_id, a.bit AS bit_a, b.bit AS bit_b,
        sum(iif(((d.mask >> a.bit) & 1) AND ((d.mask >> b.bit) & 1), d.n, 0)) AS failures
    FROM policy_rule a JOIN policy_rule b ON b.policy_version_id = a.policy_version_id AND a.bit < b.bit
    JOIN dm d ON d.vid = a.policy_version_id GROUP BY a.policy_version_id, a.bit, b.bit)
WHERE failures > 0;
INSERT INTO run_day_summary SELECT 1, vid, day, sum(n), sum(u) FROM dm GROUP BY vid, day;
INSERT INTO run_day_rule_summary
SELECT * FROM (
    SELECT 1, r.policy_version_id, d.day, r.bit, sum(iif((d.mask >> r.bit) & 1, d.n, 0)) AS failures
    FROM policy_rule r JOIN dm d ON d.vid = r.policy_version_id GROUP BY r.policy_version_id, d.day, r.bit)
WHERE failures > 0;
INSERT INTO run_length_summary SELECT 1, length, count(*) FROM candidate WHERE run_id = 1 GROUP BY length;
INSERT INTO run_composition_summary
SELECT 1, composition, count(*) FROM (
    SELECT coalesce(nullif(ltrim(
        iif(upper_count > 0, '+upper', '') || iif(lower_count > 0, '+lower', '') || iif(digit_count > 0, '+digit', '')
        || iif(special_count > 0, '+special', '') || iif(other_letter_count > 0, '+other-letter', '')
        || iif(space_count > 0, '+space', '') || iif(other_count > 0, '+other', ''), '+'), ''), 'empty') AS composition
    FROM candidate WHERE run_id = 1)
GROUP BY composition;
INSERT INTO run_reuse_summary
SELECT 1, count(*), sum(size >= 2), sum(iif(size >= 2, size, 0)), max(size)
FROM (SELECT count(*) AS size FROM candidate WHERE run_id = 1 GROUP BY fingerprint);
-- Schema 5: each account's last candidate of the run (v_account_last_candidate).
INSERT INTO run_account_summary (run_id, username, submitted_at, candidate_id, candidates)
SELECT 1, username, max(submitted_at), id, count(*) FROM candidate WHERE run_id = 1 AND username IS NOT NULL
GROUP BY username;
UPDATE import_run SET status = 'complete' WHERE id = 1;
COMMIT;
PRAGMA wal_checkpoint(TRUNCATE);
SQL
    t1=$EPOCHREALTIME
    printf 'summaries computed in %.1f s\n' "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
    rm -f "$db-wal" "$db-shm"
    mv "$db.key" "$final.key"
    mv "$db" "$final"
fi
db=$final
if [ "${REPORT:-1}" = 0 ]; then echo "database $db"; exit 0; fi

attempts=$(sqlite3 "$db" 'SELECT count(*) FROM attempt')
printf 'database %s: %s candidates, %s attempts, %s MiB\n' "$db" \
    "$(sqlite3 "$db" 'SELECT count(*) FROM candidate')" "$attempts" "$(( $(stat -c %s "$db") / 1048576 ))"
"$pwaudit" report --db "$db" --format json > "$work/report.json"   # warm the page cache once
timed() {  # timed LABEL TARGET COMMAND...: best and median of $repeat runs of COMMAND (stdout to $work/out.txt)
    local label=$1 target=$2; shift 2
    local times=() t0 t1 sorted
    for _ in $(seq "$repeat"); do
        t0=$EPOCHREALTIME
        "$@" > "$work/out.txt"
        t1=$EPOCHREALTIME
        times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')")
    done
    sorted=$(printf '%s\n' "${times[@]}" | sort -n)
    echo "$label: best $(echo "$sorted" | head -1) s, median $(echo "$sorted" | sed -n "$(( (repeat + 1) / 2 ))p") s" \
        "(runs: ${times[*]}; target <= $target s)"
}
timed "report --format json over $attempts attempts" 0.2 "$pwaudit" report --db "$db" --format json
if [ "${COMPARE:-1}" = 1 ]; then
    # The run above is built without stored comparisons, as a run an older pwaudit imported: compare counts its
    # candidates (once, timed), init --backfill stores the counts (timed), then compare reads them.
    cp "$db" "$work/compare.db"; cp "$db.key" "$work/compare.db.key"
    t0=$EPOCHREALTIME
    "$pwaudit" compare seed nist --db "$work/compare.db" --format json > "$work/compare-counted.json" 2> "$work/note.txt"
    t1=$EPOCHREALTIME
    printf 'compare seed nist counting the candidates (no stored comparison): %.3f s; %s\n' \
        "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" "$(cut -c1-60 "$work/note.txt")"
    t0=$EPOCHREALTIME
    "$pwaudit" init --backfill --db "$work/compare.db" | tail -1
    t1=$EPOCHREALTIME
    printf 'init --backfill: %.1f s\n' "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
    timed "compare seed nist (stored comparison)" 0.1 "$pwaudit" compare seed nist --db "$work/compare.db" --format json
    grep -v generated_at "$work/out.txt" > "$work/compare-stored.json"
    grep -v generated_at "$work/compare-counted.json" | cmp -s - "$work/compare-stored.json" \
        && echo "compare's output is the same either way" || { echo "compare's outputs differ" >&2; exit 1; }
    timed "compare strict seed (stored comparison)" 0.1 "$pwaudit" compare strict seed --db "$work/compare.db"
    # init --backfill also wrote the run's tuning cells from the stored features (the run is built without them).
    timed "tune --from seed@1 --vary min-length=8..24 (17 settings)" 0.1 \
        "$pwaudit" tune --from seed@1 --vary min-length=8..24 --db "$work/compare.db"
    timed "tune --from seed@1 --vary min-length=8..24 --vary classes=0..4 (85)" 0.1 \
        "$pwaudit" tune --from seed@1 --vary min-length=8..24 --vary classes=0..4 --format json --db "$work/compare.db"
    rm -f "$work/compare.db" "$work/compare.db-wal" "$work/compare.db-shm" "$work/compare.db.key"
fi
