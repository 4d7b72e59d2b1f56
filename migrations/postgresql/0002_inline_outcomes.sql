-- pwaudit schema 2 on PostgreSQL (migrations/0002_inline_outcomes.sql): the outcomes of a run's first four policy
-- versions live inline in `candidate` (mask_0…mask_3); further versions stay rows of `attempt_row`. The view `attempt`
-- joins both and keeps the columns `attempt` had in schema 1.
-- Append-only: never edit this file once landed.

DROP VIEW v_attempt;

ALTER TABLE attempt RENAME TO attempt_row;

-- NULL: no outcome stored inline for that slot (fewer than four versions, or not written).
ALTER TABLE candidate ADD COLUMN mask_0 bigint;
ALTER TABLE candidate ADD COLUMN mask_1 bigint;
ALTER TABLE candidate ADD COLUMN mask_2 bigint;
ALTER TABLE candidate ADD COLUMN mask_3 bigint;

-- 0…3: the version's outcomes are candidate.mask_<slot>; NULL: they are rows of attempt_row.
ALTER TABLE import_run_policy ADD COLUMN slot integer CHECK (slot BETWEEN 0 AND 3);

CREATE VIEW attempt AS
SELECT candidate_id, policy_version_id, failed_mask, failed_mask = 0 AS unlocks_reset
FROM (
    SELECT
        c.id AS candidate_id,
        p.policy_version_id AS policy_version_id,
        CASE p.slot WHEN 0 THEN c.mask_0 WHEN 1 THEN c.mask_1 WHEN 2 THEN c.mask_2 ELSE c.mask_3 END AS failed_mask
    FROM import_run_policy p
    JOIN candidate c ON c.run_id = p.run_id AND c.id BETWEEN p.run_id << 32 AND (p.run_id << 32) + 4294967295
    WHERE p.slot IS NOT NULL
) AS inline_outcome
WHERE failed_mask IS NOT NULL
UNION ALL
SELECT candidate_id, policy_version_id, failed_mask, unlocks_reset FROM attempt_row;

CREATE VIEW v_attempt AS
SELECT
    c.run_id AS run_id,
    c.line AS line,
    c.external_id AS external_id,
    c.username AS username,
    c.submitted_at AS submitted_at,
    v.reference AS reference,
    a.policy_version_id AS policy_version_id,
    a.failed_mask AS failed_mask,
    a.unlocks_reset AS unlocks_reset,
    (SELECT string_agg(r.rule_id, ',' ORDER BY r.bit) FROM policy_rule r
        WHERE r.policy_version_id = a.policy_version_id AND (a.failed_mask & (1::bigint << r.bit)) <> 0)
        AS failed_rules,
    c.length AS length
FROM attempt a
JOIN candidate c ON c.id = a.candidate_id
JOIN v_policy_version v ON v.id = a.policy_version_id;
