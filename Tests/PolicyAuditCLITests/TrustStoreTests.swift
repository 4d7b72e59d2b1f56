import AuditCrypto
import AuditRepositories
import Foundation
import PolicyStore
import PwauditTestSupport
import Testing

@testable import PolicyAudit
@testable import PolicyAuditCLI

/// Issue 10's store defects: a run being imported cannot be deleted (4), someone else's database is left alone and
/// read-only commands open read-only (8), the key is checked (9), and an old definition with a new date is a
/// rollback (13).
@Suite("trust: runs under import, foreign databases, the key, rollbacks")
struct TrustStoreTests {
    // MARK: Defect 4

    @Test(
        "runs delete refuses a run whose import holds its lock (65, names the pid); once the importer is gone it is stale and deleted"
    )
    func deleteRefusesALiveImport() throws {
        let sandbox = try ImportSandbox()
        let database = try sandbox.database()
        // This process imports: it holds run 1's lease until it releases it.
        let leased = try SQLiteRunRepository(database: database).start(
            sourceName: "big.csv", sourceBytes: 1, sourceSHA256: String(repeating: "0", count: 64), label: nil,
            versionIDs: [], pwauditVersion: "test")
        let run = leased.run

        let refused = sandbox.run(["runs", "delete", String(run.id)])
        #expect(refused.code == .dataError)
        #expect(
            refused.err == "Error: run \(run.id) is being imported by process \(getpid()); wait for it to finish, "
                + "or stop that process (a run whose import died is stale and can be deleted)\n")
        #expect(try sandbox.integers("SELECT id FROM import_run") == [run.id])
        let listed = sandbox.run(["runs"])
        #expect(listed.out.contains(" running "), "\(listed.out)")

