import AuditRepositories

/// What rescoring a run against a new policy version reads (it writes through `AttemptWriter.insertOutcomes`).
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
}
