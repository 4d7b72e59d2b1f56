import AuditCrypto
import Testing

@testable import PolicyStore

@Suite struct SummaryComputeTests {
    @Test func computedSummariesMatchHandCountedRows() throws {
        let database = try migratedInMemoryDatabase()
        let version = try addVersion(SQLitePolicyRepository(database: database)).version
        let run = try startRun(database, versionIDs: [version.id])
        let other = try startRun(database, versionIDs: [version.id])
        let a = try #require(Fingerprint(bytes: [UInt8](repeating: 1, count: 32)))
        let b = try #require(Fingerprint(bytes: [UInt8](repeating: 2, count: 32)))
        let rows: [(mask: UInt64, day: String?, fingerprint: Fingerprint, features: CandidateFeatureRow)] = [
            (0, "2026-03-01T08:00:00Z", a, CandidateFeatureRow(length: 10, lowerCount: 8, digitCount: 2)),
            (0b001, "2026-03-01T09:00:00Z", a, CandidateFeatureRow(length: 8, lowerCount: 8)),
            (0b011, "2026-03-02T10:00:00Z", b, CandidateFeatureRow(length: 8, lowerCount: 8)),
            (0b100, nil, a, CandidateFeatureRow(length: 0)),
        ]
        let writer = try AttemptWriter(database: database)
        for (offset, row) in rows.enumerated() {
            for runID in [run.id, other.id] {
                try insert(
                    writer, runID: runID, versionIDs: [version.id],
                    [
                        TestCandidate(
                            line: offset + 2, submittedAt: row.day, fingerprint: row.fingerprint,
                            features: row.features, masks: [row.mask])
                    ])
            }
        }
        for (line, reason) in [(7, "missing-password"), (8, "too-many-fields"), (9, "missing-password")] {
            try writer.insertRejected(runID: run.id, line: line, reason: reason)
        }
        try writer.finish()

        let summary = try SQLiteSummaryRepository(database: database).compute(runID: run.id)
        let v = version.id
        #expect(summary.versions == [RunVersionSummaryRow(policyVersionID: v, total: 4, unlocked: 1, nearMiss: 2)])
        #expect(
            summary.rules == [
                RunRuleSummaryRow(policyVersionID: v, bit: 0, failures: 2, onlyFailure: 1),
                RunRuleSummaryRow(policyVersionID: v, bit: 1, failures: 1, onlyFailure: 0),
                RunRuleSummaryRow(policyVersionID: v, bit: 2, failures: 1, onlyFailure: 1),
            ])
        #expect(summary.rulePairs == [RunRulePairSummaryRow(policyVersionID: v, bitA: 0, bitB: 1, failures: 1)])
        #expect(summary.lengths.map { [$0.length, $0.count] } == [[0, 1], [8, 2], [10, 1]])
        #expect(summary.compositions.map(\.composition) == ["lower", "empty", "lower+digit"])
        #expect(
            summary.reuse
                == RunReuseSummaryRow(distinctFingerprints: 2, sharedGroups: 1, sharedCandidates: 3, largestGroup: 3))
        #expect(summary.rejects.map { "\($0.reason)=\($0.count)" } == ["missing-password=2", "too-many-fields=1"])
        #expect(
            summary.days == [
                RunDaySummaryRow(policyVersionID: v, day: "2026-03-01", total: 2, unlocked: 1),
                RunDaySummaryRow(policyVersionID: v, day: "2026-03-02", total: 1, unlocked: 0),
                RunDaySummaryRow(policyVersionID: v, day: "none", total: 1, unlocked: 0),
            ])
        #expect(
            summary.dayRules.map { "\($0.day)/\($0.bit)=\($0.failures)" } == [
                "2026-03-01/0=1", "2026-03-02/0=1", "2026-03-02/1=1", "none/2=1",
            ])
        // Written summaries read back identically.
        try SQLiteSummaryRepository(database: database).write(runID: run.id, summary: summary)
        #expect(try SQLiteSummaryRepository(database: database).read(runID: run.id) == summary)
    }
}
