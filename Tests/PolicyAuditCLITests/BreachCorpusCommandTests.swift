import AuditCrypto
import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// `hibp:` corpora from the command line: `corpus verify`, `check` and `import` against a policy naming one.
@Suite("pwaudit corpus, and policies naming a breach corpus")
struct BreachCorpusCommandTests {
    /// A sorted SHA-1 corpus of `passwords` (each seen `index + 1` times) with `extra` lines spliced in at line 3.
    private static func corpus(_ passwords: [String], extra: [String] = []) -> String {
        var lines = passwords.enumerated().map { index, password in
            (SHA1.digest(Array(password.utf8)), index + 1)
        }.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map { "\(Hex.encode($0.0).uppercased()):\($0.1)" }
        lines.insert(contentsOf: extra, at: min(2, lines.count))
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    private static let passwords = ["password", "123456", "letmein", "qwerty", "dragon", "monkey"]

    @Test func verifyReportsACleanCorpusWithoutItsHashes() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try cli.write("pwned.txt", Self.corpus(Self.passwords))
        let result = try cli.run(["corpus", "verify", "pwned.txt"])
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out.contains("pwned.txt: 6 SHA-1 (hibp:) hashes, well formed and sorted; 21 sightings in all"))
        #expect(!result.out.contains("5BAA61E4"))
    }

    @Test func verifyNamesABadLastLineByNumberAndEscapesThePathItPrints() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        // The last line sorts before the first: found on opening, still named by number, without the advice to run
        // the very command that found it.
        try cli.write("pwned.txt", Self.corpus(Self.passwords) + String(repeating: "0", count: 40) + ":1\r\n")
        let bad = try cli.run(["corpus", "verify", "pwned.txt"])
        #expect(bad.code == .dataError)
        #expect(bad.err.contains("line 7 does not sort after the line before it"), "\(bad.err)")
        #expect(!bad.err.contains("run 'pwaudit corpus verify"), "\(bad.err)")
        let hostile = "e\u{1B}[31mx.txt"
        try cli.write(hostile, Self.corpus(["password"]))
        let good = try cli.run(["corpus", "verify", hostile])
        #expect(good.code == .success, "\(good.err)")
        #expect(
            good.out.hasPrefix("e\\u{1B}[31mx.txt: 1 SHA-1 (hibp:) hash, well formed and sorted; 1 sighting in all"))
        #expect(!good.out.contains("\u{1B}"))
    }

    @Test func verifyNamesAnNTLMLineMixedIntoASHA1Corpus() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try cli.write("pwned.txt", Self.corpus(Self.passwords, extra: ["8846F7EAEE8FB117AD06BDD830B7586C:5"]))
        let result = try cli.run(["corpus", "verify", "pwned.txt"])
        #expect(result.code == .dataError)
        #expect(result.err.contains("line 3 has a 32-digit hash where 40 are expected"), "\(result.err)")
        #expect(!result.err.contains("8846F7EA"))
    }

    @Test func verifyReadsAnNTLMCorpus() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try cli.write("nt.txt", "8846F7EAEE8FB117AD06BDD830B7586C:5\n")
        let result = try cli.run(["corpus", "verify", "nt.txt"])
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out.contains("1 NTLM (hibp-ntlm:) hash, well formed and sorted; 5 sightings in all"))
    }

    @Test func verifyOfAMissingFileExits66() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        #expect(try cli.run(["corpus", "verify", "absent.txt"]).code == .noInput)
        #expect(try cli.run(["corpus", "verify"]).code == .usage)
    }

    @Test func checkRefusesABreachedPasswordByCountFromACorpusBesideThePolicy() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try cli.write("pwned.txt", Self.corpus(Self.passwords))
        try cli.write(
            "p.json", #"{"name":"p","rules":[{"rule":"blocklist","lists":["hibp:pwned.txt"],"min-count":2}]}"#)
        let result = try cli.run(["check", "--policy", "p.json"], stdin: "password\n123456\nsomething-rare\n")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].contains(#""unlocksReset":true"#), "seen once, under min-count 2")
        #expect(lines[1].contains(#""failing":["blocklist.breached"]"#))
        #expect(lines[2].contains(#""unlocksReset":true"#))
        #expect(result.code == .findings)
    }

    @Test func aPolicyNamingAMissingCorpusIsRefusedWhenLoaded() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try cli.write("p.json", #"{"name":"p","rules":[{"rule":"blocklist","lists":["hibp:gone.txt"]}]}"#)
        let result = try cli.run(["check", "--policy", "p.json"], stdin: "x\n")
        #expect(result.code == .noInput)
        #expect(result.err.contains("breach corpus not found: \(cli.directory)/gone.txt"), "\(result.err)")
    }

    @Test func anImportCountsBreachedCandidatesAndStoresNoCorpusHash() throws {
        let sandbox = try ImportSandbox(policies: [])
        try sandbox.write("pwned.txt", Self.corpus(Self.passwords))
        try sandbox.write(
            "p.json",
            #"{"name":"breach","rules":[{"rule":"length","min":6},{"rule":"blocklist","lists":["hibp:pwned.txt"]}]}"#)
        #expect(sandbox.run(["policy", "add", sandbox.path("p.json")]).code == .success)
        let csv = "id,username,password\n1,a,password\n2,b,dragon\n3,c,unlisted-phrase\n4,d,tiny\n"
        let result = sandbox.run(["import", try sandbox.write("in.csv", csv)])
        #expect(result.code == .success, "\(result.err)")
        let report = sandbox.run(["report", "--format", "json"])
        #expect(report.code == .success, "\(report.err)")
        let json = try JSONSerialization.jsonObject(with: Data(report.out.utf8))
        let rules = Self.objects(in: json).filter { $0["kind"] as? String == "blocklist" && $0["bit"] != nil }
        #expect(rules.map { $0["count"] as? Int } == [2], "password and dragon are in the corpus: \(report.out)")
        let database = try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath))
        for password in Self.passwords {
            let hex = Hex.encode(SHA1.digest(Array(password.utf8)))
            #expect(database.range(of: Data(hex.utf8)) == nil && database.range(of: Data(hex.uppercased().utf8)) == nil)
        }
    }

    /// Every JSON object nested in `value`.
    private static func objects(in value: Any) -> [[String: Any]] {
        if let object = value as? [String: Any] { return [object] + object.values.flatMap { objects(in: $0) } }
        if let array = value as? [Any] { return array.flatMap { objects(in: $0) } }
        return []
    }
}
