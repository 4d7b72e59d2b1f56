import Foundation
import PasswordPolicy
import PasswordStrength
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Issue 23, item 3: the `strength` rule end to end through the CLI — stored by `policy add`, judged by `check` (line
/// mode and the live checklist with its meter) and by `import`, reasons `strength.too-guessable` carrying the score
/// and the warning's code, never the password; a bad key of the rule is named in the error.
@Suite("The strength rule through the CLI")
struct StrengthRuleCommandTests {
    static let policyJSON = #"""
        {"name":"guess","rules":[{"rule":"length","min":8},{"rule":"strength","min-score":3}]}
        """#

    private func objects(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test("policy add stores it, policy show prints it, check judges each line by the estimate's score")
    func addShowCheck() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let database = cli.directory + "/audit.db"
        #expect(try cli.run(["init", "--db", database]).code == .success)
        let file = try cli.write("guess.json", Self.policyJSON)
        let added = try cli.run(["policy", "add", file, "--db", database])
        #expect(added.code == .success, "\(added.err)")
        let shown = try cli.run(["policy", "show", "guess", "--db", database])
        #expect(shown.out.contains("strength"), "\(shown.out)")
        let passwords = ["password1", "qwertyuiop", "Tiny-Ostrich-Violin-47", "correcthorsebatterystaple"]
        let checked = try cli.run(
            ["check", "--policy", "guess", "--db", database], stdin: passwords.joined(separator: "\n"))
        let lines = objects(checked.out)
        try #require(lines.count == passwords.count)
        let estimator = StrengthEstimator()
        for (line, password) in zip(lines, passwords) {
            let weak = estimator.estimate(password).score < 3
            #expect(((line["failing"] as? [String]) ?? []).contains("strength.too-guessable") == weak, "\(password)")
        }
        #expect(lines.contains { ($0["failing"] as? [String]) == [] }, "a strong password unlocks")
        #expect(checked.code == .findings)
        for password in passwords { #expect(!checked.out.contains(password) && !checked.err.contains(password)) }
    }

    @Test("the live checklist's strength item says the score and the warning's code; its meter is drawn")
    func liveReason() throws {
        let policy = try CompiledPolicy(PasswordPolicy(json: Data(Self.policyJSON.utf8)))
        let output = CapturedOutput()
        let view = TerminalChecklistView(
            output: output, drawing: .ansi, style: ChecklistStyle(usesColor: false, usesUnicode: true), width: 120)
        let checklist = LiveChecklist(policy: policy, view: view, username: "zed", email: nil)
        checklist.start()
        _ = checklist.handle(Array("password".utf8))
        let state = try #require(checklist.state)
        #expect(state.items[1].message.contains("strength score 0 of 4"), "\(state.items[1].message)")
        #expect(state.items[1].message.contains("[top-10]"))
        #expect(state.strength?.warning == .topTen)
        let frame = try #require(checklist.view.shown)
        #expect(frame.contains { $0.hasPrefix("  strength ░░░░ 0 of 4") }, "\(frame)")
        #expect(frame.contains("      ! This is a top-10 common password."))
        #expect(!output.text.contains("password:" + " password"))
        let outcome = policy.evaluate(Candidate(password: "password")).outcomes[1]
        #expect(outcome.code == "strength.too-guessable")
        #expect(outcome.actual["score"] == 0)
        #expect(outcome.actual["warning-top-10"] == 1)
    }

    @Test("import counts the rule's failures; no stored row or output holds the password")
    func importCounts() throws {
        let sandbox = try ImportSandbox(policies: [])
        let file = try sandbox.write("guess.json", Self.policyJSON)
        #expect(sandbox.run(["policy", "add", file]).code == .success)
        let passwords = ["Zebra-Canary-Quilt-83", "canarypass", "qwerty", "Dfh7!kqP2w"]
        let csv =
            "username,password\n"
            + passwords.enumerated().map { "u\($0.offset),\($0.element)" }.joined(
                separator: "\n") + "\n"
        let imported = sandbox.run(["import", try sandbox.write("c.csv", csv)])
        #expect(imported.code == .success, "\(imported.err)")
        let report = sandbox.run(["report", "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.out.utf8)) as? [String: Any])
        let versions = try #require(json["versions"] as? [[String: Any]])
        let failures = try #require(versions.first?["rule_failures"] as? [[String: Any]])
        let strength = try #require(failures.first { $0["rule_id"] as? String == "strength" })
        let estimator = StrengthEstimator()
        let weak = passwords.enumerated().filter {
            estimator.estimate($0.element, userInputs: ["u\($0.offset)"]).score < 3
        }
        #expect(strength["count"] as? Int == weak.count, "\(strength)")
        let scan = CanaryScan(canaries: ["Zebra-Canary-Quilt-83", "canarypass"])
        _ = try scan.expectNoTrace(
            in: [sandbox.databasePath, sandbox.databasePath + "-wal"],
            outputs: [("import", imported.out + imported.err), ("report", report.out)])
    }

    @Test(
        "a bad key of a strength rule is named in the error, exit 65",
        arguments: [
            (#"{"rule":"strength","min-scor":3}"#, #"rules[0]: unknown key "min-scor"; did you mean "min-score"?"#),
            (#"{"rule":"strength","min-score":5}"#, "rules[0].min-score"),
            (#"{"rule":"strength","min-score":"3"}"#, "rules[0].min-score"),
            (#"{"rule":"strength","min-guesses-log10":0}"#, "rules[0].min-guesses-log10"),
            (#"{"rule":"strength","min-score":3,"min-guesses-log10":10}"#, "rules[0].min-guesses-log10:"),
            (#"{"rule":"strength"}"#, "rules[0]"),
        ])
    func badKeys(rule: String, named: String) throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let database = cli.directory + "/audit.db"
        #expect(try cli.run(["init", "--db", database]).code == .success)
        let file = try cli.write("bad.json", #"{"name":"bad","rules":[\#(rule)]}"#)
        let result = try cli.run(["policy", "add", file, "--db", database])
        #expect(result.code == .dataError, "\(result.err)")
        #expect(result.err.contains(named), "\(result.err)")
        #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
    }
}
