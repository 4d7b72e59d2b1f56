-- pwaudit schema 5 on PostgreSQL (migrations/0005_query_views_and_prune.sql): stable views for `pwaudit query`, the
-- summary and index they need, and retention (`pwaudit prune`).
-- Append-only: never edit this file once landed.

-- When `pwaudit prune` deleted the run's candidates and attempts (NULL: never pruned).
ALTER TABLE import_run ADD COLUMN pruned_at timestamptz;

-- Per ordered pair of versions a run scored: the 2x2 unlock table of `pwaudit compare`, written by `prune` before it
-- deletes the attempts, so a pruned run's comparison reads the same.
CREATE TABLE run_comparison_summary (
    run_id bigint NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    version_a bigint NOT NULL REFERENCES policy_version (id),
    version_b bigint NOT NULL REFERENCES policy_version (id),
    both_unlocked bigint NOT NULL,
    only_a bigint NOT NULL,
    only_b bigint NOT NULL,
    neither bigint NOT NULL,
    PRIMARY KEY (run_id, version_a, version_b)
);

-- For the same pairs: candidates unlocked under A but not B that fail B's rule `bit`.
CREATE TABLE run_comparison_blocked_summary (
    run_id bigint NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    version_a bigint NOT NULL REFERENCES policy_version (id),
    version_b bigint NOT NULL REFERENCES policy_version (id),
    bit integer NOT NULL CHECK (bit BETWEEN 0 AND 63),
    failures bigint NOT NULL,
    PRIMARY KEY (run_id, version_a, version_b, bit)
);

-- Per complete run and account (username): the run's last candidate of that account, written when the run completes.
-- Keyed by username first, so "each account's last candidate across runs" reads it in order without sorting.
CREATE TABLE run_account_summary (
    run_id bigint NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    username text NOT NULL,
    submitted_at timestamptz,
    candidate_id bigint NOT NULL,
    candidates bigint NOT NULL,
    PRIMARY KEY (username, run_id)
);

INSERT INTO run_account_summary (run_id, username, submitted_at, candidate_id, candidates)
SELECT DISTINCT ON (c.run_id, c.username) c.run_id, c.username, c.submitted_at, c.id,
    count(*) OVER (PARTITION BY c.run_id, c.username)
FROM candidate c JOIN import_run r ON r.id = c.run_id AND r.status = 'complete'
WHERE c.username IS NOT NULL
ORDER BY c.run_id, c.username, c.submitted_at DESC NULLS LAST;

-- The version in force at an instant: the greatest effective_from not after it (ties: the higher version).
CREATE INDEX policy_version_by_effective_from ON policy_version (policy_id, effective_from, version);

-- One row per policy version with the period it is in force: [effective_from, effective_until).
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

-- One row per candidate x version the run scored, with the verdict.
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
    CASE WHEN x.failed_mask = 0 THEN 'pass' ELSE 'fail' END AS verdict,
    x.failed_mask AS failed_mask,
    (SELECT string_agg(r.rule_id, ',' ORDER BY r.bit) FROM policy_rule r
        WHERE r.policy_version_id = x.policy_version_id AND (x.failed_mask & (1::bigint << r.bit)) <> 0)
        AS failed_rules,
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

-- One row per candidate x policy its run scored: the version of that policy in force at the candidate's submitted_at
-- and the candidate's outcome under it (NULL when the run did not score the version in force).
CREATE VIEW v_candidate_in_force AS
WITH run_period AS MATERIALIZED (
    SELECT r.run_id AS run_id, pp.policy AS policy, pp.policy_version_id AS policy_version_id,
        pp.reference AS reference, pp.effective_from AS effective_from, pp.effective_until AS effective_until,
        s.slot AS slot
    FROM (SELECT DISTINCT irp.run_id AS run_id, pv.policy_id AS policy_id FROM import_run_policy irp
        JOIN policy_version pv ON pv.id = irp.policy_version_id) r
    JOIN v_policy_period pp ON pp.policy_id = r.policy_id AND pp.effective_from IS DISTINCT FROM pp.effective_until
    LEFT JOIN import_run_policy s ON s.run_id = r.run_id AND s.policy_version_id = pp.policy_version_id
)
SELECT
    run_id, candidate_id, line, external_id, username, submitted_at, length, policy, in_force_version_id,
    in_force_reference, failed_mask,
    CASE WHEN failed_mask IS NULL THEN NULL ELSE failed_mask = 0 END AS passed,
    (SELECT string_agg(r.rule_id, ',' ORDER BY r.bit) FROM policy_rule r
        WHERE r.policy_version_id = in_force_version_id AND (failed_mask & (1::bigint << r.bit)) <> 0)
        AS failed_rules
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
) AS in_force;

-- Each account's (username's) last candidate across all complete, unpruned runs: the latest submitted_at (ties: any
-- one of them; an account whose candidates have no time: any of its candidates), from run_account_summary.
CREATE VIEW v_account_last_candidate AS
SELECT DISTINCT ON (username)
    username, candidate_id, submitted_at,
    sum(candidates) OVER (PARTITION BY username) AS candidates,
    count(*) OVER (PARTITION BY username) AS runs
FROM run_account_summary
ORDER BY username, submitted_at DESC NULLS LAST;

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
