import AuditRepositories
import Testing

/// What every `SummaryRepository` must do with breach buckets, run against each store of `StoreUnderTest.all`.
@Suite struct BreachSummaryContractTests {
    @Test(arguments: StoreUnderTest.all)
    func breachBucketsRoundTripPerVersionAndRewritingReplacesThem(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let first = try store.addVersion(definition: "{\"v\":1}").version
            let second = try store.addVersion(definition: "{\"v\":2}").version
            let run = try store.startRun(versionIDs: [first.id, second.id])
            let breaches = [
                RunBreachSummaryRow(policyVersionID: first.id, buckets: [1, 2, 3, 4, 5]),
                RunBreachSummaryRow(policyVersionID: second.id, buckets: [0, 0, 0, 0, 0]),
            ]
            let summary = RunSummary(
                versions: [
                    RunVersionSummaryRow(policyVersionID: first.id, total: 20, unlocked: 5, nearMiss: 0),
                    RunVersionSummaryRow(policyVersionID: second.id, total: 20, unlocked: 20, nearMiss: 0),
                ],
                breaches: breaches)
            let summaries = store.summaries
            try summaries.write(runID: run.id, summary: summary)
            #expect(try summaries.breaches(runID: run.id) == breaches)
            #expect(try summaries.read(runID: run.id) == summary)
            #expect(try summaries.breaches(runID: run.id).first?.matched == 15)

            let without = RunSummary(versions: summary.versions)
            try summaries.write(runID: run.id, summary: without)
            #expect(try summaries.breaches(runID: run.id).isEmpty)
            #expect(try summaries.breaches(runID: 999).isEmpty)
        }
    }

    @Test(arguments: [(0, 0), (1, 0), (2, 1), (10, 1), (11, 2), (100, 2), (101, 3), (1_000, 3), (1_001, 4)])
    func breachCountsFallIntoTheirBuckets(_ count: Int, _ bucket: Int) {
        #expect(RunBreachSummaryRow.bucket(ofCount: count) == bucket)
    }
}
