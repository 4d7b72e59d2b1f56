-- pwaudit schema 15: directory audits (`pwaudit import --ntds`). A directory run is an import run whose candidates are
-- its cracked accounts (scored as CSV candidates are); run_directory_summary (one row per directory run, which makes
-- it one) holds what the extract and potfile held and the totals, each counting accounts or cracked accounts as its
-- name says; directory_account holds every audited account: its name (or the stable pseudonym that replaced it,
-- `--redact-accounts`, then rid is NULL), HMAC-SHA256 of its NT hash under the fingerprint key (never the hash, never
-- a password), its findings (cracked, empty password, LM hash stored, how many accounts share its NT hash and the
-- ordinal of the first of them, how often a breach corpus saw it, 0/1/2 for the name not in / in / equal to the
-- cracked password), its privileged groups (names joined by line feeds), disabled, machine, pwdLastSet, the line of
-- its candidate when scored and the cracked password's length. `pwaudit prune` deletes directory_account rows with
-- the candidates and keeps the summary; deleting the run deletes both.
-- Append-only: never edit this file once landed. Documented in docs/schema.md.

CREATE TABLE run_directory_summary (
    run_id INTEGER PRIMARY KEY REFERENCES import_run (id) ON DELETE CASCADE,
    extract_name TEXT NOT NULL,
    potfile_name TEXT,
    accounts INTEGER NOT NULL CHECK (accounts >= 0),
    cracked INTEGER NOT NULL CHECK (cracked BETWEEN 0 AND accounts),
    scored INTEGER NOT NULL CHECK (scored BETWEEN 0 AND cracked),
    empty_password INTEGER NOT NULL CHECK (empty_password >= 0),
    lm_hash INTEGER NOT NULL CHECK (lm_hash >= 0),
    shared_hash INTEGER NOT NULL CHECK (shared_hash >= 0),
    breached INTEGER NOT NULL CHECK (breached >= 0),
    breach_corpora INTEGER NOT NULL CHECK (breach_corpora >= 0),
    lines_read INTEGER NOT NULL CHECK (lines_read >= 0),
    machine_accounts INTEGER NOT NULL CHECK (machine_accounts >= 0),
    machines_included INTEGER NOT NULL CHECK (machines_included IN (0, 1)),
    history_lines INTEGER NOT NULL CHECK (history_lines >= 0),
    without_nt_hash INTEGER NOT NULL CHECK (without_nt_hash >= 0),
    disabled_accounts INTEGER NOT NULL CHECK (disabled_accounts >= 0),
    disabled_excluded INTEGER NOT NULL CHECK (disabled_excluded BETWEEN 0 AND disabled_accounts),
    malformed_lines INTEGER NOT NULL CHECK (malformed_lines >= 0),
    potfile_lines INTEGER NOT NULL CHECK (potfile_lines >= 0),
    potfile_unmatched INTEGER NOT NULL CHECK (potfile_unmatched >= 0),
    redacted INTEGER NOT NULL CHECK (redacted IN (0, 1))
) STRICT;

CREATE TABLE directory_account (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL CHECK (ordinal >= 0),
    username TEXT NOT NULL,
    rid INTEGER,
    nt_fingerprint BLOB NOT NULL CHECK (length(nt_fingerprint) = 32),
    cracked INTEGER NOT NULL CHECK (cracked IN (0, 1)),
    empty_password INTEGER NOT NULL CHECK (empty_password IN (0, 1)),
    lm_hash INTEGER NOT NULL CHECK (lm_hash IN (0, 1)),
    shared_with INTEGER NOT NULL CHECK (shared_with >= 1),
    shared_group INTEGER CHECK (shared_group >= 0),
    breach_count INTEGER NOT NULL CHECK (breach_count >= 0),
    username_in_password INTEGER NOT NULL CHECK (username_in_password IN (0, 1, 2)),
    privileged_groups TEXT NOT NULL,
    disabled INTEGER NOT NULL CHECK (disabled IN (0, 1)),
    machine INTEGER NOT NULL CHECK (machine IN (0, 1)),
    password_last_set_at TEXT,
    candidate_line INTEGER,
    password_length INTEGER CHECK (password_length >= 0),
    PRIMARY KEY (run_id, ordinal)
) STRICT, WITHOUT ROWID;
