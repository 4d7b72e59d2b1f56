/// Comparing two policy versions on the candidates of one run.
extension SQLiteRunRepository {
    /// Joins the run's attempts under `versionA` and `versionB` candidate by candidate (candidates scored by only
    /// one of them are left out) and counts the four unlock cells and the rules of B that block the newly blocked.
    package func compare(runID: Int64, versionA: Int64, versionB: Int64) throws(SQLiteError) -> VersionComparisonRow {
        let range = CandidateID.range(runID: runID)
        let statement = try database.cachedStatement(
            """
            SELECT a.unlocks_reset, b.unlocks_reset, b.failed_mask
            FROM attempt a
            JOIN attempt b ON b.candidate_id = a.candidate_id AND b.policy_version_id = ?4
            WHERE a.policy_version_id = ?3 AND a.candidate_id BETWEEN ?1 AND ?2
            """)
        defer { statement.reset() }
        statement.bind([.integer(range.lowerBound), .integer(range.upperBound), .integer(versionA), .integer(versionB)])
        var row = VersionComparisonRow()
        var blocked = [Int](repeating: 0, count: 64)
        while try statement.step() {
            switch (statement.int64(at: 0) != 0, statement.int64(at: 1) != 0) {
            case (true, true): row.bothUnlocked += 1
            case (false, true): row.onlyB += 1
            case (false, false): row.neither += 1
            case (true, false):
                row.onlyA += 1
                var mask = UInt64(bitPattern: statement.int64(at: 2))
                while mask != 0 {
                    blocked[mask.trailingZeroBitCount] += 1
                    mask &= mask - 1
                }
            }
        }
        for (bit, count) in blocked.enumerated() where count > 0 { row.newlyBlockedByBit[bit] = count }
        return row
    }
}
