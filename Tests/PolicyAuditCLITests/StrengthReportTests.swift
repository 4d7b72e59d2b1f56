import Foundation
import PasswordPolicy
import PasswordStrength
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Issue 23, item 4: `import --strength` (or a version with a `strength` rule) stores each candidate's score and log10
/// guesses; the report's strength section per version, in all five formats, and compare's strength movement carry the
/// counts this test computes itself (PasswordStrength and the engine called directly); no output holds a password.
@Suite("Stored strength: import --strength, report and compare")
struct StrengthReportTests {
    static let loose = #"{"name":"loose","rules":[{"rule":"length","min":6}]}"#
    static let strict = #"{"name":"strict","rules":[{"rule":"length","min":10},{"rule":"require","class":"digit"}]}"#
    /// Passwords and usernames of every strength: common, keyboard walks, a username inside, long random ones.
    static let rows: [(user: String, password: String)] = [
        ("ann", "password"), ("bob", "qwerty123"), ("cyd", "Zebra-Canary-Quilt-83"), ("dee", "deedeedee1"),
        ("eve", "letmein"), ("fay", "correcthorse"), ("gus", "Gus1987!"), ("hal", "9fK#2mQz!pL7vX"),
        ("ivy", "ivy2019ivy"), ("jon", "monkey12"), ("kim", "Tr0ub4dour&3"), ("lou", "password"),
    ]

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Per score 0-4: the candidates, and those that unlock under `policy`, counted here from the rows.
    static func expected(_ policyJSON: String) throws -> (all: [Int], unlocked: [Int]) {
        let policy = try CompiledPolicy(PasswordPolicy(json: Data(policyJSON.utf8)))
        var all = [Int](repeating: 0, count: 5)
        var unlocked = [Int](repeating: 0, count: 5)
        for row in rows {
            let score = StrengthEstimator().estimate(row.password, userInputs: [row.user]).score
            all[score] += 1
            if policy.evaluate(Candidate(password: row.password, username: row.user)).unlocksReset {
                unlocked[score] += 1
            }
        }
        return (all, unlocked)
    }

    static func sandbox() throws -> ImportSandbox {
        let sandbox = try ImportSandbox(policies: [])
        for (name, text) in [("loose", loose), ("strict", strict)] {
            let result = sandbox.run(["policy", "add", try sandbox.write("\(name).json", text)])
            try #require(result.code == .success, "\(result.err)")
        }
        let csv = "username,password\n" + rows.map { "\($0.user),\($0.password)" }.joined(separator: "\n") + "\n"
        let imported = sandbox.run(["import", try sandbox.write("c.csv", csv), "--strength"])
        try #require(imported.code == .success, "\(imported.err)")
        return sandbox
    }

