import Foundation
import Testing

/// The shared benchmark kit (`<repo>/../shared`, else `/work/shared`) and a python3 to run its generator.
package enum SharedBench {
    /// The kit's directory, or nil when it is not there.
    package static let directory: URL? = {
        let candidates = [
            SourceTree.root.appendingPathComponent("../shared").standardizedFileURL,
            SourceTree.root.appendingPathComponent("../../shared").standardizedFileURL,
            URL(fileURLWithPath: "/work/shared"),
        ]
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("bench/gen_corpus.py").path)
        }
    }()

    /// A `python3` on `PATH`, or nil.
    package static let python: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// Whether the corpus generator can run here.
    package static var isAvailable: Bool { directory != nil && python != nil }

    /// Runs `gen_corpus.py arguments -o output` and returns its stderr.
    package static func generate(_ arguments: [String], output: String) throws -> String {
        let process = Process()
        process.executableURL = python
        let script = try #require(directory).appendingPathComponent("bench/gen_corpus.py").path
        process.arguments = [script] + arguments + ["-o", output]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "gen_corpus.py failed")
        return String(decoding: data, as: UTF8.self)
    }

    /// The `line → kind` pairs of the generator's `dirty line=L record=R kind=K` lines.
    package static func dirtyLines(_ stderr: String) -> [Int: String] {
        var lines: [Int: String] = [:]
        for line in stderr.split(separator: "\n") where line.hasPrefix("dirty ") {
            var fields: [Substring: Substring] = [:]
            for item in line.split(separator: " ").dropFirst() {
                let parts = item.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { fields[parts[0]] = parts[1] }
            }
            if let number = fields["line"].flatMap({ Int($0) }), let kind = fields["kind"] {
                lines[number] = String(kind)
            }
        }
        return lines
    }
}
