import Foundation
import Testing

@testable import PolicyAuditCLI

/// Issue 10, defect 1: `-` is standard input where a file is read — `rescore RUN --policy V -` — checked by SHA-256
/// while it streams, storing nothing unless the whole input is the run's file.
@Suite("rescore reads standard input")
struct RescoreStdinTests {
    static let csv: String = {
        var text = "id,username,password\n"
        for index in 0..<500 { text += "\(index),user\(index),Pass\(index)word-long-enough!\n" }
        return text
    }()

    /// Runs `arguments` in `sandbox` with stdin read from the file `name`.
    static func run(_ sandbox: ImportSandbox, _ arguments: [String], stdinFrom name: String) throws -> CLIResult {
        let descriptor = open(sandbox.path(name), O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        return sandbox.run(arguments, stdin: descriptor)
    }

    @Test("rescore … - adds the version from stdin, exactly as from the file")
    func fromStdin() throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        try sandbox.write("in.csv", Self.csv)
        #expect(sandbox.run(["import", "in.csv", "--policy", "seed"]).code == .success)
        let result = try Self.run(sandbox, ["rescore", "1", "--policy", "nist", "-"], stdinFrom: "in.csv")
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out.hasPrefix("run 1: nist@1 "))
        #expect(try sandbox.integer("SELECT count(*) FROM attempt") == 1_000)
    }

    @Test("another file on stdin is refused as not the run's (65), even when its rows stop lining up first")
    func otherFileOnStdin() throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        try sandbox.write("in.csv", Self.csv)
        #expect(sandbox.run(["import", "in.csv", "--policy", "seed"]).code == .success)
        try sandbox.write("other.csv", Self.csv.replacingOccurrences(of: "\n3,user3,Pass3word-long-enough!", with: ""))
        let result = try Self.run(sandbox, ["rescore", "1", "--policy", "nist", "-"], stdinFrom: "other.csv")
        #expect(result.code == .dataError)
        #expect(
            result.errLines == [
                "Error: this file is not the one run 1 imported (its SHA-256 differs); pass the original file"
            ])
        #expect(try sandbox.integer("SELECT count(*) FROM attempt") == 500)
    }
}
