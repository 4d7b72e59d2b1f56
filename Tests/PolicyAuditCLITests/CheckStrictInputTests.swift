import Foundation
import LibC
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// `check` refuses what `import` refuses, and answers a coprocess line by line (issue 10, defect 12).
@Suite("pwaudit check: strict input")
struct CheckStrictInputTests {
    @Test("invalid UTF-8, NUL, over-long and empty lines get import's reason codes and make the exit status 1")
    func rejectsLikeImport() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        var input: [UInt8] = Array("Password1!\n".utf8)
        input += [0x50, 0x61, 0xFF, 0x73, 0x73, 0x31, 0x21, 0x0A]  // "Pa\xFFss1!": not UTF-8
        input += Array("Pass\u{0}word1!\n".utf8)
        input += Array(repeating: UInt8(ascii: "A"), count: 1025) + [0x0A]
        input += Array(repeating: UInt8(ascii: "B"), count: 1024) + Array("1!b\r\n".utf8).suffix(2)  // CRLF, 1024
        input += Array("\nAnother#Pass9".utf8)
        let result = try cli.run(["check", "--policy", CLIHarness.example("seed.json")], stdinBytes: input)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(result.code == .findings)
        #expect(lines.count == 7)
        #expect(lines[0] == #"{"line":1,"unlocksReset":true,"failing":[]}"#)
        #expect(lines[1] == #"{"line":2,"rejected":"invalid-utf8"}"#)
        #expect(lines[2] == #"{"line":3,"rejected":"nul-byte"}"#)
        #expect(lines[3] == #"{"line":4,"rejected":"password-too-long"}"#)
        #expect(lines[4].hasPrefix(#"{"line":5,"unlocksReset":false"#))  // exactly 1 KiB is accepted, as import does
        #expect(lines[5] == #"{"line":6,"rejected":"empty-password"}"#)
        #expect(lines[6] == #"{"line":7,"unlocksReset":true,"failing":[]}"#)
        #expect(!result.out.contains("Pass") && !result.err.contains("Pass"))
    }

    @Test("a line far over the limit is skipped as it streams, not held whole")
    func hugeLine() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let input = Array(repeating: UInt8(ascii: "x"), count: 3_000_000) + Array("\nPassword1!\n".utf8)
        let result = try cli.run(["check", "--policy", CLIHarness.example("seed.json")], stdinBytes: input)
        #expect(
            result.out == #"{"line":1,"rejected":"password-too-long"}"# + "\n"
                + #"{"line":2,"unlocksReset":true,"failing":[]}"# + "\n")
        #expect(result.code == .findings)
    }

    @Test(
        "on a pipe, each verdict is written before the next line is read (a coprocess is answered at once)",
        .enabled(if: BuiltBinary.url != nil, "skipped: no built pwaudit executable"))
    func answersACoprocess() throws {
        let binary = try #require(BuiltBinary.url)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["check", "--policy", CLIHarness.example("seed.json")]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        let reader = output.fileHandleForReading.fileDescriptor
        for (index, password) in ["Password1!", "short"].enumerated() {
            input.fileHandleForWriting.write(Data("\(password)\n".utf8))
            // The input stays open: the answer must come now, not at end of input.
            var poller = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            #expect(poll(&poller, 1, 20_000) == 1, "no answer to line \(index + 1) while its input stays open")
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(reader, &buffer, buffer.count)
            let text = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
            #expect(text.hasPrefix("{\"line\":\(index + 1),"))
        }
    }
}