    @Test("the stored scores and the JSON report's per-version histograms are the ones counted here")
    func countsMatch() throws {
        let sandbox = try Self.sandbox()
        let stored = try sandbox.integers("SELECT strength_score FROM v_candidate_strength ORDER BY candidate_id")
        #expect(
            stored == Self.rows.map { Int64(StrengthEstimator().estimate($0.password, userInputs: [$0.user]).score) })
        let report = try json(sandbox.run(["report", "--format", "json"]).out)
        let versions = try #require(report["versions"] as? [[String: Any]])
        try #require(versions.count == 2)
        for (version, policyJSON) in zip(versions, [Self.loose, Self.strict]) {
            let (all, unlocked) = try Self.expected(policyJSON)
            let strength = try #require(version["strength"] as? [String: Any], "\(version)")
            let scores = try #require(strength["by_score"] as? [[String: Any]])
            #expect(scores.map { $0["score"] as? Int } == [0, 1, 2, 3, 4])
            #expect(scores.map { $0["candidates"] as? Int } == all)
            #expect(scores.map { $0["unlocked"] as? Int } == unlocked)
            let guessable = try #require(strength["unlocked_guessable"] as? [String: Any])
            #expect(guessable["count"] as? Int == unlocked.prefix(3).reduce(0, +))
            #expect(version["unlocked"] as? [String: Any] != nil)
        }
        #expect(Set(try Self.expected(Self.loose).unlocked) != Set([0]), "the fixture unlocks something")
    }

    @Test("table, CSV, Markdown and HTML show the section with the same counts")
    func everyFormat() throws {
        let sandbox = try Self.sandbox()
        let (all, unlocked) = try Self.expected(Self.strict)
        let guessable = unlocked.prefix(3).reduce(0, +)
        let total = unlocked.reduce(0, +)
        let sentence = "\(guessable) of \(total) unlocking candidates"
        let table = sandbox.run(["report", "--format", "table"]).out
        #expect(table.contains("Strength (zxcvbn score): " + sentence), "\(table)")
        let markdown = sandbox.run(["report", "--format", "markdown"]).out
        #expect(markdown.contains("### Strength (zxcvbn score)") && markdown.contains(sentence))
        let html = sandbox.run(["report", "--format", "html"]).out
        #expect(html.contains("Strength under strict@1: " + sentence), "\(html.prefix(200))")
        let csv = sandbox.run(["report", "--format", "csv"]).out.components(separatedBy: "\r\n")
        let strengthRows = csv.filter { $0.hasPrefix("strength,strict@1,") }
        #expect(strengthRows.count == 11, "\(strengthRows)")
        for score in 0...4 {
            #expect(
                strengthRows.contains {
                    $0.hasPrefix("strength,strict@1,score=\(score),") && $0.contains(",candidates,\(all[score]),")
                }, "\(strengthRows)")
        }
    }

    @Test("compare shows how the unlocking candidates' strength moves from A to B, in every format")
    func compareMovement() throws {
        let sandbox = try Self.sandbox()
        let a = try Self.expected(Self.loose).unlocked
        let b = try Self.expected(Self.strict).unlocked
        let report = try json(sandbox.run(["compare", "loose", "strict", "--format", "json"]).out)
        let strength = try #require(report["strength"] as? [String: Any], "\(report)")
        for (key, expected) in [("a", a), ("b", b)] {
            let side = try #require(strength[key] as? [String: Any])
            let scores = try #require(side["by_score"] as? [[String: Any]])
            #expect(scores.map { $0["unlocked"] as? Int } == expected)
        }
        let table = sandbox.run(["compare", "loose", "strict"]).out
        let share = { (counts: [Int]) in
            "(\(counts.prefix(3).reduce(0, +)) of \(counts.reduce(0, +)))"
        }
        #expect(
            table.contains("Strength of the unlocking candidates") && table.contains(share(a))
                && table.contains(share(b)), "\(table)")
        for format in ["csv", "markdown", "html"] {
            let out = sandbox.run(["compare", "loose", "strict", "--format", format]).out
            #expect(
                out.contains("strength_unlocked") || out.contains("Strength of the unlocking candidates"), "\(format)")
        }
    }

    @Test("without --strength and without a strength rule, nothing is estimated: no section, no stored score")
    func withoutStrength() throws {
        let sandbox = try ImportSandbox(policies: [])
        #expect(sandbox.run(["policy", "add", try sandbox.write("loose.json", Self.loose)]).code == .success)
        let imported = sandbox.run(["import", try sandbox.write("c.csv", "username,password\nann,password\n")])
        #expect(imported.code == .success)
        #expect(try sandbox.integer("SELECT count(*) FROM v_candidate_strength") == 0)
        let report = try json(sandbox.run(["report", "--format", "json"]).out)
        let version = try #require((report["versions"] as? [[String: Any]])?.first)
        #expect(version["strength"] is NSNull)
    }

    @Test("a version with a strength rule stores estimates without --strength")
    func ruleImpliesStrength() throws {
        let sandbox = try ImportSandbox(policies: [])
        let policy = #"{"name":"g","rules":[{"rule":"strength","min-score":2}]}"#
        #expect(sandbox.run(["policy", "add", try sandbox.write("g.json", policy)]).code == .success)
        #expect(
            sandbox.run(["import", try sandbox.write("c.csv", "username,password\nann,password\nbo,Xq9!vLm#2pRt\n")])
                .code == .success)
        #expect(
            try sandbox.integers("SELECT strength_score FROM v_candidate_strength ORDER BY candidate_id") == [0, 4])
    }

    @Test("no password reaches the database, a report of any format, compare or the strength command's output")
    func noCanary() throws {
        let sandbox = try Self.sandbox()
        var outputs: [(name: String, text: String)] = []
        for format in ["table", "json", "csv", "markdown", "html"] {
            outputs.append(("report \(format)", sandbox.run(["report", "--format", format]).out))
            outputs.append(("compare \(format)", sandbox.run(["compare", "loose", "strict", "--format", format]).out))
        }
        let canaries = ["Zebra-Canary-Quilt-83", "9fK#2mQz!pL7vX", "Tr0ub4dour&3", "correcthorse"]
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let estimated = try cli.run(["strength", "--user", "cyd"], stdin: canaries.joined(separator: "\n") + "\n")
        #expect(estimated.code == .success)
        outputs.append(("strength", estimated.out + estimated.err))
        let scan = CanaryScan(canaries: canaries)
        let scanned = try scan.expectNoTrace(
            in: [sandbox.databasePath, sandbox.databasePath + "-wal"], outputs: outputs)
        #expect(scanned >= outputs.count)
    }
}
