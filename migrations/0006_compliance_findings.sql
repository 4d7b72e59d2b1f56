-- Schema 6: each stored policy version's compliance findings, for `pwaudit query` (view v_compliance_finding).
--
-- The standards are judged in Swift (PolicyCompliance), not in SQL: pwaudit writes a version's findings when the
-- version is added, and on opening a database for writing it fills in every version whose findings are missing or
-- were made by another pwaudit version (whose catalog of clauses may differ).

CREATE TABLE compliance_evaluation (
    policy_version_id INTEGER PRIMARY KEY REFERENCES policy_version (id),
    -- The pwaudit version whose clause catalog produced the findings.
    pwaudit_version TEXT NOT NULL,
    evaluated_at TEXT NOT NULL
) STRICT;

CREATE TABLE compliance_finding (
    policy_version_id INTEGER NOT NULL REFERENCES compliance_evaluation (policy_version_id) ON DELETE CASCADE,
    standard TEXT NOT NULL,
    clause TEXT NOT NULL,
    title TEXT NOT NULL,
    level TEXT NOT NULL,
    severity TEXT NOT NULL CHECK (severity IN ('required', 'recommended', 'informational')),
    verdict TEXT NOT NULL CHECK (verdict IN ('pass', 'fail', 'not-applicable', 'needs-evidence', 'unknown')),
    policy_value TEXT NOT NULL,
    required_value TEXT NOT NULL,
    citation TEXT NOT NULL,
    PRIMARY KEY (policy_version_id, standard, clause)
) STRICT, WITHOUT ROWID;

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
