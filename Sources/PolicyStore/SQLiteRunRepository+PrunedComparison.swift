import AuditRepositories

/// The comparison counts `SQLiteRunPruner` stored before deleting a run's attempts.
extension SQLiteRunRepository {
    /// The stored counts of versions A and B on run `runID`, if the run was pruned; nil otherwise.
    func storedTransitions(
        runID: Int64, versionA: Int64, versionB: Int64
    ) throws(SQLiteError) -> UnlockTransitionCounts? {
        let values: [SQLValue] = [.integer(runID), .integer(versionA), .integer(versionB)]
        let cells = try database.cachedStatement(
            """
            SELECT both_unlocked, only_a, only_b, neither FROM run_comparison_summary
            WHERE run_id = ?1 AND version_a = ?2 AND version_b = ?3
            """)
        cells.bind(values)
        guard try cells.step() else {
            cells.reset()
            return nil
        }
        var counts = UnlockTransitionCounts(
            bothUnlocked: cells.int(at: 0), onlyUnderA: cells.int(at: 1), onlyUnderB: cells.int(at: 2),
            neither: cells.int(at: 3))
        cells.reset()
        let blocked = try database.cachedStatement(
            """
            SELECT bit, failures FROM run_comparison_blocked_summary
            WHERE run_id = ?1 AND version_a = ?2 AND version_b = ?3
            """)
        blocked.bind(values)
        while try blocked.step() { counts.addFailures(blocked.int(at: 1), ofRuleBit: blocked.int(at: 0)) }
        blocked.reset()
        return counts
    }
}
