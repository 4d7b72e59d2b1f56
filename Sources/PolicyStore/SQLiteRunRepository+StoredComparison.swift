import AuditRepositories

/// The comparison counts stored per run and ordered pair of its versions (`run_comparison_summary`,
/// `run_comparison_blocked_summary`): written when the run completes, when a rescore adds a version, by the backfill
/// of older runs and by prune; `compare` reads them instead of counting the candidates.
extension SQLiteRunRepository {
    /// The stored counts of versions A and B on run `runID`; nil when none are stored for the pair.
    package func storedUnlockTransitions(
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

    /// Stores `counts` for versions A and B on run `runID`: the four cells (zeros included, so that the pair reads as
    /// stored) and B's rule failures that are not zero, replacing the pair's earlier rows.
    package func recordUnlockTransitions(
        _ counts: UnlockTransitionCounts, runID: Int64, versionA a: Int64, versionB b: Int64
    ) throws(SQLiteError) {
        let pair: [SQLValue] = [.integer(runID), .integer(a), .integer(b)]
        try database.execute(
            """
            INSERT OR REPLACE INTO run_comparison_summary
                (run_id, version_a, version_b, both_unlocked, only_a, only_b, neither)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """,
            pair + [
                .integer(Int64(counts[unlockedUnderA: true, unlockedUnderB: true])),
                .integer(Int64(counts[unlockedUnderA: true, unlockedUnderB: false])),
                .integer(Int64(counts[unlockedUnderA: false, unlockedUnderB: true])),
                .integer(Int64(counts[unlockedUnderA: false, unlockedUnderB: false])),
            ])
        try database.execute(
            "DELETE FROM run_comparison_blocked_summary WHERE run_id = ?1 AND version_a = ?2 AND version_b = ?3", pair)
        for (bit, failures) in counts.failuresUnlockedUnderA.sorted(by: { $0.key < $1.key }) where failures > 0 {
            try database.execute(
                """
                INSERT INTO run_comparison_blocked_summary (run_id, version_a, version_b, bit, failures)
                VALUES (?1, ?2, ?3, ?4, ?5)
                """, pair + [.integer(Int64(bit)), .integer(Int64(failures))])
        }
    }

    /// The ordered version pairs of run `runID` with stored counts.
    package func storedUnlockTransitionPairs(
        runID: Int64
    ) throws(SQLiteError) -> [(versionA: Int64, versionB: Int64)] {
        let select = try database.cachedStatement(
            "SELECT version_a, version_b FROM run_comparison_summary WHERE run_id = ?1 ORDER BY version_a, version_b")
        defer { select.reset() }
        select.bind([.integer(runID)])
        var pairs: [(versionA: Int64, versionB: Int64)] = []
        while try select.step() { pairs.append((select.int64(at: 0), select.int64(at: 1))) }
        return pairs
    }
}
