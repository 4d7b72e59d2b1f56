-- Schema 11: on SQLite, nothing. Its PostgreSQL counterpart (migrations/postgresql/0011_run_delete_keys.sql) replaces
-- the foreign keys of candidate.run_id and attempt_row.candidate_id by the key ranges the ids carry and a trigger that
-- deletes a run's candidates and attempt rows with it: on the server each key cost a lookup per imported row and a
-- trigger per deleted one. SQLite keeps its keys: its checks are cheap in-process, and `runs delete` turns foreign
-- keys off and deletes by the run's id range (candidate ids carry their run), so no per-row cascade fires.
-- The file exists so that both stores number their schemas alike (PostgresMigratorTests checks it).
-- Append-only: never edit this file once landed.

SELECT 1;
