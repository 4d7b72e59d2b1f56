/// Transactions (<https://www.sqlite.org/lang_transaction.html>).
extension Database {
    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if `body` or the commit throws.
    ///
    /// `IMMEDIATE` takes the write lock up front, so a second writer waits (busy timeout) at `BEGIN` instead of
    /// failing halfway. Transactions do not nest: calling this inside another transaction is a programmer error.
    /// - Returns: What `body` returns.
    /// - Throws: The error thrown by `body`, or `SQLiteError` from BEGIN/COMMIT.
    package func inTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        precondition(!isInsideTransaction, "Database.inTransaction does not nest")
        try execute("BEGIN IMMEDIATE")
        let result: Result
        do {
            result = try body()
            try execute("COMMIT")
        } catch {
            if isInsideTransaction { try? execute("ROLLBACK") }
            throw error
        }
        return result
    }
}
