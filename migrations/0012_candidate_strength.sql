-- pwaudit schema 12: zxcvbn's strength estimate of each candidate, when its run scores a version with a `strength`
-- rule or was imported with --strength (else NULL): the score 0-4 and log10 of the guesses rounded to 0.1, estimated
-- on the password as typed with the candidate's username and e-mail as user inputs. Never the password, nor any part
-- of it. run_strength_summary holds, per run and scored version, the candidates of each score and those of them that
-- unlock the reset under the version (its strength report section). The view v_candidate_strength shows the stored
-- estimates to `query`.
-- Append-only: never edit this file once landed. Documented in docs/schema.md.

ALTER TABLE candidate ADD COLUMN strength_score INTEGER CHECK (strength_score BETWEEN 0 AND 4);
ALTER TABLE candidate ADD COLUMN strength_log10 REAL CHECK (strength_log10 >= 0);

CREATE TABLE run_strength_summary (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    policy_version_id INTEGER NOT NULL REFERENCES policy_version (id),
    score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 4),
    candidates INTEGER NOT NULL CHECK (candidates >= 0),
    unlocked INTEGER NOT NULL CHECK (unlocked BETWEEN 0 AND candidates),
    PRIMARY KEY (run_id, policy_version_id, score)
) STRICT, WITHOUT ROWID;

-- One row per candidate with a stored estimate.
CREATE VIEW v_candidate_strength AS
SELECT c.run_id AS run_id, c.id AS candidate_id, c.line AS line, c.username AS username,
    c.strength_score AS strength_score, c.strength_log10 AS strength_log10
FROM candidate c
WHERE c.strength_score IS NOT NULL;
