import Foundation
import PasswordPolicy
import PolicyCompliance
import PolicyStore
import Testing

/// `v_compliance_finding`: every stored version's verdicts, as `pwaudit compliance` gives them, for `pwaudit query`.
@Suite("v_compliance_finding")
struct ComplianceFindingViewTests {
    private func rows(_ fixture: ReportCLIFixture, _ sql: String) throws -> [String] {
        let result = fixture.run(["query", sql, "--format", "csv"])
        #expect(result.code == .success, "\(result.err)")
        return result.out.split(whereSeparator: \.isNewline).dropFirst().map(String.init)
    }

    @Test("each version's stored findings are the evaluator's, clause for clause")
    func findingsMatchTheEvaluator() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        for (reference, definition) in [("corp@1", ReportCLIFixture.corp1), ("corp@2", ReportCLIFixture.corp2)] {
            let expected = ComplianceEvaluator.evaluate(try PasswordPolicy(json: Data(definition.utf8))).results
                .flatMap { result in result.findings.map { "\(result.standard),\($0.clause),\($0.verdict.rawValue)" } }
                .sorted()
            let stored = try rows(
                fixture,
                "SELECT standard, clause, verdict FROM v_compliance_finding WHERE reference = '\(reference)' "
                    + "ORDER BY standard, clause")
            #expect(stored == expected, "\(reference)")
            #expect(!stored.isEmpty)
        }
        // corp@2 asks for a digit and a special character: NIST rev 4 forbids composition rules.
        #expect(
            try rows(
                fixture,
                "SELECT verdict FROM v_compliance_finding WHERE reference = 'corp@2' "
                    + "AND clause = 'nist63b4.no_composition_rules'") == ["fail"])
    }

    @Test(
        "findings another pwaudit made, or that are missing, are made again when the database is next opened to write")
    func staleFindingsAreRefreshed() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let count = "SELECT count(*) FROM v_compliance_finding"
        let before = try rows(fixture, count)
        do {
            let database = try Database(path: "\(fixture.directory)/a.db", mode: .readWrite)
            try database.execute("DELETE FROM compliance_evaluation WHERE policy_version_id = 1")
            try database.execute(
                "UPDATE compliance_evaluation SET pwaudit_version = '0.0.1' WHERE policy_version_id = 2")
        }
        #expect(try rows(fixture, count) != before, "the read-only query sees the damage")
        #expect(try rows(fixture, "SELECT DISTINCT evaluated_by FROM v_compliance_finding") == ["0.0.1"])
        #expect(fixture.run(["runs", "delete", "999"]).code != .success)  // any command that opens for writing
        #expect(try rows(fixture, count) == before)
        #expect(try rows(fixture, "SELECT count(DISTINCT evaluated_by) FROM v_compliance_finding") == ["1"])
    }

    @Test("a version's stored word list counts in its findings, as in pwaudit compliance")
    func storedWordListsCount() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let words = (0..<3_000).map { String(format: "longword-%05d", $0) }.joined(separator: "\n") + "\n"
        try Data(words.utf8).write(to: URL(fileURLWithPath: "\(fixture.directory)/words.txt"))
        let policy =
            #"{"name": "big", "rules": [{"rule": "length", "min": 8}, "#
            + #"{"rule": "blocklist", "lists": ["file:words.txt"]}]}"#
        try Data(policy.utf8).write(to: URL(fileURLWithPath: "\(fixture.directory)/big.json"))
        #expect(fixture.run(["policy", "add", "big.json"]).code == .success)
        #expect(
            try rows(
                fixture,
                "SELECT verdict, policy_value FROM v_compliance_finding WHERE reference = 'big@1' "
                    + "AND clause = 'asvs500.6_2_4.top_3000'") == ["pass,3000 of 3000 entries match the policy"])
    }
}
