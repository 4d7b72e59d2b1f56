import AuditCrypto
import AuditRepositories
import PostgresStore
import PwauditTestSupport
import Testing

/// `PostgresComplianceFindingRepository` against the server (`PostgresPolicyRepository` runs the assertions of
/// PolicyRepositoryContractTests, as every store does).
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
    /// Adds a version of policy `corp` whose definition is `definition`, without rules.
    fileprivate func addVersion(definition: String) throws -> VersionAddition {
        try add(
            name: "corp", definition: definition, definitionSHA256: SHA256.hexDigest(utf8: definition), rules: [],
            effectiveFrom: "2026-01-01", note: nil)
    }
}
