import AuditRepositories
import Foundation
import PolicyStore
import Testing

@testable import PolicyAuditCLI

/// `pwaudit runs` lists runs (stale ones marked) and deletes them; a bad `--db` is a one-line error, never a crash.
@Suite("pwaudit runs and database errors")
struct RunsCommandTests {
    @Test("runs lists complete and stale runs; runs delete removes one with everything it stored")
    func listAndDelete() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", "password,username\nGood1!pass,a\nother,b\n")
        #expect(sandbox.run(["import", file, "--label", "first"]).code == .success)
        #expect(sandbox.run(["import", file, "--again"]).code == .success)
        // A run whose process is gone while it was running: pid 0 never names a live process.
        try sandbox.database().execute("UPDATE import_run SET status = 'running', pid = 0 WHERE id = 2")

        let list = sandbox.run(["runs"])
        #expect(list.code == .success)
        let lines = list.out.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("RUN"))
        #expect(lines[1].hasPrefix("2") && lines[1].contains("stale"), "\(lines[1])")
        #expect(lines[2].hasPrefix("1") && lines[2].contains("complete") && lines[2].contains("first"))

        let deleted = sandbox.run(["runs", "delete", "2"])
        #expect(deleted.code == .success)
        #expect(deleted.out == "deleted run 2 (stale: its import had died)\n")
        #expect(try sandbox.integers("SELECT id FROM import_run") == [1])
        #expect(try sandbox.integer("SELECT count(*) FROM candidate") == 2)
        #expect(try sandbox.integer("SELECT count(*) FROM attempt") == 2)

        #expect(sandbox.run(["runs", "delete", "2"]).code == .noInput)
        #expect(sandbox.run(["runs", "delete"]).code == .usage)
        #expect(sandbox.run(["runs", "frob"]).code == .usage)
    }

    enum BadDatabase: String, CaseIterable, Sendable {
        case text, randomBytes, truncatedHeader, corruptPages, directory
    }

    /// Makes a bad database file of `kind` in `sandbox` and returns its path.
    static func make(_ kind: BadDatabase, in sandbox: ImportSandbox) throws -> String {
        let path = sandbox.path("bad-\(kind.rawValue).db")
        switch kind {
        case .text:
            try sandbox.write("bad-text.db", "id,username,password\n1,alice,hunter2\n")
        case .randomBytes:
            try sandbox.write("bad-randomBytes.db", (0..<8192).map { _ in UInt8.random(in: 0...255) })
        case .truncatedHeader:
            let good = try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath))
            try sandbox.write("bad-truncatedHeader.db", Array(good.prefix(60)))
        case .corruptPages:
            // A real pwaudit database whose pages after the first are overwritten with garbage.
            let database = try sandbox.database()
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath)))
            for index in 4096..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 131 ^ 0x5A) }
            try sandbox.write("bad-corruptPages.db", bytes)
        case .directory:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        return path
    }

    @Test(
        "a corrupt, non-SQLite or unopenable --db gives one line on stderr and exit 65 or 74",
        arguments: BadDatabase.allCases, [["runs"], ["policy", "list"], ["import", "in.csv"]])
    func badDatabase(kind: BadDatabase, command: [String]) throws {
        let sandbox = try ImportSandbox()
        try sandbox.write("in.csv", "password\nGood1!pass\n")
        let path = try Self.make(kind, in: sandbox)
        let result = sandbox.run(command, database: path)
        #expect(
            [ExitCode.dataError, .ioError].contains(result.code), "\(kind) \(command): \(result.code) \(result.err)")
        #expect(result.errLines.count == 1, "\(result.err)")
        #expect(result.err.hasPrefix("Error: "))
        #expect(result.out.isEmpty)
        #expect(!result.err.contains("hunter2"))
    }

    @Test("a database migrated by a newer pwaudit is refused with exit 65 and says to upgrade")
    func newerDatabase() throws {
        let sandbox = try ImportSandbox()
        try sandbox.database().execute(
            "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (99, '0099_future', 'x', 'y')")
        for command in [["runs"], ["policy", "list"], ["import", try sandbox.write("in.csv", "password\nx\n")]] {
            let result = sandbox.run(command)
            #expect(result.code == .dataError)
            #expect(result.errLines.count == 1)
            #expect(result.err.contains("newer pwaudit") && result.err.contains("Upgrade pwaudit"), "\(result.err)")
        }
    }

    @Test("a landed migration whose text changed is detected at open, exit 65")
    func editedMigration() throws {
        let sandbox = try ImportSandbox()
        try sandbox.database().execute("UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1")
        let result = sandbox.run(["runs"])
        #expect(result.code == .dataError)
        #expect(result.errLines.count == 1)
        #expect(result.err.contains("0001_initial"), "\(result.err)")
    }

    @Test("no database at --db is 66 and names init")
    func missingDatabase() throws {
        let sandbox = try ImportSandbox()
        let result = sandbox.run(["runs"], database: sandbox.path("none.db"))
        #expect(result.code == .noInput)
        #expect(result.err.contains("pwaudit init"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("none.db")))
    }
}
