-- pwaudit schema 14 on PostgreSQL (migrations/0014_run_time_options.sql): the time options a run's file was read with,
-- beside its columns and separator: time_format as `--time-format` takes it ('' when none was given), time_zone the
-- IANA name of times without an offset ('' for UTC); NULL in both for a run recorded before schema 14.
-- Append-only: never edit this file once landed.

ALTER TABLE import_run_csv_options ADD COLUMN time_format text;
ALTER TABLE import_run_csv_options ADD COLUMN time_zone text;
