import Foundation
import PwauditTestSupport
import Testing

/// `SecretEndToEndTests` on PostgreSQL: canary passwords in every column position of every failing file, put through
/// import (`--rejects`, `--strict`), rescore, `check` (and `check --record` in a terminal, where tmux is installed) and
/// every report, leave no trace (plaintext, a fragment, UTF-16, unkeyed MD5/SHA-1/SHA-256) in a `pg_dump` of the
/// database, the server's log (every statement and its parameters logged, `log_statement = all`), the server's WAL and
/// the database's files, the rejects and report files, nor in any command's output.
@Suite(
    "No canary password reaches the PostgreSQL server or the client's output",
    .enabled(if: PostgresTrustFixture.isEnabled, PostgresTrustFixture.skipReason))
struct PostgresCanaryTests {
    @Test("canaries in every column position of every failing file leave no trace", .timeLimit(.minutes(15)))
    func noCanaryReachesTheServer() throws {
        let fixture = try PostgresTrustFixture()
        // Every statement of this database's sessions is logged with its bound parameters, and an error's statement
        // with its parameters too: a password sent as a literal or a parameter would be in the log.
        let name = fixture.database.name
        try fixture.database.cluster.psql(
            "ALTER DATABASE \(name) SET log_statement = 'all'; ALTER DATABASE \(name) SET log_parameter_max_length = -1; "
                + "ALTER DATABASE \(name) SET log_parameter_max_length_on_error = -1; "
                + "ALTER DATABASE \(name) SET log_min_error_statement = 'error'")
        var inputs: [SecretEndToEndTests.Input] = []
        for position in 0..<SecretEndToEndTests.columns.count {
            inputs += SecretEndToEndTests.inputs(passwordAt: position)
        }
        var outputs: [(name: String, text: String)] = []
        var written: [String] = []
        func run(_ label: String, _ arguments: [String], uri: String? = nil, stdin: String? = nil) throws {
            let outcome = try fixture.run(arguments, uri: uri, stdin: stdin)
            #expect(outcome.ending != nil, "\(label) did not end")
            outputs.append(("stdout of \(label)", outcome.out))
            outputs.append(("stderr of \(label)", outcome.err))
        }

        for input in inputs {
            let path = try fixture.directory.write(input.name, input.bytes)
            let rejects = fixture.directory.path(input.name + ".rejects.csv")
            written.append(rejects)
            try run("import \(input.name)", ["import", path, "--rejects", rejects, "--again"] + input.options)
            try run("import --strict \(input.name)", ["import", path, "--strict", "--again"] + input.options)
            try run("import --rejects - \(input.name)", ["import", path, "--rejects", "-", "--again"] + input.options)
            try run("rescore \(input.name)", ["rescore", "1", "--policy", "nist", path] + input.options)
            try run("check \(input.name)", ["check", "--policy", "seed"], stdin: path)
        }
        let lines = try fixture.directory.write(
            "lines.txt", inputs.flatMap(\.canaries).joined(separator: "\n") + "\n\u{0}nul\n")
        try run("check lines", ["check", "--policy", "strict", "--user", "canary_user"], stdin: lines)
        var recorded: String?
        if TmuxPane.tmux != nil { recorded = try recordInATerminal(fixture, outputs: &outputs) }

        for format in ["table", "json", "csv", "markdown", "html"] {
            for command in [
                ["report"], ["compare", "seed", "nist"], ["history", "--policy", "nist"],
                ["history", "--policy", "nist", "--by", "day"],
            ] {
                let file = fixture.directory.path("\(command.joined(separator: "-")).\(format)")
                written.append(file)
                try run("\(command) \(format)", command + ["--format", format])
                try run("\(command) \(format) -o", command + ["--format", format, "--output", file])
            }
        }
        try run("compliance", ["compliance", "--format", "json"])
        try run("runs", ["runs"])
        try run("policy list", ["policy", "list"])
        for view in ["v_run", "v_attempt", "v_run_summary", "v_account_last_candidate"] {
            try run("query \(view)", ["query", "SELECT * FROM \(view)", "--format", "csv"], uri: reader(fixture))
        }
        // A dump while the runs hold their candidates, and another once a delete and a prune have removed some.
        let dump = fixture.directory.path("dump.sql")
        try fixture.dump(to: dump)
        try run("runs delete 2", ["runs", "delete", "2"])
        try run("prune", ["prune", "--before", "2100-01-01"])
        let pruned = fixture.directory.path("dump-pruned.sql")
        try fixture.dump(to: pruned)
        let cluster = fixture.database.cluster
        let log = cluster.directory + "/server.log"
        let files = [dump, pruned, log] + (try serverFiles(fixture))
        let canaries = inputs.flatMap(\.canaries) + (recorded.map { [$0] } ?? [])
        let scan = CanaryScan(canaries: canaries)
        let scanned = try scan.expectNoTrace(in: files + written, outputs: outputs)
        #expect(scanned >= outputs.count + 3)

        // Positive controls: the well-formed canary rows were stored (so the dump holds their candidates), and the
        // log holds this database's statements (so a password sent in one would be there).
        let dumped = try String(contentsOfFile: dump, encoding: .utf8)
        #expect(dumped.contains("canary_user_0"))
        let serverLog = cluster.serverLog()
        #expect(serverLog.contains("INSERT INTO import_run"), "log_statement = all logged no import")
        #expect(serverLog.contains("DETAIL:  parameters: $1 = "), "no statement parameters were logged")
    }

    /// The reader's URI (its role may log in without a password over the socket: the cluster trusts local roles).
    private func reader(_ fixture: PostgresTrustFixture) -> String { fixture.uri(as: fixture.readerRole) }

    /// The files the server keeps for the database and every write: its WAL and the database's directory.
    private func serverFiles(_ fixture: PostgresTrustFixture) throws -> [String] {
        let data = fixture.database.cluster.directory + "/data"
        let oid = try fixture.integer("SELECT oid FROM pg_database WHERE datname = current_database()")
        try fixture.database.cluster.psql("CHECKPOINT")
        var files: [String] = []
        for directory in ["\(data)/pg_wal", "\(data)/base/\(oid)"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
                var isDirectory: ObjCBool = false
                let path = directory + "/" + name
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    files.append(path)
                }
            }
        }
        return files
    }

    /// `check --record` in a real terminal: a canary pasted and recorded as an attempt. Returns the canary.
    private func recordInATerminal(
        _ fixture: PostgresTrustFixture, outputs: inout [(name: String, text: String)]
    ) throws -> String {
        let canary = "PgRec-\(UUID().uuidString.prefix(8))-Kanarie9#"  // short enough to show as mask dots
        let pane = try TmuxPane(
            directory: fixture.directory,
            arguments: [
                "check", "--policy", "seed", "--db", fixture.uri, "--key-file", fixture.keyPath, "--record", "--user",
                "tmux-user",
            ])
        defer { pane.close() }
        _ = try pane.waitForMask(length: 0)
        pane.type("\u{1B}[200~" + canary + "\u{1B}[201~")
        _ = try pane.waitForMask(length: canary.count)
        pane.sendKey("Enter")
        #expect(try pane.waitForExit() == 0)
        #expect(pane.capture().contains("(source 'interactive')"), "\(pane.history())")
        outputs.append(("check --record's terminal", pane.history()))
        return canary
    }
}
