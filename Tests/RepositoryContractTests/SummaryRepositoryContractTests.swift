import AuditRepositories
import Testing

/// What every `SummaryRepository` must do, run against each store of `StoreUnderTest.all`.
@Suite struct SummaryRepositoryContractTests {
    @Test(arguments: StoreUnderTest.all)
    func everySummaryRoundTripsAndRewritingReplaces(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let version = try store.addVersion().version
            let run = try store.startRun(versionIDs: [version.id])
            let id = version.id
            let summary = RunSummary(
                versions: [RunVersionSummaryRow(policyVersionID: id, total: 10, unlocked: 4, nearMiss: 3)],
                rules: [
                    RunRuleSummaryRow(policyVersionID: id, bit: 0, failures: 5, onlyFailure: 2),
                    RunRuleSummaryRow(policyVersionID: id, bit: 2, failures: 1, onlyFailure: 1),
                ],
                rulePairs: [RunRulePairSummaryRow(policyVersionID: id, bitA: 0, bitB: 2, failures: 1)],
                lengths: [RunLengthSummaryRow(length: 8, count: 6), RunLengthSummaryRow(length: 12, count: 4)],
                compositions: [
                    RunCompositionSummaryRow(composition: "lower+digit", count: 7),
                    RunCompositionSummaryRow(composition: "lower", count: 3),
                ],
                reuse: RunReuseSummaryRow(
                    distinctFingerprints: 8, sharedGroups: 1, sharedCandidates: 3, largestGroup: 3),
                rejects: [RunRejectSummaryRow(reason: "missing-password", count: 2)],
                // The days that are not dates (no time, an unreadable one) come back as written, after the dates.
                days: [
                    RunDaySummaryRow(policyVersionID: id, day: "2026-03-01", total: 10, unlocked: 4),
                    RunDaySummaryRow(policyVersionID: id, day: "invalid", total: 2, unlocked: 1),
                    RunDaySummaryRow(policyVersionID: id, day: "none", total: 3, unlocked: 0),
                ],
                dayRules: [
                    RunDayRuleSummaryRow(policyVersionID: id, day: "2026-03-01", bit: 0, failures: 5),
                    RunDayRuleSummaryRow(policyVersionID: id, day: "invalid", bit: 0, failures: 1),
                    RunDayRuleSummaryRow(policyVersionID: id, day: "none", bit: 0, failures: 3),
                ])
            let summaries = store.summaries
            try summaries.write(runID: run.id, summary: summary)
            #expect(try summaries.read(runID: run.id) == summary)
            #expect(try summaries.versions(runID: run.id) == summary.versions)
            #expect(try summaries.rules(runID: run.id) == summary.rules)
            #expect(try summaries.rulePairs(runID: run.id) == summary.rulePairs)
            #expect(try summaries.lengths(runID: run.id) == summary.lengths)
            #expect(try summaries.reuse(runID: run.id) == summary.reuse)
            #expect(try summaries.rejects(runID: run.id) == summary.rejects)
            #expect(try summaries.days(runID: run.id) == summary.days)
            #expect(try summaries.dayRules(runID: run.id) == summary.dayRules)
            #expect(Set(try summaries.compositions(runID: run.id).map(\.composition)) == ["lower", "lower+digit"])

            let smaller = RunSummary(lengths: [RunLengthSummaryRow(length: 9, count: 1)])
            try summaries.write(runID: run.id, summary: smaller)
            #expect(try summaries.read(runID: run.id) == smaller)
            #expect(try summaries.read(runID: 999) == RunSummary())
        }
    }

    @Test(
        "day rows come per version, dates first, then invalid, then none; a read of some versions keeps that order",
        arguments: StoreUnderTest.all)
    func dayRowsOrderAndVersionFilter(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let a = try store.addVersion(definition: "{\"v\":1}").version.id
            let b = try store.addVersion(definition: "{\"v\":2}").version.id
            let run = try store.startRun(versionIDs: [a, b])
            let days = ["none", "2026-03-02", "invalid", "2025-12-31", "2026-03-01"]
            var rows: [RunDayRuleSummaryRow] = []
            for version in [b, a] {
                for day in days {
                    for bit in [3, 0] {
                        rows.append(
                            RunDayRuleSummaryRow(policyVersionID: version, day: day, bit: bit, failures: bit + 1))
                    }
                }
            }
            let totals = [b, a].flatMap { version in
                days.map { RunDaySummaryRow(policyVersionID: version, day: $0, total: 9, unlocked: 1) }
            }
            try store.summaries.write(runID: run.id, summary: RunSummary(days: totals, dayRules: rows))
            let order = ["2025-12-31", "2026-03-01", "2026-03-02", "invalid", "none"]
            let expected = [a, b].flatMap { version in
                order.flatMap { day in
                    [0, 3].map { RunDayRuleSummaryRow(policyVersionID: version, day: day, bit: $0, failures: $0 + 1) }
                }
            }
            #expect(try store.summaries.dayRules(runID: run.id) == expected)
            #expect(try store.summaries.days(runID: run.id).map(\.day) == order + order)
            #expect(
                try store.summaries.dayRules(runID: run.id, versionIDs: [b])
                    == expected.filter { $0.policyVersionID == b })
            #expect(try store.summaries.dayRules(runID: run.id, versionIDs: [a, b]) == expected)
            #expect(try store.summaries.dayRules(runID: run.id, versionIDs: []).isEmpty)
        }
    }
}
