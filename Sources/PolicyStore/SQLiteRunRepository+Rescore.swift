/// What rescoring a run against a new policy version reads and writes.
extension SQLiteRunRepository {
    /// The run's candidates in import order: id and source line.
    package func candidateLines(runID: Int64) throws(SQLiteError) -> [(id: Int64, line: Int)] {
        let range = CandidateID.range(runID: runID)
        let statement = try database.cachedStatement(
            "SELECT id, line FROM candidate WHERE id BETWEEN ?1 AND ?2 ORDER BY id")
        defer { statement.reset() }
        statement.bind([.integer(range.lowerBound), .integer(range.upperBound)])
        var rows: [(id: Int64, line: Int)] = []
        while try statement.step() { rows.append((statement.int64(at: 0), statement.int(at: 1))) }
        return rows
    }

    /// Inserts one attempt per candidate for `versionID` into `attempt_row` (a version added after the import has no
    /// inline slot); call inside the transaction that also adds the version to the run and its summaries, so a
    /// rescore lands whole or not at all.
    package func addAttempts(versionID: Int64, attempts: [(candidateID: Int64, failedMask: UInt64)]) throws(SQLiteError)
    {
        let insert = try database.cachedStatement(
            """
            INSERT INTO attempt_row (candidate_id, policy_version_id, failed_mask, unlocks_reset)
            VALUES (?1, ?2, ?3, ?4)
            """)
        for attempt in attempts {
            insert.bind(attempt.candidateID, at: 1)
            insert.bind(versionID, at: 2)
            insert.bind(Int64(bitPattern: attempt.failedMask), at: 3)
            insert.bind(attempt.failedMask == 0 ? 1 : 0, at: 4)
            try insert.execute()
        }
    }
}
