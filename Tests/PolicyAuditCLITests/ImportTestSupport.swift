import AuditCrypto
import AuditRepositories
import Foundation
import PasswordPolicy
import PolicyAudit
import PolicyStore
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// A private directory with an initialised database holding policies, and a way to run `pwaudit` in-process there.
///
/// Each test makes its own sandbox, so tests run in parallel without sharing files, `chdir` or `setenv`.
final class ImportSandbox: @unchecked Sendable {  // immutable after init; runs share no state
    private let temporary: TemporaryDirectory
    let directory: URL
    let databasePath: String

    /// Creates the directory, runs `init` and adds `policies` (file names under `examples/`, without `.json`).
    init(policies: [String] = ["seed"]) throws {
        temporary = try TemporaryDirectory(prefix: "pwaudit-import")
        directory = temporary.url
        databasePath = directory.appendingPathComponent("audit.db").path
        try #require(run(["init"]).code == .success)
        for policy in policies {
            let file = SourceTree.example("\(policy).json")
            let result = run(["policy", "add", file])
            try #require(result.code == .success, "policy add \(policy): \(result.err)")
        }
    }

    /// `name` inside the sandbox.
    func path(_ name: String) -> String { temporary.path(name) }

    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String { try temporary.write(name, bytes) }

    /// Writes `text` as UTF-8 to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String { try temporary.write(name, text) }

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
        let key = try FingerprintKeyStore.load(at: databasePath + ".key")
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
