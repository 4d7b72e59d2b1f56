import Foundation
import Testing

@testable import PolicyAuditCLI

@Suite("pwaudit init and policy")
struct PolicyCommandTests {
    private func policy(_ name: String, min: Int, extra: String = "") -> String {
        #"{"name": "\#(name)", "rules": [{"rule": "length", "min": \#(min)}\#(extra)]}"#
    }

    @Test("init creates a 0600 database and key; a second init keeps the key")
    func initialize() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let first = try cli.run(["init", "--db", "a.db"])
        #expect(first.code == .success)
        #expect(first.out.contains("(new)"))
        for file in ["a.db", "a.db.key"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: cli.directory + "/" + file)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
        }
        let key = try Data(contentsOf: URL(fileURLWithPath: cli.directory + "/a.db.key"))
        let second = try cli.run(["init", "--db", "a.db"])
        #expect(second.code == .success && !second.out.contains("(new)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.directory + "/a.db.key")) == key)
    }

    @Test("policy add compiles the file first: a banned-terms rule over its size is refused and nothing is stored")
    func uncompilablePolicyIsNotStored() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        #expect(try cli.run(["init", "--db", "a.db"]).code == .success)
        try cli.write("terms.txt", (0...100_000).map { "term\($0)" }.joined(separator: "\n") + "\n")
        try cli.write(
            "big.json", #"{"name": "big", "rules": [{"rule": "banned-terms", "lists": ["file:terms.txt"]}]}"#)
        let added = try cli.run(["policy", "add", "big.json", "--db", "a.db"])
        #expect(added.code == .dataError)
        #expect(added.err.contains("big.json: rules[0]: holds 100001 terms, more than the 100000"), "\(added.err)")
        try cli.write("small.json", policy("small", min: 8))
        #expect(try cli.run(["policy", "add", "small.json", "--db", "a.db"]).code == .success)
        let listed = try cli.run(["policy", "list", "--db", "a.db"])
        #expect(listed.out.contains("small@1") && !listed.out.contains("big"), "\(listed.out)")
    }

    @Test("PWAUDIT_DB and PWAUDIT_KEY_FILE locate the database and key")
    func environment() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let environment = ["PWAUDIT_DB": "env.db", "PWAUDIT_KEY_FILE": "secret.key"]
        #expect(try cli.run(["init"], environment: environment).code == .success)
        #expect(FileManager.default.fileExists(atPath: cli.directory + "/env.db"))
        #expect(FileManager.default.fileExists(atPath: cli.directory + "/secret.key"))
    }

    @Test("identical definitions dedupe, changed ones get N+1, show NAME is the latest")
    func versions() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try cli.run(["init", "--db", "a.db"])
        let v1 = try cli.write("v1.json", policy("corp", min: 8))
        let v1Reordered = try cli.write("v1b.json", #"{"rules": [{"min": 8, "rule": "length"}], "name": "corp"}"#)
        let v2 = try cli.write("v2.json", policy("corp", min: 12))
        #expect(try cli.run(["policy", "add", v1, "--db", "a.db"]).out == "corp@1\n")
        let again = try cli.run(["policy", "add", v1Reordered, "--db", "a.db"])
        #expect(again.out == "corp@1\n")
        #expect(again.err.contains("identical"))
        #expect(try cli.run(["policy", "add", v2, "--db", "a.db"]).out == "corp@2\n")
        let shown = try cli.run(["policy", "show", "corp", "--db", "a.db"])
        #expect(shown.out.contains("\"min\" : 12"))
        let list = try cli.run(["policy", "list", "--db", "a.db"]).out
        #expect(list.contains("corp@1") && list.contains("corp@2"))
    }

    @Test("at picks the version by effective_from")
    func inForce() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try cli.run(["init", "--db", "a.db"])
        try cli.run([
            "policy", "add", try cli.write("1.json", policy("corp", min: 8)), "--effective", "2026-01-01", "--db",
            "a.db",
        ])
        try cli.run([
            "policy", "add", try cli.write("2.json", policy("corp", min: 12)), "--effective", "2026-06-01", "--db",
            "a.db",
        ])
        #expect(try cli.run(["policy", "at", "corp", "2026-03-15", "--db", "a.db"]).out.hasPrefix("corp@1\t"))
        #expect(try cli.run(["policy", "at", "corp", "2026-06-01", "--db", "a.db"]).out.hasPrefix("corp@2\t"))
        let before = try cli.run(["policy", "at", "corp", "2025-12-31", "--db", "a.db"])
        #expect(before.code == .noInput)
        #expect(before.err.contains("no version of policy 'corp' was in force on 2025-12-31"))
        #expect(try cli.run(["policy", "at", "corp", "someday", "--db", "a.db"]).code == .usage)
    }

    @Test("diff names each changed, added and removed rule")
    func diff() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try cli.run(["init", "--db", "a.db"])
        try cli.run([
            "policy", "add", "--db", "a.db",
            try cli.write("1.json", policy("corp", min: 8, extra: #", {"rule": "max-repeat", "max": 3}"#)),
        ])
        try cli.run([
            "policy", "add", "--db", "a.db",
            try cli.write(
                "2.json", policy("corp", min: 12, extra: #", {"rule": "blocklist", "lists": ["builtin:common"]}"#)),
        ])
        let out = try cli.run(["policy", "diff", "corp@1", "corp@2", "--db", "a.db"]).out
        #expect(out.contains("~ length: ") && out.contains("min 8 → 12"))
        #expect(out.contains("- max-repeat:"))
        #expect(out.contains("+ blocklist:"))
    }

    @Test("a missing database, a non-SQLite file and a corrupt one: one-line errors, no crash")
    func badDatabases() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let missing = try cli.run(["policy", "list", "--db", "nope.db"])
        #expect(missing.code == .noInput)
        #expect(
            missing.err
                == "Error: no pwaudit database at \(cli.directory)/nope.db; create one with 'pwaudit init --db \(cli.directory)/nope.db'\n"
        )
        try cli.write("text.db", String(repeating: "this is not a database\n", count: 200))
        let text = try cli.run(["policy", "list", "--db", "text.db"])
        #expect(text.code == .dataError)
        #expect(text.err.split(separator: "\n").count == 1)
        try cli.run(["init", "--db", "good.db"])
        try cli.run(["policy", "add", CLIHarness.example("seed.json"), "--db", "good.db"])
        var bytes = try Data(contentsOf: URL(fileURLWithPath: cli.directory + "/good.db"))
        bytes.replaceSubrange(0..<100, with: Data(repeating: 0x42, count: 100))
        try bytes.write(to: URL(fileURLWithPath: cli.directory + "/corrupt.db"))
        let corrupt = try cli.run(["policy", "list", "--db", "corrupt.db"])
        #expect([ExitCode.dataError, .ioError].contains(corrupt.code))
        #expect(corrupt.err.split(separator: "\n").count == 1)
    }
}
