import AuditRepositories
import Foundation
import PolicyStore
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Runs the built `pwaudit`, optionally as the unprivileged user `nobody` (through `setpriv`) when the tests run as
/// root, as CI does: root ignores file permissions, so a read-only file or directory is only read-only to another user.
enum BuiltCommand {
    struct Outcome {
        let status: Int32
        let out: String
        let err: String
    }

    /// Whether read-only tests can run: the binary exists, and as root `setpriv` is there to drop privileges.
    static var canRunUnprivileged: Bool {
        BuiltBinary.url != nil && (geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"))
    }

    /// Runs `pwaudit arguments`; with `unprivileged` as uid/gid 65534 when this process is root.
    static func run(_ arguments: [String], unprivileged: Bool = false) throws -> Outcome {
        let binary = try #require(BuiltBinary.url)
        let process = Process()
        if unprivileged && geteuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes while it runs, so a large report cannot block it.
        nonisolated(unsafe) var errData = Data()
        let errReader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        errReader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errReader.isFinished { usleep(1_000) }
        return Outcome(
            status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
            err: String(decoding: errData, as: UTF8.self))
    }
}

@Suite(
    "read-only databases and concurrent readers (built binary)",
    .enabled(if: BuiltCommand.canRunUnprivileged, "skipped: no built pwaudit (or no setpriv as root)"))
struct StoreProcessTests {
    /// Makes the sandbox readable but not writable to the user the binary runs as: owned by nobody when root.
    static func makeReadOnly(_ sandbox: ImportSandbox, directoryWritable: Bool) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path)
        for name in files {
            let path = sandbox.path(name)
            if geteuid() == 0 { chown(path, 65534, 65534) }
            chmod(path, 0o444)
        }
        if geteuid() == 0 { chown(sandbox.directory.path, 65534, 65534) }
        chmod(sandbox.directory.path, directoryWritable ? 0o755 : 0o555)
    }

    @Test(
        "report, compare, history, runs, policy list|show|at and check work on a read-only database file and in a read-only directory",
        arguments: [false, true])
    func readOnlyCommands(directoryWritable: Bool) throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        defer { chmod(sandbox.directory.path, 0o755) }
        let file = try sandbox.write(
            "in.csv", "password,submitted_at\nGood1!pass,2026-01-02T00:00:00Z\nshort,2026-01-03T00:00:00Z\n")
        #expect(sandbox.run(["import", file]).code == .success)
        try FileManager.default.removeItem(atPath: file)
        // Compared by content: the in-process import's connection may still be closing (and checkpointing).
        let contents = "SELECT (SELECT count(*) FROM candidate) * 1000 + (SELECT count(*) FROM import_run)"
        let before = try sandbox.integer(contents)
        try Self.makeReadOnly(sandbox, directoryWritable: directoryWritable)
        let db = ["--db", sandbox.databasePath]
        let commands: [[String]] = [
            ["runs"], ["report"], ["report", "--format", "json"], ["compare", "seed@1", "nist@1"],
            ["history", "--policy", "seed"], ["policy", "list"], ["policy", "show", "seed"],
            ["policy", "diff", "seed@1", "nist@1"], ["policy", "at", "seed", "2030-01-01"],
        ]
        for command in commands {
            let outcome = try BuiltCommand.run(command + db, unprivileged: true)
            #expect(outcome.status == 0, "\(command) (directory writable: \(directoryWritable)): \(outcome.err)")
        }
        let check = try BuiltCommand.run(["check", "--policy", "seed@1"] + db, unprivileged: true)
        #expect(check.status == 0 || check.status == 1, "\(check.err)")
        // A write command is refused (not ours to fix here), and nothing changed the database.
        #expect(try BuiltCommand.run(["runs", "delete", "1"] + db, unprivileged: true).status != 0)
        if !directoryWritable {
            #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath + "-shm"))
        }
        #expect(try sandbox.integer(contents) == before)
    }

    /// Issue 20: this printed `SQLite error 8 (SQLITE_READONLY): attempt to write a readonly database … in SQL: INSERT …`.
    @Test("import, rescore and policy add into a read-only database say so in one sentence naming the file, exit 74")
    func writeToReadOnlyDatabase() throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        defer { chmod(sandbox.directory.path, 0o755) }
        let file = try sandbox.write("in.csv", "password\nGood1!pass\nshort\n")
        #expect(sandbox.run(["import", file, "--policy", "seed"]).code == .success)
        let other = try sandbox.write("other.csv", "password\nOther2@pass\n")
        // The unprivileged user may not reach the checkout (a clone in a 0700 directory): its policy file goes beside.
        let policy = try sandbox.write(
            "strict.json", try String(contentsOfFile: SourceTree.example("strict.json"), encoding: .utf8))
        try Self.makeReadOnly(sandbox, directoryWritable: true)
        let db = ["--db", sandbox.databasePath]
        let expected =
            "Error: cannot write to the database \(sandbox.databasePath): it is read-only to this user; check the "
            + "permissions of the file and of its directory (SQLite writes a journal beside it)"
        for command in [
            ["import", other], ["rescore", "1", "--policy", "nist", file],
            ["policy", "add", policy],
        ] {
            let outcome = try BuiltCommand.run(command + db, unprivileged: true)
            #expect(outcome.status == 74, "\(command): \(outcome.err)")
            #expect(outcome.err.split(separator: "\n").last.map(String.init) == expected, "\(command): \(outcome.err)")
            #expect(!outcome.err.contains("in SQL"), "\(command)")
        }
    }

    @Test(
        "while an import writes and a runs delete of it is refused, report, history and runs never fail and never see a half run"
    )
    func readersDuringImport() throws {
        let binary = try #require(BuiltBinary.url)
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        // Past one commit of the writer (`AttemptWriter.defaultRowsPerTransaction` rows) and one batch more, so
        // readers also look while committed candidates of the running import are there.
        let rows = 60_000
        let db = ["--db", sandbox.databasePath]
        // The import reads a FIFO the test writes, so the readers look while it is known to be running (it cannot
        // end before the test closes its input), then once more after it completed.
        let feed = try FIFOFeed(path: sandbox.path("big.csv"))

        let importer = Process()
        importer.executableURL = binary
        importer.arguments = ["import", feed.path] + db
        importer.standardInput = FileHandle.nullDevice
        importer.standardOutput = FileHandle.nullDevice
        importer.standardError = FileHandle.nullDevice
        try importer.run()
        try feed.open { importer.isRunning }
        try feed.write(KillTestTests.corpusHeader)

        var refusals = 0
        /// One round of readers; `running` says whether the import is known to be still running.
        func readers(running: Bool) throws {
            if running {
                let delete = try BuiltCommand.run(["runs", "delete", "1"] + db)
                #expect(delete.status == 65, "runs delete: \(delete.status) \(delete.err)")
                #expect(delete.err.contains("run 1 is being imported by process \(importer.processIdentifier)"))
                refusals += delete.status == 65 ? 1 : 0
            }
            let runs = try BuiltCommand.run(["runs"] + db)
            #expect(runs.status == 0, "runs: \(runs.err)")
            for line in runs.out.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                #expect(fields.count > 3 && ["running", "complete"].contains(String(fields[1])), "\(line)")
                #expect(fields.count > 1 && String(fields[1]) == (running ? "running" : "complete"), "\(line)")
                if fields.count > 3, fields[1] == "complete" {
                    #expect(fields[3].replacingOccurrences(of: ",", with: "") == String(rows), "\(line)")
                }
            }
            let report = try BuiltCommand.run(["report", "--format", "json"] + db)
            // No complete run yet is 66; never another failure.
            #expect(report.status == (running ? 66 : 0), "report: \(report.status) \(report.err)")
            if report.status == 0 {
                let json = try JSONSerialization.jsonObject(with: Data(report.out.utf8)) as? [String: Any]
                #expect((json?["rows"] as? [String: Any])?["read"] as? Int == rows)
            }
            let history = try BuiltCommand.run(["history", "--policy", "seed", "--format", "json"] + db)
            #expect(history.status == (running ? 66 : 0), "history: \(history.status) \(history.err)")
            if history.status == 0 {
                let json = try JSONSerialization.jsonObject(with: Data(history.out.utf8)) as? [String: Any]
                for bucket in json?["buckets"] as? [[String: Any]] ?? [] {
                    #expect(bucket["total"] as? Int == rows, "\(bucket)")
                }
            }
        }

        // The run exists once the importer has read the header; then a round with no rows committed yet.
        #expect(waitUntil { (try? sandbox.integer("SELECT count(*) FROM import_run")) == 1 || !importer.isRunning })
        try #require(importer.isRunning)
        try readers(running: true)
        // A round while committed candidates of the unfinished run are there.
        try feed.write(KillTestTests.corpusRows(0..<rows, salt: "c"))
        #expect(waitUntil { KillTestTests.committedCandidates(sandbox.databasePath) > 0 || !importer.isRunning })
        try #require(importer.isRunning)
        try readers(running: true)

        feed.finish()
        importer.waitUntilExit()
        #expect(importer.terminationStatus == 0)
        try readers(running: false)
        #expect(refusals == 2)
        // Once the import completed a delete removes it.
        #expect(try BuiltCommand.run(["runs", "delete", "1"] + db).status == 0)
        let ids = try sandbox.integers("SELECT id FROM import_run WHERE status != 'complete'")
        #expect(ids.isEmpty)
        #expect(try sandbox.integer("SELECT count(*) FROM pragma_foreign_key_check") == 0)
    }
}
