import Foundation
import Testing

@testable import PolicyAuditCLI

/// `pwaudit tune` end to end: its five formats, its refusals (exit 64, naming rescore where the features cannot
/// answer), a run without the tuning summary (exit 65, naming rescore, which then writes it), and min-score against
/// the import of real strength rules.
@Suite("pwaudit tune")
struct TuneCommandTests {
    static let policy = """
        {"name": "base", "rules": [{"rule": "length", "id": "len", "min": 8}, {"rule": "require", "id": "dig",
         "class": "digit"}, {"rule": "blocklist", "id": "bl", "lists": ["builtin:common"]}]}
        """
    static let passwords = [
        "abc", "abcdefg1", "password1", "Summer2024!", "correct horse battery staple", "Tr0ub4dor&3", "qwerty123",
        "xK9#mQ2$vL7@", "abcdefghij", "1234567890", "ñandú-2024", "zxcvbnm0",
    ]
    static let csv: String = {
        var text = "id,username,password\n"
        for index in 0..<240 {
            let password = passwords[index % passwords.count] + (index % 3 == 0 ? "" : "\(index)")
            text += "\(index),user\(index),\"\(password)\"\n"
        }
        return text
    }()

    private func sandbox(strength: Bool = false) throws -> (ImportSandbox, String) {
        let sandbox = try ImportSandbox(policies: [])
        let policy = try sandbox.write("base.json", Self.policy)
        try #require(sandbox.run(["policy", "add", policy]).code == .success)
        let file = try sandbox.write("in.csv", Self.csv)
        let imported = sandbox.run(["import", file, "--policy", "base"] + (strength ? ["--strength"] : []))
        try #require(imported.code == .success, "\(imported.err)")
        return (sandbox, file)
    }

    @Test("every format, with the stored setting and the standards' thresholds, and no password")
    func everyFormat() throws {
        let (sandbox, _) = try sandbox()
        let arguments = ["tune", "--from", "base@1", "--vary", "min-length=6..16"]
        let json = sandbox.run(arguments + ["--format", "json"])
        try #require(json.code == .success, "\(json.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "tuning")
        #expect(object["varied"] as? [String] == ["min-length"])
        #expect(object["total"] as? Int == 240)
        let settings = try #require(object["settings"] as? [[String: Any]])
        #expect(settings.map { $0["min-length"] as? Int } == Array(6...16))
        let stored = try #require(settings.first { $0["stored"] as? Bool == true })
        #expect(stored["min-length"] as? Int == 8)
        #expect((stored["change"] as? [String: Any])?["count"] as? Int == 0)
        let storedUnlocked = try sandbox.integer("SELECT unlocked FROM run_version_summary WHERE run_id = 1")
        #expect((stored["unlocked"] as? [String: Any])?["count"] as? Int == Int(storedUnlocked))
        let standards = try #require(object["standards"] as? [[String: Any]])
        #expect(standards.contains { $0["value"] as? Int == 15 && $0["label"] as? String == "nist-800-63b-4" })
        #expect(standards.contains { $0["value"] as? Int == 12 && $0["label"] as? String == "pci-dss-4.0.1" })

        let table = sandbox.run(arguments)
        #expect(table.code == .success)
        #expect(table.out.contains("min-length  Unlocked  Share  Change  Points"), "\(table.out)")
        #expect(table.out.contains("as stored"))
        let csv = sandbox.run(arguments + ["--format", "csv"])
        #expect(
            csv.out.hasPrefix("min-length,unlocked,total,percent,change,change_points,weak,weak_percent,stored\r\n"))
        #expect(csv.out.contains("\r\n8,\(storedUnlocked),240,"))
        let markdown = sandbox.run(arguments + ["--format", "markdown"])
        #expect(markdown.out.hasPrefix("# Tuning base@1: min-length"))
        let html = sandbox.run(arguments + ["--format", "html", "-o", sandbox.path("tune.html")])
        #expect(html.code == .success)
        let page = try String(contentsOfFile: sandbox.path("tune.html"), encoding: .utf8)
        #expect(page.contains("<svg") && page.contains("class=\"stored\"") && page.contains("12: ASVS 4, PCI, NCSC"))
        #expect(!page.contains("<script"))
        let grid = sandbox.run([
            "tune", "--from", "base", "--vary", "min-length=6..9", "--vary", "drop=dig,bl",
            "--format", "html",
        ])
        #expect(grid.code == .success && grid.out.contains("class=\"heat heat-"), "\(grid.err)")
        for output in [json.out, table.out, csv.out, markdown.out, page, grid.out] {
            for password in Self.passwords where password.count > 5 { #expect(!output.contains(password)) }
        }
    }

