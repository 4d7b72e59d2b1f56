import AuditCrypto
import AuditRepositories
import Testing

@testable import PolicyStore

/// What the SQLite store adds to the repository contract (RepositoryContractTests): triggers and views.
@Suite struct PolicyRepositoryTests {
    @Test func versionsAndRulesAreImmutable() throws {
        let database = try migratedInMemoryDatabase()
        let version = try addVersion(SQLitePolicyRepository(database: database)).version
        for sql in [
            "UPDATE policy_version SET definition = '{}' WHERE id = \(version.id)",
            "DELETE FROM policy_version WHERE id = \(version.id)",
            "UPDATE policy_rule SET label = 'x' WHERE policy_version_id = \(version.id)",
            "DELETE FROM policy_rule WHERE policy_version_id = \(version.id)",
        ] {
            let error = #expect(throws: SQLiteError.self, "\(sql) must fail") { try database.execute(sql) }
            #expect(error?.message.contains("immutable") == true)
        }
        #expect(try SQLitePolicyRepository(database: database).version(id: version.id) == version)
    }

    @Test func policyVersionViewShowsReferences() throws {
        let database = try migratedInMemoryDatabase()
        let repository = SQLitePolicyRepository(database: database)
        try addVersion(repository, definition: "{\"v\":1}")
        try addVersion(repository, definition: "{\"v\":2}")
        let statement = try database.makeStatement(
            "SELECT reference, rule_count, is_latest FROM v_policy_version ORDER BY version")
        var rows: [String] = []
        while try statement.step() {
            rows.append("\(statement.string(at: 0)!) \(statement.int(at: 1)) \(statement.int(at: 2))")
        }
        #expect(rows == ["corp@1 3 0", "corp@2 3 1"])
    }
}
