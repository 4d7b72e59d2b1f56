import AuditRepositories
import Testing

@testable import PolicyStore

@Suite struct SummaryRepositoryTests {
    @Test func everySummaryRoundTripsAndRewritingReplaces() throws {
        let database = try migratedInMemoryDatabase()
        let version = try addVersion(SQLitePolicyRepository(database: database)).version
        let run = try startRun(database, versionIDs: [version.id])
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
            reuse: RunReuseSummaryRow(distinctFingerprints: 8, sharedGroups: 1, sharedCandidates: 3, largestGroup: 3),
            rejects: [RunRejectSummaryRow(reason: "missing-password", count: 2)],
            days: [RunDaySummaryRow(policyVersionID: id, day: "2026-03-01", total: 10, unlocked: 4)],
            dayRules: [RunDayRuleSummaryRow(policyVersionID: id, day: "2026-03-01", bit: 0, failures: 5)])
        let repository = SQLiteSummaryRepository(database: database)
        try repository.write(runID: run.id, summary: summary)
        #expect(try repository.read(runID: run.id) == summary)

        let smaller = RunSummary(lengths: [RunLengthSummaryRow(length: 9, count: 1)])
        try repository.write(runID: run.id, summary: smaller)
        #expect(try repository.read(runID: run.id) == smaller)
        #expect(try repository.read(runID: 999) == RunSummary())
    }

    @Test func ruleViewJoinsLabelsAndPercentages() throws {
        let database = try migratedInMemoryDatabase()
        let version = try addVersion(SQLitePolicyRepository(database: database)).version
        let run = try startRun(database, versionIDs: [version.id])
        try SQLiteSummaryRepository(database: database).write(
            runID: run.id,
            summary: RunSummary(
                versions: [RunVersionSummaryRow(policyVersionID: version.id, total: 4, unlocked: 1, nearMiss: 1)],
                rules: [RunRuleSummaryRow(policyVersionID: version.id, bit: 1, failures: 2, onlyFailure: 1)]))
        let statement = try database.makeStatement(
            "SELECT reference, rule_id, failures, failure_percent FROM v_run_rule WHERE run_id = ?1")
        statement.bind(run.id, at: 1)
        #expect(try statement.step())
        #expect(statement.string(at: 0) == "corp@1")
        #expect(statement.string(at: 1) == "upper")
        #expect(statement.int(at: 2) == 2)
        #expect(statement.double(at: 3) == 50)
    }
}
