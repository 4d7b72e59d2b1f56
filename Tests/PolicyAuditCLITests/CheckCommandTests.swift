import Foundation
import Testing

@testable import PolicyAuditCLI

@Suite("pwaudit check")
struct CheckCommandTests {
    private func lines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test("the issue's example: two JSON lines, the first unlocking reset, the second naming its failures")
    func seedExample() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let result = try cli.run(["check", "--policy", CLIHarness.example("seed.json")], stdin: "Password1!\nshort\n")
        let objects = lines(result.out)
        #expect(result.code == .findings)
        #expect(objects.count == 2)
        #expect(objects[0]["unlocksReset"] as? Bool == true)
        #expect((objects[0]["failing"] as? [String]) == [])
        #expect(objects[1]["unlocksReset"] as? Bool == false)
        #expect(
            (objects[1]["failing"] as? [String])
                == ["length.too-short", "require.missing-upper", "require.missing-digit", "require.missing-special"])
        #expect(!result.out.contains("Password1!"))
        #expect(objects.allSatisfy { Set($0.keys) == ["line", "unlocksReset", "failing"] })
    }

    @Test("exit 0 when every candidate passes; CRLF line ends are not part of the password")
    func allPass() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let result = try cli.run(
            ["check", "--policy", CLIHarness.example("seed.json")], stdin: "Password1!\r\nAnother#Pass9\r\n")
        #expect(result.code == .success)
        #expect(lines(result.out).count == 2)
    }

    @Test("a lone CR ends a line as it ends an import's record: three candidates, three verdicts")
    func loneCarriageReturn() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let result = try cli.run(
            ["check", "--policy", CLIHarness.example("seed.json")], stdin: "short\rPassword1!\r\nAnother#Pass9\r")
        #expect(lines(result.out).map { $0["line"] as? Int } == [1, 2, 3], "\(result.out)")
        #expect(lines(result.out).map { $0["unlocksReset"] as? Bool } == [false, true, true])
    }

    @Test("a byte order mark before the first line is the file's: the first password is checked without it")
    func byteOrderMarkBeforeTheFirstLine() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try cli.write("p.json", #"{"name":"p","rules":[{"rule":"blocklist","lists":["builtin:common"]}]}"#)
        let result = try cli.run(
            ["check", "--policy", "p.json"], stdinBytes: [0xEF, 0xBB, 0xBF] + Array("password\npassword\n".utf8))
        #expect(lines(result.out).map { $0["unlocksReset"] as? Bool } == [false, false], "\(result.out)")
    }

    @Test("a relative corpus path climbs out of a symlinked directory where the system does, as a file: list's")
    func relativeCorpusThroughASymlinkedDirectory() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let root = URL(fileURLWithPath: cli.directory)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("real/sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: cli.directory + "/link", withDestinationPath: cli.directory + "/real/sub")
        // ../c.txt from link/ is real/c.txt to the system; collapsed by hand it would be c.txt beside link.
        try cli.write("real/c.txt", "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8:3\n")
        try cli.write("c.txt", "F7C3BC1D808E04732ADF679965CCC34CA7AE3441:3\n")  // SHA-1 of 123456789
        try cli.write("real/sub/p.json", #"{"name":"p","rules":[{"rule":"blocklist","lists":["hibp:../c.txt"]}]}"#)
        let result = try cli.run(["check", "--policy", "link/p.json"], stdin: "password\n123456789\n")
        #expect(lines(result.out).map { $0["unlocksReset"] as? Bool } == [false, true], "\(result.out)\(result.err)")
    }

    @Test("--user feeds the context rule")
    func contextUser() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let result = try cli.run(
            ["check", "--policy", CLIHarness.example("nist.json"), "--user", "margaret"],
            stdin: "correct horse margaret staple\n")
        #expect(result.code == .findings)
        #expect((lines(result.out).first?["failing"] as? [String])?.contains("context.contains-username") == true)
    }

    @Test("a stored version works as --policy NAME@N")
    func storedVersion() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try cli.run(["init", "--db", "a.db"])
        #expect(try cli.run(["policy", "add", CLIHarness.example("seed.json"), "--db", "a.db"]).out == "seed@1\n")
        let result = try cli.run(["check", "--policy", "seed@1", "--db", "a.db"], stdin: "Password1!\n")
        #expect(result.code == .success)
        let missing = try cli.run(["check", "--policy", "seed@7", "--db", "a.db"], stdin: "x\n")
        #expect(missing.code == .noInput)
        #expect(missing.err.hasPrefix("Error: no stored policy version 'seed@7'"))
    }

    @Test("a bad policy file names the key at fault and exits 65")
    func badPolicy() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let path = try cli.write(
            "bad.json", #"{"name": "bad", "rules": [{"rule": "length", "min": 8}, {"rule": "lenght", "min": 3}]}"#)
        let result = try cli.run(["check", "--policy", path], stdin: "whatever\n")
        #expect(result.code == .dataError)
        #expect(result.err == "Error: \(path): rules[1].rule: unknown rule \"lenght\"; did you mean \"length\"?\n")
    }

    @Test("usage errors: missing --policy, stray argument; help on stdout")
    func usage() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let missing = try cli.run(["check"])
        #expect(missing.code == .usage)
        #expect(missing.err.contains("Error: missing --policy"))
        #expect(missing.err.contains("See 'pwaudit check --help' for more information."))
        let help = try cli.run(["help", "check"])
        #expect(help.code == .success)
        #expect(help.out.hasPrefix("OVERVIEW:") && help.out.contains("OPTIONS:"))
        #expect(try cli.run(["check", "--help"]).out == help.out)
    }
}
