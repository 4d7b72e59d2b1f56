-- pwaudit schema 12 on PostgreSQL (migrations/0012_candidate_strength.sql): zxcvbn's strength estimate of each
-- candidate when its run scores a version with a `strength` rule or was imported with --strength (else NULL), the
-- score 0-4 and log10 of the guesses rounded to 0.1; per run and scored version, the candidates of each score and those
-- of them that unlock the reset; the view v_candidate_strength for `query`. Never the password.
-- Append-only: never edit this file once landed.

ALTER TABLE candidate ADD COLUMN strength_score integer CHECK (strength_score BETWEEN 0 AND 4);
ALTER TABLE candidate ADD COLUMN strength_log10 double precision CHECK (strength_log10 >= 0);

CREATE TABLE run_strength_summary (
    run_id bigint NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    policy_version_id bigint NOT NULL REFERENCES policy_version (id),
    score integer NOT NULL CHECK (score BETWEEN 0 AND 4),
    candidates bigint NOT NULL CHECK (candidates >= 0),
    unlocked bigint NOT NULL CHECK (unlocked BETWEEN 0 AND candidates),
    PRIMARY KEY (run_id, policy_version_id, score)
);

CREATE VIEW v_candidate_strength AS
SELECT c.run_id AS run_id, c.id AS candidate_id, c.line AS line, c.username AS username,
    c.strength_score AS strength_score, c.strength_log10 AS strength_log10
FROM candidate c
WHERE c.strength_score IS NOT NULL;
