-- pwaudit schema 6 on PostgreSQL (migrations/0006_compliance_findings.sql): each stored policy version's compliance
-- findings, for `pwaudit query` (view v_compliance_finding). The standards are judged in Swift, not in SQL.
-- Append-only: never edit this file once landed.

CREATE TABLE compliance_evaluation (
    policy_version_id bigint PRIMARY KEY REFERENCES policy_version (id),
    -- The pwaudit version whose clause catalog produced the findings.
    pwaudit_version text NOT NULL,
    evaluated_at timestamptz NOT NULL
);

CREATE TABLE compliance_finding (
    policy_version_id bigint NOT NULL REFERENCES compliance_evaluation (policy_version_id) ON DELETE CASCADE,
    standard text NOT NULL,
    clause text NOT NULL,
    title text NOT NULL,
    level text NOT NULL,
    severity text NOT NULL CHECK (severity IN ('required', 'recommended', 'informational')),
    verdict text NOT NULL CHECK (verdict IN ('pass', 'fail', 'not-applicable', 'needs-evidence', 'unknown')),
    policy_value text NOT NULL,
    required_value text NOT NULL,
    citation text NOT NULL,
    PRIMARY KEY (policy_version_id, standard, clause)
);

-- One row per stored policy version x standard x clause: the verdict, the policy's value and the required one.
CREATE VIEW v_compliance_finding AS
SELECT
    v.reference AS reference,
    f.policy_version_id AS policy_version_id,
    v.effective_from AS effective_from,
    f.standard AS standard,
    f.clause AS clause,
    f.title AS title,
    f.level AS level,
    f.severity AS severity,
    f.verdict AS verdict,
    f.policy_value AS policy_value,
    f.required_value AS required_value,
    f.citation AS citation,
    e.pwaudit_version AS evaluated_by
FROM compliance_finding f
JOIN compliance_evaluation e ON e.policy_version_id = f.policy_version_id
JOIN v_policy_version v ON v.id = f.policy_version_id;
