-- pwaudit schema 11 on PostgreSQL (migrations/0011_run_delete_keys.sql): a run's candidates and attempt rows are tied
-- to it by their key range, not by foreign keys, so that importing and deleting a run cost what the run holds.
-- Append-only: never edit this file once landed.
--
-- Measured (bench/postgres.sh's corpus, 1M candidates x 3 versions, a 2-core machine under load):
-- - `candidate.run_id`'s foreign key checked every copied candidate (one lookup of its run per row): an import took
--   30.0 s with it, 14.3 s without it;
-- - `attempt_row.candidate_id`'s cascading key fired one trigger (a DELETE on attempt_row) per deleted candidate:
--   `runs delete` of a 1M run in a database of 3M took 19.6 s, 18 s of them in those triggers; and deleting an
--   `import_run` row looked for its candidates by `run_id`, which has no index (a scan of every run's: 0.9 s at 3M).
--
-- What holds instead: a candidate's id carries its run (`CHECK (id >> 32 = run_id)`, 0001), and so does the
-- candidate id of its attempt rows; the attempt writer writes only into a run it has checked is `running` and whose
-- lease it holds (a held run cannot be deleted), attempt rows only of the candidates it has just copied, and a
-- rescore's outcomes are checked against the run's candidates; `runs delete` and `prune` remove a run's rows by its
-- key range. Deleting an `import_run` row (pwaudit's `runs delete`, or a DELETE written by hand) removes its
-- candidates and attempt rows through the trigger below: two range deletes per run, not a trigger per row.
-- SQLite keeps its foreign keys: its checks are cheap in-process, and its deletes turn them off and go by range.

ALTER TABLE candidate DROP CONSTRAINT candidate_run_id_fkey;
ALTER TABLE attempt_row DROP CONSTRAINT attempt_candidate_id_fkey;

CREATE FUNCTION pwaudit_delete_run_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM attempt_row WHERE candidate_id BETWEEN OLD.id << 32 AND (OLD.id << 32) + 4294967295;
    DELETE FROM candidate WHERE id BETWEEN OLD.id << 32 AND (OLD.id << 32) + 4294967295;
    RETURN OLD;
END
$$;

CREATE TRIGGER import_run_deletes_its_rows BEFORE DELETE ON import_run
FOR EACH ROW EXECUTE FUNCTION pwaudit_delete_run_rows();
