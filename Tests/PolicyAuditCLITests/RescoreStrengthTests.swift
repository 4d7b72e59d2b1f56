import Foundation
import PasswordPolicy
import PasswordStrength
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Issue 23: `rescore` stores strength as import does. Against a version with a `strength` rule, a run imported without
/// strength gets every candidate's estimate (its username and e-mail as user inputs) and strength rows for the new
/// version and the earlier one; a run imported with `--strength` gives a rescored version its strength rows from the
/// stored estimates. The counts are computed here with the estimator and the engine called directly.
@Suite("pwaudit rescore: stored strength")
struct RescoreStrengthTests {
    static let loose = #"{"name":"loose","rules":[{"rule":"length","min":6}]}"#
    static let guarded = #"{"name":"guarded","rules":[{"rule":"length","min":8},{"rule":"strength","min-score":3}]}"#
    static let rows: [(user: String, password: String)] = (0..<60).map { index in
        let passwords = [
            "password", "qwerty123", "Zebra-Canary-Quilt-83", "deedeedee1", "letmein", "correcthorse", "user\(index)x",
            "9fK#2mQz!pL7vX", "monkey12", "Tr0ub4dour&3",
        ]
        return ("user\(index)", passwords[index % passwords.count])
    }
    static let csv = "username,password\n" + rows.map { "\($0.user),\($0.password)" }.joined(separator: "\n") + "\n"

    private static func estimate(_ row: (user: String, password: String)) -> StrengthEstimate {
        StrengthEstimator().estimate(row.password, userInputs: [row.user])
    }

    /// Per score: the rows, and those unlocking under `policyJSON`.
    static func expected(_ policyJSON: String) throws -> (all: [Int64], unlocked: [Int64]) {
        let policy = try CompiledPolicy(PasswordPolicy(json: Data(policyJSON.utf8)))
        var all = [Int64](repeating: 0, count: 5)
        var unlocked = [Int64](repeating: 0, count: 5)
        for row in rows {
            let score = estimate(row).score
            all[score] += 1
            if policy.evaluate(Candidate(password: row.password, username: row.user)).unlocksReset {
                unlocked[score] += 1
            }
        }
        return (all, unlocked)
    }

    private static func sandbox(importing arguments: [String]) throws -> (ImportSandbox, String) {
        let sandbox = try ImportSandbox(policies: [])
        for (name, text) in [("loose", loose), ("guarded", guarded)] {
            let added = sandbox.run(["policy", "add", try sandbox.write("\(name).json", text)])
            try #require(added.code == .success, "\(added.err)")
        }
        let file = try sandbox.write("c.csv", csv)
        let imported = sandbox.run(["import", file, "--policy", "loose"] + arguments)
        try #require(imported.code == .success, "\(imported.err)")
        return (sandbox, file)
    }

    private static func strengthRows(_ sandbox: ImportSandbox, _ name: String, _ column: String) throws -> [Int64] {
        try sandbox.integers(
            """
            SELECT s.\(column) FROM run_strength_summary s JOIN v_policy_version v ON v.id = s.policy_version_id
            WHERE s.run_id = 1 AND v.reference = '\(name)@1' ORDER BY s.score
            """)
    }

    @Test(
        "a run imported without strength, rescored against a strength rule, stores every estimate and both versions' rows"
    )
    func rescoreEstimatesAndStores() throws {
        let (sandbox, file) = try Self.sandbox(importing: [])
        #expect(try sandbox.integer("SELECT count(*) FROM candidate WHERE strength_score IS NOT NULL") == 0)
        #expect(try sandbox.integer("SELECT count(*) FROM run_strength_summary") == 0)
        let rescored = sandbox.run(["rescore", "1", "--policy", "guarded", file])
        #expect(rescored.code == .success, "\(rescored.err)")
        #expect(
            rescored.err
                == "note: run 1: strength estimated and stored for the run's 60 candidates (guarded@1 has a strength "
                + "rule)\n")
        let stored = try sandbox.integers("SELECT strength_score FROM v_candidate_strength ORDER BY candidate_id")
        #expect(stored == Self.rows.map { Int64(Self.estimate($0).score) })
        let tenths = try sandbox.integers(
            "SELECT CAST(round(strength_log10 * 10) AS INTEGER) FROM v_candidate_strength ORDER BY candidate_id")
        #expect(tenths == Self.rows.map { Int64((max(0, Self.estimate($0).guessesLog10) * 10).rounded()) })
        for (name, policyJSON) in [("guarded", Self.guarded), ("loose", Self.loose)] {
            let (all, unlocked) = try Self.expected(policyJSON)
            #expect(try Self.strengthRows(sandbox, name, "candidates") == all, "\(name)")
            #expect(try Self.strengthRows(sandbox, name, "unlocked") == unlocked, "\(name)")
        }
        // The report's strength section reads them.
        let report = sandbox.run(["report", "--format", "json"]).out
        let versions = try #require(
            (try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])?["versions"]
                as? [[String: Any]])
        #expect(versions.count == 2 && versions.allSatisfy { $0["strength"] is [String: Any] })
        for row in Self.rows { #expect(!report.contains(row.password) && !rescored.err.contains(row.password)) }
    }

    @Test("a run imported with --strength gives the rescored version its strength rows from the stored estimates")
    func rescoreReadsStoredEstimates() throws {
        let (sandbox, file) = try Self.sandbox(importing: ["--strength"])
        let before = try sandbox.integers("SELECT strength_score FROM v_candidate_strength ORDER BY candidate_id")
        let rescored = sandbox.run(["rescore", "1", "--policy", "guarded", file])
        #expect(rescored.code == .success && rescored.err.isEmpty, "\(rescored.err)")
        #expect(try sandbox.integers("SELECT strength_score FROM v_candidate_strength ORDER BY candidate_id") == before)
        let (all, unlocked) = try Self.expected(Self.guarded)
        #expect(try Self.strengthRows(sandbox, "guarded", "candidates") == all)
        #expect(try Self.strengthRows(sandbox, "guarded", "unlocked") == unlocked)
    }

    @Test("a rescore against a version without a strength rule stores no strength")
    func noStrengthRuleNoStrength() throws {
        let sandbox = try ImportSandbox(policies: [])
        for (name, text) in [
            ("loose", Self.loose), ("other", #"{"name":"other","rules":[{"rule":"length","min":9}]}"#),
        ] {
            #expect(sandbox.run(["policy", "add", try sandbox.write("\(name).json", text)]).code == .success)
        }
        let file = try sandbox.write("c.csv", Self.csv)
        #expect(sandbox.run(["import", file, "--policy", "loose"]).code == .success)
        let rescored = sandbox.run(["rescore", "1", "--policy", "other", file])
        #expect(rescored.code == .success && rescored.err.isEmpty, "\(rescored.err)")
        #expect(try sandbox.integer("SELECT count(*) FROM candidate WHERE strength_score IS NOT NULL") == 0)
        #expect(try sandbox.integer("SELECT count(*) FROM run_strength_summary") == 0)
    }
}
