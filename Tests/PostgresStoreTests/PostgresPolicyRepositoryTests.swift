import AuditCrypto
import AuditRepositories
import AuditTime
import PostgresStore
import PwauditTestSupport
import Testing

/// The rules the tests store with a version, as ContractSamples' `sampleRules`.
private let sampleRules = [
    PolicyRuleRow(
        bit: 0, ruleID: "min-length", kind: "length", label: "At least 12 characters", definition: #"{"min":12}"#),
    PolicyRuleRow(
        bit: 1, ruleID: "upper", kind: "class", label: "An upper-case letter", definition: #"{"class":"upper"}"#),
    PolicyRuleRow(bit: 2, ruleID: "digit", kind: "class", label: "A digit", definition: #"{"class":"digit"}"#),
]

/// `PostgresPolicyRepository` and `PostgresComplianceFindingRepository` against the server: the assertions of
/// PolicyRepositoryContractTests, one for one (until the PostgreSQL store joins StoreUnderTest.all and runs them
/// itself), then what only PostgreSQL checks (timestamptz equality of dates, findings).
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresPolicyRepositoryTests {
    /// The throwaway database (dropped when released) and a connection to it, migrated.
    private let database: PostgresTestDatabase
    private let connection: PostgresConnection

    init() throws {
        database = try PostgresTestCluster.shared().createDatabase()
        connection = try PostgresConnection(database.uri)
        try PostgresMigrator().migrate(connection)
    }

    @Test func identicalDefinitionReturnsTheExistingVersion() throws {
        let policies = PostgresPolicyRepository(connection: connection)
        let first = try policies.addVersion()
        let again = try policies.addVersion(effectiveFrom: "2027-01-01")
        #expect(first.isNew)
        #expect(!again.isNew)
        #expect(again.version == first.version)
        #expect(first.version.reference == "corp@1")
        #expect(try policies.list().count == 1)
    }

    @Test func changedDefinitionGetsTheNextNumber() throws {
        let policies = PostgresPolicyRepository(connection: connection)
        try policies.addVersion(definition: #"{"v":1}"#)
        let second = try policies.addVersion(definition: #"{"v":2}"#)
        let other = try policies.addVersion(name: "other", definition: #"{"v":2}"#)
        #expect(second.isNew && second.version.number == 2)
        #expect(other.version.number == 1)
        #expect(try policies.latest(name: "corp")?.number == 2)
        #expect(try policies.version(name: "corp", number: 1)?.definition == #"{"v":1}"#)
        #expect(try policies.version(id: second.version.id) == second.version)
        #expect(try policies.latestOfEveryPolicy().map(\.reference) == ["corp@2", "other@1"])
        #expect(try policies.list().map(\.reference) == ["corp@1", "corp@2", "other@1"])
        #expect(try policies.latest(name: "absent") == nil)
        #expect(try policies.version(id: 9_999) == nil)
    }

    @Test("a definition repeating an earlier version with another date is a rollback: a new version")
    func rollbackIsANewVersion() throws {
        let policies = PostgresPolicyRepository(connection: connection)
        let first = try policies.addVersion(definition: #"{"v":1}"#, effectiveFrom: "2026-01-01")
        try policies.addVersion(definition: #"{"v":2}"#, effectiveFrom: "2026-02-01")
        let back = try policies.addVersion(definition: #"{"v":1}"#, effectiveFrom: "2026-03-01")
        #expect(back.isNew && back.version.number == 3)
        #expect(back.repeats == first.version)
        #expect(back.version.note == "rollback: repeats corp@1")
        // The earlier version's date written another way is the same instant: that version, not a rollback.
        let sameInstant = try policies.addVersion(definition: #"{"v":1}"#, effectiveFrom: "2026-01-01T00:00:00Z")
        #expect(!sameInstant.isNew && sameInstant.version.number == 1)
    }

    @Test func rulesComeBackInBitOrder() throws {
        let policies = PostgresPolicyRepository(connection: connection)
        let version = try policies.addVersion(rules: sampleRules.reversed()).version
        #expect(try policies.rules(versionID: version.id) == sampleRules)
    }

    @Test func inForcePicksGreatestEffectiveFromNotAfterTheDate() throws {
        let policies = PostgresPolicyRepository(connection: connection)
        try policies.addVersion(definition: "{\"v\":1}", effectiveFrom: "2026-01-01")
        try policies.addVersion(definition: "{\"v\":2}", effectiveFrom: "2026-06-01")
        try policies.addVersion(definition: "{\"v\":3}", effectiveFrom: "2026-03-01")
        try policies.addVersion(definition: "{\"v\":4}", effectiveFrom: "2026-06-01")
        func at(_ text: String) throws -> UTCInstant { try #require(UTCInstant.read(text)).instant }
        #expect(try policies.inForce(name: "corp", at: at("2025-12-31")) == nil)
        #expect(try policies.inForce(name: "corp", at: at("2026-02-15"))?.number == 1)
        #expect(try policies.inForce(name: "corp", at: at("2026-03-01T09:00:00Z"))?.number == 3)
        #expect(try policies.inForce(name: "corp", at: at("2026-02-28T23:59:59Z"))?.number == 1)
        #expect(try policies.inForce(name: "corp", at: at("2026-07-01"))?.number == 4)
        #expect(try policies.inForce(name: "corp", at: at("2026-07-01"))?.effectiveFrom == "2026-06-01T00:00:00Z")
    }

    @Test func ruleBitOutsideTheMaskIsRejectedAndNothingIsStored() throws {
        let policies = PostgresPolicyRepository(connection: connection)
        let bad = [PolicyRuleRow(bit: 64, ruleID: "x", kind: "k", label: "l", definition: "{}")]
        #expect(throws: (any Error).self) { _ = try policies.addVersion(rules: bad) }
        #expect(try policies.list().isEmpty)
    }

    @Test("without a date a new version starts at today's midnight UTC; its creation time is canonical UTC text")
    func noDateMeansToday() throws {
        let policies = PostgresPolicyRepository(connection: connection)
        let added = try policies.add(
            name: "corp", definition: "{}", definitionSHA256: SHA256.hexDigest(utf8: "{}"), rules: [],
            effectiveFrom: nil, note: "first")
        #expect(added.version.effectiveFrom == UTCInstant.now().dayText + "T00:00:00Z")
        #expect(UTCInstant.read(added.version.createdAt)?.instant.text == added.version.createdAt)
        #expect(added.version.note == "first")
    }

    @Test("findings are replaced per version and mark it evaluated by that pwaudit")
    func complianceFindingsAreReplacedPerVersion() throws {
        let policies = PostgresPolicyRepository(connection: connection)
        let findings = PostgresComplianceFindingRepository(connection: connection)
        let one = try policies.addVersion(definition: #"{"v":1}"#).version.id
        let two = try policies.addVersion(definition: #"{"v":2}"#).version.id
        #expect(try findings.versionIDs(notEvaluatedBy: "1.0") == [one, two])
        let row = ComplianceFindingRow(
            standard: "nist-800-63b-4", clause: "nist63b4.min_length", title: "Tab\there, back\\slash", level: "SHALL",
            severity: "required", verdict: "fail", policyValue: "8", requiredValue: "\u{2265} 15",
            citation: "\u{00A7}3.1.1.2\nline two")
        try findings.replace(versionID: one, findings: [row, Self.renamed(row, "b")], evaluatedBy: "1.0")
        #expect(try findings.versionIDs(notEvaluatedBy: "1.0") == [two])
        #expect(try findings.versionIDs(notEvaluatedBy: "1.1") == [one, two])
        try findings.replace(versionID: one, findings: [row], evaluatedBy: "1.1")
        #expect(try findings.versionIDs(notEvaluatedBy: "1.1") == [two])
        let stored = try connection.rows(
            """
            SELECT clause, title, policy_value, required_value, citation, evaluated_by FROM v_compliance_finding
            WHERE policy_version_id = $1
            """, [.integer(one)])
        #expect(stored.count == 1)
        #expect(stored.first?.string(at: 1) == row.title)
        #expect(stored.first?.string(at: 3) == row.requiredValue)
        #expect(stored.first?.string(at: 4) == row.citation)
        #expect(stored.first?.string(at: 5) == "1.1")
        try findings.replace(versionID: two, findings: [], evaluatedBy: "1.1")
        #expect(try findings.versionIDs(notEvaluatedBy: "1.1").isEmpty)
    }

    private static func renamed(_ row: ComplianceFindingRow, _ clause: String) -> ComplianceFindingRow {
        var copy = row
        copy.clause = clause
        return copy
    }
}

extension PostgresPolicyRepository {
    /// Adds a version of `name`, as ContractSamples' `addVersion` does for a store.
    @discardableResult
    fileprivate func addVersion(
        name: String = "corp", definition: String = #"{"rules":[1]}"#, effectiveFrom: String = "2026-01-01",
        rules: [PolicyRuleRow] = sampleRules
    ) throws -> VersionAddition {
        try add(
            name: name, definition: definition, definitionSHA256: SHA256.hexDigest(utf8: definition), rules: rules,
            effectiveFrom: effectiveFrom, note: nil)
    }
}
