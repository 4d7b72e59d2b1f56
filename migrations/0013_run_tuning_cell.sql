-- pwaudit schema 13: the tuning summary `pwaudit tune` reads. Per run and scored version, the candidates sharing one
-- key: the version's rules they fail (failed_mask, bit i for rule i, stored as a signed 64-bit integer), their length
-- as the version's length rule compares it with its minimum (in the version's unit: Unicode scalars after its
-- normalization, UTF-8 bytes in pwquality mode; plus the credits its length rule's credits earn; 0 when over its
-- maximum; lengths over 255 stored as 255), the character classes present as the version's mode counts them (bit i for
-- upper, lower, digit, special, letter, space) and zxcvbn's score when the run stored estimates (else NULL). Written
-- at import, check --record and rescore; runs completed before schema 13 have no rows (rescore writes them). Counts
-- only: never a password, nor any part of it.
-- Append-only: never edit this file once landed. Documented in docs/schema.md.

CREATE TABLE run_tuning_cell (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    policy_version_id INTEGER NOT NULL REFERENCES policy_version (id),
    failed_mask INTEGER NOT NULL,
    length INTEGER NOT NULL CHECK (length BETWEEN 0 AND 255),
    classes INTEGER NOT NULL CHECK (classes BETWEEN 0 AND 63),
    strength_score INTEGER CHECK (strength_score BETWEEN 0 AND 4),
    count INTEGER NOT NULL CHECK (count > 0)
) STRICT;

CREATE INDEX run_tuning_cell_by_version ON run_tuning_cell (run_id, policy_version_id);
