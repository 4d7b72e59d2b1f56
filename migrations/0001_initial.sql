-- pwaudit schema 1: policies and their immutable versions, import runs, candidates (never passwords),
-- per-version outcomes as failure bit masks, and per-run summaries written when a run completes.
-- Append-only: never edit this file once landed; add 0002_….sql instead. Documented in docs/schema.md.

CREATE TABLE policy (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE CHECK (length(name) > 0),
    created_at TEXT NOT NULL
) STRICT;

CREATE TABLE policy_version (
    id INTEGER PRIMARY KEY,
    policy_id INTEGER NOT NULL REFERENCES policy (id),
    version INTEGER NOT NULL CHECK (version >= 1),
    definition TEXT NOT NULL,
    definition_sha256 TEXT NOT NULL CHECK (length(definition_sha256) = 64),
    effective_from TEXT NOT NULL,
    created_at TEXT NOT NULL,
    note TEXT,
    UNIQUE (policy_id, version),
    UNIQUE (policy_id, definition_sha256)
) STRICT;

CREATE TRIGGER policy_version_immutable_update BEFORE UPDATE ON policy_version
BEGIN
    SELECT RAISE(ABORT, 'policy versions are immutable: add a new version instead');
END;

CREATE TRIGGER policy_version_immutable_delete BEFORE DELETE ON policy_version
BEGIN
    SELECT RAISE(ABORT, 'policy versions are immutable: they cannot be deleted');
END;

CREATE TABLE policy_rule (
    policy_version_id INTEGER NOT NULL REFERENCES policy_version (id),
    bit INTEGER NOT NULL CHECK (bit BETWEEN 0 AND 63),
    rule_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    label TEXT NOT NULL,
    definition TEXT NOT NULL,
    PRIMARY KEY (policy_version_id, bit),
    UNIQUE (policy_version_id, rule_id)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER policy_rule_immutable_update BEFORE UPDATE ON policy_rule
BEGIN
    SELECT RAISE(ABORT, 'policy rules are immutable: add a new policy version instead');
END;

CREATE TRIGGER policy_rule_immutable_delete BEFORE DELETE ON policy_rule
BEGIN
    SELECT RAISE(ABORT, 'policy rules are immutable: they cannot be deleted');
END;

CREATE TABLE import_run (
    id INTEGER PRIMARY KEY,
    source_name TEXT NOT NULL,
    source_bytes INTEGER NOT NULL CHECK (source_bytes >= 0),
    source_sha256 TEXT NOT NULL,
    label TEXT,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    status TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'complete', 'failed')),
    rows_read INTEGER NOT NULL DEFAULT 0,
    rows_accepted INTEGER NOT NULL DEFAULT 0,
    rows_rejected INTEGER NOT NULL DEFAULT 0,
    pwaudit_version TEXT NOT NULL,
    pid INTEGER NOT NULL
) STRICT;

CREATE INDEX import_run_by_source_sha256 ON import_run (source_sha256, status);

CREATE TABLE import_run_policy (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    policy_version_id INTEGER NOT NULL REFERENCES policy_version (id),
    PRIMARY KEY (run_id, policy_version_id)
) STRICT, WITHOUT ROWID;

-- Candidate ids are (run_id << 32) + ordinal, assigned by the importer (AttemptWriter): a run's candidates and
-- their attempts are one contiguous key range, so per-run scans and deletes need no extra index.
CREATE TABLE candidate (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    line INTEGER NOT NULL,
    external_id TEXT,
    username TEXT,
    submitted_at TEXT,
    fingerprint BLOB NOT NULL,
    length INTEGER NOT NULL,
    upper_count INTEGER NOT NULL,
    lower_count INTEGER NOT NULL,
    digit_count INTEGER NOT NULL,
    special_count INTEGER NOT NULL,
    other_letter_count INTEGER NOT NULL,
    space_count INTEGER NOT NULL,
    other_count INTEGER NOT NULL,
    CHECK (id >> 32 = run_id)
) STRICT;

