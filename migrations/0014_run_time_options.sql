-- pwaudit schema 14: the time options a run's file was read with, beside its columns and separator (schema 10), so
-- that importing the same file again with another `--time-format` or `--time-zone` is a new import, not "already
-- imported", and `pwaudit rescore` reads the times as the import did. time_format is the layout as `--time-format`
-- takes it ('' when none was given: ISO-8601, generalized time, FILETIME and epoch seconds told apart by shape);
-- time_zone is the IANA name times without an offset were read in ('' for UTC). NULL in both for a run recorded
-- before schema 14 (its time options are unknown: it reads alike any, and its first rescore records them).
-- Append-only: never edit this file once landed.

ALTER TABLE import_run_csv_options ADD COLUMN time_format TEXT;
ALTER TABLE import_run_csv_options ADD COLUMN time_zone TEXT;
