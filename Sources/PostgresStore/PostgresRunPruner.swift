import AuditRepositories
import AuditTime

/// Retention (`pwaudit prune`) on PostgreSQL: deletes the candidates and attempts of old complete runs and keeps their
/// summaries, as `SQLiteRunPruner` does a file's.
///
/// Before deleting, it stores what reports would otherwise compute from the attempts: the comparison of every ordered
/// pair of the run's versions (`run_comparison_summary`, `run_comparison_blocked_summary`) from
/// `RunRepository.unlockTransitions`, which reads them back once the run is pruned. The run keeps its `import_run`
/// row, versions, summaries and `rejected_row`s, and is marked with `pruned_at`.
///
/// Space: a server is not a file to shrink. `reclaimSpace` runs a plain `VACUUM (ANALYZE)` of `candidate` and
/// `attempt_row`, which makes the pruned rows' space reusable by the next imports and returns empty trailing pages,
/// without the `ACCESS EXCLUSIVE` lock of `VACUUM FULL`, which would stop every concurrent import and reader of the
/// shared database for the length of a rewrite (<https://www.postgresql.org/docs/current/sql-vacuum.html>).
package struct PostgresRunPruner: RunPruner {
    private let connection: PostgresConnection
    private let runs: any RunRepository

    /// A pruner over a migrated database, reading runs, their leases and their comparisons through `runs` (over the
    /// same database).
    package init(connection: PostgresConnection, runs: any RunRepository) {
        self.connection = connection
        self.runs = runs
    }

    /// The complete, not yet pruned runs that finished before `before`, oldest first, with their candidate and attempt
    /// (inline outcomes plus `attempt_row`) counts, each counted over the run's candidate id range.
    package func targets(finishedBefore before: UTCInstant) throws -> [RunPruneTarget] {
        try connection.rows(
            """
            SELECT r.id, c.candidates, c.inline + (SELECT count(*) FROM attempt_row a
                WHERE a.candidate_id BETWEEN (r.id << 32) + 1 AND (r.id << 32) + 4294967295)
            FROM import_run r
            CROSS JOIN LATERAL (
                SELECT count(*) AS candidates,
                    count(mask_0) + count(mask_1) + count(mask_2) + count(mask_3) AS inline
                FROM candidate WHERE id BETWEEN (r.id << 32) + 1 AND (r.id << 32) + 4294967295
            ) c
            WHERE r.status = 'complete' AND r.pruned_at IS NULL AND r.finished_at < $1::timestamptz
            ORDER BY r.id
            """, [.text(before.text)]
        ).map { RunPruneTarget(runID: try $0.int64(at: 0), candidates: try $0.int(at: 1), attempts: try $0.int(at: 2)) }
    }

    /// Prunes run `runID` in one transaction: stores its comparisons, deletes its candidates and attempts, marks it.
    package func prune(runID: Int64) throws {
        let time = UTCInstant.now()
        try connection.inTransaction {
            for (a, b, counts) in try runs.unlockTransitionsOfEveryPair(runID: runID) {
                try runs.recordUnlockTransitions(counts, runID: runID, versionA: a, versionB: b)
            }
            let range = CandidateID.range(runID: runID)
            let bounds: [SQLValue] = [.integer(range.lowerBound), .integer(range.upperBound)]
            _ = try connection.execute("DELETE FROM attempt_row WHERE candidate_id BETWEEN $1 AND $2", bounds)
            _ = try connection.execute("DELETE FROM candidate WHERE id BETWEEN $1 AND $2", bounds)
            // The run's accounts point at candidates that are gone: its last candidates no longer count.
            _ = try connection.execute("DELETE FROM run_account_summary WHERE run_id = $1", [.integer(runID)])
            _ = try connection.execute("DELETE FROM directory_account WHERE run_id = $1", [.integer(runID)])
            _ = try connection.execute(
                "UPDATE import_run SET pruned_at = $2::timestamptz WHERE id = $1", [.integer(runID), .text(time.text)])
        }
    }

    /// Makes the pruned rows' space reusable (`VACUUM (ANALYZE)` of the two tables pruning empties; see the type's
    /// note for why not `VACUUM FULL`). A role that does not own the tables gets the server's warning, not an error.
    package func reclaimSpace() throws {
        try connection.execute("VACUUM (ANALYZE) candidate, attempt_row")
    }

    /// The database's size on the server (`pg_database_size`), or nil when the server will not tell.
    package func occupiedBytes() -> Int64? {
        try? connection.firstRow("SELECT pg_database_size(current_database())")?.int64(at: 0)
    }
}
