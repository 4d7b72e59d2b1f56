import AuditRepositories

/// SQLite's `RunLease`: this process's `ImportLock` on the run's byte of the database file, which the kernel drops
/// with the process however it dies.
package final class SQLiteRunLease: RunLease {
    /// The run held.
    package let runID: Int64
    private let databasePath: String
    /// Whether `release()` has been called.
    package private(set) var isReleased = false

    /// The lease on `runID` in the database file at `databasePath`, whose `ImportLock` this process holds already.
    init(runID: Int64, databasePath: String) {
        self.runID = runID
        self.databasePath = databasePath
    }

    /// Releases the run's `ImportLock` (once).
    package func release() {
        guard !isReleased else { return }
        isReleased = true
        ImportLock.release(databasePath: databasePath, runID: runID)
    }
}