    @Test(
        "what the features cannot answer exits 64 with the reason",
        arguments: [
            (["--vary", "pattern=^a"], "pwaudit rescore"),
            (["--vary", "blocklist=builtin:top-10k"], "pwaudit rescore"),
            (["--vary", "min-length=0..4"], "at least 1"),
            (["--vary", "classes=1", "--vary", "require=digit"], "same rules"),
            (["--vary", "drop=nope"], "no rule 'nope'"), (["--vary", "min-score=1..3"], "--strength"),
            ([], "needs --vary"), (["--vary", "min-length"], "KEY=VALUES"),
            (["--vary", "drop=len", "--vary", "min-length=9"], "same rules"),
        ])
    func refusals(_ case: (arguments: [String], reason: String)) throws {
        let (sandbox, _) = try sandbox()
        let refused = sandbox.run(["tune", "--from", "base@1"] + `case`.arguments)
        #expect(refused.code == .usage)
        #expect(refused.err.contains(`case`.reason), "\(refused.err)")
        #expect(refused.out.isEmpty)
    }

    @Test("a run without the tuning summary says to rescore, and rescore writes it")
    func runWithoutSummary() throws {
        let (sandbox, file) = try sandbox()
        let arguments = ["tune", "--from", "base@1", "--vary", "min-length=6..12", "--format", "json"]
        let before = sandbox.run(arguments)
        try #require(before.code == .success)
        // A run completed before schema 13 has no tuning cells.
        try sandbox.database().execute("DELETE FROM run_tuning_cell")
        let missing = sandbox.run(arguments)
        #expect(missing.code == .dataError)
        #expect(missing.err.contains("pwaudit rescore 1 --policy base@1 FILE"), "\(missing.err)")
        let rescored = sandbox.run(["rescore", "1", "--policy", "base@1", file])
        #expect(rescored.code == .success, "\(rescored.err)")
        #expect(rescored.out.contains("tuning summary written"), "\(rescored.out)")
        let after = sandbox.run(arguments)
        let strip = { (text: String) in text.split(separator: "\n").filter { !$0.contains("generated_at") } }
        #expect(strip(after.out) == strip(before.out))
        #expect(try sandbox.integer("SELECT count(*) FROM attempt") == 240, "the outcomes were not written twice")
        let again = sandbox.run(["rescore", "1", "--policy", "base@1", file])
        #expect(again.err.contains("nothing was rescored"))
    }

    @Test("min-score's counts equal the import of strength rules, and the weak share is given")
    func minScoreIsExact() throws {
        let (sandbox, file) = try sandbox(strength: true)
        var policies: [String] = []
        for score in 1...4 {
            let rules = Self.policy.replacingOccurrences(of: "\"base\"", with: "\"s\(score)\"")
                .replacingOccurrences(of: "]}]}", with: #"]}, {"rule": "strength", "min-score": \#(score)}]}"#)
            try #require(sandbox.run(["policy", "add", try sandbox.write("s\(score).json", rules)]).code == .success)
            policies += ["--policy", "s\(score)"]
        }
        let imported = sandbox.run(["import", file, "--again", "--strength"] + policies)
        try #require(imported.code == .success, "\(imported.err)")
        let tuned = sandbox.run([
            "tune", "--from", "base@1", "--run", "1", "--vary", "min-score=1..4", "--format", "json",
        ])
        try #require(tuned.code == .success, "\(tuned.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(tuned.out.utf8)) as? [String: Any])
        let settings = try #require(object["settings"] as? [[String: Any]])
        for setting in settings {
            let score = try #require(setting["min-score"] as? Int)
            let expected = try sandbox.integer(
                "SELECT s.unlocked FROM run_version_summary s JOIN v_policy_version v ON v.id = s.policy_version_id"
                    + " WHERE s.run_id = 2 AND v.reference = 's\(score)@1'")
            #expect((setting["unlocked"] as? [String: Any])?["count"] as? Int == Int(expected), "min-score \(score)")
            #expect(setting["weak"] is [String: Any])
        }
    }
}
