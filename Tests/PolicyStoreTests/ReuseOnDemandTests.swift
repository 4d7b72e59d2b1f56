import AuditCrypto
import Testing

@testable import PolicyStore

/// Imports leave the reuse figures to the first reader, which computes them and stores them for complete runs only.
@Suite struct ReuseOnDemandTests {
    @Test func firstReadComputesAndStoresReuseOfACompleteRunOnly() throws {
        let database = try migratedInMemoryDatabase()
        let version = try addVersion(SQLitePolicyRepository(database: database)).version
        let run = try startRun(database, versionIDs: [version.id])
        let a = try #require(Fingerprint(bytes: [UInt8](repeating: 1, count: 32)))
        let b = try #require(Fingerprint(bytes: [UInt8](repeating: 2, count: 32)))
        let writer = try AttemptWriter(database: database)
        for (offset, fingerprint) in [a, b, a, a, b, b, b].enumerated() {
            try writer.insertCandidate(
                runID: run.id, line: offset + 2, externalID: nil, username: nil, submittedAt: nil,
                fingerprint: fingerprint, features: someFeatures)
        }
        try writer.finish()
        let summaries = SQLiteSummaryRepository(database: database)
        let expected = RunReuseSummaryRow(
            distinctFingerprints: 2, sharedGroups: 2, sharedCandidates: 7, largestGroup: 4)

        #expect(try summaries.reuseComputingIfMissing(runID: run.id) == expected)
        #expect(try count(database, "SELECT count(*) FROM run_reuse_summary") == 0, "a running run may still grow")

        let runs = SQLiteRunRepository(database: database)
        try runs.complete(runID: run.id, rowsRead: 7, rowsAccepted: 7, rowsRejected: 0)
        #expect(try summaries.reuse(runID: run.id) == nil)
        #expect(try summaries.reuseComputingIfMissing(runID: run.id) == expected)
        #expect(try summaries.reuse(runID: run.id) == expected)
        #expect(try count(database, "SELECT shared_candidates FROM run_reuse_summary WHERE run_id = \(run.id)") == 7)
    }
}
