import Foundation
import PasswordPolicy
import PasswordStrength
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Issue 23, item 4: `pwaudit compliance` puts a run's stored strength beside the strength-guidance clauses: of the
/// candidates unlocking under the version, those zxcvbn scores 2 or less (counted here from the rows with the
/// estimator and the engine called directly); a version with a `strength` rule passes them, naming the rule.
@Suite("pwaudit compliance: stored strength as evidence")
struct StrengthComplianceCommandTests {
    static let plain = #"{"name":"plain","rules":[{"rule":"length","min":6}]}"#
    static let guarded =
        #"{"name":"guarded","rules":[{"rule":"length","min":6},{"rule":"strength","id":"guess","min-score":3}]}"#
    static let rows: [(user: String, password: String)] = [
        ("ann", "password"), ("bob", "qwerty123"), ("cyd", "Zebra-Canary-Quilt-83"), ("dee", "deedeedee1"),
        ("eve", "letmein"), ("fay", "correcthorse"), ("gus", "Gus1987!"), ("hal", "9fK#2mQz!pL7vX"),
    ]

    /// Of the rows unlocking under `policyJSON`, those scoring 2 or less, and how many unlock.
    static func guessable(_ policyJSON: String) throws -> (count: Int, total: Int) {
        let policy = try CompiledPolicy(PasswordPolicy(json: Data(policyJSON.utf8)))
        var count = 0
        var total = 0
        for row in rows where policy.evaluate(Candidate(password: row.password, username: row.user)).unlocksReset {
            total += 1
            if StrengthEstimator().estimate(row.password, userInputs: [row.user]).score <= 2 { count += 1 }
        }
        return (count, total)
    }

    private func version(_ report: [String: Any], _ name: String) throws -> [String: Any] {
        let versions = try #require(report["versions"] as? [[String: Any]])
        return try #require(
            versions.first { ($0["policy"] as? [String: Any])?["reference"] as? String == "\(name)@1" })
    }

    private func finding(_ version: [String: Any], _ clause: String) throws -> [String: Any] {
        let results = version["results"] as? [[String: Any]] ?? []
        let findings = results.flatMap { $0["findings"] as? [[String: Any]] ?? [] }
        return try #require(findings.first { $0["clause"] as? String == clause })
    }

    private func figure(_ version: [String: Any], _ clause: String) throws -> [String: Any] {
        let figures = (version["evidence"] as? [String: Any])?["clauses"] as? [[String: Any]] ?? []
        return try #require(figures.first { $0["clause"] as? String == clause }, "\(version["evidence"] ?? "none")")
    }

    @Test("the guessable share of each version's unlocking candidates is beside its strength clauses")
    func storedStrengthIsEvidence() throws {
        let sandbox = try ImportSandbox(policies: [])
        for (name, text) in [("plain", Self.plain), ("guarded", Self.guarded)] {
            let added = sandbox.run(["policy", "add", try sandbox.write("\(name).json", text)])
            try #require(added.code == .success, "\(added.err)")
        }
        let csv = "username,password\n" + Self.rows.map { "\($0.user),\($0.password)" }.joined(separator: "\n") + "\n"
        // No --strength: guarded's strength rule makes the run store strength.
        let imported = sandbox.run(["import", try sandbox.write("c.csv", csv)])
        try #require(imported.code == .success, "\(imported.err)")
        let result = sandbox.run([
            "compliance", "--standard", "nist-800-63b-4", "--standard", "owasp-asvs-4.0.3", "--format", "json",
        ])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        for (name, policyJSON) in [("plain", Self.plain), ("guarded", Self.guarded)] {
            let version = try version(report, name)
            let expected = try Self.guessable(policyJSON)
            for clause in ["nist63b4.strength_guidance", "asvs403.2_1_8.strength_meter"] {
                let figure = try figure(version, clause)
                #expect(figure["kind"] as? String == "guessable-unlocking")
                #expect(figure["count"] as? Int == expected.count && figure["total"] as? Int == expected.total)
                let found = try finding(version, clause)
                #expect((found["evidence_request"] as? [String: Any])?["kind"] as? String == "strength-scores")
                #expect(found["verdict"] as? String == (name == "guarded" ? "pass" : "needs-evidence"))
            }
        }
        #expect(try Self.guessable(Self.plain).count > 0, "the fixture has guessable unlocking candidates")
        let guarded = try finding(try version(report, "guarded"), "nist63b4.strength_guidance")
        #expect((guarded["policy_value"] as? String)?.hasPrefix("strength rule guess (zxcvbn score ≥ 3)") == true)
        let table = sandbox.run(["compliance", "--standard", "nist-800-63b-4", "--policy", "plain", "--format", "csv"])
            .out
        let expected = try Self.guessable(Self.plain)
        let row = try #require(table.split(separator: "\r\n").first { $0.contains("nist63b4.strength_guidance") })
        #expect(
            row.contains(",\(expected.count),\(expected.total),\"\(expected.count) of \(expected.total) ("), "\(row)")
        #expect(row.hasSuffix("%) unlocking candidates score 2 or less of 4 (zxcvbn, stored strength)\""), "\(row)")
        // "password" is a word of the clauses' titles; every other candidate is absent.
        for row in Self.rows where row.password != "password" {
            #expect(!result.out.contains(row.password) && !table.contains(row.password), "\(row.password)")
        }
    }

    @Test("a run without stored strength adds no strength figure")
    func noStoredStrengthNoFigure() throws {
        let sandbox = try ImportSandbox(policies: [])
        let added = sandbox.run(["policy", "add", try sandbox.write("plain.json", Self.plain)])
        try #require(added.code == .success, "\(added.err)")
        let csv = "username,password\n" + Self.rows.map { "\($0.user),\($0.password)" }.joined(separator: "\n") + "\n"
        try #require(sandbox.run(["import", try sandbox.write("c.csv", csv)]).code == .success)
        let result = sandbox.run(["compliance", "--standard", "nist-800-63b-4", "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let figures = (try version(report, "plain")["evidence"] as? [String: Any])?["clauses"] as? [[String: Any]]
        #expect(figures?.contains { $0["clause"] as? String == "nist63b4.strength_guidance" } == false)
    }
}
