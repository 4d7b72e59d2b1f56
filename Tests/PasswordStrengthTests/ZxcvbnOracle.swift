import Foundation
import PwauditTestSupport
import Testing

/// PyPI zxcvbn 4.5.0 in a Python: `.ci/run` installs it in `.build/zxcvbn-venv`; otherwise `PWAUDIT_ZXCVBN_PYTHON`
/// or a `python3` on `PATH` that has it. Outside CI it may be missing, and the tests that need it say so and skip.
enum ZxcvbnOracle {
    /// A Python that imports zxcvbn 4.5.0, or nil.
    static let python: URL? = {
        var candidates = [SourceTree.path(".build/zxcvbn-venv/bin/python3")]
        if let named = ProcessInfo.processInfo.environment["PWAUDIT_ZXCVBN_PYTHON"] { candidates.insert(named, at: 0) }
        if let onPath = SharedBench.python { candidates.append(onPath.path) }
        return candidates.lazy.map { URL(fileURLWithPath: $0) }.first { python in
            guard FileManager.default.isExecutableFile(atPath: python.path) else { return false }
            let process = Process()
            process.executableURL = python
            process.arguments = [
                "-c", "import sys, importlib.metadata as m; sys.exit(m.version('zxcvbn') != '4.5.0')",
            ]
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
    }()

    static let unavailable =
        "needs PyPI zxcvbn 4.5.0 (.ci/run installs it in .build/zxcvbn-venv; or set PWAUDIT_ZXCVBN_PYTHON)"

    /// Runs one of `scripts/` with the oracle's Python and returns its stdout.
    static func run(script: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = try #require(python)
        process.arguments = [SourceTree.path("scripts/\(script)")] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(script) failed")
        return data
    }
}
