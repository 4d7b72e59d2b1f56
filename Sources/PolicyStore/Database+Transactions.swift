/// Transactions (<https://www.sqlite.org/lang_transaction.html>).
extension Database {
    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if `body` or the commit throws.
    ///
    /// `IMMEDIATE` takes the write lock up front, so a second writer waits (busy timeout) at `BEGIN` instead of
    /// failing halfway. Called inside another transaction, it runs `body` in a savepoint of that transaction.
    /// - Returns: What `body` returns.
    /// - Throws: The error thrown by `body`, or `SQLiteError` from BEGIN/COMMIT.
    package func inTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        // Inside a transaction, a savepoint makes the body atomic within it: callers compose without knowing
        // whether their caller already opened one. <https://www.sqlite.org/lang_savepoint.html>
        let nested = isInsideTransaction
        try execute(nested ? "SAVEPOINT nested" : "BEGIN IMMEDIATE")
        let result: Result
        do {
            result = try body()
            try execute(nested ? "RELEASE nested" : "COMMIT")
        } catch {
            if nested {
                try? execute("ROLLBACK TO nested")
                try? execute("RELEASE nested")
            } else if isInsideTransaction {
                try? execute("ROLLBACK")
            }
            throw error
        }
        return result
    }
}
