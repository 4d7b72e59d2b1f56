-- pwaudit schema 4: a key check value, so a database refuses a fingerprint key other than its own, and policy
-- rollbacks: a version may repeat an earlier version's definition (with another effective date), so the
-- UNIQUE (policy_id, definition_sha256) of schema 1 is dropped. SQLite cannot drop a table constraint, so
-- policy_version is rebuilt as https://www.sqlite.org/lang_altertable.html#otheralter describes: the Migrator runs
-- every migration with foreign keys off and checks that it added no foreign-key violation before committing.
-- legacy_alter_table keeps the rename from re-parsing the views that name policy_version while it is missing.
-- Append-only: never edit this file once landed. Documented in docs/schema.md.

CREATE TABLE fingerprint_key_check (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    label TEXT NOT NULL,
    check_value TEXT NOT NULL CHECK (length(check_value) = 64),
    stored_at TEXT NOT NULL
) STRICT;

PRAGMA legacy_alter_table = ON;

CREATE TABLE policy_version_rebuilt (
    id INTEGER PRIMARY KEY,
    policy_id INTEGER NOT NULL REFERENCES policy (id),
    version INTEGER NOT NULL CHECK (version >= 1),
    definition TEXT NOT NULL,
    definition_sha256 TEXT NOT NULL CHECK (length(definition_sha256) = 64),
    effective_from TEXT NOT NULL,
    created_at TEXT NOT NULL,
    note TEXT,
    UNIQUE (policy_id, version)
) STRICT;

INSERT INTO policy_version_rebuilt (id, policy_id, version, definition, definition_sha256, effective_from,
    created_at, note)
SELECT id, policy_id, version, definition, definition_sha256, effective_from, created_at, note FROM policy_version;

DROP TABLE policy_version;

ALTER TABLE policy_version_rebuilt RENAME TO policy_version;

PRAGMA legacy_alter_table = OFF;

CREATE INDEX policy_version_by_definition ON policy_version (policy_id, definition_sha256);

CREATE TRIGGER policy_version_immutable_update BEFORE UPDATE ON policy_version
BEGIN
    SELECT RAISE(ABORT, 'policy versions are immutable: add a new version instead');
END;

CREATE TRIGGER policy_version_immutable_delete BEFORE DELETE ON policy_version
BEGIN
    SELECT RAISE(ABORT, 'policy versions are immutable: they cannot be deleted');
END;
