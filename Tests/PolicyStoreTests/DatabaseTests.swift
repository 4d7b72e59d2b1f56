import CSQLite
import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyStore

@Suite struct DatabaseTests {
    @Test func fileDatabaseKeepsDataAcrossReopen() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("audit.db")
        do {
            let database = try Database(path: path)
            try database.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL) STRICT")
            try database.execute("INSERT INTO note (body) VALUES (?1)", [.text("kept")])
        }
        let reopened = try Database(path: path)
        let statement = try reopened.makeStatement("SELECT body FROM note")
        #expect(try statement.step())
        #expect(statement.string(at: 0) == "kept")
    }

    @Test func newFileDatabaseUsesWALAndMode0600() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("private.db")
        let database = try Database(path: path)
        try database.execute("CREATE TABLE t (x INTEGER) STRICT")
        #expect(try permissions(of: path) == 0o600)
        let mode = try database.makeStatement("PRAGMA journal_mode")
        _ = try mode.step()
        #expect(mode.string(at: 0) == "wal")
        if FileManager.default.fileExists(atPath: path + "-wal") {
            #expect(try permissions(of: path + "-wal") == 0o600)
        }
    }

    @Test("a new file gets 64 KiB pages; an existing database keeps the page size it was made with")
    func pageSize() throws {
        let directory = try TemporaryDirectory()
        func pageSize(_ database: Database) throws -> Int {
            let statement = try database.makeStatement("PRAGMA page_size")
            _ = try statement.step()
            return statement.int(at: 0)
        }
        let fresh = try Database(path: directory.path("new.db"))
        try fresh.execute("CREATE TABLE t (x INTEGER) STRICT")
        #expect(try pageSize(fresh) == Database.pageSize)
        let checkpoint = try fresh.makeStatement("PRAGMA wal_autocheckpoint")
        _ = try checkpoint.step()
        #expect(checkpoint.int(at: 0) == Database.walCheckpointPages)

        let oldPath = directory.path("old.db")
        var handle: OpaquePointer?
        #expect(sqlite3_open(oldPath, &handle) == SQLITE_OK)
        #expect(
            sqlite3_exec(handle, "PRAGMA page_size = 4096; CREATE TABLE t (x INTEGER);", nil, nil, nil) == SQLITE_OK)
        sqlite3_close(handle)
        let reopened = try Database(path: oldPath)
        try reopened.execute("INSERT INTO t VALUES (1)")
        #expect(try pageSize(reopened) == 4096)
    }

    @Test func foreignKeysAreEnforcedOnEveryConnection() throws {
        let database = try migratedInMemoryDatabase()
        #expect(try count(database, "PRAGMA foreign_keys") == 1)
        let error = #expect(throws: SQLiteError.self) {
            try database.execute(
                "INSERT INTO attempt_row (candidate_id, policy_version_id, failed_mask, unlocks_reset) VALUES (42, 1, 0, 1)"
            )
        }
        #expect(error?.isConstraintViolation == true)
    }

    @Test(arguments: [
        ("garbage", Array(repeating: UInt8(0xA5), count: 8192)),
        ("text", Array("id,username,password\n1,alice,hunter2\n".utf8)),
    ])
    func fileThatIsNotADatabaseGivesNotADB(kind: String, bytes: [UInt8]) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("\(kind).db")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let error = #expect(throws: SQLiteError.self) { try Database(path: path) }
        #expect(error?.isNotADatabase == true)
        #expect(error?.description.contains("not a pwaudit database") == true)
        #expect(error?.description.contains("\n") == false)
    }

    @Test func truncatedDatabaseIsReportedAsCorruptOrNotADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("truncated.db")
        do {
            let database = try Database(path: path)
            try Migrator().migrate(database)
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(whole.count / 2 + 100).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: SQLiteError.self) {
            let database = try Database(path: path)
            try Migrator().migrate(database)
            _ = try count(database, "SELECT count(*) FROM v_run")
        }
        #expect(error?.isCorrupt == true || error?.isNotADatabase == true)
    }

    @Test func errorsCarrySQLButNeverBoundValues() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE secret (value TEXT NOT NULL UNIQUE) STRICT")
        let secret = "S3cret-Bound-Value-\(UUID().uuidString)"
        try database.execute("INSERT INTO secret (value) VALUES (?1)", [.text(secret)])
        let error = #expect(throws: SQLiteError.self) {
            try database.execute("INSERT INTO secret (value) VALUES (?1)", [.text(secret)])
        }
        let failure = try #require(error)
        #expect(failure.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(failure.sql == "INSERT INTO secret (value) VALUES (?1)")
        #expect(!failure.description.contains(secret))
        #expect(!failure.message.contains(secret))
    }

    @Test func transactionRollsBackWhenBodyThrows() throws {
        struct Abort: Error {}
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE t (x INTEGER) STRICT")
        #expect(throws: Abort.self) {
            try database.inTransaction {
                try database.execute("INSERT INTO t VALUES (1)")
                throw Abort()
            }
        }
        #expect(try count(database, "SELECT count(*) FROM t") == 0)
        #expect(!database.isInsideTransaction)
    }

    @Test func failedCachedStatementLeavesTheCache() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE t (x INTEGER NOT NULL UNIQUE) STRICT")
        let sql = "INSERT INTO t (x) VALUES (?1)"
        let first = try database.cachedStatement(sql)
        #expect(try database.cachedStatement(sql) === first)
        try database.execute(sql, [.integer(1)])
        #expect(throws: SQLiteError.self) { try database.execute(sql, [.integer(1)]) }
        #expect(try database.cachedStatement(sql) !== first)
    }

    @Test func readOnlyConnectionCannotWrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("ro.db")
        do { try Migrator().migrate(try Database(path: path)) }
        let database = try Database(path: path, mode: .readOnly)
        let error = #expect(throws: SQLiteError.self) {
            try database.execute("INSERT INTO policy (name, created_at) VALUES ('x', 'y')")
        }
        #expect(error?.primaryCode == SQLITE_READONLY)
    }

    @Test func missingFileInReadOnlyModeIsCantOpen() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: SQLiteError.self) {
            try Database(path: directory.path("absent.db"), mode: .readOnly)
        }
        #expect(error?.primaryCode == SQLITE_CANTOPEN)
    }
}

@Suite struct DatabaseLifetimeTests {
    @Test func failedOpenClosesItsHandle() throws {
        let fdDirectory = "/proc/self/fd"
        guard FileManager.default.fileExists(atPath: fdDirectory) else { return }
        let directory = try TemporaryDirectory()
        let path = directory.path("garbage.db")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x5A, count: 4096)))
        let openFiles = { try FileManager.default.contentsOfDirectory(atPath: fdDirectory).count }
        _ = try? Database(path: path)
        let before = try openFiles()
        for _ in 0..<50 { _ = try? Database(path: path) }
        // Other tests run in parallel and open files too; a leak here would add 50.
        #expect(try openFiles() < before + 25)
    }

    @Test func statementOutlivingItsDatabaseStaysUsable() throws {
        var database: Database? = try Database.inMemory()
        let statement = try database!.makeStatement("SELECT 40 + 2")
        database = nil
        #expect(try statement.step())
        #expect(statement.int(at: 0) == 42)
    }
}
