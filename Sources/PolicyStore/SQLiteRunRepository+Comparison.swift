import AuditRepositories

/// Comparing two policy versions on the candidates of one run.
extension SQLiteRunRepository {
    /// Joins the run's attempts under `versionA` and `versionB` candidate by candidate (candidates scored by only
    /// one of them are left out) and counts the four unlock cells and the rules of B that block the newly blocked.
    /// A pruned run's comparison is the one stored before its attempts were deleted (`storedComparison`).
    package func compare(runID: Int64, versionA: Int64, versionB: Int64) throws(SQLiteError) -> VersionComparisonRow {
        if let stored = try storedComparison(runID: runID, versionA: versionA, versionB: versionB) { return stored }
        let range = CandidateID.range(runID: runID)
        // One range scan of the run's candidates, reading each version's mask where it is stored: the inline column
        // of its slot, else a primary-key lookup in attempt_row. (Joining the `attempt` view with itself would
        // materialize both sides.) Candidates without an outcome under A or B give NULL and are skipped.
        let maskA = try maskExpression(runID: runID, versionID: versionA, parameter: 3)
        let maskB = try maskExpression(runID: runID, versionID: versionB, parameter: 4)
        // ?3 and ?4 are named even when both masks are inline, so that every bound parameter exists.
        let statement = try database.cachedStatement(
            """
            SELECT a, b FROM (SELECT \(maskA) AS a, \(maskB) AS b FROM candidate c WHERE c.id BETWEEN ?1 AND ?2)
            WHERE a IS NOT NULL AND b IS NOT NULL AND ?3 IS NOT NULL AND ?4 IS NOT NULL
            """)
        defer { statement.reset() }
        statement.bind([.integer(range.lowerBound), .integer(range.upperBound), .integer(versionA), .integer(versionB)])
        var row = VersionComparisonRow()
        var blocked = [Int](repeating: 0, count: 64)
        while try statement.step() {
            switch (statement.int64(at: 0) == 0, statement.int64(at: 1) == 0) {
            case (true, true): row.bothUnlocked += 1
            case (false, true): row.onlyB += 1
            case (false, false): row.neither += 1
            case (true, false):
                row.onlyA += 1
                var mask = UInt64(bitPattern: statement.int64(at: 1))
                while mask != 0 {
                    blocked[mask.trailingZeroBitCount] += 1
                    mask &= mask - 1
                }
            }
        }
        for (bit, count) in blocked.enumerated() where count > 0 { row.newlyBlockedByBit[bit] = count }
        return row
    }

    /// The SQL for candidate `c`'s mask under `versionID` (bound at `?parameter`): `c.mask_<slot>` when the run stores
    /// the version inline, else a lookup in `attempt_row`.
    private func maskExpression(runID: Int64, versionID: Int64, parameter: Int) throws(SQLiteError) -> String {
        let statement = try database.cachedStatement(
            "SELECT slot FROM import_run_policy WHERE run_id = ?1 AND policy_version_id = ?2")
        defer { statement.reset() }
        statement.bind([.integer(runID), .integer(versionID)])
        if try statement.step(), !statement.isNull(at: 0), (0...3).contains(statement.int(at: 0)) {
            return "c.mask_\(statement.int(at: 0))"
        }
        return
            "(SELECT r.failed_mask FROM attempt_row r WHERE r.candidate_id = c.id AND r.policy_version_id = ?\(parameter))"
    }
}