CREATE TABLE attempt (
    candidate_id INTEGER NOT NULL REFERENCES candidate (id) ON DELETE CASCADE,
    policy_version_id INTEGER NOT NULL REFERENCES policy_version (id),
    failed_mask INTEGER NOT NULL,
    unlocks_reset INTEGER NOT NULL CHECK (unlocks_reset IN (0, 1)),
    PRIMARY KEY (candidate_id, policy_version_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE rejected_row (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    line INTEGER NOT NULL,
    reason TEXT NOT NULL,
    PRIMARY KEY (run_id, line)
) STRICT, WITHOUT ROWID;

-- Summaries, written once when a run completes so that reports never rescan attempts.

CREATE TABLE run_version_summary (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    policy_version_id INTEGER NOT NULL REFERENCES policy_version (id),
    total INTEGER NOT NULL,
    unlocked INTEGER NOT NULL,
    near_miss INTEGER NOT NULL,
    PRIMARY KEY (run_id, policy_version_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE run_rule_summary (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    policy_version_id INTEGER NOT NULL REFERENCES policy_version (id),
    bit INTEGER NOT NULL CHECK (bit BETWEEN 0 AND 63),
    failures INTEGER NOT NULL,
    only_failure INTEGER NOT NULL,
    PRIMARY KEY (run_id, policy_version_id, bit)
) STRICT, WITHOUT ROWID;

CREATE TABLE run_rule_pair_summary (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    policy_version_id INTEGER NOT NULL REFERENCES policy_version (id),
    bit_a INTEGER NOT NULL CHECK (bit_a BETWEEN 0 AND 63),
    bit_b INTEGER NOT NULL CHECK (bit_b BETWEEN 0 AND 63),
    failures INTEGER NOT NULL,
    PRIMARY KEY (run_id, policy_version_id, bit_a, bit_b),
    CHECK (bit_a < bit_b)
) STRICT, WITHOUT ROWID;

CREATE TABLE run_length_summary (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    length INTEGER NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (run_id, length)
) STRICT, WITHOUT ROWID;

CREATE TABLE run_composition_summary (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    composition TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (run_id, composition)
) STRICT, WITHOUT ROWID;

CREATE TABLE run_reuse_summary (
    run_id INTEGER PRIMARY KEY REFERENCES import_run (id) ON DELETE CASCADE,
    distinct_fingerprints INTEGER NOT NULL,
    shared_groups INTEGER NOT NULL,
    shared_candidates INTEGER NOT NULL,
    largest_group INTEGER NOT NULL
) STRICT;

CREATE TABLE run_reject_summary (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    reason TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (run_id, reason)
) STRICT, WITHOUT ROWID;

CREATE TABLE run_day_summary (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    policy_version_id INTEGER NOT NULL REFERENCES policy_version (id),
    day TEXT NOT NULL,
    total INTEGER NOT NULL,
    unlocked INTEGER NOT NULL,
    PRIMARY KEY (run_id, policy_version_id, day)
) STRICT, WITHOUT ROWID;

CREATE TABLE run_day_rule_summary (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    policy_version_id INTEGER NOT NULL REFERENCES policy_version (id),
    day TEXT NOT NULL,
    bit INTEGER NOT NULL CHECK (bit BETWEEN 0 AND 63),
    failures INTEGER NOT NULL,
    PRIMARY KEY (run_id, policy_version_id, day, bit)
) STRICT, WITHOUT ROWID;

-- Views for people querying with the sqlite3 shell.

CREATE VIEW v_policy_version AS
SELECT
    pv.id AS id,
    p.name AS name,
    pv.version AS version,
    p.name || '@' || pv.version AS reference,
    pv.effective_from AS effective_from,
    pv.created_at AS created_at,
    pv.note AS note,
    pv.definition_sha256 AS definition_sha256,
    (SELECT count(*) FROM policy_rule r WHERE r.policy_version_id = pv.id) AS rule_count,
    pv.version = (SELECT max(x.version) FROM policy_version x WHERE x.policy_id = pv.policy_id) AS is_latest
FROM policy_version pv
JOIN policy p ON p.id = pv.policy_id;

CREATE VIEW v_policy_rule AS
SELECT
    v.reference AS reference,
    r.policy_version_id AS policy_version_id,
    r.bit AS bit,
    r.rule_id AS rule_id,
    r.kind AS kind,
    r.label AS label,
    r.definition AS definition
FROM policy_rule r
JOIN v_policy_version v ON v.id = r.policy_version_id;

CREATE VIEW v_run AS
SELECT
    ir.id AS id,
    ir.label AS label,
    ir.source_name AS source_name,
    ir.source_bytes AS source_bytes,
    ir.source_sha256 AS source_sha256,
    ir.status AS status,
    ir.started_at AS started_at,
    ir.finished_at AS finished_at,
    ir.rows_read AS rows_read,
    ir.rows_accepted AS rows_accepted,
    ir.rows_rejected AS rows_rejected,
    (SELECT group_concat(v.reference, ', ') FROM import_run_policy irp
        JOIN v_policy_version v ON v.id = irp.policy_version_id WHERE irp.run_id = ir.id) AS versions,
    ir.pwaudit_version AS pwaudit_version,
    ir.pid AS pid
FROM import_run ir;

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
    (SELECT group_concat(r.rule_id, ',') FROM policy_rule r
        WHERE r.policy_version_id = a.policy_version_id AND a.failed_mask & (1 << r.bit) != 0) AS failed_rules,
    c.length AS length
FROM attempt a
JOIN candidate c ON c.id = a.candidate_id
JOIN v_policy_version v ON v.id = a.policy_version_id;

CREATE VIEW v_run_version AS
SELECT
    s.run_id AS run_id,
    v.reference AS reference,
    s.policy_version_id AS policy_version_id,
    s.total AS total,
    s.unlocked AS unlocked,
    s.total - s.unlocked AS blocked,
    s.near_miss AS near_miss,
    round(100.0 * s.unlocked / nullif(s.total, 0), 2) AS unlocked_percent
FROM run_version_summary s
JOIN v_policy_version v ON v.id = s.policy_version_id;

CREATE VIEW v_run_rule AS
SELECT
    s.run_id AS run_id,
    v.reference AS reference,
    s.policy_version_id AS policy_version_id,
    s.bit AS bit,
    r.rule_id AS rule_id,
    r.label AS label,
    s.failures AS failures,
    s.only_failure AS only_failure,
    round(100.0 * s.failures / nullif(t.total, 0), 2) AS failure_percent
FROM run_rule_summary s
JOIN v_policy_version v ON v.id = s.policy_version_id
JOIN policy_rule r ON r.policy_version_id = s.policy_version_id AND r.bit = s.bit
LEFT JOIN run_version_summary t ON t.run_id = s.run_id AND t.policy_version_id = s.policy_version_id;
