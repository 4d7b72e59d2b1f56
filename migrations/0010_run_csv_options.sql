-- Schema 10: the CSV options a run's file was read with, so that `pwaudit rescore` reads it the same way (and a
-- rescore given other options is refused instead of scoring the file under another mapping). One row per run that
-- read a CSV: the column each field came from (the default name when no option named it) and the field separator
-- in use (given, or detected from the header). A run from before schema 10 gets its row on its first rescore.
-- Append-only: never edit this file once landed.

CREATE TABLE import_run_csv_options (
    run_id INTEGER PRIMARY KEY REFERENCES import_run (id) ON DELETE CASCADE,
    password_column TEXT NOT NULL,
    username_column TEXT NOT NULL,
    email_column TEXT NOT NULL,
    id_column TEXT NOT NULL,
    time_column TEXT NOT NULL,
    delimiter TEXT NOT NULL CHECK (delimiter IN (',', ';', char(9)))
) STRICT;
