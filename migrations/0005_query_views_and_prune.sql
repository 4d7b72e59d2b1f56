-- pwaudit schema 5: stable views for `pwaudit query` (docs/schema.md, "Views for queries"), the summary and index
-- they need, and retention (`pwaudit prune`): a run whose candidates and attempts were deleted is marked, and the
-- comparisons between its versions, which reports otherwise compute from the attempts, are kept as summaries.
-- Append-only: never edit this file once landed.

-- When `pwaudit prune` deleted the run's candidates and attempts (NULL: never pruned).
ALTER TABLE import_run ADD COLUMN pruned_at TEXT;

-- Per ordered pair of versions a run scored: the 2x2 unlock table of `pwaudit compare`, written by `prune` before it
-- deletes the attempts, so a pruned run's comparison reads the same.
CREATE TABLE run_comparison_summary (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    version_a INTEGER NOT NULL REFERENCES policy_version (id),
    version_b INTEGER NOT NULL REFERENCES policy_version (id),
    both_unlocked INTEGER NOT NULL,
    only_a INTEGER NOT NULL,
    only_b INTEGER NOT NULL,
    neither INTEGER NOT NULL,
    PRIMARY KEY (run_id, version_a, version_b)
) STRICT, WITHOUT ROWID;

-- For the same pairs: candidates unlocked under A but not B that fail B's rule `bit`.
CREATE TABLE run_comparison_blocked_summary (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    version_a INTEGER NOT NULL REFERENCES policy_version (id),
    version_b INTEGER NOT NULL REFERENCES policy_version (id),
    bit INTEGER NOT NULL CHECK (bit BETWEEN 0 AND 63),
    failures INTEGER NOT NULL,
    PRIMARY KEY (run_id, version_a, version_b, bit)
) STRICT, WITHOUT ROWID;

