import AuditRepositories
import AuditTime
import PostgresStore
import PwauditTestSupport
import Testing

/// `PostgresRunPruner` against the server, with the assertions of the SQLite pruner's tests: which runs are targets
/// and their counts, what pruning deletes and keeps, the comparisons it stores, and the database size it reports.
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresRunPrunerTests {
    @Test func oldCompleteRunsArePrunedKeepingSummariesComparisonsAndRejects() throws {
        try PostgresSummaryFixture.withDatabase { connection in
            let a = try PostgresSummaryFixture.addVersion(connection, version: 1)
            let b = try PostgresSummaryFixture.addVersion(connection, version: 2)
            let old = try PostgresSummaryFixture.startRun(
                connection, id: 1, versionIDs: [a, b], finished: "2026-01-10 00:00:00+00")
            let recent = try PostgresSummaryFixture.startRun(
                connection, id: 2, versionIDs: [a], finished: "2026-06-10 00:00:00+00")
            // old: 0 passes both, 1 passes only a (fails b's bit 1), 2 fails both.
            let masks: [[Int64?]] = [[0, 0], [0, 2], [1, 3]]
            for (index, mask) in masks.enumerated() {
                try PostgresSummaryFixture.addCandidate(
                    connection, id: (old << 32) + Int64(index + 1), run: old, username: "u\(index)", masks: mask)
            }
            try PostgresSummaryFixture.addCandidate(connection, id: (recent << 32) + 1, run: recent, masks: [0])
            _ = try connection.execute(
                "INSERT INTO rejected_row (run_id, line, reason) VALUES (1, 9, 'missing-password')", [])
            let summaries = PostgresSummaryRepository(connection: connection)
            let summary = RunSummary(lengths: [RunLengthSummaryRow(length: 8, count: 3)])
            try summaries.write(runID: old, summary: summary)
            try summaries.writeAccounts(runID: old)

            let runs = PostgresRunRepository(connection: connection)
            let pruner = PostgresRunPruner(connection: connection, runs: runs)
            let cutoff = try #require(UTCInstant(secondsSince1970: 1_772_323_200))
            #expect(
                try pruner.targets(finishedBefore: cutoff) == [RunPruneTarget(runID: old, candidates: 3, attempts: 6)])
            let before = try runs.unlockTransitions(runID: old, versionA: a, versionB: b)
            #expect(before[unlockedUnderA: true, unlockedUnderB: false] == 1)

            try pruner.prune(runID: old)
            #expect(try pruner.targets(finishedBefore: cutoff).isEmpty)
            #expect(try connection.firstRow("SELECT count(*) FROM candidate")?.int(at: 0) == 1)
            #expect(try connection.firstRow("SELECT count(*) FROM rejected_row")?.int(at: 0) == 1)
            #expect(try connection.firstRow("SELECT count(*) FROM run_account_summary")?.int(at: 0) == 0)
            #expect(try connection.firstRow("SELECT count(*) FROM run_comparison_summary")?.int(at: 0) == 2)
            #expect(try runs.run(id: old)?.prunedAt != nil)
            #expect(try runs.unlockTransitions(runID: old, versionA: a, versionB: b) == before)
            #expect(try summaries.read(runID: old) == summary)
            try pruner.reclaimSpace()
            #expect((pruner.occupiedBytes() ?? 0) > 0)
            #expect(throws: AuditStoreError.unknownRun(reference: "99")) { try pruner.prune(runID: 99) }
        }
    }
}
