import AuditRepositories

/// The per-run account summary (`run_account_summary`, schema 5) behind `v_account_last_candidate`.
extension SQLiteSummaryRepository {
    /// Replaces run `runID`'s account rows: per username, the run's candidate with the latest `submitted_at` and the
    /// account's candidate count, from one sorted pass over the run's candidates (their id range).
    package func writeAccounts(runID: Int64) throws(SQLiteError) {
        let range = CandidateID.range(runID: runID)
        try database.execute("DELETE FROM run_account_summary WHERE run_id = ?1", [.integer(runID)])
        try database.execute(
            """
            INSERT INTO run_account_summary (run_id, username, submitted_at, candidate_id, candidates)
            SELECT ?1, username, max(submitted_at), id, count(*) FROM candidate
            WHERE id BETWEEN ?2 AND ?3 AND username IS NOT NULL
            GROUP BY username
            """, [.integer(runID), .integer(range.lowerBound), .integer(range.upperBound)])
    }
}
