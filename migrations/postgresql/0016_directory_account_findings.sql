-- pwaudit schema 16 on PostgreSQL (migrations/0016_directory_account_findings.sql): directory_account holds the same
-- facts in 13 columns, its five flags and the name-in-password answer in `findings` (bit 0 cracked, 1 empty password,
-- 2 LM hash stored, 3 disabled, 4 machine, bits 5 and 6 username_in_password: 0 no, 1 holds, 2 is the name), as on
-- SQLite, where the narrower row halves a directory audit's writing. Rows of schema 15 are carried over.
-- Append-only: never edit this file once landed.

ALTER TABLE directory_account RENAME TO directory_account_15;
ALTER TABLE directory_account_15 RENAME CONSTRAINT directory_account_pkey TO directory_account_15_pkey;

CREATE TABLE directory_account (
    run_id bigint NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    ordinal integer NOT NULL CHECK (ordinal >= 0),
    username text NOT NULL,
    rid bigint,
    nt_fingerprint bytea NOT NULL CHECK (length(nt_fingerprint) = 32),
    findings smallint NOT NULL CHECK (findings BETWEEN 0 AND 95),
    shared_with integer NOT NULL,
    shared_group integer,
    breach_count bigint NOT NULL,
    privileged_groups text NOT NULL,
    password_last_set_at timestamptz,
    candidate_line bigint,
    password_length integer,
    PRIMARY KEY (run_id, ordinal)
);

INSERT INTO directory_account
SELECT
    run_id, ordinal, username, rid, nt_fingerprint,
    -- Parenthesized: `|` and `<<` share one precedence, left to right.
    (cracked::int | (empty_password::int << 1) | (lm_hash::int << 2) | (disabled::int << 3) | (machine::int << 4)
        | (username_in_password << 5))::smallint,
    shared_with, shared_group, breach_count, privileged_groups, password_last_set_at, candidate_line, password_length
FROM directory_account_15;

DROP TABLE directory_account_15;
