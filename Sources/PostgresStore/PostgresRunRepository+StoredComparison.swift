import AuditRepositories

/// The comparison counts stored per run and ordered pair of its versions (`run_comparison_summary`,
/// `run_comparison_blocked_summary`), as `SQLiteRunRepository` stores them: written when the run completes, when a
/// rescore adds a version, by the backfill of older runs and by prune; `compare` reads them instead of counting the
/// candidates.
extension PostgresRunRepository {
    /// The stored counts of versions A and B on run `runID`; nil when none are stored for the pair.
    package func storedUnlockTransitions(
        runID: Int64, versionA: Int64, versionB: Int64
    ) throws -> UnlockTransitionCounts? {
        let values: [SQLValue] = [.integer(runID), .integer(versionA), .integer(versionB)]
        guard
            let cells = try connection.firstRow(
                """
                SELECT both_unlocked, only_a, only_b, neither FROM run_comparison_summary
                WHERE run_id = $1 AND version_a = $2 AND version_b = $3
                """, values)
        else { return nil }
        var counts = UnlockTransitionCounts(
            bothUnlocked: try cells.int(at: 0), onlyUnderA: try cells.int(at: 1), onlyUnderB: try cells.int(at: 2),
            neither: try cells.int(at: 3))
        for row in try connection.rows(
            """
            SELECT bit, failures FROM run_comparison_blocked_summary
            WHERE run_id = $1 AND version_a = $2 AND version_b = $3
            """, values)
        {
            counts.addFailures(try row.int(at: 1), ofRuleBit: try row.int(at: 0))
        }
        return counts
    }

    /// Stores `counts` for versions A and B on run `runID`: the four cells (zeros included, so that the pair reads as
    /// stored) and B's rule failures that are not zero, replacing the pair's earlier rows, in one transaction.
    package func recordUnlockTransitions(
        _ counts: UnlockTransitionCounts, runID: Int64, versionA a: Int64, versionB b: Int64
    ) throws {
        let pair: [SQLValue] = [.integer(runID), .integer(a), .integer(b)]
        try connection.inTransaction(.readWrite) {
            _ = try connection.execute(
                """
                INSERT INTO run_comparison_summary (run_id, version_a, version_b, both_unlocked, only_a, only_b, neither)
                VALUES ($1, $2, $3, $4, $5, $6, $7)
                ON CONFLICT (run_id, version_a, version_b) DO UPDATE SET both_unlocked = excluded.both_unlocked,
                    only_a = excluded.only_a, only_b = excluded.only_b, neither = excluded.neither
                """,
                pair + [
                    .integer(Int64(counts[unlockedUnderA: true, unlockedUnderB: true])),
                    .integer(Int64(counts[unlockedUnderA: true, unlockedUnderB: false])),
                    .integer(Int64(counts[unlockedUnderA: false, unlockedUnderB: true])),
                    .integer(Int64(counts[unlockedUnderA: false, unlockedUnderB: false])),
                ])
            _ = try connection.execute(
                "DELETE FROM run_comparison_blocked_summary WHERE run_id = $1 AND version_a = $2 AND version_b = $3",
                pair)
            for (bit, failures) in counts.failuresUnlockedUnderA.sorted(by: { $0.key < $1.key }) where failures > 0 {
                _ = try connection.execute(
                    """
                    INSERT INTO run_comparison_blocked_summary (run_id, version_a, version_b, bit, failures)
                    VALUES ($1, $2, $3, $4, $5)
                    """, pair + [.integer(Int64(bit)), .integer(Int64(failures))])
            }
        }
    }

    /// The ordered version pairs of run `runID` with stored counts.
    package func storedUnlockTransitionPairs(runID: Int64) throws -> [(versionA: Int64, versionB: Int64)] {
        try connection.rows(
            "SELECT version_a, version_b FROM run_comparison_summary WHERE run_id = $1 ORDER BY version_a, version_b",
            [.integer(runID)]
        ).map { (try $0.int64(at: 0), try $0.int64(at: 1)) }
    }
}
