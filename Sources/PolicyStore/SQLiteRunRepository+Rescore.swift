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

    /// The candidates of run `runID` with their stored strength estimates, by id.
    package func candidateStrengths(runID: Int64) throws(SQLiteError) -> [(id: Int64, strength: CandidateStrength?)] {
        let range = CandidateID.range(runID: runID)
        let statement = try database.cachedStatement(
            "SELECT id, strength_score, strength_log10 FROM candidate WHERE id BETWEEN ?1 AND ?2 ORDER BY id")
        defer { statement.reset() }
        statement.bind([.integer(range.lowerBound), .integer(range.upperBound)])
        var rows: [(id: Int64, strength: CandidateStrength?)] = []
        while try statement.step() {
            let strength =
                statement.isNull(at: 1)
                ? nil
                : CandidateStrength(
                    score: UInt8(statement.int(at: 1)), log10Tenths: Int32((statement.double(at: 2) * 10).rounded()))
            rows.append((statement.int64(at: 0), strength))
        }
        return rows
    }

    /// Stores each candidate's strength estimate (`UPDATE` by id, inside the caller's transaction).
    package func recordStrengths(runID: Int64, candidateIDs: [Int64], strengths: [CandidateStrength])
        throws(SQLiteError)
    {
        precondition(candidateIDs.count == strengths.count, "one estimate per candidate")
        let range = CandidateID.range(runID: runID)
        precondition(candidateIDs.allSatisfy(range.contains), "candidates of run \(runID)")
        let statement = try database.cachedStatement(
            "UPDATE candidate SET strength_score = ?1, strength_log10 = ?2 WHERE id = ?3")
        defer { statement.reset() }
        for (id, strength) in zip(candidateIDs, strengths) {
            statement.bind(Int64(strength.score), at: 1)
            statement.bind(strength.guessesLog10, at: 2)
            statement.bind(id, at: 3)
            _ = try statement.step()
            statement.reset()
        }
    }
}