-- Per complete run and account (username): the run's last candidate of that account, written when the run completes
-- (one sorted pass over the run's candidates) and backfilled here for runs imported before schema 5. Keyed by
-- username first, so "each account's last candidate across runs" reads it in order without sorting.
CREATE TABLE run_account_summary (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    username TEXT NOT NULL,
    submitted_at TEXT,
    candidate_id INTEGER NOT NULL,
    candidates INTEGER NOT NULL,
    PRIMARY KEY (username, run_id)
) STRICT, WITHOUT ROWID;

INSERT INTO run_account_summary (run_id, username, submitted_at, candidate_id, candidates)
SELECT c.run_id, c.username, max(c.submitted_at), c.id, count(*)
FROM candidate c JOIN import_run r ON r.id = c.run_id AND r.status = 'complete'
WHERE c.username IS NOT NULL
GROUP BY c.run_id, c.username;

-- The version in force at an instant: the greatest effective_from not after it (ties: the higher version).
CREATE INDEX policy_version_by_effective_from ON policy_version (policy_id, effective_from, version);

-- One row per policy version with the period it is in force: [effective_from, effective_until). effective_until is
-- the next version's effective_from (NULL: in force until a later version is added); a version superseded on its
-- first day by a higher one has an empty period (effective_until = effective_from).
CREATE VIEW v_policy_period AS
SELECT
    pv.id AS policy_version_id,
    p.id AS policy_id,
    p.name AS policy,
    pv.version AS version,
    p.name || '@' || pv.version AS reference,
    pv.effective_from AS effective_from,
    lead(pv.effective_from) OVER (PARTITION BY pv.policy_id ORDER BY pv.effective_from, pv.version)
        AS effective_until,
    pv.note AS note
FROM policy_version pv
JOIN policy p ON p.id = pv.policy_id;

-- One row per candidate x version the run scored, with the verdict. The same rows as the `attempt` view, written
-- as its two halves (inline outcomes, attempt_row) each joined with candidate, so a filter on a candidate column
-- (username, submitted_at, run_id) reaches the candidate table in both halves instead of materializing `attempt`.
CREATE VIEW v_attempt_verdict AS
SELECT
    x.run_id AS run_id,
    x.candidate_id AS candidate_id,
    x.line AS line,
    x.external_id AS external_id,
    x.username AS username,
    x.submitted_at AS submitted_at,
    p.name AS policy,
    pv.version AS version,
    p.name || '@' || pv.version AS reference,
    x.policy_version_id AS policy_version_id,
    iif(x.failed_mask = 0, 'pass', 'fail') AS verdict,
    x.failed_mask AS failed_mask,
    (SELECT group_concat(r.rule_id, ',') FROM policy_rule r
        WHERE r.policy_version_id = x.policy_version_id AND x.failed_mask & (1 << r.bit) != 0) AS failed_rules,
    x.length AS length
FROM (
    SELECT c.run_id AS run_id, c.id AS candidate_id, c.line AS line, c.external_id AS external_id,
        c.username AS username, c.submitted_at AS submitted_at, c.length AS length,
        irp.policy_version_id AS policy_version_id,
        CASE irp.slot WHEN 0 THEN c.mask_0 WHEN 1 THEN c.mask_1 WHEN 2 THEN c.mask_2 ELSE c.mask_3 END AS failed_mask
    FROM candidate c
    JOIN import_run_policy irp ON irp.run_id = c.run_id AND irp.slot IS NOT NULL
    WHERE CASE irp.slot WHEN 0 THEN c.mask_0 WHEN 1 THEN c.mask_1 WHEN 2 THEN c.mask_2 ELSE c.mask_3 END IS NOT NULL
    UNION ALL
    SELECT c.run_id, c.id, c.line, c.external_id, c.username, c.submitted_at, c.length, ar.policy_version_id,
        ar.failed_mask
    FROM attempt_row ar
    JOIN candidate c ON c.id = ar.candidate_id
) x
JOIN policy_version pv ON pv.id = x.policy_version_id
JOIN policy p ON p.id = pv.policy_id;

-- One row per candidate x policy its run scored: the version of that policy in force at the candidate's
-- submitted_at (compared as text, as ISO-8601 UTC times order) and the candidate's outcome under it. Candidates
-- without a time, or older than the policy's first version, have no row for that policy. failed_mask and passed are
-- NULL when the run did not score the version in force (rescore the run with it). The few (run, period) pairs are
-- computed once; the candidate table is read in one pass, or by id when joined with a candidate list.
CREATE VIEW v_candidate_in_force AS
WITH run_period AS MATERIALIZED (
    SELECT r.run_id AS run_id, pp.policy AS policy, pp.policy_version_id AS policy_version_id,
        pp.reference AS reference, pp.effective_from AS effective_from, pp.effective_until AS effective_until,
        s.slot AS slot
    FROM (SELECT DISTINCT irp.run_id AS run_id, pv.policy_id AS policy_id FROM import_run_policy irp
        JOIN policy_version pv ON pv.id = irp.policy_version_id) r
    JOIN v_policy_period pp ON pp.policy_id = r.policy_id AND pp.effective_from IS NOT pp.effective_until
    LEFT JOIN import_run_policy s ON s.run_id = r.run_id AND s.policy_version_id = pp.policy_version_id
)
SELECT
    run_id, candidate_id, line, external_id, username, submitted_at, length, policy, in_force_version_id,
    in_force_reference, failed_mask,
    iif(failed_mask IS NULL, NULL, failed_mask = 0) AS passed,
    (SELECT group_concat(r.rule_id, ',') FROM policy_rule r
        WHERE r.policy_version_id = in_force_version_id AND failed_mask & (1 << r.bit) != 0) AS failed_rules
FROM (
    SELECT
        c.run_id AS run_id, c.id AS candidate_id, c.line AS line, c.external_id AS external_id,
        c.username AS username, c.submitted_at AS submitted_at, c.length AS length, rp.policy AS policy,
        rp.policy_version_id AS in_force_version_id, rp.reference AS in_force_reference,
        CASE rp.slot WHEN 0 THEN c.mask_0 WHEN 1 THEN c.mask_1 WHEN 2 THEN c.mask_2 WHEN 3 THEN c.mask_3
            ELSE (SELECT ar.failed_mask FROM attempt_row ar
                WHERE ar.candidate_id = c.id AND ar.policy_version_id = rp.policy_version_id)
        END AS failed_mask
    FROM candidate c
    CROSS JOIN run_period rp
    WHERE rp.run_id = c.run_id AND c.submitted_at >= rp.effective_from
        AND (rp.effective_until IS NULL OR c.submitted_at < rp.effective_until)
);

-- Each account's (username's) last candidate across all complete, unpruned runs: the latest submitted_at (ties:
-- any one of them; an account whose candidates have no time: any of its candidates), from run_account_summary.
-- Candidates without a username are not accounts.
CREATE VIEW v_account_last_candidate AS
SELECT username, candidate_id, submitted_at, candidates, runs
FROM (
    SELECT username, max(submitted_at) AS submitted_at, candidate_id, sum(candidates) AS candidates, count(*) AS runs
    FROM run_account_summary
    GROUP BY username
);

-- One row per run x version it scored: the run with its summaries.
CREATE VIEW v_run_summary AS
SELECT
    ir.id AS run_id,
    ir.label AS label,
    ir.source_name AS source_name,
    ir.status AS status,
    ir.started_at AS started_at,
    ir.finished_at AS finished_at,
    ir.pruned_at AS pruned_at,
    ir.rows_read AS rows_read,
    ir.rows_accepted AS rows_accepted,
    ir.rows_rejected AS rows_rejected,
    p.name || '@' || pv.version AS reference,
    irp.policy_version_id AS policy_version_id,
    s.total AS total,
    s.unlocked AS unlocked,
    s.total - s.unlocked AS blocked,
    s.near_miss AS near_miss,
    round(100.0 * s.unlocked / nullif(s.total, 0), 2) AS unlocked_percent,
    u.distinct_fingerprints AS distinct_fingerprints,
    u.shared_candidates AS shared_candidates
FROM import_run ir
JOIN import_run_policy irp ON irp.run_id = ir.id
JOIN policy_version pv ON pv.id = irp.policy_version_id
JOIN policy p ON p.id = pv.policy_id
LEFT JOIN run_version_summary s ON s.run_id = ir.id AND s.policy_version_id = irp.policy_version_id
LEFT JOIN run_reuse_summary u ON u.run_id = ir.id;
