import Foundation
import PwauditTestSupport

@testable import PolicyAuditCLI

/// Runs `pwaudit` in-process in a private temporary directory, with captured output and optional stdin text.
struct CLIHarness {
    private let temporary: TemporaryDirectory
    /// The directory the commands run in (removed by `cleanUp`, else with the last copy of the harness).
    let directory: String

    /// A fresh, unique directory.
    init() throws {
        temporary = try TemporaryDirectory(prefix: "pwaudit-cli")
        directory = temporary.url.path
    }

    /// The outcome of one command.
    struct Result {
        let code: ExitCode
        let out: String
        let err: String
    }

    /// Runs `arguments`, feeding `stdin` through a pipe.
    @discardableResult
    func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws -> Result {
        try run(arguments, stdinBytes: Array(stdin.utf8), environment: environment)
    }

    /// Runs `arguments` with `stdinBytes` (any bytes, valid UTF-8 or not) on standard input.
    @discardableResult
    func run(_ arguments: [String], stdinBytes: [UInt8], environment: [String: String] = [:]) throws -> Result {
        // Stdin comes from a file: no pipe, so no writer thread and no SIGPIPE when a command ignores its input.
        let input = (directory as NSString).appendingPathComponent(".stdin-\(UUID().uuidString)")
        try Data(stdinBytes).write(to: URL(fileURLWithPath: input))
        let descriptor = open(input, O_RDONLY)
        defer {
            close(descriptor)
            unlink(input)
        }
        let out = CapturedOutput()
        let err = CapturedOutput()
        let context = CLIContext(
            stdout: out, stderr: err, stdinDescriptor: descriptor, environment: environment, currentDirectory: directory
        )
        let code = PolicyAuditCLI.run(arguments, context: context)
        return Result(code: code, out: out.text, err: err.text)
    }

    /// Writes `text` to a file in the directory and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let path = (directory as NSString).appendingPathComponent(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The repository's `examples/NAME`.
    static func example(_ name: String) -> String {
        SourceTree.example(name)
    }

    /// Removes the directory.
    func cleanUp() { try? FileManager.default.removeItem(atPath: directory) }
}
