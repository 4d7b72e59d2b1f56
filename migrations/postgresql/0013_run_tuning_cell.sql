-- pwaudit schema 13 on PostgreSQL (migrations/0013_run_tuning_cell.sql): the tuning summary `pwaudit tune` reads, per
-- run and scored version the candidates sharing one key (failed mask as a signed 64-bit integer, length as the
-- version's length rule counts it, classes present as its mode counts them, strength score or NULL). Counts only,
-- never a password.
-- Append-only: never edit this file once landed.

CREATE TABLE run_tuning_cell (
    run_id bigint NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    policy_version_id bigint NOT NULL REFERENCES policy_version (id),
    failed_mask bigint NOT NULL,
    length integer NOT NULL CHECK (length BETWEEN 0 AND 255),
    classes integer NOT NULL CHECK (classes BETWEEN 0 AND 63),
    strength_score integer CHECK (strength_score BETWEEN 0 AND 4),
    count bigint NOT NULL CHECK (count > 0)
);

CREATE INDEX run_tuning_cell_by_version ON run_tuning_cell (run_id, policy_version_id);
