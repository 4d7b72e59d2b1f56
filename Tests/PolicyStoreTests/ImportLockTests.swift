import AuditRepositories
import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyStore

/// The import lock marks a run alive for as long as its holder lives, and never touches SQLite's own locks.
@Suite("ImportLock")
struct ImportLockTests {
    @Test("a run's lease is its lock: held from start until released, seen by other descriptors of this process too")
    func heldWhileImporting() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("a.db"))
        try Migrator().migrate(database)
        let runs = SQLiteRunRepository(database: database)
        let start = {
            try runs.start(
                sourceName: "a.csv", sourceBytes: 1, sourceSHA256: String(repeating: "a", count: 64), label: nil,
                versionIDs: [], pwauditVersion: "test")
        }
        let (first, second) = (try start(), try start())
        #expect(ImportLock.isHeld(databasePath: database.path, runID: first.run.id) == true)
        #expect(ImportLock.isHeld(databasePath: database.path, runID: second.run.id) == true)
        #expect(try runs.run(id: first.run.id)?.isStale == false)
        #expect(throws: AuditStoreError.runBeingImported(id: second.run.id, pid: getpid())) {
            try runs.delete(runID: second.run.id)
        }
        first.lease.release()
        #expect(first.lease.isReleased)
        #expect(ImportLock.isHeld(databasePath: database.path, runID: first.run.id) == false)
        #expect(try runs.run(id: first.run.id)?.isStale == true, "running and unheld: stale")
        #expect(ImportLock.isHeld(databasePath: database.path, runID: second.run.id) == true)
        try runs.complete(
            runID: second.run.id, sourceBytes: 1, sourceSHA256: second.run.sourceSHA256, rowsRead: 0,
            rowsAccepted: 0, rowsRejected: 0)
        #expect(
            ImportLock.isHeld(databasePath: database.path, runID: second.run.id) == true,
            "completing leaves the lease to its holder")
        second.lease.release()
        second.lease.release()  // a second release does nothing
        #expect(ImportLock.isHeld(databasePath: database.path, runID: second.run.id) == false)
        #expect(ImportLock.isHeld(databasePath: ":memory:", runID: 1) == nil)
    }

    @Test("discarding a leased run deletes it although its lease is held, and releases the lease")
    func discardReleases() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("a.db"))
        try Migrator().migrate(database)
        let runs = SQLiteRunRepository(database: database)
        let leased = try runs.start(
            sourceName: "a.csv", sourceBytes: 1, sourceSHA256: String(repeating: "a", count: 64), label: nil,
            versionIDs: [], pwauditVersion: "test")
        #expect(try runs.discard(leased.lease).deleted)
        #expect(leased.lease.isReleased)
        #expect(ImportLock.isHeld(databasePath: database.path, runID: leased.run.id) == false)
        #expect(try !runs.exists(runID: leased.run.id))
    }

    @Test("locking, checking and releasing runs leaves SQLite's shared lock on the database file in place")
    func sqliteLocksUntouched() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("a.db")
        let writer = try Database(path: path)
        try Migrator().migrate(writer)
        let reader = try Database(path: path, mode: .readOnly)
        let statement = try reader.makeStatement("SELECT count(*) FROM sqlite_schema")
        #expect(try statement.step())  // a read transaction: SQLite holds a shared lock on the database file
        for runID in Int64(1)...50 {
            #expect(try ImportLock.acquire(databasePath: path, runID: runID))
            #expect(ImportLock.isHeld(databasePath: path, runID: runID) == true)
            ImportLock.release(databasePath: path, runID: runID)
            #expect(ImportLock.isHeld(databasePath: path, runID: runID) == false)
        }
        // SQLite's shared-lock bytes (1 GiB + 2 … + 511, https://www.sqlite.org/lockingv3.html) are still locked by
        // this process: an open file description of our own sees the conflict (F_OFD_GETLK = 36). The probe is not
        // closed: closing it would drop those very locks.
        let probe = open(path, O_RDONLY | O_CLOEXEC)
        var request = flock()
        request.l_type = Int16(F_WRLCK)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = 0x4000_0002
        request.l_len = 510
        #expect(fcntl(probe, 36, &request) == 0)
        #expect(request.l_type != Int16(F_UNLCK))
        // And the writer can still write while a run is locked.
        try ImportLock.acquire(databasePath: path, runID: 99)
        try writer.execute("CREATE TABLE scratch (x INTEGER) STRICT")
        ImportLock.release(databasePath: path, runID: 99)
        statement.reset()
    }
}
