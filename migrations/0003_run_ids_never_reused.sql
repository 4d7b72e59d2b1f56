-- pwaudit schema 3: run ids are never reused. A plain INTEGER PRIMARY KEY hands out max(id) + 1, so deleting the
-- newest run used to give its id (and, through CandidateID, its candidate ids) to the next import, and a report or an
-- export that named "run 7" could later mean another file. The highest id ever used is kept here, kept up to date by
-- a trigger whichever way a run is deleted; pwaudit gives a new run max(that, max(import_run.id)) + 1.
-- Append-only: never edit this file once landed. Documented in docs/schema.md.

CREATE TABLE run_id_high_water (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    last_id INTEGER NOT NULL CHECK (last_id >= 0)
) STRICT;

INSERT INTO run_id_high_water (singleton, last_id) SELECT 1, coalesce(max(id), 0) FROM import_run;

CREATE TRIGGER import_run_deleted_keeps_its_id AFTER DELETE ON import_run
BEGIN
    UPDATE run_id_high_water SET last_id = max(last_id, old.id) WHERE singleton = 1;
END;
