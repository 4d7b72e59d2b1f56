-- pwaudit schema 4 on PostgreSQL (migrations/0004_trust.sql): a key check value, so a database refuses a fingerprint
-- key other than its own (the key itself never reaches the server), and policy rollbacks: a version may repeat an
-- earlier version's definition, so the UNIQUE (policy_id, definition_sha256) of schema 1 is dropped. PostgreSQL drops
-- a constraint in place: no rebuild.
-- Append-only: never edit this file once landed.

CREATE TABLE fingerprint_key_check (
    singleton integer PRIMARY KEY CHECK (singleton = 1),
    label text NOT NULL,
    check_value text NOT NULL CHECK (length(check_value) = 64),
    stored_at timestamptz NOT NULL
);

ALTER TABLE policy_version DROP CONSTRAINT policy_version_definition_once;

CREATE INDEX policy_version_by_definition ON policy_version (policy_id, definition_sha256);
