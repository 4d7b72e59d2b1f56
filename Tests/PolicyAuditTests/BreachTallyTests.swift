import AuditRepositories
import Testing

@testable import PolicyAudit

/// `RunTally`'s breach buckets: counted per version, merged across workers, and written by `RunCompletion` only for
/// versions with a breach-corpus rule.
@Suite struct BreachTallyTests {
    @Test func bucketsMergeAcrossWorkersAndOnlyCorpusVersionsGetARow() {
        var first = RunTally(ruleCounts: [2, 1], breachRules: [true, false])
        var second = RunTally(ruleCounts: [2, 1], breachRules: [true, false])
        for count in [1, 5, 50] { first.addBreach(version: 0, count: count) }
        for count in [500, 5_000, 1_001, 10] { second.addBreach(version: 0, count: count) }
        var merged = RunTally(ruleCounts: [2, 1])
        merged.merge(first)
        merged.merge(second)
        #expect(merged.versions[0].breachBuckets == [1, 2, 1, 1, 2])
        #expect(merged.versions[0].tracksBreaches && !merged.versions[1].tracksBreaches)
        let summary = RunCompletion.summary(of: merged, versionIDs: [7, 8], reuse: nil)
        #expect(summary.breaches == [RunBreachSummaryRow(policyVersionID: 7, buckets: [1, 2, 1, 1, 2])])
    }

    @Test func aCorpusVersionWithoutMatchesStillGetsARowOfZeros() {
        let tally = RunTally(ruleCounts: [1], breachRules: [true])
        let summary = RunCompletion.summary(of: tally, versionIDs: [3], reuse: nil)
        #expect(summary.breaches == [RunBreachSummaryRow(policyVersionID: 3, buckets: [0, 0, 0, 0, 0])])
        #expect(RunCompletion.summary(of: RunTally(ruleCounts: [1]), versionIDs: [3], reuse: nil).breaches.isEmpty)
    }
}