        // The importer dies: the kernel drops its lock (released here, as exit would). Its pid still exists.
        leased.lease.release()
        #expect(sandbox.run(["runs"]).out.contains(" stale "))
        #expect(sandbox.run(["report", "--run", String(run.id)]).err.contains("run \(run.id) is stale"))
        let deleted = sandbox.run(["runs", "delete", String(run.id)])
        #expect(deleted.code == .success, "\(deleted.err)")
        #expect(deleted.out == "deleted run \(run.id) (stale: its import had died)\n")
        #expect(try sandbox.integers("SELECT id FROM import_run").isEmpty)
    }

    @Test("runs delete also removes orphan rows an older pwaudit left: candidates, attempts, summaries of no run")
    func deleteRemovesOrphans() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", "password,username\nGood1!pass,a\nother,b\n")
        #expect(sandbox.run(["import", file]).code == .success)
        #expect(sandbox.run(["import", file, "--again"]).code == .success)
        // What an older `runs delete` left behind when the import kept writing: rows of run 2, whose row is gone.
        let database = try sandbox.database()
        try database.execute("PRAGMA foreign_keys = OFF")
        try database.execute("DELETE FROM import_run WHERE id = 2")
        try database.execute("PRAGMA foreign_keys = ON")
        #expect(try sandbox.integer("SELECT count(*) FROM pragma_foreign_key_check") > 0)

        let deleted = sandbox.run(["runs", "delete", "1"])
        #expect(deleted.code == .success, "\(deleted.err)")
        #expect(deleted.err.contains("orphan row"), "\(deleted.err)")
        #expect(try sandbox.integer("SELECT count(*) FROM pragma_foreign_key_check") == 0)
        #expect(try sandbox.integer("SELECT count(*) FROM candidate") == 0)
        #expect(try sandbox.integer("SELECT count(*) FROM run_version_summary") == 0)
    }

    // MARK: Defect 8

    enum Foreign: String, CaseIterable, Sendable { case empty, application }

    static func makeForeign(_ kind: Foreign, in sandbox: ImportSandbox) throws -> String {
        let path = sandbox.path("other-\(kind.rawValue).db")
        switch kind {
        case .empty: try sandbox.write("other-empty.db", [UInt8]())
        case .application:
            let database = try Database(path: path, mode: .readWriteCreate)
            // An application's file as most are: rollback journal, not WAL.
            try database.execute("PRAGMA journal_mode = DELETE")
            try database.execute(
                "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO note VALUES (1, 'x')")
        }
        return path
    }

    @Test(
        "every command but init refuses an empty file or an application's SQLite file (65) and leaves it byte for byte",
        arguments: Foreign.allCases,
        [
            ["runs"], ["runs", "delete", "1"], ["policy", "list"], ["report"], ["history"], ["compare", "a", "b"],
            ["import", "in.csv"], ["policy", "add", "seed.json"], ["policy", "at", "seed", "2026-01-01"],
        ])
    func foreignDatabaseIsLeftAlone(kind: Foreign, command: [String]) throws {
        let sandbox = try ImportSandbox()
        try sandbox.write("in.csv", "password\nGood1!pass\n")
        try FileManager.default.copyItem(
            atPath: SourceTree.example("seed.json"),
            toPath: sandbox.path("seed.json"))
        let path = try Self.makeForeign(kind, in: sandbox)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = sandbox.run(command, database: path)
        #expect(result.code == .dataError, "\(command): \(result.code) \(result.err)")
        #expect(result.err.contains("not a pwaudit database"), "\(result.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("init refuses an application's SQLite file and adds no table; it makes an empty file a database")
    func initOnForeignFiles() throws {
        let sandbox = try ImportSandbox()
        let application = try Self.makeForeign(.application, in: sandbox)
        let before = try Data(contentsOf: URL(fileURLWithPath: application))
        let refused = sandbox.run(["init", "--key-file", sandbox.path("k1")], database: application)
        #expect(refused.code == .dataError)
        #expect(try Data(contentsOf: URL(fileURLWithPath: application)) == before)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("k1")))
        let empty = try Self.makeForeign(.empty, in: sandbox)
        #expect(sandbox.run(["init", "--key-file", sandbox.path("k2")], database: empty).code == .success)
        #expect(sandbox.run(["runs"], database: empty).code == .success)
    }

    @Test(
        "a read-only command on an older pwaudit schema explains that a write command migrates it; a write command does"
    )
    func olderSchema() throws {
        let sandbox = try ImportSandbox(policies: [])
        let path = sandbox.path("old.db")
        let old = try Database(path: path, mode: .readWriteCreate)
        try Migrator(migrations: Array(Migrator.embedded.prefix(3))).migrate(old)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let refused = sandbox.run(["runs"], database: path)
        #expect(refused.code == .dataError)
        #expect(refused.err.contains("schema 3") && refused.err.contains("pwaudit init"), "\(refused.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let seed = SourceTree.example("seed.json")
        #expect(sandbox.run(["policy", "add", seed], database: path).code == .success)
        #expect(sandbox.run(["policy", "list"], database: path).code == .success)
    }

    @Test("read-only commands open the database with SQLITE_OPEN_READONLY and leave a read-only file unchanged")
    func readOnlyOpen() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write(
            "in.csv", "password,submitted_at\nGood1!pass,2026-01-02T00:00:00Z\nbad,2026-01-03T00:00:00Z\n")
        #expect(sandbox.run(["import", file]).code == .success)
        let workspace = try AuditWorkspace.openReadOnly(AuditLocation(databasePath: sandbox.databasePath))
        #expect(workspace.database.isReadOnly)
        #expect {
            try workspace.database.execute("DELETE FROM import_run")
        } throws: { error in
            ErrorExitCode.code(for: error) != .internalError
        }
    }

    // MARK: Defect 9

    @Test("a key file readable by group or others gets a warning naming chmod 600 and the path")
    func exposedKeyWarning() throws {
        let sandbox = try ImportSandbox()
        let key = sandbox.databasePath + ".key"
        chmod(key, 0o644)
        let file = try sandbox.write("in.csv", "password\nGood1!pass\n")
        let result = sandbox.run(["import", file])
        #expect(result.code == .success)
        #expect(result.err.contains("warning: the fingerprint key \(key) is readable by group or others (mode 0644)"))
        #expect(result.err.contains("chmod 600 \(key)"), "\(result.err)")
        chmod(key, 0o600)
        #expect(!sandbox.run(["runs"]).err.contains("warning"))
    }

    @Test("another 32-byte key on a database holding candidates is refused (65); nothing is imported")
    func wrongKeyRefused() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", "password\nGood1!pass\n")
        #expect(sandbox.run(["import", file]).code == .success)
        let stored = try sandbox.integer("SELECT count(*) FROM fingerprint_key_check")
        #expect(stored == 1)
        let other = sandbox.path("other.key")
        try FingerprintKeyStore.create(at: other)
        let refused = sandbox.run(["import", file, "--again", "--key-file", other])
        #expect(refused.code == .dataError)
        #expect(refused.err.contains("not the key this database was used with"), "\(refused.err)")
        #expect(try sandbox.integer("SELECT count(*) FROM import_run") == 1)
        #expect(try sandbox.integer("SELECT count(*) FROM candidate") == 1)
        // The check value is an HMAC of the label, not the key.
        let key = try FingerprintKeyStore.load(at: sandbox.databasePath + ".key")
        let database = try sandbox.database()
        let statement = try database.makeStatement("SELECT check_value FROM fingerprint_key_check")
        #expect(try statement.step())
        #expect(statement.string(at: 0) == FingerprintKeyCheck.value(for: key))
        #expect(statement.string(at: 0) != Hex.encode(key.bytes))
    }

    @Test("a database with candidates and no check value (before schema 4) stores the key's on first use")
    func checkValueStoredOnFirstUse() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", "password\nGood1!pass\n")
        #expect(sandbox.run(["import", file]).code == .success)
        try sandbox.database().execute("DELETE FROM fingerprint_key_check")
        #expect(sandbox.run(["import", file, "--again"]).code == .success)
        #expect(try sandbox.integer("SELECT count(*) FROM fingerprint_key_check") == 1)
        let other = sandbox.path("other.key")
        try FingerprintKeyStore.create(at: other)
        #expect(sandbox.run(["import", file, "--again", "--key-file", other]).code == .dataError)
    }

    // MARK: Defect 13

    @Test(
        "an earlier definition with a new --effective is a rollback: the next version, noted; policy at and history --in-force follow it"
    )
    func rollback() throws {
        let sandbox = try ImportSandbox(policies: [])
        let a = try sandbox.write("a.json", #"{"name":"corp","rules":[{"rule":"length","min":8}]}"#)
        let b = try sandbox.write("b.json", #"{"name":"corp","rules":[{"rule":"length","min":14}]}"#)
        #expect(sandbox.run(["policy", "add", a, "--effective", "2026-01-01"]).out == "corp@1\n")
        #expect(sandbox.run(["policy", "add", b, "--effective", "2026-02-01"]).out == "corp@2\n")
        let rolled = sandbox.run(["policy", "add", a, "--effective", "2026-03-01"])
        #expect(rolled.out == "corp@3\n")
        #expect(rolled.err.contains("corp@3 repeats corp@1"), "\(rolled.err)")
        #expect(sandbox.run(["policy", "at", "corp", "2026-03-15"]).out.hasPrefix("corp@3\t"))
        #expect(sandbox.run(["policy", "at", "corp", "2026-02-15"]).out.hasPrefix("corp@2\t"))
        #expect(sandbox.run(["policy", "list"]).out.contains("rollback: repeats corp@1"))

        // Same definition, no date or the same date: the stored version, and it says so.
        let again = sandbox.run(["policy", "add", b])
        #expect(again.out == "corp@2\n")
        #expect(again.err.contains("identical to the stored corp@2"))
        #expect(sandbox.run(["policy", "add", b, "--effective", "2026-02-01"]).out == "corp@2\n")
        #expect(sandbox.run(["policy", "add", a, "--effective", "2026-05-01"]).out == "corp@3\n")

        // A run scored under corp@1 and corp@2 only: days from 2026-03-01 are judged by corp@3 = corp@1's outcomes.
        let file = try sandbox.write(
            "in.csv",
            "password,submitted_at\nabcdefghij,2026-02-10T10:00:00Z\nabcdefghij,2026-03-10T10:00:00Z\n")
        #expect(sandbox.run(["import", file, "--policy", "corp@1", "--policy", "corp@2"]).code == .success)
        let history = sandbox.run(["history", "--policy", "corp", "--by", "day", "--in-force", "--format", "json"])
        #expect(history.code == .success, "\(history.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(history.out.utf8)) as? [String: Any])
        let buckets = try #require(report["buckets"] as? [[String: Any]])
        let march = try #require(buckets.first { ($0["key"] as? String) == "2026-03-10" })
        #expect(march["versions"] as? [Int] == [3])
        #expect(march["not_scored"] as? Int == 0)
        #expect((march["unlocked"] as? [String: Any])?["count"] as? Int == 1)
        let february = try #require(buckets.first { ($0["key"] as? String) == "2026-02-10" })
        #expect((february["unlocked"] as? [String: Any])?["count"] as? Int == 0)
    }

    @Test("a definition stored several times, added again with the date of any of its versions, is that version")
    func rollbackSameDateAsAnOlderRepeat() throws {
        let sandbox = try ImportSandbox(policies: [])
        let a = try sandbox.write("a.json", #"{"name":"corp","rules":[{"rule":"length","min":8}]}"#)
        let b = try sandbox.write("b.json", #"{"name":"corp","rules":[{"rule":"length","min":14}]}"#)
        #expect(sandbox.run(["policy", "add", a, "--effective", "2026-01-01"]).out == "corp@1\n")
        #expect(sandbox.run(["policy", "add", b, "--effective", "2026-02-01"]).out == "corp@2\n")
        #expect(sandbox.run(["policy", "add", a, "--effective", "2026-03-01"]).out == "corp@3\n")
        #expect(sandbox.run(["policy", "add", b, "--effective", "2026-04-01"]).out == "corp@4\n")
        // corp@1 already says "this definition from 2026-01-01": nothing to add, and no version dated before corp@4.
        let same = sandbox.run(["policy", "add", a, "--effective", "2026-01-01"])
        #expect(same.out == "corp@1\n", "\(same.err)")
        #expect(same.err.contains("identical to the stored corp@1"), "\(same.err)")
        #expect(sandbox.run(["policy", "at", "corp", "2026-01-15"]).out.hasPrefix("corp@1\t"))
        #expect(sandbox.run(["policy", "list"]).out.split(separator: "\n").count == 5)
    }
}
