import AuditCrypto
import Foundation
import PasswordPolicy
import PolicyStore
import Testing

@testable import PolicyAuditCLI

/// A private directory with an initialised database holding policies, and a way to run `pwaudit` in-process there.
///
/// Each test makes its own sandbox, so tests run in parallel without sharing files, `chdir` or `setenv`.
final class ImportSandbox: @unchecked Sendable {  // immutable after init; runs share no state
    /// The repository checkout this test file lives in.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    let directory: URL
    let databasePath: String

    /// Creates the directory, runs `init` and adds `policies` (file names under `examples/`, without `.json`).
    init(policies: [String] = ["seed"]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pwaudit-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        databasePath = directory.appendingPathComponent("audit.db").path
        try #require(run(["init"]).code == .success)
        for policy in policies {
            let file = Self.repository.appendingPathComponent("examples/\(policy).json").path
            let result = run(["policy", "add", file])
            try #require(result.code == .success, "policy add \(policy): \(result.err)")
        }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// `name` inside the sandbox.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let target = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// Writes `text` as UTF-8 to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

    /// Runs `pwaudit arguments --db <sandbox db>` in-process; stdin is `stdin` (default: an empty pipe).
    func run(_ arguments: [String], stdin: Int32? = nil, database: String? = nil) -> CLIResult {
        let out = CapturedOutput()
        let err = CapturedOutput()
        var emptyPipe: [Int32] = [-1, -1]
        if stdin == nil {
            _ = pipe(&emptyPipe)
            close(emptyPipe[1])
        }
        defer { if emptyPipe[0] >= 0 { close(emptyPipe[0]) } }
        let context = CLIContext(
            stdout: out, stderr: err, stdinDescriptor: stdin ?? emptyPipe[0], environment: [:],
            currentDirectory: directory.path)
        let code = PolicyAuditCLI.run(arguments + ["--db", database ?? databasePath], context: context)
        return CLIResult(code: code, out: out.text, err: err.text)
    }

    /// Opens the sandbox database (a second connection; the in-process CLI has closed its own).
    func database() throws -> Database { try Database(path: databasePath, mode: .readWrite) }

    /// The integers of the first column of `sql`'s rows.
    func integers(_ sql: String) throws -> [Int64] {
        let database = try database()
        let statement = try database.makeStatement(sql)
        var values: [Int64] = []
        while try statement.step() { values.append(statement.int64(at: 0)) }
        return values
    }

    /// The one integer `sql` returns.
    func integer(_ sql: String) throws -> Int64 { try #require(integers(sql).first) }

    /// `(line, reason)` of every rejected row, by line.
    func rejectedRows() throws -> [Int: String] {
        let database = try database()
        let statement = try database.makeStatement("SELECT line, reason FROM rejected_row ORDER BY line")
        var rows: [Int: String] = [:]
        while try statement.step() { rows[statement.int(at: 0)] = statement.string(at: 1) ?? "" }
        return rows
    }

    /// The stored fingerprints of the candidates, in line order.
    func fingerprints() throws -> [[UInt8]] {
        let database = try database()
        let statement = try database.makeStatement("SELECT fingerprint FROM candidate ORDER BY id")
        var rows: [[UInt8]] = []
        while try statement.step() { rows.append(statement.blob(at: 0) ?? []) }
        return rows
    }

    /// The fingerprint pwaudit stores for `password` under this sandbox's key.
    func fingerprint(of password: String) throws -> [UInt8] {
        let key = try FingerprintKeyStore.load(at: FingerprintKeyStore.defaultPath(forDatabaseAt: databasePath))
        let normalized = PasswordNormalizer.normalized(password, .nfkc)
        return Fingerprinter(key: key).fingerprint(utf8: normalized).bytes
    }
}

/// What one in-process run printed and returned.
struct CLIResult: Sendable {
    let code: ExitCode
    let out: String
    let err: String

    /// The stderr lines.
    var errLines: [Substring] { err.split(separator: "\n") }
}

/// The shared benchmark kit (`<repo>/../shared`, else `/work/shared`) and a python3 to run its generator.
enum SharedBench {
    static let directory: URL? = {
        let candidates = [
            ImportSandbox.repository.appendingPathComponent("../shared").standardizedFileURL,
            ImportSandbox.repository.appendingPathComponent("../../shared").standardizedFileURL,
            URL(fileURLWithPath: "/work/shared"),
        ]
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("bench/gen_corpus.py").path)
        }
    }()

    static let python: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// Whether the corpus generator can run here.
    static var isAvailable: Bool { directory != nil && python != nil }

    /// Runs `gen_corpus.py arguments -o output` and returns its stderr.
    static func generate(_ arguments: [String], output: String) throws -> String {
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
    static func dirtyLines(_ stderr: String) -> [Int: String] {
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

/// Finds `needle` in `haystack` (byte search, for scanning files for secrets).
func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, haystack.count >= needle.count else { return false }
    let first = needle[0]
    var start = 0
    let last = haystack.count - needle.count
    return haystack.withUnsafeBufferPointer { hay in
        while start <= last {
            if hay[start] == first, hay[start..<(start + needle.count)].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }
}
