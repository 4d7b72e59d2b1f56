/// Reuse figures: how many candidates of a run share one fingerprint.
extension SQLiteSummaryRepository {
    /// Computes the reuse figures of `runID` in one grouped pass over its fingerprints.
    ///
    /// SQLite sorts for the GROUP BY within its cache and spills to temporary storage beyond it, so memory stays
    /// bounded however large the run: the one summary an importer cannot tally in flat memory while scoring.
    package func computeReuse(runID: Int64) throws(SQLiteError) -> RunReuseSummaryRow {
        let range = CandidateID.range(runID: runID)
        // The GROUP BY sorts every fingerprint of the run; let SQLite's sorter use a helper thread for it (about a
        // third faster on 1M candidates), then go back to the default. https://www.sqlite.org/pragma.html#pragma_threads
        try database.execute("PRAGMA threads = 2")
        defer { try? database.execute("PRAGMA threads = 0") }
        let statement = try database.cachedStatement(
            """
            SELECT count(*), coalesce(sum(n >= 2), 0), coalesce(sum(iif(n >= 2, n, 0)), 0), coalesce(max(n), 0)
            FROM (SELECT count(*) AS n FROM candidate WHERE id BETWEEN ?1 AND ?2 GROUP BY fingerprint)
            """)
        defer { statement.reset() }
        statement.bind([.integer(range.lowerBound), .integer(range.upperBound)])
        _ = try statement.step()
        return RunReuseSummaryRow(
            distinctFingerprints: statement.int(at: 0), sharedGroups: statement.int(at: 1),
            sharedCandidates: statement.int(at: 2), largestGroup: statement.int(at: 3))
    }
}
