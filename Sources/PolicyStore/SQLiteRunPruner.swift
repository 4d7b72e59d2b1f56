import AuditRepositories
import AuditTime
import LibC

/// Retention (`pwaudit prune`): deletes the candidates and attempts of old complete runs, keeps their summaries, and
/// gives the space back to the file system.
///
/// Before deleting, it stores what reports would otherwise compute from the attempts: the comparison of every ordered
/// pair of the run's versions (`run_comparison_summary`, `run_comparison_blocked_summary`), which
/// `SQLiteRunRepository.unlockTransitions` then reads. The run keeps its `import_run` row, versions, summaries and
/// `rejected_row`s, and is marked with `pruned_at`.
package struct SQLiteRunPruner: RunPruner {
    private let database: Database
    private let runs: SQLiteRunRepository

    /// A pruner over a migrated, writable database.
    package init(database: Database) {
        self.database = database
        runs = SQLiteRunRepository(database: database)
    }

    /// The complete, not yet pruned runs that finished before `before`, oldest first, with their candidate and attempt
    /// counts (`finished_at` is canonical UTC text, so text order is time order).
    package func targets(finishedBefore before: UTCInstant) throws(SQLiteError) -> [RunPruneTarget] {
        let select = try database.cachedStatement(
            """
            SELECT id FROM import_run
            WHERE status = 'complete' AND pruned_at IS NULL AND finished_at < ?1 ORDER BY id
            """)
        select.bind([.text(before.text)])
        var ids: [Int64] = []
        while try select.step() { ids.append(select.int64(at: 0)) }
        select.reset()
        var targets: [RunPruneTarget] = []
        for id in ids {
            let range = CandidateID.range(runID: id)
            let inline = try database.cachedStatement(
                """
                SELECT count(*), count(mask_0) + count(mask_1) + count(mask_2) + count(mask_3)
                FROM candidate WHERE id BETWEEN ?1 AND ?2
                """)
            inline.bind([.integer(range.lowerBound), .integer(range.upperBound)])
            _ = try inline.step()
            let (candidates, inlineAttempts) = (inline.int(at: 0), inline.int(at: 1))
            inline.reset()
            let rows = try database.cachedStatement(
                "SELECT count(*) FROM attempt_row WHERE candidate_id BETWEEN ?1 AND ?2")
            rows.bind([.integer(range.lowerBound), .integer(range.upperBound)])
            _ = try rows.step()
            targets.append(
                RunPruneTarget(runID: id, candidates: candidates, attempts: inlineAttempts + rows.int(at: 0)))
            rows.reset()
        }
        return targets
    }

    /// Prunes run `runID` in one transaction: stores its comparisons, deletes its candidates and attempts, marks it.
    package func prune(runID: Int64) throws {
        let time = Timestamp.now()
        try database.inTransaction {
            for (a, b, counts) in try runs.unlockTransitionsOfEveryPair(runID: runID) {
                try runs.recordUnlockTransitions(counts, runID: runID, versionA: a, versionB: b)
            }
            let range = CandidateID.range(runID: runID)
            let bounds: [SQLValue] = [.integer(range.lowerBound), .integer(range.upperBound)]
            try database.execute("DELETE FROM attempt_row WHERE candidate_id BETWEEN ?1 AND ?2", bounds)
            try database.execute("DELETE FROM candidate WHERE id BETWEEN ?1 AND ?2", bounds)
            // The run's accounts point at candidates that are gone: its last candidates no longer count.
            try database.execute("DELETE FROM run_account_summary WHERE run_id = ?1", [.integer(runID)])
            // A directory audit's accounts (their names and findings) go with the candidates; its summary stays.
            try database.execute("DELETE FROM directory_account WHERE run_id = ?1", [.integer(runID)])
            try database.execute("UPDATE import_run SET pruned_at = ?2 WHERE id = ?1", [.integer(runID), .text(time)])
        }
    }

    /// Gives the freed pages back: checkpoints the WAL into the file, rebuilds the file without them (`VACUUM`,
    /// <https://www.sqlite.org/lang_vacuum.html>), and checkpoints again so the file itself shrinks and the WAL is
    /// emptied (`wal_checkpoint(TRUNCATE)`, <https://www.sqlite.org/pragma.html#pragma_wal_checkpoint>).
    package func reclaimSpace() throws(SQLiteError) {
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try database.execute("VACUUM")
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// The bytes of the database file and its `-wal` together (always known for a file).
    package func occupiedBytes() -> Int64? {
        [database.path, database.path + "-wal"].reduce(Int64(0)) { total, path in
            var info = stat()
            return total + (stat(path, &info) == 0 ? Int64(info.st_size) : 0)
        }
    }
}
