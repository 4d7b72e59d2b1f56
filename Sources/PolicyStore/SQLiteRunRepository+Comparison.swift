import AuditRepositories

/// The counts a comparison of two policy versions on the candidates of one run is derived from.
extension SQLiteRunRepository {
    /// Counts the run's candidates scored under both `versionA` and `versionB` (candidates scored by only one are left
    /// out) per unlock cell, and the rules of B failed by those A unlocks: two aggregate queries over one range scan
    /// of the run's candidates each, nothing per candidate in Swift. A pruned run answers with the counts stored before
    /// its attempts were deleted (`storedTransitions`).
    package func unlockTransitions(
        runID: Int64, versionA: Int64, versionB: Int64
    ) throws(SQLiteError) -> UnlockTransitionCounts {
        if let stored = try storedTransitions(runID: runID, versionA: versionA, versionB: versionB) { return stored }
        let range = CandidateID.range(runID: runID)
        let values: [SQLValue] = [
            .integer(range.lowerBound), .integer(range.upperBound), .integer(versionA), .integer(versionB),
        ]
        // Each version's mask is read where it is stored: the inline column of its slot, else a primary-key lookup in
        // attempt_row (joining the `attempt` view with itself would materialize both sides). `LIMIT -1` keeps SQLite
        // from flattening the subquery into the aggregate, which would evaluate each mask once per use; ?3 and ?4 are
        // named even when both masks are inline, so that every bound parameter exists.
        let maskA = try maskExpression(runID: runID, versionID: versionA, parameter: 3)
        let maskB = try maskExpression(runID: runID, versionID: versionB, parameter: 4)
        let pairs = """
            SELECT \(maskA) AS a, \(maskB) AS b FROM candidate c
            WHERE c.id BETWEEN ?1 AND ?2 AND ?3 IS NOT NULL AND ?4 IS NOT NULL LIMIT -1
            """
        let cells = try database.cachedStatement(
            """
            SELECT sum(a = 0 AND b = 0), sum(a = 0 AND b <> 0), sum(a <> 0 AND b = 0), sum(a <> 0 AND b <> 0)
            FROM (\(pairs)) WHERE a IS NOT NULL AND b IS NOT NULL
            """)
        defer { cells.reset() }
        cells.bind(values)
        var counts = UnlockTransitionCounts()
        if try cells.step() {
            for (column, (a, b)) in zip(Int32(0)..., [(true, true), (true, false), (false, true), (false, false)])
            where !cells.isNull(at: column) {
                counts.candidates[.init(unlockedUnderA: a, unlockedUnderB: b)] = cells.int(at: column)
            }
        }
        // The candidates A unlocks and B blocks, grouped by B's mask (few groups), then spread over B's rule bits.
        let blocked = try database.cachedStatement(
            """
            WITH RECURSIVE bit(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM bit WHERE k < 63)
            SELECT k, sum(n) FROM (
                SELECT b, count(*) AS n FROM (\(pairs)) WHERE a = 0 AND b <> 0 GROUP BY b
            ) JOIN bit ON (b >> k) & 1 = 1 GROUP BY k
            """)
        defer { blocked.reset() }
        blocked.bind(values)
        while try blocked.step() { counts.failuresUnlockedUnderA[blocked.int(at: 0)] = blocked.int(at: 1) }
        return counts
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
