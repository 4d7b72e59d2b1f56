import Foundation
import LibC
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// One store `BothStoresScript` runs against: a database file, or a database of the PostgreSQL test cluster with its
/// roles; the commands run in-process in a directory of their own (`check --record` as the built binary on a
/// pseudo-terminal), with the key file `a.key` there.
final class BothStoresStore {
    /// `sqlite` or `postgresql`, for messages.
    let name: String
    let harness: CLIHarness
    private let addresses: [BothStoresScript.Role: String]
    /// The PostgreSQL database, kept until the store goes (then dropped).
    private let database: PostgresTestDatabase?

    private init(name: String, addresses: [BothStoresScript.Role: String], database: PostgresTestDatabase?) throws {
        self.name = name
        harness = try CLIHarness()
        self.addresses = addresses
        self.database = database
        for (file, text) in BothStoresScript.files { try harness.write(file, text) }
    }

    deinit { harness.cleanUp() }

    /// A fresh database file, `a.db`, for every role.
    static func sqlite() throws -> BothStoresStore {
        let store = try BothStoresStore(name: "sqlite", addresses: [:], database: nil)
        return store
    }

    /// A fresh database of the test cluster: `init` as the superuser, writes and reports as `<db>_writer`, `query` as
    /// `<db>_reader`.
    static func postgres() throws -> BothStoresStore {
        let database = try PostgresTestCluster.shared().createDatabase()
        let cluster = database.cluster
        return try BothStoresStore(
            name: "postgresql",
            addresses: [
                .administrator: database.uri,
                .writer: cluster.uri(database: database.name, user: database.name + "_writer"),
                .reader: cluster.uri(database: database.name, user: database.name + "_reader"),
            ], database: database)
    }

    /// The `--db` value for `role`.
    func address(_ role: BothStoresScript.Role) -> String {
        addresses[role] ?? harness.directory + "/a.db"
    }

    /// What one step gave, with only what must differ between stores made the same.
    struct Outcome: Equatable, CustomStringConvertible {
        let code: Int32
        let out: String
        let err: String
        /// The file the step writes, if it names one.
        let written: String?

        var description: String {
            "exit \(code)\n--- stdout\n\(out)\n--- stderr\n\(err)" + (written.map { "\n--- file\n\($0)" } ?? "")
        }
    }

    /// Runs `step` and returns its outcome, normalised (`normalised(_:)`).
    func run(_ step: BothStoresScript.Step) throws -> Outcome {
        let arguments = step.arguments + ["--db", address(step.role), "--key-file", harness.directory + "/a.key"]
        let code: Int32
        let out: String
        let err: String
        if let typed = step.typed {
            (code, out, err) = try runOnTerminal(arguments, typing: typed)
        } else {
            let result = try harness.run(arguments)
            (code, out, err) = (result.code.rawValue, result.out, result.err)
        }
        let written = try step.writes.map {
            try String(contentsOfFile: harness.directory + "/" + $0, encoding: .utf8)
        }
        return Outcome(
            code: code, out: normalised(out), err: normalised(err), written: written.map(normalised))
    }

    /// `text` with what must differ between two stores and two runs of the script replaced by a placeholder: the
    /// database's addresses (`<db>`), its name where role names carry it (`<name>`), the directory (`<dir>`), and
    /// every instant within two days of now (`<now>`: runs' and reports' times; the inputs' are months away).
    func normalised(_ text: String) -> String {
        var text = text
        // The script's URIs have no password, so messages show them as they are.
        let displayed = Array(addresses.values) + [harness.directory + "/a.db"]
        for address in displayed.sorted(by: { $0.count > $1.count }) {
            text = text.replacingOccurrences(of: address, with: "<db>")
        }
        if let database { text = text.replacingOccurrences(of: database.name, with: "<name>") }
        text = text.replacingOccurrences(of: harness.directory, with: "<dir>")
        // An import's time taken, and the database's size around a prune (a file shrinks, a server database may grow).
        text = text.replacing(Self.elapsed) { _ in ", <elapsed> s;" }
        text = text.replacing(Self.sizes) { _ in "the database <size>" }
        return Self.nowReplaced(text)
    }

    /// The lines of a CSV text (CRLF or LF), without the empty one after the last.
    static func csvLines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map(String.init)
    }

    private static var elapsed: Regex<AnyRegexOutput> { try! Regex(#", \d+\.\d s;"#) }
    private static var sizes: Regex<AnyRegexOutput> {
        try! Regex(#"the database (went from [\d,]+ to [\d,]+|stayed at [\d,]+) bytes \([^)]*freed\)"#)
    }
    private static var instant: Regex<AnyRegexOutput> {
        try! Regex(#"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?"#)
    }

    private static func nowReplaced(_ text: String) -> String {
        let formatter = ISO8601DateFormatter()
        let now = Date()
        return text.replacing(instant) { match in
            var word = String(text[match.range]).replacingOccurrences(of: " ", with: "T")
            if let dot = word.firstIndex(of: ".") {
                let end = word[dot...].firstIndex { !$0.isNumber && $0 != "." } ?? word.endIndex
                word.removeSubrange(dot..<end)
            }
            if !word.hasSuffix("Z") && !word.contains("+") && word.count == 19 { word += "Z" }
            guard let date = formatter.date(from: word), abs(date.timeIntervalSince(now)) < 2 * 86_400 else {
                return String(text[match.range])
            }
            return "<now>"
        }
    }

    /// Runs the built binary with `arguments` and a pseudo-terminal as stdin, typing `text` once the terminal is in
    /// raw mode (the live checklist's), stdout and stderr to files.
    private func runOnTerminal(_ arguments: [String], typing text: String) throws -> (Int32, String, String) {
        let binary = try #require(BuiltBinary.url, "the pwaudit binary is not built").path
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let outPath = harness.directory + "/.terminal-out"
        let errPath = harness.directory + "/.terminal-err"
        let out = open(outPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let err = open(errPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            close(out)
            close(err)
        }
        let child = try SpawnedChild(
            binary, arguments, stdin: terminal.slave, stdout: out, stderr: err,
            environment: ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "NO_COLOR=1", "TERM=dumb"])
        let raw = waitUntil(seconds: 60) {
            terminal.drain()  // so that the child never blocks on a full terminal
            return terminal.rawModeIsOn
        }
        if !raw { child.stop() }
        try #require(raw, "check never put the terminal in raw mode")
        terminal.type(text)
        let ending = try #require(child.wait(seconds: 60), "check did not end after Enter")
        guard case .exited(let code) = ending else { throw POSIXError(.EINTR) }
        return (
            code, try String(contentsOfFile: outPath, encoding: .utf8),
            try String(contentsOfFile: errPath, encoding: .utf8)
        )
    }
}
