-- pwaudit schema 3 on PostgreSQL (migrations/0003_run_ids_never_reused.sql): run ids are never reused. The highest id
-- ever used is kept here, kept up to date by a trigger whichever way a run is deleted; pwaudit gives a new run
-- max(that, max(import_run.id)) + 1, under this row's lock, so concurrent importers get distinct ids.
-- Append-only: never edit this file once landed.

CREATE TABLE run_id_high_water (
    singleton integer PRIMARY KEY CHECK (singleton = 1),
    last_id bigint NOT NULL CHECK (last_id >= 0)
);

INSERT INTO run_id_high_water (singleton, last_id) SELECT 1, coalesce(max(id), 0) FROM import_run;

CREATE FUNCTION pwaudit_keep_run_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE run_id_high_water SET last_id = greatest(last_id, OLD.id) WHERE singleton = 1;
    RETURN OLD;
END;
$$;

CREATE TRIGGER import_run_deleted_keeps_its_id AFTER DELETE ON import_run
FOR EACH ROW EXECUTE FUNCTION pwaudit_keep_run_id();
