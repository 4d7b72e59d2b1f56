import AuditRepositories

/// The counts a comparison of two policy versions on the candidates of one run is derived from.
extension SQLiteRunRepository {
    /// Counts the run's candidates scored under both `versionA` and `versionB` (candidates scored by only one are left
    /// out) per unlock cell, and the rules of B failed by those A unlocks: two aggregate queries, each one range scan
    /// of the run's candidates, nothing per candidate in Swift. Counts stored for the pair (`storedUnlockTransitions`:
    /// written at import, rescore, backfill and prune) answer instead.
    ///
    /// SQLite aggregates by sorting, so grouping a million candidates by their masks would sort them all; plain
    /// aggregates do not: the first query counts the candidates and those each version and both unlock (the four
    /// cells follow by inclusion–exclusion), the second sums each rule bit of B over the candidates A unlocks and B
    /// blocks.
    package func unlockTransitions(
        runID: Int64, versionA: Int64, versionB: Int64
    ) throws(SQLiteError) -> UnlockTransitionCounts {
        if let stored = try storedUnlockTransitions(runID: runID, versionA: versionA, versionB: versionB) {
            return stored
        }
        let range = CandidateID.range(runID: runID)
        let values: [SQLValue] = [
            .integer(range.lowerBound), .integer(range.upperBound), .integer(versionA), .integer(versionB),
        ]
        // Each version's mask is read where it is stored: the inline column of its slot, else a primary-key lookup in
        // attempt_row (joining the `attempt` view with itself would materialize both sides). Inline masks are read
        // from the scanned row wherever named; a lookup is made once per candidate in a subquery that `LIMIT -1`
        // keeps SQLite from flattening into the aggregate (which would repeat it per use). ?3 and ?4 are named even
        // when both masks are inline, so that every bound parameter exists.
        let maskA = try maskExpression(runID: runID, versionID: versionA, parameter: 3)
        let maskB = try maskExpression(runID: runID, versionID: versionB, parameter: 4)
        let inline = maskA.hasPrefix("c.mask_") && maskB.hasPrefix("c.mask_")
        let pairs = """
            (SELECT \(maskA) AS a, \(maskB) AS b FROM candidate c
            WHERE c.id BETWEEN ?1 AND ?2 AND ?3 IS NOT NULL AND ?4 IS NOT NULL\(inline ? "" : " LIMIT -1"))
            """
        let cells = try database.cachedStatement(
            """
            SELECT count(*), sum(a = 0), sum(b = 0), sum(a = 0 AND b = 0)
            FROM \(pairs) WHERE a IS NOT NULL AND b IS NOT NULL
            """)
        defer { cells.reset() }
        cells.bind(values)
        var counts = UnlockTransitionCounts()
        if try cells.step() {
            counts = UnlockTransitionCounts(
                scored: cells.int(at: 0), unlockedUnderA: cells.int(at: 1), unlockedUnderB: cells.int(at: 2),
                unlockedUnderBoth: cells.int(at: 3))
        }
        let bits = try ruleBits(versionID: versionB)
        let sums = bits.map { "sum((b >> \($0)) & 1)" }
        let blocked = try database.cachedStatement(
            "SELECT \(sums.joined(separator: ", ")) FROM \(pairs) WHERE a = 0 AND b <> 0")
        defer { blocked.reset() }
        blocked.bind(values)
        if try blocked.step() {
            for (column, bit) in zip(Int32(0)..., bits) { counts.addFailures(blocked.int(at: column), ofRuleBit: bit) }
        }
        return counts
    }

    /// The rule bits of version `versionID`: 0 up to its highest rule's, or all 64 for a version without stored rules
    /// (its masks are then read bit by bit all the same).
    private func ruleBits(versionID: Int64) throws(SQLiteError) -> [Int] {
        let statement = try database.cachedStatement(
            "SELECT max(bit) FROM policy_rule WHERE policy_version_id = ?1")
        defer { statement.reset() }
        statement.bind([.integer(versionID)])
        guard try statement.step(), !statement.isNull(at: 0) else { return Array(0..<64) }
        return Array(0...min(statement.int(at: 0), 63))
    }

    /// The SQL for candidate `c`'s mask under `versionID` (bound at `?parameter`): `c.mask_<slot>` when the run stores
    /// the version inline, else a lookup in `attempt_row`.
    func maskExpression(runID: Int64, versionID: Int64, parameter: Int) throws(SQLiteError) -> String {
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
