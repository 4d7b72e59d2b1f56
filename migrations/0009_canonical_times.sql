-- pwaudit schema 9: one time representation. Every stored instant is UTC text in one canonical form,
-- YYYY-MM-DDTHH:MM:SSZ (fixed width, so text order is time order; fractions dropped), which pwaudit writes from
-- schema 9 on. This migration rewrites what an older pwaudit stored otherwise: above all candidate.submitted_at,
-- kept as the CSV wrote it (offsets, a space for T, bare dates, fractions), which the views compared as text.
-- Append-only: never edit this file once landed. Documented in docs/schema.md.
--
-- pwaudit_stored_instant(text) is the import's own parser (UTCInstant), registered by the migrator: the canonical
-- instant of a date (its midnight UTC) or of a date-time with a zone (Z, +HH:MM, +HHMM), NULL for anything else.
-- Anything else is what the import of schemas 1-8 counted as `time: invalid` in the run's summaries, date-times
-- without a zone included: those become NULL, so the candidates and their run's day summaries keep agreeing (import
-- the file again to have a zoneless time read as UTC, as imports now do). The original text is not kept.

UPDATE candidate SET submitted_at = pwaudit_stored_instant(submitted_at)
WHERE submitted_at IS NOT pwaudit_stored_instant(submitted_at);

-- Each account's last candidate of a run, chosen again now that submitted_at orders as time (runs whose candidates
-- were pruned keep their row, with its time rewritten).
INSERT OR REPLACE INTO run_account_summary (run_id, username, submitted_at, candidate_id, candidates)
SELECT c.run_id, c.username, max(c.submitted_at), c.id, count(*)
FROM candidate c
WHERE c.username IS NOT NULL AND c.run_id IN (SELECT DISTINCT run_id FROM run_account_summary)
GROUP BY c.run_id, c.username;

UPDATE run_account_summary SET submitted_at = pwaudit_stored_instant(submitted_at)
WHERE submitted_at IS NOT pwaudit_stored_instant(submitted_at);

-- One grain for "in force": a version is in force from the start of the UTC day of its effective date (as
-- `history --in-force` always read it), so effective_from is a midnight UTC; one stored at another hour moves to the
-- start of its UTC day. Policy versions are immutable: the trigger that says so is dropped for this rewrite only.
DROP TRIGGER policy_version_immutable_update;

UPDATE policy_version SET
    effective_from = coalesce(substr(pwaudit_stored_instant(effective_from), 1, 10) || 'T00:00:00Z', effective_from),
    created_at = coalesce(pwaudit_stored_instant(created_at), created_at);

CREATE TRIGGER policy_version_immutable_update BEFORE UPDATE ON policy_version
BEGIN
    SELECT RAISE(ABORT, 'policy versions are immutable: add a new version instead');
END;

-- The times pwaudit wrote itself were canonical already; a row that is not (written by another tool) is rewritten
-- too, or kept as it is when it is no time at all (these columns are NOT NULL).
UPDATE policy SET created_at = coalesce(pwaudit_stored_instant(created_at), created_at)
WHERE created_at IS NOT pwaudit_stored_instant(created_at);

UPDATE import_run SET
    started_at = coalesce(pwaudit_stored_instant(started_at), started_at),
    finished_at = coalesce(pwaudit_stored_instant(finished_at), finished_at),
    pruned_at = coalesce(pwaudit_stored_instant(pruned_at), pruned_at)
WHERE started_at IS NOT pwaudit_stored_instant(started_at) OR finished_at IS NOT pwaudit_stored_instant(finished_at)
    OR pruned_at IS NOT pwaudit_stored_instant(pruned_at);

UPDATE compliance_evaluation SET evaluated_at = coalesce(pwaudit_stored_instant(evaluated_at), evaluated_at)
WHERE evaluated_at IS NOT pwaudit_stored_instant(evaluated_at);

UPDATE word_list SET stored_at = coalesce(pwaudit_stored_instant(stored_at), stored_at)
WHERE stored_at IS NOT pwaudit_stored_instant(stored_at);

UPDATE fingerprint_key_check SET stored_at = coalesce(pwaudit_stored_instant(stored_at), stored_at)
WHERE stored_at IS NOT pwaudit_stored_instant(stored_at);

UPDATE schema_migrations SET applied_at = coalesce(pwaudit_stored_instant(applied_at), applied_at)
WHERE applied_at IS NOT pwaudit_stored_instant(applied_at);
