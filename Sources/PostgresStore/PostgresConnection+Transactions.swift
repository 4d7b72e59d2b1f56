/// Transactions (<https://www.postgresql.org/docs/current/sql-begin.html>).
extension PostgresConnection {
    /// What a transaction may do.
    package enum TransactionAccess: Sendable {
        /// `BEGIN`: reads and writes.
        case readWrite
        /// `BEGIN READ ONLY`: the server refuses every write to a table, sequence or the catalog.
        case readOnly
    }

    /// Runs `body` inside `BEGIN … COMMIT`, rolling back if `body` or the commit throws.
    ///
    /// Called inside another transaction, it runs `body` in a savepoint of that transaction (its access is then the
    /// outer one's), so callers compose without knowing whether their caller already opened one.
    /// - Returns: What `body` returns.
    /// - Throws: The error thrown by `body`, or `PostgresError` from BEGIN/COMMIT.
    @discardableResult
    package func inTransaction<Result>(_ access: TransactionAccess = .readWrite, _ body: () throws -> Result) throws
        -> Result
    {
        let nested = isInsideTransaction
        try execute(nested ? "SAVEPOINT nested" : access == .readOnly ? "BEGIN READ ONLY" : "BEGIN")
        let result: Result
        do {
            result = try body()
            try execute(nested ? "RELEASE SAVEPOINT nested" : "COMMIT")
        } catch {
            if nested {
                try? execute("ROLLBACK TO SAVEPOINT nested")
                try? execute("RELEASE SAVEPOINT nested")
            } else if isInsideTransaction {
                try? execute("ROLLBACK")
            }
            throw error
        }
        return result
    }
}
