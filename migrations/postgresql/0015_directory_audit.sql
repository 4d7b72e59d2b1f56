-- pwaudit schema 15 on PostgreSQL (migrations/0015_directory_audit.sql): directory audits (`pwaudit import --ntds`):
-- run_directory_summary, one row per directory run, and directory_account, every audited account with its name (or
-- pseudonym), HMAC-SHA256 of its NT hash under the fingerprint key and its findings. Never a hash, never a password.
-- Append-only: never edit this file once landed.

CREATE TABLE run_directory_summary (
    run_id bigint PRIMARY KEY REFERENCES import_run (id) ON DELETE CASCADE,
    extract_name text NOT NULL,
    potfile_name text,
    accounts bigint NOT NULL CHECK (accounts >= 0),
    cracked bigint NOT NULL CHECK (cracked BETWEEN 0 AND accounts),
    scored bigint NOT NULL CHECK (scored BETWEEN 0 AND cracked),
    empty_password bigint NOT NULL CHECK (empty_password >= 0),
    lm_hash bigint NOT NULL CHECK (lm_hash >= 0),
    shared_hash bigint NOT NULL CHECK (shared_hash >= 0),
    breached bigint NOT NULL CHECK (breached >= 0),
    breach_corpora integer NOT NULL CHECK (breach_corpora >= 0),
    lines_read bigint NOT NULL CHECK (lines_read >= 0),
    machine_accounts bigint NOT NULL CHECK (machine_accounts >= 0),
    machines_included boolean NOT NULL,
    history_lines bigint NOT NULL CHECK (history_lines >= 0),
    without_nt_hash bigint NOT NULL CHECK (without_nt_hash >= 0),
    disabled_accounts bigint NOT NULL CHECK (disabled_accounts >= 0),
    disabled_excluded bigint NOT NULL CHECK (disabled_excluded BETWEEN 0 AND disabled_accounts),
    malformed_lines bigint NOT NULL CHECK (malformed_lines >= 0),
    potfile_lines bigint NOT NULL CHECK (potfile_lines >= 0),
    potfile_unmatched bigint NOT NULL CHECK (potfile_unmatched >= 0),
    redacted boolean NOT NULL
);

CREATE TABLE directory_account (
    run_id bigint NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    ordinal integer NOT NULL CHECK (ordinal >= 0),
    username text NOT NULL,
    rid bigint,
    nt_fingerprint bytea NOT NULL CHECK (length(nt_fingerprint) = 32),
    cracked boolean NOT NULL,
    empty_password boolean NOT NULL,
    lm_hash boolean NOT NULL,
    shared_with integer NOT NULL CHECK (shared_with >= 1),
    shared_group integer CHECK (shared_group >= 0),
    breach_count bigint NOT NULL CHECK (breach_count >= 0),
    username_in_password smallint NOT NULL CHECK (username_in_password IN (0, 1, 2)),
    privileged_groups text NOT NULL,
    disabled boolean NOT NULL,
    machine boolean NOT NULL,
    password_last_set_at timestamptz,
    candidate_line bigint,
    password_length integer CHECK (password_length >= 0),
    PRIMARY KEY (run_id, ordinal)
);
