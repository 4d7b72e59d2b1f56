import Foundation
import Testing

/// A program a test runs (a shell, `groff`, `mandoc`), found in `/usr/bin`, `/bin` or on `PATH`: without it the test
/// skips saying why, except when `CI=true` (`.ci/run` installs it), where it runs and fails.
package struct ShellTool: Sendable {
    /// The program's name (`zsh`).
    package let name: String
    /// Where it is, or nil when it is not installed.
    package let path: String?

    /// Finds `name`.
    package init(_ name: String) {
        self.name = name
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = ["/usr/bin", "/bin"] + path.split(separator: ":").map(String.init)
        self.path = directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether CI requires the tools (`CI=true`).
    package static let isRequired = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether a test of this tool runs: it is installed, or CI requires it.
    package var isEnabled: Bool { path != nil || Self.isRequired }

    /// The one line a skipped test says.
    package var skipReason: Comment {
        "skipped: no \(name) in /usr/bin, /bin or on PATH; install \(name) (.ci/run does; CI=true makes this a failure)"
    }

    /// What one run printed and how it ended.
    package struct Outcome: Sendable {
        /// The exit status (or 128 + the signal).
        package let status: Int32
        /// Standard output.
        package let out: String
        /// Standard error.
        package let err: String
    }

    /// Runs the tool with `arguments` in `directory`, standard input empty, and returns what it printed.
    /// - Throws: when the tool is missing (in CI) or cannot be started.
    package func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws
        -> Outcome
    {
        let path = try #require(path, "\(name) is not installed (CI=true requires it)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var base = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": directory, "TERM": "dumb"]
        base.merge(environment) { $1 }
        process.environment = base
        let out = directory + "/.\(name)-\(UUID().uuidString).out"
        let err = directory + "/.\(name)-\(UUID().uuidString).err"
        FileManager.default.createFile(atPath: out, contents: nil)
        FileManager.default.createFile(atPath: err, contents: nil)
        defer { for file in [out, err] { try? FileManager.default.removeItem(atPath: file) } }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, out: try String(contentsOfFile: out, encoding: .utf8),
            err: try String(contentsOfFile: err, encoding: .utf8))
    }
}
