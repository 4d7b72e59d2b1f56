import Foundation
import PwauditTestSupport
import Testing

/// A database of the test cluster set up by the built `pwaudit` as a user sets one up (`init` with a key file, then
/// the given example policies), a scratch directory, and the binary run against it as separate processes
/// (`PWAUDIT_DB` and `PWAUDIT_KEY_FILE` in their environment); the server's side read with `psql` and `pg_dump`.
final class PostgresTrustFixture {
    /// How a command ended and what it wrote.
    struct Outcome {
        let ending: SpawnedChild.Ending?
        let out: String
        let err: String

        /// Its exit status, or -1 when it was killed or did not end.
        var status: Int32 {
            if case .exited(let code) = ending { code } else { -1 }
        }
    }

    /// A command started and not yet waited for.
    struct Running {
        let child: SpawnedChild
        let outPath: String
        let errPath: String

        /// Whether it still runs (it has not ended; it is reaped only by `finish`).
        var isRunning: Bool {
            let stat = (try? String(contentsOfFile: "/proc/\(child.pid)/stat", encoding: .utf8)) ?? ""
            guard let close = stat.lastIndex(of: ")"), stat.distance(from: close, to: stat.endIndex) > 2 else {
                return false
            }
            return !stat[stat.index(close, offsetBy: 2)...].hasPrefix("Z")
        }

        /// Waits for it (at most `seconds`) and reads what it wrote.
        func finish(seconds: TimeInterval = 600) -> Outcome {
            let ending = child.wait(seconds: seconds)
            return Outcome(
                ending: ending, out: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                err: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
        }
    }

    /// Why the fixture could not be made.
    struct SetupError: Error, CustomStringConvertible {
        let description: String
    }

    let database: PostgresTestDatabase
    let directory: TemporaryDirectory
    let keyPath: String
    let binary: String

    /// Whether these tests can run: a server (or CI requiring one) and the built binary.
    static let isEnabled = PostgresTestCluster.isEnabled && BuiltBinary.url != nil

    /// The one line a skipped test says.
    static let skipReason: Comment =
        BuiltBinary.url == nil
        ? "skipped: no built pwaudit executable beside the tests or in .build/" : PostgresTestCluster.skipReason

    /// A new database, `init`ialised by the binary with a key file in a scratch directory, holding `policies`
    /// (examples/NAME.json).
    init(policies: [String] = ["seed", "nist", "strict"]) throws {
        guard let url = BuiltBinary.url else { throw SetupError(description: "no built pwaudit") }
        binary = url.path
        database = try PostgresTestCluster.shared().createDatabase()
        directory = try TemporaryDirectory(prefix: "pwaudit-pg-trust")
        keyPath = directory.path("audit.key")
        try expectSuccess(["init"])
        for policy in policies { try expectSuccess(["policy", "add", SourceTree.example("\(policy).json")]) }
    }

    /// The database's URI as the superuser.
    var uri: String { database.uri }

    /// The database's URI as `role` (the reader, the writer).
    func uri(as role: String) -> String { database.cluster.uri(database: database.name, user: role) }

    /// `<db>_reader` and `<db>_writer`, the roles `init` created.
    var readerRole: String { database.name + "_reader" }
    var writerRole: String { database.name + "_writer" }

    // MARK: The binary

    /// Starts `pwaudit arguments` against the database (`uri` instead, when given) with `stdin` (a file) as its
    /// standard input.
    func start(_ arguments: [String], uri: String? = nil, stdin: String? = nil) throws -> Running {
        let name = UUID().uuidString
        let outPath = directory.path(".out-\(name)")
        let errPath = directory.path(".err-\(name)")
        let out = open(outPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let err = open(errPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let input = open(stdin ?? "/dev/null", O_RDONLY | O_CLOEXEC)
        defer {
            close(out)
            close(err)
            close(input)
        }
        guard out >= 0, err >= 0, input >= 0 else { throw SetupError(description: "cannot open the output files") }
        let environment = [
            "PATH=/usr/bin:/bin", "LANG=C.UTF-8", "NO_COLOR=1", "PWAUDIT_DB=\(uri ?? self.uri)",
            "PWAUDIT_KEY_FILE=\(keyPath)",
        ]
        let child = try SpawnedChild(
            binary, arguments, stdin: input, stdout: out, stderr: err, environment: environment)
        return Running(child: child, outPath: outPath, errPath: errPath)
    }

    /// Runs `pwaudit arguments` to its end.
    func run(_ arguments: [String], uri: String? = nil, stdin: String? = nil) throws -> Outcome {
        try start(arguments, uri: uri, stdin: stdin).finish()
    }

    /// Runs `pwaudit arguments` and throws unless it exits 0.
    @discardableResult
    func expectSuccess(_ arguments: [String]) throws -> Outcome {
        let outcome = try run(arguments)
        guard outcome.ending == .exited(0) else {
            throw SetupError(description: "pwaudit \(arguments.joined(separator: " ")): \(outcome.err)")
        }
        return outcome
    }

    // MARK: The server's side

    /// The rows `sql` returns, run by `psql` as the superuser, each row's columns joined by a tab.
    func rows(_ sql: String) throws -> [String] {
        let output = try client(
            "psql",
            ["-X", "-q", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1"] + connection + ["-d", database.name, "-c", sql])
        return output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter {
            !$0.isEmpty
        }
    }

    /// The one integer `sql` returns.
    func integer(_ sql: String) throws -> Int {
        guard let row = try rows(sql).first, let value = Int(row) else {
            throw SetupError(description: "no integer from \(sql)")
        }
        return value
    }

    /// A plain-SQL `pg_dump` of the database (schema and every row), written to `path`.
    func dump(to path: String) throws {
        _ = try client("pg_dump", connection + ["-d", database.name, "-f", path])
    }

    private var connection: [String] {
        ["-h", database.cluster.directory, "-p", "\(database.cluster.port)", "-U", PostgresTestCluster.superuser]
    }

    /// Runs one of the server's client programs to its end; its standard output, or an error with its stderr.
    private func client(_ program: String, _ arguments: [String]) throws -> String {
        guard let binaries = PostgresTestCluster.serverBinaries else { throw SetupError(description: "no server") }
        let name = UUID().uuidString
        let outPath = directory.path(".psql-\(name)")
        let errPath = directory.path(".psql-err-\(name)")
        let out = open(outPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let err = open(errPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer {
            close(out)
            close(err)
            close(null)
            unlink(outPath)
            unlink(errPath)
        }
        let child = try SpawnedChild(
            binaries + "/" + program, arguments, stdin: null, stdout: out, stderr: err,
            environment: ["PATH=/usr/bin:/bin", "LC_ALL=C", "PGCONNECT_TIMEOUT=10"])
        let ending = child.wait(seconds: 120)
        let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        guard ending == .exited(0) else {
            let message = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
            throw SetupError(description: "\(program) failed: \(message)")
        }
        return output
    }

    // MARK: Reading JSON reports

    /// `text` as a JSON object.
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A JSON run report's run id.
    static func runID(_ report: [String: Any]) -> Int? {
        ((report["run"] as? [String: Any])?["id"] as? NSNumber)?.intValue
    }

    /// A JSON run report's candidates.
    static func candidates(_ report: [String: Any]) -> Int? {
        ((report["features"] as? [String: Any])?["candidates"] as? NSNumber)?.intValue
    }
}
