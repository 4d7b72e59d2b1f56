import AuditRepositories
import Testing

@testable import PolicyStore

/// What the SQLite store adds to the repository contract (RepositoryContractTests): its summary views.
@Suite struct SummaryRepositoryTests {
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
