-- pwaudit schema 10 on PostgreSQL (migrations/0010_run_csv_options.sql): the CSV options a run's file was read with,
-- so that `pwaudit rescore` reads it the same way. One row per run that read a CSV.
-- Append-only: never edit this file once landed.

CREATE TABLE import_run_csv_options (
    run_id bigint PRIMARY KEY REFERENCES import_run (id) ON DELETE CASCADE,
    password_column text NOT NULL,
    username_column text NOT NULL,
    email_column text NOT NULL,
    id_column text NOT NULL,
    time_column text NOT NULL,
    delimiter text NOT NULL CHECK (delimiter IN (',', ';', E'\t'))
);
