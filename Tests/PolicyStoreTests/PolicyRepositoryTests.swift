import AuditCrypto
import AuditRepositories
import Testing

@testable import PolicyStore

@Suite struct PolicyRepositoryTests {
    @Test func identicalDefinitionReturnsTheExistingVersion() throws {
        let repository = SQLitePolicyRepository(database: try migratedInMemoryDatabase())
        let first = try addVersion(repository)
        let again = try addVersion(repository, effectiveFrom: "2027-01-01")
        #expect(first.isNew)
        #expect(!again.isNew)
        #expect(again.version == first.version)
        #expect(first.version.reference == "corp@1")
        #expect(try repository.list().count == 1)
    }

    @Test func changedDefinitionGetsTheNextNumber() throws {
        let repository = SQLitePolicyRepository(database: try migratedInMemoryDatabase())
        try addVersion(repository, definition: #"{"v":1}"#)
        let second = try addVersion(repository, definition: #"{"v":2}"#)
        let other = try addVersion(repository, name: "other", definition: #"{"v":2}"#)
        #expect(second.isNew && second.version.number == 2)
        #expect(other.version.number == 1)
        #expect(try repository.latest(name: "corp")?.number == 2)
        #expect(try repository.version(name: "corp", number: 1)?.definition == #"{"v":1}"#)
        #expect(try repository.version(id: second.version.id) == second.version)
        #expect(try repository.latestOfEveryPolicy().map(\.reference) == ["corp@2", "other@1"])
        #expect(try repository.latest(name: "absent") == nil)
    }

    @Test func rulesComeBackInBitOrder() throws {
        let repository = SQLitePolicyRepository(database: try migratedInMemoryDatabase())
        let version = try addVersion(repository, rules: sampleRules.reversed()).version
        #expect(try repository.rules(versionID: version.id) == sampleRules)
    }

    @Test func inForcePicksGreatestEffectiveFromNotAfterTheDate() throws {
        let repository = SQLitePolicyRepository(database: try migratedInMemoryDatabase())
        try addVersion(repository, definition: "{\"v\":1}", effectiveFrom: "2026-01-01")
        try addVersion(repository, definition: "{\"v\":2}", effectiveFrom: "2026-06-01")
        try addVersion(repository, definition: "{\"v\":3}", effectiveFrom: "2026-03-01")
        try addVersion(repository, definition: "{\"v\":4}", effectiveFrom: "2026-06-01")
        #expect(try repository.inForce(name: "corp", on: "2025-12-31") == nil)
        #expect(try repository.inForce(name: "corp", on: "2026-02-15")?.number == 1)
        #expect(try repository.inForce(name: "corp", on: "2026-03-01T09:00:00Z")?.number == 3)
        #expect(try repository.inForce(name: "corp", on: "2026-07-01")?.number == 4)
    }

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

    @Test func ruleBitOutsideTheMaskIsRejectedAndNothingIsStored() throws {
        let database = try migratedInMemoryDatabase()
        let repository = SQLitePolicyRepository(database: database)
        let bad = [PolicyRuleRow(bit: 64, ruleID: "x", kind: "k", label: "l", definition: "{}")]
        #expect(throws: SQLiteError.self) { try addVersion(repository, rules: bad) }
        #expect(try repository.list().isEmpty)
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
