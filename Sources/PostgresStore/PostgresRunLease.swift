import AuditRepositories

/// PostgreSQL's `RunLease`: a session-level advisory lock (`pg_advisory_lock(PostgresRunLease.lockKey, run id)`) held
/// by the connection that writes the run, which the server drops with that session however it ends (the client
/// killed, the connection lost). A transaction-pooling proxy (PgBouncer in transaction mode) would hand the session to
/// others and break it: connect directly.
package final class PostgresRunLease: RunLease {
    /// The first key of every pwaudit run lock (`'pwau'` in ASCII); the second is the run id.
    package static let lockKey: Int32 = 0x7077_6175

    /// The run held.
    package let runID: Int64
    private let connection: PostgresConnection
    /// Whether `release()` has been called.
    package private(set) var isReleased = false

    /// The lease on `runID`, whose advisory lock `connection`'s session holds already.
    init(runID: Int64, connection: PostgresConnection) {
        self.runID = runID
        self.connection = connection
    }

    /// Gives up the advisory lock (once); a lock that cannot be given up goes with the session.
    package func release() {
        guard !isReleased else { return }
        isReleased = true
        _ = try? connection.firstRow(
            "SELECT pg_advisory_unlock($1, $2)", [.integer(Int64(Self.lockKey)), .integer(runID)])
    }
}
