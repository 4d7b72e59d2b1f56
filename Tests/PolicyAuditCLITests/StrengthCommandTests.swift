import Foundation
import PasswordStrength
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Issue 23, item 7: `pwaudit strength` prints zxcvbn's estimate of each stdin line as one JSON object, as `check`
/// prints verdicts: the same input reading, the same refusals and the same stop at a failed write; never the password.
@Suite("pwaudit strength")
struct StrengthCommandTests {
    private func objects(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test("each line's score, log10 guesses, warning, suggestions and decomposition are the estimator's")
    func figuresAreTheEstimators() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let passwords = ["qwertyuiop", "Tr0ub4dour&3", "correcthorsebatterystaple", "aaaaaaaa", "19871987abc"]
        let result = try cli.run(["strength"], stdin: passwords.joined(separator: "\n") + "\n")
        #expect(result.code == .success, "\(result.err)")
        let lines = objects(result.out)
        try #require(lines.count == passwords.count, "\(result.out)")
        let estimator = StrengthEstimator()
        for (index, password) in passwords.enumerated() {
            let line = lines[index]
            let estimate = estimator.estimate(password)
            #expect(line["line"] as? Int == index + 1)
            #expect(line["score"] as? Int == estimate.score, "\(password)")
            let log10 = try #require(line["guesses_log10"] as? Double)
            #expect(abs(log10 - estimate.guessesLog10) < 0.000_05, "\(password)")
            #expect(line["warning"] as? String == estimate.feedback.warning.rawValue)
            #expect(line["warning_text"] as? String == estimate.feedback.warning.text)
            #expect(line["suggestions"] as? [String] == estimate.feedback.suggestions)
            let matches = try #require(line["matches"] as? [[String: Any]])
            #expect(matches.map { $0["kind"] as? String } == estimate.sequence.map(\.pattern.kind))
            #expect(matches.map { $0["i"] as? Int } == estimate.sequence.map(\.start))
            #expect(matches.map { $0["j"] as? Int } == estimate.sequence.map(\.end))
        }
        // The first is a keyboard row on qwerty, top-10 aside: the decomposition names the graph.
        let first = try #require((lines[0]["matches"] as? [[String: Any]])?.first)
        #expect(first["kind"] as? String == "dictionary" || first["graph"] as? String == "qwerty")
        for password in passwords { #expect(!result.out.contains(password)) }
    }

    @Test("--user and --email are user inputs: a password made of the username matches the user_inputs list")
    func userInputs() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let without = try cli.run(["strength"], stdin: "xkqvmaria\n")
        let with = try cli.run(["strength", "--user", "xkqvmaria", "--email", "m@example.org"], stdin: "xkqvmaria\n")
        let plain = try #require(objects(without.out).first)
        let informed = try #require(objects(with.out).first)
        let dictionaries = (informed["matches"] as? [[String: Any]])?.compactMap { $0["dictionary"] as? String }
        #expect(dictionaries == ["user_inputs"], "\(with.out)")
        let expected = StrengthEstimator().estimate("xkqvmaria", userInputs: ["xkqvmaria", "m@example.org"])
        #expect(informed["score"] as? Int == expected.score)
        #expect((informed["guesses_log10"] as? Double ?? 99) < (plain["guesses_log10"] as? Double ?? 0))
        #expect(!with.out.contains("xkqvmaria"))
    }

    @Test("no match's text is printed: not a token, a matched word, a repeated base nor a year")
    func noTokens() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        // A l33t word, a reversed word, a repeat, a date, a recent year and a keyboard walk (the matched word
        // "password" as a JSON string: the feedback's own text says "password").
        let passwords = ["p4ssw0rdZ", "drowssapZ", "zqzqzqzq", "13.05.1987", "canary2019", "zxcvbnm,./"]
        let result = try cli.run(["strength"], stdin: passwords.joined(separator: "\n"))
        #expect(objects(result.out).count == passwords.count)
        for needle in ["p4ssw0rd", "\"password\"", "drowssap", "zqzq", "1987", "2019", "canary", "zxcvbnm", "13.05"] {
            #expect(!result.out.contains(needle), "\(needle) printed")
        }
    }

    @Test("a line import would reject gets its reason code, as check's, and exit 1; the others are estimated")
    func rejectedLines() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let long = String(repeating: "x", count: 1025)
        let bytes = Array("fine-one\n\n".utf8) + [0xFF, 0x0A] + Array("a\u{0}b\n\(long)\r\nlast\r".utf8)
        let result = try cli.run(["strength"], stdinBytes: bytes)
        #expect(result.code == .findings)
        let lines = objects(result.out)
        #expect(lines.map { $0["line"] as? Int } == [1, 2, 3, 4, 5, 6])
        #expect(
            lines.map { $0["rejected"] as? String }
                == [nil, "empty-password", "invalid-utf8", "nul-byte", "password-too-long", nil])
        #expect(lines[5]["score"] as? Int == StrengthEstimator().estimate("last").score)
        let clean = try cli.run(["strength"], stdinBytes: [0xEF, 0xBB, 0xBF] + Array("password".utf8))
        #expect(clean.code == .success)
        #expect(objects(clean.out).first?["warning"] as? String == "top-10", "the byte order mark is the file's")
    }

    @Test("a positional argument is a usage error (64)")
    func usage() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let result = try cli.run(["strength", "hunter2"])
        #expect(result.code == .usage)
        #expect(!result.out.contains("hunter2"))
    }

    @Test("into a pipe whose reader is gone it stops at once: .brokenPipe, nothing on stderr, input not read on")
    func stopsOnAClosedPipe() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-strength")
        let text = String(repeating: "Password1!\nshort\n", count: 8 << 20 / 17)
        let input = try directory.write("candidates.txt", text)
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let stdin = open(input, O_RDONLY | O_CLOEXEC)
        try #require(stdin >= 0)
        defer { close(stdin) }
        let stderr = CapturedOutput()
        let context = CLIContext(
            stdout: FileDescriptorSink(descriptor: ends[1]), stderr: stderr, stdinDescriptor: stdin,
            currentDirectory: directory.url.path)
        let code = withPipeSignalBlocked { PolicyAuditCLI.run(["strength"], context: context) }
        let readTo = Int(lseek(stdin, 0, SEEK_CUR))
        #expect(code == .brokenPipe)
        #expect(stderr.text == "")
        #expect(readTo <= 256 << 10, "strength read \(readTo) of \(text.utf8.count) bytes after its output failed")
    }
}
